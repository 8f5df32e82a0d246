"""`studybot import`, `export` and `lint`: each takes the parsed arguments and returns an exit code."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.banks.export import export_text
from bot.banks.importer import ImportResult, import_document
from bot.banks.issues import DocumentError
from bot.banks.lint import lint_banks
from bot.banks.model import Bank, Kind, load_banks, save_bank
from bot.banks.sources import MANIFEST, options_for, read_source_document
from bot.banks.summary import preview, summary
from bot.cli.bank_files import BankNotFound, resolve_bank
from bot.config import Settings
from bot.locale import count, terminal_language

__all__ = ["cmd_export", "cmd_import", "cmd_lint"]


def _summary(bank: Bank) -> str:
    counts = bank.counts()
    parts = ", ".join(f"{kind.value} {counts[kind]}" for kind in Kind)
    return f"{count(len(bank.questions), 'question')} ({parts})"


def _report(
    path: Path, target: Path, result: ImportResult, args: argparse.Namespace, read: list[str] | None = None
) -> None:
    lang = terminal_language()
    left = len(result.left_out)
    warned = count(len(result.warnings) - left, "warning")
    print(f"{path} -> {target}: {_summary(result.bank)}, {left} left out, {warned}")
    for line in summary(result, lang)[1:]:
        print("  " + line)
    for line in read or []:  # what a model read (import --ai)
        print("  " + line)
    if args.preview:
        from bot.grading.format import format_question  # the learner's view; only for --preview

        for line in preview(result, lang, format_question):
            print("  " + line if line else "")


def cmd_import(args: argparse.Namespace) -> int:
    files = [Path(f) for f in args.files if Path(f).name != MANIFEST]
    if args.bank_id and len(files) != 1:
        print("--id needs exactly one FILE / --id 只能用于一个文件", file=sys.stderr)
        return 2
    out = Path(args.out)
    reader = None
    if getattr(args, "ai", False):
        from bot.cli.explain import ModelReader  # only with --ai: model help stays unimported otherwise

        reader = ModelReader.from_environment()
        if reader is None:
            return 2
    status, written = 0, {}
    for path in files:
        options = options_for(path)
        bank_id = args.bank_id or options.bank_id
        if bank_id in written:
            print(f"{path}: bank id '{bank_id}' is also made from {written[bank_id]} / 题库 id 重复", file=sys.stderr)
            status = 1
            continue
        try:
            document = read_source_document(path, options)
            text = document.text  # what a model may read again (import --ai), line for line
            result = import_document(
                document,
                source=path.name,
                bank_id=bank_id,
                title=options.title,
                simplified=args.simplified or options.simplified,
            )
        except DocumentError as exc:
            for issue in exc.issues:
                print(issue.render(exc.source), file=sys.stderr)
            status = 1
            continue
        except OSError as exc:
            print(f"{path}: cannot read / 无法读取: {exc.strerror}", file=sys.stderr)
            status = 1
            continue
        read: list[str] = []
        if reader is not None and result.left_out:
            result, read = reader.read(text, result, terminal_language())
        if args.strict and result.left_out:
            for lo in result.left_out:
                print(lo.issue().error().render(path.name), file=sys.stderr)
            print(
                f"{path}: --strict: {count(len(result.left_out), 'question')} left out, no bank written / "
                f"有 {len(result.left_out)} 题未导入，未写入题库",
                file=sys.stderr,
            )
            status = 1
            continue
        target = save_bank(result.bank, out)
        written[bank_id] = path
        _report(path, target, result, args, read)
    return status


def cmd_export(args: argparse.Namespace) -> int:
    try:
        bank = resolve_bank(args.bank)
    except BankNotFound as exc:
        print(exc, file=sys.stderr)
        return 2
    suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
    form = getattr(args, "format", None) or (suffix if suffix in ("xlsx", "csv") else "text")
    if form != "text":
        from bot.banks.sheets.template import write_csv, write_xlsx  # openpyxl only when a sheet is asked for

        target = Path(args.output or f"{bank.id}.{form}")
        (write_xlsx if form == "xlsx" else write_csv)(bank, target)
        print(f"{bank.id} -> {target}: {len(bank.questions)} questions")
        return 0
    text = export_text(bank)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_lint(args: argparse.Namespace) -> int:
    try:
        banks = [resolve_bank(ref) for ref in args.banks] if args.banks else load_banks(Settings().banks)
    except (BankNotFound, ValidationError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    findings = lint_banks(banks)
    for finding in findings:
        print(finding)
    errors = sum(f.level == "error" for f in findings)
    print(f"{count(len(banks), 'bank')}, {count(errors, 'error')}, {count(len(findings) - errors, 'warning')}")
    return 1 if errors else 0
