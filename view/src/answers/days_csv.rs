//! `/api/v1/days.csv`: every day of a Gregorian year, or of the whole served span, as one
//! CSV row, for apps that take the calendar offline: the weekday and pasaran, the Javanese
//! and the Chinese date, each calendar's Hijri date and the source of its tier, the day off and its kind, and the
//! observances of the default calendar's Hijri date.

use std::fmt::Write as _;

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::schema::{ArchivedChain, ArchivedDataset, DayKind, Tier};
use hijri::span;

use crate::answers::holidays::observances_on;
use crate::csv::push_field;
use crate::{ErrorCode, Refusal, Scope};

/// Bytes a row takes, about (to size the body once).
const ROW_BYTES: usize = 160;

/// The columns before the calendars': the day, its weekday and pasaran, its Javanese date
/// (day, month name, year AJ) and its Chinese date (day, month, leap month, year as
/// Indonesia numbers it, Kongzili).
const LEADING: [&str; 10] = [
    "date",
    "weekday",
    "pasaran",
    "javanese_day",
    "javanese_month",
    "javanese_year",
    "chinese_day",
    "chinese_month",
    "chinese_leap",
    "chinese_year",
];

/// The columns after the calendars': the day off (`libur_nasional`, `cuti_bersama`, each
/// kind once, both `;`-joined on a day with both), the holidays' slugs, whether the year's days off
/// are `decreed`, `partial` (a partial decree: the holidays it leaves out predicted) or
/// `predicted` (empty before the first year with days off), and the
/// observances' slugs.
const TRAILING: [&str; 4] = ["day_off", "holidays", "holiday_status", "observances"];

/// The Gregorian year asked for, checked against the served span: a year with no served day
/// is `invalid_year`.
pub fn year(year: i64) -> Result<i32, Refusal> {
    let (first, last) = (span::FIRST.ymd().0, span::LAST.ymd().0);
    i32::try_from(year)
        .ok()
        .filter(|y| (first..=last).contains(y))
        .ok_or_else(|| {
            Refusal::new(
                ErrorCode::InvalidYear,
                format!("years are supported from {first} to {last}"),
            )
        })
}

/// The CSV file of the Gregorian `year` (checked by [`year`]), or of the whole served span
/// when `None`: a header row, then one CRLF-terminated row per day.
pub fn days_csv(scope: &Scope, year: Option<i32>) -> String {
    let (first, last) = match year.and_then(|y| Some((Date::from_ymd(y, 1, 1)?, y))) {
        Some((first, y)) => (first, Date::from_ymd(y, 12, 31).unwrap_or(first)),
        None => (span::FIRST, span::LAST),
    };
    let dataset = scope.dataset;
    let days = usize::try_from(last.0 - first.0 + 1).unwrap_or(0);
    let mut out = String::with_capacity((days + 1) * ROW_BYTES);
    header(dataset, &mut out);
    let mut cursors: Vec<Cursor> = dataset
        .chains
        .iter()
        .map(|chain| Cursor::new(chain, first))
        .collect();
    for number in first.0..=last.0 {
        let day = Date(number);
        out.push_str(day.iso().as_str());
        out.push(',');
        out.push_str(day.weekday().name());
        out.push(',');
        out.push_str(Pasaran::of(day).name());
        other_dates(dataset, day, &mut out);
        let mut default_hijri = None;
        for (i, cursor) in cursors.iter_mut().enumerate() {
            out.push(',');
            let Some((hijri, tier)) = cursor.day(scope, day) else {
                out.push(',');
                continue;
            };
            if i == 0 {
                default_hijri = Some(hijri);
            }
            out.push_str(hijri.iso().as_str());
            out.push(',');
            out.push_str(cursor.chain.source(tier));
        }
        days_off(dataset, day, &mut out);
        out.push(',');
        if let Some(hijri) = default_hijri {
            let slugs: Vec<&str> = observances_on(hijri).map(|o| o.slug).collect();
            out.push_str(&slugs.join(";"));
        }
        out.push_str("\r\n");
    }
    out
}

/// The header row: the leading columns, `<id>` and `<id>_source` for each calendar in the
/// archive's order (the default first), the trailing columns.
fn header(dataset: &ArchivedDataset, out: &mut String) {
    let mut columns: Vec<String> = LEADING.iter().map(|c| (*c).to_owned()).collect();
    for chain in dataset.chains.iter() {
        columns.push(chain.id.to_string());
        columns.push(format!("{}_source", chain.id));
    }
    columns.extend(TRAILING.iter().map(|c| (*c).to_owned()));
    for (i, column) in columns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_field(out, column);
    }
    out.push_str("\r\n");
}

/// The Javanese and Chinese fields of `day` (`,day,month,year` each, the Chinese with its
/// leap flag; empty where a date is not known).
fn other_dates(dataset: &ArchivedDataset, day: Date, out: &mut String) {
    // Writing into a String cannot fail.
    match JavaneseDate::of(day) {
        Some(j) => {
            let _ = write!(out, ",{},{},{}", j.day(), j.month().name(), j.year());
        }
        None => out.push_str(",,,"),
    }
    match dataset.chinese_date(day) {
        Some(c) => {
            let _ = write!(out, ",{},{},{},{}", c.day, c.month, c.leap, c.kongzili());
        }
        None => out.push_str(",,,,"),
    }
}

/// The trailing day-off fields of `day` (`,day_off,holidays,holiday_status`).
fn days_off(dataset: &ArchivedDataset, day: Date, out: &mut String) {
    let records = dataset.holidays_on(day);
    let kinds: Vec<&str> = DayKind::ALL
        .into_iter()
        .filter(|kind| records.iter().any(|r| r.kind.get() == *kind))
        .map(DayKind::name)
        .collect();
    let slugs: Vec<&str> = records.iter().map(|r| r.slug.as_str()).collect();
    out.push(',');
    out.push_str(&kinds.join(";"));
    out.push(',');
    out.push_str(&slugs.join(";"));
    out.push(',');
    if let Some(year) = dataset.holiday_year(day.ymd().0) {
        out.push_str(year.standing().name());
    }
}

/// A walk through one calendar's months, day by day, reporting each month (and tier) it
/// serves once.
struct Cursor<'a> {
    chain: &'a ArchivedChain,
    index: usize,
    reported: Option<(usize, Tier)>,
}

impl<'a> Cursor<'a> {
    fn new(chain: &'a ArchivedChain, first: Date) -> Cursor<'a> {
        Cursor {
            chain,
            index: chain.month_index_of(first).unwrap_or(usize::MAX),
            reported: None,
        }
    }

    /// The Hijri date of `day` (a day after the previous one) and its tier, if the chain
    /// holds it.
    fn day(&mut self, scope: &Scope, day: Date) -> Option<(HijriDate, Tier)> {
        while self
            .chain
            .months
            .get(self.index)
            .is_some_and(|m| m.last() < day)
        {
            self.index += 1;
        }
        let month = self.chain.months.get(self.index)?;
        if month.start() > day {
            return None;
        }
        let tier = self.chain.tier_of_day(month, day);
        if self.reported != Some((self.index, tier)) {
            scope.record.served(self.chain, self.index, tier);
            self.reported = Some((self.index, tier));
        }
        let number = month.hijri_month();
        Some((
            HijriDate {
                year: number.year,
                month: number.month,
                day: u8::try_from(day.0 - month.start().0 + 1).ok()?,
            },
            tier,
        ))
    }
}
