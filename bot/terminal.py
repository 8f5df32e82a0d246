"""`studybot practice`: a practice session in the terminal with the same engine and database as the bot.

The session loop is synchronous (so Ctrl-C interrupts a waiting `readline` at once); each engine call
runs on one asyncio.Runner kept for the whole session.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO, TypeVar

from pydantic import ValidationError

from bot.banks.model import Bank, load_bank
from bot.grading import format_question, format_verdict
from bot.locale import terminal_language
from bot.locale.catalogs import texts
from bot.store import Store
from bot.study.engine import StudyEngine
from bot.study.kinds import parse_kinds
from bot.study.results import Empty

__all__ = ["practice", "streak_line"]

T = TypeVar("T")
QUIT = frozenset({"q", "quit", "exit", "退出", "结束"})


def _say(key: str, lang: str, **fields: object) -> str:
    return texts()(f"term_{key}", lang, **fields)  # the catalogs' term_* messages (bot/locale)


def streak_line(current: int, longest: int, lang: str) -> str:
    """The summary's streak line: "1 day", "2 days" in English (Chinese has no plural)."""
    return _say("streak", lang, current=current, longest=longest)


def _load_banks(folder: Path, lang: str, err: TextIO) -> list[Bank] | None:
    banks = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            banks.append(load_bank(path))
        except (ValidationError, ValueError, OSError) as exc:
            first = str(exc).strip().splitlines()
            err.write(_say("bad_bank", lang, path=path, error=" ".join(first[:3])) + "\n")
            return None
    if not banks:
        err.write(_say("no_banks", lang, path=folder) + "\n")
        return None
    return banks


@dataclass
class Session:
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def total(self) -> int:
        return sum(self.outcomes.values())


def practice(
    *,
    db: Path,
    banks_dir: Path,
    tz: str,
    bank_ids: list[str] | None,
    kinds: list[str] | None,
    n: int,
    learner: int,
    stdin: TextIO,
    stdout: TextIO,
    stderr: TextIO,
    lang: str | None = None,
) -> int:
    """Run one session; returns the exit code. EOF (0) or Ctrl-C (130) end it with the summary."""
    guess = lang or terminal_language()
    if n < 1:
        stderr.write(_say("bad_n", guess, n=n) + "\n")
        return 2
    kind_list, unknown = parse_kinds(kinds or [])
    if unknown:
        stderr.write(_say("bad_kind", guess, names=", ".join(unknown)) + "\n")
        return 2
    banks = _load_banks(banks_dir, guess, stderr)
    if banks is None:
        return 1
    with asyncio.Runner() as runner:

        def run(coro: Coroutine[Any, Any, T]) -> T:
            return runner.run(coro)

        store = run(Store.open(db))
        try:
            engine = run(StudyEngine.create(store, banks, clock=lambda: datetime.now(UTC), rng=random.Random()))
            known = run(engine.learner(learner))
            run(engine.ensure_learner(learner, known.name if known else "terminal", guess, tz))
            run(engine.ensure_chat(learner, "private", "terminal"))
            lang = lang or (known.language if known else guess)
            session = Session()
            code = 0
            try:
                code = _loop(run, engine, learner, bank_ids, kind_list, n, lang, session, stdin, stdout)
            except KeyboardInterrupt:
                stdout.write("\n")
                code = 130  # the shell's convention for an interrupted command
            _summary(run, engine, learner, lang, session, stdout)
            return code
        finally:
            run(store.close())


def _loop(
    run: Any,
    engine: StudyEngine,
    learner: int,
    bank_ids: list[str] | None,
    kinds: list[Any],
    n: int,
    lang: str,
    session: Session,
    stdin: TextIO,
    stdout: TextIO,
) -> int:
    for i in range(1, n + 1):
        pick = run(engine.next_question(learner, banks=bank_ids or None, kinds=kinds or None))
        if isinstance(pick, Empty):
            stdout.write(pick.message(lang) + "\n")
            return 0 if session.total else 1
        asked = run(engine.ask(learner, learner, pick))
        title = engine.banks[pick.bank_id].title
        review = _say("review", lang) if pick.reason == "review" else ""
        stdout.write(f"\n{_say('header', lang, i=i, n=n, bank=title, review=review)}\n")
        stdout.write(format_question(pick.question, lang) + "\n")
        while True:
            stdout.write(_say("prompt", lang))
            stdout.flush()
            line = stdin.readline()
            if not line:  # EOF
                stdout.write("\n")
                return 0
            reply = line.strip()
            if reply.casefold() in QUIT:
                return 0
            if not reply:
                continue
            result = run(engine.answer(learner, asked, reply))
            if result.recorded and result.verdict is not None:
                session.outcomes[str(result.verdict.outcome)] += 1
                stdout.write(format_verdict(pick.question, result.verdict, lang) + "\n")
                break
            stdout.write(result.message(lang) + "\n")
            if result.status != "not_an_answer":
                break
    return 0


def _summary(run: Any, engine: StudyEngine, learner: int, lang: str, session: Session, out: TextIO) -> None:
    out.write("\n")
    if session.total:
        o = session.outcomes
        out.write(
            _say(
                "summary",
                lang,
                total=session.total,
                correct=o["correct"],
                partial=o["partial"],
                wrong=o["wrong"],
                accuracy=o["correct"] / session.total,
            )
            + "\n"
        )
    else:
        out.write(_say("none", lang) + "\n")
    streak = run(engine.streak(learner))
    out.write(streak_line(streak.current, streak.longest, lang) + "\n")
    out.flush()
