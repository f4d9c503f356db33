//! Time zones as the service accepts them (the API's `tz` and the generator's `evening --tz`):
//! IANA names (any letter case), the Indonesian zone names `WIB`, `WITA` and `WIT`, and UTC
//! offsets written `UTC+7`, `UTC-03:30`, `+08:00` or `GMT+0530`; a [`Zone`] is a chrono
//! [`TimeZone`], with the local date and the seconds until the next local midnight.

use std::fmt;
use std::str::FromStr;

use chrono::{
    DateTime, Days, FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, NaiveTime, Offset,
    TimeZone, Utc,
};
use chrono_tz::Tz;

/// The zones as Indonesians write them, each an alias of its IANA zone, with the contract's
/// offset from UTC in hours (WIB = UTC+7, WITA = UTC+8, WIT = UTC+9).
const INDONESIAN: [(&str, Tz, i32); 3] = [
    ("WIB", Tz::Asia__Jakarta, 7),
    ("WITA", Tz::Asia__Makassar, 8),
    ("WIT", Tz::Asia__Jayapura, 9),
];

/// A resolved time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// A zone of the IANA database.
    Iana(Tz),
    /// A fixed offset from UTC.
    Fixed(FixedOffset),
}

impl Zone {
    /// Resolves a zone name or offset; `None` if it is neither.
    pub fn parse(text: &str) -> Option<Zone> {
        if let Some((_, tz, _)) = INDONESIAN
            .iter()
            .find(|(alias, _, _)| alias.eq_ignore_ascii_case(text))
        {
            return Some(Zone::Iana(*tz));
        }
        if let Ok(tz) = text.parse::<Tz>() {
            return Some(Zone::Iana(tz));
        }
        if let Some(tz) = chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().eq_ignore_ascii_case(text))
        {
            return Some(Zone::Iana(*tz));
        }
        parse_offset(text).map(Zone::Fixed)
    }

    /// The civil time of `tz` as the contract names Indonesia's zones: WIB, WITA and WIT are
    /// fixed offsets (UTC+7, +8, +9), without their IANA zones' history (Asia/Jakarta was
    /// UTC+9 in 1942–45 and UTC+7:30 until 1964); any other zone is itself. The evening
    /// records' local times are in it.
    pub fn civil(tz: Tz) -> Zone {
        INDONESIAN
            .iter()
            .find(|(_, zone, _)| *zone == tz)
            .and_then(|(_, _, hours)| FixedOffset::east_opt(hours * 3600))
            .map_or(Zone::Iana(tz), Zone::Fixed)
    }

    /// [`Zone::civil`] of an IANA name as a place's `tz` writes it (checked when the places
    /// were read; Asia/Jakarta for a name chrono-tz does not know).
    pub fn civil_named(name: &str) -> Zone {
        Zone::civil(name.parse().unwrap_or(Tz::Asia__Jakarta))
    }

    /// The local date at `now`.
    pub fn local_date(self, now: DateTime<Utc>) -> NaiveDate {
        now.with_timezone(&self).date_naive()
    }

    /// Seconds from `now` until the next local midnight (at least 1).
    #[allow(
        clippy::expect_used,
        reason = "now is a clock reading, far before chrono's last date (year 262143)"
    )]
    pub fn seconds_to_midnight(self, now: DateTime<Utc>) -> i64 {
        let tomorrow = self
            .local_date(now)
            .checked_add_days(Days::new(1))
            .expect("dates near now have a tomorrow")
            .and_time(NaiveTime::MIN);
        (next_instant(self, tomorrow) - now).num_seconds().max(1)
    }

    /// The zone's offset from UTC at the instant `utc`.
    fn fixed_at(self, utc: &NaiveDateTime) -> FixedOffset {
        match self {
            Zone::Iana(tz) => tz.offset_from_utc_datetime(utc).fix(),
            Zone::Fixed(offset) => offset,
        }
    }
}

impl From<Tz> for Zone {
    fn from(tz: Tz) -> Zone {
        Zone::Iana(tz)
    }
}

/// A text that is neither a zone name nor a UTC offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownZone(pub String);

impl fmt::Display for UnknownZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown time zone {:?}: expected an IANA zone name (Asia/Jakarta, any letter case), \
             WIB, WITA, WIT or a UTC offset (UTC+7, +08:00)",
            self.0
        )
    }
}

