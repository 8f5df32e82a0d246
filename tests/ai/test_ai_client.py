"""The model client against the fake server: answers, every kind of failure, the cap, the logs."""

from __future__ import annotations

import asyncio
import logging

import pytest
from conftest import KEY
from fakemodel import FakeModel, Reply
from pydantic import BaseModel

from bot.ai.client import ModelClient, ModelError, read_json


class Answer(BaseModel):
    explanation: str
    sentences: int


async def test_a_json_answer_is_validated_and_logged_with_duration_and_tokens(
    fake: FakeModel, client: ModelClient, caplog: pytest.LogCaptureFixture
) -> None:
    fake.answer(
        lambda body: Reply.json({"explanation": "因为", "sentences": 2}, prompt_tokens=321, completion_tokens=45)
    )
    with caplog.at_level(logging.DEBUG):
        got = await client.ask("system text", '{"q": 1}', Answer, purpose="test")
    assert got.value == Answer(explanation="因为", sentences=2)
    assert (got.model, got.usage.prompt_tokens, got.usage.completion_tokens) == ("fake-model", 321, 45)
    body = fake.requests[0]
    assert body["model"] == "fake-model" and body["temperature"] == 0 and body["stream"] is False
    assert body["response_format"] == {"type": "json_object"}
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert fake.headers[0]["Authorization"] == f"Bearer {KEY}"
    line = next(r.getMessage() for r in caplog.records if r.name == "bot.ai.client")
    assert "test" in line and " ms" in line and "321 prompt + 45 completion" in line and "ok" in line


async def test_json_mode_can_be_turned_off_for_servers_that_refuse_it(fake: FakeModel) -> None:
    fake.answer(lambda body: Reply.json({"explanation": "x", "sentences": 1}))
    plain = ModelClient(fake.url, "m", json_mode=False)
    try:
        await plain.ask("s", "u", Answer, purpose="test")
    finally:
        await plain.close()
    assert "response_format" not in fake.requests[0]
    assert "Authorization" not in fake.headers[0]  # no key, no header


