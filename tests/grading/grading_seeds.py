"""Questions written out by hand from the two seed documents in data/sources (000 converted to simplified).

Grading tests use these rather than the generated banks so that each case can be checked against the
document it comes from. Ids follow the importer's scheme (`fill-10` = fill question 10 of its section).
"""

from __future__ import annotations

from bot.banks.model import Bank, Kind, Question
from bot.grading import ConceptIndex

CASE_000_PROMPT = (
    "某在线教育平台为了提供个性化学习推荐服务，决定使用深度学习技术来构建一个推荐模型。"
    "该平台收集了大量的用户行为数据，包括浏览记录、学习历史和互动数据等。"
    "为了处理这些数据，平台选择了一个具有数百万参数的推荐模型，并计划在分布式环境中进行训练和部署。\n"
    "问题：针对该案例，分析以下问题并提出解决方案：\n"
    "1.如何设计一个适合该推荐任务的分布式训练框架？\n"
    "2.如何利用参数高效微调（LoRA/QLoRA）技术来加速模型的微调过程？\n"
    "3.如何确保推荐系统的公平性和避免潜在的偏见？\n"
    "4.如何实现推荐系统的持续预训练策略，以保持模型性能的长期有效性？"
)

CASE_004_1_PROMPT = (
    "某医疗影像诊断系统采用深度学习模型进行图像识别，但模型在低带宽网络环境下推理速度慢，"
    "且模型大小超过移动设备存储限制。\n"
    "问题：针对上述问题，设计一个优化方案，并说明实施步骤和预期效果。"
)

CASE_004_2_PROMPT = (
    "一家在线教育平台希望为用户提供个性化学习推荐服务，但现有的推荐模型在处理大量用户数据时，"
    "计算资源消耗过大，且推荐速度慢。\n"
    "问题：设计一个优化方案，以提高推荐系统的效率，并降低计算资源消耗。"
)

CASE_000 = """1.分布式训练框架设计：
-使用如PyTorch或TensorFlow等支持分布式训练的框架。
-采用数据并行和模型并行的结合策略，以充分利用多GPU和多节点资源。
-设计高效的通信机制，如RingAll-reduce，以减少通信开销。
2.参数高效微调（LoRA/QLoRA）技术应用：
-在预训练模型的基础上，引入LoRA/QLoRA技术进行微调。
-使用小批量的数据来训练LoRA/QLoRA模型，以减少计算量。
-通过调整微调参数，如学习率和微调层数，来优化模型性能。
3.推荐系统的公平性和偏见避免：
-在数据收集阶段，确保数据的多样性和代表性。
-使用公平性评估工具来检测和修正模型中的偏见。
-定期重新评估和调整模型，以保持公平性和避免偏见。
4.持续预训练策略：
-定期使用新的用户数据对模型进行持续预训练。
-使用在线学习或增量"""

CASE_004_1 = """问题定位：
1. 模型推理速度慢，不适合低带宽网络环境。
2. 模型大小超过移动设备存储限制。
解决方案：
1. 模型量化（INT8）：
- 实施步骤：
1. 使用量化工具对模型进行 INT8 量化。
2. 优化模型结构，减少冗余参数。
3. 对量化后的模型进行微调，保证精度。
- 预期效果：模型大小减少，推理速度提高。
2. 知识蒸馏：
- 实施步骤：
1. 训练一个小模型，用于移动设备。
2. 使用大模型作为教师模型，向小模型传递知识。
3. 在移动设备上部署小模型。
- 预期效果：小模型能够快速推理，同时保持较高精度。
3. 模型剪枝：
- 实施步骤：
1. 使用剪枝工具识别模型中不重要的连接或神经元。
2. 移除剪枝后的连接或神经元。
3. 微调剪枝后的模型。
- 预期效果：模型大小减少，推理速度提高。
决策建议：
- 若对模型精度要求较高，优先考虑知识蒸馏。
- 若对模型大小有严格要求，优先考虑模型量化和剪枝。
- 若资源有限，可结合多种技术进行优化。"""

