"""Every user-visible string of the Telegram front end, in Chinese (default) and English.

`t("key", lang, **values)` formats one; `lang_of(language_code)` reads Telegram's language code
(zh, zh-hans, en-US...) into one of ours. Keys are grouped by feature; a feature adds its own block.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["LANGS", "TEXTS", "Lang", "lang_of", "t"]

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")

TEXTS: dict[str, dict[Lang, str]] = {
    # /start: two lines, greeting then what to do
    "start": {
        "zh": "你好，{name}！我是刷题助手：每次出一道题，答完立刻判分并讲解。\n"
              "发送 /quiz 开始练习，/help 查看全部命令。",
        "en": "Hi {name}! I am a study assistant: one question at a time, graded and explained at once.\n"
              "Send /quiz to start practising, /help for every command.",
    },
    "help_header": {"zh": "<b>命令</b>", "en": "<b>Commands</b>"},
    "help_footer": {
        "zh": "直接发送文字即可回答最近一道题：字母、对/错或答案原文。",
        "en": "Send plain text to answer the latest question: letters, true/false or the answer itself.",
    },
    "help_group_only": {"zh": "（仅群组）", "en": " (groups only)"},
    "help_private_only": {"zh": "（仅私聊）", "en": " (private chat only)"},
    # command descriptions (also the setMyCommands lists; at most 256 characters each)
    "cmd_start": {"zh": "开始使用与简介", "en": "Start and a short introduction"},
    "cmd_help": {"zh": "全部命令与用法", "en": "All commands and how to use them"},
    # errors
    "error_ours": {
        "zh": "抱歉，机器人出了点问题，已经记录下来了。请稍后再试。",
        "en": "Sorry, something went wrong on our side; it has been logged. Please try again shortly.",
    },
    "command_private_only": {
        "zh": "这个命令只能在与我的私聊中使用。",
        "en": "This command works only in a private chat with me.",
    },
    "command_group_only": {
        "zh": "这个命令只能在群组中使用。",
        "en": "This command works only in a group.",
    },
    "callback_invalid": {
        "zh": "这个按钮已失效。",
        "en": "This button is no longer valid.",
    },
}


def lang_of(language_code: str | None) -> Lang:
    """Telegram's language_code to zh/en: English for en*, Chinese for everything else."""
    if language_code and language_code.lower().startswith("en"):
        return "en"
    return "zh"


def t(key: str, lang: str, **values: object) -> str:
    """The text for ``key`` in ``lang`` (zh when the language is unknown), formatted with ``values``."""
    entry = TEXTS[key]
    text = entry["en"] if lang == "en" else entry["zh"]
    return text.format(**values) if values else text
