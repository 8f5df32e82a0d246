"""Case analysis: score a free answer by what it adds to the question, point by point of the reference.

How a point is found: the numbered headings of the reference (`1.分布式训练框架设计：`) with the lines
under them; else its numbered items or bullets (with the lines under them), else its sentences.

What a point is made of, always *beyond the question* (words of the case text and its sub-questions
earn nothing: a copy of the question scores 0):
- its **names**: the heading's own terms (`模型量化`, `INT8`) and their other names (`model quantization`);
- its **details**: each clause of the reference under it (a step, a reason, an effect; and a sentence of
  the closing advice that names this point alone). A clause is said when the reply names a technique
  it names (`数据并行`, `RingAll-reduce`), or shares enough of its informative character pairs (words
  said in the learner's own order: `小批量数据` for `使用小批量的数据来训练`).
Character pairs that hold a function word, that stand in the question, or that several points share
tell nothing and are dropped.

How a point is scored, as a teacher marks: the name and a detail, or two details, earn the whole point
(or the only evidence the point has); one of them alone (the title without substance, or one detail
without the technique) earns half. What the reply says in a clause that rules it out (`不需要数据并行`,
`也不用管LoRA`) earns nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

from opencc import OpenCC
from rapidfuzz import fuzz

from bot.banks.model import Question
from bot.grading.accepted import accepted_wording
from bot.grading.case_limits import crossed, meets_requirement, noted_credit
from bot.grading.case_values import CaseValue, agreement, result_values, segments, values_in, without_values
from bot.grading.concepts import ConceptIndex
from bot.grading.meaning import OPPOSITES, asserts_denied, flips_meaning
from bot.grading.relations import Claim, agrees, reverses, stated_beyond
from bot.grading.rubric import raised
from bot.grading.synonyms import synonyms
from bot.grading.talk import is_talk
from bot.grading.verdict import Outcome, Verdict
from bot.lexicon.names import STANDARD, Aliases
from bot.lexicon.normalize import allowed_typos, clean, drop_emoji, is_han, normalize, readings

# Taiwan wording in a reply (資料, 演算法) read in mainland words; built once (loading is slow).
_TW2SP = OpenCC("tw2sp")

__all__ = ["NEGATION_CUES", "Detail", "KeyPoint", "covers", "grade_case", "key_points"]

_COUNT = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_NUMBER = rf"(?:[(（]\s*{_COUNT}\s*[)）]|[①-⑳]|{_COUNT}[.．、)）])"
_NUMBERED_HEADING = re.compile(rf"^{_NUMBER}\s*(?P<text>.+?)\s*[:：]\s*$")
_HEADING_WITH_TEXT = re.compile(rf"^(?P<heading>{_NUMBER}\s*[^：:。，,]{{1,24}}[：:])\s*(?P<rest>\S.*)$")
_LABEL = re.compile(r"^(?P<text>[^-•*·\d(（①-⑳].{0,24}?)\s*[:：]\s*$")  # 问题定位： / 决策建议：
_NUMBERED = re.compile(rf"^{_NUMBER}\s*(?P<text>.+)$")
_BULLET = re.compile(r"^[-•*·]\s*(?P<text>.+)$")
# Points written on one line: break before `2.` or `-` that follows the end of a sentence or a heading.
_INLINE_BREAK = re.compile(r"(?<=[。；;：:])\s*(?=(?:\d{1,2}[.．、]|[-•])\s*\S)")
_SENTENCE = re.compile(r"[。；;！!？?\n]+")
_CLAUSE = re.compile(r"[。；;！!？?\n，,：:]+")
_BRACKET = re.compile(r"^(?P<head>[^()（）]*)[(（](?P<inner>[^()（）]+)[)）](?P<tail>.*)$")
_JOINERS = re.compile(r"[和与及、,，/]")
_GENERIC_SUFFIX = re.compile(r"(?:技术应用|自动化|设计|策略|技术|应用|方案|方法|实现|优化|避免|问题|性)$")
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9+\-]*[A-Za-z0-9+]")
_LATIN_WORD = re.compile(r"[a-z][a-z0-9+]*")
# Latin words too common in these answers to tell one point from another.
_COMMON_LATIN = frozenset({"gpu", "gpus", "cpu", "api", "ai", "ok", "the", "and", "for", "use", "with", "to", "of"})
# A title longer than this is a sentence: its clauses are details, not names.
_MAX_TITLE = 16

# Words every answer uses, whatever its point: saying them says nothing in particular.
_GENERIC_WORDS = (
    "使用 进行 通过 可以 采用 实现 提高 减少 降低 增加 保证 确保 保持 利用 提升 考虑 优先 需要 能够 同时 以及 如果 "
    "对于 其中 方面 我们 问题 方法 技术 方案 效果 步骤 实施 预期 决策 建议 定位 解决 分析 设计 策略 要求 有限 "
    "结合 多种 首先 然后 最后 其次 因此 所以 由于 因为 比如 例如 包括 相关 有效 合适 适合 重要 主要 不同 达到 满足 "
    "选择 引入 应用 处理 考量 措施 手段 方式 过程 操作 一个 一种 这个 那个 这些 我会 我们 你们 他们 就是 还是 或者 "
    "并且 而且 然后 之后 之前 以后 以前 可能 应该 能够 非常 比较 较高 较低 更好 更加 进一步 各种 所有 整个 基础 "
    "通常 一般 一定 目前 现在 已经 如何 什么 怎么 为了 对于 关于 根据 按照 基于 针对 若对 支持 用于 作为 分为 多个 "
    "分别 避免 加快 重新 阶段 快速 优化 机制 工具 之间 整体 相应 对应 具体 有关 其他 其它 更多 较少 不断 能力 情况 "
    "时候 内容 目的 作用 影响 结果 程度 一些 等等 有助于 从而 进而 以便 以此 借助 依据 充分 充分利用 做到 带来 导致 "
    "使得 让其 进行了 完成 开始 继续 需求 目标 有助 帮助 来说 而言 适当 合理 及时 定期 有效地 明显 显著 大幅 较大 "
    "更快 更小 更大 变小 变大 变快 尽量 尽可能 一起 同样 其余 此外 另外 最终 最好 比较 当前 可以用"
)
_GENERIC = frozenset(_GENERIC_WORDS.split())
# A word of the segmenter that begins with a preposition (`对模型`) is the word after it.
_LEADING_PREPOSITIONS = frozenset("对把将被在向从用让给以为使")
# Characters that glue words together or place them (中, 后); a word that starts or ends with one of the
# first kind (`后的`, `中的`) is no content word.
_FUNCTION_CHARS = frozenset(
    "的了和与及或在将把被以是为等并且而但之其此该这那些个也都就从到于给让又再还很更如即每各一来着过所对向用使"
    "中上下内外后前时里不没无"
)
_EDGE_CHARS = frozenset("的了着过中后前上下里时和与及或")
# A lone character that ends the word before it (学习+率); any other modifies the word after it (小+模型).
_SUFFIX_CHARS = frozenset("率性化量度器式型法值者类集数")

# Words that rule out what follows them in a clause: the reply rejects the point rather than makes it.
NEGATION_CUES = (
    "不需要",
    "不需",
    "不用",
    "不必",
    "无需",
    "无须",
    "没必要",
    "没有必要",
    "不要",
    "别用",
    "别做",
    "别管",
    "不考虑",
    "不采用",
    "不使用",
    "不做",
    "不管",
    "不搞",
    "用不着",
    "不值得",
    "放弃",
    "跳过",
    "省略",
    "不应该",
    "不应",
    "不该",
    "不能用",
    "不是",
    "不会用",
    "不去",
    # Denying what the point says: `上浮和氧气没有关系`, `温度不会影响结果`.
    "没有",
    "没关系",
    "无关紧要",
    "不会",
    "不能",
    "并不",
    "并非",
    "不影响",
    "no need",
    "don't",
    "do not",
    "not needed",
    "unnecessary",
    "never",
    "without",
    "skip",
    "instead of",
    "rather than",
    "not",
    "doesn't",
    "does not",
    "isn't",
    "won't",
    "no effect",
)
# Words that start a new clause inside a sentence: `不是数据并行，而是模型并行`.
_CONTRAST = re.compile(r"但是|但|而是|不过|然而|可是|\bbut\b|\binstead\b")
_REPLY_CLAUSE = re.compile(r"[。；;！!？?\n，,：:]+")


@dataclass(frozen=True, slots=True)
class Detail:
    """One thing the reference says under a point."""

    text: str  # the clause as the reference writes it
    terms: tuple[str, ...] = ()  # normalised techniques it names: naming one says the clause
    words: tuple[str, ...] = ()  # its content words beyond the question
    need: float = 0.0  # weight of its words a reply must hold to say it in its own words (0: only by its terms)
    glossed: tuple[str, ...] = ()  # words a bracket glosses (`短缺（供不应求）`): each says the thing in full
    unless: tuple[str, ...] = ()  # the other answer a sub-question offers (`不构成犯罪`): saying it unsays this
    # Each of `words`' other words of one meaning (bot/grading/synonyms.py), beyond the question and the other
    # points; () when none has any.
    alternates: tuple[frozenset[str], ...] = ()
    turns: tuple[Claim, ...] = ()  # the relations it states beyond the question (bot/grading/relations.py)
    # What saying it tells: a clause known by one two-character word (`保证精度`: 精度) is half a thing
    # (set from the fields above, once: it is asked of every reply).
    worth: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "worth", 1.0 if self.terms or self.need >= 1.0 else 0.5)


@dataclass(frozen=True, slots=True)
class KeyPoint:
    label: str  # as the reference writes it, for feedback
    names: tuple[str, ...] = ()  # normalised: the point's own name and its other names
    details: tuple[Detail, ...] = ()
    results: tuple[CaseValue, ...] = ()  # the values it derives, beyond the question's (bot/grading/case_values.py)
    answers: tuple[CaseValue, ...] = ()  # the same with the question's own values (a numbered sub-answer may be one)
    by_value: bool = False  # its first line is a value and nothing else the question does not say: only it makes it
    derives: bool = False  # its lines work a value out (`P=…=0.32`): naming the method is no answer
    lines: str = ""  # its lines as the reference writes them (the relations they state: bot/grading/relations.py)
    evidence: float = field(init=False)  # its name and what its details tell (set once: asked of every reply)

    def __post_init__(self) -> None:
        object.__setattr__(self, "evidence", (1 if self.names else 0) + sum(d.worth for d in self.details))

    @property
    def terms(self) -> tuple[str, ...]:
        """Every name and technique of the point (for tests and authors)."""
        return tuple(dict.fromkeys([*self.names, *(t for d in self.details for t in d.terms)]))


@dataclass(slots=True)
class _Draft:
    label: str
    own: list[str]  # the heading's terms before anything is taken out (to attach advice sentences)
    names: list[str]
    clauses: list[str] = field(default_factory=list)


def _tokens(text: str) -> list[str]:
    """Segmented words, normalised; a lone character joined to the word it belongs to (`小`+`模型`,
    `学习`+`率`); an empty string where punctuation breaks the text."""
    import rjieba  # loaded at the first case answer, not at every start-up (its dictionary is large)

    out: list[str] = []
    pending = ""
    for token in rjieba.cut(clean(text)):
        if len(token) >= 3 and token[0] in _LEADING_PREPOSITIONS and rjieba.has_word(token[1:]):
            token = token[1:]
        word = _marks_off(token)
        if len(word) == 1 and is_han(word) and word not in _FUNCTION_CHARS:
            if word in _SUFFIX_CHARS and out and out[-1] and is_han(out[-1][-1]) and not pending:
                out[-1] += word
            else:
                pending += word
            continue
        if pending and len(word) >= 2 and is_han(word[0]):
            word = pending + word
        elif len(pending) >= 2:
            out.append(pending)  # `两个小拱，`: lone characters before a break are a word of their own (小拱)
        pending = ""
        out.append(word if len(word) != 1 else "")  # a function word or punctuation: no unit spans it
    if len(pending) >= 2:
        out.append(pending)
    return out


def _content(word: str) -> bool:
    if len(word) < 2 or word in _GENERIC or word in _COMMON_LATIN:
        return False
    if word[0] not in _EDGE_CHARS and word[-1] not in _EDGE_CHARS:
        return True
    # `上限`, `下降`: a word of the dictionary, not a place word glued to another (`后的`, `中模型`).
    import rjieba

    return len(word) == 2 and word[0] in _EDGE_CHARS and rjieba.has_word(word) and word[1] not in _FUNCTION_CHARS


def words_of(text: str) -> list[str]:
    """The content words of a text (normalised, in order, once each): its words of two characters or
    more, without the words every answer uses, and each two neighbouring ones joined (`在线`+`学习`)."""
    tokens = _tokens(text)
    out: list[str] = []
    for i, word in enumerate(tokens):
        if _content(word):
            out.append(word)
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if _content(after) and not (word.isascii() and after.isascii()) and len(word + after) <= 8:
                out.append(word + after)
    return list(dict.fromkeys(out))


def weight(word: str) -> float:
    """A word of three characters or more, or a Latin word, says a thing; a two-character word half of it."""
    return 1.0 if len(word) >= 3 or word.isascii() else 0.5


# Headings that label what a sub-question asks (`不乘电梯的原因`, `维权途径`), not an answer to it: a reply that
# writes them back has said nothing yet.
_LABELS = frozenset(
    [
        "原因",
        "理由",
        "途径",
        "对策",
        "办法",
        "做法",
        "结论",
        "意义",
        "原则",
        "依据",
        "目的",
        "思路",
        "要点",
        "注意事项",
        "过程",
        "步骤",
        "判断",
        "结果",
        "分析",
        "答案",
        "说明",
    ]
)


def _heading_terms(heading: str, whole: bool = False) -> list[str]:
    """A heading's terms, without generic endings (`公平性` is 公平); `whole`: the item is the answer itself
    (`1. 向光性`), whose stem may be another thing (`向光` of 向光侧), so it keeps its ending."""
    parts: list[str] = []
    bracket = _BRACKET.match(heading)
    if bracket:
        heading = bracket["head"] + bracket["tail"]
        parts.extend(re.split(r"[/，,、;；]", bracket["inner"]))
    # `推荐系统的公平性和偏见避免`: what follows the last 的 is the point; before it, its subject.
    head = heading.rsplit("的", 1)[-1]
    parts.extend(_JOINERS.split(head))
    out: list[str] = []
    for part in parts:
        term = normalize(part)
        for _ in range(0 if whole else 2):  # 公平性 -> 公平, 技术应用 -> ''
            shorter = _GENERIC_SUFFIX.sub("", term)
            if len(shorter) >= 2:
                term = shorter
        if len(term) >= 2 and term not in out and term not in _GENERIC and term not in _LABELS:
            out.append(term)
    return out


def _named_terms(text: str, concepts: ConceptIndex | None) -> list[str]:
    norm = normalize(text)
    found = list(concepts.find_in(norm)) if concepts is not None else []
    for word in _LATIN.findall(text):
        term = normalize(word)
        if len(term) >= 3 and term not in _COMMON_LATIN and term not in found:
            found.append(term)
    return found


def _lines(reference: str) -> list[str]:
    text = reference if "\n" in reference.strip() else _INLINE_BREAK.sub("\n", reference)
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        # `1.模型量化：使用INT8量化。` holds a heading and the first line under it.
        inline = _HEADING_WITH_TEXT.match(line)
        out.extend([inline["heading"], inline["rest"]] if inline else [line] if line else [])
    return out


def _label(text: str) -> str:
    text = text.strip().rstrip("：:。")
    return text if len(text) <= 30 else text[:29] + "…"


def _is_title(text: str) -> bool:
    """A term, not a sentence; its other names in brackets (`勒索软件（勒索病毒，ransomware）`) aside."""
    text = re.sub(r"[(（][^()（）]*[)）]", "", text)
    norm = normalize(text)
    return 2 <= len(norm) <= _MAX_TITLE and not re.search(r"[，,。；;]", text)


_STYLE = re.compile(
    r"^\s*(?:(?P<paren>[(（])\s*|(?P<circled>[①-⑳]))?(?:\d{1,2}|[一二三四五六七八九十]{1,3})?\s*(?P<end>[.．、)）])?"
)


def _style(line: str) -> tuple[bool, bool, str]:
    """How a line is numbered (`1.`, `(1)`, `①`, `一、`), to tell points from the items under them."""
    match = _STYLE.match(line)
    if match is None:
        return (False, False, "")
    end = match["end"] or ""
    return (bool(match["paren"]), bool(match["circled"]), "." if end and end in ".．" else end)


def _number(line: str) -> int | None:
    digits = re.match(r"^\s*[(（]?\s*(\d{1,2})", line)
    return int(digits[1]) if digits else None


def _drafts(reference: str) -> list[_Draft]:
    """The points of a reference with their lines (lines under no point, such as advice, are left out)."""
    lines = _lines(reference)
    drafts: list[_Draft] = []
    heading_at = [i for i, line in enumerate(lines) if _NUMBERED_HEADING.match(line)]
    if heading_at:
        current: _Draft | None = None
        styles = {_style(lines[i]) for i in heading_at}
        # Only before any label (`问题定位：`) and numbered next in the headings' own sequence: the items
        # under a heading (`1. 使用量化工具…` under `1. 模型量化：`) are its lines.
        labelled = False
        for line in lines:
            heading = _NUMBERED_HEADING.match(line)
            item = None if heading else _NUMBERED.match(line)
            if heading:
                current = _Draft(_label(heading["text"]), _heading_terms(heading["text"]), [])
                drafts.append(current)
            elif item and _style(line) in styles and not labelled and _number(line) == len(drafts) + 1:
                # `1. 通过钓鱼邮件…` among `3. 防范：…`: an item numbered as the headings are is a point too.
                text = item["text"]
                title = _is_title(text)
                current = _Draft(
                    _label(text), _heading_terms(text, whole=True) if title else [], [], [] if title else [text]
                )
                drafts.append(current)
            elif _LABEL.match(line) and not _BULLET.match(line):
                current = None  # `决策建议：` closes the points
                labelled = True
            elif current is not None:
                current.clauses.append(line)
        return drafts
    item_at = [i for i, line in enumerate(lines) if _NUMBERED.match(line)]
    marker = _NUMBERED if item_at else _BULLET
    if item_at or any(_BULLET.match(line) for line in lines):
        current = None
        for line in lines:
            item = marker.match(line)
            if item:
                text = item["text"]
                title = _is_title(text)
                current = _Draft(_label(text), _heading_terms(text, whole=True) if title else [], [])
                if not title:
                    current.clauses.append(text)
                drafts.append(current)
            elif current is not None and not _LABEL.match(line):
                current.clauses.append(line)
        return drafts
    for sentence in _SENTENCE.split(reference):
        if len(normalize(sentence)) >= 4:
            drafts.append(_Draft(_label(sentence), [], [], [sentence]))
    return drafts


def _aliases(concepts: ConceptIndex | None) -> Aliases:
    return concepts.aliases if concepts is not None else STANDARD


def _with_names(terms: list[str], aliases: Aliases) -> list[str]:
    out = list(terms)
    for term in terms:
        out.extend(a for a in sorted(aliases.of(term)) if a not in out)
    return out


def _extract(
    prompt: str, reference: str, concepts: ConceptIndex | None, beyond_question: bool, own_sub_question: bool = False
) -> list[KeyPoint]:
    drafts = _drafts(reference)
    # Clauses apart, as a reply is read: `推荐模型，并计划` does not name 模型并行. With own_sub_question, each
    # point against the case and its own sub-question only: a later one may name an earlier one's answer
    # (`3. 强酸性土壤中…` of `1. 判断该土壤的酸碱性`).
    whole = prompt if beyond_question else ""
    asked_of = _asked_of(prompt, len(drafts)) if beyond_question and own_sub_question else [whole] * len(drafts)
    question_norms = ["|".join(normalize(c) for c in _CLAUSE.split(clean(text))) if text else "" for text in asked_of]
    aliases = _aliases(concepts)

    def in_question(term: str) -> bool:
        if not question_norm:
            return False
        return covers(question_norm, term) or any(a in question_norm for a in aliases.of(term))

    raw: list[tuple[str, list[str], list[tuple[str, list[str], list[str]]]]] = []
    values: list[tuple[tuple[CaseValue, ...], tuple[CaseValue, ...], bool]] = []
    derives: list[bool] = []
    asked = set(values_in(prompt))
    picks = _alternatives_asked(prompt, aliases)
    unsaid: dict[str, tuple[str, ...]] = {}
    others: list[dict[str, frozenset[str]]] = []  # per detail, in order: its words' other words
    for draft, question_norm in zip(drafts, question_norms, strict=True):
        answers = tuple(v for line in draft.clauses for v in result_values(line))
        first = draft.clauses[0] if draft.clauses else ""
        by_value = (
            bool(result_values(first))
            and _picked(normalize(first), picks) is None
            and not [w for w in words_of(without_values(first)) if not question_norm or w not in question_norm]
        )
        values.append((tuple(v for v in answers if v not in asked), answers, by_value))
        derives.append(any(_DERIVES.search(line) for line in draft.clauses))
        names = [n for n in _with_names(draft.own, aliases) if not in_question(n)]
        details = []
        for line in draft.clauses:
            for clause in _CLAUSE.split(line):
                if len(normalize(clause)) < 2:
                    continue
                terms = [t for t in _named_terms(clause, concepts) if t not in draft.own and not in_question(t)]
                # Words inside a term or the point's own name are said by naming them, not again.
                named = [*terms, *draft.own]
                words = [w for w in words_of(clause) if w not in question_norm and not any(w in t for t in named)]
                # `系统脱敏` says 系统脱敏法: a method's name without its 法.
                words += [w[:-1] for w in words if len(w) >= 4 and w.endswith("法") and w[:-1] not in words]
                details.append((clause.strip(" -•*·"), _with_names(terms, aliases), words))
                others.append(_other_words(words, question_norm))
        chosen = _picked(normalize(draft.clauses[0]) if draft.clauses else "", picks)
        if chosen:  # `饮酒驾驶还是醉酒驾驶？`: the reference's pick is the point, though the question says it
            details.insert(0, (chosen[0][0], [], list(chosen[0])))
            others.insert(len(others) - len(details) + 1, {})
            unsaid[chosen[0][0]] = tuple(o for o in chosen[1] if not any(o in p for p in chosen[0]))
        raw.append((draft.label, names, details))
    texts = ["\n".join(draft.clauses) for draft in drafts]

    # What several points share does not tell which one the reply covers.
    term_counts = Counter(t for _, _, details in raw for t in {t for _, terms, _ in details for t in terms})
    word_counts = Counter(w for _, _, details in raw for w in {w for _, _, words in details for w in words})
    points: list[KeyPoint] = []
    alternates = iter(others)
    for (label, names, details), (results, answers, by_value), worked, lines in zip(
        raw, values, derives, texts, strict=True
    ):
        kept: list[Detail] = []
        for text, terms, words in details:
            own_terms = tuple(t for t in terms if term_counts[t] == 1 and t not in names)
            own_words = tuple(w for w in words if word_counts[w] == 1)
            other = next(alternates)
            # Another point's word is no other word for this one's.
            alts = tuple(frozenset(a for a in other.get(w, ()) if a not in word_counts) for w in own_words)
            if own_terms or own_words:
                need = min(1.0, sum(weight(w) for w in own_words))
                glossed = _glossed(text, own_words)
                alts = alts if any(alts) else ()
                turns = stated_beyond(text, prompt, lines) if own_words else ()
                kept.append(Detail(text, own_terms, own_words, need, glossed, unsaid.get(text, ()), alts, turns))
        points.append(
            KeyPoint(label, tuple(names), tuple(kept), results, answers, by_value, worked and bool(results), lines)
        )
    return points


_SUB_QUESTION = r"(?:^|(?<=[\s：:？?。；;]))(?:[(（]\s*{n}\s*[)）]|{n}\s*[.．、)）](?!\d))"


def _asked_of(prompt: str, count: int) -> list[str]:
    """What each of `count` points is asked against: the case text with that point's sub-question, when the
    prompt numbers exactly `count` sub-questions in order; else the whole prompt for every point."""
    starts, pos = [], 0
    for n in range(1, count + 1):
        match = re.compile(_SUB_QUESTION.format(n=n)).search(prompt, pos)
        if match is None:
            return [prompt] * count
        starts.append(match.start())
        pos = match.end()
    if count < 2 or re.compile(_SUB_QUESTION.format(n=count + 1)).search(prompt, pos):
        return [prompt] * count
    stem = prompt[: starts[0]]
    ends = [*starts[1:], len(prompt)]
    return [stem + prompt[start:end] for start, end in zip(starts, ends, strict=True)]


_DERIVES = re.compile(r"[=＝≈]")
_ASKED_BETWEEN = re.compile(r"还是(?P<b>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)(?:[？?，,。；;]|$)")
_ASKED_WHETHER = re.compile(r"是否(?P<x>[\u4e00-\u9fff]{2,6}?)(?:[？?，,。；;]|$)")


def _alternatives_asked(prompt: str, aliases: Aliases = STANDARD) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The two answers a sub-question asks to choose between, each with the other, normalised, each with its
    other names: `属于饮酒驾驶还是醉酒驾驶？` (the one before 还是 as long as the one after it), `是否合法？`
    (合法, or 不合法 and its other names: 违法)."""
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for match in _ASKED_BETWEEN.finditer(prompt):
        b = normalize(match["b"])
        a = normalize(prompt[: match.start()])[-len(b) :]
        if len(a) == len(b) >= 2 and a != b:
            out += [((a,), (b,)), ((b,), (a,))]
    for match in _ASKED_WHETHER.finditer(prompt):
        yes = normalize(match["x"])
        no = tuple(dict.fromkeys([f"不{yes}", f"非{yes}", *sorted(aliases.of(f"不{yes}"))]))
        out += [(no, (yes,)), ((yes,), no)]  # the denial first: 不合法 holds 合法
    return out


