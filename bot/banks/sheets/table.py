"""Question tables: one question per row under a header row that names the columns.

Spreadsheets exported by learning platforms (学习通/超星, 雨课堂, 问卷星, 考试星 …) and question tables in
Word files are read here, the same way: the header row is found below any title rows, each column is
recognised by its name in Chinese, English or another European language, accents folded (`题型`/Type,
`题干`/Question/Frage, `选项A`…`选项H`/Réponse A… or one `选项` column, `答案`/Answer/Bonne réponse,
`解析`/Explanation, `章节`, `知识点`, `难度`, `分值` …), and every row becomes a
`Draft` that `bot.banks.questions.build` checks like any other. Line numbers are the rows' own (a sheet's row 12
is line 12). Rows that fill only the options column under a question (one option per row, the question's
cells merged down) are that question's options; without a key, the options marked in their own cells
(`*速度`, `红（正确答案）`) are the key where the sheet marks them so.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from bot.banks.conventions.chars import probe
from bot.banks.conventions.headings import match_heading
from bot.banks.conventions.keys import count_blanks, parse_letters, read_true_false, take_bracket_key
from bot.banks.conventions.kinds import find_kind_tag, kind_of_word
from bot.banks.issues import Issue
from bot.banks.model import CHOICE_KINDS, Kind
from bot.banks.questions.draft import Convention, Draft, LeftOut, SectionReport
from bot.banks.text import narrow, to_simplified

__all__ = [
    "Header",
    "Row",
    "Table",
    "TableReading",
    "column_role",
    "fill_key",
    "find_header",
    "fitting",
    "instructions",
    "key_table",
    "kind_of_type",
    "legend_codes",
    "numbers_only",
    "open_kind",
    "option_key",
    "read_table",
    "section_report",
    "short_key",
    "split_options",
]

LETTERS = "ABCDEFGH"


@dataclass(frozen=True, slots=True)
class Row:
    line: int  # the sheet's row number, or the document line a Word table's row stands for
    cells: list[str]
    marked: frozenset[int] = frozenset()  # columns whose cell the sheet marks (red, bold, highlighted)


@dataclass
class Table:
    rows: list[Row]
    name: str | None = None  # the worksheet's name
    # kind codes a legend elsewhere in the workbook explains (a sheet `说明`: `3 | 判断题`)
    kind_codes: dict[str, DeclaredKind] = field(default_factory=dict)
    # keys an answer sheet of the workbook gives by question number (`题号 | 答案 | 解析`): (key, explanation)
    sheet_keys: dict[int, tuple[str, str]] = field(default_factory=dict)
    keys_by_number: bool = False  # its keys name options by number, as its columns' content shows
    # the plan of its columns by content once made (bot.banks.sheets.content), with what it was made from
    planned: tuple[object, object] | None = field(default=None, repr=False, compare=False)


@dataclass
class Header:
    line: int
    index: int  # position of the header row in Table.rows
    roles: dict[int, str]  # column -> role: stem, key, option:B, blank:2, type, …
    names: dict[str, str]  # role -> the column's name as written, for the summary


@dataclass
class TableReading:
    drafts: list[Draft] = field(default_factory=list)
    sections: list[SectionReport] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    rejected: list[LeftOut] = field(default_factory=list)  # rows of a kind the bot cannot ask
    conventions: list[Convention] = field(default_factory=list)
    title: str | None = None


# -- the header row ---------------------------------------------------------------------------------------
_ROLE_NAMES: dict[str, tuple[str, ...]] = {
    "number": (
        "序号",
        "题号",
        "编号",
        "题目编号",
        "试题编号",
        "题目序号",
        "题目id",
        "试题id",
        "no",
        "no.",
        "#",
        "id",
        "number",
        "num",
        "qid",
        "question#",
        "questionno",
        "questionnumber",
        "nr",
        "nr.",
        "n°",
        "numero",
    ),
    "type": (
        "题型",
        "题目类型",
        "试题类型",
        "类型",
        "题型名称",
        "试题题型",
        "题类",
        "type",
        "questiontype",
        "qtype",
        "kind",
        # French, German, Spanish, Italian, Portuguese (accents folded: Fragetyp, type de question)
        "typedequestion",
        "typequestion",
        "fragetyp",
        "fragentyp",
        "typ",
        "tipo",
        "tipodepregunta",
        "tipodedomanda",
        "tipodequestao",
    ),
    "stem": (
        "题干",
        "题目",
        "题目内容",
        "题干内容",
        "试题",
        "试题内容",
        "试题题干",
        "问题",
        "题目名称",
        "题目标题",
        "题目描述",
        "题面",
        "question",
        "questiontext",
        "questions",
        "stem",
        "prompt",
        "content",
        "questioncontent",
        "questionbody",
        "frage",
        "fragetext",
        "enonce",
        "intitule",
        "textedelaquestion",
        "pregunta",
        "enunciado",
        "domanda",
        "pergunta",
        "вопрос",
        "текствопроса",
        "問題",
        "設問",
        "質問",
    ),
    "options": (
        "选项",
        "选项内容",
        "所有选项",
        "备选项",
        "选择项",
        "options",
        "choices",
        "option",
        "propositions",
        "choix",
        "antwortmoglichkeiten",
        "opciones",
        "optionen",
        "auswahl",
        "opzioni",
        "opcoes",
        "варианты",
        "вариантыответа",
        "вариантыответов",
        "选択肢",  # 選択肢, as names are compared (simplified)
    ),
    "key": (
        "答案",
        "正确答案",
        "标准答案",
        "参考答案",
        "正确选项",
        "试题答案",
        "题目答案",
        "answer",
        "answers",
        "correctanswer",
        "correct",
        "key",
        "rightanswer",
        "solution",
        "correctchoice",
        "correctchoices",
        "correctoption",
        "correctoptions",
        "correctanswers",
        "correctresponse",
        "answerkey",
        "rightanswers",
        "reponse",
        "bonnereponse",
        "bonnesreponses",
        "reponsecorrecte",
        "reponsescorrectes",
        "corrige",
        "antwort",
        "richtigeantwort",
        "richtigeantworten",
        "korrekteantwort",
        "losung",
        "loesung",
        "respuesta",
        "respuestacorrecta",
        "risposta",
        "rispostacorretta",
        "resposta",
        "respostacorreta",
        "gabarito",
        "corretta",
        "giusta",
        "rispostaesatta",
        "ответ",
        "правильныйответ",
        "верныйответ",
        "正解",
        "答え",
    ),
    "explanation": (
        "解析",
        "答案解析",
        "试题解析",
        "题目解析",
        "解释",
        "解答",
        "分析",
        "答案说明",
        "explanation",
        "explain",
        "answerexplanation",
        "analysis",
        "rationale",
        "feedback",
        "generalfeedback",
        "explication",
        "commentaire",
        "justification",
        "erklarung",
        "erklaerung",
        "begrundung",
        "explicacion",
        "justificacion",
        "spiegazione",
        "explicacao",
        "объяснение",
        "пояснение",
        "解説",
    ),
    "difficulty": (
        "难度",
        "难易度",
        "难易程度",
        "难度等级",
        "难度系数",
        "difficulty",
        "level",
        "difficulte",
        "schwierigkeit",
        "dificultad",
    ),
    "score": ("分值", "分数", "得分", "score", "points", "point", "marks", "mark", "punkte", "punktzahl", "puntos"),
    "section": (
        "章节",
        "目录",
        "分类",
        "类别",
        "所属章节",
        "题库分类",
        "所属分类",
        "试题分类",
        "知识分类",
        "章",
        "节",
        "大题",
        "section",
        "chapter",
        "category",
        "categorie",
        "kategorie",
        "thema",
        "theme",
        "categoria",
        "tema",
        "chapitre",
        "kapitel",
    ),
    "tags": (
        "知识点",
        "标签",
        "关键词",
        "考点",
        "所属知识点",
        "tags",
        "tag",
        "topic",
        "topics",
        "knowledgepoint",
        "keywords",
    ),
    "alternates": ("备选答案", "其他答案", "alternates", "alternativeanswers"),
    "ignore": (
        "选项数",
        "选项个数",
        "备注",
        "说明",
        "注释",
        "来源",
        "出处",
        "年份",
        "remark",
        "remarks",
        "note",
        "notes",
        "source",
        # a quiz game's timer and picture columns
        "时间",
        "时长",
        "限时",
        "答题时间",
        "答题时长",
        "time",
        "timelimit",
        "timeinseconds",
    ),
    # the picture a row's question stands with, named or linked (`fig_041.png`): the workbook does not carry it
    "picture": (
        "图片",
        "圖片",
        "配图",
        "插图",
        "image",
        "imagelink",
        "imageurl",
        "picture",
        "figure",
        "figura",
        "immagine",
        "imagen",
        "imagem",
        "bild",
        "abbildung",
        "рисунок",
        "изображение",
        "그림",
        "이미지",
        "画像",
        "図",
        "gambar",
    ),
}
_ROLE_OF = {name: role for role, names in _ROLE_NAMES.items() for name in names}
# Option columns in the languages of the header names above: Option A, Réponse A, Antwort B, Opción C
_OPTION_WORDS = r"option|choice|answer|reponse|proposition|choix|antwort|opcion|respuesta|alternativa|risposta|resposta"
_OPTION_COLUMN = re.compile(rf"^(?:选项|{_OPTION_WORDS}|答案)?[(（]?([a-h])[)）]?[.．、]?(?:选项|项)?$")
_NUMBERED_OPTION = re.compile(
    r"^(?:选项|option|choice|answerchoice|answeroption|reponse|proposition|choix|antwort|opcion|alternativa)([1-8])$"
)
_BLANK_COLUMN = re.compile(
    r"^(?:(?:填空|正确|参考|标准)?答案|填空|空|answer|blank)([1-9])$|^第([一二三四五六七八九])空(?:答案)?$"
    r"|^填空([一二三四五六七八九])$"
)
# The wrong answers of a quiz game that gives the right one's text in a column of its own (`Correct Answer`,
# `Incorrect Answer 1`…): with the right one, the options.
_WRONG_COLUMN = re.compile(
    r"^(?:incorrect|wrong|distractor|falsche|mauvaise|错误|干扰)(?:answer|antwort|reponse|option|选项|答案|项)?([1-9])$"
    r"|^respuestaincorrecta([1-9])$"
)
# A column per option saying whether it is right (isCorrect1…, 选项A是否正确): the key, spread out.
_FLAG_COLUMN = re.compile(
    r"^(?:is)?(?:correct|right|korrektheit|korrekt|richtig)(?:option)?([1-8a-h])$|^(?:选项)?([a-h1-8])(?:是否)?(?:正确|为正确答案)$"
)
_TRUE_FLAGS = {"true", "yes", "y", "1", "t", "x", "√", "✓", "✔", "对", "是", "正确"}
_HINT = re.compile(r"[（(【\[][^（()）】\]]*[)）】\]]$")
# "Question - max 120 characters", "Time limit (sec) – 5, 10, 20": a quiz template's hint after a dash
_DASH_HINT = re.compile(r"\s+[-–—]+\s+.*$", re.S)


def _name(cell: str) -> str:
    """A header cell as compared: no spaces, marks of required columns or hints in brackets or after a dash."""
    text = narrow(cell).strip()
    if (m := _DASH_HINT.search(text)) and m.start() > 0:
        text = text[: m.start()]
    while (m := _HINT.search(text)) and m.start() > 0:
        text = text[: m.start()].strip()
    return re.sub(r"[\s*＊:：_\-]+", "", probe(fold_accents(text))).lower()


_ACCENTED = re.compile(r"[\u00c0-\u024f]")


def fold_accents(text: str) -> str:
    """Latin letters without their accents (`Réponse` -> `Reponse`, `Erklärung` -> `Erklarung`); other
    scripts as written."""
    if not _ACCENTED.search(text):
        return text
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


# An export's field names (`questionAnswer`, `optionContent`, `correct_answer_index`): the word naming the
# role between a word for the record and a word for how the value is stored.
_FIELD = re.compile(r"[A-Za-z][a-z0-9]*(?:_?[A-Za-z][a-z0-9]*)+")
_FIELD_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
_RECORD_WORDS = ("question", "item", "problem", "exam", "quiz")
_STORED_WORDS = ("content", "text", "list", "json", "index", "idx", "str", "html", "value")


def _field_role(cell: str) -> str | None:
    """The role an export's field name gives its column, its record and storage words aside
    (`questionAnswer` -> key, `optionContent` -> options, `questionExplain` -> explanation)."""
    text = cell.strip()
    if not _FIELD.fullmatch(text) or not ("_" in text or re.search(r"[a-z][A-Z]", text)):
        return None
    words = [w.lower() for w in _FIELD_WORDS.findall(text)]
    while len(words) > 1 and words[0] in _RECORD_WORDS:
        words = words[1:]
    while len(words) > 1 and words[-1] in _STORED_WORDS:
        words = words[:-1]
    return _ROLE_OF.get("".join(words))


def column_role(cell: str) -> str | None:
    """The role a column of this name plays (`stem`, `key`, `option:B`, `blank:2` …); None for other names."""
    name = _name(cell)
    if not name:
        return None
    if name in _ROLE_OF:
        return _ROLE_OF[name]
    if (field_role := _field_role(cell)) is not None:
        return field_role
    if name.startswith("知识点"):  # 知识点一级, 知识点二级 …: each a tag
        return "tags"
    if m := _OPTION_COLUMN.match(name):
        return "option:" + m.group(1).upper()
    if m := _NUMBERED_OPTION.match(name):
        return "option:" + LETTERS[int(m.group(1)) - 1]
    if m := _FLAG_COLUMN.match(name):
        mark = m.group(1) or m.group(2)
        return "flag:" + (LETTERS[int(mark) - 1] if mark.isdecimal() else mark.upper())
    if m := _WRONG_COLUMN.match(name):
        return f"wrong:{m.group(1) or m.group(2)}"
    if m := _BLANK_COLUMN.match(name):
        digit = m.group(1) or m.group(2) or m.group(3)
        index = int(digit) if digit.isdecimal() else "一二三四五六七八九".index(digit) + 1
        return f"blank:{index}"
    return None


_ANSWER_N = re.compile(r"^(?:答案|answer)[1-8]$")


def _answers_as_options(roles: dict[int, str], names: dict[str, str]) -> None:
    """`Answer 1`…`Answer 4` beside a `Correct answer(s)` column (quiz-game templates) are the options,
    not a fill-in's blanks; `答案`, `答案2`, `答案3` (no `答案1`) stay one key spread over columns."""
    numbered = {c: r for c, r in roles.items() if r.startswith("blank:") and _ANSWER_N.match(_name(names[r]))}
    if "key" not in names or "blank:1" not in names or any(r.startswith("option:") for r in names):
        return
    if len(numbered) < 2 or len(numbered) != sum(r.startswith("blank:") for r in names):
        return
    for column, role in numbered.items():
        option = "option:" + LETTERS[int(role.split(":")[1]) - 1]
        roles[column] = option
        names[option] = names.pop(role)


