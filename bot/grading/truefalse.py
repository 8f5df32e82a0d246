"""True/false: the words and marks people use for right and wrong, in any case, width or script."""

from __future__ import annotations

import re
import unicodedata

from rapidfuzz.distance import Levenshtein

from bot.banks.model import Question
from bot.grading.false_reasons import turned_comparison, wrong_fact
from bot.grading.meaning import NEGATIONS, asserted, contradicts, denied, flipped
from bot.grading.relations import turns_alike
from bot.grading.synonyms import not_siblings, said_in
from bot.grading.verdict import Outcome, Verdict
from bot.grading.wording import asks_back, strip_hedges
from bot.lexicon.normalize import clean, is_han, normalize, strip_answer_prefix

__all__ = ["FALSE_WORDS", "TRUE_WORDS", "grade_true_false", "read_true_false"]

TRUE_WORDS = frozenset(
    {
        "正确",
        "对",
        "是",
        "√",
        "✓",
        "✔",
        "t",
        "true",
        "yes",
        "y",
        "1",
        "对的",
        "是的",
        "正确的",
        "right",
        "correct",
        "没错",
        "是对的",
        "true statement",
        "说得对",
        "成立",
        "真",
        "打勾",
        "打钩",
        "对号",
        "✅",
        "☑",
    }
)
FALSE_WORDS = frozenset(
    {
        "错误",
        "不正确",
        "错",
        "否",
        "×",
        "✗",
        "✘",
        "x",
        "f",
        "false",
        "no",
        "n",
        "0",
        "错的",
        "错误的",
        "不正确的",
        "不对的",
        "not true",
        "untrue",
        "not correct",
        "not right",
        "不对",
        "不是",
        "不是的",
        "wrong",
        "incorrect",
        "是错的",
        "不成立",
        "假",
        "打叉",
        "叉",
        "错号",
        "❌",
        "❎",
        "✖",
        "✕",
        # Not necessarily: the claim does not hold as stated (`边缘计算总是比云端更便宜` -> 不一定).
        "不一定",
        "不一定对",
        "未必",
        "不见得",
        "不全对",
        "不完全对",
        "不完全正确",
        "不总是",
    }
)
# Trailing marks that do not change the answer: 对。 / yes! / 正确（） / ✔️ (an emoji's variation selector)
_TRIM = "。.!！~～()（）[]【】 \t\r\n\ufe0f"
# A judgement and then its reason: `错，通信开销不是线性增长的`.
_REASON = re.compile(r"[，,;；:：。.!！\s]+|因为|由于")


# `这个说法是错的`: the statement named before the judgement.
_SUBJECT = re.compile(r"^(?:这个|这|该|此|题目|本题)?(?:说法|表述|描述|判断|命题|题)?(?:是|为)?\s*")
# `that is false`, `the statement is true`; `完全正确`; `错误的说法`: the judgement inside its frame.
_FRAME = re.compile(
    r"^(?:(?:this|that|it|the\s+statement|the\s+claim|this\s+statement)\s*(?:is|'s|’s)\s+|完全|绝对|当然)"
    r"|(?:的)?(?:说法|表述|描述|命题)$",
    re.IGNORECASE,
)


def _word(text: str) -> bool | None:
    text = unicodedata.normalize("NFKC", text).strip(_TRIM)
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    return None


def read_true_false(reply: str) -> bool | None:
    """True, False, or None when the reply is neither.

    Hedges read as the judgement they wrap (`我觉得不对`, `应该是对的`); a judgement asked back
    (`正确吗`, `对不对`) is a question, not an answer.
    """
    text = strip_answer_prefix(clean(reply).strip()).strip(_TRIM)
    if (value := _word(text)) is not None:
        return value
    if not text or asks_back(text):
        return None
    if (value := _judgement(text)) is not None:
        return value
    # The judgement first, then why: only the first clause is the answer.
    first, *reason = _REASON.split(text, maxsplit=1)
    if not reason or not reason[0].strip() or not first or asks_back(first):
        return None
    value = _judgement(first)
    # `对 错`: two judgements, not one and its reason.
    return None if value is not None and _judgement(reason[0]) not in (None, value) else value


