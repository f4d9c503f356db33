//! Date objects (`output`, `next`) and range items (`/range`, `/month`, `/year`), each with
//! the day's other dates ([`DayDates`]: pasaran, weton, the Javanese and the Chinese date).

use hijri::chinese::ChineseDate;
use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::javanese::JavaneseDate;
use hijri::lang::Lang;
use hijri::pasaran::{weton, Pasaran};
use hijri::schema::{ArchivedChain, ArchivedDataset};
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
    #[serde(flatten)]
    dates: DayDates,
}

/// The other dates of a Gregorian day, as Indonesian wall calendars print them: `pasaran`,
/// `weton`, `javanese` and `chinese` (left out only where the archive has no Chinese table).
#[derive(Serialize)]
pub struct DayDates {
    pasaran: &'static str,
    weton: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    javanese: Option<Javanese>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chinese: Option<Chinese>,
}

/// `javanese`: the Javanese (Sultan Agungan) date.
#[derive(Serialize)]
struct Javanese {
    day: u8,
    month: &'static str,
    month_number: u8,
    year: i32,
    windu_year: &'static str,
    kurup: &'static str,
}

/// `chinese`: the Chinese date and its year's names.
#[derive(Serialize)]
struct Chinese {
    year: i32,
    month: u8,
    day: u8,
    leap: bool,
    sexagenary: Sexagenary,
    shio: &'static str,
    element: &'static str,
    kongzili: i32,
}

/// The year's stem and branch, "Bing-Wu", written without allocating.
struct Sexagenary(ChineseDate);

impl Serialize for Sexagenary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}-{}", self.0.stem(), self.0.branch()))
    }
}

impl DayDates {
    /// The other dates of `day`, the Chinese one looked up in `dataset`, the Chinese year's
    /// animal and element and the weton's weekday named in `lang` (the Javanese names and the
    /// pasaran have no other usual form: they stay Javanese).
    pub fn of(dataset: &ArchivedDataset, day: Date, lang: Lang) -> DayDates {
        DayDates {
            pasaran: Pasaran::of(day).name(),
            weton: weton(day, lang),
            javanese: JavaneseDate::of(day).map(|date| Javanese {
                day: date.day(),
                month: date.month().name(),
                month_number: date.month().number(),
                year: date.year(),
                windu_year: date.windu_year().name(),
                kurup: date.kurup().name(),
            }),
            chinese: dataset.chinese_date(day).map(|date| Chinese {
                year: date.year,
                month: date.month,
                day: date.day,
                leap: date.leap,
                sexagenary: Sexagenary(date),
                shio: date.shio_in(lang),
                element: date.element_in(lang),
                kongzili: date.kongzili(),
            }),
        }
    }
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
    /// The Hijri date `hijri` that falls on Gregorian `day` (of `dataset`), named in `lang`.
    pub fn hijri(
        dataset: &ArchivedDataset,
        hijri: HijriDate,
        day: Date,
        lang: Lang,
    ) -> DateObject<'a> {
        DateObject {
            date: AnyDate::Hijri(hijri),
            calendar: "hijri",
            day: u32::from(hijri.day),
            month: u32::from(hijri.month),
            month_name: Some(hijri.month_of_year().name_in(lang)),
            year: i32::from(hijri.year),
            weekday: day.weekday().name_in(lang),
            source: None,
            dates: DayDates::of(dataset, day, lang),
        }
    }

    /// The Gregorian date `day` (of `dataset`), its weekday named in `lang`.
    pub fn gregorian(dataset: &ArchivedDataset, day: Date, lang: Lang) -> DateObject<'a> {
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
            dates: DayDates::of(dataset, day, lang),
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
    /// The archive (its Chinese months).
    pub dataset: &'a ArchivedDataset,
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
    #[serde(flatten)]
    dates: DayDates,
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
                dates: DayDates::of(self.dataset, day, self.lang),
            })?;
        }
        seq.end()
    }
}
