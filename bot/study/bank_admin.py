"""Banks changed by an admin while the bot runs: an imported bank written and put live, a bank deleted,
a key fixed.

One change at a time (a lock): each writes (or removes) a bank file (whole or not at all, bot/files.py),
reads the folder's servable banks again and swaps them into the live engine (bot/study/reload.py).
Nothing here knows Telegram; the front end says what happened in the admin's language.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from bot.banks.edit import with_question
from bot.banks.key_fix import KeyFixError, describe_key, parse_key, with_key
from bot.banks.lint import LintFinding, lint_banks, normalize
from bot.banks.model import Bank, Question, load_bank, load_banks_serving, save_bank
from bot.files import fsync_dir
from bot.study.engine import StudyEngine
from bot.study.reload import reload_banks

__all__ = ["NOT_WRITABLE", "BankAdmin", "Deleted", "Edited", "Installed", "KeyFixed", "Target", "target_for"]

log = logging.getLogger("bot.admin")

NOT_WRITABLE = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})  # the folder, not the disk, is the problem


@dataclass(frozen=True)
class Installed:
    replaced: bool  # a bank of that id was there before
    findings: list[LintFinding]  # the lint of every bank served now


@dataclass(frozen=True)
class Target:
    """Where an imported bank goes: its id, and the live bank it replaces (None for a new bank)."""

    bank_id: str
    replaces: Bank | None


def target_for(live: Mapping[str, Bank], bank_id: str, title: str, *, named: bool = False) -> Target:
    """The bank an upload becomes. A document sent again replaces its bank instead of adding a copy: the
    bank of the same id (the id the admin `named` in the caption, or the one from the file name), else
    the bank of the same title (compared as lint compares text: script, width, case, punctuation)."""
    if named or bank_id in live:
        return Target(bank_id, live.get(bank_id))
    wanted = normalize(title)
    same = sorted(b.id for b in live.values() if wanted and normalize(b.title) == wanted)
    if same:
        return Target(same[0], live[same[0]])
    return Target(bank_id, None)


@dataclass(frozen=True)
class Deleted:
    bank: Bank  # the bank as it was served
    file: str  # the name of the file removed
    learners: int  # learners who had chosen it: now their other banks, or every bank
    subscriptions: int  # push subscriptions that had chosen it: the same


@dataclass(frozen=True)
class KeyFixed:
    old: str  # the key as it was, described for people
    new: str
    resolved: int  # open reports of the question closed by the fix


@dataclass(frozen=True)
class Edited:
    """A question of a live bank edited (or removed) on the teacher's desk."""

    old: Question  # as it was served
    new: Question | None  # None: removed
    resolved: int  # open reports of the question closed by the edit
    closed: int  # open questions closed because what the learner saw changed