def _judgement(text: str) -> bool | None:
    if (value := _word(text)) is not None:  # `是的` before its hedge and prefix are taken off (leaving nothing)
        return value
    bare = strip_answer_prefix(strip_hedges(text)).strip(_TRIM)
    for candidate in (bare, _SUBJECT.sub("", bare, count=1), _FRAME.sub("", bare).strip()):
        if candidate and (value := _word(candidate)) is not None:
            return value
    return None


def _reason(reply: str) -> str:
    """What follows the judgement (`错，八周岁以上的…` -> `八周岁以上的…`); '' when nothing does."""
    text = strip_answer_prefix(clean(reply).strip()).strip(_TRIM)
    parts = _REASON.split(text, maxsplit=1)
    return parts[1].strip() if len(parts) == 2 else ""


_CLAUSE = re.compile(r"[，,;；。.!！?？\n]+")
_SAME_HEAD = 3  # characters of one head noun after the swapped words: 限制|完全 + 民事行为能力人


def misstated(reason: str, explanation: str) -> tuple[str, str] | None:
    """A reason that restates a clause of the explanation with a modifier swapped before the same head
    (`完全民事行为能力人` where it says 限制民事行为能力人): it names a sibling, and states a falsehood.
    Returns (the explanation's clause, the reason); None when no clause is restated so."""
    said = normalize(reason)
    if len(said) < 6:
        return None
    for clause in _CLAUSE.split(explanation):
        source = normalize(clause)
        if len(source) < 6 or Levenshtein.normalized_similarity(said, source) < 0.6:
            continue
        for tag, _a0, a1, r0, r1 in Levenshtein.opcodes(source, said).as_list():
            head = source[a1 : a1 + _SAME_HEAD]
            swapped = tag == "replace" and len(head) == _SAME_HEAD and said[r1 : r1 + _SAME_HEAD] == head
            # `六淫是…` for 六淫为…: one copula for another names no other thing.
            relation = set(said[r0:r1]) | set(source[_a0:a1]) <= _NOT_A_THING
            if swapped and not relation and said[r0:r1] not in normalize(explanation):
                return clause.strip(), reason
    return None


_JUDGING_CHARS = frozenset("对错真假正误否是")
_PIECES = re.compile(r"[\s，,;；:：。.!！?？、]+")


def sibling(reply: str, explanation: str, prompt: str) -> tuple[str, str] | None:
    """A reason that names a sibling of the explanation's term: the same head with a modifier neither the
    explanation nor the claim writes (`汉代` where it says 唐代, `雄蜂` where it says 工蜂). The judgement may be
    right by chance; the fact given for it is not. Returns (the explanation's term, the reply's)."""
    import rjieba  # loaded at the first reason given, as the case grader loads it

    told, asked = normalize(explanation), normalize(prompt)
    # The explanation's terms and the claim's: `元代` for a claim of 明代 whose explanation says 南宋 is a third
    # value, a sibling of the claim's, and as wrong a reason.
    words = dict.fromkeys([*rjieba.cut(told), *rjieba.cut(asked)])  # in order: the explanation's term named first
    said = normalize(strip_hedges(reply))
    # Cut piece by piece: normalising drops the space in `错 石砚`, and the cut would glue 错 to 石.
    cut = [w for piece in _PIECES.split(strip_hedges(reply)) for w in rjieba.cut(normalize(piece))]
    if (compound := _compound_sibling(said, cut, words, told + asked)) is not None:
        return compound
    for word in cut:
        if len(word) != 2 or not all(is_han(ch) for ch in word) or set(word) & (_GLUE | _JUDGING_CHARS):
            continue
        first, head = word
        if first in told or first in asked or first in _NOT_A_MODIFIER:
            continue
        if said_in(word, told):
            continue  # `日光` where it says 太阳光: its thing in another word
        for other in words:
            if len(other) == 2 and other[1] == head and other[0] not in _GLUE and other[0] not in _NOT_A_MODIFIER:
                # `停止` for 阻止, `增高` for 升高, `日光` beside 发光: the fact in other words, no other thing.
                if not_siblings(word, other) or turns_alike(word, other):
                    continue
                return other, word
    return None


