//! The meaning of an archive, checked once when it is opened, after bytecheck has checked its
//! structure: every rule the look-ups rely on (chains with distinct identifiers, rules that
//! cover every month in order, criteria limits in range, month numbers, lengths, contiguous
//! months, retro months first, indices, evening flags that follow from the month's rule,
//! sorted cards, coverage inside the months, values in range, stored answers found by their
//! keys and tagged by their bodies), so that no look-up can panic on a well-formed but
//! nonsensical archive. A violation names what is wrong and where, e.g.
//! `chain 0, month 1446-13 at index 1234: month number out of 1..12`.

use std::fmt;
use std::ops::RangeInclusive;

use crate::date::{Date, DAY_NUMBERS};
use crate::fingerprint;
use crate::hijri::HijriMonth;
use crate::holiday;
use crate::schema::{
    Applied, ArchivedChain, ArchivedDataset, ArchivedEvening, ArchivedKhgtEvening, ArchivedMonth,
    ArchivedRecord, ArchivedRule, ArchivedSiteEvening, ArchivedWujudEvening, DayKind, Limits, Tier,
};

/// Hijri years accepted (four digits, as dates are written).
pub const HIJRI_YEARS: RangeInclusive<u16> = 1..=9999;
/// Instants (Unix seconds) accepted in evening records: about ±3,000 years around 1970.
pub const INSTANTS: RangeInclusive<i64> = -100_000_000_000..=100_000_000_000;
/// UTC offsets (seconds) accepted in evening records: less than a day either way.
pub const UTC_OFFSETS: RangeInclusive<i32> = -86_399..=86_399;
/// Angles (1e-4 degree) accepted for the criteria values: one turn either way.
pub const ANGLES: RangeInclusive<i32> = -3_600_000..=3_600_000;
/// A violated rule and where: what [`dataset`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where in the archive.
    pub place: Place,
    /// What is wrong there.
    pub violation: Violation,
}

/// A place in the archive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The archive as a whole (chains, card years).
    Archive,
    /// The chain at an index of `chains` as a whole (identifier, sources, coverage).
    Chain(usize),
    /// The rule span at an index of a chain's `rules`.
    Rule {
        /// Index in `chains`.
        chain: usize,
        /// Index in its `rules`.
        index: usize,
    },
    /// The month at an index of a chain's `months`, with its year and number as stored.
    Month {
        /// Index in `chains`.
        chain: usize,
        /// Index in the chain's `months`.
        index: usize,
        /// Hijri year as stored.
        year: u16,
        /// Month number as stored.
        month: u8,
    },
    /// The card at an index of `cards`, with the month it names.
    Card {
        /// Index in `cards`.
        index: usize,
        /// Hijri year as stored.
        year: u16,
        /// Month number as stored.
        month: u8,
    },
    /// The key at an index of `bodies`.
    Body(usize),
    /// The stored answer at an index of `answers`.
    Answer(usize),
    /// The holiday year at an index of `holidays.years`.
    HolidayYear(usize),
    /// The month at an index of `chinese_months`.
    ChineseMonth(usize),
    /// A day of a holiday year: the year's index and the day's.
    HolidayDay {
        /// Index in `holidays.years`.
        year: usize,
        /// Index in its `days`.
        index: usize,
    },
    /// The divergence at an index of a chain's `divergences`, with the month it names.
    Divergence {
        /// Index in `chains`.
        chain: usize,
        /// Index in `divergences`.
        index: usize,
        /// Hijri year as stored.
        year: u16,
        /// Month number as stored.
        month: u8,
    },
}

