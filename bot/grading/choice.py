"""Single and multiple choice: letters typed any way, or the text of the options."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bot.banks.model import Kind, Question
from bot.grading.choice_values import option_by_value
from bot.grading.concepts import ConceptIndex
from bot.grading.fill import Match, accepted_names, match_blank
from bot.grading.meaning import flipped
from bot.grading.quantities import read_value
from bot.grading.verdict import Outcome, Verdict
from bot.grading.wording import NEUTRAL_PREFIXES, NEUTRAL_SUFFIXES, core, strip_hedges
from bot.lexicon.normalize import allowed_typos, is_han, normalize

__all__ = ["grade_choice", "read_letters"]

_PREFIX = re.compile(
    r"^(?:我的答案|我选择|我选|选择|选项|选|答案|答|the\s+answer\s+is|answer\s+is|answer|i\s+choose|i\s+pick|"
    r"options?)\s*(?:是|为|is)?\s*[:：]?\s*",
    re.IGNORECASE,
)
# Letters, alone or bracketed, with any separators between them; then optionally the option text.
# `A或者B`, `A还是B`: a choice between two is both of them (and so no single answer).
_LETTERS = re.compile(
    r"^[(\[【]?\s*(?P<letters>[A-Za-z](?:(?:[\s,，、/;；&+.|\-·_和与及]|或者|或|还是)*[A-Za-z])*)\s*[)\]】]?"
    r"(?![A-Za-z0-9])\s*(?:选项|项)?\s*[.。、:：)]?\s*(?P<rest>.*)$",
    re.DOTALL,
)
_NEAR_LETTERS = frozenset("ABCDEFGHIJ")  # mistyped option letters, not words
_TEXT_SEPARATORS = re.compile(r"\s*(?:[,，、;；/]|和|与|及|以及|还有|\band\b|&)\s*", re.IGNORECASE)
# Every option at once: `全选`, `都对`, `all of the above`.
ALL_WORDS = frozenset(
    normalize(w)
    for w in (
        "全选",
        "全都选",
        "都选",
        "全部",
        "全部选",
        "全部都选",
        "全对",
        "都对",
        "全都对",
        "全部都对",
        "全部正确",
        "都正确",
        "都是",
        "全是",
        "以上都对",
        "以上都是",
        "以上全对",
        "以上全是",
        "以上皆是",
        "以上全部",
        "所有选项",
        "全部选项",
        "每个都选",
        "all",
        "all of them",
        "all of the above",
        "all options",
        "all correct",
        "all are correct",
        "select all",
        "everything",
    )
)


# No option at all: `都不对`, `none of the above` (an answer, and always a wrong one).
NONE_WORDS = frozenset(
    normalize(w)
    for w in (
        "都不对",
        "全都不对",
        "都不选",
        "都不是",
        "全错",
        "都错",
        "以上都不对",
        "以上都不是",
        "以上皆非",
        "none",
        "none of them",
        "none of the above",
    )
)
_NUMERALS = "一二三四五六七八九十"
# `第二个`, `选项二`, `第2项`, `the second`: an option by its place in the list.
_ORDINAL = re.compile(
    rf"^(?:第(?P<a>[{_NUMERALS}\d])(?:个|项|个选项|项选项)?|选项(?P<b>[{_NUMERALS}\d])|"
    r"(?:the\s+)?(?P<c>first|second|third|fourth|fifth|sixth)(?:\s+(?:one|option))?)$",
    re.IGNORECASE,
)
_ENGLISH_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
# `除了D都对`, `除D外都选`, `all but D`: every option but the ones named.
_ALL_BUT = re.compile(
    r"^(?:除了?|all\s+(?:but|except))\s*(?P<letters>[A-Za-z](?:(?:[\s,，、和与及/]|\band\b)*[A-Za-z])*)\s*"
    r"(?:以外|之外|外)?\s*(?:其他|其余|别的)?\s*(?:都|全|全都|全部)?\s*(?:选|对|是|正确)?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a choice reply says: the letters chosen, or why it could not be read."""

    letters: frozenset[str] = frozenset()
    outside: str = ""  # letters that are not options
    conflict: str = ""  # the option the text names when it is not the letter's
    none: bool = False  # `都不对`: no option chosen, on purpose
    stray: str = ""  # an answer that is none of the options: another year, the opposite of one


