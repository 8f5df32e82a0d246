"""What the conventions share: traditional marker characters read as simplified, numbers in words."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["CIRCLED_NUMBERS", "NUMBER", "cn_number", "probe"]

# Traditional forms of marker characters -> simplified (one to one, so offsets survive).
_PROBE = str.maketrans(
    "單選項擇題斷問論簡綜確誤對錯參頁與標籤備講詳據類型號閱讀範圍單填寫劃釋應範復習練難點綜認識",
    "单选项择题断问论简综确误对错参页与标签备讲详据类型号阅读范围单填写划释应范复习练难点综认识",
)


_TRADITIONAL = re.compile("[單選項擇題斷問論簡綜確誤對錯參頁與標籤備講詳據類型號閱讀範圍填寫劃釋應復習練難點認識]")


def probe(text: str) -> str:
    """The text with traditional marker characters read as simplified (same length)."""
    return text.translate(_PROBE) if _TRADITIONAL.search(text) else text


CIRCLED_NUMBERS = "".join(chr(c) for c in [*range(0x2460, 0x2474), *range(0x3251, 0x3260), *range(0x32B1, 0x32C0)])
NUMBER = r"(\d{1,4}|[一二三四五六七八九十百零〇两]{1,4})"  # a question's number, in digits or in words

_CN = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def cn_number(text: str) -> int:
    """'12' -> 12, '十二' -> 12, '二十一' -> 21, '一百零五' -> 105."""
    if text.isascii() and text.isdecimal():
        return int(text)
    if len(text) == 1 and text in CIRCLED_NUMBERS:  # ① … ⑳, ㉑ …: circled numbers
        return int(unicodedata.numeric(text))
    total, current = 0, 0
    for ch in text:
        if ch in _CN:
            current = _CN[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
    return total + current
