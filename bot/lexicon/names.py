"""Other names of one concept: English and Chinese names, and the standard synonyms a marker accepts at once.

Two sources. The banks themselves: technical Chinese writes `知识蒸馏（Knowledge Distillation）` or
`LoRA（低秩适配）`, and every such pair in a bank's prompts, options, explanations and answers is mined
(`mine_pairs`; a whole bank's: `bank_pairs`, bot/banks/name_pairs.py). And a short table of standard
equivalents (`SYNONYMS`) for the terms of the first subjects: no package offers these; near-synonym
libraries accept related but different concepts.

Names are linked pairwise (a graph, not groups): `参数高效微调（LoRA/QLoRA）` makes LoRA and QLoRA each
another name of 参数高效微调, but not of each other.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

from bot.lexicon.formulas import is_formula
from bot.lexicon.normalize import normalize

__all__ = ["STANDARD", "SYNONYMS", "Aliases", "explanation_pairs", "mine_pairs"]

# One concept per line, its names separated by `|`. Only names a marker accepts without a second
# thought; related but different concepts (精确率/准确率, 循环/递归神经网络) stay apart.
SYNONYMS = """
批大小 | 批量大小 | 批次大小 | batch size | batchsize
学习率 | 学习速率 | learning rate
知识蒸馏 | 模型蒸馏 | knowledge distillation
模型剪枝 | 网络剪枝 | model pruning
模型量化 | model quantization
数据并行 | data parallelism | data parallel
模型并行 | model parallelism | model parallel
张量并行 | tensor parallelism | tensor parallel
流水线并行 | 管道并行 | pipeline parallelism | pipeline parallel
梯度累积 | 梯度累加 | gradient accumulation
梯度裁剪 | 梯度截断 | gradient clipping
梯度下降 | gradient descent
随机梯度下降 | SGD | stochastic gradient descent
反向传播 | 误差反向传播 | backpropagation | back propagation | BP
混合精度训练 | mixed precision training
过拟合 | 过度拟合 | overfitting
欠拟合 | underfitting
数据增强 | 数据扩增 | 数据增广 | data augmentation
迁移学习 | transfer learning
微调 | 精调 | fine-tuning | finetuning | fine tuning
预训练 | pre-training | pretraining
参数高效微调 | PEFT | parameter-efficient fine-tuning
低秩适配 | 低秩自适应 | LoRA | low-rank adaptation
批归一化 | 批标准化 | 批量归一化 | batch normalization | BatchNorm | BN
层归一化 | 层标准化 | layer normalization | LayerNorm
丢弃法 | 随机失活 | dropout
激活函数 | activation function
损失函数 | 代价函数 | loss function | cost function
注意力机制 | attention mechanism | attention
自注意力 | self-attention | self attention
卷积神经网络 | CNN | convolutional neural network
长短期记忆网络 | 长短时记忆网络 | LSTM | long short-term memory
生成对抗网络 | GAN | generative adversarial network
大语言模型 | 大型语言模型 | LLM | large language model
检索增强生成 | RAG | retrieval-augmented generation
基于人类反馈的强化学习 | 人类反馈强化学习 | RLHF | reinforcement learning from human feedback
强化学习 | reinforcement learning | RL
联邦学习 | federated learning
差分隐私 | differential privacy
同态加密 | homomorphic encryption
神经架构搜索 | 神经网络架构搜索 | 神经结构搜索 | NAS | neural architecture search
思维链 | chain of thought | CoT
提示工程 | 提示词工程 | prompt engineering
词嵌入 | 词向量 | word embedding
困惑度 | perplexity
准确率 | accuracy
召回率 | 查全率 | recall
精确率 | 查准率 | precision
混淆矩阵 | confusion matrix
泛化能力 | 泛化性能 | generalization ability | generalization
鲁棒性 | 稳健性 | robustness
对抗训练 | adversarial training
对抗样本 | adversarial example | adversarial examples
边缘计算 | 边缘运算 | edge computing
云计算 | 云端计算 | 云端运算 | cloud computing
负载均衡 | load balancing
参数服务器 | parameter server
残差连接 | 跳跃连接 | residual connection | skip connection
梯度消失 | vanishing gradient | gradient vanishing
梯度爆炸 | exploding gradient | gradient explosion
违法 | 不合法
"""

_HAN = r"\u4e00-\u9fff"
# `知识蒸馏（Knowledge Distillation）`: a Chinese name, then Latin names in brackets.
_ZH_EN = re.compile(rf"(?P<zh>[{_HAN}][{_HAN}0-9]*)\s*\(\s*(?P<en>[A-Za-z][^()]*?)\s*\)")
# `LoRA（低秩适配）`: Latin words, then a Chinese name in brackets.
_EN_WORDS = r"[A-Za-z][A-Za-z0-9.+\-]*(?:\s+[A-Za-z0-9][A-Za-z0-9.+\-]*)*"
_EN_ZH = re.compile(rf"(?P<en>{_EN_WORDS})\s*\(\s*(?P<zh>[{_HAN}][{_HAN}0-9]*)\s*\)")
_EN_PARTS = re.compile(r"\s*(?:/|,|、|;|\bor\b|或)\s*")
_EN_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9 .+\-']{1,39}$")
# Data types and counts (INT8, FP16, F1) are not names of the concept they are written after.
_CODE = re.compile(r"^[A-Za-z]{1,4}\s*-?\d+$")
# Words that may stand before a name in a sentence: `在参数高效微调（LoRA）中`, `通过知识蒸馏（KD）`.
_LEAD_WORDS = (
    "在 和 与 及 或 而 即 如 例如 比如 包括 采用 使用 利用 通过 基于 称为 叫做 简称 如何 对 将 把 用 常用 常写 可以 可"
)
_LEADING = re.compile("^(?:" + "|".join(sorted(_LEAD_WORDS.split(), key=len, reverse=True)) + ")+")
_MAX_ZH = 8
# `小苏打是碳酸氢钠 NaHCO3`: a Chinese name right before a chemical formula.
_ZH_FORMULA = re.compile(
    rf"(?P<zh>[{_HAN}]+)\s*(?P<en>(?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*){{2,}})(?![A-Za-z])"
)
# `网络层（第三层）`, `苏打（纯碱）`: another Chinese name in brackets, in an explanation.
_ZH_ZH = re.compile(rf"(?P<zh>[{_HAN}]+)\s*\(\s*(?P<inner>[{_HAN}]{{2,6}})\s*\)")
# What a bracket holds when it is no other name: an example, a gloss, a part.
_NOT_A_NAME = re.compile(r"^(?:如|例如|比如|即|指|包括|含)|[的等或和与及]")
_COPULA = re.compile(r"是|为|即|称|叫")
# The last character of a Chinese chemical name (碳酸氢钠, 氧化钙, 硫酸, 甲烷): `加入 NaOH` names nothing.
_CHEMICAL_END = frozenset(
    "钠钾钙镁铝铁铜锌银汞铅锰钡锂铬镍钴锡铂金铵氨酸碱盐物气水烷烯炔醇醛酮酯苯糖灰矾碳硅磷硫氯溴碘氧氢氮氟"
)


def _zh_name(run: str, known: frozenset[str]) -> str | None:
    """The name at the end of a run of Chinese characters: a known concept, else the run without its lead-in."""
    for start in range(len(run) - 1):
        if normalize(run[start:]) in known:
            return run[start:]
    name = run.rsplit("的", 1)[-1].rsplit("之", 1)[-1]
    name = _LEADING.sub("", name)
    return name if 2 <= len(name) <= _MAX_ZH else None


def _en_names(text: str) -> list[str]:
    out = []
    for part in _EN_PARTS.split(text.strip()):
        part = part.strip()
        if _EN_NAME.match(part) and not _CODE.match(part) and sum(ch.isalpha() for ch in part) >= 2:
            out.append(part)
    return out


def _en_tail(words: str) -> str:
    """`we use Knowledge Distillation` -> `Knowledge Distillation`: the capitalised words before the bracket."""
    parts = words.split()
    if len(parts) == 1:
        return words
    tail: list[str] = []
    for word in reversed(parts):
        if not (word[0].isupper() or word.lower() in ("of", "and", "for", "-")):
            break
        tail.insert(0, word)
    return " ".join(tail) if tail else parts[-1]


def mine_pairs(texts: Iterable[str], known: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(Chinese name, English name) pairs written with brackets in these texts, in order, without repeats."""
    known_norms = frozenset(normalize(k) for k in known) | STANDARD.names()
    found: list[tuple[str, str]] = []
    for raw in texts:
        text = unicodedata.normalize("NFKC", raw)
        for match in _ZH_EN.finditer(text):
            zh = _zh_name(match["zh"], known_norms)
            if zh:
                found.extend((zh, en) for en in _en_names(match["en"]))
        for match in _EN_ZH.finditer(text):
            zh = _zh_name(match["zh"], known_norms)
            en_names = _en_names(_en_tail(match["en"]))
            if zh and en_names:
                found.extend((zh, en) for en in en_names)
    seen: set[tuple[str, str]] = set()
    out = []
    for zh, en in found:
        key = (normalize(zh), normalize(en))
        if key not in seen:
            seen.add(key)
            out.append((zh, en))
    return out


