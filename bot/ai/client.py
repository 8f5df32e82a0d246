"""One client for an OpenAI-compatible chat completions API (OpenAI, DeepSeek, Qwen, Ollama, vLLM,
llama.cpp server), over plain HTTP with aiohttp.

Every request asks for a JSON object (`response_format` json_object: the one structured-output mode all of
those servers accept) and the answer is validated with a pydantic model; a model that wraps its JSON in a
code fence or thinks aloud first (`<think>…</think>`) is read all the same. Requests in flight are capped,
and the wait for a slot counts against the same deadline as the request: nobody waits longer than the
timeout, and a slow model never holds up anything but the requests queued behind it.

Each request is logged once with its purpose, outcome, duration and token counts. The key is only ever
put in the Authorization header: never in a log line, an exception or a repr. No retries: the callers
fall back to the rules at once, which is what a learner waiting for a verdict wants.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import aiohttp
from pydantic import BaseModel, ValidationError

__all__ = ["ModelAnswer", "ModelClient", "ModelError", "Usage", "read_json"]

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

_THINKING = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n?(.*?)\n?```\s*$", re.DOTALL)
# The model answered (and was paid for), but with nothing usable: worth remembering, not worth asking again.
ANSWERED = frozenset({"invalid_json", "schema", "truncated"})


class ModelError(Exception):
    """A request that gave no usable answer. `kind`: timeout, rate_limited, http, connection, protocol,
    invalid_json, schema or truncated."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail

    @property
    def answered(self) -> bool:
        """The model did answer, but unusably (bad JSON, wrong shape, cut off)."""
        return self.kind in ANSWERED


@dataclass(frozen=True, slots=True)
class Usage:
    millis: float  # the whole request, waiting for a slot included
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


@dataclass(frozen=True, slots=True)
class ModelAnswer(Generic[T]):
    value: T
    model: str
    usage: Usage


def _unwrap(content: str) -> str:
    text = _THINKING.sub("", content).strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    if not text.startswith("{"):
        start, end = text.find("{"), text.rfind("}")
        if start != -1 and end > start:
            text = text[start : end + 1]
    return text


def read_json(content: str, schema: type[T]) -> T:
    """The model's text as `schema`; ModelError invalid_json or schema when it is not."""
    text = _unwrap(content)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ModelError("invalid_json", f"not JSON ({exc.__class__.__name__} at {getattr(exc, 'pos', '?')})") from exc
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "top"
        raise ModelError("schema", f"{exc.error_count()} errors, first at {where}: {first['msg']}") from exc


def _tokens(usage: Any, name: str) -> int | None:
    value = usage.get(name) if isinstance(usage, dict) else None
    return value if isinstance(value, int) else None


class ModelClient:
    """Chat completions with JSON answers. Make one per process; `close()` at shutdown."""

    def __init__(
        self,
        url: str,
        model: str,
        *,
        key: str | None = None,
        timeout: float = 20.0,
        concurrency: int = 4,
        max_tokens: int = 2000,
        json_mode: bool = True,
    ) -> None:
        self.url = url.rstrip("/") + "/chat/completions"
        self.model = model
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.json_mode = json_mode
        self._headers = {"Content-Type": "application/json"}
        if key:
            self._headers["Authorization"] = f"Bearer {key}"
        self._slots = asyncio.Semaphore(concurrency)
        self._session: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:  # never the headers: they hold the key
        return f"ModelClient({self.url!r}, model={self.model!r})"

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _body(self, system: str, user: str) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "stream": False,
        }
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    async def ask(
        self, system: str, user: str, schema: type[T], *, purpose: str, timeout: float | None = None
    ) -> ModelAnswer[T]:
        """One request; the answer validated as `schema`. Raises ModelError; logs one line either way."""
        started = time.perf_counter()
        usage = Usage(0.0)
        try:
            async with asyncio.timeout(timeout or self.timeout):
                async with self._slots:
                    waited = time.perf_counter() - started
                    data = await self._post(self._body(system, user))
            usage = Usage(
                (time.perf_counter() - started) * 1000,
                _tokens(data.get("usage"), "prompt_tokens"),
                _tokens(data.get("usage"), "completion_tokens"),
            )
            value = self._value(data, schema)
        except ModelError as exc:
            usage = usage if usage.millis else Usage((time.perf_counter() - started) * 1000)
            self._log(purpose, exc.kind, usage, logging.WARNING, exc.detail)
            raise
        except TimeoutError as exc:
            usage = Usage((time.perf_counter() - started) * 1000)
            self._log(purpose, "timeout", usage, logging.WARNING, f"no answer within {timeout or self.timeout:g} s")
            raise ModelError("timeout", f"no answer within {timeout or self.timeout:g} s") from exc
        self._log(purpose, "ok", usage, logging.INFO, f"waited {waited * 1000:.0f} ms for a slot")
        return ModelAnswer(value, str(data.get("model") or self.model), usage)

    async def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        if self._session is None:
            self._session = aiohttp.ClientSession()
        try:
            async with self._session.post(self.url, json=body, headers=self._headers) as response:
                if response.status == 429:
                    raise ModelError("rate_limited", "HTTP 429 (the server asks to slow down)")
                if response.status in (401, 403):
                    raise ModelError("http", f"HTTP {response.status} (check STUDYBOT_AI_KEY)")
                if response.status == 404:
                    raise ModelError("http", "HTTP 404 (check STUDYBOT_AI_URL, usually ending in /v1, and the model)")
                if response.status >= 400:
                    raise ModelError("http", f"HTTP {response.status}")
                try:
                    data = await response.json(content_type=None)
                except ValueError as exc:
                    raise ModelError("protocol", "the response is not JSON") from exc
        except aiohttp.ClientError as exc:
            raise ModelError("connection", f"{exc.__class__.__name__}: {exc}") from exc
        if not isinstance(data, dict):
            raise ModelError("protocol", "the response is not a JSON object")
        return data

    def _value(self, data: dict[str, Any], schema: type[T]) -> T:
        try:
            choice = data["choices"][0]
            content = choice["message"]["content"]
        except (KeyError, IndexError, TypeError) as exc:
            raise ModelError("protocol", "no choices[0].message.content in the response") from exc
        if not isinstance(content, str):
            raise ModelError("protocol", "the message content is not text")
        if choice.get("finish_reason") == "length":
            raise ModelError("truncated", f"the answer was cut off at {self.max_tokens} tokens")
        return read_json(content, schema)

    def _log(self, purpose: str, outcome: str, usage: Usage, level: int, detail: str) -> None:
        log.log(
            level,
            "model request %s (%s): %s in %.0f ms, tokens %s prompt + %s completion; %s",
            purpose,
            self.model,
            outcome,
            usage.millis,
            "?" if usage.prompt_tokens is None else usage.prompt_tokens,
            "?" if usage.completion_tokens is None else usage.completion_tokens,
            detail,
        )
