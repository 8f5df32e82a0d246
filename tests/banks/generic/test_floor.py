"""The generic reader as the floor under the layouts (issue 21, item 1): documents in layouts nobody wrote a
rule for are read by their structure alone (numbered blocks, options lettered in sequence in any alphabet,
a word for "answer" in the document's language, an answer part in any form) instead of being refused.

Each document here is written for this test in a class the held-out corpora showed; none is refused
by the importer any more, and every key is the one the document gives.
"""

from __future__ import annotations

from pathlib import Path

from bot.banks.generic.reader import read_generic
from bot.banks.importer import import_file, import_text
from bot.banks.model import Bank, Kind
from bot.banks.questions.build import finish


def keys(text: str, name: str = "doc.txt") -> list[tuple[str, object]]:
    bank = import_text(text, source=name, bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


def imported_file(path: Path, doc: str) -> Bank:
    """The bank a document saved as a file imports to (by its name's suffix, as an upload is read)."""
    path.write_text(doc, encoding="utf-8")
    return import_file(path, bank_id="t").bank


def generic_keys(text: str) -> list[tuple[str, object]]:
    """What the floor alone reads (where the layouts also read a document, the importer may keep theirs)."""
    found = read_generic(text)
    bank = finish(found.drafts, found.sections, source="doc.txt", bank_id="t", title="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


def test_questions_inside_a_code_fence_with_keys_in_the_stems() -> None:
    doc = """```text
第3章：
1.下列(AC)属于可再生能源。
A．风能
B．煤炭
C．太阳能
D．石油
2．水在标准大气压下的沸点是( B )。
A.90℃	B.100℃	C.110℃	D.120℃
3.光在真空中的传播速度约为（ C ）。
A.3×10^5 m/s
B.3×10^6 m/s
C.3×10^8 m/s
D.3×10^10 m/s
```
"""
    assert keys(doc) == [("multiple", "AC"), ("single", "B"), ("single", "C")]


def test_cyrillic_options_on_the_stems_line_keyed_in_a_table() -> None:
    doc = """КОНТРОЛЬНАЯ РАБОТА ПО ГЕОГРАФИИ
1. Самый большой океан на Земле – А. Атлантический Б. Тихий В. Индийский
2. Столица Японии – А. Осака Б. Киото В. Токио Г. Нагоя
3. Самая длинная река Африки – А. Нил Б. Конго В. Нигер

КЛЮЧИ
| № | 1 | 2 | 3 |
| Ответ | Б | В | А |
"""
    assert keys(doc, "geo.md") == [("single", "B"), ("single", "C"), ("single", "A")]


def test_katakana_options_and_a_japanese_key_after_a_bare_label() -> None:
    doc = """### 問1
日本で一番面積が大きい都道府県はどれか。
ア 岩手県
イ 北海道
ウ 長野県
エ 福島県
#### 【解答】
正解:イ
### 問2
次のうち、政令指定都市でないものはどれか。
ア 札幌市
イ 仙台市
ウ 奈良市
エ 福岡市
#### 【解答】
正解:ウ
"""
    assert keys(doc, "chiri.md") == [("single", "B"), ("single", "C")]


def test_options_numbered_under_each_stem_keyed_by_number_in_brackets() -> None:
    doc = """1. 물의 화학식은?
     1. CO2
     2. H2O
     3. O2
     4. NaCl
     정답 : [2] 정답률 : 91%

2. 지구에서 가장 가까운 별은?
     1. 시리우스
     2. 북극성
     3. 태양
     4. 베가
     정답 : [3]
"""
    assert keys(doc) == [("single", "B"), ("single", "C")]


def test_answer_words_in_other_languages_and_judgements_without_options() -> None:
    doc = """Quiz de sécurité routière
1. Le port du casque est obligatoire à vélo pour les enfants de moins de 12 ans.
réponse: Y
2. Quelle est la vitesse maximale en agglomération ?
A. 30 km/h
B. 50 km/h
C. 70 km/h
réponse: B
3. On peut dépasser par la droite sur une route nationale.
réponse: N
"""
    assert keys(doc) == [("true_false", True), ("single", "B"), ("true_false", False)]


def test_an_answer_part_keyed_per_chapter_in_brackets() -> None:
    doc = """CHAPTER 1  CELLS
1. The powerhouse of the cell is the:
(a) nucleus
(b) mitochondrion
(c) ribosome
2. Which of these are found in plant cells? (Select all that apply.)
(a) cell wall
(b) chloroplast
(c) centriole
(d) vacuole
CHAPTER 2  GENETICS
1. DNA is made of:
(a) amino acids
(b) nucleotides
(c) fatty acids
ANSWER KEY
CHAPTER 1
1 (b); 2 (a, b and d)
CHAPTER 2
1 (b)
"""
    assert keys(doc) == [("single", "B"), ("multiple", "ABD"), ("single", "B")]


def test_numbers_with_a_dash_and_an_answer_sheet_of_pairs() -> None:
    doc = """Test de Historia
1.- La Revolución Francesa comenzó en:
a) 1776
b) 1789
c) 1815
2.- ¿Quién pintó el Guernica?
a) Dalí
b) Goya
c) Picasso
PLANTILLA DE RESPUESTAS
1.- b      2.- c
"""
    assert keys(doc) == [("single", "B"), ("single", "C")]


def test_a_grid_of_judgement_letters_before_the_statements_with_its_legend() -> None:
    doc = """GABARITO
1 2 3 4
C E C X
Legenda: C = CERTO; E = ERRADO; X = ANULADO.
Julgue os itens.
1  A água ferve a 100 graus ao nível do mar.
2  O Sol gira em torno da Terra.
3  O Brasil fica na América do Sul.
4  Item com erro de digitação na prova.
"""
    result = import_text(doc, source="simulado.txt", bank_id="t")
    assert [(q.kind, q.answer) for q in result.bank.questions] == [
        (Kind.true_false, True),
        (Kind.true_false, False),
        (Kind.true_false, True),
    ]
    assert [lo.number for lo in result.left_out] == [4]  # annulled: no key, said so


def test_an_answer_part_after_each_set_keys_its_own_set() -> None:
    doc = """第一套
一.单选题(共2题)
1.水的化学式是()。
A.H2O
B.CO2
C.O2
2.地球的卫星是()。
A.火星
B.月球
C.金星
二.判断题(共2题)
1.铁是金属。()
2.空气是纯净物。()
参考答案
一.单选题
1.【答案】A
2.【答案】B
【解析】月球是地球唯一的天然卫星。
二.判断题
1.【答案】对
2.【答案】错
第二套
一.单选题(共2题)
1.光合作用的场所是()。
A.线粒体
B.叶绿体
C.细胞核
2.人体最大的器官是()。
A.心脏
B.肝脏
C.皮肤
二.判断题(共1题)
1.声音可以在真空中传播。()
参考答案
一.单选题
1.【答案】B
2.【答案】C
二.判断题
1.【答案】×
"""
    assert keys(doc) == [
        ("single", "A"),
        ("single", "B"),
        ("true_false", True),
        ("true_false", False),
        ("single", "B"),
        ("single", "C"),
        ("true_false", False),
    ]


def test_a_key_grid_with_its_cells_one_per_line() -> None:
    doc = """1　下列何者為我國首都？<br>(A)臺中　(B)臺北　(C)高雄　(D)臺南
2　一年有幾個月？<br>(A)十　(B)十一　(C)十二　(D)十三
3　一週有幾天？<br>(A)五　(B)六　(C)七　(D)八
測驗式試題標準答案
題號
第1題
第2題
第3題
答案
B
#
C
備註：第2題一律給分。
"""
    result = import_text(doc, source="exam.txt", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (3, "C")]
    assert [lo.number for lo in result.left_out] == [2]  # "#": given to everyone, so no key to grade by


def test_a_catalogue_whose_note_says_which_answer_is_always_right() -> None:
    doc = """Fragenkatalog Binnenschifffahrt (Auszug)
Hinweis: In diesem Katalog ist immer Antwort a die richtige.
1. Welche Seite eines Schiffes ist Backbord?
a. Die linke Seite in Fahrtrichtung.
b. Die rechte Seite in Fahrtrichtung.
c. Das Heck.
d. Der Bug.
2. Was bedeutet ein gelbes Blinklicht?
a. Vorsicht.
b. Freie Fahrt.
c. Anlegen verboten.
d. Ankern erlaubt.
"""
    assert keys(doc) == [("single", "A"), ("single", "A")]


def test_a_teachers_copy_with_keys_before_the_numbers_and_circled_options() -> None:
    # The layouts read fewer choice questions here than the runs of options the page shows: the floor reads it.
    doc = """四年級社會 第二單元 評量（教師版）
一、選擇題：
( ２ )1. 臺灣最高的山是哪一座？①雪山②玉山③合歡山④阿里山
( １ )2. 下列哪一個是臺灣的離島？①澎湖②九份③日月潭④太魯閣
( ４ )3. 臺灣的首都在哪裡？①臺中②臺南③高雄④臺北
二、是非題：
( ○ )1. 臺灣四面環海。
( × )2. 日月潭位於臺東。
三、填充題：
1. 臺灣最長的河川是（ 濁水溪 ）。
2. 臺灣位於（ 亞洲 ）的東部。
"""
    assert keys(doc) == [
        ("single", "B"),
        ("single", "A"),
        ("single", "D"),
        ("true_false", True),
        ("true_false", False),
        ("fill", ["濁水溪"]),
        ("fill", ["亞洲"]),
    ]


def test_a_case_numbered_as_a_medical_paper_keeps_its_numbered_reference_whole() -> None:
    doc = """二、病例分析题
病例一
男，60岁。活动后胸闷1年。心电图示ST段压低。
要求：写出初步诊断。
参考答案：
（1）初步诊断：稳定型心绞痛。
（2）依据：活动后胸闷，休息可缓解。
病例二
女，30岁。乏力、面色苍白半年。血红蛋白80g/L。
要求：写出初步诊断。
参考答案：
（1）初步诊断：缺铁性贫血。
（2）依据：小细胞低色素性贫血。
"""
    result = import_text(doc, source="med.txt", bank_id="t")
    assert [q.kind for q in result.bank.questions] == [Kind.case, Kind.case]
    first, second = (q.answer for q in result.bank.questions)
    assert "稳定型心绞痛" in first and "休息可缓解" in first  # both numbered points, and the ECG is no figure
    assert "缺铁性贫血" in second and "小细胞低色素性贫血" in second


def test_options_written_out_of_order_are_read_by_their_letters() -> None:
    doc = """```
1.以下属于TCP报文段标志位的是( ABCD )。
B.ACK
A.SYN
D.RST
C.FIN
2.HTTP默认端口是( B )。
A.21
B.80
C.25
D.53
```
"""
    bank = import_text(doc, source="notes.md", bank_id="t").bank
    first = bank.questions[0]
    assert first.answer == "ABCD" and first.options == {"A": "SYN", "B": "ACK", "C": "FIN", "D": "RST"}


def test_a_reviewed_attempt_gives_the_key_not_the_learners_answer() -> None:
    doc = """## 一. 填空题（共2题）
### 1. (填空题, 4分) 二叉树第3层最多有 ________ 个结点。
我的答案：
(1) 8
正确答案：
(1) 4
### 2. (填空题, 4分) 含n个顶点的树有 ________ 条边，度之和为 ________ 。
我的答案：
(1) n
(2) n
正确答案：
(1) n-1
(2) 2n-2
## 二. 单选题（共2题）
### 3. (单选题, 5分) 栈的特点是
A. 先进先出
B. 后进先出
C. 随机存取
我的答案: A 正确答案: B
### 4. (单选题, 5分) 队列的特点是
A. 先进先出
B. 后进先出
C. 随机存取
我的答案: A 正确答案: A
"""
    assert (
        generic_keys(doc)
        == keys(doc, "review.md")
        == [
            ("fill", ["4"]),
            ("fill", [["n-1"], ["2n-2"]]),
            ("single", "B"),
            ("single", "A"),
        ]
    )


def test_an_answer_label_whose_mark_was_lost_gives_no_key() -> None:
    doc = """第1問
富士山は日本一高い山である。〇か×か?
答え:⭕️
富士山の標高は3776mです。
第2問
琵琶湖は日本一大きい湖である。〇か×か?
答え:
琵琶湖は滋賀県にあります。
"""
    result = import_text(doc, source="quiz.txt", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, True)]
    assert [lo.number for lo in result.left_out] == [2]


def test_a_row_of_judgements_under_the_last_statement_keys_them_all_in_order() -> None:
    doc = """一、判断题
1. 铁是金属。
2. 空气是纯净物。
3. 光速比声速快。
答案：(√) (×) (√)
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_questions_one_to_a_line_with_delimited_fields() -> None:
    doc = """1|||Mercury is the closest planet to the Sun.|||T
2|||Which gas do plants take in?|||Oxygen|||Carbon dioxide|||Nitrogen|||B
3|||The Moon gives off its own light.|||F
"""
    assert keys(doc) == [("true_false", True), ("single", "B"), ("true_false", False)]


def test_a_table_of_options_whose_mark_column_marks_the_key() -> None:
    doc = """### 1. Which of these are mammals?

| | Option |
|---|---|
| ✓ | Whale |
| | Shark |
| ✓ | Bat |

### 2. Which metal is liquid at room temperature?

| | Option |
|---|---|
| | Iron |
| * | Mercury |
| | Copper |
"""
    assert keys(doc, "quiz.md") == [("multiple", "AC"), ("single", "B")]


def test_numbers_and_answer_words_of_more_languages() -> None:
    doc = """Soal 1. Planet terbesar adalah ...
a. Mars
b. Jupiter
c. Venus
Jawaban: b
Domanda 2: Quanti continenti ci sono?
A) 5
B) 6
C) 7
Risposta corretta: C
Câu 3: Nước sôi ở bao nhiêu độ C?
A. 90
B. 100
C. 110
Đáp án: B
Pytanie 4. Ile nóg ma pająk?
a) 6
b) 8
c) 10
Odpowiedź: b
"""
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "B"), ("single", "B")]


def test_a_key_after_an_abbreviated_label_and_options_on_the_stems_next_line() -> None:
    doc = """1) Which blood cells carry oxygen?
   a) white cells   b) red cells   c) platelets
   Ans. b
