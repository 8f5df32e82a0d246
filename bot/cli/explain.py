"""The command-line side of model help: `studybot explain` and `studybot import --ai`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass
from datetime import date

from pydantic import ValidationError

from bot.ai.drafting import Drafted, draft_explanations
from bot.ai.reading import read_left_out, reading_summary
from bot.ai_settings import model_client
from bot.banks.model import bank_json, load_bank
from bot.banks.questions.draft import ImportResult
from bot.cli.bank_files import BankNotFound, bank_file
from bot.config import Settings
from bot.files import write_atomically
from bot.locale import terminal_language
from bot.logsetup import configure_logging

__all__ = ["ModelReader", "cmd_explain", "model_settings"]

NOT_SET = (
    "model help is off: set STUDYBOT_AI_URL and STUDYBOT_AI_MODEL (see docs/ai.md) / "
    "未启用模型：请设置 STUDYBOT_AI_URL 和 STUDYBOT_AI_MODEL（见 docs/ai.md）"
)


def model_settings() -> Settings | None:
    """The settings, when model help is configured (else says why on standard error); logging set up with
    the key redacted, so each request's line (duration, tokens) shows at INFO."""
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"studybot: bad configuration: {exc}", file=sys.stderr)
        return None
    if not settings.ai_enabled:
        print(NOT_SET, file=sys.stderr)
        return None
    key = settings.ai_key.get_secret_value() if settings.ai_key else None
    configure_logging(settings.log_level, secrets=[key])
    return settings


@dataclass
class ModelReader:
    """`studybot import --ai`: the left-out passages of each document, read by the model."""

    settings: Settings

    @classmethod
    def from_environment(cls) -> ModelReader | None:
        settings = model_settings()
        return None if settings is None else cls(settings)

    def read(self, text: str, result: ImportResult, lang: str) -> tuple[ImportResult, list[str]]:
        async def run() -> tuple[ImportResult, list[str]]:
            client = model_client(self.settings)
            try:
                reading = await read_left_out(
                    client, text, result, today=date.today(), timeout=self.settings.ai_tool_timeout
                )
            finally:
                await client.close()
            return reading.result, reading_summary(reading, lang)

        return asyncio.run(run())


def cmd_explain(args: argparse.Namespace) -> int:
    settings = model_settings()
    if settings is None:
        return 2
    try:
        path = bank_file(args.bank)
        bank = load_bank(path)
    except BankNotFound as exc:
        print(exc, file=sys.stderr)
        return 2
    except (ValidationError, ValueError, OSError) as exc:
        print(f"{args.bank}: not a valid bank file / 不是有效的题库文件: {exc}", file=sys.stderr)
        return 2

    async def run() -> Drafted:
        client = model_client(settings)
        try:
            return await draft_explanations(
                client,
                bank,
                lang=args.lang,
                today=date.today(),
                missing_only=args.missing_only,
                timeout=settings.ai_tool_timeout,
            )
        finally:
            await client.close()

    drafted = asyncio.run(run())
    if drafted.drafted:
        write_atomically(path, bank_json(drafted.bank))
    zh = terminal_language() != "en"
    wanted = len(drafted.drafted) + len(drafted.failed)
    if zh:
        print(
            f"{path}：模型（{drafted.model}）为 {wanted} 题中的 {len(drafted.drafted)} 题写了解析草稿；"
            "已在 meta 中标为模型生成，请老师审核后把 meta.explanation_reviewed 设为 true"
            "（studybot lint 会列出未审核的）"
        )
    else:
        print(
            f"{path}: the model ({drafted.model}) drafted {len(drafted.drafted)} of {wanted} explanations, "
            "marked in meta as written by a model; review them and set meta.explanation_reviewed to true "
            "(studybot lint lists the unreviewed ones)"
        )
    for qid, why in drafted.failed.items():
        print(f"  {qid}: " + (f"未能生成（{why}）" if zh else f"not drafted ({why})"))
    return 1 if drafted.failed else 0
