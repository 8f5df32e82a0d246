"""The /stats picture: the last weeks of practice as a calendar, the streaks, what is due for review,
the score per kind (partial credit counted) and the most-missed questions.

Square, 1080 px wide: what a phone shows at full width. Every text is at least `MIN_TEXT_PT` points,
so at least 2% of the picture's height (tests/pictures measure it). Drawn with matplotlib's object
API on a fresh Figure and the Agg canvas, never pyplot's global state, so pictures can be rendered
from several threads at once. Rendering takes a few hundred milliseconds: callers in the event loop
should use `await asyncio.to_thread(render_stats_png, ...)`.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Rectangle
from matplotlib.text import Text

from bot.pictures.calendar import LEVELS, CalendarGrid, calendar_grid
from bot.pictures.fonts import FontChoice, font_choice
from bot.pictures.labels import EN, ZH, Labels
from bot.pictures.model import StatsPicture

__all__ = ["HEIGHT_PX", "KIND_ORDER", "MIN_TEXT_PT", "WIDTH_PX", "render_stats_figure", "render_stats_png"]

WIDTH_PX, HEIGHT_PX = 1080, 1080
DPI = 100
MIN_TEXT_PT = 16  # 16 pt at 100 dpi is 22 px: over 2% of 1080 px, legible on a phone
MISSED_SHOWN = 3

SHADES = ("#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39")  # the familiar contribution greens
INK, MUTED, ACCENT, WARN = "#24292f", "#57606a", "#216e39", "#bc4c00"
FontFn = Callable[[float], FontProperties]
KIND_ORDER = ("single", "multiple", "true_false", "fill", "case")


def _labels(lang: str, fonts: FontChoice) -> tuple[str, Labels]:
    if lang.lower().startswith("zh") and fonts.cjk is not None:
        return "zh", ZH
    return "en", EN


def _kinds(accuracy: dict[str, tuple[float, int]]) -> list[str]:
    known = [k for k in KIND_ORDER if k in accuracy]
    return known + sorted(k for k in accuracy if k not in KIND_ORDER)


def render_stats_figure(data: StatsPicture, lang: str, fonts: FontChoice | None = None) -> Figure:
    """The picture as a matplotlib Figure (WIDTH_PX x HEIGHT_PX at DPI), for rendering or measuring."""
    fonts = fonts or font_choice()
    lang, text = _labels(lang, fonts)
    prop = FontProperties(family=fonts.families(lang))

    def font(size: float) -> FontProperties:
        p = prop.copy()
        p.set_size(max(size, MIN_TEXT_PT))
        return p

    fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
    FigureCanvasAgg(fig)
    grid = calendar_grid(data.today, data.per_day, weeks=data.weeks)

    title = fonts.drawable(data.title).strip() or text.untitled
    _fit(fig, fig.text(0.05, 0.945, title, fontproperties=font(30), color=INK, va="center"), 0.62)
    answered = text.answered.format(n=grid.counts_total, weeks=data.weeks)
    fig.text(0.05, 0.89, answered, fontproperties=font(18), color=MUTED, va="center")
    fig.text(0.95, 0.945, data.today.isoformat(), fontproperties=font(18), color=MUTED, va="center", ha="right")

    _draw_calendar(fig, grid, text, font)
    _draw_numbers(fig, data, text, font)
    _draw_accuracy(fig, data, text, font, fonts)
    _draw_missed(fig, data, text, font, fonts)
    return fig


def render_stats_png(data: StatsPicture, lang: str, fonts: FontChoice | None = None) -> bytes:
    """Draw the stats picture as a WIDTH_PX x HEIGHT_PX PNG; the same input gives the same bytes.

    `lang` "zh" draws Chinese labels when a CJK font is available (the package ships one), else
    English; `fonts` defaults to the process-wide choice (see bot.pictures.fonts).
    """
    fig = render_stats_figure(data, lang, fonts)
    out = io.BytesIO()
    # No "Software" chunk: the bytes depend on the data only, not on the matplotlib version.
    fig.savefig(out, format="png", dpi=DPI, metadata={"Software": None})
    return out.getvalue()


def _fit(fig: Figure, artist: Text, width: float) -> Text:
    """Shorten the text with an ellipsis until it is at most `width` (a share of the figure's width)."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    limit = width * WIDTH_PX
    content = artist.get_text()
    while len(content) > 1 and artist.get_window_extent(renderer).width > limit:
        content = content[:-1]
        artist.set_text(content.rstrip() + "…")
    return artist


def _draw_calendar(fig: Figure, grid: CalendarGrid, text: Labels, font: FontFn) -> None:
    weeks = len(grid.cells[0])
    ax = fig.add_axes((0.11, 0.47, 0.50, 0.38))
    ax.set_axis_off()
    cmap = ListedColormap(SHADES).with_extremes(bad=(1, 1, 1, 0))  # days after today stay empty
    values = [[float("nan") if v is None else v for v in row] for row in grid.cells]
    ax.pcolormesh(
        values,
        cmap=cmap,
        norm=BoundaryNorm([x - 0.5 for x in range(LEVELS + 1)], LEVELS),
        edgecolors="white",
        linewidth=3,
    )
    ax.set_xlim(0, weeks)
    ax.set_ylim(8.7, -1.4)  # Monday on top, room above for the month names and below for the legend
    ax.set_aspect("equal", anchor="N")
    for column, month in grid.month_labels:
        ax.text(column, -0.3, text.months[month - 1], fontproperties=font(16), color=MUTED, va="bottom")
    for row in (0, 2, 4):
        ax.text(-0.3, row + 0.5, text.weekdays[row], fontproperties=font(16), color=MUTED, va="center", ha="right")
    # The legend: less -> more, under the last columns.
    x = weeks - LEVELS - 0.2
    ax.text(x - 0.3, 8.0, text.less, fontproperties=font(16), color=MUTED, va="center", ha="right")
    for i, shade in enumerate(SHADES):
        ax.add_patch(Rectangle((x + i + 0.1, 7.6), 0.8, 0.8, facecolor=shade, edgecolor="none", clip_on=False))
    ax.text(x + LEVELS + 0.2, 8.0, text.more, fontproperties=font(16), color=MUTED, va="center", ha="left")


def _draw_numbers(fig: Figure, data: StatsPicture, text: Labels, font: FontFn) -> None:
    """The right column: current and longest streak, and what is due for review."""
    x = 0.68
    fig.text(x, 0.80, text.day_count(data.current_streak), fontproperties=font(40), color=ACCENT, va="center")
    fig.text(x, 0.745, text.current, fontproperties=font(18), color=MUTED, va="center")
    fig.text(x, 0.68, text.day_count(data.longest_streak), fontproperties=font(28), color=INK, va="center")
    fig.text(x, 0.635, text.longest, fontproperties=font(18), color=MUTED, va="center")
    if data.due_now is None:
        return
    color = WARN if data.due_now else ACCENT
    fig.text(x, 0.565, str(data.due_now), fontproperties=font(40), color=color, va="center")
    fig.text(x, 0.51, text.due, fontproperties=font(18), color=MUTED, va="center")
    if data.due_week:
        fig.text(x, 0.47, text.due_week.format(n=data.due_week), fontproperties=font(16), color=MUTED, va="center")


def _draw_accuracy(fig: Figure, data: StatsPicture, text: Labels, font: FontFn, fonts: FontChoice) -> None:
    """Score per kind: each answer counts as its score, so a case answer covering 3 of 4 points counts 75%."""
    _fit(fig, fig.text(0.05, 0.40, text.accuracy, fontproperties=font(20), color=INK, va="center"), 0.50)
    kinds = _kinds(data.accuracy)
    if not any(data.accuracy[k][1] for k in kinds):
        fig.text(0.05, 0.32, text.no_answers, fontproperties=font(18), color=MUTED, va="center")
        return
    ax = fig.add_axes((0.20, 0.05, 0.18, 0.31))
    rows = list(range(len(kinds)))
    shares = [points / total if total else 0.0 for points, total in (data.accuracy[k] for k in kinds)]
    ax.barh(rows, [1.0] * len(kinds), color=SHADES[0], height=0.6)
    ax.barh(rows, shares, color=SHADES[3], height=0.6)
    ax.set_xlim(0, 1)
    ax.set_ylim(max(len(kinds), len(KIND_ORDER)) - 0.5, -0.5)  # bars keep one thickness, top-aligned
    ax.set_axis_off()
    for row, kind, share in zip(rows, kinds, shares, strict=True):
        total = data.accuracy[kind][1]
        label = fonts.drawable(text.kind(kind)) or "?"
        ax.text(-0.05, row, label, fontproperties=font(16), color=INK, va="center", ha="right")
        value = f"{share:.0%} · {text.answer_count(total)}"
        ax.text(1.05, row, value, fontproperties=font(16), color=MUTED, va="center", ha="left")


def _draw_missed(fig: Figure, data: StatsPicture, text: Labels, font: FontFn, fonts: FontChoice) -> None:
    """The three most-missed questions: a title (or its bank and number when a glyph is missing), the misses."""
    if data.missed is None:
        return
    x = 0.62
    fig.text(x, 0.40, text.missed, fontproperties=font(20), color=INK, va="center")
    shown = data.missed[:MISSED_SHOWN]
    if not shown:
        fig.text(x, 0.32, text.missed_none, fontproperties=font(18), color=MUTED, va="center")
        return
    for i, item in enumerate(shown):
        y = 0.33 - i * 0.105
        title = item.title if fonts.drawable(item.title) == item.title else fonts.drawable(item.fallback)
        _fit(fig, fig.text(x, y, f"{i + 1}. {title}", fontproperties=font(17), color=INK, va="center"), 0.35)
        line = text.missed_line.format(misses=item.misses, attempts=item.attempts)
        fig.text(x + 0.03, y - 0.043, line, fontproperties=font(16), color=WARN, va="center")