2) Sound travels fastest through:
   a) air   b) water   c) steel
   Ans. c
"""
    assert keys(doc) == [("single", "B"), ("single", "C")]


def test_options_numbered_with_spaces_on_one_line_keyed_by_number() -> None:
    doc = """問1　日本の首都はどこか。
1　大阪　2　京都　3　東京　4　名古屋
正解　3
問2　一年は何日か。
1　300日　2　365日　3　400日　4　500日
正解　2
"""
    assert keys(doc) == [("single", "C"), ("single", "B")]


def test_answer_lines_labelled_by_part_key_their_parts() -> None:
    doc = """Part A
1. The largest ocean is the:
A. Atlantic B. Pacific C. Indian
2. The longest river is the:
A. Nile B. Thames C. Seine
Part B
1. 5 + 5 = ?
A. 10 B. 11 C. 12
2. 2 x 6 = ?
A. 8 B. 10 C. 12
Answer Key
Part A: 1. B 2. A
Part B: 1. A 2. C
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "A"), ("single", "C")]


def test_numbered_notes_before_the_quiz_take_no_keys() -> None:
    doc = """Before you start:
1. Read each question carefully.
2. Only one answer is right.
Quiz
1. Which is a prime number?
A. 4
B. 7
C. 9
2. Which is an even number?
A. 3
B. 5
C. 8
Answers: 1-B, 2-C
"""
    assert generic_keys(doc) == [("single", "B"), ("single", "C")]
    result = import_text(doc, source="quiz.txt", bank_id="t")
    assert [(q.number, q.kind, q.answer) for q in result.bank.questions] == [
        (1, Kind.single, "B"),
        (2, Kind.single, "C"),
    ]


