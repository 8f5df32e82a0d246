"""The teacher's desk: a small web app served by the bot itself (aiohttp, pages rendered on the server).

Opened inside Telegram as a Mini App (a WebAppInfo button; the user is who Telegram's signed initData
says) or in a browser through /panel's one-time sign-in link; either way a session cookie then. Every
page and action checks the admin list; every form carries the session's CSRF token. It reaches the data
only through the engine (bot.study: the desk, its access rules, the bank shelf) and imports no other
front end.
"""
