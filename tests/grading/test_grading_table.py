"""Replies a learner could send to the seed questions, each with the verdict a careful teacher gives.

Every row was written by hand from data/sources/000 and 004 (see grading_seeds.py). `unread` means the
reply is not an answer at all (understood is None: the bot asks again and records nothing).
"""

from __future__ import annotations

from typing import NamedTuple

import pytest
from grading_seeds import (
    CASE_000,
    CASE_000_PROMPT,
    CASE_004_1,
    CASE_004_1_PROMPT,
    CASE_004_2,
    CASE_004_2_PROMPT,
    CONCEPTS,
    question,
)

from bot.grading import Outcome, grade


class Case(NamedTuple):
    ref: str  # bank/question id
    reply: str
    outcome: str  # correct, partial, wrong, unread
    score: float | None = None
    feedback: str = ""  # a phrase the zh feedback must hold
    understood: str | None = None


C, P, W, U = "correct", "partial", "wrong", "unread"

SINGLE = [
    # 000 single 2: A 知识蒸馏 / B 结构剪枝 / C 参数剪枝 / D 稀疏激活网络设计; key A
    Case("000/single-2", "A", C, 1.0, understood="A"),
    Case("000/single-2", "a", C, understood="A"),
    Case("000/single-2", "Ａ", C, understood="A"),
    Case("000/single-2", "A.", C),
    Case("000/single-2", "(A)", C),
    Case("000/single-2", "（A）", C),
    Case("000/single-2", "【A】", C),
    Case("000/single-2", "选A", C),
    Case("000/single-2", "我选 a", C),
    Case("000/single-2", "答案是A", C),
    Case("000/single-2", "答案：a", C),
    Case("000/single-2", "A 知识蒸馏", C),
    Case("000/single-2", "A知识蒸馏", C),
    Case("000/single-2", "A。", C),
    Case("000/single-2", "  a  ", C),
    Case("000/single-2", "知识蒸馏", C, understood="A"),
    Case("000/single-2", "知識蒸餾", C, understood="A"),
    Case("000/single-2", "B", W, 0.0, understood="B"),
    Case("000/single-2", "b.", W),
    Case("000/single-2", "AB", W, 0.0, "只有一个正确选项", "AB"),
    Case("000/single-2", "A,B", W, feedback="只有一个正确选项"),
    Case("000/single-2", "结构剪枝", W, understood="B"),
    Case("000/single-2", "D", W),
    Case("000/single-2", "maybe", U),
    Case("000/single-2", "E", U, feedback="没有选项 E"),
    Case("000/single-2", "B 知识蒸馏", U, feedback="不一致"),
    Case("000/single-2", "", U),
    Case(
        "000/single-2", "不知道", W, 0.0, "没关系", "不知道"
    ),  # giving up is an answer: it earns nothing (the key has its own line)
    Case("000/single-2", "跳过", W, 0.0, "没关系"),
    Case("000/single-2", "？", U, feedback="这不像是答案"),  # a question mark alone is no answer: asked again
    # 000 single 7: D 使用自适应学习率
    Case("000/single-7", "D", C),
    Case("000/single-7", "d 使用自适应学习率", C),
    Case("000/single-7", "使用自适应学习率", C, understood="D"),
    Case("000/single-7", "调整学习率", W, understood="A"),
    Case("000/single-7", "A 调整学习率", W, understood="A"),
    # 000 single 10: A 参数高效微调（LoRA/QLoRA）
    Case("000/single-10", "参数高效微调（LoRA/QLoRA）", C, understood="A"),
    Case("000/single-10", "模型并行", W, understood="D"),
    # 004 single 1: A TensorFlow / B PyTorch / C Apache MXNet / D Keras
    Case("004/single-1", "tensorflow", C, understood="A"),
    Case("004/single-1", "Tensor Flow", C, understood="A"),
    Case("004/single-1", "pytorch", W, understood="B"),
    Case("004/single-1", "Keras", W, understood="D"),
    Case("004/single-1", "apache mxnet", W, understood="C"),
    # 004 single 11: A 权重剪枝 / B 结构剪枝; key B
    Case("004/single-11", "B", C),
    Case("004/single-11", "结构剪枝", C, understood="B"),
    Case("004/single-11", "结构剪支", C, understood="B"),
    Case("004/single-11", "权重剪枝", W, understood="A"),
    # 004 single 13: A 准确率 / B 召回率 / C F1 分数 / D 困惑度; key D
    Case("004/single-13", "困惑度", C, understood="D"),
    Case("004/single-13", "Ｄ", C),
    Case("004/single-13", "f1分数", W, understood="C"),
    Case("004/single-13", "F1", W, 0.0, understood="C"),  # the option 「F1 分数」, named by its part no other has
    # 004 single 14: B 模型歧视
    Case("004/single-14", "模型歧视", C),
    Case("004/single-14", "模型公平性", W, understood="D"),
]

