"""Simulated Telegram users, groups and channels: each action queues the update Telegram would send."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from .records import CallbackPress, MessageState

if TYPE_CHECKING:
    from .server import FakeBotServer

__all__ = ["SimGroup", "SimUser"]

_query_ids = itertools.count(1)


def _chat_id(chat: SimGroup | SimUser | int | None, default: int) -> int:
    if chat is None:
        return default
    if isinstance(chat, int):
        return chat
    return chat.id


class SimUser:
    """A person talking to the bot. Actions return what they created; updates go to getUpdates/webhook."""

    def __init__(
        self,
        fake: FakeBotServer,
        user_id: int,
        first_name: str,
        *,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "zh",
        is_bot: bool = False,
    ) -> None:
        self.fake = fake
        self.id = user_id
        self.first_name = first_name
        self.last_name = last_name
        self.username = username
        self.language_code = language_code
        self.is_bot = is_bot

    def user_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            out["last_name"] = self.last_name
        if self.username:
            out["username"] = self.username
        if self.language_code:
            out["language_code"] = self.language_code
        return out

    def private_chat(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "type": "private", "first_name": self.first_name}
        if self.username:
            out["username"] = self.username
        return out

    # -- messages --------------------------------------------------------------------------------------

    def _message(
        self,
        chat: SimGroup | SimUser | int | None,
        *,
        text: str | None = None,
        entities: list[dict[str, Any]] | None = None,
        kind: str = "text",
        extra: dict[str, Any] | None = None,
        reply_to: MessageState | None = None,
    ) -> MessageState:
        chat_id = _chat_id(chat, self.id)
        group = self.fake.groups.get(chat_id)
        if group is not None:
            group.members.add(self.id)
        msg = self.fake.new_message(
            chat_id, self.user_dict(), text=text, entities=entities, kind=kind, extra=extra, reply_to=reply_to
        )
        self.fake.message_update(msg)
        return msg

    def send_text(
        self,
        text: str,
        chat: SimGroup | SimUser | int | None = None,
        *,
        entities: list[dict[str, Any]] | None = None,
        reply_to: MessageState | None = None,
    ) -> MessageState:
        return self._message(chat, text=text, entities=entities, reply_to=reply_to)

    def command(self, text: str, chat: SimGroup | SimUser | int | None = None) -> MessageState:
        """``/quiz fill``: the first word gets a bot_command entity, as Telegram clients mark it."""
        if not text.startswith("/"):
            raise ValueError("a command starts with /")
        word = text.split(maxsplit=1)[0]
        length = len(word.encode("utf-16-le")) // 2
        return self._message(chat, text=text, entities=[{"type": "bot_command", "offset": 0, "length": length}])

    def reply_to(self, message: MessageState, text: str) -> MessageState:
        return self._message(message.chat_id, text=text, reply_to=message)

    def send_sticker(self, chat: SimGroup | SimUser | int | None = None, emoji: str = "👍") -> MessageState:
        sticker = {
            "file_id": f"STICKER{self.id}",
            "file_unique_id": f"S{self.id}",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "emoji": emoji,
        }
        return self._message(chat, kind="sticker", extra={"sticker": sticker})

    def send_document(
        self,
        content: bytes,
        file_name: str,
        mime_type: str = "application/octet-stream",
        chat: SimGroup | SimUser | int | None = None,
        caption: str | None = None,
    ) -> MessageState:
        stored = self.fake.add_file(content, file_name, mime_type)
        doc = {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_name": file_name,
            "mime_type": mime_type,
            "file_size": len(content),
        }
        extra: dict[str, Any] = {"document": doc}
        if caption:
            extra["caption"] = caption
        return self._message(chat, kind="document", extra=extra)

    def send_photo(
        self, content: bytes, width: int = 100, height: int = 100, chat: SimGroup | SimUser | int | None = None
    ) -> MessageState:
        stored = self.fake.add_file(content, "photo.jpg", "image/jpeg")
        photo = [
            {
                "file_id": stored.file_id,
                "file_unique_id": stored.file_unique_id,
                "width": width,
                "height": height,
                "file_size": len(content),
            }
        ]
        return self._message(chat, kind="photo", extra={"photo": photo})

    def edit(self, message: MessageState, text: str) -> dict[str, Any]:
        """Edit one of this user's messages: an ``edited_message`` update."""
        if message.from_bot or message.sender.get("id") != self.id:
            raise ValueError("a user can edit only their own messages")
        message.history.append((message.text, message.reply_markup))
        message.text = message.raw_text = text
        message.edit_date = int(self.fake.wall_clock())
        return self.fake.message_update(message, "edited_message")

    # -- buttons and polls -----------------------------------------------------------------------------

    def press(self, message: MessageState, button: str | int = 0) -> CallbackPress:
        """Press a button of the message as it is now (by text, text prefix, or flat index)."""
        data = message.find_button(button).get("callback_data")
        if data is None:
            raise LookupError(f"button {button!r} has no callback_data")
        return self.press_data(message, data)

    def press_data(self, message: MessageState, data: str) -> CallbackPress:
        """A callback query with any data at all (forged or stale ones included)."""
        press = CallbackPress(f"{self.id}{next(_query_ids):08d}", self.id, message.chat_id, message.message_id, data)
        self.fake.callback_presses[press.id] = press
        query: dict[str, Any] = {
            "id": press.id,
            "from": self.user_dict(),
            "chat_instance": f"ci{message.chat_id}",
            "data": data,
        }
        if not message.deleted:
            query["message"] = message.to_api(self.fake.chat_dict(message.chat_id))
        self.fake.inject({"callback_query": query})
        return press

    def answer_poll(self, poll: MessageState | dict[str, Any] | str, option_ids: list[int]) -> dict[str, Any]:
        """Vote in a non-anonymous poll: a ``poll_answer`` update (an empty list retracts a vote)."""
        msg = _poll_message(self.fake, poll)
        state = msg.poll
        assert state is not None
        if state["is_anonymous"]:
            raise ValueError("Telegram sends poll_answer only for non-anonymous polls")
        if state["is_closed"]:
            raise ValueError("the poll is closed")
        for i in option_ids:
            state["options"][i]["voter_count"] += 1
        if option_ids:
            state["total_voter_count"] += 1
        return self.fake.inject(
            {
                "poll_answer": {
                    "poll_id": state["id"],
                    "user": self.user_dict(),
                    "option_ids": list(option_ids),
                    "option_persistent_ids": [state["options"][i]["persistent_id"] for i in option_ids],
                }
            }
        )

    # -- relationship with the bot ----------------------------------------------------------------------

    def _member_update(self, chat: dict[str, Any], old: str, new: str) -> dict[str, Any]:
        spec = self.fake.spec
        bot = dict(self.fake.bot_user)

        def member(status: str) -> dict[str, Any]:
            name = {
                "member": "ChatMemberMember",
                "kicked": "ChatMemberBanned",
                "left": "ChatMemberLeft",
                "administrator": "ChatMemberAdministrator",
            }[status]
            return spec.fill(name, {"status": status, "user": bot})

        return self.fake.inject(
            {
                "my_chat_member": {
                    "chat": chat,
                    "from": self.user_dict(),
                    "date": int(self.fake.wall_clock()),
                    "old_chat_member": member(old),
                    "new_chat_member": member(new),
                }
            }
        )

    def block_bot(self) -> dict[str, Any]:
        self.fake.blocked_by.add(self.id)
        return self._member_update(self.private_chat(), "member", "kicked")

    def unblock_bot(self) -> dict[str, Any]:
        self.fake.blocked_by.discard(self.id)
        return self._member_update(self.private_chat(), "kicked", "member")

    def deactivate(self) -> None:
        """The account is deleted: sends answer 403 "user is deactivated" (Telegram sends no update)."""
        self.fake.deactivated.add(self.id)