CASE_004_2 = """问题定位：
1. 推荐系统计算资源消耗过大。
2. 推荐速度慢，影响用户体验。
解决方案：
1. 模型并行：
- 实施步骤：
1. 将模型拆分为多个部分，分别部署到不同的处理器上。
2. 使用模型并行技术，实现并行计算。
- 预期效果：提高计算效率，减少计算资源消耗。
2. 特征工程自动化：
- 实施步骤：
1. 使用自动化工具生成特征。
2. 优化特征选择和组合过程。
- 预期效果：减少人工干预，提高特征质量，加快推荐速度。
3. 异常检测：
- 实施步骤：
1. 在推荐系统中引入异常检测机制。
2. 检测并处理异常请求，避免资源浪费。
- 预期效果：降低资源消耗，提高系统稳定性。
决策建议：
- 若对推荐速度要求较高，优先考虑模型并行和特征工程自动化。
- 若对资源消耗有严格要求，优先考虑异常检测和模型并行。
- 若资源有限，可结合多种技术进行优化。"""


def _single(qid: str, number: int, prompt: str, options: str, answer: str, explanation: str | None = None) -> Question:
    letters = "ABCDE"
    opts = dict(zip(letters, options.split("|"), strict=False))
    return Question(
        id=qid, kind=Kind.single, number=number, prompt=prompt, options=opts, answer=answer, explanation=explanation
    )


def _multiple(qid: str, number: int, prompt: str, options: str, answer: str) -> Question:
    opts = dict(zip("ABCDE", options.split("|"), strict=True))
    return Question(id=qid, kind=Kind.multiple, number=number, prompt=prompt, options=opts, answer=answer)


def _fill(qid: str, number: int, prompt: str, *blanks: str) -> Question:
    answer: list[str] | list[list[str]] = [blanks[0]] if len(blanks) == 1 else [[b] for b in blanks]
    return Question(id=qid, kind=Kind.fill, number=number, prompt=prompt, answer=answer)


def _tf(qid: str, number: int, prompt: str, answer: bool, explanation: str | None = None) -> Question:
    return Question(id=qid, kind=Kind.true_false, number=number, prompt=prompt, answer=answer, explanation=explanation)


