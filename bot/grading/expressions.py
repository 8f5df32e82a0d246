"""Algebraic keys compared by value: `3(n-1)+1` is `3n-2`, `-2+3n` too; `3n+2`, `3n2` and `2-3n` are not.

sympy reads and compares them; it is imported at the first key that is an expression (about a second,
once: see docs/benchmarks.md), never at start-up. Only short texts of numbers, one-letter variables,
operators and brackets reach it, so it never evaluates a name (no function call can be typed), and
powers are bounded so that no reply can make it work for long.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from bot.lexicon.formulas import is_formula

__all__ = ["has_root", "is_expression", "operators_in", "same_expression"]

_MINUS = str.maketrans({"\u2212": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-"})
_TIMES = str.maketrans({"×": "*", "÷": "/", "·": "*"})
_SUPERSCRIPTS = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
# Numbers, one-letter variables (never two letters side by side: no name is read), operators, brackets.
_EXPRESSION = re.compile(r"^(?!.*[A-Za-z]{2})[0-9A-Za-z+\-*/^().\s]{1,40}$")
_HAS_OPERATOR = re.compile(r"[+\-*/^]|\d[A-Za-z(]|[A-Za-z)]\(|\)[0-9A-Za-z]")
_POWER = re.compile(r"\^\s*\(?\s*(\d+)")
_MAX_POWER = 12
# `a_n = 3n-2`, `an=3n-2`, `y=2x+1`: what the reply writes after the last equals sign.
_LEFT_SIDE = re.compile(r"^.*=")
_SUBSCRIPT_NAME = re.compile(r"^[A-Za-z](?:_?[A-Za-z0-9]{1,2})?\s*(?:\(\s*[A-Za-z0-9]\s*\))?$")


def _plain(text: str) -> str:
    text = _SUPERSCRIPTS.sub(lambda m: "^" + m[0].translate(_SUPERSCRIPT), text)
    text = unicodedata.normalize("NFKC", text).translate(_MINUS).translate(_TIMES).strip()
    if "=" in text:
        left, _, right = text.rpartition("=")
        if not _SUBSCRIPT_NAME.match(left.strip()):
            return ""  # an equation, not a value of the blank
        text = right
    return text.replace("**", "^").strip().rstrip("。.").casefold()  # `3N-2` is 3n-2


def is_expression(text: str) -> bool:
    """A short algebraic expression with a variable and an operator (`3n-2`, `n^2+1`, `2(x+1)`)."""
    plain = _plain(text)
    return (
        bool(plain)
        and not is_formula(text.strip())  # `H2O`, `NaHCO3`: compared as formulas
        and bool(_EXPRESSION.match(plain))
        and any(ch.isalpha() for ch in plain)
        and bool(_HAS_OPERATOR.search(plain))
    )


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any:
    plain = _plain(text)
    if not plain or not _EXPRESSION.match(plain) or plain.count("^") > 2:
        return None
    if any(int(p) > _MAX_POWER for p in _POWER.findall(plain)):
        return None
    from sympy import Symbol
    from sympy.parsing.sympy_parser import (
        convert_xor,
        implicit_multiplication_application,
        parse_expr,
        standard_transformations,
    )

    names = {ch: Symbol(ch) for ch in set(plain) if ch.isalpha()}
    try:
        return parse_expr(
            plain,
            local_dict=names,
            global_dict={"Integer": _sympy().Integer, "Float": _sympy().Float, "Rational": _sympy().Rational},
            transformations=(*standard_transformations, implicit_multiplication_application, convert_xor),
            evaluate=True,
        )
    except Exception:  # sympy raises many kinds on a text it cannot read; it is then no expression
        return None


@lru_cache(maxsize=1)
def _sympy() -> Any:
    import sympy

    return sympy


@lru_cache(maxsize=4096)
def same_expression(reply: str, key: str) -> bool | None:
    """Whether the reply's expression equals the key's for every value of its variables; None when the
    reply is no expression sympy reads."""
    said, wanted = _parsed(reply), _parsed(key)
    if said is None or wanted is None:
        return None
    try:
        return bool(_sympy().expand(said - wanted) == 0)
    except Exception:  # a reply sympy cannot subtract (a relation, a tuple): not the key's value
        return False


_OPERATOR = re.compile(r"(?:(?<=[0-9)])|(?<=(?<![A-Za-z])[A-Za-z]))\s*([+\-*/^=<>≤≥±×÷])\s*(?=[0-9A-Za-z(])")


# A root, however it is written: normalising drops `√`, and `2h/g` is no `√(2h/g)`.
_ROOT = re.compile(r"√|\bsqrt\s*(?=\()|根号下?|开方", re.IGNORECASE)


def has_root(text: str) -> bool:
    """Whether the text takes a root (`√(2h/g)`, `sqrt(x)`, `根号下2`)."""
    return bool(_ROOT.search(unicodedata.normalize("NFKC", text)))


@lru_cache(maxsize=4096)  # asked of every accepted form of a key for each reply
def operators_in(text: str) -> tuple[str, ...]:
    """The operators written between numbers or one-letter variables (`3n-2`: `-`; `COVID-19`: none) and the
    roots (`√`), in order: normalising a text drops punctuation, and a minus is no punctuation there."""
    plain = unicodedata.normalize("NFKC", text).translate(_MINUS)
    found = [(m.start(1), m[1]) for m in _OPERATOR.finditer(plain)]
    found += [(m.start(), "√") for m in _ROOT.finditer(plain)]
    return tuple(op for _, op in sorted(found))
