"""The `studybot` command: one subcommand per task, each in a module of this package.

The commands are the composition root's other half (with bot/app.py): they read the settings and build
what a task needs; the layers below are handed what they need and read no settings themselves.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

__all__ = ["build_parser", "main"]

# subcommand -> "module:function"; the function takes the parsed args and returns an exit code.
COMMANDS: dict[str, str] = {
    "run": "bot.cli.run:cmd_run",
    "practice": "bot.cli.practice:cmd_practice",
    "import": "bot.cli.banks:cmd_import",
    "export": "bot.cli.banks:cmd_export",
    "lint": "bot.cli.banks:cmd_lint",
    "explain": "bot.cli.explain:cmd_explain",
    "grade": "bot.cli.grade:cmd_grade",
    "backup": "bot.cli.backup:cmd_backup",
    "answers": "bot.cli.answers:cmd_answers",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="studybot", description="A Telegram study assistant.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="start the Telegram bot (long polling, or a webhook)")
    run.add_argument("--webhook", metavar="URL", help="serve a webhook at this public URL instead of polling")
    run.add_argument("--port", type=int, default=8443, help="port the webhook server listens on")
    run.add_argument("--listen", default="0.0.0.0", help="address the webhook server binds")

    practice = sub.add_parser("practice", help="a practice session in the terminal, no Telegram needed")
    practice.add_argument("--bank", action="append", help="bank id (repeatable); default all banks")
    practice.add_argument("--kind", action="append", help="single, multiple, truefalse, fill, case")
    practice.add_argument("-n", type=int, default=5, help="number of questions (default 5)")
    practice.add_argument("--learner", type=int, default=0, help="learner id to practise as (default 0)")

    imp = sub.add_parser("import", help="import exam documents into bank files")
    imp.add_argument("files", nargs="+", metavar="FILE", help=".txt .md .docx .pdf .xlsx .csv")
    imp.add_argument("--out", default="data/banks", help="folder for the bank JSON files")
    imp.add_argument("--simplified", action="store_true", help="convert traditional script to simplified")
    imp.add_argument("--id", dest="bank_id", help="bank id (one FILE only); default from the file name")
    imp.add_argument("--strict", action="store_true", help="fail (write nothing) when any question is left out")
    imp.add_argument(
        "--preview", action="store_true", help="print the first question of each section as learners see it"
    )
    imp.add_argument(
        "--ai", action="store_true", help="send the passages of left-out questions to the model (STUDYBOT_AI_URL)"
    )

    export = sub.add_parser("export", help="render a bank back to the exam text format or a question sheet")
    export.add_argument("bank", metavar="BANK", help="a bank file or bank id")
    export.add_argument("-o", "--output", help="write to this file instead of standard output")
    export.add_argument(
        "--format",
        choices=["text", "xlsx", "csv"],
        help="text (default), or a question sheet: xlsx or csv (default from the -o file's suffix)",
    )

    lint = sub.add_parser("lint", help="check banks within and across each other")
    lint.add_argument("banks", nargs="*", metavar="BANK", help="bank files or ids; default all")

    explain = sub.add_parser("explain", help="a model drafts explanations into a bank, for a teacher to review")
    explain.add_argument("bank", metavar="BANK", help="a bank file or bank id")
    explain.add_argument(
        "--missing-only", action="store_true", help="only questions with no explanation (not earlier drafts)"
    )
    explain.add_argument("--lang", choices=["zh", "en"], default="zh", help="language of the explanations")

    grade = sub.add_parser("grade", help="grade one reply and print the verdict as JSON")
    grade.add_argument("bank", metavar="BANK", help="a bank file or bank id")
    grade.add_argument("question", metavar="QUESTION", help="question id")
    grade.add_argument("reply", metavar="REPLY")

    backup = sub.add_parser("backup", help="copy the database safely while the bot runs")
    backup.add_argument("path", metavar="PATH")

    answers = sub.add_parser(
        "answers", help="what learners answered, as CSV: per question the most common replies not graded right"
    )
    answers.add_argument("banks", nargs="*", metavar="BANK", help="bank ids; default every bank")
    answers.add_argument("-o", "--output", help="write to this file (UTF-8 for Excel) instead of standard output")
    answers.add_argument("--top", type=int, default=5, help="replies per question, most common first (default 5)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module_name, func_name = COMMANDS[args.command].split(":")
    func = getattr(importlib.import_module(module_name), func_name)
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
