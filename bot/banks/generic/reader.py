"""The generic reader: the floor under the layouts. It reads what any exam document shows, in any language:

- a numbered block is a question (numbers run on, or restart at 1 after a heading or a finished question);
- lines, or runs within a line, lettered in sequence in one alphabet (A/B/C/D, а/б/в/г, ア/イ/ウ/エ, ①②③④,
  1/2/3/4 under a stem) are its options;
- its key is what follows a word that means "answer" (`答案：`, `réponse:`, `Ответ:`, `正解:`, `정답 :`), what
  stands in the stem's brackets when that names options (`（ B ）`), before the number (`( 3 )1.`), or what an
  answer part gives its number (`bot.banks.generic.answers`), after the questions, between sets of them or
  before them;
- an answer part's keys go to the questions before it, group by group (a group of questions restarts its
  numbering or opens a heading; a group of keys likewise), and only where its numbers and kinds fit.

It knows no layout, so it reads less detail than the layouts do (`bot.banks.layouts`); the importer uses
it where the layouts read fewer questions than it does (`bot.banks.importer`). Its drafts are checked by
`bot.banks.questions.build` like every other reader's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.banks.conventions.headings import kind_in_header, match_heading
from bot.banks.conventions.keys import FORMULA, read_true_false, without_option_word
from bot.banks.conventions.kinds import find_kind_tag
from bot.banks.conventions.markers import PICTURE, strip_score
from bot.banks.conventions.plain_options import PlainOptions, consistent, plain_options
from bot.banks.conventions.right_marks import (
    ignored_marks_note,
    inconsistent_marks,
    right_mark,
    ticked_label,
    verdict_pair,
)
from bot.banks.conventions.shapes import (
    ALPHABETS,
    OptionRun,
    answer_heading,
    explanation_marker,
    key_marker,
    learner_marker,
    number_head,
    option_run,
)
from bot.banks.formats.lines import Line, prepare_lines
from bot.banks.generic.answers import (
    Entry,
    Group,
    grid_at,
    labelled_entries,
    labelled_entry,
    line_entries,
    worded_entries,
)
from bot.banks.generic.line_end import choice_at_end, keyed_at_end, verdict_at_end
from bot.banks.generic.rows import delimited_drafts
from bot.banks.generic.runon import glued_options, rewrapped, unglued
from bot.banks.generic.verdict_signs import document_signs
from bot.banks.issues import Issue
from bot.banks.model import Kind
from bot.banks.questions.draft import Convention, Draft, Reading, SectionReport

__all__ = ["GenericReading", "generic_reading", "read_generic", "visible_choices", "visible_verdicts"]

_LATIN = "ABCDEFGH"
_CASE_HEAD = re.compile(r"^[#*\s]*案例\s*\d")
_SINGLE_TAG = re.compile(r"[(（【\[]\s*(?:单选|單選|单项选择|單項選擇|single)", re.I)  # "(单选)": one right option
_ALPHABET = {a.name: a for a in ALPHABETS}
# brackets in a stem holding the key: "（ B ）", "(ABD)", "( A C )", "（ ○ ）"
_STEM_KEY = re.compile(r"[（(]\s*([^()（）\s][^()（）]{0,14}?)\s*[)）]")
_LETTER_KEY = re.compile(r"[A-H]{1,4}")
# `**Answer:** b` with no blank to fill: one option letter, lower case as the options were lettered
_LOWER_LETTER = re.compile(r"[a-h]")
_MARK_CELL = re.compile(r"\s*(?:[✓✔☑✅√*＊xX×●■]|\(x\)|\[x\])\s*")
_TABLE_HEAD = re.compile(r"(?:Options?|Choices?|Answers?|选项|答案|Réponses?|Respuestas?|Antworten|Opções)", re.I)
_BRACKETED_KEY = re.compile(r"[\[【(（]\s*[A-Ha-h1-8①-⑧√×✓✗○]\s*[\]】)）]")
_EMPTY_SLOT = re.compile(r"[（(]\s*[)）]")
_SHORT_KEY = re.compile(r"[^\s。.！!？?，,；;]{1,16}")  # a word or two under a bare key label, no sentence
# a note that one option is the right one in every question, as official catalogues print their questions:
# "In diesem Katalog ist immer Antwort a die richtige.", "The correct answer is always (a)", "答案均为A"
_ALWAYS = re.compile(
    r"immer\s+(?:die\s+)?Antwort\s+\(?(?P<de>[a-dA-D])\)?\s+(?:die\s+)?richtig"
    r"|Antwort\s+\(?(?P<de2>[a-dA-D])\)?\s+ist\s+immer\s+(?:die\s+)?richtig"
    r"|(?:correct|right)\s+answer\s+is\s+always\s+\(?(?P<en>[A-Da-d])\b"
    r"|answer\s+\(?(?P<en2>[A-Da-d])\)?\s+is\s+always\s+(?:the\s+)?(?:correct|right)"
    r"|(?:respuesta|réponse|resposta|risposta)\s+(?:correcta?|correta|bonne)?\s*(?:es|est|é|è)\s+siempre\s+la\s+\(?(?P<es>[a-d])\b"
    r"|(?:正确)?答案(?:均|都|全部|一律)(?:为|是)\s*(?P<zh>[A-D])",
    re.I,
)
# a box before an option without a letter, ticked or not: "☐ Le noyau", "☑ La mitochondrie", "[x] Rome"
_BOX = re.compile(r"^\s*(?:(?P<on>[☑☒✅■◼⬛◉]|\[[xX✓✔]\]|\([xX✓✔]\))|(?P<off>[☐□▢⬜◻○◯]|\[\s\]|\(\s\)))\s*(?=\S)")
# a question and its answer as a card: "Q: …" over "A: …"
_CARD_Q = re.compile(r"^(?:Q|Question|Pregunta|Pergunta|Frage|Domanda|Вопрос|问|問|질문)\s*[:：]\s*(?=\S)", re.I)
_CARD_A = re.compile(
    r"^(?:A|R|Answer|Réponse|Respuesta|Resposta|Antwort|Risposta|Ответ|答|回答|답)\s*[:：]\s*(?=\S)", re.I
)
# a label before an unnumbered stem: "Question : Quelle …", "Pregunta: ¿…?"
_STEM_LABEL = re.compile(
    r"^(?:Q|Question|Questão|Pregunta|Pergunta|Frage|Domanda|Вопрос|Задание|问题|問題|질문)\s*[:：.]\s*(?=\S)", re.I
)
# a heading over statements to judge, in the languages the floor reads
_JUDGE_TITLE = re.compile(
    r"\b(?:true|richtig|wahr|vrai|verdadeiro|verdadero|cierto|vero|certo)\b.{0,15}\b(?:false|falsch|faux|falso|errado)\b"
    r"|верно\s+(?:или|/)\s+неверно|правда\s+или\s+ложь|正誤|○×|〇×|マルバツ|참\s*/?\s*거짓|O\s*/\s*X",
    re.I,
)
# the Cebraspe instruction: items judged C (certo) or E (errado)
_JULGUE = re.compile(r"\bjulgue\b|\bcerto\b.{0,40}\berrado\b", re.I)
# a key before the stem on the question's line: "【答案】C 下列城市中，位于黄河沿岸的是"
_KEY_THEN_STEM = re.compile(r"^([A-H]{1,5}|[对错√×])\s+(\S.{5,})$")
# a key written as an option's label and its text: "2. Rapidement", "(b) Rome", "ウ 黄"
_LABEL_AND_TEXT = re.compile(r"^\s*[(（\[]?\s*(\S)\s*(?:[.．、:：)）\]]\s*|\s+)(\S.*?)\s*$")
_DIGIT = re.compile(r"\d")
_ASSIGNED = re.compile(r"^\s*[\w.]+\s*=")  # code's assignment: "resposta = [1, 2]"
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|<img\b", re.I)  # Markdown's image, HTML's
# a legend saying which letters mean true and false: "C = CERTO; E = ERRADO", "V = verdadero, F = falso"
_LEGEND = re.compile(r"(?<![A-Za-z])([A-Z])\s*[=:：]\s*([A-Za-zÀ-ÿ]+)")


@dataclass
class _Block:
    number: int
    line: int
    section: int  # index into the reading's sections
    group: int  # questions numbered in one run
    stem: list[str] = field(default_factory=list)
    alphabet: str | None = None
    digit_form: str = ""  # how its numbered options' labels are set: "(" for "(1)", "." for "1.", …
    options: list[tuple[int, str]] = field(default_factory=list)
    key: str | None = None
    key_line: int | None = None
    written: str | None = None  # the key line's text after its label, where `key` keeps only its first word
    early_key: str | None = None  # written before the number
    picture: bool = False  # a picture's placeholder stood in it ("[图片]", "![](…)")
    marked: str = ""  # letters of the options a table's mark column marks
    in_table: bool = False  # its options are the rows of a table
    option_marks: dict[int, set[str]] = field(default_factory=dict)  # marks each option's text carries
    explanation: list[str] = field(default_factory=list)
    end: int = 0
    in_explanation: bool = False
    awaiting_key: bool = False  # a key label stood alone: the key is on the lines below
    key_parts: int = 0  # the last numbered part of a key written below its label ("参考答案：" / "1. …" / "2. …")
    key_form: str = ""  # how those parts are numbered (`_digit_form`)
    learners: bool = False  # the learner's own answer is being shown: passed over until the key
    card: bool = False  # opened by "Q:": its "A:" line is the answer, not an option
    bulleted: bool = False  # its options are a list's items without letters
    tail: int | None = None  # where, in `explanation`, the paragraph of unmarked lines after its key begins
    unmarked: bool = False  # its two verdicts stood as a list's items, neither marked: no key by them
    code_tail: int | None = None  # where, in `stem`, the code block that ends it begins
    style: tuple[int, str] = (0, "")  # how its number is set: the Markdown heading's level, the mark after it
    case_head: bool = False  # numbered as a case ("案例2")

    @property
    def next_option(self) -> int:
        return self.options[-1][0] + 1 if self.options else 0


@dataclass
class GenericReading:
    drafts: list[Draft]
    sections: list[SectionReport]
    issues: list[Issue]
    conventions: list[Convention]
    questions_seen: int  # numbered blocks that show a question's parts (options or a key)


_MARKERS_A_LINE = 8  # key markers read off one line of text, at most


class _Generic:
    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        self.texts = [line.body if not line.fenced else line.text for line in lines]
        self.cells = [line.cells for line in lines]
        self.blocks: list[_Block] = []
        self.sections: list[SectionReport] = [SectionReport(None, None, 0)]
        self.group = 0
        self.set_start = 0  # first block of the questions the next answer part keys
        self.legend: dict[str, bool | None] = {}  # "C = CERTO; E = ERRADO; X = ANULADO": None, no key
        self.answered: set[int] = set()  # blocks given keys by an answer part
        self.always: str | None = None  # the letter a note says is right in every question
        self.issues: list[Issue] = []
        self.runs: dict[tuple[int, tuple[str, int] | None], OptionRun | None] = {}
        self.tail_line = 0  # the document line where the last block's unmarked tail begins
        self.opening: list[tuple[int, str]] = []  # the paragraph of lines before any question, so far
        self.ticked: set[int] = set()  # lines whose option a tick before its label marks right ("✔ B. Pacific")
        # "正" / "誤", "V" / "F", "Vrai" / "Faux" alone under most statements: their verdicts, decided per document
        self.signs = document_signs(self.texts, _verdict_line)
        for k, text in enumerate(self.texts):
            if (bare := ticked_label(text)) is not None and _label_at_start(bare) is not None:
                self.texts[k] = bare
                self.ticked.add(k)

    # -- the walk ------------------------------------------------------------------------------------
    def run(self) -> None:
        k = 0
        pending: list[Entry] = []  # an answer part before any question (a grid on the first page)
        while k < len(self.lines):
            text = self.texts[k]
            self.note_legend(text)
            if (taken := self.answer_part(k)) is not None:
                entries, k = taken
                if self.blocks:
                    self.apply(entries)
                else:
                    pending += [e for g in entries for e in g.entries]
                continue
            k = self.line(k)
        if pending:
            self.apply([Group(None, 0, pending)], everywhere=True)

    def line(self, k: int) -> int:
        text, line = self.texts[k], self.lines[k]
        q = self.blocks[-1] if self.blocks else None
        if not text.strip():
            return k + 1
        heading = match_heading(text, markdown=line.heading > 0)
        if heading is not None and not heading.names_kind and line.heading and self.part_of_question(text):
            heading = None  # "#### Ответ: D", "#### Resposta: B": a question's key set as a heading
        head = number_head(text)
        if head is None and (opened := self.unnumbered_start(k, q, heading)) is not None:
            self.group += q is not None and self.sections[-1].line > q.line
            number = q.number + 1 if q is not None else 1
            b = _Block(number, line.number, len(self.sections) - 1, self.group, end=line.number, card=opened)
            if q is not None and q.tail is not None and not line.gap:
                # the paragraph this stem ends ("K07" / its stem / "图：无" over the options) is the new question's
                b.stem, b.line = q.explanation[q.tail :], self.tail_line
                del q.explanation[q.tail :]
                q.tail = None
            elif q is None and self.opening and not line.gap:
                b.stem, b.line = [text for _, text in self.opening], self.opening[0][0]
            self.blocks.append(b)
            self.add_text(b, _CARD_Q.sub("", _STEM_LABEL.sub("", text)), k)
            return k + 1
        if heading is not None and (head is None or heading.names_kind) and not self.option_at(k, q):
            self.open_section(heading.title, heading.kind if heading.names_kind else None, line.number)
            return k + 1
        if head is not None and self.starts_question(k, head, q):
            number, rest, early, _ = head
            self.group += q is not None and (number <= q.number or self.sections[-1].line > q.line)
            b = _Block(number, line.number, len(self.sections) - 1, self.group, early_key=early, end=line.number)
            b.style, b.case_head = self.style(k), _CASE_HEAD.match(text) is not None
            self.blocks.append(b)
            self.add_text(b, rest, k)
            return k + 1
        if q is None:
            self.opening = [*([] if line.gap else self.opening), (line.number, text)]
            return k + 1
        if self.sections[-1].line > q.end and not self.part_of_question(text):
            self.issues.append(
                Issue("warning", line.number, "题目之外的文字，已忽略", "text outside any question was ignored")
            )
            return k + 1  # under a heading that came after the question's last line: no part of it
        if q.learners and key_marker(text) is None:
            return k + 1  # the learner's answer ("我的答案：" then "(1) 3,2,1"): not the key
        if q.awaiting_key and head is not None and key_marker(text) is None:
            q.key = f"{q.key}（{head[0]}）{head[1]}" if q.key else f"（{head[0]}）{head[1]}"
            q.key_parts, q.key_form = head[0], q.key_form or _digit_form(text)
            q.key_line = q.key_line or line.number
            return k + 1  # "正确答案：" then "(1) 3,1,2" "(2) n": the key's numbered parts
        if PICTURE.match(text) or _IMAGE.search(text):
            q.picture = True
            return k + 1
        if q.in_explanation and q.key is None and learner_marker(text):
            q.in_explanation = False  # a results page: the explanation ends where the learner's answer begins
            self.add_text(q, text, k)
            return k + 1
        if q.in_explanation and not self.option_at(k, q):
            q.explanation.append(text)
            q.end = line.number
            return k + 1
        if q.card and not q.options and q.key is None and _CARD_A.match(text) and not self.options_follow(k):
            q.key, q.key_line = _CARD_A.sub("", text).strip(), line.number  # "Q: …" over "A: …": its answer
            return k + 1
        if not q.options and q.key is None and q.stem and (keyed := self.verdict_items(k)) is not None:
            # "- True" / "- **False**": the bold one; neither marked, no key (a guess would be published)
            q.key, q.unmarked = keyed or None, not keyed
            q.key_line = q.end = self.lines[k + 1].number
            return k + 2
        if not q.options and q.key is None and q.stem and (pair := verdict_pair(text)) is not None:
            # "对(正确答案)  错": the statement's two verdicts on a line, the right one marked (neither: no key)
            q.key, q.unmarked = (None if pair[0] is None else "对" if pair[0] else "错"), pair[0] is None
            q.key_line = q.end = line.number
            return k + 1
        if not q.options and q.key is None and q.stem and (verdict := self.verdict_line(text)) is not None:
            q.key, q.key_line = verdict, line.number  # "1. A lion …" over "True": the statement's verdict
            return k + 1
        if (boxed := self.box_option(k, q)) is not None:
            return boxed
        if (bulleted := self.bullet_option(k, q)) is not None:
            return bulleted
        if (digits := self.digit_options(k, q)) is not None:
            return digits
        if (shuffled := self.unordered_options(k, q)) is not None:
            return shuffled
        if line.cells is not None and self.marked_row(q, line.cells):
            q.end = line.number
            return k + 1
        self.add_text(q, text, k)
        return k + 1

    @staticmethod
    def part_of_question(text: str) -> bool:
        """A line that is a question's key (`Ответ: D`) or explanation (`Explication :`), whatever it is set as."""
        found = key_marker(text)
        return (found is not None and not found[0] and bool(found[1])) or bool(explanation_marker(text))

    def run_at(self, k: int, expect: tuple[str, int] | None) -> OptionRun | None:
        """The options on line k (asked more than once per line: remembered)."""
        key = (k, expect)
        if key not in self.runs:
            run = option_run(self.texts[k], expect=expect)
            if run is not None and run.loose and len(run.options) == 1 and not expect and not self.continues(k, run):
                run = None  # "A água ferve…", "A lion is…": a word of one letter, no option A without a B below
            self.runs[key] = run
        return self.runs[key]

    def option_at(self, k: int, q: _Block | None) -> bool:
        if q is None:
            return False
        expect = (q.alphabet, q.next_option) if q.alphabet else None
        run = self.run_at(k, expect)
        return run is not None and not run.before

    def starts_question(self, k: int, head: tuple[int, str, str | None, bool], q: _Block | None) -> bool:
        number, _, _, strong = head
        if q is None:
            return True
        if q.awaiting_key and not strong and number == q.key_parts + 1 and self.key_part(k, q):
            return False  # "参考答案：" over "1. …" "2. …": the key's numbered points, no questions
        next_option = q.alphabet == "digits" and number == q.next_option + 1 and not strong and q.key is None
        if next_option and _digit_form(self.texts[k]) == q.digit_form:
            return False  # the next numbered option, unless set as the questions are ("5." after "(1)"-"(4)")
        after_heading = self.sections[-1].line > q.line
        if not strong and not after_heading and self.list_in_explanation(k, q):
            return False  # "1. `global.x` in Node.js" under a key: a list the questions' numbering runs past
        if number == q.number + 1:
            return True
        if strong and number != q.number:
            return True
        restart = number == 1 and (q.options or q.key or after_heading)
        if number == 1 and not restart and q.early_key is None and self.options_follow(k):
            return True  # numbered notes before the quiz ("1. Read each question…"), then question 1
        if restart and not after_heading and self.numbered_options_under(q, k):
            return False  # "1. 5 / 2. 12 / 3. 20" under a stem: its options
        return bool(restart)

    def key_part(self, k: int, q: _Block) -> bool:
        """Line k goes on with the numbered points of the key written below its label: the first point, or one
        numbered as the points before it were (`(2)` after `(1)`; `### 2.` after `(1)` is the next question)."""
        return q.key_parts == 0 or (_digit_form(self.texts[k]) == q.key_form and self.style(k) != q.style)

    def style(self, k: int) -> tuple[int, str]:
        text = self.texts[k].lstrip("*# ")
        mark = re.match(r"\d+\s*(\S?)", text)
        return self.lines[k].heading, mark.group(1) if mark else ""

    _LOOK_AHEAD = 400  # lines searched for the numbering's next question

    def list_in_explanation(self, k: int, q: _Block) -> bool:
        """Line k numbers 1 in another style than the question above it (a list item under `###### 9.`), and
        the questions' own numbering goes on below it (`###### 10.`): the list is part of the question's
        explanation, no new set of questions. Questions count by their repeated shape, not by every number."""
        if q.key is None or self.style(k) == q.style:
            return False
        for j in range(k + 1, min(k + self._LOOK_AHEAD, len(self.texts))):
            head = number_head(self.texts[j])
            if head is not None and head[0] == q.number + 1 and self.style(j) == q.style:
                return True
        return False

    def unnumbered_start(self, k: int, q: _Block | None, heading: object) -> bool | None:
        """Line k opens a question that has no number: a stem (a card's `Q:` line, or a line whose options
        follow) after a question that has its options or key, or before any question. True for a card."""
        text = self.texts[k]
        if self.cells[k] is not None:
            return None  # a table's row is no stem of its own
        if _CARD_Q.match(text) and (q is None or q.card or q.options or q.key is not None):
            return True
        if q is not None and not (q.options or q.key is not None or q.unmarked):
            return None
        if (q is not None and q.alphabet and self.option_at(k, q)) or (
            (run := self.run_at(k, None)) is not None and not run.before
        ):
            return None  # an option (the open question's next, or a run's first): no stem
        if heading is not None and getattr(heading, "names_kind", False):
            return None
        if key_marker(text) is not None or explanation_marker(text) is not None or answer_heading(text):
            return None
        if _BOX.match(text) or self.lines[k].checked is not None or learner_marker(text) or PICTURE.match(text):
            return None
        run = self.run_at(k, None)
        if q is not None and q.alphabet in (None, "latin") and _option_holding_labels(text, run, q.next_option):
            return None  # "B: `{ a: 1, b: 2 }`": the next option, labels inside its text
        if run is not None:
            # a stem with its options on the same line ("Which …? A. x B. y"), never an option itself
            return False if run.before and len(run.options) >= 2 and run.options[0][0] == 0 and q is not None else None
        if q is not None and q.alphabet and self.option_at(k, q):
            return None
        if self.verdict_line(text) is None and k + 1 < len(self.texts) and self.verdict_line(self.texts[k + 1]):
            return False  # a statement over its verdict ("…。" / "True"), numbered or not
        if self.after_list(k, q):
            return False  # a paragraph after a list of options and a blank line: the next question's stem
        return False if self.stem_over_options(k) or self.stem_over_bullets(k) else None

    def after_list(self, k: int, q: _Block | None) -> bool:
        """Line k is a paragraph of its own (a blank line above it, no bullet or indent, a line below it) right
        after a list whose items are the open question's options: a list ends at its blank line."""
        line, text = self.lines[k], self.texts[k]
        if q is None or len(q.options) < 2 or q.key is not None or q.in_explanation or q.awaiting_key:
            return False
        if not line.gap or line.lead or line.text[:1].isspace() or line.quoted or k + 1 >= len(self.lines):
            return False
        if _IMAGE.search(text) or text.lstrip().startswith("<") or len(re.findall(r"\w", text)) < 3:
            return False
        return self.lines[k - 1].lead > 0 and self.lines[k - 1].number == q.end

    def stem_over_options(self, k: int) -> bool:
        """The next line (past a picture) starts a run of options at its first label: A., a), ア, ☐ …"""
        j = k + 1
        if j < len(self.texts) and (PICTURE.match(self.texts[j]) or _IMAGE.search(self.texts[j])):
            j += 1  # the stem's picture between it and its options
        if j >= len(self.texts) or number_head(self.texts[j]) is not None or self.cells[j] is not None:
            return False
        if _BOX.match(self.texts[j]) or self.lines[j].checked is not None:
            return True
        run = self.run_at(j, None)
        if run is None or run.before or run.options[0][0] != 0 or run.alphabet == "digits":
            return False
        return not run.loose or len(run.options) >= 2 or self.continues(j, run)

    def stem_over_bullets(self, k: int) -> bool:
        """The next lines are a list of two items or more without letters, then a key label (`- 1943` … `- 1946`
        over `* Answer: 1945`): line k is their question, whatever it is set as (a heading, a paragraph)."""
        if self.lines[k].lead > 0:
            return False  # an item of the list itself
        j = k + 1
        while j < len(self.lines) and self.lines[j].lead > 0 and key_marker(self.texts[j]) is None:
            if self.lines[j].cells is not None or self.run_at(j, None) is not None:
                return False
            j += 1
        found = key_marker(self.texts[j]) if j < len(self.lines) and j - k > 2 else None
        if found is None or found[0] or not found[1]:
            return False
        # a stem that asks, or a key that names one of the items: no paragraph over notes and their essay answer
        items = {_plain(self.texts[i]) for i in range(k + 1, j)}
        return bool(re.search(r"[?？]\s*$", self.texts[k])) or _plain(found[1]) in items

    def box_option(self, k: int, q: _Block) -> int | None:
        """An option without a letter behind a box (`☐ Le noyau`, `☑ La mitochondrie`, `- [x] Rome`): the
        next letter, and a tick that marks the key."""
        line, text = self.lines[k], self.texts[k]
        box = _BOX.match(text)
        if (box is None and line.checked is None) or q.key is not None or not q.stem:
            return None
        if q.options and q.alphabet != "latin":
            return None
        body = text[box.end() :] if box else text
        run = option_run(body, expect=("latin", q.next_option)) if body[:1] in _LATIN + "(（【[" else None
        index = run.options[0][0] if run is not None and len(run.options) == 1 else q.next_option
        if run is not None and len(run.options) > 1:
            return None
        q.alphabet = "latin"
        q.options.append((index, run.options[0][1] if run is not None else body.strip()))
        if (box is not None and box.group("on")) or line.checked:
            q.option_marks.setdefault(index, set()).add("check")
        q.end = line.number
        return k + 1

    def bullet_option(self, k: int, q: _Block) -> int | None:
        """An option without a letter as a list's item under a stem (`* Nairobi ✓`, `- **Accra**`,
        `- Jupiter (correct)`), when the list has two items or more: the next letter; its mark (a tick or
        a word after it, bold, red …) marks the key."""
        line, text = self.lines[k], self.texts[k]
        if line.lead == 0 or q.key is not None or not q.stem or (q.options and not q.bulleted):
            return None
        if not q.options and not (k + 1 < len(self.lines) and self.lines[k + 1].lead > 0):
            return None  # a list of one item is no set of options
        if self.run_at(k, None) is not None or number_head(text) is not None or key_marker(text) is not None:
            return None
        body, index = text, q.next_option
        marks = {mark for a, b, mark in line.spans if a <= line.lead + 1 and b >= len(line.text) - 1}
        if (bare := right_mark(body, star=True)) is not None:
            body, marks = bare, marks | {"check"}
        if line.checked:
            marks.add("check")
        q.alphabet, q.bulleted = "latin", True
        q.options.append((index, body.strip().strip("*").strip()))
        q.option_marks[index] = marks
        q.end = line.number
        return k + 1

    def verdict_items(self, k: int) -> str | None:
        """A statement's two verdicts as a list's items (`- True` / `- **False**`, `- 正确` / `- 错误`), one of
        them set apart by a mark (bold, red, a tick): that one, the statement's key ("" when neither is)."""
        if k + 1 >= len(self.lines) or self.lines[k + 1].gap:
            return None
        pair = [self.lines[k], self.lines[k + 1]]
        words = [_verdict_line(self.texts[k]), _verdict_line(self.texts[k + 1])]
        if any(line.lead == 0 for line in pair) or words[0] is None or words[1] is None:
            return None
        if read_true_false(words[0]) == read_true_false(words[1]):
            return None
        if k + 2 < len(self.lines) and self.lines[k + 2].lead > 0 and _verdict_line(self.texts[k + 2]):
            return None  # a third verdict: no pair
        marks = [line.marked(line.lead, len(line.text)) | ({"check"} if line.checked else set()) for line in pair]
        chosen = [word for i, word in enumerate(words) if marks[i] - marks[1 - i]]
        return chosen[0] if len(chosen) == 1 else ""

    def options_follow(self, k: int) -> bool:
        """Line k is a stem whose options (lettered, not numbered) follow on the next line."""
        if k + 1 >= len(self.texts):
            return False
        run = option_run(self.texts[k + 1])
        return run is not None and not run.before and run.alphabet != "digits"

    def numbered_options_under(self, q: _Block, k: int) -> bool:
        return not q.options and q.key is None and q.early_key is None and self.digit_run(k) >= 2

    def digit_run(self, k: int) -> int:
        """How many numbered lines run 1, 2, 3 … from line k (options numbered under a stem)."""
        want, count, form = 1, 0, _digit_form(self.texts[k]) if k < len(self.texts) else ""
        while k < len(self.texts):
            head = number_head(self.texts[k])
            if head is None or head[0] != want or len(head[1]) > 80 or head[3] or _digit_form(self.texts[k]) != form:
                break  # a strong number ("第2問") or one set otherwise ("5." after "(4)") is the next question
            want, count, k = want + 1, count + 1, k + 1
        return count

    def digit_options(self, k: int, q: _Block) -> int | None:
        if not self.numbered_options_under(q, k) or self.sections[-1].line > q.line:
            return None
        q.digit_form = _digit_form(self.texts[k])
        for want in range(1, self.digit_run(k) + 1):  # up to a strong number ("Вопрос №4"): the next question
            q.options.append((want - 1, number_head(self.texts[k])[1]))  # type: ignore[index]
            q.end = self.lines[k].number
            k += 1
        q.alphabet = "digits"
        return k

    def unordered_options(self, k: int, q: _Block) -> int | None:
        """Options one per line whose letters are all there but out of order (`B.DD` / `A.Hello` / `D.LSU` /
        `C.LSR`): read in the order of their letters."""
        if q.options or q.key is not None or not q.stem:
            return None
        found: list[tuple[int, str]] = []
        alphabet = None
        j = k
        while j < len(self.texts) and (label := _label_at_start(self.texts[j])) is not None:
            name, index, body = label
            if alphabet not in (None, name):
                break
            alphabet = name
            found.append((index, body))
            j += 1
        indices = [i for i, _ in found]
        if len(found) < 3 or sorted(indices) != list(range(len(found))) or indices == sorted(indices):
            return None
        q.alphabet, q.options = alphabet, sorted(found)
        q.end = self.lines[j - 1].number
        return j

    def marked_row(self, q: _Block, cells: list[str]) -> bool:
        """A row of a table of options whose mark column marks the right ones (`| ✓ | Jupiter |`, `| x | … |`,
        `| * | … |`): an option, and a key letter where it is marked."""
        if q.key is not None or (q.options and not q.in_table) or len(cells) != 2:
            return False
        marks = [c for c in cells if _MARK_CELL.fullmatch(c)]
        texts = [c for c in cells if c and not _MARK_CELL.fullmatch(c)]
        if len(texts) != 1 or (len(marks) + len(texts) != 2 and "" not in cells):
            return False
        if _TABLE_HEAD.fullmatch(texts[0]):
            return True  # "| | Option |": the table's head
        q.alphabet, q.in_table = "latin", True
        index = len(q.options)
        q.options.append((index, texts[0]))
        if marks:
            q.marked += _LATIN[index]
        return True

    def open_section(self, title: str, kind: Kind | None, line: int) -> None:
        self.sections.append(SectionReport(title, kind, line))

    def add_text(self, q: _Block, text: str, k: int, depth: int = 0) -> None:
        """A line's text (or the rest after its number) into the question: a key, an explanation, options,
        or the stem. `depth`: key markers already taken off this line's text (a line of a thousand
        "Answer" words recursed a thousand deep: past a few, the rest is text)."""
        line = self.lines[k].number
        q.end = line
        if learner_marker(text):
            q.learners = True
            if (found := key_marker(text)) is not None and found[1]:  # "我的答案：A 正确答案：B"
                q.learners = False
                q.key, q.key_line = _key_word(found[1]), line
            return
        found = key_marker(text) if depth < _MARKERS_A_LINE and not q.in_explanation else None
        if found is not None and (
            (self.lines[k].code and (found[0] or _ASSIGNED.match(text))) or found[0].endswith(("{", "(", "[", "=", ","))
        ):
            found = None  # "const resposta = yield …", "answer = 42", "{ key: 'b' }": code, no key
        if found is not None:
            before, key = found
            q.learners = False
            if before:
                self.add_text(q, before, k, depth + 1)
            if key and q.key is None and not before and not q.stem and (m := _KEY_THEN_STEM.match(key)):
                # "1.【答案】C 下列城市中…": the key first, then the stem, its options below
                q.early_key, q.key_line = m.group(1), line
                q.stem.append(m.group(2))
            elif key and q.key is None:
                q.key, q.key_line, q.written = _key_word(key), line, key
            elif not key and q.key is None:
                q.key_line, q.awaiting_key = line, True  # "【解答】" alone: the key is on the next line
            return
        if q.awaiting_key:
            q.awaiting_key = False
            if q.key is None and (_key_alone(text) or _SHORT_KEY.fullmatch(text.strip())):
                q.key, q.key_line = text.strip(), line
                return
            if q.key is None:  # "答え:" with its mark lost, then the explanation: no key to take
                q.in_explanation = True
                q.explanation.append(text)
                return
        if (explained := explanation_marker(text)) is not None and (q.options or q.stem):
            q.in_explanation, q.tail = True, None
            if explained:
                q.explanation.append(explained)
            return
        expect = (q.alphabet, q.next_option) if q.alphabet else None
        run = self.run_at(k, expect) if text == self.texts[k] else option_run(text, expect=expect)
        if run is not None and run.loose and len(run.options) == 1 and not expect and not self.continues(k, run):
            run = None
        whole = _option_holding_labels(text, run, q.next_option) if q.alphabet in (None, "latin") else None
        if whole is not None and not q.key:
            q.alphabet = "latin"
            q.options.append((q.next_option, whole))
            return
        if run is not None and run.before and not q.options and text == self.texts[k] and self.options_below(k):
            run = None  # "const obj = { a: 1, b: 2 }" over "A: …" / "B: …": the stem's text, its options below
        if run is not None and (not q.options or run.alphabet == q.alphabet) and not q.key:
            if run.before:
                q.stem.append(run.before)
            if run.alphabet == "digits" and not q.options:
                q.digit_form = _digit_form(text.strip()[len(run.before) :])
            q.alphabet = run.alphabet
            glued = [o for i, t in run.options for o in glued_options(i, t)] if run.alphabet == "latin" else []
            for index, body in glued or run.options:  # "A.普通法B.特别法": glued on, the options apart
                if (bare := right_mark(body, star=True)) is not None:  # "B、错误(正确答案)", "b) Rome ← correct"
                    body = bare
                    q.option_marks.setdefault(index, set()).add("check")
                q.options.append((index, body))
            if self.lines[k].spans and text == self.texts[k]:
                self.note_marks(q, k, run)
            if k in self.ticked and text == self.texts[k]:
                q.option_marks.setdefault(run.options[0][0], set()).add("check")
            if self.lines[k].heading and q.stem and text == self.texts[k]:
                for index, _ in run.options:  # "### B. 北京" among "- A. 上海", "- C. 广州": set apart as a heading
                    q.option_marks.setdefault(index, set()).add("heading")
            return
        if q.options:
            if q.key is not None:
                if q.tail is None or self.lines[k].gap:
                    q.tail, self.tail_line = len(q.explanation), line
                q.explanation.append(text)
            elif self.wrapped(k):  # an option's text broken over lines
                q.options[-1] = (q.options[-1][0], f"{q.options[-1][1]} {text}".strip())
            return
        if self.lines[k].code and q.code_tail is None and q.stem:
            q.code_tail = len(q.stem)  # a code block after the question's text: maybe its answer
        elif not self.lines[k].code:
            q.code_tail = None
        q.stem.append(text)

    def note_marks(self, q: _Block, k: int, run: OptionRun) -> None:
        """The marks (red, highlight, underline, bold, a ticked box) each option carries on line k: on its text, or
        on its label alone (`**B.** Pacific`)."""
        line, text = self.lines[k], self.texts[k]
        shift = len(line.text) - len(text)  # a list bullet before the body
        pos = len(run.before)
        for index, body in run.options:
            at = text.find(body, pos) if body else -1
            if at < 0:
                continue
            start, end, label = at + shift, at + shift + len(body), pos + shift
            marks = {mark for a, b, mark in line.spans if (a < end and b > start) or (label <= a and b <= start)}
            q.option_marks.setdefault(index, set()).update(marks)  # on its text, or on its label alone
            pos = at + len(body)

    _OPTIONS_BELOW = 40  # lines a stem's text (code, a table) may run before its options

    def options_below(self, k: int) -> bool:
        """Below line k, before the next number or key, a run of options starts a line of its own at its first
        label and goes on on the next line (`A: …` over `B: …`): the question's options are there, so what
        looks like options inside line k's text (`{ 1: "a", 2: "b" }`) is text."""
        for j in range(k + 1, min(k + self._OPTIONS_BELOW, len(self.texts))):
            text = self.texts[j]
            if number_head(text) is not None or key_marker(text) is not None:
                return False
            first = _LEADING_LABEL.match(text)
            second = _LEADING_LABEL.match(self.texts[j + 1]) if first and j + 1 < len(self.texts) else None
            if first and second and (first.group(1), second.group(1)) == ("A", "B"):
                return True  # "A: `{ a: 1 }`" over "B: …": labels at the lines' starts, whatever their text holds
            run = self.run_at(j, None)
            if run is not None and not run.before and run.options[0][0] == 0 and len(run.options) == 1:
                return self.continues(j, run)
        return False

    def wrapped(self, k: int) -> bool:
        """Line k goes on with the option above it: that option filled its line (a page's width), and no
        blank line stands between."""
        return k > 0 and not self.lines[k].gap and len(self.texts[k - 1]) >= 60

    def continues(self, k: int, run: OptionRun) -> bool:
        """A loose label alone (`A 兆欧表`, `ア PPM`) is an option when the next line holds the next one."""
        if k + 1 >= len(self.lines):
            return False
        nxt = option_run(self.texts[k + 1], expect=(run.alphabet, 1))
        return nxt is not None and not nxt.before

    # -- keys apart -----------------------------------------------------------------------------------
    def answer_part(self, k: int) -> tuple[list[Group], int] | None:
        """An answer part starting at line k (a heading over entries, or entries alone between questions):
        its groups and the line after it; None when line k is no such part."""
        text = self.texts[k]
        headed = answer_heading(text) and not self.option_at(k, self.blocks[-1] if self.blocks else None)
        if headed and (inline := labelled_entries(text, self.lines[k].number)) and answer_heading(inline[0]):
            headed = False  # "Answers: 1-A, 2-B": the heading and its entries on one line
        elif headed and self.blocks and (_key_alone(text) or _judgement_keyed(text)):
            headed = False  # "正解：○", "答案：B" under a question: its key, no heading
        elif headed and self.blocks and self.awaits_reference(text):
            return None  # "案例2. …" over "参考答案：" and its numbered points: the case's reference, no answer part
        start = k + 1 if headed else k
        if not headed and ((first := self.entries_at(start)) is None or self.opens_question(k, first[0])):
            return None
        worded = headed and bool(self.blocks)  # under an answer heading, after questions: "1. b) second" too
        if headed and not any(
            self.entries_at(i, worded=worded) is not None for i in range(start, min(start + 4, len(self.lines)))
        ):
            return None
        groups = [Group(text if headed else None, self.lines[k].number)]
        i, last = start, None
        while i < len(self.lines):
            found = self.entries_at(i, worded=worded)
            if found is not None:
                entries, used = found
                title = self.entries_title(i)
                if groups[-1].entries and (title or (last is not None and entries and entries[0].number <= last)):
                    groups.append(Group(title, self.lines[i].number))
                elif title and headed and not groups[-1].entries and not answer_heading(title):
                    groups[-1].title = title  # "Answer key" over "Part 2: 1b – 2c": the line names its group
                groups[-1].entries += entries
                last = entries[-1].number
                i += used
                continue
            text = self.texts[i]
            if groups[-1].entries and (expl := explanation_marker(text)) is not None:
                groups[-1].entries[-1].explanation.append(expl)
                i += 1
                continue
            if not text.strip():
                i += 1
                continue
            if self.questions_resume(i) or not headed:
                break
            # a heading inside the answer part: the keys of one section of questions
            if len(text) > 60:
                break
            groups.append(Group(text, self.lines[i].number))
            last = None
            i += 1
        while groups and not groups[-1].entries:
            groups.pop()
            i -= 1  # a heading that turned out to open the next questions
        groups = [g for g in groups if g.entries]
        if not groups:
            return None
        return groups, max(i, k + 1)

    def awaits_reference(self, text: str) -> bool:
        """Line `text` is a key label alone under a case that has no answer yet (in a case section, or numbered
        `案例2`): the lines below are that case's reference, whatever numbers its points carry."""
        b = self.blocks[-1]
        found = key_marker(text)
        if found is None or found != ("", "") or b.options or b.key is not None:
            return False
        return self.sections[b.section].kind is Kind.case or b.case_head

    _QUESTION_BODY = 8  # lines below a question's head searched for its own key label or options

    def opens_question(self, k: int, entries: list[Entry]) -> bool:
        """Line k reads as one entry (`問2　【権利関係】`: a number and a word in brackets) but heads the next
        question: its number follows the last question's, and a key label of its own or its options stand
        below it before any other number."""
        if len(entries) != 1 or not self.blocks or entries[0].number != self.blocks[-1].number + 1:
            return False
        for j in range(k + 1, min(k + self._QUESTION_BODY, len(self.texts))):
            text = self.texts[j]
            if number_head(text) is not None:
                return False
            found = key_marker(text)
            if (found is not None and not found[0] and found[1]) or ((run := self.run_at(j, None)) and not run.before):
                return True
        return False

    def entries_title(self, i: int) -> str | None:
        found = labelled_entries(self.texts[i], 0) if line_entries(self.texts[i], 0) is None else None
        if found is None and (worded := worded_entries(self.texts[i], 0)) is not None and worded[0]:
            return worded[0]  # "Teil 1: 1) einen; 2) der": the group its label names
        return found[0] if found else None

    def entries_at(self, i: int, *, worded: bool = False) -> tuple[list[Entry], int] | None:
        """The entries line i holds (`worded`: also a number and a short answer in words, under an answer
        heading), and how many lines they take."""
        if i >= len(self.lines):
            return None
        text, number = self.texts[i], self.lines[i].number
        if not _DIGIT.search(text) and not any(_DIGIT.search(c) for c in self.cells[i] or ()):
            return None  # every entry names its question's number: most lines are none, at one test
        if (grid := grid_at(self.texts, self.cells, i, number)) is not None:
            return grid
        if (entries := line_entries(text, number)) is not None and (len(entries) >= 2 or self.in_key_context(i)):
            return entries, 1
        labelled = labelled_entries(text, number)
        if labelled is not None and (answer_heading(labelled[0]) or self.in_key_context(i)):
            return labelled[1], 1  # "Answers: 1-A, 2-B", "Part B: 1. B 2. B" under an answer heading
        if (entry := labelled_entry(text, number)) is not None and (worded or self.in_key_context(i)):
            return [entry], 1
        if worded and (words := worded_entries(text, number)) is not None:
            return words[1], 1  # "Teil 1: 1) einen; 2) der; 3) dem" under an answer heading
        if worded and (entry := self.worded_entry(i)) is not None:
            return [entry], 1
        return None

    def worded_entry(self, i: int) -> Entry | None:
        """`1. second`, `2. b) third`, `3. (a) Because …`: a question's number and its answer in a few words."""
        text = self.texts[i]
        head = number_head(text)
        if not text[:1].isdecimal() and not (head is not None and head[3]):
            return None  # "(1) n-1" under "正确答案：" is a fill-in's blanks, not the answers of questions 1, 2 …
        if line_entries(text, 0) is not None or head is None or head[2] is not None:
            return None
        number, rest = head[0], head[1].strip()
        if not rest or len(rest) > 80 or number not in {b.number for b in self.blocks}:
            return None
        if self.run_at(i, None) is not None and len(self.run_at(i, None).options) > 1:  # type: ignore[union-attr]
            return None  # "1. a) x b) y": a question's options
        return Entry(number, rest, self.lines[i].number)

    def in_key_context(self, i: int) -> bool:
        """Line i follows an answer heading or other entries (looking back over blank and explanation lines)."""
        k = i - 1
        while k >= 0:
            text = self.texts[k]
            if (
                answer_heading(text)
                or line_entries(text, 0) is not None
                or labelled_entry(text, 0) is not None
                or labelled_entries(text, 0) is not None
            ):
                return True
            if text.strip() and explanation_marker(text) is None and match_heading(text, markdown=False) is None:
                return False
            k -= 1
        return False

    def questions_resume(self, i: int) -> bool:
        """Line i opens questions again: a heading or number whose next lines show options."""
        for k in range(i, min(i + 4, len(self.lines))):
            head = number_head(self.texts[k])
            if head is not None and line_entries(self.texts[k], 0) is None and labelled_entry(self.texts[k], 0) is None:
                run = option_run(head[1]) if head[1] else None
                below = option_run(self.texts[k + 1]) if k + 1 < len(self.lines) else None
                return (run is not None and bool(run.before)) or (below is not None and not below.before)
        return False

    def apply(self, groups: list[Group], *, everywhere: bool = False) -> None:
        """Give an answer part's keys to the questions they key: the questions since the last answer part
        (or all, for keys before any question), group by group when both are in groups, else by number."""
        blocks = self.blocks if everywhere else self.blocks[self.set_start :]
        self.set_start = len(self.blocks)
        by_group: dict[int, list[_Block]] = {}
        for b in blocks:
            by_group.setdefault(b.group, []).append(b)
        question_groups = list(by_group.values())
        numbers = [e.number for g in groups for e in g.entries]
        titled = {_plain(self.sections[qs[0].section].title): qs for qs in question_groups}
        of_kind = {self.sections[qs[0].section].kind: qs for qs in question_groups}
        if all(g.title and _plain(g.title) in titled for g in groups):
            pairs = [(g, titled[_plain(g.title)]) for g in groups]  # type: ignore[arg-type]
        elif all(g.title and kind_in_header(g.title) in of_kind.keys() - {None} for g in groups) and len(
            of_kind
        ) == len(question_groups):
            pairs = [(g, of_kind[kind_in_header(g.title)]) for g in groups]  # type: ignore[arg-type]
        elif (labelled := self.by_part_label(groups, question_groups)) is not None:
            pairs = labelled  # "PHẦN I. (0,25 điểm mỗi câu)" keys the questions under "PHẦN I. Câu trắc nghiệm …"
        elif len(groups) == len(question_groups) and len(groups) > 1:
            pairs = list(zip(groups, question_groups, strict=True))
        elif len(set(numbers)) == len(numbers) and len({b.number for b in blocks}) == len(blocks):
            merged = Group(groups[0].title, groups[0].line, [e for g in groups for e in g.entries])
            pairs = [(merged, blocks)]  # numbers that never repeat: matched by number alone
        elif len(groups) == 1 and groups[0].title is None and question_groups:
            pairs = [(groups[0], question_groups[-1])]  # a line of keys right under a group of questions
        else:
            self.issues.append(
                Issue(
                    "warning",
                    groups[0].line,
                    "答案部分的分组与题目的分组对不上，这些答案未使用",
                    "the groups of keys in the answer part do not match the groups of questions; they are not used",
                )
            )
            return
        for group, qs in pairs:
            by_number = {b.number: b for b in qs}
            for e in group.entries:
                b = by_number.get(e.number)
                if b is None or b.key is not None:
                    continue
                b.key, b.key_line = e.key, e.line
                if e.explanation and not b.explanation:
                    b.explanation = e.explanation
                self.answered.add(id(b))

    def by_part_label(
        self, groups: list[Group], question_groups: list[list[_Block]]
    ) -> list[tuple[Group, list[_Block]]] | None:
        """Groups of keys matched to groups of questions by the part label both headings open with (`PHẦN I`,
        `Część II`), where every group of keys has one that names exactly one group of questions; the rest of
        the headings differ (the questions' says what to do, the keys' how they are scored). A group of
        questions takes its section's label, else that of the last line between it and the group before."""
        labelled: dict[str, list[list[_Block]]] = {}
        after = 0
        for qs in question_groups:
            label, before = _part_label(self.sections[qs[0].section].title), None
            for line, text in zip(self.lines, self.texts, strict=True):
                if after < line.number < qs[0].line and (found := _part_label(text)):
                    before = found  # the last one before the group
            label = label or before
            if label is not None:
                labelled.setdefault(label, []).append(qs)
            after = qs[-1].line
        pairs = []
        for g in groups:
            found_groups = labelled.get(_part_label(g.title) or "", [])
            if len(found_groups) != 1:
                return None
            pairs.append((g, found_groups[0]))
        return pairs

    def verdict_line(self, text: str) -> str | None:
        """A line holding only a verdict (`_verdict_line`), or only a letter the document's legend names a
        verdict by (`C` under `Julgue os itens (C = certo, E = errado)`)."""
        letter = text.strip().rstrip(".。").strip()
        if len(letter) == 1 and self.legend.get(letter.upper()) is not None:
            return letter
        if (value := self.signs.get(text.strip())) is None:
            return None
        return _verdict_line(text) or ("对" if value else "错")

    def note_legend(self, text: str) -> None:
        if self.always is None and not self.blocks and (m := _ALWAYS.search(text)):
            self.always = next(v for v in m.groupdict().values() if v).upper()
        if not self.legend and _JULGUE.search(text):
            self.legend.update({"C": True, "E": False})  # "Julgue os itens": C (certo), E (errado)
        if not self.legend and (said := _said_legend(text)) is not None:
            self.legend.update(said)  # "Wpisz P, jeśli zdanie jest prawdziwe, lub F, jeśli jest fałszywe"
        if "=" not in text and ":" not in text:
            return
        found = {letter: read_true_false(word) for letter, word in _LEGEND.findall(text)}
        if {True, False} <= set(found.values()):
            self.legend.update(found)

    # -- drafts ---------------------------------------------------------------------------------------
    def judged_sections(self) -> set[int]:
        """Sections of statements to judge: headed so (`Vrai ou faux`, `Верно или неверно`), or most of their
        keys without options are judgements, one of them no option letter (`V`, `×`): there `F` is false."""
        out = set()
        for i, section in enumerate(self.sections):
            keys = [b.key for b in self.blocks if b.section == i and not b.options and b.key is not None]
            judged = [k for k in keys if read_true_false(k) is not None]
            if (section.title and _JUDGE_TITLE.search(section.title)) or (
                keys and 2 * len(judged) >= len(keys) and any(not _LETTER_KEY.fullmatch(k.strip()) for k in judged)
            ):
                out.add(i)
        return out

    def line_ends(self) -> dict[int, tuple[str, str]]:
        """The keys closing the questions' own lines (`bot.banks.generic.line_end`), by block, where the document
        keys most of its otherwise unkeyed questions so: the line without its key, and the key."""
        found: dict[int, tuple[str, str]] = {}
        unkeyed = 0
        for b in self.blocks:
            if b.key is not None or b.early_key is not None or not b.stem:
                continue
            unkeyed += 1
            end = (
                choice_at_end(b.stem[-1]) if len(b.options) >= 2 else None if b.options else verdict_at_end(b.stem[-1])
            )
            if end is not None:
                found[id(b)] = end
        return found if keyed_at_end(len(found), unkeyed) else {}

    def unlettered(self) -> dict[int, PlainOptions | None]:
        """By block, the questions without lettered options that stand over two lines or more before their key:
        each read as a stem over plain options (`bot.banks.conventions.plain_options`), None where it is not."""
        out: dict[int, PlainOptions | None] = {}
        for b in self.blocks:
            key = b.key if b.key is not None else b.early_key
            lines = [line for line in b.stem if line.strip()]
            if b.options or key is None or b.code_tail is not None or len(lines) < 3:
                continue
            out[id(b)] = plain_options(lines, key)
        return out

    def inconsistent_marks(self) -> frozenset[str]:
        """The structure marks (a heading, bold, underline among options) this document does not use for every
        question's key alike (`bot.banks.conventions.right_marks.inconsistent_marks`): they key nothing."""
        questions = [
            (
                [b.option_marks.get(i, set()) for i, _ in b.options],
                self.sections[b.section].kind is Kind.single or _SINGLE_TAG.search(" ".join(b.stem)) is not None,
            )
            for b in self.blocks
            if len(b.options) >= 2 and b.key is None and b.early_key is None and not b.marked
        ]
        ignored = inconsistent_marks(questions)
        if (note := ignored_marks_note(ignored)) is not None:
            self.issues.append(Issue("warning", self.blocks[0].line, *note))
        return ignored

    def drafts(self) -> list[Draft]:
        out = []
        judged = self.judged_sections()
        ends = self.line_ends()
        unlettered = self.unlettered()
        by_label = consistent(list(unlettered.values()))
        unmarked = self.inconsistent_marks()
        for b in self.blocks:
            section = self.sections[b.section]
            blank_verdict = False
            unkeyed = None
            if (end := ends.get(id(b))) is not None:
                b.stem[-1], b.key = end[0], end[1] or None  # "…()。 c", "… : 非"; "… :" left blank
                b.key_line, blank_verdict = b.key_line or b.line, not end[1]
            boxed = {i: m for i, text in b.options if (m := _BOX.match(text))}
            if len(boxed) == len(b.options) >= 2:  # "a) ( ) Física." / "e) (x) Estão corretas …": the box ticks
                for i, m in boxed.items():
                    if m.group("on"):
                        b.option_marks.setdefault(i, set()).add("check")
                b.options = [(i, text[boxed[i].end() :]) for i, text in b.options]
            options = {_LATIN[i]: text for i, text in b.options if i < len(_LATIN) and text}
            key = b.key if b.key is not None else b.early_key
            # one lettered option and nothing else (`- **A. WHERE**`): a choice whose other options were stripped
            lone = key is None and len(b.options) == 1
            if len(options) < 2:
                options = {}
                b.stem += [text for _, text in b.options]
            if not options and (plain := unlettered.get(id(b))) is not None and (plain.by_text or by_label):
                # "What …?" over "Mombasa" / "Nairobi" / "Kisumu", keyed "Nairobi" (or, where the document's
                # questions all stand so, keyed "B" or "2"): the lines are its options
                b.stem, options, key = plain.stem, plain.options, plain.key
                if key is None:
                    unkeyed = (
                        "的答案与它未标字母的选项对不上",
                        "has a key that names none of its unlettered options (or names one ambiguously)",
                    )
            kind, tagged = section.kind, False
            if key is None and not options and (answered := _question_over_answer(b)) is not None:
                if lone or _LEADING_LABEL.match(answered[1]):
                    b.stem, lone = answered[0], True  # "…?" over "D. 多对多" alone: an option, no reference answer
                else:
                    b.stem, key = answered  # "1、…是什么?" over its answer, unlabelled: a question and its reference
                    kind = kind or Kind.case
            stem = strip_score(" ".join(s for s in b.stem if s).strip())
            if (tag := find_kind_tag(stem)) is not None and tag[1] != stem and stem.startswith(("(", "（", "[", "【")):
                (kind, stem), tagged = tag, True  # "(填空题, 4分) 一个栈的入栈序列…": its kind, not its text
                kind = kind or section.kind
            if key is None and options:
                key = _stem_key(stem, b.alphabet)
            if key is None and not options:
                key = _judgement_in_stem(stem)
            if key is None and not options and kind is Kind.fill:
                stem, key = _answers_in_brackets(stem)
            if key is None and options and self.always in options:
                key = self.always
            if lone and key is None:
                unkeyed = (
                    "只列出一个选项，其余选项缺失，无法作为选择题导入",
                    "lists a single option, the others missing, so it cannot be asked as a choice question",
                )
            if key is None and b.learners:
                unkeyed = (
                    "只列出了作答者自己的答案，没有给出正确答案",
                    "shows only the learner's own answer, not the key",
                )
            if key is None and b.unmarked:
                kind = kind or Kind.true_false
                unkeyed = ("的两个判断都没有标出", "offers both verdicts but marks neither")
            if key is None and blank_verdict:
                kind = kind or Kind.true_false
                unkeyed = ("的判断在分隔符后留空", "leaves its verdict blank after the separator closing its line")
            if key is not None:
                key = self.translate(key, b.alphabet if options else None)  # None: the legend voids it
            if key is not None and not options and b.section in judged and read_true_false(key) is not None:
                pass  # "5 V   6 F" under "Vrai ou faux": judgements, not option letters
            elif (
                key is not None
                and not options
                and kind is not Kind.fill
                and (_LETTER_KEY.fullmatch(key) or (_LOWER_LETTER.fullmatch(key) and "_" not in stem))
            ):
                # option letters for a question whose options were not found: no key it can be given
                key, unkeyed = (
                    None,
                    (
                        "的答案是选项字母，但没有找到它的选项",
                        "is keyed by option letters, but its options were not found",
                    ),
                )
            out.append(
                Draft(
                    number=b.number,
                    line=b.line,
                    section=section.title,
                    part=b.section,
                    kind=kind,
                    tagged=tagged,
                    stem=stem,
                    options=options,
                    key=key,
                    key_line=b.key_line,
                    key_written=b.written if b.written != key else None,
                    key_apart=id(b) in self.answered,
                    unkeyed=unkeyed,
                    marked=(b.marked or _marked_letters(b.option_marks, len(options), unmarked)) if options else "",
                    explanation="\n".join(b.explanation).strip() or None,
                    end_line=b.end,
                    picture=b.picture,
                )
            )
        return out

    def translate(self, key: str, alphabet: str | None) -> str | None:
        """A key in the options' alphabet (`イ`, `Б`, `[3]`, `(b and d)`) as Latin letters; a judgement letter
        of the document's legend as a word."""
        key = key.strip().strip("[]【】").strip()
        if alphabet is None:
            if key.upper() in self.legend:
                value = self.legend[key.upper()]
                return None if value is None else "对" if value else "错"
            return key
        letters = _ALPHABET[alphabet].letters
        key = without_option_word(key)
        if not any(ch in letters for ch in key) and key.swapcase() != key and len(key) <= 8:
            key = key.swapcase() if any(ch in letters for ch in key.swapcase()) else key  # "Б." for options а) б)
        # "a, c and d", "б и в"; a conjunction only between spaces ("ABCDE" keeps its E)
        words = re.sub(r"\s*[,，、]\s*|\s+(?:and|et|y|e|und|и|та)\s+", " ", key, flags=re.I).split()
        out = []
        for w in words:
            w = w.strip("()（）.")
            if len(w) == 1 and w in letters:
                out.append(_LATIN[letters.index(w)])
            elif alphabet != "digits" and all(ch in letters for ch in w) and w:
                out += [_LATIN[letters.index(ch)] for ch in w]
            elif alphabet == "digits" and w.isdecimal() and all(ch in letters for ch in w) and len(w) <= 1:
                out.append(_LATIN[int(w) - 1])
            else:
                return _label_and_text(key, letters)
        return "".join(sorted(set(out))) if out else key


