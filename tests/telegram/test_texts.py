"""The one text table: every key in zh and en, English plurals right, one language per message, and no
user-facing Chinese written outside the table in the Telegram front end."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.banks.model import Kind
from bot.grading import kind_label
from bot.locale import plural
from bot.telegram.texts import listing, t
from tests.test_catalogs import entries

# zh and en as the text table held them: each key's text (a plural entry: its forms joined by a line)
TEXTS = {key: {lang: "\n".join(entries(lang)[key]) for lang in ("zh", "en")} for key in entries("zh")}

FRONT_END = Path(__file__).resolve().parents[2] / "bot" / "telegram"
CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
NOUNS = "day|question|point|error|warning|report|chat|member|answer|freeze|bank|minute|hour|second|time"
SINGULAR_AFTER_1 = re.compile(rf"\b1 ({NOUNS})s\b")
PLURAL_AFTER_2 = re.compile(rf"\b2 (?:\w+ )?({NOUNS})\b(?!s)")
# English entries that show Chinese on purpose: the language's own name where one chooses it, a
# character to type.
# The languages' own names, and the key syntax's literal separators (；, 或, 对/错) that a teacher types.
CHINESE_ON_PURPOSE = {"cmd_lang", "lang_prompt", "lang_bad", "fixkey_usage", "desk_q_key_help"}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# Fields that hold a name, never a number (`{city} time`): rendered with a name, so a plural check reads
# only what follows a number.
NAME_FIELDS = {"city": "Lima"}


def _render_all(value: object) -> dict[tuple[str, str], str]:
    out = {}
    for key, entry in TEXTS.items():
        for lang in ("zh", "en"):
            fields = _fields(entry["zh"]) | _fields(entry["en"])
            values = {f: NAME_FIELDS.get(f, value) for f in fields}
            out[(key, lang)] = t(key, lang, **values)
    return out


def test_every_key_has_both_languages_with_the_same_fields() -> None:
    for key, entry in TEXTS.items():
        assert set(entry) == {"zh", "en"}, key
        assert entry["zh"].strip() and entry["en"].strip(), key
        assert _fields(entry["zh"]) == _fields(entry["en"]), key


def test_english_plurals_agree_with_their_number() -> None:
    ones, twos = _render_all(1), _render_all(2)
    for (key, lang), text in ones.items():
        if lang != "en":
            continue
        assert "(s)" not in text, key
        assert not SINGULAR_AFTER_1.search(text), (key, text)
        assert not PLURAL_AFTER_2.search(twos[(key, lang)]), (key, twos[(key, lang)])
    assert t("sub_done", "en", n=1, time="09:00", tz="UTC", next="x").startswith("Subscribed: 1 question every")
    assert t("sub_done", "en", n=3, time="09:00", tz="UTC", next="x").startswith("Subscribed: 3 questions every")
    assert t("streak_days_bold", "en", n=1) == "<b>1</b> day" and t("n_days", "en", n=2) == "2 days"
    assert t("streak_days_bold", "en", n=2) == "<b>2</b> days" and t("n_days", "zh", n=2) == "2 天"


def test_the_plural_helper() -> None:
    assert [plural(n, "day", "days") for n in (0, 1, 1.0, "1", 2, 1.5, "x")] == [
        "days",
        "day",
        "day",
        "day",
        "days",
        "days",
        "days",
    ]


def test_one_language_per_message() -> None:
    """English entries carry no Chinese (but the name of the language itself, where one chooses it)."""
    for key, entry in TEXTS.items():
        if key not in CHINESE_ON_PURPOSE:
            assert not CJK.search(entry["en"]), key
    assert t("btn_true", "en") == "True" and t("btn_submit", "en") == "✔ Submit"


def _allowed(node: ast.Constant, parents: dict[ast.AST, ast.AST]) -> bool:
    """Chinese a learner types (words the bot reads), not words it shows: dict keys, `in (...)` choices,
    comparisons, docstrings."""
    parent = parents.get(node)
    if isinstance(parent, ast.Dict) and node in parent.keys:
        return True
    if isinstance(parent, (ast.Tuple, ast.Set, ast.List)):
        parent = parents.get(parent)
    if isinstance(parent, ast.Compare):
        return True
    if isinstance(parent, ast.Call) and getattr(parent.func, "id", "") in ("frozenset", "set"):
        return True
    return isinstance(parent, ast.Expr)  # a docstring


@pytest.mark.parametrize(
    "module",
    ["groups.py", "group_quiz.py", "group_render.py", "verdicts.py", "membership.py", "quiz.py"],
)
def test_the_front_end_shows_no_chinese_outside_the_table(module: str) -> None:
    tree = ast.parse((FRONT_END / module).read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CJK.search(node.value)
        and not _allowed(node, parents)
    ]
    assert not found, f"{module}: strings for the catalogs (bot/locale): {found}"


ENGLISH_KIND_NAMES = re.compile(r"single choice|multiple choice|fill-in|true or false|case analysis", re.I)
ASCII_COMMA_LIST = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]\s*,|,\s*[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_chinese_and_japanese_texts_hold_no_english_kind_names_or_ascii_comma_lists(lang: str) -> None:
    """Issue 25's review of both languages: a list in Chinese or Japanese is joined by 、, and the kinds are
    named in the language (``【True or false】`` once reached Chinese learners)."""
    for key, lines in entries(lang).items():
        text = "\n".join(lines)
        assert not ASCII_COMMA_LIST.search(text), (lang, key, text)
        if key != "desk_q_key_help":  # names what an author types: `true/false` is accepted there
            assert not ENGLISH_KIND_NAMES.search(text), (lang, key, text)
    for kind in Kind:
        assert kind_label(kind, lang).isascii() is False and not ENGLISH_KIND_NAMES.search(kind_label(kind, lang))
    assert "," not in listing(["单选题", "判断题"], lang)
