//! Look-ups over the archived calendar: Gregorian day ↔ Hijri date, months by number.
//!
//! Every look-up is a binary search or an index computation over the archived months; none
//! allocates.

use crate::date::Date;
use crate::hijri::{HijriDate, HijriMonth};
use crate::schema::{
    ArchivedCalendar, ArchivedCard, ArchivedCardKind, ArchivedMonth, ArchivedStoredAnswer,
    CardKind, Tier,
};

impl ArchivedMonth {
    /// The month's Hijri year and number.
    pub fn hijri_month(&self) -> HijriMonth {
        HijriMonth {
            year: self.year.to_native(),
            month: self.month,
        }
    }

    /// Gregorian date of day 1.
    pub fn start(&self) -> Date {
        Date(self.start.to_native())
    }

    /// Gregorian date of the last day.
    pub fn last(&self) -> Date {
        self.start().add_days(i32::from(self.length) - 1)
    }

    /// Where the month's start comes from.
    pub fn tier(&self) -> Tier {
        self.tier.get()
    }
}

/// The tier of a single day in a month of tier `month_tier`. A day after the official
/// coverage is computed even inside the table's last month, whose length is not official.
pub fn day_tier(month_tier: Tier, day: Date, coverage_last: Date) -> Tier {
    if month_tier == Tier::Regional && day > coverage_last {
        Tier::Computed
    } else {
        month_tier
    }
}

impl ArchivedCard {
    /// The card's place in the order of the cards: year, month, kind, bare.
    pub fn order(&self) -> (u16, u8, CardKind, bool) {
        let kind = match self.kind {
            ArchivedCardKind::Viz => CardKind::Viz,
            ArchivedCardKind::Map => CardKind::Map,
        };
        (self.year.to_native(), self.month, kind, self.bare)
    }
}

impl ArchivedCalendar {
    /// The tier of `day`, which lies in the archived month `month` (see [`day_tier`]).
    pub fn tier_of_day(&self, month: &ArchivedMonth, day: Date) -> Tier {
        day_tier(month.tier(), day, self.coverage().1)
    }

    /// First day in the archive (day 1 of its first month).
    pub fn first_day(&self) -> Date {
        self.months.first().map_or(Date(0), ArchivedMonth::start)
    }

    /// Last day in the archive (last day of its last month).
    pub fn last_day(&self) -> Date {
        self.months.last().map_or(Date(-1), ArchivedMonth::last)
    }

    /// The Gregorian years served whole: every day of them is in the archive (an empty
    /// archive gives an empty range).
    pub fn gregorian_years(&self) -> (i32, i32) {
        let (first, last) = (self.first_day(), self.last_day());
        let ((y0, m0, d0), (y1, m1, d1)) = (first.ymd(), last.ymd());
        (
            y0 + i32::from((m0, d0) != (1, 1)),
            y1 - i32::from((m1, d1) != (12, 31)),
        )
    }

    /// The Hijri years served whole: all twelve months of them are in the archive.
    pub fn hijri_years(&self) -> (u16, u16) {
        match (self.months.first(), self.months.last()) {
            (Some(first), Some(last)) => (
                first.year.to_native() + u16::from(first.month != 1),
                last.year
                    .to_native()
                    .saturating_sub(u16::from(last.month != 12)),
            ),
            _ => (1, 0),
        }
    }

    /// Index of the month containing a Gregorian date, if the archive covers it.
    pub fn month_index_of(&self, date: Date) -> Option<usize> {
        if date < self.first_day() || date > self.last_day() {
            return None;
        }
        let after = self.months.partition_point(|m| m.start() <= date);
        after.checked_sub(1)
    }

    /// The Hijri date of a Gregorian date, with its month, if the archive covers it.
    pub fn to_hijri(&self, date: Date) -> Option<(HijriDate, &ArchivedMonth)> {
        let month = self.months.get(self.month_index_of(date)?)?;
        let day = (date.0 - month.start.to_native() + 1) as u8;
        Some((
            HijriDate {
                year: month.year.to_native(),
                month: month.month,
                day,
            },
            month,
        ))
    }

    /// Index of a Hijri month, if the archive holds it.
    pub fn month_index(&self, target: HijriMonth) -> Option<usize> {
        let first = self.months.first()?.hijri_month();
        let ordinal = |m: HijriMonth| i64::from(m.year) * 12 + i64::from(m.month) - 1;
        let index = usize::try_from(ordinal(target) - ordinal(first)).ok()?;
        (index < self.months.len() && (1..=12).contains(&target.month)).then_some(index)
    }

