"""A key that says the question was annulled, in the languages the importer reads: `Ans. Bonus`, `ANULADA`,
`送分`, `一律給分`, `Аннулирован`. The paper gives every candidate its marks there, so it holds no answer to
grade a learner by: the question is left out, saying so, never published with the word as its key."""

from __future__ import annotations

import re

__all__ = ["annulled"]

_WORDS = (
    r"bonus|grace|dropped|deleted|cancell?ed|void|annull?ed|no key|all correct|marks? to all|"
    r"anulad[ao]s?|nul[ao]|annul[ée]e?s?|annullat[ao]|annulliert|gestrichen|ungültig|"
    r"аннулирован[оа]?|отмен[её]н[оа]?|засчитан[оа]? всем|"
    r"unieważnion[ey]|iptal|i̇ptal|hủy|hủy bỏ|dibatalkan|ملغى|ملغي|ملغاة|"
    r"送分|作废|作廢|取消|全对|全對|一律给分|一律給分|均给分|皆給分|都给分|全員正解|没問|무효|모두 정답|전원 정답"
)
_ANNULLED = re.compile(rf"[(（\[【]?\s*(?:{_WORDS})\s*[)）\]】]?\s*[.。!]?", re.I)


def annulled(key: str) -> bool:
    """The key is a word for an annulled question, alone (maybe in brackets)."""
    return _ANNULLED.fullmatch(key.strip()) is not None