def _question_over_answer(b: _Block) -> tuple[list[str], str] | None:
    """A numbered question that asks (its line ends with `?`) over one to three lines that ask nothing, no key
    label, no options: those lines are its answer, as a bank of questions and answers prints them."""
    lines = [line for line in b.stem if line.strip()]
    if b.key_line is not None or b.in_explanation or b.learners:
        return None  # a key label stood there, its key lost ("答え:" with its mark an image): no answer to take
    task = [line for line in b.stem[: b.code_tail] if line.strip()] if b.code_tail else []
    if task and len(task) <= 3 and not b.picture and not any(re.search(r"[?？]|_{2,}", line) for line in task):
        return task, "\n".join(b.stem[b.code_tail :]).strip()  # a task ("查询…的订单") over the code that does it
    if len(lines) < 2 or len(lines) > 4 or b.picture or not re.search(r"[?？]\s*$", lines[0]):
        return None
    if any(re.search(r"[?？]|_{2,}", line) for line in lines[1:]):
        return None
    return [lines[0]], "\n".join(lines[1:])


_VERDICT_LINE = re.compile(
    r"^\s*(?:[(（]\s*(?P<bracketed>[^\s()（）]{1,6})\s*[)）]|(?P<word>[^\s(（.。]{1,12})\s*[.。!]?\s*(?:[(（][^)）]{1,80}[)）])?)\s*$"
)