MULTIPLE = [
    # 000 multiple 3: key BDE of A ReLU / B 梯度累积 / C 正则化 / D 残差连接 / E BatchNormalization
    Case("000/multiple-3", "BDE", C, 1.0, understood="BDE"),
    Case("000/multiple-3", "bde", C),
    Case("000/multiple-3", "B,D,E", C),
    Case("000/multiple-3", "b, d, e", C),
    Case("000/multiple-3", "B、D、E", C),
    Case("000/multiple-3", "E D B", C, understood="BDE"),
    Case("000/multiple-3", "ＢＤＥ", C),
    Case("000/multiple-3", "DEB", C),
    Case("000/multiple-3", "BBDE", C, understood="BDE"),
    Case("000/multiple-3", "选BDE", C),
    Case("000/multiple-3", "答案：B D E", C),
    Case("000/multiple-3", "B/D/E", C),
    Case("000/multiple-3", "使用梯度累积、使用残差连接、使用BatchNormalization", C, understood="BDE"),
    Case("000/multiple-3", "BD", P, 2 / 3, "少选了 E"),
    Case("000/multiple-3", "E", P, 1 / 3),
    Case("000/multiple-3", "b e", P, 2 / 3),
    Case("000/multiple-3", "D、E", P, 2 / 3),
    Case("000/multiple-3", "ABDE", W, 0.0, "A 不是正确选项"),
    Case("000/multiple-3", "A", W, 0.0),
    Case("000/multiple-3", "ABCDE", W, 0.0),
    Case("000/multiple-3", "C", W, 0.0),
    Case("000/multiple-3", "BC", W, 0.0, "C 不是正确选项"),
    Case("000/multiple-3", "F", U, feedback="没有选项 F"),
    Case("000/multiple-3", "BDEF", U, feedback="没有选项 F"),
    Case("000/multiple-3", "maybe", U),
    Case("000/multiple-3", "全都对", W, 0.0, "AC 不是正确选项", "ABCDE"),
    # 000 multiple 4: ABCE
    Case("000/multiple-4", "ABCE", C),
    Case("000/multiple-4", "ecba", C),
    Case("000/multiple-4", "ABC", P, 0.75),
    Case("000/multiple-4", "ABCD", W, 0.0),
    Case("000/multiple-4", "ABCDE", W, 0.0, "D 不是正确选项"),
    # 000 multiple 8: every option
    Case("000/multiple-8", "ABCDE", C),
    Case("000/multiple-8", "A B C D E", C),
    Case("000/multiple-8", "ABCD", P, 0.8),
    # 004 multiple 2: ABD of 模型初始化 / 参数冻结 / 参数解冻 / 预训练模型微调 / 知识蒸馏
    Case("004/multiple-2", "ABD", C),
    Case("004/multiple-2", "DAB", C),
    Case("004/multiple-2", "模型初始化，参数冻结，预训练模型微调", C, understood="ABD"),
    Case("004/multiple-2", "AD", P, 2 / 3),
    Case("004/multiple-2", "ABCD", W, 0.0),
    Case("004/multiple-2", "参数解冻", W, understood="C"),
    # 004 multiple 8: ABE, where A and E are both 指数量化
    Case("004/multiple-8", "ABE", C),
    Case("004/multiple-8", "指数量化、线性量化", C, understood="ABE"),
    Case("004/multiple-8", "AB", P, 2 / 3),
    Case("004/multiple-8", "ABC", W, 0.0),
    # 004 multiple 9: ABCD
    Case("004/multiple-9", "abcd", C),
    Case("004/multiple-9", "ABCDE", W, 0.0, "E 不是正确选项"),
]

TRUE_FALSE = [
    # 000 true/false 1: 不正确
    Case("000/true_false-1", "不正确", C, 1.0, understood="错误"),
    Case("000/true_false-1", "错", C),
    Case("000/true_false-1", "错误", C),
    Case("000/true_false-1", "×", C),
    Case("000/true_false-1", "✗", C),
    Case("000/true_false-1", "F", C),
    Case("000/true_false-1", "false", C),
    Case("000/true_false-1", "FALSE", C),
    Case("000/true_false-1", "No", C),
    Case("000/true_false-1", " n ", C),
    Case("000/true_false-1", "0", C),
    Case("000/true_false-1", "否", C),
    Case("000/true_false-1", "錯誤", C),
    Case("000/true_false-1", "Ｆ", C),
    Case("000/true_false-1", "错。", C),
    Case("000/true_false-1", "正确", W, 0.0, understood="正确"),
    Case("000/true_false-1", "对", W),
    Case("000/true_false-1", "√", W),
    Case("000/true_false-1", "T", W),
    Case("000/true_false-1", "true", W),
    Case("000/true_false-1", "yes", W),
    Case("000/true_false-1", "1", W),
    Case("000/true_false-1", "是", W),
    Case("000/true_false-1", "✓", W),
    Case("000/true_false-1", "maybe", U, feedback="正确"),
    Case("000/true_false-1", "不知道", W, 0.0, "没关系"),
    Case("000/true_false-1", "我也不知道啊", W, 0.0),
    Case("000/true_false-1", "嗯…", U),
    Case("000/true_false-1", "", U),
    Case("000/true_false-1", "对错", U),
    Case("000/true_false-1", "正确吗", U),
    # 000 true/false 7: 不正确
    Case("000/true_false-7", "x", C),
    Case("000/true_false-7", "不对", C),
    # 004 true/false 1: 正确
    Case("004/true_false-1", "正确", C, understood="正确"),
    Case("004/true_false-1", "对", C),
    Case("004/true_false-1", "√", C),
    Case("004/true_false-1", "Y", C),
    Case("004/true_false-1", "True", C),
    Case("004/true_false-1", "正確", C),
    Case("004/true_false-1", "Ｔ", C),
    Case("004/true_false-1", "不正确", W, understood="错误"),
    Case("004/true_false-1", "错", W),
    Case("004/true_false-1", "0", W),
    Case("004/true_false-1", "no", W),
]

