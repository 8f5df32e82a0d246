"""Agreement of the grader with a teacher over the held-out replies (tests/grading/heldout_replies.jsonl and
the second set, tests/grading/heldout_replies2.jsonl).

    python bench/grading_heldout.py [--list] [--set first|second|both]

Prints, per kind of question: replies, agreed, right answers refused (a teacher gives credit, the grader
none), wrong answers accepted (a teacher gives none, the grader some) and other disagreements (outcome
or score off, e.g. partial credit out of range); "limits" counts the disagreements on rows marked as
beyond what the rules can know (a synonym or an English name no source gives). --list prints every
disagreement.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# This checkout's grader, whatever is installed; the set and the way it is judged live with its test,
# so the figures here are judged the same way.
sys.path.insert(0, str(ROOT / "tests" / "grading"))
sys.path.insert(0, str(ROOT))

from heldout_set import REPLIES, REPLIES2, SETS, banks, disagreement, grade_row, load_rows, outcome_of  # noqa: E402

from bot.grading import ConceptIndex  # noqa: E402

COLUMNS = ("replies", "agreed", "refused", "accepted", "other", "limits")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--list", action="store_true", help="print every disagreement")
    parser.add_argument("--set", choices=("first", "second", "both"), default="both", help="which set to judge")
    args = parser.parse_args()
    sets = {"first": (REPLIES,), "second": (REPLIES2,), "both": SETS}[args.set]
    all_banks = banks()
    concepts = ConceptIndex.from_banks(all_banks)
    rows = load_rows(all_banks, sets)
    counts: dict[str, Counter[str]] = {}
    found: list[str] = []
    for row in rows:
        verdict = grade_row(row, concepts)
        tally = counts.setdefault(str(row.question.kind), Counter())
        tally["replies"] += 1
        why = disagreement(row, verdict)
        if why is None:
            tally["agreed"] += 1
            continue
        found.append(f"{why} [limit: {row.limit}]" if row.limit else why)
        tally["limits"] += bool(row.limit)
        credited = outcome_of(verdict) in ("correct", "partial")
        if row.accept and not credited:
            tally["refused"] += 1
        elif credited and not row.accept:
            tally["accepted"] += 1
        else:
            tally["other"] += 1
    counts["all"] = sum(counts.values(), Counter())
    print(f"{'kind':<11}" + "".join(f"{c:>9}" for c in COLUMNS))
    for kind, tally in counts.items():
        print(f"{kind:<11}" + "".join(f"{tally[c]:>9}" for c in COLUMNS))
    print("refused: right answers given no credit; accepted: wrong answers given credit")
    if args.list:
        print("\n".join(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
