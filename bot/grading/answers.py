"""The answers a fill key accepts: the key itself and the alternatives written inside it.

`无用的神经元或连接` accepts `无用的神经元` and `无用的连接`; `数据并行/模型并行` accepts either;
`参数高效微调（LoRA/QLoRA）` accepts the name without its bracket and the bracketed abbreviations; `镜头 lens`
(a name in both scripts) accepts either half.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bot.grading.expressions import has_root, operators_in
from bot.grading.units import read_unit
from bot.lexicon.normalize import normalize
from bot.lexicon.other_names import name_parts

__all__ = ["Accepted", "accepted_forms", "expand", "loose"]

# Alternatives inside a key: 或/或者, slash, semicolon (after NFKC the full-width forms are ASCII).
_ALTERNATIVE = re.compile(r"\s*(?:或者|或|/|;)\s*")
_NOT_SLASH = re.compile(r"\s*(?:或者|或|;)\s*")
_NUMBER_BEFORE = re.compile(r"(?:^|[^\w.])\d+(?:\.\d+)?$")
_NUMBER_AFTER = re.compile(r"^\d+(?:\.\d+)?(?:$|[^\w.])")
_BRACKET = re.compile(r"^(?P<head>[^()]+?)\s*\((?P<inner>[^()]+)\)(?P<tail>[^()]*)$")
# Words that do not change which concept is meant: 结构化剪枝 is 结构剪枝, 模型量化技术 is 模型量化.
_FILLER = re.compile(r"[的之化性]")
_GENERIC_TAIL = re.compile(r"(?:技术|方法|策略)$")
# A key written in both scripts, its Chinese name and then its Latin one (`镜头 lens`, `光圈 aperture`): either
# half is the answer. Only in that order, the Latin half words with a lower-case letter: `Java 语言`, `TCP 协议`
# and `维生素 C` are one name each (a Latin modifier, an acronym, a letter), none of whose halves answers.
_BOTH_SCRIPTS = re.compile(
    r"^(?P<zh>[\u3400-\u4dbf\u4e00-\u9fff]{2,})\s+(?P<en>(?=[A-Za-z' -]*[a-z])[A-Za-z][A-Za-z' -]*[A-Za-z])$"
)


@dataclass(frozen=True, slots=True)
class Accepted:
    """One accepted answer: as the bank writes it, and in comparison form."""

    text: str
    norm: str


def _quantity_slash(text: str) -> bool:
    """A slash inside a quantity: a fraction (`13/52`) or a unit (`340 m/s`, `22.4 L/mol`), not a choice."""
    for at in (m.start() for m in re.finditer("/", text)):
        before, after = text[:at].rstrip(), text[at + 1 :].lstrip()
        last = _NUMBER_BEFORE.search(before)
        if last is not None or _NUMBER_AFTER.match(after):  # a fraction; INT8/FP16 stays two names
            return True
        word = before.split()[-1] if before.split() else ""
        first = re.match(r"[^\s/;]+", after)
        if first and read_unit(first[0]) is not None and read_unit(word) is not None:
            return True
    return False


def _split_alternatives(text: str) -> list[str]:
    if "(" in text or ")" in text:  # only split at the top level; the bracket is expanded apart
        return []
    splitter = _NOT_SLASH if _quantity_slash(text) else _ALTERNATIVE
    parts = [p for p in splitter.split(text) if p.strip()]
    if len(parts) < 2:
        return []
    first = parts[0]
    out = [first]
    for part in parts[1:]:
        if len(part) < len(first):
            # A shorter alternative shares the first one's modifier: 无用的神经元或连接 -> 无用的连接,
            # 模型剪枝或量化 -> 模型量化.
            prefix = first[: first.rindex("的") + 1] if "的" in first else first[: len(first) - len(part)]
            out.append(prefix + part)
        else:
            out.append(part)
    return out


def _written_whole(text: str) -> bool:
    """A formula is one answer: `√(2h/g)` names neither `√` nor `2h/g`, `(a+b)^2` no `a+b`; its brackets
    group and its slash divides."""
    if has_root(text) or "^" in text:
        return True
    bracket = _BRACKET.match(text)
    return bool(bracket and len(bracket["head"].strip()) <= 1 and operators_in(bracket["inner"]))


def expand(answer: str) -> list[str]:
    """The answer and the alternatives written inside it, in display form, without duplicates."""
    text = unicodedata.normalize("NFKC", answer).strip()
    found = [answer.strip(), text]
    if _written_whole(text):
        return list(dict.fromkeys(found))
    bracket = _BRACKET.match(text)
    if bracket:
        found.append((bracket["head"] + bracket["tail"]).strip())
        # `陆游（字务观，号放翁）`: each name the bracket gives, without 字/号/又名 before it.
        found.extend(name_parts(bracket["inner"]) or [bracket["inner"].strip()])
    for item in list(found):
        found.extend(_split_alternatives(item))
    for item in list(found):
        if (both := _BOTH_SCRIPTS.match(item)) is not None:
            found.extend((both["zh"], both["en"]))
    seen: set[str] = set()
    out: list[str] = []
    for item in found:
        if item and item not in seen:
            seen.add(item)
            out.append(item)
    return out


@lru_cache(maxsize=4096)
def accepted_forms(answers: tuple[str, ...]) -> tuple[Accepted, ...]:
    """Every accepted answer of one blank, the first being the canonical one."""
    out: list[Accepted] = []
    norms: set[str] = set()
    for answer in answers:
        for text in expand(answer):
            norm = normalize(text)
            if norm and norm not in norms:
                norms.add(norm)
                out.append(Accepted(text=text, norm=norm))
    return tuple(out)


def loose(norm: str) -> str:
    """A normalised answer without the words that do not change the concept."""
    return _GENERIC_TAIL.sub("", _FILLER.sub("", norm))
