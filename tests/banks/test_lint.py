"""Lint on small hand-made banks: one check per test."""

from __future__ import annotations

from bot.banks.lint import lint_banks
from bot.banks.model import Bank, Kind, Question, Section


def choice(qid: str, prompt: str, options: dict[str, str], answer: str, **kw: object) -> Question:
    kind = Kind.multiple if len(answer) > 1 else Kind.single
    return Question(
        id=qid,
        kind=kind,
        number=1,
        prompt=prompt,
        options=options,
        answer=answer,
        explanation=kw.pop("explanation", "因为。"),
        **kw,
    )  # type: ignore[arg-type]


def tf(qid: str, prompt: str, answer: bool) -> Question:
    return Question(id=qid, kind=Kind.true_false, number=1, prompt=prompt, answer=answer, explanation="因为。")


def make(bank_id: str, *questions: Question, sections: list[Section] | None = None) -> Bank:
    return Bank(id=bank_id, title=bank_id, source=f"{bank_id}.txt", questions=list(questions), sections=sections or [])


def summary(banks: list[Bank]) -> list[tuple[str, str, str | None, str]]:
    return [(f.level, f.bank_id, f.question_id, f.message) for f in lint_banks(banks)]


def test_clean_bank_has_no_findings() -> None:
    assert lint_banks([make("a", choice("single-1", "甲？", {"A": "是", "B": "否"}, "A"))]) == []


def test_conflicting_keys_across_banks_in_other_script_and_option_order() -> None:
    a = make("a", choice("single-1", "以下哪項正確？", {"A": "數據並行", "B": "模型並行"}, "A"))
    b = make("b", choice("single-4", "以下哪项正确", {"A": "模型并行", "B": "数据并行"}, "A"))
    (finding,) = lint_banks([b, a])
    assert (finding.level, finding.bank_id, finding.question_id, finding.related) == (
        "error",
        "a",
        "single-1",
        ("b/single-4",),
    )
    assert "different keys" in finding.message and "不一致" in finding.message_zh


def test_same_key_behind_other_letters_is_a_duplicate_not_a_conflict() -> None:
    a = make("a", choice("single-1", "甲？", {"A": "是", "B": "否"}, "A"))
    b = make("b", choice("single-1", "甲？", {"A": "否", "B": "是"}, "B"))
    assert summary([a, b]) == [("warning", "a", "single-1", "duplicated question: a/single-1, b/single-1")]


def test_true_false_conflict_within_a_bank() -> None:
    bank = make("a", tf("tf-1", "地球是圆的。", True), tf("tf-2", "地球是圆的", False))
    assert [f[0] for f in summary([bank])] == ["error"]


def test_negation_is_not_the_same_question() -> None:
    bank = make("a", tf("tf-1", "地球是圆的。", True), tf("tf-2", "地球不是圆的。", False))
    assert summary([bank]) == []


def test_duplicated_option_warning_and_error() -> None:
    keyed_both = choice("multiple-8", "甲？", {"A": "指数量化", "B": "线性量化", "E": "指数量化"}, "ABE")
    keyed_one = choice("multiple-9", "乙？", {"A": "指数量化", "B": "线性量化", "E": "指数量化"}, "AB")
    assert summary([make("a", keyed_both, keyed_one)]) == [
        ("error", "a", "multiple-9", "duplicated option: A、E all read '指数量化'"),
        ("warning", "a", "multiple-8", "duplicated option: A、E all read '指数量化'"),
    ]


def test_key_naming_a_missing_option() -> None:
    bank = make("a", choice("single-1", "甲？", {"A": "是", "B": "否"}, "E"))
    assert summary([bank]) == [("error", "a", "single-1", "the key names option E, which does not exist")]


def test_missing_explanation_and_count_mismatch() -> None:
    q = choice("single-1", "甲？", {"A": "是", "B": "否"}, "A", explanation=None, section="一、单选题（共2题）")
    bank = make("a", q, sections=[Section(title="一、单选题（共2题）", kind=Kind.single, declared=2, found=1)])
    assert summary([bank]) == [
        ("warning", "a", None, "section '一、单选题（共2题）' declares 2 questions but holds 1"),
        ("warning", "a", "single-1", "missing explanation"),
    ]


def test_fill_keys_agree_when_an_accepted_answer_is_shared() -> None:
    def fill(qid: str, answer: list[str]) -> Question:
        return Question(id=qid, kind=Kind.fill, number=1, prompt="首都是___。", answer=answer, explanation="。")

    agree = make("a", fill("fill-1", ["北京", "Beijing"]), fill("fill-2", ["beijing"]))
    assert [f[0] for f in summary([agree])] == ["warning"]
    differ = make("a", fill("fill-1", ["北京"]), fill("fill-2", ["东京"]))
    assert [f[0] for f in summary([differ])] == ["error"]


def test_fill_key_without_the_english_name_the_bank_writes() -> None:
    def fill(qid: str, key: str, explanation: str, alternates: list[str] | None = None) -> Question:
        return Question(
            id=qid,
            kind=Kind.fill,
            number=1,
            prompt=f"{qid}：___",
            answer=[key],
            explanation=explanation,
            alternates=alternates or [],
        )

    bank = make(
        "a",
        fill("fill-1", "知识蒸馏", "知识蒸馏（Knowledge Distillation）让小模型学大模型。"),
        fill("fill-2", "低秩适配", "低秩适配（LoRA）只训练小矩阵。", ["LoRA"]),  # has its English name
        fill("fill-3", "模型量化", "模型量化（INT8）减少显存。"),  # a data type is not a name
    )
    assert summary([bank]) == [
        (
            "warning",
            "a",
            "fill-1",
            "fill key '知识蒸馏' has no English name, though the bank writes Knowledge Distillation for it "
            "(accepted anyway; add it to alternates to keep it with the question)",
        )
    ]
