"""Every user-visible string of the Telegram front end, in Chinese (default) and English.

`t("key", lang, **values)` formats one (in a handler `context.texts`, the same catalogue);
`lang_of(language_code)` reads Telegram's language code (zh, zh-hans, en-US...) into one of ours.
Keys are grouped by feature; a feature adds its own block.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["LANGS", "TEXTS", "Lang", "Texts", "lang_of", "t"]

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
    "flood_slow_down": {
        "zh": "消息来得太快了，我只处理你最新的一条。请放慢一点，谢谢！",
        "en": "Messages are coming faster than I can answer: I will answer your latest one. "
        "Please slow down a little, thank you!",
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
    "cmd_quiz": {
        "zh": "来一道题，或一组：/quiz [题数] [计时 秒数] [题型] [题库] [poll]",
        "en": "One question, or a round: /quiz [count] [timer seconds] [kind] [bank] [poll]",
    },
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
    "cmd_settings": {"zh": "查看与修改设置", "en": "Show and change the settings"},
    "cmd_report": {"zh": "反馈上一题答案有误：/report [说明]", "en": "Flag the last question's key: /report [note]"},
    "streak": {
        "zh": "🔥 当前连续：<b>{current}</b> 天\n🏆 最长连续：{longest} 天\n🧊 补签卡：{freezes} 张\n{today}",
        "en": "🔥 Current streak: <b>{current}</b> days\n🏆 Longest: {longest} days\n🧊 Freezes: {freezes}\n{today}",
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
        "zh": "{mark} <code>{id}</code> {title}（{n} 题）",
        "en": "{mark} <code>{id}</code> {title} ({n} questions)",
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
        "zh": "学习统计图：打卡日历、连续天数、各题型正确率",
        "en": "Your stats picture: practice calendar, streaks, accuracy per kind",
    },
    "stats_total": {
        "zh": "共答 {total} 题，全对 {correct} 题，部分对 {partial} 题，正确率 {percent}",
        "en": "{total} answered, {correct} right, {partial} partly right: {percent} accuracy",
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
        "en": "Cannot import {file}: {n} errors found. Fix them and send the file again.",
    },
    "admin_too_big": {
        "zh": "无法导入 {file}：{why}。什么都没有改变。",
        "en": "Cannot import {file}: {why}. Nothing was changed.",
    },
    "admin_imported": {
        "zh": "已导入题库 <b>{id}</b>（{title}），来自 {file}：共 {n} 题（{counts}）。",
        "en": "Imported bank <b>{id}</b> ({title}) from {file}: {n} questions ({counts}).",
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
    "admin_warnings": {"zh": "导入警告 {n} 条：", "en": "{n} import warnings:"},
    "admin_lint": {
        "zh": "全部题库检查：{errors} 个错误，{warnings} 个警告。",
        "en": "Lint of every bank: {errors} errors, {warnings} warnings.",
    },
    "reports_none": {"zh": "目前没有待处理的反馈。", "en": "There are no open reports."},
    "reports_header": {"zh": "<b>待处理的答案反馈：{n} 条</b>", "en": "<b>Open reports on answer keys: {n}</b>"},
    "reports_item": {
        "zh": "{i}. <code>{bank} {qid}</code> — {n} 条反馈（{ids}）",
        "en": "{i}. <code>{bank} {qid}</code> — {n} reports ({ids})",
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
        "by the new key; {n} reports resolved.",
    },
    "dismiss_usage": {
        "zh": "用法：/dismiss 反馈编号，或 /dismiss 题库 题号",
        "en": "Usage: /dismiss REPORT_ID, or /dismiss BANK QUESTION",
    },
    "dismiss_none": {"zh": "{what} 没有待处理的反馈。", "en": "No open report for {what}."},
    "dismiss_done": {"zh": "已忽略 {what} 的 {n} 条反馈。", "en": "Dismissed {n} report(s) of {what}."},
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
        "en": "Subscribed: {n} question(s) every day at {time} ({tz}). Next: {next}.\nSend /unsubscribe to stop.",
    },
    "sub_group_done": {
        "zh": "本群已订阅每日一题：每天 {time}（{tz}）推送 {n} 道题。下一次：{next}。",
        "en": "This group gets {n} daily question(s) at {time} ({tz}). Next: {next}.",
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
    "arg_bad_time": {
        "zh": "“{arg}”不是有效的时间：请写 00:00 到 23:59 之间的 HH:MM。",
        "en": '"{arg}" is not a time: write HH:MM between 00:00 and 23:59.',
    },
    "arg_bad_zone": {
        "zh": "“{arg}”不是时区：请写 IANA 名称（如 Asia/Shanghai）或 UTC 偏移（如 UTC+8、+05:30）。",
        "en": '"{arg}" is not a time zone: write an IANA name (e.g. Europe/Berlin) or a UTC '
        "offset (e.g. UTC+8, -05:00).",
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
        "zh": "🔥 你已连续打卡 {n} 天，今天还没练习。发送 /quiz 做一道题，保持连续！",
        "en": "🔥 Your streak is {n} days and you have not practised today. Send /quiz to keep it going!",
    },
    "announce_usage": {"zh": "用法：<code>/announce 公告内容</code>", "en": "Usage: <code>/announce TEXT</code>"},
    "announce_not_admin": {"zh": "只有管理员可以发公告。", "en": "Only admins can send announcements."},
    "announce_queued": {
        "zh": "公告 #{id} 已排队，将按推送节奏发给 {n} 个订阅的聊天。",
        "en": "Announcement #{id} queued for {n} subscribed chats, at the push pace.",
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
    "group_footer_reply": {"zh": "回复本消息作答", "en": "reply to this message to answer"},
    "group_count": {"zh": "👥 已有 {n} 人作答", "en": "👥 {n} answered"},
    "group_closed_footer": {"zh": "🔒 已揭晓 · {n} 人作答", "en": "🔒 Revealed · {n} answered"},
    "group_points": {"zh": "+{points} 分", "en": "+{points} points"},
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
        "en": "{rank} {name} — {points} points ({correct}/{answered} right)",
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
        "en": '"{word}": a practice round holds 1 to {most} questions.\n'
        "Usage: /quiz [count] [timer seconds] [kind] [bank], e.g. /quiz 10 timer 30",
    },
    "practice_bad_seconds": {
        "zh": "“{word}”：每题限时要在 {least} 到 {most} 秒之间，例如 /quiz 10 计时 30",
        "en": '"{word}": the time per question must be {least} to {most} seconds, e.g. /quiz 10 timer 30',
    },
    "practice_bad_timer": {
        "zh": "“{word}”：计时后面要写每题的秒数，例如 /quiz 10 计时 30",
        "en": '"{word}": write the seconds per question after the timer word, e.g. /quiz 10 timer 30',
    },
    # group settings (bot/telegram/groups.py)
    "group_settings": {
        "zh": "<b>本群设置</b>\n投票模式：{poll}\n每日一题：{daily}\n\n管理员可以修改：/settings poll on|off，"
        "/subscribe HH:MM [时区]，/unsubscribe",
        "en": "<b>Group settings</b>\nQuiz polls: {poll}\nDaily question: {daily}\n\nAdmins can change them: "
        "/settings poll on|off, /subscribe HH:MM [TZ], /unsubscribe",
    },
    "group_settings_usage": {
        "zh": "用法：/settings 查看本群设置；/settings poll on|off — 本群的选择题和判断题用投票形式（管理员）。",
        "en": "Usage: /settings shows the group's settings; /settings poll on|off — choice and true/false "
        "questions as quiz polls in this group (admins).",
    },
    "group_settings_admins_only": {
        "zh": "抱歉，只有群管理员可以修改本群设置；/settings 人人都能查看。",
        "en": "Sorry, only the group's admins can change its settings; anyone can see them with /settings.",
    },
}


def lang_of(language_code: str | None) -> Lang:
    """Telegram's language_code, or a stored language, to zh/en: English for en*, Chinese for everything else."""
    if language_code and language_code.lower().startswith("en"):
        return "en"
    return "zh"


class Texts:
    """The catalogue, formatted: ``texts("key", lang, **values)`` (zh when the language is unknown)."""

    def __init__(self, texts: dict[str, dict[Lang, str]] = TEXTS) -> None:
        self._texts = texts

    def __call__(self, key: str, lang: str, **values: object) -> str:
        entry = self._texts[key]
        text = entry["en"] if lang == "en" else entry["zh"]
        return text.format(**values) if values else text


t = Texts()  # `t("key", lang, **values)` where no context is at hand (texts built by pure functions)
