"""A web page saved as .html (a bank copied from a site with 另存为): its text, a line per block.

The page's own line breaks mean nothing in HTML (a paragraph may be broken anywhere in the source), so
white space is folded first and lines come from the blocks: paragraphs, list items, headings, `<br>`,
table rows (written as Markdown rows, `| 1 | B |`, which the text reader understands). Marks the reader
uses to find keys (`<font color=red>`, `<b>`, `<u>`, `<mark>`, `<span style="color:…">`) are kept;
the head, scripts, styles and comments are dropped. Python's own html.parser reads the tags.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

__all__ = ["html_text", "is_html"]

_BLOCKS = {
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "br", "tr", "table", "section",
    "article", "blockquote", "pre", "dd", "dt", "dl", "hr", "form", "fieldset", "header", "footer", "main",
}  # fmt: skip
_KEPT = {"font", "span", "b", "strong", "u", "ins", "mark", "em", "i", "sub", "sup", "code"}
_DROPPED = {"script", "style", "head", "title", "noscript", "template", "svg", "iframe"}
_HEADINGS = {"h1": "# ", "h2": "## ", "h3": "### ", "h4": "#### ", "h5": "##### ", "h6": "###### "}


def is_html(text: str) -> bool:
    head = text.lstrip()[:500].lower()
    return head.startswith(("<!doctype html", "<html")) or ("<body" in head and "</" in text)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.dropped = 0
        self.cells: list[str] | None = None  # the cells of the table row being read
        self.rows = 0  # rows read of the current table
        self.kept: list[bool] = []  # per open tag of _KEPT: whether it was written out

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
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
            extra = min(int(span), 20) - 1 if span.isdigit() and int(span) > 1 else 0
            self.cells.extend([tag] * (1 + extra))
            self.out.append(" | " + " | " * extra)  # a cell spread over columns: empty cells after it
        elif tag in _BLOCKS:
            self.out.append("\n" + _HEADINGS.get(tag, ""))
        elif tag == "input" and dict(attrs).get("type") in ("checkbox", "radio"):
            self.out.append("- [x] " if "checked" in dict(attrs) else "- [ ] ")  # as a Markdown task list
        elif tag in _KEPT:
            kept = [(k, html.escape(v or "", quote=True)) for k, v in attrs if k in ("color", "style")]
            plain = tag in ("span", "font") and not kept  # a span without colour marks nothing
            self.kept.append(not plain)
            if not plain:
                attributes = "".join(f' {k}="{v}"' for k, v in kept)
                self.out.append(f"<{tag}{attributes}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROPPED:
            self.dropped = max(0, self.dropped - 1)
        elif self.dropped:
            return
        elif tag == "tr":
            self.out.append(" |\n")
            if self.rows == 0 and self.cells:  # a Markdown table's line under its first row
                self.out.append("|" + " --- |" * len(self.cells) + "\n")
            self.rows += 1
            self.cells = None
        elif tag in _BLOCKS:
            self.out.append("\n")
        elif tag in _KEPT and (self.kept.pop() if self.kept else True):
            self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.dropped:  # escaped again: "a < b" is text, not a tag, for the reader's markup
            self.out.append(html.escape(re.sub(r"\s+", " ", data), quote=False))


def html_text(text: str) -> str:
    """The page's text, a line per block, with the marks the reader uses kept as tags."""
    parser = _Text()
    parser.feed(text)
    parser.close()
    lines = (line.strip() for line in "".join(parser.out).split("\n"))
    out = [re.sub(r"^\|\s*\|", "|", line) if line.startswith("|") else line for line in lines]
    return "\n".join(line for line in out if line)
