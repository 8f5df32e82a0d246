"""The message catalogs (bot/locale/<lang>/LC_MESSAGES/studybot.po): every language of the list has one, each
holds every message (none fuzzy or empty), with the same placeholders and the same counted field; every
key the code names is in them; plurals follow each catalog's rule; and a new
language is one catalog file plus one line in the list."""

from __future__ import annotations

import ast
import re
import shutil
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.locale import DEFAULT, LANGUAGES, language_of
from bot.locale.catalogs import HERE, Texts, catalog_path, texts
from bot.web.texts import PREFIX

ROOT = Path(__file__).resolve().parents[1]


def read(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def entries(lang: str) -> dict[str, tuple[str, ...]]:
    """key -> its text (one per plural form)."""
    out = {}
    for m in read(lang):
        if m.id:
            key = m.id[0] if m.pluralizable else m.id
            out[key] = tuple(m.string) if m.pluralizable else (m.string,)
    return out


def counted(lang: str) -> dict[str, str]:
    """plural key -> the field whose number chooses the form."""
    return {m.id[0]: m.id[1] for m in read(lang) if m.id and m.pluralizable}


def placeholders(text: str) -> set[tuple[str, str]]:
    return {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name is not None}


def test_each_language_of_the_list_has_a_catalog_and_each_catalog_is_listed() -> None:
    shipped = {p.parent.parent.name for p in HERE.glob("*/LC_MESSAGES/studybot.po")}
    assert shipped == set(LANGUAGES)
    assert DEFAULT == "zh"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_holds_every_message_translated(lang: str) -> None:
    want, have = set(entries(DEFAULT)), set(entries(lang))
    assert not want - have, f"{lang}: messages missing: {sorted(want - have)}"
    assert not have - want, f"{lang}: messages the default catalog lacks: {sorted(have - want)}"
    fuzzy = [m.id for m in read(lang) if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy (to translate): {fuzzy}"
    empty = [key for key, forms in entries(lang).items() if not all(f.strip() for f in forms)]
    assert not empty, f"{lang}: empty: {empty}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_and_counted_fields_agree_with_the_default_catalog(lang: str) -> None:
    default, mine = entries(DEFAULT), entries(lang)
    for key, forms in mine.items():
        expected = placeholders(default[key][0])
        for form in forms:
            assert placeholders(form) == expected, (lang, key, form)
    assert counted(lang) == counted(DEFAULT)
    for key, field in counted(lang).items():
        assert field in {name for name, _ in placeholders(default[key][0])}, (key, field)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    catalog = read(lang)
    rule = get_plural(lang)
    assert catalog.num_plurals == rule.num_plurals and catalog.plural_expr == rule.plural_expr
    for key, forms in entries(lang).items():
        if key in counted(lang):
            assert len(forms) == rule.num_plurals, (lang, key)


def test_plurals_by_the_catalogs_rules() -> None:
    t = texts()
    assert [t("in_days", "en", n=n) for n in (1, 2, 0, 21)] == ["in 1 day", "in 2 days", "in 0 days", "in 21 days"]
    assert [t("in_days", "zh", n=n) for n in (1, 2)] == ["1 天后", "2 天后"]  # Chinese: one form
    assert [t("in_days", "ja", n=n) for n in (1, 2)] == ["1 日後", "2 日後"]
    assert t("banks_line", "en", mark="•", id="x", title="X", language="L", n=1).endswith("1 question)")
    assert t("banks_line", "en", mark="•", id="x", title="X", language="L", n=3).endswith("3 questions)")
    assert t("in_days", "en", n="1") == "in 1 day" and t("in_days", "en", n="x") == "in x days"


# The lookups by key, and the prefix each puts before its key: t(...)/texts(...)/context.texts(...) in
# any module, the engine's text(...) (bot/study/results.py) and the terminal's _say(...) (bot/terminal.py).
LOOKUPS = {"t": "", "texts": "", "text": "study_", "_say": "term_"}
DESK_PREFIX = PREFIX  # the teacher's desk's entries (bot/web/texts.py)
PREFIXED = {"text": "bot/study/results.py", "_say": "bot/terminal.py"}


def _literals(node: ast.expr) -> list[str]:
    """The keys a call's first argument may be: a string, or either string of ``"a" if x else "b"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []  # built at run time (f"cmd_{name}"): checked where it is built


def named_keys(source: str, module: str) -> dict[str, int]:
    """Every key a module names with a literal in a lookup, with its line. The teacher's desk (bot/web)
    names its entries without their prefix: ``t("key")``, ``both("key")``, ``translator(lang)("key")``."""
    found = {}
    desk = module.startswith("bot/web/")
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if desk and isinstance(func, ast.Call) and getattr(func.func, "id", None) == "translator":
            prefix: str | None = DESK_PREFIX
        else:
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if desk and name in ("t", "both"):
                prefix = DESK_PREFIX
            elif name not in LOOKUPS or (name in PREFIXED and PREFIXED[name] != module):
                prefix = None
            else:
                prefix = LOOKUPS[name]
        if prefix is None:
            continue
        for key in _literals(node.args[0]):
            found[prefix + key] = node.lineno
    return found


# The desk's templates name their entries as t('key') or t("key").
TEMPLATE_KEY = re.compile(r"""\bt\(\s*['"]([a-z0-9_]+)['"]\s*[,)]""")  # not t('outcome_' ~ x): built


def template_keys(source: str) -> dict[str, int]:
    return {DESK_PREFIX + m.group(1): source.count("\n", 0, m.start()) + 1 for m in TEMPLATE_KEY.finditer(source)}


def test_every_key_the_code_names_is_in_the_catalogs() -> None:
    named = {}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        module = str(path.relative_to(ROOT))
        for key, line in named_keys(path.read_text(encoding="utf-8"), module).items():
            named.setdefault(key, f"{module}:{line}")
    for path in sorted((ROOT / "bot" / "web" / "templates").glob("*.html")):
        for key, line in template_keys(path.read_text(encoding="utf-8")).items():
            named.setdefault(key, f"{path.relative_to(ROOT)}:{line}")
    assert len(named) > 200  # the calls are read (not a vacuous pass)
    missing = {key: where for key, where in named.items() if key not in entries(DEFAULT)}
    assert not missing, f"keys the code names that no catalog has: {missing}"


def test_the_key_check_reads_the_desks_lookups() -> None:
    source = 'a = t("x")\nb = translator(lang)("y")\nc = both("z")\nd = other("w")'
    assert named_keys(source, "bot/web/pages.py") == {"desk_x": 1, "desk_y": 2, "desk_z": 3}
    assert template_keys("<p>{{ t('a') }}</p>\n{{ t(\"b\", n=1) }} {{ t('c_' ~ x) }}") == {"desk_a": 1, "desk_b": 2}


def test_the_key_check_reads_the_lookups() -> None:
    source = 'x = t("a", lang)\ny = context.texts("b" if z else "c", lang)\nw = t(f"d_{n}", lang)\nv = text("e", l)'
    assert named_keys(source, "bot/telegram/x.py") == {"a": 1, "b": 2, "c": 2}
    assert named_keys(source, "bot/study/results.py") == {"a": 1, "b": 2, "c": 2, "study_e": 4}


def test_the_language_resolver_picks_the_catalog() -> None:
    assert [language_of(tag) for tag in ("ja", "ja-JP", "en-GB", "zh-hans", "fr", None)] == [
        "ja",
        "ja",
        "en",
        "zh",
        "zh",
        "zh",
    ]
    t = texts()
    assert t("lang_set", "ja") == "日本語に切り替えました。"
    assert t("lang_set", language_of("fr")) == t("lang_set", "zh")


def test_a_language_is_one_catalog_file_and_one_line_in_the_list(tmp_path: Path) -> None:
    """A copy of the English catalog as Esperanto: listed, it is read and chosen; not listed, it is not."""
    for lang in LANGUAGES:
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(catalog_path(lang), tmp_path / lang / "LC_MESSAGES" / "studybot.po")
    new = tmp_path / "eo" / "LC_MESSAGES"
    new.mkdir(parents=True)
    text = catalog_path("en").read_text(encoding="utf-8")
    text = text.replace('"Language: en\\n"', '"Language: eo\\n"')
    text = text.replace('msgstr "Language set to English."', 'msgstr "Lingvo: Esperanto."')
    (new / "studybot.po").write_text(text, encoding="utf-8")
    listed = Texts((*LANGUAGES, "eo"), folder=tmp_path)
    assert listed("lang_set", "eo") == "Lingvo: Esperanto."
    assert listed("in_days", "eo", n=2) == "in 2 days"  # its own plural rule (Esperanto: two forms)
    unlisted = Texts(LANGUAGES, folder=tmp_path)
    assert unlisted("lang_set", "eo") == "已切换为中文。"  # not in the list: the default language


def test_a_text_a_catalog_lacks_is_the_default_languages(tmp_path: Path) -> None:
    for lang in ("zh", "ja"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(catalog_path(lang), tmp_path / lang / "LC_MESSAGES" / "studybot.po")
    po = tmp_path / "ja" / "LC_MESSAGES" / "studybot.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "lang_set"', 'msgid "lang_set_gone"'), encoding="utf-8")
    partial = Texts(("zh", "ja"), folder=tmp_path)
    assert partial("lang_set", "ja") == "已切换为中文。"
    with pytest.raises(KeyError):
        partial("no_such_key", "ja")
