"""A bank's language, as /banks shows it: Chinese when Chinese characters carry its questions."""

from __future__ import annotations

from bot.banks.language import bank_language
from bot.banks.model import Bank, Question


def _bank(*prompts: str) -> Bank:
    questions = [
        Question(id=f"q{i}", kind="single", number=i, prompt=p, options={"A": "GPU", "B": "CPU"}, answer="A")
        for i, p in enumerate(prompts, 1)
    ]
    return Bank(id="b", title="t", source="s", questions=questions)


def test_chinese_with_english_terms_is_chinese_and_english_is_english() -> None:
    assert bank_language(_bank("使用 LoRA 微调 GPT 模型时，哪个参数需要训练？")) == "zh"
    assert bank_language(_bank("Which parameters does LoRA train when fine-tuning a model?")) == "en"
    assert bank_language(_bank("What does 梯度累积 (gradient accumulation) save?")) == "en"
