//! Every query parameter of the interface, bounded once: its longest value, its grammar and
//! the code of its errors ([`Bound`]). The route table lists which of them each route reads;
//! [`crate::http::bounds::check`] holds every request to them before its handler runs, and
//! the OpenAPI document's `maxLength`s are checked against them
//! (`server/tests/api/openapi.rs`).

use crate::http::bounds::Bound;
use crate::http::error::ErrorCode;

/// `tz`: an IANA zone name (the longest is 32 characters), WIB/WITA/WIT or an offset.
pub const TZ: Bound = Bound::token("tz", 40, ErrorCode::InvalidTimezone);
/// `next`, a flag.
pub const NEXT: Bound = Bound::token("next", 16, ErrorCode::InvalidNext);
/// `retro`, a flag.
pub const RETRO: Bound = Bound::token("retro", 16, ErrorCode::InvalidRetro);
/// `bare`, a flag.
pub const BARE: Bound = Bound::token("bare", 16, ErrorCode::InvalidBare);
/// `download`, a flag.
pub const DOWNLOAD: Bound = Bound::token("download", 16, ErrorCode::InvalidDownload);
/// `detail`, a flag.
pub const DETAIL: Bound = Bound::token("detail", 16, ErrorCode::InvalidDetail);
/// `authority`: a calendar's identifier.
pub const AUTHORITY: Bound = Bound::token("authority", 32, ErrorCode::InvalidAuthority);
/// `authorities`: a comma list of calendar identifiers.
pub const AUTHORITIES: Bound = Bound::token("authorities", 256, ErrorCode::InvalidAuthority);
/// `lang`: `id`, `en` or `ar`.
pub const LANG: Bound = Bound::token("lang", 16, ErrorCode::InvalidLang);
/// `calendar`: `gregorian` or `hijri`.
pub const CALENDAR: Bound = Bound::token("calendar", 16, ErrorCode::InvalidCalendar);
/// `date`: `YYYY-MM-DD`.
pub const DATE: Bound = Bound::token("date", 32, ErrorCode::InvalidDate);
/// `start` of `/range`.
pub const START: Bound = Bound::token("start", 32, ErrorCode::InvalidDate);
/// `end` of `/range`.
pub const END: Bound = Bound::token("end", 32, ErrorCode::InvalidDate);
/// `from` of a range of days.
pub const FROM: Bound = Bound::token("from", 32, ErrorCode::InvalidDate);
/// `to` of a range of days.
pub const TO: Bound = Bound::token("to", 32, ErrorCode::InvalidDate);
/// `from` of `/hilal/history`: a Hijri month `YYYY-MM`.
pub const FROM_MONTH: Bound = Bound::token("from", 32, ErrorCode::InvalidRange);
/// `to` of `/hilal/history`.
pub const TO_MONTH: Bound = Bound::token("to", 32, ErrorCode::InvalidRange);
/// `step` of `/range`.
pub const STEP: Bound = Bound::token("step", 16, ErrorCode::InvalidStep);
/// `year`, an integer.
pub const YEAR: Bound = Bound::token("year", 16, ErrorCode::InvalidYear);
/// `month`: a month number, or `YYYY-MM` on `/prayer-times`.
pub const MONTH: Bound = Bound::token("month", 16, ErrorCode::InvalidMonth);
/// `include`: `all`, `extra` or a comma list of observance slugs.
pub const INCLUDE: Bound = Bound::token("include", 512, ErrorCode::InvalidInclude);
/// `reminder` of the feeds.
pub const REMINDER: Bound = Bound::token("reminder", 16, ErrorCode::InvalidReminder);
/// `kind` of the holidays.
pub const KIND: Bound = Bound::token("kind", 64, ErrorCode::InvalidKind);
/// `week`: 5 or 6.
pub const WEEK: Bound = Bound::token("week", 16, ErrorCode::InvalidWeek);
/// `cuti_bersama`: `off` or `work`.
pub const CUTI_BERSAMA: Bound = Bound::token("cuti_bersama", 16, ErrorCode::InvalidCutiBersama);
/// `n` of `/workdays/next`.
pub const N: Bound = Bound::token("n", 16, ErrorCode::InvalidN);
/// `q`: part of a place's name.
pub const Q: Bound = Bound::name("q", 64, ErrorCode::InvalidQ);
/// `lat`, degrees.
pub const LAT: Bound = Bound::token("lat", 24, ErrorCode::InvalidCoordinates);
/// `lon`, degrees.
pub const LON: Bound = Bound::token("lon", 24, ErrorCode::InvalidCoordinates);
/// `place`: a place's id (its kode wilayah); the longest name is 42 characters.
pub const PLACE: Bound = Bound::name("place", 64, ErrorCode::InvalidPlace);
/// `at` of `/prayer-times/next`: an RFC 3339 instant (`2026-02-19T18:05:00+07:00`).
pub const AT: Bound = Bound::token("at", 40, ErrorCode::InvalidAt);
/// `method` of the prayer times.
pub const METHOD: Bound = Bound::token("method", 32, ErrorCode::InvalidMethod);
/// `view` of the page: `month` or `year`.
pub const VIEW: Bound = Bound::token("view", 16, ErrorCode::InvalidKind);

/// What a day of one calendar takes: the calendar asked for, retro dates, and names.
const CALENDAR_DAY: [Bound; 3] = [RETRO, AUTHORITY, LANG];

