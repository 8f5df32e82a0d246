"""The fake Bot API server: aiohttp on 127.0.0.1, one instance per test, state kept in memory."""

from __future__ import annotations

import asyncio
import contextlib
import io
import itertools
import random
import re
import socket
import struct
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import BodyPartReader, ClientSession, ClientTimeout, web

from .limits import Limiter, RateRules
from .markup import MarkupError, ParsedText, parse_text
from .records import (
    CallbackAnswer,
    CallbackPress,
    Fault,
    FaultScript,
    MessageState,
    Rejection,
    RequestRecord,
    StoredFile,
    Violation,
)
from .spec import ApiError, Spec, Upload, bad, load_spec

__all__ = ["Dropped", "FakeBotServer"]


class Dropped(ConnectionResetError):
    """A request whose connection the fake resets (``Fault.connection_reset``)."""


def _reset(request: web.Request) -> None:
    """Close the request's connection with a TCP reset (SO_LINGER 0), as a failing server or proxy does."""
    transport = request.transport
    if transport is None:
        return
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


T = TypeVar("T")
Handler = Callable[[dict[str, Any]], Awaitable[Any]]

# Telegram's default when allowed_updates was never set: everything but these.
_NOT_DEFAULT_UPDATES = {"chat_member", "message_reaction", "message_reaction_count"}
_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_LANG_RE = re.compile(r"^([a-z]{2})?$")
_PHOTO_MAX = 10 * 1024 * 1024
_DOCUMENT_MAX = 50 * 1024 * 1024


