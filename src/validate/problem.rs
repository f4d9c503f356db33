//! What an archive's check reports: the place and the broken rule, in words.

use std::fmt;

use super::HIJRI_YEARS;
use crate::date::Date;
use crate::hijri::HijriMonth;
use crate::schema::Tier;

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
