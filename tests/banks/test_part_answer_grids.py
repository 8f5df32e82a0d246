"""An answer part after the paper's end, part by part: a grid of numbers over keys labelled in the paper's
language (`Câu | 1 | 2 …` over `Đáp án | B | D …`, `Zadanie` over `Odpowiedź`), lines `Câu 1: 15` for a
part of short answers, each part's keys matched to its questions by the part label both headings open with
(`PHẦN I`, `Część II`) though the rest of the headings differ; the paper's end (`HẾT`) is no question's text.
Every paper here is written by the test."""

from __future__ import annotations

from bot.banks.importer import import_text

VIETNAMESE = """ĐỀ KIỂM TRA HÓA HỌC 10

PHẦN I. Trắc nghiệm nhiều lựa chọn. Mỗi câu chỉ chọn một phương án.
Câu 1: Kí hiệu hóa học của natri là
A. N\tB. Na\tC. Ne\tD. Ni
Câu 2: Chất nào sau đây là muối ăn?
A. NaCl\tB. KOH\tC. HCl\tD. CaO
Câu 3: Nguyên tử khối của oxi xấp xỉ
A. 8\tB. 12\tC. 16\tD. 32

PHẦN II. Trả lời ngắn. Thí sinh trả lời từ câu 1 đến câu 2.
Câu 1. Số proton trong nguyên tử cacbon là bao nhiêu?
Câu 2. Phân tử nước có bao nhiêu nguyên tử hiđro?

---------- HẾT ----------

ĐÁP ÁN
PHẦN I. (mỗi câu 0,25 điểm)
Câu\t1\t2\t3
Đáp án\tB\tA\tC
PHẦN II. (mỗi câu 0,5 điểm)
Câu 1: 6
Câu 2: 2
"""

POLISH = """Sprawdzian z geografii

Część I. Zadania zamknięte — wybierz jedną odpowiedź.
1. Najdłuższa rzeka Polski to
A. Odra B. Wisła C. Warta
2. Stolicą Czech jest
A. Praga B. Brno C. Ostrawa
3. Morze Bałtyckie leży
A. na południu Polski B. na północy Polski C. na wschodzie Polski

Część II. Zadania otwarte.
1. Ile województw ma Polska?
2. Jak nazywa się najwyższy szczyt Tatr?

ODPOWIEDZI
Część II — po 2 punkty
1. 16
2. Rysy
Część I — po 1 punkcie
Zadanie 1 2 3
Odpowiedź B A B
"""


def _read(paper: str) -> list[tuple[str, object]]:
    result = import_text(paper, source="paper.txt", bank_id="paper")
    return [(q.kind.value, q.answer) for q in result.bank.questions]


def test_a_grid_and_short_answer_lines_per_part_key_their_parts() -> None:
    assert _read(VIETNAMESE) == [
        ("single", "B"),
        ("single", "A"),
        ("single", "C"),
        ("fill", ["6"]),
        ("fill", ["2"]),
    ]


def test_parts_keyed_out_of_order_are_matched_by_their_labels() -> None:
    assert _read(POLISH) == [
        ("single", "B"),
        ("single", "A"),
        ("single", "B"),
        ("fill", ["16"]),
        ("fill", ["Rysy"]),
    ]
