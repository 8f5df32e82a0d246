"""Reading keys: fill answers (blanks, alternatives) and keys written in brackets after a stem."""

from __future__ import annotations

import ast
import contextlib
import re
import unicodedata

__all__ = [
    "FORMULA",
    "LETTERS",
    "count_blanks",
    "enumerated_parts",
    "key_in_brackets",
    "parse_letters",
    "read_choice_key",
    "read_true_false",
    "read_true_false_key",
    "split_fill_key",
    "take_bracket_key",
    "true_false_options",
    "without_option_word",
]

LETTERS = "ABCDEFGH"  # option letters, in order
FORMULA = re.compile(r"\$[^$\n]+\$")  # a formula in Markdown converted from a PDF: its brackets hold no answer
# Pandoc's inline math: no space inside either dollar, no digit after the closing one ("$5 or $10" is money)
_INLINE_MATH = re.compile(r"\$\$([^$\n]+?)\$\$|\$(?!\s)([^$\n]+?)(?<![\s\\])\$(?!\d)")
_TEX_ESCAPE = re.compile(r"\\([%$&#_{}])")  # `20\%`: TeX's escaped sign, the sign itself


def unwrapped_math(key: str) -> str:
    """A key as a Markdown converter wrote it in inline TeX (`$1$`, `$104$`, `$20\\%$`, `$B$`): what a learner
    types, the delimiters and TeX's escapes gone. The math of stems is left as it stands."""
    if "$" not in key:
        return key
    return _INLINE_MATH.sub(lambda m: _TEX_ESCAPE.sub(r"\1", (m.group(1) or m.group(2)).strip()), key)


# blanks: ___, （ ）, "运算符【3】", 【】; not the call f()
_BLANK = re.compile(r"_{2,}|（\s*[)）]|(?<![A-Za-z0-9_)])\(\s*[)）]|(?<=\S)【\d{1,3}】|【\s*】")
_ALTERNATIVE = re.compile(r"\s*[;；]\s*|\s+或\s+|\s+[/／]\s+")  # "A；B", "A 或 B", "A / B" ("或" in a word, "1/2" stay)
_BLANK_SEP = re.compile(r"\s*[;；]\s*")
# "（1）北京（2）东京", "填空1: 李白 填空2: 杜甫", "第1空：…", "①北京②东京"
_ENUMERATED = re.compile(
    r"[（(]\s*\d+\s*[)）]\s*|(?:填空|空|第)\s*(?:\d+|[一二三四五六七八九十]+)\s*空?\s*[:：]\s*|[①-⑳]\s*"
)
# at the stem's end: "（ B ）", "【A B D】", "——答案 B" ("（答案：D）" is split off as a key line by the reader)
_CHOICE_BRACKET = re.compile(
    r"(?:[（(【\[]\s*([A-Ha-h](?:[\s,，、]*[A-Ha-h]){0,7})\s*[)）】\]]"
    r"|[—–-]{1,2}\s*答案\s*[:：]?\s*([A-H]{1,8}))\s*([。.]?)\s*$"
)
_TF_BRACKET = re.compile(
    r"(?:[（(\[【]\s*(√|×|✓|✗|✔|✘|对|错|對|錯|正确|错误|T|F|Y|X|N)\s*[)）\]】]"
    r"|(?:[—–-]{1,2}\s*答案\s*[:：]?|【\s*判断\s*】)\s*(√|×|对|错|正确|错误))\s*([。.]?)\s*$"  # "【判断】错误"
)


def count_blanks(stem: str) -> int:
    return len(_BLANK.findall(stem))


# a whole answer set as Markdown code (`` `final` ``): the backticks are the document's type, not the answer
_CODE_SPAN = re.compile(r"^(`+)\s*([^`]+?)\s*\1$")


def _clean(answer: str) -> str:
    answer = answer.strip().rstrip("。.").strip()
    if m := _CODE_SPAN.match(answer):
        answer = m.group(2)
    return answer


