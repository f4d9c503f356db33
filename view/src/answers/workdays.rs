//! Working days: the bodies of `/workdays` (the working days and every day off of a range)
//! and `/workdays/next` (the n-th working day after or before a date, or whether a date is
//! one), and the long weekends and harpitnas days that `/holidays` carries
//! ([`long_weekends`]). An employer's week ([`Workweek`]: `week`, `cuti_bersama`) decides
//! which days are off; the days off themselves are the archive's (`hijri::holiday`), and every
//! answer says in words which rule it used and whether its years are predicted.

use hijri::date::Date;
use hijri::holiday::{DayOff, Standing, Workweek};
use hijri::lang::Lang;
use hijri::schema::{ArchivedDataset, ArchivedHolidayDay};
use hijri::warnings::{PartialYear, Warning};
use hijri::weekday::Weekday;
use serde::Serialize;

use super::holidays;
use crate::{truncated, ErrorCode, Refusal, Text, WarningSet};

/// Longest `/workdays` range, days: ten years (ten consecutive years have at most three
/// leap days).
pub const MAX_DAYS: i32 = 3653;

/// Largest `n` of `/workdays/next`, either way: about fourteen years of working days.
pub const MAX_N: i64 = 3660;

/// Reads `week` (`5` or `6`, five when absent) and `cuti_bersama` (`off` or `on`, any letter
/// case, `off` when absent), or `invalid_week` / `invalid_cuti_bersama` naming the value.
pub fn workweek(week: Option<&str>, cuti_bersama: Option<&str>) -> Result<Workweek, Refusal> {
    let days = match week {
        None => Workweek::DEFAULT.days,
        Some("5") => 5,
        Some("6") => 6,
        Some(text) => {
            return Err(Refusal::new(
                ErrorCode::InvalidWeek,
                format!(
                    "`week` must be 5 (Saturday and Sunday off) or 6 (Sunday off), got \"{}\"",
                    truncated(text)
                ),
            ))
        }
    };
    let cuti_bersama = match cuti_bersama {
        None => Workweek::DEFAULT.cuti_bersama,
        Some(text) if text.eq_ignore_ascii_case("off") => false,
        Some(text) if text.eq_ignore_ascii_case("on") => true,
        Some(text) => {
            return Err(Refusal::new(
                ErrorCode::InvalidCutiBersama,
                format!(
                    "`cuti_bersama` must be off (cuti bersama are working days) or on (they are \
                     days off), got \"{}\"",
                    truncated(text)
                ),
            ))
        }
    };
    Ok(Workweek { days, cuti_bersama })
}

/// The value of `cuti_bersama` for a week.
fn cuti_name(week: Workweek) -> &'static str {
    if week.cuti_bersama {
        "on"
    } else {
        "off"
    }
}

/// A week's rule in words, Indonesian and English.
fn rule(week: Workweek) -> (&'static str, &'static str) {
    match (week.days == 6, week.cuti_bersama) {
        (false, false) => (
            "Lima hari kerja (Senin sampai Jumat): Sabtu, Ahad dan libur nasional adalah hari \
             libur; cuti bersama dihitung hari kerja.",
            "Five-day week (Monday to Friday): Saturdays, Sundays and national holidays \
             (libur nasional) are days off; cuti bersama count as working days.",
        ),
        (false, true) => (
            "Lima hari kerja (Senin sampai Jumat): Sabtu, Ahad, libur nasional dan cuti bersama \
             adalah hari libur.",
            "Five-day week (Monday to Friday): Saturdays, Sundays, national holidays (libur \
             nasional) and cuti bersama are days off.",
        ),
        (true, false) => (
            "Enam hari kerja (Senin sampai Sabtu): Ahad dan libur nasional adalah hari libur; \
             cuti bersama dihitung hari kerja.",
            "Six-day week (Monday to Saturday): Sundays and national holidays (libur nasional) \
             are days off; cuti bersama count as working days.",
        ),
        (true, true) => (
            "Enam hari kerja (Senin sampai Sabtu): Ahad, libur nasional dan cuti bersama adalah \
             hari libur.",
            "Six-day week (Monday to Saturday): Sundays, national holidays (libur nasional) and \
             cuti bersama are days off.",
        ),
    }
}

/// The rule an answer used: `week`, `cuti_bersama` and the rule in words.
#[derive(Serialize)]
struct Rule {
    week: u8,
    cuti_bersama: &'static str,
    rule: &'static str,
    rule_en: &'static str,
}

