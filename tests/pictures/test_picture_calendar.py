"""The calendar grid: 53 weeks ending with today's, Monday on top, shades by quarters of the busiest day."""

from __future__ import annotations

import itertools
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.pictures.calendar import MIN_LABEL_GAP, WEEKS, calendar_grid, level


def test_grid_ends_with_todays_week() -> None:
    today = date(2024, 5, 15)  # a Wednesday
    grid = calendar_grid(today, {today: 3, today - timedelta(days=1): 1})
    assert grid.start == date(2023, 5, 15) and grid.start.weekday() == 0
    assert len(grid.cells) == 7 and all(len(row) == WEEKS for row in grid.cells)
    last = [row[-1] for row in grid.cells]
    assert last == [0, 2, 4, None, None, None, None]  # Mon none, Tue 1 of 3 (2nd quarter), Wed busiest
    assert grid.counts_total == 4 and grid.busiest == 3


def test_days_outside_the_year_are_ignored() -> None:
    today = date(2024, 1, 7)  # a Sunday: the whole last column is in the past
    grid = calendar_grid(today, {today + timedelta(days=1): 50, today - timedelta(days=400): 50, today: 2})
    assert grid.counts_total == 2 and grid.busiest == 2
    assert all(cell is not None for row in grid.cells for cell in row)
    assert sum(cell for row in grid.cells for cell in row if cell) == 4  # one day at the top shade


def test_levels() -> None:
    assert [level(n, 8) for n in (0, 1, 2, 3, 4, 5, 8)] == [0, 1, 1, 2, 2, 3, 4]
    assert level(5, 0) == 0


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)))
def test_month_labels_mark_month_starts_and_never_crowd(today: date) -> None:
    grid = calendar_grid(today, {})
    columns = [c for c, _ in grid.month_labels]
    assert columns == sorted(columns)
    assert all(b - a >= MIN_LABEL_GAP for a, b in itertools.pairwise(columns))
    assert len(grid.month_labels) in (12, 13)
    for column, month in grid.month_labels:
        monday = grid.start + timedelta(weeks=column)
        assert monday.month == month
        if column:
            assert (monday - timedelta(weeks=1)).month != month
