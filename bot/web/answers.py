"""What learners answered: the things to decide first ("my answer should count" disputes grouped by
question, each distinct reply with its count and [接受]/[不接受]; the open reports with [答案没错]), then
per bank and per question the attempts, % right and the most common replies that were not right.

Every figure and every decision is the engine's (bot/study/disputes.py, the same methods the chat's
/reports calls): accepting adds the reply to the bank file, regrades every attempt with that reply and
wakes the notices, so learners are told in Telegram whichever front end decided. The admin check is
the guard's (every request); here is what the pages show.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiohttp import web

from bot.banks.key_fix import describe_key
from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question
from bot.study.answer_stats import QuestionAnswers, ReplyCount
from bot.study.disputes import Decision
from bot.web.forms import field
from bot.web.pages import render, services, viewer
from bot.web.texts import translator

__all__ = ["BankTally", "bank_tallies", "reply_shown", "routes"]

log = logging.getLogger("bot.admin")
routes = web.RouteTableDef()

SHOWN_DISPUTED = 50  # disputed questions on a page (deciding them brings the next ones)
SHOWN_REPLIES = 5  # the most common replies not right, per question
KEY_LIMIT = 300  # how much of a key (a case's reference answer) a card shows
_JUDGEMENTS = {"正确": 0, "错误": 1}  # the grader's reading of a true/false reply (Verdict.understood)


@dataclass(frozen=True)
class BankTally:
    """A bank's line on the overview: how its answered questions went, and what waits for a decision."""

    bank: Bank
    answered: int  # questions with at least one attempt
    attempts: int
    correct: int
    disputes: int  # open disputes
    reports: int  # open reports

    @property
    def accuracy(self) -> int:
        """% of attempts graded right (0 when none)."""
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def bank_tallies(
    banks: list[Bank],
    answered: list[QuestionAnswers],
    disputes: dict[str, int],
    reports: dict[str, int],
) -> list[BankTally]:
    """One line per bank (the answered first, then by id); `disputes` and `reports` count per bank id."""
    out = []
    for bank in banks:
        mine = [q for q in answered if q.bank_id == bank.id]
        out.append(
            BankTally(
                bank,
                answered=len(mine),
                attempts=sum(q.attempts for q in mine),
                correct=sum(q.correct for q in mine),
                disputes=disputes.get(bank.id, 0),
                reports=reports.get(bank.id, 0),
            )
        )
    out.sort(key=lambda b: (b.attempts == 0, b.bank.id))
    return out


def reply_shown(question: Question, reply: ReplyCount, true_false: tuple[str, str] = ("对", "错")) -> str:
    """A reply as the teacher reads it: a choice as the letters understood with their options' text
    (`我选b`, `B.` and `b` are one line: "B. 刑法"), a true/false reply as the judgement understood (in
    the page's words for true and false), anything else as most learners wrote it."""
    if question.kind in CHOICE_KINDS and reply.key and all(c in question.options for c in reply.key):
        return "；".join(f"{c}. {question.options[c]}" for c in reply.key)
    if question.kind is Kind.true_false and reply.key in _JUDGEMENTS:
        return true_false[_JUDGEMENTS[reply.key]]
    return reply.reply


