"""The kinds of question and the words that name them (`单选题`, `判断正误`, `Multiple Choice`…), and a kind
tag inside a question (`(单选题)`, `【多选题】（2分）`, `[判断]`, `单选题：`, `_单选_`)."""

from __future__ import annotations

import re

from bot.banks.conventions.chars import probe
from bot.banks.model import Kind

__all__ = ["KIND_ALTERNATION", "KIND_TAG_WORDS", "KIND_WORDS", "find_kind_tag", "kind_of_word", "trailing_tag"]

KIND_TAG_WORDS = (
    "单选题|多选题|判断题|填空题|简答题|单项选择|多项选择|不定项|单选|多选|判断|填空|问答题|论述题|案例分析题"
)

KIND_WORDS: list[tuple[str, Kind | None]] = [
    ("不定项选择题", None),  # one letter or several: decided per question by its key
    ("不定项选择", None),
    ("多项选择题", Kind.multiple),
    ("多项选择", Kind.multiple),
    ("单项选择题", Kind.single),
    ("单项选择", Kind.single),
    ("多选题", Kind.multiple),
    ("单选题", Kind.single),
    ("不定项", None),
    ("多选", Kind.multiple),
    ("单选", Kind.single),
    ("选择题", None),  # single or multiple: decided per question by its key
    # medical licensing exams: A1-A4 (best answer), B1 (shared options) are single, X is multiple
    ("[AB][1-4]?(?:/[AB]?[1-4])?型题", Kind.single),
    ("X型题", Kind.multiple),
    ("最佳选择题", Kind.single),
    ("配伍选择题", Kind.single),
    ("程序填空题", Kind.fill),
    ("填空题", Kind.fill),
    ("填充题", Kind.fill),  # Taiwan's papers: 填充題
    ("填空", Kind.fill),
    ("判断题", Kind.true_false),
    ("判断正误", Kind.true_false),
    ("判断对错", Kind.true_false),
    ("判断是非", Kind.true_false),
    ("正误判断", Kind.true_false),
    ("判断", Kind.true_false),
    ("是非题", Kind.true_false),
    ("对错题", Kind.true_false),
    ("正误题", Kind.true_false),
    ("案例分析题", Kind.case),
    ("案例分析", Kind.case),
    ("材料分析题", Kind.case),
    ("案例题", Kind.case),
    ("分析题", Kind.case),
    ("简答题", Kind.case),
    ("简答", Kind.case),
    ("问答题", Kind.case),
    ("论述题", Kind.case),
    ("综合题", Kind.case),
    ("名词解释", Kind.case),
    ("辨析题", Kind.case),
    ("计算题", Kind.case),
    ("编程题", Kind.case),
    ("主观题", Kind.case),
    ("客观题", None),
    ("程序设计题", Kind.case),
    ("应用题", Kind.case),
    ("思考题", Kind.case),
    ("解答题", Kind.case),
    ("证明题", Kind.case),
    ("材料题", Kind.case),
    ("实务题", Kind.case),
    ("操作题", Kind.case),
    ("设计题", Kind.case),
    ("翻译题", Kind.case),
    ("作文题", Kind.case),
    ("写作题", Kind.case),
    ("讨论题", Kind.case),
    ("Single Choice", Kind.single),
    ("Multiple Answers?", Kind.multiple),
    ("Multiple Select(?:ion)?", Kind.multiple),
    ("Multiple Response", Kind.multiple),
    ("Multiple Choice", None),  # in English: choose one, as a rule; the key decides
    ("True or False", Kind.true_false),
    ("True/False", Kind.true_false),
    ("Fill in the Blanks?", Kind.fill),
    ("Short Answers?", Kind.case),
    ("Essays?", Kind.case),
    ("Essay Questions", Kind.case),
]
KIND_ALTERNATION = "|".join(w for w, _ in KIND_WORDS)
_KIND_OF = {w.lower(): k for w, k in KIND_WORDS}


def kind_of_word(word: str) -> Kind | None:
    key = word.lower()
    if key in _KIND_OF:
        return _KIND_OF[key]
    for w, k in KIND_WORDS:  # the regex words with a trailing "s?"
        if re.fullmatch(w, word, re.I):
            return k
    return None


_TAG_BRACKETED = re.compile(
    rf"[（(【\[]\s*(?:[^）)】\]]{{0,12}}?[·•\s])?(?P<word>{KIND_ALTERNATION})\s*(?:[^）)】\]]{{0,8}})[）)】\]]", re.I
)
# "……（）(分值: 2) 单选题 *": a form export's kind at the end of the line (a required mark after it)
_TAG_TRAILING = re.compile(rf"(?<=[\s)）])(?P<word>{KIND_ALTERNATION})\s*[*＊]?\s*$", re.I)
_TAG_LEADING = re.compile(rf"^(?:_|\*)?(?P<word>{KIND_ALTERNATION})(?:_|\*)?(?:\s*[:：]\s*|\s+|$)", re.I)


def trailing_tag(text: str) -> bool:
    """The line ends with a bare kind word (`…(分值: 2) 单选题 *`)."""
    return _TAG_TRAILING.search(probe(text)) is not None


def find_kind_tag(text: str) -> tuple[Kind | None, str] | None:
    """A kind written inside a question (`(单选题)`, `【多选题】（2分）`, `[判断]`, `单选题：`, `_单选_`): the kind
    and the text without the tag; None when there is none."""
    p = probe(text)
    m = _TAG_BRACKETED.search(p)
    if m is None:
        m = _TAG_LEADING.match(p) or _TAG_TRAILING.search(p)
        if m is None:
            return None
    word = m.group("word")
    kind = kind_of_word(word)
    if kind is None and "选择" not in word:
        return None
    rest = (text[: m.start()] + text[m.end() :]).strip()
    return kind, rest
