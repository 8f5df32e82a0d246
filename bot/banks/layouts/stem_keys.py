"""Keys written inside a question's own text, and options marked as right by their formatting.

`……（ B ）。`, `在（ AC ）阶段`, `（ ）A`, `……的是B)`, `……致色C` (choice); `（√）`, `（ Y ）`, `…… ✔`
(true/false); `（ int ）`, `__int__`, lettered blanks `有 A 、 B 两种`, answers printed in place (fill-in);
and the option a document marks in red, highlight, underline, bold or a ticked box. Pure text functions.
"""

from __future__ import annotations

import re

from bot.banks.conventions.keys import FORMULA, take_bracket_key

__all__ = [
    "answers_as_blanks",
    "choice_key_in_stem",
    "circled_key",
    "circled_options",
    "explanation_key",
    "fill_answers_in_stem",
    "has_answer_after_blank",
    "has_key_in_stem",
    "has_padded_answer",
    "has_underscored_answer",
    "lettered_blanks",
    "marked_letters",
    "true_false_key_in_stem",
]

_SHORT_BRACKET = re.compile(r"[（(]([^（()）]{1,20})[)）]")
_FILL_BRACKET = re.compile(r"[（(](\s+[^（()）]{1,40}?\s+)[)）]")
# "__int__": an answer printed in its blank; a word or phrase, never a clause ("____切分，第二层按____")
# nor the words between two blanks ("____、音量和____")
# (?<!_)_{2,}+: a blank is tried once, from its first underscore (from every underscore of a line of
# thousands, each trying every length, took seconds)
_UNDERSCORED = re.compile(r"(?<!_)_{2,}+\s*([^_\s，。；,;！？!?、：:][^_，。；,;！？!?]{0,40}?)\s*_{2,}")
# "……约占____GB 显存。（14）", "……按____切分，……按____切分。（列；行）": the answers after the sentence
_TRAILING_ANSWERS = re.compile(r"(?<=[。.！!？?])\s*[（(]([^（()）]{1,60})[)）]\s*$")
_UNDERSCORE_BLANK = re.compile(r"_{2,}")
_BLANK_THEN_ANSWER = re.compile(r"(?<!_)_{2,}+\s*【([^【】\d][^【】]{0,29})】")
_NOTE_WORDS = re.compile(r"单位|保留|精确|填写|写出|注[:：意]|提示|每空|\d+\s*分|unit|round", re.I)
_ANY_BRACKET_KEY = re.compile(r"[（(]\s*([A-H](?:[\s,，、]*[A-H]){0,7})\s*[)）]")
_TRAILING_LETTERS = re.compile(r"(?<=[\u4e00-\u9fff。）)])\s?([A-H]{1,4})\s*$")
_TRAILING_TICK = re.compile(r"\s+([√×✓✗✔✘])\s*$")
_TRAILING_WORD = re.compile(r"(?<=[.。!！])\s+(T|F|True|False|TRUE|FALSE|对|错|正确|错误)\s*$")
_TICK_AFTER_BRACKET = re.compile(r"[（(]\s*[)）]\s*([√×✓✗✔✘]|对|错)\s*$")
_LOWER_BRACKET_KEY = re.compile(r"(?<=[\u4e00-\u9fff])\s*[（(]\s*([a-h]{1,4})\s*[)）]")
_UNCLOSED = re.compile(r"[（(]\s*([A-H]{1,4})\s+(?=[\u4e00-\u9fff])(?![^（(]*[)）])")
_HALF_BRACKET = re.compile(r"(?<=[\u4e00-\u9fff])\s*([A-H]{1,4})\s*[)）]")
# "（ ）A", "（ ）【C】": the letters after empty brackets
_AFTER_EMPTY_BRACKET = re.compile(r"[（(]\s*[)）]\s*(?:【\s*)?([A-H]{1,8})(?:\s*】)?\s*([。.]?)\s*$")
_TF_ANY_BRACKET = re.compile(r"[（(]\s*(√|×|✓|✗|✔|✘|对|错|對|錯|正确|错误|T|F|Y|X|x|N|V)\s*[)）]")
_MARK_ORDER = ("check", "red", "high", "under", "bold")


