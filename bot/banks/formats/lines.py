"""A document's text as lines the reader can work with: markup removed, what it marked kept aside.

Text arrives from plain files, Markdown, HTML copied from web pages and Word files (whose reader writes
formatting as the same small markup). Each `Line` holds the clean text and, separately, the spans the
markup marked (red, bold, underlined, highlighted, a ticked box), so that a keyed option marked in red is
still recognised after the colour is gone. Line numbers are the document's own; a line that held several
(`<br>`) keeps its number for each part.
"""

from __future__ import annotations

import bisect
import html
import itertools
import re
import unicodedata
from dataclasses import dataclass, field

from bot.banks.formats.signed_options import signed_options
from bot.banks.text import narrow, strip_pinyin, to_simplified

__all__ = ["Line", "Span", "prepare_lines"]

Span = tuple[int, int, str]  # start, end (offsets in Line.text), mark: red, bold, under, high, check


@dataclass(slots=True)
class Line:
    number: int  # 1-based line of the document
    text: str  # clean text: no markup, widths narrowed, stripped
    spans: list[Span] = field(default_factory=list)
    heading: int = 0  # Markdown heading level (#, ##, …), 0 when none
    fenced: bool = False  # inside a ``` code block: never a question number or an option
    cells: list[str] | None = None  # a Markdown table row, cell by cell
    checked: bool | None = None  # a task-list box: - [x] (True) or - [ ] (False)
    gap: bool = False  # a blank line (or several) stood before it
    lead: int = 0  # length of a list bullet ("- ") before the content: kept in text, skipped by `body`
    quoted: bool = False  # a Markdown blockquote ("> …"): answers set apart under a question
    code: bool = False  # inside a code block the layouts pass over (the generic reader reads it as text)

    @property
    def body(self) -> str:
        """The text after a list bullet: what recognisers look at (`- A. 苹果` is an option)."""
        return self.text[self.lead :]

    def marked(self, start: int, end: int) -> set[str]:
        """The marks covering most of text[start:end] (an option's text)."""
        length = max(1, len(self.text[start:end].strip()))
        out = set()
        for a, b, mark in self.spans:
            overlap = min(b, end) - max(a, start)
            if overlap > 0 and overlap * 2 >= length:
                out.add(mark)
        return out


_RED = re.compile(
    r"color\s*[:=]\s*['\"]?\s*(?:red|#f00\b|#ff0000|#e00\b|#c00000|#ff3333|#d9001b|#e60000|crimson|#ee0000"
    r"|rgb\(\s*255\s*,\s*0\s*,\s*0\s*\))",
    re.I,
)
_HIGHLIGHT = re.compile(r"background(?:-color)?\s*:\s*(?:yellow|#ff0\b|#ffff00)", re.I)
_TAG_NAMES = (
    "font|span|b|strong|u|ins|mark|i|em|p|div|br|li|ul|ol|sup|sub|code|pre|img|a|s|del|small|big|center|aside"
    "|section|article|header|footer|nav|label|input"
    "|h[1-6]|table|thead|tbody|tr|td|th|details|summary|blockquote|hr"
)
_TAG = re.compile(rf"</?(?:{_TAG_NAMES})(?:\s[^<>]*)?/?>", re.I)
_MARKUP = re.compile(rf"{_TAG.pattern}|\*\*", re.I)
_BREAK = re.compile(r"<br\s*/?>|</p>|</div>|</li>|</tr>|<hr\s*/?>", re.I)
_SUMMARY = re.compile(r"<summary[^>]*>(.*?)</summary>", re.I)
_MD_HEADING = re.compile(r"^(#{1,6})(?:\s+|(?=[\u4e00-\u9fff【（]))")  # "#include" is code, not a heading
_FENCE = re.compile(r"^\s*(```|~~~)")
_QUOTE = re.compile(r"^(?:>\s?)+")
_TASK = re.compile(r"^[-*+]\s+\[([ xX✓✔√])\]\s*")
_BULLET = re.compile(r"^[-*+•·]\s+")
_RULE = re.compile(r"^(?:[-*_=]\s*){3,}$")
# Page furniture of a PDF's text: "第 3 页 共 12 页", "- 3 -", "Page 3 of 12", "3/12".
# A running title may stand before the count: "七年级地理试卷 第 1 页（共 2 页）".
_FURNITURE = re.compile(
    r"^(?:(?:[^\d\s:：][^\s:：]{0,24}\s*)?第\s*\d+\s*页(?:\s*[,，/／]?\s*[（(]?\s*共\s*\d+\s*页\s*[)）]?)?"
    r"|共\s*\d+\s*页\s*第\s*\d+\s*页"
    r"|[-—–]\s*\d+\s*[-—–]|page\s*\d+(?:\s*(?:of|/)\s*\d+)?|\d+\s*/\s*\d+"
    r"|[^\d\s][^\d]{2,80}?\s{8,}\d{1,4}|\d{1,4}\s{8,}[^\d\s][^\d]{2,80})$",  # a running head: "Study Notes      48"
    re.IGNORECASE,
)
# What document-sharing sites and exam platforms add around the questions.
_JUNK = re.compile(
    r"由会员分享|可在线阅读|请在\S{0,6}上搜索|文档编号[:：]|全文预览已结束|下载本文档|版权说明[:：]|菁优网版权所有|本文档由用户提供"
    r"|^(?:Correct|Incorrect|Partially correct|Not answered|Flag question|Question text|Select one(?: or more)?:?"
    r"|Finish review|Information|Mark [\d.]+ out of [\d.]+|Not yet answered|Marked out of [\d.]+)$"
    r"|^(?:Started on|State|Completed on|Time taken|Grade|Marks)\s+\S"
    r"|^[\d.]+\s*/\s*[\d.]+\s*(?:points?|pts|marks?|分)(?:\W.*)?$"  # "0.00 / 1.00 points  ✗ Incorrect"
    # a review's marks
    r"|^(?:回答正确|回答错误|答题正确|答题错误|已作答|未作答|得分[:：]?\s*[\d.]+\s*分?|[\d.]+\s*分)$"
    r"|^[-—–\s]*END[-—–\s]*$"
    # the end of a paper printed under its last question: "—試題結束—", "～全卷完～", "*** End of the test ***"
    r"|^[-—–～~*＊=＝\s]*(?:試題結束|试题结束|試卷結束|试卷结束|本試卷結束|本试卷结束|全卷完|考試結束|考试结束|試験終了|以上"
    r"|(?:The\s+)?End\s+of\s+(?:the\s+)?(?:paper|test|exam|examination|quiz|questions)|Fin\s+de\s+l['’](?:épreuve|examen|évaluation)"
    r"|Fin\s+del\s+(?:examen|test)|Fim\s+da\s+prova|Ende\s+der\s+(?:Prüfung|Arbeit)|Конец\s+(?:теста|работы)"
    r"|HẾT|Hết|Koniec\s+(?:testu|sprawdzianu)|Fine\s+della\s+prova|انتهت\s+الأسئلة(?:\s*[-—–]\s*\S.*)?)[-—–～~*＊=＝\s。.!！]*$"
    r"|往期推荐|阅读原文|关注公众号|长按识别|扫码关注|点个在看|分享给朋友|点赞.{0,4}在看"
    r"|^窗体(?:顶端|底端)$|^[（(]\s*(?:分数|分值|满分|得分)\s*[:：]?\s*[\d.]+\s*分?\s*[)）]$|_第\d+页$"
    # a web quiz's buttons, printed with its page: "确定", "查看解析与答案", "Check answer", "Voir la réponse"
    r"|^(?:确定|確定|提交(?:答案)?|查看(?:解析)?(?:与|和|及)?(?:答案|解析)|显示答案|收藏(?:本题)?|纠错|上一题|下一题"
    r"|答え合わせ|(?:解答|解説|答え)(?:・解説)?を(?:見る|表示)|Submit(?: answer)?|Check(?: answer)?"
    r"|Show (?:the )?answer|Reveal answer"
    r"|Next question|Previous question"
    r"|V[ée]rifier|Valider|Voir la r[ée]ponse|Comprobar|Ver (?:la )?respuesta|Antwort anzeigen|Überprüfen|Verificar"
    r"|Ver resposta|Mostrar resposta)$"
)
# Platform metadata glued into a question's line: "难易程度:A :较易认知程度:I:识记预计答题时间:0.5分钟"
_INLINE_META = re.compile(
    r"难易程度\s*[:：].*?(?:预计答题时间\s*[:：]\s*[\d.]+\s*分钟|(?=参考答案|正确答案|答案[:：])|$)"
)
# a key line with the page's other fields glued after it (spans printed side by side): the key alone is kept
_KEY_THEN_FIELDS = re.compile(
    r"^([【\[]?\s*(?:正确答案|正確答案|参考答案|參考答案|答案|正解|答え|정답|Answer|Key|Ans)\s*[】\]]?\s*[:：]\s*\S.*?)\s*"
    r"(?:难度|難度|难易度|難易度|作答人数|作答人數|正确率|正確率|答对率|答對率|通过率|通過率|得分|分值|出处|出處|来源|來源"
    r"|考点|考點|Difficulty|Schwierigkeit|Dificultad|Difficulté|난이도|정답률|正答率)\s*[:：].*$",
    re.I,
)
_ADMONITION = re.compile(r"^[!?]{3}\+?\s*\w+(?:\s+\"(?P<title>[^\"]*)\")?\s*$")
_POINTS_FIELD = re.compile(r"\s*[（(]?(?:分值|分数|得分)\s*[:：]\s*[\d.]+\s*分?\s*[)）]?\s*$")
_TRAILING_FIELDS = re.compile(r"\s{2,}(?:PTS|DIF|REF|OBJ|TOP|MSC|NAT|STA|LOC|BLM)\s*:.*$")
_ANSWER_SLOT = re.compile(r"^_{2,}\s*(?=\d{1,4}\s*[.．、)）])")
_STARRED = re.compile(r"^[*＊★☆]\s*(?=[A-Ha-h](?:\s*[.．、:：)）]|\s+\S))")
_OPTIONISH = re.compile(r"^(?:[-*+]\s+)?[（(]?[A-Ha-h]\s*[.．、:：)）]")
_TICKED_AFTER = re.compile(r"(?<=\S)\s*(?:✅|✔️?|☑️?|✓)\s*$")
_CALLOUT = re.compile(r"^\[!\w+\][-+]?\s*")
_CONTAINER = re.compile(r"^:::+\s*(?:\w+\s*)?(.*)$")  # VuePress `::: tip 答案解析` … `:::`
_ESCAPED = re.compile(r"\\([_*\[\]()#>`~|\\-])")  # Markdown escapes: \_\_ is a blank
_OPTION_TABLE_HEAD = {"编号", "选项", "序号", "内容", "选项内容", "option", "options", "letter", "answer"}
_TABLE_SEPARATOR = re.compile(
    r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$|^\+[-=:]{2,}(?:\+[-=:]{2,})*\+?$"  # also "+----+----+"
    r"|^\|\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)+\|?$"  # "|:-|:-|": one dash a column is a separator too, between pipes
)
_FRAMED = re.compile(r"^(?:={3,}|-{3,}|\*{3,}|~{3,}|#{3,})\s*([^=\-*~#\s].*?)\s*(?:={3,}|-{3,}|\*{3,}|~{3,}|#{3,})$")
# Emoji that decorate a line (✅ 正确答案：C, 🔍 解析：…); ✓ ✔ ✗ ✘ √ × are keys and stay.
_KEYCAPS = re.compile("((?:[0-9]\ufe0f?\u20e3|\U0001f51f)+)\\s*")
# Numbers as articles style a question's number: ❶ ➊ ➀ ⓵ ⓫, ⒈ (① stays: it also letters options)
_STYLED_NUMBER = re.compile("([\u2776-\u2793\u24eb-\u24fe\u2488-\u249b])\\s*")
_DECORATION = re.compile(
    "(?:[\u2705\u274c\u274e\u2b50\u2753\u2757\u27a1\u25b6\u25c6\u25cf\u2605\u2606\U0001f300-\U0001faff]"
    "\ufe0f?\\s*)+(?=\\S)"
)


