"""The teacher's desk in a real Chromium (Debian's, driven by Playwright), against the bot as `studybot run`
builds it: signing in by /panel's one-time link and by a Mini App's signed initData, the refusals
(a learner's, a stranger's, a forged and an expired initData, a reused link, a form without its CSRF
token), and a teacher's whole review: a document with misread parts uploaded in the chat, a key fixed,
a left-out passage added as a question, [发布], and a learner's /quiz in the fake Bot API served the
corrected questions; a learner's "my answer should count" accepted on the answers page, the learner's
attempts regraded (score, /top) and the learner told once in Telegram. Each page is photographed at
phone width (STUDYBOT_SCREENSHOTS=docs/desk keeps them; otherwise they go to the test's folder).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from desk_kit import (
    ADMIN,
    DISPUTE_BUTTON,
    LEARNER,
    MISREAD,
    STRANGER,
    TOLD,
    DeskEnv,
    answer_fill,
    dispute,
    sign_init_data,
    user_of,
)

from bot.telegram.callbacks import CallbackCodec
from bot.web.pages import TELEGRAM_JS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
THEME = {  # a dark Telegram theme: the pages must take its colours
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "link_color": "#6ab3f3",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#232e3c",
}


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    wanted = os.environ.get("STUDYBOT_SCREENSHOTS")  # relative to the repository (the bot runs in tmp_path)
    folder = Path(__file__).resolve().parents[2] / wanted if wanted else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def telegram_client(init_data: str) -> str:
    """What Telegram's script does for a page it opens, played in the browser: window.Telegram.WebApp with
    the signed initData, and the theme's colours as --tg-theme-* variables."""
    setup = (
        "window.Telegram={WebApp:{initData:INIT,themeParams:THEME,ready:function(){},expand:function(){}}};"
        "for (var k in THEME){document.documentElement.style.setProperty('--tg-theme-'+k.replace(/_/g,'-'),THEME[k]);}"
    )
    return "(function(){var INIT=" + json.dumps(init_data) + ";var THEME=" + json.dumps(THEME) + ";" + setup + "})();"


async def in_telegram(browser: Any, init_data: str) -> Any:
    """A page as the Mini App's web view shows it (phone width, Telegram's script answering)."""

    async def script(route: Any) -> None:
        await route.fulfill(body=telegram_client(init_data), content_type="application/javascript")

    page = await browser.new_page()
    await page.set_viewport_size(PHONE)
    await page.route(TELEGRAM_JS, script)
    return page


async def phone_page(browser: Any) -> Any:
    page = await browser.new_page()
    await page.set_viewport_size(PHONE)
    await page.route(TELEGRAM_JS, lambda route: route.abort())  # never the real Telegram from a test
    return page


async def shoot(page: Any, path: Path) -> None:
    """The page at phone width, at most three screens of it (a bank of 300 questions is longer)."""
    height = await page.evaluate("document.documentElement.scrollHeight")
    clip = {"x": 0, "y": 0, "width": PHONE["width"], "height": min(height, 3 * PHONE["height"])}
    await page.screenshot(path=path, full_page=True, clip=clip)


async def signed_in(desk: DeskEnv, browser: Any) -> Any:
    page = await in_telegram(browser, desk.init_data(ADMIN))
    await page.goto(desk.base + "/")
    await page.wait_for_selector("text=导入审核")
    return page


# ----- signing in ---------------------------------------------------------------------------------------


async def test_a_teacher_signs_in_by_panel_link_once(desk: DeskEnv, browser: Any, shots: Path) -> None:
    admin = desk.fake.user(ADMIN, "王老师")
    admin.command("/panel")
    message = await desk.fake.next_message(ADMIN)
    assert message.params.get("link_preview_options", {}).get("is_disabled") is True
    link = re.search(r"(/signin\?t=\S+)", message.text or "")
    assert link is not None, message.text
    page = await phone_page(browser)
    await page.goto(desk.base + link.group(1))
    await page.screenshot(path=shots / "signin.png", full_page=True)
    await page.click("button:has-text('登录')")
    await page.wait_for_selector("h1:has-text('导入审核')")
    cookie = next(c for c in await browser.cookies() if c["name"] == "studybot_desk")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["expires"] > 0
    await page.screenshot(path=shots / "home.png", full_page=True)

    again = await (await phone_page(browser)).goto(desk.base + link.group(1))
    assert again is not None and again.status == 403
    assert "已用过" in await again.text()


