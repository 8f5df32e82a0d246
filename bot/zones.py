"""Time zones and times of day as learners and admins type them, and the name stored for each zone.

Pure, and at the bottom of the layers: the engine (a learner's zone), the push scheduler (a
subscription's zone) and the front ends read and write zones the same way (`Asia/Shanghai`,
`UTC+08:00`).

Zones: an IANA name (any case), a UTC offset (`UTC+8`, `GMT-5`, `+05:30`, `东八区`), or a city,
country or common abbreviation from `PLACES` (`北京`, `香港`, `London`, `New York`, `EST`).
Times: `7:30`, `07:30`, `7:30am`, `9pm`, `noon`, `早上7点`, `晚上9点半`, `下午3点15`, `21点`,
`七点一刻`. What cannot be read raises `ReadError` naming the problem (`hour`, `minute`, ...), so
the reply can say what was wrong rather than "not a time zone".

Chinese numerals (七, 二十一, 两) are read with cn2an; the small grammar around them (period words,
点/时/分/半/刻, am/pm) is ours: no kept library reads both languages' clock times and says *why* a
time is wrong (dateparser and friends return None).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import cn2an

__all__ = [
    "MENU_ZONES",
    "PLACES",
    "ReadError",
    "TimeZoneError",
    "looks_like_time",
    "looks_like_zone",
    "parse_clock",
    "parse_time_zone",
    "zone_name",
]


class ReadError(ValueError):
    """Something typed that cannot be read. `problem` names why (a key the front ends turn into words):

    hour (0-23), hour12 (1-12 with am/pm), minute (0-59), time (not a time at all),
    offset (beyond -12..+14 hours), zone (no such zone or place)."""

    def __init__(self, problem: str, text: str) -> None:
        super().__init__(f"{problem}: {text}")
        self.problem = problem
        self.text = text


class TimeZoneError(ReadError):
    """A time zone argument that is not an IANA name, a UTC offset or a known place."""

    def __init__(self, text: str, problem: str = "zone") -> None:
        super().__init__(problem, text)


# ----- places -------------------------------------------------------------------------------------------

# Cities, countries and abbreviations as people name their time zone -> the IANA zone. Keys are matched
# after `_key` (NFKC, case folded, without spaces, dots, dashes and underscores).
PLACES: dict[str, str] = {
    # China, Hong Kong, Macao, Taiwan
    **dict.fromkeys(
        [
            "北京", "上海", "广州", "深圳", "杭州", "南京", "成都", "重庆", "武汉", "西安", "天津", "苏州", "长沙",
            "郑州", "青岛", "厦门", "合肥", "济南", "沈阳", "大连", "哈尔滨", "昆明", "福州", "南昌", "贵阳",
            "南宁", "太原", "石家庄", "兰州", "长春", "呼和浩特", "海口", "宁波", "无锡", "东莞", "佛山",
            "中国", "北京时间", "beijing", "peking", "shanghai", "guangzhou", "shenzhen", "hangzhou", "nanjing",
            "chengdu", "chongqing", "wuhan", "xian", "tianjin", "china", "prc",
        ],
        "Asia/Shanghai",
    ),
    **dict.fromkeys(["乌鲁木齐", "新疆", "urumqi", "xinjiang"], "Asia/Urumqi"),
    **dict.fromkeys(["香港", "hongkong", "hk", "hkt"], "Asia/Hong_Kong"),
    **dict.fromkeys(["澳门", "macau", "macao"], "Asia/Macau"),
    **dict.fromkeys(["台北", "台湾", "臺北", "臺灣", "高雄", "台中", "taipei", "taiwan", "kaohsiung"], "Asia/Taipei"),
    # Asia, Oceania
    **dict.fromkeys(["东京", "東京", "大阪", "日本", "tokyo", "osaka", "japan", "jst"], "Asia/Tokyo"),
    **dict.fromkeys(["首尔", "韩国", "seoul", "korea", "southkorea", "kst"], "Asia/Seoul"),
    **dict.fromkeys(["新加坡", "singapore", "sgt"], "Asia/Singapore"),
    **dict.fromkeys(["吉隆坡", "马来西亚", "kualalumpur", "malaysia"], "Asia/Kuala_Lumpur"),
    **dict.fromkeys(["曼谷", "泰国", "bangkok", "thailand"], "Asia/Bangkok"),
    **dict.fromkeys(["河内", "胡志明市", "越南", "hanoi", "hochiminhcity", "saigon", "vietnam"], "Asia/Ho_Chi_Minh"),
    **dict.fromkeys(["雅加达", "印尼", "jakarta", "indonesia"], "Asia/Jakarta"),
    **dict.fromkeys(["马尼拉", "菲律宾", "manila", "philippines"], "Asia/Manila"),
    **dict.fromkeys(["新德里", "孟买", "印度", "delhi", "newdelhi", "mumbai", "bangalore", "india"], "Asia/Kolkata"),
    **dict.fromkeys(["迪拜", "阿联酋", "dubai", "abudhabi", "uae"], "Asia/Dubai"),
    **dict.fromkeys(["悉尼", "sydney", "canberra", "aest"], "Australia/Sydney"),
    **dict.fromkeys(["墨尔本", "melbourne"], "Australia/Melbourne"),
    **dict.fromkeys(["布里斯班", "brisbane"], "Australia/Brisbane"),
    **dict.fromkeys(["珀斯", "perth"], "Australia/Perth"),
    **dict.fromkeys(["奥克兰", "惠灵顿", "新西兰", "auckland", "wellington", "newzealand", "nz"], "Pacific/Auckland"),
    # Europe, Africa
    **dict.fromkeys(["伦敦", "英国", "london", "uk", "britain", "england", "edinburgh", "bst"], "Europe/London"),
    **dict.fromkeys(["都柏林", "爱尔兰", "dublin", "ireland"], "Europe/Dublin"),
    **dict.fromkeys(["巴黎", "法国", "paris", "france", "cet", "cest"], "Europe/Paris"),
    **dict.fromkeys(["柏林", "慕尼黑", "德国", "berlin", "munich", "frankfurt", "germany"], "Europe/Berlin"),
    **dict.fromkeys(["阿姆斯特丹", "荷兰", "amsterdam", "netherlands"], "Europe/Amsterdam"),
    **dict.fromkeys(["马德里", "西班牙", "madrid", "barcelona", "spain"], "Europe/Madrid"),
    **dict.fromkeys(["罗马", "米兰", "意大利", "rome", "milan", "italy"], "Europe/Rome"),
    **dict.fromkeys(["苏黎世", "瑞士", "zurich", "geneva", "switzerland"], "Europe/Zurich"),
    **dict.fromkeys(["斯德哥尔摩", "瑞典", "stockholm", "sweden"], "Europe/Stockholm"),
    **dict.fromkeys(["莫斯科", "俄罗斯", "moscow", "msk"], "Europe/Moscow"),
    **dict.fromkeys(["伊斯坦布尔", "土耳其", "istanbul", "turkey"], "Europe/Istanbul"),
    **dict.fromkeys(["开罗", "埃及", "cairo", "egypt"], "Africa/Cairo"),
    **dict.fromkeys(["约翰内斯堡", "南非", "johannesburg", "southafrica"], "Africa/Johannesburg"),
    # The Americas
    **dict.fromkeys(
        ["纽约", "华盛顿", "波士顿", "多伦多", "newyork", "nyc", "washington", "boston", "toronto", "eastern",
         "est", "edt"],
        "America/New_York",
    ),
    **dict.fromkeys(["芝加哥", "休斯顿", "chicago", "houston", "dallas", "central", "cdt"], "America/Chicago"),
    **dict.fromkeys(["丹佛", "denver", "mountain", "mst", "mdt"], "America/Denver"),
    **dict.fromkeys(
        ["洛杉矶", "旧金山", "西雅图", "温哥华", "硅谷", "losangeles", "la", "sanfrancisco", "sf", "seattle",
         "vancouver", "pacific", "pst", "pdt"],
        "America/Los_Angeles",
    ),
    **dict.fromkeys(["墨西哥城", "mexicocity"], "America/Mexico_City"),
    **dict.fromkeys(["圣保罗", "巴西", "saopaulo", "brazil"], "America/Sao_Paulo"),
    **dict.fromkeys(["布宜诺斯艾利斯", "阿根廷", "buenosaires", "argentina"], "America/Argentina/Buenos_Aires"),
    # Universal time
    **dict.fromkeys(["utc", "gmt", "z", "zulu", "世界时", "格林尼治", "协调世界时"], "UTC"),
}  # fmt: skip

# The zones the settings menu offers as buttons: (IANA name, zh label, en label).
MENU_ZONES: tuple[tuple[str, str, str], ...] = (
    ("Asia/Shanghai", "北京", "Beijing"),
    ("Asia/Hong_Kong", "香港", "Hong Kong"),
    ("Asia/Taipei", "台北", "Taipei"),
    ("Asia/Singapore", "新加坡", "Singapore"),
    ("Asia/Tokyo", "东京", "Tokyo"),
    ("Europe/London", "伦敦", "London"),
    ("Europe/Berlin", "柏林", "Berlin"),
    ("America/New_York", "纽约", "New York"),
    ("America/Los_Angeles", "洛杉矶", "Los Angeles"),
    ("Australia/Sydney", "悉尼", "Sydney"),
    ("UTC", "UTC", "UTC"),
)

_OFFSET = re.compile(r"^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$")
_CN_OFFSET = re.compile(r"^(东|西)([零〇一二两三四五六七八九十\d]{1,3})区$")
_SUFFIXES = ("standardtime", "时间", "時間", "time", "时区", "時區", "timezone")
_ZONES_BY_LOWER: dict[str, str] = {}


def _key(text: str) -> str:
    """The form places are matched in: NFKC (full-width to ASCII), case folded, no spaces or dots."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s._\-·'’]", "", folded)


