"""The composition root: the one place that builds the store, the engine, the services and the Telegram
application, and starts and stops them in a stated order. It may import every layer; nothing imports it
but the `studybot` command (bot/cli/) and the tests.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from telegram.request import BaseRequest

from bot.banks.model import load_banks_serving
from bot.config import Settings
from bot.delivery.service import DeliveryService
from bot.delivery.spacing import Spacer
from bot.delivery.subscriptions import Subscriptions
from bot.grading.preload import preload
from bot.store import Store
from bot.store.outbox import Outbox
from bot.store.updates import UpdateLog
from bot.study.bank_admin import BankAdmin
from bot.study.desk import TeacherDesk
from bot.study.desk_access import DeskAccess, desk_secret
from bot.study.disputes import Disputes
from bot.study.engine import StudyEngine
from bot.telegram.admin import finish_confirmed
from bot.telegram.app import telegram_application
from bot.telegram.commands import publish_commands
from bot.telegram.context import BotApplication, CustomContext
from bot.telegram.courier import Courier
from bot.telegram.dispute_notices import DisputeNotices
from bot.telegram.failures import classify
from bot.telegram.pacing import OutgoingBudget
from bot.telegram.pushes import PushSender
from bot.telegram.subscriptions import announcement_finished

__all__ = ["Lifecycle", "build_application"]

log = logging.getLogger(__name__)


def build_application(
    settings: Settings,
    *,
    clock: Callable[[], datetime] | None = None,
    rng: random.Random | None = None,
    monotonic: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    request: BaseRequest | None = None,
    get_updates_request: BaseRequest | None = None,
) -> BotApplication:
    """The bot as `studybot run` runs it: the Telegram application with its lifecycle.

    ``clock`` (timezone-aware) and ``rng`` go to the engine and the schedulers, ``monotonic`` and
    ``sleep`` (a wait on that clock's time) to the pacing; tests pass fixed or virtual ones, and an
    offline ``request`` (tests/fakebot)."""
    app = telegram_application(
        settings,
        clock=clock or (lambda: datetime.now(UTC)),
        rng=rng or random.Random(),
        monotonic=monotonic,
        sleep=sleep,
        request=request,
        get_updates_request=get_updates_request,
    )
    lifecycle = Lifecycle(settings)
    app.post_init = lifecycle.start
    app.post_stop = lifecycle.stop  # polling has stopped: the background work stops too
    app.post_shutdown = lifecycle.stop  # and when the bot never started, before the process ends
    return app


class Lifecycle:
    """Start, in this order: the store; the update inbox (what a crash left unhandled is queued first);
    the banks, the grader's libraries (bot/grading/preload.py) and the engine with the services over them;
    model help when configured; the courier of kept replies; the notices of dispute decisions; the group
    closer; the push scheduler; the teacher's desk's pages when configured; then the command menus are
    published and the imports confirmed before the last stop are finished. Stop in the reverse order, the
    store last. Stopping twice is stopping once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.web: Any = None  # the desk's server (bot.web is imported only when STUDYBOT_WEB_PORT is set)

    async def start(self, app: BotApplication) -> None:
        settings, data = self.settings, app.bot_data
        settings.db.parent.mkdir(parents=True, exist_ok=True)
        store = self.store = await Store.open(settings.db)
        assert data.inbox is not None and data.groups is not None
        for update in await data.inbox.open(UpdateLog(store), app.bot):  # what a crash left unhandled, first
            app.update_queue.put_nowait(update)
        banks, unreadable = load_banks_serving(settings.banks)
        await asyncio.to_thread(preload)  # the grader's libraries, before the first reply waits for them
        for path, why in unreadable:  # one bad file must not keep the bot from serving the others
            log.error("bank file %s cannot be read (%s): not served until it is fixed", path, why)
        if not settings.banks.is_dir():  # a mistyped STUDYBOT_BANKS or a volume not mounted: said, not "0 banks"
            log.warning(
                "the banks folder %s does not exist (STUDYBOT_BANKS): no bank is served until it holds one; "
                "an admin's upload creates it",
                settings.banks.resolve(),
            )
        elif not banks and not unreadable:
            log.warning(
                "the banks folder %s holds no bank file (*.json): no question can be asked", settings.banks.resolve()
            )
        engine = await StudyEngine.create(store, banks, clock=data.clock, rng=data.rng, default_tz=settings.tz)
        data.engine = engine
        data.bank_admin = BankAdmin(engine, settings.banks)
        data.desk = TeacherDesk(engine, data.bank_admin)
        data.desk_access = DeskAccess(store, data.clock, desk_secret(settings.token or ""))
        data.subscriptions = Subscriptions(store, data.clock)
        if settings.ai_enabled:  # else nothing of bot.ai is imported
            from bot.ai.service import ModelHelp
            from bot.ai_settings import model_client

            data.model_help = ModelHelp(
                model_client(settings), store, daily_cap=settings.ai_daily_cap, concepts=engine.concepts
            )
        budget = app.bot.rate_limiter
        breaker = budget.breaker if isinstance(budget, OutgoingBudget) else None
        data.courier = Courier(
            app.bot, Outbox(store), data.clock, api_down=(lambda: breaker.is_open) if breaker else lambda: False
        )
        data.courier.start()
        data.disputes = Disputes(data.bank_admin)
        data.dispute_notices = DisputeNotices(app.bot, data.disputes, data.courier)
        data.disputes.listeners.append(data.dispute_notices.wake)
        engine.report_listeners.append(data.dispute_notices.wake)  # a closed /report: its reporter is told
        data.dispute_notices.start()  # what a crash left untold goes now
        data.groups.start()
        data.deliveries = data.subscriptions.service = self._deliveries(app, store)
        data.deliveries.start()
        if breaker is not None:  # the API answers again after an outage: kept replies and waiting pushes go now
            breaker.on_recovery[:] = [data.courier.recovered, data.deliveries.wake]
        if settings.web_port is not None:
            await self._start_desk(app, engine)
        log.info(
            "studybot ready: %d banks, %d questions, database %s",
            len(banks),
            sum(len(b.questions) for b in banks),
            settings.db,
        )
        await publish_commands(app.bot, data.commands)
        # imports confirmed before the last stop and not live yet: finished now, their admins told
        await finish_confirmed(CustomContext(app))

    async def _start_desk(self, app: BotApplication, engine: StudyEngine) -> None:
        from bot.banks.limits import UPLOAD_LIMITS
        from bot.web.pages import DeskConfig, Services
        from bot.web.server import DeskServer

        settings, data = self.settings, app.bot_data
        assert data.desk is not None and data.desk_access is not None and data.bank_admin is not None
        assert data.disputes is not None  # its listeners tell learners in Telegram of a decision made here
        assert settings.web_port is not None and settings.desk_url is not None
        limits = replace(UPLOAD_LIMITS, max_seconds=settings.import_seconds, max_memory_mb=settings.import_memory_mb)
        config = DeskConfig(settings.admins, settings.token or "", settings.desk_url, limits)
        services = Services(data.desk, data.desk_access, data.bank_admin, engine, data.disputes, config, data.clock)
        self.web = DeskServer(services, settings.web_listen, settings.web_port)
        await self.web.start()
        if not settings.desk_url.startswith("https://"):
            log.warning("STUDYBOT_WEB_URL is not https: no [打开教师台] buttons (Telegram opens only https Mini Apps)")

    def _deliveries(self, app: BotApplication, store: Store) -> DeliveryService:
        settings, data = self.settings, app.bot_data
        sender = PushSender(app, paid=settings.paid_broadcast)
        budget = app.bot.rate_limiter
        paused = (lambda: budget.paused_until) if isinstance(budget, OutgoingBudget) else (lambda: 0.0)

        async def finished(ann: object, counts: dict[str, int]) -> None:
            await announcement_finished(app, ann, counts)  # type: ignore[arg-type]

        return DeliveryService(
            store,
            sender,
            clock=data.clock,
            classify=classify,
            catchup=timedelta(hours=settings.catchup_hours),
            concurrency=settings.push_concurrency,
            poll_seconds=settings.push_poll_seconds,
            finished=finished,
            spacer=Spacer(settings.broadcast_rate, paused_until=paused, clock=data.monotonic, sleep=data.sleep),
            monotonic=data.monotonic,
            prepare=sender.prepare,
        )

    async def stop(self, app: BotApplication) -> None:
        data = app.bot_data
        budget = app.bot.rate_limiter
        if isinstance(budget, OutgoingBudget) and data.deliveries is not None:
            budget.breaker.release()  # nothing waits for an API that does not answer: the stop goes on
        web, self.web = self.web, None
        if web is not None:  # no page is served once the engine and the store are going
            await web.stop()
        if data.deliveries is not None:  # claim nothing more; the sends in flight finish and are recorded
            await data.deliveries.stop()
            data.deliveries = None
        if data.subscriptions is not None:
            data.subscriptions.service = None
        if data.groups is not None:  # a question being closed gets its result first
            await data.groups.stop()
        if data.dispute_notices is not None:  # the notice being sent goes first
            await data.dispute_notices.stop()
            data.dispute_notices = None
        if data.courier is not None:
            await data.courier.stop()
            data.courier = None
        if data.model_help is not None:
            await data.model_help.close()
            data.model_help = None
        store, self.store = self.store, None
        if store is None:
            return
        if data.inbox is not None and data.inbox.is_open:
            try:  # the updates handled so far are marked so before the store closes
                await data.inbox.flush()
            except Exception:
                log.exception("the update inbox could not be written before the stop")
            await data.inbox.close()
        data.engine = data.bank_admin = data.subscriptions = data.disputes = data.desk = data.desk_access = None
        await store.close()
