"""The parser: walks the tokens with a small state machine and collects raw sections and questions.

It decides what each token is from context (a numbered line inside a key block is a key, inside
a case answer it is a list item) and records every line it cannot place as a warning, so nothing
is lost silently. Turning raw questions into model objects is the importer's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.banks.issues import Issue
from bot.banks.keys import take_bracket_key
from bot.banks.model import Kind
from bot.banks.text import ends_sentence, starts_list_item
from bot.banks.tokens import Tok, Token

__all__ = ["AnswerEntry", "AnswerGroup", "Parsed", "Piece", "RawQuestion", "RawSection", "parse_tokens"]


@dataclass(slots=True)
class Piece:
    text: str
    line: int
    gap: bool  # a blank line stood before it


@dataclass
class RawSection:
    title: str | None
    kind: Kind | None
    declared: int | None
    line: int
    style: str | None = None  # numbering style of its first question
    questions: list[RawQuestion] = field(default_factory=list)
    key_block: dict[int, tuple[int, str]] = field(default_factory=dict)  # number -> (line, key)
    explanation_block: dict[int, list[Piece]] = field(default_factory=dict)
    block_lines: dict[int, int] = field(default_factory=dict)  # number -> line of its explanation


@dataclass
class RawQuestion:
    number: int
    line: int
    style: str
    section: RawSection
    stem: list[Piece] = field(default_factory=list)
    options: list[tuple[str, list[Piece]]] = field(default_factory=list)
    key: list[Piece] = field(default_factory=list)
    explanation: list[Piece] = field(default_factory=list)
    answer: list[Piece] = field(default_factory=list)  # a case's reference answer
    tf_mark: bool | None = None
    tf_slots: bool = False
    tags: list[str] = field(default_factory=list)
    alternates: list[str] = field(default_factory=list)
    state: str = "stem"  # stem, options, key, key_next, explanation, ask, answer

    @property
    def is_case(self) -> bool:
        return self.section.kind is Kind.case or self.style == "case"


@dataclass
class AnswerEntry:
    """One numbered key or explanation of an answer part collected at the end of the document."""

    number: int
    line: int
    key: str  # empty for an explanation
    more: list[Piece] = field(default_factory=list)  # the lines after it (explanation, or a case answer)


@dataclass
class AnswerGroup:
    """The keys and explanations under one heading of the answer part (or before any heading)."""

    header: str | None
    kind: Kind | None
    line: int
    keys: list[AnswerEntry] = field(default_factory=list)
    explanations: list[AnswerEntry] = field(default_factory=list)


@dataclass
class Parsed:
    title: str | None
    sections: list[RawSection]
    issues: list[Issue]
    answer_part: list[AnswerGroup] | None  # None: the document has no answer part at its end


_BLOCK_ENTRY = re.compile(r"(\d+)\s*[.．、)）]\s*([A-Ha-h]+|[√×✓✗对错TF]|正确|错误|不正确)(?=\s|$)")
# "1-5 ACBDA", "6～8：对错对", "1-3 AB C ABD": keys for a range of questions.
_RANGE = re.compile(r"(\d+)\s*[-－~～—–]\s*(\d+)\s*[.．、:：]?\s*((?:[A-Ha-h]+|[√×✓✗对错TF]+)(?:[ \t]+[A-Ha-h]+)*)")
_RANGE_GAP = re.compile(r"[\s,，;；]*")
_LIST_SPLIT = re.compile(r"[,，;；、]\s*")
# Lines that open a case's reference answer when no "参考答案：" marker does (the second seed).
_ANSWER_OPENER = re.compile(r"^(?:问题定位|解决方案|答案要点|答题要点|分析与解答)\s*[:：]")


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.issues: list[Issue] = []
        self.sections: list[RawSection] = []
        self.section: RawSection | None = None
        self.q: RawQuestion | None = None
        self.mode = "question"  # question, key_block, explanation_block, answers
        self.answer_part: list[AnswerGroup] | None = None
        self.answer_sub = "keys"  # in the answer part: keys or explanations
        self.entry: AnswerEntry | None = None  # the answer-part entry that loose lines continue
        self.block_number: int | None = None
        self.title: str | None = None
        self.gap = False
        self.index = 0  # position of the token being read (for look-ahead)

    # -- helpers -------------------------------------------------------------------------
    def warn(self, line: int, zh: str, en: str) -> None:
        self.issues.append(Issue("warning", line, zh, en))

    def piece(self, tok: Token, text: str | None = None) -> Piece:
        return Piece(tok.text if text is None else text, tok.line, self.gap)

    def next_significant(self, i: int) -> Token | None:
        for tok in self.tokens[i + 1 :]:
            if tok.kind not in (Tok.BLANK, Tok.FURNITURE):
                return tok
        return None

    def ensure_section(self, line: int) -> RawSection:
        if self.section is None:  # a document without section headers
            self.section = RawSection(None, None, None, line)
            self.sections.append(self.section)
        return self.section

    # -- the walk ------------------------------------------------------------------------
    def run(self) -> None:
        for i, tok in enumerate(self.tokens):
            self.index = i
            if tok.kind is Tok.BLANK:
                self.gap = True
                continue
            if tok.kind is Tok.FURNITURE:
                self.gap = False  # a page break is no paragraph break
                continue
            if self.mode == "answers":
                self.on_answer_part(tok)
            else:
                getattr(self, f"on_{tok.kind.value}")(tok, i)
            self.gap = False

    def on_section(self, tok: Token, i: int) -> None:
        self.section = RawSection(tok.text, tok.section_kind, tok.declared, tok.line)
        self.sections.append(self.section)
        self.q, self.mode, self.block_number = None, "question", None

    def on_qnum(self, tok: Token, i: int) -> None:
        if self.mode == "key_block":
            self.key_entries(tok)
        elif self.mode == "explanation_block":
            self.block_number = tok.number
            sec = self.ensure_section(tok.line)
            if tok.number in sec.explanation_block:
                self.warn(
                    tok.line,
                    f"第 {tok.number} 题的解析出现了两次，保留第一次",
                    f"the explanation of question {tok.number} appears twice; the first is kept",
                )
                self.block_number = None
                return
            sec.explanation_block[tok.number] = [self.piece(tok)]
            sec.block_lines[tok.number] = tok.line
        elif self.starts_question(tok):
            sec = self.ensure_section(tok.line)
            sec.style = sec.style or tok.style
            self.q = RawQuestion(tok.number, tok.line, tok.style, sec, stem=[self.piece(tok)] if tok.text else [])
            sec.questions.append(self.q)
        else:
            self.on_text(tok, i)

    def starts_question(self, tok: Token) -> bool:
        sec = self.section
        if sec is None or not sec.questions:
            return True
        last = sec.questions[-1]
        if tok.style != sec.style:
            return False  # e.g. "1." items inside a case numbered "案例1."
        if tok.number > last.number and last.is_case and tok.style in ("dot", "paren"):
            return self.starts_case(last)
        if tok.number > last.number:
            if tok.number != last.number + 1:
                self.warn(
                    tok.line,
                    f"题号从 {last.number} 跳到 {tok.number}：请检查是否漏了题",
                    f"numbering jumps from {last.number} to {tok.number}: check that no question was lost",
                )
            return True
        if not last.is_case:
            self.warn(
                tok.line,
                f"这一行像第 {tok.number} 题，但排在第 {last.number} 题之后，按第 {last.number} 题的正文读入",
                f"this line looks like question {tok.number} but follows question {last.number}; "
                f"read as text of question {last.number}",
            )
        return False

    def starts_case(self, last: RawQuestion) -> bool:
        """Whether a plainly numbered line ("2.") inside a case section starts the next case.

        Cases numbered like their answers' points cannot be told apart by the number alone
        ("2. 知识蒸馏：" in case 1's answer vs "2. 某医院……" opening case 2). Every case opens
        with its text followed by markers of its own: "问题：", then its reference answer
        ("参考答案：", "解决方案：", "问题定位："). So a numbered line starts a new case when,
        looking ahead, such a marker comes before any other line that could itself be the next
        case (numbered alike, above the current case: the next point of the same list, or the
        real next case). Points numbered 1 … N of a sub-list never stop the look-ahead. Inside the
        case text and its sub-questions (no reference answer yet) only "问题：" counts, so a
        numbered sub-question followed by "参考答案：" stays a sub-question.
        """
        in_answer = last.state in ("answer", "explanation")
        for tok in self.tokens[self.index + 1 :]:
            if tok.kind is Tok.ASK:
                return True
            if tok.kind is Tok.KEY and in_answer:
                return True
            if tok.kind is Tok.TEXT and in_answer and _ANSWER_OPENER.match(tok.raw):
                return True
            if tok.kind is Tok.SECTION or tok.kind is Tok.ANSWERS:
                return False
            if tok.kind is Tok.QNUM and tok.style == last.style and tok.number > last.number:
                return False
            if tok.kind is Tok.QNUM and tok.style in ("case", "di"):
                return False
        return False

    def key_entries(self, tok: Token) -> None:
        sec = self.ensure_section(tok.line)
        compact = _BLOCK_ENTRY.findall(tok.raw)
        entries = compact if len(compact) > 1 else [(str(tok.number), tok.text)]
        for number_text, key in entries:
            number = int(number_text)
            if number in sec.key_block:
                self.warn(
                    tok.line,
                    f"第 {number} 题的答案出现了两次，保留第一次",
                    f"the key of question {number} appears twice; the first is kept",
                )
                continue
            sec.key_block[number] = (tok.line, key.strip())

    # -- an answer part collected at the end of the document ------------------------------
    def has_key(self, q: RawQuestion) -> bool:
        if q.key or q.answer or q.tf_mark is not None or q.number in q.section.key_block:
            return True
        stem = q.stem[-1].text if q.stem else ""
        return any(take_bracket_key(stem, true_false=tf)[1] for tf in (False, True))

    def opens_answer_part(self, i: int) -> bool:
        """An empty key marker ("参考答案", "答案：") opens the answer part of the whole document when
        a repeated section header follows it, or when an earlier section has no key at all (its
        keys can only be here); otherwise it opens the key block of the current section."""
        asked = [s for s in self.sections if s.questions]
        if not asked:
            return False
        nxt = self.next_significant(i)
        if nxt is not None and nxt.kind is Tok.SECTION:
            return True
        if self.mode == "question" and self.q is not None and self.q.is_case and not self.q.answer:
            return False  # the case's own "参考答案："
        earlier = [s for s in asked if s is not self.section]
        return any(not any(self.has_key(q) for q in s.questions) for s in earlier)

    def enter_answer_part(self, tok: Token) -> None:
        self.mode, self.q, self.answer_sub, self.entry = "answers", None, "keys", None
        self.answer_part = [AnswerGroup(None, None, tok.line)]

    def on_answers(self, tok: Token, i: int) -> None:
        if any(s.questions for s in self.sections):
            self.enter_answer_part(tok)
        else:
            self.warn(
                tok.line, "答案部分前面没有题目，已忽略", "an answer part with no questions before it was ignored"
            )

    def on_answer_part(self, tok: Token) -> None:
        assert self.answer_part is not None
        group = self.answer_part[-1]
        if tok.kind is Tok.SECTION:
            self.answer_part.append(AnswerGroup(tok.text, tok.section_kind, tok.line))
            self.answer_sub, self.entry = "keys", None
        elif tok.kind in (Tok.KEY, Tok.ANSWERS) and not tok.text:
            self.answer_sub, self.entry = "keys", None
        elif tok.kind is Tok.EXPLANATION and not tok.text:
            self.answer_sub, self.entry = "explanations", None
        elif self.answer_sub == "explanations" and tok.kind is Tok.QNUM:
            self.entry = AnswerEntry(tok.number, tok.line, "", [self.piece(tok, tok.text)] if tok.text else [])
            group.explanations.append(self.entry)
        elif self.answer_sub == "keys" and (entries := self.key_line_entries(tok)) is not None:
            for number, key in entries:
                group.keys.append(AnswerEntry(number, tok.line, key))
            self.entry = None
        elif (
            tok.kind is Tok.QNUM
            and self.answer_sub == "keys"
            and not (group.kind is Kind.case and self.entry is not None and tok.style in ("dot", "paren"))
        ):
            # One key, to the end of the line ("3. 水平划分", "1. A 解析：…"). Under a case header the
            # numbered points of a reference answer belong to it: only 案例N / 第N题 open the next.
            key, explanation = tok.text, ""
            m = re.search(r"\s*【?解析[】:：]\s*", key)
            if m:
                key, explanation = key[: m.start()], key[m.end() :]
            self.entry = AnswerEntry(tok.number, tok.line, key.strip())
            if explanation:
                self.entry.more.append(self.piece(tok, explanation))
            group.keys.append(self.entry)
        elif self.entry is not None:
            self.entry.more.append(self.piece(tok, tok.raw))
        else:
            self.warn(
                tok.line,
                "文末答案中的这一行无法识别，已忽略",
                "this line of the answer section is not understood; ignored",
            )

    def key_line_entries(self, tok: Token) -> list[tuple[int, str]] | None:
        """Several keys on one line: "1.A 2.C 3.B", "1-5 ACBDA"; None when the line is not such a list."""
        ranges = list(_RANGE.finditer(tok.raw))
        if ranges and all(_RANGE_GAP.fullmatch(gap) for gap in _gaps(tok.raw, ranges)):
            out: list[tuple[int, str]] = []
            for m in ranges:
                first, last, keys = int(m.group(1)), int(m.group(2)), m.group(3)
                parts = keys.split()
                if len(parts) != last - first + 1:
                    parts = list("".join(parts))
                if last < first or len(parts) != last - first + 1:
                    self.warn(
                        tok.line,
                        f"“{m.group(0)}”给出 {len(parts)} 个答案，但题号范围有 {max(last - first + 1, 0)} 题，已忽略",
                        f"'{m.group(0)}' gives {len(parts)} keys for a range of {max(last - first + 1, 0)} "
                        "questions; ignored",
                    )
                    continue
                out.extend(zip(range(first, last + 1), parts, strict=True))
            return out
        compact = _BLOCK_ENTRY.findall(tok.raw) if tok.kind is Tok.QNUM else []
        if len(compact) > 1:
            return [(int(n), k.strip()) for n, k in compact]
        return None

    def on_key(self, tok: Token, i: int) -> None:
        if not tok.text and self.opens_answer_part(i):
            self.enter_answer_part(tok)
            return
        if self.mode in ("key_block", "explanation_block"):
            if tok.text:
                self.on_text(tok, i)
            else:
                self.mode = "key_block"
            return
        q = self.q
        if q is None:
            nxt = self.next_significant(i)
            if self.section and not tok.text and nxt and nxt.kind is Tok.QNUM:
                self.mode = "key_block"
                return
            self.warn(tok.line, "答案前面没有题目，已忽略", "a key with no question before it was ignored")
            return
        if q.is_case:
            if tok.text:
                q.answer.append(self.piece(tok))
            q.state = "answer"
            return
        if not tok.text:
            nxt = self.next_significant(i)
            first = q.section.questions[0].number
            if nxt is not None and nxt.kind is Tok.QNUM and (nxt.number == first or q.key):
                self.mode = "key_block"
            else:
                q.state = "key_next"
            return
        if q.key:
            self.warn(
                tok.line,
                f"第 {q.number} 题有第二个答案，保留第一个",
                f"question {q.number} has a second key; the first is kept",
            )
            return
        text, explanation = tok.text, ""
        m = re.search(r"\s*【?解析[】:：]\s*", tok.text)
        if m:  # 答案：A 解析：… on one line
            text, explanation = tok.text[: m.start()], tok.text[m.end() :]
        q.key.append(self.piece(tok, text))
        q.state = "key"
        if explanation:
            q.explanation.append(self.piece(tok, explanation))
            q.state = "explanation"

    def on_explanation(self, tok: Token, i: int) -> None:
        sec = self.section
        if self.mode == "key_block" or (not tok.text and sec is not None and sec.key_block):
            self.mode, self.block_number = "explanation_block", None
            if tok.text:
                self.warn(
                    tok.line,
                    "解析块的标题行上有文字，已忽略",
                    "text on the line that opens an explanation block was ignored",
                )
            return
        if self.mode == "explanation_block" or self.q is None:
            self.on_text(tok, i)
            return
        if tok.text:
            self.q.explanation.append(self.piece(tok))
        self.q.state = "explanation"

    def on_tf_slots(self, tok: Token, i: int) -> None:
        if self.q is None or self.mode != "question":
            self.on_text(tok, i)
            return
        self.q.tf_slots = True
        if tok.mark is not None:
            self.q.tf_mark = tok.mark

    def on_ask(self, tok: Token, i: int) -> None:
        q = self.q
        if q is None or self.mode != "question" or not (q.is_case or q.section.kind is None):
            self.on_text(tok, i)
            return
        q.stem.append(self.piece(tok))
        q.state = "ask"

    def on_tags(self, tok: Token, i: int) -> None:
        if self.q is None or self.mode != "question":
            self.on_text(tok, i)
            return
        self.q.tags.extend(t for t in _LIST_SPLIT.split(tok.text) if t)

    def on_alternates(self, tok: Token, i: int) -> None:
        if self.q is None or self.mode != "question":
            self.on_text(tok, i)
            return
        self.q.alternates.extend(t for t in _LIST_SPLIT.split(tok.text) if t)

    def on_options(self, tok: Token, i: int) -> None:
        q = self.q
        if q is None or self.mode != "question" or q.is_case or q.state not in ("stem", "options"):
            self.on_text(tok, i)
            return
        expected = chr(ord(q.options[-1][0]) + 1) if q.options else "A"
        first = tok.options[0][0]
        if first != expected and (q.state == "stem" or first < expected):
            if q.state == "options":
                self.warn(
                    tok.line,
                    f"第 {q.number} 题的选项 {first} 顺序不对，这一行按上一选项的续行读入",
                    f"option {first} of question {q.number} is out of order; this line is read as the "
                    "previous option's continuation",
                )
            self.on_text(tok, i)
            return
        if first != expected:
            self.warn(tok.line, f"第 {q.number} 题缺少选项 {expected}", f"question {q.number} lacks option {expected}")
        for letter, text in tok.options:
            q.options.append((letter, [Piece(text, tok.line, self.gap)]))
        q.state = "options"

    def on_text(self, tok: Token, i: int) -> None:
        text = tok.raw
        if self.mode == "key_block":
            self.warn(
                tok.line, "答案块中的这一行无法识别，已忽略", "this line of the key block is not understood; ignored"
            )
            return
        if self.mode == "explanation_block":
            sec = self.section
            if sec is not None and self.block_number is not None:
                sec.explanation_block[self.block_number].append(self.piece(tok, text))
            else:
                self.warn(
                    tok.line,
                    "解析块中的这一行不属于任何题，已忽略",
                    "this line of the explanation block belongs to no question; ignored",
                )
            return
        q = self.q
        if q is None:
            if self.title is None and self.section is None:
                self.title = text
            else:
                self.warn(tok.line, "题目之外的文字，已忽略", "text outside any question was ignored")
            return
        self.add_to_question(q, self.piece(tok, text))

    def add_to_question(self, q: RawQuestion, piece: Piece) -> None:
        state = q.state
        if state == "key_next":
            q.key.append(piece)
            q.state = "key"
        elif state == "key":
            # A key may run on (a broken fill key); after a choice key, loose text explains it.
            kind = q.section.kind
            (q.key if kind is Kind.fill or (kind is None and not q.options) else q.explanation).append(piece)
        elif state == "options":
            q.options[-1][1].append(piece)
        elif state == "explanation":
            q.explanation.append(piece)
        elif state == "ask":
            last = q.stem[-1].text if q.stem else ""
            if ends_sentence(last) and not (starts_list_item(piece.text) and piece.text.rstrip().endswith(("？", "?"))):
                q.answer.append(piece)  # the reference answer starts after the case's question
                q.state = "answer"
            else:
                q.stem.append(piece)
        elif state == "answer":
            q.answer.append(piece)
        else:
            q.stem.append(piece)


def _gaps(line: str, matches: list[re.Match[str]]) -> list[str]:
    """The text between and around the matches."""
    edges = [0, *(x for m in matches for x in (m.start(), m.end())), len(line)]
    return [line[a:b] for a, b in zip(edges[::2], edges[1::2], strict=True)]


def parse_tokens(tokens: list[Token]) -> Parsed:
    parser = _Parser(tokens)
    parser.run()
    return Parsed(parser.title, parser.sections, parser.issues, parser.answer_part)
