"""Agreement of the grader with a teacher over the held-out replies (tests/grading/heldout_replies.jsonl, the
second set tests/grading/heldout_replies2.jsonl and the third tests/grading/heldout_replies3.jsonl), or over
an outside set in the same format.

    python bench/grading_heldout.py [--list] [--set first|second|third|all]
    python bench/grading_heldout.py --bank BANK.json --replies REPLIES.jsonl [--bank ... --replies ...] [--list]

Prints, per kind of question: replies, agreed, right answers refused (a teacher gives credit, the grader
none), wrong answers accepted (a teacher gives none, the grader some), over-credited (a teacher gives some
credit, the grader more than the top of the teacher's range: full marks for a partial answer, or a score
above the row's range) and other disagreements (outcome or score off the other way); "limits" counts the
disagreements on rows marked as beyond what the rules can know (a synonym or an English name no source
gives). --list prints every disagreement.

An outside set is judged exactly as the sets here (tests/grading/heldout_set.py): its banks are read with
the seed banks of data/banks, as the bot would load them, and its rows name their bank by id. --bank and
--replies may each be given several times: every reply file is judged against every bank given.
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

from heldout_set import (  # noqa: E402
    REPLIES,
    REPLIES2,
    REPLIES3,
    SETS,
    Row,
    banks,
    disagreement,
    grade_row,
    load_rows,
    outcome_of,
)

from bot.banks.model import Bank, load_bank, load_banks  # noqa: E402
from bot.grading import ConceptIndex, Verdict  # noqa: E402

COLUMNS = ("replies", "agreed", "refused", "accepted", "over", "other", "limits")


def over_credited(row: Row, verdict: Verdict) -> bool:
    """More credit than the teacher gives: full marks where a teacher gives only part, or a score above the
    top of the row's range."""
    if outcome_of(verdict) == "correct" and "correct" not in row.expect:
        return True
    return row.score is not None and verdict.score > row.score[1] + 1e-9


def kind_of_disagreement(row: Row, verdict: Verdict) -> str:
    credited = outcome_of(verdict) in ("correct", "partial") and verdict.score > 0
    if row.accept and not credited:
        return "refused"
    if credited and not row.accept:
        return "accepted"
    if credited and over_credited(row, verdict):
        return "over"
    return "other"


def outside_sets(bank_paths: list[Path], reply_paths: list[Path]) -> tuple[list[Bank], tuple[Path, ...]]:
    return [*load_banks(ROOT / "data" / "banks"), *(load_bank(p) for p in bank_paths)], tuple(reply_paths)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="print every disagreement")
    parser.add_argument(
        "--set", choices=("first", "second", "third", "all"), default="all", help="which held-out set to judge"
    )
    parser.add_argument("--bank", type=Path, action="append", default=[], help="an outside set's bank file")
    parser.add_argument("--replies", type=Path, action="append", default=[], help="an outside set's replies")
    args = parser.parse_args()
    if bool(args.bank) != bool(args.replies):
        parser.error("an outside set needs both --bank and --replies")
    if args.bank:
        all_banks, sets = outside_sets(args.bank, args.replies)
    else:
        all_banks, sets = (
            banks(),
            {"first": (REPLIES,), "second": (REPLIES2,), "third": (REPLIES3,), "all": SETS}[args.set],
        )
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
        kind = kind_of_disagreement(row, verdict)
        found.append(f"[{kind}] {why}" + (f" [limit: {row.limit}]" if row.limit else ""))
        tally["limits"] += bool(row.limit)
        tally[kind] += 1
    counts["all"] = sum(counts.values(), Counter())
    print(f"{'kind':<11}" + "".join(f"{c:>9}" for c in COLUMNS))
    for kind, tally in counts.items():
        print(f"{kind:<11}" + "".join(f"{tally[c]:>9}" for c in COLUMNS))
    total = counts["all"]
    if total["replies"]:
        print(f"agreement {total['agreed']}/{total['replies']} = {100 * total['agreed'] / total['replies']:.1f}%")
    print(
        "refused: right answers given no credit; accepted: wrong answers given credit; "
        "over: more credit than the teacher's range"
    )
    if args.list:
        print("\n".join(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
