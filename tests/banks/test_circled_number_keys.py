"""Options numbered ① ② ③ ④ keyed by the plain number (`정답 : [3]`, `正解：2`), as past-exam (CBT) sites print
them: the number in square brackets, the page's own words after it (`☜ 블럭 설정하면 보임`), a rate of right
answers under it; options that are expressions in one-letter names (`A`, `B`, `A·B`); and a question whose
picture the page notes is missing (`[그림 없음]`, `[图略]`, `[image not available]`)."""

from __future__ import annotations

import pytest

from bot.banks.conventions.keys import key_in_brackets
from bot.banks.importer import import_text

# a Korean geography quiz as a CBT site lays it out, written here
KOREAN = """<b>1과목 : 자연 지리</b>
1. 우리나라에서 가장 긴 강은?
  ① 한강
  ② 낙동강
  ③ 금강
  ④ 영산강
정답 : [2]☜ 블럭 설정하면 보임
정답률 : 61%
<문제 해설>
낙동강은 약 510km이다.

2. 제주도의 최고봉은?
  ① 설악산
  ② 지리산
  ③ 한라산
  ④ 태백산
정답 : [3]☜ 블럭 설정하면 보임
정답률 : 88%

3. 다음 중 섬이 아닌 것은?
  ① 울릉도
  ② 강화도
  ③ 거제도
  ④ 경기도
정답 : [4]☜ 블럭 설정하면 보임
정답률 : 70%
"""

# a Japanese chemistry drill with the key plain under the options, written here
JAPANESE = """問1 水の化学式はどれか。
① CO2
② H2O
③ NaCl
④ O2
正解：2

問2 常温で液体の金属はどれか。
① 鉄
② 銅
③ 水銀
④ 金
正解：3
"""


def _read(text: str) -> list[tuple[str, str | None, int]]:
    result = import_text(text, source="quiz.txt", bank_id="b")
    return [
        (q.kind.value, q.answer if isinstance(q.answer, str) else None, len(q.options)) for q in result.bank.questions
    ]


def test_a_bracketed_number_keys_the_circled_option() -> None:
    assert _read(KOREAN) == [("single", "B", 4), ("single", "C", 4), ("single", "D", 4)]


def test_the_options_lose_their_circled_numbers_and_the_key_its_page_note() -> None:
    q = import_text(KOREAN, source="quiz.txt", bank_id="b").bank.questions[0]
    assert q.options == {"A": "한강", "B": "낙동강", "C": "금강", "D": "영산강"}
    assert "블럭" not in (q.explanation or "")


def test_a_plain_number_keys_the_circled_option() -> None:
    assert _read(JAPANESE) == [("single", "B", 4), ("single", "C", 4)]


def test_a_number_past_the_options_leaves_its_question_out() -> None:
    result = import_text(KOREAN.replace("정답 : [3]", "정답 : [7]"), source="quiz.txt", bank_id="b")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (3, "D")]
    assert [lo.number for lo in result.left_out] == [2]
    assert "(7)" in result.left_out[0].en


@pytest.mark.parametrize(
    ("written", "key"),
    [("[3]☜ 블럭 설정하면 보임", "3"), ("【B】 highlight to see", "B"), ("［②］", "②"), ("3", None), ("(A) (C)", None)],
)
def test_key_in_brackets(written: str, key: str | None) -> None:
    assert key_in_brackets(written) == key


def test_a_row_of_bracketed_keys_is_no_key_in_brackets() -> None:
    assert key_in_brackets("[A] [C]") is None
    assert key_in_brackets("[√][×]") is None


# options that are expressions in one-letter names, written here (sets and logic)
EXPRESSIONS = """1. 집합 A ⊂ B일 때 A ∪ B와 같은 것은?
  ① A
  ② B
  ③ A ∩ B
  ④ A − B
정답 : [2]

2. x ∧ (x ∨ y)를 간소화하면?
  ① x
  ② y
  ③ x ∨ y
  ④ x ∧ y
정답 : [1]
"""


def test_a_lone_letter_among_expressions_of_letters_is_an_option() -> None:
    result = import_text(EXPRESSIONS, source="quiz.txt", bank_id="b")
    assert [(q.answer, q.options["B"]) for q in result.bank.questions] == [("B", "B"), ("A", "y")]
    assert not result.left_out


def test_a_lone_letter_among_words_is_still_a_misread_option() -> None:
    text = (
        "1. Which city is the capital of Peru?\nA. Lima\nB. B\nC. Quito\nD. Cusco\nAnswer: A\n\n"
        "2. Which river is the longest?\nA. Nile\nB. Seine\nC. Thames\nD. Po\nAnswer: A\n"
    )
    result = import_text(text, source="quiz.txt", bank_id="b")
    assert [q.number for q in result.bank.questions] == [2]
    assert [lo.number for lo in result.left_out] == [1]


@pytest.mark.parametrize(
    ("stem", "note"),
    [
        ("다음 그림과 같은 회로의 명칭은?", "[그림 없음]"),
        ("下图所示的装置叫什么？", "（图略）"),
        ("What does the diagram below show?", "[image not available]"),
        ("Что изображено на этом рисунке?", "[Рисунок отсутствует]"),
        ("Was zeigt diese Abbildung?", "[Bild fehlt]"),
    ],
)
def test_a_question_whose_picture_is_noted_missing_is_left_out(stem: str, note: str) -> None:
    text = (
        f"1. {stem}\n{note}\n① 가\n② 나\n③ 다\n④ 라\n정답 : [1]\n\n"
        "2. 물의 끓는점은?\n① 50도\n② 100도\n③ 150도\n④ 200도\n정답 : [2]\n"
    )
    result = import_text(text, source="quiz.txt", bank_id="b")
    assert [q.number for q in result.bank.questions] == [2]
    assert [lo.number for lo in result.left_out] == [1]


def test_a_missing_picture_the_question_does_not_point_at_costs_nothing() -> None:
    text = (
        "1. 물의 어는점은?\n[그림 없음]\n① 0도\n② 10도\n③ 20도\n④ 30도\n정답 : [1]\n\n"
        "2. 물의 끓는점은?\n① 50도\n② 100도\n③ 150도\n④ 200도\n정답 : [2]\n"
    )
    result = import_text(text, source="quiz.txt", bank_id="b")
    assert [q.answer for q in result.bank.questions] == ["A", "B"]


def test_the_rate_of_right_answers_and_the_explanation_label_are_no_text() -> None:
    questions = import_text(KOREAN, source="quiz.txt", bank_id="b").bank.questions
    assert questions[0].explanation == "낙동강은 약 510km이다."
    assert all("정답률" not in (q.explanation or "") for q in questions)


def test_a_rate_of_right_answers_under_a_japanese_key() -> None:
    text = JAPANESE.replace("正解：2\n", "正解：2\n正答率：64%\n解説：水は H2O である。\n").replace("問1 ", "1. ")
    text = text.replace("問2 ", "2. ")
    q = import_text(text, source="quiz.txt", bank_id="b").bank.questions[0]
    assert (q.answer, q.explanation) == ("B", "水は H2O である。")
