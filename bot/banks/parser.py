"""The parser: walks the tokens with a small state machine and collects raw sections and questions.

It decides what each token is from context (a numbered line inside a key block is a key, inside
a case answer it is a list item) and records every line it cannot place as a warning, so nothing
is lost silently. Turning raw questions into model objects is the importer's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.banks.issues import Issue
from bot.banks.model import Kind
from bot.banks.text import ends_sentence, starts_list_item
from bot.banks.tokens import Tok, Token

__all__ = ["Piece", "RawQuestion", "RawSection", "parse_tokens"]


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


_BLOCK_ENTRY = re.compile(r"(\d+)\s*[.．、)）]\s*([A-Ha-h]+|[√×✓✗对错TF]|正确|错误|不正确)(?=\s|$)")
_LIST_SPLIT = re.compile(r"[,，;；、]\s*")


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.issues: list[Issue] = []
        self.sections: list[RawSection] = []
        self.section: RawSection | None = None
        self.q: RawQuestion | None = None
        self.mode = "question"  # question, key_block, explanation_block
        self.block_number: int | None = None
        self.title: str | None = None
        self.gap = False

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
            if tok.kind is Tok.BLANK:
                self.gap = True
                continue
            if tok.kind is Tok.FURNITURE:
                self.gap = False  # a page break is no paragraph break
                continue
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

    def on_key(self, tok: Token, i: int) -> None:
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


def parse_tokens(tokens: list[Token]) -> tuple[str | None, list[RawSection], list[Issue]]:
    parser = _Parser(tokens)
    parser.run()
    return parser.title, parser.sections, parser.issues
