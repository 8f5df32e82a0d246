"""Admins in the chat, end to end through the fake Bot API server: bank uploads (getFile and the
download), refusals, non-admins, and the reports flow (flag, list, fix, later answers use the fix)."""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakebot import FakeBotServer, SimUser
from tg_harness import BotEnv, answered, running
from upload_kit import ADMIN, LAW

from bot.banks.model import Bank, Question, save_bank
from bot.config import Settings

MALFORMED = "一、单选题\n1.甲？\nA.是\nB.否\n答案：\n2.乙？\nA.是\nB.否\n"
PARTLY = "一、单选题\n1.甲？\nA.是\nB.否\n答案：A\n2.乙？\nA.是\nB.否\n"


def _flag_bank() -> Bank:
    # The key says A, the truth is B: a learner will flag it.
    q = Question(
        id="s-1",
        kind="single",
        number=1,
        prompt="Which letter comes second?",
        options={"A": "alpha", "B": "beta", "C": "gamma"},
        answer="A",
        explanation="Order.",
    )
    return Bank(id="flag", title="Flag me", source="tests", questions=[q])


def _with_admin(env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> BotEnv:
    monkeypatch.setenv("STUDYBOT_ADMINS", str(ADMIN))
    env.settings = Settings()
    save_bank(_flag_bank(), env.banks)
    return env


@pytest.fixture
async def env(bot_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotEnv]:
    async with _with_admin(bot_settings_env, monkeypatch).run():
        yield bot_settings_env


@pytest.fixture
async def http_env(http_settings_env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotEnv]:
    env = _with_admin(http_settings_env, monkeypatch)
    async with running(env.build(http=True)) as app:
        env.app = app
        yield env
    env.app = None


async def _verdict(fake: FakeBotServer, user: SimUser) -> str:
    """The verdict written into the user's latest question."""
    return (await answered(fake, fake.sent_to(user.id)[-1], timeout=15)).text


async def _reply(fake: FakeBotServer, user: SimUser) -> str:
    message = await fake.next_message(user.id, timeout=15)
    assert message.text is not None
    return message.text


async def _confirmed(fake: FakeBotServer, user: SimUser) -> str:
    """The admin confirms the preview of the document just sent (its first button); the bot's answer."""
    preview = await fake.next_message(user.id, timeout=15)
    while not preview.buttons:
        preview = await fake.next_message(user.id, timeout=15)
    user.press(preview, 0)
    return await _reply(fake, user)


async def test_admin_imports_a_text_document(http_env: BotEnv) -> None:
    """End to end over HTTP: getFile, the download from the file URL, the import in its own process."""
    env = http_env
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    admin.send_document(LAW.encode("gb18030"), "law.txt", "text/plain")
    preview = await _reply(fake, admin)
    assert "  line 7: numbering jumps from 1 to 3: check that no question was lost" in preview.splitlines()
    assert not (env.banks / "law.json").exists()
    admin.press(fake.sent_to(admin.id)[-1], "Import 3 questions")
    report = await _reply(fake, admin)
    lines = report.splitlines()
    assert lines[0] == "Imported bank law (法律基础测验) from law.txt: 3 questions (Single choice 2, True/false 1)."
    assert "The bank is live now." in lines
    assert any(line.startswith("Lint of this bank: ") for line in lines)
    assert len(fake.calls("getFile")) == 1
    saved = json.loads((env.banks / "law.json").read_text(encoding="utf-8"))
    assert [q["id"] for q in saved["questions"]] == ["single-1", "single-3", "tf-4"]
    assert "law" in env.engine.banks

    # Live at once: a learner practises the new bank with no restart.
    li = fake.user(7101, "李雷")
    li.command("/quiz law")
    question = await _reply(fake, li)
    assert any(prompt in question for prompt in ("根本大法", "民法典施行", "人人平等"))
    fake.assert_clean()


async def test_docx_with_a_chinese_name_and_the_caption_as_bank_id(env: BotEnv) -> None:
    import docx

    document = docx.Document()
    for line in LAW.splitlines():
        document.add_paragraph(line)
    buffer = io.BytesIO()
    document.save(buffer)
    fake = env.fake
    admin = fake.user(ADMIN, "老师", language_code="zh-hans")
    admin.send_document(
        buffer.getvalue(),
        "法律 题库.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        caption="law-docx",
    )
    report = await _confirmed(fake, admin)
    assert report.startswith(
        "已导入题库 law-docx（法律基础测验），来自 法律 题库.docx：共 3 题（单选题 2、判断题 1）。"
    )
    assert (env.banks / "law-docx.json").is_file()
    # Without a caption the id comes from the name, in pinyin.
    admin.send_document(LAW.replace("法律基础测验", "法律题库").encode(), "法律 题库.md", "text/markdown")
    assert (await _confirmed(fake, admin)).startswith("已导入题库 fa-lv-ti-ku")
    assert {"law-docx", "fa-lv-ti-ku"} <= set(env.engine.banks)


async def test_a_malformed_document_names_its_lines_and_changes_nothing(env: BotEnv) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "老师", language_code="zh")
    before = set(env.engine.banks)
    admin.send_document(MALFORMED.encode(), "bad.txt", "text/plain")
    report = await _reply(fake, admin)
    lines = report.splitlines()
    assert lines[0] == "无法导入 bad.txt：发现 2 处错误，请修改后重新发送。"
    assert lines[1:3] == ["第 2 行：第 1 题没有答案，未导入", "第 6 行：第 2 题没有答案，未导入"]
    assert not (env.banks / "bad.json").exists()
    assert set(env.engine.banks) == before

    # one unreadable question costs only itself
    admin.send_document(PARTLY.encode(), "part.txt", "text/plain")
    report = await _reply(fake, admin)
    assert report.startswith("📄 part.txt → 题库 part")
    assert "第 6 行：第 2 题没有答案，未导入" in report
    assert not (env.banks / "part.json").exists()

    admin.send_document(b"1.\xff\xfe\xfd broken\n", "broken.txt", "text/plain")
    assert "第 1 行：无法解码" in await _reply(fake, admin)
    fake.assert_clean()


