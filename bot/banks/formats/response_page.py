"""A graded response saved as a web page (a form's "view score" page, a quiz platform's results): one
learner's answers, each question's chosen options marked right or wrong, read as a question sheet.

    an option the learner chose, marked right (✓, aria-label "Correct")  -> a right option
    an option the learner chose, marked wrong (✗, "Incorrect")           -> no key by itself
    a "Correct answer(s)" block (in any language the importer reads)     -> the key, by the options' text
    a response without options, marked right                              -> a fill-in's key

A mark says only what the learner chose: a single choice is keyed by its one right mark or by the block; a
multiple choice by the block, or by its right marks only where the question scored full marks (a right option
the learner missed carries no mark). Where the page does not say the key (a wrong choice and no block), the
question is written without one and so left out, saying it has no key: never keyed by the learner's choice.
"""

from __future__ import annotations

import json
import re
from typing import Any

from bot.banks.sheets.table import Row, Table

__all__ = ["response_table"]

_HEADER = ["Question", "Type", "Options", "Answer"]

# the learner's choice judged: an element's label or title, or the mark as text
_RIGHT_WORDS = (
    r"correct|right|richtig|correcto|correcta|correto|correta|corretto|corretta|juste|bonne réponse|верно|правильно"
    r"|poprawnie|poprawna|doğru|đúng|benar|正确|正確|正解|정답|صحيح|صحيحة"
)
_WRONG_WORDS = (
    r"incorrect|wrong|falsch|incorrecto|incorrecta|incorreto|incorreta|errato|errata|sbagliato|faux|fausse"
    r"|неверно|неправильно|błędnie|niepoprawna|yanlış|sai|salah|错误|錯誤|不正解|오답|خطأ|خاطئة"
)
_RIGHT = re.compile(rf"^\s*(?:{_RIGHT_WORDS})\s*$", re.I)
_WRONG = re.compile(rf"^\s*(?:{_WRONG_WORDS})\s*$", re.I)
_RIGHT_MARKS, _WRONG_MARKS = "✓✔✅☑", "✗✘❌✕✖"
_TRAILING_MARK = re.compile(rf"\s*[{_RIGHT_MARKS}{_WRONG_MARKS}]\ufe0f?\s*$")
# the block that states the key after a wrong answer
_KEY_LABEL = re.compile(
    r"^\s*(?:Correct answers?|Right answers?|Bonnes? réponses?|Réponses? correctes?|Respuestas? correctas?"
    r"|Respostas? corretas?|Risposta corretta|Risposte corrette|Richtige Antwort(?:en)?|Правильн(?:ый|ые) ответы?"
    r"|Poprawn[ae] odpowied(?:ź|zi)|Doğru (?:cevap|yanıt)|Đáp án đúng|Jawaban (?:yang )?benar|正确答案|正確答案|正解"
    r"|정답|الإجابة الصحيحة)\s*[:：]?\s*",
    re.I,
)
# a question's score on its card: "1/1", "0 / 2 points", "1 of 1"
_SCORE = re.compile(
    r"^\s*(?P<got>\d+(?:[.,]\d+)?)\s*(?:/|of|из|von|de|sur|su|na)\s*(?P<of>\d+(?:[.,]\d+)?)"
    r"\s*(?:points?|pts?\.?|баллов|балла|балл|Punkte?|puntos?|pontos?|分|点|점)?\s*$",
    re.I,
)
_BLOCKS = {"div", "p", "li", "ul", "ol", "label", "section", "fieldset", "h1", "h2", "h3", "h4", "h5", "h6", "tr"}
_CHOICE_ROLES = {"radio": "single", "checkbox": "multiple", "option": "single", "menuitemradio": "single"}


def _text(element: Any) -> str:
    return re.sub(r"\s+", " ", element.text_content()).strip()


def _verdict(element: Any) -> bool | None:
    """True where the element (or one inside it) marks it right, False where wrong, None where unmarked."""
    for inner in element.iter():
        if not isinstance(inner.tag, str):
            continue
        said = inner.get("aria-label") or inner.get("title") or ""
        if _RIGHT.match(said):
            return True
        if _WRONG.match(said):
            return False
    mark = _TRAILING_MARK.search(_text(element))
    if mark is None:
        return None
    return any(m in mark.group(0) for m in _RIGHT_MARKS)


def _bare(element: Any) -> str:
    return _TRAILING_MARK.sub("", _text(element)).strip()


def _role(element: Any) -> str | None:
    role = (element.get("role") or "").lower()
    if role in _CHOICE_ROLES:
        return _CHOICE_ROLES[role]
    if element.get("aria-checked") is not None:
        return "single"
    return None


