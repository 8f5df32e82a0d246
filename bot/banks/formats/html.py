"""A web page saved as .html (a bank copied from a site with 另存为): its text, a line per block.

The page's own line breaks mean nothing in HTML (a paragraph may be broken anywhere in the source), so
white space is folded first and lines come from the blocks: paragraphs, list items, headings, `<br>`,
table rows (written as Markdown rows, `| 1 | B |`, which the text reader understands). Marks the reader
uses to find keys (`<font color=red>`, `<b>`, `<u>`, `<mark>`, `<span style="color:…">`) are kept;
an image alone in its block is the placeholder line `[图片]`; the head, scripts, styles and comments are
dropped. Python's own html.parser reads the tags.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser

__all__ = ["html_text", "is_html"]

_BLOCKS = {
    "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "br", "tr", "table", "section",
    "article", "blockquote", "pre", "dd", "dt", "dl", "hr", "form", "fieldset", "header", "footer", "main",
    "legend", "figcaption",
}  # fmt: skip
_KEPT = {"font", "span", "b", "strong", "u", "ins", "mark", "em", "i", "sub", "sup", "code"}
_DROPPED = {"script", "style", "head", "title", "noscript", "template", "svg", "iframe"}
_HEADINGS = {"h1": "# ", "h2": "## ", "h3": "### ", "h4": "#### ", "h5": "##### ", "h6": "###### "}


# List markers the browser draws and the page's text does not hold: `<ol type="A">`, `list-style-type:
# upper-alpha` (inline or in a <style> rule for the list's tag, class or id), the decimal default.
_LIST_TYPES = {
    "a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman", "1": "decimal",
}  # fmt: skip
_LIST_STYLE = re.compile(
    r"list-style(?:-type)?\s*:\s*[^;}]{0,200}?\b(upper-alpha|upper-latin|lower-alpha|lower-latin|upper-roman"
    r"|lower-roman|decimal|none)\b",
    re.I,
)
_STYLE_OPEN = re.compile(r"<style\b", re.I)
_STYLE_CLOSE = re.compile(r"</style\s*>", re.I)
_COMPOUND = re.compile(r"^([a-z][a-z0-9]*)?((?:[.#][\w-]+)*)$", re.I)
_ROMAN = (("m", 1000), ("cm", 900), ("d", 500), ("cd", 400), ("c", 100), ("xc", 90), ("l", 50), ("xl", 40),
          ("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1))  # fmt: skip


def _style_blocks(page: str) -> Iterator[str]:
    """The text of each <style> element, found in one pass (a `<style>` never closed ends the page)."""
    at = 0
    while m := _STYLE_OPEN.search(page, at):
        start = page.find(">", m.end())
        if start < 0:
            return
        end = _STYLE_CLOSE.search(page, start)
        yield page[start + 1 : end.start() if end else len(page)]
        if end is None:
            return
        at = end.end()


def _without_comments(css: str) -> str:
    """CSS without its /* comments */, in one pass (one never closed runs to the end)."""
    out, at = [], 0
    while (start := css.find("/*", at)) >= 0:
        out.append(css[at:start])
        end = css.find("*/", start + 2)
        if end < 0:
            return "".join(out)
        at = end + 2
    return "".join(out) + css[at:]


def _list_rules(page: str) -> list[tuple[str | None, set[str], str]]:
    """The <style> rules that set a list's markers: (tag or None, classes and #id, style), for the last
    part of each selector (`ol.opts`, `.choices`, `#quiz ol`; `ol.opts li` stands for `ol.opts`).
    Every step is one pass over the text: a style sheet without braces took minutes read by a pattern."""
    rules = []
    for block in _style_blocks(page):
        for rule in _without_comments(block).split("}"):
            selectors, brace, body = rule.partition("{")
            if not brace or "{" in body or not (m := _LIST_STYLE.search(body)):
                continue
            for selector in selectors.split(","):
                parts = selector.split()
                if len(parts) > 1 and parts[-1].lower() == "li":
                    parts.pop()
                if parts and (c := _COMPOUND.match(parts[-1])):
                    names = set(re.findall(r"[.#][\w-]+", c.group(2)))
                    rules.append(((c.group(1) or "").lower() or None, names, m.group(1).lower()))
    return rules


def _marker(style: str, n: int) -> str | None:
    """The marker the browser draws for item n of a list of this style: `C.`, `c.`, `iii.`, `3.`."""
    if style == "decimal":
        return f"{n}."
    if style.endswith(("alpha", "latin")) and 1 <= n <= 26:
        letter = chr(ord("a") + n - 1)
        return (letter.upper() if style.startswith("upper") else letter) + "."
    if style.endswith("roman") and 1 <= n < 40:
        out = ""
        for numeral, value in _ROMAN:
            while n >= value:
                out, n = out + numeral, n - value
        return (out.upper() if style.startswith("upper") else out) + "."
    return None


# An option the page marks right by its class or data attribute, as quiz plugins render a solution:
# `<li class="answer-correct">`, `<div class="wpProQuiz_answerCorrect">`, `<label data-correct="true">`.
# A bare `correct` class is left alone: course platforms' reviews put it on the learner's own choice.
_OPTION_TAGS = {"li", "label", "p", "div"}
_RIGHT_CLASS = re.compile(
    r"^(?!.*(?:incorrect|wrong|false|not))(?:.*(?:answer|option|choice)[-_]?(?:correct|right)|(?:is|correct|right)[-_]"
    r"(?:correct|answer|option|choice))$",
    re.I,
)


def _right_option(attrs: dict[str, str | None]) -> bool:
    if any((attrs.get(k) or "").strip().lower() in ("true", "1") for k in ("data-correct", "data-is-correct")):
        return True
    return any(_RIGHT_CLASS.match(c) for c in (attrs.get("class") or "").split())


# An option whose class only says right or wrong (`class="choice true"` beside `class="choice false"`,
# `is-correct` beside `is-wrong`): such a word on one element alone may be the learner's own choice in a
# course's review, so it is a key only where every option of its group says one or the other, and at least
# one says each. A group is the children of one element sharing a class name (`choice`).
_MARK_TAGS = {"li", "label", "p", "div", "span", "dd"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_SAYS_RIGHT = re.compile(r"^(?:(?:is|choice|option|opt|answer)[-_])?(?:true|correct|right)$", re.I)
_SAYS_WRONG = re.compile(r"^(?:(?:is|choice|option|opt|answer)[-_])?(?:false|incorrect|wrong)$", re.I)


class _Groups(HTMLParser):
    """A first pass over the page: for each element of _MARK_TAGS, its parent and class names, by the order
    of the start tags (the second pass counts them the same way)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.seen = 0  # start tags so far
        self.open: list[tuple[str, int]] = [("", -1)]  # open elements: (tag, ordinal)
        self.children: dict[int, list[tuple[int, list[str]]]] = {}  # parent ordinal -> (ordinal, classes)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ordinal, self.seen = self.seen, self.seen + 1
        if tag in _MARK_TAGS:
            classes = (dict(attrs).get("class") or "").split()
            self.children.setdefault(self.open[-1][1], []).append((ordinal, classes))
        if tag not in _VOID:
            self.open.append((tag, ordinal))

    def handle_endtag(self, tag: str) -> None:
        # an end tag closes its element and any left open inside it; a stray one closes nothing
        for at in range(len(self.open) - 1, 0, -1):
            if self.open[at][0] == tag:
                del self.open[at:]
                return


