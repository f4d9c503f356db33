//! What each kind of rule states, in one place: its name, whether an evening decides its
//! months (and why not, in its own words), which evening record it makes, which numbers of it
//! must lie in range, how the generator makes its months ([`Family`]) and, for a rule that
//! is its own calendar (the arithmetical one, [`Arithmetic`]), each month's start and length.
//! Every behaviour that depends on a rule's kind is an exhaustive match here; the rest of the
//! workspace asks these questions, so a new kind of rule is a variant in `schema/chain.rs` and its
//! arms (and functions) here.

use std::ops::RangeInclusive;

use crate::date::{Date, DAY_NUMBERS};
use crate::schema::{
    ArchivedArithmetic, ArchivedCriterion, ArchivedKhgt, ArchivedRecord, ArchivedRule,
    ArchivedSite, ArchivedWujud, Arithmetic, Criterion, HijriMonth, Khgt, Rule,
};

/// Sun depressions (1e-4 degree) a fajr may be taken at: below the horizon, at most 30°.
pub const FAJR_DEPRESSIONS: RangeInclusive<i32> = 1..=300_000;
/// Bands (minutes) around fajr within which a conjunction is borderline: at most a day.
pub const FAJR_BANDS: RangeInclusive<u16> = 0..=1_440;

/// How a chain's months are made from its rules: the generator has one builder per family,
/// and a chain's rules are all of one family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Decided on the evening of day 29 at observation sites, each month from the one before
    /// (forward from the published table, and from 1945 before it).
    Sites,
    /// Each month on its own, from its conjunction (wujudul hilal, KHGT).
    Conjunction,
    /// Given: by the published table, or by the rule's own arithmetic ([`Rule::given_month`]).
    Given,
}

impl Rule {
    /// How the months of this rule are made.
    pub fn family(&self) -> Family {
        match self {
            Rule::Sites(_) => Family::Sites,
            Rule::WujudulHilal(_) | Rule::Khgt(_) => Family::Conjunction,
            Rule::Table(_) | Rule::Arithmetic(_) => Family::Given,
        }
    }

    /// The site criterion of a [`Rule::Sites`] rule.
    pub fn criterion(&self) -> Option<&Criterion> {
        match self {
            Rule::Sites(criterion) => Some(criterion),
            Rule::WujudulHilal(_) | Rule::Khgt(_) | Rule::Table(_) | Rule::Arithmetic(_) => None,
        }
    }

    /// True if an evening decides the months of this rule (as
    /// [`ArchivedRule::has_evening`]): a given month has none.
    pub fn has_evening(&self) -> bool {
        self.family() != Family::Given
    }

    /// The KHGT rule of a [`Rule::Khgt`] rule.
    pub fn khgt(&self) -> Option<&Khgt> {
        match self {
            Rule::Khgt(khgt) => Some(khgt),
            Rule::Sites(_) | Rule::WujudulHilal(_) | Rule::Table(_) | Rule::Arithmetic(_) => None,
        }
    }

    /// The first day and length of `month` when the rule alone gives them (arithmetic);
    /// `None` for a rule that decides months on evenings or a table's rule (its months are the
    /// table's).
    pub fn given_month(&self, month: HijriMonth) -> Option<(Date, u8)> {
        match self {
            Rule::Arithmetic(arithmetic) => {
                Some((arithmetic.start(month)?, arithmetic.length(month)))
            }
            Rule::Sites(_) | Rule::WujudulHilal(_) | Rule::Khgt(_) | Rule::Table(_) => None,
        }
    }
}

impl ArchivedRule {
    /// The rule's name.
    pub fn name(&self) -> &str {
        match self {
            ArchivedRule::Sites(c) => &c.name,
            ArchivedRule::WujudulHilal(w) => &w.name,
            ArchivedRule::Khgt(k) => &k.name,
            ArchivedRule::Table(t) => &t.name,
            ArchivedRule::Arithmetic(a) => &a.name,
        }
    }

    /// Why the rule's months have no evening record, in the rule's own words; `None` for a
    /// rule that decides its months on an evening.
    pub fn without_evening(&self) -> Option<&str> {
        match self {
            ArchivedRule::Sites(_) | ArchivedRule::WujudulHilal(_) | ArchivedRule::Khgt(_) => None,
            ArchivedRule::Table(t) => Some(&t.evaluated),
            ArchivedRule::Arithmetic(a) => Some(&a.evaluated),
        }
    }

    /// True if the rule decides a month on an evening, so its months have an evening record
    /// to show.
    pub fn has_evening(&self) -> bool {
        self.without_evening().is_none()
    }

