"""Grading of every kind of answer (pure: no Telegram, no database)."""
