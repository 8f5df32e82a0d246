"""/subscribe's words as people type them: a count after a time is a count, never the time's minutes."""

from __future__ import annotations

from datetime import time

import pytest

from bot.delivery.arguments import parse_subscribe


@pytest.mark.parametrize(
    ("typed", "at", "count"),
    [
        ("早上8点 3", time(8, 0), 3),  # not 08:03
        ("8点 5", time(8, 0), 5),
        ("晚上9点半 3", time(21, 30), 3),
        ("7 pm 3", time(19, 0), 3),  # a number may start a time
        ("7 pm", time(19, 0), None),
        ("3 早上8点", time(8, 0), 3),
        ("早上7点", time(7, 0), None),
    ],
)
def test_a_number_after_a_time_is_the_count(typed: str, at: time, count: int | None) -> None:
    got = parse_subscribe(typed.split())
    assert got.at == at
    assert (got.count, got.count_given) == ((count, True) if count else (1, False))