impl Rule {
    fn of(week: Workweek) -> Rule {
        let (rule, rule_en) = rule(week);
        Rule {
            week: week.days,
            cuti_bersama: cuti_name(week),
            rule,
            rule_en,
        }
    }
}

/// Why a day is off: the weekend, or a day-off record (a libur nasional, a cuti bersama).
#[derive(Serialize)]
struct Reason<'a> {
    kind: &'static str,
    slug: Option<&'a str>,
    name: String,
    name_en: String,
    status: Option<&'static str>,
}

impl<'a> Reason<'a> {
    fn holiday(day: &'a ArchivedHolidayDay, predicted: bool, lang: Lang) -> Reason<'a> {
        let kind = day.kind.get();
        let holiday = hijri::holiday::by_slug(&day.slug);
        let (name, name_en) = (
            holidays::name(holiday, kind, lang),
            holidays::name(holiday, kind, Lang::En),
        );
        Reason {
            kind: kind.name(),
            slug: Some(&day.slug),
            name,
            name_en,
            status: Some(Standing::of_day(predicted)),
        }
    }

    fn weekend(weekday: Weekday, lang: Lang) -> Reason<'a> {
        Reason {
            kind: "weekend",
            slug: None,
            name: weekday.name_in(lang).to_owned(),
            name_en: weekday.name_in(Lang::En).to_owned(),
            status: None,
        }
    }

    /// Every reason of a day: its records first, then the weekend.
    fn all(date: Date, off: &DayOff<'a>, lang: Lang) -> Vec<Reason<'a>> {
        let mut reasons: Vec<Reason> = off
            .holidays()
            .map(|day| Reason::holiday(day, off.predicts(day), lang))
            .collect();
        if off.weekend {
            reasons.push(Reason::weekend(date.weekday(), lang));
        }
        reasons
    }
}

/// A day off and its reasons.
#[derive(Serialize)]
struct Item<'a> {
    date: Text<Date>,
    weekday: &'static str,
    reasons: Vec<Reason<'a>>,
}

/// The years with days off, as a refusal naming them for a date outside them.
fn covered(dataset: &ArchivedDataset, date: Date, name: &str) -> Result<(), Refusal> {
    if dataset.holiday_year(date.ymd().0).is_some() {
        return Ok(());
    }
    Err(outside(dataset, format!("`{name}` {date} is not")))
}

fn outside(dataset: &ArchivedDataset, what: String) -> Refusal {
    let (first, last) = dataset.holiday_years().unwrap_or((1, 0));
    Refusal::new(
        ErrorCode::OutOfCoverage,
        format!("days off are served for the years {first} to {last}; {what}"),
    )
}

/// Whether any year `first..=last` is predicted, and the warnings of those years (each
/// predicted year, each holiday no rule dates), as `/holidays` gives them.
fn years_warnings(dataset: &ArchivedDataset, first: i32, last: i32) -> (bool, WarningSet<'_>) {
    let mut predicted = false;
    let mut warnings = Vec::new();
    for year in (first..=last).filter_map(|y| dataset.holiday_year(y)) {
        let number = year.year.to_native();
        match year.standing() {
            Standing::Predicted => warnings.push(Warning::Predicted(number)),
            Standing::Partial => warnings.push(Warning::Partial(PartialYear(year))),
            Standing::Decreed => {}
        }
        predicted |= year.standing() != Standing::Decreed;
        let undated = year
            .undated
            .iter()
            .filter_map(|s| hijri::holiday::by_slug(s));
        warnings.extend(undated.map(|h| Warning::Undated(h.name_en, number)));
    }
    (predicted, WarningSet(warnings))
}

#[derive(Serialize)]
struct WorkdaysInput {
    from: Text<Date>,
    to: Text<Date>,
    week: u8,
    cuti_bersama: &'static str,
}

/// The body of `/workdays`.
#[derive(Serialize)]
pub struct WorkdaysAnswer<'a> {
    input: WorkdaysInput,
    #[serde(flatten)]
    rule: Rule,
    days: i32,
    working_days: i32,
    days_off: usize,
    predicted: bool,
    items: Vec<Item<'a>>,
    warnings: WarningSet<'a>,
}

