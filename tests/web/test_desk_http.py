"""The desk over plain HTTP (an aiohttp client against the pages as `studybot run` serves them): the
guard on every route, the cookie, the links, drafts across a restart and edits on a stale revision,
uploads on the page, and live banks edited on /fixkey's path."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest
from desk_kit import ADMIN, LEARNER, MISREAD, DeskEnv, Teacher, desk_settings, running
from fakebot import FakeBotServer

from bot.web.server import desk_app


async def upload(teacher: Teacher, text: str = MISREAD, name: str = "law.txt") -> tuple[int, str, str]:
    form = aiohttp.FormData()
    form.add_field("csrf", teacher.csrf)
    form.add_field("document", text.encode(), filename=name)
    async with teacher.http.post(teacher.desk.base + "/upload", data=form) as response:
        return response.status, await response.text(), str(response.url.path)


# ----- the guard -----------------------------------------------------------------------------------------


def post_routes() -> list[str]:
    return [
        "/upload",
        "/drafts/1/questions/single-1",
        "/drafts/1/questions/single-1/remove",
        "/drafts/1/passages/6",
        "/drafts/1/publish",
        "/drafts/1/cancel",
        "/banks/{bank}/questions/single-1",
        "/banks/{bank}/questions/single-1/delete",
        "/banks/{bank}/delete",
        "/answers/{bank}/single-1/dismiss",
        "/disputes/1/accept",
        "/disputes/1/reject",
        "/signout",
    ]


def test_every_form_route_of_the_app_is_checked_here() -> None:
    """The list above is every POST route the desk has, but the sign-in ones (they carry their own proof)."""
    app = desk_app(None)  # type: ignore[arg-type]
    values = {"{upload}": "1", "{qid}": "single-1", "{line}": "6", "{chat}": "1", "{dispute}": "1"}
    posted = set()
    for route in app.router.routes():
        if route.method == "POST":
            path = route.resource.canonical if route.resource else ""
            for name, value in values.items():
                path = path.replace(name, value)
            posted.add(path)
    assert posted - {"/signin", "/auth/telegram"} == set(post_routes())


async def test_every_form_without_its_csrf_token_is_refused(desk: DeskEnv, teacher: Teacher) -> None:
    await teacher.sign_in()
    await upload(teacher)
    bank = sorted(desk.bot.engine.banks)[0]
    before = {b: len(q.questions) for b, q in desk.bot.engine.banks.items()}
    for path in post_routes():
        path = path.replace("{bank}", bank)
        for csrf in (False, True):
            if csrf:  # a token, but another session's
                teacher.csrf, real = "x" * 32, teacher.csrf
            status, text, _ = await teacher.post(path, csrf=csrf, kind="single", stem="x", key="A", revision="0")
            if csrf:
                teacher.csrf = real
            assert status == 403 and "CSRF" in text, path
    assert {b: len(q.questions) for b, q in desk.bot.engine.banks.items()} == before
    assert len(await desk.bot.app.bot_data.desk.drafts(ADMIN)) == 1  # type: ignore[union-attr]
    assert (await teacher.get("/"))[0] == 200  # and the session is still open


async def test_without_a_session_a_page_asks_to_sign_in_and_a_form_goes_nowhere(
    desk: DeskEnv, teacher: Teacher
) -> None:
    status, text = await teacher.get("/banks")
    assert status == 200 and 'id="signin"' in text and "telegram-web-app.js" in text
    status, text, _ = await teacher.post("/banks/x/delete", csrf=False)
    assert status == 401
    response = await teacher.sign_in(LEARNER)
    assert response.status == 403 and "管理员" in (await response.json())["error"]


async def test_the_session_cookie(desk: DeskEnv, teacher: Teacher) -> None:
    response = await teacher.sign_in()
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Max-Age=43200" in cookie
    assert "Secure" not in cookie  # served on plain http here
    assert response.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_the_cookie_is_secure_behind_https(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fake: FakeBotServer
) -> None:
    env = desk_settings(monkeypatch, tmp_path, fake, web_url="https://desk.example.org")
    async with running(env), aiohttp.ClientSession() as http:
        response = await http.post(env.base + "/auth/telegram", data={"init_data": env.init_data(ADMIN)})
        assert response.status == 200 and "Secure" in response.headers["Set-Cookie"]


async def test_links_forged_expired_reused_or_a_learners_are_refused(desk: DeskEnv, teacher: Teacher) -> None:
    link = await desk.link()
    token = link.split("t=")[1]
    forged = token[:-4] + ("0000" if not token.endswith("0000") else "1111")
    assert (await teacher.post("/signin", csrf=False, t=forged))[0] == 403
    assert (await teacher.post("/signin", csrf=False, t=token))[2] == "/"  # signed in
    assert (await teacher.get(link))[0] == 403  # the page says it is used up
    assert (await teacher.post("/signin", csrf=False, t=token))[0] == 403
    old = await desk.link()
    desk.bot.clock.advance(minutes=11)
    assert (await teacher.get(old))[0] == 403
    learner = await desk.link(LEARNER)
    desk.bot.clock.advance(minutes=-11)
    assert (await teacher.post("/signin", csrf=False, t=learner.split("t=")[1]))[0] == 403


async def test_a_session_ends_when_its_admin_leaves_the_admin_list(
    desk_env: DeskEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.config import Settings

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        teacher = Teacher(desk_env, http)
        async with running(desk_env):
            await teacher.sign_in()
            assert (await teacher.get("/banks"))[0] == 200
        monkeypatch.setenv("STUDYBOT_ADMINS", "1")
        desk_env.bot.settings = Settings()
        async with running(desk_env):  # the session is in the database, the admin list is read anew
            status, text = await teacher.get("/banks")
    assert status == 403 and "管理员" in text


# ----- drafts --------------------------------------------------------------------------------------------


async def test_a_draft_survives_a_restart_and_a_stale_edit_is_refused(desk_env: DeskEnv) -> None:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        teacher = Teacher(desk_env, http)
        async with running(desk_env):
            await teacher.sign_in()
            status, _, path = await upload(teacher)
            assert path == "/drafts/1"
            fields = {
                "kind": "single",
                "stem": "宪法规定的公民基本义务包括（ ）。",
                "options": "A. 依法纳税\nB. 自由迁徙",
            }
            status, _, where = await teacher.post("/drafts/1/questions/single-3", revision="0", key="A", **fields)
            assert where == "/drafts/1?saved=single-3"
        async with running(desk_env):
            status, text = await teacher.get("/drafts/1")
            assert status == 200
            assert re.search(r'<li class="key"><b>A\.</b> 依法纳税', text)  # the edit is there
            status, text, _ = await teacher.post("/drafts/1/questions/single-3", revision="0", key="B", **fields)
            assert status == 409 and "别处被修改" in text  # made on revision 0, the draft is at 1
            status, text, _ = await teacher.post("/drafts/1/questions/single-3", revision="1", key="D", **fields)
            assert status == 422 and "没有选项 D" in text
            assert "law" not in desk_env.bot.engine.banks


async def test_a_malformed_upload_on_the_page_says_what_is_wrong(desk: DeskEnv, teacher: Teacher) -> None:
    await teacher.sign_in()
    status, text, _ = await upload(teacher, "just some words\nand no question at all\n", "notes.txt")
    assert status == 400 and "notes.txt" in text
    status, text, _ = await upload(teacher, "x", "old.doc")
    assert status == 400 and ".docx" in text


# ----- live banks ----------------------------------------------------------------------------------------


async def test_a_live_edit_resolves_reports_and_grades_later_answers_by_the_new_key(
    desk: DeskEnv, teacher: Teacher
) -> None:
    fake, engine = desk.fake, desk.bot.engine
    bank = engine.banks[sorted(engine.banks)[0]]
    question = next(q for q in bank.questions if q.kind.value == "single")
    learner = fake.user(LEARNER, "李雷")
    learner.command(f"/banks {bank.id}")
    await fake.next_message(LEARNER)
    learner.command("/quiz 单选")
    shown = await fake.next_message(LEARNER)
    asked = await engine.latest_open_asked(LEARNER, LEARNER)
    question = asked.question
    learner.command("/report 我觉得答案错了")
    await fake.next_message(LEARNER)
    wrong = next(letter for letter in question.options if letter != question.letters)

    await teacher.sign_in()
    await teacher.get(f"/banks/{bank.id}")
    options = "\n".join(f"{k}. {v}" for k, v in question.options.items())
    status, text, where = await teacher.post(
        f"/banks/{bank.id}/questions/{question.id}", kind="single", stem=question.prompt, options=options, key=wrong
    )
    assert status == 200 and "1 条报错已处理" in text and where.startswith(f"/banks/{bank.id}?saved=")
    assert engine.banks[bank.id].question(question.id).letters == wrong
    assert await engine.flagged_reports() == []
    assert f'"answer": "{wrong}"' in (desk.bot.banks / f"{bank.id}.json").read_text()  # written to its file

    learner.send_text(wrong)  # the question asked before the fix: graded by the new key
    assert "\n\n✅" in (await fake.edited(shown)).text


async def test_export_delete_a_question_and_a_bank(desk: DeskEnv, teacher: Teacher) -> None:
    engine = desk.bot.engine
    bank = engine.banks[sorted(engine.banks)[0]]
    await teacher.sign_in()
    for form, magic in (("text", bank.title.encode()), ("xlsx", b"PK"), ("csv", b"\xef\xbb\xbf")):
        async with teacher.http.get(f"{desk.base}/banks/{bank.id}/export?format={form}") as response:
            assert response.status == 200 and magic in (await response.read())[:200]
            assert f'filename="{bank.id}.' in response.headers["Content-Disposition"]
    first = bank.questions[0].id
    status, text = await teacher.get(f"/banks/{bank.id}/questions/{first}/delete")
    assert status == 200 and "确认删除" in text and engine.banks[bank.id].question(first) is not None
    status, text, _ = await teacher.post(f"/banks/{bank.id}/questions/{first}/delete")
    assert status == 200 and engine.banks[bank.id].question(first) is None
    status, text, _ = await teacher.post(f"/banks/{bank.id}/delete")
    assert status == 200 and bank.id not in engine.banks
    assert not (desk.bot.banks / f"{bank.id}.json").exists()


async def test_a_full_disk_changes_nothing_and_the_draft_waits(
    desk: DeskEnv, teacher: Teacher, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    import bot.files as files

    def full(fd: int) -> None:  # the new file is written but cannot reach the disk
        raise OSError(errno.ENOSPC, "No space left on device")

    await teacher.sign_in()
    await upload(teacher)
    bank = desk.bot.engine.banks[sorted(desk.bot.engine.banks)[0]]
    before = sorted(p.read_bytes() for p in desk.bot.banks.iterdir())
    monkeypatch.setattr(files.os, "fsync", full)
    status, text, _ = await teacher.post("/drafts/1/publish")
    assert status == 500 and "无法写入题库 law" in text and "No space left on device" in text
    q = bank.questions[0]
    options = "\n".join(f"{k}. {v}" for k, v in q.options.items())
    status, text, _ = await teacher.post(
        f"/banks/{bank.id}/questions/{q.id}", kind=q.kind.value, stem=q.prompt + "？", options=options, key=q.letters
    )
    assert status == 422 and "题目没有改变" in text
    assert sorted(p.read_bytes() for p in desk.bot.banks.iterdir()) == before
    monkeypatch.undo()
    status, text, _ = await teacher.post("/drafts/1/publish")  # the draft waited: published now
    assert status == 200 and "law" in desk.bot.engine.banks


async def test_a_bank_longer_than_a_page_says_that_a_search_finds_the_rest(desk_env: DeskEnv, teacher: Teacher) -> None:
    from bot.banks.model import Bank, Kind, Question, save_bank

    long = [
        Question(id=f"tf-{i}", kind=Kind.true_false, number=i, prompt=f"第 {i} 条判断：{i} 是偶数。", answer=i % 2 == 0)
        for i in range(1, 206)
    ]
    save_bank(Bank(id="evens", title="偶数", source="evens.txt", questions=long), desk_env.bot.banks)
    async with running(desk_env):
        await teacher.sign_in()
        status, page = await teacher.get("/banks/evens")
        assert status == 200 and page.count('<article class="card"') == 200
        assert "这里只显示前 200 题（共 205 题）：用搜索找到其他题目。" in page
        assert '<a href="/banks" aria-current="page">' in page  # the section the page is in
        status, page = await teacher.get("/banks/evens?q=205")
        assert '<article class="card" id="q-tf-205">' in page and "只显示前" not in page