def _header_of(row: Row, index: int) -> Header | None:
    roles: dict[int, str] = {}
    names: dict[str, str] = {}
    for column, cell in enumerate(row.cells):
        role = column_role(cell)
        if role is None or (role in names and role != "tags"):
            continue
        roles[column] = role
        names.setdefault(role, cell.strip())
    _answers_as_options(roles, names)
    has = set(names)
    answers = {"key", "options", "type"} | {r for r in has if r.startswith(("option:", "blank:", "flag:"))}
    if "stem" not in has or not (has & answers):
        return None
    return Header(row.line, index, roles, names)


def find_header(table: Table, *, within: int = 20) -> Header | None:
    """The header row: the first of the table's first rows that names a question column and an answer,
    option or type column."""
    for index, row in enumerate(table.rows[:within]):
        header = _header_of(row, index)
        if header is not None:
            below = table.rows[index + 1] if index + 1 < len(table.rows) else None
            header = (_two_rows(row, below, header) if below is not None else None) or header
            if not numbers_only(table.rows[header.index + 1 :], header.roles):
                return header
            return _numbers_apart(table, header)
    return None


def _numbers_apart(table: Table, header: Header) -> Header | None:
    """The question column holds only numbers: a number column when another column names the questions
    (`题目 | 题干 | 答案`, the first holding 1, 2, 3), else no question table (a key table)."""
    stem = next(c for c, role in header.roles.items() if role == "stem")
    row = table.rows[header.index]
    cells = ["序号" if c == stem else cell for c, cell in enumerate(row.cells)]
    apart = _header_of(Row(row.line, cells), header.index)
    if apart is None or numbers_only(table.rows[header.index + 1 :], apart.roles):
        return None
    apart.index, apart.names["number"] = header.index, row.cells[stem].strip()
    return apart


_QUESTION_NUMBER = re.compile(r"^(?:第\s*)?\d{1,4}\s*[.．、)）题]?$")


def numbers_only(rows: list[Row], roles: dict[int, str]) -> bool:
    """The question column holds only numbers (`| Question | Answer |` over `| 7 | B |`): a key table,
    not questions."""
    stems = [r.cells[c] for r in rows for c, role in roles.items() if role == "stem" and c < len(r.cells)]
    return bool(stems) and all(_QUESTION_NUMBER.match(s.strip()) for s in stems if s.strip())