FILL = [
    # 000 fill 1: 水平划分
    Case("000/fill-1", "水平划分", C, 1.0),
    Case("000/fill-1", "水平劃分", C),
    Case("000/fill-1", "水平 划分", C),
    Case("000/fill-1", "水平划分。", C),
    Case("000/fill-1", "「水平划分」", C),
    Case("000/fill-1", "答案是水平划分", C),
    Case("000/fill-1", "水平画分", C, feedback="水平划分"),
    Case("000/fill-1", "水平划粉", C, feedback="同音"),
    Case("000/fill-1", "垂直划分", W, 0.0, "意思相反"),
    Case("000/fill-1", "水平", W, 0.0, "很接近"),
    Case("000/fill-1", "随机划分", W),
    Case("000/fill-1", "数据并行", W, feedback="另一个概念"),
    Case("000/fill-1", "", U),
    # 000 fill 3: 下游任务
    Case("000/fill-3", "下游任务", C),
    Case("000/fill-3", "下游任務", C),
    Case("000/fill-3", "上游任务", W, feedback="意思相反"),
    Case("000/fill-3", "预训练任务", W),
    # 000 fill 4: 对抗样本
    Case("000/fill-4", "对抗样本", C),
    Case("000/fill-4", "對抗樣本", C),
    Case("000/fill-4", "对抗训练", W, feedback="另一个概念"),
    # 000 fill 5: 低精度推理
    Case("000/fill-5", "低精度推理", C),
    Case("000/fill-5", "低精渡推理", C, feedback="同音"),
    Case("000/fill-5", "低经度推理", C),
    Case("000/fill-5", "高精度推理", W, feedback="意思相反"),
    Case("000/fill-5", "低精度运算", W, feedback="另一个概念"),
    Case("000/fill-5", "推理", W),
    # 000 fill 7: 云计算 (three characters: homophones only, no typo tolerance)
    Case("000/fill-7", "云计算", C),
    Case("000/fill-7", "雲計算", C),
    Case("000/fill-7", "云技算", C, feedback="同音"),
    Case("000/fill-7", "边缘计算", W, feedback="另一个概念"),
    Case("000/fill-7", "云计", W),
    Case("000/fill-7", "雾计算", W),
    # 000 fill 8: 教师模型
    Case("000/fill-8", "教师模型", C),
    Case("000/fill-8", "教室模型", C, feedback="教师模型"),
    Case("000/fill-8", "学生模型", W),
    Case("000/fill-8", "教师", W, feedback="很接近"),
    # 000 fill 9: 整数值
    Case("000/fill-9", "整数值", C),
    Case("000/fill-9", "整数植", C),
    Case("000/fill-9", "小数值", W),
    Case("000/fill-9", "整数", C),  # 整数参数: 值 is a neutral word
    Case("000/fill-9", "浮点数值", W),
    # 000 fill 10: 无用的神经元或连接 (two alternatives in one key)
    Case("000/fill-10", "无用的神经元或连接", C),
    Case("000/fill-10", "无用的神经元", C),
    Case("000/fill-10", "无用的连接", C),
    Case("000/fill-10", "無用的神經元", C),
    Case("000/fill-10", "无用神经元", C),
    Case("000/fill-10", "无用的神经元和连接", C),
    Case("000/fill-10", "有用的神经元", W, 0.0, "意思相反"),
    Case("000/fill-10", "有用的连接", W, feedback="意思相反"),
    Case("000/fill-10", "神经元", W),
    Case("000/fill-10", "重要的神经元", W),
    # 000 fill 11: 激活频率
    Case("000/fill-11", "激活频率", C),
    Case("000/fill-11", "激活頻率", C),
    Case("000/fill-11", "激火频率", C),
    Case("000/fill-11", "激活函数", W),
    Case("000/fill-11", "提高激活频率", W, feedback="很接近"),
    # 000 fill 12: 准确率
    Case("000/fill-12", "准确率", C),
    Case("000/fill-12", "準確率", C),
    Case("000/fill-12", "准确律", C),
    Case("000/fill-12", "召回率", W, feedback="另一个概念"),
    Case("000/fill-12", "精确率", W),
    Case("000/fill-12", "准确度", W),
    # 000 fill 13: 歧视性输出
    Case("000/fill-13", "歧视性输出", C),
    Case("000/fill-13", "歧视输出", C),
    Case("000/fill-13", "岐视性输出", C),
    Case("000/fill-13", "非歧视性输出", W, feedback="意思相反"),
    Case("000/fill-13", "无歧视性输出", W, feedback="意思相反"),
    Case("000/fill-13", "偏见", W),
    # 000 fill 14: 差分隐私
    Case("000/fill-14", "差分隐私", C),
    Case("000/fill-14", "差分隱私", C),
    Case("000/fill-14", "差分因私", C),
    Case("000/fill-14", "同态加密", W, feedback="另一个概念"),
    Case("000/fill-14", "数据隐私", W),
    # 000 fill 15: 搜索算法
    Case("000/fill-15", "搜索算法", C),
    Case("000/fill-15", "搜素算法", C, feedback="笔误"),
    Case("000/fill-15", "搜索空间", W),
    Case("000/fill-15", "强化学习", W),
    # 004 fill 2: 低秩近似
    Case("004/fill-2", "低秩近似", C),
    Case("004/fill-2", "低质近似", C),
    Case("004/fill-2", "高秩近似", W, feedback="意思相反"),
    # 004 fill 5: 模型量化
    Case("004/fill-5", "模型量化", C),
    Case("004/fill-5", "模型量化技术", C),
    Case("004/fill-5", "模形量化", C),
    Case("004/fill-5", "模型剪枝", W),
    Case("004/fill-5", "知识蒸馏", W, feedback="另一个概念"),
    # 004 fill 6: 数据并行 (the key the document gives, though the prompt describes model parallelism)
    Case("004/fill-6", "数据并行", C),
    Case("004/fill-6", "數據並行", C),
    Case("004/fill-6", "数据并型", C),
    Case("004/fill-6", "模型并行", W, 0.0, "另一个概念"),
    Case("004/fill-6", "数据串行", W, feedback="意思相反"),
    Case("004/fill-6", "流水线并行", W),
    # 004 fill 7: 低精度运算
    Case("004/fill-7", "低精度运算", C),
    Case("004/fill-7", "高精度运算", W, feedback="意思相反"),
    Case("004/fill-7", "低精度推理", W, feedback="另一个概念"),
    # 004 fill 8: 边缘计算
    Case("004/fill-8", "边缘计算", C),
    Case("004/fill-8", "邊緣計算", C),
    Case("004/fill-8", "边缘 计算", C),
    Case("004/fill-8", "云计算", W, feedback="另一个概念"),
    Case("004/fill-8", "中心计算", W),
    # 004 fill 9: 知识提取
    Case("004/fill-9", "知识提取", C),
    Case("004/fill-9", "知识提起", C),
    Case("004/fill-9", "知识蒸馏", W, feedback="另一个概念"),
    Case("004/fill-9", "知识归纳", W, feedback="另一个概念"),
    Case("004/fill-9", "知识表示", W),
    # 004 fill 10: 对称量化
    Case("004/fill-10", "对称量化", C),
    Case("004/fill-10", "非对称量化", W, feedback="意思相反"),
    Case("004/fill-10", "指数量化", W, feedback="另一个概念"),
    # 004 fill 11: 权重剪枝
    Case("004/fill-11", "权重剪枝", C),
    Case("004/fill-11", "權重剪枝", C),
    Case("004/fill-11", "权重减枝", C),
    Case("004/fill-11", "结构剪枝", W, feedback="另一个概念"),
    Case("004/fill-11", "层剪枝", W),
    Case("004/fill-11", "通道剪枝", W),
    # 004 fill 12: 稀疏激活
    Case("004/fill-12", "稀疏激活", C),
    Case("004/fill-12", "稠密激活", W, feedback="意思相反"),
    Case("004/fill-12", "激活稀疏化", W),
    # 004 fill 13 / 14 / 15
    Case("004/fill-13", "泛化能力", C),
    Case("004/fill-13", "范化能力", C),
    Case("004/fill-13", "拟合能力", W),
    Case("004/fill-14", "数据隐私", C),
    Case("004/fill-14", "差分隐私", W, feedback="另一个概念"),
    Case("004/fill-14", "数据安全", W),
    Case("004/fill-15", "对抗训练", C),
    Case("004/fill-15", "對抗訓練", C),
    Case("004/fill-15", "对抗训炼", C),
    Case("004/fill-15", "对抗样本", W, feedback="另一个概念"),
    # 结构剪枝 (from the explanation of 004 single 11)
    Case("004/fill-prune", "结构剪枝", C),
    Case("004/fill-prune", "结构化剪枝", C),
    Case("004/fill-prune", "权重剪枝", W, feedback="另一个概念"),
    Case("004/fill-prune", "结构", W),
    # Two blanks: 高精度 / 低精度 (from the explanation of 000 single 3)
    Case("000/fill-two", "高精度 低精度", C, 1.0),
    Case("000/fill-two", "高精度，低精度", C),
    Case("000/fill-two", "高精度、低精度", C),
    Case("000/fill-two", "高精度\n低精度", C),
    Case("000/fill-two", "1.高精度 2.低精度", C),
    Case("000/fill-two", "高精度；低精度", C),
    Case("000/fill-two", "高精度", P, 0.5),
    Case("000/fill-two", "高精度 中精度", P, 0.5),
    Case("000/fill-two", "高精度 高精度", P, 0.5, "第2空"),
    Case("000/fill-two", "低精度 高精度", W, 0.0, "意思相反"),
    # Three blanks: 模型量化 / FP32 / INT8 (004 fill 5)
    Case("004/fill-three", "模型量化 FP32 INT8", C),
    Case("004/fill-three", "模型量化，fp32，int8", C),
    Case("004/fill-three", "模型 量化 FP32 INT8", C),
    Case("004/fill-three", "模型剪枝 FP32 INT8", P, 2 / 3),
    Case("004/fill-three", "模型量化 INT8 FP32", P, 1 / 3),
    Case("004/fill-three", "知识蒸馏 INT8 FP32", W, 0.0),
]

