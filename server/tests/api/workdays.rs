//! Working days through the API: `/workdays` and `/workdays/next` (snapshots, bad input),
//! March 2027 counted by hand in every week (the final SKB 2027: Nyepi Monday 8 March, cuti
//! bersama 9, 12, 15 and 25 March, Idul Fitri 10–11 March, Good Friday 26 March, Easter
//! Sunday 28 March; `data/holidays/days.csv`), the next working day across a long weekend, a
//! predicted year (fixed-date Christmas 2030), and the long weekends and harpitnas days of
//! `/holidays`.

use serde_json::Value;

use crate::common::{assert_messages_contain, each_str, get, get_json, state, test_app};
use crate::snapshots::{cases, codes};

fn dates(items: &Value) -> Vec<&str> {
    each_str(items, "date")
}

#[actix_web::test]
async fn workdays_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            (
                "workdays_2027_03",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31",
            ),
            (
                "workdays_2027_03_week6_cuti_on",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31&week=6&cuti_bersama=ON",
            ),
            (
                "workdays_2030_12",
                "/api/v1/workdays?from=2030-12-20&to=2031-01-05",
            ),
            (
                "workdays_invalid_week",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31&week=7",
            ),
            (
                "workdays_invalid_cuti_bersama",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31&cuti_bersama=maybe",
            ),
            (
                "workdays_invalid_range",
                "/api/v1/workdays?from=2027-03-31&to=2027-03-01",
            ),
            (
                "workdays_range_too_large",
                "/api/v1/workdays?from=2027-01-01&to=2037-01-01",
            ),
            (
                "workdays_invalid_date",
                "/api/v1/workdays?from=2027-02-30&to=2027-03-31",
            ),
            ("workdays_missing_to", "/api/v1/workdays?from=2027-03-01"),
            (
                "workdays_out_of_coverage",
                "/api/v1/workdays?from=2014-12-01&to=2015-01-31",
            ),
            (
                "workdays_repeated_week",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31&week=5&week=6",
            ),
            (
                "workdays_next_long_weekend",
                "/api/v1/workdays/next?date=2027-03-05&n=1&cuti_bersama=on",
            ),
            (
                "workdays_next_back",
                "/api/v1/workdays/next?date=2027-03-16&n=-1&cuti_bersama=on",
            ),
            (
                "workdays_next_day_off",
                "/api/v1/workdays/next?date=2027-03-10&n=0",
            ),
            (
                "workdays_next_predicted",
                "/api/v1/workdays/next?date=2030-12-25&n=0",
            ),
            (
                "workdays_next_invalid_n",
                "/api/v1/workdays/next?date=2027-03-05&n=1.5",
            ),
            (
                "workdays_next_n_too_large",
                "/api/v1/workdays/next?date=2027-03-05&n=-3661",
            ),
            (
                "workdays_next_invalid_week",
                "/api/v1/workdays/next?date=2027-03-05&week=7",
            ),
            (
                "workdays_next_out_of_coverage",
                "/api/v1/workdays/next?date=2100-12-29&n=5",
            ),
            ("workdays_next_missing_date", "/api/v1/workdays/next?n=1"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "invalid_week",
            "invalid_cuti_bersama",
            "invalid_range",
            "range_too_large",
            "invalid_date",
            "missing_parameter",
            "out_of_coverage",
            "invalid_week",
            "ok",
            "ok",
            "ok",
            "ok",
            "invalid_n",
            "invalid_n",
            "invalid_week",
            "out_of_coverage",
            "missing_parameter",
        ]
    );
    // Each refusal names its parameter.
    assert_messages_contain(
        answers.iter().filter(|a| a.status == 400),
        &[
            "`week`",
            "`cuti_bersama`",
            "`from`",
            "`to`",
            "`from`",
            "`to`",
            "`from`",
            "`week`",
            "`n`",
            "`n`",
            "`week`",
            "working day 5 after 2100-12-29",
            "`date`",
        ],
    );
}

