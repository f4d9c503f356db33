//! Crafted archives that are well formed (bytecheck passes) but break one rule of meaning
//! each: opening refuses every one with a message that names what and where.

use hijri::archive;
use hijri::schema::{Dataset, HijriMonth, Tier};
use hijri::validate::{Place, Problem, Violation};

use crate::fixture::{self, aligned, evening, START};

/// Asserts that `open` takes the fixture changed by `change`.
fn assert_opens(change: impl FnOnce(&mut Dataset)) {
    let mut calendar = fixture::calendar();
    change(&mut calendar);
    assert_eq!(fixture::open(&calendar), Ok(()));
}

/// The problem `open` reports for the fixture changed by `break_it`.
fn problem(break_it: impl FnOnce(&mut Dataset)) -> Problem {
    let mut calendar = fixture::calendar();
    break_it(&mut calendar);
    let bytes = aligned(&archive::encode(&calendar).unwrap());
    match archive::open(&bytes) {
        Err(archive::ArchiveError::Invalid(problem)) => problem,
        other => panic!("expected a problem of meaning, got {other:?}"),
    }
}

/// Ends the first rule of the first calendar at 1446-09 and follows it with a copy of it
/// from 1446-`second_from`.
fn split_rule(c: &mut Dataset, second_from: u8) {
    let mut second = c.chains[0].rules[0].clone();
    c.chains[0].rules[0].last = Some(HijriMonth {
        year: 1446,
        month: 9,
    });
    second.first = Some(HijriMonth {
        year: 1446,
        month: second_from,
    });
    c.chains[0].rules.push(second);
}

fn month(index: usize, month: u8) -> Place {
    Place::Month {
        chain: 0,
        index,
        year: 1446,
        month,
    }
}

#[test]
fn the_fixture_is_valid() {
    assert_eq!(fixture::open(&fixture::calendar()), Ok(()));
}

#[test]
fn month_numbers_are_1_to_12() {
    let found = problem(|c| c.chains[0].months[1].hijri.month = 13);
    assert_eq!(found.place, month(1, 13));
    assert_eq!(found.violation, Violation::MonthNumber);
    assert_eq!(
        fixture::open(&{
            let mut c = fixture::calendar();
            c.chains[0].months[1].hijri.month = 13;
            c
        })
        .unwrap_err(),
        "inconsistent content: chain 0, month 1446-13 at index 1: month number out of 1..12"
    );
    assert_eq!(
        problem(|c| c.chains[0].months[0].hijri.month = 0).violation,
        Violation::MonthNumber
    );
}

#[test]
fn lengths_are_29_or_30() {
    let found = problem(|c| c.chains[0].months[2].length = 31);
    assert_eq!(
        (found.place, found.violation),
        (month(2, 10), Violation::Length(31))
    );
    assert_eq!(
        problem(|c| c.chains[0].months[0].length = 0).violation,
        Violation::Length(0)
    );
}

#[test]
fn months_are_contiguous_and_consecutive() {
    let found = problem(|c| c.chains[0].months[2].start += 1);
    assert_eq!(found.place, month(2, 10));
    assert!(matches!(found.violation, Violation::Gap { .. }), "{found}");
    let found = problem(|c| c.chains[0].months[2].hijri.month = 11);
    assert_eq!(found.place, month(2, 11));
    assert!(matches!(found.violation, Violation::NotNext(_)), "{found}");
    assert!(
        found.to_string().contains("does not follow 1446-09"),
        "{found}"
    );
    let found = problem(|c| c.chains[0].months[3].hijri.year = 1447);
    assert!(matches!(found.violation, Violation::NotNext(_)), "{found}");
}

#[test]
fn retro_months_come_first() {
    let found = problem(|c| c.chains[0].months[2].tier = Tier::Retro);
    assert_eq!(found.place, month(2, 10));
    assert_eq!(found.violation, Violation::RetroAfter(Tier::Published));
    // Published and computed months may alternate (a table with gaps).
    assert_opens(|c| c.chains[0].months[1].tier = Tier::Computed);
}

#[test]
fn evenings_refer_to_existing_sites() {
    let found = problem(|c| evening(&mut c.chains[0].months[1]).deciding = 2);
    assert_eq!(found.place, month(1, 9));
    assert_eq!(
        found.violation,
        Violation::DecidingSite {
            deciding: 2,
            sites: 2
        }
    );
    let found = problem(|c| {
        evening(&mut c.chains[0].months[1]).sites.pop();
    });
    assert_eq!(
        found.violation,
        Violation::EveningSites {
            results: 1,
            sites: 2
        }
    );
    let found = problem(|c| c.sites.pop().map(|_| ()).unwrap());
    assert_eq!(found.place, month(0, 8));
    let found = problem(|c| evening(&mut c.chains[0].months[0]).sites[1].utc_offset_s = 90_000);
    assert_eq!(
        found.violation,
        Violation::SiteValue {
            site: 1,
            value: "UTC offset"
        }
    );
    let found = problem(|c| evening(&mut c.chains[0].months[0]).sites[0].sunset = i64::MAX);
    assert!(found.to_string().contains("sunset out of range"), "{found}");
    assert_eq!(
        problem(|c| evening(&mut c.chains[0].months[0]).hijri_day = 0).violation,
        Violation::EveningDay(0)
    );
}

