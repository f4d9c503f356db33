//! The body of `/compare`: the calendars side by side over one year. For every Hijri month
//! touching the year, each calendar's first day and `source`; for every default observance,
//! its date in each calendar; whether they agree and by how many days they spread.
//!
//! A month or day a calendar serves only with `retro=true` is left out of that calendar's
//! column without it, and a `retro_required` warning says how many starts were left out. A
//! start or day outside the served span is never shown.

use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::observance::Selection;
use hijri::schema::{ArchivedChain, Tier};
use hijri::span;
use hijri::warnings::{self, Items, Warning};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::{coverage, Calendar, ErrorCode, MonthText, Refusal, Scope, Text, WarningSet};

/// One calendar's entry: a date and its `source`.
#[derive(Serialize, Clone, Copy)]
struct Entry<'a> {
    #[serde(rename = "start")]
    date: Text<Date>,
    source: &'a str,
}

/// The entries of a row by calendar, as an object keyed by the calendar's identifier (in the
/// order asked).
struct ByAuthority<'a>(Vec<(&'a str, Option<Entry<'a>>)>);

impl Serialize for ByAuthority<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (id, entry) in &self.0 {
            map.serialize_entry(id, entry)?;
        }
        map.end()
    }
}

impl ByAuthority<'_> {
    /// True when every calendar shown gives the same day (and at least one does).
    fn agree(&self) -> bool {
        let mut dates = self.0.iter().filter_map(|(_, e)| e.map(|e| e.date.0));
        let first = dates.next();
        first.is_some() && dates.all(|d| Some(d) == first)
    }

    /// Days between the earliest and the latest day shown (0 when fewer than two).
    fn spread(&self) -> i32 {
        let dates = self.0.iter().filter_map(|(_, e)| e.map(|e| e.date.0 .0));
        let (low, high) = dates.fold((i32::MAX, i32::MIN), |(lo, hi), d| (lo.min(d), hi.max(d)));
        if low <= high {
            high - low
        } else {
            0
        }
    }
}

#[derive(Serialize)]
struct MonthRow<'a> {
    hijri_month: MonthText,
    name: &'static str,
    starts: ByAuthority<'a>,
    agree: bool,
    spread_days: i32,
}

/// An observance's date in each calendar, in the same shape (`gregorian` for the date).
#[derive(Serialize, Clone, Copy)]
struct DateEntry<'a> {
    gregorian: Text<Date>,
    source: &'a str,
}

struct DatesByAuthority<'a>(&'a ByAuthority<'a>);

impl Serialize for DatesByAuthority<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0 .0.len()))?;
        for (id, entry) in &self.0 .0 {
            let entry = entry.map(|e| DateEntry {
                gregorian: e.date,
                source: e.source,
            });
            map.serialize_entry(id, &entry)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct ObservanceRow<'a> {
    event: &'static str,
    name: &'static str,
    hijri: Text<HijriDate>,
    #[serde(serialize_with = "dates")]
    dates: ByAuthority<'a>,
    agree: bool,
    spread_days: i32,
}

fn dates<S: Serializer>(dates: &ByAuthority<'_>, serializer: S) -> Result<S::Ok, S::Error> {
    DatesByAuthority(dates).serialize(serializer)
}

#[derive(Serialize)]
struct Input<'a> {
    year: i32,
    calendar: &'static str,
    authorities: Vec<&'a str>,
    retro: bool,
}

/// The body of `/compare`.
#[derive(Serialize)]
pub struct Compare<'a> {
    input: Input<'a>,
    months: Vec<MonthRow<'a>>,
    observances: Vec<ObservanceRow<'a>>,
    warnings: WarningSet<'a>,
    /// Every entry comes from a published table (the `/events` cache rule); not in the body.
    #[serde(skip)]
    immutable: bool,
}

impl Compare<'_> {
    /// See [`crate::answers::events::immutable`].
    pub fn immutable(&self) -> bool {
        self.immutable
    }
}

