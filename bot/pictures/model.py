"""What the stats picture shows: plain data, filled in by the engine's stats and the chat's title."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field, NonNegativeFloat, NonNegativeInt, field_validator

__all__ = ["MissedQuestion", "StatsPicture"]

DEFAULT_WEEKS = 12  # an exam plan's weeks, not a year: the calendar's span by default
MAX_WEEKS = 26  # beyond, the calendar's cells and labels get too small to read on a phone
MIN_WEEKS = 8  # the legend under the calendar takes 7 columns


class MissedQuestion(BaseModel):
    """One of the most-missed questions: its title, and what to draw when the title's glyphs are missing."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(description="The question's first words, as the learner saw them.")
    fallback: str = Field(description="Drawn instead when a font lacks a glyph of the title, e.g. 'law #12'.")
    misses: NonNegativeInt
    attempts: NonNegativeInt


class StatsPicture(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(description="The learner's or the group's name, shown at the top.")
    today: date = Field(description="The viewer's local date: the calendar ends with its week.")
    weeks: int = Field(default=DEFAULT_WEEKS, ge=MIN_WEEKS, le=MAX_WEEKS, description="Weeks the calendar shows.")
    per_day: dict[date, NonNegativeInt] = Field(
        default_factory=dict, description="Questions answered per local day; days outside the weeks shown are ignored."
    )
    current_streak: NonNegativeInt = 0
    longest_streak: NonNegativeInt = 0
    accuracy: dict[str, tuple[NonNegativeFloat, NonNegativeInt]] = Field(
        default_factory=dict,
        description="Kind (e.g. 'case') -> (points, answers): points add up each answer's score, so partial "
        "credit counts (a case answer covering 3 of 4 points adds 0.75).",
    )
    due_now: NonNegativeInt | None = Field(default=None, description="Questions due for review now (None: not shown).")
    due_week: NonNegativeInt = Field(default=0, description="More questions due within the next 7 days.")
    missed: list[MissedQuestion] | None = Field(
        default=None, description="The most-missed questions, most first; at most 3 are drawn (None: not shown)."
    )

    @field_validator("accuracy")
    @classmethod
    def _points_within_answers(cls, value: dict[str, tuple[float, int]]) -> dict[str, tuple[float, int]]:
        for kind, (points, total) in value.items():
            if points > total + 1e-9:
                raise ValueError(f"accuracy[{kind!r}]: {points} points out of {total} answers")
        return value
