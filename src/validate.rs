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

use crate::date::Date;
use crate::fingerprint;
use crate::hijri::HijriMonth;
use crate::schema::{
    Applied, ArchivedChain, ArchivedDataset, ArchivedEvening, ArchivedKhgtEvening, ArchivedMonth,
    ArchivedRecord, ArchivedRule, ArchivedSite, ArchivedSiteEvening, ArchivedWujudEvening, Limits,
    Tier,
};

/// Day numbers accepted anywhere in the archive: Gregorian years 1 to 9999.
pub const DAYS: RangeInclusive<i32> = -719_162..=2_932_896;
/// Hijri years accepted (four digits, as dates are written).
pub const HIJRI_YEARS: RangeInclusive<u16> = 1..=9999;
/// Instants (Unix seconds) accepted in evening records: about ±3,000 years around 1970.
pub const INSTANTS: RangeInclusive<i64> = -100_000_000_000..=100_000_000_000;
/// UTC offsets (seconds) accepted in evening records: less than a day either way.
pub const UTC_OFFSETS: RangeInclusive<i32> = -86_399..=86_399;
/// Angles (1e-4 degree) accepted for the criteria values: one turn either way.
pub const ANGLES: RangeInclusive<i32> = -3_600_000..=3_600_000;
/// Least Moon altitudes (1e-4 degree) a criterion may set: the horizon's half sky either way.
pub const MIN_MOON_ALTS: RangeInclusive<i32> = -900_000..=900_000;
/// Least elongations (1e-4 degree) a criterion may set: 0 to 180°.
pub const MIN_ELONGATIONS: RangeInclusive<i32> = 0..=1_800_000;
/// Borderline bands (1e-4 degree) a criterion may set: more than 0, at most 10°.
pub const BORDERLINE_BANDS: RangeInclusive<i32> = 1..=100_000;
/// Sun depressions (1e-4 degree) a fajr may be taken at: below the horizon, at most 30°.
pub const FAJR_DEPRESSIONS: RangeInclusive<i32> = 1..=300_000;

/// A violated rule and where: what [`dataset`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where in the archive.
    pub place: Place,
    /// What is wrong there.
    pub rule: Rule,
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

/// A rule of the archive's meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
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
    /// A day number outside [`DAYS`].
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
            Place::Answer(index) => write!(f, "stored answer {index}"),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::NoChains => write!(f, "holds no chain"),
            Rule::ChainId => write!(
                f,
                "identifier is empty or not lower-case ASCII letters, digits and '-'"
            ),
            Rule::DuplicateChain => write!(f, "identifier used by an earlier chain"),
            Rule::Sources => write!(f, "a tier has no source value"),
            Rule::NoMonths => write!(f, "holds no month"),
            Rule::NoRules => write!(f, "has no rules"),
            Rule::RuleOrder => write!(
                f,
                "months out of order or not following the rule span before it"
            ),
            Rule::NoRule => write!(f, "no rule span covers it"),
            Rule::RecordKind => write!(f, "its evening record is not one its rule makes"),
            Rule::CriterionName => write!(f, "has no name"),
            Rule::CriterionLimit(limit) => write!(f, "{limit} out of range"),
            Rule::SiteFlags(site) => write!(
                f,
                "evening site {site}: alt_ok or elong_ok disagrees with its values and the criterion"
            ),
            Rule::Visible => write!(
                f,
                "visible disagrees with the sites (both limits at one or more of them)"
            ),
            Rule::MonthNumber => write!(f, "month number out of 1..12"),
            Rule::HijriYear => write!(
                f,
                "Hijri year out of {}..{}",
                HIJRI_YEARS.start(),
                HIJRI_YEARS.end()
            ),
            Rule::Length(length) => write!(f, "length {length}, not 29 or 30"),
            Rule::Day(what, day) => {
                write!(f, "{what} (day {day}) outside Gregorian years 1..9999")
            }
            Rule::NotNext(previous) => write!(
                f,
                "does not follow {:04}-{:02}, the month before it",
                previous.year, previous.month
            ),
            Rule::Gap { start, expected } => write!(
                f,
                "starts on {start}, but the month before ends the day before {expected}"
            ),
            Rule::RetroAfter(previous) => write!(
                f,
                "retro month after a {} month (retro months come first)",
                previous.name()
            ),
            Rule::EveningSites { results, sites } => write!(
                f,
                "evening has results for {results} sites, the archive has {sites}"
            ),
            Rule::DecidingSite { deciding, sites } => {
                write!(f, "deciding site {deciding} out of {sites} sites")
            }
            Rule::EveningDay(day) => write!(f, "evening on Hijri day {day}, not 1..30"),
            Rule::Conjunction => write!(f, "conjunction instant out of range"),
            Rule::SiteValue { site, value } => {
                write!(f, "evening site {site}: {value} out of range")
            }
            Rule::UnknownMonth => write!(f, "names a month its chain does not hold"),
            Rule::CardOrder => write!(
                f,
                "not after the card before it (sorted by chain, year, month, kind, bare, each \
                 once)"
            ),
            Rule::CardWithoutEvening => {
                write!(f, "a card of a month whose rule decides no evening")
            }
            Rule::CardYears([min, max]) => write!(f, "outside the card years {min}..{max}"),
            Rule::CardYearRange([min, max]) => write!(f, "card years {min}..{max} are reversed"),
            Rule::BodyOrder => write!(
                f,
                "not after the key before it (keys are sorted, each once)"
            ),
            Rule::UnknownAnswer(answer) => write!(f, "points at answer {answer}, which is not stored"),
            Rule::AnswerTiers => write!(
                f,
                "tiers are not a set of tier bits holding the computed months' tiers"
            ),
            Rule::ComputedMonths => write!(
                f,
                "computed months are not sorted, apart, non-empty ranges of archived months"
            ),
            Rule::Representation(coding) => write!(
                f,
                "{coding} representation: missing, empty, or its ETag is not the body's"
            ),
            Rule::Coverage {
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
        write!(f, "{}: {}", self.place, self.rule)
    }
}

