"""Model help as the settings describe it: the client, for the bot (bot/app.py) and the command line
(bot/cli/explain.py) alike. Below both, so neither imports the other for it; bot/ai itself reads no
settings (the layer contracts in pyproject.toml)."""

from __future__ import annotations

from bot.ai.client import ModelClient
from bot.config import Settings

__all__ = ["model_client"]


def model_client(settings: Settings, timeout: float | None = None) -> ModelClient:
    """The model client the settings describe (model help must be on: `settings.ai_enabled`)."""
    if not settings.ai_url or not settings.ai_model:
        raise ValueError("model help is off: STUDYBOT_AI_URL and STUDYBOT_AI_MODEL are not both set")
    return ModelClient(
        settings.ai_url,
        settings.ai_model,
        key=settings.ai_key.get_secret_value() if settings.ai_key else None,
        timeout=settings.ai_timeout if timeout is None else timeout,
        concurrency=settings.ai_concurrency,
        max_tokens=settings.ai_max_tokens,
        json_mode=settings.ai_json_mode,
    )
