"""PDFs with a text layer, made by the test (fpdf2, a font generated for the text): page headers and
footers dropped, a question broken across lines and pages read whole, a PDF without text refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_kit import make_pdf

from bot.banks.formats import extract
from bot.banks.importer import ImportResult, import_file
from bot.banks.issues import DocumentError
from bot.banks.model import Kind

PAGES = [
    [
        "计算机网络期末复习",
        "一、单选题（共 3 题）",
        "1. OSI 参考模型中，负责为分组选择路由的是哪一层？本题的题干较长，",
        "在版面上折成了两行（ ）",
        "A. 物理层 B. 网络层",
        "C. 传输层 D. 应用层",
        "答案：B",
        "2. TCP 的中文全称是（ ）",
    ],
    [
        "A. 传输控制协议",
        "B. 用户数据报协议",
        "答案：A",
        "解析：TCP 提供面向连接的可靠传输，它的报文段在",
        "传输层处理。",
        "3. HTTP 的默认端口是（ ）",
        "A. 21 B. 80 C. 443",
    ],
    [
        "答案：B",
        "二、判断题（共 2 题）",
        "4. UDP 是面向连接的协议。",
        "答案：错",
        "5. IPv6 地址长 128 位。",
        "答案：对",
        "三、填空题（共 1 题）",
        "6. 以太网帧的最大传输单元一般为___字节。",
        "答案：1500",
    ],
]


def imported(tmp_path: Path, data: bytes, name: str = "net.pdf") -> ImportResult:
    path = tmp_path / name
    path.write_bytes(data)
    return import_file(path, bank_id="net")


def assert_whole_exam(result: ImportResult) -> None:
    assert {k: n for k, n in result.bank.counts().items() if n} == {Kind.single: 3, Kind.true_false: 2, Kind.fill: 1}
    assert {q.id: q.answer for q in result.bank.questions} == {
        "single-1": "B",
        "single-2": "A",
        "single-3": "B",
        "tf-4": False,
        "tf-5": True,
        "fill-6": ["1500"],
    }
    first, second = result.bank.questions[:2]
    assert first.prompt == "OSI 参考模型中，负责为分组选择路由的是哪一层？本题的题干较长，在版面上折成了两行（ ）"
    assert first.options == {"A": "物理层", "B": "网络层", "C": "传输层", "D": "应用层"}
    assert second.options == {"A": "传输控制协议", "B": "用户数据报协议"}  # across the page break
    assert second.explanation == "TCP 提供面向连接的可靠传输，它的报文段在传输层处理。"
    assert [s.found for s in result.bank.sections] == [3, 2, 1]
    assert result.left_out == []


def test_headers_and_bare_page_numbers_are_dropped(tmp_path: Path) -> None:
    data = make_pdf(PAGES, tmp_path, header="某某大学 2024—2025 学年 第一学期", footer=lambda n, _: str(n))
    result = imported(tmp_path, data)
    assert_whole_exam(result)
    assert result.bank.title == "计算机网络期末复习"
    text = extract(tmp_path / "net.pdf").text
    assert "某某大学" not in text and "\n2\n" not in text


@pytest.mark.parametrize(
    "footer", [lambda n, t: f"第 {n} 页 共 {t} 页", lambda n, t: f"- {n} -", lambda n, t: f"内部资料 请勿外传 {n}/{t}"]
)
def test_footers_of_every_kind(tmp_path: Path, footer: object) -> None:
    assert_whole_exam(imported(tmp_path, make_pdf(PAGES, tmp_path, footer=footer)))  # type: ignore[arg-type]


def test_a_pdf_without_a_text_layer_is_refused_saying_so(tmp_path: Path) -> None:
    data = make_pdf([[], []], tmp_path, scanned=[1, 2])
    with pytest.raises(DocumentError) as info:
        imported(tmp_path, data, "scan.pdf")
    error = info.value
    assert error.source == "scan.pdf"
    assert "no text layer" in error.en and "OCR" in error.en
    assert "没有文字层" in error.zh and "OCR" in error.zh


def test_a_scanned_page_among_pages_of_text_is_named(tmp_path: Path) -> None:
    pages = [PAGES[0], [], PAGES[1], PAGES[2]]
    result = imported(tmp_path, make_pdf(pages, tmp_path, footer=lambda n, _: str(n), scanned=[2]))
    assert_whole_exam(result)
    assert [w.en for w in result.warnings] == ["page 2 has no text layer (it looks scanned); not read"]


def test_a_file_that_is_no_pdf(tmp_path: Path) -> None:
    path = tmp_path / "fake.pdf"
    path.write_bytes(b"%PDF-1.4\n this is not really a PDF")
    with pytest.raises(DocumentError, match=r"fake\.pdf"):
        import_file(path, bank_id="fake")


def test_owner_restricted_pdfs_are_read_and_password_locked_ones_refused(tmp_path: Path) -> None:
    from pypdf import PdfReader, PdfWriter

    plain = tmp_path / "plain.pdf"
    plain.write_bytes(make_pdf(PAGES, tmp_path, footer=lambda n, _: str(n)))
    for name, user in (("restricted.pdf", ""), ("locked.pdf", "secret")):
        writer = PdfWriter(clone_from=PdfReader(plain))
        writer.encrypt(user_password=user, owner_password="owner", algorithm="AES-128")
        with (tmp_path / name).open("wb") as out:
            writer.write(out)
    assert_whole_exam(import_file(tmp_path / "restricted.pdf", bank_id="net"))
    with pytest.raises(DocumentError) as info:
        import_file(tmp_path / "locked.pdf", bank_id="net")
    assert "password" in info.value.en and "密码" in info.value.zh


def test_a_line_spread_out_character_by_character_is_read_together(tmp_path: Path) -> None:
    pages = [["1. 数 据 并 行 中 各 设 备 保 存 完 整 的 模 型 副 本 。", "答案：对"]]
    result = imported(tmp_path, make_pdf(pages, tmp_path))
    q = result.bank.questions[0]
    assert (q.kind, q.prompt, q.answer) == (Kind.true_false, "数据并行中各设备保存完整的模型副本。", True)