def _verdict_line(text: str) -> str | None:
    """A line holding only a verdict, maybe with a note in brackets (`True`, `False (insulin and glucagon)`,
    `Vrai.`, `正确`): the verdict; None otherwise (a single letter is no verdict here: it may be a key)."""
    m = _VERDICT_LINE.match(text)
    word = (m.group("word") or m.group("bracketed")) if m else None
    if word is None or (len(word) < 2 and not re.fullmatch(r"[√×✓✗✔✘○]", word)):
        return None
    return word if read_true_false(word) is not None else None


def _label_and_text(key: str, letters: str) -> str:
    """A key written as an option's label and its text (`2. Rapidement`, `(ウ) 黄`): its label as a Latin letter,
    its text kept for the check that both name the same option (`bot.banks.questions.build`)."""
    m = _LABEL_AND_TEXT.match(key)
    if m is None or m.group(1) not in letters:
        return key
    return f"{_LATIN[letters.index(m.group(1))]}. {m.group(2)}"


_MARK_ORDER = ("check", "red", "high", "under", "bold", "heading")  # a ticked box first, bold last (as the layouts)


def _marked_letters(marks: dict[int, set[str]], count: int, ignored: frozenset[str] = frozenset()) -> str:
    """The options one mark sets apart from the others (the first mark that some carry and some do not), of the
    marks the document uses consistently (not `ignored`)."""
    for mark in _MARK_ORDER:
        if mark in ignored:
            continue
        chosen = [i for i in range(count) if mark in marks.get(i, set())]
        if chosen and len(chosen) < count:
            return "".join(_LATIN[i] for i in chosen)
    return ""


