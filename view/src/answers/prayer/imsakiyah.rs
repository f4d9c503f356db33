//! The imsakiyah: a calendar's Ramadan day by day with imsak and the day's times, and 1
//! Syawal, by the method that follows the calendar.

use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::lang::Lang;
use hijri::prayer::Method;
use hijri::prayer_table;
use hijri::schema::{ArchivedChain, ArchivedPrayerPlace};
use hijri::warnings;
use hijri::zone::Zone;
use serde::Serialize;

use super::{method_of, outside, zone, MethodView, Times, IMSAKIYAH_TIMES, RAMADAN};
use crate::answers::places::PlaceView;
use crate::coverage;
use crate::dates::AnyDate;
use crate::{ErrorCode, Refusal, Scope, WarningList};

/// One day of an imsakiyah: its number in Ramadan, its Gregorian date and the times.
pub struct FastDay {
    /// 1 … 29 or 30.
    pub day: u8,
    /// Its Gregorian date.
    pub date: Date,
    /// The published minutes (UTC seconds) in the order of [`Prayer::ALL`].
    pub published: [Option<i64>; 8],
}

/// A Ramadan at a place, in a calendar, by a method: what `/imsakiyah` and its feed show.
pub struct Imsakiyah<'a> {
    /// The place.
    pub place: &'a ArchivedPrayerPlace,
    /// The calendar whose Ramadan it is.
    pub chain: &'a ArchivedChain,
    /// The method.
    pub method: Method,
    /// Whether the method was chosen for the calendar because it has none of its own.
    pub method_fallback: bool,
    /// The Hijri year.
    pub year: u16,
    /// The days of the fast.
    pub days: Vec<FastDay>,
    /// 1 Syawal.
    pub syawal: Date,
    /// The `source` of Ramadan's dates (its tier in the calendar).
    pub source: &'a str,
    /// The `source` of 1 Syawal.
    pub syawal_source: &'a str,
    /// The warnings of the months served.
    pub warnings: WarningList<'a>,
}

impl Imsakiyah<'_> {
    /// The place's civil time zone.
    pub fn zone(&self) -> Zone {
        zone(self.place)
    }
}

/// The Ramadan of Hijri `year` in `scope`'s calendar at `place`, by `method` (`None`: the
/// calendar's own, [`method_of`]). A year whose Ramadan or 1 Syawal is outside the
/// archive is `out_of_coverage`.
pub fn imsakiyah<'a>(
    scope: &Scope<'a>,
    place: usize,
    year: u16,
    method: Option<Method>,
) -> Result<Imsakiyah<'a>, Refusal> {
    let dataset = scope.dataset;
    let chain = scope.chain;
    let (method, method_fallback) = match method {
        Some(m) => (m, false),
        None => {
            let (m, own) = method_of(chain);
            (m, !own)
        }
    };
    let ramadan = HijriMonth {
        year,
        month: RAMADAN,
    };
    let (index, month) = coverage::month(scope, ramadan, ErrorCode::OutOfCoverage)?;
    let syawal = chain
        .months
        .get(index + 1)
        .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?;
    let mut served = coverage::days(
        scope,
        month.start(),
        syawal.start(),
        true,
        ErrorCode::OutOfCoverage,
    )?;
    served
        .warnings
        .merge(warnings::for_local_times(month.start()));
    let archived = dataset
        .places
        .get(place)
        .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?;
    let exact = prayer_table::exact_days(dataset, place, &method, month.start(), month.last())
        .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?;
    let days = (1_u8..)
        .zip(exact)
        .map(|(day, exact)| FastDay {
            day,
            date: month.start().add_days(i32::from(day) - 1),
            published: prayer_table::published(&method, &exact),
        })
        .collect();
    Ok(Imsakiyah {
        place: archived,
        chain,
        method,
        method_fallback,
        year,
        days,
        syawal: syawal.start(),
        source: chain.source(chain.tier_of_day(month, month.start())),
        syawal_source: chain.source(chain.tier_of_day(syawal, syawal.start())),
        warnings: WarningList(served.warnings),
    })
}

