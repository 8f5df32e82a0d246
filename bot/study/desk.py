"""The teacher's desk's engine: imports under review, questions of live banks edited or removed, and what
the groups did this week. Nothing here knows HTTP or Telegram; the web front end (bot/web) calls it, and
the chat's upload holds its drafts through the same `hold`.

An upload under review is the upload held for confirmation (bot/store/pending_uploads.py): the chat's
[导入 N 题] and the page's [发布] take the same row, so whichever comes first publishes the bank as it
was edited so far, and the other is told it is gone. Edits are compare-and-set on the draft's revision:
an edit made on a page that shows an older revision is refused, never silently undoes another.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import timedelta

from bot.banks.edit import EditError, QuestionForm, edited_question, with_question
from bot.banks.importer import ImportResult, question_id
from bot.banks.lint import LintFinding, lint_banks, normalize
from bot.banks.model import Bank, Kind, Question, bank_json
from bot.banks.review import ImportReview, review_of
from bot.records import Chat, PendingUpload, ScoreRow, Subscription
from bot.store import chats as chats_repo
from bot.store import subscriptions as subscriptions_repo
from bot.store.group_answers import GroupAnswer, answers_since
from bot.study.bank_admin import BankAdmin, Installed, Target, target_for
from bot.study.days import tzinfo_for
from bot.study.engine import UPLOAD_KEEP_SECONDS, StudyEngine

__all__ = [
    "DeskError",
    "Draft",
    "GroupWeek",
    "Published",
    "TeacherDesk",
    "concerns",
]


class DeskError(Exception):
    """What the desk cannot do, said in zh and en (a draft gone or edited meanwhile, a missing question)."""

    def __init__(self, zh: str, en: str, *, stale: bool = False) -> None:
        super().__init__(en)
        self.zh, self.en, self.stale = zh, en, stale

    def message(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


GONE = DeskError("这份导入已经发布、取消或过期了", "this import was published, cancelled or has expired", stale=True)
EDITED = DeskError(
    "这份导入刚刚在别处被修改过：请看一下最新的内容再改",
    "this import was just edited elsewhere: look at the latest version and edit again",
    stale=True,
)


@dataclass(frozen=True)
class Draft:
    """An upload under review as the desk shows it."""

    upload: PendingUpload
    bank: Bank
    review: ImportReview
    target: Target  # the live bank it replaces, if any
    findings: list[LintFinding]  # the lint of this bank as it would go live

    @property
    def revision(self) -> int:
        return self.upload.revision


@dataclass(frozen=True)
class Published:
    bank: Bank
    installed: Installed
    file_name: str


@dataclass(frozen=True)
class GroupWeek:
    """A group as its teacher checks it: this week's answers, the leaderboard, the daily question."""

    chat: Chat
    since_day: str  # the local Monday the week started on (ISO date)
    answers: list[GroupAnswer]
    board: list[ScoreRow]
    daily: Subscription | None


def concerns(finding: LintFinding, bank_id: str) -> bool:
    """The finding is about the bank (or names one of its questions as a duplicate)."""
    return finding.bank_id == bank_id or any(r.split("/", 1)[0] == bank_id for r in finding.related)