#[test]
fn days_stay_in_gregorian_years_1_to_9999() {
    let found = problem(|c| {
        for m in &mut c.chains[0].months {
            m.start = i32::MAX - 100;
        }
    });
    assert!(
        matches!(found.violation, Violation::Day("start", _)),
        "{found}"
    );
    let found = problem(|c| evening(&mut c.chains[0].months[1]).date = i32::MIN);
    assert!(
        matches!(found.violation, Violation::Day("evening", _)),
        "{found}"
    );
}

#[test]
fn cards_name_archived_months_in_order() {
    let found = problem(|c| c.cards[1].month.year = 1450);
    assert_eq!(
        (found.place, found.violation),
        (
            Place::Card {
                index: 1,
                year: 1450,
                month: 9
            },
            Violation::UnknownMonth
        )
    );
    let found = problem(|c| c.cards.swap(0, 1));
    assert_eq!(found.violation, Violation::CardOrder);
    let found = problem(|c| c.cards[1] = c.cards[0].clone());
    assert_eq!(found.violation, Violation::CardOrder);
    let found = problem(|c| c.card_years = [1447, 1475]);
    assert_eq!(found.violation, Violation::CardYears([1447, 1475]));
    let found = problem(|c| c.card_years = [1475, 1444]);
    assert_eq!(
        (found.place, found.violation),
        (Place::Archive, Violation::CardYearRange([1475, 1444]))
    );
}

#[test]
fn coverage_lies_inside_the_months() {
    let found =
        problem(|c| c.chains[0].table.as_mut().unwrap().coverage_last = START + 29 + 30 + 29 + 30);
    assert_eq!(found.place, Place::Chain(0));
    assert!(
        matches!(found.violation, Violation::Coverage { .. }),
        "{found}"
    );
    let found = problem(|c| {
        let table = c.chains[0].table.as_mut().unwrap();
        table.coverage_first = table.coverage_last + 1;
    });
    assert!(
        matches!(found.violation, Violation::Coverage { .. }),
        "{found}"
    );
}

#[test]
fn divergences_name_archived_months() {
    let found = problem(|c| c.chains[0].divergences[0].month.month = 12);
    assert_eq!(
        (found.place, found.violation),
        (
            Place::Divergence {
                chain: 0,
                index: 0,
                year: 1446,
                month: 12
            },
            Violation::UnknownMonth
        )
    );
}

#[test]
fn an_archive_holds_months() {
    let found = problem(|c| {
        c.chains[0].months.clear();
        c.cards.clear();
    });
    assert_eq!(
        (found.place, found.violation),
        (Place::Chain(0), Violation::NoMonths)
    );
    let found = problem(|c| c.chains.clear());
    assert_eq!(
        (found.place, found.violation),
        (Place::Archive, Violation::NoChains)
    );
}

#[test]
fn conjunctions_are_representable_instants() {
    // A conjunction far out of range once made the falak record's `conjunction_utc` fail to
    // print (found by the server's damaged-archive fuzz test).
    let found = problem(|c| evening(&mut c.chains[0].months[1]).conjunction_ms = i64::MAX);
    assert_eq!(
        (found.place, found.violation),
        (month(1, 9), Violation::Conjunction)
    );
}

/// The Neo-MABIMS criterion of the fixture's one rule.
fn criterion(c: &mut Dataset) -> &mut hijri::schema::Criterion {
    match &mut c.chains[0].rules[0].rule {
        hijri::schema::Rule::Sites(criterion) => criterion,
        _ => panic!("the fixture's rule is a site criterion"),
    }
}

#[test]
fn the_criterion_is_named_with_limits_in_range() {
    let rule = Place::Rule { chain: 0, index: 0 };
    let found = problem(|c| criterion(c).name = " ".into());
    assert_eq!(
        (found.place, found.violation),
        (rule, Violation::CriterionName)
    );
    // A threshold far outside the angles would make every margin overflow.
    let found = problem(|c| criterion(c).limits.min_moon_alt = i32::MIN);
    assert_eq!(found.violation, Violation::CriterionLimit("min_moon_alt"));
    assert_eq!(
        found.to_string(),
        "chain 0, rule 0: min_moon_alt out of range"
    );
    let found = problem(|c| criterion(c).limits.min_elongation = -1);
    assert_eq!(found.violation, Violation::CriterionLimit("min_elongation"));
    let found = problem(|c| criterion(c).limits.borderline = 0);
    assert_eq!(found.violation, Violation::CriterionLimit("borderline"));
    let found = problem(|c| criterion(c).limits.borderline = 100_001);
    assert_eq!(found.violation, Violation::CriterionLimit("borderline"));
}

