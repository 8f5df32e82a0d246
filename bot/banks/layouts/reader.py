"""Reading a text document (plain text, Markdown, HTML-ish, Word's text) into drafts, in two passes.

1. Recognise: every line is classified by the conventions (`bot.banks.conventions`) it could follow:
   a heading, a numbered line in some style, an option, a key or explanation marker, a list of keys.
   Keys collected apart (a key block after a section, an answer part at the end) are found, and the
   numbered lines that start questions are chosen for the whole document at once (`bot.banks.layouts.starts`).
2. Read: the lines between two starts are one question; its stem, options, key, explanation and a
   case's reference answer are told apart in order. Keys written elsewhere are matched by number.

Everything is kept with its line number, so every report can name the line.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field

from bot.banks.conventions.chars import cn_number, probe
from bot.banks.conventions.keys import (
    count_blanks,
    enumerated_parts,
    read_choice_key,
    read_true_false,
    read_true_false_key,
    split_fill_key,
    take_bracket_key,
)
from bot.banks.conventions.kinds import find_kind_tag, kind_of_word, trailing_tag
from bot.banks.conventions.markers import PICTURE, strip_score
from bot.banks.conventions.numbering import numbering
from bot.banks.conventions.options import OPTION_STYLES, inline_options, next_option_heads, option_start, split_options
from bot.banks.conventions.plain_options import PlainOptions, consistent, plain_options
from bot.banks.conventions.right_marks import ignored_marks_note, inconsistent_marks, right_mark, verdict_pair
from bot.banks.formats.lines import prepare_lines
from bot.banks.issues import Issue
from bot.banks.layouts.answer_part import (
    AnswerGroup,
    Piece,
    entries_label,
    entries_of_line,
    match_answer_part,
    split_entry,
)
from bot.banks.layouts.apart import Apart, read_answer_groups, read_key_block
from bot.banks.layouts.classify import Info, classify, part_headings, styles_without_runs
from bot.banks.layouts.starts import Candidate, LineFacts, choose_starts
from bot.banks.layouts.stem_keys import (
    answers_as_blanks,
    choice_key_in_stem,
    circled_key,
    circled_options,
    explanation_key,
    fill_answers_in_stem,
    has_answer_after_blank,
    has_bracketed_word,
    has_key_in_stem,
    has_padded_answer,
    has_underscored_answer,
    lettered_blanks,
    marked_letters,
    true_false_key_in_stem,
)
from bot.banks.layouts.subquestions import split_case
from bot.banks.model import CHOICE_KINDS, Kind
from bot.banks.questions.draft import Convention, Draft, Reading, SectionReport
from bot.banks.text import ends_sentence, join_lines, starts_list_item

__all__ = ["Reading", "read_text"]

_ANSWER_OPENER = re.compile(r"^(?:问题定位|解决方案|答案要点|答题要点|分析与解答|参考解答|参考答案|解答)\s*[:：]?")
_INLINE_KEY = re.compile(
    r"(?<=\S)\s*(?:【\s*(?:正确答案|参考答案|答案)\s*】\s*[:：]?|(?:正确答案|参考答案|标准答案|答案)\s*[:：])\s*"
    r"|(?<=\S)\s+(?:答|Answers?|Ans|ANS)\s*[:：]\s*"  # "……　答：B" (a space first: 回答： is a word)
)
# the explanation's label after the key on its line, spaced or glued: "答案：A 解析：…", "正确答案:C解题思路:…"
_EXPLAINED = r"答案解析|试题解析|题目解析|详细解析|解析|详解|解题思路|解答思路|思路分析|试题分析|分析|点评|点拨"
_INLINE_EXPLANATION = re.compile(
    rf"\s*(?:【\s*(?:{_EXPLAINED})\s*】|(?:{_EXPLAINED})\s*[:：]|(?:\s|(?<=[A-H]))(?:Explanation|Rationale|Reason)\s*[:：])\s*"
)
_OWN_NUMBERED_KEY = re.compile(r"^[（(]\s*(\d{1,4})\s*[)）]\s*([A-H]{1,8})\s*$")
_DASH_WHY = re.compile(r"\s+(?:[—–]|--)\s+(?=\S)")
_ASKS = re.compile(r"[？?：:]\s*$|[（(]\s*[)）]|_{2,}|\b(?:which|what|who|when|where|why|how)\b", re.I)
_SHARED = re.compile(
    r"[（(]?\s*(\d{1,4})\s*[~～\-－—至到]\s*(\d{1,4})\s*题?\s*共用(?:备选答案|选项|题干|病例|病历|材料|案例)"
    r"|^[\[【（(]\s*(\d{1,4})\s*[~～\-－—至到]\s*(\d{1,4})\s*题?\s*[\]】）)]$"  # "[6～8]" alone above the options
)
_TF_WORD = re.compile(r"正确|错误|对|错|√|×|True|False|TRUE|FALSE")
_MY_ANSWER = re.compile(r"[【\[]?\s*(?:正确答案|参考答案|标准答案)\s*[】\]]?\s*[:：]?\s*")
# what follows the key on a platform's line: "…正确答案：B  得分：2", "【正确答案】D　【得分】2"
_TRAILING_META = re.compile(
    r"\s*(?:[【\[]\s*(?:我的答案|你的答案|您的答案|得分|分值|本题得分|难度|题型|答案解析|解析)\s*[】\]]"
    r"|(?:我的答案|你的答案|您的答案|得分|分值|本题得分|难度|题型)\s*[:：]).*$"
)
LETTERS_ORDER = "ABCDEFGH"
_BARE_ORDINAL = re.compile(r"^[（(]?\s*([一二三四五六七八九十]{1,3})\s*[)）、.．]?\s*$")
_SHARED_MATERIAL = re.compile(
    r"(?:根据|阅读)(?:以下|下列|下面|如下)的?(?:资料|材料|短文|文字|文段|图表|表格|案例)[，,]?\s*(?:完成|回答)\s*(?:第\s*)?"
    r"(\d{1,4})\s*[~～\-－—至到]\s*(\d{1,4})\s*题"
)
_SUBQUESTIONS = re.compile(r"(?:回答|完成)(?:下列|以下|下面)(?:小题|各小题|问题)[。.：:]?\s*$")
_NOTES = re.compile(
    r"^\s*(?:注\s*意\s*事\s*项|考\s*生\s*须\s*知|考试须知|答题须知|答题说明|Instructions)\s*[:：]?\s*$", re.I
)
_DOT_TAG = re.compile(r"^[·•・]\s*([^】\]\s]{1,10})\s*[】\]]")
_ANSWER_OF = re.compile(r"^A\d{1,4}\s*[.:：]?$")


# -- questions and sections being read ------------------------------------------------------------------
@dataclass
class _Section:
    report: SectionReport
    kind: Kind | None
    chapter: bool  # a heading that names no kind
    questions: list[_Question] = field(default_factory=list)
    key_block: dict[int, tuple[int, str]] = field(default_factory=dict)
    explanation_block: dict[int, list[Piece]] = field(default_factory=dict)
    answers_in_brackets: bool = False  # a section of fill-ins printed with their answers in the brackets
    answers_in_underscores: bool = False  # … or between underscores (`__int__`)
    answers_marked: bool = False  # … or marked in place (underlined, red)
    loose: list[tuple[int, str]] = field(default_factory=list)  # text outside its questions: a cloze passage

    @property
    def title(self) -> str | None:
        return self.report.title

    def recognise_bracket_answers(self) -> None:
        """Fill-ins with the answer in the stem's brackets (`（ 1982 ）年`), recognised when several keyless
        questions without options in the section write them so."""
        keyless = [q for q in self.questions if not (q.key or q.options or q.answer or q.tf_mark is not None)]
        padded = sum(has_padded_answer(" ".join(p.text for p in q.stem)) for q in keyless)
        fills_here = any(count_blanks(" ".join(p.text for p in q.stem)) for q in self.questions)
        # several keyless questions write answers so; or every one does, beside fill-ins with blanks
        stems = [" ".join(p.text for p in q.stem) for q in keyless]
        # "__int__" in several keyless questions (or the only one): answers printed in place, not two blanks
        marked = sum(bool(q.marked_words) for q in keyless)  # "美丽、<u>耐久</u>": the answers in place
        self.answers_marked = (marked >= 2 or marked == len(keyless) == 1) and 2 * marked >= len(keyless)
        underscored = sum(has_underscored_answer(s) for s in stems)
        self.answers_in_underscores = underscored >= 2 or underscored == len(stems) == 1
        # a fill-in section whose every keyless question has words in brackets and no blank to fill
        bracketed = (
            self.kind is Kind.fill
            and len(stems) >= 2
            and all(has_bracketed_word(s) and not count_blanks(s) for s in stems)
        )
        self.answers_in_brackets = (
            (padded >= 2 and padded * 2 >= len(keyless))
            or (padded >= 1 and padded == len(keyless) and fills_here)
            or bracketed
        )


_NO_STEM = re.compile(r"\s*(?:!\[|<)")  # a Markdown image, an HTML tag


@dataclass
class _Option:
    letter: str
    pieces: list[Piece]
    marks: set[str]


@dataclass
class _Question:
    number: int
    line: int
    style: str
    part: int
    section: _Section
    kind: Kind | None = None  # declared: its own tag, else the section's
    tagged: bool = False
    stem: list[Piece] = field(default_factory=list)
    options: list[_Option] = field(default_factory=list)
    key: list[Piece] = field(default_factory=list)
    explanation: list[Piece] = field(default_factory=list)
    answer: list[Piece] = field(default_factory=list)
    tf_mark: bool | None = None
    tags: list[str] = field(default_factory=list)
    alternates: list[str] = field(default_factory=list)
    state: str = "stem"  # stem, options, key, key_next, explanation, ask, answer
    shared: dict[str, str] = field(default_factory=dict)  # options written once for several questions
    option_style: str | None = None  # the style its options are written in (`A.`, `A、` …)
    quoted_answer: bool = False  # its answer (or key) was read from a quote under the stem
    picture: bool = False  # a picture's placeholder stood in it
    material: str = ""  # the passage several questions share ("根据以下资料，回答1～4题。")
    fence_at: int | None = None  # where a code block begins in the stem
    marked_words: list[str] = field(default_factory=list)  # words of the stem in red (underlined…)
    last_line: int = 0
    asked: bool = False  # saw 问题：

    @property
    def is_case(self) -> bool:
        if self.kind is Kind.case or self.style == "case":
            return True
        return self.kind is None and self.asked and not self.options

    def expects(self) -> Kind | None:
        return self.kind

    def has_options(self) -> bool:
        return bool(self.options or self.shared) or circled_options([p.text for p in self.stem]) is not None


_CODE = re.compile(r"`([^`\n]+)`")


def _short_value(text: str) -> bool:
    """A value or a word (`2.048`, `介质访问控制`, `H2O`), not a sentence, code or a blank of its own."""
    value = text.strip()
    return (
        0 < len(value) <= 30 and not _CODE_SIGNS.search(value) and not count_blanks(value) and not ends_sentence(value)
    )


# what code shows and a value does not: brackets, assignment, statements' ends, quotes, a call's dot
_CODE_SIGNS = re.compile(r"[(){}\[\]<>=;\"'`$]|\w\.\w+\(|^\s*(?:def|class|import|print|for|if|while|return)\b")


def _join(pieces: list[Piece], *, paragraphs: bool = False) -> str:
    """A field's lines joined; inline code marks (`x`) dropped, their text kept."""
    text = join_lines([(p.text, p.gap) for p in pieces], paragraphs=paragraphs)
    return _CODE.sub(r"\1", text) if "`" in text else text


