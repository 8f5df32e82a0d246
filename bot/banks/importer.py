"""The importer: exam document text -> Bank, with line-numbered warnings (zh and en).

    clean lines (pinyin, script, widths) -> tokenize -> parse -> build questions -> checks

`import_text` is pure: the same text and options always give the same bank and warnings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from bot.banks.answer_part import merge_answer_part
from bot.banks.issues import DocumentError, Issue
from bot.banks.keys import count_blanks, split_fill_key, take_bracket_key
from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question, Section
from bot.banks.parser import Piece, RawQuestion, RawSection, parse_tokens
from bot.banks.reading import read_document
from bot.banks.text import ends_sentence, join_lines, narrow, strip_pinyin, to_simplified
from bot.banks.tokens import parse_choice_letters, parse_true_false, tokenize

__all__ = ["ImportResult", "clean_lines", "import_file", "import_text", "question_id"]

ID_PREFIX = {
    Kind.single: "single",
    Kind.multiple: "multiple",
    Kind.fill: "fill",
    Kind.true_false: "tf",
    Kind.case: "case",
}
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
_DAMAGE = re.compile(rf"[\u4e00-\u9fff]\?|\?[a-z{_TONED}]+\)")


@dataclass
class ImportResult:
    bank: Bank
    warnings: list[Issue] = field(default_factory=list)


def question_id(kind: Kind, number: int, taken: set[str]) -> str:
    """'single-3'; a second single 3 in the same document becomes 'single-3-2' (stable on re-import)."""
    base = f"{ID_PREFIX[kind]}-{number}"
    qid, k = base, 1
    while qid in taken:
        k += 1
        qid = f"{base}-{k}"
    taken.add(qid)
    return qid


def clean_lines(text: str, *, simplified: bool) -> list[str]:
    """One entry per line of the document (numbering kept): pinyin gone, script converted, widths narrowed."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    for line in lines:
        line = strip_pinyin(line)
        if simplified:
            line = to_simplified(line)
        out.append(narrow(line).rstrip())
    return out