class TeacherDesk:
    def __init__(self, engine: StudyEngine, shelf: BankAdmin) -> None:
        self.engine = engine
        self.shelf = shelf

    # ----- imports under review ----------------------------------------------------------------------

    async def hold(
        self, admin_id: int, chat_id: int, result: ImportResult, file_name: str, *, named: bool
    ) -> tuple[int, Bank, Target]:
        """Hold an imported document for review and confirmation: its id, the bank it becomes (a document
        sent again replaces its bank: same id, else same title) and what it replaces."""
        target = target_for(self.engine.banks, result.bank.id, result.bank.title, named=named)
        bank = result.bank.model_copy(update={"id": target.bank_id})
        review = review_of(result).model_dump_json()
        upload_id = await self.engine.hold_upload(admin_id, chat_id, bank.id, file_name, bank_json(bank), review)
        return upload_id, bank, target

    async def drafts(self, admin_id: int) -> list[PendingUpload]:
        return await self.engine.waiting_uploads(admin_id)

    async def draft(self, upload_id: int, admin_id: int) -> Draft:
        """The admin's upload under review (DeskError when it is not theirs, or gone)."""
        upload = await self.engine.held_upload(upload_id)
        now = self.engine.clock().timestamp()
        if upload is None or upload.admin_id != admin_id or upload.created_at < now - UPLOAD_KEEP_SECONDS:
            raise GONE
        bank = Bank.model_validate_json(upload.bank_json)
        review = ImportReview.model_validate_json(upload.review) if upload.review else ImportReview()
        target = target_for(self.engine.banks, bank.id, bank.title, named=True)
        return Draft(upload, bank, review, target, await self.lint(bank))

    async def lint(self, bank: Bank) -> list[LintFinding]:
        """The findings about `bank` were it live beside the other banks (errors first)."""
        others = [b for b in self.engine.banks.values() if b.id != bank.id]
        findings = await asyncio.to_thread(lint_banks, [bank, *others])
        return [f for f in findings if concerns(f, bank.id)]

    async def _revise(self, draft: Draft, bank: Bank, review: ImportReview) -> Draft:
        revision = await self.engine.revise_upload(draft.upload, bank_json(bank), review.model_dump_json())
        if revision is None:
            raise EDITED if await self.engine.held_upload(draft.upload.id) is not None else GONE
        upload = replace(draft.upload, bank_json=bank_json(bank), review=review.model_dump_json(), revision=revision)
        return Draft(upload, bank, review, draft.target, await self.lint(bank))

    async def _current(self, upload_id: int, admin_id: int, revision: int) -> Draft:
        draft = await self.draft(upload_id, admin_id)
        if draft.revision != revision:
            raise EDITED
        return draft

    async def save_question(self, upload_id: int, admin_id: int, revision: int, qid: str, form: QuestionForm) -> Draft:
        """An edited question of a draft (EditError when the form makes no question)."""
        draft = await self._current(upload_id, admin_id, revision)
        old = draft.bank.question(qid)
        if old is None:
            raise DeskError(f"这份导入里没有题目 {qid}", f"this import has no question {qid}")
        question = edited_question(form, qid=qid, number=old.number, base=old)
        return await self._revise(draft, with_question(draft.bank, question), draft.review)

    async def add_passage(
        self, upload_id: int, admin_id: int, revision: int, first_line: int, form: QuestionForm
    ) -> tuple[Draft, str]:
        """A left-out passage made a question of the draft, placed by its line; the draft and the new id."""
        draft = await self._current(upload_id, admin_id, revision)
        passage = draft.review.passage(first_line)
        if passage is None or passage.added is not None:
            raise DeskError(f"第 {first_line} 行没有未导入的题", f"no left-out question starts on line {first_line}")
        try:
            kind = Kind(form.kind)
        except ValueError:
            raise EditError("kind", f"没有题型“{form.kind}”", f"there is no kind '{form.kind}'") from None
        qid = question_id(kind, passage.number, {q.id for q in draft.bank.questions})
        base = Question.model_construct(section=passage.section, line=passage.first_line, tags=[], meta={})
        question = edited_question(form, qid=qid, number=passage.number, base=base)
        left_out = [p.model_copy(update={"added": qid}) if p is passage else p for p in draft.review.left_out]
        review = draft.review.model_copy(update={"left_out": left_out})
        bank = with_question(draft.bank, question, after=passage.first_line)
        return await self._revise(draft, bank, review), qid

    async def remove_question(self, upload_id: int, admin_id: int, revision: int, qid: str) -> Draft:
        """A question taken out of the draft (a misread that is no question at all)."""
        draft = await self._current(upload_id, admin_id, revision)
        if draft.bank.question(qid) is None:
            raise DeskError(f"这份导入里没有题目 {qid}", f"this import has no question {qid}")
        if len(draft.bank.questions) == 1:
            raise DeskError(
                "这是唯一的一道题：不要了就取消这份导入", "it is the only question: cancel the import instead"
            )
        bank = draft.bank.model_copy(update={"questions": [q for q in draft.bank.questions if q.id != qid]})
        left_out = [p.model_copy(update={"added": None}) if p.added == qid else p for p in draft.review.left_out]
        return await self._revise(draft, bank, draft.review.model_copy(update={"left_out": left_out}))

    async def publish(self, upload_id: int, admin_id: int) -> Published:
        """Put the draft live as the chat's [导入 N 题] does (the same atomic write, the same closing of open
        questions whose wording changed). OSError when the bank cannot be written: the draft waits again."""
        await self.draft(upload_id, admin_id)  # theirs, and still there
        taken = await self.engine.take_upload(upload_id)
        if taken is None:
            raise GONE
        bank = Bank.model_validate_json(taken.bank_json)
        try:
            installed = await self.shelf.install(bank)
        except OSError:
            await self.engine.hold_again(taken)
            raise
        return Published(bank, installed, taken.file_name)

    async def cancel(self, upload_id: int, admin_id: int) -> PendingUpload:
        await self.draft(upload_id, admin_id)
        taken = await self.engine.take_upload(upload_id)
        if taken is None:
            raise GONE
        return taken

    # ----- live banks --------------------------------------------------------------------------------

    def search(self, words: str, bank_id: str | None = None, limit: int = 200) -> list[tuple[Bank, Question]]:
        """Questions of live banks whose id, stem, options, key or explanation hold every word (compared
        as lint compares text: script, width, case, punctuation), in bank and document order."""
        wanted = [normalize(w) for w in words.split() if normalize(w)]
        found: list[tuple[Bank, Question]] = []
        for bank in sorted(self.engine.banks.values(), key=lambda b: b.id):
            if bank_id is not None and bank.id != bank_id:
                continue
            for q in bank.questions:
                text = normalize(" ".join([q.id, q.prompt, *q.options.values(), str(q.answer), q.explanation or ""]))
                if all(w in text for w in wanted):
                    found.append((bank, q))
                    if len(found) >= limit:
                        return found
        return found

    def live_question(self, bank_id: str, qid: str) -> tuple[Bank, Question]:
        bank = self.engine.banks.get(bank_id)
        question = bank.question(qid) if bank is not None else None
        if bank is None or question is None:
            raise DeskError(f"没有题目 {bank_id}/{qid}", f"there is no question {bank_id}/{qid}")
        return bank, question

    # ----- groups ------------------------------------------------------------------------------------

    async def groups(self) -> list[Chat]:
        async with self.engine.store.read() as db:
            return await chats_repo.groups(db)

    async def group_week(self, chat_id: int) -> GroupWeek:
        """This week (since Monday, the group's local time) of one group."""
        chat = await self.engine.chat(chat_id)
        if chat is None or not chat.is_group:
            raise DeskError(f"没有群组 {chat_id}", f"there is no group {chat_id}")
        zone = tzinfo_for(chat.tz or self.engine.default_tz)
        now = self.engine.clock().astimezone(zone)
        monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
        async with self.engine.store.read() as db:
            answers = await answers_since(db, chat_id, int(monday.timestamp()))
            daily = await subscriptions_repo.get(db, chat_id, "daily")
        board = await self.engine.top(chat_id, "week", limit=50)
        return GroupWeek(chat, monday.date().isoformat(), answers, board, daily)