def _ordinal(text: str, letters: list[str]) -> str | None:
    """The letter of `第二个` / `选项二` / `the second`; None when the text is no ordinal or past the options."""
    match = _ORDINAL.match(text.strip())
    if match is None:
        return None
    if match["c"]:
        place = _ENGLISH_ORDINALS.index(match["c"].lower()) + 1
    else:
        digit = match["a"] or match["b"]
        place = int(digit) if digit.isdecimal() else _NUMERALS.index(digit) + 1
    return letters[place - 1] if 1 <= place <= len(letters) else None


class _Options:
    """The options of one question as one reply names them; what a text names is found once per reply
    (a reply is read as written, without its prefix, its hedges and in parts: the same texts recur)."""

    def __init__(self, question: Question, concepts: ConceptIndex | None) -> None:
        self.question = question
        self.concepts = concepts
        self.letters = {k.upper() for k in question.options}
        self._named: dict[str, frozenset[str]] = {}
        self._longest: int | None = None

    def named(self, text: str) -> frozenset[str]:
        """Letters of the options whose text this is: exactly, by a tolerated slip, without (or with) a
        leading verb or particle, or by another name; a near match counts only when it fits one option."""
        found = self._named.get(text)
        if found is None:
            found = self._named[text] = frozenset(self._find(text))
        return found

    def _find(self, text: str) -> set[str]:
        norm = normalize(text)
        if not norm:
            return set()
        options = self.question.options
        exact = {k.upper() for k, v in options.items() if normalize(v) == norm}
        if not exact and _RANGE_SIGN.search(norm):  # `20hz到20khz` for 20 Hz～20 kHz: a range in words
            ranged = _RANGE_SIGN.sub("~", norm)
            exact = {k.upper() for k, v in options.items() if _RANGE_SIGN.sub("~", normalize(v)) == ranged}
        if exact:
            return exact
        if len(norm) > self.longest():
            return set()  # longer than any name of any option with room for hedges and slips
        near = {k.upper() for k, v in options.items() if match_blank(text, [v], self.concepts).ok}
        if near:
            return near if len(near) == 1 else set()
        by_value = self._by_value(text) or option_by_value(text, self.question)
        if _TEXT_SEPARATORS.search(text):  # several things named: not one joined to the bank's words
            return _part_of_one(norm, self.question) or by_value
        return _part_of_one(norm, self.question) or by_value or self._in_the_banks_words(norm)

    def _by_value(self, text: str) -> set[str]:
        """`10609.00元` for the option 10609 where the prompt prints 元 after its brackets: the same value."""
        after = _AFTER_BRACKETS.search(self.question.prompt)
        unit = after["unit"] if after else ""
        said = read_value(text[: -len(unit)] if unit and text.strip().endswith(unit) else text)
        if said is None or said.dimension is not None:
            return set()
        same = {k.upper() for k, v in self.question.options.items() if (value := read_value(v)) and value.same(said)}
        return same if len(same) == 1 else set()

    def _in_the_banks_words(self, norm: str) -> set[str]:
        """`越王勾践` for the option 勾践: one option's text with words the explanation or the prompt writes
        joined to it, as they write it."""
        holding = {
            k.upper(): normalize(v)
            for k, v in self.question.options.items()
            if len(normalize(v)) >= 2 and normalize(v) in norm
        }
        # `小花脸那个` holds 花脸 and 小花脸: it names the longer.
        holding = {k: v for k, v in holding.items() if not any(v in o and v != o for o in holding.values())}
        if len(holding) != 1:
            return set()
        text = next(iter(holding.values()))
        written = normalize(f"{self.question.explanation or ''}|{self.question.prompt}")
        if norm in written and len(norm) - len(text) <= _JOINED:
            return set(holding)
        # `茶圣陆羽`, `夹紧导轨的安全钳`: the option and, around it, only words the bank writes (and glue).
        pieces = [p for p in _BANK_GLUE.split(norm.replace(text, "|", 1)) if p]
        if _DENYING.search(norm) or len(norm) - len(text) > _ROOM:
            return set()
        return set(holding) if all(len(p) >= 2 and p in written for p in pieces) else set()

    def longest(self) -> int:
        """The most characters a text naming an option can have: its longest name (other names included),
        a hedge or leading verb around it and a typo's share."""
        if self._longest is None:
            names = [f.norm for v in self.question.options.values() for f in accepted_names([v], self.concepts)]
            most = max((len(n) for n in names), default=0)
            self._longest = most + _ROOM + allowed_typos(most)
        return self._longest

    def stray(self, text: str) -> bool:
        """An answer that names no option but says something of their kind: another value where every
        option is one (`公元221年` among 公元前… years), or the opposite of one (`willing` for unwilling)."""
        if not normalize(text) or len(normalize(text)) > self.longest():
            return False
        values = [read_value(v) for v in self.question.options.values()]
        said = read_value(text)
        if said is not None and all(v is not None and v.kind == said.kind for v in values):
            return True
        options = [normalize(v) for v in self.question.options.values()]
        if re.search(r"\d", text) and all(re.search(r"\d", o) for o in options):
            return True  # a number where every option holds one (`20到80` among limits in mg/100mL)
        if _of_their_kind(normalize(text), options):
            return True  # `哥窑` among 汝窑, 官窑, 钧窑: another thing of the kind every option names
        if _kin_of_an_option(normalize(text), self.question, options):
            return True  # `制动器` beside 缓冲器: a thing of an option's kind, no option and nothing like the key
        if _named_by_the_bank(normalize(text), self.question, options):
            return True  # `减压停留` where the explanation names it: a thing the bank knows, no option
        return any(
            match_blank(text, [v], self.concepts).match is Match.opposite for v in self.question.options.values()
        )

    def glued(self, part: str) -> set[str] | None:
        """Option texts written one after another without a separator (`木星土星`): the fewest options whose
        texts make the part exactly; None when none do."""
        norm = normalize(part)
        texts = {normalize(v): k.upper() for k, v in self.question.options.items() if len(normalize(v)) >= 2}
        if not norm or len(norm) > 4 * self.longest():
            return None
        best: list[frozenset[str] | None] = [frozenset()] + [None] * len(norm)
        for end in range(1, len(norm) + 1):
            for text, letter in texts.items():
                start = end - len(text)
                head = best[start] if start >= 0 and norm[start:end] == text else None
                if head is not None and best[end] is None:
                    best[end] = head | {letter}
        found = best[-1]
        return set(found) if found and len(found) >= 2 else None

    def by_words(self, part: str) -> set[str] | None:
        """Options named in a part separated by spaces only (`梯度累积 batch normalization`), the longest
        run of words first; None when a word names no option. Runs longer than any option's name are not
        tried: the search stays linear in the number of words."""
        words = part.split()
        found: set[str] = set()
        start = 0
        while start < len(words):
            end = start + 1
            while end < len(words) and len("".join(words[start : end + 1])) <= self.longest():
                end += 1
            for stop in range(end, start, -1):
                named = self.named(" ".join(words[start:stop]))
                if named and stop - start > 1:
                    # `乌龙茶 黑茶` is two options, not 乌龙茶（青茶） by a slip of one character.
                    each = [self.named(w) for w in words[start:stop]]
                    if all(each) and len(frozenset().union(*each)) > len(named):
                        named = frozenset().union(*each)
                if named:
                    found |= named
                    start = stop
                    break
            else:
                if self.question.kind is not Kind.multiple or not _listed_with_the_key(words[start], self.question):
                    return None
                start += 1  # `地球` beside 水星 金星 火星: a true thing the explanation lists, no option
        return found or None


