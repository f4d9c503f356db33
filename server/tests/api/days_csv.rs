//! `/days.csv`: every day of a year, or of the whole span, as an RFC 4180 CSV file (the
//! snapshot of 2027; its days off against the committed final decrees, its Hijri dates of
//! 2026 against the official table, its weekday and pasaran against published wetons; the
//! whole span's rows; bad years).

use crate::common::{get, state, test_app};
use crate::holidays::decreed_days;
use crate::snapshots::{cases, statuses};

/// The rows of a CSV body (no field of this file is quoted), header first.
fn rows(body: &[u8]) -> Vec<Vec<String>> {
    let text = std::str::from_utf8(body).unwrap();
    assert!(text.ends_with("\r\n"));
    text.split_terminator("\r\n")
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

#[actix_web::test]
async fn days_csv_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("days_csv_2027", "/api/v1/days.csv?year=2027"),
            ("days_csv_invalid_year", "/api/v1/days.csv?year=1944"),
            ("days_csv_invalid_year_text", "/api/v1/days.csv?year=2027a"),
        ],
    )
    .await;
    assert_eq!(statuses(&answers), [200, 400, 400]);
    assert_eq!(answers[1].code(), "invalid_year");
    assert_eq!(answers[2].code(), "invalid_year");
    assert_eq!(
        answers[0].header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    let rows = rows(&answers[0].body);
    assert_eq!(
        rows[0].join(","),
        "date,weekday,pasaran,javanese_day,javanese_month,javanese_year,chinese_day,\
         chinese_month,chinese_leap,chinese_year,kemenag,kemenag_source,muhammadiyah,muhammadiyah_source,\
         ummalqura,ummalqura_source,tabular,tabular_source,day_off,holidays,holiday_status,\
         observances"
    );
    assert_eq!(rows.len(), 366);
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));
    // Every day off of 2027 is the committed final decrees' (data/holidays/days.csv).
    let off: Vec<(String, String, String)> = rows[1..]
        .iter()
        .filter(|r| !r[18].is_empty())
        .flat_map(|r| {
            let kinds: Vec<&str> = r[18].split(';').collect();
            let slugs: Vec<&str> = r[19].split(';').collect();
            assert_eq!(r[20], "decreed");
            kinds
                .into_iter()
                .zip(slugs)
                .map(|(k, s)| (r[0].clone(), k.to_owned(), s.to_owned()))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut decreed = decreed_days(2027);
    decreed.sort();
    assert_eq!(off, decreed);
}

#[actix_web::test]
async fn the_whole_span_is_one_file_of_every_day() {
    let app = test_app().await;
    let answer = get(&app, "/api/v1/days.csv").await;
    assert_eq!(answer.status, 200);
    let rows = rows(&answer.body);
    // 1945-01-01 … 2100-12-31: 156 years, 38 of them leap years (1948 … 2096; 2100 is not).
    assert_eq!(rows.len(), 1 + 156 * 365 + 38);
    assert_eq!(rows[1][0], "1945-01-01");
    assert_eq!(rows.last().unwrap()[0], "2100-12-31");
    let day = |date: &str| rows.iter().find(|r| r[0] == date).unwrap().clone();
    // Published wetons: the Proclamation (Jumat Legi, 17 August 1945) and Muhammadiyah's
    // maklumat of 1 Ramadan 1447 ("Rabu Legi, 18 Februari 2026").
    assert_eq!(day("1945-08-17")[1..3], ["Jumat", "Legi"]);
    let ramadan = day("2026-02-18");
    assert_eq!(ramadan[1..3], ["Rabu", "Legi"]);
    // The government's 1 Ramadhan 1447 is 19 February 2026 (data/official/months.csv),
    // Muhammadiyah's (KHGT) the 18th; the days before 2015 have no days off.
    assert_eq!(
        ramadan[10..14],
        ["1447-08-30", "regional", "1447-09-01", "muhammadiyah"]
    );
    // The day after Imlek 2577 (17 February 2026, data/reference/holidays/imlek.csv) is the
    // 2nd day of the 1st month; 1 Sura 1959 is 27 June 2025 (the Kraton's count,
    // data/reference/javanese.csv).
    assert_eq!(ramadan[6..10], ["2", "1", "false", "2577"]);
    assert_eq!(day("2025-06-27")[3..6], ["1", "Sura", "1959"]);
    assert_eq!(day("2026-02-19")[10], "1447-09-01");
    assert_eq!(day("2026-02-19")[21], "awal_ramadan");
    assert!(rows[1..]
        .iter()
        .take(70 * 365)
        .all(|r| r[18..21] == ["", "", ""]));
    // A day with two national holidays (Kenaikan Yesus Kristus and Idul Fitri, 13 May 2021)
    // names its kind once and both holidays; no day names a kind twice.
    assert_eq!(
        day("2021-05-13")[18..20],
        ["libur_nasional", "idul_fitri;kenaikan_yesus_kristus"]
    );
    assert!(rows[1..].iter().all(|r| {
        let kinds: Vec<&str> = r[18].split(';').collect();
        kinds.len() < 2 || kinds == ["libur_nasional", "cuti_bersama"]
    }));
}

#[actix_web::test]
async fn the_feeds_page_gives_the_file_as_it_is() {
    use actix_web::http::Method;
    let app = test_app().await;
    // `days.csv` is documented on the feeds page (the README links it).
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/feeds/README.md"
    ))
    .unwrap()
    .replace('\n', " ");
    let megabytes = |coding: &'static str| {
        let app = &app;
        async move {
            let headers = [("accept-encoding", coding)];
            let answer = crate::common::fetch(app, Method::GET, "/api/v1/days.csv", &headers).await;
            format!("{:.2} MB", answer.body.len() as f64 / 1e6)
        }
    };
    for (coding, words) in [
        ("identity", "as identity"),
        ("gzip", "with gzip"),
        ("br", "with brotli"),
    ] {
        let figure = format!("{} {words}", megabytes(coding).await);
        assert!(readme.contains(&figure), "{figure}");
    }
    // Its example shows every column of the header.
    let year = get(&app, "/api/v1/days.csv?year=2027").await;
    let header = std::str::from_utf8(&year.body)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(readme.contains(header), "{header}");
}
