"""The learner's own answer on a reviewed attempt (a results page, a graded response), in the languages the
importer reads: `我的答案：A`, `Your answer: B`, `Ваш ответ: 1`, `Votre réponse : c`, `Cevabınız: D`.

What such a line names is what someone chose, right or wrong, never the key: the readers pass it over and take
the key from the line that states it (`正确答案：B`, `Правильный ответ: 2`), and leave a question out when the
page shows only the learner's answer.
"""

from __future__ import annotations

import re

__all__ = ["LEARNER_WORDS", "learner_label"]

# one alternative per wording; longer wordings before the shorter ones they begin with
LEARNER_WORDS = (
    r"我的答案|你的答案|您的答案|考生答案|学生答案|用户答案|我的作答|你的作答|您的作答|我的选择|你的选择|您的选择|作答"
    r"|Your answers?|My answers?|Your responses?|Your choices?|You answered|Student'?s? answers?"
    r"|Learner'?s? answers?|Submitted answers?|Selected answers?"
    r"|Votre réponse|Ta réponse|Vos réponses|Réponse de l'élève|Réponse donnée|Votre choix"
    r"|Tu respuesta|Su respuesta|Respuesta del alumno|Respuesta seleccionada|Tu elección"
    r"|Sua resposta|Tua resposta|Resposta do aluno|Resposta selecionada|Sua escolha"
    r"|La tua risposta|Tua risposta|La sua risposta|Risposta data|Risposta selezionata"
    r"|Ihre Antwort|Deine Antwort|Ihre Auswahl|Deine Auswahl|Gegebene Antwort"
    r"|Ваш ответ|Твой ответ|Ответ ученика|Ответ учащегося|Ваш выбор|Вы ответили|Выбранный ответ"
    r"|Ваша відповідь|Твоя відповідь"
    r"|Twoja odpowiedź|Twoje odpowiedzi|Odpowiedź ucznia|Twój wybór|Wybrana odpowiedź"
    r"|Cevabınız|Senin cevabın|Yanıtınız|Verdiğiniz cevap"
    r"|Câu trả lời của bạn|Đáp án của bạn|Bạn đã chọn|Bạn chọn"
    r"|Jawaban Anda|Jawabanmu|Jawaban kamu"
    r"|إجابتك|اجابتك|إجابة الطالب|إجابتي"
    r"|あなたの解答|あなたの答え|あなたの回答|選択した解答"
    r"|내 답안|내 답|나의 답|선택한 답|제출한 답"
)

_LABEL = re.compile(rf"^[【\[(（]?\s*(?:{LEARNER_WORDS})\s*[】\])）]?\s*[:：]?", re.I)


def learner_label(text: str) -> re.Match[str] | None:
    """The learner's-answer label the line opens with (`Ваш ответ:`), or None."""
    return _LABEL.match(text.lstrip())