/// March 2027 in every week, counted by hand from the calendar (1 March 2027 is a Monday):
/// the weekends are 6–7, 13–14, 20–21 and 27–28 (Sundays 7, 14, 21, 28); the libur nasional
/// 8 (Mon), 10 (Wed), 11 (Thu), 26 (Fri) and 28 (Sun, a weekend day already); the cuti
/// bersama 9 (Tue), 12 (Fri), 15 (Mon) and 25 (Thu).
#[actix_web::test]
async fn march_2027_is_counted_by_hand_in_every_week() {
    let app = test_app().await;
    let cases: [(&str, i64); 4] = [
        // 8 weekend days + 4 weekday holidays (8, 10, 11, 26) = 12 off; 31 - 12 = 19.
        ("week=5&cuti_bersama=off", 19),
        // The same 12 + 4 cuti bersama on weekdays (9, 12, 15, 25) = 16 off; 31 - 16 = 15.
        ("week=5&cuti_bersama=on", 15),
        // 4 Sundays + 4 holidays not on a Sunday (8, 10, 11, 26) = 8 off; 31 - 8 = 23.
        ("week=6&cuti_bersama=off", 23),
        // The same 8 + 4 cuti bersama (none on a Sunday) = 12 off; 31 - 12 = 19.
        ("week=6&cuti_bersama=on", 19),
    ];
    for (options, working) in cases {
        let uri = format!("/api/v1/workdays?from=2027-03-01&to=2027-03-31&{options}");
        let body = get_json(&app, &uri).await;
        assert_eq!(body["days"], 31, "{options}");
        assert_eq!(body["working_days"], working, "{options}");
        assert_eq!(body["days_off"], 31 - working, "{options}");
        assert_eq!(body["predicted"], false, "{options}");
        assert_eq!(body["warnings"], serde_json::json!([]), "{options}");
    }
    // The defaults are a five-day week with cuti bersama worked, and say so.
    let body = get_json(&app, "/api/v1/workdays?from=2027-03-01&to=2027-03-31").await;
    assert_eq!(body["input"]["week"], 5);
    assert_eq!(body["input"]["cuti_bersama"], "off");
    assert_eq!(body["week"], 5);
    assert_eq!(body["cuti_bersama"], "off");
    assert!(body["rule_en"]
        .as_str()
        .unwrap()
        .contains("cuti bersama count as working days"));
    assert_eq!(
        dates(&body["items"]),
        [
            "2027-03-06",
            "2027-03-07",
            "2027-03-08",
            "2027-03-10",
            "2027-03-11",
            "2027-03-13",
            "2027-03-14",
            "2027-03-20",
            "2027-03-21",
            "2027-03-26",
            "2027-03-27",
            "2027-03-28"
        ]
    );
    // Easter Sunday is off twice over: the holiday first, then the weekend.
    let easter = &body["items"][11]["reasons"];
    assert_eq!(easter[0]["slug"], "paskah");
    assert_eq!(easter[0]["kind"], "libur_nasional");
    assert_eq!(easter[1]["kind"], "weekend");
    // In a six-day week with cuti bersama on, Friday 12 is a day off and Saturday 13 worked.
    let body = get_json(
        &app,
        "/api/v1/workdays?from=2027-03-12&to=2027-03-13&week=6&cuti_bersama=on",
    )
    .await;
    assert_eq!(dates(&body["items"]), ["2027-03-12"]);
    assert_eq!(body["items"][0]["reasons"][0]["kind"], "cuti_bersama");
    assert_eq!(
        body["items"][0]["reasons"][0]["name"],
        "Cuti bersama Hari Raya Idul Fitri"
    );
}

