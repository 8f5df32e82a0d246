"""The stats picture as a phone shows it (issue 16, item 6): legible text, partial credit, reviews due,
the most-missed questions, and the Chinese picture on a machine without a CJK font."""

from __future__ import annotations

import io
import itertools
import json
import warnings
from datetime import date, timedelta
from pathlib import Path

import pytest
from matplotlib.text import Text
from PIL import Image

from bot.pictures import HEIGHT_PX, WIDTH_PX, FontChoice, MissedQuestion, StatsPicture, find_font_choice
from bot.pictures.labels import EN, ZH, cjk_characters
from bot.pictures.stats import render_stats_figure, render_stats_png
from bot.pictures.subset import BUNDLED_FONT, BUNDLED_LICENCE, ROOT, _strings

TODAY = date(2026, 3, 18)
PHONE_WIDTH_PX = 1080  # a phone screen's width in pixels: Telegram shows a square photo at full width


def picture(**changes: object) -> StatsPicture:
    base = {
        "title": "李雷",
        "today": TODAY,
        "per_day": {TODAY - timedelta(days=i): (i * 7) % 11 for i in range(0, 400)},
        "current_streak": 5,
        "longest_streak": 21,
        "accuracy": {
            "single": (40, 50),
            "multiple": (7.5, 12),
            "true_false": (18, 20),
            "fill": (3, 9),
            "case": (2.75, 4),
        },
        "due_now": 7,
        "due_week": 12,
        "missed": [
            MissedQuestion(
                title="数据并行中，梯度同步通常使用哪种集合通信操作？", fallback="dist #3", misses=3, attempts=4
            ),
            MissedQuestion(title="LoRA 微调时秩越大越好", fallback="tune #12", misses=2, attempts=3),
            MissedQuestion(title="Which states does ZeRO-3 shard?", fallback="dist #21", misses=2, attempts=2),
        ],
    }
    return StatsPicture.model_validate(base | changes)


def texts(fig) -> list[Text]:  # type: ignore[no-untyped-def]
    found = [t for t in fig.texts if t.get_text().strip()]
    for ax in fig.axes:
        found += [t for t in ax.texts if t.get_text().strip()]
    return found


def drawn(fig) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(t.get_text() for t in texts(fig))


@pytest.fixture
def bundled_only(tmp_path: Path) -> FontChoice:
    """A machine with no system font at all: the lookup sees an empty folder, so the bundled font draws."""
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    return find_font_choice({}, font_dirs=[empty])


@pytest.mark.parametrize(("lang", "weeks"), [("zh", 12), ("en", 12), ("zh", 26), ("en", 8)])
def test_every_label_is_legible_at_phone_width(lang: str, weeks: int, bundled_only: FontChoice) -> None:
    fig = render_stats_figure(picture(weeks=weeks), lang, bundled_only)
    assert fig.get_size_inches()[0] * fig.dpi == WIDTH_PX == PHONE_WIDTH_PX
    with Image.open(io.BytesIO(render_stats_png(picture(weeks=weeks), lang, bundled_only))) as image:
        assert image.size == (PHONE_WIDTH_PX, HEIGHT_PX)
    renderer = fig.canvas.get_renderer()
    boxes = []
    for text in texts(fig):
        size_px = text.get_fontsize() * fig.dpi / 72
        assert size_px >= 0.02 * HEIGHT_PX, f"{text.get_text()!r}: {size_px:.1f} px is under 2% of the height"
        box = text.get_window_extent(renderer)
        assert box.height >= 0.02 * HEIGHT_PX, f"{text.get_text()!r} is drawn {box.height:.1f} px tall"
        assert box.x0 >= 0 and box.x1 <= WIDTH_PX and box.y0 >= 0 and box.y1 <= HEIGHT_PX, text.get_text()
        boxes.append((text.get_text(), box))
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        assert not box_a.overlaps(box_b), f"{a!r} overlaps {b!r}"
    assert len(boxes) >= 25  # the measure saw the labels, the numbers and the titles


