"""`studybot run` killed with SIGKILL while it holds fetched but unhandled updates, then started again:
every button press is handled, once."""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fakebot import FakeBotServer, Fault
from tg_harness import start_process, wait_serving

from bot.banks.model import Kind, load_banks
from bot.store import Store
from bot.study.engine import StudyEngine
from bot.telegram.callbacks import CallbackCodec

ROOT = Path(__file__).resolve().parents[2]
BANKS = ROOT / "data" / "banks"
LEARNERS = list(range(9001, 9041))  # 40 learners, one question each, all pressing at once


async def seed(fake: FakeBotServer, db: Path) -> dict[int, int]:
    """A true/false question sent to each learner (a message with buttons on the fake); learner -> asked id."""
    store = await Store.open(db)
    banks = load_banks(BANKS)
    engine = await StudyEngine.create(store, banks, clock=lambda: datetime.now(UTC), rng=random.Random(1))
    bank = banks[0]
    question = next(q for q in bank.questions if q.kind is Kind.true_false)
    codec = CallbackCodec.from_token(fake.token)
    asked: dict[int, int] = {}
    for learner in LEARNERS:
        user = fake.user(learner, f"L{learner}", language_code="en")
        await engine.ensure_learner(learner, user.first_name, "en")
        await engine.ensure_chat(learner, "private")
        asked_id = await engine.ask(learner, learner, question, bank_id=bank.id)
        markup = {
            "inline_keyboard": [
                [
                    {"text": "True", "callback_data": codec.encode("answer", asked_id, "1")},
                    {"text": "False", "callback_data": codec.encode("answer", asked_id, "0")},
                ]
            ]
        }
        msg = fake.new_message(learner, dict(fake.bot_user), from_bot=True, text=question.prompt)
        msg.reply_markup = markup
        await engine.attach_message(asked_id, msg.message_id)
        asked[learner] = asked_id
    await store.close()
    return asked


def attempts(db: Path) -> dict[int, int]:
    conn = sqlite3.connect(db)
    try:
        return dict(conn.execute("SELECT learner_id, count(*) FROM attempts GROUP BY learner_id").fetchall())
    finally:
        conn.close()


async def start(fake: FakeBotServer, db: Path, tmp_path: Path) -> asyncio.subprocess.Process:
    return await start_process(fake, tmp_path, db=db, banks=BANKS, push_poll_seconds=3600)


@pytest.mark.slow
def _shows_verdict(text: str) -> bool:
    """A verdict: a message of its own, or written under its question in the question's message."""
    return text[:1] in "✅❌" or any(f"\n\n{mark}" in text for mark in "✅❌")


async def test_sigkill_with_fetched_updates_then_restart_handles_every_press_once(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with FakeBotServer() as fake:
        await seed(fake, db)
        presses = {learner: fake.users[learner].press(fake.sent_to(learner)[0], 0) for learner in LEARNERS}
        # Every toast takes 4 s: the bot fetches all the presses, starts as many as it runs at once (16) and
        # holds the rest.
        fake.fail(Fault.slow(4), method="answerCallbackQuery", times=None)
        first = await start(fake, db, tmp_path)
        try:
            # Polled: the requests awaited here are still open (slow), so they announce nothing yet.
            for _ in range(600):
                if first.returncode is not None or (
                    fake.pending_updates() == 0 and len(fake.calls("answerCallbackQuery")) >= 5
                ):
                    break
                await asyncio.sleep(0.05)
            assert first.returncode is None, "studybot run exited early"
        finally:
            first.send_signal(signal.SIGKILL)
            await first.wait()
        before = attempts(db)
        assert len(before) <= 16  # the others were only fetched when the process died
        fake.clear_faults()

        second = await start(fake, db, tmp_path)
        try:
            await wait_serving(fake, second, lambda: len(attempts(db)) == len(LEARNERS), "every press recorded")
            await fake.wait_for(
                lambda: all(p.id in fake.callback_answers for p in presses.values()),
                timeout=30,
                what="every press answered",
            )
        finally:
            second.send_signal(signal.SIGINT)
            _, err = await asyncio.wait_for(second.communicate(), 20)
        assert set(attempts(db).values()) == {1}  # each press recorded once
        verdicts = {learner for learner in LEARNERS if any(_shows_verdict(m.text or "") for m in fake.sent_to(learner))}
        in_flight = len(before)
        # Every learner gets a verdict: those whose press was being handled at the kill get it again from
        # the replay ("already answered" repeats it).
        assert verdicts == set(LEARNERS)
        # Only a press in flight at the kill may be answered twice: its slow toast reached the fake from the
        # killed process too (each such press then shows one rejected answer, whichever came second).
        twice = {r.params["callback_query_id"] for r in fake.rejected if r.method == "answerCallbackQuery"}
        assert len(twice) <= in_flight
        assert "not handled: handling them now" in err.decode()