def _styled_number(text: str, at: int) -> tuple[re.Match[str], str] | None:
    """A question number at `at` written in keycap emoji (`1️⃣0️⃣`, `🔟`) or styled digits (`❶`, `➊`, `⒈`),
    and the plain number (`10. `) that stands for it."""
    if ("\u20e3" in text[at : at + 3] or text[at : at + 1] == "\U0001f51f") and (m := _KEYCAPS.match(text, at)):
        return m, re.sub(r"[^\d]", "", m.group(1).replace("\U0001f51f", "10")) + ". "
    if "\u2488" <= text[at : at + 1] <= "\u2793" and (m := _STYLED_NUMBER.match(text, at)):
        return m, f"{int(unicodedata.numeric(m.group(1)))}. "
    return None


def _shifted(at: int, m: re.Match[str], replacement: str) -> int:
    """A position in a line after the text `m` matched was replaced by `replacement`."""
    if at <= m.start():
        return at
    return (
        at - (m.end() - m.start()) + len(replacement)
        if at >= m.end()
        else m.start() + min(at - m.start(), len(replacement))
    )


def _mark_of(tag: str) -> str:
    low = tag.lower()
    if _RED.search(low):
        return "red"
    if _HIGHLIGHT.search(low) or low.startswith("<mark"):
        return "high"
    if re.match(r"<(?:b|strong)\b", low):
        return "bold"
    if re.match(r"<(?:u|ins)\b", low):
        return "under"
    return ""


def _spans_from_markup(text: str) -> tuple[str, list[Span]]:
    """Remove HTML tags and Markdown bold; return the plain text and the spans they marked in it."""
    if "<" not in text and "**" not in text:
        return text, []
    bold_pairs = text.count("**") % 2 == 0  # an odd count is literal (2**3), not markup
    inner = text.strip()
    if not bold_pairs and "<" not in text and len(inner) > 4 and inner.startswith("**") and inner.endswith("**"):
        # `**7. 2 ** 3 的结果是 ___。**`: a line set whole in bold around a literal `**`; the wrap is markup
        plain = inner[2:-2]
        return plain, [(0, len(plain), "bold")] if plain.strip() else []
    out: list[str] = []
    length = 0
    spans: list[Span] = []
    stack: list[tuple[str, str, int]] = []  # tag name, mark, start offset
    pos = 0
    for m in _MARKUP.finditer(text):
        token = m.group(0)
        if token == "**" and not bold_pairs:
            continue
        out.append(text[pos : m.start()])
        length += m.start() - pos
        pos = m.end()
        if token == "**":
            if stack and stack[-1][0] == "**":
                spans.append((stack.pop()[2], length, "bold"))
            else:
                stack.append(("**", "bold", length))
            continue
        name = re.match(r"</?\s*([a-zA-Z0-9]+)", token).group(1).lower()  # type: ignore[union-attr]
        if token.startswith("</"):
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    _, mark, start = stack.pop(i)
                    if mark:
                        spans.append((start, length, mark))
                    break
        elif not token.endswith("/>") and name not in ("br", "img", "hr"):
            stack.append((name, _mark_of(token), length))
    out.append(text[pos:])
    length += len(text) - pos
    spans.extend((start, length, mark) for name, mark, start in stack if mark and name != "**")
    plain = "".join(out)
    if "<" in text and _LABEL_ONLY.match(plain):
        return text, []  # "3) <a>", "B. <p>": a tag written as the option's text (a question on HTML)
    return plain, [s for s in spans if s[1] > s[0]]


# what is left of an option whose tags were all its text: its label alone
_LABEL_ONLY = re.compile(r"^\s*[(（]?\s*(?:\d{1,2}|[A-Za-z])\s*[.)、．）:：]\s*$")


