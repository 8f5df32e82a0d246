"""How well the importer reads the corpora (the figures issue 11 uses): tests/banks/corpus/ and the held-out ones.

    python bench/importer_corpus.py [--per-document] [--folder PATH ...]

Prints the share of questions found with the right kind, the share of keys right, the documents refused,
the wrong keys published (a question imported with its right kind but a key that is not the truth's: what a
learner would be marked against), the questions invented (imported beyond the number a document holds) and
the imported questions that match none the document holds (wrong kind or invented). Imported questions are
matched to the expected ones in order, as the longest common subsequence, so one question missed does not
count every later one as wrong.

`--folder PATH` (repeatable) judges an outside folder instead of the corpora: its documents, each with a
`NN-name.expect.json` beside it in the corpora's format (files without one, a README, are passed over).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# The corpus and the way it is judged live with its test; the figures here must be judged the same way.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from banks.test_corpus import CORPORA, Case, Expected, import_case, key_matches, load_cases

from bot.banks.issues import DocumentError
from bot.banks.model import Question


def matched(got: list[Question], want: list[Expected], same: Callable[[Question, Expected], bool]) -> int:
    """Length of the longest common subsequence of `got` and `want` under `same`."""
    row = [0] * (len(want) + 1)
    for g in got:
        prev_diag = 0
        for j, w in enumerate(want, start=1):
            keep = row[j]
            row[j] = prev_diag + 1 if same(g, w) else max(row[j], row[j - 1])
            prev_diag = keep
    return row[-1]


def aligned_wrong_keys(got: list[Question], want: list[Expected]) -> int:
    """Wrong keys published: in the alignment with the most questions of the right kind (and among those, the
    most right keys), the pairs of the right kind whose key is not the truth's."""
    # Weights: a right kind outweighs every right key, so the kind count is the plain LCS's.
    weight = len(want) + 1
    # (score, minus the wrong keys on the best path): of paths that score as well, the fewest wrong keys
    row = [(0, 0)] * (len(want) + 1)
    for g in got:
        prev_diag = (0, 0)
        for j, w in enumerate(want, start=1):
            keep = row[j]
            best = max(row[j], row[j - 1])
            if right_kind(g, w):
                good = key_matches(g, w)
                diag = (prev_diag[0] + weight + good, prev_diag[1] - (not good))
                best = max(best, diag)
            row[j] = best
            prev_diag = keep
    return -row[-1][1]


def right_kind(g: Question, w: Expected) -> bool:
    return g.kind is w.kind


def right_key(g: Question, w: Expected) -> bool:
    return g.kind is w.kind and key_matches(g, w)


@dataclass
class Score:
    expected: int
    kind: int = 0
    key: int = 0
    imported: int = 0
    wrong_keys: int = 0
    refused: bool = False

    @property
    def invented(self) -> int:
        return max(self.imported - self.expected, 0)

    @property
    def unmatched(self) -> int:
        return self.imported - self.kind


def score(case: Case) -> Score:
    result = Score(expected=len(case.questions))
    try:
        questions = import_case(case).bank.questions
    except DocumentError:
        result.refused = True
        return result
    except Exception as exc:  # a crash refuses the document as surely (the upload reports it): say which
        print(f"{case.name}: the importer crashed: {type(exc).__name__}: {exc}", file=sys.stderr)
        result.refused = True
        return result
    result.imported = len(questions)
    result.kind = matched(questions, case.questions, right_kind)
    result.key = matched(questions, case.questions, right_key)
    result.wrong_keys = aligned_wrong_keys(questions, case.questions)
    return result


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "  n/a"


def report(name: str, cases: list[Case], per_document: bool) -> None:
    scores = [(case, score(case)) for case in cases]
    if per_document:
        for case, s in scores:
            if s.refused:
                state = "REFUSED"
            else:
                state = f"kind {pct(s.kind, s.expected)}  key {pct(s.key, s.expected)}  wrong keys {s.wrong_keys}"
                state += f"  unmatched {s.unmatched:2}  invented {s.invented}"
            print(f"{case.name:42} {s.expected:3} questions  {state}")
        print()
    total = sum(s.expected for _, s in scores)
    kind = sum(s.kind for _, s in scores)
    key = sum(s.key for _, s in scores)
    refused = sum(s.refused for _, s in scores)
    invented = sum(s.invented for _, s in scores)
    wrong = sum(s.wrong_keys for _, s in scores)
    refused_names = [case.name for case, s in scores if s.refused]
    unmatched = sum(s.unmatched for _, s in scores)
    perfect = sum(not s.refused and s.key == s.expected == s.imported for _, s in scores)
    print(f"[{name}]")
    print(f"documents:                     {len(cases)} ({perfect} read perfectly)")
    print(f"questions:                     {total}")
    print(f"found with the right kind:     {pct(kind, total)} ({kind})")
    print(f"keys right:                    {pct(key, total)} ({key})")
    print(f"documents refused:             {refused}" + (f" ({', '.join(refused_names)})" if refused else ""))
    print(f"wrong keys published:          {wrong}")
    print(f"questions invented:            {invented}")
    print(f"imported, matching none:       {unmatched}")
    print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-document", action="store_true", help="one line per document as well")
    parser.add_argument(
        "--folder",
        action="append",
        type=Path,
        default=[],
        metavar="PATH",
        help="judge this folder of documents with NN-name.expect.json beside each instead of the corpora (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.folder:
        for folder in args.folder:
            report(str(folder), load_cases(folder, skip_unjudged=True), args.per_document)
        return
    for folder in CORPORA:
        report(folder.name, load_cases(folder), args.per_document)


if __name__ == "__main__":
    main()