def _join(pieces: list[Piece], *, paragraphs: bool = False) -> str:
    return join_lines([(p.text, p.gap) for p in pieces], paragraphs=paragraphs)


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source
        self.issues: list[Issue] = []
        self.taken: set[str] = set()
        self.end_lines: dict[str, int] = {}  # question id -> its last line in the document
        # With an answer part at the end, a question it leaves without a key is skipped with a
        # warning (the rest of the document is still usable); otherwise that is an error.
        self.answer_part = False

    def error(self, line: int, zh: str, en: str) -> None:
        self.issues.append(Issue("error", line, zh, en))

    def warn(self, line: int, zh: str, en: str) -> None:
        self.issues.append(Issue("warning", line, zh, en))

    def no_key(self, q: RawQuestion, what: tuple[str, str] = ("答案", "key")) -> None:
        if self.answer_part:
            self.warn(
                q.line,
                f"第 {q.number} 题在文末答案中没有{what[0]}，未导入",
                f"question {q.number} has no {what[1]} in the answer section; not imported",
            )
        else:
            self.error(q.line, f"第 {q.number} 题没有{what[0]}", f"question {q.number} has no {what[1]}")

    def merge_blocks(self, sec: RawSection) -> None:
        """Keys and explanations given in blocks after a section go to the questions they number."""
        by_number = {q.number: q for q in sec.questions}
        for number, (line, key) in sorted(sec.key_block.items()):
            q = by_number.get(number)
            if q is None:
                self.error(
                    line,
                    f"答案块给出第 {number} 题的答案，但本节没有第 {number} 题",
                    f"the key block gives a key for question {number}, but the section has no question {number}",
                )
            elif q.key:
                self.warn(
                    line,
                    f"第 {number} 题在题后和答案块中都有答案，采用题后的",
                    f"question {number} has a key after it and in the key block; the first is used",
                )
            else:
                q.key = [Piece(key, line, False)]
        for number, pieces in sorted(sec.explanation_block.items()):
            q = by_number.get(number)
            line = sec.block_lines[number]
            if q is None:
                self.error(
                    line,
                    f"解析块给出第 {number} 题的解析，但本节没有第 {number} 题",
                    f"the explanation block explains question {number}, but the section has no question {number}",
                )
            elif q.explanation:
                self.warn(
                    line,
                    f"第 {number} 题已有解析，块中的解析被忽略",
                    f"question {number} already has an explanation; the one in the block is ignored",
                )
            else:
                q.explanation = pieces

    def kind_of(self, q: RawQuestion, key: str | None) -> Kind:
        kind = q.section.kind
        if kind is not None:
            return kind
        if q.options:  # a plain 选择题 section, or no header at all
            letters = parse_choice_letters(key or "") or ""
            return Kind.multiple if len(letters) > 1 or "多选" in _join(q.stem) else Kind.single
        if q.is_case or q.answer:
            return Kind.case
        if q.tf_slots or q.tf_mark is not None or (key is not None and parse_true_false(key) is not None):
            return Kind.true_false
        stem = _join(q.stem)
        if count_blanks(stem) or key is not None:
            return Kind.fill
        return Kind.case

    def build(self, q: RawQuestion) -> Question | None:
        key = _join(q.key) or None
        kind = self.kind_of(q, key)
        stem = _join(q.stem, paragraphs=kind is Kind.case)
        where = f"第 {q.number} 题", f"question {q.number}"
        if not stem:
            self.error(q.line, f"{where[0]}没有题干", f"{where[1]} has no text")
            return None
        answer: str | bool | list[str] | list[list[str]]
        options: dict[str, str] = {}
        if kind in CHOICE_KINDS:
            options = {letter: _join(pieces) for letter, pieces in q.options}
            stem, bracket = take_bracket_key(stem, true_false=False)
            key = self.pick_key(q, key, bracket and bracket.upper())
            if not options:
                self.error(q.line, f"{where[0]}是选择题却没有选项", f"{where[1]} is a choice question without options")
                return None
            if key is None:
                return None
            letters = parse_choice_letters(key)
            if letters is None:
                self.error(
                    self.key_line(q),
                    f"{where[0]}的答案“{key}”不是选项字母",
                    f"the key '{key}' of {where[1]} is not option letters",
                )
                return None
            for letter in letters:
                if letter not in options:
                    self.warn(
                        self.key_line(q),
                        f"{where[0]}的答案含 {letter}，但没有选项 {letter}",
                        f"the key of {where[1]} names option {letter}, which it does not have",
                    )
            if kind is Kind.single and len(letters) > 1:
                self.warn(
                    self.key_line(q),
                    f"单选题{where[0]}的答案有多个字母：{letters}",
                    f"single-choice {where[1]} has a key of several letters: {letters}",
                )
            answer = letters
        elif kind is Kind.true_false:
            stem, bracket = take_bracket_key(stem, true_false=True)
            value = self.true_false_key(q, key, bracket)
            if value is None:
                return None
            answer = value
        elif kind is Kind.fill:
            if key is None:
                self.no_key(q)
                return None
            blanks = count_blanks(stem)
            answer, fits = split_fill_key(key, blanks)
            if not blanks:
                self.warn(
                    q.line,
                    f"填空题{where[0]}中没有空（___ 或（ ））",
                    f"fill-in {where[1]} has no blank (___ or （ ）)",
                )
            elif not fits:
                self.warn(
                    self.key_line(q),
                    f"{where[0]}有 {blanks} 个空，但答案无法按空分开",
                    f"{where[1]} has {blanks} blanks but its key cannot be split into as many answers",
                )
            if not answer:
                self.error(self.key_line(q), f"{where[0]}的答案为空", f"the key of {where[1]} is empty")
                return None
        else:
            answer = _join(q.answer, paragraphs=True) or (key or "")
            if not answer:
                self.no_key(q, ("参考答案", "reference answer"))
                return None
        pieces = [*q.stem, *q.key, *q.explanation, *q.answer, *(p for _, ps in q.options for p in ps)]
        end_line = max((p.line for p in pieces), default=q.line)
        try:
            question = Question(
                id=question_id(kind, q.number, self.taken),
                kind=kind,
                number=q.number,
                prompt=stem,
                options=options,
                answer=answer,
                explanation=_join(q.explanation, paragraphs=kind is Kind.case) or None,
                section=q.section.title,
                line=q.line,
                alternates=q.alternates,
                tags=q.tags,
            )
        except ValidationError as exc:
            self.error(
                q.line, f"{where[0]}无效：{exc.errors()[0]['msg']}", f"{where[1]} is invalid: {exc.errors()[0]['msg']}"
            )
            return None
        self.end_lines[question.id] = end_line
        return question

    def key_line(self, q: RawQuestion) -> int:
        return q.key[0].line if q.key else q.line

    def pick_key(self, q: RawQuestion, key: str | None, bracket: str | None) -> str | None:
        if key is None and bracket is None:
            self.no_key(q)
            return None
        if key is not None and bracket is not None and parse_choice_letters(key) != parse_choice_letters(bracket):
            self.warn(
                q.line,
                f"第 {q.number} 题括号中的答案 {bracket} 与“答案：{key}”不一致，采用后者",
                f"question {q.number}: the key in brackets ({bracket}) differs from '{key}'; the latter is used",
            )
        return key if key is not None else bracket

    def true_false_key(self, q: RawQuestion, key: str | None, bracket: str | None) -> bool | None:
        candidates = [
            ("key", parse_true_false(key) if key is not None else None),
            ("mark", q.tf_mark),
            ("bracket", parse_true_false(bracket) if bracket is not None else None),
        ]
        if key is not None and candidates[0][1] is None:
            self.error(
                self.key_line(q),
                f"判断题第 {q.number} 题的答案“{key}”不是对/错",
                f"the key '{key}' of true/false question {q.number} is neither true nor false",
            )
            return None
        values = [v for _, v in candidates if v is not None]
        if not values:
            self.no_key(q)
            return None
        if len(set(values)) > 1:
            self.warn(
                q.line,
                f"判断题第 {q.number} 题的几处答案互相矛盾，采用“答案：”一行",
                f"true/false question {q.number} is keyed both ways; the key line is used",
            )
        return values[0]


