//! A calendar defined only in this test (facts the registry does not know, built with
//! `hijri-testing`) served beside a small default calendar, through every date endpoint,
//! with no generation: the next calendar's mistakes show here in seconds. Its dates are
//! checked against an arithmetic written out in the test, independent of the rule's own
//! function.

use std::sync::Arc;

use actix_web::web::Bytes;
use hijri::date::Date;
use hijri::registry::Authority;
use hijri::schema::{
    Arithmetic, ChainTexts, HijriMonth, Names, Record, Rule, RuleSpan, RuleTexts, Sources, Tier,
};
use hijri_server::archive::Archive;
use hijri_testing::{ChainBuilder, DatasetBuilder};
use serde_json::Value;

use crate::common::{find_by, get, state_with, test_app_with, UNLIMITED};

/// The test calendar's identifier.
const ID: &str = "test-kuwaiti";
/// Its leap years: the "Kuwaiti" arrangement, 15 where the civil calendar has 16.
const LEAPS: [u16; 11] = [2, 5, 7, 10, 13, 15, 18, 21, 24, 26, 29];

/// 1 Muharram 1 of the test calendar: the civil epoch.
fn epoch() -> Date {
    Date::from_ymd(622, 7, 19).unwrap()
}

/// The test's own arithmetic: the day of `year`-`month`-`day`, from the epoch, 30-year
/// cycles of 10,631 days, and the months alternating 30 and 29 days.
fn independent(year: u16, month: u8, day: u8) -> Date {
    let (year, month, day) = (i32::from(year), i32::from(month), i32::from(day));
    let cycles = (year - 1) / 30;
    let place = (year - 1) % 30;
    let leaps = LEAPS.iter().filter(|&&l| i32::from(l) <= place).count() as i32;
    let before_year = cycles * 10_631 + place * 354 + leaps;
    let before_month = (month - 1) * 29 + month / 2;
    epoch().add_days(before_year + before_month + day - 1)
}

/// The test calendar's facts, as the registry would state them.
fn authority() -> Authority {
    let rule = Arithmetic {
        name: "Kuwaiti (test)".into(),
        evaluated: "arithmetic alone, for the test; no evening decides its months".into(),
        epoch: epoch().0,
        cycle_years: 30,
        leap_years: LEAPS.to_vec(),
    };
    Authority {
        id: ID.into(),
        names: Names {
            indonesian: "Kalender uji".into(),
            english: "Test calendar".into(),
            short: "Uji".into(),
        },
        sources: Sources {
            published: ID.into(),
            computed: ID.into(),
            retro: ID.into(),
        },
        rules: vec![RuleSpan {
            first: None,
            last: None,
            rule: Rule::Arithmetic(rule),
            texts: RuleTexts {
                computed: "Computed by the test's arithmetic.".into(),
                retro: String::new(),
                borderline: String::new(),
            },
        }],
        texts: ChainTexts {
            divergence: String::new(),
            before_table: String::new(),
        },
        provenance: vec!["Defined in server/tests/api/new_calendar.rs".into()],
        table: None,
    }
}

/// The archive: a default calendar of 1446 (published, 30 and 29 days in turn from
/// 2024-07-07) and the test calendar's months 1445-12 to 1447-02, from its rule's function.
fn archive() -> Arc<Archive> {
    let day = hijri_testing::day;
    let default_months = (0..12).map(|i| {
        let length = if i % 2 == 0 { 30 } else { 29 };
        (length, Tier::Published, Record::None)
    });
    let kemenag = ChainBuilder::kemenag(1)
        .months(
            HijriMonth {
                year: 1446,
                month: 1,
            },
            day("2024-07-07"),
            default_months,
        )
        .coverage(day("2024-07-07"), day("2025-06-25"));
    let facts = authority();
    let rule = facts.rules[0].rule.clone();
    let mut test = ChainBuilder::of(facts);
    let mut month = HijriMonth {
        year: 1445,
        month: 12,
    };
    while month
        <= (HijriMonth {
            year: 1447,
            month: 2,
        })
    {
        let (start, length) = rule.given_month(month).unwrap();
        test = test.month(
            (month.year, month.month),
            start.0,
            length,
            Tier::Computed,
            Record::None,
        );
        month = month.next();
    }
    let bytes = DatasetBuilder::new()
        .sites(&["Pantai Test"])
        .chain(kemenag)
        .chain(test)
        .bytes();
    Arc::new(Archive::from_bytes(Bytes::from_owner(bytes)).unwrap())
}

