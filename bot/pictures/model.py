"""What the stats picture shows: plain data, filled in by the engine's stats and the chat's title."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, field_validator

__all__ = ["StatsPicture"]


class StatsPicture(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str = Field(description="The learner's or the group's name, shown at the top.")
    today: date = Field(description="The viewer's local date: the calendar ends with its week.")
    per_day: dict[date, NonNegativeInt] = Field(
        default_factory=dict, description="Questions answered per local day; days outside the year shown are ignored."
    )
    current_streak: NonNegativeInt = 0
    longest_streak: NonNegativeInt = 0
    accuracy: dict[str, tuple[NonNegativeInt, NonNegativeInt]] = Field(
        default_factory=dict, description="Kind (e.g. 'single') -> (correct, total)."
    )

    @field_validator("accuracy")
    @classmethod
    def _correct_within_total(cls, value: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        for kind, (correct, total) in value.items():
            if correct > total:
                raise ValueError(f"accuracy[{kind!r}]: {correct} correct out of {total} answers")
        return value