def error_kept(reason: str, explanation: str, prompt: str) -> tuple[str, str] | None:
    """A reason that keeps the claim's error: the claim denies what the explanation asserts (`不包括“燥”` where
    it says 包括燥) and the reason denies it too (`不包括的是暑`), or the claim asserts what the explanation denies
    and the reason asserts it. Returns (the explanation, the reason)."""
    said, told, asked = normalize(reason), normalize(explanation), normalize(prompt)
    if not said:
        return None
    for word in denied(asked):
        if asserted(told, word) and word not in denied(explanation) and asserted(said, word, negated=True):
            return explanation.strip(), reason
    for word in denied(told):
        if asserted(asked, word) and word not in denied(prompt) and asserted(said, word):
            return explanation.strip(), reason
    return None


# `只是`, `还是`, `总是`, `但是`… are no copula: `冷藏只是抑制细菌` states no identity.
_COPULA = re.compile("(?<![只还总可但要凡或而])是|为")
_IDENTITY_SIDE = 2  # characters each side of an identity holds at least
_ANOTHER_THING = 0.5  # below this likeness the reason's side names another thing than the explanation's


def _sides(clause: str) -> tuple[str, str] | None:
    """The two sides of `A是B` / `A为B` in one clause; None for no identity or a denied one (`A不是B`)."""
    parts = _COPULA.split(normalize(clause), maxsplit=1)
    if len(parts) != 2 or (parts[0] and parts[0][-1] in NEGATIONS):
        return None
    left, right = (p.strip("的") for p in parts)
    return None if min(len(left), len(right)) < _IDENTITY_SIDE else (left, right)


def _alike(a: str, b: str) -> bool:
    """The same thing: one inside the other, nearly the same, or a shortening (`珠峰` of 珠穆朗玛峰)."""
    if a in b or b in a or Levenshtein.normalized_similarity(a, b) >= 0.75:
        return True
    short, long = sorted((a, b), key=len)
    rest = iter(long)
    return short[0] == long[0] and all(ch in rest for ch in short)


def other_identity(reason: str, explanation: str) -> tuple[str, str] | None:
    """A reason of the form `A是B` whose one side is a side of an identity the explanation states and whose
    other side is another thing (`最大的鸟是信天翁` where it says 鸵鸟是最大的鸟): it names the wrong one.
    Returns (the explanation's clause, the reason); None when the explanation states the same identity."""
    for said in _CLAUSE.split(reason):
        if (mine := _sides(said)) is not None and (found := _identity_against(mine, said, explanation)) is not None:
            return found
    return None


def _identity_against(mine: tuple[str, str], reason: str, explanation: str) -> tuple[str, str] | None:
    found = None
    for clause in _CLAUSE.split(explanation):
        theirs = _sides(clause)
        if theirs is None:
            continue
        for x, y in (theirs, theirs[::-1]):
            if not _alike(mine[0], x):
                continue
            if _alike(mine[1], y):
                return None  # the explanation's own identity
            if Levenshtein.normalized_similarity(mine[1], y) < _ANOTHER_THING:
                found = found or (clause.strip(), reason)
    return found


def _compound_sibling(said: str, cut: list[str], words: dict[str, None], known: str) -> tuple[str, str] | None:
    """A four-character term of the reply whose last two characters are a word of the explanation or claim
    and whose first two neither writes (`人工呼吸` where it says 正常呼吸): another kind of that thing, unless
    the reply keeps away from it (`不应做心脏按压`)."""
    at = 0
    for word in cut:
        start = said.find(word, at)
        at = start + len(word)
        if len(word) != 4 or not all(is_han(ch) for ch in word) or set(word[:2]) & set(known):
            continue
        if word[2:] in words and not set(said[max(0, start - 3) : start]) & NEGATIONS:
            return word[2:], word
    return None


# Numerals, pronouns, adverbs and verbs of means name no kind of thing: `一点` is no sibling of 优点, `靠风` of 迎风.
_NOT_A_MODIFIER = frozenset("一二三四五六七八九十几我你他她它这那哪每各某很太更最越较不没会能可要该靠用借凭被把让")