    /// True if `record` is one this rule makes: its own kind of evening record, or none (a
    /// month its rule did not evaluate, or a rule without evenings).
    pub fn makes(&self, record: &ArchivedRecord) -> bool {
        use ArchivedRecord as R;
        match (self, record) {
            (
                ArchivedRule::Sites(_)
                | ArchivedRule::WujudulHilal(_)
                | ArchivedRule::Khgt(_)
                | ArchivedRule::Table(_)
                | ArchivedRule::Arithmetic(_),
                R::None,
            ) => true,
            (ArchivedRule::Sites(_), R::Sites(_))
            | (ArchivedRule::WujudulHilal(_), R::Wujud(_))
            | (ArchivedRule::Khgt(_), R::Khgt(_)) => true,
            (
                ArchivedRule::Sites(_)
                | ArchivedRule::WujudulHilal(_)
                | ArchivedRule::Khgt(_)
                | ArchivedRule::Table(_)
                | ArchivedRule::Arithmetic(_),
                R::Sites(_) | R::Wujud(_) | R::Khgt(_),
            ) => false,
        }
    }

    /// The first number of the rule out of its range, by name (limits that could overflow a
    /// margin, a place off the globe, a fajr below 30° or above the horizon, KHGT's deadlines
    /// out of order, an arithmetic that numbers no day); `None` when all are in range.
    pub fn out_of_range(&self) -> Option<&'static str> {
        match self {
            ArchivedRule::Sites(criterion) => criterion.limits.get().out_of_range(),
            ArchivedRule::WujudulHilal(wujud) => off_the_globe(&wujud.place),
            ArchivedRule::Khgt(khgt) => khgt
                .limits
                .get()
                .out_of_range()
                .or_else(|| off_the_globe(&khgt.fajr_place))
                .or_else(|| {
                    [
                        (
                            FAJR_DEPRESSIONS.contains(&khgt.fajr_depression.to_native()),
                            "fajr_depression",
                        ),
                        (
                            FAJR_BANDS.contains(&khgt.fajr_band_min.to_native()),
                            "fajr_band_min",
                        ),
                        (
                            khgt.deadline_min.to_native() <= khgt.americas_until_min.to_native(),
                            "americas_until_min",
                        ),
                    ]
                    .into_iter()
                    .find_map(|(holds, name)| (!holds).then_some(name))
                }),
            ArchivedRule::Table(_) => None,
            ArchivedRule::Arithmetic(arithmetic) => arithmetic.out_of_range(),
        }
    }

    /// The site criterion of a [`Rule::Sites`] rule.
    pub fn criterion(&self) -> Option<&ArchivedCriterion> {
        match self {
            ArchivedRule::Sites(criterion) => Some(criterion),
            ArchivedRule::WujudulHilal(_)
            | ArchivedRule::Khgt(_)
            | ArchivedRule::Table(_)
            | ArchivedRule::Arithmetic(_) => None,
        }
    }

    /// The wujudul hilal rule of a [`Rule::WujudulHilal`] rule.
    pub fn wujud(&self) -> Option<&ArchivedWujud> {
        match self {
            ArchivedRule::WujudulHilal(wujud) => Some(wujud),
            ArchivedRule::Sites(_)
            | ArchivedRule::Khgt(_)
            | ArchivedRule::Table(_)
            | ArchivedRule::Arithmetic(_) => None,
        }
    }

    /// The KHGT rule of a [`Rule::Khgt`] rule.
    pub fn khgt(&self) -> Option<&ArchivedKhgt> {
        match self {
            ArchivedRule::Khgt(khgt) => Some(khgt),
            ArchivedRule::Sites(_)
            | ArchivedRule::WujudulHilal(_)
            | ArchivedRule::Table(_)
            | ArchivedRule::Arithmetic(_) => None,
        }
    }
}

/// Days of an arithmetical calendar's common year (six months of 30 days and six of 29); a leap year has one more.
const COMMON_YEAR_DAYS: i64 = 354;
/// Years an arithmetical calendar's cycle may have.
pub const CYCLE_YEARS: RangeInclusive<u16> = 1..=1_000;

impl ArchivedArithmetic {
    /// The first number out of its range, by name: an epoch that is not a day of years
    /// 1–9999, a cycle length outside [`CYCLE_YEARS`], leap years not ascending inside the
    /// cycle; `None` when all are in range.
    pub fn out_of_range(&self) -> Option<&'static str> {
        let cycle = self.cycle_years.to_native();
        let places: Vec<u16> = self.leap_years.iter().map(|y| y.to_native()).collect();
        let ascending = places.windows(2).all(|pair| pair.first() < pair.last());
        [
            (DAY_NUMBERS.contains(&self.epoch.to_native()), "epoch"),
            (CYCLE_YEARS.contains(&cycle), "cycle_years"),
            (
                ascending && places.iter().all(|place| (1..=cycle).contains(place)),
                "leap_years",
            ),
        ]
        .into_iter()
        .find_map(|(holds, name)| (!holds).then_some(name))
    }
}

impl Arithmetic {
    /// True if `year` is a leap year: its place in the cycle is one of the leap years.
    pub fn is_leap(&self, year: u16) -> bool {
        let cycle = self.cycle_years.max(1);
        let place = (year.max(1) - 1) % cycle + 1;
        self.leap_years.contains(&place)
    }