# -- the reader -------------------------------------------------------------------------------------------
class _Reader:
    def __init__(self, infos: list[Info]) -> None:
        self.infos = infos
        self.issues: list[Issue] = []
        self.sections: list[_Section] = []
        self.section: _Section | None = None
        self.q: _Question | None = None
        self.title: str | None = None
        self.kind_context: Kind | None = None
        self.answer_groups: list[AnswerGroup] | None = None
        self.shared: tuple[int, int, list[tuple[str, str]]] | None = None  # options shared by a range
        self.keys_marked: frozenset[str] = frozenset()  # marks this document uses for keys
        self.unlettered: dict[int, PlainOptions | None] = {}  # questions over plain lines (`finish`)
        self.unlettered_consistent = False
        self.marks_ignored: frozenset[str] = frozenset()  # structure marks the document does not key with
        self.quoted_lines: frozenset[int] | None = None
        self.fenced_lines: frozenset[int] | None = None
        self.index_of: dict[int, int] | None = None  # a line's place in self.infos, by the Info's identity
        self.list_lines: frozenset[int] | None = None  # lines that are a Markdown list's items
        self.material: tuple[int, int, list[tuple[int, str]]] | None = None  # first, last, (line, text)
        self.seen = Counter[str]()  # conventions met, for the summary

    def warn(self, line: int, zh: str, en: str) -> None:
        self.issues.append(Issue("warning", line, zh, en))

    # -- choosing starts ------------------------------------------------------------------------------
    def facts_and_candidates(self, barriers: list[tuple[int, int]]) -> tuple[list[LineFacts], list[Candidate]]:
        facts = [LineFacts() for _ in self.infos]
        blocked = [False] * len(self.infos)
        for a, b in barriers:
            for k in range(a, b):
                blocked[k] = True
                facts[k].barrier = True
        candidates: list[Candidate] = []
        kind: Kind | None = None
        asking = False
        listing = False  # the numbered data of a case's question (a calculation's figures) are under way
        for k, info in enumerate(self.infos):
            f = facts[k]
            if kind is Kind.case and info.heading is not None and (m := _BARE_ORDINAL.match(info.text)):
                # "（一）" alone under 案例分析题, its 背景资料 below: the case's number, not a chapter
                candidates.append(Candidate(k, "case", cn_number(m.group(1)), "", True))
                continue
            if info.heading is not None:
                f.heading = True
                f.kind_heading = info.heading.names_kind
                if info.heading.names_kind and not info.heading.ambiguous:
                    kind = info.heading.kind
            f.case_section = kind is Kind.case
            line_text = info.line.text
            if ("下列" in line_text or "以下" in line_text or "下面" in line_text) and _SUBQUESTIONS.search(info.text):
                f.heading = True  # "……分析回答下列小题。": sub-questions numbered from (1) follow
            if blocked[k]:
                continue
            marker = info.marker
            role = marker[0].role if marker else None
            if role == "ask" and marker and not marker[1]:
                asking = True  # "问题：" alone: the （1）（2） under it, and in its answer, are the case's own
            elif asking and (info.heading is not None or any(style != "paren" for style, _, _ in info.nums)):
                asking = False
            if listing and (role is not None or info.heading is not None or any(s != "paren" for s, _, _ in info.nums)):
                listing = False
            f.key = role == "key"
            f.ask = role == "ask"
            f.answer_opener = role == "answer" or (role == "key" and bool(marker and not marker[1]))
            f.option_a = info.option is not None and info.option[1] == "A"
            f.opener = (
                f.option_a or f.key or f.ask or role == "kind" or info.tf_slots is not None or bool(info.line.cells)
            )
            after_letter = (
                k > 0
                and self.infos[k - 1].option is not None
                and self.infos[k - 1].option[0] == "alone"  # type: ignore[index]
                and "alone" not in self.run_styles_missing
            )
            for style, number, rest in info.nums if not after_letter else ():  # "B" then "12": an option's text
                if (asking or listing) and style == "paren":
                    continue
                if not (info.line.fenced):
                    tag = find_kind_tag(rest)
                    bare = not strip_score(tag[1] if tag else rest)
                    candidates.append(Candidate(k, style, number, rest, bare))
                    if (tag and not bare) or has_key_in_stem(rest):
                        f.opener = True  # a kind tag before the stem ("1. (单选题) …"), or a key in it
            if kind is Kind.case and info.nums and info.text.rstrip().endswith(("：", ":")):
                # "1. 某企业的资料如下：" then "（1）销售收入500万元；…": the question's data, not its parts
                listing = any(style != "paren" for style, _, _ in info.nums)
        return facts, candidates

    # -- pass 2: reading --------------------------------------------------------------------------------
    def run(self) -> None:
        infos = self.infos
        apart = Apart(infos)
        answer_at = apart.answer_part_start()
        stop = answer_at if answer_at is not None else len(infos)
        key_blocks = apart.key_blocks(stop)
        grids = apart.grids(stop)
        blocked = {k for a, b in key_blocks.items() for k in range(a, b)} | {k for i in grids for k in (i, i + 1)}
        lists = apart.key_lines(stop, blocked)
        barriers = [*key_blocks.items(), *((i, i + 2) for i in grids), *((i, i + 1) for i in lists)]
        if answer_at is not None:
            barriers.append((answer_at, len(infos)))
        facts, candidates = self.facts_and_candidates(barriers)
        chosen = choose_starts(facts, candidates)
        starts = {c.index: c for c in chosen}
        self.check_numbering(chosen, candidates, facts)
        k = 0
        notes = False
        while k < stop:
            if k in key_blocks:
                self.key_block(k, key_blocks[k])
                k = key_blocks[k]
                continue
            if k in lists:  # "Answers (Part A): 1-(b), 2-(b), …": keys of the part it names, or of this one
                sec = self.section_named(entries_label(infos[k].text)) or self.ensure_section(infos[k].line.number)
                for number, key in lists[k]:
                    sec.key_block.setdefault(number, (infos[k].line.number, key))
                self.seen["key:block"] += 1
                k += 1
                continue
            if k in grids:  # keys in a grid above (or below) the questions they key
                sec = self.ensure_section(infos[k].line.number)
                for number, key in grids[k]:
                    sec.key_block.setdefault(number, (infos[k + 1].line.number, key))
                self.seen["key:block"] += 1
                k += 2
                continue
            info = infos[k]
            if k + 1 in starts and k not in starts and _alone_number(info) is not None:
                starts[k + 1].number = _alone_number(info) or starts[k + 1].number  # "15" above "【填空题】…"
                k += 1
                continue
            if info.heading is not None or (not notes and _NOTES.match(info.text)):
                notes = bool(_NOTES.match(info.text))  # "注意事项" and its numbered points: no questions
            if notes and info.heading is None:
                pass
            elif k in starts:
                self.start_question(starts[k], info)
            elif info.heading is not None:
                self.open_section(info)
            else:
                self.read_line(info, infos[k + 1] if k + 1 < stop else None)
            k += 1
        if answer_at is not None:
            self.seen["key:end"] += 1
            self.answer_groups = read_answer_groups(infos, answer_at, self.warn)

    def check_numbering(self, chosen: list[Candidate], candidates: list[Candidate], facts: list[LineFacts]) -> None:
        """Say where numbering jumps, and where a numbered line that looks like a question is read as text."""
        heading_before = [0] * (len(facts) + 1)
        for k, f in enumerate(facts):
            heading_before[k + 1] = heading_before[k] + f.heading
        for a, b in itertools.pairwise(chosen):
            same_part = heading_before[a.index] == heading_before[b.index]
            if same_part and a.style == b.style and numbering(a.style).sequential and b.number > a.number + 1:
                line = self.infos[b.index].line.number
                self.warn(
                    line,
                    f"题号从 {a.number} 跳到 {b.number}，请检查是否漏题",
                    f"numbering jumps from {a.number} to {b.number}: check that no question was lost",
                )
        styles = {c.style for c in chosen}
        starts = {c.index for c in chosen}
        owner: Candidate | None = None
        for k, c in enumerate(candidates):
            if c.index in starts:
                owner = c
                continue
            if owner is None or c.style not in styles or facts[c.index].case_section or owner.style == "case":
                continue
            end = candidates[k + 1].index if k + 1 < len(candidates) else len(facts)
            if any(f.option_a or f.key for f in facts[c.index + 1 : end]):
                line = self.infos[c.index].line.number
                self.warn(
                    line,
                    f"这一行像是第 {c.number} 题，但按第 {owner.number} 题的正文读入",
                    f"this line looks like question {c.number} but is read as text of question {owner.number}",
                )

    def section_named(self, label: str | None) -> _Section | None:
        if not label:
            return None
        return next((s for s in self.sections if s.title and label.lower() in s.title.lower()), None)

    def open_section(self, info: Info) -> None:
        heading = info.heading
        assert heading is not None
        self.note_material(info.text)
        if not heading.names_kind and self.title is None and not self.sections:
            self.title = heading.title  # "# 期中练习" above everything: the document's title
            return
        self.q = None
        if heading.names_kind:
            self.kind_context = heading.kind
        report = SectionReport(
            heading.title, heading.kind if heading.names_kind else None, info.line.number, declared=heading.declared
        )
        self.section = _Section(report, self.kind_context, chapter=not heading.names_kind)
        self.sections.append(self.section)
        self.seen["heading"] += heading.names_kind

    def ensure_section(self, line: int) -> _Section:
        if self.section is None:
            self.section = _Section(SectionReport(None, None, line), None, chapter=True)
            self.sections.append(self.section)
        return self.section

    def start_question(self, cand: Candidate, info: Info) -> None:
        sec = self.ensure_section(info.line.number)
        self.seen["numbering:" + cand.style] += 1
        number = cand.number
        if not numbering(cand.style).sequential and number == 0:  # unnumbered: counted in order
            number = (sec.questions[-1].number if sec.questions else 0) + 1
        q = _Question(number, info.line.number, cand.style, self.sections.index(sec), sec, kind=sec.kind)
        if self.material is not None:
            first, last, lines = self.material
            if first <= number <= last and lines:
                q.material = "\n".join(text for _, text in lines)
            elif number > last:
                self.material = None
        rest = strip_score(cand.rest)
        if m := _DOT_TAG.match(rest):  # "【例题9·判断题】…": the number and the kind share one bracket
            rest = f"【{m.group(1)}】{rest[m.end() :]}"
        tag = find_kind_tag(rest)
        if tag is not None:
            kind, without = tag
            if kind is not None or sec.kind is None:
                q.kind, q.tagged = kind, kind is not None
                self.seen["tag"] += 1
            rest = strip_score(without) if _leading_tag(rest) or trailing_tag(rest) else rest
        sec.questions.append(q)
        self.q = q
        if self.shared is not None:
            first, last, options = self.shared
            if first <= number <= last and options:
                q.shared = dict(options)
            elif number > last:
                self.shared = None
        q.last_line = info.line.number
        if rest:
            self.note_marked_words(q, info)
            self.add_text(q, rest, info, first=True)

    def note_marked_words(self, q: _Question, info: Info) -> None:
        """Words of the stem a document marks (red, underlined, bold): a fill-in's answers in place."""
        if q.state == "stem" and info.line.spans:
            spans = {(a, b) for a, b, mark in info.line.spans if mark in ("red", "under", "high")}
            # "<mark>____<u>五</u>____</mark>": the answer written in a highlighted blank is the inner mark
            inner = sorted(s for s in spans if not any(o != s and s[0] <= o[0] and o[1] <= s[1] for o in spans))
            q.marked_words.extend(word for a, b in inner if (word := info.line.text[a:b].strip(" _")))

    def read_line(self, info: Info, nxt: Info | None = None) -> None:
        if _SHARED_MATERIAL.search(probe(info.text)) and self.note_material(info.text):
            self.q = None  # "根据以下资料，回答5～7题。" after question 4: the next passage begins
            return
        if m := _SHARED.search(probe(info.text)):  # "（11～12题共用备选答案）" and the options below it
            first, last = (int(g) for g in m.groups() if g)
            if re.search(r"共用(?:题干|病例|病历|材料|案例)", m.group(0)):
                self.material = (first, last, [])  # "（6～8题共用题干）" over a case: the text each of them asks about
            else:
                self.shared = (first, last, [])
            self.q = None
            return
        if self.unnumbered_start(info, nxt):
            return
        if self.shared is not None and self.q is None and info.option is not None:
            found = split_options(info.text, *info.option)
            self.shared[2].extend((letter, info.text[a:b].strip()) for letter, a, b in found)
            return
        q = self.q
        if q is None:
            self.outside(info)
            return
        q.last_line = info.line.number
        if q.style == "q" and _ANSWER_OF.match(info.text):
            q.state = "explanation"  # "### A1." under "### Q1.": the answer's notes follow
            return
        if info.line.fenced:
            if q.state == "stem" and q.fence_at is None:
                q.fence_at = len(q.stem)
            piece = Piece(info.line.text, info.line.number, info.line.gap)
            if q.state == "key" and not q.options and not q.is_case:
                q.stem.append(piece)  # the key written above the question's code and options
            else:
                self.add_piece(q, piece)
            return
        if (
            info.line.quoted
            and info.marker is None
            and q.state == "stem"
            and q.stem
            and not q.options
            and not (q.stem[-1].line == info.line.number - 1 and self.infos_quoted(info.line.number - 1))
        ):
            # "**Q2：简述……**" then "> ZeRO-1 切分……": the answer set apart in a quote under the question
            value = read_true_false(re.sub(r"[。.!！]+$", "", info.text.strip()))
            if take_bracket_key(q.stem[-1].text, true_false=True)[1] is not None and q.kind in (None, Kind.true_false):
                q.explanation.append(self.piece(info))  # "… charter. (T)" over "> 项目进度表…": its verdict given,
                q.state = "explanation"  # the quote is a note (a translation), no reference answer
                return
            if value is not None and q.kind in (None, Kind.true_false):
                q.key.append(self.piece(info))
                q.state = "key"
            else:
                q.answer.append(self.piece(info))
                q.state = "answer"
            q.quoted_answer = True
            return
        if info.marker is not None:
            self.on_marker(q, info)
        elif info.tf_slots is not None:
            if q.is_case:
                self.add_piece(q, self.piece(info))
            else:
                q.state = "options" if q.state == "stem" else q.state
                if info.tf_slots[0] is not None:
                    q.tf_mark = info.tf_slots[0]
                if q.kind is None:
                    q.kind = Kind.true_false
        elif self.took_options(q, info):
            pass
        elif _TF_WORD.fullmatch(info.text) and q.state in ("stem", "options") and not q.options:
            q.kind = q.kind or Kind.true_false  # "正确" / "错误" on lines of their own: the choices
        elif info.line.cells is not None and q.state == "stem" and not q.options:
            self.add_piece(q, Piece(" ".join(c for c in info.line.cells if c), info.line.number, info.line.gap))
        else:
            self.note_marked_words(q, info)
            self.add_text(q, info.line.text, info)

    def value_alone(self, q: _Question) -> None:
        """A short value set apart alone under a question with no options or key (a fill-in, or of no kind yet):
        its key, written with no word for "answer" — in a code block (`### 3. MAC 地址长____字节` then a fenced
        `6`) or a quote (`> H2O`). A key that short makes the question a fill-in, not a case. Not code the
        question asks about (after a colon, a block of more than one line or with code's brackets or operators)."""
        if q.options or q.shared or q.kind not in (None, Kind.fill) or q.key or q.style == "case" or q.asked:
            return
        at = q.fence_at
        if q.quoted_answer and len(q.answer) == 1 and _short_value(q.answer[0].text):
            q.key, q.answer = q.answer, []
        elif not q.answer and at is not None and len(q.stem) == at + 1 and at > 0:
            if self.fenced_lines is None:
                self.fenced_lines = frozenset(i.line.number for i in self.infos if i.line.fenced)
            piece = q.stem[at]
            asked = q.stem[at - 1].text.rstrip()
            if piece.line in self.fenced_lines and not asked.endswith((":", "：")) and _short_value(piece.text):
                q.key, q.stem, q.fence_at = [piece], q.stem[:at], None

    @staticmethod
    def verdict_pair(q: _Question) -> None:
        """A statement's two verdicts on the line under it, the right one marked (`对(正确答案)  错`): its key,
        the line no part of the stem (neither marked: no key, never the word that happens to close the line)."""
        if q.options or q.shared or q.key or len(q.stem) < 2 or (pair := verdict_pair(q.stem[-1].text)) is None:
            return
        last = q.stem.pop()
        if pair[0] is not None:
            q.key = [Piece("对" if pair[0] else "错", last.line, last.gap)]

    def infos_quoted(self, line: int) -> bool:
        """Whether the document's line `line` was a quote (a question quoted whole stays a question)."""
        if self.quoted_lines is None:
            self.quoted_lines = frozenset(i.line.number for i in self.infos if i.line.quoted)
        return line in self.quoted_lines

    def unnumbered_start(self, info: Info, nxt: Info | None) -> bool:
        """A question without a number: a line that asks, right above a first option, where no question is
        open or the open one is complete (has its options and its key)."""
        if self.after_list(info, nxt):
            q = self.q
            assert q is not None  # after_list holds only under an open question
            note = info.marker is None and not _ASKS.search(info.text) and not any(o.marks for o in q.options)
            if note and self.key_before_options(info):
                # a paragraph between a list of unmarked options and the key: the question's note, not the next
                # stem (one that asks, or under options already marked, is the next question)
                q.explanation.append(self.piece(info))
                q.state = "explanation"
                return True
            # else a paragraph after a list of options and a blank line: the next question's stem
        elif nxt is None or nxt.option is None or nxt.option[1] != "A" or nxt.option[0] in self.run_styles_missing:
            return False
        real_option = info.option is not None and info.option[0] not in self.run_styles_missing
        if info.marker is not None or real_option or info.heading is not None or info.line.fenced:
            return False
        if info.nums:
            return False  # a numbered line the document as a whole did not take for a question
        q = self.q
        complete = (len(q.options) >= 2 and q.state in ("options", "key", "explanation")) if q else True
        if q is not None and not complete and not (q.key and not q.options and q.state in ("key", "explanation")):
            return False  # open and incomplete; a keyed fill-in or judgement is complete without options
        if q is not None and q.state == "explanation" and not _ASKS.search(info.text):
            return False  # after an explanation began, only a line that asks opens the next question
        sec = self.ensure_section(info.line.number)
        number = (sec.questions[-1].number if sec.questions else 0) + 1
        self.start_question(Candidate(self.infos.index(info), "unnumbered", number, info.text), info)
        return True

    def key_before_options(self, info: Info) -> bool:
        """Whether a key marker follows the line before any first option or heading does (within a few lines):
        with the open question's options unmarked and the line asking nothing, the key is that question's."""
        if self.index_of is None:
            self.index_of = {id(i): k for k, i in enumerate(self.infos)}
        k = self.index_of[id(info)]
        for later in self.infos[k + 1 : k + 12]:
            if later.marker is not None and later.marker[0].role == "key":
                return True
            if later.heading is not None or (later.option is not None and later.option[1] == "A"):
                return False
        return False

    def after_list(self, info: Info, nxt: Info | None) -> bool:
        """Line k is a paragraph of its own (a blank line above it, no bullet, no indent, more lines below it)
        after a question whose options are a list's items (`- a. Thermometer` …): a list ends at its blank
        line, so the paragraph is no part of the last option."""
        q = self.q
        if q is None or nxt is None or q.state != "options" or len(q.options) < 2 or not info.line.gap:
            return False
        if info.line.lead or info.line.text[:1].isspace() or info.line.cells is not None or info.line.quoted:
            return False
        if PICTURE.match(info.text) or _NO_STEM.match(info.text) or len(re.findall(r"\w", info.text)) < 3:
            return False  # the question's picture or a page's markup ("![…](…)", "<details>") under its options
        if self.list_lines is None:
            self.list_lines = frozenset(i.line.number for i in self.infos if i.line.lead > 0)
        return all(o.pieces and o.pieces[0].line in self.list_lines for o in q.options)

    def note_material(self, text: str) -> bool:
        """ "（一）根据以下资料，回答1～4题。": the text up to question 1 is shared by questions 1–4."""
        if m := _SHARED_MATERIAL.search(probe(text)):
            self.material = (int(m.group(1)), int(m.group(2)), [])
            return True
        return False

    def outside(self, info: Info) -> None:
        text = info.line.text
        if self.note_material(text):
            return
        if self.material is not None:
            self.material[2].append((info.line.number, text))  # the shared passage, before its questions
            return
        if self.title is None and self.section is None:
            self.title = text
        elif info.marker is not None and info.marker[0].role == "meta":
            return
        else:
            self.ensure_section(info.line.number).loose.append((info.line.number, text))
            self.warn(info.line.number, "题目之外的文字，已忽略", "text outside any question was ignored")

    def piece(self, info: Info, text: str | None = None) -> Piece:
        return Piece(info.line.text if text is None else text, info.line.number, info.line.gap)

    # -- a line inside a question --------------------------------------------------------------------
    def add_text(self, q: _Question, text: str, info: Info, *, first: bool = False) -> None:
        """Text, split where a key or an explanation is written on the same line (`…（ ） 答案：B`)."""
        m = _INLINE_KEY.search(text) if not q.is_case else None
        if (m and not first) or (m and m.start() > 0):
            before, after = _unwrapped(text[: m.start()].strip(), text[m.end() :].strip())
            if before:
                self.add_text(q, before, info, first=first)
            self.on_key(q, after, info)
            return
        if q.state == "options" and q.options and q.option_style and (at := _next_option_at(q, text)) is not None:
            # "性呼吸困难 D .咳粉红色泡沫痰": an option broken over lines, the next options after its end
            if text[:at].strip():
                q.options[-1].pieces.append(Piece(text[:at].strip(), info.line.number, info.line.gap))
            offset = info.line.text.find(text[at:])
            nxt = chr(ord(q.options[-1].letter) + 1)
            self.take_options(q, text[at:], max(offset, 0), info, (q.option_style, nxt))
            return
        if (first or q.state == "stem") and not q.options and not q.is_case:
            at = inline_options(text)
            if at is not None:  # "……（ ）。 A. x B. y C. z": the stem and its options on one line
                if text[:at].strip():
                    self.add_piece(q, Piece(text[:at].strip(), info.line.number, info.line.gap), first=first)
                offset = info.line.text.find(text[at:])
                self.take_options(q, text[at:], max(offset, 0), info)
                return
        self.add_piece(q, Piece(text, info.line.number, info.line.gap), first=first)

    def add_piece(self, q: _Question, piece: Piece, *, first: bool = False) -> None:
        state = q.state
        if first or state == "stem":
            q.stem.append(piece)
        elif state == "key_next":
            q.key.append(piece)
            q.state = "key"
        elif state == "key":
            fill = q.kind is Kind.fill or (q.kind is None and not q.options and not q.is_case)
            if fill and _runs_on(q.key, piece) and not _fills_its_blanks(q):
                q.key.append(piece)  # a fill key broken across lines (PDF text)
            else:
                q.explanation.append(piece)  # after a choice key, loose text explains it
                q.state = "explanation"
        elif state == "options":
            if q.options:
                q.options[-1].pieces.append(piece)
            else:
                q.stem.append(piece)
        elif state == "explanation":
            q.explanation.append(piece)
        elif state == "ask":
            last = q.stem[-1].text if q.stem else ""
            # the items a question lists ("判断下列说法的正误：" then "（1）……（ ）") are the question's
            items = (last.rstrip().endswith(("：", ":")) or starts_list_item(last)) and starts_list_item(piece.text)
            to_fill = bool(re.search(r"[（(]\s*[)）]|_{2,}", piece.text))
            label_alone = bool(re.fullmatch(r"\s*[^\s:：]{1,6}\s*[:：]\s*", last))  # "问题：" over the question
            if (
                ends_sentence(last)
                and not label_alone
                and not items
                and not to_fill
                and not (starts_list_item(piece.text) and piece.text.rstrip().endswith(("？", "?")))
            ):
                q.answer.append(piece)  # the reference answer starts after the case's question
                q.state = "answer"
            else:
                q.stem.append(piece)
        elif state == "answer":
            q.answer.append(piece)
        elif state == "meta":
            pass  # "我的答案：" and what the learner wrote under it
        else:
            q.stem.append(piece)

    def on_marker(self, q: _Question, info: Info) -> None:
        assert info.marker is not None
        marker, rest = info.marker
        role = marker.role
        if role == "meta":
            if PICTURE.match(info.text):
                q.picture = True
            my = _MY_ANSWER.search(info.text)
            if my and my.start() > 0:  # "我的答案：A 正确答案：B"
                self.seen["key:platform"] += 1
                self.on_key(q, info.text[my.end() :], info)
            elif marker.label == "我的答案" and (q.state in ("key", "key_next") or not rest):
                q.state = "meta"  # the learner's own answer follows: no part of the key (nor of the stem)
            return
        if q.state == "answer" and role in ("key", "explanation", "ask") and q.is_case:
            if role == "explanation" and rest:
                q.explanation.append(self.piece(info, rest))
                q.state = "explanation"
            else:
                q.answer.append(self.piece(info))
            return
        if role == "key":
            self.on_key(q, rest, info)
        elif role == "explanation":
            if rest:
                q.explanation.append(self.piece(info, rest))
            q.state = "explanation"
        elif role == "ask":
            if q.options or (q.kind is not None and q.kind is not Kind.case):
                self.add_text(q, info.line.text, info)
                return
            q.asked = True
            q.stem.append(self.piece(info))
            q.state = "ask"
        elif role == "answer":
            if q.options and not q.is_case:  # 【解答】 under a choice question explains it
                if rest:
                    q.explanation.append(self.piece(info, rest))
                q.state = "explanation"
            elif q.is_case or (not q.options and q.kind in (None, Kind.case)):
                q.answer.append(self.piece(info))
                q.state = "answer"
            else:
                self.add_text(q, info.line.text, info)
        elif role == "label":
            if rest:
                self.add_text(q, rest, info)
        elif role == "kind":
            kind = _kind_in(rest)
            if kind is not None:
                q.kind, q.tagged = kind, True
                self.seen["tag"] += 1
        elif role == "tags":
            q.tags.extend(t for t in re.split(r"[,，;；、]\s*", rest) if t)
        elif role == "alternates":
            q.alternates.extend(t for t in re.split(r"[,，;；、]\s*", rest) if t)

    def on_key(self, q: _Question, rest: str, info: Info) -> None:
        explanation = ""
        if not q.is_case and (m := _INLINE_EXPLANATION.search(rest)):  # 答案：A 解析：… on one line
            rest, explanation = rest[: m.start()], rest[m.end() :]
        elif not q.is_case and (m := _DASH_WHY.search(rest)) and m.start() <= 30:
            rest, explanation = rest[: m.start()], rest[m.end() :]  # "`run` — why": a short key, then the reason
        rest = _TRAILING_META.sub("", rest).strip()
        if (own := _OWN_NUMBERED_KEY.match(rest)) and int(own.group(1)) == q.number:
            rest = own.group(2)  # "参考答案：(3)B" under question 3 (a 软考 blank's key)
        if (listed := entries_of_line(rest)) and len(listed) >= 2:  # "标准答案：11.C 12.A 13.D"
            for number, key in listed:
                q.section.key_block.setdefault(number, (info.line.number, key))
            return
        if q.is_case:
            if rest:
                q.answer.append(self.piece(info, rest))
            q.state = "answer"
            return
        if not rest:
            q.state = "key_next" if not q.key else q.state
            return
        if q.key:
            self.warn(
                info.line.number,
                f"第 {q.number} 题有第二个答案，保留第一个",
                f"question {q.number} has a second key; the first is kept",
            )
            return
        q.key.append(self.piece(info, rest))
        self.seen["key:line"] += 1
        q.state = "key"
        if explanation:
            q.explanation.append(self.piece(info, explanation))
            q.state = "explanation"

    def took_options(self, q: _Question, info: Info) -> bool:
        """Whether the line was read as options (lettered, or a task-list box)."""
        if q.quoted_answer and info.line.quoted and q.state == "answer":
            return False  # "> A work breakdown structure is …" inside the quoted answer: its text, no option A
        if q.quoted_answer and not q.options and (info.option is not None or info.line.checked is not None):
            # "> Reference: …" under the stem, then options: the quote was a note of the question, no answer
            q.stem.extend(q.answer + q.key)
            q.answer, q.key, q.state, q.quoted_answer = [], [], "stem", False
        if info.option is not None and self.on_option(q, info):
            return True
        return info.line.checked is not None and self.on_checkbox(q, info)

    def on_option(self, q: _Question, info: Info) -> bool:
        """Options in order (A, B, …); anything else is text. A key before the options is fine."""
        assert info.option is not None
        style, first = info.option
        if q.is_case or (q.state in ("explanation", "answer", "ask") and q.options):
            return False
        if q.state in ("explanation", "answer", "ask"):
            return False
        if q.key and q.options and q.key[0].line > q.options[-1].pieces[0].line:
            return False  # options after the key: the key came after the options, these are text
        expected = chr(ord(q.options[-1].letter) + 1) if q.options else "A"
        if style in self.run_styles_missing:
            return False
        if first != expected:
            if q.options and first < expected:
                self.warn(
                    info.line.number,
                    f"第 {q.number} 题的选项 {first} 顺序不对，这一行按上一选项的续行读入",
                    f"option {first} of question {q.number} is out of order; this line is read as the "
                    "previous option's continuation",
                )
                return False
            if not q.options:
                return False
            self.warn(
                info.line.number, f"第 {q.number} 题缺少选项 {expected}", f"question {q.number} lacks option {expected}"
            )
        self.take_options(q, info.line.body, info.line.lead, info, (style, first))
        return True

    def on_checkbox(self, q: _Question, info: Info) -> bool:
        """`- [x] 错误` under a true/false question; `- [x] 虚函数` (no letter) as the next option."""
        text = info.line.body
        value = read_true_false(_strip_decoration(text))
        if value is not None and (q.kind in (None, Kind.true_false)) and not q.options:
            if info.line.checked:
                q.tf_mark = value if q.tf_mark is None else q.tf_mark
            q.kind = q.kind or Kind.true_false
            q.state = "options"
            return True
        if q.state not in ("stem", "options") or q.is_case:
            return False
        letter = chr(ord(q.options[-1].letter) + 1) if q.options else "A"
        if letter > "H":
            return False
        marks = {"check"} if info.line.checked else set()
        # "- [ ] C" over the option's code: the box's own letter, no text of the option
        own = "" if text.strip() == letter else text
        q.options.append(_Option(letter, [Piece(own, info.line.number, info.line.gap)], marks))
        q.state = "options"
        self.seen["option:checkbox"] += 1
        return True

    def take_options(
        self, q: _Question, text: str, shift: int, info: Info, found: tuple[str, str] | None = None
    ) -> None:
        """The options on a line (or the part of a line from `shift` on), with what marks each."""
        found = found or option_start(text)
        if found is None:
            return
        style, first = found
        q.option_style = style
        for letter, a, b in split_options(text, style, first):
            option_text = text[a:b].strip()
            marks = info.line.marked(a + shift, b + shift)
            if info.line.checked:
                marks.add("check")
            option_text, inline = _option_key(option_text)
            if (bare := right_mark(option_text, signs=False)) is not None:  # "C、…组成(正确答案)", "B. Roma (corretta)"
                option_text = bare
                marks.add("check")
            q.options.append(_Option(letter, [Piece(option_text, info.line.number, info.line.gap)], marks))
            if inline:
                self.on_key(q, inline, info)
        self.seen["option:" + style] += 1
        if q.state not in ("key", "key_next", "explanation"):
            q.state = "options"

    run_styles_missing: frozenset[str] = frozenset()  # styles read only in runs, and this document has none

    # -- keys written apart ------------------------------------------------------------------------
    def key_block(self, start: int, end: int) -> None:
        self.q = None
        sec = self.ensure_section(self.infos[start].line.number)
        self.seen["key:block"] += 1
        keys, explanations = read_key_block(self.infos, start, end, self.warn)
        for number, entry in keys.items():
            sec.key_block.setdefault(number, entry)
        for number, pieces in explanations.items():
            sec.explanation_block.setdefault(number, pieces)

    # -- drafts -------------------------------------------------------------------------------------------
    def merge_blocks(self, sec: _Section, unique: dict[int, _Question]) -> None:
        by_number: dict[int, _Question] = {}
        for q in sec.questions:
            by_number.setdefault(q.number, q)
        for number, (line, key) in sorted(sec.key_block.items()):
            # numbers that run on across sections: a block may key a question of another section
            q = by_number.get(number) or unique.get(number)
            if q is None:
                self.warn(
                    line,
                    f"答案块给出第 {number} 题的答案，但本节没有第 {number} 题，已忽略",
                    f"the key block gives a key for question {number}, but the section has no question "
                    f"{number}; ignored",
                )
            elif q.key or q.answer:
                self.warn(
                    line,
                    f"第 {number} 题在题后和答案块中都有答案，采用题后的",
                    f"question {number} has a key after it and in the key block; the first is used",
                )
            else:
                key_text, explanation = split_entry(key, q.kind if q.kind else (Kind.single if q.options else None))
                if q.is_case:
                    q.answer = [Piece(key, line, False)]
                else:
                    q.key = [Piece(key_text, line, False)]
                    if explanation and not q.explanation:
                        q.explanation = [Piece(explanation, line, False)]
        for number, pieces in sorted(sec.explanation_block.items()):
            q = by_number.get(number)
            line = pieces[0].line if pieces else 0
            if q is None:
                self.warn(
                    line,
                    f"解析块给出第 {number} 题的解析，但本节没有第 {number} 题，已忽略",
                    f"the explanation block explains question {number}, but the section has no question "
                    f"{number}; ignored",
                )
            elif q.explanation:
                self.warn(
                    line,
                    f"第 {number} 题已有解析，块中的解析被忽略",
                    f"question {number} already has an explanation; the one in the block is ignored",
                )
            else:
                q.explanation = pieces

    def labelled_blanks(self, groups: list[AnswerGroup]) -> None:
        """Answers keyed by the label of their blank (`【3】new`) go to the question holding that label."""
        answers = {e.number: e for g in groups for e in g.blanks}
        if not answers:
            return
        for sec in self.sections:
            for q in sec.questions:
                labels = [int(n) for p in q.stem for n in re.findall(r"【(\d{1,3})】", p.text)]
                if labels and not q.key and all(n in answers for n in labels):
                    q.key = [Piece("；".join(answers[n].key for n in labels), answers[labels[0]].line, False)]

    def drafts(self) -> tuple[list[Draft], list[SectionReport]]:
        """The drafts, and the sections that hold questions or name a kind (a chapter heading over
        kind headings holds none and is no section of its own)."""
        counted = Counter(q.number for sec in self.sections for q in sec.questions)
        unique = {q.number: q for sec in self.sections for q in sec.questions if counted[q.number] == 1}
        for sec in self.sections:
            self.merge_blocks(sec, unique)
            self.passage_blanks(sec)
            self.material_before_subquestions(sec)
        if self.answer_groups is not None:
            self.labelled_blanks(self.answer_groups)
            match_answer_part(self.answer_groups, self.sections, self.warn)  # type: ignore[arg-type]
        # a heading is a section of its own when it holds questions, or names a kind with no sub-heading
        # after it (`## 一、单选` over `### Django`: the questions stand under the sub-heading)
        # a document that marks keys in red (some options of a question) means every option where all are red
        self.keys_marked = frozenset(
            mark
            for sec in self.sections
            for q in sec.questions
            for mark in ("red", "high", "under", "bold")
            if 0 < sum(mark in o.marks for o in q.options) < len(q.options)
        )
        # bold or underline that does not mark one option of every unkeyed question alike is formatting, no key
        self.marks_ignored = inconsistent_marks(
            [
                ([o.marks for o in q.options], Kind.single in (q.kind, sec.kind))
                for sec in self.sections
                for q in sec.questions
                if len(q.options) >= 2 and not q.key
            ]
        )
        if (note := ignored_marks_note(self.marks_ignored)) is not None:
            self.warn(next((q.line for sec in self.sections for q in sec.questions), 0), *note)
        # questions over plain lines without letters, and whether the document writes its questions so
        self.unlettered = {
            id(q): plain_options([p.text for p in q.stem], _join(q.key))
            for sec in self.sections
            for q in sec.questions
            if not q.options and not q.shared and q.key and len(q.stem) >= 3 and q.fence_at is None
        }
        self.unlettered_consistent = consistent(list(self.unlettered.values()))
        kept = [
            s
            for i, s in enumerate(self.sections)
            if s.questions or not (s.chapter or (i + 1 < len(self.sections) and self.sections[i + 1].chapter))
        ]
        for sec in kept:
            sec.recognise_bracket_answers()
        out: list[Draft] = []
        for part, sec in enumerate(kept):
            for q in sec.questions:
                q.part = part
                draft = self.draft(q)
                parts = split_case(draft) if draft.kind is Kind.case else None
                if parts:
                    self.seen["case:parts"] += 1
                out.extend(parts or [draft])
        return out, [s.report for s in kept]

    def draft(self, q: _Question) -> Draft:
        self.value_alone(q)
        self.verdict_pair(q)
        case = q.is_case or (q.kind is None and bool(q.answer) and not q.options)
        stem = _join(q.stem, paragraphs=case)
        options = {o.letter: _join(o.pieces) for o in q.options} or dict(q.shared)
        if q.material:
            stem = f"{q.material}\n\n{stem}"
        marked_lines = ""
        if not options and q.kind in CHOICE_KINDS and len(q.stem) >= 3:
            # a choice question whose options have no letters (a form export), one per line under it, the
            # right ones suffixed "(正确答案)": lettered A, B, C … in order
            lines = [p.text for p in q.stem[1:]]
            bare = [right_mark(t, signs=False) for t in lines[:8]]
            if any(b is not None for b in bare) and all(len(t) <= 60 for t in lines):
                texts = [t if b is None else b for t, b in zip(lines[:8], bare, strict=True)]
                options = {LETTERS_ORDER[i]: t.strip() for i, t in enumerate(texts)}
                marked_lines = "".join(LETTERS_ORDER[i] for i, b in enumerate(bare) if b is not None)
                stem = q.stem[0].text
        if not options and not case and q.stem and (at := inline_options(stem)) is not None:
            # the options inside a stem broken over lines ("（ ）A ." / "劳力性呼吸困难 B .端坐呼吸 …")
            style, first = option_start(stem[at:]) or ("", "")
            found = split_options(stem[at:], style, first) if style else []
            options = {letter: stem[at + a : at + b].strip() for letter, a, b in found}
            stem = stem[:at].strip() if options else stem
        key = _join(q.key) or None
        plain = self.unlettered.get(id(q)) if not options and not case else None
        if plain is not None and (plain.by_text or self.unlettered_consistent):
            # "…（ ）" over "苏州" / "南京" / "无锡" and "答案：B": the lines are its options
            stem, options, key = _join(q.stem[: len(plain.stem)]), plain.options, plain.key
        if not options and q.stem and (circled := circled_options([p.text for p in q.stem])) is not None:
            at, options = circled  # "①义务论　②功利主义": options numbered with circles, keyed ②
            stem = _join(q.stem[:at], paragraphs=case)
            key = circled_key(key) if key else key
        if not stem.strip() and options and (found := _blank_in_passage(q.section.loose, q.number)) is not None:
            line, stem = found  # "16. A. same B. different …" under a passage with "__16__": its sentence
            self.issues = [i for i in self.issues if not (i.line == line and i.en.startswith("text outside"))]
        if q.style == "q" and list(options) == ["A"] and key is None and not q.answer:
            # "Q1: …" then "A: …": flash cards, where A is the answer, not an option
            reply = _join(q.options[0].pieces, paragraphs=True)
            options = {}
            if len(reply) <= 25 and not ends_sentence(reply):
                key = reply
            else:
                q.answer = [Piece(reply, q.options[0].pieces[0].line, False)]
        marks = [(o.letter, o.marks) for o in q.options]
        marked = marked_letters(marks, every=self.keys_marked, ignored=self.marks_ignored) or marked_lines
        kind = q.kind
        if options and marked and key is None:
            self.seen["key:marked"] += 1
        if key is None and not marked and options and q.explanation:
            key = explanation_key(_join(q.explanation), set(options))  # "【解析】A。本题考查……"
            if key is not None:
                self.seen["key:explanation"] += 1
        if kind in CHOICE_KINDS or (kind is None and options) or (kind is Kind.true_false and options):
            stem, bracket = choice_key_in_stem(stem, set(options))
            if bracket and key is None and not marked:
                key = bracket
                self.seen["key:bracket"] += 1
            elif bracket and key is not None and read_choice_key(key, options) != read_choice_key(bracket, options):
                self.warn(
                    q.line,
                    f"第 {q.number} 题括号中的答案 {bracket} 与“答案：{key}”不一致，采用后者",
                    f"question {q.number}: the key in brackets ({bracket}) differs from '{key}'; the latter is used",
                )
        if (kind is Kind.true_false or (kind in (None, *CHOICE_KINDS) and not options)) and not case:
            stem, tick = true_false_key_in_stem(stem)
            if tick is not None and key is None and q.tf_mark is None:
                key = tick
                self.seen["key:bracket"] += 1
                if kind is not Kind.true_false:
                    kind = Kind.true_false  # a judgement ticked in its stem, also under a choice heading
            if q.tf_mark is not None and key is None:
                key = "对" if q.tf_mark else "错"
            elif q.tf_mark is not None and key is not None:
                value = read_true_false_key(key, options)
                if value is not None and value != q.tf_mark:
                    self.warn(
                        q.line,
                        f"判断题第 {q.number} 题的几处答案互相矛盾，采用“答案：”一行",
                        f"true/false question {q.number} is keyed both ways; the key line is used",
                    )
        if key is not None and (kind is Kind.fill or (kind is None and not options)) and not case:
            stem, key = lettered_blanks(stem, key)
            if (kind is Kind.fill or q.section.kind is Kind.fill) and not count_blanks(stem):
                stem = answers_as_blanks(stem, key)  # the answers printed in place would show the key
        fill_context = kind is Kind.fill or q.section.kind is Kind.fill or (kind is None and q.section.answers_marked)
        if fill_context and key is None and not options and (words := [w for w in q.marked_words if w in stem]):
            for word in words:  # "美丽、<red>耐久</red>和<red>稀少</red>": each marked word is a blank's answer
                stem = stem.replace(word, "___", 1)
            key, kind = "；".join(words), Kind.fill
            self.seen["key:marked"] += 1
        if (kind is Kind.fill or (kind is None and not options)) and key is None and not case:
            stem, inline = (
                fill_answers_in_stem(
                    stem,
                    in_brackets=q.section.answers_in_brackets,
                    in_underscores=q.section.answers_in_underscores,
                )
                if (
                    q.kind is Kind.fill
                    or q.section.kind is Kind.fill
                    or q.section.answers_in_brackets
                    or has_answer_after_blank(stem)
                )
                else (stem, [])
            )
            if inline:
                key = "；".join(inline)
                kind = kind or Kind.fill
                self.seen["key:fill-bracket"] += 1
        if q.tagged and kind in CHOICE_KINDS and not options and q.section.kind not in (None, *CHOICE_KINDS):
            kind = q.section.kind  # "（多选）" in a fill-in: the section knows better
        answer = _join(q.answer, paragraphs=True) or None
        if answer is None and key is None and kind is Kind.case and q.fence_at and q.fence_at < len(q.stem):
            # a short-answer question whose answer is the code block under it
            answer = "\n".join(p.text for p in q.stem[q.fence_at :])
            stem = _join(q.stem[: q.fence_at], paragraphs=True)
        if case and kind is None:
            kind = Kind.case
        unkeyed: tuple[str, str] | None = None
        if (
            key is not None
            and not options
            and not case
            and answer is None
            and kind in (None, Kind.fill)
            and _LONE_LETTER.fullmatch(key)
            and read_true_false(key) is None  # `答案：F`: a verdict, read as one later
            and not count_blanks(stem)
        ):
            # `**Answer:** b` under a question whose options are nowhere: an option's letter, no fill-in answer
            key, unkeyed = (
                None,
                ("的答案是选项字母，但没有找到它的选项", "is keyed by option letters, but its options were not found"),
            )
        pieces = (*q.stem, *q.key, *q.explanation, *q.answer, *(p for o in q.options for p in o.pieces))
        end_line = max([p.line for p in pieces] + [q.line, q.last_line])
        return Draft(
            number=q.number,
            line=q.line,
            section=q.section.title,
            part=q.part,
            kind=kind,
            tagged=q.tagged,
            stem=stem,
            options=options,
            key=key,
            key_line=q.key[0].line if q.key else None,
            key_apart=bool(q.key) and not q.line <= q.key[0].line <= max(q.line, q.last_line),
            marked=marked,
            explanation=_join(q.explanation, paragraphs=case) or None,
            answer=answer,
            tags=q.tags,
            alternates=q.alternates,
            end_line=end_line,
            picture=q.picture,
            unkeyed=unkeyed,
        )

    def material_before_subquestions(self, sec: _Section) -> None:
        """ "【例题13·不定项选择题】甲公司……（1）购入……（2）销售……要求：……分析回答下列小题。" then "（1）根据
        资料（1）……A…【答案】": the material (and its numbered facts) stands above each sub-question and is
        no question itself."""

        def bare(q: _Question) -> bool:
            return not (q.options or q.key or q.answer or q.shared)

        qs, out, i = sec.questions, [], 0
        while i < len(qs):
            if not bare(qs[i]):
                out.append(qs[i])
                i += 1
                continue
            j = i + 1
            while j < len(qs) and bare(qs[j]):
                j += 1
            run = qs[i:j]
            texts = [_join(q.stem) for q in run]
            k = j
            while k < len(qs) and qs[k].number == k - j + 1 and not bare(qs[k]):
                k += 1
            if not (_SUBQUESTIONS.search(texts[-1]) and k - j >= 2):
                out.extend(qs[i:j])
                i = j
                continue
            items = [texts[0]] + [
                f"（{q.number}）{t}" if q.style == "paren" else t for q, t in zip(run[1:], texts[1:], strict=True)
            ]
            material = "\n".join(items)
            for q in qs[j:k]:
                q.material = material
            out.extend(qs[j:k])
            i = k
        sec.questions = out

    def passage_blanks(self, sec: _Section) -> None:
        """A passage with numbered blanks (`I (1)______ (visit) my grandparents…`) and no numbered items for
        them: each blank is a fill-in whose stem is its sentence, keyed like any question."""
        blanks = [
            (int(m.group(1) or m.group(2)), line, text, m)
            for line, text in sec.loose
            for m in _PASSAGE_BLANK.finditer(text)
        ]
        if len(blanks) < 3:  # before gathering every section's numbers: a page of 8,000 headings did it 8,000 times
            return
        taken = {q.number for s in self.sections for q in s.questions}
        found = [(n, line, _sentence_around(text, m.start(), m.end())) for n, line, text, m in blanks if n not in taken]
        numbers = [n for n, _, _ in found]
        if len(found) < 3 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            return
        made = []
        for number, line, sentence in found:
            q = _Question(number, line, "passage", self.sections.index(sec), sec, kind=sec.kind or Kind.fill)
            q.stem.append(Piece(_mark_blank(sentence, number), line, False))
            made.append(q)
        sec.questions[:0] = made
        used = {q.line for q in made}
        self.issues = [i for i in self.issues if not (i.line in used and i.en.startswith("text outside"))]
        self.seen["passage"] += 1

    def conventions(self) -> list[Convention]:
        out: list[Convention] = []
        styles = [(k.split(":", 1)[1], v) for k, v in self.seen.items() if k.startswith("numbering:")]
        for name, _ in sorted(styles, key=lambda kv: -kv[1])[:3]:
            label = numbering(name).label
            out.append(Convention(f"编号 {label}", f"numbering {label}"))
        opts = [(k.split(":", 1)[1], v) for k, v in self.seen.items() if k.startswith("option:")]
        labels = {s.name: s.label for s in OPTION_STYLES} | {"checkbox": "- [x]"}
        for name, _ in sorted(opts, key=lambda kv: -kv[1])[:2]:
            out.append(Convention(f"选项 {labels[name]}", f"options {labels[name]}"))
        key_names = {
            "key:line": ("答案：行", "key lines (答案：)"),
            "key:platform": ("答案：平台导出（正确答案）", "platform export (正确答案)"),
            "key:bracket": ("答案：题干括号内", "keys in the stem's brackets"),
            "key:fill-bracket": ("答案：填空括号内", "fill answers in the stem's brackets"),
            "key:marked": ("答案：标记的选项", "keys marked on the options"),
            "key:explanation": ("答案：解析开头", "keys opening the explanation"),
            "key:block": ("答案：每节之后", "key blocks after each section"),
            "key:end": ("答案：文末", "an answer section at the end"),
        }
        for name, (zh, en) in key_names.items():
            if self.seen[name]:
                out.append(Convention(zh, en))
        if self.seen["tag"]:
            out.append(Convention("题型：题内标注", "kinds tagged in the questions"))
        if self.seen["heading"]:
            out.append(Convention("题型：小节标题", "kinds from section headings"))
        if self.seen["passage"]:
            out.append(Convention("短文中的空各为一题", "each numbered blank of a passage a question"))
        if self.seen["case:parts"]:
            out.append(Convention("案例按【问题N】分题", "case studies split by their parts (【问题N】)"))
        return out