/// The body of `/api/v1/imsakiyah`.
#[derive(Serialize)]
pub struct ImsakiyahBody<'a> {
    input: ImsakiyahInput<'a>,
    place: PlaceView<'a>,
    calendar: CalendarView<'a>,
    method: MethodView,
    #[serde(skip_serializing_if = "Option::is_none")]
    method_note: Option<String>,
    ramadan: RamadanView<'a>,
    days: Vec<ImsakiyahDay>,
    syawal_1: SyawalView<'a>,
    warnings: &'a WarningList<'a>,
}

impl ImsakiyahBody<'_> {
    /// The same body, its place at `distance_m` from the point asked about (`lat`/`lon`).
    pub fn at_distance(self, distance_m: Option<u64>) -> Self {
        ImsakiyahBody {
            place: self.place.at_distance(distance_m),
            ..self
        }
    }
}

/// `input` of `/imsakiyah`.
#[derive(Serialize)]
struct ImsakiyahInput<'a> {
    place: &'a str,
    year: u16,
    authority: &'a str,
    method: &'static str,
}

/// The calendar of an imsakiyah.
#[derive(Serialize)]
struct CalendarView<'a> {
    id: &'a str,
    name: &'a str,
}

/// Ramadan's span.
#[derive(Serialize)]
struct RamadanView<'a> {
    year: u16,
    start: AnyDate,
    end: AnyDate,
    days: usize,
    source: &'a str,
}

/// One row of an imsakiyah.
#[derive(Serialize)]
struct ImsakiyahDay {
    day: u8,
    hijri: AnyDate,
    date: AnyDate,
    weekday: &'static str,
    #[serde(flatten)]
    times: Times,
}

/// 1 Syawal.
#[derive(Serialize)]
struct SyawalView<'a> {
    hijri: AnyDate,
    date: AnyDate,
    weekday: &'static str,
    source: &'a str,
}

/// The JSON body of an imsakiyah, names in `lang`.
pub fn imsakiyah_body<'a>(fast: &'a Imsakiyah<'a>, lang: Lang) -> ImsakiyahBody<'a> {
    let zone = fast.zone();
    let names = &fast.chain.names;
    let first = fast.days.first().map_or(fast.syawal, |d| d.date);
    let last = fast.days.last().map_or(fast.syawal, |d| d.date);
    ImsakiyahBody {
        input: ImsakiyahInput {
            place: &fast.place.id,
            year: fast.year,
            authority: &fast.chain.id,
            method: fast.method.id,
        },
        place: PlaceView::of(fast.place),
        calendar: CalendarView {
            id: &fast.chain.id,
            name: &names.indonesian,
        },
        method: MethodView::of(&fast.method, fast.place),
        method_note: fast.method_fallback.then(|| {
            format!(
                "{} tidak menetapkan metode waktu sholat sendiri; waktu dihitung dengan metode \
                 {} ({}).",
                names.indonesian.as_str(),
                fast.method.id,
                fast.method.name
            )
        }),
        ramadan: RamadanView {
            year: fast.year,
            start: AnyDate::Gregorian(first),
            end: AnyDate::Gregorian(last),
            days: fast.days.len(),
            source: fast.source,
        },
        days: fast
            .days
            .iter()
            .map(|d| ImsakiyahDay {
                day: d.day,
                hijri: AnyDate::Hijri(HijriDate {
                    year: fast.year,
                    month: RAMADAN,
                    day: d.day,
                }),
                date: AnyDate::Gregorian(d.date),
                weekday: d.date.weekday().name_in(lang),
                times: Times {
                    zone,
                    published: d.published,
                    which: &IMSAKIYAH_TIMES,
                },
            })
            .collect(),
        syawal_1: SyawalView {
            hijri: AnyDate::Hijri(HijriDate {
                year: fast.year,
                month: RAMADAN + 1,
                day: 1,
            }),
            date: AnyDate::Gregorian(fast.syawal),
            weekday: fast.syawal.weekday().name_in(lang),
            source: fast.syawal_source,
        },
        warnings: &fast.warnings,
    }
}