def key_table(table: Table) -> dict[int, tuple[str, str]]:
    """An answer sheet: a header naming a number column and a key column (`题号 | 答案 | 解析`,
    `Question | Answer` over numbers) and a key per numbered row; {} for any other table."""
    for index, row in enumerate(table.rows[:20]):
        roles = {c: role for c, cell in enumerate(row.cells) if (role := column_role(cell))}
        if "key" not in roles.values():
            continue
        number = next((c for c, role in roles.items() if role in ("number", "stem")), None)
        if number is None or ("stem" in roles.values() and not numbers_only(table.rows[index + 1 :], roles)):
            continue
        key = next(c for c, role in roles.items() if role == "key")
        note = next((c for c, role in roles.items() if role == "explanation"), None)
        out = {}
        for r in table.rows[index + 1 :]:
            cells = [*r.cells, "", "", ""]
            if (n := _number(cells[number])) is not None and cells[key].strip():
                out.setdefault(n, (cells[key].strip(), cells[note].strip() if note is not None else ""))
        return out if len(out) >= 2 else {}
    return {}


def _two_rows(top: Row, below: Row, header: Header) -> Header | None:
    """A header in two rows, a merged name over the columns the row below names (`选项` over `A | B | C |
    D`, `答案` over `第一空 | 第二空`): the header of both, the rows below it the questions."""
    stem = next(c for c, role in header.roles.items() if role == "stem")
    names = [c.strip() for c in below.cells]
    filled = [c for c, name in enumerate(names) if name]
    if len(filled) < 2 or (stem < len(names) and names[stem]) or not all(column_role(names[c]) for c in filled):
        return None
    width = max(len(top.cells), len(below.cells))
    cells = [
        (names[c] if c < len(names) and names[c] else top.cells[c] if c < len(top.cells) else "") for c in range(width)
    ]
    merged = _header_of(Row(top.line, cells), header.index)
    if merged is None:
        return None
    merged.index += 1  # the questions start under the second row
    return merged


# -- one row ----------------------------------------------------------------------------------------------
_UNSUPPORTED = re.compile(r"排序|连线|匹配|完形|阅读理解|听力|口语|投票|文件|附件|matching|ordering|cloze|poll", re.I)
_ENGLISH_KINDS = [
    (
        re.compile(
            r"^(?:single|single[\s_-]*(?:choice|answer|response|select(?:ion)?)|sc|radio|drop[\s_-]*down|单)$", re.I
        ),
        Kind.single,
    ),
    # LMS templates (Moodle, Blackboard, Canvas) call every choice question "Multiple Choice", one
    # key or several: like 选择题, its key decides (see below).
    (
        re.compile(
            r"^(?:multiple|multi|multiple[\s_-]*(?:answers?|response|select(?:ion)?)|ma|mr|check[\s_-]*box(?:es)?|多)$",
            re.I,
        ),
        Kind.multiple,
    ),
    (
        re.compile(r"^(?:true[\s_/-]*(?:or[\s_-]*)?false|tf|t/f|judge|judgement|judgment|bool|boolean|判)$", re.I),
        Kind.true_false,
    ),
    (
        re.compile(r"^(?:fill|fill[\s_-]*in(?:[\s_-]*the)?(?:[\s_-]*blanks?)?|blanks?|fib|completion|填)$", re.I),
        Kind.fill,
    ),
    (
        re.compile(r"^(?:case|essay|open|open[\s_-]*ended|paragraph|long[\s_-]*answer|subjective|ess|qa)$", re.I),
        Kind.case,
    ),
    (re.compile(r"^(?:主观题?|论述|问答|简述|解答题?|证明题?|作文|写作|翻译题?)$"), Kind.case),
]
_CHOICE = re.compile(r"^(?:multiple[\s_-]*choice|choice|mcq?|objective)$", re.I)
# A form's "Short answer": a fill-in when its key is a word or a few, a case when it is a reference text.
_SHORT = re.compile(r"^(?:short[\s_-]*(?:answers?|response|text)|sa|text|text[\s_-]*entry|one[\s_-]*word)$", re.I)
_WORD = re.compile(
    r"(不定项选择题?|多项选择题?|单项选择题?|多选题?|单选题?|选择题|填空题?|判断题?|是非题|对错题|正误题"
    r"|案例分析题?|材料分析题|案例题|分析题|简答题?|问答题|论述题|综合题|名词解释|辨析题|计算题|编程题"
    r"|程序设计题|应用题|思考题)"
)
# Blanks as platforms mark them in a stem: [BlankArea1], {{1}}, 【填空1】, [blank]
_BLANK_PLACEHOLDER = re.compile(
    r"\[BlankArea\d*\]|\{\{\s*\d*\s*\}\}|【\s*填空\s*\d*\s*】|\[\s*(?:填空|blank)\s*\d*\s*\]", re.I
)
_NOTHING = {"", "无", "暂无", "略", "-", "—", "/", "none", "n/a", "null"}
_LEADING_NUMBER = re.compile(r"^\s*(\d{1,4})\s*[.、．]\s*(?=\S)")
_OWN_LETTER = "^[(（]?{letter}\\s*[.．、:：)）]\\s*"
_LETTERED = re.compile(r"(?:^|(?<=[\s;；|｜,，]))[(（]?([A-H])\s*[.．、:：)）]\s*")
_BRACKETED = re.compile(r"[(（]\s*([A-H])\s*[)）]\s*")
_CHOICE_KEY = re.compile(r"^[A-Ha-h](?:\s*[|｜┋,，、;；/\s]?\s*[A-Ha-h])*$")


@dataclass
class DeclaredKind:
    kind: Kind | None
    known: bool  # the type column names a kind the importer reads (选择题 included)
    unsupported: bool = False
    short: bool = False  # a short answer: fill or case, as its key decides
    digits_unknown: bool = False  # a judgement's 0/1 says nothing: the code's meaning was read from its rows


# Type names of French, German, Spanish, Italian, Portuguese templates and of LMS exports (Canvas
# `multiple_answers_question`, Moodle `multichoice`, Blackboard `MAT`, Kahoot `Type answer`), compared
# without spaces, punctuation, accents or a `question` suffix; None: a choice question whose key decides
# single or multiple (like 选择题).
_MORE_KINDS: dict[str, Kind | None] = {
    "multiplechoice": None,
    "multichoice": None,
    "quiz": None,
    "mrq": Kind.multiple,
    "mcma": Kind.multiple,
    "msq": Kind.multiple,
    "multiresponse": Kind.multiple,
    "multipleanswers": Kind.multiple,
    "truefalse": Kind.true_false,
    "num": Kind.fill,
    "numeric": Kind.fill,
    "numerical": Kind.fill,
    "typeanswer": Kind.fill,
    "fillinmultipleblanks": Kind.fill,
    "multipleblanks": Kind.fill,
    "fillintheblank": Kind.fill,
    "essay": Kind.case,
    "qcm": None,
    "qcu": Kind.single,
    "choixunique": Kind.single,
    "reponseunique": Kind.single,
    "einfachauswahl": Kind.single,
    "einfachantwort": Kind.single,
    "seleccionunica": Kind.single,
    "opcionunica": Kind.single,
    "sceltasingola": Kind.single,
    "escolhaunica": Kind.single,
    "qrm": Kind.multiple,
    "choixmultiples": Kind.multiple,
    "reponsesmultiples": Kind.multiple,
    "mehrfachauswahl": Kind.multiple,
    "mehrfachantwort": Kind.multiple,
    "seleccionmultiple": Kind.multiple,
    "sceltamultipla": Kind.multiple,
    "vraifaux": Kind.true_false,
    "richtigfalsch": Kind.true_false,
    "wahrfalsch": Kind.true_false,
    "verdaderofalso": Kind.true_false,
    "verofalso": Kind.true_false,
    "verdadeirofalso": Kind.true_false,
    "texteatrous": Kind.fill,
    "luckentext": Kind.fill,
    "completar": Kind.fill,
    "completamento": Kind.fill,
    "questionouverte": Kind.case,
    "freitext": Kind.case,
    "preguntaabierta": Kind.case,
    "rispostaaperta": Kind.case,
}
_MORE_SHORT = {"sr", "shortresponse", "shortanswer"}  # fill or case, as the key decides
_MORE_UNSUPPORTED = {
    "mat", "ord", "match", "puzzle", "ddwtos", "ddmatch", "hotspot", "jumbledsentence", "likert",
    "fileupload", "textonly", "calculated", "multipledropdowns",
}  # fmt: skip


