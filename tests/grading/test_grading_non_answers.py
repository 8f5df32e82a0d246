"""No answer at all, in every kind: punctuation alone (`?`, `……`), a chat app's placeholder for a sticker or a
picture (`[表情]`), a navigation word (`下一题`, `next`). The bot asks again and records nothing; giving up
(`跳过`, `不知道`) stays an answer that earns nothing. Where the question's own answer is such a word or is made
of marks, the reply is graded."""

from __future__ import annotations

import pytest
from class_rows import ClassBank, outcome

from bot.grading.wording import EMOJI_CODES, NAVIGATION, PLACEHOLDERS, is_non_answer

# Ice hockey, mushrooms, metro signalling, lighthouses, bird migration; an arrow key; an English word key.
_BANK = ClassBank("non_answers_bank.json")
graded = _BANK.graded
EVERY_KIND = ["fill-hockey", "single-mushroom", "multiple-metro", "tf-lighthouse", "case-migration"]

NON_ANSWERS = ["?", "？", "？？", "???", "……", "。。。", "!!", "[表情]", "[图片]", "【语音】", "[Sticker]"]
NON_ANSWERS += ["[捂脸][捂脸]", "直接下一题吧", "下一题", "下一个", "下一道题", "继续", "next", "Next question"]


@pytest.mark.parametrize("qid", EVERY_KIND)
@pytest.mark.parametrize("reply", NON_ANSWERS)
def test_no_answer_at_all_is_asked_again(qid: str, reply: str) -> None:
    verdict = graded(qid, reply)
    assert outcome(verdict) == "unread" and verdict.score == 0.0, verdict


@pytest.mark.parametrize("qid", EVERY_KIND)
@pytest.mark.parametrize("reply", ["跳过", "不知道"])
def test_giving_up_is_still_an_answer_that_earns_nothing(qid: str, reply: str) -> None:
    verdict = graded(qid, reply)
    assert outcome(verdict) == "wrong" and verdict.understood, verdict


def test_a_bracketed_letter_is_an_answer_and_no_placeholder() -> None:
    assert graded("single-mushroom", "[A]").correct
    assert outcome(graded("single-mushroom", "[B]")) == "wrong"


def test_a_key_of_marks_or_of_that_word_is_graded() -> None:
    assert outcome(graded("fill-arrow", "→")) != "unread"  # marks are the answer here
    assert outcome(graded("fill-arrow", "?")) == "unread"  # but a question mark the key lacks is still none
    assert graded("fill-opposite", "next").correct


@pytest.mark.parametrize(
    "words", [*NAVIGATION, *(f"[{p}]" for p in PLACEHOLDERS + EMOJI_CODES), *(f"【{p}】" for p in PLACEHOLDERS)]
)
def test_every_navigation_word_and_placeholder_is_no_answer(words: str) -> None:
    assert is_non_answer(words) and is_non_answer(words.upper() + "。")
    assert not is_non_answer(f"{words} 木屑")  # with an answer beside it, it is read as the answer it holds