# An option said to be left out (`乳酸菌不是`, `不选乳酸菌`), after the options chosen.
_LEFT_OUT = re.compile(r"(?:不是|不选|排除|除了)(?P<name>.+)|(?P<name2>.+?)(?:不是|不对|不选|除外|是错的|错了)")
_JOINED = 4  # characters the bank's words may join to an option's text (`越王` of 越王勾践)
_BANK_GLUE = re.compile("[|的是就那个这位叫]+")  # between the bank's words and an option's text, naming nothing
# Characters a hedge, a particle or a leading verb may add around an option's name (`我觉得是…吧`).
_ROOM = 8


# A part of an option's text names it when it is this much of the text at least, leading verb aside
# (`量化` of 模型量化, `海军` of 筹建新式海军), and not a word that names nothing (`使用`, `方法`).
_MIN_PART = 1 / 3
_NAMES_NOTHING = frozenset(NEUTRAL_PREFIXES) | frozenset(NEUTRAL_SUFFIXES)


# `（  ）元。`: the unit a prompt prints after the brackets an option goes in.
_AFTER_BRACKETS = re.compile(r"[(（]\s*[)）]\s*(?P<unit>[^\s，。,.;；:：？?！!]{1,3})")


def _shared_head(question: Question) -> str:
    """The words every option begins with (`维生素` of 维生素A … 维生素K), two characters at least."""
    texts = [normalize(v) for v in question.options.values()]
    head = texts[0] if texts else ""
    for text in texts[1:]:
        while not text.startswith(head):
            head = head[:-1]
    return head if len(head) >= 2 and all(len(t) > len(head) for t in texts) else ""


