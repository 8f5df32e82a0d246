"""A case's marking rubric (`要点：1 …、…；2 …` in the explanation) credits each point by the share of its items a
reply says, in its own words as far as their character pairs, other words of one meaning or the reference's other
names go; never above what its items earn, never where the reply contradicts an item (bot/grading/rubric.py)."""

from __future__ import annotations

from bot.banks.model import Kind, Question
from bot.grading import grade
from bot.grading.case import _GENERIC, key_points
from bot.grading.rubric import RubricPoint, point_credit, rubric_points


def _case(prompt: str, answer: str, explanation: str = "") -> Question:
    return Question(id="t", kind=Kind.case, number=1, prompt=prompt, answer=answer, explanation=explanation)


def _rubric(question: Question, count: int) -> tuple[RubricPoint, ...]:
    points = rubric_points(question.explanation or "", str(question.answer), question.prompt, count, _GENERIC)
    assert points is not None
    return points


_CHAIN_PROMPT = (
    "小张的自行车放在阳台上淋了几场雨，链条发红，骑起来咔咔响。\n问题：1. 链条出了什么问题？ 2. 应该怎样保养？"
)
_CHAIN_ANSWER = (
    "1. 雨水冲掉了链条表面的润滑油，金属直接接触空气和水分，氧化生锈；缺油后链节之间干摩擦，发出异响。\n"
    "2. 先用清洗剂或煤油刷洗链条上的泥沙和旧油，晾干后在每个链节上滴链条油，转动曲柄让油渗进去，再擦掉外面多余的油。"
)
CHAIN = _case(_CHAIN_PROMPT, _CHAIN_ANSWER, "要点：1 润滑油流失、生锈、干摩擦；2 清洗、滴链条油、擦去多余油。")
CHAIN_UNMARKED = _case(_CHAIN_PROMPT, _CHAIN_ANSWER)

# A rubric with items that say what not to do.
PAN = _case(
    "小李炒菜时锅里的油突然着火了，火苗蹿得很高。\n问题：1. 应该马上怎么做？ 2. 哪些做法是错误的？",
    "1. 立即关闭燃气灶，用锅盖或湿毛巾盖住油锅隔绝空气，火很快就会熄灭。\n"
    "2. 不能用水浇，油比水轻，水遇热油迅速汽化会把燃烧的油溅出来；也不要端起着火的锅往外跑。",
    "评分要点：1 关火、盖锅盖；2 不用水浇、不端锅。",
)


def test_a_point_is_credited_by_the_share_of_its_items_said() -> None:
    reply = "1. 油被冲没了，链子生锈，干摩擦 2. 先清洗，再滴链条油"
    # The items said in the learner's words: the rubric makes both points.
    assert grade(CHAIN, reply).score == 1.0
    # Without a rubric the same reply reads less.
    assert grade(CHAIN_UNMARKED, reply).score < 1.0


def test_some_of_the_items_earn_their_share_only() -> None:
    points = _rubric(CHAIN, 2)
    # One item of three: a third of the point, not the whole of it.
    assert point_credit(points[1], "清洗一下就行") == 1 / 3
    # Two of three: the whole point, as a teacher marks most of it.
    assert point_credit(points[1], "清洗后滴链条油") == 1.0
    verdict = grade(CHAIN, "1. 生锈了 2. 清洗一下")
    assert 0.0 < verdict.score < 0.5
    assert verdict.partly and not verdict.covered


def test_a_negated_item_is_said_by_a_negation_and_contradicted_without_one() -> None:
    points = _rubric(PAN, 2)
    assert point_credit(points[1], "千万别用水浇，也别端锅") == 1.0
    assert point_credit(points[1], "赶紧用水浇灭") is None
    # The wrong advice earns nothing of the point, whatever its words.
    assert grade(PAN, "1. 关掉火，盖上锅盖 2. 赶紧用水浇灭，把锅端出去").score == 0.5
    assert grade(PAN, "1. 关掉火，盖上锅盖 2. 别用水浇，别端锅").score == 1.0


def test_the_opposite_state_says_no_item() -> None:
    rice = _case(
        "小周家的米饭总是夹生，锅底却糊了。\n问题：请分析原因并给出改进办法。",
        "1. 加水太少，米还没熟水就烧干了，锅底先糊。\n2. 按米和水一比一点二的比例加水，先大火烧开再转小火焖十五分钟。",
        "要点：1 水放得过少；2 水量加足、先大火后小火。",
    )
    assert grade(rice, "1. 水放得太多了 2. 换个锅").score == 0.0
    assert grade(rice, "1. 水放得太少了 2. 换个锅").score > 0.0