_TICK = r"[（(]\s*[√×✓✗✔✘XxVv]\s*[)）]"
_LEADING_TICK = re.compile(rf"^\s*({_TICK}|[（(]\s*[A-H]{{1,8}}\s*[)）])\s*(\d{{1,4}}\s*[.．、](?!\d).*)$")
_TICK_SPLIT = re.compile(rf"(?<=\S)\s*(?={_TICK}\s*\d{{1,4}}\s*[.．、](?!\d))")
_AFTER_KEY = re.compile(
    r"((?:(?:正确|参考)?答案\s*[:：]\s*(?:[A-Ha-h]{1,8}|[√×✓✗]|对|错|正确|错误)|(?:单项|多项|不定项)?选择题|单选题|多选题"
    r"|判断题|填空题))\s+(?=\d{1,4}\s*[.．、](?!\d))"
)
_LONE_TICK = re.compile(rf"^\s*{_TICK}\s*$")
_KEY_MARK = re.compile(r"【\s*(?:参考|正确)?答案\s*】|(?:参考|正确)?答案\s*[:：]")
_FLAT_SPLIT = re.compile(
    r"(?<=\S)\s+(?=(?:\d{1,4}\s*[、．.](?!\d)|第[一二三四五六七八九十\d]+部分|[一二三四五六七八九十]+、))"
)


def _page_counter(text: str) -> bool:
    """ "3/12" counts pages; "500/10" (an option, a division) does not."""
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    return m is None or int(m.group(1)) <= int(m.group(2))


# "12、" / "12." anywhere, or "12 " after a space and before the stem (a page copied with its breaks lost)
_RUN_NUMBER = re.compile(r"(?<![\d.．])(\d{1,3})\s*[、.．](?!\d)|(?<=\s)(\d{1,3})\s+(?=[\u4e00-\u9fff【（(])")
_ASKS = re.compile(r"[(（][^()（）]{0,40}[)）]|[?？]|_{2,}|【\s*(?:正确|参考)?答案\s*】|答案\s*[:：]")
# before a section's heading: after a space, or glued to the key before it ("【答案】B二、多项选择题（…）")
_RUN_HEADING = re.compile(
    r"\s+(?=[一二三四五六七八九十]{1,2}、\S)|(?<=[A-H√×）)])(?=[一二三四五六七八九十]{1,2}、[^、，。]{1,8}题)"
)
_RUN_SECTION = re.compile(r"^[一二三四五六七八九十]{1,2}、")
_GLUED_LETTER = re.compile(r"(?<![A-Za-zＡ-Ｚａ-ｚ])([A-HＡ-Ｈ])(?=[\u4e00-\u9fff\d（(“\"《])")


def _run_on(raw: str) -> list[str] | None:
    """A section typed as one paragraph (`1、题干(ABC)A学习过程B教学过程…2、…`): a line per question and
    per option. Only where at least three numbers follow each other and most pieces ask something (a
    bracket, a question mark, a blank), so that a stem's own list (`要求：1、分析…2、提出…`) stays whole."""
    if len(raw) < 40:
        return None
    chain: list[re.Match[str]] = []
    for m in _RUN_NUMBER.finditer(raw):
        number = int(m.group(1) or m.group(2))
        if not chain or number == int(chain[-1].group(1) or chain[-1].group(2)) + 1:
            chain.append(m)
        elif number == 1 and len(chain) < 3:
            chain = [m]
    if len(chain) < 3:
        return None
    pieces = [raw[a.start() : b.start() if b else len(raw)] for a, b in zip(chain, [*chain[1:], None], strict=True)]
    if sum(bool(_ASKS.search(p)) and len(p) >= 8 for p in pieces) * 3 < len(pieces) * 2:
        return None
    out = [raw[: chain[0].start()]] if raw[: chain[0].start()].strip() else []
    for piece in pieces:
        out.extend(_glued_options(piece))
    # "…(D)13% 二、多项选择题 每题均有…": a section's heading inside the paragraph starts a line too, and
    # its questions numbered from 1 again ("三、材料分析题（…）1.材料：…2.材料：…") a line each
    parts = [part for line in out for part in _RUN_HEADING.split(line) if part.strip()]
    return [piece for part in parts for piece in (_restarted(part) if _RUN_SECTION.match(part) else [part])]


def _restarted(part: str) -> list[str]:
    """A heading with its questions run on after it, numbered from 1: the heading and a line per question."""
    chain: list[re.Match[str]] = []
    for m in _RUN_NUMBER.finditer(part):
        if int(m.group(1) or m.group(2)) == len(chain) + 1:
            chain.append(m)
    if len(chain) < 2:
        return [part]
    cuts = [0, *(m.start() for m in chain), len(part)]
    pieces = [part[a:b].strip() for a, b in itertools.pairwise(cuts) if part[a:b].strip()]
    # a case run on: "1.材料：……问题：……【参考答案】要点：……": its parts on lines of their own
    return [line.strip() for piece in pieces for line in _CASE_PARTS.split(piece) if line.strip()]


_CASE_PARTS = re.compile(r"(?=【\s*(?:参考)?答案\s*】|(?<=[。？?！!）)])\s*(?:问题|参考答案)[:：])")


def _glued_options(piece: str) -> list[str]:
    """`…(ABC)A学习过程B教学过程C评价` -> the stem and a line per option, when A, B, C… stand in order."""
    letters = list(_GLUED_LETTER.finditer(piece))
    at: dict[str, list[int]] = {}  # letter -> the indices in `letters` where it stands, in order
    for i, m in enumerate(letters):
        at.setdefault(m.group(1), []).append(i)
    for i in sorted(at.get("A", []) + at.get("Ａ", [])):
        # from this A: the first B after it, the first C after that B… (by index: a piece with thousands
        # of letters was read from each A to its end)
        run, last = [letters[i]], i
        while (after := at.get(chr(ord(run[-1].group(1)) + 1))) and (j := bisect.bisect_right(after, last)) < len(
            after
        ):
            last = after[j]
            run.append(letters[last])
        if len(run) >= 3:
            cuts = [m.start() for m in run]
            parts = [piece[: cuts[0]]] + [
                f"{piece[a]}. {piece[a + 1 : b]}" for a, b in zip(cuts, [*cuts[1:], len(piece)], strict=True)
            ]
            return [p.strip() for p in parts if p.strip()]
    return [piece.strip()]


# a bank's fields in brackets run on in one paragraph, several questions to a line:
# "【题干1】……？【选项】A.… B.…【参考答案】B【详细解析】……【题干2】……"
_STEM_TAG = re.compile(r"[【\[]\s*(?:题干|题目|试题)\s*\d{0,4}\s*[】\]]")
_FIELD_TAG = re.compile(
    r"(?<=\S)\s*(?=[【\[]\s*(?:(?:题干|题目|试题)\s*\d{0,4}|选项|备选项|(?:参考|正确|标准)?答案|(?:详细|答案|试题)?解析"
    r"|解题思路|分析|知识点|考点|难度|题型)\s*[】\]])"
)


# options glued after the stem's blank with nothing after their letters: "……的原穴是（　）A曲池B阳溪C合谷D偏历"
# (also on a line of their own, "A曲池B阳溪C合谷D偏历", each short and without a sentence's punctuation, so that
# "A公司向B公司借款，C公司担保" stays a sentence)
_GLUED_AFTER_BLANK = re.compile(r"(?:^\s*|[（(]\s*[)）]|[？?：:])\s*(?=[AＡ][^\sA-Za-zＡ-Ｚ.．、:：)）])")


def _options_after_blank(raw: str) -> list[str] | None:
    if not (m := _GLUED_AFTER_BLANK.search(raw)):
        return None
    options = _glued_options(raw[m.end() :])
    if len(options) < 3 or options[0][:1] not in "AＡ" or options[0][1:3] != ". ":
        return None
    if m.start() == 0 and any(len(o) > 40 or re.search(r"[，。；？！,;?!]", o) for o in options):
        return None  # a line of its own: options only when each is short, no sentence
    return [part for part in (raw[: m.end()].rstrip(), *options) if part]