def _alternatives(text: str) -> list[str]:
    """One blank's accepted answers: `A 或 B`, and another name in brackets after it (`不允许为空（或not null）`)."""
    if m := _ALTERNATIVE_NOTE.search(text):
        text = text[: m.start()] + " 或 " + m.group(1)
    return [a for a in (_clean(p) for p in re.split(r"\s+或\s+", text)) if a]


_LABEL = re.compile(r"^\s*(?:[（(]\s*1\s*[)）]|①|第[一1]空\s*[:：]|填空\s*1\s*[:：]|空\s*1\s*[:：])\s*")
# "number[]（或 Array<number>）", "16（即fp16）", "(i.e. fp16)": another name for the same answer
_ALTERNATIVE_NOTE = re.compile(r"\s*[（(]\s*(?:或|即|又称|亦称|也叫|也称|i\.e\.|aka)\s*([^（()）]+?)\s*[)）]\s*$", re.I)


def enumerated_parts(key: str) -> int:
    """How many blanks a key enumerates (`（1）A（2）B`, `填空1: A 填空2: B`, `①A②B`); 0 when it does not."""
    return len(_ENUMERATED.findall(key)) if _ENUMERATED.match(key.strip()) else 0


_LIST_LITERAL = re.compile(r"""^\[\s*(?:(?:'[^']*'|"[^"]*")\s*(?:,\s*(?:'[^']*'|"[^"]*")\s*)*)?\]$""")


def _listed(key: str) -> list[str] | None:
    """The strings of a key written as a list literal (a JSON or Python export: `["a", "b"]`, `[]`), or None."""
    text = key.strip()
    if not _LIST_LITERAL.match(text):
        return None
    with contextlib.suppress(ValueError, SyntaxError):
        items = ast.literal_eval(text)
        if isinstance(items, list) and all(isinstance(i, str) for i in items):
            return items
    return None


def split_fill_key(key: str, blanks: int) -> tuple[list[str] | list[list[str]], bool]:
    """The answer of a fill question and whether its parts matched the number of blanks.

    One blank: a flat list of accepted answers ('A；B', 'A 或 B', 'number[]（或 Array<number>）'), without a
    label ('（1）Object'). Several blanks: one list per blank, blanks separated by '；' (or '，'/'、', or
    enumerated '（1）A（2）B'), alternatives by ' 或 '.
    """
    if (items := _listed(key)) is not None:  # `['过渡时期总路线']`, `[]`: a list an export wrote as text
        if blanks > 1 and len(items) == blanks:
            return [_alternatives(i) for i in items], True
        if blanks <= 1 and len([i for i in items if _clean(i)]) > 1:
            # one blank answered by a list of several (`['甲', '乙', '丙']`: the three slogans asked for): every
            # item is needed, as one answer each; taken as alternatives, any one would be accepted alone
            return [_alternatives(i) for i in items if _clean(i)], True
        return [a for a in (_clean(i) for i in items) if a], blanks <= 1 or not items
    if blanks <= 1:
        key = _LABEL.sub("", key) if enumerated_parts(key) <= 1 else key
        if m := _ALTERNATIVE_NOTE.search(key):  # "number[]（或 Array<number>）"
            key = key[: m.start()] + " 或 " + m.group(1)
        accepted = [a for a in (_clean(p) for p in _ALTERNATIVE.split(key)) if a]
        return accepted, True
    for splitter in (
        _ENUMERATED,
        _BLANK_SEP,
        re.compile(r"\s*[|｜]\s*"),
        re.compile(r"\s+/\s+"),
        re.compile(r"\s*[,，、]\s*"),
        re.compile(r"\s*[/／]\s*"),  # "天朝田亩制度/资政新篇" for two blanks (for one, "/" stays in the answer)
        re.compile(r"\s+"),
    ):
        parts = [p for p in splitter.split(key) if _clean(p)]
        if len(parts) == blanks:
            return [_alternatives(p) for p in parts], True
    return [a for a in (_clean(p) for p in _ALTERNATIVE.split(key)) if a], False