def _offset(sign: str, hours: int, minutes: int, raw: str) -> tzinfo:
    if minutes >= 60:
        raise TimeZoneError(raw, "offset")
    delta = timedelta(hours=hours, minutes=minutes)
    delta = -delta if sign == "-" else delta
    if not timedelta(hours=-12) <= delta <= timedelta(hours=14):
        raise TimeZoneError(raw, "offset")
    return UTC if not delta else timezone(delta)


def parse_time_zone(text: str) -> tzinfo:
    """An IANA name (any case: `asia/shanghai`), a UTC offset (`UTC+8`, `+05:30`, `GMT-3`, `东八区`), or a
    place from `PLACES` (`北京`, `new york`, `EST`); TimeZoneError (problem `zone` or `offset`) otherwise."""
    raw = text.strip()
    nfkc = unicodedata.normalize("NFKC", raw).casefold().replace(" ", "").replace("−", "-")
    m = _OFFSET.match(nfkc)
    if m:
        return _offset(m.group(1), int(m.group(2)), int(m.group(3) or 0), raw)
    m = _CN_OFFSET.match(nfkc)
    if m:
        hours = int(m.group(2)) if m.group(2).isdecimal() else int(cn2an.cn2an(m.group(2), "smart"))
        return _offset("+" if m.group(1) == "东" else "-", hours, 0, raw)
    if not _ZONES_BY_LOWER:
        _ZONES_BY_LOWER.update({z.lower(): z for z in available_timezones()})
    # A region name first (Asia/Shanghai); then places, so EST is New York's zone (with its summer time)
    # rather than the fixed-offset legacy zone of that name; then the other IANA names (Japan, Zulu...).
    name = (_ZONES_BY_LOWER.get(nfkc) if "/" in nfkc else None) or _place(_key(raw)) or _ZONES_BY_LOWER.get(nfkc)
    if name is None:
        raise TimeZoneError(raw)
    if name == "UTC":
        return UTC
    try:
        return ZoneInfo(name)
    except ZoneInfoNotFoundError as exc:  # pragma: no cover - listed zones always load
        raise TimeZoneError(raw) from exc