def _listed_with_the_key(part: str, question: Question) -> bool:
    """The part names a thing the explanation lists with the right options' texts (`类地行星是水星、金星、地球、
    火星`; `三国` of 《三国演义》 beside 《红楼梦》): true, though no option."""
    norm = normalize(part)
    if len(norm) < 2:
        return False
    key = [normalize(question.options[k]) for k in question.options if k.upper() in question.letters.upper()]
    for run in _LIST_RUN.findall(question.explanation or ""):
        items = [normalize(item) for item in re.split(r"[、，,和与及]", run) if normalize(item)]
        if sum(item in key for item in items) >= 2 and any(item.startswith(norm) for item in items if item not in key):
            return True
    return False


_LIST_RUN = re.compile(r"[^：:；;。！!？?]+")


def _letter_key(question: Question, letter: str) -> str:
    return next(k for k in question.options if k.upper() == letter)


def _part_of_one(norm: str, question: Question) -> set[str]:
    """`量化` for the option 模型量化: a part of one option's text that no other option holds, unless
    the option says the opposite around it (`激活函数` is not 不使用激活函数), or the part is itself
    another substance (`_another_substance`)."""
    if len(norm) < 2 or norm in _NAMES_NOTHING:
        return set()
    holding = [(k.upper(), normalize(v)) for k, v in question.options.items() if norm in normalize(v)]
    shortened = not holding
    if shortened:  # `筷子弯折` for 筷子插入水中看起来向上弯折: its words, in order, with others between
        holding = [(k.upper(), normalize(v)) for k, v in question.options.items() if _in_runs(norm, normalize(v))]
    if not holding:  # `树轮` for 树木年轮年代学 where the explanation itself calls it 树轮
        holding = _short_name(norm, question)
        shortened = bool(holding)
    if len(holding) != 1:
        return set()
    letter, text = holding[0]
    # What every option shares (`灭火法` of 冷却灭火法 … 化学抑制灭火法, `welding`) tells no option apart.
    own = _without_shared(text, question)
    short = len(norm) < _MIN_PART * len(core(own)) and not shortened
    if short or flipped(norm, text) is not None:
        return set()
    if read_value(question.options[_letter_key(question, letter)]) is not None:
        return set()  # a value is named by its value only: `221年` is no part of 公元前221年
    if _another_substance(norm, text):
        return set()
    return {letter}


def _without_shared(text: str, question: Question) -> str:
    """An option's normalised text without the ending (or the Latin words) every option has."""
    texts = [normalize(v) for v in question.options.values()]
    if len(texts) < 3:
        return text
    words = [set(re.findall(r"[a-z]+", v.casefold())) for v in question.options.values()]
    shared_words = set.intersection(*words) if all(words) else set()
    for word in shared_words:
        if len(word) >= 3 and text.replace(word, ""):
            text = text.replace(word, "")
    tail = _shared_tail(texts)
    if len(tail) >= 2 and all(len(t) > len(tail) for t in texts) and text.endswith(tail):
        text = text[: -len(tail)]
    return text


def _shared_tail(texts: list[str]) -> str:
    """The ending every text has (`窑` of 汝窑, 官窑, 钧窑); '' when they share none."""
    tail = texts[0] if texts else ""
    for other in texts[1:]:
        while tail and not other.endswith(tail):
            tail = tail[1:]
    return tail


