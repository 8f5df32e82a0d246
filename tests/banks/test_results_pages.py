"""A results page (one learner's reviewed attempt) copied as text: the learner's own answer, in any language,
is never the key; the key is the line that states it, after an explanation too; a question that shows only
the learner's answer is left out, saying so. Every page here is written by the test."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text

POLISH = """Chemia — test nr 3
Wynik: 1 z 3

Pytanie 1
Który pierwiastek ma symbol Na?
1) azot
2) sód
3) nikiel
4) neon
Twoja odpowiedź: 3
Poprawna odpowiedź: 2

Pytanie 2
Ile atomów wodoru ma cząsteczka wody?
1) jeden
2) dwa
3) trzy
Twoja odpowiedź: 2
Poprawna odpowiedź: 2

Pytanie 3
Jaki gaz powstaje przy fotosyntezie?
1) tlen
2) hel
3) argon
4) chlor
Wyjaśnienie
Rośliny oddają tlen.
Twoja odpowiedź: 4
Poprawna odpowiedź: 1
"""

TURKISH = """Coğrafya deneme sonucu

Soru 1
Türkiye'nin en uzun nehri hangisidir?
A) Sakarya
B) Kızılırmak
C) Fırat
D) Seyhan
Cevabınız: A
Doğru cevap: B

Soru 2
Ankara hangi bölgededir?
A) Ege
B) Karadeniz
C) İç Anadolu
D) Akdeniz
Açıklama
Başkent İç Anadolu'dadır.
Cevabınız: D
Doğru cevap: C

Soru 3
Van Gölü hangi bölgededir?
A) Doğu Anadolu
B) Marmara
C) Ege
D) Akdeniz
Cevabınız: A
Doğru cevap: A
"""

FRENCH = """Résultats — Solfège

Question 1
Combien de temps dure une blanche ?
a) un temps
b) deux temps
c) quatre temps
Votre réponse : c
Bonne réponse : b

Question 2
Quelle clé se lit sur la deuxième ligne ?
a) clé de sol
b) clé de fa
c) clé d'ut
Explication
La clé de sol est posée sur la deuxième ligne.
Votre réponse : b
Bonne réponse : a
"""


@pytest.mark.parametrize(
    ("page", "keys"),
    [(POLISH, ["B", "B", "A"]), (TURKISH, ["B", "C", "A"]), (FRENCH, ["B", "A"])],
    ids=["pl", "tr", "fr"],
)
def test_the_key_is_the_stated_answer_never_the_learners(page: str, keys: list[str]) -> None:
    result = import_text(page, source="results.txt", bank_id="results")
    assert [q.answer for q in result.bank.questions] == keys


def test_a_question_showing_only_the_learners_answer_is_left_out_saying_so() -> None:
    page = """Вопрос 1
Какая планета ближе всех к Солнцу?
1) Венера
2) Меркурий
3) Марс
Ваш ответ: 1
Правильный ответ: 2

Вопрос 2
Какая планета самая большая?
1) Юпитер
2) Земля
3) Сатурн
Ваш ответ: 3

Вопрос 3
Спутник Земли называется:
1) Фобос
2) Луна
3) Титан
Ваш ответ: 2
Правильный ответ: 2
"""
    result = import_text(page, source="planets.txt", bank_id="planets")
    assert [q.answer for q in result.bank.questions] == ["B", "B"]
    assert [lo.number for lo in result.left_out] == [2]
    assert "learner's own answer" in result.left_out[0].en


def test_a_skipped_question_keeps_its_stated_key() -> None:
    page = """Câu 1
Thủ đô của Nhật Bản là
A. Osaka
B. Tokyo
C. Kyoto
Câu trả lời của bạn: Bạn đã bỏ qua câu này
Đáp án: B

Câu 2
Sông dài nhất châu Á là
A. Trường Giang
B. Mê Kông
C. Hoàng Hà
Câu trả lời của bạn: C
Đáp án: A
"""
    result = import_text(page, source="dia-ly.txt", bank_id="dia-ly")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("single", "B"), ("single", "A")]


def test_options_that_are_markup_tags_are_read_as_their_text() -> None:
    page = """1. Which element starts a numbered list?
A) <ol>
B) <ul>
C) <dl>
Answer: A

2. Which element holds the page's title?
A) <body>
B) <title>
C) <span>
Answer: B
"""
    result = import_text(page, source="html-quiz.txt", bank_id="html-quiz")
    assert [q.options for q in result.bank.questions] == [
        {"A": "<ol>", "B": "<ul>", "C": "<dl>"},
        {"A": "<body>", "B": "<title>", "C": "<span>"},
    ]
    assert [q.answer for q in result.bank.questions] == ["A", "B"]
