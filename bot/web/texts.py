"""The teacher's desk's words, in Chinese and English (key -> zh, en); a page asks `t(key, **values)`."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["TEXTS", "both", "translator"]

TEXTS: dict[str, tuple[str, str]] = {
    "desk": ("教师台", "Teacher's desk"),
    "nav_imports": ("导入审核", "Imports"),
    "nav_banks": ("题库", "Banks"),
    "nav_answers": ("作答情况", "Answers"),
    "nav_groups": ("群组", "Groups"),
    "signout": ("退出登录", "Sign out"),
    "signed_out": ("已退出登录。", "You are signed out."),
    # signing in
    "signin_title": ("登录教师台", "Sign in to the teacher's desk"),
    "signin_button": ("登录", "Sign in"),
    "signin_link_note": (
        "这个登录链接只能用一次，10 分钟内有效。",
        "This sign-in link works once, within 10 minutes.",
    ),
    "signin_link_bad": (
        "这个登录链接已用过、已过期或无效。请在机器人的私聊中发送 /panel 获取新链接。",
        "This sign-in link was used, has expired or is not valid. Send /panel to the bot for a new one.",
    ),
    "signin_needed": ("请先登录", "Please sign in"),
    "signin_checking": ("正在通过 Telegram 登录…", "Signing in through Telegram…"),
    "signin_outside": (
        "请在机器人的私聊中点 [打开教师台]，或发送 /panel 获取一次性登录链接后在浏览器中打开。",
        "Press [Open the teacher's desk] in your private chat with the bot, or send /panel for a one-time "
        "sign-in link to open in a browser.",
    ),
    "signin_no_cookie": (
        "登录成功，但这个窗口不保存登录状态（浏览器拦截了框架中的 Cookie）。请发送 /panel，在浏览器中打开登录链接。",
        "Signed in, but this window does not keep the sign-in (the browser blocks cookies in frames). Send "
        "/panel and open the sign-in link in a browser.",
    ),
    "refused_not_admin": (
        "只有机器人的管理员可以使用教师台。",
        "Only the bot's admins can use the teacher's desk.",
    ),
    "refused_missing": ("没有收到 Telegram 的登录数据。", "No sign-in data from Telegram came with the request."),
    "refused_malformed": ("Telegram 的登录数据格式不对。", "The sign-in data from Telegram is malformed."),
    "refused_signature": (
        "Telegram 的登录数据签名不对：它不是 Telegram 为这个机器人签发的。",
        "The sign-in data's signature is wrong: Telegram did not sign it for this bot.",
    ),
    "refused_expired": (
        "Telegram 的登录数据已过期：请关闭教师台再重新打开。",
        "The sign-in data from Telegram has expired: close the desk and open it again.",
    ),
    "csrf_refused": (
        "这个表单已失效或不是从教师台提交的（缺少或不符的 CSRF 令牌）。请刷新页面后再试。",
        "This form is stale or was not sent from the desk (missing or wrong CSRF token). Reload the page and "
        "try again.",
    ),
    "not_found": ("没有这个页面。", "There is no such page."),
    "back_home": ("回到教师台", "Back to the desk"),
    # imports
    "imports_title": ("导入审核", "Imports under review"),
    "imports_none": (
        "没有待审核的导入。在私聊中把文档发给机器人，或在下面上传。",
        "No import is waiting. Send a document to the bot in your private chat, or upload it below.",
    ),
    "imports_item": ("{file} → {id}：{n} 题，未导入 {left}", "{file} → {id}: {n} questions, {left} left out"),
    "upload_title": ("上传文档", "Upload a document"),
    "upload_file": ("文档（{formats}，最大 2 MB）", "Document ({formats}, at most 2 MB)"),
    "upload_bank_id": ("题库编号（可不填）", "Bank id (optional)"),
    "upload_button": ("上传并审核", "Upload and review"),
    "upload_missing": ("请选择一个文档。", "Choose a document."),
    "upload_malformed": ("{file} 无法导入：", "{file} cannot be imported:"),
    "draft_title": ("审核：{file}", "Review: {file}"),
    "draft_becomes": ("成为题库 {id}「{title}」", "becomes bank {id} ({title})"),
    "draft_replaces": (
        "将替换现有题库「{title}」（{n} 题）",
        "replaces the live bank {title} ({n} questions)",
    ),
    "draft_new": ("新题库", "a new bank"),
    "draft_counts": ("{n} 题 · 未导入 {left} 题", "{n} questions · {left} left out"),
    "draft_conventions": ("识别到的写法", "Conventions recognised"),
    "draft_sections": ("各部分", "Sections"),
    "draft_section": (
        "{title}：导入 {found}，未导入 {left}",
        "{title}: {found} imported, {left} left out",
    ),
    "draft_declared": ("（声明 {n} 题）", " ({n} declared)"),
    "draft_no_heading": ("（标题之前）", "(before any heading)"),
    "draft_lint": ("检查：{errors} 个错误，{warnings} 个提示", "Lint: {errors} errors, {warnings} warnings"),
    "draft_lint_clean": ("检查：没有发现问题", "Lint: nothing found"),
    "draft_publish": ("发布 {n} 题", "Publish {n} questions"),
    "draft_cancel": ("取消这份导入", "Cancel this import"),
    "draft_cancelled": ("已取消 {file} 的导入，没有任何改变。", "The import of {file} is cancelled; nothing changed."),
    "draft_show_all": ("全部", "All"),
    "draft_show_flagged": ("有问题的", "With findings"),
    "draft_questions": ("题目", "Questions"),
    "draft_left_out": ("未导入的段落", "Passages left out"),
    "draft_left_none": ("没有未导入的段落。", "Nothing was left out."),
    "draft_warnings": ("其他提示", "Other warnings"),
    "draft_source": ("原文", "Source"),
    "draft_no_source": ("（没有原文行）", "(no source lines)"),
    "draft_saved": ("已保存", "Saved"),
    "draft_added": ("已加入为 {id}", "Added as {id}"),
    "draft_add_passage": ("作为题目加入", "Add as a question"),
    "draft_line": ("第 {line} 行", "line {line}"),
    "draft_lines": ("第 {first}–{last} 行", "lines {first}–{last}"),
    "draft_remove": ("从导入中删除这道题", "Remove this question from the import"),
    "published_title": ("已发布", "Published"),
    "published_body": (
        "题库 {id}「{title}」已上线：{n} 题。",
        "Bank {id} ({title}) is live: {n} questions.",
    ),
    "published_replaced": ("它替换了同名的旧题库。", "It replaced the bank of the same id."),
    "publish_failed": (
        "无法写入题库 {id}：{why}。导入仍在等待，修复后再发布。",
        "Cannot write bank {id}: {why}. The import is still waiting: publish it again once that is fixed.",
    ),
    # question cards and forms
    "q_kind": ("题型", "Kind"),
    "q_stem": ("题干", "Stem"),
    "q_options": ("选项（每行一个：A. …）", "Options (one a line: A. …)"),
    "q_key": ("答案", "Key"),
    "q_key_help": (
        "选择题写字母；判断题写 对/错；填空题每空用“；”分隔，同一空的备选用“ 或 ”；案例题写参考答案。",
        "Choice: letters; true/false: 对 or 错 (true/false); fill-in: blanks separated by '；', alternatives "
        "by ' 或 '; case: the reference answer.",
    ),
    "q_alternates": ("其他可接受的答案（每行一个）", "Other accepted answers (one a line)"),
    "q_explanation": ("解析", "Explanation"),
    "q_edit": ("编辑", "Edit"),
    "q_save": ("保存", "Save"),
    "q_error": ("没有保存：{why}", "Not saved: {why}"),
    "q_findings": ("检查发现", "Findings"),
    "q_reports": ("{n} 条报错", "{n} reports"),
    "q_true": ("对", "true"),
    "q_false": ("错", "false"),
    # live banks
    "banks_title": ("题库", "Banks"),
    "banks_none": ("还没有题库。", "There are no banks yet."),
    "banks_item": ("{title}（{id}）：{n} 题", "{title} ({id}): {n} questions"),
    "banks_search": ("搜索题目", "Search questions"),
    "banks_search_button": ("搜索", "Search"),
    "banks_all": ("所有题库", "All banks"),
    "banks_results": ("找到 {n} 题", "{n} questions found"),
    "banks_export": ("导出", "Export"),
    "banks_delete": ("删除题库", "Delete the bank"),
    "bank_questions": ("{n} 题", "{n} questions"),
    "live_saved": (
        "已保存并上线：关闭了 {resolved} 条报错，{closed} 道未作答的旧题已关闭；之后的作答按新内容判分。",
        "Saved and live: {resolved} reports resolved, {closed} open questions closed; later answers are graded "
        "by the new text.",
    ),
    "live_remove": ("删除这道题", "Delete this question"),
    "confirm_title": ("确认删除", "Confirm the deletion"),
    "confirm_question": (
        "删除题库 {bank} 的题目 {qid}？学习者的作答记录会保留。",
        "Delete question {qid} of bank {bank}? Learners' answers stay recorded.",
    ),
    "confirm_bank": (
        "删除题库「{title}」（{id}，{n} 题）？题库文件会被删除；学习者的作答、连续天数和复习记录会保留。",
        "Delete the bank {title} ({id}, {n} questions)? Its file is removed; learners' answers, streaks and "
        "reviews stay.",
    ),
    "confirm_yes": ("确认删除", "Delete"),
    "confirm_no": ("不删除", "Keep it"),
    "deleted_question": ("已删除题目 {qid}。", "Question {qid} is deleted."),
    "deleted_bank": (
        "已删除题库「{title}」（{id}）。选过它的 {learners} 位学习者和 {subscriptions} 个推送改为其他题库。",
        "The bank {title} ({id}) is deleted. {learners} learners and {subscriptions} pushes that had chosen it "
        "now use their other banks.",
    ),
    # answers
    "answers_title": ("作答情况", "What learners answered"),
    "answers_reports": ("未处理的报错", "Open reports"),
    "answers_reports_none": ("没有未处理的报错。", "No open reports."),
    "answers_report_item": ("{bank}/{qid}：{n} 条报错", "{bank}/{qid}: {n} reports"),
    "answers_comment": ("留言", "Comment"),
    "answers_dismiss": ("答案没错，关闭报错", "The key is right: close the reports"),
    "answers_dismissed": ("已关闭 {n} 条报错。", "{n} reports closed."),
    "answers_fix": ("修改这道题", "Edit this question"),
    "answers_gone": ("（这道题已不在题库中）", "(this question is no longer served)"),
    "answers_pending": (
        "每道题的作答分布（作答次数、正确率、最常见的错误答案）和“我的答案应算对”的申诉将在评分引擎提供后显示在这里。",
        'Per question attempts, % right, the most common wrong replies, and "my answer should count" '
        "disputes appear here once the grading engine provides them.",
    ),
    # groups
    "groups_title": ("群组", "Groups"),
    "groups_none": ("机器人还没有加入任何群组。", "The bot is in no group yet."),
    "groups_left": ("（机器人已不在群里）", "(the bot has left)"),
    "group_week": ("本周（{day} 起）", "This week (since {day})"),
    "group_board": ("排行榜", "Leaderboard"),
    "group_board_none": ("本周还没有人答题。", "Nobody answered this week yet."),
    "group_board_row": ("{points} 分 · 答对 {correct}/{answered}", "{points} points · {correct}/{answered} right"),
    "group_answers": ("成员作答", "Members' answers"),
    "group_answers_none": ("本周还没有作答。", "No answers this week yet."),
    "group_daily": ("每日一题", "Daily question"),
    "group_daily_on": (
        "每天 {time}（{tz}）推送 {n} 题",
        "{n} a day at {time} ({tz})",
    ),
    "group_daily_off": ("没有订阅每日一题。", "No daily question."),
    "group_close": ("每日一题截止：{time}", "The daily question closes at {time}"),
    "group_poll": ("以投票形式出题：{on}", "Questions as quiz polls: {on}"),
    "group_language": ("语言：{lang}", "Language: {lang}"),
    "group_settings_note": (
        "群管理员在群里用 /subscribe 和 /settings 修改这些设置。",
        "The group's admins change these in the group with /subscribe and /settings.",
    ),
    "yes": ("是", "yes"),
    "no": ("否", "no"),
    "outcome_correct": ("对", "right"),
    "outcome_partial": ("部分对", "partly right"),
    "outcome_wrong": ("错", "wrong"),
}


def translator(lang: str) -> Callable[..., str]:
    """`t(key, **values)` in one language (English for 'en', else Chinese)."""
    index = 1 if lang == "en" else 0

    def t(key: str, **values: object) -> str:
        text = TEXTS[key][index]
        return text.format(**values) if values else text

    return t


def both(key: str) -> str:
    """Chinese, then English: for whoever has not signed in yet (their language is not known)."""
    zh, en = TEXTS[key]
    return f"{zh} {en}"