# a part's label opening its heading: "PHẦN I", "Part 2", "Teil B", "Część II", "第一部分", "Ⅲ"
_PART_LABEL = re.compile(
    r"^\s*(?:(?:Part|Phần|PHẦN|Teil|Parte|Partie|Section|Sección|Seção|Sezione|Bölüm|Kısım|Część|Часть|Раздел|Bagian)"
    r"\s+([IVX]{1,4}|\d{1,2}|[A-H])(?![\w])|第\s*([一二三四五六七八九十\d]{1,3})\s*部分|([Ⅰ-Ⅻ]))",
    re.I,
)


def _part_label(title: str | None) -> str | None:
    m = _PART_LABEL.match(title or "")
    return next(g for g in m.groups() if g).upper() if m else None


# an instruction naming the letter to write for each verdict: "Write T if the sentence is true and F if it is
# false", "Wpisz P, jeśli zdanie jest prawdziwe, lub F, jeśli jest fałszywe", "Schreibe R, wenn … richtig"
_FALSE_WORDS = (
    r"fałszyw\w*|nepravdiv\w*|false|falsch\w*|faux|fausse|fals[oa]s?|sbagliat\w*|неверн\w*|ложн\w*|yanlış|sai|salah"
)
_TRUE_WORDS = (
    r"prawdziw\w*|pravdiv\w*|true|richtig\w*|wahr|vrai\w*|verdader\w*|ver[oa]|corrett\w*|верн\w*|правильн\w*"
    r"|doğru|đúng|benar"
)
_SAID_LEGEND = re.compile(
    rf"(?<![\w])(?P<letter>(?-i:[A-Z]))(?![\w])[^.;!?\n]{{0,40}}?"
    rf"(?<![\w])(?:(?P<false>{_FALSE_WORDS})|(?P<true>{_TRUE_WORDS}))(?![\w])",
    re.I,
)


