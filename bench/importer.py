"""Importing a large document: time and peak memory against its size.

    python bench/importer.py [--questions N] [--rounds R] [--docx] [--floor]

Builds a document of N questions in the layouts teachers mix (single choice with explanations whose
points are numbered like questions, true/false keyed in brackets, fill-ins with a key line, an answer
part at the end for one section), then imports it R times. Prints the median and best wall time, the
median CPU time (steadier on a shared machine), questions per second, and the peak of Python's heap
during one import (tracemalloc) per byte of document. With --docx the same document is written as a Word
file (a paragraph per line) and imported from there, unpacking and reading the XML included. With
--floor the document is in a layout only the generic reader reads (French, `réponse: B` after options
lettered `A.`), so that the layouts' reading and the floor's are both paid for.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
import tracemalloc
from datetime import UTC, datetime
from pathlib import Path
from tempfile import TemporaryDirectory

import docx

from bot.banks.importer import ImportResult, import_file, import_text


def document(n: int) -> str:
    """A document of about n questions: 40% single choice, 30% true/false, 20% fill, 10% keyed at the end."""
    singles, tfs, fills = n * 4 // 10, n * 3 // 10, n * 2 // 10
    tail = n - singles - tfs - fills
    out = [f"一、单选题（共{singles}题）"]
    for i in range(1, singles + 1):
        out += [f"{i}. 第{i}题：以下关于分布式训练的说法，正确的是（ ）", *(f"{c}. 选项{c}{i}" for c in "ABCD")]
        out += [f"答案：{'ABCD'[i % 4]}", f"解析：第{i}题的道理。", "1. 要点一。", "2. 要点二。"]
    out.append(f"二、判断题（共{tfs}题）")
    out += [f"{i}、数据并行第{i}次的说法正确。（ {'√' if i % 2 else '×'} ）" for i in range(1, tfs + 1)]
    out.append(f"三、填空题（共{fills}题）")
    for i in range(1, fills + 1):
        out += [f"{i}. 第{i}个空填的是______。", f"答案：词{i}"]
    out.append(f"四、多选题（共{tail}题）")
    for i in range(1, tail + 1):
        out += [f"{i}. 第{i}题，以下哪些正确？", "A. 甲 B. 乙 C. 丙 D. 丁"]
    out += ["参考答案", "四、多选题", *(f"{i}. AC" for i in range(1, tail + 1))]
    return "\n".join(out) + "\n"


def floor_document(n: int) -> str:
    """A document of n questions that the layouts do not read whole: the generic reader reads it."""
    out = ["Examen blanc — code de la route"]
    for i in range(1, n + 1):
        if i % 3:
            out += [f"{i}. Que doit faire le conducteur dans la situation {i} ?", "A. ralentir", "B. s'arrêter"]
            out += ["C. accélérer", f"réponse: {'ABC'[i % 3]}"]
        else:
            out += [f"{i}. Le conducteur peut stationner sur le trottoir dans le cas {i}.", "réponse: N"]
    return "\n".join(out) + "\n"


def word_file(text: str, folder: Path) -> Path:
    document = docx.Document()
    for line in text.splitlines():
        document.add_paragraph(line)
    path = folder / "big.docx"
    document.save(str(path))
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--docx", action="store_true", help="import the document as a Word file")
    parser.add_argument("--floor", action="store_true", help="a layout only the generic reader reads")
    args = parser.parse_args(argv)
    text = floor_document(args.questions) if args.floor else document(args.questions)
    with TemporaryDirectory() as folder:
        path = word_file(text, Path(folder)) if args.docx else None
        size = path.stat().st_size if path else len(text.encode("utf-8"))

        def one() -> ImportResult:
            if path is not None:
                return import_file(path, bank_id="big")
            return import_text(text, source="big.txt", bank_id="big")

        times, cpu = [], []
        for _ in range(args.rounds):
            start, start_cpu = time.perf_counter(), time.process_time()
            result = one()
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        tracemalloc.start()
        one()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    found = len(result.bank.questions)
    median = statistics.median(times)
    machine = f"{platform.machine()}  {os.cpu_count()} cores  Python {platform.python_version()}"
    print(f"{datetime.now(UTC):%Y-%m-%d}  {machine}")
    form = ("Word file" if args.docx else "text") + (", read by the floor" if args.floor else "")
    print(f"document ({form}): {len(text.splitlines())} lines, {size / 1e6:.2f} MB, {args.questions} questions")
    print(f"imported: {found} questions, {len(result.left_out)} left out")
    print(f"time: median {median:.2f} s, best {min(times):.2f} s ({found / median:,.0f} questions/s)")
    print(f"CPU time: median {statistics.median(cpu):.2f} s (the wall time less what other processes took)")
    print(f"peak heap: {peak / 1e6:.1f} MB ({peak / size:.0f} bytes per byte of document)")


if __name__ == "__main__":
    main()
