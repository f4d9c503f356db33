//! iCalendar (RFC 5545) text: content lines with CRLF endings, folded at 75 octets on UTF-8
//! boundaries, and TEXT values escaped; what every feed shares (its content type, cache rule,
//! `UID` domain, named VCALENDAR head and `DTSTAMP` rule).

use std::fmt::Write as _;

use actix_web::http::header::HeaderValue;
use chrono::{DateTime, Datelike, Utc};
use hijri::date::Date;
use hijri::span;

/// The fixed right-hand side of every `UID` of every feed: with what it names (a slug and a
/// Hijri year, a day off) it names an event across archives.
pub const UID_DOMAIN: &str = "kalender-hijriah.invalid";

/// `Content-Type` of the feeds.
pub const CALENDAR: HeaderValue = HeaderValue::from_static("text/calendar; charset=utf-8");

/// `Cache-Control` of a subscription feed: it moves with the clock's year, and computed
/// months and predicted days may be corrected.
pub const FEED: HeaderValue = HeaderValue::from_static("public, max-age=3600");

/// The evening reminder's trigger: 19:00 the evening before an all-day event's midnight.
const EVENING: &str = "-PT5H";

/// How often a subscribed calendar asks again (`REFRESH-INTERVAL`, `X-PUBLISHED-TTL`).
const REFRESH: &str = "P1D";

/// The longest content line, in octets, before it is folded.
const LINE_OCTETS: usize = 75;

/// An iCalendar object being written.
pub struct Ical {
    out: String,
    line: String,
}

impl Ical {
    /// An empty object; `capacity` is a guess of its size.
    pub fn with_capacity(capacity: usize) -> Ical {
        Ical {
            out: String::with_capacity(capacity),
            line: String::with_capacity(128),
        }
    }

    /// The start of a feed's VCALENDAR named `name` (`X-WR-CALNAME`, `NAME`) and described by
    /// `description` (`X-WR-CALDESC`, `DESCRIPTION`), refreshed daily; `events` is a guess of
    /// the size of the events to come.
    pub fn feed(name: &str, description: &str, events: usize) -> Ical {
        let mut ical = Ical::with_capacity(events + 1024);
        ical.raw("BEGIN", "VCALENDAR");
        ical.raw("VERSION", "2.0");
        ical.raw("PRODID", "-//hijri-server//Kalender Hijriah Indonesia//ID");
        ical.raw("CALSCALE", "GREGORIAN");
        ical.raw("METHOD", "PUBLISH");
        ical.text("X-WR-CALNAME", name);
        ical.text("NAME", name);
        ical.text("X-WR-CALDESC", description);
        ical.text("DESCRIPTION", description);
        ical.raw("REFRESH-INTERVAL;VALUE=DURATION", REFRESH);
        ical.raw("X-PUBLISHED-TTL", REFRESH);
        ical
    }

    /// Ends the VCALENDAR begun by [`Ical::feed`]: the finished feed.
    pub fn end(mut self) -> String {
        self.raw("END", "VCALENDAR");
        self.out
    }

    /// Writes `name:value` as is (for values that need no escaping: dates, numbers, names).
    pub fn raw(&mut self, name: &str, value: impl std::fmt::Display) {
        self.line.clear();
        // Writing into a String cannot fail.
        let _ = write!(self.line, "{name}:{value}");
        self.flush();
    }

    /// Writes `name:value` with `value` escaped as TEXT (backslash, `;`, `,`, newline).
    pub fn text(&mut self, name: &str, value: &str) {
        self.line.clear();
        self.line.push_str(name);
        self.line.push(':');
        // The characters escaped are ASCII: the runs between them are copied whole.
        let mut run = 0;
        for (at, byte) in value.bytes().enumerate() {
            let escaped = match byte {
                b'\\' => "\\\\",
                b';' => "\\;",
                b',' => "\\,",
                b'\n' => "\\n",
                b'\r' => "",
                _ => continue,
            };
            self.line.push_str(value.get(run..at).unwrap_or_default());
            self.line.push_str(escaped);
            run = at + 1;
        }
        self.line.push_str(value.get(run..).unwrap_or_default());
        self.flush();
    }

    /// Writes the evening reminder of an all-day event (`reminder=evening`): a VALARM showing
    /// `description` at 19:00 the evening before.
    pub fn evening_alarm(&mut self, description: &str) {
        self.raw("BEGIN", "VALARM");
        self.raw("ACTION", "DISPLAY");
        self.text("DESCRIPTION", description);
        self.raw("TRIGGER", EVENING);
        self.raw("END", "VALARM");
    }