def _said_legend(text: str) -> dict[str, bool] | None:
    """The two letters an instruction names for true and for false, when it names both, different."""
    found: dict[str, bool] = {}
    for m in _SAID_LEGEND.finditer(text):
        found.setdefault(m.group("letter"), m.group("true") is not None)
    return found if len(found) == 2 and set(found.values()) == {True, False} else None


def _plain(title: str | None) -> str:
    """A heading as compared with another: no spaces, punctuation or case."""
    return re.sub(r"[\W_]+", "", title or "").casefold()


_LEADING_LABEL = re.compile(r"^[(（【\[]?\s*([A-H])\s*[.．、:：)）\]】]\s*(?=\S)")


def _option_holding_labels(text: str, run: OptionRun | None, index: int) -> str | None:
    """A line that opens with the label of the next option and holds more labels inside its text (`A: `{ a: 1,
    b: 2 }``, code's keys): that option, its whole text (None when the line is no such option)."""
    if run is None or not run.before or (m := _LEADING_LABEL.match(run.before)) is None:
        return None
    return text[m.end() :].strip() if _LATIN.index(m.group(1)) == index else None


def _label_at_start(text: str) -> tuple[str, int, str] | None:
    """The option label a line opens with, in any alphabet, whatever its letter: (alphabet, position, text)."""
    for alphabet in ALPHABETS:
        if alphabet.name == "digits" or text[:1] not in alphabet.letters + "（(【[":
            continue
        for index in range(len(alphabet.letters)):
            run = option_run(text, expect=(alphabet.name, index))
            if run is not None and not run.before and not run.loose:
                return alphabet.name, index, run.options[0][1]
    return None