class FakeBotServer:
    """A loopback Bot API server that validates, records, rate-limits and can misbehave on demand."""

    def __init__(
        self,
        token: str = "123456789:TEST-fake-token",
        *,
        rules: RateRules | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        bot_username: str = "studybot_test_bot",
        strict_chats: bool = True,
        jitter: float = 0.0,
        spec: Spec | None = None,
    ) -> None:
        self.token = token
        self.spec = spec or load_spec()
        self.clock = clock
        self.wall_clock = wall_clock
        self.rules = rules or RateRules()
        self.limiter = Limiter(self.rules, clock)
        self.strict_chats = strict_chats
        # Requests reach the limits up to ``jitter`` seconds late, at random (seeded): the network between a
        # bot that paced them and Telegram's counters.
        self.jitter = jitter
        self._jitter_rng = random.Random(7)
        bot_id = int(token.split(":", 1)[0])
        self.bot_user: dict[str, Any] = {
            "id": bot_id,
            "is_bot": True,
            "first_name": "StudyBot",
            "username": bot_username,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }
        self.port = 0
        # records
        self.requests: list[RequestRecord] = []
        self.errors: list[RequestRecord] = []  # every non-ok answer
        self.rejected: list[Rejection] = []  # requests that were wrong in themselves (the bot's bugs)
        self.violations: list[Violation] = []
        self.faulted: list[tuple[str, int | None, Fault]] = []
        self.crashes: list[str] = []  # exceptions inside the fake (its own bugs), with tracebacks
        self.sends: list[tuple[float, int, str]] = []  # (clock, chat_id, method) of counted sends
        self.callback_presses: dict[str, CallbackPress] = {}
        self.callback_answers: dict[str, CallbackAnswer] = {}
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        self.webhook: dict[str, Any] | None = None
        self.webhook_deliveries: list[tuple[int, int | str]] = []  # (update_id, HTTP status or error)
        self.all_updates: list[dict[str, Any]] = []
        # state
        self.chats: dict[int, dict[str, Any]] = {}
        self.users: dict[int, Any] = {}
        self.groups: dict[int, Any] = {}
        self.messages: dict[int, dict[int, MessageState]] = {}
        self.sent: dict[int, list[MessageState]] = {}
        self.polls: dict[str, MessageState] = {}
        self.files: dict[str, StoredFile] = {}
        self.blocked_by: set[int] = set()
        self.deactivated: set[int] = set()
        self.removed_from: set[int] = set()
        self.migrated: dict[int, int] = {}
        self._faults: list[FaultScript] = []
        self._cooldowns: list[tuple[int | None, float]] = []
        self._next_message_id: dict[int, int] = {}
        self._edit_texts: dict[tuple[int, int], str | None] = {}
        self._cursors: dict[int, int] = {}
        self._pending: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._ids = itertools.count(1)
        self._allowed_updates: set[str] | None = None
        self._poll_generation = 0
        self._updates_event = asyncio.Event()
        self._change = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._webhook_task: asyncio.Task[None] | None = None
        self._handlers: dict[str, Handler] = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "sendMessage": self._send_message,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_reply_markup,
            "editMessageCaption": self._edit_caption,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback,
            "sendPoll": self._send_poll,
            "stopPoll": self._stop_poll,
            "sendPhoto": self._send_photo,
            "sendDocument": self._send_document,
            "sendChatAction": self._send_chat_action,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "getFile": self._get_file,
            "setMessageReaction": self._set_message_reaction,
        }

    # -- lifecycle --------------------------------------------------------------------------------------

    async def start(self) -> FakeBotServer:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        return self

    async def stop(self) -> None:
        self._closing = True
        self._updates_event.set()
        if self._webhook_task is not None:
            self._webhook_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._webhook_task
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeBotServer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_url(self) -> str:
        """The base_url for python-telegram-bot (and STUDYBOT_API_URL)."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def file_url(self) -> str:
        """The base_file_url for python-telegram-bot (and STUDYBOT_FILE_URL)."""
        return f"http://127.0.0.1:{self.port}/file/bot"

    # -- scripting -------------------------------------------------------------------------------------

    def fail(
        self, fault: Fault, *, method: str | None = None, chat_id: int | None = None, times: int | None = 1
    ) -> FaultScript:
        """Answer the next ``times`` matching calls (None: all, until ``clear_faults``) with ``fault``."""
        canonical = self.spec.method_name(method) if method else None
        script = FaultScript(fault, canonical, chat_id, times)
        self._faults.append(script)
        return script

    def clear_faults(self) -> None:
        self._faults.clear()

    def user(self, user_id: int, first_name: str = "", **kwargs: Any) -> Any:
        from .users import SimUser

        if user_id in self.users:
            return self.users[user_id]
        user = SimUser(self, user_id, first_name or f"User{user_id}", **kwargs)
        self.users[user_id] = user
        self.chats[user_id] = user.private_chat()
        return user

    def group(self, chat_id: int, title: str = "Study group", **kwargs: Any) -> Any:
        from .users import SimGroup

        if chat_id in self.groups:
            return self.groups[chat_id]
        group = SimGroup(self, chat_id, title, **kwargs)
        self.groups[chat_id] = group
        self.chats[chat_id] = group.chat()
        return group

    def add_file(self, content: bytes, file_name: str | None = None, mime_type: str | None = None) -> StoredFile:
        n = next(self._ids)
        folder = "photos" if (mime_type or "").startswith("image/") else "documents"
        suffix = "." + file_name.rsplit(".", 1)[-1] if file_name and "." in file_name else ""
        stored = StoredFile(f"FILE{n:06d}x", f"U{n:06d}", f"{folder}/file_{n}{suffix}", content, file_name, mime_type)
        self.files[stored.file_id] = stored
        return stored

    # -- updates ---------------------------------------------------------------------------------------

    def inject(self, update: dict[str, Any]) -> dict[str, Any]:
        """Queue a raw update (any shape: for fuzzing); ``update_id`` is assigned here."""
        full = {"update_id": next(self._update_ids), **update}
        self.all_updates.append(full)
        self._pending.append(full)
        self._updates_event.set()
        self._notify()
        return full

    def pending_updates(self) -> int:
        return len(self._pending)

    def new_message(
        self,
        chat_id: int,
        sender: dict[str, Any],
        *,
        from_bot: bool = False,
        text: str | None = None,
        entities: list[dict[str, Any]] | None = None,
        kind: str = "text",
        extra: dict[str, Any] | None = None,
        reply_to: MessageState | None = None,
    ) -> MessageState:
        """A message stored in the chat (not queued as an update: see ``SimUser``)."""
        message_id = self._next_message_id.get(chat_id, 0) + 1
        self._next_message_id[chat_id] = message_id
        msg = MessageState(
            chat_id=chat_id,
            message_id=message_id,
            date=int(self.wall_clock()),
            from_bot=from_bot,
            sender=sender,
            kind=kind,
            text=text,
            raw_text=text,
            entities=entities or [],
            extra=extra or {},
            reply_to=reply_to,
        )
        self.messages.setdefault(chat_id, {})[message_id] = msg
        if from_bot:
            self.sent.setdefault(chat_id, []).append(msg)
        return msg

    def message_update(self, msg: MessageState, field: str = "message") -> dict[str, Any]:
        return self.inject({field: msg.to_api(self.chat_dict(msg.chat_id))})

    def chat_dict(self, chat_id: int) -> dict[str, Any]:
        chat = self.chats.get(chat_id)
        if chat is None:
            kind = "private" if chat_id > 0 else ("supergroup" if str(chat_id).startswith("-100") else "group")
            chat = {"id": chat_id, "type": kind}
            chat.update({"first_name": f"User{chat_id}"} if kind == "private" else {"title": f"Chat {chat_id}"})
        return dict(chat)

    # -- queries for tests -----------------------------------------------------------------------------

    def _notify(self) -> None:
        self._change.set()
        self._change = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "") -> T:
        """Wait until ``predicate()`` is truthy (re-checked after every request and update)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = [f"{r.method} {r.status}" for r in self.requests[-8:]]
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what or predicate}; "
                    f"last requests: {recent}; rejected: {self.rejected[-3:]}"
                )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._change.wait(), remaining)

    async def next_message(self, chat_id: int, timeout: float = 5.0) -> MessageState:
        """The next message the bot sent to ``chat_id`` after the previous call returned one."""

        def ready() -> MessageState | None:
            sent = self.sent.get(chat_id, [])
            i = self._cursors.get(chat_id, 0)
            return sent[i] if i < len(sent) else None

        msg = await self.wait_for(ready, timeout, f"a message in chat {chat_id}")
        self._cursors[chat_id] = self._cursors.get(chat_id, 0) + 1
        return msg

    async def edited(self, message: MessageState, timeout: float = 5.0) -> MessageState:
        """``message`` once the bot has edited its text since the previous call returned it, or since it was
        sent (a verdict written into its question's own message; edits of its buttons alone do not count)."""
        key = (message.chat_id, message.message_id)
        seen = self._edit_texts.get(key, message.history[0][0] if message.history else message.text)
        await self.wait_for(lambda: message.text != seen, timeout, f"an edit of message {key}")
        self._edit_texts[key] = message.text
        return message

    def skip_messages(self, chat_id: int) -> None:
        """Move ``next_message``'s cursor past everything sent so far."""
        self._cursors[chat_id] = len(self.sent.get(chat_id, []))

    def sent_to(self, chat_id: int) -> list[MessageState]:
        return list(self.sent.get(chat_id, []))

    def calls(self, method: str) -> list[RequestRecord]:
        name = method.lower()
        return [r for r in self.requests if r.method.lower() == name]

    async def callback_answer(self, press: CallbackPress | str, timeout: float = 5.0) -> CallbackAnswer:
        key = press if isinstance(press, str) else press.id
        return await self.wait_for(lambda: self.callback_answers.get(key), timeout, f"answer to {key}")

    def unanswered_callbacks(self) -> list[CallbackPress]:
        return [p for k, p in self.callback_presses.items() if k not in self.callback_answers]

    def max_sends_in_window(self, chat_id: int | None, seconds: float) -> int:
        """Most counted sends (to one chat, or all when None) within any ``seconds`` window."""
        times = [t for t, c, _ in self.sends if chat_id is None or c == chat_id]
        best, lo = 0, 0
        for hi, t in enumerate(times):
            while t - times[lo] >= seconds:
                lo += 1
            best = max(best, hi - lo + 1)
        return best

    def assert_clean(self) -> None:
        """No malformed request and no flood-limit violation so far."""
        problems = [f"fake crashed: {c}" for c in self.crashes]
        problems += [f"rejected {r.method}: {r.description}" for r in self.rejected]
        problems += [f"violation {v.rule} on {v.method} to {v.chat_id}" for v in self.violations]
        if problems:
            raise AssertionError("; ".join(problems[:20]))

    # -- HTTP ------------------------------------------------------------------------------------------

    async def _read_params(self, request: web.Request) -> tuple[dict[str, Any], dict[str, Upload]]:
        params: dict[str, Any] = dict(request.query)
        uploads: dict[str, Upload] = {}
        if request.method != "POST" or not request.can_read_body:
            return params, uploads
        ctype = request.content_type
        if ctype == "application/json":
            try:
                body = await request.json()
            except ValueError:
                raise bad("can't parse JSON object") from None
            if not isinstance(body, dict):
                raise bad("request body must be a JSON object")
            params.update(body)
        elif ctype == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader) or part.name is None:
                    continue
                if part.filename is not None:
                    data = await part.read()
                    ctype_part = part.headers.get("Content-Type", "application/octet-stream")
                    uploads[part.name] = Upload(part.name, part.filename, ctype_part, bytes(data))
                else:
                    params[part.name] = await part.text()
        else:
            form = await request.post()
            params.update({k: v for k, v in form.items() if isinstance(v, str)})
        return params, uploads

    async def _handle(self, request: web.Request) -> web.Response:
        try:
            params, uploads = await self._read_params(request)
        except ApiError as exc:
            params, uploads, unread = {}, {}, exc
        else:
            unread = None
        try:
            status, body = await self.call(
                request.match_info["method"], request.match_info["token"], params, uploads, unread
            )
        except Dropped:
            _reset(request)
            return web.Response(status=500)  # never reaches the client: its connection is gone
        return web.json_response(body, status=status)

    async def call(
        self,
        method: str,
        token: str,
        params: dict[str, Any],
        uploads: dict[str, Upload] | None = None,
        unreadable: ApiError | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """One Bot API call, however it arrived (HTTP, or an offline request object): (status, answer)."""
        uploads = uploads or {}
        record = RequestRecord(method, {}, self.clock())
        self.requests.append(record)
        try:
            if token != self.token:
                raise ApiError(401, "Unauthorized")
            if unreadable is not None:
                raise unreadable
            record.params = {**params, **{k: f"<upload {u.filename}>" for k, u in uploads.items()}}
            canonical = self.spec.method_name(method)
            values = self._validate(canonical, params, uploads, record)
            result = await self._serve(canonical, values, record)
        except ApiError as exc:
            return self._error_answer(record, exc)
        except Dropped:
            record.status = 0
            self._notify()
            raise
        except Exception as exc:  # a bug of the fake itself: answer like Telegram's 500 and remember it
            self.crashes.append(f"{method}: {exc!r}\n{traceback.format_exc()}")
            return self._error_answer(record, ApiError(500, f"Internal Server Error (fake: {exc!r})"))
        record.status = 200
        self._notify()
        return 200, {"ok": True, "result": result}

    def _error_answer(self, record: RequestRecord, exc: ApiError) -> tuple[int, dict[str, Any]]:
        record.status = exc.code
        record.description = exc.description
        self.errors.append(record)
        self._notify()
        return exc.code, exc.body()

    def _validate(
        self, method: str, params: dict[str, Any], uploads: dict[str, Upload], record: RequestRecord
    ) -> dict[str, Any]:
        try:
            values = self.spec.check_call(method, params, uploads)
            self._check_limits(method, values)
        except ApiError as exc:
            self.rejected.append(Rejection(method, record.params, exc.code, exc.description))
            raise
        return values

    async def _serve(self, method: str, values: dict[str, Any], record: RequestRecord) -> Any:
        if self.jitter and method != "getUpdates":
            await asyncio.sleep(self._jitter_rng.uniform(0, self.jitter))
        chat_id = values.get("chat_id")
        chat_int = chat_id if isinstance(chat_id, int) else None
        script = next((s for s in self._faults if s.matches(method, chat_int)), None)
        if script is not None:
            if script.remaining is not None:
                script.remaining -= 1
            script.hits += 1
            fault = script.fault
            self.faulted.append((method, chat_int, fault))
            if fault.stall:
                await asyncio.Event().wait()  # until the server stops (its handlers are cancelled then)
            if fault.reset:
                raise Dropped(method)
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.late:
                result = await self._serve_unscripted(method, values, chat_id, chat_int)
                await asyncio.sleep(fault.late)
                return result
            if fault.code:
                if fault.retry_after:
                    self._cooldowns.append((script.chat_id, self.clock() + fault.retry_after))
                raise ApiError(fault.code, fault.description, fault.parameters())
        return await self._serve_unscripted(method, values, chat_id, chat_int)

    async def _serve_unscripted(self, method: str, values: dict[str, Any], chat_id: Any, chat_int: int | None) -> Any:
        if method != "getUpdates":
            self._check_cooldown(method, chat_int)
        if chat_id is not None and method not in ("getUpdates", "getChat", "getChatMember"):
            chat_int = self._check_chat(method, chat_id)
        if self.rules.counts(method) and chat_int is not None:
            broken = self.limiter.check(chat_int)
            if broken is not None:
                rule, wait = broken
                self.violations.append(Violation(rule, method, chat_int, self.clock(), wait))
                self._cooldowns.append((chat_int if rule != "global" else None, self.clock() + wait))
                raise ApiError(429, f"Too Many Requests: retry after {wait}", {"retry_after": wait})
            self.sends.append((self.clock(), chat_int, method))
        handler = self._handlers.get(method, self._generic)
        if handler is self._generic:
            return await self._generic(values, method)
        return await handler(values)

    def _check_cooldown(self, method: str, chat_id: int | None) -> None:
        now = self.clock()
        self._cooldowns = [(c, until) for c, until in self._cooldowns if until > now]
        for scope, until in self._cooldowns:
            if scope is None or scope == chat_id:
                wait = max(1, int(until - now + 0.999))
                self.violations.append(Violation("retry_after", method, chat_id, now, wait))
                raise ApiError(429, f"Too Many Requests: retry after {wait}", {"retry_after": wait})

    def _check_chat(self, method: str, chat_id: int | str) -> int:
        if isinstance(chat_id, str):
            found = [c for c, d in self.chats.items() if d.get("username") and "@" + d["username"] == chat_id]
            if not found:
                raise ApiError(400, "Bad Request: chat not found")
            chat_id = found[0]
        if chat_id in self.migrated:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": self.migrated[chat_id]},
            )
        if chat_id in self.deactivated:
            raise ApiError(403, "Forbidden: user is deactivated")
        if chat_id in self.blocked_by:
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        if chat_id in self.removed_from:
            raise ApiError(403, "Forbidden: bot was kicked from the group chat")
        if self.strict_chats and chat_id not in self.chats:
            raise ApiError(400, "Bad Request: chat not found")
        return chat_id

    async def _download(self, request: web.Request) -> web.Response:
        content = self.file_content(request.match_info["token"], request.match_info["path"])
        if content is None:
            return web.json_response({"ok": False, "error_code": 404, "description": "Not Found"}, status=404)
        return web.Response(body=content[0], content_type=content[1])

    def file_content(self, token: str, path: str) -> tuple[bytes, str] | None:
        """A stored file's bytes and type, as the file URL serves them (None: Not Found)."""
        if token != self.token:
            return None
        for f in self.files.values():
            if f.file_path == path:
                return f.content, f.mime_type or "application/octet-stream"
        return None

    # -- validation of limits ----------------------------------------------------------------------------

    def _check_limits(self, method: str, v: dict[str, Any]) -> None:
        if "text" in v and method in ("sendMessage", "editMessageText"):
            parsed = self._parse(v["text"], v.get("parse_mode"))
            if parsed.length == 0:
                raise bad("message text is empty")
            if parsed.length > 4096:
                raise bad(f"message is too long ({parsed.length} characters after entity parsing, at most 4096)")
        if "caption" in v:
            parsed = self._parse(v["caption"], v.get("parse_mode"))
            if parsed.length > 1024:
                raise bad(f"message caption is too long ({parsed.length} characters, at most 1024)")
        markup = v.get("reply_markup")
        if isinstance(markup, dict) and "inline_keyboard" in markup:
            _check_inline_keyboard(markup)
        if method == "answerCallbackQuery" and len(v.get("text") or "") > 200:
            raise bad(f"callback answer text is too long ({len(v['text'])} characters, at most 200)")
        if method == "sendPoll":
            self._check_poll(v)
        if method == "setMyCommands":
            _check_commands(v)
        if "language_code" in v and not _LANG_RE.match(v["language_code"]):
            raise bad(f"invalid language_code {v['language_code']!r}: two lowercase letters or empty")

    def _parse(self, text: str, parse_mode: str | None) -> ParsedText:
        try:
            return parse_text(text, parse_mode)
        except MarkupError as exc:
            raise bad(str(exc)) from None

    def _check_poll(self, v: dict[str, Any]) -> None:
        question = self._parse(v["question"], None)
        if not 1 <= question.length <= 300:
            raise bad(f"poll question must be 1-300 characters, got {question.length}")
        options = v["options"]
        least = 1 if v.get("allow_adding_options") else 2
        if not least <= len(options) <= 12:
            raise bad(f"poll must have {least}-12 options, got {len(options)}")
        for i, opt in enumerate(options):
            n = len(self._parse(opt["text"], opt.get("text_parse_mode")).text.strip())
            if not 1 <= n <= 100:
                raise bad(f"poll option {i} must be 1-100 characters, got {n}")
        if "explanation" in v:
            expl = self._parse(v["explanation"], v.get("explanation_parse_mode"))
            if expl.length > 200:
                raise bad(f"poll explanation is too long ({expl.length} characters, at most 200)")
            if expl.text.strip().count("\n") > 2:
                raise bad("poll explanation must have at most 2 line feeds")
        ids = v.get("correct_option_ids")
        if v.get("type") == "quiz":
            if not ids:
                raise bad("correct_option_ids must be specified for quiz polls")
            if any(not 0 <= i < len(options) for i in ids):
                raise bad(f"correct_option_ids {ids} out of range for {len(options)} options")
            if any(a >= b for a, b in itertools.pairwise(ids)):
                raise bad("correct_option_ids must be strictly increasing")
            if len(ids) > 1 and not v.get("allows_multiple_answers"):
                raise bad("several correct options need allows_multiple_answers")
        elif ids:
            raise bad("correct_option_ids can be specified only for quiz polls")
        if v.get("type") not in (None, "quiz", "regular"):
            raise bad(f"unknown poll type {v['type']!r}")

    # -- method handlers -------------------------------------------------------------------------------

    async def _get_me(self, v: dict[str, Any]) -> Any:
        return dict(self.bot_user)

    async def _get_updates(self, v: dict[str, Any]) -> Any:
        if self.webhook is not None:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        if "allowed_updates" in v:
            self._allowed_updates = set(v["allowed_updates"]) or None
        offset = v.get("offset")
        if offset is not None:
            if offset < 0:
                self._pending = self._pending[offset:]
            else:
                self._pending = [u for u in self._pending if u["update_id"] >= offset]
        limit = max(1, min(100, v.get("limit") or 100))
        timeout = max(0, v.get("timeout") or 0)
        self._poll_generation += 1
        generation = self._poll_generation
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._drop_unwanted()
            if self._pending or self._closing:
                return [*self._pending[:limit]]
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            self._updates_event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._updates_event.wait(), remaining)
            if generation != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
                )

    def _drop_unwanted(self) -> None:
        allowed = self._allowed_updates

        def wanted(u: dict[str, Any]) -> bool:
            kinds = [k for k in u if k != "update_id"]
            if allowed is None:
                return not kinds or kinds[0] not in _NOT_DEFAULT_UPDATES
            return not kinds or kinds[0] in allowed

        self._pending = [u for u in self._pending if wanted(u)]

    async def _set_webhook(self, v: dict[str, Any]) -> Any:
        if not v["url"]:
            return await self._delete_webhook(v)
        if v.get("drop_pending_updates"):
            self._pending.clear()
        if "allowed_updates" in v:
            self._allowed_updates = set(v["allowed_updates"]) or None
        self.webhook = {"url": v["url"], "secret_token": v.get("secret_token")}
        self._poll_generation += 1
        self._updates_event.set()
        if self._webhook_task is None or self._webhook_task.done():
            self._webhook_task = asyncio.get_running_loop().create_task(self._pump_webhook())
        return True

    async def _delete_webhook(self, v: dict[str, Any]) -> Any:
        self.webhook = None
        if v.get("drop_pending_updates"):
            self._pending.clear()
        return True

    async def _get_webhook_info(self, v: dict[str, Any]) -> Any:
        url = self.webhook["url"] if self.webhook else ""
        return {"url": url, "has_custom_certificate": False, "pending_update_count": len(self._pending)}

    async def _pump_webhook(self) -> None:
        """Deliver queued updates to the webhook in order, as Telegram does (retrying a failure)."""
        async with ClientSession(timeout=ClientTimeout(total=5)) as session:
            failures = 0
            while self.webhook is not None and not self._closing:
                self._drop_unwanted()
                if not self._pending:
                    self._updates_event.clear()
                    await self._updates_event.wait()
                    continue
                update = self._pending[0]
                headers = {}
                if self.webhook.get("secret_token"):
                    headers["X-Telegram-Bot-Api-Secret-Token"] = self.webhook["secret_token"]
                status: int | str
                try:
                    async with session.post(self.webhook["url"], json=update, headers=headers) as resp:
                        status = resp.status
                except Exception as exc:  # any delivery failure is recorded and retried
                    status = type(exc).__name__
                self.webhook_deliveries.append((update["update_id"], status))
                self._notify()
                if isinstance(status, int) and 200 <= status < 300:
                    failures = 0
                    if self._pending and self._pending[0] is update:
                        self._pending.pop(0)
                else:
                    failures += 1
                    if failures >= 5:  # give up on this update, like Telegram after its retries
                        failures = 0
                        if self._pending and self._pending[0] is update:
                            self._pending.pop(0)
                    await asyncio.sleep(0.05 * failures)

    def _bot_message(self, chat_id: int, v: dict[str, Any], kind: str, **fields: Any) -> MessageState:
        msg = self.new_message(chat_id, dict(self.bot_user), from_bot=True, kind=kind, **fields)
        msg.params = v
        msg.reply_markup = v.get("reply_markup")
        reply = v.get("reply_parameters")
        if reply:
            target = self.messages.get(reply.get("chat_id", chat_id), {}).get(reply["message_id"])
            if target is None or target.deleted:
                if not reply.get("allow_sending_without_reply"):
                    # undo: the message was not sent
                    del self.messages[chat_id][msg.message_id]
                    self.sent[chat_id].remove(msg)
                    raise bad("message to be replied not found")
            else:
                msg.reply_to = target
        return msg

    def _api(self, msg: MessageState) -> dict[str, Any]:
        return msg.to_api(self.chat_dict(msg.chat_id))

    async def _send_message(self, v: dict[str, Any]) -> Any:
        parsed = self._parse(v["text"], v.get("parse_mode"))
        msg = self._bot_message(self._chat(v), v, "text", text=parsed.text, entities=parsed.api_entities())
        msg.raw_text = v["text"]
        msg.parse_mode = v.get("parse_mode")
        return self._api(msg)

    def _chat(self, v: dict[str, Any]) -> int:
        chat_id = v["chat_id"]
        if isinstance(chat_id, int):
            return chat_id
        return self._check_chat("", chat_id)

    def _target(self, v: dict[str, Any], action: str) -> MessageState:
        if "inline_message_id" in v:
            raise bad("inline messages are not supported by the fake server")
        if "chat_id" not in v or "message_id" not in v:
            raise bad("chat_id and message_id are required without inline_message_id")
        msg = self.messages.get(self._chat(v), {}).get(v["message_id"])
        if msg is None or msg.deleted:
            raise bad(f"message to {action} not found")
        return msg

    def _rejected_here(self, method: str, v: dict[str, Any], description: str) -> ApiError:
        self.rejected.append(Rejection(method, v, 400, f"Bad Request: {description}"))
        return bad(description)

    async def _edit_message_text(self, v: dict[str, Any]) -> Any:
        try:
            msg = self._target(v, "edit")
        except ApiError as exc:
            raise self._rejected_here("editMessageText", v, exc.description.removeprefix("Bad Request: ")) from None
        if not msg.from_bot:
            raise self._rejected_here("editMessageText", v, "message can't be edited")
        if msg.text is None:
            raise self._rejected_here("editMessageText", v, "there is no text in the message to edit")
        parsed = self._parse(v["text"], v.get("parse_mode"))
        markup = v.get("reply_markup")
        entities = parsed.api_entities()
        if parsed.text == msg.text and entities == msg.entities and markup == msg.reply_markup:
            raise self._rejected_here("editMessageText", v, _NOT_MODIFIED)
        msg.history.append((msg.text, msg.reply_markup))
        msg.text, msg.raw_text, msg.entities = parsed.text, v["text"], entities
        msg.parse_mode = v.get("parse_mode")
        msg.reply_markup = markup
        msg.edit_date = int(self.wall_clock())
        return self._api(msg)

    async def _edit_reply_markup(self, v: dict[str, Any]) -> Any:
        try:
            msg = self._target(v, "edit")
        except ApiError as exc:
            raise self._rejected_here(
                "editMessageReplyMarkup", v, exc.description.removeprefix("Bad Request: ")
            ) from None
        if not msg.from_bot:
            raise self._rejected_here("editMessageReplyMarkup", v, "message can't be edited")
        markup = v.get("reply_markup")
        if markup == msg.reply_markup or (not markup and not msg.reply_markup):
            raise self._rejected_here("editMessageReplyMarkup", v, _NOT_MODIFIED)
        msg.history.append((msg.text, msg.reply_markup))
        msg.reply_markup = markup
        msg.edit_date = int(self.wall_clock())
        return self._api(msg)

    async def _edit_caption(self, v: dict[str, Any]) -> Any:
        try:
            msg = self._target(v, "edit")
        except ApiError as exc:
            raise self._rejected_here("editMessageCaption", v, exc.description.removeprefix("Bad Request: ")) from None
        if not msg.from_bot or msg.kind not in ("photo", "document"):
            raise self._rejected_here("editMessageCaption", v, "there is no caption in the message to edit")
        caption = self._parse(v.get("caption", ""), v.get("parse_mode")).text
        markup = v.get("reply_markup")
        if caption == (msg.caption or "") and markup == msg.reply_markup:
            raise self._rejected_here("editMessageCaption", v, _NOT_MODIFIED)
        msg.history.append((msg.caption, msg.reply_markup))
        msg.caption = caption or None
        msg.reply_markup = markup
        msg.edit_date = int(self.wall_clock())
        return self._api(msg)

    async def _delete_message(self, v: dict[str, Any]) -> Any:
        msg = self.messages.get(self._chat(v), {}).get(v["message_id"])
        if msg is None or msg.deleted:
            raise self._rejected_here("deleteMessage", v, "message to delete not found")
        msg.deleted = True
        return True

    async def _answer_callback(self, v: dict[str, Any]) -> Any:
        qid = v["callback_query_id"]
        if qid not in self.callback_presses or qid in self.callback_answers:
            raise self._rejected_here(
                "answerCallbackQuery", v, "query is too old and response timeout expired or query ID is invalid"
            )
        self.callback_answers[qid] = CallbackAnswer(qid, v.get("text"), bool(v.get("show_alert")), self.clock())
        return True

    async def _send_poll(self, v: dict[str, Any]) -> Any:
        poll_id = f"POLL{next(self._ids)}"
        options = [
            {"persistent_id": str(i), "text": self._parse(o["text"], o.get("text_parse_mode")).text, "voter_count": 0}
            for i, o in enumerate(v["options"])
        ]
        poll: dict[str, Any] = {
            "id": poll_id,
            "question": v["question"],
            "options": options,
            "total_voter_count": 0,
            "is_closed": bool(v.get("is_closed")),
            "is_anonymous": v.get("is_anonymous", True),
            "type": v.get("type", "regular"),
            "allows_multiple_answers": bool(v.get("allows_multiple_answers")),
            "allows_revoting": v.get("allows_revoting", v.get("type") != "quiz"),
            "members_only": bool(v.get("members_only")),
        }
        if v.get("correct_option_ids") is not None:
            poll["correct_option_ids"] = list(v["correct_option_ids"])
        if "explanation" in v:
            expl = self._parse(v["explanation"], v.get("explanation_parse_mode"))
            poll["explanation"] = expl.text
            if expl.entities:
                poll["explanation_entities"] = expl.api_entities()
        for key in ("open_period", "close_date"):
            if key in v:
                poll[key] = v[key]
        msg = self._bot_message(self._chat(v), v, "poll", extra={"poll": poll})
        self.polls[poll_id] = msg
        return self._api(msg)

    async def _stop_poll(self, v: dict[str, Any]) -> Any:
        try:
            msg = self._target(v, "stop")
        except ApiError:
            raise self._rejected_here("stopPoll", v, "message with poll to stop not found") from None
        poll = msg.poll
        if poll is None:
            raise self._rejected_here("stopPoll", v, "message with poll to stop not found")
        if poll["is_closed"]:
            raise self._rejected_here("stopPoll", v, "poll has already been closed")
        poll["is_closed"] = True
        if "reply_markup" in v:
            msg.reply_markup = v["reply_markup"]
        return dict(poll)

    def _file_param(self, value: Upload | str, limit: int, what: str) -> StoredFile:
        if isinstance(value, Upload):
            if len(value.content) > limit:
                raise bad(f"file is too big ({len(value.content)} bytes, at most {limit} for a {what})")
            return self.add_file(value.content, value.filename, value.content_type)
        if value in self.files:
            return self.files[value]
        if value.startswith(("http://", "https://")):
            return self.add_file(b"", value.rsplit("/", 1)[-1], None)
        raise bad("wrong file identifier/HTTP URL specified")

    async def _send_photo(self, v: dict[str, Any]) -> Any:
        stored = self._file_param(v["photo"], _PHOTO_MAX, "photo")
        width, height = 0, 0
        if stored.content:
            try:
                from PIL import Image

                with Image.open(io.BytesIO(stored.content)) as img:
                    width, height = img.size
            except Exception:  # Pillow raises many kinds for undecodable data
                raise bad("IMAGE_PROCESS_FAILED") from None
        stored.mime_type = stored.mime_type or "image/png"
        photo = [
            {
                "file_id": stored.file_id,
                "file_unique_id": stored.file_unique_id,
                "width": width,
                "height": height,
                "file_size": len(stored.content),
            }
        ]
        msg = self._bot_message(self._chat(v), v, "photo", extra={"photo": photo})
        self._set_caption(msg, v)
        return self._api(msg)

    async def _send_document(self, v: dict[str, Any]) -> Any:
        stored = self._file_param(v["document"], _DOCUMENT_MAX, "document")
        doc = {"file_id": stored.file_id, "file_unique_id": stored.file_unique_id, "file_size": len(stored.content)}
        if stored.file_name:
            doc["file_name"] = stored.file_name
        if stored.mime_type:
            doc["mime_type"] = stored.mime_type
        msg = self._bot_message(self._chat(v), v, "document", extra={"document": doc})
        self._set_caption(msg, v)
        return self._api(msg)

    def _set_caption(self, msg: MessageState, v: dict[str, Any]) -> None:
        if v.get("caption"):
            parsed = self._parse(v["caption"], v.get("parse_mode"))
            msg.caption = parsed.text
            if parsed.entities:
                msg.extra["caption_entities"] = parsed.api_entities()

    async def _send_chat_action(self, v: dict[str, Any]) -> Any:
        return True

    async def _get_chat(self, v: dict[str, Any]) -> Any:
        chat_id = self._check_chat("getChat", v["chat_id"])
        return self.spec.fill(
            "ChatFullInfo", {**self.chat_dict(chat_id), "accent_color_id": 0, "max_reaction_count": 11}
        )

    async def _get_chat_member(self, v: dict[str, Any]) -> Any:
        chat_id = self._check_chat("getChatMember", v["chat_id"])
        user_id = v["user_id"]
        sim = self.users.get(user_id)
        user = sim.user_dict() if sim is not None else {"id": user_id, "is_bot": False, "first_name": "?"}
        if user_id == self.bot_user["id"]:
            user = dict(self.bot_user)
        status = "member" if chat_id == user_id else "left"
        group = self.groups.get(chat_id)
        if group is not None:
            status = group.status_of(user_id)
        if status == "creator":
            return self.spec.fill("ChatMemberOwner", {"status": "creator", "user": user})
        if status == "administrator":
            return self.spec.fill(
                "ChatMemberAdministrator", {"status": "administrator", "user": user, "can_manage_chat": True}
            )
        return self.spec.fill(f"ChatMember{status.capitalize()}", {"status": status, "user": user})

    async def _set_my_commands(self, v: dict[str, Any]) -> Any:
        scope = (v.get("scope") or {}).get("type", "default")
        self.commands[(scope, v.get("language_code", ""))] = [dict(c) for c in v["commands"]]
        return True

    async def _get_my_commands(self, v: dict[str, Any]) -> Any:
        scope = (v.get("scope") or {}).get("type", "default")
        return self.commands.get((scope, v.get("language_code", "")), [])

    async def _delete_my_commands(self, v: dict[str, Any]) -> Any:
        scope = (v.get("scope") or {}).get("type", "default")
        self.commands.pop((scope, v.get("language_code", "")), None)
        return True

    async def _get_file(self, v: dict[str, Any]) -> Any:
        stored = self.files.get(v["file_id"])
        if stored is None:
            raise self._rejected_here("getFile", v, "invalid file_id")
        return {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": len(stored.content),
            "file_path": stored.file_path,
        }

    async def _set_message_reaction(self, v: dict[str, Any]) -> Any:
        """A bot sets at most one reaction, an emoji from the list ReactionTypeEmoji documents (or its own
        custom emoji, which the fake does not model), on a message that exists and is no service message."""
        try:
            msg = self._target(v, "react to")
        except ApiError as exc:
            raise self._rejected_here("setMessageReaction", v, exc.description.removeprefix("Bad Request: ")) from None
        reaction = v.get("reaction") or []
        if len(reaction) > 1:
            raise self._rejected_here("setMessageReaction", v, "REACTIONS_TOO_MANY")
        for item in reaction:
            if item.get("type") != "emoji" or item.get("emoji") not in self.spec.reaction_emoji():
                raise self._rejected_here("setMessageReaction", v, "REACTION_INVALID")
        if msg.kind == "service":
            raise self._rejected_here("setMessageReaction", v, "message can't be reacted to")
        msg.reactions = list(reaction)
        return True

    async def _generic(self, v: dict[str, Any], method: str = "") -> Any:
        """Methods without their own handler: a well-formed neutral result of the declared type."""
        returns = self.spec.returns(method)
        first = returns[0] if returns else "Boolean"
        if first == "Message" and "chat_id" in v:
            return self._api(self._bot_message(self._chat(v), v, method))
        if first == "Boolean" or first.startswith("True"):
            return True
        if first.startswith("Array of "):
            return []
        if first in self.spec.types:
            return self.spec.fill(first, {})
        return True


_NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly the "
    "same as a current content and reply markup of the message"
)


def _check_inline_keyboard(markup: dict[str, Any]) -> None:
    for r, row in enumerate(markup["inline_keyboard"]):
        for c, button in enumerate(row):
            where = f"button {c} of row {r}"
            if not button["text"].strip():
                raise bad(f"BUTTON_TEXT_EMPTY: {where} has no text")
            actions = [k for k in button if k not in ("text", "icon_custom_emoji_id", "style")]
            if len(actions) != 1:
                raise bad(f"can't parse inline keyboard button: {where} needs exactly one action, got {actions}")
            if "url" in button and not str(button["url"]).startswith(("http://", "https://", "tg://")):
                raise bad(f"BUTTON_URL_INVALID: the url of {where} is not an http(s) or tg link")
            if "callback_data" in button:
                size = len(button["callback_data"].encode("utf-8"))
                if not 1 <= size <= 64:
                    raise bad(f"BUTTON_DATA_INVALID: callback_data of {where} is {size} bytes (1-64)")


def _check_commands(v: dict[str, Any]) -> None:
    if len(v["commands"]) > 100:
        raise bad("too many commands (at most 100)")
    for c in v["commands"]:
        if not _COMMAND_RE.match(c["command"]):
            raise bad(f"BOT_COMMAND_INVALID: {c['command']!r}")
        if not 1 <= len(c["description"]) <= 256:
            raise bad(f"BOT_COMMAND_DESCRIPTION_INVALID: {c['command']!r}")