/// Checks a `/workdays` range: `from` on or before `to` (`invalid_range`), at most
/// [`MAX_DAYS`] (`range_too_large`), inside the years with days off (`out_of_coverage`).
pub fn check_range(dataset: &ArchivedDataset, from: Date, to: Date) -> Result<(), Refusal> {
    if from > to {
        return Err(Refusal::new(
            ErrorCode::InvalidRange,
            format!("`from` must be on or before `to`; got {from} after {to}"),
        ));
    }
    let days = to.0 - from.0 + 1;
    if days > MAX_DAYS {
        return Err(Refusal::new(
            ErrorCode::RangeTooLarge,
            format!(
                "`from` to `to` spans at most {MAX_DAYS} days (ten years); {from} to {to} is \
                 {days} days"
            ),
        ));
    }
    covered(dataset, from, "from")?;
    covered(dataset, to, "to")
}

/// The working days and every day off of `from..=to` (in order; see [`check_range`]) in
/// `week`, named in `lang`.
pub fn workdays(
    dataset: &ArchivedDataset,
    from: Date,
    to: Date,
    week: Workweek,
    lang: Lang,
) -> Result<WorkdaysAnswer<'_>, Refusal> {
    check_range(dataset, from, to)?;
    let days = to.0 - from.0 + 1;
    let items: Vec<Item> = (from.0..=to.0)
        .map(Date)
        .filter_map(|date| {
            let off = dataset.day_off(date, week).filter(DayOff::is_off)?;
            Some(Item {
                date: Text(date),
                weekday: date.weekday().name_in(lang),
                reasons: Reason::all(date, &off, lang),
            })
        })
        .collect();
    let (predicted, warnings) = years_warnings(dataset, from.ymd().0, to.ymd().0);
    let off = items.len();
    Ok(WorkdaysAnswer {
        input: WorkdaysInput {
            from: Text(from),
            to: Text(to),
            week: week.days,
            cuti_bersama: cuti_name(week),
        },
        rule: Rule::of(week),
        days,
        working_days: days - i32::try_from(off).unwrap_or(days),
        days_off: off,
        predicted,
        items,
        warnings,
    })
}

#[derive(Serialize)]
struct NextInput {
    date: Text<Date>,
    n: i64,
    week: u8,
    cuti_bersama: &'static str,
}

/// The body of `/workdays/next`.
#[derive(Serialize)]
pub struct NextAnswer<'a> {
    input: NextInput,
    #[serde(flatten)]
    rule: Rule,
    date: Text<Date>,
    weekday: &'static str,
    working_day: bool,
    reasons: Vec<Reason<'a>>,
    days_off_passed: usize,
    predicted: bool,
    warnings: WarningSet<'a>,
}

impl WorkdaysAnswer<'_> {
    /// Its number of days off (listed).
    pub fn days_off(&self) -> usize {
        self.days_off
    }
}

impl NextAnswer<'_> {
    /// The Gregorian years from the date asked to the day answered, first and last.
    pub fn years(&self) -> (i32, i32) {
        let (asked, answered) = (self.input.date.0, self.date.0);
        (asked.min(answered).ymd().0, asked.max(answered).ymd().0)
    }

    /// True if the day answered is a day off (only with `n` 0).
    pub fn is_off(&self) -> bool {
        !self.working_day
    }
}

/// The `n`-th working day after `date` (before it when `n` is negative; |n| at most
/// [`MAX_N`]) in `week`, counting the days off passed; with `n` 0, `date` itself and whether
/// it is a working day (its reasons if not), named in `lang`. Every day walked must have its
/// days off in the archive.
pub fn next(
    dataset: &ArchivedDataset,
    date: Date,
    n: i64,
    week: Workweek,
    lang: Lang,
) -> Result<NextAnswer<'_>, Refusal> {
    if n.abs() > MAX_N {
        return Err(Refusal::new(
            ErrorCode::InvalidN,
            format!("`n` must be an integer from -{MAX_N} to {MAX_N}, got {n}"),
        ));
    }
    covered(dataset, date, "date")?;
    let step = if n < 0 { -1 } else { 1 };
    let (mut day, mut found, mut passed) = (date, 0, 0);
    while found < n.abs() {
        day = day.add_days(step);
        let off = dataset.day_off(day, week).ok_or_else(|| {
            let way = if n < 0 { "before" } else { "after" };
            outside(
                dataset,
                format!("working day {n} {way} {date} falls outside them"),
            )
        })?;
        if off.is_off() {
            passed += 1;
        } else {
            found += 1;
        }
    }
    let off = dataset
        .day_off(day, week)
        .ok_or_else(|| outside(dataset, format!("`date` {date} is not")))?;
    let (first, last) = if day < date { (day, date) } else { (date, day) };
    let (predicted, warnings) = years_warnings(dataset, first.ymd().0, last.ymd().0);
    Ok(NextAnswer {
        input: NextInput {
            date: Text(date),
            n,
            week: week.days,
            cuti_bersama: cuti_name(week),
        },
        rule: Rule::of(week),
        date: Text(day),
        weekday: day.weekday().name_in(lang),
        working_day: !off.is_off(),
        reasons: if off.is_off() {
            Reason::all(day, &off, lang)
        } else {
            Vec::new()
        },
        days_off_passed: passed,
        predicted,
        warnings,
    })
}

