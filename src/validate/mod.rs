//! The meaning of an archive, checked once when it is opened, after bytecheck has checked its
//! structure: every rule the look-ups rely on (chains with distinct identifiers, rules that
//! cover every month in order, criteria limits in range, month numbers, lengths, contiguous
//! months, retro months first, indices, evening flags that follow from the month's rule,
//! sorted cards, coverage inside the months, values in range, stored answers found by their
//! keys and tagged by their bodies), so that no look-up can panic on a well-formed but
//! nonsensical archive. A violation names what is wrong and where, e.g.
//! `chain 0, month 1446-13 at index 1234: month number out of 1..12`.

use std::ops::RangeInclusive;

mod problem;
mod records;

pub use problem::{Place, Problem, Violation};
use records::record;

use crate::date::{Date, DAY_NUMBERS};
use crate::fingerprint;
use crate::hijri::HijriMonth;
use crate::holiday;
use crate::schema::{ArchivedChain, ArchivedDataset, ArchivedMonth, ArchivedRule, DayKind, Tier};

/// Hijri years accepted (four digits, as dates are written).
pub const HIJRI_YEARS: RangeInclusive<u16> = 1..=9999;
/// Instants (Unix seconds) accepted in evening records: about ±3,000 years around 1970.
pub const INSTANTS: RangeInclusive<i64> = -100_000_000_000..=100_000_000_000;
/// UTC offsets (seconds) accepted in evening records: less than a day either way.
pub const UTC_OFFSETS: RangeInclusive<i32> = -86_399..=86_399;
/// Angles (1e-4 degree) accepted for the criteria values: one turn either way.
pub const ANGLES: RangeInclusive<i32> = -3_600_000..=3_600_000;

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
