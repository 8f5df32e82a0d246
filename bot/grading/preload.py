"""Load, before the first learner waits for it, what the grader otherwise loads at the first reply that needs
it: sympy (an expression key, about a second) and Cilin's word groups (a case detail said in other words, about
half a second). Each is loaded lazily so that a command that never grades pays nothing; the bot calls `preload`
once at start-up, off the event loop, so that the first learner's reply does not stall every chat.

It grades a few replies to questions of its own through `grade`, rather than calling each loader, so that it
keeps loading whatever those paths come to need.
"""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading.grader import grade

__all__ = ["preload"]

_QUESTIONS = (
    # an expression key: sympy
    (Question(id="fill-1", kind=Kind.fill, number=1, prompt="第 n 项为___。", answer=["3n-2"]), "3(n-1)+1"),
    # a case detail in other words: Cilin's groups
    (
        Question(
            id="case-1",
            kind=Kind.case,
            number=1,
            prompt="河流进入平原后发生了什么变化？",
            answer="1. 河水流速减慢，泥沙沉积。\n2. 水位升高。",
        ),
        "水流变慢，泥沙堆积，水位上升",
    ),
)


def preload() -> None:
    """Grade the replies above once, loading what their paths load (a few seconds at most, once a process)."""
    for question, reply in _QUESTIONS:
        grade(question, reply, None)