@pytest.mark.parametrize(
    "content",
    [
        '```json\n{"explanation": "x", "sentences": 1}\n```',
        '<think>First the key… {"draft": 1}</think>\n{"explanation": "x", "sentences": 1}',
        'Here is the JSON: {"explanation": "x", "sentences": 1} Hope it helps.',
    ],
)
def test_json_in_a_fence_after_thinking_or_amid_words_is_read(content: str) -> None:
    assert read_json(content, Answer) == Answer(explanation="x", sentences=1)


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        (Reply("this is not JSON at all"), "invalid_json"),
        (Reply('{"explanation": "x", '), "invalid_json"),
        (Reply.json({"explanation": "x"}), "schema"),
        (Reply.json({"explanation": "x", "sentences": "many"}), "schema"),
        (Reply.json([1, 2]), "schema"),
        (Reply.json({"explanation": "x", "sentences": 1}, finish_reason="length"), "truncated"),
        (Reply(status=429), "rate_limited"),
        (Reply(status=500), "http"),
        (Reply(status=401), "http"),
        (Reply(None), "protocol"),
        (Reply(raw="<html>gateway</html>", status=200), "protocol"),
    ],
)
async def test_every_failure_is_a_model_error_of_its_kind(
    fake: FakeModel, client: ModelClient, reply: Reply, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    fake.answer(lambda body: reply)
    with caplog.at_level(logging.DEBUG), pytest.raises(ModelError) as raised:
        await client.ask("s", "u", Answer, purpose="test")
    assert raised.value.kind == kind
    assert raised.value.answered is (kind in ("invalid_json", "schema", "truncated"))
    warning = next(r for r in caplog.records if r.name == "bot.ai.client")
    assert warning.levelno == logging.WARNING and kind in warning.getMessage()


async def test_a_slow_model_times_out_within_the_deadline(fake: FakeModel) -> None:
    fake.answer(lambda body: Reply.json({"explanation": "x", "sentences": 1}, delay=5.0))
    quick = ModelClient(fake.url, "m", timeout=0.1)
    try:
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(ModelError) as raised:
            await quick.ask("s", "u", Answer, purpose="test")
        assert raised.value.kind == "timeout"
        assert loop.time() - started < 2.5  # given up long before the model answers
    finally:
        await quick.close()


async def test_an_unreachable_server_is_a_connection_error() -> None:
    nowhere = ModelClient("http://127.0.0.1:9/v1", "m", timeout=2.0)
    try:
        with pytest.raises(ModelError) as raised:
            await nowhere.ask("s", "u", Answer, purpose="test")
    finally:
        await nowhere.close()
    assert raised.value.kind == "connection"


async def test_a_slow_answer_does_not_hold_up_the_others(fake: FakeModel, client: ModelClient) -> None:
    release = asyncio.Event()

    async def respond(body: dict) -> Reply:
        if body["messages"][1]["content"] == "slow":
            await release.wait()
        return Reply.json({"explanation": body["messages"][1]["content"], "sentences": 1})

    fake.answer(respond)
    slow = asyncio.create_task(client.ask("s", "slow", Answer, purpose="test"))
    while not fake.requests:  # the slow one is under way
        await asyncio.sleep(0.01)
    fast = await asyncio.gather(*(client.ask("s", f"fast {i}", Answer, purpose="test") for i in range(3)))
    assert [a.value.explanation for a in fast] == ["fast 0", "fast 1", "fast 2"]
    assert not slow.done()  # the others were served while it was still running
    release.set()
    assert (await slow).value.explanation == "slow"


async def test_the_cap_bounds_requests_in_flight_and_queueing_counts_against_the_timeout(fake: FakeModel) -> None:
    release = asyncio.Event()

    async def respond(body: dict) -> Reply:
        await release.wait()
        return Reply.json({"explanation": "x", "sentences": 1})

    fake.answer(respond)
    capped = ModelClient(fake.url, "m", timeout=5.0, concurrency=2)
    try:
        held = [asyncio.create_task(capped.ask("s", str(i), Answer, purpose="test")) for i in range(4)]
        while len(fake.requests) < 2 or len(capped._slots._waiters or ()) < 2:  # type: ignore[attr-defined]
            await asyncio.sleep(0.01)
        assert len(fake.requests) == 2 and fake.in_flight == 2  # two more wait for a slot, unsent
        # While both slots stay taken, a request allowed 0.1 s gives up in the queue, never sent.
        with pytest.raises(ModelError) as raised:
            await capped.ask("s", "queued", Answer, purpose="test", timeout=0.1)
        assert raised.value.kind == "timeout" and len(fake.requests) == 2
        release.set()
        await asyncio.gather(*held)
        assert len(fake.requests) == 4 and fake.most_in_flight == 2
    finally:
        await capped.close()


async def test_the_key_is_never_logged_nor_shown(
    fake: FakeModel, client: ModelClient, caplog: pytest.LogCaptureFixture
) -> None:
    replies = iter(
        [
            Reply.json({"explanation": "x", "sentences": 1}),
            Reply("bad"),
            Reply(status=401),
            Reply(status=500),
            Reply.json({"explanation": "x", "sentences": 1}, delay=0.4),
        ]
    )
    fake.answer(lambda body: next(replies))
    with caplog.at_level(logging.DEBUG):
        await client.ask("s", "u", Answer, purpose="test")
        for _ in range(4):
            with pytest.raises(ModelError) as raised:
                await client.ask("s", "u", Answer, purpose="test", timeout=0.1)
            assert KEY not in str(raised.value) and KEY not in repr(raised.value)
    assert caplog.records
    assert all(KEY not in r.getMessage() and KEY not in str(r.exc_text) for r in caplog.records)
    assert KEY not in caplog.text and KEY not in repr(client)