/// `/today`.
pub const TODAY: &[Bound] = &[TZ, NEXT, AUTHORITY, LANG];
/// `/today/{date}`.
pub const TODAY_DATE: &[Bound] = &CALENDAR_DAY;
/// `/convert`.
pub const CONVERT: &[Bound] = &[DATE, CALENDAR, RETRO, AUTHORITY, LANG];
/// `/range`.
pub const RANGE: &[Bound] = &[START, END, CALENDAR, STEP, RETRO, AUTHORITY, LANG];
/// `/month`.
pub const MONTH_DAYS: &[Bound] = &[YEAR, MONTH, CALENDAR, RETRO, AUTHORITY, LANG];
/// `/months`.
pub const MONTHS: &[Bound] = &[LANG];
/// `/year`.
pub const YEAR_DAYS: &[Bound] = &[YEAR, CALENDAR, RETRO, AUTHORITY, LANG];
/// `/table` and `/table.csv`.
pub const TABLE: &[Bound] = &[RETRO, AUTHORITY];
/// `/compare`.
pub const COMPARE: &[Bound] = &[YEAR, CALENDAR, AUTHORITIES, RETRO, LANG];
/// `/events`.
pub const EVENTS: &[Bound] = &[YEAR, CALENDAR, INCLUDE, RETRO, AUTHORITY, LANG];
/// `/events.ics` and `/calendar.ics`.
pub const EVENTS_ICS: &[Bound] = &[YEAR, CALENDAR, INCLUDE, RETRO, AUTHORITY, REMINDER, LANG];
/// `/fasting`.
pub const FASTING: &[Bound] = &[YEAR, CALENDAR, RETRO, AUTHORITY, LANG];
/// `/fasting.ics`.
pub const FASTING_ICS: &[Bound] = &[YEAR, CALENDAR, RETRO, AUTHORITY, LANG, PLACE, REMINDER];
/// `/days.ics`.
pub const DAYS_ICS: &[Bound] = &[AUTHORITY, LANG, YEAR, RETRO, REMINDER];
/// `/days.csv`.
pub const DAYS_CSV: &[Bound] = &[YEAR];
/// `/holidays`.
pub const HOLIDAYS: &[Bound] = &[YEAR, KIND, LANG];
/// `/holidays.ics`.
pub const HOLIDAYS_ICS: &[Bound] = &[YEAR, KIND, LANG, REMINDER];
/// `/workdays`.
pub const WORKDAYS: &[Bound] = &[FROM, TO, WEEK, CUTI_BERSAMA, LANG];
/// `/workdays/next`.
pub const WORKDAYS_NEXT: &[Bound] = &[DATE, N, WEEK, CUTI_BERSAMA, LANG];
/// `/places`.
pub const PLACES: &[Bound] = &[Q, LAT, LON];
/// `/prayer-times`.
pub const PRAYER_TIMES: &[Bound] = &[PLACE, LAT, LON, DATE, MONTH, FROM, TO, METHOD, DETAIL, LANG];
/// `/prayer-times/next`.
pub const PRAYER_NEXT: &[Bound] = &[PLACE, LAT, LON, AT, METHOD];
/// The printable imsakiyah page.
pub const IMSAKIYAH: &[Bound] = &[PLACE, YEAR, AUTHORITY, METHOD, LANG];
/// `/api/v1/imsakiyah`.
pub const IMSAKIYAH_API: &[Bound] = &[PLACE, LAT, LON, YEAR, AUTHORITY, METHOD, LANG];
/// `/imsakiyah.ics`.
pub const IMSAKIYAH_ICS: &[Bound] = &[PLACE, LAT, LON, YEAR, AUTHORITY, METHOD, LANG];
/// `/hilal/info`.
pub const HILAL_INFO: &[Bound] = &[MONTH, YEAR, RETRO, INCLUDE, AUTHORITY, LANG];
/// `/hilal/history`.
pub const HILAL_HISTORY: &[Bound] = &[FROM_MONTH, TO_MONTH, INCLUDE, AUTHORITY, LANG];
/// `/hilal/viz` and `/hilal/map`.
pub const CARD: &[Bound] = &[MONTH, YEAR, RETRO, BARE, DOWNLOAD, AUTHORITY];
/// The page at `/`.
pub const PAGE: &[Bound] = &[LANG, TZ, AUTHORITY, CALENDAR, YEAR, MONTH, VIEW, PLACE];
/// `/embed`.
pub const EMBED: &[Bound] = &[LANG, TZ, AUTHORITY, PLACE];
/// The mosque screen, `/display`.
pub const DISPLAY: &[Bound] = &[PLACE, AUTHORITY, LANG];
/// `/qibla`.
pub const QIBLA: &[Bound] = &[PLACE, LAT, LON];
/// `/qibla/rashdul`.
pub const QIBLA_RASHDUL: &[Bound] = &[YEAR];
/// `/qibla/shadow`.
pub const QIBLA_SHADOW: &[Bound] = &[PLACE, LAT, LON, DATE, MONTH, TZ];
/// `/eclipses`.
pub const ECLIPSES: &[Bound] = &[YEAR, FROM, TO, KIND];
/// `/eclipses.ics`.
pub const ECLIPSES_ICS: &[Bound] = &[PLACE, YEAR, FROM, TO, KIND, LANG];
/// `/eclipses/{id}`.
pub const ECLIPSE: &[Bound] = &[PLACE, LAT, LON];
/// `/eclipses/{id}/map`.
pub const ECLIPSE_MAP: &[Bound] = &[BARE, DOWNLOAD];
/// Routes that read no parameter.
pub const NONE: &[Bound] = &[];