#[test]
fn evening_flags_follow_from_the_criterion() {
    // Another criterion than the one the flags were computed with is refused.
    let found = problem(|c| criterion(c).limits.min_moon_alt = 15_000);
    assert_eq!(
        (found.place, found.violation),
        (month(0, 8), Violation::SiteFlags(0))
    );
    let found = problem(|c| evening(&mut c.chains[0].months[1]).sites[1].elong_ok = false);
    assert_eq!(
        (found.place, found.violation),
        (month(1, 9), Violation::SiteFlags(1))
    );
    let found = problem(|c| evening(&mut c.chains[0].months[2]).visible = false);
    assert!(found
        .to_string()
        .starts_with("chain 0, month 1446-10 at index 2: visible"));
    assert_eq!(
        (found.place, found.violation),
        (month(2, 10), Violation::Visible)
    );
}

#[test]
fn chains_have_distinct_lower_case_ids_sources_and_rules() {
    let found = problem(|c| c.chains[0].id = "Kemenag".into());
    assert_eq!(
        (found.place, found.violation),
        (Place::Chain(0), Violation::ChainId)
    );
    assert_eq!(
        problem(|c| c.chains[0].id.clear()).violation,
        Violation::ChainId
    );
    let found = problem(|c| {
        let copy = c.chains[0].clone();
        c.chains.push(copy);
    });
    assert_eq!(
        (found.place, found.violation),
        (Place::Chain(1), Violation::DuplicateChain)
    );
    let found = problem(|c| c.chains[0].sources.retro.clear());
    assert_eq!(found.violation, Violation::Sources);
    let found = problem(|c| c.chains[0].rules.clear());
    assert_eq!(found.violation, Violation::NoRules);
    // A rule that ends before the last month leaves it without a rule.
    let found = problem(|c| {
        c.chains[0].rules[0].last = Some(HijriMonth {
            year: 1446,
            month: 10,
        })
    });
    assert_eq!(
        (found.place, found.violation),
        (month(3, 11), Violation::NoRule)
    );
    // Two spans must follow each other.
    let found = problem(|c| split_rule(c, 11));
    assert_eq!(
        (found.place, found.violation),
        (Place::Rule { chain: 0, index: 1 }, Violation::RuleOrder)
    );
    assert_opens(|c| split_rule(c, 10));
}

#[test]
fn stored_keys_are_sorted_and_point_at_answers() {
    let found = problem(|c| c.bodies.swap(1, 2));
    assert_eq!(
        (found.place, found.violation),
        (Place::Body(2), Violation::BodyOrder)
    );
    let found = problem(|c| c.bodies[1].key = c.bodies[0].key.clone());
    assert_eq!(
        (found.place, found.violation),
        (Place::Body(1), Violation::BodyOrder)
    );
    let found = problem(|c| c.bodies[2].answer = 2);
    assert_eq!(
        (found.place, found.violation),
        (Place::Body(2), Violation::UnknownAnswer(2))
    );
}

#[test]
fn stored_computed_months_are_archived_ranges() {
    for computed in [
        vec![[3, 5]],
        vec![[2, 2]],
        vec![[1, 2], [2, 3]],
        vec![[2, 3], [0, 1]],
        vec![[u32::MAX, 0]],
    ] {
        let found = problem(|c| c.answers[1].computed = computed.clone());
        assert_eq!(
            (found.place, found.violation),
            (Place::Answer(1), Violation::ComputedMonths),
            "{computed:?}"
        );
    }
    assert_opens(|c| c.answers[1].computed = vec![[0, 1], [2, 4]]);
}

#[test]
fn stored_tiers_are_tier_bits_covering_the_computed_months() {
    for tiers in [8, 0xff, Tier::Published.bit()] {
        let found = problem(|c| c.answers[1].tiers = tiers);
        assert_eq!(
            (found.place, found.violation),
            (Place::Answer(1), Violation::AnswerTiers),
            "{tiers}"
        );
    }
    assert_opens(|c| {
        c.answers[1].tiers = Tier::Retro.bit() | Tier::Published.bit();
        c.answers[0].tiers = 0;
    });
}

#[test]
fn stored_representations_carry_the_body_fingerprint() {
    let found = problem(|c| c.answers[1].identity[0] = b'y');
    assert_eq!(
        (found.place, found.violation),
        (Place::Answer(1), Violation::Representation("identity"))
    );
    let found = problem(|c| {
        let identity = c.answers[1].etag.clone();
        c.answers[1].gzip.as_mut().unwrap().etag = identity;
    });
    assert_eq!(found.violation, Violation::Representation("gzip"));
    let found = problem(|c| c.answers[1].brotli.as_mut().unwrap().bytes.clear());
    assert_eq!(found.violation, Violation::Representation("brotli"));
    let mut c = fixture::calendar();
    c.answers[1].gzip = None;
    assert_eq!(fixture::open(&c), Ok(()));
}