/// A broken rule of the archive's meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The archive holds no chain.
    NoChains,
    /// A chain without an identifier, or one that is not lower-case ASCII letters, digits
    /// and `-`.
    ChainId,
    /// A chain identifier used by an earlier chain.
    DuplicateChain,
    /// A chain without a `source` value for one of its tiers.
    Sources,
    /// A chain that holds no month.
    NoMonths,
    /// A chain without rules.
    NoRules,
    /// A rule span whose months are not in order, or do not follow the span before it.
    RuleOrder,
    /// A month that no rule span covers.
    NoRule,
    /// An evening record that its month's rule does not make (site results under a rule
    /// without sites).
    RecordKind,
    /// A criterion without a name.
    CriterionName,
    /// A criterion limit outside its range.
    CriterionLimit(&'static str),
    /// A site's `alt_ok` or `elong_ok` that does not follow from its values and the criterion.
    SiteFlags(usize),
    /// An evening's `visible` other than "both limits hold at one or more sites".
    Visible,
    /// A month number outside 1..12.
    MonthNumber,
    /// A Hijri year outside [`HIJRI_YEARS`].
    HijriYear,
    /// A month length other than 29 or 30.
    Length(u8),
    /// A day number outside [`DAY_NUMBERS`].
    Day(&'static str, i32),
    /// A month that is not the Hijri month after the one before it.
    NotNext(HijriMonth),
    /// A month that does not start the day after the month before it ends.
    Gap {
        /// The day it starts.
        start: Date,
        /// The day it should start.
        expected: Date,
    },
    /// A retro month after a month that is not retro (retro months come first).
    RetroAfter(Tier),
    /// An evening with results for another number of sites than the archive has.
    EveningSites {
        /// Results in the evening.
        results: usize,
        /// Sites in the archive.
        sites: usize,
    },
    /// A deciding-site index outside the sites.
    DecidingSite {
        /// The index.
        deciding: u8,
        /// Sites in the archive.
        sites: usize,
    },
    /// An evening on a Hijri day outside 1..30.
    EveningDay(u8),
    /// The evening's conjunction instant is out of [`INSTANTS`].
    Conjunction,
    /// A site's value outside its range.
    SiteValue {
        /// Index of the site in the evening.
        site: usize,
        /// Which value.
        value: &'static str,
    },
    /// A card or divergence naming a month its chain does not hold.
    UnknownMonth,
    /// A card not strictly after the one before it (cards are sorted by chain, year, month,
    /// kind, bare, each once).
    CardOrder,
    /// A card of a month whose rule decides no evening (a table calendar's).
    CardWithoutEvening,
    /// A card outside the header's card years.
    CardYears([u16; 2]),
    /// Card years `[min, max]` with min after max.
    CardYearRange([u16; 2]),
    /// A key not strictly after the one before it (keys are sorted, each once).
    BodyOrder,
    /// A key pointing at no stored answer.
    UnknownAnswer(u32),
    /// Computed-month ranges of an answer that are empty, unsorted, touching or outside the
    /// months.
    ComputedMonths,
    /// A stored answer's tiers are not a set of tier bits, or lack a computed tier although
    /// it lists computed months.
    AnswerTiers,
    /// A representation whose `ETag` is not the body's with its coding's suffix, or whose
    /// bytes are empty; an identity body whose `ETag` is not its fingerprint, or missing with
    /// no gzip form.
    Representation(&'static str),
    /// Holiday years that do not follow each other, or a decreed year after a predicted one.
    HolidayYears,
    /// A holiday year's decree that is not one of the archive's decrees, or a predicted year
    /// with decrees.
    HolidayDecree,
    /// A day off that is not of its year, not after the day before it (date, kind, slug),
    /// of an unknown holiday, or set by no decree of its year.
    HolidayDay(&'static str),
    /// A Chinese month that does not follow the one before it: a start outside
    /// [`DAY_NUMBERS`] or not 29 or 30 days after the one before, a number outside 1..12 or
    /// not the next (the same for a leap month), or a year that does not change exactly at
    /// a month 1 that is not leap.
    ChineseMonth(&'static str),
    /// A prayer table that does not fit the places, the span or the code's methods (a time
    /// of a method without its column; see [`crate::prayer_table::check`]).
    PrayerTable(crate::prayer_table::Unfit),
    /// Eclipses out of order or of the wrong shape (see [`crate::eclipse::check`]).
    Eclipses(String),
    /// The default chain without a published table (the contract's `/meta` describes it).
    DefaultWithoutTable,
    /// A month of a chain without a published table that is not computed.
    TierWithoutTable(Tier),
    /// Table coverage not inside the chain's days.
    Coverage {
        /// Coverage as stored.
        first: Date,
        /// Coverage as stored.
        last: Date,
        /// First day of the chain.
        archive_first: Date,
        /// Last day of the chain.
        archive_last: Date,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Archive => write!(f, "archive"),
            Place::Chain(chain) => write!(f, "chain {chain}"),
            Place::Rule { chain, index } => write!(f, "chain {chain}, rule {index}"),
            Place::Month {
                chain,
                index,
                year,
                month,
            } => {
                write!(
                    f,
                    "chain {chain}, month {year:04}-{month:02} at index {index}"
                )
            }
            Place::Card { index, year, month } => {
                write!(f, "card {index} (month {year:04}-{month:02})")
            }
            Place::Divergence {
                chain,
                index,
                year,
                month,
            } => {
                write!(
                    f,
                    "chain {chain}, divergence {index} (month {year:04}-{month:02})"
                )
            }
            Place::Body(index) => write!(f, "stored body key {index}"),
            Place::HolidayYear(index) => write!(f, "holiday year {index}"),
            Place::ChineseMonth(index) => write!(f, "Chinese month {index}"),
            Place::HolidayDay { year, index } => {
                write!(f, "holiday year {year}, day {index}")
            }
            Place::Answer(index) => write!(f, "stored answer {index}"),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NoChains => write!(f, "holds no chain"),
            Violation::ChainId => write!(
                f,
                "identifier is empty or not lower-case ASCII letters, digits and '-'"
            ),
            Violation::DuplicateChain => write!(f, "identifier used by an earlier chain"),
            Violation::Sources => write!(f, "a tier has no source value"),
            Violation::NoMonths => write!(f, "holds no month"),
            Violation::NoRules => write!(f, "has no rules"),
            Violation::RuleOrder => write!(
                f,
                "months out of order or not following the rule span before it"
            ),
            Violation::NoRule => write!(f, "no rule span covers it"),
            Violation::RecordKind => write!(f, "its evening record is not one its rule makes"),
            Violation::CriterionName => write!(f, "has no name"),
            Violation::CriterionLimit(limit) => write!(f, "{limit} out of range"),
            Violation::SiteFlags(site) => write!(
                f,
                "evening site {site}: alt_ok or elong_ok disagrees with its values and the criterion"
            ),
            Violation::Visible => write!(
                f,
                "visible disagrees with the sites (both limits at one or more of them)"
            ),
            Violation::MonthNumber => write!(f, "month number out of 1..12"),
            Violation::HijriYear => write!(
                f,
                "Hijri year out of {}..{}",
                HIJRI_YEARS.start(),
                HIJRI_YEARS.end()
            ),
            Violation::Length(length) => write!(f, "length {length}, not 29 or 30"),
            Violation::Day(what, day) => {
                write!(f, "{what} (day {day}) outside Gregorian years 1..9999")
            }
            Violation::NotNext(previous) => write!(
                f,
                "does not follow {:04}-{:02}, the month before it",
                previous.year, previous.month
            ),
            Violation::Gap { start, expected } => write!(
                f,
                "starts on {start}, but the month before ends the day before {expected}"
            ),
            Violation::RetroAfter(previous) => write!(
                f,
                "retro month after a {} month (retro months come first)",
                previous.name()
            ),
            Violation::EveningSites { results, sites } => write!(
                f,
                "evening has results for {results} sites, the archive has {sites}"
            ),
            Violation::DecidingSite { deciding, sites } => {
                write!(f, "deciding site {deciding} out of {sites} sites")
            }
            Violation::EveningDay(day) => write!(f, "evening on Hijri day {day}, not 1..30"),
            Violation::Conjunction => write!(f, "conjunction instant out of range"),
            Violation::SiteValue { site, value } => {
                write!(f, "evening site {site}: {value} out of range")
            }
            Violation::UnknownMonth => write!(f, "names a month its chain does not hold"),
            Violation::CardOrder => write!(
                f,
                "not after the card before it (sorted by chain, year, month, kind, bare, each \
                 once)"
            ),
            Violation::CardWithoutEvening => {
                write!(f, "a card of a month whose rule decides no evening")
            }
            Violation::CardYears([min, max]) => write!(f, "outside the card years {min}..{max}"),
            Violation::CardYearRange([min, max]) => write!(f, "card years {min}..{max} are reversed"),
            Violation::BodyOrder => write!(
                f,
                "not after the key before it (keys are sorted, each once)"
            ),
            Violation::UnknownAnswer(answer) => write!(f, "points at answer {answer}, which is not stored"),
            Violation::AnswerTiers => write!(
                f,
                "tiers are not a set of tier bits holding the computed months' tiers"
            ),
            Violation::ComputedMonths => write!(
                f,
                "computed months are not sorted, apart, non-empty ranges of archived months"
            ),
            Violation::Representation(coding) => write!(
                f,
                "{coding} representation: missing, empty, or its ETag is not the body's"
            ),
            Violation::DefaultWithoutTable => write!(f, "the default chain has no published table"),
            Violation::HolidayYears => write!(
                f,
                "holiday years are not consecutive, or a decreed year follows a predicted one"
            ),
            Violation::HolidayDecree => write!(
                f,
                "a decree that is not in the archive, or a predicted year with decrees"
            ),
            Violation::HolidayDay(what) => write!(f, "day off: {what}"),
            Violation::ChineseMonth(what) => write!(f, "Chinese month: {what}"),
            Violation::PrayerTable(what) => write!(f, "prayer table: {what}"),
            Violation::Eclipses(what) => write!(f, "eclipses: {what}"),
            Violation::TierWithoutTable(tier) => write!(
                f,
                "a {} month in a chain without a published table (all its months are computed)",
                tier.name()
            ),
            Violation::Coverage {
                first,
                last,
                archive_first,
                archive_last,
            } => write!(
                f,
                "coverage {first}..{last} is not inside the chain's days \
                 {archive_first}..{archive_last}"
            ),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.violation)
    }
}

impl std::error::Error for Problem {}

/// Checks the meaning of a structurally valid archive; the first violation found is the
/// error. Linear in the number of months, site results and cards (no PNG byte is read).
pub fn dataset(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let at_archive = |violation| Problem {
        place: Place::Archive,
        violation,
    };
    check(!dataset.chains.is_empty(), Violation::NoChains).map_err(at_archive)?;
    let default_table = dataset.default_chain().is_some_and(|c| c.table.is_some());
    check(default_table, Violation::DefaultWithoutTable).map_err(at_archive)?;
    let years = dataset.card_years();
    check(years[0] <= years[1], Violation::CardYearRange(years)).map_err(at_archive)?;
    for (index, chain) in dataset.chains.iter().enumerate() {
        let unique = !dataset
            .chains
            .iter()
            .take(index)
            .any(|earlier| earlier.id == chain.id);
        check(unique, Violation::DuplicateChain).map_err(|violation| Problem {
            place: Place::Chain(index),
            violation,
        })?;
        self::chain(dataset, index, chain)?;
    }
    cards(dataset)?;
    holidays(dataset)?;
    chinese_months(dataset)?;
    crate::prayer_table::check(dataset).map_err(|what| Problem {
        place: Place::Archive,
        violation: Violation::PrayerTable(what),
    })?;
    crate::eclipse::check(dataset).map_err(|what| Problem {
        place: Place::Archive,
        violation: Violation::Eclipses(what),
    })?;
    bodies(dataset)
}

/// The Chinese months: each a month of 29 or 30 days after the one before it, numbered
/// 1..12 in order (a leap month repeating the number before it, never two in a row), the
/// year changing exactly at each month 1 that is not leap.
fn chinese_months(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let mut previous: Option<(i32, i32, u8, bool)> = None;
    for (index, month) in dataset.chinese_months.iter().enumerate() {
        let at = |what| Problem {
            place: Place::ChineseMonth(index),
            violation: Violation::ChineseMonth(what),
        };
        let (start, year, number, leap) = (
            month.start.to_native(),
            month.year.to_native(),
            month.number,
            month.leap,
        );
        check(DAY_NUMBERS.contains(&start), "a start outside the days").map_err(at)?;
        check((1..=12).contains(&number), "a number outside 1..12").map_err(at)?;
        check(
            HIJRI_YEARS.contains(&u16::try_from(year).unwrap_or(0)),
            "a year outside 1..9999",
        )
        .map_err(at)?;
        if let Some((before, before_year, before_number, before_leap)) = previous {
            check(
                matches!(start - before, 29 | 30),
                "not 29 or 30 days after the month before",
            )
            .map_err(at)?;
            let follows = if leap {
                !before_leap && number == before_number
            } else {
                number == before_number % 12 + 1
            };
            check(follows, "not the month after the one before").map_err(at)?;
            let new_year = number == 1 && !leap;
            let expected_year = if new_year {
                before_year + 1
            } else {
                before_year
            };
            check(
                year == expected_year,
                "a year that does not change at month 1",
            )
            .map_err(at)?;
        }
        previous = Some((start, year, number, leap));
    }
    Ok(())
}

/// The days off: consecutive years, decreed before predicted, each year's decrees among the
/// archive's, its days inside it, sorted and each once, of known holidays and decrees.
fn holidays(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let decrees = dataset.holidays.decrees.len();
    let mut previous: Option<(u16, bool)> = None;
    for (index, year) in dataset.holidays.years.iter().enumerate() {
        let at_year = |violation| Problem {
            place: Place::HolidayYear(index),
            violation,
        };
        let (number, decreed) = (year.year.to_native(), year.decreed);
        let follows = previous.is_none_or(|(before, was_decreed)| {
            before.checked_add(1) == Some(number) && (was_decreed || !decreed)
        });
        check(follows, Violation::HolidayYears).map_err(at_year)?;
        previous = Some((number, decreed));
        let known = year
            .decrees
            .iter()
            .all(|d| usize::try_from(d.to_native()).is_ok_and(|d| d < decrees));
        check(
            known && (decreed || year.decrees.is_empty()),
            Violation::HolidayDecree,
        )
        .map_err(at_year)?;
        let mut last: Option<(i32, DayKind, &str)> = None;
        for (day_index, day) in year.days.iter().enumerate() {
            let at_day = |what| Problem {
                place: Place::HolidayDay {
                    year: index,
                    index: day_index,
                },
                violation: Violation::HolidayDay(what),
            };
            let date = day.date.to_native();
            let in_year = DAY_NUMBERS.contains(&date)
                && DAY_NUMBERS.contains(&day.first_date.to_native())
                && Date(date).ymd().0 == i32::from(number);
            check(in_year, "a date outside its year").map_err(at_day)?;
            let key = (date, day.kind.get(), day.slug.as_str());
            check(
                last.is_none_or(|last| last < key),
                "not after the day before it",
            )
            .map_err(at_day)?;
            last = Some(key);
            check(holiday::by_slug(&day.slug).is_some(), "an unknown holiday").map_err(at_day)?;
            // A decreed year's day is set by one of its decrees, or predicted (a holiday a
            // partial decree left out); a predicted year's days name index 0.
            let set = usize::from(day.decree) < year.decrees.len().max(1)
                || (decreed && day.decree == holiday::PREDICTED);
            check(set, "set by no decree of its year").map_err(at_day)?;
        }
        for slug in year.undated.iter() {
            let known = holiday::by_slug(slug).is_some();
            check(
                known,
                Violation::HolidayDay("an unknown holiday left undated"),
            )
            .map_err(at_year)?;
        }
    }
    Ok(())
}

/// One chain: identifier, sources, rules, months, coverage and divergences.
fn chain(dataset: &ArchivedDataset, index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    let fail = |violation| Problem {
        place: Place::Chain(index),
        violation,
    };
    let id = chain.id.as_str();
    let id_ok = !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    check(id_ok, Violation::ChainId).map_err(fail)?;
    let sources = &chain.sources;
    let named = [&sources.published, &sources.computed, &sources.retro]
        .iter()
        .all(|s| !s.is_empty());
    check(named, Violation::Sources).map_err(fail)?;
    check(!chain.months.is_empty(), Violation::NoMonths).map_err(fail)?;
    rules(index, chain)?;
    months(dataset, index, chain)?;
    coverage(chain).map_err(fail)?;
    divergences(index, chain)
}

/// The rule spans: at least one, each in order and following the one before, every criterion
/// in range, together covering every month of the chain (checked per month).
fn rules(chain_index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    check(!chain.rules.is_empty(), Violation::NoRules).map_err(|violation| Problem {
        place: Place::Chain(chain_index),
        violation,
    })?;
    let mut previous: Option<Option<HijriMonth>> = None;
    for (index, span) in chain.rules.iter().enumerate() {
        let fail = |violation| Problem {
            place: Place::Rule {
                chain: chain_index,
                index,
            },
            violation,
        };
        let (first, last) = (span.first_month(), span.last_month());
        let valid = |m: Option<HijriMonth>| m.is_none_or(|m| (1..=12).contains(&m.month));
        // Only the first span may be open at its start, only the last at its end; each
        // starts the month after the one before ends.
        let ordered = valid(first)
            && valid(last)
            && first.zip(last).is_none_or(|(f, l)| f <= l)
            && match (previous, first) {
                (None, _) => true,
                (Some(Some(before)), Some(first)) => before.next() == first,
                _ => false,
            };
        check(ordered, Violation::RuleOrder).map_err(fail)?;
        previous = Some(last);
        rule(&span.rule).map_err(fail)?;
    }
    Ok(())
}

/// A named rule whose numbers are in range ([`ArchivedRule::out_of_range`]).
fn rule(rule: &ArchivedRule) -> Result<(), Violation> {
    check(!rule.name().trim().is_empty(), Violation::CriterionName)?;
    match rule.out_of_range() {
        Some(number) => Err(Violation::CriterionLimit(number)),
        None => Ok(()),
    }
}

/// Every month on its own, then each against the one before it.
fn months(
    dataset: &ArchivedDataset,
    chain_index: usize,
    chain: &ArchivedChain,
) -> Result<(), Problem> {
    let sites = dataset.sites.len();
    let mut previous: Option<&ArchivedMonth> = None;
    for (index, month) in chain.months.iter().enumerate() {
        let fail = |violation| Problem {
            place: Place::Month {
                chain: chain_index,
                index,
                year: month.hijri_month().year,
                month: month.hijri_month().month,
            },
            violation,
        };
        alone(month).map_err(fail)?;
        let rule = chain
            .rule_for(month.hijri_month())
            .ok_or(Violation::NoRule)
            .map_err(fail)?;
        record(&rule.rule, month, sites).map_err(fail)?;
        if let Some(before) = previous {
            after(before, month).map_err(fail)?;
        }
        previous = Some(month);
    }
    Ok(())
}

/// The rules of one month on its own.
fn alone(month: &ArchivedMonth) -> Result<(), Violation> {
    let number = month.hijri_month();
    check((1..=12).contains(&number.month), Violation::MonthNumber)?;
    check(HIJRI_YEARS.contains(&number.year), Violation::HijriYear)?;
    check(
        month.length == 29 || month.length == 30,
        Violation::Length(month.length),
    )?;
    day("start", month.start.to_native())
}

/// A month's evening record: one its rule makes, with values in range and flags that follow
/// from the rule's limits.
fn record(rule: &ArchivedRule, month: &ArchivedMonth, sites: usize) -> Result<(), Violation> {
    check(rule.makes(&month.record), Violation::RecordKind)?;
    match &month.record {
        ArchivedRecord::None => Ok(()),
        ArchivedRecord::Sites(evening) => match rule.criterion() {
            Some(criterion) => site_record(evening, criterion.limits.get(), sites),
            None => Err(Violation::RecordKind),
        },
        ArchivedRecord::Wujud(evening) => wujud_record(evening),
        ArchivedRecord::Khgt(evening) => match rule.khgt() {
            Some(khgt) => khgt_record(evening, khgt.limits.get()),
            None => Err(Violation::RecordKind),
        },
    }
}

/// A wujudul hilal record: instants in range, `met` as its values say (the conjunction
/// before sunset and the upper limb above the horizon).
fn wujud_record(evening: &ArchivedWujudEvening) -> Result<(), Violation> {
    day("evening", evening.date.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Violation::Conjunction)?;
    let sunset = evening.sunset.to_native();
    let moonset = evening.moonset.as_ref().map(|m| m.to_native());
    let values = |what| Violation::SiteValue {
        site: 0,
        value: what,
    };
    check(INSTANTS.contains(&sunset), values("sunset"))?;
    check(
        moonset.is_none_or(|m| INSTANTS.contains(&m)),
        values("moonset"),
    )?;
    check(
        UTC_OFFSETS.contains(&evening.utc_offset_s.to_native()),
        values("UTC offset"),
    )?;
    let upper_limb = evening.upper_limb_alt.to_native();
    check(ANGLES.contains(&upper_limb), values("upper limb altitude"))?;
    let met = evening.conjunction_ms.to_native() < sunset.saturating_mul(1_000) && upper_limb > 0;
    check(evening.met == met, Violation::Visible)
}

/// A KHGT record: instants and places in range, and the condition applied as the best
/// places' margins say (PKG 1 when its place meets the limits, else PKG 2 when its place
/// does, else neither).
fn khgt_record(evening: &ArchivedKhgtEvening, limits: Limits) -> Result<(), Violation> {
    day("evening", evening.day.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Violation::Conjunction)?;
    check(
        INSTANTS.contains(&evening.nz_fajr.to_native()),
        Violation::SiteValue {
            site: 0,
            value: "fajr",
        },
    )?;
    let mut meets = [false; 2];
    for (index, place) in [&evening.pkg1, &evening.pkg2].into_iter().enumerate() {
        let Some(place) = place.as_ref() else {
            continue;
        };
        let values = |what| Violation::SiteValue {
            site: index,
            value: what,
        };
        let (lat, lon) = (place.lat.to_native(), place.lon.to_native());
        check(
            (-900_000..=900_000).contains(&lat) && (-1_800_000..=1_800_000).contains(&lon),
            values("place"),
        )?;
        check(
            INSTANTS.contains(&place.sunset.to_native()),
            values("sunset"),
        )?;
        let (alt, elongation) = (place.moon_alt.to_native(), place.elongation.to_native());
        check(ANGLES.contains(&alt), values("moon altitude"))?;
        check(ANGLES.contains(&elongation), values("elongation"))?;
        if let Some(meet) = meets.get_mut(index) {
            *meet = limits.margin(alt, elongation) >= 0;
        }
    }
    let applied = match meets {
        [true, _] => Applied::Pkg1,
        [false, true] => Applied::Pkg2,
        [false, false] => Applied::Neither,
    };
    check(evening.applied == applied, Violation::Visible)
}

/// A site record: its deciding site among the sites, values in range and flags that follow
/// from `limits`.
fn site_record(evening: &ArchivedEvening, limits: Limits, sites: usize) -> Result<(), Violation> {
    day("evening", evening.date.to_native())?;
    check(
        (1..=30).contains(&evening.hijri_day),
        Violation::EveningDay(evening.hijri_day),
    )?;
    check(
        INSTANTS.contains(&evening.conjunction_ms.to_native().div_euclid(1_000)),
        Violation::Conjunction,
    )?;
    // An evening without site results is allowed: its record is then unavailable.
    let results = evening.sites.len();
    if results == 0 {
        return Ok(());
    }
    check(results == sites, Violation::EveningSites { results, sites })?;
    check(
        usize::from(evening.deciding) < results,
        Violation::DecidingSite {
            deciding: evening.deciding,
            sites,
        },
    )?;
    for (site, values) in evening.sites.iter().enumerate() {
        site_values(values).map_err(|value| Violation::SiteValue { site, value })?;
        let flags = (values.alt_ok, values.elong_ok);
        let follow = (
            limits.alt_ok(values.moon_alt.to_native()),
            limits.elong_ok(values.elongation.to_native()),
        );
        check(flags == follow, Violation::SiteFlags(site))?;
    }
    let visible = evening.sites.iter().any(|s| s.alt_ok && s.elong_ok);
    check(evening.visible == visible, Violation::Visible)
}

/// The values a look-up computes with, each in its range; the error names the first one out.
fn site_values(values: &ArchivedSiteEvening) -> Result<(), &'static str> {
    check(INSTANTS.contains(&values.sunset.to_native()), "sunset")?;
    let moonset = values.moonset.as_ref().map(|m| m.to_native());
    check(moonset.is_none_or(|m| INSTANTS.contains(&m)), "moonset")?;
    check(
        UTC_OFFSETS.contains(&values.utc_offset_s.to_native()),
        "UTC offset",
    )?;
    check(
        ANGLES.contains(&values.moon_alt.to_native()),
        "moon altitude",
    )?;
    check(
        ANGLES.contains(&values.elongation.to_native()),
        "elongation",
    )
}

/// The rules between a month and the one before it.
fn after(before: &ArchivedMonth, month: &ArchivedMonth) -> Result<(), Violation> {
    let previous = before.hijri_month();
    check(
        previous.next() == month.hijri_month(),
        Violation::NotNext(previous),
    )?;
    let expected = before.start().add_days(i32::from(before.length));
    check(
        month.start() == expected,
        Violation::Gap {
            start: month.start(),
            expected,
        },
    )?;
    let previous = before.tier();
    check(
        month.tier() != Tier::Retro || previous == Tier::Retro,
        Violation::RetroAfter(previous),
    )
}

/// The table's coverage inside the chain's days.
fn coverage(chain: &ArchivedChain) -> Result<(), Violation> {
    let Some((first, last)) = chain.coverage() else {
        // Without a table every month is computed: nothing is published, nothing before it.
        return match chain
            .months
            .iter()
            .map(ArchivedMonth::tier)
            .find(|t| *t != Tier::Computed)
        {
            Some(tier) => Err(Violation::TierWithoutTable(tier)),
            None => Ok(()),
        };
    };
    day("coverage first", first.0)?;
    day("coverage last", last.0)?;
    let (archive_first, archive_last) = (chain.first_day(), chain.last_day());
    check(
        archive_first <= first && first <= last && last <= archive_last,
        Violation::Coverage {
            first,
            last,
            archive_first,
            archive_last,
        },
    )
}

/// Cards sorted and unique (the look-up is a binary search), each naming a month of its
/// chain inside the card years, under a rule that decides it on an evening.
fn cards(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let [min, max] = dataset.card_years();
    let mut previous = None;
    for (index, card) in dataset.cards.iter().enumerate() {
        let HijriMonth { year, month } = card.month.get();
        let fail = |violation| Problem {
            place: Place::Card { index, year, month },
            violation,
        };
        let chain = dataset.chains.get(usize::from(card.chain));
        let held = chain.is_some_and(|chain| holds(chain, year, month));
        check(held, Violation::UnknownMonth).map_err(fail)?;
        let evening = chain
            .and_then(|chain| chain.rule_for(HijriMonth { year, month }))
            .is_some_and(|span| span.rule.has_evening());
        check(evening, Violation::CardWithoutEvening).map_err(fail)?;
        check(
            (min..=max).contains(&year),
            Violation::CardYears([min, max]),
        )
        .map_err(fail)?;
        let key = card.order();
        check(previous.is_none_or(|p| p < key), Violation::CardOrder).map_err(fail)?;
        previous = Some(key);
    }
    Ok(())
}

/// Each divergence names a month of its chain.
fn divergences(chain_index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    for (index, divergence) in chain.divergences.iter().enumerate() {
        let HijriMonth { year, month } = divergence.month.get();
        check(holds(chain, year, month), Violation::UnknownMonth).map_err(|violation| Problem {
            place: Place::Divergence {
                chain: chain_index,
                index,
                year,
                month,
            },
            violation,
        })?;
    }
    Ok(())
}

/// Stored answers: keys sorted and unique, each pointing at an answer; each answer's computed
/// months inside the default chain, its identity body tagged with its fingerprint, and each
/// compressed form tagged with that `ETag` and its coding's suffix. Hashes every identity body
/// once (27 MB: the whole check of meaning takes ~6 ms, `examples/open_timing.rs`).
fn bodies(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let answers = dataset.answers.len();
    let mut previous: Option<&str> = None;
    for (index, body) in dataset.bodies.iter().enumerate() {
        let fail = |violation| Problem {
            place: Place::Body(index),
            violation,
        };
        let key = body.key.as_str();
        check(previous.is_none_or(|p| p < key), Violation::BodyOrder).map_err(fail)?;
        previous = Some(key);
        let answer = body.answer.to_native();
        check(
            usize::try_from(answer).is_ok_and(|a| a < answers),
            Violation::UnknownAnswer(answer),
        )
        .map_err(fail)?;
    }
    let months = dataset
        .default_chain()
        .map_or(0, |chain| chain.months.len());
    for (index, answer) in dataset.answers.iter().enumerate() {
        let fail = |violation| Problem {
            place: Place::Answer(index),
            violation,
        };
        let mut end = None;
        for range in answer.computed.iter() {
            let [start, stop] = range.map(|i| usize::try_from(i.to_native()).unwrap_or(usize::MAX));
            let apart = end.is_none_or(|end| end < start);
            check(
                apart && start < stop && stop <= months,
                Violation::ComputedMonths,
            )
            .map_err(fail)?;
            end = Some(stop);
        }
        let all = Tier::ALL.iter().fold(0, |set, tier| set | tier.bit());
        let not_regional = Tier::Computed.bit() | Tier::Retro.bit();
        check(
            answer.tiers & !all == 0
                && (answer.computed.is_empty() || answer.tiers & not_regional != 0),
            Violation::AnswerTiers,
        )
        .map_err(fail)?;
        let etag = answer.etag.as_str();
        check(
            fingerprint::etag(&answer.identity) == etag,
            Violation::Representation("identity"),
        )
        .map_err(fail)?;
        let representations = [
            (answer.gzip.as_ref(), fingerprint::GZIP_SUFFIX, "gzip"),
            (answer.brotli.as_ref(), fingerprint::BROTLI_SUFFIX, "brotli"),
        ];
        for (representation, suffix, coding) in representations {
            let Some(representation) = representation else {
                continue;
            };
            let tagged = etag
                .strip_suffix('"')
                .and_then(|open| representation.etag.as_str().strip_prefix(open))
                .and_then(|rest| rest.strip_suffix('"'))
                == Some(suffix);
            check(
                !representation.bytes.is_empty() && tagged,
                Violation::Representation(coding),
            )
            .map_err(fail)?;
        }
    }
    Ok(())
}

/// True if the chain holds the Hijri month `year`-`month` (1–12).
fn holds(chain: &ArchivedChain, year: u16, month: u8) -> bool {
    chain.month_index(HijriMonth { year, month }).is_some()
}

/// A day number inside [`DAY_NUMBERS`].
fn day(what: &'static str, day: i32) -> Result<(), Violation> {
    check(DAY_NUMBERS.contains(&day), Violation::Day(what, day))
}

/// `Ok` if `holds`, else `Err(error)`.
fn check<E>(holds: bool, error: E) -> Result<(), E> {
    if holds {
        Ok(())
    } else {
        Err(error)
    }
}
