"""Web quiz pages whose keys are in the page's data rather than its text, read as a question sheet.

    a saved quiz review (Moodle's `div.que`)       -> stem, options, and the key its feedback states
                                                      (`Правильный ответ: …`, `The correct answer is: …`) or a
                                                      `correct` class on the option
    questions in an inline script (a JSON object   -> stem, options and `correct`/`answer`/`answerIndex`
    or a JS array literal)                            fields, read as data: the script is never run
    `data-answer` / `data-correct` on a question   -> the options inside it keyed by the attribute

Each is written as a table (`Question | Options | Answer | Explanation`, the options a JSON list) that the
question-sheet reader checks as any sheet: keys by text, letter or index, an index counted from 0 or from 1
as the whole column shows (left out where it does not say).
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from bot.banks.questions.draft import Convention
from bot.banks.sheets.table import Row, Table

__all__ = ["quiz_table"]

_HEADER = ["Question", "Options", "Answer", "Explanation"]


def _classes(element: Any) -> set[str]:
    return set((element.get("class") or "").split())


def _text(element: Any) -> str:
    return re.sub(r"\s+", " ", element.text_content()).strip()


def _row(line: int, stem: str, options: list[str], key: str, explanation: str = "") -> Row:
    listed = json.dumps(options, ensure_ascii=False) if len(options) >= 2 else ""
    return Row(line, [stem, listed, key, explanation])


# -- a quiz review: Moodle's markup --------------------------------------------------------------------------
_ANSWER_NUMBER = re.compile(r"^\s*(?:[A-Za-zА-Яа-я]|\d{1,2})\s*[.)]\s+")
_QUOTED = re.compile(r"[\"'«“‘](.+?)[\"'»”’]")


def _stated(feedback: str) -> str:
    """The answer a review's feedback states, its label in any language taken off (`Правильный ответ:
    1914`, `La respuesta correcta es: Lima`; `The correct answer is 'True'.`)."""
    label, colon, rest = feedback.partition(":")
    if colon and len(label) <= 60:
        return rest.strip()
    quoted = _QUOTED.search(feedback)
    return quoted.group(1).strip() if quoted else ""


def _review_rows(tree: Any) -> list[Row]:
    rows = []
    for question in tree.xpath("//div[contains(concat(' ', normalize-space(@class), ' '), ' que ')]"):
        stems = question.xpath(".//*[contains(concat(' ', normalize-space(@class), ' '), ' qtext ')]")
        if not stems:
            continue
        options, right, checked = [], [], []
        for box in question.xpath(".//*[contains(concat(' ', normalize-space(@class), ' '), ' answer ')]/*"):
            text = _ANSWER_NUMBER.sub("", _text(box)).strip()
            if not text:
                continue
            options.append(text)
            if _classes(box) & {"correct", "partiallycorrect"}:
                right.append(text)
            if box.xpath(".//input[@checked]"):
                checked.append(text)
        stated = [_stated(_text(f)) for f in question.xpath(".//*[contains(@class, 'rightanswer')]")]
        key = next((s for s in stated if s), "")
        if not key and right and (len(right) == 1 or "correct" in _classes(question)):
            key = "|".join(right)  # the options the review marks right (all of them: full marks)
        elif not key and checked and "correct" in _classes(question):
            key = "|".join(checked)  # full marks: the options chosen are the key
        general = question.xpath(".//*[contains(@class, 'generalfeedback')]")
        rows.append(_row(stems[0].sourceline or 0, _text(stems[0]), options, key, _text(general[0]) if general else ""))
    return rows


# -- questions in a script, read as data ---------------------------------------------------------------------
_TOKEN = re.compile(
    r"""(?P<skip>\s+|//[^\n]*|/\*.*?\*/)|(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\.)*`)"""
    r"""|(?P<num>-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|(?P<word>[A-Za-z_$][\w$]*)|(?P<mark>[\[\]{}:,])|(?P<other>.)""",
    re.S,
)


def _string(token: str) -> str:
    """A JS string literal's value (single, double or back quotes), its escapes read as JSON reads them."""
    body = token[1:-1]
    if token[0] != '"':
        body = body.replace('\\"', '"').replace("\\'", "'").replace("\\`", "`").replace('"', '\\"')
    return json.loads(f'"{body}"')


def _literals(script: str) -> list[Any]:
    """The outermost object and array literals in a script that read as data (strings, numbers, true,
    false, null, nested; keys quoted or not; trailing commas): each turned into JSON and parsed by the
    standard library, so nothing of the script is ever run."""
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(script) if m.lastgroup != "skip"]
    found: list[Any] = []
    i = 0
    while i < len(tokens):
        if tokens[i][1] not in "[{" or tokens[i][0] != "mark":
            i += 1
            continue
        out, depth, j = [], 0, i
        while j < len(tokens):
            kind, value = tokens[j]
            if kind == "mark" and value in "[{":
                depth += 1
            elif kind == "mark" and value in "]}":
                depth -= 1
                if out and out[-1] == ",":
                    out.pop()  # a trailing comma
            if kind == "str":
                out.append(json.dumps(_string(value), ensure_ascii=False) if value[0] != '"' else value)
            elif kind == "word" and j + 1 < len(tokens) and tokens[j + 1][1] == ":" and out and out[-1] in "{,":
                out.append(json.dumps(value))  # an unquoted key
            elif kind == "other":
                break
            else:
                out.append(value)
            j += 1
            if depth == 0:
                break
        try:
            found.append(json.loads("".join(out)))
            i = j
        except ValueError:
            i += 1
    return found