def take_bracket_key(stem: str, *, true_false: bool) -> tuple[str, str | None]:
    """'……（ B ）。' -> ('……（ ）。', 'B'): a key written in brackets at the end of the stem."""
    m = (_TF_BRACKET if true_false else _CHOICE_BRACKET).search(stem)
    if not m:
        return stem, None
    key = m.group(1) or m.group(2)
    return stem[: m.start()] + "（ ）" + m.group(3), re.sub(r"[\s,，、]", "", key)


# "[3]☜ 블럭 설정하면 보임", "[B] (highlight to see)": a short key in brackets opening the key line, then the
# page's own words; never the first of a row of bracketed keys ("[A] [C]", "[√][×]")
_KEY_IN_BRACKETS = re.compile(r"^\s*[\[【［]\s*([^\[\]【】［］\s]{1,4})\s*[\]】］](?!\s*[\[【［(（])")


def key_in_brackets(key: str) -> str | None:
    """The key a line writes in square brackets before the page's own words (`[3]☜ 블럭 설정하면 보임` -> `3`,
    `【B】 highlight to see` -> `B`); None when the key opens with no such bracket."""
    m = _KEY_IN_BRACKETS.match(key)
    return m.group(1) if m else None


# -- keys as people write them -------------------------------------------------------------------
_LETTERS_THEN_TEXT = re.compile(r"^([A-Ha-h](?:\s*[,，、/和及]?\s*[A-Ha-h])*)(?=$|[\s,，。.;；:：（(【\[!！?？])")
_LETTER_ITEM = re.compile(r"(?:^|[;；,，\s|])\s*([A-H])\s*[.．、:：)）]")
_WRAPPED = re.compile(r"^[（(【\[「“\"'‘]\s*([^（()）【】\[\]]*?)\s*[)）】\]」”\"'’]$")  # "(a), (c)" is two
# a word naming the letter as an option before it: "选B", "letra B", "Option (b)", "alternativa c)", "вариант Б"
_KEY_NOISE = re.compile(
    r"^(?:选项|选|(?:letra|alternativa|option|opción|opção|opzione|choice|variante|вариант)(?=\s*[(（]?[A-Za-zА-Яа-я][)）.]?\s*$)\s*)",
    re.I,
)


def without_option_word(key: str) -> str:
    """The key without a word naming its letter as an option (`letra B` -> `B`, `вариант б` -> `б`)."""
    return _KEY_NOISE.sub("", key.strip(), count=1)


_TF_LEAD = re.compile(
    r"^(不正确|不对|正确|错误|对的|错的|对|错|是|否|√|×|✓|✔|✗|✘|[TFYN](?![A-Za-z])|true|false|yes|no)", re.IGNORECASE
)


def _norm(text: str) -> str:
    return re.sub(r"[\s。．.，,;；:：!！?？、\"'“”‘’()（）【】\[\]]+", "", text).lower()


