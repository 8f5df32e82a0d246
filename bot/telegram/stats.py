"""/stats: a picture of the learner's (or, in a group, the group's) last 12 weeks, with a short caption.

In a private chat the picture shows what to act on (the reviews due, the most-missed questions) and
the message carries [复习] and [错题] buttons (bot/telegram/menus.py answers them).

The picture (bot.pictures) is rendered in a worker thread: it takes a few hundred milliseconds and the
event loop keeps serving other chats meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters, Update
from telegram.constants import ChatType, ParseMode

from bot.banks.model import Kind
from bot.grading import kind_label
from bot.records import Tally
from bot.study.days import local_date
from bot.study.group_stats import group_stats
from bot.study.progress import reviews_due
from bot.study.results import Missed
from bot.study.streaks import StreakView
from bot.telegram.context import CustomContext
from bot.telegram.render import MAX_CAPTION, esc
from bot.telegram.sending import send_html
from bot.telegram.texts import t

if TYPE_CHECKING:
    from bot.pictures import FontChoice, MissedQuestion

# The pictures (matplotlib, about a second to import) are imported at the first /stats, not at start-up.
KIND_ORDER = tuple(kind.value for kind in Kind)  # the order of the bank model, as the picture draws them

__all__ = ["StatsView", "caption", "send_stats", "stats_command"]

log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def _fonts_for(font: Path | None) -> FontChoice:
    from bot.pictures import find_font_choice, font_choice

    # STUDYBOT_FONT may come from a .env file, which os.environ (read by font_choice) does not see.
    return find_font_choice({"STUDYBOT_FONT": str(font)}) if font else font_choice()


@dataclass(frozen=True)
class StatsView:
    """What /stats shows, from either a learner's or a group's numbers."""

    title: str
    total: Tally
    by_kind: dict[str, Tally]
    streak: StreakView


def _percent(tally: Tally) -> str:
    """The share of the points: each answer at its score, so partial credit counts."""
    return f"{round(tally.mean_score * 100)}%"


def _kind_name(kind: str, lang: str) -> str:
    try:
        return kind_label(Kind(kind), lang)
    except ValueError:
        return kind


def caption(view: StatsView, lang: str) -> str:
    """The caption under the picture (HTML): totals, accuracy per kind, current and longest streak."""
    lines = [f"<b>{esc(view.title)}</b>"]
    if view.total.total:
        lines.append(
            t(
                "stats_total",
                lang,
                total=view.total.total,
                correct=view.total.correct,
                partial=view.total.partial,
                percent=_percent(view.total),
            )
        )
        kinds = [k for k in KIND_ORDER if k in view.by_kind] + sorted(k for k in view.by_kind if k not in KIND_ORDER)
        parts = [
            t("stats_kind", lang, kind=_kind_name(k, lang), percent=_percent(tally), n=tally.total)
            for k in kinds
            for tally in [view.by_kind[k]]
        ]
        lines.append(" · ".join(parts))
    else:
        lines.append(t("stats_none", lang))
    lines.append(t("stats_streak", lang, current=view.streak.current, longest=view.streak.longest))
    text = "\n".join(lines)
    return text if len(text) <= MAX_CAPTION else "\n".join(lines[:1] + lines[-1:])


def _missed(items: list[Missed]) -> list[MissedQuestion]:
    from bot.pictures import MissedQuestion

    out = []
    for item in items:
        if item.question is None:  # no longer in its bank
            continue
        first = " ".join((item.question.prompt.strip().splitlines() or [""])[0].split())
        fallback = f"{item.bank_id} #{item.question.number}"
        out.append(
            MissedQuestion(title=first[:60] or fallback, fallback=fallback, misses=item.misses, attempts=item.attempts)
        )
    return out


def _weeks(args: list[str]) -> int:
    """`/stats 26` shows 26 weeks (MIN_WEEKS to MAX_WEEKS); anything else the default 12."""
    from bot.pictures.model import DEFAULT_WEEKS, MAX_WEEKS, MIN_WEEKS

    word = args[0].strip() if args else ""
    if not (word.isascii() and word.isdecimal()) or len(word) > 3:
        return DEFAULT_WEEKS
    return min(max(int(word), MIN_WEEKS), MAX_WEEKS)


def _buttons(context: CustomContext, lang: str) -> InlineKeyboardMarkup:
    codec = context.codec
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(t("btn_review", lang), callback_data=codec.encode("menu", "review")),
                InlineKeyboardButton(t("btn_missed", lang), callback_data=codec.encode("menu", "missed")),
            ]
        ]
    )


def _first_buttons(context: CustomContext, lang: str) -> InlineKeyboardMarkup:
    """A new learner's first steps: a short round, or one question."""
    codec = context.codec
    first_round = InlineKeyboardButton(t("btn_round", lang, n=5), callback_data=codec.encode("menu", "round5"))
    one = InlineKeyboardButton(t("btn_practice", lang), callback_data=codec.encode("menu", "practice"))
    return InlineKeyboardMarkup([[first_round, one]])


