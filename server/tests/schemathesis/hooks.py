"""Schemathesis hooks for `make schemathesis` (server/tests/schemathesis/run.sh).

Each parameter's schema in the OpenAPI document states what the service accepts of that
parameter alone. A few rules tie parameters together, and no parameter schema can state them:

- `calendar` says which calendar a date or year is in (Hijri years 1364-1524, Gregorian
  1945-2100: the year decides), and a Gregorian date must exist (no 30 February);
- dates before the official table need `retro=true`;
- the served span 1945-01-01 ... 2100-12-31 ends inside Hijri 1364-01 and after 1524-10, so
  those months' outside days (and months) are refused;
- a `/range` runs forward and spans at most 45 days; a `/hilal/history` window runs forward
  and meets 1444-08 ... 1475-12;
- `tz` names a zone of the IANA database, which the document does not list;
- `authority` names a calendar the archive holds, and each calendar's published table starts
  on its own day (retro before it); `/hilal/*` take the calendars with an evening record, the
  cards only the default; `/compare` serves only years wholly inside the span;

The rewrite runs before every call (`before_call`), so the examples and coverage phases keep
the rules too, not only the generated cases (`map_case`).

These hooks rewrite the *positive* cases that break one of these rules into cases that keep
them, changing only values that already fit their schema into values that fit it too; negative
cases (a parameter off its schema) are left as they are, so `negative_data_rejection` still sees
every one of them. The facts (the table's first day, the Hijri dates of the span's ends) are
read from the running service (HIJRI_BASE), not written here.
"""

import datetime
import json
import os
import re
import urllib.request
import zlib

import schemathesis
from schemathesis.generation.modes import GenerationMode

BASE = os.environ["HIJRI_BASE"].rstrip("/")


def fetch(path):
    with urllib.request.urlopen(BASE + path) as answer:
        return json.load(answer)


LISTING = fetch("/api/v1/authorities")
DEFAULT = LISTING["default"]
# Each calendar's first day served without retro=true, Gregorian and Hijri (in that calendar).
TABLE_FIRST = {}
for entry in LISTING["authorities"]:
    # A calendar without a published table needs no retro=true on any day it serves.
    table = entry["table"]
    first = table["first_served"] if table else entry["months"]["first"]
    hijri = fetch(f"/api/v1/convert?date={first}&retro=true&authority={entry['id']}")
    TABLE_FIRST[entry["id"]] = (first, hijri["output"]["date"])
NO_EVENING = ("table", "arithmetic")
EVENING = [a["id"] for a in LISTING["authorities"] if a["rules"][0]["kind"] not in NO_EVENING]
SPAN = (datetime.date(1945, 1, 1), datetime.date(2100, 12, 31))
SPAN_HIJRI = tuple(
    fetch(f"/api/v1/convert?date={day}&retro=true")["output"]["date"] for day in SPAN
)
HISTORY = ("1444-08", "1475-12")
ZONES = ["Asia/Jakarta", "WITA", "wit", "UTC+7", "+08:00", "UTC-03:30", "america/los_angeles"]

DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def number(value):
    """An integer parameter as drawn: an int, or its digits as text (the coverage phase)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    return None


def gregorian(year):
    return 1945 <= year <= 2100


def parse(text):
    match = DATE.match(str(text))
    return tuple(int(part) for part in match.groups()) if match else None


def real_day(year, month, day):
    """The Gregorian day, clamped into its month (30 February is 28 or 29 February)."""
    while day > 28:
        try:
            return datetime.date(year, month, day)
        except ValueError:
            day -= 1
    return datetime.date(year, month, day)


def hijri_in_span(year, month, day):
    """The Hijri date moved inside the served span (its days at 1364-01 and after 1524-10)."""
    text = f"{year:04d}-{month:02d}-{day:02d}"
    if text < SPAN_HIJRI[0]:
        return SPAN_HIJRI[0]
    if text > SPAN_HIJRI[1]:
        return SPAN_HIJRI[1][:8] + "01"
    return text


def fix_date(query, name, calendar):
    """The date parameter `name` made a served date of `calendar`; the date as text, or None."""
    parts = parse(query.get(name, ""))
    if parts is None:
        return None
    if calendar == "gregorian":
        day = real_day(*parts)
        day = min(max(day, SPAN[0]), SPAN[1])
        query[name] = day.isoformat()
    else:
        year, month, day = parts
        # Day 30 exists only in 30-day months: day 29 always does.
        query[name] = hijri_in_span(year, month, min(day, 29))
    return query[name]


def needs_retro(calendar, date_text, authority=DEFAULT):
    gregorian_first, hijri_first = TABLE_FIRST[authority]
    if calendar == "gregorian":
        return date_text < gregorian_first
    return date_text < hijri_first


def set_authority(query, path):
    """`authority` made one the endpoint takes; the calendar asked for."""
    if "authority" not in query:
        return DEFAULT
    asked = str(query["authority"]).lower()
    if path in ("/api/v1/hilal/viz", "/api/v1/hilal/map") or asked not in TABLE_FIRST:
        asked = DEFAULT
    if path in ("/api/v1/hilal/info", "/api/v1/hilal/history") and asked not in EVENING:
        asked = DEFAULT
    query["authority"] = asked
    return asked


def whole_year(calendar, year):
    """A Hijri year moved inside the years wholly served (1364 and 1524 are partly outside)."""
    if calendar != "hijri":
        return year
    return min(max(year, int(SPAN_HIJRI[0][:4]) + 1), int(SPAN_HIJRI[1][:4]) - 1)


def set_calendar(query, year):
    """`calendar` chosen by the year, where it is absent or one of the two known names."""
    current = str(query.get("calendar", "")).lower()
    if current in ("", "gregorian", "hijri"):
        query["calendar"] = "gregorian" if gregorian(year) else "hijri"
    return str(query["calendar"]).lower()


def set_retro(query, needed):
    if needed and str(query.get("retro", "false")).lower() in ("false", "0"):
        query["retro"] = "true"


def month_in_span(year, month):
    """A Hijri month moved inside the months wholly served."""
    first, last = SPAN_HIJRI[0][:7], SPAN_HIJRI[1][:7]
    text = f"{year:04d}-{month:02d}"
    if text <= first:
        return int(first[5:]) + 1
    if text > last:
        return int(last[5:])
    return month


def positive(case):
    meta = case.meta
    return meta is None or meta.generation.mode == GenerationMode.POSITIVE


@schemathesis.hook
def map_case(context, case):
    if not positive(case):
        return case
    path = case.operation.path
    query = dict(case.query or {})
    authority = set_authority(query, path)
    if path == "/api/v1/compare":
        names = [n.strip().lower() for n in str(query.get("authorities", "")).split(",")]
        names = [n for n in names if n in TABLE_FIRST]
        if "authorities" in query:
            query["authorities"] = ",".join(names) or DEFAULT
        year = number(query.get("year"))
        if year is not None:
            query["year"] = whole_year(set_calendar(query, year), year)
    if path == "/":
        if query.get("tz"):
            query["tz"] = ZONES[zlib.crc32(str(query["tz"]).encode()) % len(ZONES)]
        year, month = number(query.get("year")), number(query.get("month"))
        if "year" in query or "month" in query:
            year = year if year is not None else 1447
            month = month if month is not None else 1
            calendar = set_calendar(query, year)
            if calendar == "hijri":
                month = month_in_span(year, month)
            query["year"], query["month"] = year, month
    if path == "/api/v1/today" and query.get("tz"):
        query["tz"] = ZONES[zlib.crc32(str(query["tz"]).encode()) % len(ZONES)]
    if path == "/api/v1/today/{target_date}":
        params = dict(case.path_parameters or {})
        parts = parse(params.get("target_date", ""))
        if parts:
            day = min(max(real_day(*parts), SPAN[0]), SPAN[1])
            params["target_date"] = day.isoformat()
            set_retro(query, needs_retro("gregorian", day.isoformat(), authority))
            case.path_parameters = params
    if path == "/api/v1/convert":
        parts = parse(query.get("date", ""))
        if parts:
            calendar = set_calendar(query, parts[0])
            date = fix_date(query, "date", calendar)
            set_retro(query, needs_retro(calendar, date, authority))
    if path == "/api/v1/range":
        start, end = parse(query.get("start", "")), parse(query.get("end", ""))
        if start and end:
            calendar = set_calendar(query, start[0])
            first = fix_date(query, "start", calendar)
            query["end"] = query["start"]
            if calendar == "gregorian":
                day = datetime.date.fromisoformat(first)
                stretch = zlib.crc32(str(end).encode()) % 45
                last = min(day + datetime.timedelta(days=stretch), SPAN[1])
                query["end"] = last.isoformat()
            set_retro(query, needs_retro(calendar, first, authority))
    if path == "/api/v1/days.ics":
        year = number(query.get("year"))
        if year is not None:
            # A Gregorian year; its days before the table need retro.
            set_retro(query, needs_retro("gregorian", f"{year:04d}-01-01", authority))
    if path in (
        "/api/v1/month",
        "/api/v1/year",
        "/api/v1/events",
        "/api/v1/events.ics",
        "/api/v1/calendar.ics",
    ):
        year = number(query.get("year"))
        if year is not None:
            calendar = set_calendar(query, year)
            if path == "/api/v1/year":
                query["year"] = year = whole_year(calendar, year)
            month = number(query.get("month"))
            if path == "/api/v1/month" and calendar == "hijri" and month is not None:
                query["month"] = month = month_in_span(year, month)
            # /events never refuses a year for its retro dates: it leaves them out.
            if path in ("/api/v1/month", "/api/v1/year"):
                first = f"{year:04d}-{month if month is not None else 1:02d}-01"
                set_retro(query, needs_retro(calendar, first, authority))
    if path in ("/api/v1/hilal/info", "/api/v1/hilal/viz", "/api/v1/hilal/map"):
        year, month = number(query.get("year")), number(query.get("month"))
        if year is not None and month is not None:
            query["year"] = year
            query["month"] = month = month_in_span(year, month)
            set_retro(query, needs_retro("hijri", f"{year:04d}-{month:02d}-01", authority))
    if path == "/api/v1/hilal/history":
        low, high = query.get("from", HISTORY[0]), query.get("to", HISTORY[1])
        if re.match(r"^\d{4}-\d{2}$", str(low)) and re.match(r"^\d{4}-\d{2}$", str(high)):
            low, high = sorted((str(low), str(high)))
            low, high = max(low, HISTORY[0]), min(high, HISTORY[1])
            if low > high:
                low, high = HISTORY
            if "from" in query or low != HISTORY[0]:
                query["from"] = low
            if "to" in query or high != HISTORY[1]:
                query["to"] = high
    case.query = query
    return case


@schemathesis.hook
def before_call(context, case, **kwargs):
    map_case(context, case)