def _marked_right(page: str) -> tuple[set[int], set[int]]:
    """The ordinals of the start tags of options marked right by a class their whole group marks, and of
    every option of such groups."""
    groups = _Groups()
    groups.feed(page)
    groups.close()
    right: set[int] = set()
    grouped: set[int] = set()
    for children in groups.children.values():
        by_name: dict[str, list[tuple[int, bool, bool]]] = {}  # a class name -> (ordinal, right, wrong) each
        for n, classes in children:
            says = any(_SAYS_RIGHT.match(c) for c in classes), any(_SAYS_WRONG.match(c) for c in classes)
            for name in set(classes):
                if not _SAYS_RIGHT.match(name) and not _SAYS_WRONG.match(name):
                    by_name.setdefault(name, []).append((n, *says))
        for group in by_name.values():
            if all(r != w for _, r, w in group) and any(r for _, r, _ in group) and any(w for _, _, w in group):
                right.update(n for n, r, _ in group if r)
                grouped.update(n for n, _, _ in group)
    return right, grouped


# A fill-in's answer the page prints in its sentence, in an element of its own: `<span
# class="gap-filling-answer">`, `blank-answer`, `fill-answer`, `answer-blank`. Written underlined, as a
# typed answer printed in place is.
_BLANK_ANSWER = re.compile(
    r"^(?:[\w-]*[-_])?(?:gap|blank|fill|filling|gapfill|cloze)[-_]?(?:answer|key)$|^answer[-_]?(?:gap|blank|fill)$",
    re.I,
)