_LIKE_A_CLAUSE = 0.6  # a clause of the explanation restated in the learner's words
_ABOUT_THE_CLAIM = 0.5  # the claim with a part of it changed


def _statement(text: str) -> str:
    return normalize(strip_hedges(strip_answer_prefix(clean(text).strip())))


def stated(question: Question, reply: str) -> bool | None:
    """A reply that answers with a statement instead of a judgement: the claim negated
    (`水星不是离太阳最远的行星`) or corrected (a part changed: `…最近的行星`) holds it false, a wrong judgement
    when the claim is true; a clause of the explanation restated (`离太阳最远的是海王星`) is the judgement a
    learner who knows the fact makes. The claim copied back is no verdict, nor anything else: None."""
    said, claim = _statement(reply), _statement(question.prompt)
    if len(said) < 4 or len(claim) < 4:
        return None
    if said == claim:
        return None  # the claim copied back
    likeness = Levenshtein.normalized_similarity(said, claim)
    if _a_fact_of(said, claim, question.explanation or ""):
        return bool(question.answer)
    for clause in _CLAUSE.split(question.explanation or ""):
        source = normalize(clause)
        near = Levenshtein.normalized_similarity(said, source)
        if len(source) >= 4 and near >= _LIKE_A_CLAUSE and near > likeness:
            return bool(question.answer)  # the explanation's fact: what a learner who judges right says
    pair = flipped(said, claim)
    if pair is None and _sibling_swapped(said, claim):
        return False  # `北极冰盖才是最大的` for 南极冰盖…最大: the claim with one of its things swapped for a sibling
    if pair is not None and any(ch in NEGATIONS for ch in "".join(pair)):
        return False  # the claim negated: `水星不是离太阳最远的行星`
    if pair is None and likeness >= _ABOUT_THE_CLAIM:
        return False  # the claim with a part changed (not to its opposite, which may be as false): held false
    return None


# Judgement words a reply may end with, longest first (`不对的` before `对的`); single Chinese characters
# only as `对`/`错`, whose place at the end of a restated fact is unambiguous.
_LAST_WORDS = sorted(
    (w for w in TRUE_WORDS | FALSE_WORDS if not w.isascii() and (len(w) >= 2 or w in "对错√×✓✗")),
    key=len,
    reverse=True,
)
_NEGATING = frozenset("不没非未别")
_OF_THE_CLAIM = 0.6  # share of the restated part's characters that stand in the claim


def judged_last(question: Question, reply: str) -> bool | None:
    """The claim's words restated, then the judgement (`35‰对的`, `约为35‰，正确`): the judgement at the end,
    when what comes before it is a part of the claim (not another fact) and no negation precedes it."""
    text = clean(reply).strip().strip(_TRIM)
    for word in _LAST_WORDS:
        if not text.endswith(word) or len(text) == len(word):
            continue
        before = text[: -len(word)].rstrip("，,;；:：。 ")
        if not before or before[-1] in _NEGATING or asks_back(before):
            return None
        said, claim = normalize(before), normalize(question.prompt)
        if not said or sum(ch in claim for ch in said) < _OF_THE_CLAIM * len(said):
            return None
        return word in TRUE_WORDS
    return None


# Characters that carry no fact in a restatement (`是…的`, `才`, `了`).
_GLUE = frozenset("是的了才就也都还呢吧啊呀嘛时")
_FACT_CHARS = 3  # a fact restated holds at least this many characters that carry it


def _a_fact_of(said: str, claim: str, explanation: str) -> bool:
    """The reply says, in fewer words, what a clause of the explanation says and the claim does not
    (`是工蜂咽下腺分泌的` of 蜂王浆是由青年工蜂的咽下腺和上颚腺分泌的, `唐高祖时铸的` of 始铸于唐高祖武德四年): its
    characters stand in that clause, and what of it the claim does not say, as the clause writes it."""
    chars = [ch for ch in said if ch not in _GLUE]
    if len(chars) < _FACT_CHARS or not all(is_han(ch) or ch.isalnum() for ch in chars):
        return False
    if all(ch in claim for ch in chars):
        return False  # the claim's own words: no fact beyond it
    # The runs of the reply the claim does not hold: the fact's own words (`唐高祖`), each as the clause writes it.
    runs = [run for run in re.split("|".join(map(re.escape, set(claim) | _GLUE)) or "^$", said) if run]
    for clause in _CLAUSE.split(explanation):
        source = normalize(clause)
        if all(ch in source for ch in chars) and all(run in source for run in runs):
            return True
    return False