def _key_word(key: str) -> str:
    """The key itself, without what a page prints after it (`[3]☜ 블럭 설정하면 보임` -> `[3]`)."""
    m = re.match(r"^\s*([\[【(（]\s*[^\]】)）]{1,12}\s*[\]】)）])", key)
    if m and not _BRACKETED_KEY.search(key[m.end() :]):  # "(A), (C)", "(√) (×) (√)": keys, kept whole
        return m.group(1)
    return key


def _key_alone(text: str) -> bool:
    return bool(re.fullmatch(r"\s*(?:正解|答え|答案|Answer)?\s*[:：]?\s*[A-Ha-hアイウエオ①-⑧1-8○×√⭕❌]{1,6}\s*", text))


def _digit_form(text: str) -> str:
    """How a number opening the text is set: `(` for `(1)`, else the mark after it (`.` for `1.`, `、`)."""
    m = re.match(r"\s*([(（【\[])?\s*[0-9０-９]{1,4}\s*(\S?)", text)
    return "" if m is None else "(" if m.group(1) else m.group(2)


def _judgement_keyed(text: str) -> bool:
    """A key label and a judgement, all the line holds (`正解：○`, `答案：正确`, `Answer: False`)."""
    found = key_marker(text)
    return found is not None and not found[0] and read_true_false(found[1]) is not None