async def test_a_teacher_signs_in_from_telegram_and_gets_its_colours(desk: DeskEnv, browser: Any) -> None:
    page = await signed_in(desk, browser)
    background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(23, 33, 43)"  # the theme's bg_color
    nav = await page.evaluate("getComputedStyle(document.querySelector('.top nav a')).height")
    assert float(nav.removesuffix("px")) >= 44  # touch targets
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing wider than the phone


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("learner", "只有机器人的管理员"),
        ("stranger", "只有机器人的管理员"),
        ("forged", "签名不对"),
        ("expired", "已过期"),
    ],
)
async def test_init_data_that_is_not_an_admins_fresh_one_is_refused(
    desk: DeskEnv, browser: Any, shots: Path, who: str, expected: str
) -> None:
    desk.fake.user(LEARNER, "李雷").command("/start")  # a learner the bot knows
    await desk.bot.settle()
    init_data = {
        "learner": desk.init_data(LEARNER),
        "stranger": desk.init_data(STRANGER),
        "forged": sign_init_data("123:another-bots-token", user_of(ADMIN), desk.now()),
        "expired": desk.init_data(ADMIN, age=2 * 3600),
    }[who]
    page = await in_telegram(browser, init_data)
    await page.goto(desk.base + "/banks")
    error = page.locator("#signin-error")
    await error.wait_for()
    assert expected in await error.inner_text()
    if who == "learner":
        await page.screenshot(path=shots / "refused.png", full_page=True)
    assert not [c for c in await browser.cookies() if c["name"] == "studybot_desk"]
    response = await page.goto(desk.base + "/banks")  # and no page opens for them
    assert response is not None and "导入审核" not in await response.text()


async def test_a_form_without_its_csrf_token_is_refused(desk: DeskEnv, browser: Any) -> None:
    page = await signed_in(desk, browser)
    bank = sorted(desk.bot.engine.banks)[0]
    await page.goto(f"{desk.base}/banks/{bank}/delete")
    await page.evaluate("document.querySelector('input[name=csrf]').remove()")
    await page.click("button.danger")
    await page.wait_for_selector("text=CSRF")
    assert bank in desk.bot.engine.banks  # nothing was deleted


# ----- what learners answered: a dispute accepted ---------------------------------------------------------