def kind_of_type(value: str) -> DeclaredKind:
    text = probe(narrow(value)).strip().strip("【】[]()（）")
    if not text:
        return DeclaredKind(None, False)
    squashed = re.sub(r"[\W_]+", "", fold_accents(text)).lower()
    for name in (squashed, squashed.removesuffix("question")):
        if name in _MORE_KINDS:
            return DeclaredKind(_MORE_KINDS[name], True)
        if name in _MORE_SHORT:
            return DeclaredKind(None, True, short=True)
        if name in _MORE_UNSUPPORTED:
            return DeclaredKind(None, False, unsupported=True)
    if _SHORT.match(text):
        return DeclaredKind(None, True, short=True)
    kind = kind_of_word(text)
    if kind is not None or text in ("选择题", "选择") or _CHOICE.match(text):
        return DeclaredKind(kind, True)
    for pattern, english in _ENGLISH_KINDS:
        if pattern.match(text):
            return DeclaredKind(english, True)
    if text.lower() in {k.value for k in Kind}:
        return DeclaredKind(Kind(text.lower()), True)
    if _UNSUPPORTED.search(text):
        return DeclaredKind(None, False, unsupported=True)
    if m := _WORD.search(text):  # 【单选题】(2分), 单选题（基础）
        return DeclaredKind(kind_of_word(m.group(1)), True)
    return DeclaredKind(None, False)


_KIND_CODE = re.compile(r"(\d{1,2})\s*[=:：.、\-]?\s*([^\d,，;；、|｜()（）=:：]+)")


def _kind_codes(type_header: str) -> dict[str, DeclaredKind]:
    """Kinds written as codes that the kind column's header explains: `题型(1单选2多选3判断)`,
    `Type (1=single, 2=multiple)` -> {'1': single, '2': multiple, …}."""
    codes = {}
    for code, word in _KIND_CODE.findall(narrow(type_header)):
        declared = kind_of_type(word.strip())
        if declared.known or declared.unsupported:
            codes[code] = declared
    return codes if len(codes) >= 2 else {}


_CODE_CELL = re.compile(r"^[0-9A-Za-z]{1,3}$")


def legend_codes(table: Table) -> dict[str, DeclaredKind]:
    """A legend of kind codes, a code and its meaning per row (`1 | 单选题`, `3 | 判断题（1=正确，0=错误）`,
    `TF | True/False`), as a template's instructions sheet gives it; {} for a table that is no legend."""
    codes = {}
    for row in table.rows:
        filled = [c.strip() for c in row.cells if c.strip()]
        if len(filled) in (2, 3) and _CODE_CELL.match(filled[0]):
            declared = kind_of_type(filled[1])
            if declared.known or declared.unsupported:
                codes[filled[0]] = declared
    return codes if len(codes) >= 2 else {}


def fitting(kind: Kind | None, options: dict[str, str]) -> Kind | None:
    """A kind a row does not name itself (its section's, the row above's), when its options fit it."""
    if kind is None or (kind in CHOICE_KINDS) != bool(options):
        return None
    return kind


_SENTENCE = re.compile(r"[。！？!?]|[^\W\d_][.．](?:\s|$)|\n")
_CJK = re.compile(r"[\u3400-\u9fff]")


def short_key(key: str) -> bool:
    """A key of a word or a few (`Moon`, `hydrogen and helium`, `9.8`, `孟浩然`, `Moon; the Moon`), not a
    sentence."""
    parts = [p.strip() for p in re.split(r"[;；|｜]", key)]
    return bool(key.strip()) and all(p and _short(p) for p in parts)


def _short(text: str) -> bool:
    if _SENTENCE.search(text):
        return False
    if _CJK.search(text):
        return len(re.sub(r"\s", "", text)) <= 12
    return len(text.split()) <= 4


def open_kind(stem: str, key: str) -> Kind:
    """An open question with no options: a fill-in when the stem has a blank or the key is a few words,
    else a case whose key is a reference answer."""
    return Kind.fill if count_blanks(stem) or short_key(key) else Kind.case


def _number(value: str) -> int | None:
    m = re.search(r"\d{1,6}", narrow(value))
    return int(m.group(0)) if m else None


def lettered_options(text: str) -> dict[str, str] | None:
    """One cell's options lettered in order (`A. 宪法 B. 刑法`; `(A)宪法(B)刑法`, bracketed letters written
    without a space between, when the cell starts with `(A)`); None when it letters none so."""
    for pattern in (_LETTERED, _BRACKETED):
        found = list(pattern.finditer(text))
        letters = [m.group(1) for m in found]
        if pattern is _BRACKETED and (not found or text[: found[0].start()].strip()):
            break  # `f(A)` inside an option's text is no letter
        if len(found) >= 2 and letters == list(LETTERS[: len(letters)]):
            out = {}
            for m, nxt in zip(found, [*found[1:], None], strict=True):
                end = nxt.start() if nxt else len(text)
                out[m.group(1)] = text[m.end() : end].strip().rstrip(";；|｜,，").strip()
            return out
    return None


_GLUED_START = re.compile(r"^\s*[(（]?A\s*([、.．:：)）])")


def _glued_options(text: str) -> dict[str, str] | None:
    """Options lettered in order with no space before each letter (`A、鲸B、鲨鱼C、金枪鱼`, an exam system's
    export): each letter with the first letter's own mark, found in turn; None unless two or more letters
    are found and no option is empty."""
    start = _GLUED_START.match(text)
    if start is None:
        return None
    mark = start.group(1)
    found: list[tuple[str, int, int]] = [("A", start.start(), start.end())]
    for letter in LETTERS[1:]:
        m = re.compile(rf"[(（]?{letter}\s*{re.escape(mark)}").search(text, found[-1][2] + 1)
        if m is None:
            break
        found.append((letter, m.start(), m.end()))
    ends = [f[1] for f in found[1:]] + [len(text)]
    out = {
        letter: text[end:stop].strip().rstrip(";；|｜,，").strip()
        for (letter, _, end), stop in zip(found, ends, strict=True)
    }
    return out if len(out) >= 2 and all(out.values()) else None


# the field of an option object an exam system's JSON names its text by: `{"optionContent": "…"}`
_JSON_TEXT = re.compile(r"content|text|option|value|label|title|name", re.I)


def _json_options(text: str) -> dict[str, str] | None:
    """A JSON list of options as an exam system exports them (`["甲", "乙"]`, `[{"optionContent": "甲"}, …]`),
    lettered in order; None for any other cell."""
    stripped = text.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return None
    try:
        items = json.loads(stripped)
    except ValueError:
        return None
    if not isinstance(items, list) or not 2 <= len(items) <= len(LETTERS):
        return None
    texts = []
    for item in items:
        if isinstance(item, dict):
            named = [v for k, v in item.items() if isinstance(v, str) and _JSON_TEXT.search(str(k))]
            strings = [v for v in item.values() if isinstance(v, str)]
            item = named[0] if len(named) == 1 else strings[0] if len(strings) == 1 else None
        if not isinstance(item, str | int | float) or isinstance(item, bool) or not str(item).strip():
            return None
        texts.append(str(item).strip())
    return dict(zip(LETTERS, texts, strict=False))


def split_options(text: str) -> dict[str, str]:
    """One `选项` cell: `A. 宪法\nB. 刑法`, `A、宪法 B、刑法`, `A、宪法B、刑法` (glued), a JSON list, or plain
    `宪法|刑法|民法` or `x / y` (lettered in order)."""
    if (listed := _json_options(text)) is not None:
        return listed
    if (lettered := lettered_options(text) or _glued_options(text)) is not None:
        return lettered
    parts = [p.strip() for p in re.split(r"\n|[|｜┋]|[;；]", text) if p.strip()]
    if len(parts) < 2:  # `Lyon / Parijs / Nice`: a slash only where nothing else joins them
        parts = [p.strip() for p in re.split(r"\s+[/／]\s+|(?<=\S)[/／](?=\S)", text) if p.strip()]
    return dict(zip(LETTERS, parts, strict=False))


# A mark on the right option's own cell, where no column holds the key: `*速度`, `牛顿（正确答案）`, `铜 ✓`
_MARKED = re.compile(r"^[*＊]\s*(?=\S)|(?<=\S)\s*(?:[（(]\s*(?:正确答案|正确选项|正确|答案)\s*[)）]|[✓✔✅])\s*$")


def _marked_letters(options: dict[str, str]) -> tuple[dict[str, str], str]:
    """The options without their marks and the letters marked right; no letters when no option or every
    option carries a mark (a bullet, not a key)."""
    marked = [letter for letter, text in options.items() if _MARKED.search(text)]
    if not marked or len(marked) == len(options):
        return options, ""
    return {letter: _MARKED.sub("", text).strip() for letter, text in options.items()}, "".join(marked)


def _natural(text: str) -> list[object]:
    """`9` before `10`, then by letters: the order options given as right and wrong answers are shown in."""
    return [(0, int(part), "") if part.isdecimal() else (1, 0, part.casefold()) for part in re.split(r"(\d+)", text)]


