//! The page at `/` through the app factory, at the test clock (2025-03-01 12:00 WIB, the
//! first of Ramadhan 1446 in the official table): today's date as `/api/v1/today` gives it,
//! the grid of Ramadhan 1447 against the official table (1 Ramadhan 1447 on Thursday
//! 19 February 2026, `data/official/months.csv`), English, the errors of its parameters,
//! its links, its policy and its weight.

use actix_web::http::Method;
use serde_json::json;

use crate::common::{fetch, get, snapshot, state, Answer};
use crate::openapi::assert_documented;

/// The answer with its HTML body as lines, for a readable snapshot.
fn page_snapshot(name: &str, answer: &Answer) {
    let mut lines = answer.summary();
    let body = String::from_utf8(answer.body.to_vec()).unwrap();
    lines["body"] = json!(body.lines().collect::<Vec<_>>());
    let mut settings = insta::Settings::clone_current();
    settings.set_description(&answer.request);
    settings.set_snapshot_path("../../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_json_snapshot!(name, lines));
}

fn text(answer: &Answer) -> String {
    String::from_utf8(answer.body.to_vec()).unwrap()
}

/// The `<td>` cells of the table rows, row by row.
fn rows(html: &str) -> Vec<Vec<&str>> {
    let tbody = html.split("<tbody>").nth(1).unwrap();
    let tbody = tbody.split("</tbody>").next().unwrap();
    tbody
        .split("<tr>")
        .skip(1)
        .map(|row| row.split("<td").skip(1).collect())
        .collect()
}

#[actix_web::test]
async fn today_and_the_month_in_the_html() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let page = get(&app, "/").await;
    assert_documented("/", &page);
    page_snapshot("page", &page);
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("cache-control"),
        Some("public, max-age=60, s-maxage=43200"),
        "cacheable until midnight in Jakarta, as /today"
    );
    let html = text(&page);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"id\">"));
    // Today as /api/v1/today?next=true answers it.
    let today = get(&app, "/api/v1/today?tz=WIB&next=true").await.json();
    assert_eq!(today["output"]["date"], "1446-09-01");
    let shown = format!(
        "<span class=\"hijri\" data-date=\"{}\">1 Ramadhan 1446 H</span></h1>",
        today["output"]["date"].as_str().unwrap()
    );
    assert!(html.contains(&shown), "today");
    assert!(html.contains("<time datetime=\"2025-03-01\">Sabtu, 1 Maret 2025</time>"));
    assert!(html.contains(&format!(
        "setelah magrib: <span class=\"hijri\" data-date=\"{}\">2 Ramadhan 1446 H</span>",
        today["next"]["date"].as_str().unwrap()
    )));
    assert!(html.contains("<p class=\"tier\">resmi (Kemenag)</p>"));
    // Muhammadiyah also began Ramadhan 1446 on 1 March 2025: no other date is shown.
    assert!(!html.contains("class=\"others\""));
    // The month of today: March 2025, Saturday the 1st in the sixth column, marked today.
    let rows = rows(&html);
    assert_eq!(rows.len(), 6);
    assert!(rows[0][5].starts_with(
        " class=\"first obs\" aria-current=\"date\"><time datetime=\"2025-03-01\">1</time>\
         <span class=\"h\">1 <b>Ramadhan</b></span><span class=\"o\">Awal Ramadan</span>"
    ));
    assert!(html.contains("<caption>Maret 2025 · Ramadhan – Syawal 1446 H</caption>"));
    // The next month start's evening: 29 Ramadhan 1446 (29 March 2025), then 1 Syawal on
    // Monday 31 March (the table's date: the crescent was below the criterion).
    assert!(html.contains("<time datetime=\"2025-03-29\">Sabtu, 29 Maret 2025</time>"));
    assert!(html.contains("<time datetime=\"2025-03-31\">Senin, 31 Maret 2025</time>"));
    assert!(html.contains("api/v1/hilal/viz?year=1446&amp;month=10"));
}

#[actix_web::test]
async fn ramadhan_1447_begins_on_thursday_19_february_2026() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let page = get(&app, "/?calendar=hijri&year=1447&month=9").await;
    page_snapshot("page_ramadhan_1447", &page);
    let html = text(&page);
    let rows = rows(&html);
    // Monday-first: Thursday is the fourth column of the first week.
    assert!(
        rows[0][3].starts_with(
            " class=\"first obs\"><time datetime=\"2026-02-19\">19</time>\
             <span class=\"h\">1 <b>Ramadhan</b></span>"
        ),
        "{}",
        rows[0][3]
    );
    assert!(html.contains("<th scope=\"col\" abbr=\"Kamis\">Kam</th>"));
    // The days before belong to the month shown before (Sya'ban), outside the month.
    assert!(rows[0][2].starts_with(" class=\"out\"><time datetime=\"2026-02-18\">18</time>"));
    // 30 days: 1 Syawal (Idul Fitri) is Saturday 21 March 2026, outside the month.
    assert!(html.contains(
        "<td class=\"out first obs\"><time datetime=\"2026-03-21\">21</time>\
         <span class=\"h\">1 <b>Syawal</b></span><span class=\"o\">Idul Fitri</span>"
    ));
    assert!(html.contains("<caption>Ramadhan 1447 H · 19 Februari 2026 – 20 Maret 2026</caption>"));
    // Prev/next keep the calendar.
    assert!(html.contains("href=\"?calendar=hijri&amp;year=1447&amp;month=8\""));
    assert!(html.contains("href=\"?calendar=hijri&amp;year=1447&amp;month=10\""));
}

