"""`grade`: one entry point for every kind of question; pure, and it never raises."""

from __future__ import annotations

import logging

from bot.banks.model import CHOICE_KINDS, Kind, Question
from bot.grading.case import grade_case
from bot.grading.choice import grade_choice
from bot.grading.concepts import ConceptIndex
from bot.grading.fill import expected_fill, grade_fill
from bot.grading.truefalse import grade_true_false
from bot.grading.verdict import Outcome, Verdict
from bot.grading.wording import gives_up, is_chatter, is_filler, is_non_answer, is_remark
from bot.lexicon.normalize import normalize

__all__ = ["grade", "grade_or_raise"]

log = logging.getLogger(__name__)

# Replies longer than this are cut before grading: nobody types more on a phone, and it bounds the cost.
MAX_REPLY = 10_000


def grade_or_raise(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Verdict:
    """Grade one reply; lets a bug surface as an exception (tests call this one)."""
    reply = reply[:MAX_REPLY]
    if is_non_answer(reply) and not _holds(question, reply):
        return _ask_again(question)  # `下一题`, `[表情]`, `?`: nothing to grade, and no giving up either
    if gives_up(reply):
        return _given_up(question)
    if is_filler(reply):
        reply = ""  # `嗯…`: no answer yet; each kind asks for one in its own words
    if question.kind is not Kind.true_false and is_remark(reply):
        return _remark(question)
    if _chatter(question, reply):
        return _ask_again(question)
    if question.kind in CHOICE_KINDS:
        return grade_choice(question, reply, concepts)
    if question.kind is Kind.true_false:
        return grade_true_false(question, reply)
    if question.kind is Kind.fill:
        return grade_fill(question, reply, concepts)
    return grade_case(question, reply, concepts)


def _expected(question: Question) -> str:
    if question.kind in CHOICE_KINDS:
        return question.letters
    if question.kind is Kind.true_false:
        return "正确" if question.answer else "错误"
    if question.kind is Kind.fill:
        return expected_fill(question)
    return question.answer if isinstance(question.answer, str) else ""


def _given_up(question: Question) -> Verdict:
    """`不知道`, `跳过`: an answer that earns nothing, the same in every kind; the learner sees the key."""
    expected = _expected(question)
    if question.kind is Kind.case:
        zh, en = "没关系，参考答案在下面。", "No problem: the reference answer is below."
    else:  # the key stands right above this: not said twice
        zh, en = "没关系，记住它，下次就会了。", "No problem: now you know it for next time."
    return Verdict(
        outcome=Outcome.wrong, score=0.0, understood="不知道", expected=expected, feedback_zh=zh, feedback_en=en
    )


def _question_words(question: Question) -> tuple[str, tuple[str, ...]]:
    """The question's own text (prompt, options, key, explanation) and its accepted answers, normalised."""
    answers = [a for blank in question.blanks() for a in blank] if question.kind is Kind.fill else []
    answers += [*question.options.values(), *question.alternates]
    text = " ".join([question.prompt, question.explanation or "", *answers])
    if isinstance(question.answer, str):
        text += " " + question.answer
    return normalize(text), tuple(normalize(a) for a in answers)


def _holds(question: Question, reply: str) -> bool:
    """The question's answers hold the reply (an English item whose key is `next`), or its key is made of marks
    (a Morse code) and the reply of more than marks that ask (`?`, `！`) the key lacks: an answer to grade."""
    said = normalize(reply)
    if said and said in _question_words(question)[1]:
        return True
    marks = [a for a in _answer_texts(question) if a.strip() and not any(ch.isalnum() for ch in a)]
    asking = {ch for ch in reply if ch in _ASKING}
    return (bool(marks) and any(ch not in _ASKING and not ch.isspace() for ch in reply)) or any(
        asking & set(a) for a in marks
    )


_ASKING = frozenset("?？!！")


def _answer_texts(question: Question) -> list[str]:
    """The key and its alternatives as written (normalising drops marks)."""
    texts = [a for blank in question.blanks() for a in blank] if question.kind is Kind.fill else []
    texts += [*question.options.values(), *question.alternates]
    return [*texts, question.answer] if isinstance(question.answer, str) else texts


def _chatter(question: Question, reply: str) -> bool:
    """A greeting, thanks, a request for a hint or a question back, unless the question itself holds the
    reply's words (an item whose key is `hello`) or the reply names an answer (`是堪培拉吗？` is one)."""
    case = question.kind is Kind.case
    if not is_chatter(reply, acknowledgements=question.kind is not Kind.true_false):
        return False
    said = normalize(reply)
    if not said:
        return True
    text, answers = _question_words(question)
    if said in text:
        return False
    named = [a for a in answers if len(a) >= 2 and a in said]
    return not named and not (case and len(said) > 12)


def _not_an_answer(question: Question, zh: str, en: str) -> Verdict:
    """Nothing is graded (`understood` is None): the bot says why and asks for the answer (nothing is lost)."""
    return Verdict(
        outcome=Outcome.wrong, score=0.0, understood=None, expected=_expected(question), feedback_zh=zh, feedback_en=en
    )


def _ask_again(question: Question) -> Verdict:
    """Said to the bot, not an answer: the bot asks for the answer again."""
    return _not_an_answer(
        question,
        "这不像是答案：请直接回复你的答案；不会可以回复「不知道」看答案。",
        "That does not read as an answer: please reply with your answer, or 'idk' to see the key.",
    )


def _remark(question: Question) -> Verdict:
    """`我觉得这题有问题`: a remark about the question is no answer; the bot asks for one."""
    return _not_an_answer(
        question,
        "这像是对题目的疑问，不是答案：请先作答；觉得题目有误，可以用 /report 告诉老师。",
        "That reads as a remark about the question, not an answer: please answer it; "
        "if the question is wrong, tell a teacher with /report.",
    )


def grade(question: Question, reply: str, concepts: ConceptIndex | None = None) -> Verdict:
    """Grade one reply to one question.

    `concepts` (built once with `ConceptIndex.from_banks`) lets fill and case grading tell a
    look-alike concept from a typo. A reply that is not an answer at all gives a verdict with
    `understood=None` and feedback asking for a proper answer.
    """
    try:
        return grade_or_raise(question, str(reply), concepts)
    except Exception:  # the learner must always get a reply; the bug goes to the log
        log.exception("grading question %s failed", question.id)
        return Verdict(
            outcome=Outcome.wrong,
            score=0.0,
            understood=None,
            expected=_expected(question),
            feedback_zh="没能读懂这个回答，请换一种写法再试。",
            feedback_en="Could not read that reply; please try writing it another way.",
        )
