"""Settings: every STUDYBOT_* environment variable in one place (a .env file is read too)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict, SettingsError

__all__ = ["ConfigError", "Settings", "load_settings"]

ENV_PREFIX = "STUDYBOT_"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, env_file=".env", extra="ignore")

    token: str | None = Field(default=None, description="Bot token from @BotFather (required for `run`).")
    api_url: str = Field(default="https://api.telegram.org/bot", description="Bot API base URL (base_url).")
    file_url: str = Field(default="https://api.telegram.org/file/bot", description="File download base URL.")
    db: Path = Field(default=Path("data/studybot.sqlite3"), description="SQLite database file.")
    banks: Path = Field(default=Path("data/banks"), description="Folder of bank JSON files.")
    admins: Annotated[frozenset[int], NoDecode] = Field(
        default=frozenset(), description="Admin Telegram user ids, comma separated."
    )
    tz: str = Field(default="Asia/Shanghai", description="Time zone for new learners.")
    send_rate: float = Field(
        default=28.0,
        ge=0,
        description="Messages per second in all, a little under Telegram's 30 (jitter on the way would meet its "
        "limit); 0 lifts the limit.",
    )
    broadcast_rate: float = Field(default=25.0, ge=0, description="Pushes per second at most.")
    chat_rate: float = Field(
        default=1.0,
        ge=0,
        description="New messages per second to one private chat after a burst of chat_burst; 0 lifts it.",
    )
    chat_burst: int = Field(default=8, ge=1, le=10, description="Messages one private chat may get at once.")
    flood_queue: int = Field(
        default=3,
        ge=0,
        description="Messages waiting in one private chat before it counts "
        "as flooding (coalesced, told to slow down); 0: never.",
    )
    paid_broadcast: bool = Field(default=False, description="Pass allow_paid_broadcast on pushes.")
    catchup_hours: float = Field(default=3.0, ge=0, description="Send pushes missed while down this late.")
    push_poll_seconds: float = Field(default=5.0, gt=0, description="How often the push scheduler looks for due rows.")
    push_concurrency: int = Field(
        default=48,
        ge=1,
        le=1024,
        description="Pushes in flight at once (the rate "
        "limiter sets the pace; this bounds memory and uncertain sends at a crash).",
    )
    group_open_seconds: int = Field(
        default=60, ge=5, description="How long a /quiz question in a group stays open (a daily one: until it closes)."
    )
    import_seconds: float = Field(default=30.0, gt=0, description="Longest time reading an uploaded document may take.")
    import_memory_mb: int = Field(
        default=1024, ge=256, description="Memory ceiling of the process that reads an uploaded document."
    )
    stop_seconds: float = Field(
        default=20.0, gt=0, description="How long a stopping bot may take (SIGTERM) before it exits anyway."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    webhook_connections: int = Field(
        default=128, ge=1, le=10_000, description="Webhook connections open at once (more are closed at once)."
    )
    webhook_idle_seconds: float = Field(
        default=15.0, gt=0, description="A webhook connection waiting this long for a request is closed."
    )
    font: Path | None = Field(
        default=None, description="A font file that draws Chinese, for the /stats picture (else one is searched for)."
    )
    # Optional model help (docs/ai.md): off unless ai_url is set; nothing of bot.ai is imported otherwise.
    ai_url: str | None = Field(
        default=None, description="Base URL of an OpenAI-compatible API (e.g. http://127.0.0.1:11434/v1); unset: off."
    )
    ai_model: str | None = Field(default=None, description="Model name sent with every request (required with ai_url).")
    ai_key: SecretStr | None = Field(default=None, description="API key, sent as a bearer token; never logged.")
    ai_timeout: float = Field(
        default=20.0, gt=0, description="Seconds a learner waits for a model (grading, explanations), queue included."
    )
    ai_tool_timeout: float = Field(
        default=120.0, gt=0, description="Seconds per request of import --ai and explain (nobody waits in a chat)."
    )
    ai_concurrency: int = Field(default=4, ge=1, le=256, description="Model requests in flight at once.")
    ai_daily_cap: int = Field(
        default=30, ge=0, description="Model requests per learner per local day (cached answers are free); 0: none."
    )
    ai_max_tokens: int = Field(default=2000, ge=64, description="Most tokens one model answer may take.")
    ai_json_mode: bool = Field(
        default=True, description='Send response_format {"type": "json_object"}; off for servers that refuse it.'
    )

    # The teacher's desk (bot/web): off unless web_port is set.
    web_port: int | None = Field(
        default=None, ge=1, le=65535, description="Port of the teacher's desk web pages; unset: no desk."
    )
    web_url: str | None = Field(
        default=None,
        description="The desk's public address (https://... behind a reverse proxy) for the Mini App buttons "
        "and /panel's links; unset: http://127.0.0.1:<port>.",
    )
    web_listen: str = Field(default="127.0.0.1", description="Address the desk listens on.")

    @property
    def desk_url(self) -> str | None:
        """Where teachers open the desk (None: the desk is off)."""
        if self.web_port is None:
            return None
        return self.web_url or f"http://127.0.0.1:{self.web_port}"

    @field_validator("web_url", mode="before")
    @classmethod
    def _web_url(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            if not value:
                return None
            if not value.startswith(("https://", "http://")):
                raise ValueError("STUDYBOT_WEB_URL must start with https:// (or http:// to try it locally)")
            if "/" in value.split("://", 1)[1]:  # the pages link from the site's root
                raise ValueError("STUDYBOT_WEB_URL is a host of its own, without a path: https://desk.example.com")
        return value

    @property
    def ai_enabled(self) -> bool:
        """Whether model help is configured (the only check a front end makes before importing bot.ai)."""
        return bool(self.ai_url)

    @model_validator(mode="after")
    def _ai_needs_a_model(self) -> Settings:
        if self.ai_url and not self.ai_model:
            raise ValueError("STUDYBOT_AI_MODEL is required when STUDYBOT_AI_URL is set (e.g. qwen2.5:7b)")
        return self

    @field_validator("ai_url", "ai_model", "web_port", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("admins", mode="before")
    @classmethod
    def _split_admins(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p for p in value.replace(";", ",").replace(" ", ",").split(",") if p]
            if not all(p.lstrip("-").isdecimal() for p in parts):  # int()'s own message would quote the value
                raise ValueError("Telegram user ids are whole numbers, separated by commas")
            return frozenset(int(p) for p in parts)
        if isinstance(value, int):
            return frozenset({value})
        return value


class ConfigError(Exception):
    """The settings cannot be read: one line per variable at fault, naming it, never showing its value."""


def load_settings() -> Settings:
    """`Settings()`, with its errors said without the values: pydantic's own message quotes the input (the
    token, the model's key)."""
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigError(_described(exc)) from None
    except SettingsError as exc:  # a value pydantic-settings could not even decode (a bad .env, say)
        raise ConfigError(f"a setting cannot be read: {type(exc.__cause__ or exc).__name__}") from None


def _described(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors(include_url=False, include_context=False, include_input=False):
        field = str(error["loc"][0]) if error["loc"] else ""
        reason = error["msg"].removeprefix("Value error, ")
        lines.append(f"{ENV_PREFIX}{field.upper()}: {reason}" if field else reason)
    return "; ".join(lines)
