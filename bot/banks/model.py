"""The question bank model: one JSON file per bank, validated by pydantic.

The JSON Schema in docs/bank.schema.json is generated from these models
(`python -m bot.banks.schema`), so this module is the single source of truth.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.files import write_atomically

__all__ = [
    "CHOICE_KINDS",
    "KIND_NAMES",
    "Bank",
    "Kind",
    "Question",
    "Section",
    "bank_json",
    "load_bank",
    "load_banks",
    "load_banks_serving",
    "save_bank",
]


class Kind(StrEnum):
    single = "single"
    multiple = "multiple"
    true_false = "true_false"
    fill = "fill"
    case = "case"


CHOICE_KINDS = frozenset({Kind.single, Kind.multiple})

# Each kind's name in reports about a document (zh, en).
KIND_NAMES: dict[Kind, tuple[str, str]] = {
    Kind.single: ("单选题", "single-choice"),
    Kind.multiple: ("多选题", "multiple-choice"),
    Kind.true_false: ("判断题", "true/false"),
    Kind.fill: ("填空题", "fill-in"),
    Kind.case: ("案例题", "case"),
}

# Fill answers are a list of accepted answers (first canonical) for one blank,
# or one such list per blank for a question with several blanks.
Answer = str | bool | list[list[str]] | list[str]


class Question(BaseModel):
    """One question as printed in an exam document."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="Unique in the bank; stable when the same document is imported again.")
    kind: Kind
    number: int = Field(description="The number printed in the document.")
    prompt: str
    options: dict[str, str] = Field(
        default_factory=dict, description="Letter -> option text, for single and multiple choice."
    )
    answer: Answer = Field(
        description=(
            "single/multiple: the letters in order, e.g. 'BDE'; true_false: a boolean; fill: a list of "
            "accepted answers (first canonical), or one such list per blank; case: the reference answer."
        )
    )
    explanation: str | None = None
    section: str | None = Field(default=None, description="The section header the question stands under.")
    line: int | None = Field(default=None, description="Line of the source document where it starts.")
    # Room for what authors add by hand; the importer never writes these.
    alternates: list[str] = Field(
        default_factory=list,
        description="More accepted answers (fill: for a single-blank question; case: answers a teacher "
        "accepted whole, each credited with every point).",
    )
    tags: list[str] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict, description="Free-form author data.")

    @model_validator(mode="after")
    def _answer_fits_kind(self) -> Question:
        kind, answer = self.kind, self.answer
        if kind in CHOICE_KINDS:
            if not isinstance(answer, str) or not answer:
                raise ValueError(f"{kind} question {self.id}: answer must be option letters")
            if not self.options:
                raise ValueError(f"{kind} question {self.id}: options are missing")
        elif kind is Kind.true_false:
            if not isinstance(answer, bool):
                raise ValueError(f"true_false question {self.id}: answer must be true or false")
        elif kind is Kind.fill:
            if not isinstance(answer, list) or not answer:
                raise ValueError(f"fill question {self.id}: answer must be a non-empty list")
        elif kind is Kind.case and not isinstance(answer, str):
            raise ValueError(f"case question {self.id}: answer must be the reference text")
        return self

    @property
    def letters(self) -> str:
        """The key's letters for a choice question ('' for other kinds)."""
        return self.answer if self.kind in CHOICE_KINDS and isinstance(self.answer, str) else ""

    def blanks(self) -> list[list[str]]:
        """Accepted answers per blank, in order (fill questions only)."""
        if self.kind is not Kind.fill or not isinstance(self.answer, list):
            return []
        if self.answer and all(isinstance(a, list) for a in self.answer):
            return [list(b) for b in self.answer]  # type: ignore[arg-type]
        accepted = [a for a in self.answer if isinstance(a, str)]
        return [accepted + [a for a in self.alternates if a not in accepted]]


class Section(BaseModel):
    """A section header of the document and what it declared."""

    model_config = ConfigDict(extra="forbid")

    title: str
    kind: Kind
    declared: int | None = Field(default=None, description="Question count the header declares.")
    found: int = 0
    line: int | None = None


class Bank(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    source: str = Field(description="The document the bank was imported from.")
    questions: list[Question]
    sections: list[Section] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self) -> Bank:
        seen: set[str] = set()
        for q in self.questions:
            if q.id in seen:
                raise ValueError(f"bank {self.id}: question id {q.id!r} is used twice")
            seen.add(q.id)
        return self

    def question(self, question_id: str) -> Question | None:
        return next((q for q in self.questions if q.id == question_id), None)

    def counts(self) -> dict[Kind, int]:
        out = dict.fromkeys(Kind, 0)
        for q in self.questions:
            out[q.kind] += 1
        return out


def bank_json(bank: Bank) -> str:
    """The canonical file text: stable key order, UTF-8, trailing newline (diff-friendly)."""
    return json.dumps(bank.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"


def save_bank(bank: Bank, directory: Path, path: Path | None = None) -> Path:
    """Write the bank to `<directory>/<id>.json` (or `path`) whole or not at all: a failure (a full disk)
    leaves the old file as it was."""
    directory.mkdir(parents=True, exist_ok=True)
    return write_atomically(path or directory / f"{bank.id}.json", bank_json(bank))


def load_bank(path: Path) -> Bank:
    return Bank.model_validate_json(path.read_text(encoding="utf-8"))


def load_banks(directory: Path) -> list[Bank]:
    """Every bank file in a folder, sorted by id (raises on the first that cannot be read)."""
    if not directory.is_dir():
        return []
    return sorted((load_bank(p) for p in directory.glob("*.json")), key=lambda b: b.id)


def load_banks_serving(directory: Path) -> tuple[list[Bank], list[tuple[Path, str]]]:
    """The banks a bot can serve, and the files it cannot read with why: one bad file (half written by an
    older version, edited by hand) must not keep the others from being served."""
    banks: list[Bank] = []
    problems: list[tuple[Path, str]] = []
    for path in sorted(directory.glob("*.json")) if directory.is_dir() else []:
        try:
            banks.append(load_bank(path))
        except (OSError, ValueError) as exc:  # pydantic's ValidationError and JSON errors are ValueErrors
            lines = str(exc).strip().splitlines()
            problems.append((path, " ".join(lines[:3])[:300]))
    return sorted(banks, key=lambda b: b.id), problems
