"""`studybot import`, `export` and `lint`: each takes the parsed arguments and returns an exit code."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from pydantic import ValidationError

from bot.banks.export import export_text
from bot.banks.importer import ImportResult
from bot.banks.issues import DocumentError
from bot.banks.limits import LOCAL_LIMITS, UPLOAD_LIMITS, DocumentLimits, DocumentTooLarge
from bot.banks.lint import lint_banks
from bot.banks.model import Bank, Kind, load_banks, save_bank
from bot.banks.sandbox import run_isolated
from bot.banks.sources import MANIFEST, SourceOptions, import_source, options_for
from bot.banks.summary import preview, summary
from bot.cli.bank_files import BankNotFound, resolve_bank
from bot.config import Settings, load_settings
from bot.locale import count, terminal_language

__all__ = ["cmd_export", "cmd_import", "cmd_lint", "import_limits"]


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


NO_LIMITS_HINT = (
    "over a limit of the bot's uploads; --no-limits reads it anyway / 超过了上传文件的上限；加 --no-limits 可照样读取"
)


def import_limits(settings: Settings) -> DocumentLimits:
    """What `studybot import` reads under: the bot's limits on uploads (the text a document yields, its
    questions, the reading process's memory and time: STUDYBOT_IMPORT_MEMORY_MB, STUDYBOT_IMPORT_SECONDS),
    only the file itself may be bigger than Telegram's 2 MB."""
    return replace(
        UPLOAD_LIMITS,
        max_bytes=LOCAL_LIMITS.max_bytes,
        max_seconds=settings.import_seconds,
        max_memory_mb=settings.import_memory_mb,
    )


def _import_one(path: Path, options: SourceOptions, bank_id: str, args: argparse.Namespace) -> ImportResult:
    simplified = bool(args.simplified)
    if args.no_limits:  # the teacher's own machine, its own risk: this process, no ceiling
        return import_source(path, options, bank_id, simplified, LOCAL_LIMITS)
    limits = import_limits(load_settings())
    return run_isolated(import_source, (path, options, bank_id, simplified, limits), limits, path.name)


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
            result = _import_one(path, options, bank_id, args)
        except DocumentError as exc:
            for issue in exc.issues:
                print(issue.render(exc.source), file=sys.stderr)
            if isinstance(exc, DocumentTooLarge) and not args.no_limits:
                print(f"{path}: {NO_LIMITS_HINT}", file=sys.stderr)
            status = 1
            continue
        except OSError as exc:
            print(f"{path}: cannot read / 无法读取: {exc.strerror}", file=sys.stderr)
            status = 1
            continue
        read: list[str] = []
        if reader is not None and result.left_out:
            result, read = reader.read(result, terminal_language())
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
        banks = [resolve_bank(ref) for ref in args.banks] if args.banks else load_banks(load_settings().banks)
    except (BankNotFound, ValidationError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    findings = lint_banks(banks)
    for finding in findings:
        print(finding)
    errors = sum(f.level == "error" for f in findings)
    print(f"{count(len(banks), 'bank')}, {count(errors, 'error')}, {count(len(findings) - errors, 'warning')}")
    return 1 if errors else 0
