//! Puasa sunnah: the body of `/api/v1/fasting` (and the days of `/fasting.ics`): every day
//! of a Hijri year, or of a Gregorian year, in one calendar that is a sunnah fasting day or
//! a day fasting is forbidden, one entry per day with all its kinds, as
//! [`hijri::fasting::of_day`] says. Days whose months need `retro=true` are left out without
//! it, and those outside the served span always, each counted in a warning, as `/events`
//! does (of the months of a Hijri year the archive does not hold, past the span's end, the
//! days listed whatever their weekday are counted): the endpoint never answers
//! `out_of_coverage` for a year it accepts.

use hijri::date::Date;
use hijri::fasting::{self, Day, Forbidden, Kind, FORBIDDEN, KINDS, SYAWAL_WINDOW};
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::lang::Lang;
use hijri::schema::Tier;
use hijri::span;
use hijri::warnings::{Items, Warning, Warnings};
use hijri::weekday::Weekday;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::coverage;
use crate::{Calendar, ErrorCode, Refusal, Scope, Text, WarningList};

/// One listed day.
#[derive(Clone, Copy, Debug)]
pub struct FastDay<'a> {
    /// Its Gregorian date.
    pub date: Date,
    /// Its Hijri date in the calendar.
    pub hijri: HijriDate,
    /// What it is for fasting (a sunnah kind or a forbidden day).
    pub day: Day,
    /// The tier of its date.
    pub tier: Tier,
    /// The `source` of that tier.
    pub source: &'a str,
}

/// The listed days one request selects.
pub struct Selected<'a> {
    /// The year asked for (0 for the window of a feed).
    pub year: i32,
    /// The calendar of `year`.
    pub calendar: Calendar,
    /// `retro`.
    pub retro: bool,
    /// The days, in date order.
    pub days: Vec<FastDay<'a>>,
    /// Their warnings (`retro_required`, `outside_span` for those left out).
    pub warnings: Warnings<'a>,
    /// True if every day served comes from the published table.
    pub published: bool,
}

impl Selected<'_> {
    /// True if the answer may be cached as immutable (the `/events` rule).
    pub fn immutable(&self) -> bool {
        super::events::immutable(self.published, self.days.len())
    }
}

/// The listed days of `year` (checked by [`coverage::year`]) in `calendar`, in `scope`'s
/// calendar.
pub fn select<'a>(
    scope: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    retro: bool,
) -> Result<Selected<'a>, Refusal> {
    let mut selected = Selected {
        year,
        calendar,
        retro,
        days: Vec::with_capacity(160),
        warnings: Warnings::default(),
        published: true,
    };
    add_year(scope, &mut selected, calendar, year)?;
    Ok(selected)
}

/// The listed days of the Gregorian years `years` (those of them the calendar serves; the
/// others are left out, not refused), for a feed without `year`.
pub fn select_years<'a>(
    scope: &Scope<'a>,
    years: std::ops::RangeInclusive<i32>,
    retro: bool,
) -> Result<Selected<'a>, Refusal> {
    let mut selected = Selected {
        year: 0,
        calendar: Calendar::Gregorian,
        retro,
        days: Vec::with_capacity(160 * 4),
        warnings: Warnings::default(),
        published: true,
    };
    for year in years {
        if let Ok(year) = coverage::year(scope, Calendar::Gregorian, i64::from(year)) {
            add_year(scope, &mut selected, Calendar::Gregorian, year)?;
        }
    }
    Ok(selected)
}

