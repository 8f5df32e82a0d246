"""A word or sign beside an option saying it is the right one, in the languages the importer reads:

    B. Warszawa (Poprawna)        a word in brackets after the option's text
    b) Pacific   <-- correct      a word after an arrow or a dash
    C. 7 ✔                        a tick after the text (a word may follow it), or before the option's label
    对(正确答案)  错               a judgement whose right word is so marked, both words on one line

The mark is never part of the option's text (`right_mark` gives the text without it). A word stands for
"right" only as the whole of its bracket or the whole of what follows the arrow or dash: `(correctly
spelled)` or `– right angle` are an option's own words.
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import read_true_false

__all__ = [
    "RIGHT_WORDS",
    "STRUCTURE_MARKS",
    "ignored_marks_note",
    "inconsistent_marks",
    "right_mark",
    "ticked_label",
    "verdict_pair",
]

# "the right one" / "the right answer" as papers and quiz exports write it beside an option
RIGHT_WORDS = (
    # English, French, Spanish, Portuguese, Italian, German, Dutch
    r"correct(?:\s+answer|\s+option)?|right\s+answer|the\s+answer|true\s+answer"
    r"|correcte?|juste|exacte|bonne\s+r[ée]ponse|r[ée]ponse\s+(?:correcte|juste|exacte)"
    r"|correct[ao]|respuesta\s+correcta|opci[óo]n\s+correcta"
    r"|corret[ao]|cert[ao]|resposta\s+(?:corret|cert)a|alternativa\s+(?:corret|cert)a"
    r"|corrett[ao]|giust[ao]|risposta\s+(?:corrett|giust)a"
    r"|richtig|korrekt|richtige\s+antwort|l[öo]sung"
    r"|juist|goed|correct\s+antwoord|juiste\s+antwoord"
    # Polish, Czech, Slovak, Russian, Ukrainian, Turkish, Vietnamese, Indonesian, Scandinavian, Finnish, Hungarian
    r"|poprawn[aey]|poprawna\s+odpowied[źz]|prawid[łl]ow[aey]|prawid[łl]owa\s+odpowied[źz]|dobrze"
    r"|spr[áa]vn[ěe]|spr[áa]vn[áa](?:\s+odpov[ěe]d[ťt]?)?|spr[áa]vne"
    r"|верно|верный(?:\s+ответ)?|правильно|правильный(?:\s+ответ)?|правильный\s+вариант"
    r"|вірно|правильна(?:\s+відповідь)?|правильний"
    r"|do[ğg]ru(?:\s+(?:cevap|yan[ıi]t))?|[đd][úu]ng|[đd][áa]p\s+[áa]n(?:\s+[đd][úu]ng)?"
    r"|benar|jawaban\s+benar|betul|r[äa]tt(?:\s+svar)?|riktig|oikein|helyes"
    # Chinese, Japanese, Korean
    r"|正确答案|正确选项|正确|正確答案|正確|答案|对|對|正解|正答|정답|맞음"
)
_OPEN, _CLOSE = r"[(（\[【]", r"[)）\]】]"
_TICK = r"[✓✔✅☑]\ufe0f?"
# "(Poprawna)", "北京（正确答案）", "119(正确答案)", "【正解】" closing the text: a bracket after a space, after
# anything but a Latin letter, or a full-width one (never "arr[correct]", code's index)
_BRACKETED = rf"(?:\s+{_OPEN}|(?<![A-Za-z_\s]){_OPEN}|[（【])\s*(?:{RIGHT_WORDS})\s*[!.]?\s*{_CLOSE}"
# "← correct", "<-- 정답", " – poprawna": a word after an arrow or a dash
_ARROWED = rf"\s*(?:(?<=\s)|^)(?:←|⟵|⇐|<-{{1,2}}|<={{1,2}}|[-–—]{{1,2}}(?=\s))\s*(?:{RIGHT_WORDS})\s*[!.]?"
_WORDED = re.compile(rf"(?:{_BRACKETED}|{_ARROWED})\s*$", re.I)
# "✔", "✔ correct", "←" closing the text: a sign, where a line's sign cannot belong to the next line's option
_SIGNED = re.compile(rf"\s*(?:(?:←|⟵|⇐|<-{{1,2}})\s*{_TICK}?|{_TICK}(?:\s*(?:{RIGHT_WORDS}))?)\s*$", re.I)
_STAR = re.compile(r"(?<=\S)\s*\*\s*$")  # "Nairobi *": a quiz list's mark, read where the reader allows it
# a tick before an option's label: "✔ B. Pacific", "✅ (c) Ottawa" (the caller reads the label)
_TICK_BEFORE = re.compile(rf"^\s*{_TICK}\s*(?=\S)")


def right_mark(text: str, *, signs: bool = True, star: bool = False) -> str | None:
    """The option's text without the mark after it that says it is the right one; None when it carries none
    (or is nothing but the mark). `signs`: a tick or an arrow alone counts too; `star`: a closing `*` too (a
    list's item, where Markdown left it)."""
    m = _WORDED.search(text) or (_SIGNED.search(text) if signs else None) or (_STAR.search(text) if star else None)
    if m is None or not text[: m.start()].strip():
        return None
    return text[: m.start()].rstrip()


def ticked_label(text: str) -> str | None:
    """A line opening with a tick before an option's label (`✔ B. Pacific`): the line without the tick."""
    m = _TICK_BEFORE.match(text)
    return text[m.end() :] if m is not None and text[m.end() :].strip() else None


_PAIR_SPLIT = re.compile(r"\s{2,}|\s*[/／|｜]\s*|\u3000+")


def verdict_pair(text: str) -> tuple[bool | None] | None:
    """A line offering a statement's two verdicts, the right one marked (`对(正确答案)  错`, `Vrai / Faux ✔`):
    the marked one's value in a one-tuple, (None,) where neither or both are marked; None when the line is no
    such pair."""
    parts = [p for p in _PAIR_SPLIT.split(text.strip()) if p]
    if len(parts) != 2:
        return None
    values, marked = [], []
    for part in parts:
        bare = right_mark(part)
        word = bare if bare is not None else part
        values.append(read_true_false(word))
        marked.append(bare is not None)
    if None in values or values[0] == values[1]:
        return None
    return (values[marked.index(True)] if marked.count(True) == 1 else None,)


# marks of a document's structure rather than of a word: a Markdown heading among list options, bold, underline
STRUCTURE_MARKS = ("heading", "bold", "under")


_UNMARKED = 0.2  # of the questions, those a document that keys by a mark may leave unmarked (unanswered ones)


def inconsistent_marks(questions: list[tuple[list[set[str]], bool]]) -> frozenset[str]:
    """The structure marks a document does not use consistently for its keys, so that they key nothing.

    `questions`: each question with options and no key written, as its options' marks and whether it is given
    as single choice (a heading or tag). A mark that sets options apart in some question is the document's key
    only where the questions mark one option so, or several where they are not given as single choice (all of
    a multiple choice's may be right), and few mark none (a question left unanswered): two marked under a
    single-choice heading, or many questions marking none, betray formatting, not keys."""
    out = set()
    for mark in STRUCTURE_MARKS:
        counts = [
            (sum(mark in m for m in marks), len(marks), single)
            for marks, single in questions
            if not _keyed_otherwise(marks, mark)
        ]
        if not any(0 < n < total for n, total, _ in counts):
            continue  # the document does not mark options so
        unmarked = sum(n == 0 for n, _, _ in counts)
        if any(n > 1 and single for n, _, single in counts) or unmarked > _UNMARKED * len(counts):
            out.add(mark)
    return frozenset(out)


def _keyed_otherwise(marks: list[set[str]], mark: str) -> bool:
    """Another mark (a ticked box, red, highlight) sets some of the options apart: the question is keyed by it."""
    others = {m for ms in marks for m in ms} - {mark}
    return any(0 < sum(other in ms for ms in marks) < len(marks) or other == "check" for other in others)


_MARK_NAMES = {"heading": ("标题", "a heading"), "bold": ("加粗", "bold"), "under": ("下划线", "underline")}


def ignored_marks_note(marks: frozenset[str]) -> tuple[str, str] | None:
    """What a reader warns (Chinese, English) when it set marks aside as no keys; None when it set none aside."""
    if not marks:
        return None
    names = [_MARK_NAMES[m] for m in STRUCTURE_MARKS if m in marks]
    return (
        f"文中用{'、'.join(n[0] for n in names)}标出的选项各题不一致（多题一个也没标，或单选题标了几个），不作为答案",
        f"the options set apart by {', '.join(n[1] for n in names)} are not marked alike in every question (many "
        "mark none, or a single choice marks several), so they are not read as keys",
    )
