"""The pure parts of the front end: texts, HTML splitting, callback data."""

from __future__ import annotations

import re
import string

import pytest
from fakebot.markup import parse_text
from hypothesis import given
from hypothesis import strategies as st

from bot.telegram.callbacks import ACTIONS, MAX_BYTES, Callback, CallbackCodec, Rejected
from bot.telegram.render import _tokens, esc, fits, split_message, visible_length
from bot.telegram.texts import lang_of, t
from tests.test_catalogs import entries

TEXTS = {key: {lang: entries(lang)[key][-1] for lang in ("zh", "en")} for key in entries("zh")}

# -- texts --------------------------------------------------------------------------------------------


def test_every_text_in_both_languages_with_the_same_placeholders() -> None:
    for key, entry in TEXTS.items():
        assert set(entry) == {"zh", "en"}, key
        assert entry["zh"].strip() and entry["en"].strip(), key
        fields = [set(re.findall(r"{(\w+)}", entry[lang])) for lang in ("zh", "en")]
        assert fields[0] == fields[1], key
    assert t("start_private", "en", name="Amy").startswith("Hi Amy")
    assert t("start_private", "fr", name="Amy").startswith("你好")  # unknown language: Chinese


@pytest.mark.parametrize(
    ("code", "lang"), [("en", "en"), ("en-GB", "en"), ("zh-hans", "zh"), ("ru", "zh"), (None, "zh"), ("", "zh")]
)
def test_lang_of(code: str | None, lang: str) -> None:
    assert lang_of(code) == lang


# -- HTML ---------------------------------------------------------------------------------------------


def test_escape_and_visible_length() -> None:
    assert esc('a<b>&"c"') == 'a&lt;b&gt;&amp;"c"'
    assert visible_length("<b>x&amp;y</b>😀") == 3 + 2  # the emoji is two UTF-16 units
    assert split_message("short <b>one</b>") == ["short <b>one</b>"]
    # A tag between the halves of an entity's letters leaves them as letters: five show, not one "&".
    assert visible_length("&am<b>p;") == 5
    assert visible_length("a < b &c d") == 10  # a lone "<" or "&" is a character like any other


MARKUP = ["<b>", "</b>", '<a href="&amp;">', "&amp;", "&am", "p;", "&#x1F600;", "&#128512;", "&lt", "<", ">", "&"]


@given(st.lists(st.sampled_from([*MARKUP, "a", " ", "\n", "😀", "題"]), max_size=40).map("".join))
def test_visible_length_is_the_width_of_the_tokens_a_split_cuts_by(text: str) -> None:
    assert visible_length(text) == sum(tok.width for tok in _tokens(text))


@given(st.lists(st.sampled_from([*MARKUP, "a", " ", "\n", "😀", "題"]), max_size=40).map("".join), st.integers(0, 60))
def test_a_text_fits_exactly_when_what_it_shows_is_within_the_limit(text: str, limit: int) -> None:
    assert fits(text, limit) == (visible_length(text) <= limit)


def _plain(chunks: list[str]) -> str:
    return "".join(parse_text(c, "HTML").text for c in chunks)


def test_split_on_line_breaks_and_carry_open_tags() -> None:
    lines = [f"<b>line {i}</b> " + esc("a<b & c>") * 3 for i in range(400)]
    text = "<i>" + "\n".join(lines) + "</i>"
    chunks = split_message(text, limit=1000)
    assert len(chunks) > 1
    for chunk in chunks:
        parsed = parse_text(chunk, "HTML")  # each chunk parses alone: tags closed and reopened
        assert parsed.length <= 1000
        assert chunk.startswith("<i>") and chunk.endswith("</i>")
    assert re.sub(r"\s", "", _plain(chunks)) == re.sub(r"\s", "", parse_text(text, "HTML").text)


def test_one_overlong_line_is_cut_between_words_then_characters() -> None:
    words = " ".join(["word&amp;"] * 2000)
    chunks = split_message(words, limit=4096)
    assert all(parse_text(c, "HTML").length <= 4096 for c in chunks)
    assert all(c.endswith("word&amp;") for c in chunks)  # cut at a space, never inside an entity
    solid = "x" * 5000 + "&lt;" * 5000
    parts = split_message(f"<code>{solid}</code>")
    assert [parse_text(p, "HTML").length for p in parts] == [4096, 4096, 1808]
    assert _plain(parts) == "x" * 5000 + "<" * 5000


@given(
    st.lists(
        st.tuples(st.text(string.printable + "中文😀<>&", max_size=60), st.sampled_from(["", "b", "i"])), max_size=40
    )
)
def test_split_chunks_always_parse_and_fit(parts: list[tuple[str, str]]) -> None:
    text = "\n".join(f"<{tag}>{esc(s)}</{tag}>" if tag else esc(s) for s, tag in parts)
    for chunk in split_message(text, limit=50):
        parsed = parse_text(chunk, "HTML")
        assert len(parsed.text.encode("utf-16-le")) // 2 <= 50
        assert parsed.text.strip()


# -- callback data ------------------------------------------------------------------------------------

CODEC = CallbackCodec.from_token("123:abc")


def test_callback_round_trip_and_size() -> None:
    data = CODEC.encode("answer", 1234, "B")
    assert data.startswith("1a:1234:B.")
    assert CODEC.decode(data) == Callback("answer", ("1234", "B"))
    assert CODEC.decode(data).asked_id == 1234
    assert CODEC.decode(CODEC.encode("next", "single")).asked_id is None
    biggest = CODEC.encode("toggle", 9 * 10**18, "ABC")
    assert len(biggest.encode()) <= MAX_BYTES
    assert len(CODEC.encode("bank", "b" * 40).encode()) <= MAX_BYTES
    assert {name for name, _ in ACTIONS.values()} >= {"answer", "toggle", "submit", "next"}


def test_forged_stale_and_malformed_data_are_rejected() -> None:
    data = CODEC.encode("answer", 1234, "B")
    assert CODEC.decode(data.replace(":B.", ":C.")) == Rejected("signature")  # changed choice
    assert CODEC.decode(data.replace("1234", "1235")) == Rejected("signature")  # someone else's question
    assert CallbackCodec.from_token("999:other").decode(data) == Rejected("signature")
    assert CODEC.decode("0" + data[1:]) == Rejected("version")
    assert CODEC.decode("1z:1.abcdef") == Rejected("action")
    assert CODEC.decode("1a:x:B.abcdef") == Rejected("fields")
    assert CODEC.decode("") == Rejected("empty") and CODEC.decode(None) == Rejected("empty")
    assert CODEC.decode(data[:-1] + "é") == Rejected("signature")
    with pytest.raises(ValueError):
        CODEC.encode("answer", 0, "B")
    with pytest.raises(ValueError):
        CODEC.encode("answer", 12, "B:C")


@given(st.text(max_size=80))
def test_decode_never_raises(data: str) -> None:
    assert isinstance(CODEC.decode(data), (Callback, Rejected))