def _next_option_at(q: _Question, text: str) -> int | None:
    """Where the option after the question's last one begins inside a line of text, if it does."""
    nxt = chr(ord(q.options[-1].letter) + 1)
    if nxt > "H" or q.option_style is None:
        return None
    spaced, _ = next_option_heads(q.option_style, nxt)
    m = spaced.search(text)
    return m.start() + len(m.group(0)) - len(m.group(0).lstrip()) if m else None


_PASSAGE_BLANK = re.compile(r"[(（]\s*(\d{1,3})\s*[)）]\s*_{2,}|(?<!_)_{2,}+\s*(\d{1,3})\s*_{2,}")  # once per blank


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of a passage holding text[start:end]."""
    begin = max(text.rfind(p, 0, start) for p in "。.!?！？") + 1
    ends = [i for i in (text.find(p, end) for p in "。.!?！？") if i >= 0]
    return text[begin : min(ends) + 1 if ends else len(text)].strip()


def _mark_blank(sentence: str, number: int) -> str:
    """The sentence with its own blank as `____` and the others' numbers kept (`(2)______`)."""

    def one(m: re.Match[str]) -> str:
        return "____" if int(m.group(1) or m.group(2)) == number else m.group(0)

    return _PASSAGE_BLANK.sub(one, sentence)


