"""Clauses of a case answer that talk around the topic instead of making a point: they earn nothing, whatever
words of the reference they hold.

- Naming the topic another way: `X又叫Y`, `X也称Y`, `被誉为Y` (the other name is no analysis).
- Praising it: the question's thing (or `它`, `这座桥`, nothing) with a degree word and words of praise only:
  `这座桥非常坚固耐用`, `设计得很巧妙`, `非常了不起`; or a clause of fame, `是著名的古桥`, `历史悠久`.

A clause that says something of another thing (`石料很坚固` where the question never names the stone) or with a
word beyond praise (`土地很肥沃`) is no talk: its words decide.
"""

from __future__ import annotations

import re

__all__ = ["is_talk"]

# Another name for the thing before it (`称为`, `叫做` are left out: `这叫做光合作用` may be the answer itself).
_NAMED = re.compile("又叫|又称|也叫|也称|俗称|别称|别名|古称|原名|简称|号称|美称|之称|誉为")
# Words of praise and fame: they judge the thing, they do not explain it.
_PRAISE_WORDS = (
    "著名 有名 闻名 知名 出名 伟大 杰出 了不起 厉害 优秀 出色 巧妙 精妙 精巧 精美 精密 精湛 高超 壮观 雄伟 宏伟 "
    "美丽 漂亮 好看 完美 先进 科学 合理 重要 关键 古老 悠久 坚固 牢固 结实 耐用 稳固 神奇 独特 高明 聪明 智慧 "
    "杰作 奇迹 瑰宝 结晶 典范 骄傲 珍贵 宝贵 好 棒 不错 值得 学习 赞叹 惊叹 佩服 历史 文化 遗产 世界 古代 "
    "中国 我国 劳动人民 人民 古人 建筑 工程 作品 之一 体现 反映 展现 展示 代表 象征 "
    # Aspects a praise is said of (`设计非常巧妙`, `做工精美`).
    "设计 造型 外形 工艺 技术 做工 质量 布局 构思 构造"
)
_DEGREE_WORDS = "非常 十分 特别 极其 极为 相当 超级 多么 很 挺 真 太 最 极 超 更"
_PRAISE, _DEGREE = _PRAISE_WORDS.split(), frozenset(_DEGREE_WORDS.split())
_GLUE = "的了是也都就还啊呀呢吧得地之为和与及而且又着过这那其它他她该此座个种项位件部一古"
_WORDS = re.compile("|".join(sorted((*_PRAISE, *_DEGREE), key=len, reverse=True)))
_APART = re.compile(f"[{_GLUE}]+|[^\u4e00-\u9fff]+")


def _of_the_question(text: str, question: str) -> bool:
    """Every stretch of the text between glue characters is words the question writes (`这座桥`: 桥)."""
    return all(run in question for run in _APART.split(text) if run)


def is_talk(clause: str, question: str) -> bool:
    """Whether a normalised clause of a reply only names the question's thing another way (`X又叫Y`) or praises
    it (`这座桥非常坚固`, `是著名的古桥`); the question normalised too."""
    named = _NAMED.search(clause)
    if named:
        return _of_the_question(clause[: named.start()], question)
    found = _WORDS.findall(clause)
    if not any(word not in _DEGREE for word in found):
        return False
    # What is left once praise, degree words and glue are out must be the question's own words.
    return _of_the_question(_WORDS.sub("|", clause), question)