# the first of a question's options on its own line, another after it: " (A)總綱 (B)…", " A. 10 B. 12"
_FIRST_INLINE_OPTION = re.compile(r"\s(?=[（(]\s*A\s*[)）]|A\s*[.．、])")
_SECOND_INLINE_OPTION = re.compile(r"[（(]\s*B\s*[)）]|\sB\s*[.．、]")


def _key_after_stem(m: re.Match[str]) -> str:
    """`（ B ）1. stem` -> `1. stem （ B ）`: the key before the number put where the stem's brackets hold it; where
    the options follow on the line (`（ B ）1. stem (A)… (B)…`), a key line of its own under them, so that it
    closes no option's text nor reads as option A's label."""
    key, rest = m.group(1), m.group(2)
    first = _FIRST_INLINE_OPTION.search(rest)
    if first is not None and _SECOND_INLINE_OPTION.search(rest, first.end()):
        return f"{rest}\n答案：{key.strip('（()） ')}"
    return f"{rest} {key}"


def _unflatten(raw: str) -> list[str]:
    """A whole page flattened onto one line (`1、题干 A. … 【答案】:D 2、…`): back to a line per question.
    Judgements keyed before their number (`(X)1.…(√)2.…`) get a line each, the mark after the statement."""
    if ("(" in raw or "（" in raw) and _LEADING_TICK.search(raw):
        parts = [p for p in _TICK_SPLIT.split(raw) if p.strip()]
        return [line for p in parts for line in _LEADING_TICK.sub(_key_after_stem, p.strip()).split("\n")]
    if ("【" in raw or "[" in raw) and len(_FIELD_TAG.findall(raw)) >= 2 and _STEM_TAG.search(raw):
        return [part.strip() for part in _FIELD_TAG.split(raw) if part.strip()]
    run_on = _run_on(raw)
    if run_on is None and ("A" in raw or "Ａ" in raw) and (glued := _options_after_blank(raw)) is not None:
        return glued
    if len(raw) >= 120 and len(_KEY_MARK.findall(raw)) >= 2:
        parts = [part for part in _FLAT_SPLIT.split(raw) if part.strip()]
        if len(parts) > 1 and (run_on is None or len(run_on) <= len(parts)):
            return parts
    if run_on is not None:
        return run_on
    # "正确答案 :C 2.我国的国体是( )": the next question starts after a key; "一、单项选择题 1.……": after a heading
    if "题" not in raw and "答案" not in raw:
        return [raw]
    split = _AFTER_KEY.sub("\\1\n", raw)
    return [part for part in split.split("\n") if part.strip()] if split != raw else [raw]


def _split_breaks(raw: str) -> list[str]:
    if "\n" in raw:  # parted already (two questions on one line)
        return [part for line in raw.split("\n") for part in _split_breaks(line)]
    if "<" not in raw:
        return _unflatten(raw)
    raw = _SUMMARY.sub(lambda m: "\n" + _summary_marker(m.group(1)) + "\n", raw)
    raw = re.sub(r"</?details[^>]*>", "\n", raw, flags=re.I)
    return [part for line in _BREAK.sub("\n", raw).split("\n") for part in _unflatten(line)]


_SUMMARY_KIND = re.compile(
    r"(不定项选择题|单项选择题|多项选择题|单选题|多选题|选择题|判断题|填空题|简答题|问答题|论述题|案例分析题|案例题)"
)


def _summary_marker(title: str) -> str:
    """`<summary>查看答案</summary>` opens the key; `<summary>解析</summary>` the explanation;
    `<summary>单选题答案与解析</summary>` heads the keys of a section."""
    plain = _TAG.sub("", title)
    if kind := _SUMMARY_KIND.search(plain):
        return kind.group(1)
    if "解析" in plain or "explanation" in plain.lower():
        return "解析："
    if "答案" in plain or "answer" in plain.lower():
        return "答案："
    return ""


_FENCED_OPTION = re.compile(r"^\s*[(（]?[A-H]\s*[.．、:：)）]")
_FENCED_KEY = re.compile(r"答案|Answer", re.I)


_FENCED_KEY_LINE = re.compile(
    r"^\s*(?:(?:#|//|--|/\*)\s*)?[【\[]?\s*(?:正确答案|参考答案|答案|Answer|解析)\s*[】\]]?\s*(?:[:：]|\*/\s*$|$)", re.I
)


def _question_in_fence(block: list[str]) -> bool:
    """A code block that holds a whole question (its options and its key), or just a key (`答案：B` hidden
    from a quick look), as some notes keep them: read as text, not as code."""
    lines = [b for b in block if b.strip()]
    if lines and _FENCED_KEY_LINE.match(lines[0]):
        return True
    return sum(bool(_FENCED_OPTION.match(b)) for b in lines) >= 2 and any(_FENCED_KEY.search(b) for b in lines)


def _fences(raw_lines: list[str]) -> list[bool]:
    """Per line: inside a code block (the fence lines themselves count as inside)."""
    inside = [False] * len(raw_lines)
    start: int | None = None
    for i, raw in enumerate(raw_lines):
        if _FENCE.match(raw):
            if start is None:
                start = i
                continue
            block = raw_lines[start + 1 : i]
            if not _question_in_fence(block):
                for k in range(start, i + 1):
                    inside[k] = True
            else:
                inside[start] = inside[i] = True  # the fence lines go; the question inside is read
            start = None
    if start is not None:  # an unclosed fence runs to the end
        for k in range(start, len(raw_lines)):
            inside[k] = True
    return inside


_OL = re.compile(r"<ol\b[^>]*>", re.I)
_OL_END = re.compile(r"</ol\s*>", re.I)
_LI = re.compile(r"<li\b[^>]*>", re.I)


_GLUED_ITEM = re.compile(r"\*\*\s*(?=[-*+]\s+\S)")
_LIST_ITEM = re.compile(r"^\s*[-*+]\s+\S")
_BOLD_LINE = re.compile(r"^\s*\*\*[^*\n]{1,120}\*\*\s*$")


def _bold_list_items(raw_lines: list[str]) -> list[str]:
    """A quiz page turned into Markdown writes its right option in bold outside the list, or glued to the
    next item (`- True` / `**False**`, `**b. Barometer**- c. Hygrometer`): each is an item of the list, its
    bold the mark of the key."""
    out = [_GLUED_ITEM.sub("**\n", raw) if "**" in raw else raw for raw in raw_lines]
    for k, raw in enumerate(out):
        before = out[k - 1].split("\n")[-1] if k > 0 else ""  # the line just above: the last part of its raw line
        after = out[k + 1].split("\n")[0] if k + 1 < len(out) else ""
        if _BOLD_LINE.match(raw.split("\n")[0]) and (_LIST_ITEM.match(before) or _LIST_ITEM.match(after)):
            out[k] = "- " + raw.lstrip()
    return out


def _number_list_items(raw_lines: list[str]) -> list[str]:
    """`<ol><li>11</li><li>C</li></ol>` (keys as an HTML list): each item gets its number, `1. 11`."""
    if not any(_OL.search(r) for r in raw_lines):
        return raw_lines
    out, counter = [], None
    for raw in raw_lines:
        pieces = re.split(r"(<ol\b[^>]*>|</ol\s*>|<li\b[^>]*>)", raw, flags=re.I)
        line = []
        for piece in pieces:
            if _OL.fullmatch(piece):
                counter = 0
            elif _OL_END.fullmatch(piece):
                counter = None
            elif _LI.fullmatch(piece) and counter is not None:
                counter += 1
                line.append(f"<br>{counter}. ")
                continue
            line.append(piece)
        out.append("".join(line))
    return out


_OPTION_NUMBER = re.compile(r"(?:^|(?<=\s))([1-8])[)）]?\s+(?=\S)")  # "1 x", "1) x"; "1." is a list
_KEYISH = re.compile(r"^(?:[A-Ha-h]{1,4}|[√×✓✗对错TF])$")


