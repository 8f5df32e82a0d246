"""What grading returns: a plain, front-end-neutral verdict."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, computed_field, model_serializer

__all__ = ["Outcome", "Verdict"]


class Outcome(StrEnum):
    correct = "correct"
    partial = "partial"
    wrong = "wrong"


class Verdict(BaseModel):
    """The result of grading one reply to one question."""

    model_config = ConfigDict(frozen=True)

    outcome: Outcome
    score: float = Field(ge=0.0, le=1.0)
    understood: str | None = Field(
        description="What was read from the reply (e.g. 'ABD', '正确', the normalised text); "
        "None when the reply is not an answer at all (front ends ask again and record nothing)."
    )
    expected: str = Field(description="The correct answer, for display.")
    feedback_zh: str = ""
    feedback_en: str = ""
    covered: list[str] = Field(default_factory=list, description="case: key points the reply covered.")
    partly: list[str] = Field(
        default_factory=list, description="case: key points the reply half covered (one thing said of them)."
    )
    missed: list[str] = Field(default_factory=list, description="case: key points the reply missed.")
    judged_by: str | None = Field(
        default=None, description="The model that judged the reply (bot/ai); None: the rules did (left out of JSON)."
    )

    @model_serializer(mode="wrap")
    def _without_unset_judge(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.judged_by is None:  # verdicts of the rules read exactly as before model help existed
            data.pop("judged_by", None)
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def correct(self) -> bool:
        return self.outcome is Outcome.correct

    @property
    def answered(self) -> bool:
        """False when the reply could not be read as an answer (nothing should be recorded)."""
        return self.understood is not None

    def feedback(self, lang: str) -> str:
        return self.feedback_en if lang == "en" else self.feedback_zh