    /// Writes a reminder at an instant: a VALARM showing `description` at `at` (Unix
    /// seconds), its trigger an absolute UTC DATE-TIME, so it rings at that instant in every
    /// client's time zone (the fasting feed's reminder at the evening's maghrib).
    pub fn alarm_at(&mut self, description: &str, at: i64) {
        let Ok(day) = i32::try_from(at.div_euclid(86_400)) else {
            return;
        };
        let (y, m, d) = Date(day).ymd();
        let second = at.rem_euclid(86_400);
        let (hh, mm, ss) = (second / 3_600, second / 60 % 60, second % 60);
        self.raw("BEGIN", "VALARM");
        self.raw("ACTION", "DISPLAY");
        self.text("DESCRIPTION", description);
        self.raw(
            "TRIGGER;VALUE=DATE-TIME",
            format_args!("{y:04}{m:02}{d:02}T{hh:02}{mm:02}{ss:02}Z"),
        );
        self.raw("END", "VALARM");
    }

    /// Writes `name;VALUE=DATE:YYYYMMDD`.
    pub fn date(&mut self, name: &str, date: Date) {
        let (y, m, d) = date.ymd();
        self.line.clear();
        // Writing into a String cannot fail.
        let _ = write!(self.line, "{name};VALUE=DATE:{y:04}{m:02}{d:02}");
        self.flush();
    }

    /// Writes `name:YYYYMMDDT000000Z`, the start of `date` in UTC.
    pub fn midnight_utc(&mut self, name: &str, date: Date) {
        let (y, m, d) = date.ymd();
        self.raw(name, format_args!("{y:04}{m:02}{d:02}T000000Z"));
    }

    /// The finished object.
    pub fn finish(self) -> String {
        self.out
    }

    /// Appends the pending line, folded: at most 75 octets per physical line (the leading
    /// space of a continuation counts), never inside a UTF-8 sequence.
    fn flush(&mut self) {
        let mut rest = self.line.as_str();
        let mut limit = LINE_OCTETS;
        loop {
            if rest.len() <= limit {
                self.out.push_str(rest);
                self.out.push_str("\r\n");
                return;
            }
            let mut cut = limit;
            while !rest.is_char_boundary(cut) {
                cut -= 1;
            }
            let (head, tail) = rest.split_at(cut);
            self.out.push_str(head);
            self.out.push_str("\r\n ");
            rest = tail;
            limit = LINE_OCTETS - 1;
        }
    }
}

/// A feed's `DTSTAMP`: the date of its data (`data`), or today (UTC) at `now` if that is
/// earlier, so that it is never in the future; today without a date of the data.
pub fn stamp(data: Option<Date>, now: DateTime<Utc>) -> Date {
    let today = Date::from_ymd(now.year(), now.month(), now.day()).unwrap_or(span::LAST);
    data.map_or(today, |date| date.min(today))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alarm_rings_at_its_utc_instant() {
        for at in [-788_918_400 - 1, -1, 0, 1_772_400_000 + 41_399] {
            let mut ical = Ical::with_capacity(256);
            ical.alarm_at("x", at);
            let out = ical.finish();
            let expected = DateTime::<Utc>::from_timestamp(at, 0)
                .unwrap()
                .format("TRIGGER;VALUE=DATE-TIME:%Y%m%dT%H%M%SZ\r\n")
                .to_string();
            assert!(out.contains(&expected), "{at}: {out}");
        }
    }

    #[test]
    fn escapes_and_folds_on_char_boundaries() {
        let mut ical = Ical::with_capacity(256);
        ical.text("SUMMARY", "a,b;c\\d\ne");
        ical.date("DTSTART", Date::from_ymd(2026, 3, 20).unwrap());
        ical.midnight_utc("DTSTAMP", Date::from_ymd(2026, 3, 20).unwrap());
        let long = "é".repeat(60);
        ical.text("DESCRIPTION", &long);
        let out = ical.finish();
        let mut lines = out.split("\r\n");
        assert_eq!(lines.next(), Some("SUMMARY:a\\,b\\;c\\\\d\\ne"));
        assert_eq!(lines.next(), Some("DTSTART;VALUE=DATE:20260320"));
        assert_eq!(lines.next(), Some("DTSTAMP:20260320T000000Z"));
        let folded: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
        assert!(folded.iter().all(|l| l.len() <= LINE_OCTETS));
        assert!(folded[1..].iter().all(|l| l.starts_with(' ')));
        let joined: String = folded
            .iter()
            .enumerate()
            .map(|(i, l)| if i == 0 { *l } else { &l[1..] })
            .collect();
        assert_eq!(joined, format!("DESCRIPTION:{long}"));
        assert!(!out.contains('\n') || out.matches('\n').count() == out.matches("\r\n").count());
    }
}