    /// The archived month for a Hijri year and month.
    pub fn month(&self, target: HijriMonth) -> Option<&ArchivedMonth> {
        self.indexed_month(target).map(|(_, month)| month)
    }

    /// The index and the archived month of a Hijri year and month.
    pub fn indexed_month(&self, target: HijriMonth) -> Option<(usize, &ArchivedMonth)> {
        let index = self.month_index(target)?;
        Some((index, self.months.get(index)?))
    }

    /// The Gregorian date of a Hijri date, with its month; `None` if the archive does not hold
    /// the month or the month is shorter than the day.
    pub fn to_gregorian(&self, date: HijriDate) -> Option<(Date, &ArchivedMonth)> {
        let month = self.month(date.month_of_year())?;
        (date.day >= 1 && date.day <= month.length)
            .then(|| (month.start().add_days(i32::from(date.day) - 1), month))
    }

    /// The card for a month, kind and variant (cards are sorted by [`ArchivedCard::key`]).
    pub fn card(&self, month: HijriMonth, kind: CardKind, bare: bool) -> Option<&ArchivedCard> {
        let key = (month.year, month.month, kind, bare);
        let index = self.cards.binary_search_by(|c| c.order().cmp(&key)).ok()?;
        self.cards.get(index)
    }

    /// The stored answer under `key` (binary search over the sorted keys, no allocation).
    pub fn stored_answer(&self, key: &str) -> Option<&ArchivedStoredAnswer> {
        let index = self
            .bodies
            .binary_search_by(|b| b.key.as_str().cmp(key))
            .ok()?;
        let answer = self.bodies.get(index)?.answer.to_native();
        self.answers.get(usize::try_from(answer).ok()?)
    }