def is_html(text: str) -> bool:
    head = text.lstrip()[:500].lower()
    return head.startswith(("<!doctype html", "<html")) or ("<body" in head and "</" in text)


class _Text(HTMLParser):
    def __init__(self, rules: list[tuple[str | None, set[str], str]], marked: tuple[set[int], set[int]]) -> None:
        super().__init__(convert_charrefs=True)
        self.rules = rules
        # start tags (by order) of options their group marks right, and of all options of such groups
        self.marked, self.grouped = marked
        self.seen = 0  # start tags so far, counted as _Groups counts them
        self.lists: list[list] = []  # per open <ol>/<ul>: [marker style or None, items so far]
        self.depth: dict[str, int] = {}  # open elements per tag of _MARK_TAGS
        self.right: list[tuple[str, int]] = []  # open elements the page marks as a right option
        self.lined: list[tuple[str, int]] = []  # open inline options of a marked group, put a line each
        self.out: list[str] = []
        self.dropped = 0
        self.cells: list[str] | None = None  # the cells of the table row being read
        self.rows = 0  # rows read of the current table
        self.kept: list[str | None] = []  # per open tag of _KEPT: the end tag written for it, if any

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ordinal, self.seen = self.seen, self.seen + 1
        if tag in _MARK_TAGS and not self.dropped:
            self.depth[tag] = self.depth.get(tag, 0) + 1
            if ordinal in self.marked or (tag in _OPTION_TAGS and _right_option(dict(attrs))):
                self.right.append((tag, self.depth[tag]))
            if ordinal in self.grouped and tag not in _BLOCKS:
                # a line ends after each option, as a block's would: ticks on a line of several options read
                # loosely; the first keeps what comes before it (a blank's number over its options, `(2) A．…`)
                self.lined.append((tag, self.depth[tag]))
        if tag in _DROPPED:
            self.dropped += 1
        elif self.dropped:
            return
        elif tag == "table":
            self.rows = 0
            self.out.append("\n")
        elif tag == "tr":
            self.cells = []
            self.out.append("\n")
        elif tag in ("td", "th") and self.cells is not None:
            span = dict(attrs).get("colspan") or "1"
            extra = min(int(span), 20) - 1 if span.isdecimal() and int(span) > 1 else 0
            self.cells.extend([tag] * (1 + extra))
            self.out.append(" | " + " | " * extra)  # a cell spread over columns: empty cells after it
        elif tag in ("ol", "ul"):
            self.lists.append([self.list_style(tag, dict(attrs)), self.start(dict(attrs))])
            self.out.append("\n")
        elif tag == "li":
            self.out.append("\n")
            if self.lists and self.lists[-1][0]:
                value = dict(attrs).get("value") or ""
                self.lists[-1][1] = int(value) if value.isdecimal() else self.lists[-1][1] + 1
                if marker := _marker(self.lists[-1][0], self.lists[-1][1]):
                    self.out.append(marker + _MARKER_END)
        elif tag in _BLOCKS:
            self.out.append("\n" + _HEADINGS.get(tag, ""))
        elif tag == "img":
            self.out.append(_PICTURE)  # said where it stands alone on its line (see _pictures)
        elif tag == "input" and dict(attrs).get("type") in ("checkbox", "radio"):
            self.out.append("- [x] " if "checked" in dict(attrs) else "- [ ] ")  # as a Markdown task list
        elif tag in _KEPT:
            kept = [(k, html.escape(v or "", quote=True)) for k, v in attrs if k in ("color", "style")]
            plain = tag in ("span", "font") and not kept  # a span without colour marks nothing
            if any(_BLANK_ANSWER.match(c) for c in (dict(attrs).get("class") or "").split()):
                self.kept.append("</u>")  # a blank's answer printed in place: underlined, as typed ones are
                self.out.append("<u>")
            elif plain:
                self.kept.append(None)
            else:
                self.kept.append(f"</{tag}>")
                attributes = "".join(f' {k}="{v}"' for k, v in kept)
                self.out.append(f"<{tag}{attributes}>")

    def list_style(self, tag: str, attrs: dict[str, str | None]) -> str | None:
        """The markers of a list: its inline style, then its `type`, then the page's rules; an <ol> counts
        in numbers by default, an <ul> has bullets (None)."""
        if m := _LIST_STYLE.search(attrs.get("style") or ""):
            return None if m.group(1).lower() == "none" else m.group(1).lower()
        if tag == "ol" and (kind := attrs.get("type")) in _LIST_TYPES:
            return _LIST_TYPES[kind]
        names = {"." + c for c in (attrs.get("class") or "").split()} | (
            {"#" + attrs["id"]} if attrs.get("id") else set()
        )
        style = "decimal" if tag == "ol" else None
        for rule_tag, needs, rule_style in self.rules:  # the last matching rule wins, as in CSS
            if rule_tag in (None, tag) and needs <= names and (rule_tag or needs):
                style = rule_style
        return None if style == "none" else style

    @staticmethod
    def start(attrs: dict[str, str | None]) -> int:
        value = attrs.get("start") or ""
        return int(value) - 1 if value.isdecimal() else 0

    def handle_endtag(self, tag: str) -> None:
        if tag in _MARK_TAGS and not self.dropped and self.depth.get(tag):
            if self.right and self.right[-1] == (tag, self.depth[tag]):
                self.right.pop()
                self.out.append(" ✅")  # the page marks this option right: a tick after it, as typed
            if self.lined and self.lined[-1] == (tag, self.depth[tag]):
                self.lined.pop()
                self.out.append("\n")
            self.depth[tag] -= 1
        if tag in _DROPPED:
            self.dropped = max(0, self.dropped - 1)
        elif self.dropped:
            return
        elif tag in ("ol", "ul", "li"):
            if tag != "li" and self.lists:
                self.lists.pop()
            self.out.append("\n")
        elif tag == "tr":
            self.out.append(" |\n")
            if self.rows == 0 and self.cells:  # a Markdown table's line under its first row
                self.out.append("|" + " --- |" * len(self.cells) + "\n")
            self.rows += 1
            self.cells = None
        elif tag in _BLOCKS:
            self.out.append("\n")
        elif tag in _KEPT and (end := self.kept.pop() if self.kept else f"</{tag}>"):
            self.out.append(end)

    def handle_data(self, data: str) -> None:
        if not self.dropped:
            self.out.append(_as_text(re.sub(r"\s+", " ", data)))