def _option_text(letter: str, value: str) -> str:
    return re.sub(_OWN_LETTER.format(letter=letter), "", value, count=1).strip()


def _choice_key(key: str) -> str:
    """`A|B`, `A;B`, `a,b` -> `AB`; anything else as written."""
    if _CHOICE_KEY.match(key.strip()):
        return parse_letters(re.sub(r"[|｜┋]", "", key)) or key
    return key


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", narrow(text)).strip().strip("。.;；").strip().casefold()


# How platforms join the texts of several right options, the surest first: survey sites' ┋, a bar or a
# line break; then semicolons (form exports); then commas and 、 (an option's own text may hold them).
_TEXT_SEPARATORS = (r"[┋┊¦|｜\n]", r"[┋┊¦|｜\n;；]", r"[┋┊¦|｜\n;；,，、]")


def option_key(key: str, options: dict[str, str]) -> str | None:
    """The letters of a key written as the right options' texts (`杜甫`, `苏轼┋辛弃疾`, `Jupiter;Saturn`);
    None unless every part is an option's text."""
    letter_of = {_plain(text): letter for letter, text in options.items() if _plain(text)}
    if (whole := letter_of.get(_plain(key))) is not None:
        return whole
    for separators in _TEXT_SEPARATORS:
        parts = [_plain(p) for p in re.split(separators, key) if _plain(p)]
        if len(parts) > 1 and all(p in letter_of for p in parts):
            return "".join(sorted({letter_of[p] for p in parts}))
    return None


def section_report(title: str | None, line: int) -> SectionReport:
    """The report of a table's section: its kind and count when the title is a heading (`二、多选题（共5题）`)."""
    heading = match_heading(title, markdown=False) if title else None
    return SectionReport(title, heading.kind if heading else None, line, declared=heading.declared if heading else None)


def fill_key(key: str) -> str:
    """Blanks separated as platforms write them (`读|写`, `读；写`) -> `读；写`; alternatives for one
    blank (`水;H2O` inside `|`-separated blanks) -> `水 或 H2O`."""
    if re.search(r"[|｜]", key):
        blanks = [p.strip() for p in re.split(r"[|｜]", key)]
        return "；".join(" 或 ".join(a.strip() for a in re.split(r"[;；]", b) if a.strip()) for b in blanks if b)
    return re.sub(r"\s*;\s*", "；", key)


# The parts of a key that names options by number: `1,3`, `1；2；4`, `2 | 3`.
_KEY_PARTS = re.compile(r"\s*[,，、;；|｜┋\s]\s*")
_CIRCLED = {chr(0x2460 + i): str(i + 1) for i in range(9)} | {chr(0x2776 + i): str(i + 1) for i in range(9)}


def _option_numbers(key: str, options: dict[str, str]) -> list[int] | None:
    """The option numbers a key of digits names (`2`, `0,3`); None when it is no such key, or when an
    option's own text is a number (the key may be that text)."""
    parts = [p for p in _KEY_PARTS.split(key.strip()) if p]
    if not options or not parts or not all(p.isdecimal() and len(p) == 1 for p in parts):
        return None
    if any(narrow(text).strip().isdecimal() for text in options.values()):
        return None
    return [int(p) for p in parts]


# A key written as the right option's label and text (`B. 100`, `Ａ．水`, `C) Eisen`)
_LABELLED = re.compile(r"^[(（]?([A-Ha-h])\s*[)）.．、:：]\s*(\S.*)$", re.S)
_LETTERS_ONLY = re.compile(r"[A-Ha-h\s|｜┋,，、;；/.．:：()（）]+")


def labelled_key(key: str, options: dict[str, str]) -> tuple[str, bool, str] | None:
    """A key written as an option's label and text: its letter, whether the text is that option's (after
    trimming, case and width), and the text; None for any other key."""
    m = _LABELLED.match(narrow(key).strip())
    if m is None or len(options) < 2 or _LETTERS_ONLY.fullmatch(m.group(2)):
        return None  # `A、C`, `A.C.E`: several letters, no text
    letter = m.group(1).upper()
    return letter, letter in options and _plain(options[letter]) == _plain(m.group(2)), m.group(2)


def _listed_key(key: str) -> str:
    """A key written as a JSON list (`[0, 2]`, `["Whale", "Bat"]`), as exports write several right options:
    its items joined by `|`; any other key as written."""
    stripped = key.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return key
    try:
        items = json.loads(stripped)
    except ValueError:
        return key
    if not isinstance(items, list) or not items or not all(isinstance(i, str | int) for i in items):
        return key
    return "|".join(str(i).strip() for i in items)


def _index_parts(key: str, options: dict[str, str]) -> list[int] | None:
    """A key of digits over options that are numbers themselves (`1` over `5|6|7`) that names no option's
    text: it can only be the options' index; None for any other key."""
    parts = [p for p in _KEY_PARTS.split(key.strip()) if p]
    if len(options) < 2 or not parts or not all(p.isdecimal() and len(p) == 1 for p in parts):
        return None
    if not any(narrow(text).strip().isdecimal() for text in options.values()):
        return None
    texts = {narrow(text).strip() for text in options.values()}
    return None if any(p in texts for p in parts) else [int(p) for p in parts]


def _spoken(text: str) -> str:
    """Text compared for an option's words: case folded, math marks and closing stops dropped."""
    return re.sub(r"\s+", " ", narrow(text).replace("$", "")).casefold()


def _named(option: str, said: str) -> bool:
    """Whether an explanation names an option by its whole text (three characters at least)."""
    wanted = _spoken(option).strip().rstrip(".。!！;；,，").strip()
    return len(wanted) >= 3 and wanted in said


def _circled(part: str) -> str:
    """`②` (or `❷`) as the option number it is; any other part as written."""
    return _CIRCLED.get(part, part)