BANK_000 = Bank(
    id="seed000",
    title="2025年大模型分布式训练优化试题",
    source="data/sources/000_d1365f055250608f.txt",
    questions=[
        _single(
            "single-2",
            2,
            "在大模型训练中，为了减少模型复杂度，通常会采用哪种策略？",
            "知识蒸馏|结构剪枝|参数剪枝|稀疏激活网络设计",
            "A",
            "知识蒸馏是一种减少模型复杂度的技术，通过将大模型的知识迁移到小模型。",
        ),
        _single(
            "single-3", 3, "以下哪项技术可用于减少大模型训练的内存占用？", "模型并行|梯度累积|模型量化|网络剪枝", "C"
        ),
        _single(
            "single-4", 4, "大模型分布式训练中，如何实现模型的并行化处理？", "数据并行|模型并行|硬件加速|算子融合", "B"
        ),
        _single(
            "single-7",
            7,
            "大模型分布式训练中，如何优化模型优化器的性能？",
            "调整学习率|改变优化器算法|调整动量项|使用自适应学习率",
            "D",
        ),
        _single(
            "single-10",
            10,
            "在大模型训练中，如何实现模型的高效微调？",
            "参数高效微调（LoRA/QLoRA）|知识蒸馏|模型压缩|模型并行",
            "A",
        ),
        _multiple(
            "multiple-3",
            3,
            "以下哪些策略有助于解决大模型训练中的梯度消失问题？（多选）",
            "使用ReLU激活函数|使用梯度累积|使用正则化|使用残差连接|使用BatchNormalization",
            "BDE",
        ),
        _multiple(
            "multiple-4",
            4,
            "在对抗性攻击防御中，以下哪些技术可以有效提升模型的安全性？（多选）",
            "输入验证|梯度裁剪|模型封装|特征提取|模型对抗训练",
            "ABCE",
        ),
        _multiple(
            "multiple-8",
            8,
            "在联邦学习隐私保护中，以下哪些方法可以保护用户数据？（多选）",
            "同态加密|差分隐私|隐私预算|隐私模型|数据脱敏",
            "ABCDE",
        ),
        _fill("fill-1", 1, "分布式训练中，数据并行策略通过___将数据集拆分到不同设备。", "水平划分"),
        _fill("fill-3", 3, "持续预训练策略中，模型在预训练后继续在___上学习以适应特定任务。", "下游任务"),
        _fill("fill-4", 4, "对抗性攻击防御中，通过引入噪声和扰动来保护模型免受___攻击。", "对抗样本"),
        _fill("fill-5", 5, "推理加速技术中，___技术可以通过降低模型精度来加速推理过程。", "低精度推理"),
        _fill("fill-7", 7, "云边端协同部署中，___可以提供弹性的计算资源。", "云计算"),
        _fill("fill-8", 8, "知识蒸馏中，使用预训练的大模型作为___，将知识传递给小模型。", "教师模型"),
        _fill("fill-9", 9, "模型量化中，将浮点数参数转换为___参数以减少模型大小和计算量。", "整数值"),
        _fill("fill-10", 10, "结构剪枝中，通过移除___来简化模型结构。", "无用的神经元或连接"),
        _fill("fill-11", 11, "稀疏激活网络设计中，通过降低___来减少模型计算量。", "激活频率"),
        _fill("fill-12", 12, "评估指标体系中，___用于衡量模型预测的准确性。", "准确率"),
        _fill("fill-13", 13, "伦理安全风险中，为了防止模型产生___，需要实施偏见检测。", "歧视性输出"),
        _fill("fill-14", 14, "联邦学习中，为了保护用户隐私，通常采用___技术。", "差分隐私"),
        _fill("fill-15", 15, "神经架构搜索（NAS）中，___用于自动设计模型结构。", "搜索算法"),
        # Written for the second round of grading (hedges, neutral words, other names, Taiwan wording).
        _fill("fill-2", 2, "在参数高效微调（LoRA/QLoRA）中，为了降低模型复杂度，通常采用___技术。", "知识蒸馏"),
        _fill("fill-clip", 93, "对抗性攻击防御中，___限制反向传播时梯度的大小。", "梯度裁剪"),
        _fill("fill-accum", 94, "显存不够时，把几个小批量的梯度加起来再更新参数，叫做___。", "梯度累积"),
        _fill("fill-batch", 95, "一次参数更新所用的样本数叫做___。", "批大小值"),
        _fill("fill-nas", 96, "___通过搜索算法自动设计模型结构。", "神经架构搜索"),
        _fill("fill-lora-zh", 97, "只训练两个低秩小矩阵的参数高效微调方法，中文名叫___。", "低秩适配"),
        _fill("fill-lora-en", 98, "低秩适配的英文缩写是___。", "LoRA"),
        _fill("fill-data", 99, "训练集、验证集和测试集都是___的一部分。", "数据"),
        _fill("fill-algo", 100, "梯度下降是一种优化___。", "算法"),
        _single(
            "single-kd",
            90,
            "让小模型学习大模型输出的方法是？",
            "知识蒸馏|模型剪枝|模型量化|低秩适配",
            "A",
            "知识蒸馏（Knowledge Distillation，KD）让小模型学习大模型的输出；低秩适配（LoRA）只训练两个小矩阵。",
        ),
        # Two blanks, written from the explanation of single question 3.
        _fill("fill-two", 90, "模型量化可以通过将模型的参数从___转换为___，从而减少内存占用。", "高精度", "低精度"),
        _tf(
            "true_false-1",
            1,
            "分布式训练中，数据并行的通信开销与设备数量呈线性增长。",
            False,
            "数据并行的通信开销并不总是与设备数量线性增长。",
        ),
        _tf("true_false-7", 7, "知识蒸馏中，教师模型总是比学生模型复杂。", False),
        Question(
            id="case-1",
            kind=Kind.case,
            number=1,
            prompt=CASE_000_PROMPT,
            answer=CASE_000,
        ),
    ],
)