#[actix_web::test]
async fn english_and_other_zones() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let page = get(
        &app,
        "/?lang=en&tz=WIT&calendar=gregorian&year=2026&month=2",
    )
    .await;
    page_snapshot("page_english", &page);
    let html = text(&page);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.contains("<h1 id=\"today-title\"><span class=\"kicker\">Today (WIT)</span>"));
    assert!(html.contains("<time datetime=\"2025-03-01\">Saturday, 1 March 2025</time>"));
    assert!(html.contains("<th scope=\"col\" abbr=\"Thursday\">Thu</th>"));
    // The switch back keeps the zone and the month.
    assert!(html.contains(
        "hreflang=\"id\" lang=\"id\" href=\"?lang=id&amp;tz=WIT&amp;calendar=gregorian&amp;year=2026&amp;month=2\""
    ));
    assert_eq!(
        page.header("cache-control"),
        Some("public, max-age=60, s-maxage=36000"),
        "14:00 WIT: 10 hours to midnight"
    );
    // A computed month far ahead is marked, with its legend.
    let far = text(&get(&app, "/?calendar=gregorian&year=2090&month=1").await);
    assert!(far.contains("<li><span class=\"key est\">≈</span>perkiraan hisab"));
    assert!(far.contains("class=\"est\""));
}

#[actix_web::test]
async fn bad_parameters_get_the_api_errors() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let mut codes = Vec::new();
    for (name, uri) in [
        ("page_invalid_timezone", "/?tz=Mars/Olympus"),
        (
            "page_invalid_year",
            "/?calendar=gregorian&year=2200&month=1",
        ),
        ("page_invalid_month", "/?year=1447&month=13"),
        ("page_missing_month", "/?year=1447"),
        (
            "page_invalid_calendar",
            "/?calendar=julian&year=1447&month=1",
        ),
    ] {
        let answer = get(&app, uri).await;
        assert_documented(uri, &answer);
        snapshot(name, &answer);
        codes.push(answer.code());
    }
    assert_eq!(
        codes,
        [
            "invalid_timezone",
            "invalid_year",
            "invalid_month",
            "missing_parameter",
            "invalid_calendar"
        ]
    );
}

#[actix_web::test]
async fn links_policy_and_weight() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let page = get(&app, "/").await;
    let html = text(&page);
    // Every link of the page is relative and answers 200 (webcal links aside).
    let mut checked = 0;
    for attribute in ["href=\"", "src=\""] {
        for link in html.split(attribute).skip(1) {
            let link = link.split('"').next().unwrap().replace("&amp;", "&");
            if link.starts_with("webcal:") || link.starts_with("data:") {
                continue;
            }
            assert!(!link.contains("://"), "{link} leaves the server");
            let path = if link == "./" {
                "/".to_owned()
            } else {
                format!("/{link}")
            };
            assert_eq!(get(&app, &path).await.status, 200, "{path}");
            checked += 1;
        }
    }
    assert!(checked > 15, "{checked} links");
    assert!(html.contains("<a href=\"webcal://localhost:8080/api/v1/calendar.ics\">"));
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.starts_with("default-src 'none'; script-src 'self'; style-src 'self'"));
    // The page with its style sheet and script, brotli as a browser asks: at most 60 KB.
    let mut weight = 0;
    for path in ["/", "/page.css", "/page.js"] {
        let answer = fetch(
            &app,
            Method::GET,
            path,
            &[("accept-encoding", "gzip, deflate, br")],
        )
        .await;
        assert_documented(path, &answer);
        assert_eq!(answer.header("content-encoding"), Some("br"), "{path}");
        weight += answer.body.len();
    }
    assert!(weight <= 60 * 1024, "{weight} bytes");
    let style = get(&app, "/page.css").await;
    let script = get(&app, "/page.js").await;
    assert!(text(&style).contains("@media print"));
    assert!(text(&script).contains("localStorage"));
    snapshot("page_style", &style);
    snapshot("page_script", &script);
}