impl std::error::Error for Problem {}

/// Checks the meaning of a structurally valid archive; the first violation found is the
/// error. Linear in the number of months, site results and cards (no PNG byte is read).
pub fn dataset(dataset: &ArchivedDataset) -> Result<(), Problem> {
    let at_archive = |rule| Problem {
        place: Place::Archive,
        rule,
    };
    check(!dataset.chains.is_empty(), Rule::NoChains).map_err(at_archive)?;
    let years = dataset.card_years();
    check(years[0] <= years[1], Rule::CardYearRange(years)).map_err(at_archive)?;
    for (index, chain) in dataset.chains.iter().enumerate() {
        let unique = !dataset
            .chains
            .iter()
            .take(index)
            .any(|earlier| earlier.id == chain.id);
        check(unique, Rule::DuplicateChain).map_err(|rule| Problem {
            place: Place::Chain(index),
            rule,
        })?;
        self::chain(dataset, index, chain)?;
    }
    cards(dataset)?;
    bodies(dataset)
}

/// One chain: identifier, sources, rules, months, coverage and divergences.
fn chain(dataset: &ArchivedDataset, index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    let fail = |rule| Problem {
        place: Place::Chain(index),
        rule,
    };
    let id = chain.id.as_str();
    let id_ok = !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    check(id_ok, Rule::ChainId).map_err(fail)?;
    let sources = &chain.sources;
    let named = [&sources.published, &sources.computed, &sources.retro]
        .iter()
        .all(|s| !s.is_empty());
    check(named, Rule::Sources).map_err(fail)?;
    check(!chain.months.is_empty(), Rule::NoMonths).map_err(fail)?;
    rules(index, chain)?;
    months(dataset, index, chain)?;
    coverage(chain).map_err(fail)?;
    divergences(index, chain)
}