class _Reader:
    def __init__(
        self, header: Header, *, section: str | None, simplified: bool, codes: dict[str, DeclaredKind]
    ) -> None:
        self.header, self.simplified = header, simplified
        self.reading = TableReading()
        self.sections: dict[str | None, int] = {}
        self.default_section = section
        self.last_kind: Kind | None = None  # a type cell left empty under a merged or lazy column
        self.count = 0
        self.columns: dict[str, list[int]] = {}
        for column, role in sorted(header.roles.items()):
            self.columns.setdefault(role, []).append(column)
        self.numbered_options = any(  # 选项1, 选项2 …: a key may name them by number
            re.search(r"[1-8]$", _name(name)) for role, name in header.names.items() if role.startswith("option:")
        )
        self.kind_codes = _kind_codes(header.names.get("type", "")) or codes
        self.marked_keys = False  # the sheet marks the right options in their own cells (`*速度`)
        self.digit_truths: dict[str, bool] = {}  # a judgement's digits, as the explanations' verdicts read them
        self.digit_pair = ("0", "1")  # … and the two its rows use
        self.keys_by_number = False  # the sheet's keys name numbered options by number
        # A plain option list in one cell (`x|y|z`) keyed by number: counted from 0, from 1, or not known
        self.key_base: int | None = 1
        self.indexed = False  # … and some row's key is such a number

    def merged(self, rows: list[Row]) -> list[Row]:
        """Rows with one option each under a question whose other cells are merged down (`1 | 单选题 | 题干 |
        A.查找 | A`, then `| | | B.替换 |`): each question's options joined into its first row's cells."""
        option_columns = {c for c, role in self.header.roles.items() if role == "options" or role.startswith("option:")}
        out: list[Row] = []
        for row in rows:
            filled = {c for c, value in enumerate(row.cells) if value.strip()}
            above = out[-1].cells if out else []
            if filled and filled <= option_columns and any(c < len(above) and above[c].strip() for c in filled):
                cells = [*above, *[""] * (len(row.cells) - len(above))]
                for c in filled:
                    cells[c] = f"{cells[c]}\n{row.cells[c]}".strip()
                out[-1] = Row(out[-1].line, cells)
            else:
                out.append(row)
        return out

    def marks_keys(self, rows: list[Row]) -> bool:
        """Whether the rows without a key mark their right options (`*速度`): most of them, two at least
        (or the only one), so that an option that merely starts with `*` (`*p` in C) is no key."""
        keyless = [r for r in rows if not self.cell(r, "key") and len(self.options(r)) >= 2]
        marked = sum(bool(_marked_letters(self.options(r))[1]) for r in keyless)
        return (marked >= 2 or marked == len(keyless) == 1) and 2 * marked >= len(keyless)

    def cell(self, row: Row, role: str) -> str:
        return next(iter(self.cells(row, role)), "")

    def cells(self, row: Row, role: str) -> list[str]:
        """The row's non-empty cells in the columns of this role (several for 知识点一级, 知识点二级 …)."""
        out = []
        for column in self.columns.get(role, ()):
            value = row.cells[column].strip() if column < len(row.cells) else ""
            if value:
                out.append(to_simplified(value) if self.simplified else value)
        return out

    def has(self, role: str) -> bool:
        return role in self.header.names

    def part(self, title: str | None, line: int) -> int:
        if title not in self.sections:
            self.sections[title] = len(self.reading.sections)
            self.reading.sections.append(section_report(title, line))
        return self.sections[title]

    def heading_row(self, row: Row) -> bool:
        """A row with one cell filled that is a heading (`一、单选题`) starts a section of the table."""
        filled = [c.strip() for c in row.cells if c.strip()]
        if len(filled) != 1 or self.has("section"):
            return False
        heading = match_heading(filled[0], markdown=False)
        if heading is None or not heading.names_kind:
            return False
        self.default_section = heading.title
        self.part(heading.title, row.line)
        self.last_kind = heading.kind
        return True

    def read(self, row: Row) -> None:
        if not any(c.strip() for c in row.cells) or self.heading_row(row):
            return
        self.count += 1
        stem = self.cell(row, "stem")
        number = _number(self.cell(row, "number")) if self.has("number") else None
        if number is None and (m := _LEADING_NUMBER.match(stem)):
            number, stem = int(m.group(1)), stem[m.end() :]
        number = number if number is not None else self.count
        section = self.cell(row, "section") or self.default_section
        part = self.part(section, row.line)
        declared = self.kind_codes.get(self.cell(row, "type")) or kind_of_type(self.cell(row, "type"))
        kind, tagged = declared.kind, declared.known
        if declared.unsupported:
            self.reject(row, number, section, part, self.cell(row, "type"))
            return
        if not declared.known and (tag := find_kind_tag(stem)) is not None and stem.strip().endswith(tag[1]):
            kind, stem, tagged = tag[0], tag[1], True  # 【单选题】 before the stem, no type column
        options, marked = _marked_letters(self.options(row)) if self.marked_keys else (self.options(row), "")
        if not tagged and not self.cell(row, "type"):
            kind = self.inherited(options) or fitting(self.reading.sections[part].kind, options)
        elif tagged:
            self.last_kind = kind
        stem = _BLANK_PLACEHOLDER.sub("____", stem)
        if (missing := self.missing_choice(self.cell(row, "key"), options)) is not None:
            zh = f"第 {number} 题的答案“{missing}”指向不存在的选项（只有 {len(options)} 个选项），未导入"
            en = f"the key of question {number} names choice {missing}, which does not exist"
            self.reject(row, number, section, part, (zh, f"{en} (it has {len(options)} choices); not imported"))
            return
        if declared.short and not options:
            kind = open_kind(stem, self.cell(row, "key"))
        labelled = labelled_key(self.cell(row, "key"), options) if kind in (*CHOICE_KINDS, None) else None
        # a label whose text names no option (one naming another option is said so when it is built)
        if labelled is not None and not labelled[1] and option_key(labelled[2], options) is None:
            zh = f"第 {number} 题的答案“{self.cell(row, 'key')}”：字母 {labelled[0]} 与其后的文字不是同一个选项，未导入"
            en = f"the key {self.cell(row, 'key')!r} of question {number} names option {labelled[0]}"
            self.reject(row, number, section, part, (zh, f"{en} by a text that is not its text; not imported"))
            return
        if self.listed_options() and self.indexed and self.index_clash(self.cell(row, "key"), options):
            zh = f"第 {number} 题的答案“{self.cell(row, 'key')}”既是某个选项的文字，又可能是选项序号，无法确定，未导入"
            en = f"the key of question {number} is both an option's text and maybe an option's number"
            self.reject(row, number, section, part, (zh, f"{en}; which it is cannot be told; not imported"))
            return
        key_cell = _listed_key(self.cell(row, "key")) if len(options) >= 2 else self.cell(row, "key")
        counted = _option_numbers(key_cell, options) or (_index_parts(key_cell, options) if self.indexed else None)
        if self.key_base is None and counted is not None:
            zh = f"第 {number} 题的答案“{self.cell(row, 'key')}”是选项序号，但本表从 0 还是从 1 数无法确定，未导入"
            en = f"the key of question {number} is an option's number, but whether the sheet counts from 0 or 1"
            self.reject(row, number, section, part, (zh, f"{en} cannot be told; not imported"))
            return
        digit = self.cell(row, "key").strip()
        if declared.digits_unknown and not options and digit in _DIGIT_PAIRS[0] | _DIGIT_PAIRS[1]:
            if digit not in self.digit_truths:
                pair = " 与 ".join(self.digit_pair)
                zh = f"第 {number} 题是判断题，答案为“{digit}”，但本表未说明 {pair} 哪个表示正确，未导入"
                en = f"question {number} is true/false keyed {digit!r}, but the sheet does not say"
                self.reject(row, number, section, part, (zh, f"{en} which digit means true; not imported"))
                return
            row = Row(row.line, [*row.cells], row.marked)  # the digit read as the verdict its rows explain
            row.cells[self.columns["key"][0]] = "对" if self.digit_truths[digit] else "错"
        key = self.key(row, kind, options)
        if not key and marked:
            key = marked
            if kind is Kind.true_false and len(marked) == 1:  # `对 | *错`: the marked word is the answer
                key, options = options[marked], {}
        if not key and options and kind in (Kind.fill, Kind.case):
            # Templates that put a fill-in's blanks (or a case's answer) in the option columns.
            key = ("；" if kind is Kind.fill else "\n").join(options.values())
            options = {}
        if not key and stem:
            stem, key = self.key_in_stem(stem, kind, options)
        explanation = self.cell(row, "explanation")
        draft = Draft(
            number=number,
            line=row.line,
            section=section,
            part=part,
            kind=kind,
            tagged=tagged,
            kind_given=kind is not None,  # by its type cell, a legend's code, the sheet's or section's name
            stem=stem,
            options=options,
            key_line=row.line,
            explanation=None if explanation.lower() in _NOTHING else explanation,
            tags=[t for c in self.cells(row, "tags") for t in (p.strip() for p in re.split(r"[,，;；、|｜]", c)) if t],
            alternates=[a for a in (p.strip() for p in re.split(r"[;；|｜]", self.cell(row, "alternates"))) if a],
            end_line=row.line,
            picture=bool(self.cell(row, "picture")),
        )
        if kind is Kind.case:
            draft.answer = key or None
        else:
            draft.key = key or None
        self.reading.drafts.append(draft)

    def inherited(self, options: dict[str, str]) -> Kind | None:
        """The kind of the row above when this row's type cell is empty (a merged cell), if it fits."""
        return fitting(self.last_kind, options)

    def options(self, row: Row) -> dict[str, str]:
        options: dict[str, str] = {}
        if self.has("options"):
            options.update(split_options(self.cell(row, "options")))
        for letter in LETTERS:
            value = self.cell(row, "option:" + letter)
            if value:
                options[letter] = _option_text(letter, value)
        wrong = [self.cell(row, f"wrong:{n}") for n in range(1, 10)]
        if any(wrong) and not options and (right := self.cell(row, "key")):
            # the right answer among the wrong ones in an order of their own: never always the first
            texts = sorted(dict.fromkeys(t for t in [right, *wrong] if t), key=_natural)
            options = dict(zip(LETTERS, texts, strict=False))
        return dict(sorted(options.items()))

    def key(self, row: Row, kind: Kind | None, options: dict[str, str]) -> str:
        blanks = [self.cell(row, f"blank:{i}") for i in range(1, 10) if self.has(f"blank:{i}")]
        # a list of options' indexes or texts; a fill-in's answer may be a list itself (`[0, 1, 4]`)
        key = _listed_key(self.cell(row, "key")) if len(options) >= 2 else self.cell(row, "key")
        flagged = [letter for letter in options if self.cell(row, "flag:" + letter).lower() in _TRUE_FLAGS]
        if flagged and not key:
            return "".join(flagged)
        if key and any(blanks) and not self.has("blank:1") and not options and kind not in CHOICE_KINDS:
            blanks, key = [key, *blanks], ""  # 答案, 答案2, 答案3: one fill-in's blanks in turn
        if any(blanks) and not key:
            key = "；".join(" 或 ".join(a.strip() for a in re.split(r"[;；]", b) if a.strip()) for b in blanks if b)
            return key
        if key.lower() in _NOTHING:
            return ""
        if options and kind in (*CHOICE_KINDS, None):
            if (labelled := labelled_key(key, options)) is not None and labelled[1]:
                return labelled[0]  # `Ａ．水`: the letter, its text agreeing
            if _CHOICE_KEY.match(key.strip()):
                letters = _choice_key(key)
                named = option_key(key, options)
                # `Ag` among options Au, Ag, Si: an option's text, not the letters A and G (no option G)
                if named is not None and not set(letters.upper()) <= set(options):
                    return named
                return letters
            numbers = (_option_numbers(key, options) or _index_parts(key, options)) if self.listed_options() else None
            if (
                numbers is not None
                and self.key_base is not None
                and all(0 <= n - self.key_base < len(options) for n in numbers)
            ):
                return "".join(sorted({LETTERS[n - self.key_base] for n in numbers}))
            return self.numbered_key(key, options) or option_key(key, options) or key
        judged = kind is Kind.true_false or (kind is None and not count_blanks(self.cell(row, "stem")))
        if judged and not options and (value := read_true_false(fold_accents(key))) is not None:
            return "对" if value else "错"  # `Faux`, `richtig`: not a fill-in's word unless the stem has a blank
        if kind is Kind.true_false and not options:
            letter = key.strip().upper()
            if letter in ("A", "B", "1", "0"):  # platforms that store 对/错 as options A/B, or as 1/0
                return "对" if letter in ("A", "1") else "错"
            return key
        if kind is Kind.fill or (kind is None and not options and read_true_false(key) is None):
            return fill_key(key)
        return key

    def listed_options(self) -> bool:
        """The options are a plain list in one cell, lettered only by their order: a number naming one
        may count from 0 (an export's index) or from 1."""
        return self.has("options") and not self.numbered_options

    def counted_from(self, rows: list[Row]) -> int | None:
        """Whether the keys of a sheet of listed options count them from 0 or from 1, by the rows'
        evidence: a key 0 (from 0), a key equal to its row's number of options (from 1), else the option
        its explanation names under one reading and not the other (two rows at least, none against).
        None when nothing decides; 1 when no key is a number."""
        if not self.listed_options():
            return 1
        numbered = []
        for row in rows:
            options = split_options(self.cell(row, "options"))
            key = _listed_key(self.cell(row, "key"))
            numbers = (_option_numbers(key, options) or _index_parts(key, options)) if len(options) >= 2 else None
            if numbers is not None:
                numbered.append((row, options, numbers))
        self.indexed = bool(numbered)
        if not numbered:
            return 1
        zero = any(0 in n for _, _, n in numbered)
        top = any(len(o) in n for _, o, n in numbered)
        if zero != top:
            return 0 if zero else 1
        if zero:
            return None  # a 0 and a key past the last option from 0: the sheet contradicts itself
        votes = {0: 0, 1: 0}
        for row, options, numbers in numbered:
            said = _spoken(self.cell(row, "explanation"))
            named = {
                base
                for base in (0, 1)
                if all(n - base < len(options) and _named(options[LETTERS[n - base]], said) for n in numbers)
            }
            if len(named) == 1:
                votes[named.pop()] += 1
        for base, other in ((0, 1), (1, 0)):
            if votes[base] >= 2 and votes[other] == 0:
                return base
        return None

    def index_clash(self, key: str, options: dict[str, str]) -> bool:
        """On a sheet keyed by option numbers: a key of digits that is also an option's own text, naming
        another option when read as a number (`2` over `1|2|3`: the text `2` is B, the number C from 0)."""
        parts = [p for p in _KEY_PARTS.split(key.strip()) if p]
        if self.key_base is None or not parts or not all(p.isdecimal() and len(p) == 1 for p in parts):
            return False
        texts = {narrow(text).strip(): letter for letter, text in options.items()}
        if not all(p in texts for p in parts):
            return False
        return any(int(p) - self.key_base >= len(options) or LETTERS[int(p) - self.key_base] != texts[p] for p in parts)

    def numbered_key(self, key: str, options: dict[str, str]) -> str | None:
        """Options in numbered columns (选项1, 选项2 …) keyed by their numbers: `2`, `1,3` -> `B`, `AC`;
        not when the key is an option's own text (options that are numbers)."""
        numbered = self.numbered_options
        digits = [_circled(d) for d in _KEY_PARTS.split(key.strip())]
        if not numbered or not all(d.isdecimal() and 1 <= int(d) <= len(options) for d in digits):
            return None
        if any(text.strip() == key.strip() for text in options.values()) and not self.keys_by_number:
            return None
        return "".join(sorted({LETTERS[int(d) - 1] for d in digits}))

    def missing_choice(self, key: str, options: dict[str, str]) -> str | None:
        """The number in a key of numbered options (选项1…, Choice 1…) past the last option (`6` where
        there are four), unless that number is an option's own text."""
        if not self.numbered_options or not options:
            return None
        digits = [_circled(d) for d in _KEY_PARTS.split(key.strip()) if d]
        if not digits or not all(d.isdecimal() for d in digits):
            return None
        if any(text.strip() == key.strip() for text in options.values()) and not self.keys_by_number:
            return None  # `5` among options 5, 7, 9: the option's text, unless the sheet keys by number
        return next((d for d in digits if not 1 <= int(d) <= len(LETTERS) or LETTERS[int(d) - 1] not in options), None)

    def numbers_keys(self, rows: list[Row]) -> bool:
        """Whether the sheet keys its numbered options by number where no option is a number (`2` for
        `def`): then a key `1` names option 1 also where an option's text is `1`."""
        if not self.numbered_options or not self.has("key"):
            return False
        for row in rows:
            key = self.cell(row, "key").strip()
            texts = [self.cell(row, role).strip() for role in self.columns if role.startswith("option:")]
            if key.isdecimal() and texts and not any(t.isdecimal() for t in texts if t):
                return True
        return False

    def key_in_stem(self, stem: str, kind: Kind | None, options: dict[str, str]) -> tuple[str, str]:
        """No answer column: a key written in the stem's brackets (`……（ B ）`, `……（ √ ）`)."""
        rest, key = take_bracket_key(stem, true_false=not options)
        if key is None or (options and not set(key.upper()) <= set(options)):
            return stem, ""
        return rest, key.upper() if options else key

    def reject(self, row: Row, number: int, section: str | None, part: int, why: str | tuple[str, str]) -> None:
        """Leave the row's question out: of a kind the chat cannot ask (`why` its type name), or for the
        reason given (zh, en)."""
        if isinstance(why, str):
            why = (
                f"第 {number} 题的题型“{why}”无法在聊天中作答，未导入",
                f"question {number} is of type '{why}', which cannot be answered in the chat; not imported",
            )
        self.reading.sections[part].left_out += 1
        self.reading.rejected.append(LeftOut(row.line, number, section, *why))