def _of_their_kind(norm: str, options: list[str]) -> bool:
    """A short Chinese name ending as every option ends (the kind they name: 窑, 王朝, 定律), itself no option."""
    tail = _shared_tail(options)
    if not tail or not all(is_han(ch) for ch in tail) or len(options) < 3:
        return False
    return norm.endswith(tail) and len(norm) > len(tail) and norm not in options and len(norm) <= len(tail) + 4


_KIN = (2, 5)  # characters of a short name that may be a thing of an option's kind


def _kin_of_an_option(norm: str, question: Question, options: list[str]) -> bool:
    """A short Chinese name ending as one option ends (its kind: 器 of 缓冲器, 生 of 老生), itself no option,
    that shares nothing but that ending with the right options' texts (so no other name of the key's)."""
    if not _KIN[0] <= len(norm) <= _KIN[1] or not all(is_han(ch) for ch in norm):
        return False
    if any(norm in option or option in norm for option in options):
        return False
    if not any(len(option) >= 2 and option[-1] == norm[-1] for option in options):
        return False
    key = "".join(normalize(v) for k, v in question.options.items() if k.upper() in question.letters.upper())
    return not set(norm[:-1]) & set(key)


@lru_cache(maxsize=1024)  # a question's prompt and explanation, cut once
def _word_ends(text: str) -> frozenset[int]:
    """Where the segmenter's words of a normalised text begin and end."""
    import rjieba  # loaded at the first reply that needs it, as the case grader loads it

    ends, at = {0}, 0
    for word in rjieba.cut(text):
        at += len(word)
        ends.add(at)
    return frozenset(ends)


def _named_by_the_bank(norm: str, question: Question, options: list[str]) -> bool:
    """A term the prompt or the explanation names, as a whole word of its (`减压停留` in 潜水电脑会提示减压停留,
    `OK手势` in OK手势表示没问题), that is in no option's text: another thing than any option, named on purpose."""
    if len(norm) < 2 or any(norm in option or option in norm for option in options):
        return False
    for source in (question.prompt, question.explanation or ""):
        text = normalize(source)
        ends = _word_ends(text)
        start = text.find(norm)
        while start != -1:
            if start in ends and start + len(norm) in ends:
                return True
            start = text.find(norm, start + 1)
    return False


def _short_name(norm: str, question: Question) -> list[tuple[str, str]]:
    """The option a short name stands for that the question's own words write (`碳十四、树轮、热释光可给出具体
    年代` beside 树木年轮年代学): the name starts as the option does and its characters follow in its order."""
    if len(norm) < 2 or not all(is_han(ch) for ch in norm):
        return []
    written = normalize(f"{question.explanation or ''}|{question.prompt}")
    if norm not in written:
        return []
    return [
        (k.upper(), text)
        for k, v in question.options.items()
        if (text := normalize(v)).startswith(norm[0]) and _in_order(norm, text) and norm not in text
    ]


def _in_order(short: str, text: str) -> bool:
    chars = iter(text)
    return all(ch in chars for ch in short)


# Between a range's ends, in marks or in words: `20hz～20khz`, `20hz到20khz`.
_RANGE_SIGN = re.compile(r"(?<=[0-9a-zμ])(?:到|至|~|～|-|—|–)(?=[0-9])")
_MIN_RUN, _MAX_RUNS = 2, 3  # an option shortened by its words: each two characters at least, three at most


def _in_runs(part: str, text: str) -> bool:
    """The part is the text's own words, two to three runs of two characters or more, in order, from its first
    word to its last (`筷子弯折` of 筷子插入水中看起来向上弯折): a learner shortening a long option."""
    if len(part) < 2 * _MIN_RUN or not all(is_han(ch) for ch in part):
        return False
    if not (text.startswith(part[:_MIN_RUN]) and text.endswith(part[-_MIN_RUN:])):
        return False
    # Greedy: each run as long as the text holds it from where the last one ended.
    runs, at, start = 0, 0, 0
    while start < len(part):
        size = 0
        while start + size < len(part) and text.find(part[start : start + size + 1], at) != -1:
            size += 1
        if size < _MIN_RUN:
            return False
        at = text.find(part[start : start + size], at) + size
        start += size
        runs += 1
    return 2 <= runs <= _MAX_RUNS