def test_a_key_of_several_bracketed_letters_is_kept_whole() -> None:
    doc = """Q1. Which of these are prime numbers?
(A) 2
(B) 4
(C) 5
(D) 9
Correct answers: (A), (C)
Q2. Which planet is known as the Red Planet?
(A) Venus
(B) Mars
(C) Saturn
Correct answer: (B)
"""
    assert generic_keys(doc) == keys(doc) == [("multiple", "AC"), ("single", "B")]


def test_a_letter_in_brackets_beside_an_empty_slot_is_no_key() -> None:
    doc = """```
1.维生素(A)缺乏会导致（ ）
A.夜盲症
B.佝偻病
C.坏血病
2.人体缺铁会导致( B )
A.甲状腺肿大
B.贫血
C.夜盲症
```
"""
    assert generic_keys(doc) == [("single", "B")]


def test_options_marked_by_their_formatting_give_the_key() -> None:
    # as the Word and web-page readers write a red or bold option: the one mark some options carry
    doc = """Domanda 1: Qual è la capitale d'Italia?
A) Milano
B) <font color="red">Roma</font>
C) Napoli
Domanda 2: Quali sono numeri pari?
A) <font color="red">2</font>   B) 3   C) <font color="red">4</font>
"""
    assert generic_keys(doc) == keys(doc) == [("single", "B"), ("multiple", "AC")]


