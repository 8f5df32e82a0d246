"""Which numbered lines start a question: chosen for the whole document at once.

A weak number (`3.`) may start a question, or number a point of an explanation, a sub-question of a
case or a step of its answer. Looked at alone, a line cannot tell; the document as a whole can. Every
numbered line is a candidate; the chosen starts are the set that reads best as a document:

- numbers run on (`3` after `2`), or restart at a heading (`1` after `### Vue`);
- each question soon shows what questions show (options, a key, `问题：`, a ticked slot…);
- no question swallows two sets of options or two keys;
- a strong style (`第3题`, `案例3`, `【3】`, `Q3`) says "question" by itself;
- inside a case, a numbered line starts the next case only if the case's own markers follow it.

Dynamic programming over the candidates finds that set in linear time (each candidate looks back at a
bounded window of earlier ones).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.banks.conventions.numbering import numbering

__all__ = ["Candidate", "LineFacts", "choose_starts"]

_ASKS = re.compile(
    r"[？?]\s*$|^(?:简述|简答|列举|写出|说明|试述|论述|分析|解释|比较|举例|计算|设计|请|什么是|如何|为什么|怎样|结合)"
)
_WINDOW = 24
_BEST_LINK = 2.0  # no link scores more: a number running on in the same style


@dataclass(slots=True)
class Candidate:
    index: int  # position in the line list
    style: str
    number: int
    rest: str
    bare: bool = False  # no stem text on its line, beyond a kind tag or points


@dataclass(slots=True)
class LineFacts:
    """What one line can be, as far as choosing starts is concerned."""

    opener: bool = False  # options, a key, 问题：, a ticked slot: a question shows these soon after its start
    option_a: bool = False  # the first option of a set ("A." …)
    key: bool = False  # a key marker
    heading: bool = False  # a section or chapter heading: numbering may restart after it
    kind_heading: bool = False
    ask: bool = False  # 问题：(a case's question)
    answer_opener: bool = False  # 参考答案：/ 解决方案： … (a case's reference answer begins)
    barrier: bool = False  # an answer part or key block: no question runs into it
    case_section: bool = False  # the line stands in a section of case questions


def _prefix(values: list[bool]) -> list[int]:
    out = [0]
    for v in values:
        out.append(out[-1] + v)
    return out


class _Chooser:
    def __init__(self, facts: list[LineFacts], candidates: list[Candidate]) -> None:
        self.facts = facts
        self.cands = candidates
        self.n = len(facts)
        self.opener = _prefix([f.opener for f in facts])
        self.option_a = _prefix([f.option_a for f in facts])
        self.keys = _prefix([f.key for f in facts])
        self.heading = _prefix([f.heading for f in facts])
        self.ask = _prefix([f.ask for f in facts])
        self.answer = _prefix([f.answer_opener or f.key for f in facts])
        self.barrier_after = self._next_barrier()
        strong_at = [False] * len(facts)
        for c in candidates:
            if numbering(c.style).strong:
                strong_at[c.index] = True
        self.strong = _prefix(strong_at)
        # the next candidate line after each candidate (any style): a question shows its openers before it
        self.next_line = [c.index for c in candidates[1:]] + [self.n]
        # weak candidates that show a question's opening: passing over one reads a question as text
        self.shows = [self.own(k) > 0 and not numbering(c.style).strong for k, c in enumerate(candidates)]
        self.skipped = _prefix(self.shows)

    def _next_barrier(self) -> list[int]:
        out = [self.n] * (self.n + 1)
        nxt = self.n
        for i in range(self.n - 1, -1, -1):
            if self.facts[i].barrier or self.facts[i].heading:
                nxt = i
            out[i] = nxt
        return out

    def count(self, prefix: list[int], a: int, b: int) -> int:
        return prefix[max(a, b)] - prefix[a]

    def own(self, k: int) -> float:
        """A candidate's worth on its own: does a question's opening follow it?"""
        c = self.cands[k]
        end = min(self.next_line[k], self.barrier_after[c.index + 1] if c.index + 1 <= self.n else self.n)
        shows = self.count(self.opener, c.index, end) > 0
        score = 1.5 if shows else -0.5
        if (c.bare or not c.rest) and end == c.index + 1 and not numbering(c.style).stem_follows:
            score -= 2.0  # a number with nothing after it before the next number: no question
        if numbering(c.style).strong:
            score += 1.0
        return score

    def span_end(self, i: int, j_line: int) -> int:
        c = self.cands[i]
        return min(j_line, self.barrier_after[c.index + 1] if c.index + 1 <= self.n else self.n)

    def merged(self, i: int, j_line: int) -> float:
        """Penalty when the question from candidate i to line j would hold two questions' parts."""
        a, b = self.cands[i].index, self.span_end(i, j_line)
        if self.count(self.option_a, a, b) >= 2 or self.count(self.keys, a, b) >= 2:
            return -3.0
        return 0.0

    def link(self, i: int, j: int) -> float:
        a, b = self.cands[i], self.cands[j]
        style = numbering(b.style)
        restarted = self.count(self.heading, a.index, b.index) > 0
        if a.style == b.style and not style.sequential:
            score = 1.0
        elif a.style == b.style:
            if b.number == a.number + 1:
                score = 2.0
            elif restarted:
                score = 2.0 if b.number == 1 else 1.0
            elif b.number == 1:
                score = -1.5  # a restart with no heading before it: possible, but less likely than points
            elif a.number + 1 < b.number <= a.number + 4:
                score = 0.0
            else:
                score = -4.0
        else:
            score = (1.0 if b.number == 1 else 0.0) if restarted else (-0.5 if style.strong else -2.0)
        if not restarted and self.in_case(i, j) and not self.starts_case(i, j):
            score -= 10.0
        # a strong number (第3题, 案例2) says "question" by itself: a chain that passes over one is wrong;
        # passing over a weak one that shows a question's opening costs less
        score -= 10.0 * self.count(self.strong, a.index + 1, b.index)
        score -= 2.0 * self.count(self.skipped, i + 1, j)
        return score + self.merged(i, b.index)

    def in_case(self, i: int, j: int) -> bool:
        """Whether candidate j stands inside the case opened at i: after its 问题： or its reference
        answer (a 简答题 with its answers elsewhere has neither: the next number is the next question)."""
        a, b = self.cands[i].index, self.cands[j].index
        if self.count(self.option_a, a, b):
            return False
        if self.count(self.ask, a, b):
            return True
        return (self.cands[i].style == "case" or self.facts[a].case_section) and self.count(self.answer, a, b) > 0

    def starts_case(self, i: int, j: int) -> bool:
        """A numbered line inside a case starts the next case when, looking ahead, the case's own markers
        follow before any line that could itself be the next case: `问题：`, or, once the current case's
        answer has begun, a reference-answer opener."""
        a, b = self.cands[i], self.cands[j]
        if numbering(b.style).strong and b.style != a.style:
            return True
        in_answer = self.count(self.answer, a.index, b.index) > 0
        if in_answer and b.style == a.style and b.number == a.number + 1 and _ASKS.search(b.rest):
            return True  # after the answer, "13. 列举 3 个……的命令。" asks the next question; a point would not
        stop = self.n
        for k in range(j + 1, len(self.cands)):
            c = self.cands[k]
            if numbering(c.style).strong or (c.style in (a.style, b.style) and c.number > a.number):
                stop = c.index
                break
        stop = min(stop, self.barrier_after[b.index + 1] if b.index + 1 <= self.n else self.n)
        for line in range(b.index + 1, stop):
            f = self.facts[line]
            if f.ask or (in_answer and (f.answer_opener or f.key)):
                return True
        return False

    def run(self) -> list[Candidate]:
        m = len(self.cands)
        if not m:
            return []
        best = [0.0] * m
        back = [-1] * m
        far_best, far_arg = float("-inf"), -1  # the best chain ending before the window
        for j in range(m):
            own = self.own(j)
            c = self.cands[j]
            start = (1.0 if c.number == 1 or not numbering(c.style).sequential else 0.0) + own
            start -= 10.0 * self.count(self.strong, 0, c.index) + 2.0 * self.count(self.skipped, 0, j)
            best[j], back[j] = start, -1
            if j - _WINDOW - 1 >= 0 and best[j - _WINDOW - 1] > far_best:
                far_best, far_arg = best[j - _WINDOW - 1], j - _WINDOW - 1
            if far_arg >= 0 and far_best - 1.0 + own > best[j]:
                # a long stretch of numbered points (a case answer) lies between: link as a restart
                best[j], back[j] = far_best - 1.0 + own, far_arg
            for i in range(j - 1, max(0, j - _WINDOW) - 1, -1):  # nearest first: the likeliest link
                if self.cands[i].index == c.index or best[i] + _BEST_LINK + own <= best[j]:
                    continue  # the same line, or no link from i could beat what j has
                value = best[i] + self.link(i, j) + own
                if value > best[j]:
                    best[j], back[j] = value, i
        finals = [best[k] + self.merged(k, self.n) for k in range(m)]
        k = max(range(m), key=lambda x: (finals[x], -x))
        chosen: list[Candidate] = []
        while k != -1:
            chosen.append(self.cands[k])
            k = back[k]
        chosen.reverse()
        return chosen


def choose_starts(facts: list[LineFacts], candidates: list[Candidate]) -> list[Candidate]:
    """The candidates that start questions, in document order."""
    return _Chooser(facts, candidates).run()