def _as_text(data: str) -> str:
    """Text escaped only where the reader's markup would take it for a tag (`a<b`) or an entity (`&lt;`):
    the reader finds the marks' places in the escaped line and unescapes after, so each escape before a mark
    moves its span (`&stack` before an answer cut three letters off it)."""
    data = re.sub(r"&[#A-Za-z][^&\s]{0,32}", lambda m: _escaped(m.group()), data)
    return re.sub(r"<(?=[/A-Za-z!?])", "&lt;", data)


def _escaped(word: str) -> str:
    """`&` escaped where unescaping would change what follows it (`&lt;`, `&copy`, `&notice`), else kept."""
    return "&amp;" + word[1:] if html.unescape(word) != word else word


_ESCAPED = re.compile(r"&(?:amp|lt);")
_MARKUP = re.compile(r"</?[a-z]+\b[^<>]*>")


def _trusted_marks(line: str) -> str:
    """A line whose marks come after an escape (`a&lt;b <u>c</u>`) loses them: the reader would place them
    off by the escape's length, so a key read from them could be the wrong words."""
    escaped = _ESCAPED.search(line)
    if escaped is None or not any(m.start() > escaped.start() for m in _MARKUP.finditer(line)):
        return line
    return _MARKUP.sub("", line)


_MARKER_END = " \x01"  # after a marker written for a list item: its text may come on the next line
_MARKER_ONLY = re.compile(r"^(?:\S+ )*?\S+\. \x01$")
# An item whose text writes the marker the list draws (`<li>1. …</li>` in an <ol>): the marker once.
_DRAWN_TWICE = re.compile(
    r"^([A-Za-z]{1,6}|\d{1,4})\. (?=(?:<(?:b|strong|span|font)\b[^>]*>)?[(（]?\1\s*[.．、:：)）])"
)