def test_unnumbered_questions_each_a_stem_over_its_options() -> None:
    doc = """Quiz: energy

Which source of energy is renewable?
a) Coal
b) Wind
c) Natural gas
Answer: b

Which unit measures power?
a) Joule
b) Newton
c) Watt
Answer: c
Explanation: a watt is one joule per second.

Which gas do power plants emit most?
a) Carbon dioxide
b) Argon
c) Neon
Answer: a
"""
    assert generic_keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]


def test_a_stems_paragraph_over_its_options_is_one_stem_after_the_last_key() -> None:
    # an export: an id alone, the stem, a picture's field saying "none", then the options
    doc = """T-101
Mercury is the planet closest to the Sun.
Figure: none
A. True   B. False
Answer: A

T-107
How many moons does Mars have?
Figure: none
A. 0  B. 1  C. 2  D. 4
Answer: C
"""
    found = read_generic(doc)
    assert [(d.stem, d.key) for d in found.drafts] == [
        ("T-101 Mercury is the planet closest to the Sun. Figure: none", "A"),
        ("T-107 How many moons does Mars have? Figure: none", "C"),
    ]


def test_options_behind_boxes_keyed_by_the_ticked_ones() -> None:
    doc = """QCM – la cellule

Question 1 : Quel organite contient l'ADN ?
☐ Le ribosome
☑ Le noyau
☐ La vacuole

Question 2 : Quels organites trouve-t-on dans une cellule végétale ?
☑ Le chloroplaste
☐ Le centriole
☑ La paroi
"""
    assert keys(doc) == [("single", "B"), ("multiple", "AC")]


def test_task_list_options_under_unnumbered_headings_keyed_by_label_and_text() -> None:
    doc = """## Question : Quel est le symbole chimique du fer ?

- [ ] a) Fr
- [ ] b) Fe
- [ ] c) F

Réponse correcte : b) Fe

## Question : Quel gaz est noble ?

- [ ] a) Azote
- [ ] b) Oxygène
- [ ] c) Argon

Réponse correcte : c) Argon
"""
    assert keys(doc, "chimie.md") == [("single", "B"), ("single", "C")]


def test_numbered_options_keyed_by_number_and_text_and_a_misfit_left_out() -> None:
    doc = """Q1 - Quel mot est un adjectif ?
1. Lentement
2. Lent
3. Lenteur
Réponse : 2. Lent

Q2 - Quel mot est un nom ?
1. Courir
2. Course
3. Couramment
Réponse : 2. Couramment

Q3 - Quel mot est un verbe ?
1. Chanter
2. Chanson
3. Chanteur
Réponse : 1. Chanter
"""
    result = import_text(doc, source="grammaire.txt", bank_id="t")
    # question 2's key names option 2 by its number and option 3 by its text: left out, never guessed
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (3, "A")]
    assert [lo.number for lo in result.left_out] == [2]


def test_an_answer_list_before_the_questions_labelled_q_dash_n() -> None:
    doc = """Corrigé
Q – 1 Réponse : 3. Lyon
Q – 2 Réponse : 1. Marseille

Q1 - Quelle ville est traversée par le Rhône et la Saône ?
1. Lille
2. Nantes
3. Lyon

Q2 - Quel est le premier port de France ?
1. Marseille
2. Brest
3. Rouen
"""
    assert keys(doc) == [("single", "C"), ("single", "A")]


def test_a_key_in_brackets_closing_the_line_of_options() -> None:
    doc = """1. The largest desert is: A. Gobi B. Sahara C. Kalahari (Answer: B)
2. The longest river is: A. Nile B. Danube C. Rhine (Answer: A)
3. The highest mountain is: A. K2 B. Kilimanjaro C. Everest (Answer: C)
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "C")]


def test_a_folded_answer_its_label_alone_above_the_key() -> None:
    doc = """<html><body><ol>
<li><p>Quel mot-clé importe un module ?</p><ol type="a"><li>include</li><li>import</li><li>using</li></ol>
<details><summary>Réponse</summary><p>b</p></details></li>
<li><p>Quel type est une séquence immuable ?</p><ol type="a"><li>list</li><li>set</li><li>tuple</li></ol>
<details><summary>Réponse</summary><p>c</p></details></li>
</ol></body></html>
"""
    from bot.banks.formats.html import html_text

    assert keys(html_text(doc)) == [("single", "B"), ("single", "C")]


def test_a_key_in_katakana_brackets_after_a_spaced_label() -> None:
    doc = """問題１　酸性の水溶液はどれか。
（ア）石灰水　（イ）食塩水　（ウ）塩酸　（エ）アンモニア水
解答　（ウ）

問題２　哺乳類はどれか。
（ア）イルカ　（イ）サメ　（ウ）マグロ　（エ）カメ
解答　（ア）
"""
    assert keys(doc) == [("single", "C"), ("single", "A")]


def test_cards_a_question_over_its_answer() -> None:
    doc = """Q: What does DNS stand for?
A: Domain Name System

