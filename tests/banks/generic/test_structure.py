"""The floor reads by structure, not by wording (issue 21): what a line is follows from the lines around it.

- a key said in a sentence of its own after the options names its option by the option's text
  (`The answer is carbon dioxide, which …`, `La réponse est la Loire, qui …`); a sentence naming two
  options names none;
- a statement that opens with a word of one letter (Portuguese `A água…`, English `A lion…`) is no option A
  unless a B follows it;
- a letter alone under a statement is its verdict where the document's legend says so (`C = certo, E = errado`).

Each document is written for this test in a layout real banks use.
"""

from __future__ import annotations

from bot.banks.importer import import_text


def keys(text: str, name: str = "doc.txt") -> list[tuple[str, object]]:
    bank = import_text(text, source=name, bank_id="t").bank
    return [(q.kind.value, q.answer) for q in bank.questions]


def test_a_key_said_in_a_sentence_names_its_option_by_its_text() -> None:
    doc = """Quiz : les métaux

1. Quel métal est liquide à température ambiante ?
a) Le fer
b) Le mercure
c) L'aluminium
d) Le cuivre
La réponse est le mercure, le seul métal liquide à 20 °C.

2. Quel métal conduit le mieux l'électricité ?
a) L'argent
b) Le plomb
c) Le zinc
La réponse est l'argent : il devance même le cuivre.

3. Which metal rusts in damp air?
A. Gold
B. Iron
C. Platinum
The answer is iron, because it forms an oxide with water and air.

4. Qual metal é usado nos fios elétricos?
a) Cobre
b) Chumbo
c) Estanho
A resposta correta é a a.
"""
    assert keys(doc) == [("single", "B"), ("single", "A"), ("single", "B"), ("single", "A")]
    # a sentence naming two options names none: that question is left out, never keyed by a guess
    two = """1. Which planet is closest to the Sun?
A. Venus
B. Mercury
C. Earth
The answer is Mercury, which is closer than Venus.

2. Which planet has rings that are easy to see?
A. Mars
B. Saturn
C. Uranus
The answer is Saturn.
"""
    bank = import_text(two, source="doc.txt", bank_id="t")
    assert [(q.number, q.answer) for q in bank.bank.questions] == [(2, "B")]
    assert [lo.number for lo in bank.left_out] == [1]


def test_a_one_letter_word_opening_a_statement_is_no_option() -> None:
    doc = """Verdadeiro ou falso?

A areia é formada por grãos de rocha.
Verdadeiro

A lua tem luz própria.
Falso

O vento é ar em movimento.
Verdadeiro
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_a_letter_under_a_statement_is_its_verdict_by_the_legend() -> None:
    doc = """Julgue os itens abaixo (C = certo; E = errado).

O sangue arterial é rico em oxigênio.
C

As veias levam o sangue do coração aos órgãos.
E

A pele é o maior órgão do corpo humano.
C
"""
    assert keys(doc) == [("true_false", True), ("true_false", False), ("true_false", True)]


def test_a_key_set_as_a_heading_and_a_list_inside_the_explanation() -> None:
    """A quiz page in Markdown: `###### N.` questions, code, `- A:` options, the key folded in `<details>` as a
    heading (`#### Ответ: B`), and an explanation that holds a list numbered from 1 of its own."""
    doc = """<h1>Тест по Python</h1>

###### 1. Что выведет код?

```python
resposta = [1, 2, 3]
print(len(resposta))
```

- A: `2`
- B: `3`
- C: `4`

<details><summary><b>Ответ</b></summary>
<p>

#### Ответ: B

Функция `len` считает элементы списка. Бывает полезно помнить:

1. `len` работает со строками;
2. `len` работает со словарями;
3. `len` не работает с числами.

</p>
</details>

---

###### 2. Что выведет код?

```python
print(type(1.0))
```

- A: `int`
- B: `str`
- C: `float`

<details><summary><b>Ответ</b></summary>
<p>

#### Ответ: C

Число с точкой имеет тип `float`.

</p>
</details>

---

###### 3. Qual é o resultado?

```python
print(bool(""))
```

- A: `True`
- B: `False`

<details><summary><b>Resposta</b></summary>
<p>

#### Resposta: B

Uma string vazia é falsa.

