"""Other names a text gives a known thing: in brackets after it (`坏血病（坏血症，scurvy）`,
`World War I (the Great War)`, `《红楼梦》（又名《石头记》）`, `勾践（《史记》作“句践”）`, `张择端（字正道）`),
or after a word that says so (`对乙酰氨基酚又名扑热息痛`, `阿司匹林即乙酰水杨酸`).

Only names of a known thing (an option's text, a fill key) are taken, so a bracket that explains
(`尿嘧啶（U）只存在于RNA中`, `（1840—1842年）`) links nothing it does not name; what a bracket holds must
itself look like a name (a few Chinese characters, or Latin words), not a clause.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from bot.lexicon.normalize import normalize

__all__ = ["name_parts", "other_names"]

_BRACKET = re.compile(r"[(（](?P<inner>[^()（）]{1,60})[)）]")
_PARTS = re.compile(r"\s*[，,、；;/]\s*")
# Words that say what follows is another name: 又名, 号, 字 (a courtesy name), 作 (another writing).
_LEAD = re.compile(
    r"^(?:《[^》]{1,10}》)?\s*(?:又名|又称|亦称|俗称|简称|别称|别名|也叫|又叫|也称|学名|英文名|英文|通称|作|即|号|字|或)"
    r"[:：]?\s*"
)
_QUOTES = "“”\"'‘’《》「」『』 "
_HAN_NAME = re.compile(r"^[\u4e00-\u9fff]{2,8}$")
_LATIN_NAME = re.compile(r"^[A-Za-z][A-Za-z .'\-]{1,39}$")
_SAYS = re.compile(
    r"(?P<name>[\u4e00-\u9fff《》]{2,16})(?:[(（][^()（）]*[)）])?[，,]?(?:又名|又称|亦称|俗称|也叫|又叫|即)"
    r"(?P<other>[“《「]?[\u4e00-\u9fff]{2,8}[”》」]?)"
)
_NOT_A_NAME = re.compile(r"[的是在有和与及等了]")


def name_parts(inner: str) -> list[str]:
    """The names a bracket holds: its parts without the words that introduce them (`字务观，号放翁` -> 务观,
    放翁; `《史记》作“句践”` -> 句践), those that look like names."""
    out: list[str] = []
    for part in _PARTS.split(unicodedata.normalize("NFKC", inner).strip()):
        name = _LEAD.sub("", part.strip()).strip(_QUOTES)
        han = _HAN_NAME.match(name) and not _NOT_A_NAME.search(name)
        if han or (_LATIN_NAME.match(name) and sum(ch.isalpha() for ch in name) >= 2):
            out.append(name)
    return out


# A courtesy or art name (`字鸿渐`, `号放翁`): said with the surname too (陆鸿渐 for 陆羽（字鸿渐）).
_STYLED = re.compile(r"^(?:字|号|别号|自号)(?P<name>[\u4e00-\u9fff]{1,6})$")


def _styled(inner: str, person: str) -> list[str]:
    """The courtesy names a bracket gives a person of two to four characters, to be said after the surname."""
    if not 2 <= len(person) <= 4 or not _HAN_NAME.match(person):
        return []
    parts = _PARTS.split(unicodedata.normalize("NFKC", inner).strip())
    return [m["name"] for part in parts if (m := _STYLED.match(part.strip()))]


def _known_before(text: str, known: frozenset[str]) -> str | None:
    """The longest known name the text ends with."""
    for start in range(max(0, len(text) - 40), len(text) - 1):
        if normalize(text[start:]) in known:
            return text[start:].strip(" :：，,、；;")
    return None


def other_names(texts: Iterable[str], known: Iterable[str]) -> list[tuple[str, str]]:
    """(known name, other name) pairs the texts write."""
    names = frozenset(normalize(k) for k in known)
    found: list[tuple[str, str]] = []
    for raw in texts:
        text = unicodedata.normalize("NFKC", raw)
        for match in _BRACKET.finditer(text):
            parts = name_parts(match["inner"])
            before = _known_before(text[: match.start()].rstrip(), names)
            anchor = before or next((p for p in parts if normalize(p) in names), None)
            if anchor is None:
                continue
            found.extend((anchor, p) for p in parts if normalize(p) != normalize(anchor))
            found.extend((anchor, anchor[0] + styled) for styled in _styled(match["inner"], anchor))
        for match in _SAYS.finditer(text):
            name = _known_before(match["name"], names)
            other = match["other"].strip(_QUOTES)
            if name and _HAN_NAME.match(other):
                found.append((name, other))
    return list(dict.fromkeys(found))
