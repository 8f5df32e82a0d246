"""Where an upload goes (a new bank, or the one it replaces), and which questions its preview shows."""

from __future__ import annotations

from bot.banks.model import Bank, Kind, Question
from bot.banks.summary import samples
from bot.study.bank_admin import target_for


def _q(number: int, kind: Kind) -> Question:
    extra: dict[str, object] = {"answer": True}
    if kind is Kind.single:
        extra = {"options": {"A": "甲", "B": "乙"}, "answer": "A"}
    elif kind is Kind.fill:
        extra = {"answer": ["丙"]}
    return Question(id=f"{kind.value}-{number}", kind=kind, number=number, prompt=f"第{number}题", **extra)  # type: ignore[arg-type]


def _bank(bank_id: str, title: str, *kinds: Kind) -> Bank:
    questions = [_q(i, kind) for i, kind in enumerate(kinds, start=1)]
    return Bank(id=bank_id, title=title, source="t.txt", questions=questions)


LIVE = {
    "law": _bank("law", "法律基础测验", Kind.single),
    "ml": _bank("ml", "Machine Learning", Kind.single),
}


def test_an_upload_replaces_the_bank_of_its_id_else_of_its_title() -> None:
    assert target_for(LIVE, "law", "另一个标题").replaces is LIVE["law"]  # same id
    same_title = target_for(LIVE, "law-2026", "法律基礎測驗")  # same title, in the other script
    assert (same_title.bank_id, same_title.replaces) == ("law", LIVE["law"])
    assert target_for(LIVE, "ml-v2", "machine  learning!").bank_id == "ml"  # case, spaces, punctuation
    new = target_for(LIVE, "chem", "化学")
    assert (new.bank_id, new.replaces) == ("chem", None)
    # An id the admin named in the caption is taken as it is, even when a title matches.
    named = target_for(LIVE, "law-copy", "法律基础测验", named=True)
    assert (named.bank_id, named.replaces) == ("law-copy", None)
    assert target_for(LIVE, "untitled", "").replaces is None


def test_samples_show_each_kind_first_then_the_next_questions_in_document_order() -> None:
    bank = _bank("b", "b", Kind.single, Kind.single, Kind.single, Kind.true_false, Kind.fill)
    assert [q.number for q in samples(bank)] == [1, 4, 5]
    two_kinds = _bank("b", "b", Kind.single, Kind.single, Kind.true_false)
    assert [q.number for q in samples(two_kinds)] == [1, 2, 3]
    one = _bank("b", "b", Kind.fill)
    assert [q.number for q in samples(one)] == [1]