# "1のに 2ために": kana and ideographs, not CJK punctuation ("1、A 2、B" is a line of keys)
_GLUED_OPTION_NUMBER = re.compile(r"(?:^|(?<=\s))([1-8])(?=[\u3040-\u9fff\uf900-\ufaff])")


def _numbered_options(text: str) -> str | None:
    """Options numbered 1–4 on one line (`1　びょういん　2　びよういん　3　…`), as Japanese and some English
    papers print them: lettered A–D for the reader, so a key `1` or `A` names the first. Not a line of keys
    (`1 A 2 B 3 C`), nor numbered clauses that ask something."""
    found = list(_OPTION_NUMBER.finditer(text))
    if len(found) < 3 and text[1:2] >= "\u3040":
        found = list(_GLUED_OPTION_NUMBER.finditer(text))  # the number glued to a word in CJK script
    run = []
    for m in found:
        if int(m.group(1)) == len(run) + 1:
            run.append(m)
    if len(run) < 3 or run[0].start() != 0 or len(text) > 160:
        return None
    items = [
        text[m.end() : nxt.start() if nxt else len(text)].strip() for m, nxt in zip(run, [*run[1:], None], strict=True)
    ]
    if any(not item or len(item) > 40 or re.search(r"[?？]|_{2,}", item) for item in items):
        return None
    if all(_KEYISH.match(item) for item in items):
        return None
    return "  ".join(f"{'ABCDEFGH'[i]}. {item}" for i, item in enumerate(items))


_LISTED = re.compile(r"^\s*[(（]?([1-8])\s*[.)）、]\s*(\S.*)$")
_ASKS_CHOICE = re.compile(r"[?？:：]\s*$|\)\s*$|（[^（）]*选[^（）]*）\s*$|select all", re.I)
# an answer's label, in a quote or bold: "Answer:", "> **Key:**", "正确答案："
_LABEL = r"^\s*(?:>\s*)?(?:\*\*)?(?P<label>Answers?|Ans|Key|Correct answers?|Solution|答案|正确答案)(?:\*\*)?\s*[:：]"
_ANSWER_LABEL = re.compile(_LABEL, re.I)
# the key by option number: "Answer: 1, 2, 4", "**Answer:** (2) — why", "Answer: (1) and (3). …"
_NUMBER_KEY_LINE = re.compile(
    _LABEL
    + r"(?:\*\*)?\s*(?P<keys>[(（]?[1-8][)）]?(?:(?:\s*(?:[,，、&]|and|or|y|und|et|和|及)\s*|\s+)[(（]?[1-8][)）]?)*)"
    r"(?:\s*$|\s*[—–\-.;；:：,，。]\s*(?P<why>\D.*)$)",
    re.I,
)


# a question introduced by a strong number, on a heading or bold line of its own: "## Question 3", "### 第3题",
# "**Q3.**", "## 3" (a heading that is only a number); its stem may follow on the same line
_STRONG_HEAD = re.compile(
    r"^\s*(?:#{1,6}\s*|\*\*\s*)(?:(?:Question|Q|Problem|Frage|Pregunta|問題|问题)\s*\d{1,4}\b|第\s*\d{1,4}\s*[题題]"
    r"|\d{1,4}\s*[.．、)）]?\s*(?:\*\*)?\s*$)",
    re.I,
)
_NUMBER_KEY_HEAD = re.compile(_LABEL + r"(?:\*\*)?\s*(?P<n>[1-8])(?![\d.]\d)\s*[.．、:：)）]?(?P<tail>.*)$", re.I)


def _plain(text: str) -> str:
    """An option's or key's words, for comparing: without emphasis, ticks, punctuation at the ends or spacing."""
    text = re.sub(r"\*\*|__|[✓✔✅☑️]", "", text)
    return re.sub(r"\s+", "", text).strip(".．。:：;；,，—–-").casefold()


def _strong_question_above(out: list[str], i: int) -> bool:
    """Whether the question over line i was introduced by a strong number (`## Question 3`) with at most a few
    lines of stem between: under it, a numbered list is its options, not more questions."""
    seen = 0
    for k in range(i - 1, max(-1, i - 8), -1):
        line = out[k].strip()
        if not line:
            continue
        if _STRONG_HEAD.match(line):
            return True
        if _LISTED.match(line) or _ANSWER_LABEL.match(line) or line.startswith(("---", "***", "___")):
            return False
        seen += 1
        if seen > 3:
            return False
    return False


def _restated_key(line: str, run: list[str]) -> tuple[str, str] | None:
    """ "**答案：** 2. Volatile memory": one option's number and its text: (its letter, what follows the text).
    None when the line is not so written, or names one option's number with another's text (no safe key)."""
    m = _NUMBER_KEY_HEAD.match(line)
    if m is None:
        return None
    n, tail = int(m.group("n")), _plain(m.group("tail"))
    if n > len(run) or not tail:
        return None
    texts = [_plain(_LISTED.match(r).group(2)) if _LISTED.match(r) else "" for r in run]  # type: ignore[union-attr]
    # the longest option text the tail starts with ("120" is not option "12" with "0" after it)
    named = max(
        (k for k, t in enumerate(texts, start=1) if t and tail.startswith(t)),
        key=lambda k: len(texts[k - 1]),
        default=0,
    )
    if named == n:
        rest = m.group("tail").strip()
        words = _LISTED.match(run[n - 1]).group(2)  # type: ignore[union-attr]
        plain_words = re.sub(r"\*\*|__|[✓✔✅☑️]", "", words).strip()
        why = rest[rest.find(plain_words) + len(plain_words) :].strip(" .．。;；—–-") if plain_words in rest else ""
        return "ABCDEFGH"[n - 1], why
    return ("", "") if named else None


def _numbered_option_runs(raw_lines: list[str]) -> list[str]:
    """Options numbered 1., 2., 3. … on lines of their own under a question and keyed by number
    (`Answer: 1, 2, 4`, `**Answer:** (1) and (3) — why`), as NCLEX-style banks and Markdown problem sets print
    them: lettered A, B, C … for the reader, the key's numbers as the letters. Only a run that starts at 1 right
    below a line that asks, has no gap, and is followed by such a key; where the document keys so, a run
    followed by an answer that names no number (`Answer: see the manual`) is lettered too, and its question
    left out for its key, not read as three questions."""
    out = list(raw_lines)
    runs: list[tuple[list[int], int]] = []
    i = 0
    while i < len(out):
        m = _LISTED.match(out[i])
        if not (m and m.group(1) == "1"):
            i += 1
            continue
        above = next((k for k in range(i - 1, max(-1, i - 3), -1) if out[k].strip()), None)  # blank lines apart
        strong = _strong_question_above(out, i)
        if above is None or not (strong or _ASKS_CHOICE.search(out[above].strip().strip("*_ "))):
            i += 1
            continue
        run = [i]
        while run[-1] + 1 < len(out) and (n := _LISTED.match(out[run[-1] + 1])) and int(n.group(1)) == len(run) + 1:
            run.append(run[-1] + 1)
        after = next((k for k in range(run[-1] + 1, min(len(out), run[-1] + 3)) if out[k].strip()), len(out))
        # under a strong number two items suffice (True / False); under a plain line that asks, three
        if len(run) >= (2 if strong else 3) and after < len(out) and _ANSWER_LABEL.match(out[after]):
            runs.append((run, after))
        i = after
    keyed = False
    for run, after in runs:
        if (restated := _restated_key(out[after], [out[j] for j in run])) is not None:
            letter, why = restated
            _letter_run(out, run)
            keyed = True
            label = _ANSWER_LABEL.match(out[after]).group("label")  # type: ignore[union-attr]
            # the number and the text disagree: the line keeps no number, so no key is read from it
            out[after] = f"{label}: {letter}" + (f" Explanation: {why}" if why else "") if letter else f"{label}:"
            continue
        if (key := _NUMBER_KEY_LINE.match(out[after])) is None:
            continue
        numbers = sorted({int(n) for n in re.findall(r"[1-8]", key.group("keys"))})
        if numbers[-1] > len(run):
            continue  # a number no option has: left as written, for the key check to report
        keyed = True
        _letter_run(out, run)
        letters = "".join("ABCDEFGH"[n - 1] for n in numbers)
        why = f" Explanation: {key.group('why').strip()}" if key.group("why") else ""
        out[after] = f"{key.group('label')}: {letters}{why}"  # the numbers as the letters just given
    for run, after in runs if keyed else ():
        if not _NUMBER_KEY_LINE.match(raw_lines[after]):
            _letter_run(out, run)
    return out


