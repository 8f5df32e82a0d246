"""Keys of several letters as quiz tools export them: `A|B|D`, `A+C`, `B｜C`."""

from __future__ import annotations

from bot.banks.importer import import_text


def test_letters_joined_by_pipes_or_plus_signs_are_a_multiple_choice_key() -> None:
    text = (
        "二、多选题\n"
        "1. 下列属于可再生能源的有（ ）\nA. 风能 B. 煤炭 C. 太阳能 D. 潮汐能\n答案：A|C|D\n"
        "2. 下列属于温室气体的有（ ）\nA. 二氧化碳 B. 氮气 C. 甲烷 D. 氧气\n答案：A+C\n"
        "3. 下列属于惰性气体的有（ ）\nA. 氦 B. 氖 C. 氯 D. 氢\n答案：A｜B\n"
    )
    result = import_text(text, source="energy.txt", bank_id="energy")
    assert [q.answer for q in result.bank.questions] == ["ACD", "AC", "AB"]
    assert not result.left_out


def test_an_answer_grid_headed_in_traditional_characters_keys_its_questions() -> None:
    """`題號｜1｜2` over `答案｜B｜A`: the grid as 题号/答案 reads, in traditional characters too."""
    questions = "".join(
        f"{n}. 下列何者為第{n}種可再生能源？\n(A)煤炭；\n(B)風能；\n(C)石油；\n(D)天然氣\n\n" for n in range(1, 5)
    )
    text = "單選題\n\n" + questions + "【標準答案】\n題號｜ 1｜ 2｜ 3｜ 4\n答案｜ B｜ B｜ A｜ D\n"
    result = import_text(text, source="energy-tw.txt", bank_id="energy-tw")
    assert [q.answer for q in result.bank.questions] == ["B", "B", "A", "D"]


def test_an_answer_key_headed_after_the_papers_title_keys_its_questions() -> None:
    """`# Quiz: Rocks — Answer Key` (the title, a dash, then the heading; `#` of Markdown in a text file)
    opens the answer part, whose table rows give the keys by number."""
    text = (
        "# Quiz: Rocks\n\n## Part A: Multiple Choice\n\n"
        "1. Which rock forms from cooled lava?\n   - A) Basalt\n   - B) Marble\n   - C) Shale\n   - D) Slate\n\n"
        "2. Which rock is metamorphic?\n   - A) Granite\n   - B) Marble\n   - C) Sandstone\n   - D) Chalk\n\n"
        "# Quiz: Rocks — Answer Key\n\n## Part A: Multiple Choice\n\n"
        "| Q# | Answer | Explanation |\n|----|--------|-------------|\n"
        "| 1 | A | Basalt is volcanic |\n| 2 | B | Marble is metamorphosed limestone |\n"
    )
    result = import_text(text, source="rocks.txt", bank_id="rocks")
    assert [q.answer for q in result.bank.questions] == ["A", "B"]
    assert result.bank.questions[1].explanation == "Marble is metamorphosed limestone"


def test_radicals_and_private_icons_of_a_pdf_text_read_as_the_characters_they_stand_for() -> None:
    """Text taken out of a PDF writes 目 as the Kangxi radical ⽬ (U+2F6C) and puts a font's icon (U+E092) after
    labels: `题⽬:` is the label 题目, and `- 空 1 answer` labels the blank's answer, not part of it."""
    text = (
        "第 1 题 [填空题]\n\n题⽬: 我国的根本政治制度是1。\n\n正确答案:\n- 空 1\ue092 ⼈⺠代表⼤会制度\n\n"
        "第 2 题 [填空题]\n\n题⽬: 新时代的两个目标是1和2。\n\n正确答案:\n- 空 1\ue092 国家富强 - 空 2\ue092 ⺠族振兴\n"
    )
    result = import_text(text, source="notes.txt", bank_id="notes")
    assert [q.answer for q in result.bank.questions] == [["人民代表大会制度"], [["国家富强"], ["民族振兴"]]]
    assert result.bank.questions[0].prompt.startswith("我国的根本政治制度")


def test_options_of_a_list_written_on_one_line_do_not_keep_the_next_bullet() -> None:
    """`- A. 是 - B. 否`: the list's items on one line; A is 是, not `是 -`, so the pair reads as a judgement."""
    text = (
        "第 1 题 [判断题]\n\n题目: 水在标准大气压下100℃沸腾。\n\n选项:\n- A. 是 - B. 否\n\n正确答案: A\n\n"
        "第 2 题 [单选题]\n\n题目: 下列属于惰性气体的是\n\n选项:\n- A. 氮 - B. 氦 - C. 氧 - D. 氢\n\n正确答案: B\n"
    )
    result = import_text(text, source="quiz.txt", bank_id="quiz")
    first, second = result.bank.questions
    assert (first.kind.value, first.answer) == ("true_false", True)
    assert second.options == {"A": "氮", "B": "氦", "C": "氧", "D": "氢"} and second.answer == "B"
