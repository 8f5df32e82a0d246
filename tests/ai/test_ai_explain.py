"""Explanations written by a model: `ModelHelp.explain` (cached, capped) and `studybot explain` (drafts)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import KEY
from fakemodel import FakeModel, Reply, user_data

from bot.ai.client import ModelClient
from bot.ai.service import ModelHelp
from bot.banks.lint import lint_banks
from bot.banks.model import Bank, Question, load_bank
from bot.cli import main
from bot.files import write_atomically
from bot.grading import format_verdict, grade
from bot.store import Store

SINGLE = Question(
    id="single-1",
    kind="single",
    number=1,
    prompt="数据并行时，每张显卡上保存的是什么？",
    options={"A": "完整的模型副本", "B": "模型的一层", "C": "一部分词表"},
    answer="A",
    explanation="每张卡都有完整模型。",
)
DAY = 739000


def explaining(body: dict[str, Any]) -> Reply:
    data = user_data(body)
    text = f"关于「{data['question'][:6]}」：答案是{data['key'][:8]}，因为每张卡各算一份数据。"
    return Reply.json({"explanation": text})


@pytest.fixture
def assist(client: ModelClient, store: Store) -> ModelHelp:
    return ModelHelp(client, store, daily_cap=3)


async def test_an_explanation_reads_the_question_and_is_marked_as_generated(fake: FakeModel, assist: ModelHelp) -> None:
    fake.answer(explaining)
    got = await assist.explain("bank", SINGLE, lang="zh", learner_id=7, local_day=DAY)
    assert got is not None and not got.cached and got.model == "fake-model"
    assert got.text.startswith("关于「数据并行时，」：答案是A. 完整的模型")
    assert got.render().startswith("🤖 为什么（由模型 fake-model 生成，答案以题库为准）：\n关于")
    data = user_data(fake.requests[0])
    assert data == {
        "kind": "single",
        "question": SINGLE.prompt,
        "options": SINGLE.options,
        "key": "A. 完整的模型副本",
        "explanation": "每张卡都有完整模型。",
    }
    assert "two to five sentences" in fake.requests[0]["messages"][0]["content"]


async def test_explanations_are_cached_per_question_version_and_language(fake: FakeModel, assist: ModelHelp) -> None:
    fake.answer(explaining)
    first = await assist.explain("bank", SINGLE, lang="zh", learner_id=7, local_day=DAY)
    again = await assist.explain("bank", SINGLE, lang="zh", learner_id=8, local_day=DAY)
    assert first is not None and again is not None and again.cached and again.text == first.text
    assert len(fake.requests) == 1
    english = await assist.explain("bank", SINGLE, lang="en", learner_id=7, local_day=DAY)
    assert english is not None and "English" in fake.requests[1]["messages"][0]["content"]
    assert english.render().startswith("🤖 Why (written by a model, fake-model; the key is the bank's):")
    fixed = SINGLE.model_copy(update={"answer": "B"})
    await assist.explain("bank", fixed, lang="zh", learner_id=7, local_day=DAY)
    assert len(fake.requests) == 3
    together = await asyncio.gather(
        *(assist.explain("bank", SINGLE.model_copy(update={"id": "single-2"}), lang="zh") for _ in range(3))
    )
    assert len(fake.requests) == 4 and len({e.text for e in together if e}) == 1


async def test_no_explanation_when_the_model_fails_and_only_answers_are_remembered(
    fake: FakeModel, assist: ModelHelp
) -> None:
    fake.answer(lambda body: Reply(status=500))
    assert await assist.explain("bank", SINGLE, lang="zh") is None
    fake.answer(lambda body: Reply.json({"explanation": "短"}))  # too short for the schema
    assert await assist.explain("bank", SINGLE, lang="zh") is None
    fake.answer(explaining)
    assert await assist.explain("bank", SINGLE, lang="zh") is None  # the unusable answer is kept
    assert len(fake.requests) == 2


async def test_explanations_count_against_the_same_daily_cap(fake: FakeModel, assist: ModelHelp) -> None:
    fake.answer(explaining)
    questions = [SINGLE.model_copy(update={"id": f"single-{n}"}) for n in range(1, 6)]
    got = [await assist.explain("bank", q, lang="zh", learner_id=7, local_day=DAY) for q in questions[:4]]
    assert [g is not None for g in got] == [True, True, True, False]
    assert await assist.explain("bank", questions[0], lang="zh", learner_id=7, local_day=DAY) is not None  # cached
    assert await assist.explain("bank", questions[4], lang="zh") is not None  # not for a learner: no cap
    assert len(fake.requests) == 4


# -- studybot explain ---------------------------------------------------------------------------------


def bank_file(folder: Path) -> Path:
    teacher = SINGLE.model_copy(update={"id": "single-1"})
    missing = SINGLE.model_copy(update={"id": "single-2", "number": 2, "explanation": None})
    drafted = SINGLE.model_copy(
        update={
            "id": "single-3",
            "number": 3,
            "explanation": "旧草稿。",
            "prompt": "草稿题？",
            "meta": {"explanation_source": "model", "explanation_reviewed": False},
        }
    )
    reviewed = drafted.model_copy(
        update={"id": "single-4", "number": 4, "meta": {"explanation_source": "model", "explanation_reviewed": True}}
    )
    case = Question(id="case-5", kind="case", number=5, prompt="方案？", answer="1.数据并行：每卡一份数据。")
    path = folder / "b.json"
    path.write_text(
        json.dumps(
            Bank(id="b", title="B", source="b.txt", questions=[teacher, missing, drafted, reviewed, case]).model_dump(
                mode="json"
            ),
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    return path


@pytest.fixture
def command_env(model_env: FakeModel) -> FakeModel:
    model_env.answer(explaining)
    return model_env


def test_explain_drafts_into_the_bank_file_marked_for_review(
    command_env: FakeModel, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = bank_file(tmp_path)
    assert main(["explain", str(path)]) == 0
    bank = load_bank(path)
    by_id = {q.id: q for q in bank.questions}
    assert by_id["single-1"].explanation == "每张卡都有完整模型。" and by_id["single-1"].meta == {}
    assert by_id["single-4"].explanation == "旧草稿。"  # reviewed: the teacher's now
    assert by_id["case-5"].explanation is None
    for qid in ("single-2", "single-3"):
        q = by_id[qid]
        assert q.explanation and q.explanation.startswith("关于「")
        assert q.meta["explanation_source"] == "model" and q.meta["explanation_model"] == "fake-model"
        assert q.meta["explanation_reviewed"] is False and len(q.meta["explanation_date"]) == 10
    assert len(command_env.requests) == 2
    assert [user_data(b)["explanation"] for b in command_env.requests] == ["", ""]  # an old draft is not the bank's
    out = capsys.readouterr()
    assert "drafted 2 of 2 explanations" in out.out
    assert KEY not in out.out + out.err
    assert not [p for p in tmp_path.iterdir() if p.name != "b.json"]  # no temporary file left
    found = [f for f in lint_banks([bank]) if "written by a model" in f.message]
    assert [f.question_id for f in found] == ["single-2", "single-3"]
    shown = format_verdict(by_id["single-2"], grade(by_id["single-2"], "A"), "zh")
    assert "解析（模型生成，待老师审核）：关于" in shown


def test_explain_missing_only_leaves_earlier_drafts(command_env: FakeModel, tmp_path: Path) -> None:
    path = bank_file(tmp_path)
    assert main(["explain", str(path), "--missing-only"]) == 0
    by_id = {q.id: q for q in load_bank(path).questions}
    assert by_id["single-3"].explanation == "旧草稿。" and by_id["single-2"].explanation
    assert len(command_env.requests) == 1


def test_explain_keeps_what_it_drafted_when_some_fail(
    command_env: FakeModel, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = bank_file(tmp_path)
    refused = "草稿题？"
    command_env.answer(lambda body: Reply(status=429) if user_data(body)["question"] == refused else explaining(body))
    assert main(["explain", str(path)]) == 1
    by_id = {q.id: q for q in load_bank(path).questions}
    assert by_id["single-2"].meta.get("explanation_source") == "model"
    assert by_id["single-3"].explanation == "旧草稿。"
    assert "single-3: not drafted (rate_limited)" in capsys.readouterr().out


def test_explain_without_model_settings_says_so_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("STUDYBOT_AI_URL", raising=False)
    path = bank_file(tmp_path)
    before = path.read_bytes()
    assert main(["explain", str(path)]) == 2
    assert "STUDYBOT_AI_URL" in capsys.readouterr().err and path.read_bytes() == before


def test_an_atomic_write_replaces_the_whole_file_or_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bank.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    write_atomically(path, "new ✓")
    assert path.read_text(encoding="utf-8") == "new ✓" and path.stat().st_mode & 0o777 == 0o640
    with pytest.raises(UnicodeEncodeError):
        write_atomically(path, "half \ud800 written")
    assert path.read_text(encoding="utf-8") == "new ✓"
    assert [p.name for p in tmp_path.iterdir()] == ["bank.json"]