def test_the_calendar_shows_twelve_weeks_by_default(bundled_only: FontChoice) -> None:
    assert picture().weeks == 12
    fig = render_stats_figure(picture(), "en", bundled_only)
    answered = sum(n for day, n in picture().per_day.items() if day >= date(2025, 12, 29))  # 12 Mondays back
    assert f"{answered} answered in the last 12 weeks" in drawn(fig)
    assert render_stats_png(picture(weeks=26), "en", bundled_only) != render_stats_png(picture(), "en", bundled_only)


def test_partial_credit_counts_as_its_score(bundled_only: FontChoice) -> None:
    shown = drawn(render_stats_figure(picture(), "en", bundled_only))
    assert "69% · 4 answers" in shown  # case answers at 2.75 points of 4, not 0%
    assert "62% · 12 answers" in shown and "33% · 9 answers" in shown
    one = drawn(render_stats_figure(picture(accuracy={"case": (0.5, 1)}), "en", bundled_only))
    assert "50% · 1 answer" in one


def test_reviews_due_and_the_most_missed_are_shown(bundled_only: FontChoice) -> None:
    shown = drawn(render_stats_figure(picture(), "zh", bundled_only))
    assert "7\n道题待复习" in shown and "7 天内还有 12 道" in shown
    assert "最常错的题" in shown and "错 3/4 次" in shown and "2. LoRA 微调时秩越大越好" in shown
    assert "1. 数据并行中" in shown and "…" in shown  # a long title is shortened to fit
    fourth = MissedQuestion(title="第四道", fallback="x #4", misses=1, attempts=1)
    more = drawn(render_stats_figure(picture(missed=[*picture().missed, fourth]), "zh", bundled_only))
    assert "第四道" not in more  # three at most
    none = drawn(render_stats_figure(picture(missed=[], due_now=0, due_week=0), "zh", bundled_only))
    assert "还没有错题" in none and "7 天内" not in none
    group = drawn(render_stats_figure(picture(missed=None, due_now=None), "zh", bundled_only))
    assert "待复习" not in group and "最常错的题" not in group  # a group's picture has neither


def test_a_title_the_font_cannot_draw_falls_back_to_its_bank_and_number() -> None:
    latin_only = FontChoice()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        shown = drawn(render_stats_figure(picture(), "en", latin_only))
    assert "1. dist #3" in shown and "2. tune #12" in shown and "3. Which states does ZeRO-3" in shown
    assert not [w for w in caught if "missing from font" in str(w.message)]


def test_the_chinese_picture_without_any_system_font(bundled_only: FontChoice) -> None:
    assert bundled_only.cjk == BUNDLED_FONT and BUNDLED_LICENCE.exists()
    assert "SIL OPEN FONT LICENSE Version 1.1" in BUNDLED_LICENCE.read_text(encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        zh = render_stats_png(picture(), "zh", bundled_only)
    assert not [w for w in caught if "missing from font" in str(w.message)]
    assert zh != render_stats_png(picture(), "en", bundled_only)  # Chinese labels, not the English fallback
    fig = render_stats_figure(picture(), "zh", bundled_only)
    assert "当前连续" in drawn(fig) and "各题型得分率" in drawn(fig)


def test_the_bundled_font_holds_the_labels_and_the_bundled_banks() -> None:
    from matplotlib.ft2font import FT2Font

    charmap = set(FT2Font(str(BUNDLED_FONT)).get_charmap())
    labels = cjk_characters(ZH) + cjk_characters(EN)
    assert all(ord(c) in charmap for c in labels)
    banks = {
        c
        for path in (ROOT / "data" / "banks").glob("*.json")
        for s in _strings(json.loads(path.read_text()))
        for c in s
    }
    missing = sorted(c for c in banks if c.isprintable() and ord(c) not in charmap)
    assert not missing, f"rebuild the font (python -m bot.pictures.subset): {missing}"
    assert all(
        ord(c) in charmap for c in "的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会"
    )
