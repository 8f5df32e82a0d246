"""Properties over the seed banks (data/banks) and over any text a learner could send."""

from __future__ import annotations

from pathlib import Path

import pytest
from grading_seeds import BANKS as HANDWRITTEN
from grading_seeds import CONCEPTS as HANDWRITTEN_CONCEPTS
from hypothesis import given
from hypothesis import strategies as st

from bot.banks.model import CHOICE_KINDS, Kind, Question, load_banks
from bot.grading import ConceptIndex, Outcome, grade, grader, normalize
from bot.grading.grader import grade_or_raise
from bot.grading.truefalse import FALSE_WORDS, TRUE_WORDS

SEED_BANKS = load_banks(Path(__file__).resolve().parents[2] / "data" / "banks")
SEED_QUESTIONS = [q for bank in SEED_BANKS for q in bank.questions]
SEED_CONCEPTS = ConceptIndex.from_banks(SEED_BANKS)
ALL_QUESTIONS = SEED_QUESTIONS + [q for bank in HANDWRITTEN.values() for q in bank.questions]


def canonical(question: Question) -> str:
    """The answer as the bank writes it, typed as a reply."""
    if question.kind in CHOICE_KINDS:
        return question.letters
    if question.kind is Kind.true_false:
        return "正确" if question.answer else "错误"
    if question.kind is Kind.fill:
        return " ".join(blank[0] for blank in question.blanks())
    assert isinstance(question.answer, str)
    return question.answer


def test_the_seed_banks_are_there() -> None:
    # Not a skip: without banks the property below would prove nothing.
    assert SEED_BANKS, "no bank files in data/banks"
    kinds = {q.kind for q in SEED_QUESTIONS}
    assert kinds == set(Kind), f"the seed banks should hold every kind, found {kinds}"


@pytest.mark.parametrize("question", SEED_QUESTIONS, ids=lambda q: q.id)
def test_canonical_answer_of_every_seed_question_grades_correct(question: Question) -> None:
    verdict = grade_or_raise(question, canonical(question), SEED_CONCEPTS)
    assert verdict.outcome is Outcome.correct, verdict
    assert verdict.score == 1.0


@pytest.mark.parametrize("question", [q for q in SEED_QUESTIONS if q.kind is Kind.fill], ids=lambda q: q.id)
def test_every_accepted_answer_of_every_blank_grades_correct(question: Question) -> None:
    for index, blank in enumerate(question.blanks()):
        for accepted in blank:
            parts = [b[0] for b in question.blanks()]
            parts[index] = accepted
            verdict = grade_or_raise(question, "\n".join(parts), SEED_CONCEPTS)
            assert verdict.outcome is Outcome.correct, (accepted, verdict)