Q: What does HTTP stand for?
A: Hypertext Transfer Protocol
"""
    assert keys(doc) == [("fill", ["Domain Name System"]), ("fill", ["Hypertext Transfer Protocol"])]


def test_a_word_table_of_questions_under_a_header_in_another_language(tmp_path: Path) -> None:
    import docx

    document = docx.Document()
    document.add_paragraph("Тест по физике")
    rows = [
        ("№", "Вопрос", "А", "Б", "В", "Ответ"),
        ("1", "Единица силы?", "Ньютон", "Джоуль", "Ватт", "А"),
        ("2", "Единица мощности?", "Джоуль", "Ватт", "Паскаль", "Б"),
        ("3", "Единица давления?", "Ньютон", "Ватт", "Паскаль", "В"),
    ]
    table = document.add_table(rows=0, cols=6)
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text
    document.save(str(tmp_path / "fizika.docx"))
    bank = import_file(tmp_path / "fizika.docx", bank_id="t").bank
    assert [(q.kind.value, q.answer) for q in bank.questions] == [("single", "A"), ("single", "B"), ("single", "C")]


def test_a_markdown_table_of_questions_under_a_header_in_another_language(tmp_path: Path) -> None:
    doc = """# Тест по химии

| № | Вопрос | А | Б | В | Ответ |
|---|---|---|---|---|---|
| 1 | Символ натрия? | Na | N | Ne | А |
| 2 | Формула воды? | CO2 | H2O | O2 | Б |
| 3 | Самый лёгкий газ? | Гелий | Азот | Водород | В |
"""
    (tmp_path / "himiya.md").write_text(doc, encoding="utf-8")
    bank = import_file(tmp_path / "himiya.md", bank_id="t").bank
    assert [(q.kind.value, q.answer) for q in bank.questions] == [("single", "A"), ("single", "B"), ("single", "C")]


def test_grids_of_keys_two_numbers_wide_under_their_labels() -> None:
    doc = """1. Столица Франции – А. Лион Б. Париж В. Ницца
2. Столица Италии – А. Милан Б. Турин В. Рим
3. Столица Испании – А. Мадрид Б. Севилья В. Валенсия
4. Столица Польши – А. Варшава Б. Краков В. Гданьск

| № | 1 | 2 |
|---|---|---|
| Ответ | Б | В |
| № | 3 | 4 |
| Ответ | А | А |
"""
    assert keys(doc, "stolitsy.md") == [("single", "B"), ("single", "C"), ("single", "A"), ("single", "A")]


def test_keys_after_the_words_teachers_write_in_their_languages() -> None:
    doc = """Questão 1
Qual é o maior planeta do sistema solar?
a) Terra
b) Júpiter
c) Marte
Resposta: letra B

Questão 2
Qual é o planeta mais próximo do Sol?
a) Vênus
b) Terra
c) Mercúrio
Alternativa correta: letra c)

Questão 3
Qual planeta tem anéis visíveis?
a) Saturno
b) Marte
c) Vênus
A resposta correta é a A
"""
    assert generic_keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]
    doc = """1. Quelle est la couleur du ciel par beau temps ?
a) Vert
b) Rouge
c) Bleu
La bonne réponse est la C

2. ¿Cuántos días tiene una semana?
a) Siete
b) Cinco
c) Diez
Rta.: a

3. ¿Cuántos meses tiene un año?
a) Diez
b) Doce
c) Once
Solución: B

4. Сколько ног у паука?
а) шесть
б) восемь
в) десять
Ответ – б

5. Сколько крыльев у бабочки?
а) два
б) шесть
в) четыре
Ответ: В.
"""
    assert generic_keys(doc) == [("single", "C"), ("single", "A"), ("single", "B"), ("single", "B"), ("single", "C")]


def test_items_to_judge_keyed_c_and_e_are_judgements_not_letter_fill_ins() -> None:
    doc = """Julgue os itens a seguir, relativos à geografia do Brasil.

1 O rio Amazonas deságua no oceano Atlântico.
2 O Brasil faz fronteira com o Chile.
3 A capital do Brasil é Brasília.

Gabarito: 1 C  2 E  3 C
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_a_part_of_statements_to_judge_keyed_v_and_f_in_the_answer_part() -> None:
    doc = """Partie A : QCM
1. Quelle est la capitale du Portugal ?
a) Porto   b) Lisbonne   c) Faro
2. Quel pays a pour capitale Berne ?
a) La Suisse   b) L'Autriche   c) La Belgique
Partie B : Vrai ou faux
3. Le Danube traverse Vienne.
4. Madrid est au bord de la mer.
Corrigé
1 b   2 a   3 V   4 F
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("true_false", True), ("true_false", False)]


def _three_questions(answers: str) -> str:
    questions = [
        ("Which metal is liquid at room temperature?", ["Iron", "Mercury", "Copper"]),
        ("Which gas do we breathe out?", ["Helium", "Argon", "Carbon dioxide"]),
        ("Which is the lightest element?", ["Hydrogen", "Lithium", "Carbon"]),
    ]
    lines = []
    for number, (stem, options) in enumerate(questions, start=1):
        lines += [f"{number}. {stem}", *(f"{letter}) {text}" for letter, text in zip("abc", options, strict=True)), ""]
    return "\n".join(lines) + "\n" + answers + "\n"


def test_answer_parts_worded_or_labelled_as_teachers_write_them() -> None:
    want = [("single", "B"), ("single", "C"), ("single", "A")]
    for answers in (
        "Answer Key\n1. (b) Mercury melts at -39 °C.\n2. (c) We breathe it out.\n3. (a) It has one proton.",
        "Answers\n1. Mercury\n2. Carbon dioxide\n3. Hydrogen",
        "Answers\n1. b) Mercury\n2. c) Carbon dioxide\n3. a) Hydrogen",
        "ANSWERS\nQ1: B\nQ2: C\nQ3: A",
        "Answers: Q1-B, Q2-C, Q3-A",
        "Key: 1/B, 2/C, 3/A",
        "Answer key\n#1 B\n#2 C\n#3 A",
    ):
        assert generic_keys(_three_questions(answers)) == want, answers


def test_a_worded_answer_part_that_names_another_option_by_its_text_publishes_no_key() -> None:
    doc = _three_questions("Answers\n1. b) Mercury\n2. c) Argon\n3. a) Hydrogen")
    result = import_text(doc, source="doc.txt", bank_id="t")
    assert [(q.number, q.answer) for q in result.bank.questions] == [(1, "B"), (3, "A")]
    assert [lo.number for lo in result.left_out] == [2]


def test_unlettered_list_items_under_a_stem_keyed_by_their_mark() -> None:
    ticked = """1. Which city is the capital of Peru?
   * Cusco
   * Lima ✓
   * Arequipa