def _place(key: str) -> str | None:
    if not key:
        return None
    if key in PLACES:
        return PLACES[key]
    for suffix in _SUFFIXES:  # 北京时间, London time, Pacific Standard Time...
        if key.endswith(suffix) and key[: -len(suffix)] in PLACES:
            return PLACES[key[: -len(suffix)]]
    return None


def looks_like_zone(text: str) -> bool:
    """Whether an unreadable word was meant as a zone (so the reply talks about zones)."""
    key = _key(text)
    return "/" in key or bool(re.match(r"^(utc|gmt)", key)) or bool(re.match(r"^[+-]\d", key)) or key.endswith("区")


def zone_name(tz: tzinfo) -> str:
    """The name to store for a zone: the IANA key, or `UTC+08:00` for a fixed offset."""
    if isinstance(tz, ZoneInfo):
        return tz.key
    offset = tz.utcoffset(None) or timedelta(0)
    if offset == timedelta(0):
        return "UTC"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"


# ----- times of day -------------------------------------------------------------------------------------

_CN_DIGITS = "零〇一二两三四五六七八九十廿"
_PM_WORDS = ("下午", "晚上", "傍晚", "夜里", "夜晚", "今晚", "晚间", "晚")
_AM_WORDS = ("凌晨", "早上", "早晨", "清晨", "上午", "早", "晨")
_NOON_WORDS = ("中午", "正午")
_PERIOD = "|".join(sorted((*_PM_WORDS, *_AM_WORDS, *_NOON_WORDS), key=len, reverse=True))
# 早上7点, 晚上9点半, 下午3点15(分), 21点, 7点一刻, 晚上9:30
_CHINESE = re.compile(
    rf"^(?P<period>{_PERIOD})?(?P<hour>\d{{1,3}})"
    r"(?:(?:点钟|点|時|时)(?P<rest>半|整|一刻|三刻|(?P<minute>\d{1,3})分?)?|:(?P<minute2>\d{2}))$"
)
# 7:30, 07:30, 7:30am, 9pm, 9 p.m., 21h, 9h30
_WESTERN = re.compile(r"^(?P<hour>\d{1,3})(?:(?::|h)(?P<minute>\d{2})?)?(?P<ampm>am|pm|a|p)?$")
_TIMEISH = re.compile(r"\d.*(?:[:点時时h]|am|pm|a\.m|p\.m)|^(?:" + _PERIOD + r")|(?:am|pm)$")