/// Adds the listed days of `year` in `calendar` to `selected`.
fn add_year<'a>(
    scope: &Scope<'a>,
    selected: &mut Selected<'a>,
    calendar: Calendar,
    year: i32,
) -> Result<(), Refusal> {
    let chain = scope.chain;
    // The archived months to walk, and the Gregorian days of the year among their days.
    let (indices, first, last) = match calendar {
        Calendar::Hijri => {
            let month = |number| {
                chain.month_index(HijriMonth {
                    year: u16::try_from(year).unwrap_or(0),
                    month: number,
                })
            };
            let (a, b) = (month(1), month(12));
            let (a, b) = match (a, b) {
                (Some(a), Some(b)) => (a, b),
                (Some(a), None) => (a, chain.months.len().saturating_sub(1)),
                (None, Some(b)) => (0, b),
                (None, None) => {
                    return Err(coverage::outside_archive(scope, ErrorCode::InvalidYear))
                }
            };
            (a..=b, Date(i32::MIN), Date(i32::MAX))
        }
        Calendar::Gregorian => {
            let (first, last) =
                coverage::gregorian_year(scope, year, ErrorCode::DateOutOfSupportedRange)?;
            let a = chain.month_index_of(first.max(chain.first_day()));
            let b = chain.month_index_of(last.min(chain.last_day()));
            match (a, b) {
                (Some(a), Some(b)) => (a..=b, first, last),
                _ => {
                    return Err(coverage::outside_archive(
                        scope,
                        ErrorCode::DateOutOfSupportedRange,
                    ))
                }
            }
        }
    };
    let (mut outside, mut left_out) = (0_u16, 0_u16);
    if let Calendar::Hijri = calendar {
        outside = unarchived(scope, year);
    }
    let mut served: Option<(usize, usize, Date)> = None;
    for index in indices {
        let Some(month) = chain.months.get(index) else {
            continue;
        };
        let hijri_month = month.hijri_month();
        for n in 1..=month.length {
            let date = month.start().add_days(i32::from(n) - 1);
            if !(first..=last).contains(&date) {
                continue;
            }
            let hijri = HijriDate {
                year: hijri_month.year,
                month: hijri_month.month,
                day: n,
            };
            let day = fasting::of_day(hijri, date.weekday());
            if !day.is_listed() {
                continue;
            }
            if !span::contains(date) {
                outside = outside.saturating_add(1);
                continue;
            }
            if !selected.retro && coverage::needs_retro(scope, index) {
                left_out = left_out.saturating_add(1);
                continue;
            }
            let tier = chain.tier_of_day(month, date);
            served = Some(match served {
                None => (index, index, date),
                Some((a, _, _)) => (a, index, date),
            });
            selected.days.push(FastDay {
                date,
                hijri,
                day,
                tier,
                source: chain.source(tier),
            });
        }
    }
    if let Some((a, b, through)) = served {
        let span = coverage::span(scope, a..b + 1, through, selected.retro)?;
        selected.warnings.merge(span.warnings);
        selected.published &= span.all_published;
    }
    if left_out > 0 {
        let before = chain.texts.before_table.as_str();
        selected
            .warnings
            .add(Warning::RetroRequired(left_out, Items::Days, before));
    }
    if outside > 0 {
        selected.warnings.add(Warning::OutsideSpan(outside));
    }
    Ok(())
}

/// The listed days of the months of Hijri `year` the chain does not hold (the year at the
/// span's end): the days that are listed whatever their weekday, in the 29 days every month
/// has (their Mondays and Thursdays cannot be dated and are not counted).
fn unarchived(scope: &Scope, year: i32) -> u16 {
    let Ok(year) = u16::try_from(year) else {
        return 0;
    };
    let missing = (1..=12).filter(|&month| {
        scope
            .chain
            .month_index(HijriMonth { year, month })
            .is_none()
    });
    let listed = missing
        .flat_map(|month| (1..=29).map(move |day| HijriDate { year, month, day }))
        .filter(|&date| fasting::of_day(date, Weekday::Rabu).is_listed())
        .count();
    u16::try_from(listed).unwrap_or(u16::MAX)
}

#[derive(Serialize)]
struct Input<'a> {
    year: i32,
    calendar: &'static str,
    authority: &'a str,
    retro: bool,
}

#[derive(Serialize)]
struct CalendarView<'a> {
    id: &'a str,
    name: &'a str,
}

/// One kind of the vocabulary, in the answer's language.
struct KindView {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    rule: &'static str,
    forbidden: bool,
}

impl Serialize for KindView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("id", self.id)?;
        map.serialize_entry("name", self.name)?;
        map.serialize_entry("description", self.description)?;
        map.serialize_entry("rule", self.rule)?;
        map.serialize_entry("forbidden", &self.forbidden)?;
        map.end()
    }
}

/// A text of the vocabulary (Indonesian, English) in `lang` (Arabic reads the Indonesian
/// text, as names without an Arabic form do).
fn text(lang: Lang, (id, en): (&'static str, &'static str)) -> &'static str {
    lang.pick((id, en, None))
}

/// The kind `kind` in `lang`.
fn kind_view(kind: &Kind, lang: Lang) -> KindView {
    KindView {
        id: kind.id,
        name: kind.name_in(lang),
        description: text(lang, kind.description),
        rule: text(lang, kind.rule),
        forbidden: false,
    }
}

/// The forbidden day `day` in `lang`.
fn forbidden_view(day: &Forbidden, lang: Lang) -> KindView {
    KindView {
        id: day.id(),
        name: day.name_in(lang),
        description: text(
            lang,
            (
                "Hari yang haram untuk berpuasa.",
                "A day on which fasting is forbidden.",
            ),
        ),
        rule: text(lang, day.rule),
        forbidden: true,
    }
}

/// How the answer treats the days of Ramadan and the six days of Syawal.
#[derive(Serialize)]
struct Notes {
    ramadan: &'static str,
    syawal_window: SyawalWindow,
}

#[derive(Serialize)]
struct SyawalWindow {
    first_day: u8,
    last_day: u8,
    note: &'static str,
}

