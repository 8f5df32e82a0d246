"""Arabic school papers: questions numbered in words (`السؤال الأول`, `السؤال الحادي عشر`) or digits
(`السؤال 3`), options lettered in the abjad order (`أ) ب) ج) د)`), keys after `الإجابة الصحيحة:` /
`الإجابة:`, parts headed `أولاً:` / `ثانياً:` whose text belongs to no question. Every paper here is written
by the test."""

from __future__ import annotations

from bot.banks.importer import import_text

GEOGRAPHY = """اختبار الجغرافيا — الصف الخامس

أولاً: اختر الإجابة الصحيحة:

السؤال الأول: أكبر قارات العالم مساحة هي:
أ) أفريقيا
ب) آسيا
ج) أوروبا
الإجابة الصحيحة: ب

السؤال الثاني: يقع نهر النيل في قارة:
أ) أفريقيا
ب) أمريكا الجنوبية
ج) أستراليا
الإجابة الصحيحة: أ

السؤال 3: أطول سلسلة جبال في العالم:
أ) الألب
ب) الهيمالايا
ج) الأنديز
الإجابة: ج

ثانياً: ضع علامة (✓) أو (✗):
(تُكتب الإجابة بين القوسين)
1- الأرض كوكب مسطح. (    )    الإجابة: (✗)
2- المحيط الهادئ أكبر المحيطات. (    )    الإجابة: (✓)
"""

ELEVEN = """السؤال العاشر: ناتج ٣ × ٤ هو:
أ) ٧
ب) ١٢
ج) ١٤
الإجابة الصحيحة: ب

السؤال الحادي عشر: نصف العدد ٢٠ هو:
أ) ٥
ب) ١٥
ج) ١٠
الإجابة الصحيحة: ج
"""


def _read(paper: str) -> list[tuple[int, str, object]]:
    result = import_text(paper, source="ikhtibar.txt", bank_id="ikhtibar")
    return [(q.number, q.kind.value, q.answer) for q in result.bank.questions]


def test_worded_numbers_abjad_options_and_parts() -> None:
    assert _read(GEOGRAPHY) == [
        (1, "single", "B"),
        (2, "single", "A"),
        (3, "single", "C"),
        (1, "true_false", False),
        (2, "true_false", True),
    ]


def test_numbers_past_ten_in_words() -> None:
    assert _read(ELEVEN) == [(10, "single", "B"), (11, "single", "C")]
    assert _read(ELEVEN.replace("العاشر", "الثاني عشر").replace("الحادي عشر", "الثالث عشر")) == [
        (12, "single", "B"),
        (13, "single", "C"),
    ]
