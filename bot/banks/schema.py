"""The JSON Schema of a bank file, generated from the models: `python -m bot.banks.schema [PATH]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.banks.model import Bank

__all__ = ["SCHEMA_PATH", "schema_text"]

SCHEMA_PATH = Path("docs/bank.schema.json")


def schema_text() -> str:
    schema = Bank.model_json_schema()
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "studybot question bank"}
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else SCHEMA_PATH
    path.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