def _picked(
    first: str, picks: list[tuple[tuple[str, ...], tuple[str, ...]]]
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The answer the reference's first line picks of those a sub-question offers, and the other one."""
    for pick, other in picks:
        if any(p in first for p in pick) and not any(o in first and not any(o in p for p in pick) for o in other):
            return pick, other
    return None


def _points(
    prompt: str, reference: str, concepts: ConceptIndex | None, own_sub_question: bool = False
) -> tuple[KeyPoint, ...]:
    points = [p for p in _extract(prompt, reference, concepts, True, own_sub_question) if p.evidence or p.answers]
    if not points:
        # The reference says nothing the question does not: judge by the reference alone.
        points = [p for p in _extract(prompt, reference, concepts, False) if p.evidence or p.answers]
    return tuple(points)


@lru_cache(maxsize=1024)
def _points_plain(prompt: str, reference: str, own_sub_question: bool = False) -> tuple[KeyPoint, ...]:
    return _points(prompt, reference, None, own_sub_question)


def key_points(
    reference: str, concepts: ConceptIndex | None = None, prompt: str = "", own_sub_question: bool = False
) -> tuple[KeyPoint, ...]:
    """The key points of a reference answer, beyond the question (computed once per question and index);
    with own_sub_question, each beyond the case text and its own sub-question (for numbered sub-answers)."""
    if concepts is None:
        return _points_plain(prompt, reference, own_sub_question)
    memo_key = ("case", prompt, reference, own_sub_question)
    found = concepts.memo.get(memo_key)
    if found is None:
        found = concepts.memo[memo_key] = _points(prompt, reference, concepts, own_sub_question)
    return found  # type: ignore[no-any-return]


@lru_cache(maxsize=1024)
def _reference_norm(reference: str) -> str:
    return normalize(reference)


def _homophones(a: str, b: str) -> bool:
    return is_han(a) and is_han(b) and bool(readings(a) & readings(b))


def _sounds_in(term: str, text: str) -> bool:
    """The term appears in the text with some characters replaced by homophones (IME slips)."""
    size = len(term)
    starts: set[int] = set()
    for offset, ch in enumerate(term):
        found = text.find(ch)
        while found != -1:
            if 0 <= found - offset <= len(text) - size:
                starts.add(found - offset)
            found = text.find(ch, found + 1)
    for start in starts:
        window = text[start : start + size]
        if all(a == b or _homophones(a, b) for a, b in zip(window, term, strict=True)):
            return True
    return False


def covers(reply_norm: str, term: str) -> bool:
    """Whether a normalised text names the term: exactly, with a small typo or by sound, but not
    with a negation or an opposite in its place (`数据串行` does not name 数据并行)."""
    if term in reply_norm:
        return True
    # A slip other than by sound only in longer terms: in running text, `模型并计` is no typo of 模型并行.
    if len(term) >= (6 if term.isascii() else 5) and _near(reply_norm, term):
        return True
    if term.isascii() or len(term) < 2:
        return False
    # An IME slip changes a character or two: most of the term's characters stand in the text as written.
    if sum(ch in reply_norm for ch in term) < len(term) - 1 - len(term) // 5:
        return False
    return _sounds_in(term, reply_norm)


def _near(text: str, term: str) -> bool:
    allowed = allowed_typos(len(term))
    if not allowed or len(text) < len(term) - allowed:
        return False
    cutoff = 100.0 * (1.0 - allowed / len(term)) - 1e-6
    found = fuzz.partial_ratio_alignment(term, text, score_cutoff=cutoff)
    if found is None:
        return False
    window = text[found.dest_start : found.dest_end]
    return not flips_meaning(window, term)


def _says(reply_norm: str, words: frozenset[str], term: str) -> bool:
    if term.isascii() and len(term) <= 4:  # `kd`, `bn`, `lora`: whole words only
        return term in words
    return covers(reply_norm, term)


def _alternatives(cues: list[str]) -> str:
    return "|".join(re.escape(cue) for cue in sorted(cues, key=len, reverse=True))


# Chinese cues anywhere; English ones as whole words (`not` is not in `annotation`), looked for only in
# clauses with Latin letters (one alternation of plain strings stays fast).
_NEGATION = re.compile(_alternatives([c for c in NEGATION_CUES if not c.isascii()]))
_NEGATION_EN = re.compile(rf"\b(?:{_alternatives([c for c in NEGATION_CUES if c.isascii()])})\b", re.IGNORECASE)
_HAS_LATIN = re.compile("[A-Za-z]")


def negated(clause: str) -> bool:
    """Whether a clause of a reply rules out what it names (`不需要数据并行`, `LoRA就不用了`); a cue inside a
    word of the dictionary is none (`供不应求` says no `不应`)."""
    for match in _NEGATION.finditer(clause):
        if not _inside_a_word(clause, match.start(), match.end()):
            return True
    return _HAS_LATIN.search(clause) is not None and _NEGATION_EN.search(clause) is not None


def _inside_a_word(clause: str, start: int, end: int) -> bool:
    """The span lies inside a longer word the segmenter's dictionary holds (an idiom such as 供不应求)."""
    import rjieba  # loaded at the first case answer

    pos = 0
    for token in rjieba.cut(clause):
        token_end = pos + len(token)
        if pos <= start and end <= token_end:
            return len(token) > end - start and rjieba.has_word(token)
        pos = token_end
    return False


# What a reference says to avoid or refuse (`避免用力排便`, `父母拒绝追认的`): a reply saying the same with a
# negation agrees with it.
_REFERENCE_NEGATION = re.compile(
    _alternatives([*(c for c in NEGATION_CUES if not c.isascii()), "避免", "禁止", "拒绝", "勿", "不"])
)


# Must not, in any of its words: `不能超过` says what `不得超过` says.
_PROHIBITION = re.compile(r"(?:不能|不得|不可|不准|不许|不应|不宜|不要|禁止|严禁|不该)(?P<what>[\u4e00-\u9fff]{2})")


def _agrees_with_a_refusal(clause: str, reference: str) -> bool:
    """A negated clause whose words after the cue stand in a clause the reference itself negates
    (`别用力` and 避免用力排便), or that forbids what the reference forbids (`每天不能超过3小时` and
    不得超过3小时): the reply makes that point, it does not rule it out."""
    forbidden, refused = _refusals(reference)
    if forbidden and any(m["what"] in forbidden for m in _PROHIBITION.finditer(clause)):
        return True
    if not refused:
        return False
    said = [w for w in words_of(_NEGATING_CHARS.sub("", clause)) if not _NEGATION.search(w)]
    return any(w in span for span in refused for w in said)


@lru_cache(maxsize=1024)
def _refusals(reference: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """What the reference forbids (`不得超过`: 超过) and the spans after its negations (normalised): read once per
    reference, not for every negated clause of every reply."""
    forbidden = frozenset(m["what"] for m in _PROHIBITION.finditer(reference))
    refused = tuple(
        normalize(ref_clause[cue.end() : cue.end() + _REFUSED_SPAN])
        for ref_clause in _CLAUSE.split(reference)
        for cue in _REFERENCE_NEGATION.finditer(ref_clause)
    )
    return forbidden, refused


_REFUSED_SPAN = 6  # characters after a reference's negation that say what it refuses
_NEGATING_CHARS = re.compile("[不没别无非未勿]")
_NEGATING_CHARS_SET = frozenset("不没别无非未勿")


@dataclass(frozen=True, slots=True)
class _Reply:
    norm: str  # what the reply says, its ruling-out clauses left out (clauses apart, `|` between)
    words: frozenset[str]  # its Latin words
    ruled_out: bool  # some clause ruled something out
    bare_list: bool = False  # only terms one after another (`模型量化 知识蒸馏 INT8 教师模型`)
    talked: bool = False  # some clause only named or praised the question's thing (bot/grading/talk.py)


# A bare list of terms: at least this many items, and this share of them words of the case.
_LIST_ITEMS = 3
_LIST_SHARE = 0.8
_MAX_TERM, _MAX_LATIN_TERM = 16, 40  # as the concept index keeps them
_LIST_SPLIT = re.compile(r"[\s、,，;；/|。.!！?？:：]+")


def _vocabulary(prompt: str, reference: str, concepts: ConceptIndex | None) -> frozenset[str]:
    """The words of a case a reply can list without saying anything: its points' names, headings,
    techniques and content words, and the content words of the question (computed once per question)."""
    key = ("case-words", prompt, reference)
    found = concepts.memo.get(key) if concepts is not None else None
    if found is None:
        words: set[str] = set(words_of(prompt)) | set(words_of(reference))
        for point in key_points(reference, concepts, prompt):
            words.add(normalize(point.label))
            words.update(point.names)
            words.update(normalize(t) for t in _heading_terms(point.label))
            for detail in point.details:
                words.update(detail.terms)
                words.update(detail.words)
        found = frozenset(words)
        if concepts is not None:
            concepts.memo[key] = found
    return found  # type: ignore[no-any-return]


def _is_bare_list(cleaned: str, vocabulary: frozenset[str], concepts: ConceptIndex | None) -> bool:
    """`模型量化 知识蒸馏 模型剪枝 INT8 教师模型`: the case's own terms listed without a word of how or why."""
    items = [item for item in _LIST_SPLIT.split(cleaned) if item]
    if len(items) < _LIST_ITEMS:
        return False
    misses, allowed = 0, len(items) * (1 - _LIST_SHARE)
    for item in items:
        # Longer than any term: a sentence (and no need to fold it). Most replies stop here at once.
        long = len(item) > _MAX_LATIN_TERM or (len(item) > _MAX_TERM and not item.isascii())
        if long or not _listed(_marks_off(item), vocabulary, concepts):
            misses += 1
            if misses > allowed:
                return False
    return True


def _listed(item: str, vocabulary: frozenset[str], concepts: ConceptIndex | None) -> bool:
    """An item of a list that is one term of the case as it stands: a known concept, a point's name or
    technique (`INT8`), or a content word of the reference or the question. Words put together by the
    learner (`发绩效奖金`, `蒸馏到小模型`, an English sentence) say something."""
    return item in vocabulary or (concepts is not None and item in concepts)


def _dropped(cp: int) -> bool:
    return unicodedata.category(chr(cp))[0] in "PZC"


# Spaces, punctuation and controls of the common blocks (Latin, general punctuation, CJK symbols,
# full-width forms), dropped in one pass; anything outside them takes the slow path.
_MARKS = {cp: None for block in (range(0x3100), range(0xFF00, 0xFFF0)) for cp in block if _dropped(cp)}
_UNCOMMON = re.compile(r"[^\u0000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _marks_off(text: str) -> str:
    """A text already `clean` without its spaces and punctuation: `normalize` for the clauses of a reply."""
    out = text.translate(_MARKS)
    if _UNCOMMON.search(out):
        out = "".join(ch for ch in drop_emoji(out) if not _dropped(ord(ch)))
    return out


def _clauses(cleaned: str) -> list[str]:
    return [clause for sentence in _REPLY_CLAUSE.split(cleaned) for clause in _CONTRAST.split(sentence)]


def _read_reply(cleaned: str, reference_norm: str, reference: str = "", question: str = "") -> _Reply:
    """The clauses of a reply that say something: not those that rule out what they name, nor those that only
    name or praise the question's thing (bot/grading/talk.py; `question` normalised)."""
    kept: list[str] = []
    ruled_out = talked = False
    clauses = _clauses(cleaned)
    mainland = _TW2SP.convert(cleaned)  # 資料並行 -> 数据并行, once for the whole reply
    mainland_clauses = _clauses(mainland) if mainland != cleaned else clauses
    if len(mainland_clauses) != len(clauses):
        mainland_clauses = clauses
    for clause, mainland_clause in zip(clauses, mainland_clauses, strict=True):
        norm = _marks_off(clause)
        if not norm:
            continue
        # A clause the reference itself writes (`无需重新训练`) is the reference, not a rejection.
        if negated(clause) and norm not in reference_norm and not _agrees_with_a_refusal(clause, reference):
            ruled_out = True
            continue
        if question and is_talk(norm, question):
            talked = True
            continue  # `这座桥又叫安济桥`, `非常坚固`: talk around the topic
        kept.append(norm)
        if mainland_clause != clause:
            kept.append(_marks_off(mainland_clause))
    text = "|".join(kept)
    return _Reply(text, frozenset(_LATIN_WORD.findall(text)), ruled_out, talked=talked)


_GLOSS = re.compile(r"(?P<before>[^()（）]+)[(（](?P<inner>[^()（）]+)[)）]")


def _glossed(clause: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """The words a bracket glosses, and the gloss: `出现短缺（供不应求）` singles out 短缺 and 供不应求 as two
    names of one thing, so a reply naming either says it (a two-character word alone would count half)."""
    out: list[str] = []
    for match in _GLOSS.finditer(clause):
        before, inner = normalize(match["before"]), normalize(match["inner"])
        if _JOINERS.search(match["inner"]) or len(inner) > _MAX_GLOSS:
            continue  # a list of examples (`肌钙蛋白、CK-MB`), not another name
        out.extend(w for w in words if before.endswith(w) or w == inner)
    return tuple(dict.fromkeys(out))


_MAX_GLOSS = 6


# A detail that tells what to keep away from (`远离空旷地带`, `不打金属柄伞`, `避免用力排便`): said only by a clause
# that keeps away too. `跑到空地上` and `打伞` name its things the other way round.
_AVOIDING = re.compile(
    r"^(?:应|要|应该|应当|尽量|须|必须|切记)?(?:远离|避免|防止|禁止|严禁|切勿|勿|不要|不能|不得|不可|不宜|不应|别|"
    r"不(?![断仅同少足良利稳只光但久停管论过然如及])"
    r")"
)
_KEEPS_AWAY = re.compile(r"[不没别无勿非未莫]|远离|避免|防止|禁止|离开|躲开|避开|小心|注意")


@lru_cache(maxsize=8192)
def _avoiding(text: str) -> bool:
    return _AVOIDING.match(normalize(text)) is not None


@lru_cache(maxsize=1024)
def _kept_away(norm: str) -> str:
    """The clauses of a reply that keep away from something (asked of every detail that says to)."""
    return "|".join(c for c in norm.split("|") if _KEEPS_AWAY.search(c))


def _detail_said(detail: Detail, reply: _Reply) -> bool:
    if any(other in reply.norm for other in detail.unless):
        return False  # `不构成犯罪` says no 构成犯罪
    if _avoiding(detail.text):
        reply = replace(reply, norm=_kept_away(reply.norm))
    if any(_says(reply.norm, reply.words, t) for t in detail.terms):
        return True
    # `河水流速变慢` for 河流进入海洋后流速减慢: the same thing turned the same way, in the learner's words.
    return _said_in_words(detail, reply) or (bool(detail.turns) and agrees(_as_text(reply), detail.turns))


def _as_text(reply: _Reply) -> str:
    """A reply's kept clauses as a text of clauses (for bot/grading/relations.py)."""
    return reply.norm.replace("|", "，")


def _said_in_words(detail: Detail, reply: _Reply) -> bool:
    """The reply holds enough of the detail's own words (not its techniques) to say it."""
    if not detail.need:
        return False
    said = 0.0
    for n, word in enumerate(detail.words):
        if word in reply.norm and _contradicted(word, detail.text, reply.norm):
            continue
        if word in reply.norm or _abbreviated_in(word, reply.norm) or _said_otherwise(detail, n, reply.norm):
            said += 1.0 if word in detail.glossed else weight(word)
            if said >= detail.need:
                return True
    return False


def _said_otherwise(detail: Detail, n: int, norm: str) -> bool:
    """The reply says the detail's n-th word in another word of its meaning (`升高` for 上升, `结实` for 坚固)."""
    alts = detail.alternates[n] if detail.alternates else None
    return bool(alts) and not alts.isdisjoint(_reply_words(norm))


@lru_cache(maxsize=1024)
def _reply_words(norm: str) -> frozenset[str]:
    """The words of a reply as the segmenter cuts them, and the two-character words inside longer ones (`小水滴`:
    水滴), asked only where a detail has other words."""
    import rjieba

    cut = rjieba.cut(norm)
    return frozenset([*cut, *(w[i : i + 2] for w in cut if len(w) > 2 for i in range(len(w) - 1))])


_OTHER_WORDS_SKIP = _GENERIC | frozenset(_LABELS)


def _other_words(words: list[str], question_norm: str) -> dict[str, frozenset[str]]:
    """Each word's other words of one meaning, none the question says or every answer uses."""
    out = {}
    for word in words:
        alts = frozenset(
            a for a in synonyms(word) if a not in _OTHER_WORDS_SKIP and not (question_norm and a in question_norm)
        )
        if alts:
            out[word] = alts
    return out


_OPPOSITE_CHARS = frozenset((a, b) for a, b in OPPOSITES if len(a) == 1 and len(b) == 1)


@lru_cache(maxsize=4096)
def _opposed_in(detail: str) -> tuple[tuple[str, str], ...]:
    """The (character, its opposite) pairs whose first the detail writes and whose second it does not."""
    text = normalize(detail)
    return tuple((x, y) for x, y in _OPPOSITE_CHARS if x in text and y not in text)


def _contradicted(word: str, detail: str, reply: str) -> bool:
    """Every clause of the reply that holds the word says the opposite of the detail around it: `向光侧长得快`
    for `向光侧生长慢` (快 where the detail has 慢, and no 慢)."""
    pairs = _opposed_in(detail)
    if not pairs:
        return False
    clauses = [c for c in reply.split("|") if word in c]
    return bool(clauses) and all(any(y in c and x not in c for x, y in pairs) for c in clauses)


def _abbreviated_in(word: str, text: str) -> bool:
    """The text shortens a Chinese word of four characters or more the usual way, keeping its first
    character and half of them at least, in order (`心梗` for 心肌梗死, `保障房` for 保障性住房)."""
    if len(word) < 4 or word[0] not in text or not _shortenable(word):
        return False
    least = (len(word) + 1) // 2
    start = text.find(word[0])
    while start != -1:
        for size in range(len(word) - 1, least - 1, -1):
            window = text[start : start + size]
            # A shortening keeps the word's negation: `供求` is no 供不应求.
            keeps = all(ch in window for ch in word if ch in _NEGATING_CHARS_SET)
            if len(window) == size and window not in word and keeps and _in_order(window, word):
                return True
        start = text.find(word[0], start + 1)
    return False


@lru_cache(maxsize=8192)
def _shortenable(word: str) -> bool:
    """All Chinese, and not led by a function character (`用数据` is a verb and its object, not 用户数据)."""
    return all(is_han(ch) for ch in word) and word[0] not in _FUNCTION_CHARS


def _in_order(short: str, word: str) -> bool:
    chars = iter(word)
    return all(ch in chars for ch in short)


def point_score(point: KeyPoint, reply: _Reply) -> float:
    """1 for the name and a detail or two details (or all the evidence there is), 0.5 for one, else 0.
    A detail known by one two-character word (`保证精度`: 精度) counts half unless the point is named too:
    alone, the word may be about anything. A bare list of terms earns at most half a point, for naming it
    or a technique of it: no detail is said without a word of how or why."""
    name = any(_says(reply.norm, reply.words, n) for n in point.names)
    if reply.bare_list:
        named = name or any(_says(reply.norm, reply.words, t) for d in point.details for t in d.terms)
        return 0.5 if named else 0.0
    said = float(name)
    for detail in point.details:
        if said >= 2:
            break
        if _detail_said(detail, reply):
            said += 1.0 if name else detail.worth
    if said >= min(2.0, point.evidence):
        return 1.0
    return 0.5 if said >= min(1.0, point.evidence) else 0.0


def _valued(
    point: KeyPoint, by_words: float, said: tuple[CaseValue, ...], wanted: tuple[CaseValue, ...], alone: bool
) -> float:
    """A point that derives a value is made by that value (`1/4`, `25%`, `10000J`), half made by its number
    without the unit, and not made by words beside another value of the same quantity (`F=50N` for 500 N).
    A point that is a value and nothing more (`2.8`, `[1, 1, 3, 4, 5]`) is not made by words around it."""
    agreed = agreement(said, wanted, alone) if wanted else None
    if agreed is None:
        if point.derives and wanted and not said and by_words < 1.0:
            return 0.0  # the method named (`用贝叶斯公式`) without the value it derives: nothing worked out
        return 0.0 if point.by_value and wanted else by_words
    return agreed if agreed < 1.0 else max(by_words, agreed)


# A point the reply numbers no sub-answer for (`1. …` alone, of four): the same empty reading in every reply.
_UNSAID = _Reply("", frozenset(), False)


def _sub_answer_score(point: KeyPoint, read: _Reply, part: str) -> float:
    """What a numbered sub-answer earns of its point (`_scored_sub_answer`); one left empty, as read once per
    point."""
    return _unanswered_score(point) if not part else _scored_sub_answer(point, read, part)


@lru_cache(maxsize=4096)
def _unanswered_score(point: KeyPoint) -> float:
    return _scored_sub_answer(point, _UNSAID, "")


def _scored_sub_answer(point: KeyPoint, read: _Reply, part: str) -> float:
    """A numbered sub-answer that says the point's first detail answers what was asked (`2.香港岛` for
    `割让香港岛`): the heading of a sub-question's point only labels it. A detail that lists things
    (`广州、厦门、福州、宁波、上海`) is said by all of them; some of them say half."""
    score = point_score(point, read)
    if score >= 1.0 or not point.details:
        return score
    first = point.details[0]
    if not _detail_said(first, read):
        # `3.危险驾驶罪` for `构成犯罪，罪名为危险驾驶罪`: what follows a yes it does not deny says the yes.
        follows = point.details[1] if first.unless and len(point.details) > 1 else None
        if follows is None or any(o in read.norm for o in first.unless) or not _detail_said(follows, read):
            return score
        first = follows
    if first.need >= 1.0 and not _said_in_words(first, read):
        # `牙釉质坏了` for `龋坏已穿过牙釉质达到牙本质深层`: a term the detail passes on the way to what it says
        # (its own words, 牙本质深层) is not the answer to the sub-question.
        return score
    items = _listed_things(first.text)
    if len(items) >= _LIST_ITEMS and not all(item in read.norm for item in items):
        # Each thing of the list its share, less one for each thing named that is not on it.
        said = [normalize(item) for item in _LISTED_REPLY.split(clean(part)) if normalize(item)]
        right = sum(_item_said(item, read.norm) for item in items)
        point_text = "；".join(d.text for d in point.details)
        wrong = sum(
            not any(item in s or s in item for item in items) and not _item_said(point_text, s)
            for s in said
            if len(s) <= _MAX_TERM
        )
        return max(0.0, (right - wrong) / len(items))
    return 1.0


@lru_cache(maxsize=4096)
def _listed_things(detail: str) -> tuple[str, ...]:
    """The things a detail lists (`广州、厦门、福州`), normalised: read once per detail."""
    return tuple(norm for item in _LISTED.split(detail) if (norm := normalize(item)))


def _item_said(item: str, text: str) -> bool:
    """A thing of a list said as written, or by a word of it that names a thing (three characters or more, or
    Latin): `风扇电机坏了` says 风扇电机损坏, `保险丝烧了` says 风扇继电器或保险丝损坏."""
    if normalize(item) in text:
        return True
    return any((len(w) >= 3 or w.isascii()) and w in text for w in words_of(item))


_LISTED = re.compile(r"[、，,]")
_LISTED_REPLY = re.compile(r"[、，,;；\s和及与]+")


@lru_cache(maxsize=1024)
def _question_pairs(prompt: str) -> frozenset[str]:
    return frozenset(_han_pairs(normalize(prompt)))


_HAN_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]{2,}")  # the characters `is_han` holds, two or more


def _han_pairs(norm: str) -> set[str]:
    return {run[i : i + 2] for run in _HAN_RUN.findall(norm) for i in range(len(run) - 1)}


def _echoes_question(reply_norm: str, prompt: str) -> bool:
    """Most of what the reply writes stands in the question (its pairs of characters)."""
    pairs = _han_pairs(reply_norm)
    return len(pairs) >= 3 and len(pairs & _question_pairs(prompt)) >= 0.6 * len(pairs)


# A reply that misses no point and scores this much is right: one point of three or four said without
# its how or why does not make a full answer wrong.
_RIGHT_SCORE = 0.8


def grade_case(question: Question, reply: str, concepts: ConceptIndex | None) -> Verdict:
    reference = question.answer if isinstance(question.answer, str) else ""
    points = key_points(reference, concepts, question.prompt)
    cleaned = clean(reply)
    norm = _marks_off(cleaned)  # what was understood
    if not norm:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=reference,
            feedback_zh="请写下你的分析和方案。",
            feedback_en="Please write your analysis and solution.",
        )
    if accepted_wording(question, reply):  # a teacher accepted this answer: every point, whatever the rules read
        return _accepted(question, points, norm, reference)
    asked = _reference_norm(question.prompt)
    read = _read_reply(cleaned, _reference_norm(reference), reference, asked)
    if _is_bare_list(cleaned, _vocabulary(question.prompt, reference, concepts), concepts):
        read = replace(read, bare_list=True)
    points = _numbered_by_own_sub_question(question, reply, points, concepts)
    found = segments(reply, len(points), by_parts=any(p.answers for p in points))
    if found is None:
        scores = [_valued(p, point_score(p, read), values_in(reply), p.results, False) for p in points]
    else:  # each point by the sub-answer given for it; by its words too when the reply numbers them
        parts, numbered = found
        reference_norm = _reference_norm(reference)
        # Each numbered sub-answer read once, for both readings of it.
        reads = (
            [_read_reply(clean(part), reference_norm, reference, asked) if part else _UNSAID for part in parts]
            if numbered
            else []
        )
        scores = [
            _valued(
                p,
                _sub_answer_score(p, reads[n], part) if numbered else point_score(p, read),
                values_in(part),
                p.answers,
                True,
            )
            for n, (p, part) in enumerate(zip(points, parts, strict=True))
        ]
        if numbered:
            scores = _own_sub_question_scores(question, scores, points, parts, reads, concepts)
            note = question.explanation or ""
            scores = [
                _limited(s, p, part, note, n)
                for n, (s, p, part) in enumerate(zip(scores, points, parts, strict=True), 1)
            ]
    # A marking rubric beside the reference (`要点：1 …、…；2 …`) raises each point to the share of its items said;
    # a sub-answer contradicting one of them earns nothing of its point.
    own = found is not None and found[1]
    texts = found[0] if own else [reply] * len(points)
    scores = raised(question.explanation or "", reference, question.prompt, scores, texts, _GENERIC, own)
    # A point whose relation the reply (or its sub-answer) states the other way round earns nothing of it: read in
    # the clauses that say something (ruled-out ones and talk left out), as its details were.
    said = reads if found is not None and found[1] else [read] * len(points)
    context = f"{question.prompt}\n{reference}"
    scores = [
        0.0 if s and reverses(_as_text(r), p.lines, context) else s
        for s, p, r in zip(scores, points, said, strict=True)
    ]
    covered = [p.label for p, s in zip(points, scores, strict=True) if s == 1.0]
    partly = [p.label for p, s in zip(points, scores, strict=True) if 0.0 < s < 1.0]
    missed = [p.label for p, s in zip(points, scores, strict=True) if s == 0.0]
    total = len(points)
    score = sum(scores) / total if total else 0.0
    # Every point made, most with their how or why: a teacher marks that right (the score still tells).
    # Sub-answers are each right or not: one said in part leaves the answer partly right.
    right = total and not missed and score >= (1.0 if found is not None else _RIGHT_SCORE)
    outcome = Outcome.correct if right else Outcome.partial if score else Outcome.wrong
    earned = f"{sum(scores):g}"
    zh_parts = [f"要点覆盖 {earned}/{total}"]
    en_parts = [f"Key points covered: {earned} of {total}"]
    if covered:
        zh_parts.append("已覆盖：" + "；".join(covered) + "。")
        en_parts.append("Covered: " + "; ".join(covered) + ".")
    if partly:
        zh_parts.append("部分覆盖（只说到一点，还要说明做法或理由）：" + "；".join(partly) + "。")
        en_parts.append("Partly covered (one thing said; say how or why too): " + "; ".join(partly) + ".")
    if missed:
        zh_parts.append("未覆盖：" + "；".join(missed) + "。")
        en_parts.append("Missed: " + "; ".join(missed) + ".")
    if read.bare_list:
        zh_parts.append("只列出术语、没有说明做法或理由的，每个要点最多得一半。")
        en_parts.append("Terms listed without how or why earn half of a point at most.")
    if read.ruled_out:
        zh_parts.append("被你否定的做法不计分。")
        en_parts.append("What the reply rules out earns nothing.")
    if read.talked:
        zh_parts.append("只是介绍或称赞题目里的对象，不计分；请说明它的原理、原因或做法。")
        en_parts.append("Naming or praising what the question is about earns nothing; say how or why.")
    if score == 0.0 and _echoes_question(norm, question.prompt):
        zh_parts.append("题目里已有的内容不计分，请写出你的分析和做法。")
        en_parts.append("Words of the question earn nothing; write your own analysis and steps.")
    return Verdict(
        outcome=outcome,
        score=score,
        understood=norm if len(norm) <= 200 else norm[:199] + "…",
        expected=reference,
        feedback_zh="\n".join(zh_parts),
        feedback_en="\n".join(en_parts),
        covered=covered,
        partly=partly,
        missed=missed,
    )


def _numbered_by_own_sub_question(
    question: Question, reply: str, points: tuple[KeyPoint, ...], concepts: ConceptIndex | None
) -> tuple[KeyPoint, ...]:
    """A point the question names whole in a later sub-question (`(2) 辐射霜冻为什么…` of `(1) 辐射霜冻`) is
    no point beyond the question, but a reply that numbers its sub-answers answers it all the same: read
    against each point's own sub-question, that reply has every point to make."""
    reference = question.answer if isinstance(question.answer, str) else ""
    own = key_points(reference, concepts, question.prompt, own_sub_question=True)
    if len(own) <= len(points):
        return points
    found = segments(reply, len(own), by_parts=False)
    return own if found is not None and found[1] else points


def _own_sub_question_scores(
    question: Question,
    scores: list[float],
    points: tuple[KeyPoint, ...],
    parts: list[str],
    reads: list[_Reply],
    concepts: ConceptIndex | None,
) -> list[float]:
    """Numbered sub-answers read again against each point's own sub-question (`1. 强酸性` where sub-question 3
    says 强酸性土壤): the better of the two readings, unless the sub-answer copies the question back."""
    reference = question.answer if isinstance(question.answer, str) else ""
    own = key_points(reference, concepts, question.prompt, own_sub_question=True)
    if [p.label for p in own] != [p.label for p in points]:
        return scores
    out = []
    for score, point, part, read in zip(scores, own, parts, reads, strict=True):
        if score < 1.0 and _answers_the_head(point, part, question.prompt):
            score = 1.0
        if score < 1.0 and point.details and not _echoes_question(read.norm, question.prompt):
            score = max(
                score, _valued(point, _sub_answer_score(point, read, part), values_in(part), point.answers, True)
            )
        out.append(score)
    return out


_OPENS_GLOSS = re.compile("[(（]")
_MAX_HEAD = 8  # characters of an answer set before its gloss (`F 类火灾（…）`); longer is a sentence


def _answers_the_head(point: KeyPoint, part: str, prompt: str) -> bool:
    """`3. F类` for `F 类火灾（烹饪器具内的…火灾）`: the words before the gloss bracket of a point's first line are
    its answer; said whole (not denied), or cut short of words the question already says (火灾 of
    `哪一类火灾`). Never a label (`原因（…）`) or words the question holds whole."""
    first = point.details[0].text if point.details else ""
    if not _OPENS_GLOSS.search(first):
        return False  # (the line's clauses are split at commas, so the gloss may not close in it)
    head, asked = _gloss_head(first), _prompt_norm(prompt)
    said = normalize(part)
    if not 2 <= len(head) <= _MAX_HEAD or head in _LABELS or head in _GENERIC or head in asked or len(said) < 2:
        return False
    if head in said:
        return not any(ch in _NEGATING_CHARS_SET for ch in said[: said.find(head)][-3:])
    return head.startswith(said) and head[len(said) :] in asked and said not in asked


@lru_cache(maxsize=1024)
def _gloss_head(line: str) -> str:
    return normalize(_OPENS_GLOSS.split(line, maxsplit=1)[0])


@lru_cache(maxsize=1024)
def _prompt_norm(prompt: str) -> str:
    return normalize(prompt)


def _limited(score: float, point: KeyPoint, part: str, explanation: str, number: int) -> float:
    """A numbered sub-answer's score as the marking note gives it: what it gives a bare phrase, nothing for the
    reverse of what the point says, the whole point
    for saying what the note requires of it (not saying it in those words is read by the reference's, since a
    learner may put it another way); and at most half when it asserts what the point's reference denies
    (bot/grading/case_limits.py, bot/grading/meaning.py)."""
    noted = noted_credit(part, explanation)
    if noted is not None:
        return noted
    said = "；".join(d.text for d in point.details)
    if crossed(part, said):
        return 0.0
    if meets_requirement(part, explanation, number):
        score = 1.0
    if score > 0.5 and asserts_denied(part, said):
        return 0.5
    return score


def _accepted(question: Question, points: tuple[KeyPoint, ...], norm: str, reference: str) -> Verdict:
    labels = [p.label for p in points]
    earned = f"{len(points)}"
    return Verdict(
        outcome=Outcome.correct,
        score=1.0,
        understood=norm if len(norm) <= 200 else norm[:199] + "…",
        expected=reference,
        feedback_zh=f"要点覆盖 {earned}/{earned}\n老师已认可这个回答。",
        feedback_en=f"Key points covered: {earned} of {earned}\nA teacher accepted this answer.",
        covered=labels,
    )