# Characters that relate things rather than name one: `在` for 位于 is no swapped thing.
_NOT_A_THING = _GLUE | frozenset("在于为向从到和与及或被把将对给让使")
_OF_THE_CLAIM_SWAPPED = 0.5  # share of the reply's characters the claim holds when it restates it with a swap


def _sibling_swapped(said: str, claim: str) -> bool:
    """The reply restates the claim (half its characters the claim's) with one thing swapped for its sibling:
    a character the claim lacks, standing where the claim has another before the same neighbour (`北极` for
    南极, `三格` for 两格)."""
    chars = [ch for ch in said if ch not in _GLUE]
    if len(chars) < 3 or sum(ch in claim for ch in chars) < _OF_THE_CLAIM_SWAPPED * len(chars):
        return False
    for i, ch in enumerate(said):
        if ch in claim or not is_han(ch) or ch in _NOT_A_THING:
            continue
        after = said[i + 1] if i + 1 < len(said) else ""
        before = said[i - 1] if i else ""
        if after and is_han(after) and re.search(f"[\u4e00-\u9fff](?={re.escape(after)})", claim.replace(ch, "")):
            return True
        if before and is_han(before) and re.search(f"(?<={re.escape(before)})[\u4e00-\u9fff]", claim):
            return True
    return False


def _label(value: bool) -> str:
    return "正确" if value else "错误"


def grade_true_false(question: Question, reply: str) -> Verdict:
    key = bool(question.answer)
    expected = _label(key)
    value = read_true_false(reply)
    if value is None:
        value = judged_last(question, reply)
    if value is None:
        value = stated(question, reply)
    if value is None:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=expected,
            feedback_zh="请回复「正确」或「错误」（也可以用 对/错、√/×、T/F、1/0）。",
            feedback_en="Please reply true or false (or T/F, yes/no, 1/0, 正确/错误, √/×).",
        )
    right = value == key
    wrong_reason = against = None
    if right:
        reason, explanation = _reason(reply), question.explanation or ""
        wrong_reason = (
            misstated(reason, explanation)
            or sibling(reply, explanation, question.prompt)
            or error_kept(reason, explanation, question.prompt)
            or other_identity(reason, explanation)
        )
        # A reason stating the opposite of a claim, not caught as a half-right one above, earns nothing.
        # The claims a reason is checked against: the explanation's, and the statement's when it is true.
        if wrong_reason is None:
            sources = [explanation, *([question.prompt] if key else [])]
            against = contradicts(reason, sources) or turned_comparison(reason, sources)
        if wrong_reason is None and against is None:
            # A false statement's words are no source of right facts: only a true one's count.
            wrong_reason = wrong_fact(reason, explanation, question.prompt if key else "")
    if against is not None:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=_label(value),
            expected=expected,
            feedback_zh=f"判断碰对了，但理由与事实相反：应是「{against[0]}」。",
            feedback_en=f"The judgement is right, but the reason says the opposite of the fact: 「{against[0]}」.",
        )
    if wrong_reason is not None:
        return Verdict(
            outcome=Outcome.partial,
            score=0.5,
            understood=_label(value),
            expected=expected,
            feedback_zh=f"判断正确，但理由有误：解析写的是「{wrong_reason[0]}」。",
            feedback_en=f"The judgement is right but the reason is not: the explanation says 「{wrong_reason[0]}」.",
        )
    return Verdict(
        outcome=Outcome.correct if right else Outcome.wrong,
        score=1.0 if right else 0.0,
        understood=_label(value),
        expected=expected,
        feedback_zh="回答正确。" if right else f"这个说法{'正确' if key else '是错误的'}。",
        feedback_en="Right." if right else f"The statement is {'true' if key else 'false'}.",
    )