_INSTRUCTIONS = re.compile(r"^(?:说明|注意|注|提示|填写|导入|备注|要求|note|instructions?)", re.I)
_INSTRUCTIONS_SHEET = re.compile(r"^(?:使用|模板|示例|readme|help)", re.I)


def instructions(text: str) -> bool:
    """A template's instructions (`说明：…`, a sheet named `填写说明`, `Instructions`), not its questions."""
    return bool(_INSTRUCTIONS.match(text.strip()) or _INSTRUCTIONS_SHEET.match(text.strip()))


def _lone_cells(table: Table, header: Header) -> list[str]:
    """The rows above the header that have one cell filled."""
    return [f[0] for row in table.rows[: header.index] if len(f := [c.strip() for c in row.cells if c.strip()]) == 1]


def _heading_above(table: Table, header: Header) -> str | None:
    """`一、单选题（共10题）`, `第三章 …` above the header: the section of the table's rows."""
    for text in _lone_cells(table, header):
        heading = match_heading(text, markdown=False)
        if heading is not None:
            return heading.title
    return None


def _title(table: Table, header: Header) -> str | None:
    """A title row above the header: one line, not the template's instructions nor a section heading."""
    for text in _lone_cells(table, header):
        if match_heading(text, markdown=False) is not None:
            continue
        if len(text) <= 100 and "\n" not in text and not _INSTRUCTIONS.match(text):
            return text
    return None


def _convention(header: Header, name: str | None) -> Convention:
    shown = [header.names[role] for role in ("type", "stem") if role in header.names]
    letters = sorted(r[-1] for r in header.names if r.startswith("option:"))
    if letters:
        shown.append(f"{header.names['option:' + letters[0]]}…{letters[-1]}")
    later = ("options", "key", "explanation", "section", "tags")
    shown += [header.names[role] for role in later if role in header.names]
    if wrong := sorted(r for r in header.names if r.startswith("wrong:")):
        shown.append(f"{header.names[wrong[0]]}…")
    return Convention(
        f"表格{f'“{name}”' if name else ''}：每行一题，表头在第 {header.line} 行（{'、'.join(shown)}）",
        f"table {name + ' ' if name else ''}of one question per row, header in row {header.line} ({', '.join(shown)})",
    )


