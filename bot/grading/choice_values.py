"""Options named by their value: a choice reply that gives the value an option holds, as a careful teacher
reads it.

- Without the unit every option writes (`1.03` for 1.03 g/cm³), or in another unit (`1030 kg/m³`, `650mm` for
  0.65 m): units converted, bot/grading/quantities.py.
- With the option's own words around its value (`低650mm` for 低0.65 m) and the prompt's words (`下午低 0.65米`,
  where the prompt asks about 下午); never when another option holds the same value and the words tell them
  apart the other way (`高0.65 m` is its own option).

One option only: a value that fits two options (the same number in two units, a bare number without the word
that tells them apart) names none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.banks.model import Question
from bot.grading.quantities import Value, read_value
from bot.lexicon.normalize import normalize

__all__ = ["option_by_value"]

_FIRST_DIGIT = re.compile(r"-?\d")
# Characters that join the words around a value and name nothing (`比上午低`, `是0.65米`).
_GLUE = frozenset("是为的了比约就")
_ASKING = re.compile(r"[^，,。；;]*[(（]")  # the clause of a prompt up to its brackets
_MAX_WORDS = 12  # characters of words around a value: longer replies say more than a value


@dataclass(frozen=True, slots=True)
class _Said:
    """A text as words around one value: `低0.65 m` is (低, 0.65 m)."""

    words: str  # normalised, the value's text taken out
    value: Value


def _split(text: str) -> _Said | None:
    """The text's one value, read from its first digit as far as a value can be read, and its other words;
    None when it holds no value or more than one number."""
    if len(re.findall(r"\d+(?:\.\d+)?", text)) != 1:
        return None
    start = _FIRST_DIGIT.search(text)
    if start is None:
        return None
    for end in range(len(text), start.end() - 1, -1):
        value = read_value(text[start.start() : end])
        if value is not None and value.kind == "number":
            words = normalize(text[: start.start()] + " " + text[end:])
            return _Said(words, value)
    return None


def _same(said: Value, option: Value, every_unit: set[tuple[int, ...] | None]) -> bool:
    """The same value; a bare number is the option's number where every option writes one unit."""
    if said.dimension is None and option.dimension is not None:
        return len(every_unit) == 1 and said.parts == option.written
    return said.same(option) and (said.dimension is None) == (option.dimension is None)


def _says(words: str, own: str, prompt: str, question_prompt: str) -> bool:
    """The reply's words are the option's own (all of them) with nothing else but the prompt's words."""
    if own not in words:
        return False
    rest = words.replace(own, " ", 1) if own else words
    if rest.strip().startswith("比"):
        return False  # `比B高…` after a letter read apart: a comparison whose subject is not in these words
    pieces = [p for p in re.split("|".join(map(re.escape, _GLUE)) + r"|\s", rest) if p]
    if not all(piece in prompt for piece in pieces):
        return False
    # `A比B高` where the prompt asks how B stands to A: the prompt's things in another order say the other
    # direction. The order is the asking clause's, the one the brackets close.
    asking = _ASKING.findall(question_prompt)
    clause = normalize(asking[-1]) if asking else prompt
    places = [clause.find(p) for p in pieces if p in clause]
    return places == sorted(places)


def option_by_value(reply: str, question: Question) -> set[str]:
    """The letter of the one option whose value, and whose words, the reply gives; empty when none or several."""
    said = _split(reply)
    if said is None or len(said.words) > _MAX_WORDS:
        return set()
    options = {k.upper(): _split(v) for k, v in question.options.items()}
    if any(o is None for o in options.values()):
        return set()  # options that are not each one value
    every_unit = {o.value.dimension for o in options.values() if o is not None}
    prompt = normalize(question.prompt)
    same = {k: o for k, o in options.items() if o is not None and _same(said.value, o.value, every_unit)}
    # `0.65` where 低0.65 m and 高0.65 m are both options names neither: their words are not said.
    found = {k for k, o in same.items() if _says(said.words, o.words, prompt, question.prompt)}
    return found if len(found) == 1 else set()