async def test_oversize_and_wrong_type_are_refused_before_any_download(env: BotEnv) -> None:
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    admin.send_document(b"x" * (2 * 1024 * 1024 + 1), "huge.txt", "text/plain")
    assert await _reply(fake, admin) == (
        "Cannot import huge.txt: the file is 2.0 MB, the limit is 2 MB. Split it and send the parts."
    )
    admin.send_document(b"PK\x03\x04", "slides.pptx", "application/vnd.ms-powerpoint")
    assert await _reply(fake, admin) == (
        "Cannot import slides.pptx: only .txt, .md, .docx, .pdf, .xlsx, .csv, .html, .htm files are accepted "
        "(this is .pptx)."
    )
    admin.send_document(b"\xd0\xcf\x11\xe0", "exam.doc", "application/msword")
    assert await _reply(fake, admin) == (
        "Cannot import exam.doc: the old .doc format cannot be read; save it as .docx and send that."
    )
    admin.send_document(LAW.encode(), "noext", "text/plain")
    assert "a file without an extension" in await _reply(fake, admin)
    assert fake.calls("getFile") == []
    assert sorted(p.name for p in env.banks.glob("*.json")) == sorted(
        ["distributed-training-2025.json", "finetuning-2025.json", "flag.json"]
    )


async def test_help_lists_admin_commands_to_admins_only(env: BotEnv) -> None:
    fake = env.fake
    admin, eve = fake.user(ADMIN, "Teacher", language_code="en"), fake.user(7667, "Eve", language_code="en")
    admin.command("/help")
    for_admin = (await fake.next_message(admin.id)).text
    eve.command("/help")
    for_eve = (await fake.next_message(eve.id)).text
    for name in ("announce", "reports", "fixkey", "dismiss"):
        assert f"/{name} — " in for_admin and f"/{name} — " not in for_eve
    assert "Admin commands" in for_admin and "Admin commands" not in for_eve
    fake.assert_clean()


async def test_non_admins_never_reach_any_of_it(env: BotEnv) -> None:
    fake = env.fake
    eve = fake.user(7666, "Eve", language_code="en")
    eve.send_document(LAW.encode(), "law.txt", "text/plain")
    assert await _reply(fake, eve) == "Only admins can import banks or handle reports."
    for command in ("/reports", "/fixkey flag s-1 B", "/dismiss 1"):
        eve.command(command)
        assert await _reply(fake, eve) == "Only admins can import banks or handle reports."
    assert fake.calls("getFile") == []
    assert not (env.banks / "law.json").exists()
    assert json.loads((env.banks / "flag.json").read_text(encoding="utf-8"))["questions"][0]["answer"] == "A"

    # In a group even an admin's document is not an import request, and nobody is answered.
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    group = fake.group(-100777, "Class", members=[admin, eve])
    group.add_bot(admin)
    await fake.next_message(group.id)  # the welcome
    admin.send_document(LAW.encode(), "law.txt", "text/plain", chat=group)
    admin.command("/reports", group)
    eve.command("/stats", group)  # a later update, answered: the two before it were passed over
    photo = await fake.next_message(group.id, timeout=30)
    assert photo.kind == "photo"
    assert [m.kind for m in fake.sent_to(group.id)] == ["text", "photo"]  # the welcome, then the picture
    assert fake.calls("getFile") == []
    fake.assert_clean()