def _full_width(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


@st.composite
def dressed_canonical(draw: st.DrawFn) -> tuple[Question, str]:
    """A seed question and its right answer typed the way phones and people type it."""
    question = draw(st.sampled_from(SEED_QUESTIONS))
    if question.kind in CHOICE_KINDS:
        letters = draw(st.permutations(list(question.letters)))
        letters = [draw(st.sampled_from([ch.upper(), ch.lower(), _full_width(ch.upper())])) for ch in letters]
        reply = draw(st.sampled_from(["", ",", "、", " ", ", ", "/"])).join(letters)
    elif question.kind is Kind.true_false:
        word = draw(st.sampled_from(sorted(TRUE_WORDS if question.answer else FALSE_WORDS)))
        reply = draw(st.sampled_from([word, word.upper(), _full_width(word)]))
    elif question.kind is Kind.fill:
        blanks = [draw(st.sampled_from(blank)) for blank in question.blanks()]
        blanks = [draw(st.sampled_from([b, b.upper(), _full_width(b)])) for b in blanks]
        reply = draw(st.sampled_from([" ", "，", "、", "；", "\n"])).join(blanks)
        reply += draw(st.sampled_from(["", "。", "!", " "]))
    else:
        reply = canonical(question)
    padding = draw(st.sampled_from(["", " ", "\n", "  "]))
    return question, padding + reply + padding


@given(dressed_canonical())
def test_the_right_answer_typed_any_way_grades_correct(item: tuple[Question, str]) -> None:
    question, reply = item
    verdict = grade_or_raise(question, reply, SEED_CONCEPTS)
    assert verdict.outcome is Outcome.correct, (reply, verdict)


@given(st.text(max_size=300))
def test_normalisation_is_idempotent(text: str) -> None:
    once = normalize(text)
    assert normalize(once) == once


@given(st.sampled_from(["水平劃分", "ＬｏＲＡ／ＱＬｏＲＡ", "Ｂ", "無用的神經元", "INT8 / FP16"]), st.text(max_size=40))
def test_normalisation_is_idempotent_on_answers_with_noise(answer: str, noise: str) -> None:
    once = normalize(answer + noise)
    assert normalize(once) == once


def _check(verdict_question: Question, reply: str) -> None:
    verdict = grade_or_raise(verdict_question, reply, SEED_CONCEPTS or HANDWRITTEN_CONCEPTS)
    assert 0.0 <= verdict.score <= 1.0
    assert (verdict.outcome is Outcome.correct) == (verdict.score == 1.0)
    if verdict.outcome is Outcome.wrong:
        assert verdict.score == 0.0
    if verdict.understood is None:
        assert verdict.outcome is Outcome.wrong and verdict.feedback_zh and verdict.feedback_en


@given(st.sampled_from(ALL_QUESTIONS), st.text(max_size=10_000))
def test_grading_never_raises_on_any_text(question: Question, reply: str) -> None:
    _check(question, reply)


@given(
    st.sampled_from(ALL_QUESTIONS),
    st.lists(
        st.sampled_from(
            ["A", "b", "、", " ", "水平划分", "无用的", "不", "正确", "\n", "1.", "（", "LoRA", "̀", "\ud800"]
        ),
        max_size=2_500,
    ),
)
def test_grading_never_raises_on_long_answer_like_text(question: Question, pieces: list[str]) -> None:
    reply = "".join(pieces)[:10_000]
    _check(question, reply)


def test_grade_turns_an_internal_error_into_a_request_to_answer_again(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*_args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(grader, "grade_fill", explode)
    fill = HANDWRITTEN["000"].question("fill-1")
    assert fill is not None
    verdict = grade(fill, "水平划分")
    assert verdict.understood is None and verdict.outcome is Outcome.wrong
    assert verdict.expected == "水平划分" and verdict.feedback_zh
    with pytest.raises(RuntimeError):
        grade_or_raise(fill, "水平划分")


CASE_QUESTIONS = [q for q in ALL_QUESTIONS if q.kind is Kind.case]


def _concepts_for(question: Question) -> ConceptIndex:
    return SEED_CONCEPTS if question in SEED_QUESTIONS else HANDWRITTEN_CONCEPTS


@pytest.mark.parametrize("question", CASE_QUESTIONS, ids=lambda q: q.id)
def test_a_case_question_copied_back_scores_0_and_its_reference_scores_1(question: Question) -> None:
    assert isinstance(question.answer, str)
    concepts = _concepts_for(question)
    copy = grade_or_raise(question, question.prompt, concepts)
    assert copy.score == 0.0 and copy.outcome is Outcome.wrong and not copy.covered and not copy.partly, copy
    reference = grade_or_raise(question, question.answer, concepts)
    assert reference.score == 1.0 and reference.outcome is Outcome.correct, reference
    assert reference.covered and not reference.missed and not reference.partly
    # Without the banks' concepts too (the command line may grade one bank alone).
    assert grade_or_raise(question, question.prompt).score == 0.0
    assert grade_or_raise(question, question.answer).score == 1.0


@given(st.sampled_from(CASE_QUESTIONS), st.data())
def test_a_case_reply_that_copies_parts_of_the_question_scores_0(question: Question, data: st.DataObject) -> None:
    """Any lines of the question, in any order, with hedges around them, earn nothing."""
    lines = [line for line in question.prompt.splitlines() if line.strip()]
    chosen = data.draw(st.lists(st.sampled_from(lines), min_size=1, max_size=len(lines)))
    glue = data.draw(st.sampled_from(["\n", "；", "。我觉得", " 所以 "]))
    verdict = grade_or_raise(question, glue.join(chosen), _concepts_for(question))
    assert verdict.score == 0.0, verdict


@given(st.sampled_from(CASE_QUESTIONS), st.data())
def test_a_case_reply_that_rules_out_every_point_scores_0(question: Question, data: st.DataObject) -> None:
    """`不需要 X，也不用管 Y`: each clause names things of the reference and rejects them."""
    assert isinstance(question.answer, str)
    concepts = _concepts_for(question)
    from bot.grading.case import key_points

    points = key_points(question.answer, concepts, question.prompt)
    named = [point.terms[0] for point in points if point.terms]
    assert named, "the seed cases name techniques"
    cue = data.draw(st.sampled_from(["不需要", "不用管", "没必要用", "不要", "不考虑"]))
    reply = "，".join(f"{cue}{name}" for name in data.draw(st.permutations(named)))
    verdict = grade_or_raise(question, reply, concepts)
    assert verdict.score == 0.0, (reply, verdict)
    assert "否定" in verdict.feedback_zh