def _with_format_marks(header: Header, rows: list[Row]) -> list[Row]:
    """Option cells the sheet marks by their format (red, bold, highlighted) carry a ✓, read as a mark
    where the rows have no key (`_marked_letters`); an options cell of several lines is marked as a whole,
    which names no option, and stays as written."""
    options = {c for c, role in header.roles.items() if role.startswith("option:") or role == "options"}
    out = []
    for row in rows:
        columns = {c for c in row.marked & options if c < len(row.cells) and row.cells[c].strip()}
        columns = {c for c in columns if header.roles[c] != "options" or "\n" not in row.cells[c].strip()}
        if columns:
            row = Row(row.line, [f"{v} ✓" if c in columns else v for c, v in enumerate(row.cells)], row.marked)
        out.append(row)
    return out


def _with_sheet_keys(header: Header, rows: list[Row], keys: dict[int, tuple[str, str]]) -> tuple[Header, list[Row]]:
    """The rows with the answer sheet's key (and explanation) of their number where they have none of
    their own, in the key (explanation) column, added when the sheet has none. A row's number is its
    number column's or the one before its stem; rows without a number take no key."""
    roles, names = dict(header.roles), dict(header.names)
    width = max([len(r.cells) for r in rows] + [len(roles) and max(roles) + 1])
    added = {}
    for role, name in (("key", "答案表"), ("explanation", "答案表解析")):
        if role not in names:
            roles[width + len(added)], names[role] = role, name
            added[role] = width + len(added)
    column = {role: next(c for c, r in roles.items() if r == role) for role in ("key", "explanation")}
    numbers = [c for c, role in roles.items() if role == "number"]
    stems = [c for c, role in roles.items() if role == "stem"]
    out = []
    for row in rows:
        cells = [*row.cells, *[""] * (width + len(added) - len(row.cells))]
        if numbers:
            number = _number(cells[numbers[0]])
        else:
            number = int(m.group(1)) if (m := _LEADING_NUMBER.match(cells[stems[0]])) else None
        if number in keys and not cells[column["key"]].strip():
            cells[column["key"]] = keys[number][0]
            if not cells[column["explanation"]].strip():
                cells[column["explanation"]] = keys[number][1]
        out.append(Row(row.line, cells, row.marked))
    return Header(header.line, header.index, roles, names), out


def read_table(
    table: Table, header: Header | None = None, *, section: str | None = None, simplified: bool = False
) -> TableReading | None:
    """Read a question table into drafts (one per row); None when it has no recognisable header row.

    `section`: the section its rows belong to when no column or heading row says (a worksheet's name).
    """
    header = header or find_header(table)
    if header is None:
        return None
    section = _heading_above(table, header) or section
    above = ["，".join(c.strip() for c in row.cells if c.strip()) for row in table.rows[: header.index]]
    notes = [codes for text in above if (codes := _kind_codes(text))]  # a CSV splits a note at its commas
    codes = notes[0] if notes else table.kind_codes  # `题型：1-单选 2-多选 3-判断` above the header
    rows = table.rows[header.index + 1 :]
    if table.sheet_keys:
        header, rows = _with_sheet_keys(header, rows, table.sheet_keys)
    reader = _Reader(header, section=section, simplified=simplified, codes=codes)
    # The format marks count only where they are the sheet's keys; elsewhere the cells stay as written.
    formatted = reader.merged(_with_format_marks(header, rows)) if any(row.marked for row in rows) else None
    if formatted is not None and reader.marks_keys(formatted):
        rows, reader.marked_keys = formatted, True
    else:
        rows = reader.merged(rows)
        reader.marked_keys = reader.marks_keys(rows)
    reader.keys_by_number = table.keys_by_number or reader.numbers_keys(rows)
    reader.key_base = reader.counted_from(rows)
    if not reader.kind_codes and reader.has("type"):
        typed = [r for r in rows if any(c.strip() for c in r.cells)]
        reader.kind_codes = coded_kinds(
            [(reader.cell(r, "type"), reader.options(r), reader.cell(r, "key")) for r in typed]
        )
        judged = [r for r in typed if (d := reader.kind_codes.get(reader.cell(r, "type"))) and d.digits_unknown]
        reader.digit_truths = digit_truths([(reader.cell(r, "key"), reader.cell(r, "explanation")) for r in judged])
        used = {reader.cell(r, "key").strip() for r in judged}
        reader.digit_pair = next((tuple(sorted(p)) for p in _DIGIT_PAIRS if used & set("02") <= p), ("0", "1"))
    for row in rows:
        reader.read(row)
    reading = reader.reading
    reading.title = _title(table, header)
    reading.conventions.append(_convention(header, table.name))
    if reader.key_base == 0:
        reading.conventions.append(Convention("答案为选项序号（从 0 数）", "keys by option number (from 0)"))
    if reader.digit_truths:
        true, false = (next(d for d, v in reader.digit_truths.items() if v is want) for want in (True, False))
        reading.conventions.append(
            Convention(
                f"判断题答案 {true} 为正确、{false} 为错误（据解析的结论）",
                f"true/false keys {true} (true) and {false} (false), as the explanations' verdicts read them",
            )
        )
    return reading


# Kinds coded as bare numbers with no legend (`0`, `1`, `2`): what each code means is read from its rows, a
# code whose rows key several options being multiple choice, one whose rows key one option a choice the key
# decides, one whose rows have no options and judge (`0`/`1`, `对`) true/false. A judgement written as a bare
# digit under such a code is not read: nothing says whether 0 or 1 means true.
_CODE = re.compile(r"^\d{1,2}$")


def coded_kinds(rows: list[tuple[str, dict[str, str], str]]) -> dict[str, DeclaredKind]:
    """Kind codes read from the rows (code, options, key) where every type cell is a bare number no legend
    explains; {} unless two codes or more are each told by all their rows."""
    if not rows or not all(_CODE.match(code.strip()) for code, _, _ in rows if code.strip()):
        return {}
    if any(kind_of_type(code).known for code, _, _ in rows):
        return {}
    by_code: dict[str, list[tuple[dict[str, str], str]]] = {}
    for code, options, key in rows:
        if code.strip():
            by_code.setdefault(code.strip(), []).append((options, key.strip()))
    codes: dict[str, DeclaredKind] = {}
    for code, members in by_code.items():
        if all(options and key and set(key) <= set(options) for options, key in members):
            several = any(len(key) > 1 for _, key in members)
            codes[code] = DeclaredKind(Kind.multiple if several else None, True)
        elif all(not options for options, _ in members) and _judgements([key for _, key in members]):
            codes[code] = DeclaredKind(Kind.true_false, True, digits_unknown=True)
    return codes if len(codes) >= 2 else {}


def _judgements(keys: list[str]) -> bool:
    """Keys of true/false questions: judgement words, or digits of one pair (0/1, 1/2) that say nothing of
    which is true."""
    digits = {k for k in keys if k.isdecimal()}
    if digits and not any(digits <= pair for pair in _DIGIT_PAIRS):
        return False
    return all(k in digits or read_true_false(k) is not None for k in keys)


# The digits exam systems store a judgement in: 0/1, or 1/2 (the first of two options, 正确 and 错误)
_DIGIT_PAIRS = (frozenset({"0", "1"}), frozenset({"1", "2"}))
# An explanation's closing verdict: `……故正确。`, `所以错误`, `Hence, false.`
_VERDICT = re.compile(
    r"(?:^|[，,。.；;：:\s])(?:故|所以|因此|因而|该说法|此说法|说法|本题)?\s*(?:hence|so|thus|therefore)?[\s,]*"
    r"([^，,。.；;：:\s]{1,8})\s*[。.!！]?\s*$",
    re.I,
)


def digit_truths(rows: list[tuple[str, str]]) -> dict[str, bool]:
    """What the digits of a judgement mean (`1` -> true, `2` -> false), read from the verdicts that close
    the rows' explanations (`……故正确。`), given as (digit, explanation) pairs: only where both digits of a
    pair are explained on two rows each, every explained row agrees, and the two digits mean opposites;
    {} otherwise (the rows are then left out, not guessed)."""
    seen: dict[str, set[bool]] = {}
    counts: dict[str, int] = {}
    for digit, explanation in rows:
        m = _VERDICT.search(explanation.strip())
        verdict = read_true_false(m.group(1)) if m else None
        if verdict is not None:
            seen.setdefault(digit, set()).add(verdict)
            counts[digit] = counts.get(digit, 0) + 1
    if len(seen) != 2 or any(len(v) != 1 or counts[d] < 2 for d, v in seen.items()):
        return {}
    truths = {d: next(iter(v)) for d, v in seen.items()}
    if set(truths.values()) != {True, False} or not any(set(truths) == pair for pair in _DIGIT_PAIRS):
        return {}
    return truths