#[actix_web::test]
async fn a_calendar_defined_in_a_test_is_served_by_every_date_endpoint() {
    let app = test_app_with(state_with(archive(), UNLIMITED)).await;
    let ok = |answer: &crate::common::Answer| {
        assert_eq!(answer.status, 200, "{}: {:?}", answer.request, answer.body);
        answer.json()
    };
    let first = independent(1446, 9, 1);
    assert_eq!(first.to_string(), "2025-03-01");

    // Single dates both ways, and the day of `/today/{date}`.
    let found = ok(&get(
        &app,
        &format!("/api/v1/convert?date={first}&authority={ID}"),
    )
    .await);
    assert_eq!(found["output"]["date"], "1446-09-01");
    assert_eq!(found["source"], ID);
    assert_eq!(found["input"]["authority"], ID);
    assert_eq!(found["warnings"][0]["code"], "computed");
    let found = ok(&get(
        &app,
        &format!("/api/v1/convert?date=1446-12-10&calendar=hijri&authority={ID}"),
    )
    .await);
    assert_eq!(
        found["output"]["date"],
        independent(1446, 12, 10).to_string()
    );
    let found = ok(&get(&app, &format!("/api/v1/today/{first}?authority={ID}")).await);
    assert_eq!(found["output"]["date"], "1446-09-01");
    let found = ok(&get(&app, &format!("/api/v1/today?authority={ID}")).await);
    assert_eq!(found["source"], ID);

    // Ranges, months and years: every day against the test's arithmetic.
    let days = |body: &Value, key: &str| -> Vec<(String, String)> {
        body[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let text = |k: &str| d[k].as_str().unwrap().to_owned();
                (text("gregorian"), text("hijri"))
            })
            .collect()
    };
    let check = |pairs: Vec<(String, String)>| {
        for (gregorian, hijri) in &pairs {
            let parts: Vec<u16> = hijri.split('-').map(|p| p.parse().unwrap()).collect();
            let expected = independent(parts[0], parts[1] as u8, parts[2] as u8);
            assert_eq!(gregorian, &expected.to_string(), "{hijri}");
        }
        pairs.len()
    };
    let range = ok(&get(
        &app,
        &format!("/api/v1/range?start=2025-02-20&end=2025-03-10&authority={ID}"),
    )
    .await);
    assert_eq!(check(days(&range, "items")), 19);
    let month = ok(&get(
        &app,
        &format!("/api/v1/month?year=1446&month=12&authority={ID}"),
    )
    .await);
    // 1446 is the 6th year of its cycle, not a leap year here (it is in the civil calendar's).
    assert_eq!(check(days(&month, "items")), 29);
    let month = ok(&get(
        &app,
        &format!("/api/v1/month?year=2025&month=3&calendar=gregorian&authority={ID}"),
    )
    .await);
    assert_eq!(check(days(&month, "items")), 31);
    let year = ok(&get(&app, &format!("/api/v1/year?year=1446&authority={ID}")).await);
    assert_eq!(year["count"], 354);
    let all: usize = (1..=12)
        .map(|m| check(days(&year["months"], &m.to_string())))
        .sum();
    assert_eq!(all, 354);

    // Observances, their feed and the side-by-side comparison.
    let events = ok(&get(&app, &format!("/api/v1/events?year=1446&authority={ID}")).await);
    let fitri = find_by(&events["events"], "event", "idul_fitri");
    assert_eq!(fitri["gregorian"], independent(1446, 10, 1).to_string());
    let feed = get(
        &app,
        &format!("/api/v1/events.ics?year=1446&authority={ID}"),
    )
    .await;
    assert_eq!(feed.status, 200);
    let text = String::from_utf8_lossy(&feed.body);
    assert!(text.contains("Kalender uji"), "{text}");
    let compare = ok(&get(&app, "/api/v1/compare?year=1446").await);
    let ramadan = find_by(&compare["months"], "hijri_month", "1446-09");
    assert_eq!(ramadan["starts"][ID]["start"], "2025-03-01");
    // The small default calendar's own 1 Ramadhan (its months 30 and 29 days in turn).
    assert_eq!(ramadan["starts"]["kemenag"]["start"], "2025-02-28");

    // What it is: listed with its names, no table and no ledger; the hilal endpoints refuse
    // it in its rule's words.
    let authorities = ok(&get(&app, "/api/v1/authorities").await);
    let listed = find_by(&authorities["authorities"], "id", ID);
    assert_eq!(listed["short_name"], "Uji");
    assert_eq!(listed["name_en"], "Test calendar");
    assert_eq!(listed["table"], Value::Null);
    assert_eq!(listed["table_version"], Value::Null);
    assert_eq!(listed["divergences"], Value::Null);
    assert_eq!(listed["rules"][0]["kind"], "arithmetic");
    assert_eq!(listed["rules"][0]["leap_years"][5], 15);
    let meta = ok(&get(&app, "/api/v1/meta").await);
    assert_eq!(meta["calendars"][1]["id"], ID);
    assert_eq!(meta["calendars"][1]["data_version"], Value::Null);
    for path in ["hilal/info?year=1446&month=9&", "hilal/history?"] {
        let refused = get(&app, &format!("/api/v1/{path}authority={ID}")).await;
        assert_eq!(refused.status, 400, "{}", refused.request);
        assert_eq!(refused.code(), "invalid_authority");
        let message = refused.message();
        assert!(
            message.contains("no evening decides its months"),
            "{message}"
        );
    }
    let table = ok(&get(&app, &format!("/api/v1/table?authority={ID}")).await);
    assert!(table["months"].as_array().is_some_and(|m| !m.is_empty()));
}