def _blank_in_passage(loose: list[tuple[int, str]], number: int) -> tuple[int, str] | None:
    """The sentence of a passage that holds blank `number` (`__16__`, `(16)____`, `（16）`): the stem of
    a cloze item printed as options only."""
    blank = re.compile(rf"(?<!_)_++\s*{number}\s*_+|[(（]\s*{number}\s*[)）]\s*_*|(?<![\d.])\b{number}\s*_{{2,}}")
    for line, text in loose:
        m = blank.search(text)
        if m is None:
            continue
        start = max(text.rfind(p, 0, m.start()) for p in "。.!?！？") + 1
        ends = [i for i in (text.find(p, m.end()) for p in "。.!?！？") if i >= 0]
        end = min(ends) + 1 if ends else len(text)
        return line, text[start:end].strip()
    return None


def _alone_number(info: Info) -> int | None:
    """The number of a line that holds nothing else (`15`), the question's number on the line above it."""
    return next((n for style, n, _ in info.nums if style == "alone"), None)


def _fills_its_blanks(q: _Question) -> bool:
    """The key so far gives each of the stem's blanks its answer (`( )、( )` keyed `自动,强制`): a line after it
    is no more of it (the document's answers repeated below, an explanation)."""
    blanks = count_blanks(" ".join(p.text for p in q.stem))
    key = "".join(p.text for p in q.key).rstrip()
    if (
        blanks < 2
        or not key
        or enumerated_parts(key)
        or key.endswith(("、", "，", ",", "；", ";", "和", "及", "或", "/", "：", ":"))
    ):
        return False
    return split_fill_key(key, blanks)[1]