_STEM = re.compile(
    r"^(?:q|question|questiontext|prompt|stem|title|text|frage|pregunta|pergunta|domanda|вопрос|题目|题干)$"
)
_OPTIONS = re.compile(
    r"^(?:options|answers|choices|alternatives|variants|opts|antworten|optionen|respuestas|opciones|respostas"
    r"|alternativas|opzioni|risposte|варианты|ответы|选项)$"
)
_KEY = re.compile(
    r"^(?:correct|answer|answerindex|correctanswer|correctindex|correctoption|right|rightanswer|key|solution"
    r"|richtig|korrekt|correcta|correta|corretta|ответ|правильный|答案)$"
)
_EXPLANATION = re.compile(r"^(?:explanation|explain|feedback|rationale|erklarung|explicacion|explicacao|解析)$")
_TEXT_FIELD = re.compile(r"^(?:text|label|option|answer|value|content|title)$")
_FLAG_FIELD = re.compile(r"^(?:correct|iscorrect|right|isright|istrue)$")


def _field(item: dict[str, Any], pattern: re.Pattern[str]) -> Any:
    return next((v for k, v in item.items() if pattern.match(re.sub(r"[\s_-]", "", str(k)).lower())), None)


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _data_row(item: dict[str, Any]) -> Row | None:
    """One question object (`{question, options, correct}`) as a sheet's row; None for other objects."""
    stem, listed = _field(item, _STEM), _field(item, _OPTIONS)
    if not isinstance(stem, str) or not stem.strip() or not isinstance(listed, list) or len(listed) < 2:
        return None
    options, flagged = [], []
    for n, option in enumerate(listed):
        if isinstance(option, dict):
            text, flag = _field(option, _TEXT_FIELD), _field(option, _FLAG_FIELD)
            if flag is True:
                flagged.append("ABCDEFGH"[n] if n < 8 else "")
            option = text
        if not _scalar(option):
            return None
        options.append(str(option).strip())
    key = _field(item, _KEY)
    if isinstance(key, list) and key and all(_scalar(k) for k in key):
        key = "|".join(str(k) for k in key)
    elif not _scalar(key):
        key = "".join(flagged) if flagged and all(flagged) else ""
    explanation = _field(item, _EXPLANATION)
    return _row(0, stem.strip(), options, str(key).strip(), explanation if isinstance(explanation, str) else "")


