"""The contribution calendar's layout: weeks as columns (Monday on top), month labels, shade levels."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["LEVELS", "WEEKS", "CalendarGrid", "calendar_grid", "level"]

WEEKS = 53
LEVELS = 5  # 0 = nothing answered, 1..4 = quarters of the busiest day
MIN_LABEL_GAP = 3  # columns between month labels, so they never overlap


@dataclass(frozen=True, slots=True)
class CalendarGrid:
    start: date  # the Monday of the first column
    cells: tuple[tuple[int | None, ...], ...]  # [weekday][week] -> level, None after today
    counts_total: int  # questions answered within the grid
    busiest: int  # the most answered on one day within the grid
    month_labels: tuple[tuple[int, int], ...]  # (column, month 1..12)


def level(count: int, busiest: int) -> int:
    """Shade 0..4: 0 for none, else the quarter of the busiest day this count reaches."""
    if count <= 0 or busiest <= 0:
        return 0
    return min(LEVELS - 1, max(1, -(-4 * count // busiest)))


def calendar_grid(today: date, per_day: Mapping[date, int], weeks: int = WEEKS) -> CalendarGrid:
    start = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks - 1)
    inside = {d: n for d, n in per_day.items() if start <= d <= today and n > 0}
    busiest = max(inside.values(), default=0)
    cells = tuple(
        tuple(
            None if (day := start + timedelta(weeks=w, days=wd)) > today else level(inside.get(day, 0), busiest)
            for w in range(weeks)
        )
        for wd in range(7)
    )
    labels: list[tuple[int, int]] = []
    for w in range(weeks):
        monday = start + timedelta(weeks=w)
        if w == 0 or monday.month != (monday - timedelta(weeks=1)).month:
            if labels and w - labels[-1][0] < MIN_LABEL_GAP:
                labels.pop()  # the first column's month gives way to the next full month
            labels.append((w, monday.month))
    return CalendarGrid(start, cells, sum(inside.values()), busiest, tuple(labels))
