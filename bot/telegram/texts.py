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
    # ----- quiz: asking and answering (bot/telegram/quiz.py) -----
    "cmd_quiz": {"zh": "来一道题：/quiz [题型] [题库] [poll]", "en": "One question now: /quiz [kind] [bank] [poll]"},
    "cmd_review": {"zh": "复习到期的题目", "en": "Review the questions that are due"},
    "btn_true": {"zh": "正确", "en": "True · 正确"},
    "btn_false": {"zh": "错误", "en": "False · 错误"},
    "btn_submit": {"zh": "✔ 提交", "en": "✔ Submit · 提交"},
    "btn_next": {"zh": "➡️ 下一题", "en": "➡️ Next question"},
    "btn_next_review": {"zh": "➡️ 下一道复习题", "en": "➡️ Next review"},
    "quiz_bad_args": {
        "zh": "看不懂这些参数：{words}\n用法：/quiz [题型] [题库] [poll]\n"
              "题型：单选 多选 判断 填空 案例\n题库：{banks}",
        "en": "These arguments are not understood: {words}\nUsage: /quiz [kind] [bank] [poll]\n"
              "Kinds: single multiple truefalse fill case\nBanks: {banks}",
    },
    "quiz_no_open": {
        "zh": "现在没有待回答的题目。发送 /quiz 来一道题，/help 查看全部命令。",
        "en": "No question is waiting for an answer. Send /quiz for one, /help for every command.",
    },
    "quiz_text_only": {
        "zh": "我只读得懂文字：回答题目请发字母、对/错或答案原文；命令见 /help。",
        "en": "I can only read text: answer with letters, true/false or the answer itself; commands: /help.",
    },
    "unknown_command": {
        "zh": "没有 {name} 这个命令。发送 /help 查看全部命令。",
        "en": "There is no command {name}. Send /help for every command.",
    },
    "toast_pick_first": {"zh": "请先勾选至少一个选项，再提交。", "en": "Tick at least one option, then submit."},
    "toast_selected": {"zh": "已选：{letters}", "en": "Ticked: {letters}"},
    "toast_cleared": {"zh": "未选择任何选项", "en": "Nothing ticked"},
    "toast_next_sent": {"zh": "新题已经发出，请先作答。", "en": "The next question is already there: answer it first."},
    "verdict_streak": {"zh": "🔥 连续 {days} 天", "en": "🔥 {days}-day streak"},
    "verdict_review": {"zh": "🔁 {when}复习", "en": "🔁 review {when}"},
    "in_minutes": {"zh": "{n} 分钟后", "en": "in {n} min"},
    "in_hours": {"zh": "{n} 小时后", "en": "in {n} h"},
    "in_days": {"zh": "{n} 天后", "en": "in {n} days"},
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