2. Which city is the capital of Bolivia?
   * Sucre ✓
   * Potosí
   * Oruro
"""
    bold = """1. Which city is the capital of Peru?
   - Cusco
   - **Lima**
   - Arequipa
2. Which city is the capital of Bolivia?
   - **Sucre**
   - Potosí
   - Oruro
"""
    worded = """Question 1: Which city is the capital of Peru?
- Cusco
- Lima (correct)
- Arequipa

Question 2: Which city is the capital of Bolivia?
- Sucre (correct)
- Potosí
- Oruro
"""
    for doc in (ticked, bold, worded):
        assert keys(doc, "capitals.md") == [("single", "B"), ("single", "A")], doc


def test_options_numbered_on_one_line_under_strong_numbers_keyed_by_number_at_the_end() -> None:
    doc = """第1問　次のうち、果物はどれか。
１．キャベツ　２．りんご　３．にんじん　４．ねぎ

第2問　次のうち、野菜はどれか。
１．みかん　２．ぶどう　３．ほうれん草　４．もも

第3問　次のうち、穀物はどれか。
１．米　２．梨　３．柿　４．栗

解答
第1問　２
第2問　３
第3問　１
"""
    assert keys(doc) == [("single", "B"), ("single", "C"), ("single", "A")]


def test_a_key_before_the_stem_on_the_questions_line() -> None:
    doc = """1.【答案】B 下列动物中，属于哺乳动物的是
A.鲨鱼 B.海豚 C.金枪鱼 D.海马
2.【答案】D 下列植物中，属于裸子植物的是
A.水稻 B.玉米 C.小麦 D.松树
"""
    assert keys(doc) == [("single", "B"), ("single", "D")]


def test_keys_glued_to_their_numbers_in_an_answer_line() -> None:
    doc = """1. Какая планета самая большая?
А) Марс
Б) Юпитер
В) Венера

2. Какая планета ближе всех к Солнцу?
А) Меркурий
Б) Земля
В) Марс

Ответы: 1Б, 2А
"""
    assert keys(doc) == [("single", "B"), ("single", "A")]


def test_statements_numbered_in_brackets_judged_in_an_answer_line() -> None:
    doc = """【問題1】次の文が正しければ○、誤っていれば×で答えなさい。
（1）氷は水に浮く。
（2）月は自ら光を出す。
（3）鉄は磁石につく。
【解答】
（1）○　（2）×　（3）○
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_unlettered_lines_under_a_question_keyed_by_one_of_them_written_out(tmp_path: Path) -> None:
    page = """<html><body><h1>Quiz</h1>
<div><p>1. Which river flows through Cairo?</p>
<ul><li>Niger</li><li>Nile</li><li>Congo</li></ul>
<p>Answer: Nile</p></div>
<div><p>2. Which river flows through Baghdad?</p>
<ul><li>Tigris</li><li>Jordan</li><li>Indus</li></ul>
<p>Answer: Tigris</p></div>
</body></html>
"""
    (tmp_path / "rivers.html").write_text(page, encoding="utf-8")
    bank = import_file(tmp_path / "rivers.html", bank_id="t").bank
    assert [(q.kind.value, q.answer, q.options) for q in bank.questions] == [
        ("single", "B", {"A": "Niger", "B": "Nile", "C": "Congo"}),
        ("single", "A", {"A": "Tigris", "B": "Jordan", "C": "Indus"}),
    ]


def test_a_forms_fieldsets_each_a_question_keyed_by_the_checked_radio(tmp_path: Path) -> None:
    page = """<html><body><form>
<fieldset><legend>Question 1 : Quelle est la capitale du Sénégal ?</legend>
<label><input type="radio" name="q1"> Thiès</label><br>
<label><input type="radio" name="q1" checked> Dakar</label>
</fieldset>
<fieldset><legend>Question 2 : Quelle est la capitale du Mali ?</legend>
<label><input type="radio" name="q2" checked> Bamako</label><br>
<label><input type="radio" name="q2"> Mopti</label>
</fieldset>
</form></body></html>
"""
    (tmp_path / "capitales.html").write_text(page, encoding="utf-8")
    bank = import_file(tmp_path / "capitales.html", bank_id="t").bank
    assert [(q.kind.value, q.answer) for q in bank.questions] == [("single", "B"), ("single", "A")]


