//! Date objects (`output`, `next`) and range items (`/range`, `/month`, `/year`).

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::lang::Lang;
use hijri::schema::ArchivedChain;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use hijri::ascii::Ascii;

/// A date object in the Hijri or Gregorian calendar.
#[derive(Serialize)]
pub struct DateObject<'a> {
    date: AnyDate,
    calendar: &'static str,
    day: u32,
    month: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    month_name: Option<&'static str>,
    year: i32,
    weekday: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
}

/// A date in either calendar, shown as ISO text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyDate {
    /// A Gregorian date.
    Gregorian(Date),
    /// A Hijri date.
    Hijri(HijriDate),
}

impl AnyDate {
    /// The date written `YYYY-MM-DD`.
    pub fn iso(self) -> Ascii<24> {
        match self {
            AnyDate::Gregorian(date) => date.iso(),
            AnyDate::Hijri(date) => date.iso(),
        }
    }
}

/// A JSON string, written without `core::fmt` (range items are the bulk of the large
/// answers).
impl Serialize for AnyDate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.iso().as_str())
    }
}

impl<'a> DateObject<'a> {
    /// The Hijri date `hijri` that falls on Gregorian `day`, named in `lang`.
    pub fn hijri(hijri: HijriDate, day: Date, lang: Lang) -> DateObject<'a> {
        DateObject {
            date: AnyDate::Hijri(hijri),
            calendar: "hijri",
            day: u32::from(hijri.day),
            month: u32::from(hijri.month),
            month_name: Some(hijri.month_of_year().name_in(lang)),
            year: i32::from(hijri.year),
            weekday: day.weekday().name_in(lang),
            source: None,
        }
    }

    /// The Gregorian date `day`, its weekday named in `lang`.
    pub fn gregorian(day: Date, lang: Lang) -> DateObject<'a> {
        let (year, month, dom) = day.ymd();
        DateObject {
            date: AnyDate::Gregorian(day),
            calendar: "gregorian",
            day: dom,
            month,
            month_name: None,
            year,
            weekday: day.weekday().name_in(lang),
            source: None,
        }
    }

    /// The same date object with a `source` member.
    pub fn with_source(self, source: &'a str) -> DateObject<'a> {
        DateObject {
            source: Some(source),
            ..self
        }
    }
}

/// Range items for every Gregorian day from `first` to `last`, all inside the chain.
#[derive(Clone, Copy)]
pub struct Days<'a> {
    /// The calendar.
    pub chain: &'a ArchivedChain,
    /// First day.
    pub first: Date,
    /// Last day (inclusive).
    pub last: Date,
    /// The language of the weekdays.
    pub lang: Lang,
}

impl Days<'_> {
    /// Number of days.
    pub fn count(&self) -> usize {
        usize::try_from(self.last.0 - self.first.0 + 1).unwrap_or(0)
    }
}

#[derive(Serialize)]
struct RangeItem<'a> {
    gregorian: AnyDate,
    hijri: AnyDate,
    weekday: &'static str,
    source: &'a str,
}

impl Serialize for Days<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.count()))?;
        let Some(mut index) = self.chain.month_index_of(self.first) else {
            return seq.end();
        };
        for number in self.first.0..=self.last.0 {
            let day = Date(number);
            while self.chain.months.get(index).is_some_and(|m| m.last() < day) {
                index += 1;
            }
            let Some(month) = self.chain.months.get(index) else {
                break;
            };
            let number = month.hijri_month();
            let hijri = HijriDate {
                year: number.year,
                month: number.month,
                day: (day.0 - month.start().0 + 1) as u8,
            };
            seq.serialize_element(&RangeItem {
                gregorian: AnyDate::Gregorian(day),
                hijri: AnyDate::Hijri(hijri),
                weekday: day.weekday().name_in(self.lang),
                source: self.chain.source(self.chain.tier_of_day(month, day)),
            })?;
        }
        seq.end()
    }
}