def _runs_on(key: list[Piece], piece: Piece) -> bool:
    """Whether a line continues a fill key (a key broken across lines) rather than explaining it: no blank
    line between, and the key so far stops mid-list or mid-sentence."""
    last = key[-1].text.rstrip() if key else ""
    if enumerated_parts("".join(p.text for p in key)) and enumerated_parts(piece.text):
        return True  # "(1) a = b" then "(2) b = t": one answer per blank, a line each
    if last.endswith(("：", ":")):
        return True  # "第一空：" then its answer on the next line
    if piece.gap or not last or read_true_false(last) is not None:
        return False
    return last.endswith(("、", "，", ",", "；", ";", "和", "及", "或", "/")) or (
        len(last) >= 12 and not ends_sentence(last)
    )


def _strip_decoration(text: str) -> str:
    return re.sub(r"^[\u2705\u274c\u2b55\ufe0f\s]+", "", text)


def _leading_tag(text: str) -> bool:
    p = probe(text).lstrip()
    return bool(
        re.match(
            r"^(?:[（(【\[]|_|\*)?\s*(?:[^）)】\]]{0,12}?[·•\s])?(?:单|多|判|填|简|问|案|不定|选择|论|名|辨|计|综)", p
        )
    )


def _kind_in(text: str) -> Kind | None:
    tag = find_kind_tag(f"（{text.strip()}）")
    if tag is not None and tag[0] is not None:
        return tag[0]
    return kind_of_word(text.strip())