def test_the_references_other_names_say_its_term() -> None:
    tea = _case(
        "老刘泡的绿茶又苦又涩，颜色发黄。\n问题：请分析原因。",
        "1. 水温太高：用刚烧开的沸水（滚水/开水）直接冲泡，把嫩芽烫熟了，茶多酚大量析出。",
        "要点：1 沸水冲泡、烫熟茶芽",
    )
    assert grade(tea, "用滚水直接泡，叶子都烫熟了").score == 1.0


def test_no_rubric_or_a_rubric_of_another_number_of_points_changes_nothing() -> None:
    assert rubric_points("", str(CHAIN.answer), CHAIN.prompt, 2, _GENERIC) is None
    three = "要点：1 润滑油流失；2 清洗；3 滴链条油。"
    assert rubric_points(three, str(CHAIN.answer), CHAIN.prompt, 2, _GENERIC) is None
    assert len(key_points(str(CHAIN.answer), None, CHAIN.prompt)) == 2


def test_the_questions_words_and_secondary_items_earn_nothing() -> None:
    plant = _case(
        "小吴的绿萝叶子发黄，盆土一直很湿。\n问题：请分析叶子发黄的原因。",
        "1. 浇水太勤，盆土积水不透气，根部腐烂，吸收不了养分；放在背阴处光照不足也有影响。",
        "要点：1 积水烂根，光照不足为辅。",
    )
    # Only the question's words: no item said.
    assert grade(plant, "叶子发黄，盆土很湿").score == 0.0
    # The required item alone makes the point; the secondary one is not asked for.
    assert grade(plant, "土里积水，根烂了").score == 1.0


def test_a_thing_said_not_done_in_a_shorter_verb() -> None:
    fridge = _case(
        "小赵家冰箱冷藏室结了厚厚的霜，压缩机嗡嗡响个不停。\n问题：1. 可能的原因是什么？ 2. 怎么处理？",
        "1. 冰箱门没有关严或门封条老化，热空气不断进入，水汽在蒸发器上结霜，压缩机不停运转。\n"
        "2. 检查并关严冰箱门，更换老化的门封条，断电除霜后再重新开机。",
        "要点：1 门未关严、封条老化；2 关严门、换封条、断电除霜。",
    )
    points = _rubric(fridge, 2)
    # `没关好` says 未关严 of the door: the door named, a negation, the verb at once.
    assert point_credit(points[0], "冰箱门没关好，封条老了") == 1.0
    # The door closed, or another thing not closed, says nothing of it.
    assert point_credit(points[0], "冰箱门关好了") == 0.0
    assert point_credit(points[0], "窗户没关好") == 0.0
    assert grade(fridge, "1. 冰箱门没关好，封条老了 2. 换新封条，断电除霜").score == 1.0


def test_the_topic_alone_says_no_item() -> None:
    tyre = _case(
        "小孙的自行车轮胎用手一压就扁，骑起来很费劲。\n问题：请分析原因。",
        "1. 胎压过低：气门芯老化漏气，内胎慢慢跑气，胎压不足时轮胎变形大，滚动阻力增加。",
        "要点：1 胎压过低、气门芯漏气",
    )
    points = _rubric(tyre, 1)
    # 胎压 is the question's own characters: naming it says nothing of the item.
    assert point_credit(points[0], "胎压不稳定") == 0.0
    # With a character of what the item says of it, it is said; the opposite contradicts it.
    assert point_credit(points[0], "胎压太低了") == 0.5
    assert point_credit(points[0], "胎压太高了") is None


def test_a_note_on_a_bare_phrase_keeps_its_credit() -> None:
    noted = _case(
        str(PAN.prompt),
        str(PAN.answer),
        "评分要点：1 关火、盖锅盖；2 不用水浇、不端锅。只写“关火”不得分。",
    )
    # The note's remark is no item of the second point.
    assert len(_rubric(noted, 2)[1].items) == 2
    # `1. 关火` is what the note gives nothing; the rubric does not raise it.
    assert grade(noted, "1. 关火 2. 别用水浇，别端锅").score == 0.5
    assert grade(noted, "1. 关火，盖锅盖 2. 别用水浇，别端锅").score == 1.0


def test_a_rubric_on_a_line_of_the_reference() -> None:
    fire = _case(
        str(PAN.prompt),
        "1. 立即关闭燃气灶，用锅盖盖住油锅隔绝空气。\n2. 不能用水浇，也不要端起着火的锅往外跑。\n"
        "评分要点：1 关火、盖锅盖；2 不用水浇、不端锅。",
    )
    assert len(_rubric(fire, 2)[0].items) == 2
    assert grade(fire, "1. 关掉火，盖上锅盖 2. 别用水浇，别端锅").score == 1.0
    assert grade(fire, "1. 赶紧用水浇 2. 端着锅往外跑").score == 0.0
