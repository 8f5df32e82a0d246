"""The Telegram front end (the only package that imports `telegram`)."""

import os

# Opt in now to python-telegram-bot's coming switch of durations (retry_after, open_period...) to
# timedelta: our code reads both forms, and the library otherwise warns on every 429 it parses.
os.environ.setdefault("PTB_TIMEDELTA", "1")
