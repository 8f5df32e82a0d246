"""`python -m bot` is the same as the `studybot` command."""

import sys

from bot.cli import main

if __name__ == "__main__":  # not when a child process of the importer's fork server re-imports the main module
    sys.exit(main())
