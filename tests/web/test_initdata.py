"""Telegram Mini App initData, checked as Telegram documents it: signed with this bot's token, every field
in the check string, fresh, and nothing doubled or malformed."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlencode

import pytest
from desk_kit import sign_init_data, user_of
from hypothesis import given
from hypothesis import strategies as st

from bot.web.initdata import InitDataError, check_init_data

TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
NOW = 1_772_000_000


def check(raw: str, *, now: int = NOW, max_age: int = 3600, token: str = TOKEN):  # type: ignore[no-untyped-def]
    return check_init_data(raw, token, now=now, max_age=max_age)


def reason(raw: str, **kwargs: object) -> str:
    with pytest.raises(InitDataError) as caught:
        check(raw, **kwargs)  # type: ignore[arg-type]
    return caught.value.reason


def test_a_signed_init_data_names_its_user() -> None:
    user = check(sign_init_data(TOKEN, user_of(7001, "王老师", "en"), NOW - 10))
    assert (user.id, user.first_name, user.language_code, user.auth_date) == (7001, "王老师", "en", NOW - 10)


def test_another_bots_token_is_refused() -> None:
    assert reason(sign_init_data("987:other", user_of(7001), NOW)) == "signature"


@pytest.mark.parametrize("field", ["user", "auth_date", "query_id", "signature"])
def test_every_field_is_signed(field: str) -> None:
    fields = dict(parse_qsl(sign_init_data(TOKEN, user_of(7001), NOW)))
    fields[field] = json.dumps({"id": 1, "first_name": "x"}) if field == "user" else str(NOW - 1)
    assert reason(urlencode(fields)) == "signature"


def test_a_field_added_after_signing_is_refused() -> None:
    assert reason(sign_init_data(TOKEN, user_of(7001), NOW) + "&start_param=admin") == "signature"


def test_a_field_given_twice_is_refused() -> None:
    raw = sign_init_data(TOKEN, user_of(7001), NOW)
    assert reason(raw + "&auth_date=" + str(NOW)) == "malformed"


def test_old_and_future_init_data_is_refused() -> None:
    assert check(sign_init_data(TOKEN, user_of(7001), NOW - 3600)).id == 7001  # at the limit
    assert reason(sign_init_data(TOKEN, user_of(7001), NOW - 3601)) == "expired"
    assert reason(sign_init_data(TOKEN, user_of(7001), NOW + 3600)) == "expired"


@pytest.mark.parametrize("raw", ["", "hash", "user=%7B&hash=00", "a=1&a=2&hash=0", "x" * 9000])
def test_malformed_or_missing_is_refused(raw: str) -> None:
    assert reason(raw) in {"missing", "malformed", "signature"}


def test_a_signed_one_without_a_user_is_malformed() -> None:
    assert reason(sign_init_data(TOKEN, None, NOW)) == "malformed"
    assert reason(sign_init_data(TOKEN, {"first_name": "no id"}, NOW)) == "malformed"


@given(st.text(max_size=300))
def test_any_text_is_refused_with_a_reason(raw: str) -> None:
    assert reason(raw) in {"missing", "malformed", "signature"}