def _anchored(element: Any) -> bool:
    """An element that shows a graded response: a choice, a verdict mark, a key block's label."""
    if _role(element) is not None:
        return True
    said = element.get("aria-label") or element.get("title") or ""
    if _RIGHT.match(said) or _WRONG.match(said):
        return True
    own = (element.text or "").strip()
    return bool(own) and (own in _RIGHT_MARKS + _WRONG_MARKS or _KEY_LABEL.fullmatch(own) is not None)


def _pieces(element: Any) -> list[tuple[str, Any]]:
    """The item's parts in order: ("choice", el) for an option, ("text", el) for a block of text."""
    if _role(element) is not None:
        return [("choice", element)]
    children = [c for c in element if isinstance(c.tag, str)]
    if any(c.tag in _BLOCKS or _role(c) is not None for c in children):
        out = []
        if (element.text or "").strip():
            out.append(("text", element.text.strip()))
        for child in children:
            out += _pieces(child)
            if (child.tail or "").strip():
                out.append(("text", child.tail.strip()))
        return out
    return [("text", element)] if _text(element) else []


def _item_row(item: Any) -> Row | None:
    stem, score, kinds = "", None, set()
    options: list[tuple[str, bool | None]] = []
    responses: list[tuple[str, bool | None]] = []
    stated: list[str] = []
    in_key = False
    for what, piece in _pieces(item):
        if what == "choice":
            kinds.add(_role(piece))
            options.append((_bare(piece), _verdict(piece)))
            continue
        text = piece if isinstance(piece, str) else _text(piece)
        if (label := _KEY_LABEL.match(text)) is not None and (label.end() == len(text) or ":" in label.group(0)):
            in_key = True
            if rest := text[label.end() :].strip():
                stated.append(rest)
        elif in_key:
            stated.append(_TRAILING_MARK.sub("", text).strip())
        elif (m := _SCORE.match(text)) is not None:
            score = m
        elif not stem:
            stem = text
        elif not options:
            responses.append(
                (_TRAILING_MARK.sub("", text).strip(), None if isinstance(piece, str) else _verdict(piece))
            )
    stated = [s for s in stated if s]
    if not stem:
        return None
    kind = "multiple" if "multiple" in kinds else "single" if options else "fill"
    full = score is not None and float(score["got"].replace(",", ".")) == float(score["of"].replace(",", ".")) > 0
    right = [text for text, verdict in options if verdict]
    key = ""
    if stated:
        key = "|".join(stated)
    elif kind == "single" and len(right) == 1:
        key = right[0]
    elif kind == "multiple" and right and full and all(verdict is not False for _, verdict in options):
        key = "|".join(right)  # full marks: the learner chose every right option and no other
    elif kind == "fill" and len(responses) == 1 and responses[0][1]:
        key = responses[0][0]
    listed = json.dumps([text for text, _ in options], ensure_ascii=False) if len(options) >= 2 else ""
    return Row(item.sourceline or 0, [stem, kind, listed, key])


def _items(tree: Any) -> list[Any]:
    """The question cards: the children of the element that holds every graded response, which show one."""
    anchors = [e for e in tree.iter() if isinstance(e.tag, str) and _anchored(e)]
    if len(anchors) < 2:
        return []
    common = anchors[0]
    while common is not None and not all(_inside(a, common) for a in anchors):
        common = common.getparent()
    if common is None:
        return []
    shown = [c for c in common if isinstance(c.tag, str) and any(_inside(a, c) for a in anchors)]
    classes = {(c.tag, c.get("class")) for c in shown}
    return [c for c in common if isinstance(c.tag, str) and (c.tag, c.get("class")) in classes]


def _inside(element: Any, ancestor: Any) -> bool:
    return any(a is ancestor for a in element.iterancestors()) or element is ancestor


def response_table(page: str) -> Table | None:
    """The page's graded questions as a question sheet (`Question | Type | Options | Answer`), when it shows
    one learner's graded response: two question cards at least, their choices or their verdict marks; None
    for any other page."""
    import lxml.html  # installed with python-docx; imported here so other formats don't pay for it

    try:
        tree = lxml.html.fromstring(page)
    except (ValueError, lxml.etree.ParserError):
        return None
    items = _items(tree)
    rows = [row for item in items if (row := _item_row(item)) is not None]
    if len(rows) < 2 or not any(row.cells[3] for row in rows):
        return None
    lines = [row.line for row in rows]
    if sorted(set(lines)) != lines or lines[0] < 2:
        lines = list(range(2, len(rows) + 2))
    return Table([Row(1, list(_HEADER)), *(Row(n, r.cells) for n, r in zip(lines, rows, strict=True))], name=None)