impl std::error::Error for UnknownZone {}

impl FromStr for Zone {
    type Err = UnknownZone;

    /// [`Zone::parse`], with an error that names the text.
    fn from_str(text: &str) -> Result<Zone, UnknownZone> {
        Zone::parse(text).ok_or_else(|| UnknownZone(text.to_owned()))
    }
}

/// A [`Zone`]'s offset at one instant: what chrono keeps in a `DateTime<Zone>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneOffset {
    zone: Zone,
    offset: FixedOffset,
}

impl Offset for ZoneOffset {
    fn fix(&self) -> FixedOffset {
        self.offset
    }
}

impl TimeZone for Zone {
    type Offset = ZoneOffset;

    fn from_offset(offset: &ZoneOffset) -> Zone {
        offset.zone
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<ZoneOffset> {
        self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN))
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<ZoneOffset> {
        let zone = *self;
        let with = |offset: FixedOffset| ZoneOffset { zone, offset };
        match zone {
            Zone::Iana(tz) => tz.offset_from_local_datetime(local).map(|o| with(o.fix())),
            Zone::Fixed(offset) => MappedLocalTime::Single(with(offset)),
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> ZoneOffset {
        self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> ZoneOffset {
        ZoneOffset {
            zone: *self,
            offset: self.fixed_at(utc),
        }
    }
}

/// The instant of a local time; across a gap, the first instant after it.
fn next_instant(zone: Zone, local: NaiveDateTime) -> DateTime<Utc> {
    (0..=4)
        .find_map(|hours| {
            zone.from_local_datetime(&(local + chrono::Duration::hours(hours)))
                .earliest()
        })
        .map_or_else(
            || local.and_utc() - zone.offset_from_utc_datetime(&local).fix(),
            |instant| instant.with_timezone(&Utc),
        )
}

impl fmt::Display for Zone {
    /// The canonical IANA name, or `UTC±HH:MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Zone::Iana(tz) => f.write_str(tz.name()),
            Zone::Fixed(offset) => {
                let seconds = offset.local_minus_utc();
                let sign = if seconds < 0 { '-' } else { '+' };
                let minutes = seconds.abs() / 60;
                write!(f, "UTC{sign}{:02}:{:02}", minutes / 60, minutes % 60)
            }
        }
    }
}

/// Parses `[UTC|GMT]±H[H][[:]MM]`, at most 14 hours away from UTC.
fn parse_offset(text: &str) -> Option<FixedOffset> {
    let rest = ["utc", "gmt"]
        .iter()
        .find_map(|p| {
            text.get(..3)
                .filter(|head| head.eq_ignore_ascii_case(p))
                .map(|_| &text[3..])
        })
        .unwrap_or(text);
    let sign = match rest.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let digits = &rest[1..];
    if !digits.is_ascii() {
        return None;
    }
    let (hours, minutes) = match digits.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h, m),
        Some(_) => return None,
        None if digits.len() > 2 => digits.split_at(digits.len() - 2),
        None => (digits, "00"),
    };
    let number = |s: &str| -> Option<i32> {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (hours, minutes) = (number(hours)?, number(minutes)?);
    let seconds = hours * 3600 + minutes * 60;
    if minutes >= 60 || seconds > 14 * 3600 {
        return None;
    }
    FixedOffset::east_opt(sign * seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indonesian_civil_time_is_a_fixed_offset() {
        let at = |zone: Zone, iso: &str| {
            let utc = NaiveDateTime::parse_from_str(iso, "%Y-%m-%d %H:%M").unwrap();
            zone.fixed_at(&utc).local_minus_utc()
        };
        // In 1945 Asia/Jakarta kept Japan's UTC+9, in 1950 UTC+7:30; WIB is UTC+7 always.
        assert_eq!(
            at(Zone::Iana(Tz::Asia__Jakarta), "1945-01-15 12:00"),
            9 * 3600
        );
        assert_eq!(
            at(Zone::Iana(Tz::Asia__Jakarta), "1950-06-01 12:00"),
            7 * 3600 + 1800
        );
        for (tz, hours) in [
            (Tz::Asia__Jakarta, 7),
            (Tz::Asia__Makassar, 8),
            (Tz::Asia__Jayapura, 9),
        ] {
            for day in ["1945-01-15 12:00", "1950-06-01 12:00", "2025-03-01 12:00"] {
                assert_eq!(at(Zone::civil(tz), day), hours * 3600, "{tz} {day}");
            }
        }
        assert_eq!(
            Zone::civil(Tz::Europe__Paris),
            Zone::Iana(Tz::Europe__Paris)
        );
    }

    fn name(text: &str) -> Option<String> {
        Zone::parse(text).map(|z| z.to_string())
    }

    #[test]
    fn names_and_offsets() {
        assert_eq!(name("Asia/Jakarta").as_deref(), Some("Asia/Jakarta"));
        assert_eq!(name("asia/JAKARTA").as_deref(), Some("Asia/Jakarta"));
        assert_eq!(name("UTC").as_deref(), Some("UTC"));
        assert_eq!(name("UTC+7").as_deref(), Some("UTC+07:00"));
        assert_eq!(name("utc-03:30").as_deref(), Some("UTC-03:30"));
        assert_eq!(name("+08:00").as_deref(), Some("UTC+08:00"));
        assert_eq!(name("GMT+0530").as_deref(), Some("UTC+05:30"));
        assert_eq!(name("-0"), Some("UTC+00:00".into()));
        assert_eq!(name("WIB").as_deref(), Some("Asia/Jakarta"));
        assert_eq!(name("wita").as_deref(), Some("Asia/Makassar"));
        assert_eq!(name("Wit").as_deref(), Some("Asia/Jayapura"));
        for bad in [
            "",
            "Mars/Olympus",
            "UTC+15",
            "+7:5",
            "+07:60",
            "UTC 7",
            "+",
            "07:00",
            "+123:00",
            "UTC+٧",
            "+٧1",
            "WITB",
            "WI",
        ] {
            assert_eq!(name(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn midnight_distance() {
        let now = DateTime::parse_from_rfc3339("2025-03-01T16:00:00Z")
            .unwrap()
            .to_utc();
        let jakarta = Zone::parse("Asia/Jakarta").unwrap();
        assert_eq!(jakarta.local_date(now).to_string(), "2025-03-01");
        assert_eq!(jakarta.seconds_to_midnight(now), 3600);
        let fixed = Zone::parse("UTC-03:30").unwrap();
        assert_eq!(fixed.seconds_to_midnight(now), 11 * 3600 + 1800);
        // New York springs forward at 02:00 on 2025-03-09; the day still ends at midnight.
        let ny = Zone::parse("America/New_York").unwrap();
        let evening = DateTime::parse_from_rfc3339("2025-03-10T03:00:00Z")
            .unwrap()
            .to_utc();
        assert_eq!(ny.seconds_to_midnight(evening), 3600);
    }

    #[test]
    fn a_zone_is_a_chrono_time_zone() {
        let instant = DateTime::parse_from_rfc3339("1960-06-01T19:00:00Z")
            .unwrap()
            .to_utc();
        // Monrovia kept -00:44:30 until 1972: the IANA history is kept to the second.
        let monrovia: Zone = "africa/monrovia".parse().unwrap();
        let local = instant.with_timezone(&monrovia);
        assert_eq!(local.offset().fix().local_minus_utc(), -(44 * 60 + 30));
        assert_eq!(local.naive_local().to_string(), "1960-06-01 18:15:30");
        let fixed: Zone = "UTC+7".parse().unwrap();
        let local = instant.with_timezone(&fixed);
        assert_eq!(local.naive_local().to_string(), "1960-06-02 02:00:00");
        let skipped = NaiveDate::from_ymd_opt(2025, 3, 9)
            .unwrap()
            .and_hms_opt(2, 30, 0)
            .unwrap();
        let ny = Zone::from(Tz::America__New_York);
        assert!(ny.from_local_datetime(&skipped).earliest().is_none());
        assert_eq!(
            "Mars/Base".parse::<Zone>().unwrap_err().to_string(),
            "unknown time zone \"Mars/Base\": expected an IANA zone name (Asia/Jakarta, any \
             letter case), WIB, WITA, WIT or a UTC offset (UTC+7, +08:00)"
        );
    }
}