# The last character of a chemical name (乙醇胺, 次氯酸钠, 胸腺嘧啶, 对乙酰氨基酚): the thing it names.
_SUBSTANCE_END = frozenset("钠钾钙镁铝铁铜锌银汞铅锰钡锂铬镍钴锡铂铵胺酸碱盐烷烯炔醇醛酮酯醚苯酚啶呤")


def _another_substance(part: str, text: str) -> bool:
    """A chemical name puts the substance at its end: a part that does not end it is a name of another
    substance (`乙醇` is ethanol, not 乙醇胺; `次氯酸` is an acid, not 次氯酸钠; `胸腺` no 胸腺嘧啶)."""
    return text[-1] in _SUBSTANCE_END and not text.endswith(part) and any(is_han(ch) for ch in part)


# What may follow a letter without a space and leave it a letter: `B对`, `A吧`, `AC两项`, `D选项`.
_AFTER_A_LETTER = frozenset("选项个两三四五都均全吧啊呀吗呢啦嘛哦喔噢对是正了哈为")


def _glued_to_a_word(text: str, match: re.Match[str]) -> bool:
    """Letters followed at once by Chinese that is no particle (`c大调`, `A型血`): a word, not a choice."""
    end = match.end("letters")
    return end < len(text) and is_han(text[end]) and text[end] not in _AFTER_A_LETTER