def _questions_in(value: Any) -> list[Row]:
    """The question objects in parsed data: the first list of two or more of them, wherever it stands."""
    if isinstance(value, list):
        rows = [row for item in value if isinstance(item, dict) and (row := _data_row(item))]
        if len(rows) >= 2 or (len(rows) == 1 and len(value) == 1):
            return rows
        for item in value:
            if found := _questions_in(item):
                return found
    if isinstance(value, dict):
        if (row := _data_row(value)) is not None:
            return [row]  # one question a literal: `questions.push({…})`
        for item in value.values():
            if found := _questions_in(item):
                return found
    return []


def _script_rows(tree: Any) -> list[Row]:
    rows: list[Row] = []
    for script in tree.xpath("//script[not(@src)]"):
        for literal in _literals(script.text or ""):
            rows.extend(_questions_in(literal))
    return rows


# -- keys in attributes of the question's element ------------------------------------------------------------
_KEY_ATTRIBUTES = ("data-answer", "data-correct", "data-correct-answer", "data-solution", "data-right")


def _attribute_rows(tree: Any) -> list[Row]:
    rows = []
    attributes = " or ".join(f"@{a}" for a in _KEY_ATTRIBUTES)
    for question in tree.xpath(f"//*[({attributes}) and count(.//li | .//label) >= 2]"):
        key = next(question.get(a) for a in _KEY_ATTRIBUTES if question.get(a) is not None).strip()
        items = question.xpath(".//li | .//label")
        options = [_text(item) for item in items]
        stem_parts = question.xpath(".//text()[not(ancestor::li) and not(ancestor::label)]")
        stem = re.sub(r"^\s*\d{1,3}\s*[.)、]\s*", "", re.sub(r"\s+", " ", " ".join(stem_parts)).strip())
        labels = [
            (item.get("data-key") or item.get("data-letter") or item.get("value") or "").strip() for item in items
        ]
        if key and all(len(label) == 1 and label.isalpha() for label in labels) and key.lower() in labels:
            key = "ABCDEFGH"[labels.index(key.lower())]  # the option the key names by its own label
        rows.append(_row(question.sourceline or 0, stem, options, key))
    return rows


def quiz_table(page: str) -> tuple[Table, Convention] | None:
    """The page's quiz as a question sheet, when its questions or their keys stand in its markup's data (a
    review's feedback, a script's data, key attributes); None for any other page."""
    import lxml.html  # installed with python-docx; imported here so other formats don't pay for it

    try:
        tree = lxml.html.fromstring(page)
    except (ValueError, lxml.etree.ParserError):
        return None
    for read, said in _READERS:
        rows = [r for r in read(tree) if r.cells[0]]
        # a review is read as one whatever it keys (its text would read its grades and prompts as questions);
        # script data and attributes only where most questions carry a key (else the page's text may key them)
        if rows and (read is _review_rows or 2 * sum(bool(r.cells[2]) for r in rows) >= len(rows)):
            lines = [r.line for r in rows]
            if not (lines[0] > 1 and all(a < b for a, b in itertools.pairwise(lines))):
                lines = list(range(2, len(rows) + 2))  # the page's own lines where each question has one
            numbered = [Row(line, r.cells) for line, r in zip(lines, rows, strict=True)]
            return Table([Row(1, list(_HEADER)), *numbered], name=None), Convention(*said)
    return None


_READERS = (
    (_review_rows, ("网页测验回顾：答案取自反馈（正确答案）", "a saved quiz review: keys from its feedback")),
    (_script_rows, ("网页脚本中的题目数据（只读数据，不运行脚本）", "questions in the script's data, never run")),
    (_attribute_rows, ("网页元素属性中的答案（data-answer）", "keys in the page's attributes (data-answer)")),
)