def marked_letters(
    options: list[tuple[str, set[str]]], *, every: frozenset[str] = frozenset(), ignored: frozenset[str] = frozenset()
) -> str:
    """The letters the document marks as right: a mark (a ticked box, red, highlight, underline, bold)
    that some options carry and the others do not; or all of them, for a ticked box or a mark the
    document uses for keys elsewhere (`every`); never a mark it does not use for keys alike (`ignored`)."""
    if len(options) < 2:
        return ""
    for mark in _MARK_ORDER:
        if mark in ignored:
            continue
        letters = [letter for letter, marks in options if mark in marks]
        # every box ticked is an answer (all of them); every option in red is only a style
        if letters and (len(letters) < len(options) or mark == "check" or mark in every):
            return "".join(sorted(letters))
    return ""


_EXPLANATION_KEY = re.compile(
    r"^\s*[:：]?\s*(?:正确答案|答案|故选|选)?\s*[:：]?\s*([A-H]{1,8})(?=\s*[。.，,；;：:]|\s|$)"
)


def explanation_key(explanation: str, letters: set[str]) -> str | None:
    """A key written as the first word of the explanation (`【解析】A。本题考查……`, `解析：故选 C。`)."""
    m = _EXPLANATION_KEY.match(explanation)
    return m.group(1) if m and set(m.group(1)) <= letters else None


_CIRCLED = "①②③④⑤⑥⑦⑧"
_CIRCLED_OPTIONS = re.compile(r"^\s*①\s*\S.*②")


def circled_options(lines: list[str]) -> tuple[int, dict[str, str]] | None:
    """Options written with circled numbers on a line after the stem (`①义务论　②功利主义　③…`): the index
    of that line and the options as letters (① -> A); None when no line holds them."""
    for i in range(len(lines) - 1, 0, -1):
        if _CIRCLED_OPTIONS.match(lines[i]):
            parts = re.split(r"([①-⑧])", lines[i])
            options = {}
            for mark, text in zip(parts[1::2], parts[2::2], strict=False):
                options["ABCDEFGH"[_CIRCLED.index(mark)]] = text.strip()
            if list(options) == list("ABCDEFGH"[: len(options)]):
                return i, options
    return None


def circled_key(key: str) -> str:
    """`①②④` -> `ABD`: a key written with the circled numbers of circled options."""
    return "".join("ABCDEFGH"[_CIRCLED.index(c)] if c in _CIRCLED else c for c in key)


def choice_key_in_stem(stem: str, letters: set[str]) -> tuple[str, str | None]:
    """The key written in the stem's brackets: at the end (`……（ B ）。`), anywhere (`在（ B ）阶段`), or
    after empty brackets (`（ ）A`); the stem keeps an empty `（ ）`."""
    stem, key = take_bracket_key(stem, true_false=False)
    if key is not None:
        return stem, key.upper()
    m = _AFTER_EMPTY_BRACKET.search(stem)
    if m and set(m.group(1)) <= letters:
        return stem[: m.start()] + "（ ）" + m.group(2), m.group(1)
    found = [m for m in _ANY_BRACKET_KEY.finditer(stem) if set(re.sub(r"[\s,，、]", "", m.group(1))) <= letters]
    if len(found) == 1:
        m = found[0]
        return stem[: m.start()] + "（ ）" + stem[m.end() :], re.sub(r"[\s,，、]", "", m.group(1))
    lower = [m for m in _LOWER_BRACKET_KEY.finditer(stem) if set(m.group(1).upper()) <= letters]
    if len(lower) == 1:  # "犯罪的本质特征是（ b ）"
        m = lower[0]
        return stem[: m.start()] + "（ ）" + stem[m.end() :], m.group(1).upper()
    unclosed = [m for m in _UNCLOSED.finditer(stem) if set(m.group(1)) <= letters]
    if len(unclosed) == 1:  # "应当保持（C 状态": the closing bracket lost
        m = unclosed[0]
        return stem[: m.start()] + "（ ）" + stem[m.end() :], m.group(1)
    half = [m for m in _HALF_BRACKET.finditer(stem) if set(m.group(1)) <= letters]
    if len(half) == 1:  # "……的是B)。": the opening bracket lost
        m = half[0]
        return stem[: m.start()] + "（ ）" + stem[m.end() :], m.group(1)
    m = _TRAILING_LETTERS.search(stem)
    if m and set(m.group(1)) <= letters:  # "……由哪种元素致色C": the key glued to the stem's end
        return stem[: m.start()], m.group(1)
    return stem, None