#[actix_web::test]
async fn the_next_working_day_crosses_a_long_weekend() {
    let app = test_app().await;
    let next = |query: &'static str| {
        let app = &app;
        async move { get_json(app, &format!("/api/v1/workdays/next?{query}")).await }
    };
    // From Friday 5 March 2027 with cuti bersama off: Saturday 6, Sunday 7 and Nyepi (Monday
    // 8) are passed; Tuesday 9, a cuti bersama, is worked.
    let body = next("date=2027-03-05").await;
    assert_eq!(
        (&body["date"], &body["days_off_passed"]),
        (&"2027-03-09".into(), &3.into())
    );
    // With cuti bersama on: 6 to 15 March are ten days off (6–7 weekend, 8 Nyepi, 9 cuti,
    // 10–11 Idul Fitri, 12 cuti, 13–14 weekend, 15 cuti); Tuesday 16 is the next working day.
    let body = next("date=2027-03-05&cuti_bersama=on").await;
    assert_eq!(
        (&body["date"], &body["days_off_passed"], &body["weekday"]),
        (&"2027-03-16".into(), &10.into(), &"Selasa".into())
    );
    // And back again, and the third working day after it (17, 18, 19 March).
    let body = next("date=2027-03-16&n=-1&cuti_bersama=on").await;
    assert_eq!(body["date"], "2027-03-05");
    let body = next("date=2027-03-05&n=4&cuti_bersama=on").await;
    assert_eq!(body["date"], "2027-03-19");
    // In a six-day week, Saturday 13 is worked.
    let body = next("date=2027-03-05&n=2&week=6&cuti_bersama=on").await;
    assert_eq!(body["date"], "2027-03-13");
    // n=0: is the day itself a working day?
    let body = next("date=2027-03-10&n=0").await;
    assert_eq!(body["working_day"], false);
    assert_eq!(body["reasons"][0]["slug"], "idul_fitri");
    let body = next("date=2027-03-09&n=0").await;
    assert_eq!(body["working_day"], true);
    assert_eq!(body["reasons"], serde_json::json!([]));
}

/// 2030 has no decree: its days off are predicted and the answers say so. Christmas (a fixed
/// day) falls on Wednesday 25 December 2030.
#[actix_web::test]
async fn a_predicted_year_says_so() {
    let app = test_app().await;
    let body = get_json(&app, "/api/v1/workdays/next?date=2030-12-25&n=0").await;
    assert_eq!(body["working_day"], false);
    assert_eq!(body["weekday"], "Rabu");
    assert_eq!(body["reasons"][0]["slug"], "natal");
    assert_eq!(body["reasons"][0]["status"], "predicted");
    assert_eq!(body["predicted"], true);
    assert_eq!(body["warnings"][0]["code"], "predicted");
    let body = get_json(&app, "/api/v1/workdays/next?date=2030-12-24").await;
    assert_eq!(body["date"], "2030-12-26");
    // 20 December 2030 to 5 January 2031: 17 days; weekends 21–22, 28–29 December and 4–5
    // January, Christmas (Wednesday) and New Year (Wednesday 1 January 2031): 8 off, 9
    // worked; both years predicted.
    let body = get_json(&app, "/api/v1/workdays?from=2030-12-20&to=2031-01-05").await;
    assert_eq!(
        (&body["days"], &body["working_days"]),
        (&17.into(), &9.into())
    );
    assert_eq!(body["predicted"], true);
    let warned: Vec<&str> = each_str(&body["warnings"], "code");
    assert_eq!(warned.iter().filter(|&&c| c == "predicted").count(), 2);
    // A decreed year warns of nothing.
    let body = get_json(&app, "/api/v1/workdays/next?date=2027-03-05").await;
    assert_eq!(body["predicted"], false);
}

/// Ten years is the longest range: 2027–2036 holds 3 leap days (3,653 days).
#[actix_web::test]
async fn ten_years_are_served_and_kept() {
    let app = test_app().await;
    let uri = "/api/v1/workdays?from=2027-01-01&to=2036-12-31&week=6";
    let first = get(&app, uri).await;
    assert_eq!(first.status, 200);
    let body = first.json();
    assert_eq!(body["days"], 3653);
    let off = body["items"].as_array().unwrap().len();
    assert_eq!(body["days_off"], off);
    assert_eq!(body["working_days"], 3653 - off);
    // At least the 522 Sundays of the ten years (3,653 days from a Friday) are off.
    assert!(off > 522, "{off}");
    assert_eq!(body["predicted"], true);
    // Kept: the same bytes again, and the same key whatever the spelling.
    let again = get(
        &app,
        "/api/v1/workdays?to=2036-12-31&week=6&from=2027-01-01&cuti_bersama=OFF",
    )
    .await;
    assert_eq!(again.body, first.body);
    assert_eq!(again.header("etag"), first.header("etag"));
}