CASE = [
    # Words of the question earn nothing: in 000 case 1 every heading stands in a sub-question, so only
    # what the reference adds (PyTorch, 数据并行, RingAll-reduce, 小批量, 多样性, 在线学习…) counts.
    Case(
        "000/case-1",
        "用PyTorch搭分布式训练框架，数据并行加模型并行；用LoRA微调；做公平性评估，消除偏见；定期持续预训练。",
        P,
        1.5 / 4,
        "部分覆盖",
    ),
    Case("000/case-1", "使用數據並行；LoRA；公平性；持續預訓練", P, 0.5 / 4),
    Case("000/case-1", "数据并行，lora，公平，持续预训炼", P, 0.5 / 4),
    Case("000/case-1", "采用数据并行和模型并行，RingAll-reduce通信", P, 1 / 4, "未覆盖"),
    Case("000/case-1", "LoRA微调，持续预训练", W, 0.0, "题目里已有的内容不计分"),
    Case("000/case-1", "今天天气很好", W, 0.0, "要点覆盖 0/4"),
    Case("000/case-1", "", U),
    Case("004/case-1", "先做INT8量化，再用知识蒸馏训练小模型，最后模型剪枝。", P, 2 / 3, "已覆盖：知识蒸馏"),
    Case("004/case-1", "模型量化", P, 0.5 / 3, "部分覆盖"),
    Case("004/case-1", "用大模型当教师模型", P, 0.5 / 3),
    Case("004/case-1", "模型压缩", W, 0.0),
    Case("004/case-2", "模型并行；特征工程；异常检测", P, 0.5),
    Case("004/case-2", "数据并行和特征工程", P, 0.5 / 3),
    Case("004/case-2", "换一个更大的服务器", W, 0.0),
]