_LETTERED_KEY = re.compile(r"^\s*A\s*[:：]\s*[^;；]+(?:[;；]\s*[B-H]\s*[:：]\s*[^;；]+)*[;；]?\s*$")


def lettered_blanks(stem: str, key: str) -> tuple[str, str]:
    """Blanks labelled with letters (`有 A 、 B 和 C 三种` keyed `A :值传递;B :指针传递;C :引用传递`): each
    lettered blank becomes a blank and the key lists the answers in order."""
    if not _LETTERED_KEY.match(key):
        return stem, key
    parts = re.findall(r"([A-H])\s*[:：]\s*([^;；]+)", key)
    letters = [letter for letter, _ in parts]
    out = stem
    for letter in letters:
        out, found = re.subn(rf"(?<![A-Za-z0-9])\s*{letter}\s*(?![A-Za-z0-9])", " ___ ", out, count=1)
        if not found:
            return stem, key
    return re.sub(r"\s+", " ", out).strip(), "；".join(answer.strip() for _, answer in parts)


def answers_as_blanks(stem: str, key: str) -> str:
    """A fill-in printed with its answers in place (`函数是　print　，`): each answer becomes a blank."""
    out = stem
    for answer in (a.strip().rstrip("。.").strip() for a in re.split(r"[;；|｜]", key)):  # "3×10⁸；色散。"
        if not answer:
            continue
        out, found = re.subn(rf"(?:(?<=\s)|(?<=^)){re.escape(answer)}(?=\s|$|[，,。.；;])", "___", out, count=1)
        if not found:
            return stem
    return out


def true_false_key_in_stem(stem: str) -> tuple[str, str | None]:
    """A judgement written in the stem: `（ √ ）`, `（Y）`, `……之一。 ✔`, `（ ）√`; the stem keeps an empty `（ ）`."""
    stem, key = take_bracket_key(stem, true_false=True)
    if key is not None:
        return stem, key
    if m := _TRAILING_TICK.search(stem):  # "……要求之一。 ✔"
        return stem[: m.start()], m.group(1)
    m = _TRAILING_WORD.search(stem)  # "Cats are mammals. T", "水在0℃结冰。 对"
    if m and not (len(m.group(1)) == 1 and _UNDERSCORE_BLANK.search(stem[: m.start()])):
        return stem[: m.start()], m.group(1)  # (a letter under a blank, "… is ___." / "F", is the blank's answer)
    if m := _TICK_AFTER_BRACKET.search(stem):  # "……首要职能。（ ）√"
        return stem[: m.start()] + "（ ）", m.group(1)
    found = list(_TF_ANY_BRACKET.finditer(stem))
    if len(found) == 1:
        m = found[0]
        return stem[: m.start()] + "（ ）" + stem[m.end() :], m.group(1)
    return stem, None


