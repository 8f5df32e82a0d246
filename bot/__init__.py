"""studybot: a Telegram study assistant."""

__version__ = "0.1.0"