/// The comparison of `chains` (each a calendar of `scope`'s archive, the first deciding
/// nothing: all are shown alike) over `year` in `calendar`, checked against every chain's
/// whole years: a year not wholly served is `date_out_of_supported_range`.
pub fn compare<'a>(
    scope: &Scope<'a>,
    chains: &[&'a ArchivedChain],
    calendar: Calendar,
    year: i64,
    retro: bool,
) -> Result<Compare<'a>, Refusal> {
    let mut checked = None;
    for chain in chains {
        let scope = Scope { chain, ..*scope };
        let valid = coverage::year(&scope, calendar, year)?;
        coverage::year_days(&scope, calendar, valid)?;
        checked = Some(valid);
    }
    let year = checked.ok_or_else(|| {
        Refusal::new(
            ErrorCode::InvalidAuthority,
            "`authorities` names no calendar",
        )
    })?;
    let mut served = Gathered {
        scope,
        retro,
        warnings: Vec::new(),
        left_out: 0,
        published: true,
    };
    let months = months_touching(chains, calendar, year);
    let month_rows: Vec<MonthRow> = months
        .iter()
        .map(|&month| {
            let starts = served.row(chains, true, |chain| {
                let (index, archived) = chain.indexed_month(month)?;
                Some((index, archived.start()))
            });
            MonthRow {
                hijri_month: MonthText(month),
                name: month.name_in(scope.lang),
                agree: starts.agree(),
                spread_days: starts.spread(),
                starts,
            }
        })
        .collect();
    let mut years: Vec<u16> = months.iter().map(|m| m.year).collect();
    years.dedup();
    let observances = years
        .iter()
        .flat_map(|&y| Selection::DEFAULT.occurrences(y))
        .filter_map(|o| {
            let day = HijriDate {
                year: o.month.year,
                month: o.month.month,
                day: o.first_day,
            };
            let dates = served.row(chains, false, |chain| {
                let (date, _) = chain.to_gregorian(day)?;
                Some((chain.month_index(o.month)?, date))
            });
            let in_year = |date: Date| match calendar {
                Calendar::Hijri => true,
                Calendar::Gregorian => date.ymd().0 == year,
            };
            let shown = dates
                .0
                .iter()
                .any(|(_, e)| e.is_some_and(|e| in_year(e.date.0)));
            shown.then(|| ObservanceRow {
                event: o.observance.slug,
                name: o.observance.name_in(scope.lang),
                hijri: Text(day),
                agree: dates.agree(),
                spread_days: dates.spread(),
                dates,
            })
        })
        .collect();
    if served.left_out > 0 {
        served.warnings.push(Warning::RetroRequired(
            served.left_out,
            Items::Starts,
            "the published tables",
        ));
    }
    let mut observances: Vec<ObservanceRow> = observances;
    observances.sort_by_key(|row| {
        row.dates
            .0
            .iter()
            .filter_map(|(_, e)| e.map(|e| e.date.0))
            .min()
    });
    Ok(Compare {
        input: Input {
            year,
            calendar: calendar.name(),
            authorities: chains.iter().map(|c| c.id.as_str()).collect(),
            retro,
        },
        months: month_rows,
        observances,
        immutable: served.published && served.left_out == 0,
        warnings: WarningSet(served.warnings),
    })
}

/// What the comparison has served so far.
struct Gathered<'s, 'a> {
    scope: &'s Scope<'a>,
    retro: bool,
    warnings: Vec<Warning<'a>>,
    left_out: u16,
    published: bool,
}

impl<'a> Gathered<'_, 'a> {
    /// One row: for each chain, the day `day_of` finds (with its month's index), if any, if
    /// inside the served span and if served (retro only with `retro`), recorded and warned
    /// about as a span serves it. A row of starts (`starts`) counts the days left out for
    /// want of `retro=true`.
    fn row(
        &mut self,
        chains: &[&'a ArchivedChain],
        starts: bool,
        day_of: impl Fn(&'a ArchivedChain) -> Option<(usize, Date)>,
    ) -> ByAuthority<'a> {
        let entries = chains
            .iter()
            .map(|&chain| {
                let entry = day_of(chain).and_then(|(index, date)| {
                    let month = chain.months.get(index)?;
                    if !span::contains(date) {
                        return None;
                    }
                    let tier = chain.tier_of_day(month, date);
                    if tier == Tier::Retro && !self.retro {
                        if starts {
                            self.left_out = self.left_out.saturating_add(1);
                        }
                        return None;
                    }
                    self.scope.record.served(chain, index, tier);
                    self.published &= tier == Tier::Published;
                    let mut found = warnings::for_month(chain, month);
                    if tier != month.tier() {
                        found.add(warnings::computed(chain, month)?);
                    }
                    for warning in found.iter() {
                        if !self.warnings.contains(&warning) {
                            self.warnings.push(warning);
                        }
                    }
                    Some(Entry {
                        date: Text(date),
                        source: chain.source(tier),
                    })
                });
                (chain.id.as_str(), entry)
            })
            .collect();
        ByAuthority(entries)
    }
}

/// The Hijri months touching `year` in `calendar`: its twelve months, or every month whose
/// days meet the Gregorian year in one of the chains, in order.
fn months_touching(chains: &[&ArchivedChain], calendar: Calendar, year: i32) -> Vec<HijriMonth> {
    match calendar {
        Calendar::Hijri => (1..=12)
            .map(|month| HijriMonth {
                year: year as u16,
                month,
            })
            .collect(),
        Calendar::Gregorian => {
            let (Some(first), Some(last)) =
                (Date::from_ymd(year, 1, 1), Date::from_ymd(year, 12, 31))
            else {
                return Vec::new();
            };
            let mut months: Vec<HijriMonth> = chains
                .iter()
                .flat_map(|chain| {
                    let a = chain.to_hijri(first).map(|(h, _)| h.month_of_year());
                    let b = chain.to_hijri(last).map(|(h, _)| h.month_of_year());
                    let mut out = Vec::new();
                    if let (Some(mut m), Some(b)) = (a, b) {
                        while m <= b {
                            out.push(m);
                            m = m.next();
                        }
                    }
                    out
                })
                .collect();
            months.sort();
            months.dedup();
            months
        }
    }
}
