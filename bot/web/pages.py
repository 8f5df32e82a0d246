"""What every page shares: who is looking (`Viewer`), the services (`Services`), and rendering a template."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from bot.banks.limits import DocumentLimits
from bot.banks.model import Kind
from bot.grading import kind_label
from bot.study.bank_admin import BankAdmin
from bot.study.desk import TeacherDesk
from bot.study.desk_access import DeskAccess
from bot.study.disputes import Disputes
from bot.study.engine import StudyEngine
from bot.web.texts import both, translator

__all__ = ["SERVICES", "VIEWER", "DeskConfig", "Services", "Viewer", "message_page", "render", "viewer"]

TEMPLATES = Path(__file__).parent / "templates"
TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"


@dataclass(frozen=True)
class DeskConfig:
    admins: frozenset[int]
    token: str  # checks initData; never sent to a page
    url: str  # STUDYBOT_WEB_URL: the desk's public address
    import_limits: DocumentLimits
    init_data_seconds: int = 3600  # how old a Mini App's initData may be

    @property
    def secure(self) -> bool:
        """Cookies get `Secure` when the desk is served over HTTPS (behind a proxy it sees plain HTTP)."""
        return self.url.startswith("https://")


@dataclass(frozen=True)
class Services:
    desk: TeacherDesk
    access: DeskAccess
    shelf: BankAdmin
    engine: StudyEngine
    disputes: Disputes  # "my answer should count": the same engine object the chat decides with
    config: DeskConfig
    clock: Callable[[], datetime]


@dataclass(frozen=True)
class Viewer:
    """The signed-in admin looking at a page."""

    admin_id: int
    lang: str
    csrf: str
    via: str  # 'telegram' or 'link'


SERVICES = web.AppKey("services", Services)
VIEWER = web.RequestKey("viewer", Viewer)

_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)


def viewer(request: web.Request) -> Viewer:
    found = request.get(VIEWER)
    assert isinstance(found, Viewer), "a page behind the guard"
    return found


def services(request: web.Request) -> Services:
    return request.app[SERVICES]


def _when(ts: int, lang: str) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC")


def render(
    request: web.Request, template: str, *, status: int = 200, lang: str | None = None, **values: Any
) -> web.Response:
    """The page, in the viewer's language (or `lang` before anyone signed in)."""
    seen = request.get(VIEWER)
    lang = lang or (seen.lang if isinstance(seen, Viewer) else "zh")
    # Inside Telegram the pages load Telegram's script: its theme colours and its back button.
    telegram = values.pop("telegram", False) or (isinstance(seen, Viewer) and seen.via == "telegram")
    html = _ENV.get_template(template).render(
        t=translator(lang),
        both=both,
        lang=lang,
        viewer=seen,
        here=request.path,  # the navigation marks the section it is in
        telegram=telegram,
        telegram_js=TELEGRAM_JS,
        kinds=[(str(k), kind_label(k, lang)) for k in Kind],
        kind_label=lambda kind: kind_label(Kind(kind), lang),
        when=lambda ts: _when(ts, lang),
        **values,
    )
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


def message_page(
    request: web.Request, title: str, body: str, *, status: int = 200, lang: str | None = None
) -> web.Response:
    return render(request, "message.html", status=status, lang=lang, title=title, body=body)
