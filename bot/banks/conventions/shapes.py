"""The shapes every exam document shows, whatever its layout and language: question numbers, runs of options
lettered in sequence in any alphabet, a word that means "answer", the heading of an answer part.

These are deliberately loose: they say what a line could be, and the generic reader (`bot.banks.generic.reader`)
accepts a shape only where its neighbours agree (numbers that run on, letters that follow in order, a key
that names the options the question has).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from bot.banks.conventions.learner import learner_label

__all__ = [
    "ALPHABETS",
    "ALPHABET_LETTERS",
    "Alphabet",
    "OptionRun",
    "answer_heading",
    "explanation_marker",
    "key_marker",
    "learner_marker",
    "number_head",
    "option_run",
]


_CACHED_CHARS = 200  # lines this short are remembered: an exam repeats its labels ("答案：A", "B. 乙") many times
_T = TypeVar("_T")


def _short_cached(read: Callable[..., _T]) -> Callable[..., _T]:
    """`read` remembered for short lines (the readers ask the same line several times, and documents repeat
    lines); a long line is read afresh, so the memory stays small whatever the document."""
    cached = functools.lru_cache(maxsize=8192)(read)

    @functools.wraps(read)
    def reading(text: str, **options: Any) -> _T:
        return cached(text, **options) if len(text) <= _CACHED_CHARS else read(text, **options)

    return reading


@dataclass(frozen=True)
class Alphabet:
    """How a document may letter its options: A B C D, а б в г, ア イ ウ エ, ① ② ③ ④, 1 2 3 4 …"""

    name: str
    letters: str
    spaced: bool = False  # a label may stand with only a space after it ("ア PPM", "A 文字")
    glued: bool = False  # a label may be glued to the text before it ("…（ ）①x②y")

    def index(self, char: str) -> int:
        return self.letters.index(char)


ALPHABETS: tuple[Alphabet, ...] = (
    Alphabet("latin", "ABCDEFGH", spaced=True),
    Alphabet("latin-lower", "abcdefgh"),
    Alphabet("cyrillic", "АБВГДЕЖЗ", spaced=True),
    Alphabet("cyrillic-lower", "абвгдежз"),
    Alphabet("katakana", "アイウエオカキク", spaced=True, glued=True),
    Alphabet("iroha", "イロハニホヘトチ", spaced=True, glued=True),
    Alphabet("greek", "ΑΒΓΔΕΖΗΘ"),
    Alphabet("greek-lower", "αβγδεζηθ"),
    Alphabet("hangul", "가나다라마바사아"),
    Alphabet("arabic", "أبجدهوزح"),  # the abjad order Arabic papers letter options by: أ) ب) ج) د)
    Alphabet("circled", "①②③④⑤⑥⑦⑧", spaced=True, glued=True),
    Alphabet("digits", "12345678"),
)
_BY_NAME = {a.name: a for a in ALPHABETS}
ALPHABET_LETTERS = {a.name: a.letters for a in ALPHABETS}  # alphabet -> its letters, A's first
_FIRST = {a.letters[0]: a for a in ALPHABETS if a.letters[0] != "イ"}  # イ starts iroha, and is katakana's B

# A label's word before its letter: "选项A：", "Option B:", "Вариант В)"
_OPTION_WORD = r"(?:(?:选项|選項|Option|Opción|Opção|Opzione|Вариант)\s*)?"
# What may stand before a label inside a line: white space, the end of a clause, a closing bracket, a blank.
_BEFORE = r"(?:^|(?<=[\s,，;；。.?？!！:：)）\]】_…]))"


@lru_cache(maxsize=64)
def _label_pattern(alphabet: str, mode: str) -> re.Pattern[str]:
    """Labels of one alphabet: `strict` (`A.`, `(a)`, `【A】`, `А)`, `ア．`), `spaced` (`ア PPM`, `A 文字`) or
    `glued` (`A50Hz` at a line's start, `①甲②乙` anywhere)."""
    a = _BY_NAME[alphabet]
    letters = re.escape(a.letters)
    if mode == "strict":
        punct = r"(?:\.-|[.．、:：)）](?!\d))" if a.name == "digits" else r"(?:\.-|[.．、:：)）])"
        body = rf"(?:[（(【\[]\s*(?P<b>[{letters}])\s*[)）】\]]|(?P<p>[{letters}])\s*{punct})"
        return re.compile(("" if a.glued else _BEFORE) + _OPTION_WORD + body + r"\s*")
    if mode == "spaced":
        if a.name == "digits":  # "1　赤　2　緑　3　黄": a digit, a space, its text (a run of three or more only)
            return re.compile(r"(?:^|(?<=\s))(?P<s>[1-8])\s+(?=\S)")
        return re.compile(_BEFORE + rf"(?P<s>[{letters}])(?:\s+|(?=[\u4e00-\u9fff]))(?=\S)")
    if a.name in ("circled", "katakana", "iroha"):
        return re.compile(rf"(?P<s>[{letters}])\s*(?=\S)")
    return re.compile(rf"^(?P<s>[{letters}])(?=[\u4e00-\u9fff\d])")  # "A50Hz", "B绝缘夹钳": one per line


@dataclass(frozen=True)
class OptionRun:
    """Options found on one line: the alphabet, the text before the first label (a stem), each option's
    position in the alphabet (0 = A) with its text, and whether the labels are loose (a letter and a space,
    or glued to the text), which a run must confirm on the next line when it holds only one."""

    alphabet: str
    before: str
    options: tuple[tuple[int, str], ...]
    loose: bool = False


def _letter(m: re.Match[str]) -> str:
    return m.group("b") or m.group("p") or m.group("s") if "b" in m.groupdict() else m.group("s")


_MODES = {"strict": (), "spaced": ("spaced",), "glued": ("glued",)}


@_short_cached
def option_run(text: str, *, expect: tuple[str, int] | None = None) -> OptionRun | None:
    """The run of options on a line, lettered in order in one alphabet: at the line's start (`A. x`, `(b) y`,
    `ア PPM`, `① 甲②乙`), or after a stem on the same line when at least two follow (`…？ A. x B. y`).

    `expect` = (alphabet, next position) continues a run begun on an earlier line (`C. z` after `A. x`/`B. y`).
    """
    best: OptionRun | None = None
    alphabets = [_BY_NAME[expect[0]]] if expect else ALPHABETS
    first = expect[1] if expect else 0
    for a in alphabets:
        if first >= len(a.letters) or a.letters[first] not in text:
            continue
        modes = ["strict"]
        if a.spaced or a.name == "digits":
            modes.append("spaced")
        if a.name in ("latin", "circled", "katakana", "iroha"):
            modes.append("glued")
        for mode in modes:
            run = _run_in(text, a, mode, first)
            if run is not None and (best is None or len(run.options) > len(best.options)):
                best = run
    return best


def _run_in(text: str, a: Alphabet, mode: str, first: int) -> OptionRun | None:
    found = list(_label_pattern(a.name, mode).finditer(text))
    best: list[re.Match[str]] = []
    for i, start in enumerate(found):
        if a.index(_letter(start)) != first or (best and start.start() > best[0].start()):
            continue
        chain, want = [start], first + 1
        for m in found[i + 1 :]:
            if m.start() >= chain[-1].end() and a.index(_letter(m)) == want:
                chain.append(m)
                want += 1
        if len(chain) > len(best):
            best = chain
    if not best:
        return None
    if best[0].start() > 0 and (len(best) < 2 or first != 0):
        return None  # inside a line, only a run of two or more after the stem
    if a.name == "digits" and mode == "spaced" and len(best) < 3:
        return None  # "1 2" in a sentence is no run of options
    options = []
    for i, m in enumerate(best):
        end = best[i + 1].start() if i + 1 < len(best) else len(text)
        options.append((a.index(_letter(m)), text[m.end() : end].strip().rstrip(";；,，").strip()))
    if len(options) > 1 and any(not body for _, body in options):
        return None  # "A B C D" or "1 2 3 4": a row of a grid, not options
    return OptionRun(a.name, text[: best[0].start()].strip(), tuple(options), loose=mode != "strict")


# -- question numbers ---------------------------------------------------------------------------------------
_NUMBER_HEADS = (
    # 第1問, 第 3 题, 1번, 第12題
    re.compile(r"^(?:第\s*)?(?P<n>\d{1,4})\s*(?:[问問题題]|번|문항)\s*[.．、:：)）]?\s*"),
    # 問1, Question 3, Question n°3, Pregunta 2, Вопрос 5, Вопрос №5, Câu 4, 문제 7, 案例2, Q.1, Qn. 2, Ques.3
    re.compile(
        r"^(?:問題?|问题?|Q|Question|Questão|Questao|Pregunta|Frage|Aufgabe|Problem|Exercise|Ejercicio|Übung|Вопрос"
        r"|Задание|Питання|Exercice|Domanda|Soru|Soal|Pertanyaan|Fråga|Spørsmål|Spørgsmål|Kysymys|Otázka|Ερώτηση"
        r"|Câu|Pytanie|Vraag|문제|문항|案例|Qn|Ques|Que|السؤال|سؤال)\s*(?:N[o°º]\.?\s*|№\s*|[-–—#.]\s*)?(?P<n>\d{1,4})(?!\d)\s*(?:[.．、:：)）-]\s*|\s+|$)",
        re.I,
    ),
    re.compile(r"^[（(【\[]\s*(?P<n>\d{1,4})\s*[)）】\]]\s*(?=\S)"),
    re.compile(r"^(?P<n>\d{1,4})\s*(?:\.-|\.\)|[.．、:：)）](?!\d)|[-–—]\s)\s*"),
    re.compile(r"^(?P<n>\d{1,4})(?:\s+)(?=[^\s\d.．,%])"),  # "1  Os princípios …", "1　依中華民國憲法…"
)
# a key written before the number: "( ３ )1. …", "（ B ）2、…", "(○) 3. …"
_KEY_FIRST = re.compile(r"^[（(]\s*(?P<k>[^()（）\s]{1,6})\s*[)）]\s*(?=\d{1,4}\s*[.．、])")
_DECORATION = re.compile(r"^(?:#{1,6}\s+|\*\*|__|[-*•]\s+(?=\d))+")


# a question numbered in words, as Arabic papers write them: "السؤال الأول:", "السؤال الحادي عشر" (الحادي
# only before عشر: eleventh)
_ORDINALS = {
    "الأول": 1, "الأولى": 1, "الثاني": 2, "الثانية": 2, "الثالث": 3, "الثالثة": 3, "الرابع": 4, "الرابعة": 4,
    "الخامس": 5, "الخامسة": 5, "السادس": 6, "السادسة": 6, "السابع": 7, "السابعة": 7, "الثامن": 8, "الثامنة": 8,
    "التاسع": 9, "التاسعة": 9, "العاشر": 10, "العاشرة": 10, "الحادي": 1, "الحادية": 1, "العشرون": 20,
}  # fmt: skip
_ORDINAL_HEAD = re.compile(
    rf"^(?:السؤال|سؤال)\s+(?P<word>{'|'.join(sorted(_ORDINALS, key=len, reverse=True))})"
    r"(?:\s+(?P<teen>عشر|عشرة))?(?!\w)\s*[:：.\-–]?\s*"
)


def _ordinal_head(text: str) -> tuple[int, str] | None:
    m = _ORDINAL_HEAD.match(text)
    if m is None:
        return None
    number = _ORDINALS[m.group("word")] + (10 if m.group("teen") else 0)
    return number, text[m.end() :].strip()


@_short_cached
def number_head(text: str) -> tuple[int, str, str | None, bool] | None:
    """(number, the rest, a key written before the number, strong) when the line opens with a question's
    number; strong numbers say "question" by themselves (`第1問`, `Question 3`, `السؤال الأول`)."""
    if text[:1] in "سا" and (ordinal := _ordinal_head(text)) is not None:
        return ordinal[0], ordinal[1], None, True
    key = None
    if m := _KEY_FIRST.match(text):
        key, text = m.group("k"), text[m.end() :]
    text = _DECORATION.sub("", text)
    for i, pattern in enumerate(_NUMBER_HEADS):
        if m := pattern.match(text):
            rest = text[m.end() :].strip().removesuffix("**").strip()
            if i >= 3 and rest.startswith(("**",)):
                rest = rest[2:].strip()
            return int(m.group("n")), rest, key, i < 2
    return None


# -- words that mean "answer", "explanation", "answer key" -----------------------------------------------
_KEY_WORDS = (
    r"正确答案|参考答案|标准答案|答案|正確答案|參考答案|標準答案|正答|正解|答え|解答|答|정답|"
    r"Correct answers?|Right answers?|Answers?|Key|Ans|Bonne réponse|Réponse correcte|Réponses?|"
    r"Respuesta correcta|Respuestas?|Resposta correta|Respostas?|Gabarito|Richtige Antwort|Antwort|Lösung|"
    r"Risposta corretta|Risposta|Правильный ответ|Ответ|Відповідь|Odpowiedź|Đáp án|Jawaban|Doğru cevap|Cevap|"
    r"Antwoord|Svar|Correct options?|Correct choices?|Right options?|Solución|Solution|Solução|Rpta|Rta|Resp|"
    r"Réponse juste|Réponse exacte|Resposta certa|Alternativa correta|Alternativa certa|Opción correcta|"
    r"Верный ответ|Правильный вариант|正解は|الإجابة الصحيحة|الإجابة|الجواب الصحيح|الجواب"
    r"|Správná odpověď|Odpověď|Správna odpoveď|Odpoveď"  # Czech, Slovak
)
# the key said in a sentence, a letter closing it: "La bonne réponse est la B", "A resposta correta é a C"
_KEY_SENTENCES = (
    r"(?:The\s+)?(?:correct\s+|right\s+)?answer\s+is|La\s+(?:bonne\s+)?réponse\s+(?:correcte\s+|juste\s+)?est(?:\s+la)?|"
    r"La\s+respuesta\s+(?:correcta\s+)?es(?:\s+la)?|A\s+resposta\s+(?:correta\s+|certa\s+)?é(?:\s+a)?"
)
# the same sentences naming the option by its text: "The answer is carbon dioxide, which …", "La réponse est
# Canberra : …" (the option is found in the sentence by `read_choice_key`)
_KEY_SENTENCES_TEXT = (
    r"(?:The\s+)?(?:correct\s+|right\s+)?answer\s+is|La\s+(?:bonne\s+)?réponse\s+(?:correcte\s+|juste\s+)?est|"
    r"La\s+respuesta\s+(?:correcta\s+)?es|A\s+resposta\s+(?:correta\s+|certa\s+)?é|La\s+risposta\s+(?:corretta\s+)?è"
)
# a key's letters in any alphabet the options may be lettered in, or a judgement's mark
_KEY_LETTERS = "A-Za-h1-8①-⑧○×√✓✗⭕❌" + "".join(a.letters for a in ALPHABETS if a.name not in ("latin", "digits"))
# a word in letters ends there ("ответа" is no "Ответ" and its key "а"); 答案B may glue its key
_WORD_END = r"(?:(?<=[A-Za-zÀ-ÿА-Яа-яЁё])(?![A-Za-zÀ-ÿА-Яа-яЁё])|(?<![A-Za-zÀ-ÿА-Яа-яЁё]))"
_KEY_MARKER = re.compile(
    rf"(?:^|(?<=\s))(?:[【\[]\s*(?:{_KEY_WORDS})\s*[】\]]\s*[:：]?|[(（]\s*(?:{_KEY_WORDS})\s*[)）]\s*[:：]?"
    rf"|(?:{_KEY_SENTENCES})\s+(?=[(（]?[{_KEY_LETTERS}]{{1,4}}[)）]?\s*[.。]?\s*$)"
    rf"|^(?:{_KEY_SENTENCES_TEXT})\s+(?=\S)"  # the sentence opening its line, an option's text after it
    rf"|(?:{_KEY_WORDS}){_WORD_END}\s*(?:\.?\s*[:：=]|\.?\s*[-–—](?=\s)|[.．]?(?=\s*[(（\[【]?\s*[{_KEY_LETTERS}]{{1,8}}\s*[)）\]】]?\s*[.。]?\s*$)))\s*",
    re.I,
)
# the word alone on its line, as a page's folded answer shows it (`<summary>Réponse</summary>` then `b`)
_KEY_WORD_ALONE = re.compile(rf"^\s*(?:{_KEY_WORDS})\s*$", re.I)
# the key in brackets closing the line, after the options: "… D. Montreal (Answer: B)", "…【答案：C】"
_KEY_ENCLOSED = re.compile(
    rf"[(（\[【]\s*(?:{_KEY_WORDS})\s*[:：=]?\s*(?P<key>[^()（）\[\]【】]{{1,40}}?)\s*[)）\]】]\s*[.。]?\s*$", re.I
)
_EXPLANATION_WORDS = (
    r"解析|分析|解说|解說|解説|详解|詳解|문제\s*해설|해설|Explanations?|Rationale|Explications?|Explicación|Comentário|COMENTÁRIO"
    r"|Erklärung|Begründung|Spiegazione|Пояснение|Комментарий|Objašnjenje"
)
_EXPLANATION = re.compile(
    rf"^[【\[(（<]?\s*(?:{_EXPLANATION_WORDS})\s*(?:[(（][^)）]{{0,20}}[)）])?\s*[】\])）>]?\s*[:：]?\s*", re.I
)


# the learner's own answer on a reviewed attempt, not the key: "Your answer: B", "我的答案：A"
_NOT_THE_KEY = re.compile(r"(?:your|my|you|student'?s?|learner'?s?|我的|你的|您的|考生|学生|用户)\s*$", re.I)


_LOWER_WORD = re.compile(r"[a-z]{2,}")
_SEPARATED = re.compile(r"[:：=]")


def learner_marker(text: str) -> bool:
    """A line that opens with the learner's own answer on a reviewed attempt (`我的答案：`, `Your answer:`,
    `Ваш ответ:`; the words in bot/banks/conventions/learner.py)."""
    return learner_label(text) is not None


@_short_cached
def key_marker(text: str) -> tuple[str, str] | None:
    """(text before, the key after) for `答案：B`, `réponse: Y`, `【解答】正解:ア`, `Ответ: 2`, `… Answer: C`,
    `… (Answer: B)`; `("", "")` for the word alone (the key is on the next line)."""
    if _KEY_WORD_ALONE.match(text):
        return "", ""
    if text[-1:] in ")）]】.。" and (m := _KEY_ENCLOSED.search(text)) and not _NOT_THE_KEY.search(text[: m.start()]):
        return text[: m.start()].strip(), m.group("key").strip()
    learned = learner_label(text)
    for m in _KEY_MARKER.finditer(text):
        before, after = text[: m.start()].strip(), text[m.end() :].strip()
        if (before and len(before) > 3 and not after) or _NOT_THE_KEY.search(before):
            continue
        if learned is not None and m.start() < learned.end():
            continue  # "Ваш ответ: 1", "Twoja odpowiedź: B": the word for answer in the learner's label
        if before and _LOWER_WORD.fullmatch(after) and not _SEPARATED.search(m.group(0)):
            continue  # "… HCl solution is": a key word inside a sentence, a word after it, no key
        return before, after
    return None


@_short_cached
def explanation_marker(text: str) -> str | None:
    """The text after an explanation's label (`解析：…`, `Rationale: …`, `COMENTÁRIO (ERRADO): …`)."""
    m = _EXPLANATION.match(text)
    return text[m.end() :].strip() if m and (m.end() < len(text) or m.group(0).strip()) else None


_ANSWER_HEADING_WORDS = re.compile(
    r"答案|答\s*案|正答|解答|正解|정답|標準答案|Answer\s*Keys?|Answers|Key\b|Solutions?|Respuestas|Soluciones|Plantilla"
    r"|Gabarito|Respostas|Corrigé|Réponses|Lösungen|Soluzioni|Ответы|Ключ|Đáp án|Kunci Jawaban|Cevap Anahtarı"
    r"|Odpowiedzi|Klucz odpowiedzi|Risposte|Antworten|Відповіді|Cevaplar|Jawaban|الإجابات|مفتاح الإجابة",
    re.I,
)


@_short_cached
def answer_heading(text: str) -> bool:
    """A line that may head an answer part: short, naming answers, asking nothing (`参考答案`, `ANSWER KEY FOR
    CHAPTER REVIEW QUESTIONS`, `PLANTILLA DE RESPUESTAS`, `КЛЮЧИ К ТЕСТУ`, `測驗式試題標準答案`)."""
    plain = text.strip().strip("#*<>【】[]（）() ").strip()
    return (
        0 < len(plain) <= 60
        and bool(_ANSWER_HEADING_WORDS.search(plain))
        and not re.search(r"[?？]", plain)
        and number_head(plain) is None
    )