/// `/holidays` counts long weekends in a five-day week, cuti bersama off when it lists
/// them: March 2027 with every kind is one run of ten days (6 to 15 March, see above) and
/// 25–28 March (cuti bersama Thursday, Good Friday, the weekend); national holidays alone
/// give 6–8 March (weekend and Nyepi) and 26–28 March, with Friday 12 March a harpitnas day
/// between Idul Fitri (Thursday 11) and the weekend.
#[actix_web::test]
async fn holidays_carry_long_weekends() {
    let app = test_app().await;
    let runs = |body: &Value| -> Vec<(String, String, i64)> {
        body["long_weekends"]["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["start"].as_str().unwrap().to_owned(),
                    r["end"].as_str().unwrap().to_owned(),
                    r["days"].as_i64().unwrap(),
                )
            })
            .filter(|(start, _, _)| start.starts_with("2027-03"))
            .collect()
    };
    let all = get_json(&app, "/api/v1/holidays?year=2027").await;
    assert_eq!(all["long_weekends"]["cuti_bersama"], "on");
    assert_eq!(
        runs(&all),
        [
            ("2027-03-06".into(), "2027-03-15".into(), 10),
            ("2027-03-25".into(), "2027-03-28".into(), 4)
        ]
    );
    let national = get_json(&app, "/api/v1/holidays?year=2027&kind=libur_nasional").await;
    assert_eq!(national["long_weekends"]["cuti_bersama"], "off");
    assert_eq!(
        runs(&national),
        [
            ("2027-03-06".into(), "2027-03-08".into(), 3),
            ("2027-03-26".into(), "2027-03-28".into(), 3)
        ]
    );
    let harpitnas = &national["long_weekends"]["harpitnas"];
    let march: Vec<&Value> = harpitnas
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["date"].as_str().unwrap().starts_with("2027-03"))
        .collect();
    assert_eq!(march.len(), 1);
    assert_eq!(march[0]["date"], "2027-03-12");
    assert_eq!(march[0]["weekday"], "Jumat");
    assert_eq!(march[0]["next_to"], "idul_fitri");
    // Its weekday in the language asked, as every weekday of the answer.
    for (lang, friday) in [("en", "Friday"), ("ar", "الجمعة")] {
        let named = get_json(
            &app,
            &format!("/api/v1/holidays?year=2027&kind=libur_nasional&lang={lang}"),
        )
        .await;
        let harpitnas = named["long_weekends"]["harpitnas"].as_array().unwrap();
        let day = harpitnas
            .iter()
            .find(|h| h["date"] == "2027-03-12")
            .unwrap();
        assert_eq!(day["weekday"], friday, "{lang}");
    }
}

#[actix_web::test]
async fn workdays_name_their_days_in_the_language_asked() {
    let answers = cases(
        state(),
        &[
            (
                "workdays_next_day_off_ar",
                "/api/v1/workdays/next?date=2027-03-13&n=0&lang=ar",
            ),
            (
                "workdays_invalid_lang",
                "/api/v1/workdays?from=2027-03-01&to=2027-03-31&lang=xx",
            ),
        ],
    )
    .await;
    // Saturday 13 March 2027 is a weekend day: السبت (CLDR), its English name kept.
    let body = answers[0].json();
    assert_eq!(body["weekday"], "السبت");
    assert_eq!(body["reasons"][0]["kind"], "weekend");
    assert_eq!(body["reasons"][0]["name"], "السبت");
    assert_eq!(body["reasons"][0]["name_en"], "Saturday");
    assert_eq!(answers[1].status, 400);
    assert_eq!(answers[1].code(), "invalid_lang");
}
