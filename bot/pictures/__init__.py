"""Pictures the bot sends: the /stats calendar heatmap, streaks and accuracy as one PNG."""

from bot.pictures.fonts import FontChoice, find_font_choice, font_choice
from bot.pictures.model import MissedQuestion, StatsPicture
from bot.pictures.stats import HEIGHT_PX, WIDTH_PX, render_stats_png

__all__ = [
    "HEIGHT_PX",
    "WIDTH_PX",
    "FontChoice",
    "MissedQuestion",
    "StatsPicture",
    "find_font_choice",
    "font_choice",
    "render_stats_png",
]
