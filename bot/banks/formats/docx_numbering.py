"""Word's automatic list numbers, restored: the number Word shows before a numbered paragraph.

A .docx keeps the numbers of its lists out of the text: numbering.xml defines each list (per level a
start, a number format and a text such as `%1.` or `（%1）`) and each paragraph names its list and level
(directly, or through its style). `Numbering.label` counts paragraphs as Word does, in document order:
lists that share a definition continue one another unless a list restarts it (`w:startOverride`), and
a level restarts after a higher level is used (unless `w:lvlRestart` says otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

__all__ = ["Numbering", "format_number", "to_int", "w"]

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def w(tag: str) -> str:
    return f"{{{W}}}{tag}"


def _val(element: etree._Element | None, attr: str = "val") -> str | None:
    return None if element is None else element.get(w(attr))


def to_int(text: str | None, default: int | None = None) -> int | None:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


_DIGITS = "零一二三四五六七八九"
_LEGAL = "零壹贰叁肆伍陆柒捌玖"
_TIANGAN = "甲乙丙丁戊己庚辛壬癸"
_DIZHI = "子丑寅卯辰巳午未申酉戌亥"
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_ROMAN = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]


def _chinese(n: int, digits: str = _DIGITS, units: str = "十百千") -> str:
    """Chinese counting as Word writes it: 10 -> 十, 11 -> 十一, 20 -> 二十, 105 -> 一百零五."""
    if n <= 0 or n >= 10000:
        return str(n)
    if 10 <= n < 20 and digits is _DIGITS:
        return units[0] + (digits[n - 10] if n > 10 else "")
    out, zero = "", False
    for power, unit in ((1000, units[2]), (100, units[1]), (10, units[0]), (1, "")):
        d = n // power % 10
        if d:
            out += (digits[0] if zero and out else "") + digits[d] + unit
            zero = False
        elif out:
            zero = True
    return out


def _letters(n: int, upper: bool) -> str:
    # Word's letter lists run A…Z, then AA, BB, …
    letter = chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)
    return letter if upper else letter.lower()


def _roman(n: int) -> str:
    out = ""
    for value, numeral in _ROMAN:
        while n >= value:
            out, n = out + numeral, n - value
    return out


def format_number(n: int, fmt: str) -> str:
    """One level's number in Word's number format (`decimal`, `chineseCounting`, `upperLetter`, …)."""
    if fmt == "none" or fmt == "bullet":
        return ""
    if n <= 0:
        return str(n)
    if fmt in ("upperLetter", "lowerLetter"):
        return _letters(n, fmt == "upperLetter")
    if fmt in ("upperRoman", "lowerRoman"):
        return _roman(n) if fmt == "upperRoman" else _roman(n).lower()
    if fmt in (
        "chineseCounting",
        "chineseCountingThousand",
        "japaneseCounting",
        "taiwaneseCounting",
        "koreanCounting",
        "ideographLegalTraditional",
    ):
        return _chinese(n)
    if fmt == "chineseLegalSimplified":
        return _chinese(n, _LEGAL, "拾佰仟")
    if fmt == "ideographDigital":
        return "".join("〇一二三四五六七八九"[int(d)] for d in str(n))
    if fmt in ("ideographTraditional", "ideographZodiac"):
        names = _TIANGAN if fmt == "ideographTraditional" else _DIZHI
        return names[n - 1] if n <= len(names) else str(n)
    if fmt in ("decimalEnclosedCircle", "decimalEnclosedCircleChinese", "ideographEnclosedCircle"):
        return _CIRCLED[n - 1] if n <= len(_CIRCLED) else str(n)
    if fmt == "decimalEnclosedParen":
        return f"({n})"
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt == "ordinal":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return str(n)  # decimal, decimalEnclosedFullstop, decimalFullWidth, custom and the rest


@dataclass
class _Level:
    start: int = 1
    fmt: str = "decimal"
    text: str | None = None  # lvlText: "%1." — None when the level writes nothing
    restart: int | None = None  # lvlRestart: None = after any higher level, 0 = never
    legal: bool = False  # isLgl: every number of the label in decimal
    suffix: str = "tab"
    style: str | None = None  # the paragraph style that uses this level


def _level(lvl: etree._Element) -> _Level:
    level = _Level()
    level.start = to_int(_val(lvl.find(w("start"))), 1) or 0
    level.fmt = _val(lvl.find(w("numFmt"))) or "decimal"
    text = lvl.find(w("lvlText"))
    level.text = _val(text) if text is not None else None
    level.restart = to_int(_val(lvl.find(w("lvlRestart"))))
    legal = lvl.find(w("isLgl"))
    level.legal = legal is not None and _val(legal) not in ("0", "false", "off")
    level.suffix = _val(lvl.find(w("suff"))) or "tab"
    level.style = _val(lvl.find(w("pStyle")))
    return level


@dataclass
class _List:
    abstract: str
    levels: dict[int, _Level] = field(default_factory=dict)  # the definition, with this list's overrides
    starts: dict[int, int] = field(default_factory=dict)  # startOverride: restart the level at first use


class Numbering:
    """The numbering definitions of one document and the counters of its lists, in document order."""

    def __init__(self, numbering: etree._Element | None, style_numbering: dict[str, tuple[str, int | None]]):
        # style_numbering: paragraph style id -> (numId, ilvl) from the style (and the styles it is based on)
        self.styles = style_numbering
        self.lists: dict[str, _List] = {}
        self.counters: dict[str, dict[int, int]] = {}  # per abstract definition: level -> last number
        self.used: set[str] = set()  # lists whose overrides were applied
        if numbering is None:
            return
        abstracts: dict[str, dict[int, _Level]] = {}
        links: dict[str, str] = {}  # abstractNumId -> the numbering style it takes its levels from
        for a in numbering.iterfind(w("abstractNum")):
            aid = a.get(w("abstractNumId")) or ""
            abstracts[aid] = {to_int(lvl.get(w("ilvl")), 0) or 0: _level(lvl) for lvl in a.iterfind(w("lvl"))}
            link = _val(a.find(w("numStyleLink")))
            if link:
                links[aid] = link
        nums = {n.get(w("numId")) or "": n for n in numbering.iterfind(w("num"))}
        for num_id, num in nums.items():
            aid = _val(num.find(w("abstractNumId"))) or ""
            if aid in links:  # a list that follows a numbering style: the style's list holds the levels
                linked = self.styles.get(links[aid])
                if linked is not None and linked[0] in nums:
                    aid = _val(nums[linked[0]].find(w("abstractNumId"))) or aid
            item = _List(aid, dict(abstracts.get(aid, {})))
            for override in num.iterfind(w("lvlOverride")):
                ilvl = to_int(override.get(w("ilvl")), 0) or 0
                start = to_int(_val(override.find(w("startOverride"))))
                if start is not None:
                    item.starts[ilvl] = start
                lvl = override.find(w("lvl"))
                if lvl is not None:
                    item.levels[ilvl] = _level(lvl)
            self.lists[num_id] = item

    def label(self, num_id: str | None, ilvl: int | None, style: str | None) -> tuple[str, str]:
        """The number Word shows before the paragraph and the separator after it; ('', '') for none.

        `num_id`/`ilvl` are the paragraph's own w:numPr (None where it has none); `style` its style id.
        Call once per paragraph, in document order: the counters advance.
        """
        if num_id is None and style in self.styles:
            num_id, style_level = self.styles[style]
            if ilvl is None:
                ilvl = style_level
        if num_id is None or num_id == "0" or num_id not in self.lists:
            return "", ""
        item = self.lists[num_id]
        if ilvl is None:
            ilvl = next((i for i, lv in item.levels.items() if style and lv.style == style), 0)
        level = item.levels.get(ilvl)
        if level is None:
            return "", ""
        counters = self.counters.setdefault(item.abstract, {})
        if num_id not in self.used:
            self.used.add(num_id)
            for i, start in item.starts.items():
                counters[i] = start - 1  # a list that restarts its definition's numbering
        counters[ilvl] = counters[ilvl] + 1 if ilvl in counters else level.start
        for deeper in [i for i in counters if i > ilvl]:
            restart = item.levels[deeper].restart if deeper in item.levels else None
            if restart is None or (restart > 0 and ilvl <= restart - 1):
                del counters[deeper]
        if level.fmt == "bullet" or not level.text:
            return "", ""
        text = level.text
        for i in range(9):
            mark = f"%{i + 1}"
            if mark in text:
                lv = item.levels.get(i, _Level())
                n = counters.get(i, lv.start)
                text = text.replace(mark, format_number(n, "decimal" if level.legal else lv.fmt))
        if level.suffix == "nothing" or text[-1:] in "、，．。：）】」":
            return text, ""  # "一、单选题": Word's tab after a Chinese mark is no space in the text
        return text, " "
