"""The words on the stats picture, in Chinese and in English."""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["EN", "ZH", "Labels", "cjk_characters"]


@dataclass(frozen=True, slots=True)
class Labels:
    untitled: str  # the title when the chat's own cannot be drawn
    answered: str  # format: {n}, {weeks}
    current: str
    longest: str
    days: str  # format: {n}
    one_day: str
    accuracy: str
    no_answers: str
    answers: str  # format: {n} (answers of one kind, beside its bar)
    one_answer: str
    due: str  # the label under the number of questions due for review now
    due_week: str  # format: {n}
    missed: str
    missed_none: str
    missed_line: str  # format: {misses}, {attempts}
    less: str
    more: str
    months: tuple[str, ...]  # January first
    weekdays: tuple[str, ...]  # Monday first; only Mon, Wed, Fri are drawn
    kinds: dict[str, str]

    def day_count(self, n: int) -> str:
        return self.one_day if n == 1 else self.days.format(n=n)

    def answer_count(self, n: int) -> str:
        return self.one_answer if n == 1 else self.answers.format(n=n)

    def kind(self, key: str) -> str:
        return self.kinds.get(key, key)


ZH = Labels(
    untitled="学习统计",
    answered="近 {weeks} 周答题 {n} 道",
    current="当前连续",
    longest="最长连续",
    days="{n} 天",
    one_day="1 天",
    accuracy="各题型得分率（部分得分计入）",
    no_answers="还没有答题记录",
    answers="{n} 题",
    one_answer="1 题",
    due="道题待复习",
    due_week="7 天内还有 {n} 道",
    missed="最常错的题",
    missed_none="还没有错题",
    missed_line="错 {misses}/{attempts} 次",
    less="少",
    more="多",
    months=tuple(f"{m}月" for m in range(1, 13)),
    weekdays=("周一", "周二", "周三", "周四", "周五", "周六", "周日"),
    kinds={"single": "单选", "multiple": "多选", "true_false": "判断", "fill": "填空", "case": "案例分析"},
)

EN = Labels(
    untitled="Study stats",
    answered="{n} answered in the last {weeks} weeks",
    current="Current streak",
    longest="Longest streak",
    days="{n} days",
    one_day="1 day",
    accuracy="Score by kind (partial credit counts)",
    no_answers="No answers yet",
    answers="{n} answers",
    one_answer="1 answer",
    due="due for review",
    due_week="{n} more within 7 days",
    missed="Most missed",
    missed_none="No mistakes yet",
    missed_line="missed {misses} of {attempts}",
    less="Less",
    more="More",
    months=("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    weekdays=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    kinds={"single": "Single", "multiple": "Multiple", "true_false": "True/false", "fill": "Fill", "case": "Case"},
)


def cjk_characters(labels: Labels = ZH) -> str:
    """Every non-ASCII character the labels use: a font must hold them all to draw the zh picture."""
    texts: list[str] = []
    for value in (getattr(labels, f.name) for f in fields(labels)):
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, tuple):
            texts.extend(value)
        elif isinstance(value, dict):
            texts.extend(value.values())
    return "".join(sorted({c for text in texts for c in text if ord(c) > 127}))