def read_choice_key(key: str, options: dict[str, str]) -> str | None:
    """The letters of a choice key as written: 'ABD', 'A,B,D', 'A、B 和 D', '(B)', 'B. 白菜', 'A:苹果;C:桃;',
    'ABD（少选得一半分）', or the text of the right option(s); None when it names no option."""
    text = key.strip().lstrip(":：").rstrip("。.;；").strip()
    while m := _WRAPPED.match(text):
        text = m.group(1)
    text = _KEY_NOISE.sub("", text)
    if not text:
        return None
    letters = parse_letters(text)
    if letters is not None and (letters.isupper() or len(letters) <= len(options) or not options):
        return letters
    items = _LETTER_ITEM.findall(text)
    if len(items) > 1 and text[0] in "ABCDEFGH":  # "A:苹果;C:桃"
        return "".join(sorted(set(items)))
    if m := _LETTERS_THEN_TEXT.match(text):
        head = parse_letters(m.group(1))
        if head is not None and (m.group(1).isupper() or m.end() == len(text)):
            return head
    if items and text[0] in "ABCDEFGH":
        return items[0]
    lower = re.findall(r"(?:^|[,，;；、\s])\s*\(?([a-h])\s*[.．、:：)）]", text)
    if lower and re.match(r"^\(?[a-h]\s*[.．、:：)）]", text):  # "c) went", "a), c)"
        return "".join(sorted({letter.upper() for letter in lower}))
    if options:  # the right option's text instead of its letter: "红色的刚玉宝石", "珍珠,琥珀,珊瑚"
        by_text = {_norm(v): k for k, v in options.items() if _norm(v)}
        if _norm(text) in by_text:
            return by_text[_norm(text)]
        # options numbered 1–4 (lettered A–D on reading): the key names one by its number
        numbers = re.split(r"\s*[,，、\s]\s*", text)
        if all(re.fullmatch(r"[1-8]", n) and int(n) <= len(options) for n in numbers):
            return "".join(sorted({"ABCDEFGH"[int(n) - 1] for n in numbers}))
        for separators in (r"[;；|]|\s{2,}", r"[;；|,，、]\s*", r"[;；|,，、]|\s+"):
            wanted = [_norm(p) for p in re.split(separators, text) if _norm(p)]
            found = [by_text.get(w) for w in wanted]
            if len(found) > 1 and all(found):
                return "".join(sorted(set(found)))  # type: ignore[arg-type]
        return option_in_sentence(text, options)
    return None


def option_in_sentence(text: str, options: dict[str, str]) -> str | None:
    """The one option a key written as a sentence names by its text (`carbon dioxide, which leaves use in
    photosynthesis`, `la Loire, qui mesure environ 1 000 km`); None when it names none, or several (`Canberra,
    not Sydney`): which one is meant is then not read. An option's text inside a longer option's, at the same
    place, is that longer option's (`10 °C` in `110 °C`)."""
    said = _spaced(text)
    spans: list[tuple[int, int, str]] = []
    for letter, option in options.items():
        wanted = _spaced(option)
        if len(wanted) < 2 or len(wanted) >= len(said):
            continue
        pattern = rf"(?<!\w){re.escape(wanted)}(?!\w)"
        spans += [(m.start(), m.end(), letter) for m in re.finditer(pattern, said)]
    named = {
        letter
        for start, end, letter in spans
        if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in spans)
    }
    return named.pop() if len(named) == 1 else None


def _spaced(text: str) -> str:
    """Text compared as words: case and width folded, quotes and spaces made one, closing stops dropped."""
    plain = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return re.sub(r"\s+", " ", plain).strip().rstrip(".。!！;；,，")


def parse_letters(text: str) -> str | None:
    """'ABD', 'A,B,D', 'a b d', 'A、B 和 D' -> 'ABD' (sorted, unique); None when it holds anything else."""
    letters = _LETTER_SEPARATORS.sub("", text).translate(_CIRCLED)  # ①②④ for circled options
    if not letters or not _LETTERS_ONLY.fullmatch(letters):
        return None
    return "".join(sorted(set(letters.upper())))


