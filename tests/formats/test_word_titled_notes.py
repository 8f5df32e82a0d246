"""Word notes of short-answer questions as people keep them for interviews and revision: no numbers, no
options, each question a short paragraph set wholly in red (or highlighted), its reference answer the plain
paragraphs after it, numbered points and all. Every document is written by the test with python-docx
(word_kit)."""

from __future__ import annotations

from pathlib import Path

from word_kit import Word, run

from bot.banks.importer import ImportResult, import_file
from bot.banks.model import Kind


def notes(path: Path, blocks: list[tuple[str, list[str]]], *, high: bool = False) -> ImportResult:
    word = Word()
    word.para("复习笔记（自己整理）")
    for title, answer in blocks:
        run(word.document.add_paragraph(), title, red=not high, high=high)
        for line in answer:
            word.para(line)
    path.write_bytes(word.bytes())
    return import_file(path, bank_id=path.stem)


BLOCKS = [
    ("栈和队列的区别", ["1栈是后进先出的线性表；", "2队列是先进先出的线性表。"]),
    ("进程与线程有什么不同？", ["进程是资源分配的单位，线程是调度的单位。"]),
    ("哈希表的冲突处理", ["1、开放定址法：冲突时探测下一个空位。", "2、链地址法：同一地址的元素连成链表。"]),
    ("常用的排序方法", ["https://example.org/sorting"]),
]


def test_each_red_title_is_a_short_answer_question_and_its_paragraphs_the_answer(tmp_path: Path) -> None:
    result = notes(tmp_path / "notes.docx", BLOCKS)
    questions = {q.prompt: q for q in result.bank.questions}
    assert list(questions) == ["栈和队列的区别", "进程与线程有什么不同？", "哈希表的冲突处理"]
    assert all(q.kind is Kind.case for q in questions.values())
    assert "队列是先进先出" in questions["栈和队列的区别"].answer
    assert "链地址法" in questions["哈希表的冲突处理"].answer  # the numbered points stay the answer's
    # an answer that is only a link is no reference answer
    assert [o.number for o in result.left_out] == [4]


def test_highlighted_titles_read_alike(tmp_path: Path) -> None:
    result = notes(tmp_path / "marked.docx", BLOCKS[:3], high=True)
    assert [q.kind for q in result.bank.questions] == [Kind.case] * 3


def test_red_text_beside_options_stays_a_key(tmp_path: Path) -> None:
    word = Word()
    for n, (stem, right) in enumerate((("水的化学式是", "B"), ("食盐的主要成分是", "A"), ("铁的符号是", "C")), 1):
        word.para(f"{n}. {stem}（ ）")
        for letter, text in zip("ABC", ("甲", "乙", "丙"), strict=True):
            paragraph = word.document.add_paragraph()
            run(paragraph, f"{letter}. {text}", red=letter == right)
    path = tmp_path / "choices.docx"
    path.write_bytes(word.bytes())
    result = import_file(path, bank_id="choices")
    assert [q.answer for q in result.bank.questions] == ["B", "A", "C"]
