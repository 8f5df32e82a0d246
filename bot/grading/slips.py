"""Slips the typo share cannot forgive by counting edits, each with its own guard:

- a one-character key typed as another character of its sound (`碳` for `炭`), where the key stands in the
  prompt as a word of its own (not `___翁失马`, where the character is what is asked), the question's text never
  writes the reply's character, and no key or option of the banks is that character;
- a key said with the spoken 儿 after it (`皮影儿` for `皮影`), unless the dictionary holds the whole as a word
  of its own (`新生儿`, `混血儿` are other things).

Not here: a character of like shape in a short key (`皮彰戏` for 皮影戏). A shared component says too little
(亻 makes 你 as near to 俑 as 彰 is to 影), and no source at hand says which characters look alike, so such a
reply stays unforgiven.
"""

from __future__ import annotations

from functools import lru_cache

from bot.lexicon.normalize import is_han

__all__ = ["erhua_dropped", "in_a_word_of_the_prompt"]

_ERHUA = "儿"


def erhua_dropped(reply: str) -> str | None:
    """The reply without the spoken 儿 after it (`皮影儿` -> `皮影`); None when it has none, the rest is shorter
    than two characters, or the dictionary holds the whole as a word (`新生儿`)."""
    if not reply.endswith(_ERHUA) or len(reply) < 3:
        return None
    import rjieba  # loaded at the first such reply, not at start-up (its dictionary is large)

    if rjieba.has_word(reply):
        return None
    rest = reply[: -len(_ERHUA)]
    return rest if all(is_han(ch) for ch in rest) else None


@lru_cache(maxsize=4096)
def in_a_word_of_the_prompt(before: str, key: str, after: str) -> bool:
    """The key, put in the blank, joins the prompt's characters into one word (`塞翁失马` for `___翁失马`): the
    character itself is what is asked, and no slip of it is forgiven."""
    import rjieba

    start, at = len(before), 0
    for word in rjieba.cut(before + key + after):
        end = at + len(word)
        if at <= start < end:
            return len(word) > len(key)
        at = end
    return False