async def stats_command(update: Update, context: CustomContext) -> None:
    user, chat = update.effective_user, update.effective_chat
    if user is None or chat is None:
        return
    lang = await context.chat_lang()
    await send_stats(
        context,
        chat.id,
        user.id,
        lang,
        group=None if chat.type == ChatType.PRIVATE else (chat.type, chat.title or ""),
        name=user.full_name,
        language_code=user.language_code,
        weeks=_weeks(context.args or []),
        quoting=context.command_in_group(),
    )


async def send_stats(
    context: CustomContext,
    chat_id: int,
    user_id: int,
    lang: str,
    *,
    group: tuple[str, str] | None,
    name: str,
    language_code: str | None,
    weeks: int | None = None,
    quoting: int | None = None,
) -> None:
    """The picture and caption of a learner (``group`` None) or of a group (its chat type and title): what
    /stats and the menu's [📈] send. A picture is a message of its own: a text screen cannot become one."""
    from bot.pictures import StatsPicture, render_stats_png

    engine = context.engine
    extra: dict[str, object] = {}
    if group is None:
        learner = await engine.ensure_learner(user_id, name, language=language_code)
        stats = await engine.stats(user_id, most_missed=3)
        if stats.total.total == 0:  # nothing to picture yet: what to do first, a tap away
            await send_html(context.bot, chat_id, t("stats_first", lang), reply_markup=_first_buttons(context, lang))
            return
        today = local_date(engine.clock(), learner.tz)
        view = StatsView(name, stats.total, stats.by_kind, stats.streak)
        per_day = stats.per_day
        reviews = await reviews_due(engine, user_id)
        extra = {"due_now": reviews.due_now, "due_week": reviews.due_soon, "missed": _missed(stats.most_missed)}
    else:
        await engine.ensure_chat(chat_id, group[0], group[1])
        found = await group_stats(engine, chat_id)
        today = found.today
        view = StatsView(group[1], found.total, found.by_kind, found.streak)
        per_day = found.per_day
    picture = StatsPicture(
        title=view.title,
        today=today,
        weeks=_weeks([]) if weeks is None else weeks,
        per_day=per_day,
        current_streak=view.streak.current,
        longest_streak=view.streak.longest,
        accuracy={k: (min(tally.score, tally.total), tally.total) for k, tally in view.by_kind.items()},
        **extra,  # type: ignore[arg-type]
    )
    fonts = await asyncio.to_thread(_fonts_for, context.settings.font)
    png = await asyncio.to_thread(render_stats_png, picture, lang, fonts)
    await context.bot.send_photo(
        chat_id,
        photo=png,
        caption=caption(view, lang),
        parse_mode=ParseMode.HTML,
        filename="stats.png",
        reply_markup=_buttons(context, lang) if group is None else None,
        reply_parameters=_quoting(quoting),
    )


def _quoting(message_id: int | None) -> ReplyParameters | None:
    """In a group the picture replies to the /stats it answers (sent even if that was deleted meanwhile)."""
    return ReplyParameters(message_id, allow_sending_without_reply=True) if message_id is not None else None
