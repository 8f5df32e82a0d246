"""The words people put around an answer, kept in one place (each list is tested).

- Hedges and particles: `我猜是水平划分吧`, `应该是对的`, `maybe LoRA?` say the same as the bare answer.
- Neutral affixes: `梯度裁剪方法` is 梯度裁剪, `批大小` is 批大小值, `使用梯度累积` is 梯度累积. They never
  make another concept; compounds where they would (`特征值` is not 特征) are listed apart.
- A question asked back to assert: `不是对抗训练吗` says 对抗训练.
- Giving up (`不知道`, `跳过`): an answer that earns nothing, in every kind. Sounds of thinking (`嗯…`),
  a navigation word (`下一题`), a sticker's placeholder (`[表情]`) and punctuation alone (`?`) are no answer
  at all.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from opencc import OpenCC

from bot.lexicon.normalize import clean

__all__ = [
    "HEDGE_PREFIXES",
    "HEDGE_SUFFIXES",
    "NEUTRAL_PREFIXES",
    "NEUTRAL_SUFFIXES",
    "NOT_NEUTRAL",
    "core",
    "gives_up",
    "is_chatter",
    "is_filler",
    "is_non_answer",
    "is_remark",
    "strip_hedges",
]

# Said before an answer: "I think", "probably", "it should be". A copula or 选/填 may follow.
HEDGE_PREFIXES = (
    "我觉得",
    "我认为",
    "我想",
    "我猜",
    "我估计",
    "我记得",
    "我感觉",
    "我个人认为",
    "感觉",
    "应该",
    "应当",
    "大概",
    "可能",
    "也许",
    "或许",
    "估计",
    "好像",
    "似乎",
    "貌似",
    "差不多",
    "难道",
    "是不是",
    "i think",
    "i guess",
    "i believe",
    "i'd say",
    "maybe",
    "perhaps",
    "probably",
    "should be",
    "it's",
    "it’s",
    "it is",
)
_COPULAS = ("就是", "是", "选", "填", "为", "叫")

# Said after an answer: particles, tags asking for confirmation, doubt.
HEDGE_SUFFIXES = (
    "对吧",
    "是吧",
    "对不对",
    "是不是",
    "没错吧",
    "没错",
    "我猜",
    "我觉得",
    "不确定",
    "不太确定",
    "吧",
    "吗",
    "呢",
    "了",
    "啊",
    "呀",
    "啦",
    "嘛",
    "哦",
    "喔",
    "哈",
    "咯",
    "i think",
    "i guess",
    "maybe",
    "right",
    "probably",
)
# Particles that make a bare judgement a question back (`正确吗`: the learner asks, not answers).
QUESTION_PARTICLES = ("吗", "嗎", "对不对", "是不是")

# Words that name the same concept with or without them.
NEUTRAL_SUFFIXES = ("方法", "技术", "技巧", "问题", "机制", "策略", "方案", "手段", "方式", "措施", "现象", "值")
NEUTRAL_PREFIXES = ("使用", "采用", "利用", "运用", "通过", "进行", "引入", "应用", "实施", "一种", "用", "做")
# Compounds in which a neutral affix makes another concept: 特征值 (eigenvalue) is not 特征 (feature).
NOT_NEUTRAL = ("特征值", "奇异值", "阈值", "极值", "峰值", "像素值", "初值", "应用层", "做空")

# Said instead of an answer, in Chinese, English and Japanese: the learner does not know and wants to see
# the key. `不会` is one too (the project's rule: "I can't do this one", even to a statement with 会).
GIVE_UP = (
    "不知道",
    "不会",
    "不太会",
    "不了解",
    "没印象",
    "不确定",
    "不太确定",
    "没思路",
    "没头绪",
    "不造",
    "答不上来",
    "做不出来",
    "算了",
    "不晓得",
    "不清楚",
    "不太清楚",
    "不记得",
    "不记得了",
    "忘了",
    "忘记了",
    "想不起来",
    "不会做",
    "没学过",
    "没学",
    "不懂",
    "跳过",
    "放弃",
    "pass",
    "skip",
    "idk",
    "dunno",
    "no clue",
    "not a clue",
    "no answer",
    "give up",
    "i give up",
    "forgot",
    "i forgot",
    "forget it",
    "can't remember",
    "cant remember",
    "i can't remember",
    "don't remember",
    "i don't remember",
    "i'm not sure",
    "im not sure",
    "unsure",
    "i have no idea",
    "わからない",
    "分からない",
    "わかりません",
    "分かりません",
    "わかんない",
    "知らない",
    "知りません",
    "しらない",
    "忘れた",
    "忘れました",
    "覚えていない",
    "覚えてない",
    "さっぱり",
    "パス",
    "スキップ",
    "ギブアップ",
    "i don't know",
    "i dont know",
    "don't know",
    "dont know",
    "no idea",
    "not sure",
)
# Sounds of thinking, alone: the learner has not answered yet.
FILLER_CHARS = frozenset("嗯恩额呃唔啊哦噢喔哈呵诶欸哎唉")
_FILLER_LATIN = re.compile(r"^(?:e*m+|h+m+|u+m+|u+h+|e+r+|a+h+)$")

_SPACE = r"[\s,，:：]*"
_END = r"[\s?？!！。.~～…,，]*"


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_PREFIX = re.compile(
    rf"^\s*(?:(?:{_alternation(HEDGE_PREFIXES)}){_SPACE})*(?P<copula>(?:{_alternation(_COPULAS)}){_SPACE})?",
    re.IGNORECASE,
)
_TRAILING = re.compile(rf"{_END}$")
_NEGATORS = "不没非无未别"
_QUESTION = re.compile(rf"(?:{_alternation(QUESTION_PARTICLES)}){_END}$")


# `不是对抗训练吗`, `难道不就是X吗`: asked back, it asserts X.
_RHETORICAL = re.compile(rf"^\s*(?:难道)?(?:这|这个|答案)?不(?:就|都)?是(?P<said>.+?)(?:吗|嘛|么|嗎){_END}$")


def strip_hedges(text: str) -> str:
    """The answer without the hedges and particles around it; the text itself when nothing else is left."""
    if (rhetorical := _RHETORICAL.match(text)) and rhetorical["said"].strip():
        text = rhetorical["said"]
    out = _TRAILING.sub("", text.strip()) or text.strip()
    for _ in range(4):
        # The longest tag whose removal leaves an answer; not one after a negation (`不对吧` is 不对).
        start = _suffix_start(out)
        if start is None:
            break
        out = out[:start]
    prefix = _PREFIX.match(out)
    if prefix and 0 < prefix.end() < len(out):
        out = out[prefix.end() :]
    elif prefix and prefix["copula"]:  # `我觉得是`: the copula is the answer (true/false)
        out = out[prefix.start("copula") :].strip(" ,，:：")
    return out.strip()


_SUFFIX = re.compile(rf"{_SPACE}(?:{_alternation(HEDGE_SUFFIXES)}){_END}$", re.IGNORECASE)


def _suffix_start(text: str) -> int | None:
    """Where the longest trailing tag starts whose removal leaves an answer, not right after a negation."""
    pos = 1
    while (match := _SUFFIX.search(text, pos)) is not None:
        start = match.start()
        if text[start - 1] not in _NEGATORS:
            return start
        pos = start + 1  # a shorter tag (`吧` of `对吧`) may still fit
    return None


_GIVE_UP_LEAD = re.compile(
    r"^(?:这道题|这题|这个|我也|我真的|我实在|我确实|我|真的|实在|确实|真|完全|还是|全然|ぜんぜん)+"
)
_GIVE_UP = frozenset(GIVE_UP)
# In both scripts, to look for them before a reply is folded (most replies hold none).
_S2T = OpenCC("s2t")  # one converter: building one loads its dictionaries (about 0.1 s each time)
_GIVE_UP_ANY = re.compile(_alternation(tuple({*GIVE_UP, *(_S2T.convert(w) for w in GIVE_UP)})), re.IGNORECASE)
_MAX_GIVE_UP = 24  # longer replies say more than that
_FULL_WIDTH = re.compile("[\uff01-\uff5e]")


def gives_up(text: str) -> bool:
    """`不知道`, `我真不知道啊`, `跳過`, `ＩＤＫ`: the learner gives up."""
    if len(text) > _MAX_GIVE_UP:
        return False
    if _GIVE_UP_ANY.search(text) is None and (_FULL_WIDTH.search(text) is None or not gives_up(clean(text))):
        return False  # most replies: one search, nothing folded
    plain = " ".join(clean(text).split()).strip("。.!！?？~～…啊呀吧呢啦嘛哦喔")
    return any(said in _GIVE_UP or _GIVE_UP_LEAD.sub("", said) in _GIVE_UP for said in (plain, strip_hedges(plain)))


def is_filler(text: str) -> bool:
    """`嗯`, `额…`, `emmm`: a reply made only of sounds of thinking (and spaces or punctuation)."""
    first = text.lstrip(" .。…?？!！~～,，")[:1].casefold()
    if len(text) > _MAX_GIVE_UP or not first or (first not in FILLER_CHARS and first not in "ehua"):
        return False  # most replies: decided by their first character
    said = "".join(ch for ch in text if ch.isalnum()).casefold()
    return all(ch in FILLER_CHARS for ch in said) or bool(_FILLER_LATIN.match(said))


# Not an answer at all, the bot asks again: a navigation word (the learner wants the next question, not the
# key), a chat app's placeholder for a sticker or a picture, punctuation alone (`?`, `？？`, `。。。`).
NAVIGATION = ("下一题", "下一个", "下一道", "下一道题", "换一题", "换一道", "继续", "next", "next one", "next question")
PLACEHOLDERS = ("表情", "动画表情", "图片", "照片", "语音", "视频", "文件", "贴纸")
PLACEHOLDERS += ("sticker", "photo", "image", "gif", "emoji")
# Chat apps' emoji written as their codes (`[捂脸]`, `[微笑]`), as a reply copied out of one reads.
EMOJI_CODES = ("微笑", "捂脸", "呲牙", "偷笑", "流泪", "大哭", "破涕为笑", "奸笑", "机智", "皱眉", "吃瓜", "加油")
EMOJI_CODES += ("汗", "天啊", "旺柴", "裂开", "苦涩", "叹气", "疑问", "尴尬", "憨笑", "强", "握手", "抱拳", "ok", "666")
_NAVIGATION = frozenset(NAVIGATION)
# Asked for politely or at once: `请直接下一题吧`, `go to the next question`.
_NAVIGATION_LEAD = re.compile(r"^(?:(?:请|直接|跳到|换到|来|给我|go\s+to\s+the)\s*)+", re.IGNORECASE)
_PLACEHOLDER = re.compile(
    rf"^(?:[\[【［(（]\s*(?:{_alternation(PLACEHOLDERS + EMOJI_CODES)})\s*[\]】］)）]\s*)+$", re.IGNORECASE
)


def is_non_answer(text: str) -> bool:
    """`下一题`, `next`, `[表情]`, `[捂脸][捂脸]`, `?`, `…`: no answer, and no giving up either (the bot asks
    again)."""
    plain = text.strip()
    if not plain or len(plain) > _MAX_GIVE_UP:
        return False
    if all(unicodedata.category(ch).startswith("P") or ch.isspace() for ch in plain):
        return True
    words = " ".join(clean(plain).split()).strip("。.!！~～…?？")
    navigation = {words, strip_hedges(words), _NAVIGATION_LEAD.sub("", strip_hedges(words))}
    return bool(navigation & _NAVIGATION) or bool(_PLACEHOLDER.match(plain.rstrip("。.!！~～…?？ ")))


# A remark about the question, not an answer: `我觉得这题有问题`, `这个怎么算`, `看不懂题目`.
_REMARK = re.compile(
    r"(?:这|本|此)(?:道|个)?题|题目|(?:这个|这)?(?:怎么|如何)(?:算|做|写|求|解)|看不懂|没看懂|什么意思|题(?:有|出)(?:问题|错)"
)
_MAX_REMARK = 20


def is_remark(text: str) -> bool:
    """A short reply about the question rather than an answer to it (no digit or Latin letter in it)."""
    plain = clean(text).strip()
    return len(plain) <= _MAX_REMARK and not re.search(r"[0-9a-z]", plain) and _REMARK.search(plain) is not None


def asks_back(text: str) -> bool:
    """`正确吗`, `对不对`: a question to the bot rather than a judgement."""
    return bool(_QUESTION.search(text.strip()))


_NEUTRAL_SUFFIX = re.compile(f"(?:{_alternation(NEUTRAL_SUFFIXES)})$")
_NEUTRAL_PREFIX = re.compile(f"^(?:{_alternation(NEUTRAL_PREFIXES)})")


def _strip_once(norm: str) -> str | None:
    if (suffix := _NEUTRAL_SUFFIX.search(norm)) and suffix.start() >= 2 and not norm.endswith(NOT_NEUTRAL):
        return norm[: suffix.start()]
    if (prefix := _NEUTRAL_PREFIX.match(norm)) and len(norm) - prefix.end() >= 2 and not norm.startswith(NOT_NEUTRAL):
        return norm[prefix.end() :]
    return None


@lru_cache(maxsize=16384)  # keys and options are asked about on every grading
def core(norm: str) -> str:
    """A normalised answer without neutral affixes: `使用梯度裁剪方法` -> `梯度裁剪`."""
    for _ in range(4):
        shorter = _strip_once(norm)
        if shorter is None:
            break
        norm = shorter
    return norm


# Said to the bot, not in answer: greetings, thanks, acknowledgements, a request for a hint, a question
# back (`首都是哪个？`, `what?`), a command. The bot asks for an answer; a reply the question itself holds
# (an English item whose key is `hello`) is checked by the caller first.
GREETINGS = (
    "你好",
    "您好",
    "你好呀",
    "嗨",
    "哈喽",
    "哈啰",
    "在吗",
    "在不在",
    "早",
    "早上好",
    "晚上好",
    "晚安",
    "谢谢",
    "谢谢你",
    "多谢",
    "感谢",
    "辛苦了",
    "hi",
    "hello",
    "hey",
    "hiya",
    "yo",
    "good morning",
    "good evening",
    "good night",
    "thanks",
    "thank you",
    "thx",
    "ty",
    "lol",
    "haha",
    "hahaha",
    "こんにちは",
    "こんばんは",
    "おはよう",
    "おはようございます",
    "ありがとう",
    "ありがとうございます",
    "どうも",
)
# Acknowledgements: no answer to a question, but to a true/false one `好`/`ok` may be meant as "yes".
ACKNOWLEDGEMENTS = ("好的", "好滴", "收到", "明白", "了解", "ok", "okay", "okk", "k", "嗯嗯好", "はい、わかりました")
_HINT = re.compile(r"提示|线索|给点思路|hint|clue\b|ヒント", re.IGNORECASE)
_ZH_ASK = re.compile(r"什么|啥|哪个|哪些|哪里|哪儿|哪一个|哪种|怎么|怎样|为什么|为啥|如何|多少|谁|是几")
_ZH_ASK_END = re.compile(r"(?:[?？]|呢|吗|嘛|么|啊|呀)[\s?？!！]*$|(?:什么|啥|哪个|哪些|哪里|谁|多少)$")
_EN_ASK = re.compile(r"^(?:what|how|why|huh|which one|who|where|can you|could you|pardon|sorry\?)\b", re.IGNORECASE)
_JA_ASK = re.compile(r"(?:なに|何|どれ|どう|なぜ|どうして|だれ|誰)[^。]*(?:か|[?？])[\s?？]*$")
_COMMAND = re.compile(r"^/[a-z_]+(?:@\w+)?\b", re.IGNORECASE)
_CHATTER = frozenset(GREETINGS)
_ACKS = frozenset(ACKNOWLEDGEMENTS)
_MAX_CHATTER = 30


def is_chatter(text: str, *, acknowledgements: bool = True) -> bool:
    """`你好`, `thanks`, `可以提示一下吗`, `首都是哪个？`, `what?`, `/start`: said to the bot, not an answer."""
    if len(text) > _MAX_CHATTER or not text.strip():
        return False
    if _COMMAND.match(text.strip()):
        return True
    plain = " ".join(clean(text).split()).strip(" 。.!！~～…,，:：")
    bare = plain.strip("?？")
    words = {bare, _GIVE_UP_LEAD.sub("", bare), bare.rstrip("啊呀呢哈啦嘛哦喔")}
    if words & _CHATTER or (acknowledgements and words & _ACKS):
        return True
    if _HINT.search(plain):
        return True
    if _EN_ASK.match(plain):
        return True
    if _ZH_ASK.search(plain) and _ZH_ASK_END.search(plain):
        return True
    return bool(_JA_ASK.search(plain))
