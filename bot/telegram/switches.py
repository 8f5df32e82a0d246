"""On and off: the words a user may type for a switch (``/settings poll on``, ``/settings ai 关``), and
how a switch's state reads. Shared by the learner's, the group's and the model-help settings."""

from __future__ import annotations

from bot.telegram.texts import t

__all__ = ["SWITCH", "on_off"]

SWITCH = {"on": True, "off": False, "开": True, "关": False, "yes": True, "no": False, "1": True, "0": False}


def on_off(value: bool, lang: str) -> str:
    return t("on" if value else "off", lang)