async def test_a_dispute_accepted_on_the_page_regrades_the_learners_attempts(
    lit_desk: DeskEnv, browser: Any, shots: Path
) -> None:
    fake, engine = lit_desk.fake, lit_desk.bot.engine
    li, han = fake.user(LEARNER, "李雷"), fake.user(8002, "韩梅梅")
    group = fake.group(-100600, "文学社", admins=[han], members=[li])

    # In the group, Li answers 曹霑 (曹雪芹's given name), which the key lacks: 0 points.
    han.command("/quiz fill lit", group)
    question = await fake.next_message(group.id)
    lit_desk.bot.clock.advance(seconds=5)
    li.reply_to(question, "曹霑")
    han.reply_to(question, "曹雪芹")
    await lit_desk.bot.settle()
    han.command("/reveal", group)
    await fake.next_message(group.id)
    han.command("/top", group)
    assert "李雷 — 0 分（答对 0/1）" in ((await fake.next_message(group.id)).text or "")

    # In private the same reply is refused again, and Li presses [我的答案应该算对].
    verdict = await answer_fill(lit_desk, li, "曹霑")
    assert (verdict.text or "").startswith("❌") and DISPUTE_BUTTON in verdict.button_texts
    await dispute(lit_desk, li, verdict)
    assert (await engine.stats(li.id)).total.correct == 0  # nothing credited before a teacher decides

    page = await signed_in(lit_desk, browser)
    await page.click(".top nav >> text=作答情况")
    card = page.locator("article.dispute")
    await card.wait_for()
    assert "古典文学常识 · 第 1 题" in await card.inner_text()
    assert "「曹霑」 × 1" in await card.locator(".reply").inner_text()
    accept = card.locator("button.primary", has_text="接受")
    assert await accept.inner_text() == "接受"
    box = await accept.bounding_box()
    assert box is not None and box["height"] >= 44  # a thumb's target
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await shoot(page, shots / "disputes.png")

    await accept.click()
    notice = page.locator("#notice")
    await notice.wait_for()
    said = await notice.inner_text()
    assert "已接受「曹霑」作为 lit f1 的答案（已写入题库）：重新判分 2 次作答，通知 1 位学习者。" in said
    assert "当前答案：曹雪芹 或 曹霑" in said
    assert await page.locator("article.dispute").count() == 0
    await shoot(page, shots / "accepted.png")

    # Both of Li's attempts are right now: the score, and the group's board.
    assert (await engine.stats(li.id)).total.correct == 2
    han.command("/top", group)
    board = (await fake.next_message(group.id)).text or ""
    assert "李雷 — 10 分（答对 1/1）" in board and "韩梅梅 — 10 分（答对 1/1）" in board
    told = await fake.next_message(li.id, timeout=15)
    assert (told.text or "").startswith("✅ " + TOLD) and "「曹霑」" in (told.text or "")

    # The bank's page shows the question as answered right every time.
    await page.click("a[href='/answers/lit']")
    figures = page.locator("#q-f1 .figures")
    await figures.wait_for()
    assert "100% 答对 · 3 次作答 · 2 位学习者" in await figures.inner_text()
    await shoot(page, shots / "answers-bank.png")

    await lit_desk.bot.settle()
    await lit_desk.bot.app.bot_data.dispute_notices.flush()  # type: ignore[union-attr]
    assert sum(1 for m in fake.sent_to(li.id) if TOLD in (m.text or "")) == 1  # told once
    fake.assert_clean()


# ----- a teacher's review, end to end -------------------------------------------------------------------


async def test_review_fix_add_publish_and_a_learner_meets_the_corrected_questions(
    desk: DeskEnv, browser: Any, shots: Path
) -> None:
    fake = desk.fake
    admin = fake.user(ADMIN, "王老师")
    admin.send_document(MISREAD.encode(), "law.txt", "text/plain")
    preview = await fake.next_message(ADMIN, timeout=30)
    while not preview.buttons:
        preview = await fake.next_message(ADMIN, timeout=30)
    [draft] = await desk.bot.app.bot_data.desk.drafts(ADMIN)  # type: ignore[union-attr]
    assert "law" not in desk.bot.engine.banks  # nothing is live before [发布]

    page = await signed_in(desk, browser)
    await page.click(f"a[href='/drafts/{draft.id}']")
    await page.wait_for_selector("text=审核：law.txt")
    card = page.locator("#q-single-3")
    assert "3. 宪法规定的公民基本义务包括" in await card.locator(".source").inner_text()  # beside its lines
    assert "答案：B" in await card.locator(".source").inner_text()
    left = page.locator("#p-6")
    assert "没有答案" in await left.inner_text() and "民法典施行于哪一年" in await left.inner_text()
    await shoot(page, shots / "draft.png")

    # The key was misread (B): fix it to A.
    await card.locator("summary").click()
    await card.locator("input[name=key]").fill("A")
    await card.locator("button[name=save]").click()
    await page.wait_for_selector("#q-single-3 >> text=已保存")
    assert "A. 依法纳税 ✓" in (await page.locator("#q-single-3 .options li.key").inner_text()).replace("\n", " ")

    # A typed key that does not fit is refused, with what was typed kept.
    card = page.locator("#q-tf-4")
    await card.locator("summary").click()
    await card.locator("input[name=key]").fill("也许")
    await card.locator("button[name=save]").click()
    await page.wait_for_selector("#q-tf-4 .error")
    assert "对 或 错" in await page.locator("#q-tf-4 .error").inner_text()
    assert await page.locator("#q-tf-4 input[name=key]").input_value() == "也许"

    # The left-out question 2 becomes a question.
    left = page.locator("#p-6")
    await left.locator("summary").click()
    await left.locator("textarea[name=stem]").fill("民法典施行于哪一年？")
    await left.locator("textarea[name=options]").fill("A. 2019\nB. 2020\nC. 2021")
    await left.locator("input[name=key]").fill("C")
    await left.locator("button[name=save]").click()
    await page.wait_for_selector("#q-single-2 >> text=已加入为 single-2")
    assert await page.locator("#p-6").count() == 0
    assert "4 题 · 未导入 0 题" in await page.locator(".summary").inner_text()

    await page.click("#publish")
    await page.wait_for_selector("h1:has-text('已发布')")
    await page.screenshot(path=shots / "published.png", full_page=True)
    law = desk.bot.engine.banks["law"]
    assert [q.id for q in law.questions] == ["single-1", "single-2", "single-3", "tf-4"]
    admin.press(preview, 0)  # the chat's [导入 N 题] of the same upload is spent
    await desk.bot.settle()
    assert "law" in desk.bot.engine.banks

    learner = fake.user(LEARNER, "李雷")
    learner.command("/banks law")
    await fake.next_message(LEARNER)
    keys = {"民法典施行于哪一年": "C", "宪法规定的公民基本义务": "A", "根本大法": "A", "人人平等": "对"}
    seen = set()
    for _ in range(4):
        learner.command("/quiz")
        question = await fake.next_message(LEARNER)
        [stem] = [s for s in keys if s in (question.text or "")]
        seen.add(stem)
        learner.send_text(keys[stem])
        verdict = await fake.edited(question)  # written into the question's own message
        assert "\n\n✅" in (verdict.text or ""), (stem, verdict.text)
    assert seen == set(keys)


