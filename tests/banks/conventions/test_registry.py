"""Every convention in the registries (bot/banks/conventions/) with its own examples: lines it reads and
near misses it must leave alone. A convention added without examples here fails the coverage tests."""

from __future__ import annotations

import pytest

from bot.banks.conventions.headings import match_heading
from bot.banks.conventions.kinds import KIND_WORDS, find_kind_tag, kind_of_word
from bot.banks.conventions.markers import MARKERS, match_marker
from bot.banks.conventions.numbering import NUMBERINGS, numbering
from bot.banks.conventions.options import OPTION_STYLES, option_start, split_options
from bot.banks.model import Kind

# numbering name -> (line, the number it reads, the rest), and a line it must not read
NUMBERING_EXAMPLES: dict[str, tuple[tuple[str, int, str], str]] = {
    "example": (("例题3：求导数", 3, "求导数"), "例如3个"),
    "di": (("第12题 下列说法正确的是", 12, "下列说法正确的是"), "第12章 总论"),
    "case": (("案例2：某公司", 2, "某公司"), "案件2"),
    "material": (("材料4", 4, ""), "材料4说明了什么？"),
    "bracket": (("【7】单选", 7, "单选"), "【答案】B"),
    "q": (("Question 5: Which gas", 5, "Which gas"), "Questions about gas"),
    "mondai": (("问题3　次の文", 3, "次の文"), "问题3　1・2・3・4から一つえらびなさい"),
    "paren": (("（2）填空", 2, "填空"), "（A）甲"),
    "circled": (("③ 细胞膜", 3, "细胞膜"), "③"),
    "dot": (("4. What is", 4, "What is"), "2.3 节"),
    "comma": (("5、下列", 5, "下列"), "五、判断题"),
    "close": (("6) pick one", 6, "pick one"), "A) pick"),
    "colon": (("7：以下", 7, "以下"), "7:30 开始"),
    "code": (("K07 以下哪项", 7, "以下哪项"), "kilogram"),
    "space": (("8 下列关于", 8, "下列关于"), "8 3"),
    "alone": (("9", 9, ""), "9 个"),
    "label": (("【题干】下列", 0, "下列"), "【答案】A"),
    "tag": (("(单选题) 以下", 0, "(单选题) 以下"), "(一) 以下"),
}


def test_every_numbering_has_examples() -> None:
    assert {n.name for n in NUMBERINGS} - {"unnumbered"} == set(NUMBERING_EXAMPLES)


@pytest.mark.parametrize("name", sorted(NUMBERING_EXAMPLES))
def test_a_numbering_reads_its_example_and_not_its_near_miss(name: str) -> None:
    (line, number, rest), miss = NUMBERING_EXAMPLES[name]
    assert numbering(name).match(line) == (number, rest)
    assert numbering(name).match(miss) is None


def test_the_unnumbered_style_is_never_matched() -> None:
    assert numbering("unnumbered").match("1. 题干") is None


# option style -> (a line of options, the letters split from it), and a line not in that style
OPTION_EXAMPLES: dict[str, tuple[tuple[str, list[str]], str]] = {
    "paren": (("(A) 甲 (B) 乙 (C) 丙", ["甲", "乙", "丙"]), "A. 甲"),
    "bracket": (("【A】甲【B】乙", ["甲", "乙"]), "(A) 甲"),
    "label": (("选项A：甲 选项B：乙", ["甲", "乙"]), "A: 甲"),
    "dot": (("A. 甲 B. 乙 C. 丙 D. 丁", ["甲", "乙", "丙", "丁"]), "A、甲"),
    "comma": (("A、SGD B、Adam", ["SGD", "Adam"]), "A. SGD"),
    "colon": (("A: red B: blue", ["red", "blue"]), "A) red"),
    "close": (("A) red B) blue", ["red", "blue"]), "A: red"),
    "space": (("A 甲  B 乙", ["甲", "乙"]), "A.甲"),
    "lower-dot": (("a. red b. blue", ["red", "blue"]), "A. red"),
    "lower-comma": (("a、甲 b、乙", ["甲", "乙"]), "A、甲"),
    "lower-close": (("a) red b) blue", ["red", "blue"]), "A) red"),
    "lower-paren": (("(a) red (b) blue", ["red", "blue"]), "(A) red"),
    "bare": (("A甲", ["甲"]), "A. 甲"),
    "alone": (("A", [""]), "A 甲"),
}


def test_every_option_style_has_examples() -> None:
    assert {s.name for s in OPTION_STYLES} == set(OPTION_EXAMPLES)


@pytest.mark.parametrize("name", sorted(OPTION_EXAMPLES))
def test_an_option_style_splits_its_example(name: str) -> None:
    (line, texts), miss = OPTION_EXAMPLES[name]
    found = option_start(line, (name,))
    assert found == (name, "A")
    parts = split_options(line, name, "A")
    assert [line[a:b].strip() for _, a, b in parts] == texts
    assert option_start(miss, (name,)) is None


# marker label (and role) -> a labelled line and what follows the label, and a line without it
MARKER_EXAMPLES: dict[tuple[str, str], list[tuple[str, str]]] = {
    ("key", "答案："): [("答案：B", "B"), ("【参考答案】AC", "AC"), ("Answer: C", "C"), ("正解：2", "2")],
    ("meta", "我的答案"): [("我的答案：A", "A"), ("Your answer: B", "B")],
    ("explanation", "解析："): [("【解析】因为", "因为"), ("Explanation: since", "since")],
    ("ask", "问题："): [("问题：为什么", "为什么"), ("请回答：原因", "原因")],
    ("answer", "答题要点"): [("答题要点：一", "一")],
    ("kind", "题型："): [("题型：单选题", "单选题")],
    ("label", "题目："): [("题干：下列", "下列")],
    ("meta", "得分"): [("难度：易", "易")],
    ("tags", "知识点"): [("知识点：网络", "网络")],
    ("alternates", "备选答案"): [("备选答案：北京", "北京")],
}


def test_every_marker_has_examples() -> None:
    assert {(m.role, m.label) for m in MARKERS} == set(MARKER_EXAMPLES)


@pytest.mark.parametrize(("role", "label"), sorted(MARKER_EXAMPLES))
def test_a_marker_reads_its_examples(role: str, label: str) -> None:
    for line, rest in MARKER_EXAMPLES[(role, label)]:
        found = match_marker(line)
        assert found is not None, line
        marker, after = found
        assert (marker.role, marker.label, after) == (role, label, rest), line


def test_a_word_that_starts_like_a_marker_is_no_marker() -> None:
    assert match_marker("答辩的时间") is None
    assert match_marker("Analysts say") is None


@pytest.mark.parametrize(("word", "kind"), KIND_WORDS)
def test_every_kind_word_names_its_kind_in_a_heading(word: str, kind: Kind | None) -> None:
    spelled = {
        "[AB][1-4]?(?:/[AB]?[1-4])?型题": "A1型题",
        "Multiple Answers?": "Multiple Answer",
        "Multiple Select(?:ion)?": "Multiple Select",
        "Fill in the Blanks?": "Fill in the Blank",
        "Short Answers?": "Short Answer",
        "Essays?": "Essay",
    }.get(word, word)
    assert kind_of_word(spelled) == kind
    heading = match_heading(f"一、{spelled}（共5题）", markdown=False)
    assert heading is not None and heading.names_kind and heading.kind == kind and heading.declared == 5


def test_a_kind_tag_inside_a_question_is_read_and_taken_off() -> None:
    assert find_kind_tag("(多选题) 以下哪些") == (Kind.multiple, "以下哪些")
    assert find_kind_tag("以下哪些是水果") is None