def _letter_run(out: list[str], run: list[int]) -> None:
    for k, j in enumerate(run):
        if m := _LISTED.match(out[j]):
            out[j] = f"{'ABCDEFGH'[k]}. {m.group(2)}"


_CIRCLED_ITEM = re.compile(r"([①-⑧])\s*")
_LETTERED_NEXT = re.compile(r"^\s*[(（]?A\s*[.．、:：)）]")


def _circled_option_lines(raw_lines: list[str]) -> list[str]:
    """Options numbered ① ② ③ ④ on one line under a question (`①D   ②A   ③F   ④G`, Korean and music
    papers), keyed `②`: lettered A–D for the reader. Not statements numbered so in a stem
    (`①……；②……；③……。` with lettered options below that combine them)."""
    out = list(raw_lines)
    for i, raw in enumerate(out):
        text = raw.strip()
        if not text.startswith("①") or "③" not in text:
            continue
        found = list(_CIRCLED_ITEM.finditer(text))
        if [m.group(1) for m in found] != list("①②③④⑤⑥⑦⑧"[: len(found)]):
            continue
        ends = [m.start() for m in found[1:]] + [len(text)]
        items = [text[m.end() : end].strip() for m, end in zip(found, ends, strict=True)]
        if any(not item or len(item) > 40 or re.search(r"[；;]\s*$|。$|[?？]", item) for item in items):
            continue
        below = next((line for line in out[i + 1 : i + 4] if line.strip()), "")
        if _LETTERED_NEXT.match(below):
            continue  # statements that lettered options below combine
        out[i] = "  ".join(f"{'ABCDEFGH'[k]}. {item}" for k, item in enumerate(items))
    return out


_COUNTED_HEAD = re.compile(
    r"^\s*(\d{1,4})\s*/\s*(\d{1,4})\s+[【\[（(]?\s*((?:单项|多项|不定项)?选择题?|单选题?|多选题?|判断题?|填空题?|简答题?|问答题|案例分析题?)"
    r"\s*[】\]）)]?\s*$"
)


def _counted_heads(raw: str) -> str:
    """ "3/12  单选题" (question 3 of 12, a learning app's review): the question's number and its kind tag."""
    m = _COUNTED_HEAD.match(raw)
    if m is None:
        return raw
    return f"{m.group(1)}.（{m.group(3)}）"


# "（单选）1．……": a kind tag before the number; read as "1．（单选）……" (the number starts the question)
_TAG_BEFORE_NUMBER = re.compile(
    r"^\s*([（(【\[]\s*(?:单项选择|多项选择|不定项选择|单选|多选|选择|判断|填空|简答|问答|案例分析)题?\s*[）)】\]])\s*"
    r"(?=\d{1,4}\s*[.．、](?!\d))(\d{1,4}\s*[.．、]\s*)"
)
# "（　　）1．轨道电路……": the empty slot for the verdict before the number goes after the statement
_SLOT_BEFORE_NUMBER = re.compile(r"^\s*[（(]\s*[)）]\s*(\d{1,4}\s*[.．、](?!\d).*?)\s*$")
_LINE_NUMBER = re.compile(r"^\s*(\d{1,3})\s*[.．、](?!\d)")
_NEXT_NUMBER = re.compile(r"(?<=[）)。？?])\s*(\d{1,3})\s*[.．、](?!\d)")


def _two_a_line(raw_lines: list[str]) -> list[str]:
    """Two questions on one line (`1. ……（  ）2. ……（  ）`, a paper printed in two columns): the line parted
    where the next number follows a closed bracket or a sentence's end. Line numbers stay: the second
    question shares its line's number."""
    out: list[str] = []
    for raw in raw_lines:
        m = _LINE_NUMBER.match(raw)
        if m is None or len(raw) < 12:
            out.append(raw)
            continue
        nxt = int(m.group(1)) + 1
        cut = next((c for c in _NEXT_NUMBER.finditer(raw, m.end()) if int(c.group(1)) == nxt), None)
        if cut is None:
            out.append(raw)
            continue
        at = cut.start()
        out.append(raw[:at].rstrip() + "\n" + raw[at:].strip())
    return out


_LETTER_AT_END = re.compile(r"(?<=\s)([A-H])\s*$")


def _rejoin_option_letters(raw_lines: list[str]) -> None:
    """A page wrapped at a fixed width may part an option's letter from its mark (`… C.展示 D` over
    `.活跃气氛`): the letter goes down to its option (in place)."""
    for i, raw in enumerate(raw_lines):
        if not (m := _LETTER_AT_END.search(raw)) or not re.search(r"[A-H]\s*[.．、]", raw[: m.start()]):
            continue
        j = next((k for k in range(i + 1, min(i + 3, len(raw_lines))) if raw_lines[k].strip()), None)
        if j is not None and raw_lines[j].lstrip()[:1] in ".．、":
            raw_lines[i], raw_lines[j] = raw[: m.start()].rstrip(), m.group(1) + raw_lines[j].lstrip()


_BLOCK_RULE = re.compile(r"^\s*(?:={3,}|-{3,}|\*{3,}|_{3,}|~{3,})\s*$")
_ASKING = re.compile(r"[?？]\s*$|[（(]\s*[)）]|_{2,}|[:：]\s*$")
_LETTERED = re.compile(r"^\s*[(（]?[A-Ha-h]\s*[.．、:：)）]")
# the key said in the line after the options: "The correct answer is B.", "(B) is the correct answer",
# "The correct answer isA: …", "正确答案是C"
_SAID_KEY = re.compile(
    r"(?:correct (?:answer|option) is|answer is|正确答案(?:是|为)|答案(?:是|为))\s*[:：]?\s*\(?([A-H])(?![a-z])"
    r"|\(([A-H])\)\s*is (?:the )?correct",
    re.I,
)


def _unlettered_blocks(raw_lines: list[str]) -> list[str]:
    """Questions between rules (`=========`), each a question that asks, its options on lines of their own
    without letters, and a line that says the key (`The correct answer is B.`, `(B) is the correct answer`):
    numbered and lettered for the reader. Only where three blocks at least read so."""
    rules = [i for i, raw in enumerate(raw_lines) if _BLOCK_RULE.match(raw)]
    if len(rules) < 2:
        return raw_lines
    edges = [-1, *rules, len(raw_lines)]
    plans: list[tuple[int, list[int], int]] = []
    for a, b in itertools.pairwise(edges):
        body = [i for i in range(a + 1, b) if raw_lines[i].strip()]
        said = [i for i in body if _SAID_KEY.search(raw_lines[i])]
        asks = next((i for i in body if _ASKING.search(raw_lines[i])), None)
        if not said or asks is None:
            continue
        options = [i for i in body if asks < i < said[0]]
        if not 2 <= len(options) <= 8 or any(
            len(raw_lines[i].strip()) > 100 or _LETTERED.match(raw_lines[i]) for i in options
        ):
            continue
        plans.append((asks, options, said[0]))
    if len(plans) < 3:
        return raw_lines
    out = list(raw_lines)
    for number, (asks, options, said_at) in enumerate(plans, start=1):
        out[asks] = f"{number}. {out[asks].strip()}"
        for k, i in enumerate(options):
            out[i] = f"{'ABCDEFGH'[k]}. {out[i].strip()}"
        m = _SAID_KEY.search(out[said_at])
        if m and m.start() > 0:  # "Arc<T> (C) is the correct answer. …": the key first, the words after it
            out[said_at] = f"Answer: {(m.group(1) or m.group(2)).upper()}. {out[said_at].strip()}"
    return out