def _option_key(text: str) -> tuple[str, str]:
    """An option line that carries the key at its end (`D. 梨   答案：B`)."""
    m = _INLINE_KEY.search(text)
    if m:
        return _unwrapped(text[: m.start()].strip(), text[m.end() :].strip())
    return text, ""


def _unwrapped(before: str, key: str) -> tuple[str, str]:
    """ "……芽孢。（" and "×）": a key written in brackets with its label (`（答案：×）`), the brackets dropped."""
    if before.endswith(("（", "(", "【", "[")) and key.endswith(("）", ")", "】", "]")):
        return before[:-1].rstrip(), key[:-1].strip()
    return before, key


def _statements_not_questions(infos: list[Info]) -> None:
    """Numbered lines that start no question (in place): statements numbered ① ② ③ under a numbered
    question (`1. 下列说法正确的是（ ）` / `①……；②……`), which lettered options then combine; and a review
    page's record of the learner's own answer under `我的答案：`."""
    asked = False  # a question numbered otherwise stands above, with no options yet
    mine = False  # under an empty "我的答案：": the learner's own answer, blank by blank ("(1) 乳酸")
    for info in infos:
        mine = mine and not info.line.gap  # a blank line ends the learner's answer
        if mine and info.nums and info.marker is None:
            info.nums = []
        circled = [n for n in info.nums if n[0] == "circled"]
        if circled and asked:
            info.nums = [n for n in info.nums if n[0] != "circled"]
        elif any(n[0] != "circled" for n in info.nums):
            asked = True
        if info.option is not None or info.marker is not None or info.heading is not None:
            asked = False
            mine = info.marker is not None and info.marker[0].label == "我的答案" and not info.marker[1]


# one option letter standing for the whole key (`b`, `C.`)
_LONE_LETTER = re.compile(r"\s*[A-Ha-h]\s*[.．]?\s*")


def read_text(text: str, *, simplified: bool = False) -> Reading:
    """Read a document's text into drafts, section reports, warnings and the conventions recognised."""
    lines = prepare_lines(text, simplified=simplified)
    infos = [classify(line) for line in lines]
    part_headings(infos)
    _statements_not_questions(infos)
    reader = _Reader(infos)
    reader.run_styles_missing = styles_without_runs(infos)
    reader.run()
    drafts, sections = reader.drafts()
    return Reading(
        reader.title, drafts, sections, reader.issues, reader.conventions(), reader.answer_groups is not None
    )
