"""What the importer reports: line-numbered issues (zh and en) and the error raised for malformed input."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["DocumentError", "Issue"]

Level = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Issue:
    """One finding about a document, tied to the line it concerns (1-based; 0 = the whole document); in a
    workbook of several sheets, `sheet` names the sheet whose row `line` is."""

    level: Level
    line: int
    zh: str
    en: str
    sheet: str | None = None

    def render(self, source: str) -> str:
        where = f"{source}:{self.line}" if self.line else source
        if self.sheet:
            where = f"{source}[{self.sheet}]:{self.line}" if self.line else f"{source}[{self.sheet}]"
        return f"{where}: {self.level}: {self.en} / {self.zh}"

    def error(self) -> Issue:
        """The same finding as an error (nothing could be read)."""
        return Issue("error", self.line, self.zh, self.en, self.sheet)


@dataclass(eq=False)
class DocumentError(Exception):
    """Malformed input: names the file and the line of the first error; `issues` holds every error."""

    source: str
    line: int
    zh: str
    en: str
    issues: list[Issue] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.issues:
            self.issues = [Issue("error", self.line, self.zh, self.en)]
        super().__init__(str(self))

    def __str__(self) -> str:
        head = (
            (self.issues[0] if self.issues else Issue("error", self.line, self.zh, self.en)).error().render(self.source)
        )
        more = len(self.issues) - 1
        return head if more <= 0 else f"{head} (+{more} more / 另有 {more} 处错误)"

    @classmethod
    def from_issues(cls, source: str, issues: list[Issue]) -> DocumentError:
        first = issues[0]
        return cls(source, first.line, first.zh, first.en, list(issues))