# 软考-style papers: a stem opened by "●" with numbered blanks "(1)", "(2)", then an option row per blank,
# "(1)A．涂胶　　B．曝光 …": a question per blank, numbered by its blank, the stem shared
_ROW_OF_BLANK = re.compile(r"^[^\S\n]*[（(]\s*\d{1,3}\s*[)）]\s*A\s*[.．、]", re.M)  # not \s*: one line
_BULLET_STEM = re.compile(r"^\s*[●◆■•]\s*(\S.*)$")
_KEY_OR_NOTE = re.compile(r"^\s*[【\[]?(?:参考答案|正确答案|答案|试题解析|解析|详解)[】\]]?\s*[:：]?")
_BLANK_OPTIONS = re.compile(r"^\s*[（(]\s*(\d{1,3})\s*[)）]\s*(?=[(（]?A\s*[.．、:：)）]|$)(.*)$")  # or "(3)" over them


# a note that the paper's figure was left out, on a line of its own: "（图略，后补）", "[图略]", "(figure omitted)"
_FIGURE_OMITTED = re.compile(
    r"^\s*[（(【\[]\s*(?:(?:附|插)?图(?:片)?\s*(?:略|省略|暂缺|缺|后补)|(?:figure|image|picture)\s+omitted)"
    r"[^)）】\]\n]{0,12}[)）】\]]",
    re.I,
)


def _row_below(out: list[str], i: int) -> int:
    """The line below line i where its option row would stand: the next, or the one after a figure's note."""
    return i + 2 if i + 2 < len(out) and _FIGURE_OMITTED.match(out[i + 1]) else i + 1


def _unbulleted_stem(out: list[str], i: int) -> bool:
    """A line with a blank `(n)` right above the option row `(n)A．…` of that blank (a note that the figure
    was left out may stand between)."""
    below = _row_below(out, i)
    if below >= len(out) or not (row := _BLANK_OPTIONS.match(out[below])) or not out[i].strip():
        return False
    if _BLANK_OPTIONS.match(out[i]) or _LETTERED.match(out[i]):
        return False
    return re.search(rf"[（(]\s*{row.group(1)}\s*[)）]", out[i]) is not None


def _blanks_with_option_rows(raw_lines: list[str]) -> list[str]:
    out = list(raw_lines)
    i = 0
    while i < len(out):
        if m := _BULLET_STEM.match(out[i]):
            j, stem = i + 1, [m.group(1).strip()]
            while (
                j < len(out)
                and out[j].strip()
                and not _BLANK_OPTIONS.match(out[j])
                and not _BULLET_STEM.match(out[j])
                and not _KEY_OR_NOTE.match(out[j])  # "◆损失……" of an explanation, then its key: no stem
            ):
                stem.append(out[j].strip())
                j += 1
        elif _unbulleted_stem(out, i):  # the bullet lost in copying: the line right above its first row
            j, stem = _row_below(out, i), [_LINE_NUMBER.sub("", out[i]).strip()]
            stem += [note.strip() for note in out[i + 1 : j]]  # "（图略）": the stem still says its figure is missing
        else:
            i += 1
            continue
        rows = []
        while j < len(out) and ((row := _BLANK_OPTIONS.match(out[j])) or (rows and _LETTERED.match(out[j]))):
            if row:  # else "　　C．刻蚀　　D．离子注入": the row's options go on, read where they stand
                rows.append((j, int(row.group(1)), row.group(2)))
            j += 1
        text = " ".join(stem)
        if rows and all(re.search(rf"[（(]\s*{n}\s*[)）]", text) for _, n, _ in rows):
            for k in range(i, rows[0][0]):
                out[k] = ""
            for at, n, options in rows:
                out[at] = f"{n}. {text}\n{options}".rstrip()  # one raw line each: the line numbers stay the document's
        i = max(j, i + 1)
    return out


# tables drawn with box-drawing characters (`┌──┬──┐`, `│ 题号 │ 1 │`): rules dropped, cell walls read as `|`
_BOX_DRAWING = re.compile(r"[\u2500-\u257f]")
_BOX_RULE = re.compile(r"^[\s\u2500-\u257f+|-]*$")
_BOX_WALLS = str.maketrans("│┃║╎╏┆┇┊┋", "|||||||||")


def _box_tables(raw_lines: list[str]) -> list[str]:
    return ["" if _BOX_RULE.match(raw) else raw.translate(_BOX_WALLS) for raw in raw_lines]


def _before_number(raw: str) -> str:
    """A kind tag or an empty verdict slot written before the question's number: after it instead."""
    if m := _SLOT_BEFORE_NUMBER.match(raw):
        return f"{m.group(1)}（ ）"
    return _TAG_BEFORE_NUMBER.sub(r"\2\1", raw)


def _radical_table() -> dict[int, str]:
    """Kangxi radicals and the radicals supplement as the characters they stand for (`⽬` U+2F6C is 目): text
    taken out of PDFs often holds them, and no label (`题⽬:`) or word reads with them in."""
    table: dict[int, str] = {}
    for code in (*range(0x2E80, 0x2EF4), *range(0x2F00, 0x2FD6)):
        plain = unicodedata.normalize("NFKC", chr(code))
        if len(plain) == 1 and "\u4e00" <= plain <= "\u9fff":
            table[code] = plain
    # The supplement's simplified forms have no NFKC mapping; these are the ones fonts use for common words.
    table.update({code: None for code in range(0xE000, 0xF900)})  # a font's private icons (U+E000 on): no text
    supplement = zip(
        "⺠⻢⻅⻓⻔⻋⻛⻜⻉⻚⻥⻦⻩⻬⻮⻰⻳⻆⻄⻘⻨⻣⻤", "民马见长门车风飞贝页鱼鸟黄齐齿龙龟角西青麦骨鬼", strict=True
    )
    table.update({ord(a): b for a, b in supplement})
    return table


_RADICALS = _radical_table()


def prepare_lines(text: str, *, simplified: bool = False, layouts: bool = True) -> list[Line]:
    """The document's lines, clean, with their marks, headings, fences and tables told apart.

    `layouts=False` (for the generic reader, `bot.banks.generic`): the lines as written, without the
    rewrites the layouts rely on (options numbered 1–4 lettered, glued runs split), and code blocks read
    as text like the rest."""
    text = text.translate(_RADICALS)
    raw_lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    code_at = _fences(raw_lines) if "```" in text or "~~~" in text else [False] * len(raw_lines)
    fenced_at = code_at if layouts else [False] * len(raw_lines)
    raw_lines = _number_list_items(raw_lines)
    if "+" in text:
        raw_lines = signed_options(raw_lines)  # "+ г) …" over "- а) …": the signed option is the key
    if "**" in text:
        raw_lines = _bold_list_items(raw_lines)
    if layouts:
        raw_lines = _layout_rewrites(text, raw_lines)
    out: list[Line] = []
    gap = False
    for number, raw in enumerate(raw_lines, start=1):
        fenced = fenced_at[number - 1]
        if _FENCE.match(raw):
            continue
        parts = [raw] if fenced else _split_breaks(raw)
        for part in parts:
            line = _line(number, part, fenced=fenced, simplified=simplified, layouts=layouts)
            if line is None:
                gap = True
                continue
            if not fenced and _FURNITURE.match(line.text) and _page_counter(line.text):
                gap = False  # a page break is no paragraph break
                continue
            if not fenced and _JUNK.search(line.text):
                continue
            line.gap, line.code = gap, code_at[number - 1]
            gap = False
            out.append(line)
    return out


_LETTERED_LINE = re.compile(r"^(\s*)([A-H])\s*([.．、)）])\s*(.*?)\s*$")
_NESTED_ITEM = re.compile(r"^(\s+)(\d{1,2})\s*[.)）]\s*(\S.*?)\s*$")


