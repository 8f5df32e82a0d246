"""Every user-visible string of the Telegram front end, in Chinese (default) and English.

`t("key", lang, **values)` formats one (in a handler `context.texts`, the same catalogue);
`lang_of(language_code)` reads Telegram's language code (zh, zh-hans, en-US...) into one of ours.
Keys are grouped by feature; a feature adds its own block.

English plurals are written in the entry itself: ``{n:day|days}`` prints "day" when n is 1 and "days"
otherwise (the number is printed by its own ``{n}``), so "1 day" and "2 days" come from one string.
`plural(n, one, other)` is the same rule for code that builds a phrase itself.
"""

from __future__ import annotations

import string
from typing import Any, Literal

from bot.locale import plural

__all__ = ["LANGS", "TEXTS", "Lang", "Texts", "lang_of", "plural", "t"]

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")

TEXTS: dict[str, dict[Lang, str]] = {
    "help_header": {"zh": "<b>命令</b>", "en": "<b>Commands</b>"},
    "help_footer": {
        "zh": "直接发送文字即可回答最近一道题：字母、对/错或答案原文。",
        "en": "Send plain text to answer the latest question: letters, true/false or the answer itself.",
    },
    "help_group_only": {"zh": "（仅群组）", "en": " (groups only)"},
    "help_admin_header": {"zh": "<b>管理员命令</b>", "en": "<b>Admin commands</b>"},
    "help_private_only": {"zh": "（仅私聊）", "en": " (private chat only)"},
    # command descriptions (also the setMyCommands lists; at most 256 characters each)
    "cmd_start": {"zh": "开始使用与简介", "en": "Start and a short introduction"},
    "cmd_help": {"zh": "全部命令与用法", "en": "All commands and how to use them"},
    # errors
    "error_ours": {
        "zh": "抱歉，机器人出了点问题，已经记录下来了。请稍后再试。",
        "en": "Sorry, something went wrong on our side; it has been logged. Please try again shortly.",
    },
    "error_disk": {
        "zh": "我现在无法保存答案，请稍后再答。",
        "en": "I cannot save answers right now; please answer again a little later.",
    },
    "flood_slow_down": {
        "zh": "消息来得太快了，我只处理你最新的一条。请放慢一点，谢谢！",
        "en": "Messages are coming faster than I can answer: I will answer your latest one. "
        "Please slow down a little, thank you!",
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
    "cmd_quiz": {
        "zh": "来一道题，或一组：/quiz [题数] [计时 秒数] [题型] [题库] [poll]",
        "en": "One question, or a round: /quiz [count] [timer seconds] [kind] [bank] [poll]",
    },
    "cmd_review": {"zh": "复习到期的题目", "en": "Review the questions that are due"},
    "btn_true": {"zh": "正确", "en": "True"},
    "btn_false": {"zh": "错误", "en": "False"},
    "btn_submit": {"zh": "✔ 提交", "en": "✔ Submit"},
    "btn_next": {"zh": "➡️ 下一题", "en": "➡️ Next question"},
    "btn_next_review": {"zh": "➡️ 下一道复习题", "en": "➡️ Next review"},
    "quiz_bad_args": {
        "zh": "看不懂这些参数：{words}\n用法：/quiz [题数] [计时 秒数] [题型] [题库] [poll]\n"
        "题型：单选 多选 判断 填空 案例\n题库：{banks}",
        "en": "These arguments are not understood: {words}\n"
        "Usage: /quiz [count] [timer seconds] [kind] [bank] [poll]\n"
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
    "in_days": {"zh": "{n} 天后", "en": "in {n} {n:day|days}"},
    # ----- learner: /streak /banks /lang /settings /report (bot/telegram/learner.py) -----
    "cmd_streak": {"zh": "连续学习天数", "en": "Your streak of study days"},
    "cmd_banks": {"zh": "查看并选择题库", "en": "List the banks and choose"},
    "cmd_lang": {"zh": "切换语言 / Language", "en": "Language / 切换语言"},
    "cmd_settings": {"zh": "查看与修改设置", "en": "Show and change the settings"},
    "cmd_report": {"zh": "反馈上一题答案有误：/report [说明]", "en": "Flag the last question's key: /report [note]"},
    "streak": {
        "zh": "🔥 当前连续：<b>{current}</b> 天\n🏆 最长连续：{longest} 天\n🧊 补签卡：{freezes} 张\n{today}",
        "en": "🔥 Current streak: <b>{current}</b> {current:day|days}\n🏆 Longest: {longest} {longest:day|days}\n"
        "🧊 Freezes: {freezes}\n{today}",
    },
    "streak_today_done": {"zh": "今天已经练习过了 ✅", "en": "Done for today ✅"},
    "streak_at_risk": {
        "zh": "今天还没练习：答一题就能保住连续天数！/quiz",
        "en": "Not practised today yet: answer one question to keep the streak! /quiz",
    },
    "streak_start": {
        "zh": "今天答一题，开始新的连续记录：/quiz",
        "en": "Answer one question today to start a streak: /quiz",
    },
    "banks_header": {"zh": "<b>题库</b>", "en": "<b>Question banks</b>"},
    "banks_line": {
        "zh": "{mark} <code>{id}</code> {title}（{language} · {n} 题）",
        "en": "{mark} <code>{id}</code> {title} ({language} · {n} {n:question|questions})",
    },
    "banks_now": {"zh": "当前练习：{banks}", "en": "Practising: {banks}"},
    "banks_now_plain": {"zh": "当前练习：{banks}", "en": "Practising: {banks}"},
    "banks_all": {"zh": "全部题库", "en": "every bank"},
    "banks_hint": {
        "zh": "点下面的按钮选择，或发送 /banks 题库代号。",
        "en": "Tap a button below, or send /banks followed by bank ids.",
    },
    "btn_all_banks": {"zh": "全部题库", "en": "All banks"},
    "toast_unchanged": {"zh": "已经是这个设置了。", "en": "That is already the setting."},
    "lang_prompt": {"zh": "请选择语言 / Choose a language", "en": "Choose a language / 请选择语言"},
    "lang_set": {"zh": "已切换为中文。", "en": "Language set to English."},
    "lang_bad": {
        "zh": "不支持的语言：{value}。可选：zh（中文）、en（English）。",
        "en": "Unsupported language: {value}. Choose zh (中文) or en (English).",
    },
    "on": {"zh": "开", "en": "on"},
    "off": {"zh": "关", "en": "off"},
    "kinds_all": {"zh": "全部题型", "en": "every kind"},
    "sub_at": {"zh": "每天 {hhmm}（{tz}）", "en": "daily at {hhmm} ({tz})"},
    "settings": {
        "zh": "<b>设置</b>\n语言：{language}\n时区：{tz}\n题库：{banks}\n题型：{kinds}\n投票模式：{poll}\n"
        "每日推送：{daily}\n学习提醒：{remind}\n\n点下面的按钮修改，或输入：/settings tz 北京，"
        "/settings kinds 单选 多选|all，/settings poll on|off",
        "en": "<b>Settings</b>\nLanguage: {language}\nTime zone: {tz}\nBanks: {banks}\nKinds: {kinds}\n"
        "Quiz polls: {poll}\nDaily question: {daily}\nReminder: {remind}\n\nTap a button below to change them, "
        "or type: /settings tz London, /settings kinds single multiple|all, /settings poll on|off",
    },
    "settings_usage": {
        "zh": "用法：\n/settings poll on|off — 选择题用投票形式\n/settings kinds 单选 多选|all — 练习的题型\n"
        "/settings tz 北京 — 时区（城市、UTC+8 或 Asia/Shanghai）",
        "en": "Usage:\n/settings poll on|off — choice questions as quiz polls\n/settings kinds single multiple|all"
        " — kinds to practise\n/settings tz London — time zone (a city, UTC+8 or Europe/Berlin)",
    },
    "report_done": {
        "zh": "谢谢！已记录对 {bank} 第 {number} 题答案的反馈（编号 {id}），会有人核对。",
        "en": "Thank you! Your report on question {number} of {bank} is recorded (#{id}) and will be checked.",
    },
    "report_none": {
        "zh": "还没有可以反馈的题目：先用 /quiz 做一题。",
        "en": "There is no question to report yet: answer one with /quiz first.",
    },
    # /stats (bot/telegram/stats.py): the caption under the picture
    "cmd_stats": {
        "zh": "学习统计图：近 12 周日历、连续天数、待复习、各题型得分率、常错题（/stats 26 看 26 周）",
        "en": "Your stats picture: 12 weeks of practice, streaks, reviews due, score per kind, most missed "
        "(/stats 26 for 26 weeks)",
    },
    "stats_total": {
        "zh": "共答 {total} 题，全对 {correct} 题，部分对 {partial} 题，得分率 {percent}",
        "en": "{total} answered, {correct} right, {partial} partly right: {percent} of the points",
    },
    "stats_none": {"zh": "还没有答题记录。", "en": "No answers yet."},
    "stats_streak": {
        "zh": "当前连续 {current} 天，最长连续 {longest} 天",
        "en": "Streak in days: current {current}, longest {longest}",
    },
    # admins (bot/telegram/admin.py): bank uploads, reports, key fixes
    "admin_only": {"zh": "只有管理员可以导入题库或处理反馈。", "en": "Only admins can import banks or handle reports."},
    "admin_more": {"zh": "……另有 {n} 条", "en": "… and {n} more"},
    "admin_line": {"zh": "第 {line} 行：", "en": "line {line}: "},
    "admin_whole": {"zh": "全文：", "en": "whole document: "},
    "admin_error": {"zh": "❌ 错误", "en": "❌ error"},
    "admin_warning": {"zh": "⚠️ 警告", "en": "⚠️ warning"},
    "admin_malformed": {
        "zh": "无法导入 {file}：发现 {n} 处错误，请修改后重新发送。",
        "en": "Cannot import {file}: {n} {n:error|errors} found. Fix them and send the file again.",
    },
    "admin_too_big": {
        "zh": "无法导入 {file}：{why}。什么都没有改变。",
        "en": "Cannot import {file}: {why}. Nothing was changed.",
    },
    "admin_imported": {
        "zh": "已导入题库 <b>{id}</b>（{title}），来自 {file}：共 {n} 题（{counts}）。",
        "en": "Imported bank <b>{id}</b> ({title}) from {file}: {n} {n:question|questions} ({counts}).",
    },
    "admin_replaced": {"zh": "它替换了原有的同名题库。", "en": "It replaces the earlier bank of that id."},
    "admin_unwritable": {
        "zh": "无法保存题库：文件夹 {folder} 不可写（{why}）。请把 STUDYBOT_BANKS 设为可写的文件夹。",
        "en": "Cannot save the bank: the folder {folder} is not writable ({why}). "
        "Point STUDYBOT_BANKS at a writable folder.",
    },
    "admin_save_failed": {
        "zh": "无法保存题库 {id}：写入 {folder} 时出错（{why}）。什么都没有改变：原有题库文件保持原样。",
        "en": "Cannot save the bank {id}: writing to {folder} failed ({why}). Nothing was changed: "
        "the bank files are as they were.",
    },
    "admin_live": {"zh": "新题库已生效。", "en": "The bank is live now."},
    "reports_none": {"zh": "目前没有待处理的反馈。", "en": "There are no open reports."},
    "reports_header": {"zh": "<b>待处理的答案反馈：{n} 条</b>", "en": "<b>Open reports on answer keys: {n}</b>"},
    "reports_item": {
        "zh": "{i}. <code>{bank} {qid}</code> — {n} 条反馈（{ids}）",
        "en": "{i}. <code>{bank} {qid}</code> — {n} {n:report|reports} ({ids})",
    },
    "reports_gone": {"zh": "（这道题已不在题库中）", "en": "(the question is no longer in its bank)"},
    "reports_key": {"zh": "当前答案：{answer}", "en": "Current key: {answer}"},
    "reports_actions": {
        "zh": "更正：<code>/fixkey {bank} {qid} 新答案</code>\n忽略：<code>/dismiss {first}</code> 或 "
        "<code>/dismiss {bank} {qid}</code>（全部）",
        "en": "Fix: <code>/fixkey {bank} {qid} NEW_KEY</code>\nDismiss: <code>/dismiss {first}</code> "
        "or <code>/dismiss {bank} {qid}</code> (all)",
    },
    "fixkey_usage": {
        "zh": "用法：/fixkey 题库 题号 新答案，例如 /fixkey law single-3 B（填空题多个空用“；”分隔）",
        "en": "Usage: /fixkey BANK QUESTION NEW_KEY, e.g. /fixkey law single-3 B (fill-in: separate blanks with '；')",
    },
    "fixkey_done": {
        "zh": "已更正 <code>{bank} {qid}</code> 的答案：{old} → {new}。之后的作答按新答案判分；已处理 {n} 条反馈。",
        "en": "Fixed the key of <code>{bank} {qid}</code>: {old} → {new}. Later answers are graded "
        "by the new key; {n} {n:report|reports} resolved.",
    },
    "dismiss_usage": {
        "zh": "用法：/dismiss 反馈编号，或 /dismiss 题库 题号",
        "en": "Usage: /dismiss REPORT_ID, or /dismiss BANK QUESTION",
    },
    "dismiss_none": {"zh": "{what} 没有待处理的反馈。", "en": "No open report for {what}."},
    "dismiss_done": {"zh": "已忽略 {what} 的 {n} 条反馈。", "en": "Dismissed {n} {n:report|reports} of {what}."},
    # ----- daily pushes, reminders, announcements (bot/telegram/subscriptions.py) -----
    "cmd_subscribe": {
        "zh": "每日推送：/subscribe [HH:MM] [时区] [题数]",
        "en": "Daily questions: /subscribe [HH:MM] [TZ] [N]",
    },
    "cmd_unsubscribe": {"zh": "取消每日推送", "en": "Stop the daily questions"},
    "cmd_remind": {
        "zh": "晚间打卡提醒：/remind HH:MM，或 /remind off",
        "en": "Evening streak reminder: /remind HH:MM, or off",
    },
    "cmd_announce": {"zh": "（管理员）给所有订阅者发公告", "en": "(admins) Announce to every subscriber"},
    "cmd_reports": {"zh": "（管理员）查看被反馈有误的答案", "en": "(admins) Keys learners flagged as wrong"},
    "cmd_fixkey": {
        "zh": "（管理员）修正答案：/fixkey 题库 题号 答案",
        "en": "(admins) Fix a key: /fixkey BANK QUESTION KEY",
    },
    "cmd_dismiss": {"zh": "（管理员）关闭反馈：/dismiss 编号", "en": "(admins) Close a report: /dismiss ID"},
    "sub_done": {
        "zh": "已订阅：每天 {time}（{tz}）推送 {n} 道题。下一次：{next}。\n发送 /unsubscribe 取消。",
        "en": "Subscribed: {n} {n:question|questions} every day at {time} ({tz}). Next: {next}.\n"
        "Send /unsubscribe to stop.",
    },
    "sub_group_done": {
        "zh": "本群已订阅每日一题：每天 {time}（{tz}）推送 {n} 道题。下一次：{next}。",
        "en": "This group gets {n} daily {n:question|questions} at {time} ({tz}). Next: {next}.",
    },
    "sub_usage": {
        "zh": "{problem}\n用法：<code>/subscribe [HH:MM] [时区] [题数]</code>\n"
        "例如：<code>/subscribe 08:30 Asia/Shanghai 3</code> 或 <code>/subscribe 21:00 UTC+8</code>\n"
        "默认 09:00、你的时区、1 道题。",
        "en": "{problem}\nUsage: <code>/subscribe [HH:MM] [TZ] [N]</code>\n"
        "e.g. <code>/subscribe 08:30 Europe/Berlin 3</code> or <code>/subscribe 21:00 UTC-5</code>\n"
        "Defaults: 09:00, your time zone, 1 question.",
    },
    "remind_usage": {
        "zh": "{problem}\n用法：<code>/remind HH:MM [时区]</code>，例如 <code>/remind 20:30</code>；"
        "关闭：<code>/remind off</code>",
        "en": "{problem}\nUsage: <code>/remind HH:MM [TZ]</code>, e.g. <code>/remind 20:30</code>; "
        "to stop: <code>/remind off</code>",
    },
    "arg_bad_count": {"zh": "“{arg}”题数不对：每天 1 到 50 道题。", "en": '"{arg}": the count must be 1 to 50.'},
    "arg_twice": {
        "zh": "“{arg}”重复了：时间、时区、题数各写一次。",
        "en": '"{arg}" repeats: give the time, zone and count once each.',
    },
    "arg_missing_time": {"zh": "缺少提醒时间。", "en": "The reminder time is missing."},
    "sub_admins_only": {
        "zh": "只有群管理员可以设置本群的每日一题。",
        "en": "Only the group's admins can set its daily question.",
    },
    "unsub_done": {
        "zh": "已取消每日推送。随时可以用 /subscribe 重新订阅。",
        "en": "Daily questions stopped. /subscribe starts them again.",
    },
    "unsub_none": {
        "zh": "你还没有订阅每日推送。发送 /subscribe 订阅。",
        "en": "There is no daily subscription here. Send /subscribe to start one.",
    },
    "remind_done": {
        "zh": "好的：每天 {time}（{tz}），如果你当天还没练习、连续打卡快要中断，我会提醒你一次。\n关闭：/remind off",
        "en": "OK: at {time} ({tz}) each day, if you have not practised yet and your streak is at "
        "risk, I will remind you once.\nTo stop: /remind off",
    },
    "remind_off": {"zh": "已关闭晚间提醒。", "en": "Evening reminder switched off."},
    "remind_none": {"zh": "你没有开启晚间提醒。", "en": "You have no evening reminder."},
    "remind_push": {
        "zh": "🔥 你已连续打卡 {n} 天，今天还没练习。点下面的按钮（或发送 /quiz）做一道题，保持连续！",
        "en": "🔥 Your streak is {n} {n:day|days} and you have not practised today. Tap below (or send /quiz) "
        "for a question to keep it going!",
    },
    "announce_usage": {"zh": "用法：<code>/announce 公告内容</code>", "en": "Usage: <code>/announce TEXT</code>"},
    "announce_not_admin": {"zh": "只有管理员可以发公告。", "en": "Only admins can send announcements."},
    "announce_queued": {
        "zh": "公告 #{id} 已排队，将按推送节奏发给 {n} 个订阅的聊天。",
        "en": "Announcement #{id} queued for {n} subscribed {n:chat|chats}, at the push pace.",
    },
    "announce_done": {
        "zh": "公告 #{id} 发送完毕：成功 {sent}，失败 {failed}，不确定 {uncertain}。",
        "en": "Announcement #{id} done: {sent} sent, {failed} failed, {uncertain} uncertain.",
    },
    # group quiz (bot/telegram/groups.py)
    "cmd_reveal": {
        "zh": "提前揭晓本群当前的题目（出题人或管理员）",
        "en": "Reveal the group's open question now (who asked, or an admin)",
    },
    "cmd_top": {"zh": "本群排行榜：/top [today|week|all]", "en": "The group's leaderboard: /top [today|week|all]"},
    "group_footer": {"zh": "⏱ {seconds} 秒后揭晓，每人答一次", "en": "⏱ Revealed in {seconds} s, one answer each"},
    "group_footer_until": {"zh": "⏱ {until} 截止，每人答一次", "en": "⏱ Open until {until}, one answer each"},
    "group_hint_buttons": {"zh": "点按钮或回复本消息作答", "en": "tap a button or reply to this message"},
    "group_hint_reply": {"zh": "回复本消息作答", "en": "reply to this message to answer"},
    "group_count": {"zh": "👥 已有 {n} 人作答", "en": "👥 {n} answered"},
    "group_closed_footer": {"zh": "🔒 已揭晓 · {n} 人作答", "en": "🔒 Revealed · {n} answered"},
    "group_points": {"zh": "+{points} 分", "en": "+{points} {points:point|points}"},
    "group_seconds": {"zh": "{s} 秒", "en": "{s} s"},
    "group_more": {"zh": "等另外 {n} 人", "en": "and {n} more"},
    "group_result_title": {"zh": "🏁 <b>揭晓</b>", "en": "🏁 <b>Result</b>"},
    "group_gone": {"zh": "这道题已从题库中移除。", "en": "This question is no longer in its bank."},
    "group_nobody": {"zh": "这次没有人作答。", "en": "Nobody answered this time."},
    "group_right": {"zh": "✅ 答对（{n}）：", "en": "✅ Right ({n}): "},
    "group_partial": {"zh": "🟡 部分正确（{n}）：", "en": "🟡 Partly right ({n}): "},
    "group_wrong": {"zh": "❌ 答错（{n}）：", "en": "❌ Wrong ({n}): "},
    "group_still_open": {
        "zh": "上面这道题还没揭晓（还剩 {seconds} 秒），先答它吧。",
        "en": "This question is still open ({seconds} s left): answer it first.",
    },
    "group_slow_down": {
        "zh": "出题太快了，请 {seconds} 秒后再试。",
        "en": "Questions come too fast here; try again in {seconds} s.",
    },
    "group_nothing_open": {
        "zh": "现在没有进行中的题目。发送 /quiz 出一道题。",
        "en": "No question is open now. Send /quiz for one.",
    },
    "group_reveal_refused": {
        "zh": "只有出题的人或群管理员可以提前揭晓；时间到了会自动揭晓。",
        "en": "Only the member who asked or a group admin can reveal early; it is revealed by itself when time is up.",
    },
    "group_members_only": {"zh": "只有本群成员的回答才计分。", "en": "Only the group's members' answers count."},
    "group_toast_open": {"zh": "上一题还没揭晓，先答它吧。", "en": "The last question is still open: answer it first."},
    "group_toast_slow": {"zh": "出题太快了，请稍后再试。", "en": "Too fast: try again in a little while."},
    "top_title": {"zh": "🏆 <b>本群排行榜</b>", "en": "🏆 <b>Leaderboard</b>"},
    "top_today": {"zh": "<b>今天</b>", "en": "<b>Today</b>"},
    "top_week": {"zh": "<b>本周</b>", "en": "<b>This week</b>"},
    "top_all": {"zh": "<b>总榜</b>", "en": "<b>All time</b>"},
    "top_empty": {"zh": "还没有人得分。", "en": "No points yet."},
    "top_row": {
        "zh": "{rank} {name} — {points} 分（答对 {correct}/{answered}）",
        "en": "{rank} {name} — {points} {points:point|points} ({correct}/{answered} right)",
    },
    "top_usage": {
        "zh": "“{arg}”不是排行榜的时段：请写 today（今天）、week（本周）或 all（总榜）。",
        "en": '"{arg}" is not a leaderboard period: write today, week or all.',
    },
    # ----- practice sessions and the question meant (bot/telegram/practice.py, quiz.py: issue 16, 1-2) -----
    "session_header_push": {"zh": "☀️ <b>今日练习 {n}/{total}</b>", "en": "☀️ <b>Today's practice {n}/{total}</b>"},
    "session_header_quiz": {"zh": "📝 <b>练习 {n}/{total}</b>", "en": "📝 <b>Practice {n}/{total}</b>"},
    "session_header_timer": {"zh": " · ⏱ 限时 {s} 秒", "en": " · ⏱ {s} s to answer"},
    "session_summary_push": {
        "zh": "🏁 今日练习完成：答对 {right}/{total}，得分 {percent}%",
        "en": "🏁 Today's practice done: {right}/{total} right, score {percent}%",
    },
    "session_summary_quiz": {
        "zh": "🏁 练习完成：答对 {right}/{total}，得分 {percent}%",
        "en": "🏁 Practice done: {right}/{total} right, score {percent}%",
    },
    "session_summary_timeouts": {"zh": " · ⏰ 超时 {n} 题", "en": " · ⏰ {n} timed out"},
    "session_summary_streak": {"zh": " · 🔥 连续 {days} 天", "en": " · 🔥 {days}-day streak"},
    "session_timeout": {
        "zh": "⏰ 时间到：{label} 没有作答，不计分。",
        "en": "⏰ Time is up: {label} was not answered and does not count.",
    },
    "answer_label": {"zh": "<b>第 {n} 题 · {kind}</b>", "en": "<b>Question {n} · {kind}</b>"},
    "label_single": {"zh": "单选题", "en": "Single choice"},
    "label_multiple": {"zh": "多选题", "en": "Multiple choice"},
    "label_true_false": {"zh": "判断题", "en": "True/false"},
    "label_fill": {"zh": "填空题", "en": "Fill-in"},
    "label_case": {"zh": "案例分析题", "en": "Case analysis"},
    "practice_bad_count": {
        "zh": "“{word}”：一次练习可以有 1 到 {most} 题。\n"
        "用法：/quiz [题数] [计时 秒数] [题型] [题库]，例如 /quiz 10 计时 30",
        "en": '"{word}": a practice round holds 1 to {most} {most:question|questions}.\n'
        "Usage: /quiz [count] [timer seconds] [kind] [bank], e.g. /quiz 10 timer 30",
    },
    "practice_bad_seconds": {
        "zh": "“{word}”：每题限时要在 {least} 到 {most} 秒之间，例如 /quiz 10 计时 30",
        "en": '"{word}": the time per question must be {least} to {most} {most:second|seconds}, e.g. /quiz 10 timer 30',
    },
    "practice_bad_timer": {
        "zh": "“{word}”：计时后面要写每题的秒数，例如 /quiz 10 计时 30",
        "en": '"{word}": write the seconds per question after the timer word, e.g. /quiz 10 timer 30',
    },
    # group settings (bot/telegram/groups.py)
    "group_settings": {
        "zh": "<b>本群设置</b>\n语言：{language}\n每日一题截止：{close}\n投票模式：{poll}\n每日一题：{daily}\n\n"
        "管理员可以修改：/settings lang zh|en，/settings close 22:00，/settings poll on|off，"
        "/subscribe HH:MM [时区]，/unsubscribe",
        "en": "<b>Group settings</b>\nLanguage: {language}\nDaily question open until: {close}\nQuiz polls: {poll}\n"
        "Daily question: {daily}\n\nAdmins can change them: /settings lang zh|en, /settings close 22:00, "
        "/settings poll on|off, /subscribe HH:MM [TZ], /unsubscribe",
    },
    "group_settings_usage": {
        "zh": "用法：/settings 查看本群设置；管理员可以修改：\n/settings lang zh|en — 本群的语言\n"
        "/settings close 22:00 — 每日一题的截止时间（当地时间；下一次推送前总会截止）\n"
        "/settings poll on|off — 本群的选择题和判断题用投票形式",
        "en": "Usage: /settings shows the group's settings; admins can change them:\n/settings lang zh|en — the "
        "group's language\n/settings close 22:00 — when the daily question closes (local time; always before "
        "the next push)\n/settings poll on|off — choice and true/false questions as quiz polls in this group",
    },
    "group_settings_admins_only": {
        "zh": "抱歉，只有群管理员可以修改本群设置；/settings 人人都能查看。",
        "en": "Sorry, only the group's admins can change its settings; anyone can see them with /settings.",
    },
    # teachers in the chat (bot/telegram/admin.py): an upload's preview and confirmation, deleting a bank
    "help_admin_upload": {
        "zh": "发送文件即可导入题库（{formats}）：先看预览，确认后才生效；同名题库会被替换。",
        "en": "Send a document to import it as a bank ({formats}): you see a preview, and it goes live only "
        "when you confirm; a bank of the same title is replaced.",
    },
    "upload_preview_head": {
        "zh": "📄 {file} → 题库 <code>{id}</code>（{title}）",
        "en": "📄 {file} → bank <code>{id}</code> ({title})",
    },
    "upload_new_bank": {"zh": "这将新建题库 <code>{id}</code>。", "en": "This adds the new bank <code>{id}</code>."},
    "upload_replaces": {
        "zh": "将替换题库「{title}」（现有 {n} 题）。",
        "en": "This replaces the bank “{title}” (now {n} {n:question|questions}).",
    },
    "upload_samples": {
        "zh": "<b>示例：学员看到的样子</b>",
        "en": "<b>Samples, as learners will see them</b>",
    },
    "upload_key": {"zh": "答案：{answer}", "en": "Key: {answer}"},
    "upload_ask": {
        "zh": "确认后才会生效，在此之前什么都不会改变。",
        "en": "Nothing changes until you confirm.",
    },
    "btn_upload_confirm": {"zh": "导入 {n} 题", "en": "Import {n} {n:question|questions}"},
    "btn_cancel": {"zh": "取消", "en": "Cancel"},
    "upload_cancelled": {
        "zh": "已取消导入 {file}：什么都没有改变。",
        "en": "The import of {file} is cancelled: nothing was changed.",
    },
    "upload_stale": {
        "zh": "这次导入已经确认、取消或过期了。要导入请重新发送文件。",
        "en": "This import was already confirmed, cancelled or has expired. Send the document again to import it.",
    },
    "upload_queued": {
        "zh": "{file} 已排队：前面还有 {n} 个文件，轮到时就开始读取。",
        "en": "{file} is queued: {n} {n:document is|documents are} ahead of it; reading starts at its turn.",
    },
    "upload_busy": {
        "zh": "现在已有 {n} 个文件在排队等待读取，请过几分钟再发送 {file}。",
        "en": "{n} documents are waiting to be read already; send {file} again in a few minutes.",
    },
    "upload_applying": {
        "zh": "这次导入已确认，正在生效，完成后会告诉你。",
        "en": "This import is confirmed and being put live; you will be told when it is done.",
    },
    "upload_done_already": {"zh": "这次导入已经完成。", "en": "This import is done already."},
    "upload_resumed": {
        "zh": "机器人重启前你确认的导入现已完成：",
        "en": "The import you confirmed before the bot restarted is done now:",
    },
    "upload_resume_failed": {
        "zh": "机器人重启前你确认的 {file} 导入失败（{why}）。请重新发送文件。",
        "en": "The import of {file} you confirmed before the bot restarted failed ({why}). Send the document again.",
    },
    "upload_not_yours": {
        "zh": "只有发送这个文件的管理员可以确认或取消。",
        "en": "Only the admin who sent the document can confirm or cancel it.",
    },
    "upload_lint_bank": {
        "zh": "本题库检查：{errors} 个错误，{warnings} 个警告。",
        "en": "Lint of this bank: {errors} {errors:error|errors}, {warnings} {warnings:warning|warnings}.",
    },
    "upload_lint_others": {
        "zh": "其他题库另有 {n} 条检查结果（studybot lint 查看）。",
        "en": "Other banks: {n} more findings (see studybot lint).",
    },
    "bank_admin_header": {
        "zh": "<b>管理员：删除题库</b>（会先请你确认）",
        "en": "<b>Admin: delete a bank</b> (you will be asked to confirm)",
    },
    "btn_delete_bank": {"zh": "🗑 删除 {title}", "en": "🗑 Delete {title}"},
    "delete_ask": {
        "zh": "删除题库「{title}」（<code>{id}</code>，{n} 题）？\n学员的答题记录会保留；选了这个题库的学员和推送"
        "改为练习其余所选题库（只选了它的改为全部题库）。",
        "en": "Delete the bank “{title}” (<code>{id}</code>, {n} {n:question|questions})?\nLearners' history stays; "
        "learners and pushes that chose it practise their other chosen banks (every bank if it was the only one).",
    },
    "btn_delete_confirm": {"zh": "删除 {n} 题", "en": "Delete {n} {n:question|questions}"},
    "delete_done": {
        "zh": "已删除题库「{title}」（<code>{id}</code>），文件 {file} 已移除。学员的答题记录保留。",
        "en": "Deleted the bank “{title}” (<code>{id}</code>); the file {file} is removed. Learners' history stays.",
    },
    "delete_moved": {
        "zh": "{learners} 位学员、{subscriptions} 个推送选过它：已改为其余所选题库（只选了它的改为全部题库）。",
        "en": "{learners} {learners:learner|learners} and {subscriptions} {subscriptions:push|pushes} had chosen it: "
        "they now practise their other chosen "
        "banks (every bank if it was the only one).",
    },
    "delete_kept": {"zh": "题库「{title}」保留，没有改变。", "en": "The bank “{title}” is kept; nothing changed."},
    "delete_gone": {
        "zh": "题库 <code>{id}</code> 已经不在了（可能已被删除）。",
        "en": "The bank <code>{id}</code> is not there any more (it may have been deleted already).",
    },
    "delete_failed": {
        "zh": "无法删除题库文件：{why}。题库照常使用，没有改变。",
        "en": "Cannot remove the bank file: {why}. The bank is served as before; nothing changed.",
    },
    # ----- tap first: /start buttons, the settings menu, deep links, times and places as typed
    # (bot/telegram/menus.py, bot/telegram/subscriptions.py, bot/zones.py) -----
    "start_private": {
        "zh": "你好，{name}！我是刷题助手：每次出一道题，答完立刻判分并讲解。\n"
        "点下面的按钮开始（或发送 /quiz），/help 查看全部命令。",
        "en": "Hi {name}! I am a study assistant: one question at a time, graded and explained at once.\n"
        "Tap a button below to begin (or send /quiz), /help for every command.",
    },
    "btn_practice": {"zh": "📝 练习", "en": "📝 Practice"},
    "btn_banks": {"zh": "📚 题库", "en": "📚 Banks"},
    "btn_daily": {"zh": "☀️ 每日推送", "en": "☀️ Daily"},
    "btn_settings": {"zh": "⚙️ 设置", "en": "⚙️ Settings"},
    "btn_back": {"zh": "« 返回", "en": "« Back"},
    "btn_lang": {"zh": "🌐 语言", "en": "🌐 Language"},
    "btn_tz": {"zh": "🕒 时区", "en": "🕒 Time zone"},
    "btn_kinds": {"zh": "🧩 题型", "en": "🧩 Kinds"},
    "btn_poll": {"zh": "📊 投票模式：{state}", "en": "📊 Quiz polls: {state}"},
    "btn_count": {"zh": "{n} 题", "en": "{n} q."},
    "btn_daily_off": {"zh": "⏹ 关闭每日推送", "en": "⏹ Stop the daily questions"},
    "btn_all_kinds": {"zh": "全部题型", "en": "Every kind"},
    "btn_one_question": {"zh": "📝 来一题", "en": "📝 One question"},
    "btn_open_private": {"zh": "💬 打开私聊：{command}", "en": "💬 Open the private chat: {command}"},
    "menu_lang": {"zh": "<b>语言</b>\n当前：{language}", "en": "<b>Language</b>\nNow: {language}"},
    "menu_tz": {
        "zh": "<b>时区</b>\n当前：{tz}（现在 {now}）\n点一个城市，或发送 <code>/settings tz 城市</code>"
        "（如 北京、London、UTC+8）。",
        "en": "<b>Time zone</b>\nNow: {tz} (it is {now} there)\nTap a city, or send <code>/settings tz CITY</code>"
        " (e.g. London, New York, UTC-5).",
    },
    "menu_daily": {
        "zh": "<b>每日推送</b>\n当前：{daily}，每次 {n} 题\n点一个时间订阅（时区：{tz}），或发送 "
        "<code>/subscribe 早上7点半</code> 这样的时间。",
        "en": "<b>Daily questions</b>\nNow: {daily}, {n} {n:question|questions} each day\n"
        "Tap a time to subscribe (time zone: {tz}), or "
        "send a time like <code>/subscribe 7:30am</code>.",
    },
    "menu_kinds": {
        "zh": "<b>题型</b>\n当前：{kinds}\n点一下勾选或取消。",
        "en": "<b>Kinds</b>\nNow: {kinds}\nTap to tick or untick.",
    },
    "menu_private_only": {"zh": "请在与我的私聊中使用这个按钮。", "en": "Use this button in a private chat with me."},
    "toast_saved": {"zh": "已保存 ✅", "en": "Saved ✅"},
    "toast_daily_off": {"zh": "已关闭每日推送。", "en": "Daily questions stopped."},
    "start_group": {
        "zh": "大家好！我是刷题助手。群里发送 /quiz 大家一起答题，/top 看排行榜。个人练习和设置请私聊我：",
        "en": "Hello everyone! I am a study assistant. Send /quiz here to answer together, /top for the "
        "leaderboard. For your own practice and settings, talk to me in private:",
    },
    "command_private_only_link": {
        "zh": "{command} 只能在私聊中使用：点下面的按钮打开与我的私聊，就会直接执行。",
        "en": "{command} works only in a private chat: tap the button below to open it with me, and it runs there.",
    },
    "arg_hour": {
        "zh": "看不懂时间「{arg}」：小时应在 0–23。",
        "en": 'Cannot read the time "{arg}": the hour must be 0–23.',
    },
    "arg_hour12": {
        "zh": "看不懂时间「{arg}」：写了 am/pm 时小时应在 1–12。",
        "en": 'Cannot read the time "{arg}": with am/pm the hour must be 1–12.',
    },
    "arg_minute": {
        "zh": "看不懂时间「{arg}」：分钟应在 0–59。",
        "en": 'Cannot read the time "{arg}": the minutes must be 0–59.',
    },
    "arg_time": {
        "zh": "看不懂时间「{arg}」：请写 7:30、21:00、早上7点、晚上9点半 或 9pm 这样的时间。",
        "en": 'Cannot read the time "{arg}": write it like 7:30, 21:00, 7:30am or 9pm.',
    },
    "arg_offset": {
        "zh": "看不懂时区「{arg}」：UTC 偏移应在 −12 到 +14 小时之间，分钟 0–59。",
        "en": 'Cannot read the time zone "{arg}": a UTC offset is between -12 and +14 hours.',
    },
    "arg_zone": {
        "zh": "不认识时区「{arg}」：请写城市（北京、香港、London、New York）、UTC 偏移（UTC+8）或 "
        "IANA 名称（Asia/Shanghai）。",
        "en": 'Unknown time zone "{arg}": write a city (London, New York, Tokyo), a UTC offset (UTC-5) or an '
        "IANA name (Europe/Berlin).",
    },
    "arg_unread": {
        "zh": "看不懂「{arg}」：它不是时间（如 7:30、早上7点）、时区（如 北京、UTC+8），也不是题数（1–50）。",
        "en": 'Cannot read "{arg}": it is not a time (7:30, 9pm), a time zone (London, UTC+8) or a count (1–50).',
    },
    # ----- the stats picture to act on (bot/telegram/stats.py) -----
    "btn_review": {"zh": "🔁 复习", "en": "🔁 Review"},
    "btn_missed": {"zh": "❌ 错题", "en": "❌ Mistakes"},
    "stats_kind": {"zh": "{kind} {percent}（{n} 题）", "en": "{kind} {percent} ({n} answered)"},
    "stats_no_missed": {
        "zh": "还没有答错过的题目，继续保持！发送 /quiz 再来一题。",
        "en": "Nothing missed so far: keep it up! Send /quiz for another question.",
    },
    # ----- groups: the daily question's window, the group's language, welcome, answers (bot/telegram/groups.py) -----
    "group_welcome": {
        "zh": "大家好！我是刷题助手，陪本群一起练习。\n"
        "• 发送 /quiz 出一道题：点按钮或回复题目作答，每人一次；只有一道题在进行时，直接发字母（如 B）或对/错也算。\n"
        "• 管理员：/subscribe 09:00 设置每日一题，/settings 设置语言和截止时间。\n"
        "• /top 查看排行榜。",
        "en": "Hello everyone! I am a study assistant for this group.\n"
        "• Send /quiz for a question: tap a button or reply to it, one answer each; while only one question is "
        "open, a bare letter (like B) or true/false counts too.\n"
        "• Admins: /subscribe 09:00 sets a daily question, /settings the language and closing time.\n"
        "• /top shows the leaderboard.",
    },
    "group_which_one": {
        "zh": "现在有 {n} 道题在进行：请用“回复”回答你要答的那道题。",
        "en": "{n} {n:question is|questions are} open: reply to the one you are answering.",
    },
    "group_lang_set": {"zh": "本群语言已设为中文。", "en": "The group's language is English now."},
    "group_close_set": {
        "zh": "每日一题将在每天 {time}（{tz}）截止，下一次推送前总会截止。",
        "en": "The daily question closes at {time} ({tz}) each day, and always before the next push.",
    },
    "group_answer_label": {"zh": "正确答案：", "en": "Answer: "},
    "group_reference_label": {"zh": "参考答案：", "en": "Reference answer:"},
    "group_true": {"zh": "正确", "en": "true"},
    "group_false": {"zh": "错误", "en": "false"},
    "group_explanation": {"zh": "解析：{text}", "en": "Explanation: {text}"},
    "list_sep": {"zh": "、", "en": ", "},
    "options_sep": {"zh": "；", "en": "; "},
    "top_and": {"zh": " · ", "en": " · "},
    "group_session_header": {"zh": "📚 第 {i}/{n} 题", "en": "📚 Question {i} of {n}"},
    "group_session_title": {
        "zh": "🏁 <b>本轮 {n} 题结束</b>",
        "en": "🏁 <b>The run of {n} {n:question|questions} is over</b>",
    },
    # ----- verdicts and streaks (bot/telegram/verdicts.py, bot/telegram/learner.py /streak) -----
    "verdict_plan_soon": {"zh": "🔁 过一会儿再考你一次", "en": "🔁 I'll ask you again in a few minutes"},
    "verdict_plan_today": {"zh": "🔁 今天晚些时候再考你一次", "en": "🔁 I'll ask you again later today"},
    "verdict_plan_tomorrow": {"zh": "🔁 明天再考你一次", "en": "🔁 I'll ask you again tomorrow"},
    "verdict_plan_days": {"zh": "🔁 {n} 天后再复习", "en": "🔁 Review again in {n} {n:day|days}"},
    "verdict_reference": {"zh": "参考答案", "en": "Reference answer"},
    "verdict_milestone": {
        "zh": "🎉 连续 {days} 天，里程碑达成！",
        "en": "🎉 {days} {days:day|days} in a row: a milestone!",
    },
    "verdict_freeze_first": {
        "zh": "🧊 你得到了第一张补签卡！哪天忘了练习，它会自动用掉，连续天数不会中断。"
        "每连续 7 天得 1 张，最多存 {most} 张。",
        "en": "🧊 You earned your first freeze! If you miss a day, it is used by itself and your streak "
        "goes on. One for every 7 days in a row, {most} at most.",
    },
    "verdict_freeze_more": {"zh": "🧊 +1 张补签卡（共 {n} 张）", "en": "🧊 +1 freeze ({n} held)"},
    "streak_freezes_help": {
        "zh": "补签卡：哪天漏练了，自动用一张，连续天数不中断；每连续 7 天得 1 张，最多 {most} 张。",
        "en": "Freezes: a missed day uses one by itself and the streak goes on; one for every 7 days in a "
        "row, {most} at most.",
    },
    "streak_milestone": {
        "zh": "🎉 连续 {days} 天，了不起！",
        "en": "🎉 {days} {days:day|days} in a row: well done!",
    },
    "streak_next_milestone": {
        "zh": "🎯 下一个里程碑：{goal} 天（还差 {left} 天）",
        "en": "🎯 Next milestone: {goal} {goal:day|days} ({left} to go)",
    },
    "bank_language_zh": {"zh": "中文", "en": "Chinese"},
    "bank_language_en": {"zh": "英文", "en": "English"},
    # ----- model help: case answers judged by a model, /why, the opt-out (bot/telegram/model_help.py) -----
    "cmd_why": {
        "zh": "上一题的答案为什么对（模型讲解）",
        "en": "Why the key of your last question is right (explained by a model)",
    },
    "btn_why": {"zh": "为什么？", "en": "Why?"},
    "why_asking": {"zh": "正在请模型讲解……", "en": "Asking the model to explain…"},
    "why_nothing_yet": {
        "zh": "你还没有答过题。先发 /quiz 答一道题，再发 /why。",
        "en": "You have not answered a question yet. Send /quiz, answer it, then send /why.",
    },
    "why_gone": {"zh": "这道题已从题库中移除，无法讲解。", "en": "That question is no longer in its bank."},
    "why_bank": {"zh": "📖 题库解析：\n{text}", "en": "📖 The bank's explanation:\n{text}"},
    "why_failed": {
        "zh": "模型暂时没能给出讲解，请稍后再试。",
        "en": "The model could not explain it just now; please try again later.",
    },
    "why_off": {
        "zh": "这里没有开启模型讲解，这道题的题库也没有解析。",
        "en": "Explanations by a model are not switched on here, and the bank has none for this question.",
    },
    "ai_grading_state": {
        "zh": "案例分析题由模型按要点评分：{state}",
        "en": "Case answers judged by a model: {state}",
    },
    "ai_grading_on": {
        "zh": "已开启：你的案例分析题回答会发送给模型（{model}）按要点评分；模型没能评分时仍按规则评分。"
        "关闭：/settings ai off",
        "en": "On: your answers to case questions are sent to the model ({model}), which judges them point "
        "by point; when it cannot, the rules grade them. To stop: /settings ai off",
    },
    "ai_grading_off": {
        "zh": "已关闭：你的回答不会再发送给模型，案例分析题按规则评分。重新开启：/settings ai on",
        "en": "Off: your answers are no longer sent to a model; case questions are graded by the rules. "
        "To switch it back on: /settings ai on",
    },
    "ai_settings_usage": {
        "zh": "用法：/settings ai on|off — 案例分析题的回答是否发送给模型按要点评分",
        "en": "Usage: /settings ai on|off — whether your answers to case questions are sent to a model to be "
        "judged point by point",
    },
    "btn_ai_on": {"zh": "🤖 开启模型评分", "en": "🤖 Model grading on"},
    "btn_ai_off": {"zh": "🤖 关闭模型评分", "en": "🤖 Model grading off"},
    "btn_ai_read": {"zh": "🤖 AI 补读", "en": "🤖 Read the rest with AI"},
    "ai_read_gone": {
        "zh": "这份文件已不能再交给模型补读（已确认、取消，或机器人重启过）。请重新发送文件。",
        "en": "This document can no longer be read further by the model (confirmed, cancelled, or the bot "
        "restarted). Send the document again.",
    },
    "ai_read_still_out": {"zh": "仍未导入 {n} 题：", "en": "{n} {n:question|questions} still left out:"},
    "ai_read_confirm": {
        "zh": "模型读出的题目要经你确认后才会导入；请对照原文核对答案。",
        "en": "What the model read is imported only when you confirm; check the keys against the document.",
    },
    # ----- scenarios across features: /quiz's usage in a group (no timer there: the group's own pace)
    "group_quiz_bad_args": {
        "zh": "看不懂这些参数：{words}\n用法：/quiz [题数] [题型] [题库] [poll]（群里的题按本群的节奏揭晓，"
        "计时只在私聊）\n题型：单选 多选 判断 填空 案例\n题库：{banks}",
        "en": "These arguments are not understood: {words}\nUsage: /quiz [count] [kind] [bank] [poll] (a group's "
        "questions are revealed at the group's pace; timers are for private chats)\n"
        "Kinds: single multiple truefalse fill case\nBanks: {banks}",
    },
}


def lang_of(language_code: str | None) -> Lang:
    """Telegram's language_code, or a stored language, to zh/en: English for en*, Chinese for everything else."""
    if language_code and language_code.lower().startswith("en"):
        return "en"
    return "zh"


class _Formatter(string.Formatter):
    """str.format plus the plural spec ``{n:one|other}``."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, other = format_spec.partition("|")
            return plural(value, one, other)
        return super().format_field(value, format_spec)


_FORMAT = _Formatter()


class Texts:
    """The catalogue, formatted: ``texts("key", lang, **values)`` (zh when the language is unknown)."""

    def __init__(self, texts: dict[str, dict[Lang, str]] = TEXTS) -> None:
        self._texts = texts

    def __call__(self, key: str, lang: str, **values: object) -> str:
        entry = self._texts[key]
        text = entry["en"] if lang == "en" else entry["zh"]
        return _FORMAT.vformat(text, (), values) if values else text


t = Texts()  # `t("key", lang, **values)` where no context is at hand (texts built by pure functions)