async def test_reports_flow_flag_list_fix_and_later_answers(env: BotEnv) -> None:
    fake, engine = env.fake, env.engine
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    li = fake.user(7201, "李雷", language_code="zh")
    han = fake.user(7202, "韩梅梅", language_code="zh")

    admin.command("/reports")
    assert await _reply(fake, admin) == "There are no open reports."

    # Two learners answer B (the truth), are marked wrong by the bad key, and flag it.
    for learner, comment in ((li, "应为 B"), (han, "")):
        learner.command("/quiz flag")
        assert "second" in await _reply(fake, learner)
        learner.send_text("B")
        assert (await _verdict(fake, learner)).startswith("❌")
        learner.command(f"/report {comment}".strip())
        assert "谢谢" in await _reply(fake, learner)

    admin.command("/reports")
    listing = (await _reply(fake, admin)).splitlines()
    assert listing[0] == "Open reports on answer keys: 2"
    assert listing[2].startswith("1. flag s-1 — 2 reports (#")
    assert "Which letter comes second?" in listing[3]
    assert listing[4] == "Current key: A (alpha)"
    assert listing[5].strip() == "💬 应为 B"
    assert listing[6] == "Fix: /fixkey flag s-1 NEW_KEY"

    admin.command("/fixkey flag s-1 D")
    assert await _reply(fake, admin) == "the question has no option D (choose from ABC)"
    admin.command("/fixkey flag s-1 BC")
    assert await _reply(fake, admin) == "a single-choice key is exactly one letter"
    admin.command("/fixkey nosuch s-1 B")
    assert await _reply(fake, admin) == "there is no bank nosuch in the banks folder"
    admin.command("/fixkey flag")
    assert (await _reply(fake, admin)).startswith("Usage: /fixkey BANK QUESTION NEW_KEY")

    admin.command("/fixkey flag s-1 B")
    assert await _reply(fake, admin) == (
        "Fixed the key of flag s-1: A (alpha) → B (beta). Later answers are graded by the new key; 2 reports resolved."
    )
    saved = json.loads((env.banks / "flag.json").read_text(encoding="utf-8"))
    assert saved["questions"][0]["answer"] == "B"
    for learner in (li, han):  # each reporter told once that the key was fixed, in their language
        told = await _reply(fake, learner)
        assert told.startswith("🛠 你报告的题目已修正：") and "现在的答案是 B (beta)" in told
    admin.command("/reports")
    assert await _reply(fake, admin) == "There are no open reports."

    # A later answer is graded by the fixed key, in the same running bot.
    lucy = fake.user(7203, "Lucy", language_code="en")
    lucy.command("/quiz flag")
    await _reply(fake, lucy)
    lucy.send_text("B")
    assert (await _verdict(fake, lucy)).startswith("✅")
    assert (await engine.stats(lucy.id)).total.correct == 1

    # Dismissing: one report by id, then an unknown one.
    lucy.command("/report still unsure")
    await _reply(fake, lucy)
    admin.command("/reports")
    listing = await _reply(fake, admin)
    report_id = int(listing.split("(#", 1)[1].split(")", 1)[0])
    admin.command(f"/dismiss {report_id}")
    assert await _reply(fake, admin) == f"Dismissed 1 report of #{report_id}."
    assert (await _reply(fake, lucy)).startswith("👀 A teacher looked at the question you reported")
    admin.command(f"/dismiss {report_id}")
    assert await _reply(fake, admin) == f"No open report for #{report_id}."
    admin.command("/fixkey flag s-1 C")  # a later fix tells nobody again: their reports closed already
    await _reply(fake, admin)
    await env.settle()
    told = [m for u in (li, han, lucy) for m in fake.sent_to(u.id) if m.text and m.text.startswith(("🛠", "👀"))]
    assert len(told) == 3  # each reporter told once
    fake.assert_clean()