    /// The length of `month`: 30 days for the odd months and for Dzulhijjah of a leap year,
    /// else 29.
    pub fn length(&self, month: HijriMonth) -> u8 {
        if month.month % 2 == 1 || (month.month == 12 && self.is_leap(month.year)) {
            30
        } else {
            29
        }
    }

    /// The first day of `month` (a year from 1, a month 1–12); `None` for a month the rule
    /// does not number or a day past the dates the crate can name.
    pub fn start(&self, month: HijriMonth) -> Option<Date> {
        if month.year == 0 || !(1..=12).contains(&month.month) {
            return None;
        }
        let cycle = i64::from(self.cycle_years.max(1));
        let leaps_in = |years: i64| {
            self.leap_years
                .iter()
                .filter(|&&place| i64::from(place) <= years)
                .count() as i64
        };
        let cycle_days = cycle * COMMON_YEAR_DAYS + leaps_in(cycle);
        let before = i64::from(month.year) - 1;
        let (cycles, years) = (before / cycle, before % cycle);
        let year_days = cycles * cycle_days + years * COMMON_YEAR_DAYS + leaps_in(years);
        // Months before this one: 30 days for each odd one, 29 for each even one.
        let earlier = i64::from(month.month) - 1;
        let month_days = 29 * earlier + (earlier + 1) / 2;
        let day = i64::from(self.epoch) + year_days + month_days;
        i32::try_from(day).ok().map(Date)
    }
}

/// `place` when a place is off the globe.
fn off_the_globe(site: &ArchivedSite) -> Option<&'static str> {
    let (lat, lon) = (site.lat.to_native(), site.lon.to_native());
    let on = (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon);
    (!on).then_some("place")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use crate::schema::{Chain, RuleSpan};

    fn rule() -> Arithmetic {
        let tabular = registry::tabular();
        match tabular.rules.into_iter().next().map(|span| span.rule) {
            Some(Rule::Arithmetic(rule)) => rule,
            other => panic!("the tabular calendar's rule is arithmetic, got {other:?}"),
        }
    }

    fn start(year: u16, month: u8) -> String {
        rule()
            .start(HijriMonth { year, month })
            .map(|d| d.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn the_civil_epoch_is_19_july_622() {
        // 1 Muharram 1 AH = Friday 16 July 622 Julian = 19 July 622 proleptic Gregorian.
        assert_eq!(start(1, 1), "0622-07-19");
        assert_eq!(start(1, 2), "0622-08-18");
    }

    #[test]
    fn the_published_starts_of_known_years() {
        assert_eq!(start(1400, 1), "1979-11-21");
        assert_eq!(start(1445, 1), "2023-07-19");
        assert_eq!(start(1447, 9), "2026-02-18");
    }

    #[test]
    fn the_leap_years_of_one_cycle() {
        let rule = rule();
        let leap: Vec<u16> = (1411..=1440).filter(|&y| rule.is_leap(y)).collect();
        // 1411 is year 1 of its cycle (1410 = 47 × 30).
        assert_eq!(
            leap,
            [1412, 1415, 1417, 1420, 1423, 1426, 1428, 1431, 1434, 1436, 1439]
        );
        for year in 1411..=1440 {
            let days: u32 = (1..=12)
                .map(|month| u32::from(rule.length(HijriMonth { year, month })))
                .sum();
            assert_eq!(days, if rule.is_leap(year) { 355 } else { 354 }, "{year}");
        }
    }

    #[test]
    fn no_month_zero_or_thirteen() {
        let rule = rule();
        assert_eq!(rule.start(HijriMonth { year: 1, month: 0 }), None);
        assert_eq!(rule.start(HijriMonth { year: 1, month: 13 }), None);
        assert_eq!(rule.start(HijriMonth { year: 0, month: 1 }), None);
    }

    #[test]
    fn a_rule_has_evenings_as_its_archived_form_says() {
        let chains: Vec<Chain> = registry::all(25)
            .into_iter()
            .map(|a| a.chain(None, Vec::new(), Vec::new()))
            .collect();
        for chain in &chains {
            let bytes = rkyv::to_bytes::<rkyv::rancor::Error>(&chain.rules).unwrap();
            let archived =
                rkyv::access::<rkyv::Archived<Vec<RuleSpan>>, rkyv::rancor::Error>(&bytes).unwrap();
            for (plain, archived) in chain.rules.iter().zip(archived.iter()) {
                assert_eq!(
                    plain.rule.has_evening(),
                    archived.rule.has_evening(),
                    "{}",
                    chain.id
                );
            }
        }
    }

    #[test]
    fn every_calendar_s_rules_are_of_one_family() {
        for authority in registry::all(25) {
            let families: Vec<Family> = authority.rules.iter().map(|s| s.rule.family()).collect();
            assert!(
                families.windows(2).all(|pair| pair.first() == pair.last()),
                "{}: {families:?}",
                authority.id
            );
        }
    }
}