def _stem_key(stem: str, alphabet: str | None) -> str | None:
    """The key written in the stem's brackets, when every such bracket names the same options."""
    if alphabet is None:
        return None
    letters = _ALPHABET[alphabet].letters
    found = set()
    if _EMPTY_SLOT.search(stem):
        return None  # "维生素(A)缺乏会导致（ ）": the answer's slot is empty, the letter is a name's
    for m in _STEM_KEY.finditer(stem):
        inner = re.sub(r"[\s,，、]", "", m.group(1))
        if inner and all(ch in letters for ch in inner):
            found.add("".join(sorted(inner)))
    return found.pop() if len(found) == 1 else None


_FILLED = re.compile(r"[（(]\s*([^()（）]{1,20}?)\s*[)）]")
_DRAWN_BLANK = re.compile(r"_{3,}")
_HINT = re.compile(r"(?:选填|選填|填|选择|選擇|请填|請填|填写|填寫|写出|寫出)")  # what to write, no answer


def _answers_in_brackets(stem: str) -> tuple[str, str | None]:
    """A fill-in printed with its answers in the blanks' brackets (a teacher's copy): `和（ 鹼性 ）三類` ->
    the stem with empty brackets, and the answers one per blank."""
    if _DRAWN_BLANK.search(stem):
        return stem, None  # "成的是______（选填“实”或“虚”）像": the blank is drawn, the brackets hold a hint
    math = [m.span() for m in FORMULA.finditer(stem)]
    found = [
        m
        for m in _FILLED.finditer(stem)
        if not any(a <= m.start() < b for a, b in math) and not _HINT.match(m.group(1))
    ]
    if not found:
        return stem, None
    for m in reversed(found):
        stem = stem[: m.start()] + "（　）" + stem[m.end() :]
    return stem, "；".join(m.group(1).strip() for m in found)


