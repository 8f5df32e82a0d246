"""Markdown and text layouts of set H read badly at first, each in a document written here in that class."""

from __future__ import annotations

from bot.banks.importer import import_text
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
