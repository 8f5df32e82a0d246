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
    # ----- learner: /streak /banks /lang /settings /report (bot/telegram/learner.py) -----
    "cmd_streak": {"zh": "连续学习天数", "en": "Your streak of study days"},
    "cmd_banks": {"zh": "查看并选择题库", "en": "List the banks and choose"},
    "cmd_lang": {"zh": "切换语言 / Language", "en": "Language / 切换语言"},
    "cmd_settings": {"zh": "查看与修改设置", "en": "Show and change your settings"},
    "cmd_report": {"zh": "反馈上一题答案有误：/report [说明]", "en": "Flag the last question's key: /report [note]"},
    "streak": {
        "zh": "🔥 当前连续：<b>{current}</b> 天\n🏆 最长连续：{longest} 天\n🧊 补签卡：{freezes} 张\n{today}",
        "en": "🔥 Current streak: <b>{current}</b> days\n🏆 Longest: {longest} days\n🧊 Freezes: {freezes}\n{today}",
    },
    "streak_today_done": {"zh": "今天已经练习过了 ✅", "en": "Done for today ✅"},
    "streak_at_risk": {"zh": "今天还没练习：答一题就能保住连续天数！/quiz",
                       "en": "Not practised today yet: answer one question to keep the streak! /quiz"},
    "streak_start": {"zh": "今天答一题，开始新的连续记录：/quiz",
                     "en": "Answer one question today to start a streak: /quiz"},
    "banks_header": {"zh": "<b>题库</b>", "en": "<b>Question banks</b>"},
    "banks_line": {"zh": "{mark} <code>{id}</code> {title}（{n} 题）",
                   "en": "{mark} <code>{id}</code> {title} ({n} questions)"},
    "banks_now": {"zh": "当前练习：{banks}", "en": "Practising: {banks}"},
    "banks_now_plain": {"zh": "当前练习：{banks}", "en": "Practising: {banks}"},
    "banks_all": {"zh": "全部题库", "en": "every bank"},
    "banks_hint": {"zh": "点下面的按钮选择，或发送 /banks 题库代号。",
                   "en": "Tap a button below, or send /banks followed by bank ids."},
    "btn_all_banks": {"zh": "全部题库", "en": "All banks"},
    "toast_unchanged": {"zh": "已经是这个设置了。", "en": "That is already the setting."},
    "lang_prompt": {"zh": "请选择语言 / Choose a language", "en": "Choose a language / 请选择语言"},
    "lang_set": {"zh": "已切换为中文。", "en": "Language set to English."},
    "lang_bad": {"zh": "不支持的语言：{value}。可选：zh（中文）、en（English）。",
                 "en": "Unsupported language: {value}. Choose zh (中文) or en (English)."},
    "on": {"zh": "开", "en": "on"},
    "off": {"zh": "关", "en": "off"},
    "kinds_all": {"zh": "全部题型", "en": "every kind"},
    "sub_at": {"zh": "每天 {hhmm}（{tz}）", "en": "daily at {hhmm} ({tz})"},
    "settings": {
        "zh": "<b>设置</b>\n语言：{language}\n时区：{tz}\n题库：{banks}\n题型：{kinds}\n投票模式：{poll}\n"
              "每日推送：{daily}\n学习提醒：{remind}\n\n修改：/lang，/banks，/settings poll on|off，"
              "/settings kinds 单选 多选|all，/settings tz Asia/Shanghai",
        "en": "<b>Settings</b>\nLanguage: {language}\nTime zone: {tz}\nBanks: {banks}\nKinds: {kinds}\n"
              "Quiz polls: {poll}\nDaily question: {daily}\nReminder: {remind}\n\nChange: /lang, /banks, "
              "/settings poll on|off, /settings kinds single multiple|all, /settings tz Asia/Shanghai",
    },
    "settings_usage": {
        "zh": "用法：\n/settings poll on|off — 选择题用投票形式\n/settings kinds 单选 多选|all — 练习的题型\n"
              "/settings tz Asia/Shanghai — 时区（也可以写 UTC+8）",
        "en": "Usage:\n/settings poll on|off — choice questions as quiz polls\n/settings kinds single multiple|all"
              " — kinds to practise\n/settings tz Asia/Shanghai — time zone (UTC+8 works too)",
    },
    "report_done": {"zh": "谢谢！已记录对 {bank} 第 {number} 题答案的反馈（编号 {id}），会有人核对。",
                    "en": "Thank you! Your report on question {number} of {bank} is recorded (#{id}) "
                          "and will be checked."},
    "report_none": {"zh": "还没有可以反馈的题目：先用 /quiz 做一题。",
                    "en": "There is no question to report yet: answer one with /quiz first."},
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
