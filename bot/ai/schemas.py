"""The JSON a model must answer with, one pydantic model per task (docs/ai.md shows them as JSON Schema).

Anything else (a missing field, a status outside the three, an extra point) is a schema mismatch: the
rules' result stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CaseJudgement", "Explanation", "PointJudgement", "ReadQuestion", "Reading", "json_schemas"]


class _Answer(BaseModel):
    # Unknown fields are ignored: models like to add a `summary` or `score`; what we need must be there.
    model_config = ConfigDict(extra="ignore")


class PointJudgement(_Answer):
    n: int = Field(description="The key point's number, as given.")
    status: Literal["covered", "partly", "missed"]
    evidence: str = Field(default="", description="The words of the reply that say it, copied exactly; '' if none.")
    reason: str = Field(min_length=1, max_length=400, description="One short sentence, in the learner's language.")


class CaseJudgement(_Answer):
    points: list[PointJudgement] = Field(min_length=1)


class Explanation(_Answer):
    explanation: str = Field(min_length=10, max_length=1200, description="Two to five sentences.")


class ReadQuestion(_Answer):
    number: int | None = Field(default=None, description="The number printed in the passage.")
    kind: Literal["single", "multiple", "true_false", "fill", "case"]
    prompt: str = Field(min_length=1)
    options: dict[str, str] = Field(default_factory=dict, description="Letter -> text (choice questions).")
    answer: str | bool | list[str] = Field(
        description="single/multiple: the key's letters; true_false: true or false; fill: one entry per blank "
        "(alternatives joined by ' 或 '); case: the reference answer."
    )
    explanation: str | None = None


class Reading(_Answer):
    questions: list[ReadQuestion] = Field(default_factory=list)


def json_schemas() -> dict[str, dict[str, object]]:
    """Each answer's JSON Schema, by task (`python -m bot.ai.schemas` prints them)."""
    return {
        "grade-case": CaseJudgement.model_json_schema(),
        "explain": Explanation.model_json_schema(),
        "read-passage": Reading.model_json_schema(),
    }


if __name__ == "__main__":  # pragma: no cover
    import json

    print(json.dumps(json_schemas(), ensure_ascii=False, indent=2))
