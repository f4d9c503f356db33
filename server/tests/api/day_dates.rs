//! The day's other dates on the date answers: the Chinese date looked up in the generated
//! archive on every day 1945–2100 against the Hong Kong Observatory's table
//! (`data/reference/chinese_months.csv`, README there), and the pasaran, weton, Javanese
//! and Chinese members of `/today/{date}`, `/convert` both ways and `/month` against
//! published dates.

use hijri::date::Date;
use hijri::span;
use serde_json::json;

use crate::common::{get_json, real, test_app};

/// `(start, year, month, leap, footnote start)` rows of the reference table.
fn reference() -> Vec<(i32, i32, u8, bool, Option<i32>)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/reference/chinese_months.csv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let day = |text: &str| text.parse::<Date>().unwrap().0;
            let footnote = (!f[4].is_empty()).then(|| day(f[4]));
            (
                day(f[0]),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3] == "1",
                footnote,
            )
        })
        .collect()
}

/// Every day of the span looked up in the archive is the table's Chinese date, or on the
/// three footnoted months the footnote's.
#[test]
fn the_archive_gives_the_published_chinese_date_of_every_day() {
    let archive = real();
    let dataset = archive.dataset();
    let rows = reference();
    let mut checked = 0;
    for pair in rows.windows(2) {
        let ((start, year, month, leap, footnote), (next, _, _, _, next_footnote)) =
            (pair[0], pair[1]);
        for day in start.min(footnote.unwrap_or(start))..next.max(next_footnote.unwrap_or(next)) {
            if !(span::FIRST.0..=span::LAST.0).contains(&day) {
                continue;
            }
            let found = dataset.chinese_date(Date(day)).unwrap();
            let table = (day >= start && day < next).then(|| day - start + 1);
            let corrected_start = footnote.unwrap_or(start);
            let corrected_next = next_footnote.unwrap_or(next);
            let corrected =
                (day >= corrected_start && day < corrected_next).then(|| day - corrected_start + 1);
            let same_month = (found.year, found.month, found.leap) == (year, month, leap);
            let day_ok = [table, corrected].contains(&Some(i32::from(found.day)));
            if same_month {
                assert!(day_ok, "{}: {found:?}", Date(day));
                checked += 1;
            }
        }
    }
    let span_days = usize::try_from(span::LAST.0 - span::FIRST.0 + 1).unwrap();
    assert!(checked >= span_days, "{checked} days checked");
    assert_eq!(dataset.chinese_date(Date::fixed(2101, 1, 29)), None);
    assert_eq!(dataset.chinese_date(span::FIRST.add_days(-30)), None);
}

/// Imlek 2577 Kongzili (17 February 2026, the HKO table) and the Javanese date of 29 Ruwah
/// 1959 the day before 1 Pasa (the Kraton's 1 Sura 1959 on 27 June 2025, counted on); the
/// weton of Muhammadiyah's 1 Ramadan 1447, "Rabu Legi, 18 Februari 2026", the day after.
#[actix_web::test]
async fn date_answers_carry_the_day_s_other_dates() {
    let app = test_app().await;
    let today = get_json(&app, "/api/v1/today/2026-02-17").await;
    let output = &today["output"];
    assert_eq!(output["pasaran"], "Kliwon");
    assert_eq!(output["weton"], "Selasa Kliwon");
    assert_eq!(
        output["chinese"],
        json!({"year": 2026, "month": 1, "day": 1, "leap": false, "sexagenary": "Bing-Wu",
               "shio": "Kuda", "element": "Api", "kongzili": 2577})
    );
    assert_eq!(
        output["javanese"],
        json!({"day": 29, "month": "Ruwah", "month_number": 8, "year": 1959,
               "windu_year": "Dal", "kurup": "Asapon"})
    );
    let convert = get_json(&app, "/api/v1/convert?date=2026-02-18").await;
    assert_eq!(convert["output"]["weton"], "Rabu Legi");
    assert_eq!(convert["output"]["javanese"]["month"], "Pasa");
    let sura = get_json(&app, "/api/v1/convert?date=1447-01-01&calendar=hijri").await;
    // Tahun Baru Islam 1447, the decreed holiday of 27 June 2025, is also 1 Sura 1959.
    assert_eq!(sura["output"]["date"], "2025-06-27");
    assert_eq!(
        (
            &sura["output"]["javanese"]["day"],
            &sura["output"]["javanese"]["month"]
        ),
        (&json!(1), &json!("Sura"))
    );
    let month = get_json(&app, "/api/v1/month?year=2025&month=6&calendar=gregorian").await;
    let first_sura = &month["items"][26];
    assert_eq!(first_sura["gregorian"], "2025-06-27");
    assert_eq!(first_sura["weton"], "Jumat Kliwon");
    assert_eq!(
        (
            &first_sura["javanese"]["day"],
            &first_sura["javanese"]["month"]
        ),
        (&json!(1), &json!("Sura"))
    );
    let last = get_json(&app, "/api/v1/convert?date=2100-12-31").await;
    assert_eq!(last["output"]["javanese"]["kurup"], "Anenhing");
    assert_eq!(last["output"]["chinese"]["month"], 12);
}

#[actix_web::test]
async fn uncertain_chinese_and_projected_javanese_dates_are_warned() {
    let app = test_app().await;
    let codes = |body: serde_json::Value| -> Vec<String> {
        body["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["code"].as_str().unwrap().to_owned())
            .collect()
    };
    let convert = |date: &'static str| {
        let app = &app;
        async move { codes(get_json(app, &format!("/api/v1/convert?date={date}")).await) }
    };
    // 2057-09-28 … 2057-10-27: the footnoted month (HKO), a day either side outside it.
    for (date, uncertain) in [
        ("2057-09-27", false),
        ("2057-09-28", true),
        ("2057-10-27", true),
        ("2057-10-28", false),
        ("2089-09-04", true),
        ("2097-09-05", true),
    ] {
        let found = convert(date).await;
        assert_eq!(
            found.contains(&"chinese_uncertain".to_owned()),
            uncertain,
            "{date}"
        );
    }
    // Kurup Anenhing from 26 August 2052.
    assert!(!convert("2052-08-25")
        .await
        .contains(&"javanese_projected".to_owned()));
    assert!(convert("2052-08-26")
        .await
        .contains(&"javanese_projected".to_owned()));
    // A month with such a day carries it once; /today and /range too.
    let month = codes(get_json(&app, "/api/v1/month?year=2089&month=9&calendar=gregorian").await);
    assert_eq!(
        month.iter().filter(|c| *c == "chinese_uncertain").count(),
        1
    );
    assert!(month.contains(&"javanese_projected".to_owned()));
    let today = codes(get_json(&app, "/api/v1/today/2097-08-07").await);
    assert!(today.contains(&"chinese_uncertain".to_owned()));
    let range = codes(get_json(&app, "/api/v1/range?start=2025-03-01&end=2025-03-05").await);
    assert!(range.is_empty(), "{range:?}");
}