async def test_an_unwritable_banks_folder_is_said_plainly(env: BotEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.study.bank_admin as admin_module

    def refuse(bank: Bank, folder: object, path: object = None) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(admin_module, "save_bank", refuse)
    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    admin.send_document(LAW.encode(), "law.txt", "text/plain")
    assert await _confirmed(fake, admin) == (
        f"Cannot save the bank: the folder {env.banks} is not writable (Permission denied). "
        "Point STUDYBOT_BANKS at a writable folder."
    )
    assert "law" not in env.engine.banks
    # Its buttons stay: once the folder is writable again, the same press imports it.
    monkeypatch.undo()
    admin.press(fake.sent_to(admin.id)[-2], 0)
    assert (await _reply(fake, admin)).startswith("Imported bank law")
    assert "law" in env.engine.banks


def test_keys_are_read_per_kind() -> None:
    from bot.banks.key_fix import KeyFixError, describe_key, parse_key, with_key

    tf = Question(id="tf-1", kind="true_false", number=1, prompt="天是蓝的。", answer=True)
    assert parse_key(tf, "错") is False and parse_key(tf, "true") is True
    with pytest.raises(KeyFixError, match="not 'maybe'"):
        parse_key(tf, "maybe")
    fill = Question(
        id="fill-1", kind="fill", number=1, prompt="____ 和 ____ 是两种并行。", answer=[["数据并行"], ["模型并行"]]
    )
    assert parse_key(fill, "数据并行 或 DP；张量并行") == [["数据并行", "DP"], ["张量并行"]]
    with pytest.raises(KeyFixError) as info:
        parse_key(fill, "只有一个")
    assert info.value.message("zh") == "这道题有 2 个空，请用“；”分隔每个空的答案"
    one = Question(id="fill-2", kind="fill", number=2, prompt="首都是 ____。", answer=["北京"], alternates=["北平"])
    bank = with_key(Bank(id="b", title="b", source="t", questions=[one]), "fill-2", parse_key(one, "Beijing；北京"))
    fixed = bank.question("fill-2")
    assert fixed is not None and fixed.blanks() == [["Beijing", "北京"]]  # the old alternate is gone
    assert describe_key(fixed) == "Beijing 或 北京"
    multi = Question(
        id="m-1", kind="multiple", number=1, prompt="?", options={"A": "a", "B": "b", "C": "c"}, answer="AB"
    )
    assert parse_key(multi, "C、A") == "AC"
    case = Question(id="case-1", kind="case", number=1, prompt="案例", answer="旧的参考答案")
    assert parse_key(case, " 新的参考答案 ") == "新的参考答案"
    with pytest.raises(KeyFixError, match="no question nope"):
        with_key(bank, "nope", "x")


async def test_a_full_disk_changes_no_bank_and_the_admin_is_told_so(
    env: BotEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    import bot.files as files

    def full(fd: int) -> None:  # the new file is written but cannot reach the disk
        raise OSError(errno.ENOSPC, "No space left on device")

    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    before = (env.banks / "flag.json").read_bytes()
    monkeypatch.setattr(files.os, "fsync", full)
    admin.send_document(LAW.encode(), "flag.txt", "text/plain", caption="flag")  # would replace bank "flag"
    assert await _confirmed(fake, admin) == (
        f"Cannot save the bank flag: writing to {env.banks} failed (No space left on device). Nothing was "
        "changed: the bank files are as they were."
    )
    admin.command("/fixkey flag s-1 B")
    assert await _reply(fake, admin) == (
        f"cannot write the bank file {env.banks / 'flag.json'}: No space left on device. The key is unchanged "
        "and the bank file is as it was."
    )
    assert (env.banks / "flag.json").read_bytes() == before
    assert sorted(p.name for p in env.banks.iterdir() if p.name.startswith(".")) == []  # no temporary file left
    assert env.engine.banks["flag"].questions[0].answer == "A"


async def test_a_bank_file_that_cannot_be_read_leaves_the_others_served(
    bot_settings_env: BotEnv, caplog: pytest.LogCaptureFixture
) -> None:
    env = bot_settings_env
    (env.banks / "half.json").write_text('{"id": "half", "title": "Half", "questi', encoding="utf-8")
    async with env.run() as app:
        assert sorted(app.bot_data.engine.banks) == ["distributed-training-2025", "finetuning-2025"]
        amy = env.fake.user(7801, "Amy", language_code="en")
        amy.command("/quiz")
        assert (await env.fake.next_message(amy.id)).buttons
    assert any("half.json cannot be read" in r.getMessage() for r in caplog.records)


async def test_a_zip_bomb_is_refused_at_once_and_the_bot_keeps_serving(env: BotEnv) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "banks"))
    from docx_bombs import docx

    fake = env.fake
    admin = fake.user(ADMIN, "Teacher", language_code="en")
    amy = fake.user(7802, "Amy", language_code="en")
    bomb = docx(["一、判断题", "1. 水是湿的。", "答案：对"], repeat="x" * 100, times=500_000)  # 65 MB of XML
    assert len(bomb) < 600_000
    loop = asyncio.get_running_loop()
    started = loop.time()
    admin.send_document(bomb, "bomb.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
    amy.command("/quiz")  # meanwhile a learner is served as usual
    assert (await fake.next_message(amy.id, timeout=10)).buttons
    reply = await _reply(fake, admin)
    assert reply.startswith("Cannot import bomb.docx: the file expands to ")
    assert "over the limit of 40.0 MB (a zip bomb" in reply and reply.endswith("Nothing was changed.")
    assert loop.time() - started < 10
    assert "bomb" not in env.engine.banks
    fake.assert_clean()
