"""The Telegram front end (the only package that imports `telegram`)."""
