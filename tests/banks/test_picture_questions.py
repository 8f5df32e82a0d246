"""Questions whose picture the document does not carry: where most of a document's pictured questions point at
their picture in their words (in any language the importer reads), its pictures carry its questions, and a
pictured question that points at nothing in its words is left out with them; one that says what its picture
shows is read."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

# a river-boating ticket, written here; each picture's placeholder as the page left it
RUSSIAN = """Билет № 3
Вопрос №1: Какое судно обязано уступить дорогу в данной ситуации?
[Рисунок: 3-1.png]
1. Парусное.
2. Моторное.
3. Оба.
Вопрос №2: Что означают эти огни на мачте?
[Рисунок: 3-2.png]
1. Судно на якоре.
2. Судно на мели.
Вопрос №3: По какому фарватеру Вам разрешено идти вверх по течению?
[Рисунок: 3-3.png]
1. Только по А.
2. Только по Б.
3. По любому.
Вопрос №4: Какой документ обязан иметь судоводитель маломерного судна?
1. Удостоверение на право управления.
2. Паспорт болельщика.
Ответы: 1-2  2-1  3-3  4-1
"""

GERMAN = """Frage 1: Was bedeutet dieses Zeichen am Ufer?
[Abbildung: ufer1.png]
a) Ankern verboten
b) Baden erlaubt
Antwort: a
Frage 2: Welches Boot ist in der abgebildeten Lage ausweichpflichtig?
[Abbildung: lage2.png]
a) Das Segelboot
b) Das Motorboot
Antwort: b
Frage 3: Welchen Kurs darf das Boot A nehmen?
[Abbildung: kurs3.png]
a) Nur nach links
b) Nur geradeaus
Antwort: b
Frage 4: Wie viele Rettungswesten braucht ein Boot mit vier Personen an Bord?
a) Zwei
b) Vier
Antwort: b
"""


@pytest.mark.parametrize(("text", "kept"), [(RUSSIAN, 4), (GERMAN, 4)])
def test_where_pictures_carry_the_questions_every_pictured_question_is_left_out(text: str, kept: int) -> None:
    result = import_text(text, source="ticket.txt", bank_id="ticket")
    assert [q.number for q in result.bank.questions] == [kept]
    assert len(result.left_out) == 3
    assert all("picture" in lo.en for lo in result.left_out)


# A picture that only illustrates: the stem says what it shows, and the other pictured question is the only one
# pointing at its picture, so the document's pictures do not carry its questions.
DESCRIBED = """1、如图所示，前方路口绿灯亮起，可以直接加速通过路口。
[图片]
A、正确
B、错误
答案：B
2、图中这个标志表示什么？
[图片]
A、注意行人
B、禁止通行
答案：A
3、如图所示，雨天在高速公路上行车，应当降低车速并加大跟车距离。
[图片]
A、正确
B、错误
答案：A
4、夜间会车时应当怎样使用灯光？
A、使用远光灯
B、改用近光灯
答案：B
"""


def test_a_stem_that_says_what_its_picture_shows_is_read() -> None:
    result = import_text(DESCRIBED, source="drive.txt", bank_id="drive")
    assert [q.number for q in result.bank.questions] == [1, 3, 4]
    assert [lo.number for lo in result.left_out] == [2]