async def test_every_page_at_phone_width(desk: DeskEnv, browser: Any, shots: Path) -> None:
    """The other pages, photographed (and none of them carries the bot's token)."""
    fake = desk.fake
    teacher, amy, bob = fake.user(ADMIN, "王老师"), fake.user(8101, "小明"), fake.user(8102, "小红")
    group = fake.group(-100500, "初三(2)班", admins=[teacher], members=[amy, bob])
    teacher.command("/subscribe 08:00 3", group)
    await fake.next_message(group.id)
    teacher.command("/quiz 单选", group)
    question = await fake.next_message(group.id)
    await desk.bot.settle()
    asked = await desk.bot.engine.latest_open_asked(group.id)
    codec = CallbackCodec.from_token(fake.token)
    wrong = next(letter for letter in asked.question.options if letter != asked.question.letters)
    await fake.callback_answer(amy.press_data(question, codec.encode("answer", asked.id, asked.question.letters)))
    await fake.callback_answer(bob.press_data(question, codec.encode("answer", asked.id, wrong)))
    teacher.command("/reveal", group)
    await fake.next_message(group.id)
    learner = fake.user(LEARNER, "李雷")
    learner.command("/quiz")
    await fake.next_message(LEARNER)
    learner.command("/report 答案好像不对")
    await desk.bot.settle()
    page = await signed_in(desk, browser)
    bank = sorted(desk.bot.engine.banks)[0]
    pages = {
        "banks": "/banks?q=模型",
        "bank": f"/banks/{bank}",
        "confirm": f"/banks/{bank}/delete",
        "answers": "/answers",
        "groups": "/groups",
        "group": "/groups/-100500",
    }
    week = await desk.bot.app.bot_data.desk.group_week(group.id)  # type: ignore[union-attr]
    assert sorted((a.learner_name, a.outcome) for a in week.answers) == [("小明", "correct"), ("小红", "wrong")]
    assert week.daily is not None and (week.daily.hhmm, week.daily.count) == ("08:00", 3)
    for name, path in pages.items():
        response = await page.goto(desk.base + path)
        assert response is not None and response.status == 200, path
        assert desk.token not in await page.content()
        await shoot(page, shots / f"{name}.png")