def _judgement_in_stem(stem: str) -> str | None:
    for m in _STEM_KEY.finditer(stem):
        if read_true_false(m.group(1)) is not None:
            return m.group(1)
    return None


def read_generic(text: str, *, simplified: bool = False) -> GenericReading:
    """Read a document's text by its shapes alone (a paper run on in one paragraph put back on lines first)."""
    lines = rewrapped(prepare_lines(unglued(text), simplified=simplified, layouts=False))
    conventions = [Convention("通用结构（编号、选项、答案）", "generic structure (numbers, options, keys)")]
    if (rows := delimited_drafts(lines)) is not None:
        for d in rows:
            d.part = 0
        conventions = [Convention("每行一题，字段以分隔符分开", "a question per line, its fields delimited")]
        return GenericReading(rows, [SectionReport(None, None, 0)], [], conventions, len(rows))
    reader = _Generic(lines)
    reader.run()
    drafts = reader.drafts()
    seen = sum(1 for d in drafts if d.options or d.key is not None)
    used = [s for i, s in enumerate(reader.sections) if i == 0 or any(d.part == i for d in drafts)]
    index = {id(s): i for i, s in enumerate(used)}
    for d in drafts:
        d.part = index.get(id(reader.sections[d.part or 0]), 0)
    return GenericReading(drafts, used, reader.issues, conventions, seen)


def generic_reading(text: str, *, simplified: bool = False) -> Reading:
    """The generic reading in the form the importer takes from every text reader."""
    found = read_generic(text, simplified=simplified)
    return Reading(None, found.drafts, found.sections, found.issues, found.conventions)


# The first label of an option run, in the alphabets of bot.banks.conventions.shapes, in its strict forms, and
# what follows it up to the end of the next line (where the second label stands)
_FIRST_LABEL = re.compile(
    r"(?:^|(?<=[\s？?。：:）)\]】_…]))[（(【\[]?[ \t]*([AaАаアα])[ \t]*[.．、:：)）\]】]([^\n]*\n?[^\n]{0,4})"
    r"|(?:^|(?<=[\s？?。]))([アА])[ \t]+(\S[^\n]*\n?[^\n]{0,4})"  # "ア 利根川", "А клетка": a label and a space
    r"|(①)([^\n]*)",
    re.M,
)
_SECOND = {"A": "B", "a": "b", "А": "Б", "а": "б", "ア": "イ", "α": "β", "①": "②"}


def visible_choices(text: str) -> int:
    """How many runs of options a document visibly holds (a first label with the second beside it or at the
    start of the next line): a cheap count, against which the layouts' reading is measured."""
    count = 0
    for m in _FIRST_LABEL.finditer(text):
        letter, after = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
        count += _SECOND[letter] in after
    if "2" in text or "２" in text:
        count += len(_DIGIT_RUN.findall(text))
    return count


# options numbered on one line: "1.サメ　2.クジラ　3.マグロ", "１．赤　２．青　３．黄"
_DIGIT_RUN = re.compile(
    r"(?:^|(?<=[ \t\u3000]))[1１][ \t]*[.．、)）][ \t]*\S[^\n]{0,60}?"
    r"[ \t\u3000][2２][ \t]*[.．、)）][ \t]*\S[^\n]{0,60}?"
    r"[ \t\u3000][3３][ \t]*[.．、)）]",
    re.M,
)


_VERDICT_ALONE = re.compile(
    r"^[ \t]*[(（]?[ \t]*(?:True|False|Vrai|Faux|Verdadeiro|Falso|Verdadero|Richtig|Falsch|Верно|Неверно"
    r"|正确|错误|正確|錯誤|[√×✓✗✔✘])[ \t]*[)）]?[ \t]*[.。]?[ \t]*$",
    re.M | re.I,
)


_VERDICT_ITEMS = re.compile(
    r"^[ \t]*[-*+][ \t]+(?:\*\*)?(?:True|Vrai|Verdadeiro|Verdadero|正确|正確)(?:\*\*)?[ \t]*\n"
    r"(?:[ \t]*[-*+][ \t]+)?(?:\*\*)?(?:False|Faux|Falso|错误|錯誤)(?:\*\*)?[ \t]*$",
    re.M | re.I,
)


def visible_verdicts(text: str) -> int:
    """How many lines hold a verdict alone (`True`, `(×)`, `正确`), and how many pairs of verdicts a list
    offers under a statement (`- True` / `- **False**`): statements keyed by them, a cheap count."""
    return len(_VERDICT_ALONE.findall(text)) + len(_VERDICT_ITEMS.findall(text))