@dataclass(frozen=True)
class _Clock:
    hour: int
    minute: int
    half: str | None  # "am"/"pm" as written (English), or a Chinese period word


def _arabic(text: str) -> str:
    """Chinese numerals to digits (七点一刻 -> 7点一刻); 一刻/三刻 are kept as words."""
    guarded = text.replace("一刻", "\0").replace("三刻", "\1")
    out = re.sub(
        f"[{_CN_DIGITS}]+", lambda m: str(cn2an.cn2an(m.group(0), "smart")) if m.group(0) != "〇" else "0", guarded
    )
    return out.replace("\0", "一刻").replace("\1", "三刻")


def _normal(text: str) -> str:
    out = unicodedata.normalize("NFKC", text).casefold().replace(" ", "").replace("：", ":")
    out = out.replace("a.m.", "am").replace("p.m.", "pm").replace("a.m", "am").replace("p.m", "pm")
    out = re.sub(r"(\d)\.(\d{2})(?!\d)", r"\1:\2", out)  # 21.30 is 21:30 here (a count is never fractional)
    try:
        return _arabic(out)
    except (ValueError, KeyError):  # a run of numerals cn2an cannot read (三三十): left for the grammar to refuse
        return out


def looks_like_time(text: str) -> bool:
    """Whether a word was meant as a time of day (so an unreadable one is answered about times)."""
    norm = _normal(text)
    return norm in ("noon", "midnight", "中午", "午夜") or bool(_TIMEISH.search(norm))


def _read(norm: str) -> _Clock | None:
    if norm in ("noon", "中午", "正午"):
        return _Clock(12, 0, None)
    if norm in ("midnight", "午夜"):
        return _Clock(0, 0, None)
    m = _CHINESE.match(norm)
    if m:
        rest, minute = m.group("rest"), m.group("minute") or m.group("minute2")
        quarter = {"半": 30, "一刻": 15, "三刻": 45, "整": 0}.get(rest or "", 0)
        return _Clock(int(m.group("hour")), int(minute) if minute else quarter, m.group("period"))
    m = _WESTERN.match(norm)
    if m and (m.group("minute") is not None or m.group("ampm") or "h" in norm or ":" in norm):
        ampm = m.group("ampm")
        ampm = {"a": "am", "p": "pm"}.get(ampm or "", ampm)
        return _Clock(int(m.group("hour")), int(m.group("minute") or 0), ampm)
    return None


def parse_clock(text: str) -> time:
    """A time of day as people write it, in Chinese or English; ReadError (problem hour, hour12,
    minute or time) when it cannot be read. A bare number is not a time (it is a count)."""
    clock = _read(_normal(text))
    if clock is None:
        raise ReadError("time", text.strip())
    hour, minute, half = clock.hour, clock.minute, clock.half
    if minute > 59:
        raise ReadError("minute", text.strip())
    if half in ("am", "pm"):
        if not 1 <= hour <= 12:
            raise ReadError("hour12", text.strip())
        hour = hour % 12 + (12 if half == "pm" else 0)
    elif half is not None:
        if hour > 23:
            raise ReadError("hour", text.strip())
        if half in _PM_WORDS and hour < 12:
            hour += 12  # 晚上9点 is 21:00; 晚上21点 stays
        elif half in _NOON_WORDS and hour < 6:
            hour += 12  # 中午1点 is 13:00
        elif half in _AM_WORDS and hour == 12:
            hour = 0  # 凌晨12点 is midnight
    if hour > 23:
        raise ReadError("hour", text.strip())
    return time(hour, minute)
