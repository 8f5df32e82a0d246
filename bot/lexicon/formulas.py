"""Chemical formulas: `NaHCO3` is not `Na2CO3` nor `NaHSO3`, one character apart. A formula is compared
exactly, with its subscripts (`NaHCO₃`) and its case (`nahco3`) folded and nothing else forgiven."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["is_formula", "same_formula"]

# The element symbols (a fact of chemistry, written out: no package is needed for a list).
_SYMBOLS = """H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr
    Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu
    Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr"""
_ELEMENTS = frozenset(_SYMBOLS.split())
_TOKEN = re.compile(r"([A-Z][a-z]?)(\d*)|([()\[\]·.]\d*)")


def _plain(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def is_formula(text: str) -> bool:
    """`NaHCO3`, `H2O`, `Ca(OH)2`, `CuSO4·5H2O`: element symbols with counts, two symbols at least."""
    plain = _plain(text)
    pos, symbols = 0, 0
    while pos < len(plain):
        match = _TOKEN.match(plain, pos)
        if match is None or match.end() == pos:
            return False
        if match[1]:
            if match[1] not in _ELEMENTS:
                return False
            symbols += 1
        pos = match.end()
    return symbols >= 2


def same_formula(reply: str, key: str) -> bool:
    return _plain(reply).casefold() == _plain(key).casefold()
