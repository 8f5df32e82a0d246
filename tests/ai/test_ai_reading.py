"""Reading what the rules could not: left-out passages sent to a model, checked like any import."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fakemodel import FakeModel, Reply, user_data

from bot.ai.client import ModelClient
from bot.ai.reading import passages, read_left_out
from bot.banks.importer import import_text
from bot.banks.lint import lint_banks
from bot.banks.model import load_bank
from bot.cli import main

DOC = """一、单选题
1.数据并行时每张卡保存什么？
A.完整模型
B.一层
答案：A
2.下列哪一项是流水线并行的特点？
A.模型按层切分到多张卡
B.每张卡保存完整模型
C.只用一张卡
（老师说本题选第一项，因为各层放在不同的卡上。）
3.张量并行切分的是什么？
A.权重矩阵
B.数据
答案：E
二、判断题
4.混合精度训练可以节省显存。
答：这个说法没错。
"""

READINGS: dict[str, dict[str, Any]] = {
    "2.": {
        "number": 2,
        "kind": "single",
        "prompt": "下列哪一项是流水线并行的特点？",
        "options": {"A": "模型按层切分到多张卡", "B": "每张卡保存完整模型", "C": "只用一张卡"},
        "answer": "A",
        "explanation": "各层放在不同的卡上。",
    },
    "3.": {
        "number": 3,
        "kind": "single",
        "prompt": "张量并行切分的是什么？",
        "options": {"A": "权重矩阵", "B": "数据"},
        "answer": "E",
    },  # the passage's own bad key
    "4.": {"number": 4, "kind": "true_false", "prompt": "混合精度训练可以节省显存。", "answer": True},
}


def reading(body: dict[str, Any]) -> Reply:
    passage = user_data(body)["passage"]
    found = [q for start, q in READINGS.items() if passage.startswith(start)]
    return Reply.json({"questions": found})


async def test_only_left_out_passages_are_sent_and_what_comes_back_is_checked(
    fake: FakeModel, client: ModelClient
) -> None:
    fake.answer(reading)
    result = import_text(DOC, source="doc.txt", bank_id="doc")
    assert [lo.number for lo in result.left_out] == [2, 3, 4]
    got = await read_left_out(client, DOC, result, today=date(2025, 5, 1))
    sent = [user_data(b) for b in fake.requests]
    assert len(sent) == 3
    assert sorted(d["passage"].split(".")[0] for d in sent) == ["2", "3", "4"]
    assert not any("数据并行时" in d["passage"] for d in sent)  # the question the rules read is not sent
    two = next(d for d in sent if d["passage"].startswith("2."))
    assert two["section"] == "一、单选题" and two["passage"].endswith("各层放在不同的卡上。）")
    bank = got.result.bank
    assert [q.id for q in bank.questions] == ["single-1", "single-2", "tf-4"]  # document order
    two_q = bank.question("single-2")
    assert two_q is not None and two_q.answer == "A" and two_q.line == 6 and two_q.section == "一、单选题"
    assert two_q.meta == {
        "question_source": "model",
        "question_model": "fake-model",
        "question_date": "2025-05-01",
        "question_reviewed": False,
    }
    assert bank.question("tf-4").answer is True  # type: ignore[union-attr]
    # The key naming a missing option is refused, as the importer refuses it.
    assert [lo.number for lo in got.result.left_out] == [3]
    assert "names option E" in got.result.left_out[0].en and "names option E" in got.unread[0].en
    assert [(s.found, s.left_out) for s in got.result.sections] == [(2, 1), (1, 0)]
    assert any("question 2 was read by a model" in w.en for w in got.result.warnings)
    assert [f.question_id for f in lint_banks([bank]) if "read by a model" in f.message] == ["single-2", "tf-4"]


@pytest.mark.parametrize("reply", [Reply(status=500), Reply("not JSON"), Reply.json({"questions": []})])
async def test_a_passage_the_model_cannot_read_stays_left_out_with_the_reason(
    fake: FakeModel, client: ModelClient, reply: Reply
) -> None:
    fake.answer(lambda body: reply)
    result = import_text(DOC, source="doc.txt", bank_id="doc")
    got = await read_left_out(client, DOC, result, today=date(2025, 5, 1))
    assert got.result.bank == result.bank and not got.read
    assert [lo.number for lo in got.result.left_out] == [2, 3, 4]
    assert all("the model" in lo.en and "模型" in lo.zh for lo in got.result.left_out)


def test_a_passage_runs_to_the_next_question_or_heading() -> None:
    result = import_text(DOC, source="doc.txt", bank_id="doc")
    found = {lo.number: text for lo, text in passages(DOC, result).items()}
    assert found[2].splitlines()[0] == "2.下列哪一项是流水线并行的特点？" and len(found[2].splitlines()) == 5
    assert found[3].splitlines()[-1] == "答案：E"  # not the heading after it
    assert found[4] == "4.混合精度训练可以节省显存。\n答：这个说法没错。"


def test_import_ai_adds_what_the_model_read_and_says_so(
    model_env: FakeModel, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    model_env.answer(reading)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    (tmp_path / "doc.txt").write_text(DOC, encoding="utf-8")
    assert main(["import", str(tmp_path / "doc.txt"), "--out", str(tmp_path / "banks"), "--ai"]) == 0
    out = capsys.readouterr().out
    assert "3 questions (single 2, multiple 0, true_false 1, fill 0, case 0), 1 left out" in out
    assert "模型（fake-model）读了 3 段未导入的文字，读出 2 题，仍有 1 题未导入" in out
    assert "第 6 行：single-2（单选题）下列哪一项是流水线并行的特点？ —— 答案：A" in out
    assert "第 14 行：第 3 题的答案含 E，但没有选项 E，未导入；模型读出的题目无效" in out
    data = json.loads((tmp_path / "banks" / "doc.json").read_text(encoding="utf-8"))
    assert [q["id"] for q in data["questions"]] == ["single-1", "single-2", "tf-4"]
    assert load_bank(tmp_path / "banks" / "doc.json").question("tf-4").meta["question_source"] == "model"  # type: ignore[union-attr]


def test_import_without_ai_sends_nothing_and_import_ai_without_settings_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "doc.txt").write_text(DOC, encoding="utf-8")
    monkeypatch.delenv("STUDYBOT_AI_URL", raising=False)
    assert main(["import", str(tmp_path / "doc.txt"), "--out", str(tmp_path / "banks"), "--ai"]) == 2
    assert "STUDYBOT_AI_URL" in capsys.readouterr().err and not (tmp_path / "banks").exists()
    assert main(["import", str(tmp_path / "doc.txt"), "--out", str(tmp_path / "banks")]) == 0
    assert "3 left out" in capsys.readouterr().out


async def test_a_passage_that_holds_two_questions_gives_both(fake: FakeModel, client: ModelClient) -> None:
    def two(body: dict[str, Any]) -> Reply:
        if not user_data(body)["passage"].startswith("4."):
            return Reply.json({"questions": []})
        return Reply.json({"questions": [READINGS["4."], {**READINGS["4."], "prompt": "梯度检查点用计算换显存。"}]})

    fake.answer(two)
    result = import_text(DOC, source="doc.txt", bank_id="doc")
    got = await read_left_out(client, DOC, result, today=date(2025, 5, 1))
    assert [q.id for q in got.read] == ["tf-4", "tf-4-2"]
    assert [(s.found, s.left_out) for s in got.result.sections] == [(1, 2), (2, 0)]
    assert [(s.title, s.found) for s in got.result.bank.sections] == [("一、单选题", 1), ("二、判断题", 2)]