BANK_004 = Bank(
    id="seed004",
    title="2025 年大模型微调优化",
    source="data/sources/004_01acff80206aa941.txt",
    questions=[
        _single(
            "single-1",
            1,
            "以下哪个分布式训练框架在大模型微调中应用广泛？",
            "TensorFlow|PyTorch|Apache MXNet|Keras",
            "A",
        ),
        _single(
            "single-11",
            11,
            "结构剪枝中，以下哪个方法可以减少模型参数数量而不影响性能？",
            "权重剪枝|结构剪枝|稀疏激活网络|梯度正则化",
            "B",
        ),
        _single(
            "single-12",
            12,
            "稀疏激活网络设计中，以下哪个方法可以减少计算量？",
            "权重稀疏化|激活稀疏化|模型并行|模型量化",
            "B",
        ),
        _single(
            "single-13",
            13,
            "评估指标体系（困惑度/准确率）中，以下哪个指标更适合衡量语言模型的质量？",
            "准确率|召回率|F1 分数|困惑度",
            "D",
        ),
        _single(
            "single-14",
            14,
            "伦理安全风险中，以下哪个问题在大模型微调中需要特别注意？",
            "数据隐私|模型歧视|模型可解释性|模型公平性",
            "B",
        ),
        _multiple(
            "multiple-2",
            2,
            "参数高效微调（LoRA/QLoRA）中，以下哪些步骤是必须的？（多选）",
            "模型初始化|参数冻结|参数解冻|预训练模型微调|知识蒸馏",
            "ABD",
        ),
        _multiple(
            "multiple-7",
            7,
            "知识蒸馏中，以下哪些方法可以提高小模型的性能？（多选）",
            "参数共享|知识提取|知识归纳|知识表示|知识蒸馏",
            "BCD",
        ),
        _multiple(
            "multiple-8",
            8,
            "模型量化（INT8/FP16）中，以下哪些量化方法可以实现更高的精度？（多选）",
            "指数量化|线性量化|布尔量化|灰度量化|指数量化",
            "ABE",
        ),
        _multiple(
            "multiple-9",
            9,
            "结构剪枝中，以下哪些方法可以减少模型参数数量？（多选）",
            "权重剪枝|神经元剪枝|层剪枝|通道剪枝|低秩分解",
            "ABCD",
        ),
        _fill("fill-2", 2, "参数高效微调（LoRA/QLoRA）中，通过___方法减少模型参数数量，提高微调效率。", "低秩近似"),
        _fill("fill-5", 5, "推理加速技术中，使用___可以将模型参数从 FP32 转换为 INT8，从而加速推理。", "模型量化"),
        _fill("fill-6", 6, "模型并行策略中，___可以将模型的不同部分分配到多个处理器上并行计算。", "数据并行"),
        _fill("fill-7", 7, "低精度推理中，通过使用___减少模型精度，以加快推理速度。", "低精度运算"),
        _fill("fill-8", 8, "云边端协同部署中，___技术可以实现数据在云、边缘和端设备之间的无缝流动。", "边缘计算"),
        _fill("fill-9", 9, "知识蒸馏中，___技术可以从大型模型中提取和传递知识到小型模型。", "知识提取"),
        _fill("fill-10", 10, "模型量化（INT8/FP16）中，___量化通常用于在保持高精度的同时降低模型大小。", "对称量化"),
        _fill("fill-11", 11, "结构剪枝中，___是一种在保持模型性能的同时减少模型复杂度的方法。", "权重剪枝"),
        _fill("fill-12", 12, "稀疏激活网络设计中，___可以通过减少激活操作的频率来降低计算量。", "稀疏激活"),
        _fill("fill-13", 13, "评估指标体系（困惑度/准确率）中，___用于衡量模型在未知数据上的表现。", "泛化能力"),
        _fill("fill-14", 14, "伦理安全风险中，___是指模型在处理敏感数据时可能侵犯个人隐私。", "数据隐私"),
        _fill("fill-15", 15, "模型鲁棒性增强中，通过___来提高模型对输入扰动的抵抗力。", "对抗训练"),
        # Written from the explanation of single question 11.
        _fill("fill-prune", 91, "___通过移除模型中的部分神经元或连接，可以减少模型参数数量而不影响性能。", "结构剪枝"),
        # Three blanks, written from fill question 5.
        _fill(
            "fill-three",
            92,
            "推理加速技术中，使用___可以将模型参数从___转换为___，从而加速推理。",
            "模型量化",
            "FP32",
            "INT8",
        ),
        _tf("true_false-1", 1, "分布式训练中，数据并行的通信开销与设备数量呈线性增长。", True),
        _tf("true_false-2", 2, "参数高效微调（LoRA/QLoRA）通过增加模型参数来提高微调效率。", False),
        Question(
            id="case-1",
            kind=Kind.case,
            number=1,
            prompt=CASE_004_1_PROMPT,
            answer=CASE_004_1,
        ),
        Question(
            id="case-2",
            kind=Kind.case,
            number=2,
            prompt=CASE_004_2_PROMPT,
            answer=CASE_004_2,
        ),
    ],
)

BANKS = {"000": BANK_000, "004": BANK_004}
CONCEPTS = ConceptIndex.from_banks(BANKS.values())


def question(ref: str) -> Question:
    """`000/fill-10` -> that hand-written question."""
    bank, qid = ref.split("/")
    found = BANKS[bank].question(qid)
    if found is None:
        raise KeyError(ref)
    return found
