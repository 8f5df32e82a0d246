"""What learners answered, on the desk over plain HTTP: each question's attempts, % right and most common
replies not right; "my answer should count" disputes grouped by reply, decided with [接受]/[不接受] by the
engine the chat uses (the bank file, the regrade, the learners told once in Telegram); the decisions that
cannot be made, and why; a form without its token and a non-admin's session refused."""

from __future__ import annotations

import errno
import html
import json
import re

import aiohttp
import pytest
from desk_kit import ADMIN, LEARNER, POET, TOLD, DeskEnv, Teacher, answer_fill, dispute

from bot.banks.model import Kind, Question
from bot.study.answer_stats import ReplyCount
from bot.web.answers import reply_shown


def text_of(page: str) -> str:
    """The page's words without its tags (entities decoded), spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def decision_forms(page: str) -> dict[str, list[str]]:
    """accept/reject -> the form actions on the page, in page order."""
    found: dict[str, list[str]] = {"accept": [], "reject": []}
    for action, verb in re.findall(r'action="(/disputes/\d+/(accept|reject))"', page):
        found[verb].append(action)
    return found


def alternates(desk: DeskEnv, bank: str, qid: str) -> list[str]:
    data = json.loads((desk.bot.banks / f"{bank}.json").read_text(encoding="utf-8"))
    return next(q for q in data["questions"] if q["id"] == qid)["alternates"]


async def told(desk: DeskEnv, learner: int, words: str) -> int:
    """How many messages the learner got with `words`, once every notice the decisions made was sent."""
    await desk.bot.settle()
    await desk.bot.app.bot_data.dispute_notices.flush()  # type: ignore[union-attr]
    return sum(1 for m in desk.fake.sent_to(learner) if m.text and words in m.text)


async def test_each_question_with_its_figures_and_its_most_common_replies_not_right(
    lit_desk: DeskEnv, teacher: Teacher
) -> None:
    fake = lit_desk.fake
    li, han, amy = fake.user(LEARNER, "李雷"), fake.user(8002, "韩梅梅"), fake.user(8003, "Amy")
    assert (await answer_fill(lit_desk, li, "曹霑")).text.startswith("❌")
    assert (await answer_fill(lit_desk, han, "曹雪芹")).text.startswith("✅")
    for user, reply in ((li, "b"), (han, "B."), (amy, "我选C")):
        user.command("/quiz single lit")
        question = await fake.next_message(user.id)
        user.send_text(reply)
        await fake.edited(question)

    await teacher.sign_in()
    status, page = await teacher.get("/answers")
    assert status == 200
    words = text_of(page)
    assert "古典文学常识 2 题有作答 · 5 次作答 · 20% 答对" in words
    assert "唐宋八大家 还没有作答" in words
    assert 'href="/answers/lit"' in page

    status, page = await teacher.get("/answers/lit")
    assert status == 200
    words = text_of(page)
    # The most missed first: the poet (3 not right) before the author (1).
    assert words.index("第 2 题") < words.index("第 1 题")
    assert "0% 答对 · 3 次作答 · 3 位学习者" in words
    assert "「B. 李清照」 × 2" in words and "「C. 辛弃疾」 × 1" in words  # `b` and `B.` are one reply
    assert "50% 答对 · 2 次作答 · 2 位学习者" in words and "「曹霑」 × 1" in words
    assert 'href="/banks/lit?q=f1&amp;edit=f1#q-f1"' in page  # [修改这道题] opens its form
    _, by_number = await teacher.get("/answers/lit?sort=number")
    assert text_of(by_number).index("第 1 题") < text_of(by_number).index("第 2 题")
    status, edit = await teacher.get("/banks/lit?q=f1&edit=f1")
    opened = r'<details class="edit" open>\s*<summary>编辑</summary>\s*<form method="post" action="([^"]+)"'
    assert re.findall(opened, edit) == ["/banks/lit/questions/f1"]
    assert (await teacher.get("/answers/nosuchbank"))[0] == 404


def test_a_choice_reply_is_shown_as_its_option_and_a_judgement_in_the_pages_words() -> None:
    assert reply_shown(POET, ReplyCount("我选 b", "B", 3, 2, 0)) == "B. 李清照"
    assert reply_shown(POET, ReplyCount("不知道", "不知道", 1, 1, 0)) == "不知道"  # not read as a letter
    judged = Question(id="t1", kind=Kind.true_false, number=3, prompt="苏轼是宋代人。", answer=True)
    assert reply_shown(judged, ReplyCount("×", "错误", 1, 1, 0), ("true", "false")) == "false"


async def test_a_dispute_accepted_and_one_declined_on_the_page(lit_desk: DeskEnv, teacher: Teacher) -> None:
    fake, engine = lit_desk.fake, lit_desk.bot.engine
    li, han, amy = fake.user(LEARNER, "李雷"), fake.user(8002, "韩梅梅"), fake.user(8003, "Amy")
    for user, reply in ((li, "曹霑"), (han, "曹霑。"), (amy, "高鹗")):
        verdict = await answer_fill(lit_desk, user, reply)
        assert verdict.text.startswith("❌"), verdict.text
        await dispute(lit_desk, user, verdict)

    await teacher.sign_in()
    status, page = await teacher.get("/answers")
    words = text_of(page)
    assert "申诉 (3)" in words  # the jump to them, with how many wait
    assert "古典文学常识 · 第 1 题 · f1 · 3 条申诉" in words and "答案 曹雪芹" in words
    assert words.index("「曹霑」 × 2") < words.index("「高鹗」 × 1")  # the two spellings are one reply
    forms = decision_forms(page)
    assert len(forms["accept"]) == len(forms["reject"]) == 2
    accept_cao, accept_gao = forms["accept"]
    reject_gao = forms["reject"][1]

    # Without the form's token nothing is decided.
    status, text, _ = await teacher.post(accept_cao, csrf=False)
    assert status == 403 and "CSRF" in text
    assert [r.count for r in (await lit_desk.bot.app.bot_data.disputes.open_disputes())[0].replies] == [2, 1]  # type: ignore[union-attr]

    status, text, _ = await teacher.post(accept_cao, back="")
    words = text_of(text)
    assert status == 200
    assert (
        "已接受「曹霑」作为 lit f1 的答案（已写入题库）：重新判分 2 次作答，通知 2 位学习者。当前答案：曹雪芹 或 曹霑"
        in words
    )
    assert "「曹霑」 × 2" not in words and "「高鹗」 × 1" in words  # decided: gone from the list
    assert alternates(lit_desk, "lit", "f1") == ["曹霑"]
    assert (await engine.stats(li.id)).total.correct == 1 and (await engine.stats(han.id)).total.correct == 1
    assert await told(lit_desk, li.id, TOLD) == 1 and await told(lit_desk, han.id, TOLD) == 1

    # The same button again (a second tab, a reload) decides nothing and tells nobody again.
    status, text, _ = await teacher.post(accept_cao)
    assert status == 200 and "这个回答已经处理过了：已接受。" in text_of(text)
    assert await told(lit_desk, li.id, TOLD) == 1

    # Declined from the bank's page: that page comes back, and the learner is told the key.
    status, text, _ = await teacher.post(reject_gao, back="lit")
    words = text_of(text)
    assert status == 200 and "作答情况 · 古典文学常识" in words
    assert "已不接受「高鹗」（lit f1）：通知 1 位学习者。" in words
    assert await told(lit_desk, amy.id, "没有被认可。答案：曹雪芹 或 曹霑") == 1
    assert (await engine.stats(amy.id)).total.correct == 0
    assert "没有待处理的申诉" in text_of((await teacher.get("/answers"))[1])

    status, text, _ = await teacher.post("/disputes/999/accept")
    assert status == 404 and "找不到这条申诉。" in text_of(text)
    status, text, _ = await teacher.post(accept_gao)  # declined above: its [接受] is spent too
    assert status == 200 and "这个回答已经处理过了：没有接受。" in text_of(text)


async def test_decisions_that_cannot_be_made_say_why_and_change_nothing(
    lit_desk: DeskEnv, teacher: Teacher, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.files as files

    fake = lit_desk.fake
    li, han = fake.user(LEARNER, "李雷"), fake.user(8002, "韩梅梅")
    verdict = await answer_fill(lit_desk, li, "韩愈", bank="masters")  # one name for two blanks
    assert not verdict.text.startswith("✅"), verdict.text
    await dispute(lit_desk, li, verdict)
    await dispute(lit_desk, han, await answer_fill(lit_desk, han, "曹霑"))
    await teacher.sign_in()
    _, page = await teacher.get("/answers")
    masters = re.search(r"唐宋八大家 · 第 1 题.*?action=\"(/disputes/\d+/accept)\"", page, re.S)
    lit = re.search(r"古典文学常识 · 第 1 题.*?action=\"(/disputes/\d+/accept)\"", page, re.S)
    assert masters and lit

    status, text, _ = await teacher.post(masters.group(1))
    assert status == 422
    unfit = "无法把「韩愈」加入 masters f1 的答案（例如有空没有填）。可以修改这道题的答案，或选择不接受。"
    assert unfit in text_of(text)

    before = (lit_desk.bot.banks / "lit.json").read_bytes()

    def full(fd: int) -> None:  # the new bank file is written but cannot reach the disk
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    status, text, _ = await teacher.post(lit.group(1))
    monkeypatch.undo()
    assert status == 500 and "无法写入题库 lit：" in text_of(text) and "No space left on device" in text
    assert (lit_desk.bot.banks / "lit.json").read_bytes() == before
    assert (await lit_desk.bot.engine.stats(han.id)).total.correct == 0

    # The question leaves its bank: the reply cannot be accepted any more, only declined.
    await teacher.get("/banks/lit/questions/f1/delete")
    assert (await teacher.post("/banks/lit/questions/f1/delete"))[0] == 200
    status, text, _ = await teacher.post(lit.group(1))
    assert status == 409 and "这道题已不在题库中，无法接受；可以选择不接受。" in text_of(text)
    open_now = await lit_desk.bot.app.bot_data.disputes.open_disputes()  # type: ignore[union-attr]
    assert sorted(q.bank_id for q in open_now) == ["lit", "masters"]  # nothing was decided
    _, page = await teacher.get("/answers")
    assert "古典文学常识 · f1 · 1 条申诉 （这道题已不在题库中）" in text_of(page)  # and no [接受]
    assert len(decision_forms(page)["accept"]) == 1 and len(decision_forms(page)["reject"]) == 2
    status, text, _ = await teacher.post(lit.group(1).replace("accept", "reject"))
    assert status == 200 and "已不接受「曹霑」" in text_of(text)


async def test_a_session_of_someone_not_an_admin_decides_nothing(lit_desk: DeskEnv) -> None:
    fake = lit_desk.fake
    li = fake.user(LEARNER, "李雷")
    await dispute(lit_desk, li, await answer_fill(lit_desk, li, "曹霑"))
    [disputed] = await lit_desk.bot.app.bot_data.disputes.open_disputes()  # type: ignore[union-attr]
    dispute_id = disputed.replies[0].dispute_id
    # A session as an admin once had it (they left STUDYBOT_ADMINS since): the cookie and its token are good.
    opened = await lit_desk.bot.app.bot_data.desk_access.open_session(LEARNER, "link")  # type: ignore[union-attr]
    assert LEARNER != ADMIN
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar, cookies={"studybot_desk": opened.cookie}) as http:
        for verb in ("accept", "reject"):
            data = {"csrf": opened.session.csrf, "back": ""}
            async with http.post(f"{lit_desk.base}/disputes/{dispute_id}/{verb}", data=data) as response:
                assert response.status == 403 and "只有机器人的管理员" in await response.text()
        async with http.get(f"{lit_desk.base}/answers") as response:
            assert response.status == 403
    assert await lit_desk.bot.app.bot_data.disputes.open_disputes() == [disputed]  # type: ignore[union-attr]
    assert alternates(lit_desk, "lit", "f1") == []


async def test_a_teacher_whose_telegram_speaks_japanese_gets_the_pages_and_the_decision_in_japanese(
    lit_desk: DeskEnv, teacher: Teacher
) -> None:
    li = lit_desk.fake.user(LEARNER, "李雷")
    await dispute(lit_desk, li, await answer_fill(lit_desk, li, "曹霑"))
    await teacher.sign_in(language="ja")
    status, page = await teacher.get("/answers")
    assert status == 200 and '<html lang="ja">' in page
    words = text_of(page)
    assert "学習者の解答" in words and "申し立て (1)" in words
    assert "古典文学常识 · 第 1 問 · f1 · 申し立て 1 件" in words
    [accept] = decision_forms(page)["accept"]
    status, text, _ = await teacher.post(accept)
    assert status == 200
    assert (
        "「曹霑」を lit f1 の答えとして認めました（問題集に書き込みました）：1 件の解答を再採点、1 人の学習者に通知。"
        in text_of(text)
    )