# Second round: replies as learners type them. Each class has right answers a teacher accepts at once
# and replies that must be rejected (look-alike concepts, opposites, negations, copies of the question,
# a hedge around a wrong answer).
HEDGED_FILL = [
    Case("000/fill-1", "我猜是水平划分吧", C, 1.0, understood="水平划分"),
    Case("000/fill-1", "应该是水平划分", C),
    Case("000/fill-1", "大概是水平划分？", C),
    Case("000/fill-1", "水平划分吗", C),
    Case("000/fill-1", "我觉得是水平劃分", C),
    Case("000/fill-1", "可能是 水平划分 呢", C),
    Case("000/fill-1", "是水平划分吧？", C),
    Case("000/fill-1", "我猜是垂直划分吧", W, 0.0, "意思相反（「垂直」与「水平」相反）"),
    Case("000/fill-1", "应该是随机划分", W, 0.0, "答案是「水平划分」"),
    Case("000/fill-1", "大概是数据并行吧", W, 0.0, "「数据并行」是另一个概念"),
    Case("000/fill-8", "应该是教师模型吧", C),
    Case("000/fill-8", "我觉得是学生模型", W, 0.0),
    Case("004/fill-5", "可能是模型量化", C),
    Case("004/fill-5", "大概 模型量化 吧", C),
    Case("000/fill-14", "差分隐私吧", C),
    Case("000/fill-14", "我记得是差分隐私", C),
    Case("000/fill-14", "应该是同态加密吧", W, 0.0, "「同态加密」是另一个概念"),
    Case("004/fill-15", "应该是对抗训练呢", C),
    Case("004/fill-6", "我觉得是模型并行", W, 0.0, "「模型并行」是另一个概念"),
    Case("004/fill-6", "应该是数据串行吧", W, 0.0, "意思相反"),
    Case("000/fill-12", "可能是召回率吧", W, 0.0, "「召回率」是另一个概念"),
    Case("004/fill-11", "我猜是结构剪枝", W, 0.0, "另一个概念"),
    Case("004/fill-10", "我觉得是非对称量化", W, 0.0, "多了否定词「非」"),
    Case("000/fill-10", "应该是有用的神经元吧", W, 0.0, "意思相反"),
    Case("000/fill-2", "I think it's knowledge distillation", C),
    Case("000/fill-lora-zh", "maybe LoRA?", C),
    Case("000/fill-two", "我觉得是 高精度 低精度 吧", C, 1.0),
    Case("000/fill-two", "应该是 低精度 高精度", W, 0.0, "意思相反"),
]

NEUTRAL_WORDS = [
    Case("000/fill-clip", "梯度裁剪方法", C, 1.0),
    Case("000/fill-clip", "梯度裁剪技术", C),
    Case("000/fill-clip", "使用梯度裁剪", C),
    Case("000/fill-clip", "梯度裁剪策略吧", C),
    Case("000/fill-clip", "梯度裁剪阈值", W, 0.0, "多了「阈值」"),
    Case("000/fill-clip", "梯度累积方法", W, 0.0, "「梯度累积」是另一个概念"),
    Case("000/fill-clip", "梯度", W, 0.0, "不完整"),
    Case("000/fill-batch", "批大小", C, 1.0),
    Case("000/fill-batch", "批大小值", C),
    Case("000/fill-batch", "学习率", W, 0.0, "「学习率」是另一个概念"),
    Case("004/fill-5", "模型量化方法", C),
    Case("004/fill-5", "采用模型量化", C),
    Case("004/fill-5", "模型量化误差", W, 0.0, "多了「误差」"),
    Case("004/fill-15", "对抗训练策略", C),
    Case("000/fill-14", "差分隐私技术", C),
    Case("000/fill-14", "差分隐私机制", C),
    Case("000/fill-4", "对抗样本问题", C),
    Case("004/fill-6", "数据并行策略", C),
    Case("004/fill-6", "模型并行策略", W, 0.0, "「模型并行」是另一个概念"),
    Case("000/fill-9", "特征值", W, 0.0),
    Case("000/fill-9", "整数值吧", C),
]

TAIWAN_WORDING = [
    Case("000/fill-algo", "演算法", C, 1.0, understood="算法"),
    Case("000/fill-algo", "演算法吧", C),
    Case("000/fill-data", "資料", C, understood="数据"),
    Case("000/fill-15", "搜尋演算法", C),
    Case("000/fill-15", "搜索演算法", C),
    Case("004/fill-14", "資料隱私", C),
    Case("004/fill-6", "資料並行", C),
    Case("000/fill-7", "雲端運算", C),
    Case("004/fill-8", "邊緣運算", C),
    Case("004/fill-6", "資料串行", W, 0.0, "意思相反"),
    Case("004/fill-14", "資料安全", W, 0.0),
    Case("000/fill-algo", "演算", W, 0.0),
]