_LETTER_SEPARATORS = re.compile(r"[\s,，、;；/|｜&＋+和及.。]+")  # `A|B|D`, `A+C` as quiz tools export them
_LETTERS_ONLY = re.compile(r"[A-Ha-h]+")
_CIRCLED = str.maketrans("①②③④⑤⑥⑦⑧", "ABCDEFGH")
_TRUE = {"正确", "对", "对的", "是", "√", "✓", "✔", "✅", "☑", "⭕", "T", "TRUE", "Y", "YES", "R", "V"}
_TRUE |= {
    "RICHTIG",
    "WAHR",
    "STIMMT",
    "VRAI",
    "VERDADERO",
    "CIERTO",
    "VERO",
    "VERDADEIRO",
    "JUIST",
    "WAAR",
    "CORRECT",
    "CERTO",
    "ВЕРНО",
    "ПРАВИЛЬНО",
    "ДА",
    "ĐÚNG",
    "BENAR",
    "DOĞRU",
    "PRAWDA",
    "○",
    "〇",
    "◯",
    "正しい",
    "맞음",
    "O",
}  # other languages
_FALSE = {
    "不正确",
    "不对",
    "错误",
    "错",
    "错的",
    "否",
    "×",
    "✗",
    "✘",
    "❌",
    "❎",
    "✖",
    "X",
    "F",
    "FALSE",
    "N",
    "NO",
    "W",
    "FALSCH",
    "STIMMT NICHT",
    "FAUX",
    "FALSO",
    "ONJUIST",
    "ONWAAR",
    "INCORRECT",
    "ERRADO",
    "НЕВЕРНО",
    "НЕПРАВИЛЬНО",
    "НЕТ",
    "SAI",
    "SALAH",
    "YANLIŞ",
    "FAŁSZ",
    "誤り",
    "误り",  # 誤り as compared: the probe below writes 誤 as 误
    "틀림",
}
# more languages of sheets' verdict columns: Korean, Hungarian, Czech/Slovak, Swedish/Danish/Norwegian, Finnish
_TRUE |= {"참", "맞다", "IGAZ", "PRAVDA", "SANT", "SANDT", "TOSI"}
_FALSE |= {"거짓", "틀리다", "HAMIS", "NEPRAVDA", "FALSKT", "FALSK", "USANT", "EPÄTOSI"}
_PROBE = str.maketrans("確誤對錯", "确误对错")
_DECORATION = re.compile(r"^[\u2705\u274c\u274e\u2b55\ufe0f\s]+(?=\S)")  # "✅ 正确", "❌错误"


def read_true_false(text: str) -> bool | None:
    """正确/错误/对/错/√/×/T/F/true/false (and a few more) -> bool; None when the text is no such key."""
    text = text.strip().replace("\ufe0f", "")  # "✔️": the emoji's variation selector
    word = re.sub(r"[\s。.！!]+$", "", _DECORATION.sub("", text)).translate(_PROBE).upper()
    if word in _FALSE:
        return False
    if word in _TRUE:
        return True
    return None


def true_false_options(options: dict[str, str]) -> dict[str, bool] | None:
    """{'A': True, 'B': False} when the options are just 正确 and 错误 (对/错, √/×, T/F…); else None."""
    if len(options) != 2:
        return None
    values = {letter: read_true_false(_strip_marks(text)) for letter, text in options.items()}
    if None in values.values() or len(set(values.values())) != 2:
        return None
    words = {_strip_marks(text).strip().upper() for text in options.values()}
    if all(len(w) == 1 and w.isascii() for w in words) and words not in _LETTER_PAIRS:
        return None  # `O | N` are the symbols of oxygen and nitrogen, not ○ and No
    return values  # type: ignore[return-value]


_LETTER_PAIRS = [{"T", "F"}, {"Y", "N"}, {"O", "X"}, {"V", "F"}, {"R", "W"}, {"V", "X"}]  # verdicts of one hand


def _strip_marks(text: str) -> str:
    return re.sub(r"^[✅❌⭕️\s]+", "", text)