/// A run of three or more consecutive days off.
#[derive(Serialize)]
struct Run<'a> {
    start: Text<Date>,
    end: Text<Date>,
    days: i32,
    holidays: Vec<&'a str>,
}

impl<'a> Run<'a> {
    fn of(dataset: &'a ArchivedDataset, start: Date, end: Date, week: Workweek) -> Run<'a> {
        let mut slugs: Vec<&str> = Vec::new();
        for date in (start.0..=end.0).map(Date) {
            for day in dataset
                .day_off(date, week)
                .iter()
                .flat_map(DayOff::holidays)
            {
                if !slugs.contains(&day.slug.as_str()) {
                    slugs.push(&day.slug);
                }
            }
        }
        Run {
            start: Text(start),
            end: Text(end),
            days: end.0 - start.0 + 1,
            holidays: slugs,
        }
    }
}

/// A harpitnas day: a working day between a holiday (on a working weekday) and the weekend.
#[derive(Serialize)]
struct Harpitnas<'a> {
    date: Text<Date>,
    weekday: &'static str,
    next_to: &'a str,
}

/// The long weekends and harpitnas days of a year, and the week they are counted in.
#[derive(Serialize)]
pub struct LongWeekends<'a> {
    #[serde(flatten)]
    rule: Rule,
    runs: Vec<Run<'a>>,
    harpitnas: Vec<Harpitnas<'a>>,
}

/// The long weekends of Gregorian `year` in `week`: each run of three or more consecutive
/// days off (weekends included) with a day in the year, whole (it may begin in the year
/// before or end in the next, as far as the archive has days off); and its harpitnas days: a
/// working day with a holiday on a working weekday on one side and a weekend day on the
/// other, its weekday named in `lang`.
pub fn long_weekends(
    dataset: &ArchivedDataset,
    year: i32,
    week: Workweek,
    lang: Lang,
) -> LongWeekends<'_> {
    let off = |date: Date| dataset.day_off(date, week).filter(DayOff::is_off);
    let (Some(first), Some(last)) = (Date::from_ymd(year, 1, 1), Date::from_ymd(year, 12, 31))
    else {
        return LongWeekends {
            rule: Rule::of(week),
            runs: Vec::new(),
            harpitnas: Vec::new(),
        };
    };
    let mut start = first;
    while off(start.add_days(-1)).is_some() {
        start = start.add_days(-1);
    }
    let (mut runs, mut open, mut date) = (Vec::new(), None, start);
    loop {
        match (off(date), open) {
            (Some(_), None) => open = Some(date),
            (None, Some(begun)) => {
                if date.0 - begun.0 >= 3 {
                    runs.push(Run::of(dataset, begun, date.add_days(-1), week));
                }
                open = None;
            }
            _ => {}
        }
        if date >= last && open.is_none() {
            break;
        }
        date = date.add_days(1);
    }
    let harpitnas = (first.0..=last.0)
        .map(Date)
        .filter(|&date| dataset.day_off(date, week).is_some_and(|d| !d.is_off()))
        .filter_map(|date| {
            let (before, after) = (
                dataset.day_off(date.add_days(-1), week)?,
                dataset.day_off(date.add_days(1), week)?,
            );
            let holiday = match (before.weekend, after.weekend) {
                (true, false) if after.is_holiday_only() => after,
                (false, true) if before.is_holiday_only() => before,
                _ => return None,
            };
            Some(Harpitnas {
                date: Text(date),
                weekday: date.weekday().name_in(lang),
                next_to: holiday.holidays().next()?.slug.as_str(),
            })
        })
        .collect();
    LongWeekends {
        rule: Rule::of(week),
        runs,
        harpitnas,
    }
}
