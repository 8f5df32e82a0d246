"""A loopback fake of the Telegram Bot API (10.0) for tests: validates, records, rate-limits, misbehaves.

Start it in the test's event loop and point python-telegram-bot at it::

    async with FakeBotServer() as fake:
        bot = telegram.Bot(fake.token, base_url=fake.api_url, base_file_url=fake.file_url)
        alice = fake.user(1001, "Alice", language_code="en")
        alice.command("/start")                      # queued for getUpdates (or the webhook)
        reply = await fake.next_message(alice.id)     # what the bot sent, as it is now
        fake.assert_clean()                          # no malformed request, no flood violation

Requests: ``POST``/``GET /bot<token>/<method>`` with JSON, form-urlencoded or multipart bodies; method
names are matched case-insensitively. Every call is checked against the spec
(``telegram-bot-api-10.0.json``): an unknown method answers 404 "Not Found"; a missing required
parameter, an unknown parameter or object field, or a value of the wrong type answers 400
``{"ok": false, "error_code": 400, "description": "Bad Request: ..."}``. Limits checked on top:
text 1-4096 characters after entity parsing (HTML parse mode is parsed strictly: unknown or unclosed
tags, a bare ``<`` or ``&`` are "can't parse entities"), captions up to 1024, callback_data 1-64 bytes,
inline buttons with text and exactly one action, answerCallbackQuery text up to 200, sendPoll
(question 1-300, 2-12 options of 1-100, explanation up to 200 with at most 2 line feeds, quiz polls
need strictly increasing in-range ``correct_option_ids`` and ``allows_multiple_answers`` for several),
setMyCommands (names ``[a-z0-9_]{1,32}``, descriptions 1-256). editMessageText on a missing message
is "message to edit not found"; the same text, entities and keyboard is "message is not modified";
editMessageText without reply_markup removes the keyboard, as on Telegram.

Flood limits (``RateRules``, leaky buckets on the injectable ``clock``; see ``limits.py``): counted
are the methods that put a message into a chat (send*, copy*, forward*; edits only with
``count_edits=True``). All chats together: 30 per second (burst 30). One group (negative chat id):
20 per minute (burst 20, then one every 3 s). One private chat: 1 per second sustained with a
burst of 10. Each bucket tolerates ``slack`` = 1 extra request for network jitter. A request over a
limit is answered 429 with ``parameters.retry_after`` and not performed; any request made before a
429's retry_after has passed (in the same chat, or anywhere for a global or method-wide 429) is
answered 429 again. Every such case is recorded in ``violations`` (rule "global", "group",
"private" or "retry_after"), so a test can assert there were none.

Records: ``requests`` (every call), ``errors`` (every non-ok answer), ``rejected`` (the calls that were
wrong in themselves: bad parameters, limits, editing a missing or unchanged message, answering an
unknown query; not injected faults, blocked users or unknown chats), ``violations``, ``faulted``,
``sent_to(chat)`` / ``next_message(chat)`` (messages with their current text and keyboard, and
``history`` of edits), ``callback_answers``, ``commands[(scope, language_code)]``, ``files``, ``polls``.

Faults: ``fake.fail(Fault.too_many_requests(5), method="sendMessage", times=3)`` or ``chat_id=...``;
also ``Fault.blocked()``, ``.deactivated()``, ``.chat_not_found()``, ``.server_error()``,
``.slow(seconds)``; outages: ``.stalled()`` (accepted and never answered, nothing done), ``.connection_reset()``
(a TCP reset, nothing done), ``.answered_late(seconds)`` (done at once, answered after the client gave up).
Without ``method`` a fault hits every method. ``times=None`` keeps failing until ``clear_faults()``.

Without sockets (python-telegram-bot's own test pattern): ``OfflineRequest(fake)`` as the bot's request
object answers each call through ``fake.call`` with the same checks, and ``Feeder(app, fake)`` hands the
users' updates to ``app.process_update`` one by one (``await feeder.settle()``: all handled).

Users: ``fake.user(id, first_name, language_code=...)`` and ``fake.group(chat_id, title, admins=[...])``
return ``SimUser``/``SimGroup`` (``users.py``); ``fake.inject({...})`` queues any raw update.
With ``strict_chats`` (default) sending to a chat no simulated user or group opened is
"chat not found".
"""

from .limits import DrivenTime, ManualClock, RateRules, VirtualTime
from .offline import Feeder, OfflineRequest
from .records import CallbackAnswer, CallbackPress, Fault, MessageState, Violation
from .server import FakeBotServer
from .spec import ApiError, load_spec
from .users import SimGroup, SimUser

__all__ = [
    "ApiError",
    "CallbackAnswer",
    "CallbackPress",
    "DrivenTime",
    "FakeBotServer",
    "Fault",
    "Feeder",
    "ManualClock",
    "MessageState",
    "OfflineRequest",
    "RateRules",
    "SimGroup",
    "SimUser",
    "Violation",
    "VirtualTime",
    "load_spec",
]