def _chemical_names(texts: Iterable[str], known: frozenset[str]) -> list[tuple[str, str]]:
    """(name, formula) pairs written as `碳酸氢钠 NaHCO3`; the name is what follows the last copula."""
    found = []
    for raw in texts:
        for match in _ZH_FORMULA.finditer(unicodedata.normalize("NFKC", raw)):
            zh = _zh_name(_COPULA.split(match["zh"])[-1], known)
            if zh and zh[-1] in _CHEMICAL_END and is_formula(match["en"]):
                found.append((zh, match["en"]))
    return found


def explanation_pairs(texts: Iterable[str], known: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Other names an explanation writes: a Chinese name in brackets after another (`网络层（第三层）`) and
    the Chinese name before a chemical formula (`碳酸氢钠 NaHCO3`)."""
    known_norms = frozenset(normalize(k) for k in known) | STANDARD.names()
    texts = list(texts)
    found = _chemical_names(texts, known_norms)
    for raw in texts:
        for match in _ZH_ZH.finditer(unicodedata.normalize("NFKC", raw)):
            zh = _zh_name(_COPULA.split(match["zh"])[-1], known_norms)
            if zh and not _NOT_A_NAME.search(match["inner"]):
                found.append((zh, match["inner"]))
    return found


class Aliases:
    """Normalised name -> the other names of the same concept (display form kept for feedback)."""

    def __init__(self) -> None:
        self._links: dict[str, set[str]] = defaultdict(set)
        self.display: dict[str, str] = {}

    def link(self, a: str, b: str) -> None:
        na, nb = normalize(a), normalize(b)
        if len(na) < 2 or len(nb) < 2 or na == nb:
            return
        self._links[na].add(nb)
        self._links[nb].add(na)
        self.display.setdefault(na, a.strip())
        self.display.setdefault(nb, b.strip())

    def merge(self, other: Aliases) -> None:
        for name, links in other._links.items():
            self._links[name] |= links
        for name, shown in other.display.items():
            self.display.setdefault(name, shown)

    def group(self, names: Iterable[str]) -> None:
        names = list(names)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                self.link(a, b)

    def of(self, norm: str) -> frozenset[str]:
        return frozenset(self._links.get(norm, ()))

    def __len__(self) -> int:
        return len(self._links)

    def names(self) -> frozenset[str]:
        return frozenset(self._links)

    @classmethod
    def standard(cls) -> Aliases:
        aliases = cls()
        for line in SYNONYMS.strip().splitlines():
            aliases.group(name.strip() for name in line.split("|"))
        return aliases


STANDARD = Aliases.standard()