    /// Official-table coverage `(first, last)`.
    pub fn coverage(&self) -> (Date, Date) {
        (
            Date(self.header.coverage_first.to_native()),
            Date(self.header.coverage_last.to_native()),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::archive;
    use crate::date::Date;
    use crate::hijri::{HijriDate, HijriMonth};
    use crate::schema::{Calendar, Evening, Header, Month, Tier};

    /// Three months: 1446-08 (29 days), 1446-09 (30 days), 1446-10 (29 days).
    fn sample() -> rkyv::util::AlignedVec<16> {
        let start = Date::parse_iso("2025-01-31").unwrap().0;
        let evening = Evening {
            date: 0,
            hijri_day: 29,
            conjunction_ms: 0,
            deciding: 0,
            visible: true,
            sites: vec![],
        };
        let month = |month: u8, start: i32, length: u8| Month {
            year: 1446,
            month,
            start,
            length,
            tier: Tier::Regional,
            evening: evening.clone(),
        };
        let calendar = Calendar {
            header: Header {
                data_version: "test".into(),
                table_version: "none".into(),
                coverage_first: start,
                coverage_last: start + 87,
                card_years: [1444, 1475],
            },
            criterion: crate::schema::Criterion::neo_mabims(),
            sites: vec![],
            months: vec![
                month(8, start, 29),
                month(9, start + 29, 30),
                month(10, start + 59, 29),
            ],
            divergences: vec![],
            cards: vec![],
            bodies: vec![],
            answers: vec![],
        };
        let mut bytes = rkyv::util::AlignedVec::<16>::new();
        bytes.extend_from_slice(&archive::encode(&calendar).unwrap());
        bytes
    }

    #[test]
    fn days_after_the_coverage_are_computed_and_partial_years_are_not_served() {
        let last = Date::parse_iso("2026-12-31").unwrap();
        assert_eq!(super::day_tier(Tier::Regional, last, last), Tier::Regional);
        assert_eq!(
            super::day_tier(Tier::Regional, last.add_days(1), last),
            Tier::Computed
        );
        assert_eq!(super::day_tier(Tier::Computed, last, last), Tier::Computed);
        assert_eq!(super::day_tier(Tier::Retro, last, last), Tier::Retro);
        let bytes = sample();
        let cal = archive::open(&bytes).unwrap();
        let (g0, g1) = cal.gregorian_years();
        let (h0, h1) = cal.hijri_years();
        assert!(g0 > g1 && h0 > h1, "three months hold no whole year");
        let march = Date::parse_iso("2025-03-10").unwrap();
        let month = cal.to_hijri(march).unwrap().1;
        assert_eq!(cal.tier_of_day(month, march), Tier::Regional);
    }

    #[test]
    fn gregorian_to_hijri_at_month_edges() {
        let bytes = sample();
        let cal = archive::open(&bytes).unwrap();
        let hijri = |iso: &str| {
            cal.to_hijri(Date::parse_iso(iso).unwrap())
                .map(|(h, _)| h.to_string())
        };
        assert_eq!(hijri("2025-01-30"), None);
        assert_eq!(hijri("2025-01-31").as_deref(), Some("1446-08-01"));
        assert_eq!(hijri("2025-02-28").as_deref(), Some("1446-08-29"));
        assert_eq!(hijri("2025-03-01").as_deref(), Some("1446-09-01"));
        assert_eq!(hijri("2025-03-30").as_deref(), Some("1446-09-30"));
        assert_eq!(hijri("2025-03-31").as_deref(), Some("1446-10-01"));
        assert_eq!(hijri("2025-04-28").as_deref(), Some("1446-10-29"));
        assert_eq!(hijri("2025-04-29"), None);
    }

    #[test]
    fn hijri_to_gregorian_respects_month_length() {
        let bytes = sample();
        let cal = archive::open(&bytes).unwrap();
        let greg = |iso: &str| {
            cal.to_gregorian(HijriDate::parse_iso(iso).unwrap())
                .map(|(d, _)| d.to_string())
        };
        assert_eq!(greg("1446-09-01").as_deref(), Some("2025-03-01"));
        assert_eq!(greg("1446-09-30").as_deref(), Some("2025-03-30"));
        assert_eq!(greg("1446-08-30"), None);
        assert_eq!(greg("1446-10-30"), None);
        assert_eq!(greg("1446-11-01"), None);
        assert_eq!(greg("1446-07-29"), None);
        assert_eq!(
            cal.month_index(HijriMonth {
                year: 1446,
                month: 10
            }),
            Some(2)
        );
    }

    #[test]
    fn open_refuses_damaged_archives() {
        let bytes = sample();
        assert!(matches!(
            archive::open(&bytes[..10]),
            Err(archive::ArchiveError::Truncated(10))
        ));
        let mut bad = rkyv::util::AlignedVec::<16>::new();
        bad.extend_from_slice(&bytes);
        bad[0] = b'X';
        assert_eq!(
            archive::open(&bad).unwrap_err(),
            archive::ArchiveError::BadMagic
        );
        bad[0] = b'H';
        bad[8] = 99;
        assert_eq!(
            archive::open(&bad).unwrap_err(),
            archive::ArchiveError::WrongFormat(99)
        );
        bad[8] = archive::FORMAT_VERSION as u8;
        bad[12] ^= 0xff;
        assert!(matches!(
            archive::open(&bad),
            Err(archive::ArchiveError::WrongSchema(_))
        ));
        bad[12] ^= 0xff;
        let len = bad.len();
        let mut cut = rkyv::util::AlignedVec::<16>::new();
        cut.extend_from_slice(&bad[..len - 8]);
        let body = (len - archive::HEADER_LEN) as u64;
        assert_eq!(
            archive::open(&cut).unwrap_err(),
            archive::ArchiveError::BodyLength {
                actual: body - 8,
                expected: body
            }
        );
    }

    #[test]
    fn a_flipped_body_byte_fails_the_checksum() {
        let mut bad = sample();
        let middle = archive::HEADER_LEN + (bad.len() - archive::HEADER_LEN) / 2;
        bad[middle] ^= 0x01;
        let error = archive::open(&bad).unwrap_err();
        assert!(
            matches!(error, archive::ArchiveError::Checksum { actual, expected } if actual != expected),
            "{error}"
        );
        assert!(error
            .to_string()
            .starts_with("checksum mismatch: body hashes to "));
        // Re-sealed with the damaged body's checksum, the same bytes pass the header.
        let header = archive::header_for(&bad[archive::HEADER_LEN..]);
        bad[..archive::HEADER_LEN].copy_from_slice(&header);
        assert!(!matches!(
            archive::open(&bad),
            Err(archive::ArchiveError::Checksum { .. })
        ));
    }
}
