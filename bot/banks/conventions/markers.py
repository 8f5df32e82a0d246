"""Labelled lines: keys (`答案：B`, `Answer:`), explanations (`【解析】`), a case's parts (`问题：`, `答题要点`),
meta lines to pass over (`我的答案`, `难度`), one `Marker` each in `MARKERS`; and what stands before a stem
and is no part of it (points, difficulty, the paper it came from)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.banks.conventions.chars import probe
from bot.banks.conventions.learner import LEARNER_WORDS

__all__ = ["MARKERS", "PICTURE", "Marker", "match_marker", "strip_score"]


@dataclass(frozen=True)
class Marker:
    """A labelled line: `答案：B`, `【解析】…`, `问题：…`, `我的答案：…`."""

    role: str  # key, explanation, ask, answer (a case's reference answer), kind, meta, tags, alternates
    label: str
    pattern: re.Pattern[str]


def _marker(role: str, label: str, words: str, *, colon: bool = True) -> Marker:
    # "答；B", "答案;A": a semicolon typed for the colon counts too; "[答案]:D": a colon after brackets too
    sep = r"\s*(?:[:：;；]|$)" if colon else r"\s*(?:[:：]\s*)?"
    return Marker(
        role,
        label,
        # "<문제 해설>": a CBT site's label in angle brackets, as the page prints it
        re.compile(
            rf"^(?:(?:【\s*(?:{words})\s*】|\[\s*(?:{words})\s*\]|<\s*(?:{words})\s*>)(?:\s*[:：])?|(?:{words}){sep})\s*",
            re.I,
        ),
    )


# the sentence's article before a key's letter ("est la C"): no part of the key
_ARTICLE = r"(?:\s+(?:{})(?=\s+[A-Ha-h]\s*[.。]?\s*$))?"

MARKERS: list[Marker] = [
    # 学习通 and other platform exports: "我的答案：A 正确答案：B" -> the correct one (read in reader)
    # Moodle's review page, and the key said in a sentence of its own after the options, in the languages the
    # importer reads ("La réponse est la Loire…", "A resposta correta é a C"; an article before a letter is
    # the sentence's): the option it names is found by its letter or its text (`read_choice_key`)
    _marker(
        "key",
        "答案：",
        r"The (?:correct |right )?answers? (?:is|are)|The answer is"
        rf"|La (?:bonne |juste )?réponse (?:correcte |juste |exacte )?est{_ARTICLE.format('la|le')}"
        rf"|La respuesta (?:correcta )?es{_ARTICLE.format('la|el')}"
        rf"|A resposta (?:correta |certa )?é{_ARTICLE.format('a|o')}"
        rf"|La risposta (?:corretta |giusta )?è{_ARTICLE.format('la|il')}"
        r"|Die (?:richtige )?Antwort ist",
        colon=False,
    ),
    _marker("meta", "我的答案", LEARNER_WORDS),  # the learner's own answer on a results page: never the key
    _marker(
        "key",
        "答案：",
        r"正确答案是|正确答案为|正确答案|参考答案|标准答案|正确选项|答案是|答案为|答案|答\s+案|答桉|答"
        r"|Answers?\s*Keys?|Answer|Answers|Correct"
        r"|Ans|Key|Correct answers?|ANS|正解|答え|정답",  # 正解, 答え: Japanese papers; 정답: Korean
    ),
    _marker(
        "explanation",
        "解析：",
        r"答案解析|试题解析|题目解析|详细解析|题目分析|答题技巧|技巧|解析|详解|讲解|解题思路|解答思路|分析|点评|解释|试题分析|点拨"
        r"|Explanation|Analysis|문제\s*해설|해설|解説|解說",
    ),
    _marker("ask", "问题：", r"问题\s*\d*|问|请回答|请分析|回答问题|要求"),
    _marker(
        "answer",
        "答题要点",
        # "参考：" alone too
        r"答题要点|答案要点|参考要点|评分要点|要点|分析与解答|参考解答|解答|解决方案|问题定位|参考",
    ),
    _marker("kind", "题型：", r"题型|类型|题目类型|Type"),
    # a field's label before its text: "题目：……", "### 题目", "**选项：**"
    _marker("label", "题目：", r"题目|题干|题目内容|试题|选项|备选项|Question|Options?|Choices"),
    _marker(
        "meta",
        "得分",
        r"得分|本题得分|分值|分数|难度|难易度|正确率|作答人数|考点|出处|来源|题目来源|所属章节|章节|Score"
        r"|정답률|正答率|正確率|答对率|答對率|得分率|通过率"  # a site's share of right answers under the key
        r"|Difficulty|图|图片|配图|视频|DIF|REF|OBJ|TOP|MSC|NAT|STA|LOC",  # ExamView test banks: DIF: Easy REF: 74
    ),
    _marker("tags", "知识点", r"知识点|标签|Tags?"),
    _marker("alternates", "备选答案", r"备选答案|其他答案|也可答"),
]
_KEY_MARKER = next(m for m in MARKERS if m.label == "答案：" and "答" in m.pattern.pattern)
_KEY_INLINE = re.compile(
    r"^(?:正确)?答案\s*(?:为|是)?\s*(?=(?:[A-H]{1,8}|[√×✓✗✔✘]|对|错|正确|错误)\s*(?:[。.；;，,(（]|$|\s(?=\s*(?:你的|我的|您的))))"
    r"|^(?:故|所以|因此)?(?:本题)?(?:应)?选\s*(?=[A-H]{1,8}\s*[。.]?$)"  # "故选B" alone under the options
)
_BARE_MARKERS = re.compile(
    r"^(?:窗体顶端|窗体底端|收起|展开|展开全部|AI讲解|查看解析|显示答案|隐藏答案|查看答案|点击查看答案|收起答案)$"
)


_ANSWER_STARTS = ("答案", "答 案", "答桉", "答:", "答：", "答;", "答；", "【答", "答え")
_ANY_MARKER = re.compile("|".join(f"(?:{m.pattern.pattern})" for m in MARKERS), re.I)


def match_marker(text: str, probed: str | None = None) -> tuple[Marker, str] | None:
    """The marker the line opens with, and the text after it (`probed`: the text already probed)."""
    p = probe(text) if probed is None else probed
    if not _ANY_MARKER.match(p) and not _KEY_INLINE.match(p) and not _BARE_MARKERS.match(p) and p[:1] not in "（(":
        return None  # most lines: one test instead of one per marker
    for marker in MARKERS:
        m = marker.pattern.match(p)
        if m:
            if marker.label == "答案：" and p.startswith("答") and not p.startswith(_ANSWER_STARTS):
                continue  # 答 alone only with a colon or brackets ("答辩" is a word)
            return marker, text[m.end() :].strip()
    if m := _KEY_INLINE.match(p):
        return _KEY_MARKER, text[m.end() :].strip()
    if p[:1] in "（(" and p[-1:] in "）)" and (inner := _KEY_MARKER.pattern.match(p[1:-1].strip())):
        return _KEY_MARKER, p[1:-1].strip()[inner.end() :].strip()  # "（正解：1）", "(Answer: B)"
    if _BARE_MARKERS.match(p):
        return MARKERS[0], ""
    return None


_SCORE = re.compile(
    r"^[（(【\[]\s*\d+(?:\.\d+)?\s*分\s*[）)】\]]\s*|\s*[（(【\[]\s*\d+(?:\.\d+)?\s*分\s*[）)】\]]$"
    r"|\s*[（(]\s*分值\s*[:：]\s*\d+(?:\.\d+)?\s*分?\s*[)）]"  # "(分值: 2)" where a form export puts it
)
# What stands before a stem and is no part of it: points, difficulty, the paper it came from, a label.
_STEM_NOISE = re.compile(
    r"^(?:\d+(?:\.\d+)?\s*分(?![钟数子类析配])\s*|[（(【\[]\s*(?:\d+(?:\.\d+)?\s*分|难度\s*[:：]?\s*\S{1,4}|\d{4}\s*[•·.]\s*[^）)】\]]{1,20}|分值\s*[:：]?\s*\d+"
    r"(?:\.\d+)?\s*分?)\s*[）)】\]]|[【\[]\s*题干\s*[】\]]\s*[:：]?|题干\s*[:：]|[-—–]{2,}|——)\s*"
)


def strip_score(text: str) -> str:
    """`（2分）（2023•某地模拟）——题干` -> `题干`: points, difficulty and sources are no part of the question."""
    text = _SCORE.sub("", text).strip()
    while m := _STEM_NOISE.match(text):
        if not m.group(0):
            break
        text = text[m.end() :]
    return text.strip()


# A picture's placeholder, where a copied page lost its image: "[图片]", "图：k23.png", "[Рисунок: 14-2.jpg]",
# "[Abbildung: 3.png]" (not "图：无": no picture)
PICTURE = re.compile(
    r"^[【\[]?\s*(?:图|图片|配图|视频|image|picture|exhibit|Рисунок|Изображение|Abbildung|Bild|Imagen|Imagem|Figura|画像|그림)"
    r"\s*(?:[】\]]|[:：]\s*(?!无|none|$))",
    re.I,
)
