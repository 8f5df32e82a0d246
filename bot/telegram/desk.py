"""The teacher's desk from the chat: the [打开教师台] button (a Mini App, WebAppInfo) under an admin's
/banks, an upload's preview and /reports, and /panel's one-time sign-in link for a browser.

The pages themselves are bot/web; this front end only points at them (STUDYBOT_WEB_URL), and issues
sign-in links through the engine's desk access."""

from __future__ import annotations

import html
import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, LinkPreviewOptions, Update, WebAppInfo

from bot.telegram.context import CustomContext
from bot.telegram.texts import t

__all__ = ["desk_button", "panel_command", "with_desk_button"]

log = logging.getLogger("bot.admin")


def desk_button(context: CustomContext, lang: str, path: str = "/") -> InlineKeyboardButton | None:
    """[打开教师台] opening `path` of the desk as a Mini App; None when the desk is off or not on HTTPS
    (Telegram opens only https Mini Apps) or the sender is not an admin."""
    url = context.settings.desk_url
    if url is None or not url.startswith("https://") or not context.is_bot_admin():
        return None
    return InlineKeyboardButton(t("btn_open_desk", lang), web_app=WebAppInfo(url + path))


def with_desk_button(
    context: CustomContext, lang: str, markup: InlineKeyboardMarkup | None, path: str = "/"
) -> InlineKeyboardMarkup | None:
    """`markup` with [打开教师台] as its last row (unchanged when there is no button to give)."""
    button = desk_button(context, lang, path)
    if button is None:
        return markup
    rows = list(markup.inline_keyboard) if markup is not None else []
    return InlineKeyboardMarkup([*rows, [button]])


async def panel_command(update: Update, context: CustomContext) -> None:
    """/panel: a sign-in link to the desk (one use, 10 minutes), and the Mini App button."""
    user = update.effective_user
    if user is None:
        return
    lang = await context.lang()
    url = context.settings.desk_url
    if url is None:
        await context.reply(t("panel_off", lang))
        return
    token = await context.desk_access.issue_link(user.id)
    link = f"{url}/signin?t={token}"
    log.info("admin %d asked for a sign-in link to the desk", user.id)
    # No link preview: Telegram's preview fetches the link (the page it opens spends nothing, but why ask).
    await context.reply(
        t("panel_link", lang, link=f'<a href="{html.escape(link)}">{html.escape(link)}</a>'),
        reply_markup=with_desk_button(context, lang, None),
        link_preview_options=LinkPreviewOptions(is_disabled=True),
    )
