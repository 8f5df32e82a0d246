"""`python -m bot` is the same as the `studybot` command."""

import sys

from bot.cli import main

sys.exit(main())