class SimGroup:
    """A group, supergroup (id starting -100) or channel (kind="channel") with members and admins."""

    def __init__(
        self,
        fake: FakeBotServer,
        chat_id: int,
        title: str,
        *,
        admins: list[SimUser | int] | tuple[SimUser | int, ...] = (),
        creator: SimUser | int | None = None,
        members: list[SimUser | int] | tuple[SimUser | int, ...] = (),
        kind: str | None = None,
        username: str | None = None,
    ) -> None:
        if chat_id >= 0:
            raise ValueError("group and channel ids are negative")
        self.fake = fake
        self.id = chat_id
        self.title = title
        self.kind = kind or ("supergroup" if str(chat_id).startswith("-100") else "group")
        self.username = username
        self.creator = _chat_id(creator, 0) if creator is not None else None
        self.admins = {_chat_id(a, 0) for a in admins}
        self.members = {_chat_id(m, 0) for m in members} | self.admins
        if self.creator is not None:
            self.members.add(self.creator)

    def chat(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "type": self.kind, "title": self.title}
        if self.username:
            out["username"] = self.username
        return out

    def status_of(self, user_id: int) -> str:
        if user_id == self.creator:
            return "creator"
        if user_id in self.admins or user_id == self.fake.bot_user["id"]:
            return "administrator"
        return "member" if user_id in self.members else "left"

    def add_bot(self, by: SimUser) -> dict[str, Any]:
        self.fake.removed_from.discard(self.id)
        return by._member_update(self.chat(), "left", "member")

    def remove_bot(self, by: SimUser) -> dict[str, Any]:
        self.fake.removed_from.add(self.id)
        return by._member_update(self.chat(), "member", "left")

    def migrate(self, new_chat_id: int, by: SimUser) -> SimGroup:
        """Become a supergroup: the service messages in both chats; the old id then answers 400 + migrate."""
        new = self.fake.group(
            new_chat_id,
            self.title,
            admins=list(self.admins),
            members=list(self.members),
            creator=self.creator,
            kind="supergroup",
        )
        old_msg = self.fake.new_message(self.id, by.user_dict(), kind="service", extra={"migrate_to_chat_id": new.id})
        self.fake.message_update(old_msg)
        new_msg = self.fake.new_message(new.id, by.user_dict(), kind="service", extra={"migrate_from_chat_id": self.id})
        self.fake.message_update(new_msg)
        self.fake.migrated[self.id] = new.id
        return new

    def post(self, text: str) -> MessageState:
        """A channel post (kind="channel" only): a ``channel_post`` update without a sender."""
        if self.kind != "channel":
            raise ValueError("only channels have posts")
        sender_chat = self.chat()
        msg = self.fake.new_message(self.id, {}, text=text)
        api = msg.to_api(self.chat())
        api.pop("from", None)
        api["sender_chat"] = sender_chat
        self.fake.inject({"channel_post": api})
        return msg


def _poll_message(fake: FakeBotServer, poll: MessageState | dict[str, Any] | str) -> MessageState:
    if isinstance(poll, MessageState):
        return poll
    poll_id = poll if isinstance(poll, str) else poll["id"]
    return fake.polls[poll_id]