def _last_text(q: Question) -> str:
    if q.kind is Kind.case:
        return q.answer if isinstance(q.answer, str) else ""
    return q.explanation or ""


def _looks_truncated(text: str) -> bool:
    text = text.rstrip()
    return bool(text) and (not ends_sentence(text) or text.endswith(("：", ":")))


def import_text(
    text: str, *, source: str, bank_id: str, title: str | None = None, simplified: bool = False
) -> ImportResult:
    """Import one exam document. Raises DocumentError (file and line) when it is malformed."""
    lines = clean_lines(text, simplified=simplified)
    parsed = parse_tokens(tokenize(lines))
    doc_title, sections = parsed.title, parsed.sections
    builder = _Builder(source)
    builder.issues.extend(parsed.issues)
    if parsed.answer_part is not None:
        builder.answer_part = True
        merge_answer_part(parsed.answer_part, sections, builder.warn)
    for number, line in enumerate(lines, start=1):
        if _DAMAGE.search(line):
            builder.warn(
                number,
                "“?”夹在汉字中间，像是网页复制时损坏的文字，请对照原文",
                "a '?' among Chinese characters looks like text damaged on the web page; check the original",
            )

    questions: list[Question] = []
    bank_sections: list[Section] = []
    last_of: dict[int, Question] = {}
    for sec in sections:
        builder.merge_blocks(sec)
        built = [q for q in (builder.build(raw) for raw in sec.questions) if q is not None]
        questions.extend(built)
        if built:
            last_of[id(sec)] = built[-1]
        if sec.title is None:
            continue
        kind = sec.kind or (built[0].kind if built else Kind.single)
        bank_sections.append(
            Section(title=sec.title, kind=kind, declared=sec.declared, found=len(built), line=sec.line)
        )
        if sec.declared is not None and sec.declared != len(sec.questions):
            builder.warn(
                sec.line,
                f"“{sec.title}”声明 {sec.declared} 题，实际有 {len(sec.questions)} 题",
                f"section '{sec.title}' declares {sec.declared} questions but holds {len(sec.questions)}",
            )
        if not sec.questions:
            builder.warn(sec.line, f"“{sec.title}”下没有题目", f"section '{sec.title}' holds no questions")

    suspects = [last_of[id(s)] for s in sections if id(s) in last_of and s.declared and len(s.questions) < s.declared]
    if questions:
        suspects.append(questions[-1])
    for q in {id(q): q for q in suspects}.values():  # no duplicates, order kept
        if _looks_truncated(_last_text(q)):
            builder.warn(
                builder.end_lines.get(q.id, q.line or 0),
                f"第 {q.number} 题看起来被截断了：结尾不是完整的句子",
                f"question {q.number} looks truncated: it ends mid-sentence",
            )

    if not questions and not any(i.level == "error" for i in builder.issues):
        builder.error(0, "文档中没有找到任何题目", "no questions were found in the document")
    errors = sorted((i for i in builder.issues if i.level == "error"), key=lambda i: i.line)
    if errors:
        raise DocumentError.from_issues(source, errors)
    warnings = sorted((i for i in builder.issues if i.level == "warning"), key=lambda i: i.line)
    bank = Bank(
        id=bank_id,
        title=title or doc_title or Path(source).stem,
        source=source,
        questions=questions,
        sections=bank_sections,
    )
    return ImportResult(bank=bank, warnings=warnings)


def import_file(path: str | Path, *, bank_id: str, title: str | None = None, simplified: bool = False) -> ImportResult:
    path = Path(path)
    return import_text(read_document(path), source=path.name, bank_id=bank_id, title=title, simplified=simplified)
