"""The /stats PNG: decodes, has the fixed size, follows the data, draws Chinese without boxes."""

from __future__ import annotations

import io
import logging
import warnings
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from pathlib import Path

import pytest
from PIL import Image
from pydantic import ValidationError

from bot.pictures import HEIGHT_PX, WIDTH_PX, FontChoice, StatsPicture, find_font_choice, render_stats_png
from bot.pictures import fonts as fonts_module
from bot.pictures.fonts import font_covers
from bot.pictures.labels import cjk_characters

TODAY = date(2024, 5, 15)


def sample(**changes: object) -> StatsPicture:
    base = {
        "title": "三年级二班",
        "today": TODAY,
        "per_day": {TODAY - timedelta(days=i): (i * 7) % 11 for i in range(0, 300, 2)},
        "current_streak": 5,
        "longest_streak": 21,
        "accuracy": {"single": (40, 50), "fill": (3, 9), "case": (1, 4)},
    }
    return StatsPicture.model_validate(base | changes)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def missing_glyph_warnings(data: StatsPicture, lang: str, choice: FontChoice) -> tuple[bytes, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = render_stats_png(data, lang, choice)
    return png, [str(w.message) for w in caught if "missing from font" in str(w.message)]


@pytest.fixture
def no_cjk() -> FontChoice:
    return FontChoice()


@pytest.fixture
def with_cjk(cjk_font: Path) -> FontChoice:
    return find_font_choice({"STUDYBOT_FONT": str(cjk_font)})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_png_decodes_with_the_fixed_size(lang: str, with_cjk: FontChoice) -> None:
    image = decode(render_stats_png(sample(), lang, with_cjk))
    assert image.format == "PNG" and image.size == (WIDTH_PX, HEIGHT_PX) == (1080, 1080)


def test_empty_data_renders(with_cjk: FontChoice, no_cjk: FontChoice) -> None:
    empty = StatsPicture(title="", today=TODAY)
    for choice in (with_cjk, no_cjk):
        for lang in ("zh", "en"):
            assert decode(render_stats_png(empty, lang, choice)).size == (WIDTH_PX, HEIGHT_PX)
    assert render_stats_png(empty, "en", no_cjk) != render_stats_png(sample(), "en", no_cjk)


def test_same_input_same_bytes(with_cjk: FontChoice) -> None:
    assert render_stats_png(sample(), "zh", with_cjk) == render_stats_png(sample(), "zh", with_cjk)


@pytest.mark.parametrize(
    "change",
    [
        {"per_day": {TODAY: 1}},
        {"per_day": {TODAY - timedelta(days=100): 4}},
        {"current_streak": 6},
        {"longest_streak": 22},
        {"accuracy": {"single": (41, 50), "fill": (3, 9), "case": (1, 4)}},
        {"title": "三年级一班"},
        {"today": TODAY + timedelta(days=1)},
    ],
    ids=lambda change: next(iter(change)),
)
def test_picture_changes_with_the_data(change: dict[str, object], with_cjk: FontChoice) -> None:
    assert render_stats_png(sample(**change), "zh", with_cjk) != render_stats_png(sample(), "zh", with_cjk)


def test_the_calendar_cell_of_today_is_shaded(no_cjk: FontChoice) -> None:
    # Pixels, not just bytes: a busy today darkens the picture where the calendar's last column is drawn.
    quiet = decode(render_stats_png(sample(per_day={}), "en", no_cjk)).convert("L")
    busy = decode(render_stats_png(sample(per_day={TODAY: 9}), "en", no_cjk)).convert("L")
    top, bottom = int(HEIGHT_PX * 0.15), int(HEIGHT_PX * 0.53)  # the calendar's band
    diff = [
        (x, y)
        for x in range(0, WIDTH_PX, 2)
        for y in range(top, bottom, 2)
        if abs(quiet.getpixel((x, y)) - busy.getpixel((x, y))) > 40
    ]
    assert diff, "nothing changed in the calendar"
    xs = [x for x, _ in diff]
    assert min(xs) > WIDTH_PX * 0.45 and max(xs) < WIDTH_PX * 0.62  # only this week's column, right of the grid


def test_chinese_labels_use_the_cjk_font(with_cjk: FontChoice, no_cjk: FontChoice) -> None:
    png, missing = missing_glyph_warnings(sample(), "zh", with_cjk)
    assert missing == []
    # zh draws other words than en, and without a CJK font zh falls back to exactly the en picture.
    assert png != render_stats_png(sample(), "en", with_cjk)
    assert render_stats_png(sample(), "zh", no_cjk) == render_stats_png(sample(), "en", no_cjk)


def test_the_missing_glyph_check_can_see_boxes() -> None:
    # A "CJK" choice that is really a Latin font: the labels would be boxes, and the check says so.
    latin = FontChoice()
    fake = FontChoice(cjk=latin.latin, cjk_family="DejaVu Sans")
    _, missing = missing_glyph_warnings(sample(), "zh", fake)
    assert missing


def test_untitled_and_undrawable_titles(no_cjk: FontChoice) -> None:
    # Without a CJK font a Chinese title is dropped for a generic one rather than drawn as boxes.
    png, missing = missing_glyph_warnings(sample(title="三年级二班"), "en", no_cjk)
    assert missing == []
    assert png == render_stats_png(sample(title=""), "en", no_cjk)
    assert png != render_stats_png(sample(title="Class 2"), "en", no_cjk)


def test_system_cjk_font_if_any_draws_every_label() -> None:
    # On a machine with a CJK font (the Docker image has one) it is found and draws every label;
    # without one the choice says so and the labels are English.
    choice = find_font_choice({})
    if choice.cjk is not None:
        assert font_covers(choice.cjk, cjk_characters())
        _, missing = missing_glyph_warnings(sample(), "zh", choice)
        assert missing == []
    else:
        assert choice.families("zh") == ["DejaVu Sans"]


def test_renders_in_parallel_threads(with_cjk: FontChoice) -> None:
    inputs = [sample(current_streak=n) for n in range(4)]
    serial = [render_stats_png(d, "zh", with_cjk) for d in inputs]
    with ThreadPoolExecutor(4) as pool:
        parallel = list(pool.map(lambda d: render_stats_png(d, "zh", with_cjk), inputs))
    assert parallel == serial


def test_bad_data_is_refused() -> None:
    with pytest.raises(ValidationError, match="points out of"):
        sample(accuracy={"single": (5, 4)})
    with pytest.raises(ValidationError):
        sample(current_streak=-1)


class TestFontSearch:
    def test_studybot_font_wins(self, cjk_font: Path) -> None:
        choice = find_font_choice({"STUDYBOT_FONT": str(cjk_font)})
        assert choice.cjk == cjk_font and choice.cjk_family == "Studybot Test CJK"
        assert choice.families("zh") == ["Studybot Test CJK", "DejaVu Sans"]
        assert choice.families("en") == ["DejaVu Sans", "Studybot Test CJK"]

    def test_a_studybot_font_without_chinese_is_passed_over(
        self, tmp_path: Path, caplog: pytest.LogCaptureFixture
    ) -> None:
        bogus = tmp_path / "not-a-font.ttf"
        bogus.write_bytes(b"nothing")
        with caplog.at_level(logging.WARNING, logger="bot.pictures.fonts"):
            choice = find_font_choice({"STUDYBOT_FONT": str(bogus)})
        assert choice.cjk != bogus
        assert any("STUDYBOT_FONT" in r.getMessage() for r in caplog.records)

    def test_no_cjk_font_gives_english_and_one_warning(
        self, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
    ) -> None:
        monkeypatch.setattr(fonts_module, "_candidates", lambda dirs=None: iter(()))
        with caplog.at_level(logging.WARNING, logger="bot.pictures.fonts"):
            choice = find_font_choice({}, bundled=None)
        assert choice.cjk is None and choice.families("zh") == ["DejaVu Sans"]
        warned = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warned) == 1 and "fonts-wqy-microhei" in warned[0].getMessage()

    def test_matplotlibs_placeholder_font_is_not_cjk(self) -> None:
        import matplotlib

        last_resort = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "LastResortHE-Regular.ttf"
        assert last_resort.exists()
        assert not font_covers(last_resort, "答题")

    def test_the_process_wide_choice_is_searched_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        calls: list[int] = []

        def fake() -> FontChoice:
            calls.append(1)
            return FontChoice()

        monkeypatch.setattr(fonts_module, "_choice", None)
        monkeypatch.setattr(fonts_module, "find_font_choice", fake)
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: fonts_module.font_choice(), range(8)))
        assert len(calls) == 1 and all(r is results[0] for r in results)
