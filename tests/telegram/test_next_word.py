"""The "next question" button carries the /quiz filter: the word's format, and a press after a restart
in a private chat (groups: tests/telegram/test_groups.py)."""

from __future__ import annotations

import pytest
from fakebot import MessageState, SimUser
from quiz_kit import errors
from tg_harness import BotEnv, answered

from bot.telegram.callbacks import CallbackCodec
from bot.telegram.next_word import WORD_MAX, NextWord, bank_token, decode_next, encode_next

BANKS = ["distributed-training-2025", "finetuning-2025", "law"]


def test_a_filter_goes_into_the_word_and_comes_back() -> None:
    word = encode_next("q", 1234, ["single", "true_false"], ["finetuning-2025", "law"], True)
    assert word == f"q1234-stp-{bank_token('finetuning-2025')}-{bank_token('law')}"
    assert decode_next(word, BANKS) == NextWord(
        "q", 1234, True, ("single", "true_false"), ("finetuning-2025", "law"), True
    )
    assert decode_next(encode_next("g", 7, [], [], False), BANKS) == NextWord("g", 7, True)
    assert len(CallbackCodec(b"k").encode("next", word).encode()) <= 64


def test_no_filter_an_old_word_or_one_too_long_leaves_it_to_memory() -> None:
    assert encode_next("r", 99) == "r99"
    assert decode_next("q42", BANKS) == NextWord("q", 42, False)
    many = [f"bank-{i}" for i in range(8)]
    assert encode_next("q", 10**9, ["single"], many) == f"q{10**9}"  # would not fit: not carried
    assert all(
        len(encode_next("q", 10**12, ["single", "multiple", "true_false", "fill", "case"], many[:k], True)) <= WORD_MAX
        for k in range(9)
    )


def test_a_bank_gone_since_is_left_out() -> None:
    word = encode_next("q", 5, ["fill"], ["law", "finetuning-2025"])
    assert decode_next(word, ["finetuning-2025"]) == NextWord("q", 5, True, ("fill",), ("finetuning-2025",))


@pytest.mark.parametrize("word", ["x12", "q", "qab", "q12-", "q12-zz", "q12-s-", "g1--", "q12-sp-ab-"])
def test_words_that_are_not_next_words(word: str) -> None:
    assert decode_next(word, BANKS) is None


async def _answer_and_next(env: BotEnv, user: SimUser) -> tuple[MessageState, str]:
    """Answer the open question with its first button; the verdict's "next" data."""
    question = env.fake.sent_to(user.id)[-1]
    user.press(question, 0)
    verdict = await answered(env.fake, question)
    assert verdict.text[:1] in "✅❌🟡"
    return verdict, verdict.find_button("➡️")["callback_data"]


async def test_the_next_button_keeps_the_quiz_filter_after_a_restart(
    bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = bot_settings_env
    fake = env.fake
    amy = fake.user(5101, "Amy", language_code="en")
    async with env.run() as app:
        amy.command("/quiz truefalse finetuning-2025")
        await fake.next_message(amy.id)
        verdict, data = await _answer_and_next(env, amy)
    assert "-t-" in data  # the kind and the bank ride along

    for _ in range(3):  # each press in a new process: no memory of the /quiz but the button
        async with env.run() as app:
            engine = app.bot_data.engine
            amy.press(verdict, "➡️")
            await fake.next_message(amy.id)
            asked = await engine.latest_open_asked(amy.id, amy.id)
            assert (asked.question.kind.value, asked.bank_id) == ("true_false", "finetuning-2025")
            verdict, data = await _answer_and_next(env, amy)
    async with env.run() as app:  # a plain /quiz clears the filter, in the button too
        engine = app.bot_data.engine
        amy.command("/quiz")
        await fake.next_message(amy.id)
        _verdict, data = await _answer_and_next(env, amy)
        assert "-_" in data
    assert fake.unanswered_callbacks() == []
    fake.assert_clean()
    assert not errors(caplog)
