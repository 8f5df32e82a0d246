"""A teacher's copy that writes each key in the answer bracket before the number, the options on the stem's own
line (`（ B ）1. stem (A)… (B)…`, a Taiwanese 解答卷); the end of the paper printed under the last question
(`—試題結束—`, `*** End of the test ***`); a group of questions over a picture the paper leaves out, the note in
its heading (`閱讀下圖回答9～10題（圖略）`)."""

from __future__ import annotations

from bot.banks.importer import import_text

# a geography test's teacher copy, written here
GEOGRAPHY = """一、單選題
（ B ）1. 臺灣最長的河川是哪一條？ (A)淡水河 (B)濁水溪 (C)高屏溪 (D)曾文溪
（ A ）2. 下列何者位於北半球？ (A)日本 (B)澳洲 (C)智利 (D)紐西蘭
（ D ）3. 赤道通過下列哪一個國家？ (A)埃及 (B)印度 (C)中國 (D)肯亞
二、多選題
（ACD）4. 下列哪些是亞洲國家？ (A)泰國 (B)法國 (C)越南 (D)印尼 (E)秘魯
三、題組：閱讀下圖回答5～6題（圖略）
（ C ）5. 圖中甲地的氣候類型為何？ (A)熱帶雨林 (B)沙漠 (C)溫帶海洋性 (D)極地
（ A ）6. 承上題，甲地的主要作物為何？ (A)小麥 (B)稻米 (C)咖啡 (D)可可
—試題結束—
"""

# an English quiz laid out the same way, options lettered A. B. C., written here
ENGLISH = """( C ) 1. Which gas do plants take in? A. oxygen B. nitrogen C. carbon dioxide
( A ) 2. Which planet is closest to the Sun? A. Mercury B. Venus C. Mars
( B ) 3. How many legs has a spider? A. six B. eight C. ten
*** End of the test ***
"""


def _keys(text: str) -> list[tuple[int, str, object]]:
    result = import_text(text, source="paper.txt", bank_id="b")
    return [(q.number, q.kind.value, q.answer) for q in result.bank.questions]


def test_the_key_before_the_number_keys_options_on_the_stems_line() -> None:
    assert _keys(GEOGRAPHY)[:4] == [(1, "single", "B"), (2, "single", "A"), (3, "single", "D"), (4, "multiple", "ACD")]


def test_the_last_option_keeps_its_own_text() -> None:
    questions = import_text(GEOGRAPHY, source="paper.txt", bank_id="b").bank.questions
    assert questions[0].options == {"A": "淡水河", "B": "濁水溪", "C": "高屏溪", "D": "曾文溪"}
    assert questions[3].options["E"] == "秘魯"


def test_a_key_that_is_option_a_is_no_label() -> None:
    questions = import_text(GEOGRAPHY, source="paper.txt", bank_id="b").bank.questions
    assert questions[1].options == {"A": "日本", "B": "澳洲", "C": "智利", "D": "紐西蘭"}


def test_options_lettered_with_a_stop_are_keyed_too() -> None:
    assert _keys(ENGLISH) == [(1, "single", "C"), (2, "single", "A"), (3, "single", "B")]


def test_the_end_of_the_paper_is_no_part_of_the_last_option() -> None:
    last = import_text(ENGLISH, source="paper.txt", bank_id="b").bank.questions[-1]
    assert last.options["C"] == "ten"


def test_a_group_over_a_picture_the_paper_leaves_out_is_left_out() -> None:
    result = import_text(GEOGRAPHY, source="paper.txt", bank_id="b")
    assert [q.number for q in result.bank.questions] == [1, 2, 3, 4]
    assert [lo.number for lo in result.left_out] == [5, 6]


def test_a_judgement_keyed_before_its_number_still_reads() -> None:
    text = "（ √ ）1. 地球繞著太陽轉。\n（ × ）2. 月亮會自己發光。\n（ √ ）3. 水在攝氏零度會結冰。\n"
    assert _keys(text) == [(1, "true_false", True), (2, "true_false", False), (3, "true_false", True)]