def read_letters(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Reading | None:
    """Read a choice reply; None when it holds neither letters nor an option's text."""
    original = unicodedata.normalize("NFKC", reply).strip()
    named = _Options(question, concepts)
    reading = _read(named, original)
    hedged = strip_hedges(original)
    if (reading is None or reading.stray) and hedged != original:  # `我觉得是B吧`, `应该选 梯度累积`, `1.5V吧`
        reading = _read(named, hedged) or reading
    if reading is None or reading.stray:  # `8*8=64 选C`: the working reads as a stray value, the letter chooses
        reading = _closing_letters(named, hedged) or reading
    if reading is None and question.kind is Kind.single:
        reading = _closing_name(named, hedged)
    return reading


# `拇指向上就是…`, `X的意思是…`: the prompt's own term and a copula before the answer.
_COPULA = re.compile(r"(?:就是|即是|即为|是指|指的是|的意思是|意思是|的含义是|含义是|表示|是|指|为|=|＝)")
_CLOSING_CUT = re.compile(r"[\s，,。;；:：]+")
_DENYING = re.compile(r"[不非没未别]|排除")


def _closing_name(named: _Options, text: str) -> Reading | None:
    """One option named at the end of a reply, after words that name no option: a description
    (`江西那个瓷都 景德镇`) or the prompt's term with a copula (`拇指向上就是上升`). Never after a negation
    (`不是龙泉 景德镇`), nor when the words before name another option; else one named first."""
    pieces = [p for p in _CLOSING_CUT.split(text.strip()) if p]
    lead, last = " ".join(pieces[:-1]), pieces[-1] if pieces else ""
    if not lead:  # one piece: the prompt's term and a copula before an option's name
        prompt = normalize(named.question.prompt)
        for match in _COPULA.finditer(text):
            before, after = text[: match.start()], text[match.end() :]
            if len(normalize(before)) >= 2 and normalize(before) in prompt and named.named(after):
                lead, last = before, after
                break
    if not lead or not last or _DENYING.search(lead) or (len(last) == 1 and last.isascii()):
        return _opening_name(named, pieces)
    found = named.named(last)
    if len(found) != 1 or named.named(lead) or any(named.named(p) for p in pieces[:-1]) or _another(named, lead, found):
        return _opening_name(named, pieces)
    return Reading(found)


def _another(named: _Options, words: str, found: frozenset[str]) -> bool:
    """The words hold the text of an option not found (`扬派也可以` beside 岭南派): two options said, no choice."""
    said = normalize(words)
    return any(
        k.upper() not in found and len(text := normalize(v)) >= 2 and text in said
        for k, v in named.question.options.items()
    )


def _opening_name(named: _Options, pieces: list[str]) -> Reading | None:
    """One option named first, then words about it that name no option and deny nothing (`景德镇窑，因为它在江西`);
    never with another option or a negation after it (`景德镇窑 不对`)."""
    if len(pieces) < 2:
        return None
    found = named.named(pieces[0])
    rest = pieces[1:]
    if len(found) != 1 or any(_DENYING.search(p) or named.named(p) or _LETTERS.fullmatch(p) for p in rest):
        return None
    return None if _another(named, " ".join(rest), found) else Reading(found)


# Letters that close a reply after its working or the option's words: `中位数是(3+5)/2=4，选b`, `升降舵，c`,
# `…=0.65 所以b`.
_CLOSING = re.compile(
    r"(?:[，,。;；:：]\s*|\s+|(?<![A-Za-z])(?:(?:所以|因此|故)(?:选|答案是|答案为|答案)?|选|答案是|答案为|答案))\s*"
    r"(?P<letters>[A-Ja-j](?:\s*[、,，]?\s*[A-Ja-j])*)\s*[。.!！]?\s*$"
)


def _closing_letters(named: _Options, text: str) -> Reading | None:
    """The letters a longer reply ends with; the words before them, if they name another option, conflict."""
    match = _CLOSING.search(text)
    if match is None or match.start() == 0:
        return None
    if (value := read_value(text)) is not None and value.unit is not None:
        return None  # `1.5 A`: a value and its unit (amperes), no choice of A
    letters = frozenset(re.sub(r"[^A-Za-z]", "", match["letters"]).upper())
    if not letters <= named.letters:
        return None
    lead = text[: match.start()].strip(" ，,。;；:：")
    by_text = named.named(lead) if lead else None
    if by_text and not (by_text & letters):
        return Reading(letters, conflict="".join(sorted(by_text)))
    return Reading(letters)


def _read(named: _Options, original: str) -> Reading | None:
    question, options = named.question, named.letters
    text = _PREFIX.sub("", original, count=1)
    said = {normalize(text), normalize(original)}
    if said & ALL_WORDS:
        return Reading(frozenset(options))
    if said & NONE_WORDS:
        return Reading(none=True)
    if (all_but := _ALL_BUT.match(text)) is not None:
        left_out = frozenset(re.sub(r"\band\b|[^A-Za-z]", "", all_but["letters"]).upper())
        if left_out <= options:
            return Reading(frozenset(options - left_out))
    # `选项二` / `选二`: the prefix taken off leaves the place alone.
    lone = text.strip()
    place = f"第{lone}" if text != original and len(lone) == 1 and (lone in _NUMERALS or lone.isdecimal()) else original
    if (letter := _ordinal(place, sorted(options))) is not None:
        return Reading(frozenset(letter))
    match = _LETTERS.match(text)
    if match and _glued_to_a_word(text, match):  # `c大调`: the letter is part of a word, no choice of C
        whole = named.named(original) or named.named(text)
        if whole:
            return Reading(whole)
        if not named.named(match["rest"].strip()):  # `A知识蒸馏`: a letter and its option's text
            match = None
    if match:
        tokens = re.findall(r"[A-Za-z]+", match["letters"])
        letters = frozenset(match["letters"].upper()) & frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        outside = "".join(sorted(letters - options))
        # A word like `maybe` is not letters: a run with letters far past the options (K and on).
        words = any(len(t) > 1 and set(t.upper()) - options - _NEAR_LETTERS for t in tokens)
        if not words:
            if outside:
                return Reading(letters & options, outside=outside)
            rest = match["rest"].strip()
            if question.kind is Kind.single and len(letters) == 1 and rest:
                by_text = named.named(rest)
                if by_text and not (by_text & letters):
                    return Reading(letters, conflict="".join(sorted(by_text)))
            return Reading(letters)
    # No letters: the text of one option (single) or of several (multiple).
    # The whole reply first: an option's own text may begin like a prefix (选择…, 答疑…).
    whole = named.named(original) or named.named(text)
    if whole:
        return Reading(whole)
    if question.kind is Kind.multiple:
        found: set[str] = set()
        shared = _shared_head(question)
        for part in _TEXT_SEPARATORS.split(text):
            part_named = named.named(part) or named.by_words(part) or named.glued(part)
            if part_named is None and shared and part.strip():  # `维生素A、D、K`: the options' shared head
                part_named = named.named(shared + part.strip()) or None
            if part.strip() and part_named is None:
                if _listed_with_the_key(part, question):
                    continue  # `地球` beside 水星、金星、火星: on the explanation's list, though no option
                left_out = _LEFT_OUT.fullmatch(part.strip())
                out = named.named(left_out["name"] or left_out["name2"]) if found and left_out else frozenset()
                if out and not out & found:
                    continue  # `香菇、青霉，乳酸菌不是`: after the choices, an option said to be left out
                return None
            found |= part_named or set()
        if found:
            return Reading(frozenset(found))
    if named.stray(text):
        return Reading(stray=text.strip())
    return None


def grade_choice(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Verdict:
    key = frozenset(question.letters.upper())
    expected = "".join(sorted(key))
    options = "".join(sorted(k.upper() for k in question.options))
    span = f"{options[0]}–{options[-1]}" if options else ""
    reading = read_letters(question, reply, concepts)
    if reading is not None and reading.stray:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=reading.stray,
            expected=expected,
            feedback_zh=f"「{reading.stray}」不是任何一个选项：答案是 {expected}。",
            feedback_en=f"「{reading.stray}」 is none of the options; the answer is {expected}.",
        )
    if reading is not None and reading.none:
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood="无",
            expected=expected,
            feedback_zh=f"至少有一个选项正确：答案是 {expected}。",
            feedback_en=f"At least one option is right: the answer is {expected}.",
        )
    if reading is None or reading.outside or reading.conflict or not reading.letters:
        if reading is not None and reading.outside:
            zh = f"没有选项 {reading.outside}，请从 {span} 中选择。"
            en = f"There is no option {reading.outside}; choose from {span}."
        elif reading is not None and reading.conflict:
            zh = f"字母和选项内容不一致（内容是 {reading.conflict}），请只回复一个字母。"
            en = f"The letter and the option text disagree (the text is {reading.conflict}); reply with one letter."
        elif question.kind is Kind.single:
            zh, en = f"请回复一个选项字母（{span}），例如 B。", f"Please reply with one option letter ({span}), e.g. B."
        else:
            zh = f"请回复所有正确选项的字母（{span}），例如 ABD。"
            en = f"Please reply with the letters of all right options ({span}), e.g. ABD."
        return Verdict(
            outcome=Outcome.wrong, score=0.0, understood=None, expected=expected, feedback_zh=zh, feedback_en=en
        )

    chosen = reading.letters
    understood = "".join(sorted(chosen))
    if question.kind is Kind.single:
        if len(chosen) > 1:
            outcome = Outcome.wrong
            zh = f"单选题只有一个正确选项，你选了 {understood}。"
            en = f"Only one option is right in a single-choice question; you chose {understood}."
        elif chosen == key:
            outcome, zh, en = Outcome.correct, "回答正确。", "Right."
        else:
            outcome = Outcome.wrong
            # What was chosen, not the key again: the key has a line of its own in every verdict.
            zh, en = f"你选了 {understood}。", f"You chose {understood}."
        return Verdict(
            outcome=outcome,
            score=1.0 if outcome is Outcome.correct else 0.0,
            understood=understood,
            expected=expected,
            feedback_zh=zh,
            feedback_en=en,
        )

    wrong = "".join(sorted(chosen - key))
    missing = "".join(sorted(key - chosen))
    if chosen == key:
        outcome, score, zh, en = Outcome.correct, 1.0, "回答正确。", "Right."
    elif wrong:
        outcome, score = Outcome.wrong, 0.0
        zh = f"{wrong} 不是正确选项（多选题选错不得分）。"
        en = f"{wrong} {'is' if len(wrong) == 1 else 'are'} not right (a wrong option scores 0)."
    else:
        outcome, score = Outcome.partial, len(chosen) / len(key)
        zh = f"少选了 {missing}（少选得部分分）。"
        en = f"You missed {missing} (too few options: partial score)."
    return Verdict(
        outcome=outcome, score=score, understood=understood, expected=expected, feedback_zh=zh, feedback_en=en
    )