def fill_answers_in_stem(stem: str, *, in_brackets: bool, in_underscores: bool = True) -> tuple[str, list[str]]:
    """Fill answers written in the stem: `（ int ）`, answers after the sentence for its blanks
    (`……按____切分。（列）`), `__int__` (where the section writes its answers so: `____门和____门` is two
    blanks), and, where the section writes its answers in brackets, `(五)`; each becomes a blank."""
    answers: list[str] = []
    math = [m.span() for m in FORMULA.finditer(stem)] if "$" in stem else []

    def take(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in math):
            return m.group(0)  # "$n = 60f ( 1 - s ) / p$": a formula's brackets, no answer
        if _NOTE_WORDS.match(m.group(1).strip()) or re.match(r"(?:请)?填(?!空)", m.group(1).strip()):
            return m.group(0)  # "（填C3或C4）", "（单位：米）": how to answer, not an answer
        answers.append(m.group(1).strip())
        return "（ ）"

    out = _FILL_BRACKET.sub(take, stem)
    if answers:
        return out, answers
    out = _BLANK_THEN_ANSWER.sub(take, stem)  # "______【司马迁】": the answer right after its blank
    if answers:
        return out, answers
    blanks = len(_UNDERSCORE_BLANK.findall(stem))
    if blanks and (m := _TRAILING_ANSWERS.search(stem)) and not _NOTE_WORDS.search(m.group(1)):
        parts = [a.strip() for a in re.split(r"[；;]", m.group(1)) if a.strip()]
        if len(parts) != blanks and blanks > 1:
            parts = [a.strip() for a in re.split(r"[；;、，,/]", m.group(1)) if a.strip()]
        if len(parts) == blanks or blanks == 1:
            return stem[: m.start()].rstrip(), parts if blanks > 1 else [" 或 ".join(parts)]
    out = _UNDERSCORED.sub(take, stem) if in_underscores else stem
    if answers:
        return out, answers
    if in_underscores and (single := _single_underscored(stem)) is not None:
        return single
    if in_brackets:  # "任期(五)年": this section writes its answers in brackets
        out = _SHORT_BRACKET.sub(take, stem)
        if answers:
            return out, answers
    return stem, []


def has_bracketed_word(stem: str) -> bool:
    """A stem with words in short brackets (`颁布于(1986年)`): a fill-in's answer where its section says so."""
    return any(m.group(1).strip() for m in _SHORT_BRACKET.finditer(stem))


def has_answer_after_blank(stem: str) -> bool:
    """A blank with its answer right after it in 【】 (`______【司马迁】`)."""
    return bool(_BLANK_THEN_ANSWER.search(stem))


def has_underscored_answer(stem: str) -> bool:
    """A stem with an answer printed between underscores (`__int__`, `_RUN_`)."""
    return bool(_UNDERSCORED.search(stem)) or _single_underscored(stem) is not None


# "_RUN_ _、 _STOP_ _和 _STARTUP_": underlined answers as a PDF-to-Markdown converter writes them
_SINGLE_UNDERSCORED = re.compile(r"(?<![A-Za-z0-9_])_([^\s_，,。；;、：:（()）]{1,20})_(?![A-Za-z0-9_])")


def _single_underscored(stem: str) -> tuple[str, list[str]] | None:
    """The answers between single underscores, only when every other underscore is the tail of one of them
    (`_RUN_ _、`): an underline cut anywhere else (`转差率 _，p 表示_`) says nothing safe about the answers."""
    answers = _SINGLE_UNDERSCORED.findall(stem)
    if not answers:
        return None
    out = re.sub(r"___\s*_(?!_)", "___", _SINGLE_UNDERSCORED.sub("___", stem))  # an underline's tail after it
    if "_" in out.replace("___", ""):
        return None
    return out, answers


def has_padded_answer(stem: str) -> bool:
    """A stem with an answer written in padded brackets (`（ 1982 ）年`)."""
    return bool(_FILL_BRACKET.search(stem))


def has_key_in_stem(text: str) -> bool:
    """Whether a line holds a key in brackets: `（ B ）`, `（√）`, `（ ）A`."""
    return bool(_ANY_BRACKET_KEY.search(text) or _TF_ANY_BRACKET.search(text) or _AFTER_EMPTY_BRACKET.search(text))