class BankAdmin:
    def __init__(self, engine: StudyEngine, folder: Path) -> None:
        self.engine = engine
        self.folder = folder
        self._lock = asyncio.Lock()

    async def _servable(self) -> list[Bank]:
        """The banks of the folder that can be read; those that cannot are logged and left out."""
        banks, problems = await asyncio.to_thread(load_banks_serving, self.folder)
        for path, why in problems:
            log.error("bank file %s cannot be read (%s): not served", path, why)
        return banks

    async def install(self, bank: Bank) -> Installed:
        """Write the bank into the folder (replacing one of the same id) and serve it at once.

        OSError when it cannot be written: the old file, if any, is left as it was."""
        async with self._lock:
            # The file that holds the bank now, whatever its name: a second file of the same id would
            # leave the folder with two banks of one id.
            path = await asyncio.to_thread(_bank_path, self.folder, bank.id)
            await asyncio.to_thread(save_bank, bank, self.folder, path)
            replaced = path is not None
            before = self.engine.banks.get(bank.id)
            banks = await self._servable()
            findings = await asyncio.to_thread(lint_banks, banks)
            await reload_banks(self.engine, banks)
            if before is not None:
                closed = await self.engine.close_reworded(before)
                if closed:
                    log.info("bank %s replaced: %d open questions whose text changed are closed", bank.id, closed)
        return Installed(replaced, findings)

    async def delete(self, bank_id: str) -> Deleted | None:
        """Remove a served bank's file (one unlink: there or gone, never half) and stop serving it. None when
        the bot serves no such bank. Learners' answers and cards stay in the database. OSError when the
        file cannot be removed: the bank is served as before."""
        async with self._lock:
            bank = self.engine.banks.get(bank_id)
            path = await asyncio.to_thread(_bank_path, self.folder, bank_id) if bank is not None else None
            if bank is None or path is None:
                return None
            await asyncio.to_thread(path.unlink)
            await asyncio.to_thread(fsync_dir, self.folder)
            await reload_banks(self.engine, await self._servable())
        learners, subscriptions = await self.engine.forget_bank(bank_id)
        return Deleted(bank, path.name, learners, subscriptions)

    async def fix_key(self, bank_id: str, qid: str, typed: str) -> KeyFixed:
        """Write the new key into the bank file, put it live, resolve the question's reports (KeyFixError)."""
        async with self._lock:
            old, new = await self._rewrite(bank_id, qid, typed)
            await reload_banks(self.engine, await self._servable())
        resolved = await self.engine.resolve_reports(bank_id, qid)
        return KeyFixed(old, new, resolved)

    async def change_question(
        self, bank_id: str, qid: str, change: Callable[[Question], Question | None]
    ) -> tuple[Question, bool] | None:
        """Write `change(question)` into the bank file and put it live (a dispute accepted: one more accepted
        answer). (the question as served now, whether the file changed); None when `change` gives None
        (nothing is written then). KeyFixError when there is no such bank or question, or the file cannot
        be written (it is then as it was)."""
        async with self._lock:
            path, bank = await self._served(bank_id)
            question = bank.question(qid)
            if question is None:
                raise KeyFixError(f"题库 {bank_id} 中没有题目 {qid}", f"bank {bank_id} has no question {qid}")
            changed = change(question)
            if changed is None:
                return None
            if changed == question:
                return question, False
            questions = [changed if q.id == qid else q for q in bank.questions]
            await self._save(bank.model_copy(update={"questions": questions}), path)
            await reload_banks(self.engine, await self._servable())
        return changed, True

    async def edit_question(self, bank_id: str, qid: str, question: Question | None) -> Edited:
        """Put an edited question (None: remove it) into a served bank's file and live, /fixkey's path: the
        question's reports are resolved and later answers are graded by the new text; open questions whose
        wording, options or kind changed are closed (KeyFixError: no such bank or question, or the file
        cannot be written, and nothing changed)."""
        async with self._lock:
            path, bank = await self._served(bank_id)
            old = bank.question(qid)
            if old is None:
                raise KeyFixError(f"题库 {bank_id} 中没有题目 {qid}", f"bank {bank_id} has no question {qid}")
            if question is None:
                if len(bank.questions) == 1:
                    raise KeyFixError(
                        "这是题库里唯一的一道题：要删除就删除整个题库",
                        "this is the bank's only question: delete the whole bank instead",
                    )
                changed = bank.model_copy(update={"questions": [q for q in bank.questions if q.id != qid]})
            else:
                changed = with_question(bank, question.model_copy(update={"id": qid}))
            before = self.engine.banks[bank_id]
            await self._save(changed, path, ("题目", "The question"))
            await reload_banks(self.engine, await self._servable())
        closed = await self.engine.close_reworded(before)
        resolved = await self.engine.resolve_reports(bank_id, qid) if question is not None else 0
        return Edited(old, changed.question(qid), resolved, closed)

    async def _served(self, bank_id: str) -> tuple[Path, Bank]:
        # Only a bank the bot serves: a typed id never becomes a path of its own (../, NUL, 300 bytes...).
        path = await asyncio.to_thread(_bank_path, self.folder, bank_id) if bank_id in self.engine.banks else None
        if path is None:
            raise KeyFixError(f"题库文件夹中没有题库 {bank_id}", f"there is no bank {bank_id} in the banks folder")
        return path, await asyncio.to_thread(load_bank, path)

    async def _rewrite(self, bank_id: str, qid: str, typed: str) -> tuple[str, str]:
        path, bank = await self._served(bank_id)
        question = bank.question(qid)
        if question is None:
            raise KeyFixError(f"题库 {bank_id} 中没有题目 {qid}", f"bank {bank_id} has no question {qid}")
        fixed = with_key(bank, qid, parse_key(question, typed))
        new_question = fixed.question(qid)
        assert new_question is not None
        await self._save(fixed, path)
        return describe_key(question), describe_key(new_question)

    async def _save(self, bank: Bank, path: Path, what: tuple[str, str] = ("答案", "The key")) -> None:
        try:
            await asyncio.to_thread(save_bank, bank, self.folder, path)
        except OSError as exc:
            log.error("cannot write bank file %s: %s", path, exc)
            zh, en = (
                ("（STUDYBOT_BANKS 须可写）", " (STUDYBOT_BANKS must be writable)")
                if exc.errno in NOT_WRITABLE
                else ("", "")
            )
            raise KeyFixError(
                f"无法写入题库文件 {path}：{exc.strerror}{zh}。{what[0]}没有改变，题库文件保持原样。",
                f"cannot write the bank file {path}: {exc.strerror}{en}. {what[1]} is unchanged "
                "and the bank file is as it was.",
            ) from exc


def _bank_path(folder: Path, bank_id: str) -> Path | None:
    """The file in the banks folder that holds bank `bank_id` (normally `<id>.json`)."""
    usual = folder / f"{bank_id}.json"
    try:
        candidates = [usual] if usual.is_file() else []
    except (OSError, ValueError):  # a name no file system takes
        candidates = []
    candidates += sorted(p for p in folder.glob("*.json") if p != usual)
    for path in candidates:
        try:
            if load_bank(path).id == bank_id:
                return path
        except (OSError, ValidationError, ValueError):
            continue
    return None