def test_a_paper_run_on_in_one_paragraph_wrapped_anywhere() -> None:
    # a document site's preview: questions, options and keys glued together, wrapped at any character
    doc = """2024年交通安全知识竞赛题库(附答案)一、单项选择题(每题2分)1.机动车在高速公路上行驶,最低车速不得低于每小
时()公里。A.40B.50C.60D.70【答案】C2.驾驶人饮酒后驾驶机动车的,暂扣机动车驾驶证()。A.1个月B.3个月C.
6个月D.12个月【答案】C3.行人通过路口时,应当走()。A.机动车道B.人行横道C.非机动车道D.绿化带【答案】B4.交
通信号灯中,表示禁止通行的是()。A.绿灯B.黄灯C.红灯D.白灯【答案】C
"""
    assert keys(doc) == [("single", "C"), ("single", "C"), ("single", "B"), ("single", "C")]


def test_a_run_on_bank_with_blank_lines_between_stems_and_options() -> None:
    doc = """某大学《数据库原理》作业考核题库(参考答案)一.综合考核(共4题)1.关系模型的数据结构是()。

A.树B.图C.二维表D.链表参考答案:C2.SQL中删除表的语句是()。

A.DELETEB.DROPC.REMOVED.CLEAR参考答案:B3.主键的值可以为空吗()。

A.可以B.不可以参考答案:B4.下列属于聚合函数的有()。

A.COUNTB.SUMC.LENGTHD.AVG参考答案:ABD
"""
    assert keys(doc) == [("single", "C"), ("single", "B"), ("single", "B"), ("multiple", "ABD")]


def test_a_key_of_five_letters_keeps_its_e() -> None:
    # "e" joins letters in Portuguese ("a e c"), never when it is a letter of the key itself
    doc = """二、不定项选择题
1、以下属于可再生能源的是（ ABCDE ）
A、风能      B、太阳能      C、水能
D、地热能    E、潮汐能      F、煤炭
2、以下属于化石能源的是（ F ）
A、风能      B、太阳能      C、水能
D、地热能    E、潮汐能      F、煤炭
"""
    assert generic_keys(doc) == [("multiple", "ABCDE"), ("single", "F")]


def test_an_options_word_that_begins_with_the_answer_word_is_no_key() -> None:
    # "ответа" is a word of the option's text, not "Ответ" and the key "а"
    doc = """1. Что хранит резервная копия?
а) только пароли
б) копию данных
в) нет правильного ответа
Ответ: б

2. Что шифрует открытый ключ?
а) сообщение
б) ничего
в) нет верного ответа
Ответ: а
"""
    assert generic_keys(doc) == [("single", "B"), ("single", "A")]


def test_boxes_ticked_with_an_x_before_judgements_and_lettered_options() -> None:
    doc = """GABARITO
1 A água ferve a 100 °C ao nível do mar.
(X) Verdadeiro.
( ) Falso.
2 O Sol gira em torno da Terra.
( ) Verdadeiro.
(X) Falso.
3 São planetas rochosos:
a) ( ) Júpiter e Saturno.
b) ( ) Urano e Netuno.
c) (x) Mercúrio e Marte.
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("single", "C")]


def test_statements_each_over_its_verdict_numbered_again_in_every_round() -> None:
    doc = """Round 1a
Q. Say whether each statement is true or false
1. Sound travels faster in water than in air.
True
2. The Moon is larger than the Earth.
False
....................................
Round 1b
1. Copper conducts electricity.
True
2. Glass is a metal.
False (it is an amorphous solid)
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True), ("true_false", False)]


def test_a_questionnaire_export_options_glued_and_the_right_ones_flagged_after_their_text() -> None:
    doc = """2023年消防知识问卷
1. 发现火灾应拨打的电话是()(分值: 单选题 *A、110B、119(正确答案)C、120
2. 下列属于灭火方法的是()(分值: 多选题 *A、隔离法(正确答案)B、窒息法(正确答案)C、加热法D、冷却法(正确答案)
3. 泡沫灭火器适合扑救的是()(分值: 单选题 *A、油类初起火灾(正确答案)B、带电设备火灾C、金属钠火灾
"""
    assert keys(doc) == [("single", "B"), ("multiple", "ABD"), ("single", "A")]


def test_unnumbered_statements_each_over_its_verdict_under_a_heading() -> None:
    doc = """# Python 考试题集

## 判断题

列表是可变类型。
True

元组可以在创建后修改元素。
False

## 单选题

下列哪个是不可变类型？
A. list
B. dict
C. tuple
正确答案：C
"""
    assert keys(doc, "python.md") == [("true_false", True), ("true_false", False), ("single", "C")]


def test_numbered_questions_each_over_its_unlabelled_answer_and_verdicts_in_brackets() -> None:
    doc = """安全知识题库
1、灭火器压力表指针在哪个区域表示压力正常?
绿色区域。
2、电气设备着火时首先应当做什么?
切断电源。
3、可以用水扑救电气火灾。
(×)
4、安全出口应当保持畅通。
(√)
"""
    assert keys(doc) == [("case", "绿色区域。"), ("case", "切断电源。"), ("true_false", False), ("true_false", True)]


def test_a_table_of_verdicts_inside_a_reference_answer_is_no_question_table(tmp_path: Path) -> None:
    doc = """## 简答题

1. 对比 root 与普通用户在以下操作上的权限（打√或×）。

参考答案：

| 操作 | root | 普通用户 |
|---|---|---|
| 关机 shutdown | √ | × |
| 修改 /etc/passwd | √ | × |
| 读取自己的家目录 | √ | √ |
| 安装系统软件包 | √ | × |
"""
    (tmp_path / "linux.md").write_text(doc, encoding="utf-8")
    bank = import_file(tmp_path / "linux.md", bank_id="t").bank
    assert [q.kind.value for q in bank.questions] == ["case"]