</p>
</details>
"""
    bank = import_text(doc, source="quiz.md", bank_id="t").bank
    assert [(q.number, q.kind.value, q.answer) for q in bank.questions] == [
        (1, "single", "B"),
        (2, "single", "C"),
        (3, "single", "B"),
    ]


def test_crosses_drawn_with_lookalikes_are_false() -> None:
    doc = """三、判断题
26．函数只能返回一个值。 （ ╳ ）
27．视图不存放数据。 （ √ ）
28．一个表可以有多个主键。 （ ✕ ）
"""
    assert keys(doc) == [("true_false", False), ("true_false", True), ("true_false", False)]


def test_code_without_fences_holds_labels_that_are_no_options_and_no_keys() -> None:
    """A quiz whose code lost its fences (a page saved as Word, then text): `{ a: 1, b: 2 }` and `{ key: "x" }`
    inside the stem's code are no options and no key; the options are the lines that open with `A:`, `B:`."""
    doc = """### 1. Que affiche ce code ?
const point = { x: "gauche", y: "droite", x: "haut" };
console.log(point);
A: `{ x: "gauche", y: "droite" }`
B: `{ y: "droite", x: "haut" }`
C: `{ x: "haut", y: "droite" }`
Réponse
Réponse : C
Une clé répétée garde sa première place et prend la dernière valeur.
### 2. Que affiche ce code ?
const store = {};
const k1 = { key: "un" };
const k2 = { key: "deux" };
store[k1] = 1;
store[k2] = 2;
console.log(store[k1]);
A: `1`
B: `2`
C: `undefined`
Réponse
Réponse : B
Les deux objets deviennent la même clé "[object Object]".
### 3. Que affiche ce code ?
const table = { 1: "x", 2: "y" };
console.log(table.hasOwnProperty("1"));
A: `true`
B: `false`
Réponse
Réponse : A
Les clés d'un objet sont des chaînes.
"""
    bank = import_text(doc, source="quiz.txt", bank_id="t").bank
    assert [(q.number, q.kind.value, q.answer, len(q.options)) for q in bank.questions] == [
        (1, "single", "C", 3),
        (2, "single", "B", 3),
        (3, "single", "A", 2),
    ]


def test_a_blanks_other_name_in_brackets_is_an_alternative_of_that_blank() -> None:
    doc = """二、填空题
1. 给表增加主键时，要求主键值____，并且____。
答案：唯一；不允许为空（或 not null）
"""
    assert keys(doc) == [("fill", [["唯一"], ["不允许为空", "not null"]])]


def test_a_fill_key_that_fills_every_blank_takes_no_line_below() -> None:
    """A key that gives each blank its answer ends there: the document's answers repeated on the lines below
    (`答案：BCA` for the choices above, then the fill's words again) are no more of it."""
    doc = """1. 表达式 (int)5.7 的值是  **答案：A**
   A. 5
   B. 6

2. 类的成员分为( )和( )  **答案：实例成员变量,静态成员方法**

答案：A
实例成员变量 静态成员方法
"""
    assert keys(doc, "notes.md") == [("single", "A"), ("fill", [["实例成员变量"], ["静态成员方法"]])]


def test_a_choice_whose_other_options_were_stripped_is_left_out_with_its_reason() -> None:
    """A page that kept only the right option of each question (`- **B. 聚集索引**`) cannot ask a choice: those
    questions are left out, each with its reason, never published as open questions keyed `B. 聚集索引`."""
    doc = """# 数据库测验
1. 一个表最多只能有一个的是哪种索引？
   - **B. 聚集索引**

2. 删除表中全部数据但保留表结构的语句是？
   - **A. TRUNCATE**

3. 事务的四个特性简称为？
   - **D. ACID**

# 上机任务

## 1. 查询学生姓名
从 `Students` 表中查出所有学生的姓名。

```sql
SELECT Name
FROM Students;
```
"""
    result = import_text(doc, source="quiz.md", bank_id="t")
    assert [(q.kind.value, q.answer) for q in result.bank.questions] == [("case", "SELECT Name\nFROM Students;")]
    assert [lo.number for lo in result.left_out] == [1, 2, 3]
    assert all("一个选项" in lo.zh and "single option" in lo.en for lo in result.left_out)
