"""No surprises (issue 25): a question copied into two banks is asked once in a session, and a brand-new
learner's first question is one answered by a tap, not a long case. End to end through the fake Bot API."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from tg_harness import BotEnv

from bot.banks.model import Bank, Question, save_bank

TWIN = "The same statement, copied into two banks."


@pytest.fixture
async def env(bot_settings_env: BotEnv) -> AsyncIterator[BotEnv]:
    for old in bot_settings_env.banks.glob("*.json"):
        old.unlink()
    for bank_id in ("left", "right"):  # one statement in both banks, in slightly different spacing
        prompt = TWIN if bank_id == "left" else "The same  statement, copied into two banks. "
        twin = Question(id=f"{bank_id}-1", kind="true_false", number=1, prompt=prompt, answer=True)
        save_bank(Bank(id=bank_id, title=bank_id.title(), source="tests", questions=[twin]), bot_settings_env.banks)
    cases = [
        Question(id=f"c{i}", kind="case", number=i, prompt=f"Case {i}: " + "a long story. " * 20, answer="Think.")
        for i in range(1, 21)
    ]
    quick = Question(id="s1", kind="single", number=21, prompt="Pick A.", options={"A": "a", "B": "b"}, answer="A")
    save_bank(Bank(id="mixed", title="Mixed", source="tests", questions=[*cases, quick]), bot_settings_env.banks)
    async with bot_settings_env.run():
        yield bot_settings_env


async def test_a_question_in_two_banks_is_asked_once_in_a_round(env: BotEnv) -> None:
    fake = env.fake
    li = fake.user(7401, "李雷")
    li.command("/quiz 2 left right")
    first = await fake.next_message(li.id)
    assert TWIN in " ".join(first.text.split())
    li.press(first, "正确")
    await fake.edited(first)
    ended = await fake.next_message(li.id)  # nothing else to ask: the round ends, its twin never asked
    assert ended.text.startswith("🏁 练习完成：答对 1/1"), ended.text
    assert (await env.engine.stats(li.id)).total.total == 1
    fake.assert_clean()


async def test_a_new_learner_starts_with_a_question_answered_by_a_tap(env: BotEnv) -> None:
    fake = env.fake
    amy = fake.user(7402, "Amy", language_code="en")
    amy.command("/quiz mixed")  # twenty cases and one single choice: the first is the single choice
    first = await fake.next_message(amy.id)
    assert first.text.startswith("【Single choice】") and first.buttons
    amy.press(first, "A")
    await fake.edited(first)
    amy.command("/quiz mixed")  # from then on, any kind
    assert (await fake.next_message(amy.id)).text.startswith("【Case analysis】")
    fake.assert_clean()


ZH_KINDS = ("单选题", "多选题", "判断题", "填空题", "案例分析题")
EN_KINDS = ("Single choice", "Multiple choice", "True/false", "True or false", "Fill-in", "Fill in the blank")


def test_no_catalog_text_holds_the_other_languages_kind_names() -> None:
    from babel.messages.pofile import read_po

    from bot.locale.catalogs import HERE as CATALOG_DIR

    others = {"en": ZH_KINDS, "zh": EN_KINDS, "ja": ZH_KINDS + EN_KINDS}
    for lang, foreign in others.items():
        with (CATALOG_DIR / lang / "LC_MESSAGES" / "studybot.po").open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            assert not [(message.id, name) for s in strings for name in foreign if name in s], lang


@pytest.mark.parametrize("lang", ["zh", "en", "ja"])
async def test_settings_name_kinds_and_banks_for_people_in_each_language(env: BotEnv, lang: str) -> None:
    """Kinds one way per language, listed with the language's punctuation, banks by their titles."""
    fake = env.fake
    user = fake.user(7410 + len(lang) + ord(lang[0]), "Learner", language_code=lang)
    user.command("/banks left mixed")
    await fake.next_message(user.id)
    user.command("/settings kinds 单选 判断")
    shown = (await fake.next_message(user.id)).text
    kinds_line = next(line for line in shown.splitlines() if "判断" in line or "True/false" in line or "正誤" in line)
    banks_line = next(line for line in shown.splitlines() if "Left" in line)
    expected = {"zh": "单选题、判断题", "en": "Single choice, True/false", "ja": "単一選択問題、正誤問題"}[lang]
    assert kinds_line.endswith(expected), kinds_line
    assert "left" not in banks_line and "mixed" not in banks_line  # titles, never ids
    if lang != "en":
        assert ", " not in kinds_line and ", " not in banks_line
        assert not any(name in shown for name in EN_KINDS)
    else:
        assert not any(name in shown for name in ZH_KINDS)
    fake.assert_clean()