OTHER_NAMES = [
    Case("000/fill-2", "knowledge distillation", C, 1.0),
    Case("000/fill-2", "Knowledge Distillation", C),
    Case("000/fill-2", "KD", C),  # written in a bracket of the bank (single-kd's explanation)
    Case("000/fill-2", "模型剪枝", W, 0.0, "「模型剪枝」是另一个概念"),
    Case("000/fill-2", "knowledge extraction", W, 0.0),
    Case("000/fill-nas", "NAS", C),
    Case("000/fill-nas", "neural architecture search", C),
    Case("000/fill-nas", "神经网络架构搜索", C),
    Case("000/fill-nas", "架构搜索", W, 0.0, "不完整（少了「神经」）"),
    Case("000/fill-nas", "NAT", W, 0.0),
    Case("000/fill-lora-zh", "LoRA", C),
    Case("000/fill-lora-zh", "lora吧", C),
    Case("000/fill-lora-zh", "QLoRA", W, 0.0, "「QLoRA」是另一个概念"),
    Case("000/fill-lora-en", "低秩适配", C),
    Case("000/fill-lora-en", "lora", C),
    Case("000/fill-lora-en", "QLoRA", W, 0.0, "另一个概念"),
    Case("004/fill-6", "data parallelism", C),
    Case("004/fill-6", "Data Parallel", C),
    Case("004/fill-6", "model parallelism", W, 0.0, "另一个概念"),
    Case("000/fill-14", "differential privacy", C),
    Case("000/fill-14", "homomorphic encryption", W, 0.0, "另一个概念"),
    Case("004/fill-5", "model quantization", C),
    Case("000/fill-12", "accuracy", C),
    Case("000/fill-12", "precision", W, 0.0, "另一个概念"),
    Case("000/fill-accum", "梯度累加", C),
    Case("000/fill-accum", "gradient accumulation", C),
    Case("000/fill-accum", "梯度裁剪", W, 0.0, "「梯度裁剪」是另一个概念"),
    Case("000/fill-clip", "梯度截断", C),
    Case("000/fill-clip", "gradient clipping", C),
    Case("000/fill-batch", "批量大小", C),
    Case("000/fill-batch", "batch size", C),
    Case("004/fill-13", "generalization", C),
]

CHOICE_IN_WORDS = [
    Case("000/multiple-8", "全选", C, 1.0, understood="ABCDE"),
    Case("000/multiple-8", "都对", C),
    Case("000/multiple-8", "以上都是", C),
    Case("000/multiple-8", "all", C),
    Case("000/multiple-8", "All of the above", C),
    Case("000/multiple-8", "我觉得全选吧", C),
    Case("000/multiple-3", "全选", W, 0.0, "AC 不是正确选项", "ABCDE"),
    Case("004/multiple-2", "都对", W, 0.0, "CE 不是正确选项"),
    Case("000/single-2", "全选", W, 0.0, "只有一个正确选项"),
    Case("000/single-2", "我觉得是A吧", C, understood="A"),
    Case("000/single-2", "应该选A", C),
    Case("000/single-2", "A吧", C),
    Case("000/single-2", "maybe A", C),
    Case("000/single-2", "大概是B", W, 0.0, understood="B"),
    Case("000/single-2", "采用知识蒸馏", C, understood="A"),
    Case("000/single-2", "使用结构剪枝", W, 0.0, understood="B"),
    Case("000/single-2", "knowledge distillation", C, understood="A"),
    Case("000/single-kd", "KD", C, understood="A"),
    Case("000/single-kd", "LoRA", W, 0.0, understood="D"),
    Case("000/single-7", "自适应学习率", C, understood="D"),
    Case("000/single-7", "应该是自适应学习率", C, understood="D"),
    Case("000/single-7", "学习率", U),  # two options hold it: not a choice
    Case("000/multiple-3", "梯度累积、残差连接、BatchNormalization", C, understood="BDE"),
    Case("000/multiple-3", "梯度累积 残差连接 batch normalization", C, understood="BDE"),
    Case("000/multiple-3", "用残差连接和BatchNormalization", P, 2 / 3, understood="DE"),
    Case("000/multiple-3", "残差连接", P, 1 / 3, understood="D"),
    Case("000/multiple-3", "正则化", W, 0.0, understood="C"),
    Case("000/multiple-3", "ReLU激活函数、梯度累积", W, 0.0, "A 不是正确选项", "AB"),
    Case("000/multiple-3", "梯度累积 和 我不知道", U),
]

HEDGED_TRUE_FALSE = [
    Case("000/true_false-1", "我觉得不对", C, 1.0, understood="错误"),
    Case("000/true_false-1", "应该是错的", C),
    Case("000/true_false-1", "不对吧", C),
    Case("000/true_false-1", "我认为这个说法不正确", C),
    Case("000/true_false-1", "I think it's false", C),
    Case("000/true_false-1", "应该是对的", W, 0.0, understood="正确"),
    Case("000/true_false-1", "我觉得对", W, 0.0),
    Case("000/true_false-1", "对吧", W, 0.0),
    Case("000/true_false-1", "probably true", W, 0.0),
    Case("000/true_false-1", "对不对", U),
    Case("000/true_false-1", "是吗", U),
    Case("004/true_false-1", "应该是对的", C, understood="正确"),
    Case("004/true_false-1", "我觉得正确", C),
    Case("004/true_false-1", "这个说法是对的", C),
    Case("004/true_false-1", "我觉得不对", W, 0.0, understood="错误"),
]