/// The note on Ramadan in `lang`.
pub fn ramadan_note(lang: Lang) -> &'static str {
    text(
        lang,
        (
            "Hari-hari Ramadhan adalah puasa wajib, bukan puasa sunnah: tidak ada hari Ramadhan \
             yang dicantumkan, juga Senin, Kamis dan tanggal 13–15 Ramadhan.",
            "The days of Ramadan are the obligatory fast, not sunnah fasting: no day of Ramadan \
             is listed, its Mondays, Thursdays and days 13–15 included.",
        ),
    )
}

/// The Hijri date of an entry.
#[derive(Serialize)]
struct HijriView {
    date: Text<HijriDate>,
    day: u8,
    month: u8,
    month_name: &'static str,
    year: u16,
}

/// A kind as an entry names it.
#[derive(Serialize)]
struct Named {
    id: &'static str,
    name: &'static str,
}

/// One entry of `days`.
#[derive(Serialize)]
struct Entry<'a> {
    gregorian: Text<Date>,
    weekday: &'static str,
    hijri: HijriView,
    source: &'a str,
    kinds: Vec<Named>,
    forbidden: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forbidden_name: Option<&'static str>,
    removed: Vec<&'static str>,
}

/// How many days of each kind (and of each forbidden day) the answer lists.
struct Counts<'a>(&'a [FastDay<'a>]);

impl Serialize for Counts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(KINDS.len() + FORBIDDEN.len()))?;
        for (i, kind) in KINDS.iter().enumerate() {
            let n = self.0.iter().filter(|d| d.day.kinds.contains(i)).count();
            map.serialize_entry(kind.id, &n)?;
        }
        for day in &FORBIDDEN {
            let n = self
                .0
                .iter()
                .filter(|d| d.day.forbidden.is_some_and(|f| f.id() == day.id()))
                .count();
            map.serialize_entry(day.id(), &n)?;
        }
        map.end()
    }
}

/// The body of `/api/v1/fasting`.
#[derive(Serialize)]
pub struct FastingBody<'a> {
    input: Input<'a>,
    calendar: CalendarView<'a>,
    kinds: Vec<KindView>,
    notes: Notes,
    count: usize,
    counts: Counts<'a>,
    days: Vec<Entry<'a>>,
    warnings: WarningList<'a>,
}

impl FastingBody<'_> {
    /// Number of days listed.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The vocabulary of the answer in `lang`: the sunnah kinds, then the forbidden days.
fn vocabulary(lang: Lang) -> Vec<KindView> {
    KINDS
        .iter()
        .map(|k| kind_view(k, lang))
        .chain(FORBIDDEN.iter().map(|f| forbidden_view(f, lang)))
        .collect()
}

/// The body of `/api/v1/fasting` for `selected` in `scope` (its calendar and language).
pub fn body<'a>(scope: &Scope<'a>, selected: &'a Selected<'a>) -> FastingBody<'a> {
    let lang = scope.lang;
    let chain = scope.chain;
    let names = &chain.names;
    let days: Vec<Entry> = selected
        .days
        .iter()
        .map(|d| Entry {
            gregorian: Text(d.date),
            weekday: d.date.weekday().name_in(lang),
            hijri: HijriView {
                date: Text(d.hijri),
                day: d.hijri.day,
                month: d.hijri.month,
                month_name: d.hijri.month_of_year().name_in(lang),
                year: d.hijri.year,
            },
            source: d.source,
            kinds: d
                .day
                .kinds
                .iter()
                .map(|k| Named {
                    id: k.id,
                    name: k.name_in(lang),
                })
                .collect(),
            forbidden: d.day.forbidden.map(Forbidden::id),
            forbidden_name: d.day.forbidden.map(|f| f.name_in(lang)),
            removed: d.day.removed.iter().map(|k| k.id).collect(),
        })
        .collect();
    FastingBody {
        input: Input {
            year: selected.year,
            calendar: selected.calendar.name(),
            authority: chain.id.as_str(),
            retro: selected.retro,
        },
        calendar: CalendarView {
            id: chain.id.as_str(),
            name: match lang {
                Lang::En => names.english.as_str(),
                Lang::Id | Lang::Ar => names.indonesian.as_str(),
            },
        },
        kinds: vocabulary(lang),
        notes: Notes {
            ramadan: ramadan_note(lang),
            syawal_window: SyawalWindow {
                first_day: SYAWAL_WINDOW.0,
                last_day: SYAWAL_WINDOW.1,
                note: text(
                    lang,
                    (
                        "Enam hari Syawal dicantumkan sebagai 2–7 Syawal, enam hari tepat \
                         setelah Idul Fitri; enam hari mana pun di bulan Syawal juga memenuhi \
                         sunnahnya.",
                        "The six days of Shawwal are listed as 2–7 Shawwal, the six days right \
                         after Eid al-Fitr; any six days of Shawwal also fulfil the sunnah.",
                    ),
                ),
            },
        },
        count: days.len(),
        counts: Counts(&selected.days),
        days,
        warnings: WarningList(selected.warnings),
    }
}
