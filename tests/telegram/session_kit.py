"""Banks for the session tests: one fill-in per bank (`/quiz <bank>` asks exactly that one, each with its
own answer) and five true/false facts a round draws from, with what the tests need to answer them."""

from __future__ import annotations

from pathlib import Path

from bot.banks.model import Bank, Question, save_bank

__all__ = ["CITIES", "FACTS", "statement_of", "truth_of", "write_banks"]

# One fill-in per bank: `/quiz <bank>` asks exactly that one, and each has its own answer.
CITIES = {"paris": ("France", "Paris"), "rome": ("Italy", "Rome"), "oslo": ("Norway", "Oslo")}
# Five statements and whether they hold: a round of 3 draws from these.
FACTS = [
    ("Water boils at 100 °C at sea level.", True),
    ("The moon is larger than the earth.", False),
    ("A triangle has three sides.", True),
    ("Ice is heavier than the same volume of water.", False),
    ("Seven is a prime number.", True),
]


def write_banks(folder: Path) -> None:
    for number, (bank_id, (country, city)) in enumerate(CITIES.items(), start=1):
        question = Question(
            id=f"f-{bank_id}",
            kind="fill",
            number=number,
            prompt=f"The capital of {country} is ___.",
            answer=[city],
            explanation=f"{city}.",
        )
        save_bank(Bank(id=bank_id, title=f"Capitals {bank_id}", source="tests", questions=[question]), folder)
    facts = [
        Question(id=f"tf-{i}", kind="true_false", number=i, prompt=text, answer=truth, explanation="Because.")
        for i, (text, truth) in enumerate(FACTS, start=1)
    ]
    save_bank(Bank(id="facts", title="Facts", source="tests", questions=facts), folder)


def truth_of(text: str) -> bool:
    """Whether the statement shown in a question message holds (the bank above is the key)."""
    return next(truth for statement, truth in FACTS if statement in text)


def statement_of(text: str) -> str:
    return next(statement for statement, _ in FACTS if statement in text)
