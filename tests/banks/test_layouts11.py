"""Markdown and text layouts of set H read badly at first, each in a document written here in that class."""

from __future__ import annotations

import pytest

from bot.banks.importer import import_text
from bot.banks.issues import DocumentError
from bot.banks.model import Kind


def _read(doc: str, source: str = "t.md") -> list[tuple[Kind, object]]:
    return [(q.kind, q.answer) for q in import_text(doc, source=source, bank_id="t").bank.questions]


# -- slide decks: a question slide, then its answer slide ------------------------------------------------------


_SLIDES = """# Gardening quiz

## Question 1 - Énoncé

Quel outil sert à retourner la terre ?

- **A.** Un arrosoir
- **B.** Une bêche
- **C.** Un sécateur

## Question 1 - Corrigé

**Réponse correcte : B** une bêche

## Question 2 - Énoncé

Complétez la commande qui liste les fichiers :

```sh
______ -la
```

## Question 2 - Corrigé

**Réponse correcte : `ls`**

```sh
ls -la
```
"""


def test_a_fill_key_set_as_markdown_code_is_the_word_without_its_backticks() -> None:
    assert _read(_SLIDES)[-1] == (Kind.fill, ["ls"])


def test_an_explanation_labelled_in_the_plural_keeps_its_first_word() -> None:
    """`**Explications :**`: the label's plural `s` is the label's, not the explanation's first word."""
    doc = """## Question 1

Que mesure un pluviomètre ?

**Réponse correcte : La quantité de pluie tombée**

**Explications :**

- il recueille l'eau sur une surface connue
"""
    question = import_text(doc, source="t.md", bank_id="t").bank.questions[0]
    assert question.explanation is not None
    assert question.explanation.startswith("il recueille")


# -- an answer part under the paper's title, its groups headed as the paper's parts ------------------------


_PARTS = """# Rivers Quiz

## Part A: Multiple Choice (2 points)

1. Where does a river begin?
   - A) At its source
   - B) At its mouth
   - C) In a delta
   - D) In the sea

2. What is a river's wide flat land called?
   - A) A ridge
   - B) A floodplain
   - C) A cliff
   - D) A dune

## Part B: Free Response (1 point)

3. (1 point) Explain how a meander forms.

______________________________

# Rivers Quiz — Answer Key

## Part A: Multiple Choice (2 points)

| Q# | Answer | Explanation |
|----|--------|-------------|
| 1 | A | a spring or a glacier |
| 2 | B | silt is left there in floods |

## Part B: Free Response (1 point)

**3. Meanders (1 point)**
- Water flows faster on the outer bend and wears it away
- Accept any answer naming erosion
- Bars of silt build up on the inner bend
"""


def test_a_group_whose_bullets_read_as_glued_options_costs_not_the_other_groups_their_keys() -> None:
    """`- Accept …` over `- Bars …` under Part B repeated read as options A and B; they must not close the
    answer part, so Part A's table still keys its questions."""
    assert _read(_PARTS, source="t.txt")[:2] == [(Kind.single, "A"), (Kind.single, "B")]


def test_a_part_heading_repeated_in_the_answer_part_heads_its_reference_answers() -> None:
    """`## Part B: Free Response` repeated names no kind, yet it heads Part B's answers: `**3. Meanders
    (1 point)**` over bullets is question 3's reference answer, not a one-word key."""
    questions = import_text(_PARTS, source="t.txt", bank_id="t").bank.questions
    assert [q.kind for q in questions] == [Kind.single, Kind.single, Kind.case]
    answer = questions[2].answer
    assert isinstance(answer, str)
    assert "outer bend" in answer and "inner bend" in answer


# -- a letter key with the options nowhere ---------------------------------------------------------------------


def test_a_question_keyed_by_a_lone_option_letter_without_options_is_left_out() -> None:
    """`**Answer:** b` under a question whose options were not copied: the letter is no fill-in answer."""
    doc = """# Motion drills

1. **A cart moves 12 m in 4 s. This is its average speed.**

   Speed is distance over time.

   **Answer:** b

2. **In #1, this is the distance after 8 s at the same speed.**

   Three metres a second for eight seconds.

   **Answer:** d
"""
    # every question left out with its reason: nothing is left to import
    with pytest.raises(DocumentError, match="keyed by option letters, but its options were not found"):
        import_text(doc, source="t.md", bank_id="t")


# -- a bold stem holding a literal `**` ------------------------------------------------------------------------


def test_a_stem_set_in_bold_around_a_power_operator_is_still_its_own_question() -> None:
    """`**2. 4 ** 2 的值是 8。（  ）**`: three `**`, the outer pair the bold, the inner the operator."""
    doc = """## 二、判断题

**1. 表达式 7 // 2 的结果是 3。（  ）**

**2. 表达式 4 ** 2 的结果是 8。（  ）**

**3. 表达式 9 % 4 的结果是 1。（  ）**

## 答案与解析

### 二、判断题

1. **√** - 整除
2. **×** - 乘方得 16
3. **√** - 取余
"""
    questions = import_text(doc, source="t.md", bank_id="t").bank.questions
    assert [(q.number, q.answer) for q in questions] == [(1, True), (2, False), (3, True)]
    assert "4 ** 2" in questions[1].prompt
