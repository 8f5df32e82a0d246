"""`studybot practice`: a session driven through stdin, in-process and as a real subprocess."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.banks.model import Bank, Kind, Question, save_bank
from bot.terminal import practice, streak_line


def write_bank(folder: Path) -> Path:
    questions = [
        Question(
            id=f"s{i}",
            kind=Kind.single,
            number=i,
            prompt=f"Capital number {i}?",
            options={"A": "Paris", "B": "Rome"},
            answer="B",
            explanation=f"Rome is right ({i}).",
        )
        for i in range(1, 4)
    ]
    questions.append(Question(id="t1", kind=Kind.true_false, number=4, prompt="Water is wet.", answer=True))
    save_bank(Bank(id="geo", title="Geography", source="geo.txt", questions=questions), folder)
    return folder


def run_practice(tmp_path: Path, text: str, **kwargs: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    options: dict[str, object] = dict(
        db=tmp_path / "db.sqlite3",
        banks_dir=write_bank(tmp_path / "banks"),
        tz="Asia/Shanghai",
        bank_ids=None,
        kinds=None,
        n=3,
        learner=0,
        stdin=io.StringIO(text),
        stdout=out,
        stderr=err,
        lang="en",
    )
    options.update(kwargs)
    code = practice(**options)  # type: ignore[arg-type]
    return code, out.getvalue(), err.getvalue()


def attempts(db: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT outcome, reply FROM attempts ORDER BY answered_at, reply").fetchall()


def test_a_session_asks_grades_and_sums_up(tmp_path: Path) -> None:
    code, out, _ = run_practice(tmp_path, "B\nA\nB\n", kinds=["single"])
    assert code == 0
    assert out.count("Question ") == 3 and "Question 3/3 · Geography" in out
    assert out.count("✅") >= 2 and "❌" in out and "Rome is right" in out
    assert "This session: 3 answered · ✅ 2 · 🟡 0 · ❌ 1 · 67% right" in out
    assert "Streak: 1 day (longest 1)." in out
    assert sorted(attempts(tmp_path / "db.sqlite3")) == [(0, "A"), (2, "B"), (2, "B")]


@pytest.mark.parametrize(
    ("current", "longest", "lang", "line"),
    [
        (0, 3, "en", "Streak: 0 days (longest 3)."),
        (1, 1, "en", "Streak: 1 day (longest 1)."),
        (2, 5, "en", "Streak: 2 days (longest 5)."),
        (1, 2, "zh", "连续学习 1 天（最长 2 天）。"),
    ],
)
def test_the_streak_line_says_day_or_days(current: int, longest: int, lang: str, line: str) -> None:
    assert streak_line(current, longest, lang) == line


def test_a_reply_that_is_no_answer_asks_again_and_records_nothing(tmp_path: Path) -> None:
    code, out, _ = run_practice(tmp_path, "what?\n\nB\n", kinds=["单选"], n=1)
    assert code == 0 and out.count("Your answer") == 3
    assert attempts(tmp_path / "db.sqlite3") == [(2, "B")]


def test_end_of_input_ends_the_session_with_the_summary(tmp_path: Path) -> None:
    code, out, _ = run_practice(tmp_path, "B\n", kinds=["single"], n=5, lang="zh")
    assert code == 0
    assert "第 2/5 题" in out and "本次练习：1 题 · ✅ 1" in out and "连续学习 1 天" in out


def test_bad_arguments_and_missing_banks_say_what_was_wrong(tmp_path: Path) -> None:
    code, _, err = run_practice(tmp_path, "", kinds=["essay"])
    assert code == 2 and "essay" in err
    code, _, err = run_practice(tmp_path, "", n=0)
    assert code == 2 and "-n" in err
    code, _, err = run_practice(tmp_path, "", banks_dir=tmp_path / "nothing")
    assert code == 1 and "STUDYBOT_BANKS" in err and "nothing" in err
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "bad.json").write_text('{"id": "x"}', encoding="utf-8")
    code, _, err = run_practice(tmp_path, "", banks_dir=broken)
    assert code == 1 and "bad.json" in err


def test_an_empty_filter_gets_the_engines_message(tmp_path: Path) -> None:
    code, out, _ = run_practice(tmp_path, "", kinds=["fill"])
    assert code == 1 and "No question matches" in out


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        STUDYBOT_DB=str(tmp_path / "db.sqlite3"),
        STUDYBOT_BANKS=str(write_bank(tmp_path / "banks")),
        LANG="en_US.UTF-8",
        LC_ALL="",
        PYTHONIOENCODING="utf-8",
    )
    return env


@pytest.mark.slow
def test_the_command_runs_as_a_subprocess_fed_by_stdin(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "practice", "--kind", "truefalse", "-n", "2"],
        input="maybe\nyes\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(tmp_path),
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Water is wet." in proc.stdout and "✅" in proc.stdout
    # One true/false question only: the second pick may not repeat it.
    assert "The only question that matches is the one you just answered" in proc.stdout
    assert "This session: 1 answered" in proc.stdout


def _ctrl_c_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_ctrl_c_ends_the_session_cleanly_with_the_summary(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "practice", "--kind", "single", "-n", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env(tmp_path),
        # As a learner's shell starts it (in the foreground): Ctrl-C interrupts it. A suite run as a
        # background job has SIGINT ignored, and a child would inherit that.
        preexec_fn=_ctrl_c_interrupts,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("B\n")
    proc.stdin.flush()
    seen = ""
    deadline = time.monotonic() + 60
    while seen.count("Your answer") < 2 and time.monotonic() < deadline:
        seen += proc.stdout.read(1)
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert "This session: 1 answered · ✅ 1" in seen + rest