/// The rule spans: at least one, each in order and following the one before, every criterion
/// in range, together covering every month of the chain (checked per month).
fn rules(chain_index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    check(!chain.rules.is_empty(), Rule::NoRules).map_err(|rule| Problem {
        place: Place::Chain(chain_index),
        rule,
    })?;
    let mut previous: Option<Option<HijriMonth>> = None;
    for (index, span) in chain.rules.iter().enumerate() {
        let fail = |rule| Problem {
            place: Place::Rule {
                chain: chain_index,
                index,
            },
            rule,
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
        check(ordered, Rule::RuleOrder).map_err(fail)?;
        previous = Some(last);
        rule(&span.rule).map_err(fail)?;
    }
    Ok(())
}

/// A named rule whose numbers are in range: limits within the angles (so margins cannot
/// overflow), places on the globe, a fajr depression below the horizon.
fn rule(rule: &ArchivedRule) -> Result<(), Rule> {
    check(!rule.name().trim().is_empty(), Rule::CriterionName)?;
    match rule {
        ArchivedRule::Sites(criterion) => limits(criterion.limits.get()),
        ArchivedRule::WujudulHilal(wujud) => place(&wujud.place),
        ArchivedRule::Khgt(khgt) => {
            limits(khgt.limits.get())?;
            place(&khgt.fajr_place)?;
            check(
                FAJR_DEPRESSIONS.contains(&khgt.fajr_depression.to_native()),
                Rule::CriterionLimit("fajr_depression"),
            )?;
            check(
                khgt.deadline_min.to_native() <= khgt.americas_until_min.to_native(),
                Rule::CriterionLimit("americas_until_min"),
            )
        }
        ArchivedRule::Table(_) => Ok(()),
    }
}

/// A place on the globe.
fn place(site: &ArchivedSite) -> Result<(), Rule> {
    let (lat, lon) = (site.lat.to_native(), site.lon.to_native());
    check(
        (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon),
        Rule::CriterionLimit("place"),
    )
}

/// Limits in range, so margins cannot overflow and every threshold is an angle the evening
/// values can reach.
fn limits(limits: Limits) -> Result<(), Rule> {
    let in_range = [
        (MIN_MOON_ALTS.contains(&limits.min_moon_alt), "min_moon_alt"),
        (
            MIN_ELONGATIONS.contains(&limits.min_elongation),
            "min_elongation",
        ),
        (BORDERLINE_BANDS.contains(&limits.borderline), "borderline"),
    ];
    for (holds, limit) in in_range {
        check(holds, Rule::CriterionLimit(limit))?;
    }
    Ok(())
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
        let fail = |rule| Problem {
            place: Place::Month {
                chain: chain_index,
                index,
                year: month.year.to_native(),
                month: month.month,
            },
            rule,
        };
        alone(month).map_err(fail)?;
        let rule = chain
            .rule_for(month.hijri_month())
            .ok_or(Rule::NoRule)
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
fn alone(month: &ArchivedMonth) -> Result<(), Rule> {
    check((1..=12).contains(&month.month), Rule::MonthNumber)?;
    check(
        HIJRI_YEARS.contains(&month.year.to_native()),
        Rule::HijriYear,
    )?;
    check(
        month.length == 29 || month.length == 30,
        Rule::Length(month.length),
    )?;
    day("start", month.start.to_native())
}

/// A month's evening record: one its rule makes, with values in range and flags that follow
/// from the rule's limits.
fn record(rule: &ArchivedRule, month: &ArchivedMonth, sites: usize) -> Result<(), Rule> {
    match (&month.record, rule) {
        (ArchivedRecord::None, _) => Ok(()),
        (ArchivedRecord::Sites(evening), ArchivedRule::Sites(criterion)) => {
            site_record(evening, criterion.limits.get(), sites)
        }
        (ArchivedRecord::Wujud(evening), ArchivedRule::WujudulHilal(_)) => wujud_record(evening),
        (ArchivedRecord::Khgt(evening), ArchivedRule::Khgt(khgt)) => {
            khgt_record(evening, khgt.limits.get())
        }
        _ => Err(Rule::RecordKind),
    }
}

/// A wujudul hilal record: instants in range, `met` as its values say.
fn wujud_record(evening: &ArchivedWujudEvening) -> Result<(), Rule> {
    day("evening", evening.date.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Rule::Conjunction)?;
    let sunset = evening.sunset.to_native();
    let moonset = evening.moonset.as_ref().map(|m| m.to_native());
    let values = |what| Rule::SiteValue {
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
    check(
        ANGLES.contains(&evening.moon_alt.to_native()),
        values("moon altitude"),
    )?;
    let met = evening.conjunction_ms.to_native() < sunset.saturating_mul(1_000)
        && moonset.is_some_and(|m| m > sunset);
    check(evening.met == met, Rule::Visible)
}

/// A KHGT record: instants and places in range, and the condition applied as the best
/// places' margins say (PKG 1 when its place meets the limits, else PKG 2 when its place
/// does, else neither).
fn khgt_record(evening: &ArchivedKhgtEvening, limits: Limits) -> Result<(), Rule> {
    day("evening", evening.day.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Rule::Conjunction)?;
    check(
        INSTANTS.contains(&evening.nz_fajr.to_native()),
        Rule::SiteValue {
            site: 0,
            value: "fajr",
        },
    )?;
    let mut meets = [false; 2];
    for (index, place) in [&evening.pkg1, &evening.pkg2].into_iter().enumerate() {
        let Some(place) = place.as_ref() else {
            continue;
        };
        let values = |what| Rule::SiteValue {
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
    check(evening.applied == applied, Rule::Visible)
}

/// A site record: its deciding site among the sites, values in range and flags that follow
/// from `limits`.
fn site_record(evening: &ArchivedEvening, limits: Limits, sites: usize) -> Result<(), Rule> {
    day("evening", evening.date.to_native())?;
    check(
        (1..=30).contains(&evening.hijri_day),
        Rule::EveningDay(evening.hijri_day),
    )?;
    check(
        INSTANTS.contains(&evening.conjunction_ms.to_native().div_euclid(1_000)),
        Rule::Conjunction,
    )?;
    // An evening without site results is allowed: its record is then unavailable.
    let results = evening.sites.len();
    if results == 0 {
        return Ok(());
    }
    check(results == sites, Rule::EveningSites { results, sites })?;
    check(
        usize::from(evening.deciding) < results,
        Rule::DecidingSite {
            deciding: evening.deciding,
            sites,
        },
    )?;
    for (site, values) in evening.sites.iter().enumerate() {
        site_values(values).map_err(|value| Rule::SiteValue { site, value })?;
        let flags = (values.alt_ok, values.elong_ok);
        let follow = (
            limits.alt_ok(values.moon_alt.to_native()),
            limits.elong_ok(values.elongation.to_native()),
        );
        check(flags == follow, Rule::SiteFlags(site))?;
    }
    let visible = evening.sites.iter().any(|s| s.alt_ok && s.elong_ok);
    check(evening.visible == visible, Rule::Visible)
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
fn after(before: &ArchivedMonth, month: &ArchivedMonth) -> Result<(), Rule> {
    let previous = before.hijri_month();
    check(
        previous.next() == month.hijri_month(),
        Rule::NotNext(previous),
    )?;
    let expected = before.start().add_days(i32::from(before.length));
    check(
        month.start() == expected,
        Rule::Gap {
            start: month.start(),
            expected,
        },
    )?;
    let previous = before.tier();
    check(
        month.tier() != Tier::Retro || previous == Tier::Retro,
        Rule::RetroAfter(previous),
    )
}

/// The table's coverage inside the chain's days.
fn coverage(chain: &ArchivedChain) -> Result<(), Rule> {
    let (first, last) = chain.coverage();
    day("coverage first", first.0)?;
    day("coverage last", last.0)?;
    let (archive_first, archive_last) = (chain.first_day(), chain.last_day());
    check(
        archive_first <= first && first <= last && last <= archive_last,
        Rule::Coverage {
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
        let (year, month) = (card.year.to_native(), card.month);
        let fail = |rule| Problem {
            place: Place::Card { index, year, month },
            rule,
        };
        let chain = dataset.chains.get(usize::from(card.chain));
        let held = chain.is_some_and(|chain| holds(chain, year, month));
        check(held, Rule::UnknownMonth).map_err(fail)?;
        let evening = chain
            .and_then(|chain| chain.rule_for(HijriMonth { year, month }))
            .is_some_and(|span| span.rule.has_evening());
        check(evening, Rule::CardWithoutEvening).map_err(fail)?;
        check((min..=max).contains(&year), Rule::CardYears([min, max])).map_err(fail)?;
        let key = card.order();
        check(previous.is_none_or(|p| p < key), Rule::CardOrder).map_err(fail)?;
        previous = Some(key);
    }
    Ok(())
}

/// Each divergence names a month of its chain.
fn divergences(chain_index: usize, chain: &ArchivedChain) -> Result<(), Problem> {
    for (index, divergence) in chain.divergences.iter().enumerate() {
        let (year, month) = (divergence.year.to_native(), divergence.month);
        check(holds(chain, year, month), Rule::UnknownMonth).map_err(|rule| Problem {
            place: Place::Divergence {
                chain: chain_index,
                index,
                year,
                month,
            },
            rule,
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
        let fail = |rule| Problem {
            place: Place::Body(index),
            rule,
        };
        let key = body.key.as_str();
        check(previous.is_none_or(|p| p < key), Rule::BodyOrder).map_err(fail)?;
        previous = Some(key);
        let answer = body.answer.to_native();
        check(
            usize::try_from(answer).is_ok_and(|a| a < answers),
            Rule::UnknownAnswer(answer),
        )
        .map_err(fail)?;
    }
    let months = dataset
        .default_chain()
        .map_or(0, |chain| chain.months.len());
    for (index, answer) in dataset.answers.iter().enumerate() {
        let fail = |rule| Problem {
            place: Place::Answer(index),
            rule,
        };
        let mut end = None;
        for range in answer.computed.iter() {
            let [start, stop] = range.map(|i| usize::try_from(i.to_native()).unwrap_or(usize::MAX));
            let apart = end.is_none_or(|end| end < start);
            check(
                apart && start < stop && stop <= months,
                Rule::ComputedMonths,
            )
            .map_err(fail)?;
            end = Some(stop);
        }
        let all = Tier::ALL.iter().fold(0, |set, tier| set | tier.bit());
        let not_regional = Tier::Computed.bit() | Tier::Retro.bit();
        check(
            answer.tiers & !all == 0
                && (answer.computed.is_empty() || answer.tiers & not_regional != 0),
            Rule::AnswerTiers,
        )
        .map_err(fail)?;
        let etag = answer.etag.as_str();
        check(
            fingerprint::etag(&answer.identity) == etag,
            Rule::Representation("identity"),
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
                Rule::Representation(coding),
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

/// A day number inside [`DAYS`].
fn day(what: &'static str, day: i32) -> Result<(), Rule> {
    check(DAYS.contains(&day), Rule::Day(what, day))
}

/// `Ok` if `holds`, else `Err(error)`.
fn check<E>(holds: bool, error: E) -> Result<(), E> {
    if holds {
        Ok(())
    } else {
        Err(error)
    }
}
