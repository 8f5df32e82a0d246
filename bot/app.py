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
from datetime import UTC, datetime, timedelta

from telegram.request import BaseRequest

from bot.banks.model import load_banks_serving
from bot.config import Settings
from bot.delivery.service import DeliveryService
from bot.delivery.spacing import Spacer
from bot.delivery.subscriptions import Subscriptions
from bot.store import Store
from bot.store.outbox import Outbox
from bot.store.updates import UpdateLog
from bot.study.bank_admin import BankAdmin
from bot.study.engine import StudyEngine
from bot.telegram.admin import finish_confirmed
from bot.telegram.app import telegram_application
from bot.telegram.commands import publish_commands
from bot.telegram.context import BotApplication, CustomContext
from bot.telegram.courier import Courier
from bot.telegram.failures import classify
from bot.telegram.pacing import OutgoingBudget
from bot.telegram.subscriptions import PushSender, announcement_finished

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
    the banks and the engine with the services over them; model help when configured; the courier of
    kept replies; the group closer; the push scheduler; then the command menus are published and the
    imports confirmed before the last stop are finished.
    Stop in the reverse order, the store last. Stopping twice is stopping once."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None

    async def start(self, app: BotApplication) -> None:
        settings, data = self.settings, app.bot_data
        settings.db.parent.mkdir(parents=True, exist_ok=True)
        store = self.store = await Store.open(settings.db)
        assert data.inbox is not None and data.groups is not None
        for update in await data.inbox.open(UpdateLog(store), app.bot):  # what a crash left unhandled, first
            app.update_queue.put_nowait(update)
        banks, unreadable = load_banks_serving(settings.banks)
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
        data.subscriptions = Subscriptions(store, data.clock)
        if settings.ai_enabled:  # else nothing of bot.ai is imported
            from bot.ai.service import ModelHelp
            from bot.cli.explain import model_client

            data.model_help = ModelHelp(
                model_client(settings), store, daily_cap=settings.ai_daily_cap, concepts=engine.concepts
            )
        data.courier = Courier(app.bot, Outbox(store), data.clock)
        data.courier.start()
        data.groups.start()
        data.deliveries = data.subscriptions.service = self._deliveries(app, store)
        data.deliveries.start()
        log.info(
            "studybot ready: %d banks, %d questions, database %s",
            len(banks),
            sum(len(b.questions) for b in banks),
            settings.db,
        )
        await publish_commands(app.bot, data.commands)
        # imports confirmed before the last stop and not live yet: finished now, their admins told
        await finish_confirmed(CustomContext(app))

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
        )

    async def stop(self, app: BotApplication) -> None:
        data = app.bot_data
        if data.deliveries is not None:  # claim nothing more; the sends in flight finish and are recorded
            await data.deliveries.stop()
            data.deliveries = None
        if data.subscriptions is not None:
            data.subscriptions.service = None
        if data.groups is not None:  # a question being closed gets its result first
            await data.groups.stop()
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
        data.engine = data.bank_admin = data.subscriptions = None
        await store.close()
