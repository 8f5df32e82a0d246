"""The fake Bot API server, exercised with python-telegram-bot's own Bot over real HTTP."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from fakebot import FakeBotServer, Fault, ManualClock, RateRules
from fakebot.markup import MarkupError, parse_text
from PIL import Image
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, InputPollOption
from telegram.error import (
    BadRequest,
    ChatMigrated,
    EndPointNotFound,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.request import HTTPXRequest


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotServer]:
    async with FakeBotServer() as server:
        yield server


@pytest.fixture
async def bot(fake: FakeBotServer) -> AsyncIterator[Bot]:
    request = HTTPXRequest(read_timeout=2.0, connect_timeout=2.0)
    async with Bot(fake.token, base_url=fake.api_url, base_file_url=fake.file_url, request=request) as b:
        yield b


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(t, callback_data=d) for t, d in row] for row in rows])


async def raw(fake: FakeBotServer, method: str, payload: dict[str, Any], *, form: bool = False) -> tuple[int, Any]:
    url = f"{fake.api_url}{fake.token}/{method}"
    async with aiohttp.ClientSession() as session:
        kwargs: dict[str, Any] = {"data": payload} if form else {"json": payload}
        async with session.post(url, **kwargs) as resp:
            return resp.status, await resp.json()


def seconds(value: Any) -> float:
    return value.total_seconds() if hasattr(value, "total_seconds") else float(value)


def png(width: int = 40, height: int = 30) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(buf, "PNG")
    return buf.getvalue()


# -- valid calls --------------------------------------------------------------------------------------


async def test_valid_calls_pass_and_are_recorded(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1001, "Alice", language_code="en")
    group = fake.group(-100500, "Cohort", admins=[alice])
    bob = fake.user(1002, "Bob")
    group.members.add(bob.id)

    msg = await bot.send_message(
        alice.id,
        "<b>Q1</b> 1 &lt; 2 &amp; 3 &gt; 2?",
        parse_mode="HTML",
        reply_markup=keyboard([("A. yes", "a:1:0"), ("B. no", "a:1:1")]),
    )
    assert msg.message_id == 1 and msg.chat.id == alice.id and msg.from_user.is_bot
    assert msg.text == "Q1 1 < 2 & 3 > 2?"
    state = fake.sent_to(alice.id)[0]
    assert state.button_texts == ["A. yes", "B. no"]
    assert state.entities == [{"type": "bold", "offset": 0, "length": 2}]

    edited = await bot.edit_message_text("✅ answered", chat_id=alice.id, message_id=msg.message_id)
    assert edited.text == "✅ answered" and state.reply_markup is None  # no reply_markup: keyboard removed
    assert state.history[0][0] == "Q1 1 < 2 & 3 > 2?"
    await bot.edit_message_reply_markup(alice.id, msg.message_id, reply_markup=keyboard([("Next", "n")]))
    assert state.button_texts == ["Next"]
    assert await bot.delete_message(alice.id, msg.message_id)
    assert state.deleted

    poll_msg = await bot.send_poll(
        group.id,
        "Which are prime?",
        [InputPollOption("2"), InputPollOption("4"), InputPollOption("5")],
        is_anonymous=False,
        type="quiz",
        allows_multiple_answers=True,
        correct_option_ids=[0, 2],
        explanation="2 and 5\nonly",
    )
    assert poll_msg.poll is not None and poll_msg.poll.type == "quiz"
    assert [o.text for o in poll_msg.poll.options] == ["2", "4", "5"]
    stopped = await bot.stop_poll(group.id, poll_msg.message_id)
    assert stopped.is_closed

    photo = await bot.send_photo(
        alice.id, png(40, 30), caption="<i>stats</i>", parse_mode="HTML", reply_markup=keyboard([("More", "m")])
    )
    assert photo.photo[-1].width == 40 and photo.photo[-1].height == 30 and photo.caption == "stats"
    assert fake.sent_to(alice.id)[-1].button_texts == ["More"]  # JSON string inside a multipart field
    doc = await bot.send_document(alice.id, b"hello bank", filename="bank.txt")
    assert doc.document.file_name == "bank.txt"
    tg_file = await bot.get_file(doc.document.file_id)
    assert bytes(await tg_file.download_as_bytearray()) == b"hello bank"

    await bot.set_my_commands([("start", "开始"), ("help", "帮助")], language_code="zh")
    await bot.set_my_commands([("start", "Start"), ("help", "Help")], language_code="en")
    assert fake.commands[("default", "en")] == [
        {"command": "start", "description": "Start"},
        {"command": "help", "description": "Help"},
    ]
    assert [c.command for c in await bot.get_my_commands(language_code="zh")] == ["start", "help"]

    assert (await bot.get_chat_member(group.id, alice.id)).status == "administrator"
    assert (await bot.get_chat_member(group.id, bob.id)).status == "member"
    assert (await bot.get_chat_member(group.id, 4242)).status == "left"
    assert (await bot.get_chat(group.id)).title == "Cohort"
    assert await bot.send_chat_action(alice.id, "typing")

    assert fake.rejected == [] and fake.violations == []
    assert [r.method for r in fake.calls("sendMessage")] == ["sendMessage"]


async def test_results_are_well_formed_by_the_spec(fake: FakeBotServer) -> None:
    alice = fake.user(7, "A")
    group = fake.group(-5, "G", creator=alice)
    status, body = await raw(fake, "sendMessage", {"chat_id": alice.id, "text": "hi"})
    assert status == 200
    fake.spec.check_object("Message", body["result"], "result")
    _, body = await raw(
        fake,
        "sendPoll",
        {
            "chat_id": group.id,
            "question": "q?",
            "type": "quiz",
            "options": [{"text": "x"}, {"text": "y"}],
            "correct_option_ids": [1],
        },
    )
    fake.spec.check_object("Message", body["result"], "result")
    _, body = await raw(fake, "getChatMember", {"chat_id": group.id, "user_id": alice.id})
    assert body["result"]["status"] == "creator"
    fake.spec.check_object("ChatMember", body["result"], "result")
    _, body = await raw(fake, "getChat", {"chat_id": group.id})
    fake.spec.check_object("ChatFullInfo", body["result"], "result")


async def test_form_encoded_bodies_and_method_case(fake: FakeBotServer) -> None:
    alice = fake.user(7, "A")
    markup = json.dumps({"inline_keyboard": [[{"text": "Go", "callback_data": "g"}]]})
    status, body = await raw(
        fake,
        "SENDMESSAGE",
        {"chat_id": str(alice.id), "text": "123", "reply_markup": markup, "disable_notification": "true"},
        form=True,
    )
    assert status == 200 and body["result"]["text"] == "123"  # a digit string stays a String for text
    assert fake.sent_to(alice.id)[0].button_texts == ["Go"]


# -- invalid calls ----------------------------------------------------------------------------------

LONG = "x" * 4097
INVALID: list[tuple[str, str, dict[str, Any], str]] = [
    ("missing required", "sendMessage", {"chat_id": 7}, 'parameter "text" is required'),
    ("unknown field", "sendMessage", {"chat_id": 7, "text": "hi", "colour": "red"}, 'unknown parameter "colour"'),
    ("wrong type", "sendMessage", {"chat_id": 7, "text": 5}, 'field "text" must be a String'),
    ("wrong int", "sendMessage", {"chat_id": 7, "text": "a", "message_thread_id": "x"}, "must be an Integer"),
    (
        "unknown object field",
        "sendMessage",
        {
            "chat_id": 7,
            "text": "a",
            "reply_markup": {"inline_keyboard": [[{"text": "a", "callback_data": "d", "color": 1}]]},
        },
        'unknown field "color"',
    ),
    ("too long", "sendMessage", {"chat_id": 7, "text": LONG}, "message is too long"),
    ("empty", "sendMessage", {"chat_id": 7, "text": " \n "}, "message text is empty"),
    ("unclosed tag", "sendMessage", {"chat_id": 7, "text": "<b>bold", "parse_mode": "HTML"}, "can't parse entities"),
    (
        "unknown tag",
        "sendMessage",
        {"chat_id": 7, "text": "<foo>x</foo>", "parse_mode": "HTML"},
        "can't parse entities",
    ),
    ("bare <", "sendMessage", {"chat_id": 7, "text": "1 < 2", "parse_mode": "HTML"}, "can't parse entities"),
    ("bare &", "sendMessage", {"chat_id": 7, "text": "A & B", "parse_mode": "HTML"}, "can't parse entities"),
    ("long caption", "sendDocument", {"chat_id": 7, "document": "FILE", "caption": "c" * 1025}, "caption is too long"),
    (
        "callback_data 65 bytes",
        "sendMessage",
        {"chat_id": 7, "text": "a", "reply_markup": {"inline_keyboard": [[{"text": "a", "callback_data": "é" * 33}]]}},
        "BUTTON_DATA_INVALID",
    ),
    (
        "empty button text",
        "sendMessage",
        {"chat_id": 7, "text": "a", "reply_markup": {"inline_keyboard": [[{"text": " ", "callback_data": "d"}]]}},
        "BUTTON_TEXT_EMPTY",
    ),
    (
        "button without action",
        "sendMessage",
        {"chat_id": 7, "text": "a", "reply_markup": {"inline_keyboard": [[{"text": "a"}]]}},
        "exactly one action",
    ),
    (
        "callback answer too long",
        "answerCallbackQuery",
        {"callback_query_id": "1", "text": "t" * 201},
        "callback answer text is too long",
    ),
    (
        "poll question too long",
        "sendPoll",
        {"chat_id": 7, "question": "q" * 301, "options": [{"text": "a"}, {"text": "b"}]},
        "1-300",
    ),
    ("one option", "sendPoll", {"chat_id": 7, "question": "q", "options": [{"text": "a"}]}, "2-12 options"),
    (
        "13 options",
        "sendPoll",
        {"chat_id": 7, "question": "q", "options": [{"text": str(i)} for i in range(13)]},
        "2-12 options",
    ),
    (
        "option too long",
        "sendPoll",
        {"chat_id": 7, "question": "q", "options": [{"text": "a" * 101}, {"text": "b"}]},
        "1-100",
    ),
    (
        "explanation too long",
        "sendPoll",
        {
            "chat_id": 7,
            "question": "q",
            "options": [{"text": "a"}, {"text": "b"}],
            "type": "quiz",
            "correct_option_ids": [0],
            "explanation": "e" * 201,
        },
        "explanation is too long",
    ),
    (
        "explanation line feeds",
        "sendPoll",
        {
            "chat_id": 7,
            "question": "q",
            "options": [{"text": "a"}, {"text": "b"}],
            "type": "quiz",
            "correct_option_ids": [0],
            "explanation": "a\nb\nc\nd",
        },
        "at most 2 line feeds",
    ),
    (
        "quiz without answer",
        "sendPoll",
        {"chat_id": 7, "question": "q", "options": [{"text": "a"}, {"text": "b"}], "type": "quiz"},
        "correct_option_ids must be specified",
    ),
    (
        "quiz answer out of range",
        "sendPoll",
        {
            "chat_id": 7,
            "question": "q",
            "options": [{"text": "a"}, {"text": "b"}],
            "type": "quiz",
            "correct_option_ids": [2],
        },
        "out of range",
    ),
    (
        "several answers, single choice",
        "sendPoll",
        {
            "chat_id": 7,
            "question": "q",
            "options": [{"text": "a"}, {"text": "b"}],
            "type": "quiz",
            "correct_option_ids": [0, 1],
        },
        "allows_multiple_answers",
    ),
    (
        "bad command name",
        "setMyCommands",
        {"commands": [{"command": "Start!", "description": "x"}]},
        "BOT_COMMAND_INVALID",
    ),
    (
        "edit missing message",
        "editMessageText",
        {"chat_id": 7, "message_id": 999, "text": "x"},
        "message to edit not found",
    ),
]


@pytest.mark.parametrize(("case", "method", "payload", "expected"), INVALID, ids=[c[0] for c in INVALID])
async def test_invalid_calls_are_rejected(
    fake: FakeBotServer, case: str, method: str, payload: dict[str, Any], expected: str
) -> None:
    fake.user(7, "A")
    fake.add_file(b"x", "x.txt").file_id  # noqa: B018 - one stored file, so only the caption is wrong
    payload = {**payload, "document": next(iter(fake.files))} if "document" in payload else payload
    status, body = await raw(fake, method, payload)
    assert status == 400, body
    assert body["ok"] is False and body["error_code"] == 400
    assert body["description"].startswith("Bad Request: ") and expected in body["description"], body
    assert len(fake.rejected) == 1 and fake.rejected[0].method == method
    assert fake.sent_to(7) == []


async def test_ptb_sees_bad_request_unknown_method_and_not_modified(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1001, "Alice")
    msg = await bot.send_message(alice.id, "same", reply_markup=keyboard([("A", "a")]))
    with pytest.raises(BadRequest, match=r"(?i)not modified"):
        await bot.edit_message_text("same", alice.id, msg.message_id, reply_markup=keyboard([("A", "a")]))
    with pytest.raises(BadRequest, match=r"(?i)unknown parameter"):
        await bot.send_message(alice.id, "x", api_kwargs={"colour": "red"})
    with pytest.raises(EndPointNotFound):  # Telegram's 404 for an unknown method
        await bot.do_api_request("sendTelepathy", api_kwargs={"chat_id": alice.id})
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.send_message(31337, "nobody opened this chat")
    assert [r.method for r in fake.rejected] == [
        "editMessageText",
        "sendMessage",
    ]
    assert fake.calls("sendTelepathy")[0].status == 404


def test_html_counting_and_entities() -> None:
    parsed = parse_text('<b>bo&amp;ld</b> <a href="https://x.org/?a=1&amp;b">link</a> &#128512;', "HTML")
    assert parsed.text == "bo&ld link 😀"
    assert [e["type"] for e in parsed.api_entities()] == ["bold", "text_link"]
    assert parse_text("<b>" + "y" * 4096 + "</b>", "HTML").length == 4096
    assert parse_text("&lt;" * 10, "HTML").length == 10
    assert parse_text('<pre><code class="language-python">x</code></pre>', "HTML").api_entities() == [
        {"type": "pre", "offset": 0, "length": 1}
    ]
    for bad_html in ("<b><i>x</b></i>", "</b>", "<span>x</span>", "<a>x</a>", "&nbsp;"):
        with pytest.raises(MarkupError):
            parse_text(bad_html, "HTML")
    assert parse_text("1 < 2 & <b>", None).text == "1 < 2 & <b>"


# -- flood limits -----------------------------------------------------------------------------------


async def test_global_rate_limit_with_injected_clock(bot: Bot) -> None:
    clock = ManualClock()
    async with FakeBotServer(clock=clock) as fake:
        users = [fake.user(2000 + i) for i in range(40)]
        statuses = [(await raw(fake, "sendMessage", {"chat_id": u.id, "text": "hi"}))[0] for u in users[:32]]
        assert statuses == [200] * 31 + [429]  # burst 30, slack 1
        assert [v.rule for v in fake.violations] == ["global"]
        _, body = await raw(fake, "sendMessage", {"chat_id": users[33].id, "text": "too soon"})
        assert body["parameters"]["retry_after"] >= 1 and fake.violations[-1].rule == "retry_after"
        clock.advance(2.0)
        assert (await raw(fake, "sendMessage", {"chat_id": users[34].id, "text": "later"}))[0] == 200


async def test_group_and_private_rate_limits() -> None:
    clock = ManualClock()
    async with FakeBotServer(clock=clock) as fake:
        group = fake.group(-42, "G")
        alice = fake.user(9, "A")
        statuses = []
        for _ in range(22):
            statuses.append((await raw(fake, "sendMessage", {"chat_id": group.id, "text": "g"}))[0])
            clock.advance(0.1)
        assert statuses == [200] * 21 + [429]
        assert fake.violations[0].rule == "group" and fake.violations[0].chat_id == -42
        clock.advance(60)
        statuses = [(await raw(fake, "sendMessage", {"chat_id": alice.id, "text": "p"}))[0] for _ in range(12)]
        assert statuses == [200] * 11 + [429]
        assert fake.violations[-1].rule == "private"
        assert fake.max_sends_in_window(alice.id, 1.0) == 11


async def test_ptb_retry_after_and_edits_are_not_counted() -> None:
    clock = ManualClock()
    async with FakeBotServer(clock=clock, rules=RateRules(private_burst=2, slack=0)) as fake:
        alice = fake.user(9, "A")
        async with Bot(fake.token, base_url=fake.api_url) as bot:
            m = await bot.send_message(alice.id, "1")
            await bot.send_message(alice.id, "2")
            for i in range(5):
                await bot.edit_message_text(f"edit {i}", alice.id, m.message_id)
            with pytest.raises(RetryAfter) as info:
                await bot.send_message(alice.id, "3")
            assert seconds(info.value.retry_after) >= 1
        assert [v.rule for v in fake.violations] == ["private"]


# -- fault injection --------------------------------------------------------------------------------


async def test_fault_injection(fake: FakeBotServer, bot: Bot) -> None:
    alice, bob = fake.user(1, "A"), fake.user(2, "B")
    fake.fail(Fault.too_many_requests(7), method="sendMessage", times=1)
    with pytest.raises(RetryAfter) as info:
        await bot.send_message(alice.id, "x")
    assert seconds(info.value.retry_after) == 7
    fake._cooldowns.clear()  # let the rest of this test go on without waiting 7 s

    fake.fail(Fault.blocked(), chat_id=bob.id, times=None)
    for _ in range(2):
        with pytest.raises(Forbidden, match=r"(?i)blocked by the user"):
            await bot.send_message(bob.id, "x")
    assert (await bot.send_message(alice.id, "fine")).text == "fine"  # other chats unaffected
    fake.clear_faults()

    fake.fail(Fault.deactivated(), chat_id=alice.id)
    with pytest.raises(Forbidden, match=r"(?i)deactivated"):
        await bot.send_message(alice.id, "x")
    fake.fail(Fault.chat_not_found(), method="sendPhoto")
    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.send_photo(alice.id, png())
    fake.fail(Fault.server_error(), method="sendMessage", times=2)
    for _ in range(2):
        with pytest.raises(NetworkError):
            await bot.send_message(alice.id, "x")
    assert (await bot.send_message(alice.id, "after")).text == "after"

    fake.fail(Fault.slow(3.0), method="sendMessage")  # the bot's read timeout is 2 s
    with pytest.raises(TimedOut):
        await bot.send_message(alice.id, "slow")
    assert len(fake.faulted) == 8 and fake.rejected == [] and fake.violations == []


async def test_outages_stall_reset_and_late_answers(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1, "A")
    fake.fail(Fault.stalled(), method="sendMessage")  # accepted, never answered, nothing done
    with pytest.raises(TimedOut):
        await bot.send_message(alice.id, "stalled")
    fake.fail(Fault.connection_reset(), method="sendMessage")  # reset, nothing done
    with pytest.raises(NetworkError) as reset:
        await bot.send_message(alice.id, "reset")
    assert not isinstance(reset.value, TimedOut)
    assert fake.sent_to(alice.id) == []
    fake.fail(Fault.answered_late(3.0), method="sendMessage")  # done at once, answered after the timeout
    with pytest.raises(TimedOut):
        await bot.send_message(alice.id, "late")
    assert [m.text for m in fake.sent_to(alice.id)] == ["late"]
    assert (await bot.send_message(alice.id, "after")).text == "after"  # the connection pool recovers


async def test_blocking_the_bot_is_an_update_and_a_403(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1, "A")
    alice.block_bot()
    updates = await bot.get_updates(timeout=0)
    cmu = updates[0].my_chat_member
    assert cmu is not None and cmu.new_chat_member.status == "kicked" and cmu.chat.id == alice.id
    with pytest.raises(Forbidden, match=r"(?i)blocked"):
        await bot.send_message(alice.id, "hello?")
    alice.unblock_bot()
    assert (await bot.send_message(alice.id, "welcome back")).text == "welcome back"


# -- updates ----------------------------------------------------------------------------------------


async def test_long_poll_delivers_a_users_message(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1001, "Alice", language_code="en")
    loop = asyncio.get_running_loop()
    started = loop.time()
    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.05)
    alice.command("/quiz fill")
    updates = await poll
    assert loop.time() - started < 2  # woken by the message, not by the 5 s timeout
    assert len(updates) == 1
    message = updates[0].message
    assert message.text == "/quiz fill" and message.from_user.language_code == "en"
    assert message.entities[0].type == "bot_command" and message.entities[0].length == 5
    assert await bot.get_updates(offset=updates[0].update_id, timeout=0) == updates  # not confirmed yet
    assert await bot.get_updates(offset=updates[0].update_id + 1, timeout=0) == ()  # confirmed: gone


async def test_press_poll_answer_edit_and_raw_updates(fake: FakeBotServer, bot: Bot) -> None:
    alice = fake.user(1001, "Alice")
    group = fake.group(-100777, "Cohort", admins=[alice])
    sent = await bot.send_message(alice.id, "Q", reply_markup=keyboard([("A. one", "a:5:0"), ("B. two", "a:5:1")]))
    press = alice.press(fake.sent_to(alice.id)[0], "B")
    poll_msg = await bot.send_poll(group.id, "Q?", ["x", "y"], is_anonymous=False)
    alice.answer_poll(fake.sent_to(group.id)[0], [1])
    own = alice.send_text("my answr", group)
    alice.edit(own, "my answer")
    alice.reply_to(fake.sent_to(group.id)[0], "B")
    alice.send_sticker()
    alice.send_document(b"Q1 ...", "bank.txt", "text/plain")
    fake.inject(
        {
            "channel_post": {
                "message_id": 1,
                "date": 0,
                "chat": {"id": -1009, "type": "channel", "title": "News"},
                "text": "hi",
            }
        }
    )
    new_group = group.migrate(-100778, by=alice)
    updates = await bot.get_updates(timeout=0)
    cq = updates[0].callback_query
    assert cq.data == "a:5:1" and cq.message.message_id == sent.message_id and cq.id == press.id
    assert updates[1].poll_answer.option_ids == (1,) and updates[1].poll_answer.poll_id == poll_msg.poll.id
    assert updates[2].message.text == "my answr" and updates[3].edited_message.text == "my answer"
    assert updates[4].message.reply_to_message.message_id == poll_msg.message_id
    assert updates[5].message.sticker is not None and updates[6].message.document.file_name == "bank.txt"
    assert updates[7].channel_post.text == "hi"
    assert updates[8].message.migrate_to_chat_id == new_group.id
    assert updates[9].message.migrate_from_chat_id == group.id
    assert await bot.answer_callback_query(cq.id, "✅ correct")
    assert (await fake.callback_answer(press)).text == "✅ correct"
    assert fake.unanswered_callbacks() == []
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(cq.id, "twice")
    doc_file = await bot.get_file(updates[6].message.document.file_id)
    assert bytes(await doc_file.download_as_bytearray()) == b"Q1 ..."
    with pytest.raises(ChatMigrated) as migrated:
        await bot.send_message(group.id, "old id")
    assert migrated.value.new_chat_id == new_group.id


async def test_webhook_delivery_with_secret_and_no_polling(fake: FakeBotServer, bot: Bot) -> None:
    received: list[tuple[str | None, dict[str, Any]]] = []

    async def hook(request: web.Request) -> web.Response:
        received.append((request.headers.get("X-Telegram-Bot-Api-Secret-Token"), await request.json()))
        return web.Response()

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        alice = fake.user(1, "A")
        await bot.set_webhook(f"http://127.0.0.1:{port}/hook", secret_token="s3cret")
        alice.send_text("via webhook")
        await fake.wait_for(lambda: received, what="a webhook delivery")
        assert received[0][0] == "s3cret" and received[0][1]["message"]["text"] == "via webhook"
        assert (await bot.get_webhook_info()).url.endswith("/hook")
        with pytest.raises(Exception, match=r"(?i)webhook is active"):
            await bot.get_updates(timeout=0)
        await bot.delete_webhook()
        alice.send_text("polled")
        assert (await bot.get_updates(timeout=0))[0].message.text == "polled"
    finally:
        await runner.cleanup()


async def test_wait_helpers_and_wrong_token(fake: FakeBotServer) -> None:
    alice = fake.user(1, "A")
    waiter = asyncio.create_task(fake.next_message(alice.id, timeout=3))
    await asyncio.sleep(0.01)
    await raw(fake, "sendMessage", {"chat_id": alice.id, "text": "first"})
    assert (await waiter).text == "first"
    with pytest.raises(AssertionError, match=r"(?i)timed out"):
        await fake.next_message(alice.id, timeout=0.05)
    with pytest.raises(InvalidToken):
        async with Bot("999:WRONG", base_url=fake.api_url):
            pass
    async with aiohttp.ClientSession() as session, session.post(f"{fake.api_url}999:WRONG/getMe") as resp:
        assert resp.status == 401
