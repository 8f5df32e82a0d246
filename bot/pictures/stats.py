"""The /stats picture: a year of practice as a calendar heatmap, the streaks, and accuracy per kind.

Drawn with matplotlib's object API on a fresh Figure and the Agg canvas, never pyplot's global
state, so pictures can be rendered from several threads at once. Rendering takes a few hundred
milliseconds: callers in the event loop should use `await asyncio.to_thread(render_stats_png, ...)`.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Rectangle

from bot.pictures.calendar import LEVELS, WEEKS, CalendarGrid, calendar_grid
from bot.pictures.fonts import FontChoice, font_choice
from bot.pictures.labels import EN, ZH, Labels
from bot.pictures.model import StatsPicture

__all__ = ["HEIGHT_PX", "KIND_ORDER", "WIDTH_PX", "render_stats_png"]

WIDTH_PX, HEIGHT_PX = 1200, 600
_DPI = 100

SHADES = ("#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39")  # the familiar contribution greens
INK, MUTED, ACCENT = "#24292f", "#57606a", "#216e39"
FontFn = Callable[[float], FontProperties]
KIND_ORDER = ("single", "multiple", "true_false", "fill", "case")


def _labels(lang: str, fonts: FontChoice) -> tuple[str, Labels]:
    if lang.lower().startswith("zh") and fonts.cjk is not None:
        return "zh", ZH
    return "en", EN


def _kinds(accuracy: dict[str, tuple[int, int]]) -> list[str]:
    known = [k for k in KIND_ORDER if k in accuracy]
    return known + sorted(k for k in accuracy if k not in KIND_ORDER)


def render_stats_png(data: StatsPicture, lang: str, fonts: FontChoice | None = None) -> bytes:
    """Draw the stats picture as a WIDTH_PX x HEIGHT_PX PNG; the same input gives the same bytes.

    `lang` "zh" draws Chinese labels when a CJK font is available, else English; `fonts` defaults
    to the process-wide choice (see bot.pictures.fonts).
    """
    fonts = fonts or font_choice()
    lang, text = _labels(lang, fonts)
    prop = FontProperties(family=fonts.families(lang))

    def font(size: float) -> FontProperties:
        p = prop.copy()
        p.set_size(size)
        return p

    fig = Figure(figsize=(WIDTH_PX / _DPI, HEIGHT_PX / _DPI), dpi=_DPI, facecolor="white")
    FigureCanvasAgg(fig)
    grid = calendar_grid(data.today, data.per_day)

    title = fonts.drawable(data.title).strip() or text.untitled
    fig.text(0.04, 0.91, title, fontproperties=font(22), color=INK, va="center")
    fig.text(0.04, 0.84, text.answered.format(n=grid.counts_total), fontproperties=font(13), color=MUTED, va="center")
    fig.text(0.96, 0.84, data.today.isoformat(), fontproperties=font(13), color=MUTED, va="center", ha="right")

    _draw_calendar(fig, grid, text, font)
    _draw_streaks(fig, data, text, font)
    _draw_accuracy(fig, data, text, font, fonts)

    out = io.BytesIO()
    # No "Software" chunk: the bytes depend on the data only, not on the matplotlib version.
    fig.savefig(out, format="png", dpi=_DPI, metadata={"Software": None})
    return out.getvalue()


def _draw_calendar(fig: Figure, grid: CalendarGrid, text: Labels, font: FontFn) -> None:
    ax = fig.add_axes((0.07, 0.43, 0.89, 0.34))
    ax.set_axis_off()
    cmap = ListedColormap(SHADES).with_extremes(bad=(1, 1, 1, 0))  # days after today stay empty
    values = [[float("nan") if v is None else v for v in row] for row in grid.cells]
    ax.pcolormesh(
        values,
        cmap=cmap,
        norm=BoundaryNorm([x - 0.5 for x in range(LEVELS + 1)], LEVELS),
        edgecolors="white",
        linewidth=2.5,
    )
    ax.set_xlim(0, WEEKS)
    ax.set_ylim(7, -1.2)  # Monday on top, room above for the month names
    ax.set_aspect("equal", anchor="N")
    for column, month in grid.month_labels:
        ax.text(column, -0.35, text.months[month - 1], fontproperties=font(11), color=MUTED, va="bottom")
    for row in (0, 2, 4):
        ax.text(-0.4, row + 0.5, text.weekdays[row], fontproperties=font(10), color=MUTED, va="center", ha="right")
    # The legend: less -> more, under the last columns.
    x = WEEKS - LEVELS - 1.5
    ax.text(x - 0.4, 8.0, text.less, fontproperties=font(10), color=MUTED, va="center", ha="right")
    for i, shade in enumerate(SHADES):
        ax.add_patch(Rectangle((x + i + 0.1, 7.6), 0.8, 0.8, facecolor=shade, edgecolor="none", clip_on=False))
    ax.text(x + LEVELS + 0.3, 8.0, text.more, fontproperties=font(10), color=MUTED, va="center", ha="left")


def _draw_streaks(fig: Figure, data: StatsPicture, text: Labels, font: FontFn) -> None:
    for x, label, value in ((0.06, text.current, data.current_streak), (0.25, text.longest, data.longest_streak)):
        fig.text(x, 0.28, text.day_count(value), fontproperties=font(30), color=ACCENT, va="center")
        fig.text(x, 0.17, label, fontproperties=font(13), color=MUTED, va="center")


def _draw_accuracy(fig: Figure, data: StatsPicture, text: Labels, font: FontFn, fonts: FontChoice) -> None:
    fig.text(0.50, 0.34, text.accuracy, fontproperties=font(13), color=INK, va="center")
    kinds = _kinds(data.accuracy)
    if not any(data.accuracy[k][1] for k in kinds):
        fig.text(0.50, 0.20, text.no_answers, fontproperties=font(13), color=MUTED, va="center")
        return
    ax = fig.add_axes((0.60, 0.04, 0.28, 0.26))
    rows = list(range(len(kinds)))
    shares = [c / t if t else 0.0 for c, t in (data.accuracy[k] for k in kinds)]
    ax.barh(rows, [1.0] * len(kinds), color=SHADES[0], height=0.6)
    ax.barh(rows, shares, color=SHADES[3], height=0.6)
    ax.set_xlim(0, 1)
    ax.set_ylim(max(len(kinds), len(KIND_ORDER)) - 0.5, -0.5)  # bars keep one thickness, top-aligned
    ax.set_axis_off()
    for row, kind, share in zip(rows, kinds, shares, strict=True):
        correct, total = data.accuracy[kind]
        ax.text(
            -0.03,
            row,
            fonts.drawable(text.kind(kind)) or "?",
            fontproperties=font(12),
            color=INK,
            va="center",
            ha="right",
        )
        ax.text(
            1.03, row, f"{share:.0%}  {correct}/{total}", fontproperties=font(11), color=MUTED, va="center", ha="left"
        )