def _by_bank(pairs: list[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for bank_id, n in pairs:
        out[bank_id] = out.get(bank_id, 0) + n
    return out


def _notice(decision: Decision, lang: str) -> tuple[str, bool, int]:
    """What the teacher is told of a decision: (text, is it an error, the page's status)."""
    t = translator(lang)
    names = {"bank": decision.bank_id, "qid": decision.question_id, "reply": decision.reply}
    if decision.status == "accepted":
        text = t(
            "dispute_accepted",
            written=t("dispute_written" if decision.written else "dispute_unchanged"),
            regraded=t("dispute_regraded", k=decision.regraded),
            told=t("dispute_told", m=len(decision.learners)),
            answer=decision.key,
            **names,
        )
        return text, False, 200
    if decision.status == "rejected":
        return t("dispute_rejected", m=len(decision.learners), **names), False, 200
    if decision.status == "decided":
        return t("dispute_decided_accepted" if decision.accepted else "dispute_decided_rejected"), False, 200
    if decision.status == "unfit":
        return t("dispute_unfit", **names), True, 422
    if decision.status == "unwritable" and decision.error is not None:
        return t("dispute_unwritable", bank=decision.bank_id, why=decision.error.message(lang)), True, 500
    if decision.status == "gone":
        return t("dispute_gone"), True, 409
    return t("dispute_unknown"), True, 404


async def _overview(request: web.Request, *, notice: tuple[str, bool] | None = None, status: int = 200) -> web.Response:
    """The disputes, the open reports, and a line per bank."""
    me, svc = viewer(request), services(request)
    engine, t = svc.engine, translator(me.lang)
    every = await svc.disputes.open_disputes(limit=10000)
    flagged = await engine.flagged_reports(limit=200)
    reports = []
    for item in flagged:
        found = engine.question_for(item.question)
        question = found[1] if found else None
        key = describe_key(question, me.lang, KEY_LIMIT) if question is not None else None
        reports.append((item, question, key))
    tallies = bank_tallies(
        sorted(engine.banks.values(), key=lambda b: b.id),
        await svc.disputes.answer_distribution(top=0),
        _by_bank([(d.bank_id, d.count) for d in every]),
        _by_bank([(r.bank, r.count) for r in flagged]),
    )
    dismissed = request.query.get("dismissed", "")
    if notice is None and dismissed.isdecimal():
        notice = (t("answers_dismissed", n=int(dismissed)), False)
    return render(
        request,
        "answers.html",
        status=status,
        title=t("answers_title"),
        disputed=every[:SHOWN_DISPUTED],
        open_disputes=sum(d.count for d in every),
        more_disputed=sum(d.count for d in every[SHOWN_DISPUTED:]),
        reports=reports,
        tallies=tallies,
        notice=notice,
        **_shared(request),
    )


def _shared(request: web.Request) -> dict[str, object]:
    """What the disputes' cards need on either page."""
    engine, lang = services(request).engine, viewer(request).lang
    t = translator(lang)
    words = (t("q_true"), t("q_false"))
    return {
        "bank_title": lambda bank_id: engine.banks[bank_id].title if bank_id in engine.banks else bank_id,
        "key_of": lambda question: describe_key(question, lang, KEY_LIMIT),
        "reply_shown": lambda question, reply: reply_shown(question, reply, words),
    }


def _bank(request: web.Request, bank_id: str) -> Bank:
    bank = services(request).engine.banks.get(bank_id)
    if bank is None:
        raise web.HTTPNotFound()
    return bank


def _not_right(q: QuestionAnswers) -> int:
    return q.attempts - q.correct


async def _bank_answers(
    request: web.Request, bank: Bank, *, notice: tuple[str, bool] | None = None, status: int = 200
) -> web.Response:
    """One bank: its disputes, then each answered question with its figures and common wrong replies."""
    me, svc = viewer(request), services(request)
    t = translator(me.lang)
    order = request.query.get("sort", "wrong")
    answered = await svc.disputes.answer_distribution(bank.id, top=SHOWN_REPLIES)
    if order != "number":
        answered.sort(key=lambda q: (-_not_right(q), -q.attempts))  # stable: bank order among equals
    flagged = await svc.engine.flagged_reports(limit=10000)
    return render(
        request,
        "answers_bank.html",
        status=status,
        title=t("answers_bank_title", title=bank.title),
        bank=bank,
        order="number" if order == "number" else "wrong",
        answered=answered,
        unanswered=len(bank.questions) - len(answered),
        disputed=await svc.disputes.open_disputes(limit=SHOWN_DISPUTED, bank_id=bank.id),
        reports={f.qid: f.count for f in flagged if f.bank == bank.id},
        notice=notice,
        **_shared(request),
    )


@routes.get("/answers")
async def answers(request: web.Request) -> web.StreamResponse:
    return await _overview(request)


@routes.get("/answers/{bank}")
async def bank_answers(request: web.Request) -> web.StreamResponse:
    return await _bank_answers(request, _bank(request, request.match_info["bank"]))


@routes.post("/answers/{bank}/{qid}/dismiss")
async def dismiss(request: web.Request) -> web.StreamResponse:
    me, engine = viewer(request), services(request).engine
    bank, qid = request.match_info["bank"], request.match_info["qid"]
    done = await engine.resolve_reports(bank, qid, "dismissed")
    log.info("admin %d dismissed %d report(s) of %s/%s on the desk", me.admin_id, done, bank, qid)
    raise web.HTTPSeeOther(f"/answers?dismissed={done}")


async def _decide(request: web.Request, accept: bool) -> web.StreamResponse:
    """[接受] / [不接受] under a disputed reply: the engine decides (once, whoever presses first, here or
    in the chat); the page it was pressed on comes back with what the decision did."""
    me, svc = viewer(request), services(request)
    text = request.match_info["dispute"]
    if not text.isdecimal():
        raise web.HTTPNotFound()
    dispute_id = int(text)
    decide = svc.disputes.accept if accept else svc.disputes.reject
    decision = await decide(dispute_id, me.admin_id)
    verb = "accepted" if accept else "declined"
    log.info("admin %d %s dispute %d on the desk: %s", me.admin_id, verb, dispute_id, decision.status)
    words, error, status = _notice(decision, me.lang)
    back = field(await request.post(), "back")
    if back in svc.engine.banks:
        return await _bank_answers(request, svc.engine.banks[back], notice=(words, error), status=status)
    return await _overview(request, notice=(words, error), status=status)


@routes.post("/disputes/{dispute}/accept")
async def accept(request: web.Request) -> web.StreamResponse:
    return await _decide(request, True)


@routes.post("/disputes/{dispute}/reject")
async def reject(request: web.Request) -> web.StreamResponse:
    return await _decide(request, False)
