"""What the fake remembers: requests, messages (current state and history), answers, faults."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "CallbackAnswer",
    "CallbackPress",
    "Fault",
    "MessageState",
    "Rejection",
    "RequestRecord",
    "StoredFile",
    "Violation",
]


@dataclass
class RequestRecord:
    method: str  # as requested (any case)
    params: dict[str, Any]  # raw, before conversion; uploads shown as "<upload name>"
    time: float  # the fake's rate clock
    status: int = 0
    description: str = ""


@dataclass(frozen=True)
class Rejection:
    method: str
    params: dict[str, Any]
    code: int
    description: str


@dataclass(frozen=True)
class Violation:
    rule: str  # "global", "group", "private" or "retry_after" (a request before a 429 expired)
    method: str
    chat_id: int | None
    time: float
    retry_after: int


@dataclass
class MessageState:
    """One message in a chat as it is now; ``history`` holds earlier (text, reply_markup) pairs."""

    chat_id: int
    message_id: int
    date: int
    from_bot: bool
    sender: dict[str, Any]
    kind: str = "text"  # text, photo, document, poll, sticker, service, or the send method's name
    text: str | None = None  # parsed plain text (for captions too: see ``caption``)
    raw_text: str | None = None  # as sent, before entity parsing
    parse_mode: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    caption: str | None = None
    reply_markup: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # photo/document/poll/sticker... fields
    reply_to: MessageState | None = None
    edit_date: int | None = None
    deleted: bool = False
    history: list[tuple[str | None, dict[str, Any] | None]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)  # the converted send parameters
    reactions: list[dict[str, Any]] = field(default_factory=list)  # the bot's reaction (setMessageReaction)

    @property
    def buttons(self) -> list[list[dict[str, Any]]]:
        if not self.reply_markup:
            return []
        return [list(row) for row in self.reply_markup.get("inline_keyboard", [])]

    @property
    def button_texts(self) -> list[str]:
        return [b["text"] for row in self.buttons for b in row]

    @property
    def poll(self) -> dict[str, Any] | None:
        return self.extra.get("poll")

    def find_button(self, which: str | int) -> dict[str, Any]:
        flat = [b for row in self.buttons for b in row]
        if isinstance(which, int):
            if not 0 <= which < len(flat):
                raise LookupError(f"message {self.message_id} has {len(flat)} buttons, no index {which}")
            return flat[which]
        for b in flat:
            if b["text"] == which:
                return b
        for b in flat:
            if b["text"].startswith(which):
                return b
        raise LookupError(f"no button {which!r} on message {self.message_id}: {self.button_texts}")

    def to_api(self, chat: dict[str, Any], depth: int = 0) -> dict[str, Any]:
        out: dict[str, Any] = {"message_id": self.message_id, "date": self.date, "chat": chat}
        if self.sender:
            out["from"] = self.sender
        if self.text is not None:
            out["text"] = self.text
            if self.entities:
                out["entities"] = copy.deepcopy(self.entities)
        if self.caption is not None:
            out["caption"] = self.caption
        if self.reply_markup:
            out["reply_markup"] = copy.deepcopy(self.reply_markup)
        if self.edit_date is not None:
            out["edit_date"] = self.edit_date
        if self.reply_to is not None and depth == 0:
            out["reply_to_message"] = self.reply_to.to_api(chat, depth + 1)
        out.update(copy.deepcopy(self.extra))
        return out


@dataclass(frozen=True)
class CallbackPress:
    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str


@dataclass(frozen=True)
class CallbackAnswer:
    id: str
    text: str | None
    show_alert: bool
    time: float


@dataclass
class StoredFile:
    file_id: str
    file_unique_id: str
    file_path: str
    content: bytes
    file_name: str | None = None
    mime_type: str | None = None


@dataclass
class Fault:
    """A scripted answer. Build with the class methods; ``delay`` > 0 sleeps first."""

    code: int = 0  # 0: no error, only the delay, then the request is served normally
    description: str = ""
    retry_after: int | None = None
    delay: float = 0.0
    migrate_to_chat_id: int | None = None
    stall: bool = False  # accepted and never answered (nor carried out): held until the server stops
    reset: bool = False  # the connection is reset, the request not carried out
    late: float = 0.0  # carried out at once, answered this many seconds later

    @classmethod
    def stalled(cls) -> Fault:
        """The API accepts the request and never answers: the client times out; nothing was done."""
        return cls(stall=True)

    @classmethod
    def connection_reset(cls) -> Fault:
        """The connection is reset as the request arrives (TCP RST): nothing was done."""
        return cls(reset=True)

    @classmethod
    def answered_late(cls, seconds: float) -> Fault:
        """Carried out (the message is delivered) but answered only after ``seconds``: longer than the
        client's timeout, a delivered request that the client counts as timed out."""
        return cls(late=seconds)

    @classmethod
    def too_many_requests(cls, retry_after: int) -> Fault:
        return cls(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)

    @classmethod
    def blocked(cls) -> Fault:
        return cls(403, "Forbidden: bot was blocked by the user")

    @classmethod
    def deactivated(cls) -> Fault:
        return cls(403, "Forbidden: user is deactivated")

    @classmethod
    def kicked(cls) -> Fault:
        return cls(403, "Forbidden: bot was kicked from the group chat")

    @classmethod
    def chat_not_found(cls) -> Fault:
        return cls(400, "Bad Request: chat not found")

    @classmethod
    def server_error(cls, code: int = 500) -> Fault:
        return cls(code, "Internal Server Error" if code == 500 else "Bad Gateway")

    @classmethod
    def slow(cls, seconds: float, then: Fault | None = None) -> Fault:
        """Sleep ``seconds`` (longer than the client's timeout to simulate one), then serve or fail."""
        base = then or cls()
        return cls(base.code, base.description, base.retry_after, seconds, base.migrate_to_chat_id)

    def parameters(self) -> dict[str, Any] | None:
        params: dict[str, Any] = {}
        if self.retry_after is not None:
            params["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            params["migrate_to_chat_id"] = self.migrate_to_chat_id
        return params or None


@dataclass
class FaultScript:
    fault: Fault
    method: str | None  # canonical method name, or None for any
    chat_id: int | None
    remaining: int | None  # None: until removed
    hits: int = 0

    def matches(self, method: str, chat_id: int | None) -> bool:
        if self.remaining is not None and self.remaining <= 0:
            return False
        if self.method is not None and self.method.lower() != method.lower():
            return False
        return not (self.chat_id is not None and self.chat_id != chat_id)