def _nested_option_lists(raw_lines: list[str]) -> list[str]:
    """An option whose text is a numbered list indented under it (`C. C` then `  1. a class` `  2. an id`):
    the items are the option's text, joined on its line, not questions of their own. A lone letter after the
    option's (the option named twice) is dropped. The items' lines are left blank, so line numbers stay."""
    out = list(raw_lines)
    for i, raw in enumerate(out):
        m = _LETTERED_LINE.match(raw) if raw[:1] in " ABCDEFGH" else None
        if m is None:
            continue
        items, k = [], i + 1
        while k < len(out) and (n := _NESTED_ITEM.match(out[k])) and len(n.group(1)) > len(m.group(1)):
            if int(n.group(2)) != len(items) + 1:
                break
            items.append(n.group(3))
            k += 1
        if len(items) < 2:
            continue
        own = "" if m.group(4) == m.group(2) else m.group(4)
        listed = "; ".join(f"{n}) {item}" for n, item in enumerate(items, start=1))
        out[i] = f"{m.group(1)}{m.group(2)}{m.group(3)} " + (f"{own} {listed}" if own else listed)
        for j in range(i + 1, k):
            out[j] = ""
    return out


_CROSSED_BOX = re.compile(r"^(\s*[-*+]\s+)\[×\]")
_TICKED_BOX = re.compile(r"^\s*[-*+]\s+\[[√✓✔]\]", re.M)


def _crossed_boxes(text: str, raw_lines: list[str]) -> list[str]:
    """`- [×] B` (a task list's `[x]` as a translation or a font writes it): the box is ticked. Where the
    document also ticks boxes with `√`, a cross says "wrong" instead, and its box counts as not ticked."""
    mark = " " if _TICKED_BOX.search(text) else "x"
    return [_CROSSED_BOX.sub(rf"\1[{mark}]", raw) for raw in raw_lines]


def _layout_rewrites(text: str, raw_lines: list[str]) -> list[str]:
    """The raw lines rewritten into the forms the layouts read (each rewrite says which layout it serves)."""
    for i in range(len(raw_lines) - 1):  # "(√)" alone above "6.边际成本……": the key of the line below
        if _LONE_TICK.match(raw_lines[i]) and re.match(r"\s*\d{1,4}\s*[.．、]", raw_lines[i + 1]):
            raw_lines[i], raw_lines[i + 1] = "", raw_lines[i].strip() + raw_lines[i + 1].strip()
    if "●" in text or "◆" in text or _ROW_OF_BLANK.search(text):
        raw_lines = _blanks_with_option_rows(raw_lines)
    if _BOX_DRAWING.search(text):
        raw_lines = _box_tables(raw_lines)
    if "[×]" in text:
        raw_lines = _crossed_boxes(text, raw_lines)
    raw_lines = _nested_option_lists(raw_lines)
    raw_lines = _numbered_option_runs(raw_lines)
    _rejoin_option_letters(raw_lines)
    raw_lines = _two_a_line(raw_lines)
    raw_lines = [_before_number(raw) if raw.lstrip()[:1] in "（(【[" else raw for raw in raw_lines]
    if "===" in text or "---" in text or "***" in text:
        raw_lines = _unlettered_blocks(raw_lines)
    if "/" in text:
        raw_lines = [_counted_heads(raw) for raw in raw_lines]
    if "①" in text:
        raw_lines = _circled_option_lines(raw_lines)
    return raw_lines


def _line(number: int, raw: str, *, fenced: bool, simplified: bool, layouts: bool = True) -> Line | None:
    text = raw.replace("\t", "  ")
    if fenced:
        text = narrow(text).rstrip()
        return Line(number, text.strip(), fenced=True) if text.strip() else None
    if "(" in text or "（" in text:
        text = strip_pinyin(text)
    text = text.replace("\xa0", " ").replace("&nbsp;", " ")
    if simplified:
        text = to_simplified(text)
    text = narrow(text).strip()
    if not text:
        return None
    first = text[0]
    quoted = first == ">"
    if quoted:
        text = _QUOTE.sub("", text).strip()
        first = text[:1]
    if first in "!?" and (m := _ADMONITION.match(text)):  # mkdocs `!!! note "答案"`: its title is the line
        text = (m.group("title") or "").strip()
    if first == "[":
        text = _CALLOUT.sub("", text)  # Obsidian `> [!NOTE]- 参考答案`
    if first == ":" and (m := _CONTAINER.match(text)):
        text = m.group(1).strip()
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    if "难易程度" in text:
        text = _INLINE_META.sub("", text).strip()
    if (m := _KEY_THEN_FIELDS.match(text)) is not None:
        text = m.group(1)  # "答案：C難度：適中作答人數：137": a practice site's fields glued after the key
    if "分" in text and (m := _POINTS_FIELD.search(text)) and m.start() > 0:
        text = text[: m.start()].rstrip()  # "第1题  [单选题]  分值：2": the points, no part of the question
    if "  " in text and (m := _TRAILING_FIELDS.search(text)) and m.start() > 0:
        text = text[: m.start()].rstrip()  # "…safety culture.          PTS: 1": the test bank's fields
    if first == "_" and (m := _ANSWER_SLOT.match(text)):  # "____ 1. …": the slot for the learner's answer
        text = text[m.end() :]
    numbered = text[:1] == "1" and (text[1:2] in " )）\u3000" or text[1:2] >= "\u3040")
    if numbered and layouts and (lettered := _numbered_options(text)):
        text = lettered
    if not text or (text[0] in "-*_=|:+" and (_RULE.match(text) or _TABLE_SEPARATOR.match(text))):
        return None
    if text[0] in "=-*~#" and (m := _FRAMED.match(text)):
        text = m.group(1)  # "=======  参考答案  =======": a title between rules
    heading = 0
    if text[0] == "#" and (m := _MD_HEADING.match(text)):
        heading, text = len(m.group(1)), text[m.end() :]
    checked = None
    if text[:1] in "-*+＊★☆" and (m := _TASK.match(text)):
        checked, text = m.group(1) != " ", text[m.end() :]
    elif text[:1] in "*＊★☆" and (m := _STARRED.match(text)):  # "*C、吸水管": the key starred before its letter
        checked, text = True, text[m.end() :]
    elif text[-1:] in "✅✔️☑✓" and _OPTIONISH.match(text) and (m := _TICKED_AFTER.search(text)):  # "B. 折射仪 ✅"
        checked, text = True, text[: m.start()]
    cells = None
    if text.startswith("|") and text.count("|") >= 2:
        cells = [_spans_from_markup(c.strip())[0].strip() for c in text.strip().strip("|").split("|")]
        if all(c.lower() in _OPTION_TABLE_HEAD for c in cells if c):
            return None  # "|编号|选项|": the head of a table of options
        if len(cells) == 2 and re.fullmatch(r"[A-Ha-h]", cells[0]):
            # "|<font color="red">C</font>|<font color="red">动态和静态特征</font>|": an option in a table
            marks = {mark for _, _, mark in _spans_from_markup(text)[1]}
            option = f"{cells[0].upper()}. {cells[1]}"
            return Line(number, option, spans=[(3, len(option), mark) for mark in marks])
    text, spans = _spans_from_markup(text)
    if "&" in text:
        text = html.unescape(text)  # after the tags: an escaped "&lt;b&gt;" is text, not markup
    cut = len(text) - len(text.lstrip())
    if (styled := _styled_number(text, cut)) is not None:  # "1️⃣0️⃣ 越冬期…", "❶ …": a number as articles style it
        m, digits = styled
        text = text[: m.start()] + digits + text[m.end() :]
        spans = [(_shifted(a, m, digits), _shifted(b, m, digits), mark) for a, b, mark in spans]
    if cut < len(text) and ord(text[cut]) > 0x2000 and (m := _DECORATION.match(text, cut)):
        cut = m.end()
    text = text[cut:].rstrip()
    if not text:
        return None
    spans = [(max(0, a - cut), b - cut, mark) for a, b, mark in spans if b > cut]
    bullet = _BULLET.match(text)
    return Line(
        number,
        text,
        spans=spans,
        heading=heading,
        cells=cells,
        checked=checked,
        lead=bullet.end() if bullet else 0,
        quoted=quoted,
    )