_TF_WORD = r"(?:正确|对|√|✓|true|T)"
_FALSE_WORD = r"(?:错误|错|×|✗|false|F)"
_MARK_AS = r"(?:的|者)?\s*(?:请)?(?:涂|选|填|写|打|标|记|为|用)?\s*[“\"'（(]?([AB])(?![A-Za-z])"
_LETTER_FOR = (  # "正确的涂A，错误的涂B", "对的选A", "正确填A": the word, then its letter
    re.compile(_TF_WORD + _MARK_AS, re.I),
    re.compile(_FALSE_WORD + _MARK_AS, re.I),
)
_WORD_FOR = (  # "A表示正确，B表示错误", "A为对、B为错", "A.正确 B.错误": the letter, then its word
    re.compile(rf"(?<![A-Za-z])([AB])\s*(?:表示|代表|为|是|[.．、:：=＝])\s*{_TF_WORD}", re.I),
    re.compile(rf"(?<![A-Za-z])([AB])\s*(?:表示|代表|为|是|[.．、:：=＝])\s*{_FALSE_WORD}", re.I),
)


def true_false_letters(text: str | None) -> dict[str, bool] | None:
    """How a section's instructions map letters to true and false ("正确的涂A，错误的涂B" -> A true, B false)."""
    if not text or ("A" not in text and "B" not in text):
        return None
    for true_pat, false_pat in (_LETTER_FOR, _WORD_FOR):
        t, f = true_pat.search(text), false_pat.search(text)
        if t and f and t.group(1).upper() != f.group(1).upper():
            return {t.group(1).upper(): True, f.group(1).upper(): False}
    return None


def read_true_false_key(key: str, options: dict[str, str]) -> bool | None:
    """A true/false key: the word itself (`对`, `×`, `正确。因为…`), or the letter of a 正确/错误 option."""
    text = key.strip().lstrip(":：;；").strip().rstrip("。.")
    while m := _WRAPPED.match(text):
        text = m.group(1).strip()
    value = read_true_false(text)
    if value is not None:
        return value
    pair = true_false_options(options) if options else None
    if pair is not None:
        letters = read_choice_key(text, options)
        if letters is not None and len(letters) == 1 and letters in pair:  # `C` of two options names neither
            return pair[letters]
    if m := _TF_LEAD.match(text):  # "×，应为……" / "对（见第二章）"
        rest = text[m.end() :]
        if not rest or rest[0].isspace() or rest[0] in "，,。.；;：:（(【[的！!、":
            return read_true_false(m.group(1))
    return None


# "故本题选B", "因此正确答案是C", "答案选A", "本题答案为A", "所以选ABC", "选项B正确", "The correct answer is C",
# "(B) is the correct answer": a key stated in an explanation's prose
_SAID_KEYS = (
    re.compile(
        r"(?:故|所以|因此|因而|即|应|则)?\s*(?:本题)?\s*(?:的)?(?:正确)?(?:答案|应)?\s*(?:选|为|是|选择)(?:项)?\s*"
        r"[“\"'（(]?\s*([A-H](?:\s*[、,，和与及]?\s*[A-H]){0,7})\s*[”\"'）)]?(?:项|选项)?\s*(?=[。.；;，,！!]|$)"
    ),
    re.compile(r"选项\s*([A-H](?:\s*[、,，和与及]?\s*[A-H]){0,7})\s*(?:是)?(?:正确|符合题意|当选)"),
    re.compile(
        r"(?:correct|right) (?:answer|option|choice) is\s*[:(]?\s*\(?"
        r"([A-H](?:\s*(?:,|and)\s*[A-H]){0,7})\)?(?![A-Za-z])",
        re.I,
    ),
    re.compile(r"\(([A-H])\) is (?:the )?(?:correct|right)", re.I),
)


def key_in_explanation(explanation: str, options: dict[str, str]) -> str | None:
    """The key an explanation states in words, when it states exactly one that names existing options."""
    found = set()
    for pattern in _SAID_KEYS:
        for m in pattern.finditer(explanation):
            letters = "".join(sorted(set(re.findall(r"[A-H]", m.group(1)))))
            if letters and all(letter in options for letter in letters):
                found.add(letters)
    return found.pop() if len(found) == 1 else None