# Third round: classes the held-out set (heldout_replies.jsonl) found misread.
TRUE_FALSE_AS_TYPED = [
    # A judgement, then its reason: the first clause is the answer.
    Case("000/true_false-1", "错，开销不是线性增长的", C, 1.0, understood="错误"),
    Case("000/true_false-1", "不对，因为有 all-reduce", C),
    Case("000/true_false-1", "对，是线性的", W, 0.0, understood="正确"),
    Case("000/true_false-1", "对 错", U),  # two judgements
    Case("000/true_false-1", "对吗，我不确定", U),
    # Not necessarily: the claim does not hold as stated.
    Case("000/true_false-1", "不一定", C, understood="错误"),
    Case("000/true_false-1", "未必", C),
    Case("000/true_false-1", "不完全对", C),
    Case("004/true_false-1", "不一定对", W, 0.0),
    # Marks and words for right and wrong.
    Case("000/true_false-1", "❌", C),
    Case("000/true_false-1", "打叉", C),
    Case("000/true_false-1", "✔️", W, 0.0, understood="正确"),
    Case("004/true_false-1", "✅", C),
    Case("004/true_false-1", "没错", C, understood="正确"),
    Case("004/true_false-1", "打勾", C),
    Case("004/true_false-1", "❎", W),
]

CHOICE_AS_TYPED = [
    # A part of one option's text that no other option holds.
    Case("000/single-2", "蒸馏", C, 1.0, understood="A"),
    Case("000/single-2", "结构", W, 0.0, understood="B"),
    Case("000/single-2", "剪枝", U),  # B and C both hold it
    Case("000/single-7", "自适应", C, understood="D"),
    Case("000/single-7", "使用", U),  # every option holds it
    Case("000/single-7", "动量", W, 0.0, understood="C"),
    Case("004/multiple-2", "初始化 冻结 预训练模型微调", C, understood="ABD"),
    Case("004/multiple-2", "冻结 解冻", W, 0.0, understood="BC"),
    # A slip in the option's text, once its leading verb is dropped.
    Case("000/multiple-3", "梯度累计 残差连结", P, 2 / 3, understood="BD"),
    Case("000/multiple-3", "残差连接 batch normalisation", P, 2 / 3, understood="DE"),
    # By its place in the list.
    Case("000/single-2", "第一个", C, understood="A"),
    Case("000/single-2", "选项一", C, understood="A"),
    Case("000/single-2", "第2个", W, 0.0, understood="B"),
    Case("000/single-2", "the first one", C),
    Case("000/single-2", "第五个", U),  # there are four
    # Every option but some; none of them.
    Case("000/multiple-3", "除了A和C都选", C, 1.0, understood="BDE"),
    Case("000/multiple-3", "除了C", W, 0.0, understood="ABDE"),
    Case("004/multiple-2", "all but C and E", C),
    Case("000/multiple-3", "都不对", W, 0.0, "至少有一个选项正确", "无"),
    Case("000/single-2", "以上都不是", W, 0.0, understood="无"),
    # Hedging between letters is no single answer.
    Case("000/single-2", "A或者B", W, 0.0, "只有一个正确选项", "AB"),
    Case("000/single-2", "A还是B", W, 0.0),
    # Emoji decorate a reply.
    Case("000/single-2", "A 😊", C, understood="A"),
    Case("000/single-2", "知识蒸馏👍", C, understood="A"),
    Case("004/fill-6", "数据并行🙏", C),
    Case("004/fill-6", "模型并行👍", W, 0.0),
]

FILL_IN_CONTEXT = [
    # The words around the blank: repeated by the reply, or left to the prompt by it.
    Case("004/fill-10", "对称", C, 1.0, understood="对称量化"),
    Case("004/fill-10", "对称的", C),
    Case("004/fill-10", "非对称", W, 0.0),
    Case("004/fill-10", "线性", W, 0.0),
    Case("000/fill-9", "整数参数", C, 1.0),
    Case("000/fill-9", "浮点数参数", W, 0.0),
    Case("000/fill-9", "参数", W, 0.0),
    Case("000/fill-3", "在下游任务上", C),
    Case("000/fill-3", "在上游任务上", W, 0.0),
    # The whole sentence with the blank filled in.
    Case("000/fill-3", "模型在预训练后继续在下游任务上学习以适应特定任务。", C, understood="下游任务"),
    Case("000/fill-3", "模型在预训练后继续在上游任务上学习", W, 0.0),
    Case("000/fill-3", "持续预训练策略中，模型在预训练后继续在___上学习以适应特定任务。", W, 0.0),
]

CASE_AS_TYPED = [
    # A bare list of the case's terms earns what the point titles earn: half of each point named.
    Case("004/case-1", "模型量化 知识蒸馏 模型剪枝 INT8 教师模型 小模型 微调 精度", P, 0.5, "只列出术语"),
    Case("004/case-2", "模型并行 特征工程自动化 异常检测 计算效率 资源消耗", P, 0.5, "只列出术语"),
    Case("000/case-1", "数据并行 模型并行 RingAll-reduce LoRA 学习率 多样性 公平性评估 增量学习", P, 0.25),
    # Denying what a point says earns nothing.
    Case("004/case-1", "量化对速度没有影响，蒸馏也不会让模型变小", W, 0.0, "否定"),
    Case("004/case-2", "异常检测并不能省资源", W, 0.0),
    # Every point made, one without its how or why: right.
    Case(
        "004/case-1",
        "做INT8量化；知识蒸馏：大模型当教师模型训练一个小模型，部署到手机；剪枝：剪掉不重要的神经元，再微调",
        C,
        2.5 / 3,
        "部分覆盖",
    ),
]

