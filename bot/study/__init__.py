"""The study engine: next question, answers, streaks, review cards, stats (no Telegram)."""