def html_text(text: str) -> str:
    """The page's text, a line per block, with the marks the reader uses kept as tags."""
    parser = _Text(_list_rules(text), _marked_right(text))
    parser.feed(text)
    parser.close()
    lines = (
        _DRAWN_TWICE.sub("", line) for line in _with_markers(line.strip() for line in "".join(parser.out).split("\n"))
    )
    out = [_trusted_marks(re.sub(r"^\|\s*\|", "|", line) if line.startswith("|") else line) for line in lines]
    return "\n".join(line for line in _pictures(out) if line)


_PICTURE = "\x02"  # where an <img> stood
_PICTURE_ONLY = re.compile(r"^(?:\s|\x02|</?[a-z]+\b[^<>]*>)*\x02(?:\s|\x02|</?[a-z]+\b[^<>]*>)*$")


def _pictures(lines: list[str]) -> Iterator[str]:
    """A line that is only pictures (a figure in a block of its own) is the placeholder `[图片]`, which the text
    reader takes for a figure the text does not carry; a picture inside a line of text (an icon, a formula
    drawn as an image) is dropped, as before."""
    for line in lines:
        if _PICTURE not in line:
            yield line
        elif _PICTURE_ONLY.match(line):
            yield "[图片]"
        else:
            yield re.sub(rf"(?<= ){_PICTURE}+ ", "", line).replace(_PICTURE, "")


_CARRIED = 4  # markers of lists nested in one another kept before an item's text (a page nesting 10,000 deep
# made each line longer than the one before: minutes of work for a few kilobytes)


def _with_markers(lines: Iterable[str]) -> Iterator[str]:
    """Lines with each list marker before its item's text, also where the item's text starts a block of
    its own (`<li><p>…</p></li>`)."""
    carry: list[str] = []
    for line in lines:
        if not line:
            continue
        if line.endswith(_MARKER_END.strip()) and _MARKER_ONLY.match(line):
            carry = [*carry, line.removesuffix(_MARKER_END.strip()).strip()][-_CARRIED:]
            continue
        line = " ".join([*carry, line]) if carry else line
        carry = []
        yield re.sub(rf"{_MARKER_END.strip()}\s*", "", line)
    if carry:
        yield " ".join(carry)