CASE_ANSWERS = [
    # Copies of the question, or of its sub-questions and point titles, score 0.
    Case("000/case-1", CASE_000_PROMPT, W, 0.0, "题目里已有的内容不计分"),
    Case(
        "000/case-1",
        "1.如何设计一个适合该推荐任务的分布式训练框架？2.如何利用参数高效微调（LoRA/QLoRA）技术来加速模型的微调过程？"
        "3.如何确保推荐系统的公平性和避免潜在的偏见？4.如何实现推荐系统的持续预训练策略？",
        W,
        0.0,
    ),
    Case("000/case-1", "分布式训练框架设计；参数高效微调技术应用；推荐系统的公平性和偏见避免；持续预训练策略", W, 0.0),
    Case("004/case-1", CASE_004_1_PROMPT, W, 0.0, "题目里已有的内容不计分"),
    Case("004/case-1", "模型推理速度慢，模型大小超过移动设备存储限制，需要设计优化方案。", W, 0.0),
    Case("004/case-2", CASE_004_2_PROMPT, W, 0.0),
    Case("004/case-2", "推荐系统计算资源消耗过大，推荐速度慢，要提高推荐系统的效率，降低计算资源消耗。", W, 0.0),
    # Negations earn nothing.
    Case("000/case-1", "不需要数据并行，也不用管LoRA，公平性不用考虑，持续预训练没必要", W, 0.0, "否定的做法不计分"),
    Case("000/case-1", "用数据串行，不用并行", W, 0.0),
    Case("004/case-1", "不用量化，也不需要蒸馏，剪枝没必要", W, 0.0, "否定"),
    Case("004/case-1", "模型量化不需要，只做知识蒸馏：用教师模型训练小模型", P, 1 / 3, "已覆盖：知识蒸馏"),
    Case("004/case-2", "模型并行不需要，异常检测也没必要，只做特征工程", P, 0.5 / 3),
    Case("004/case-2", "不是数据并行，而是模型并行，把模型拆到多个处理器上", P, 1 / 3, "已覆盖：模型并行"),
    # Look-alike concepts and off-topic replies.
    Case("004/case-1", "用模型并行和数据并行", W, 0.0),
    Case("004/case-1", "换更好的网络", W, 0.0),
    Case("004/case-2", "升级硬件，多买几台服务器", W, 0.0),
    # Titles only: half of each point; the name and how or why: the whole point.
    Case("004/case-1", "模型量化、知识蒸馏、模型剪枝", P, 0.5, "部分覆盖"),
    Case("004/case-1", "我觉得可以用模型量化、知识蒸馏和模型剪枝", P, 0.5),
    Case("004/case-1", "INT8量化", P, 0.5 / 3),
    Case("004/case-1", "用knowledge distillation，让小模型学大模型", P, 1 / 3),
    Case(
        "004/case-1",
        "量化成INT8，去掉冗余参数，再微调；蒸馏：大模型当老师，教出一个小模型部署到设备上；剪枝：把不重要的连接和神经元删掉。",
        C,
        1.0,
        "已覆盖：模型量化（INT8）；知识蒸馏；模型剪枝",
    ),
    Case("004/case-2", "用模型并行提高计算效率", P, 1 / 3),
    Case(
        "004/case-2",
        "把模型拆分到多个处理器上做模型并行；自动化特征工程，减少人工干预；加异常检测，过滤异常请求避免资源浪费。",
        C,
        1.0,
    ),
    Case("000/case-1", "用TensorFlow就行", P, 0.5 / 4),
    Case(
        "000/case-1",
        "框架我会选PyTorch，数据并行和模型并行一起用，通信用RingAll-reduce来降低开销。LoRA微调的时候用小批量数据，"
        "把学习率和微调层数调好。公平性方面，收集数据时保证多样性和代表性，再用公平性评估工具检测偏见。"
        "持续预训练就定期用新的用户数据做在线学习或增量训练。",
        C,
        1.0,
    ),
    # The reference answers themselves.
    Case("000/case-1", CASE_000, C, 1.0),
    Case("004/case-1", CASE_004_1, C, 1.0),
    Case("004/case-2", CASE_004_2, C, 1.0),
]

SECOND_ROUND = (
    HEDGED_FILL + NEUTRAL_WORDS + TAIWAN_WORDING + OTHER_NAMES + CHOICE_IN_WORDS + HEDGED_TRUE_FALSE + CASE_ANSWERS
)
THIRD_ROUND = TRUE_FALSE_AS_TYPED + CHOICE_AS_TYPED + FILL_IN_CONTEXT + CASE_AS_TYPED

CASES = SINGLE + MULTIPLE + TRUE_FALSE + FILL + CASE + SECOND_ROUND + THIRD_ROUND


def test_the_table_is_large_and_has_many_rejections() -> None:
    rejected = [c for c in CASES if c.outcome in (W, U)]
    assert len(CASES) >= 150
    assert len(rejected) * 3 >= len(CASES)
    assert len({(c.ref, c.reply) for c in CASES}) == len(CASES), "a row is written twice"


def test_the_second_round_adds_enough_rows_and_rejections() -> None:
    rejected = [c for c in SECOND_ROUND if c.outcome in (W, U)]
    assert len(SECOND_ROUND) >= 120
    assert len(rejected) * 3 >= len(SECOND_ROUND)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.ref}:{c.reply[:40]!r}")
def test_reply(case: Case) -> None:
    verdict = grade(question(case.ref), case.reply, CONCEPTS)
    if case.outcome == U:
        assert verdict.understood is None, verdict
        assert verdict.outcome is Outcome.wrong and verdict.score == 0.0
    else:
        assert verdict.understood is not None, verdict
        assert verdict.outcome == case.outcome, verdict
    if case.score is not None:
        assert verdict.score == pytest.approx(case.score), verdict
    if case.feedback:
        assert case.feedback in verdict.feedback_zh, verdict
    if case.understood is not None:
        assert verdict.understood == case.understood, verdict
    assert verdict.feedback_en, "every verdict explains itself in English too"