def test_a_bold_option_glued_to_the_next_item_is_an_item_of_its_own_and_marks_the_key() -> None:
    # A quiz page saved as Markdown: the right option's <strong> lost its list marker and the next item
    # was glued to it (`**b. Barometer**- c. Hygrometer`).
    text = (
        "Weather instruments\n\n"
        "Which instrument measures air pressure?\n\n"
        "- a. Thermometer\n"
        "**b. Barometer**- c. Hygrometer\n"
        "- d. Anemometer\n\n"
        "Which instrument measures wind speed?\n\n"
        "- a. Rain gauge\n"
        "- b. Barometer\n"
        "**c. Anemometer**- d. Hygrometer\n"
    )
    bank = import_text(text, source="weather.md", bank_id="t").bank
    first, second = bank.questions
    assert first.options == {"A": "Thermometer", "B": "Barometer", "C": "Hygrometer", "D": "Anemometer"}
    assert (first.answer, second.answer) == ("B", "C")
    assert second.options["D"] == "Hygrometer"


def test_a_statement_over_two_verdicts_as_list_items_is_keyed_by_the_bold_one(tmp_path: Path) -> None:
    # A quiz page saved as Markdown: each statement over its two verdicts as a list, the right one in bold
    # (inside the item or, its marker lost, on a line of its own), in the page's language.
    doc = (
        "Revisão de ciências\n\n"
        "O ferro enferruja no ar úmido.\n\n"
        "- **Verdadeiro**\n"
        "- Falso\n\n"
        "La Lune est une planète.\n\n"
        "- Vrai\n"
        "**Faux**\n\n"
        "铁在潮湿的空气中容易生锈。\n\n"
        "- **正确**\n"
        "- 错误\n\n"
        "Which gas do plants take in for photosynthesis?\n\n"
        "- a. Oxygen\n"
        "- **b. Carbon dioxide**\n"
        "- c. Nitrogen\n\n"
        "Sound travels faster in vacuum than in air.\n\n"
        "- True\n"
        "- **False**\n"
    )
    bank = imported_file(tmp_path / "quiz.md", doc)
    assert [(q.kind.value, q.answer) for q in bank.questions] == [
        ("true_false", True),
        ("true_false", False),
        ("true_false", True),
        ("single", "B"),
        ("true_false", False),
    ]
    assert bank.questions[1].prompt == "La Lune est une planète."


def test_a_statement_over_two_unmarked_verdicts_is_left_out_with_its_reason(tmp_path: Path) -> None:
    doc = "Quiz\n\nThe Moon is a planet.\n\n- True\n- False\n\n"
    doc += "Water boils at 100 °C at sea level.\n\n- **True**\n- False\n"
    # Neither verdict marked: the document does not say which is right, so no key is guessed.
    (tmp_path / "quiz.md").write_text(doc, encoding="utf-8")
    result = import_file(tmp_path / "quiz.md", bank_id="t")
    assert [(q.prompt, q.answer) for q in result.bank.questions] == [("Water boils at 100 °C at sea level.", True)]
    assert [issue.line for issue in result.left_out] == [6]
    assert "marks neither" in result.left_out[0].en


def test_a_paragraph_after_a_blank_line_ends_a_list_of_options() -> None:
    # Options as a list's items: the list ends at its blank line, so the paragraph below is the next
    # question, never part of the last option (nor its "Answer:" the key of the question above).
    text = (
        "Weather instruments\n\n"
        "Which instrument measures air pressure?\n\n"
        "- a. Thermometer\n"
        "- **b. Barometer**\n"
        "- c. Hygrometer\n"
        "- d. Anemometer\n\n"
        "Name the instrument that measures humidity.\n\n"
        "Answer: hygrometer\n\n"
        "The unit of air pressure on weather maps.\n\n"
        "- a. Hectopascal\n"
        "- b. Kelvin\n\n"
        "Answer: a\n"
    )
    bank = import_text(text, source="weather.md", bank_id="t").bank
    first, second, _ = bank.questions
    assert first.options["D"] == "Anemometer"
    assert [(q.kind.value, q.answer) for q in bank.questions] == [
        ("single", "B"),
        ("fill", ["hygrometer"]),
        ("single", "A"),
    ]
    assert second.prompt == "Name the instrument that measures humidity."
    assert generic_keys(text) == [("single", "B"), ("fill", ["hygrometer"]), ("single", "A")]  # the floor too


def test_keys_in_inline_tex_are_read_without_their_math_delimiters(tmp_path: Path) -> None:
    # A handout converted to Markdown writes every number as inline TeX, its keys too; the stems keep theirs.
    doc = (
        "# Mental arithmetic\n\n"
        "**1.** The value of $\\sin 90^\\circ$ is ____.\n\n"
        "**Answer:** $1$\n\n"
        "**2.** $8 \\times 13 =$ ____\n\n"
        "**Answer:** $104$\n\n"
        "**3.** A price falls from 50 to 40. By what share did it fall? ____\n\n"
        "**Answer:** $20\\%$\n\n"
        "**4.** Which number is prime?\n\n"
        "A. $21$\n"
        "B. $23$\n"
        "C. $25$\n\n"
        "**Answer:** $B$\n\n"
        "**5.** A ticket costs ____ after a rise from $5 to $10.\n\n"
        "**Answer:** $10\n"
    )
    bank = imported_file(tmp_path / "arith.md", doc)
    assert [(q.kind.value, q.answer) for q in bank.questions] == [
        ("fill", ["1"]),
        ("fill", ["104"]),
        ("fill", ["20%"]),
        ("single", "B"),
        ("fill", ["$10"]),  # money, no math
    ]
    assert bank.questions[1].prompt == "$8 \\times 13 =$ ____"
