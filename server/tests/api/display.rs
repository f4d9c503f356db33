//! The mosque screen `/display` through the app factory at fixed clocks: in Ramadan before
//! subuh (1 Ramadhan 1447 at Kota Yogyakarta, Bimas Islam's imsak 04:16), after isya on the
//! eve of Ramadan (tomorrow's times, with imsak, marked as tomorrow; Muhammadiyah's Ramadan
//! already begun), after isya on a day off in English (Hari Kemerdekaan at Kota Jakarta),
//! between dzuhur and ashar in WIT (Kota Jayapura, the test clock). Each time the screen
//! shows is `/api/v1/prayer-times`'s minute with its instant, the next prayer the one
//! `/api/v1/prayer-times/next` gives, and the answer is cacheable until the next prayer or
//! the place's midnight, whichever comes first. Bad input is the page's HTML error page in
//! the screen's language naming the parameter.

use serde_json::Value;

use crate::common::{
    get, get_json, instant, next_prayer_uri, real, state_with, test_app, test_app_with, TestApp,
};
use crate::openapi::assert_documented;
use crate::page::{cached_page, html_error_code, page_snapshot, text, HTML};

/// The app at the fixed instant `now` (RFC 3339).
async fn at(
    now: &str,
) -> impl actix_web::dev::Service<
    actix_http::Request,
    Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
    Error = actix_web::Error,
> {
    let mut state = state_with(real(), &[]);
    state.clock = hijri_server::state::Clock::Fixed(instant(now));
    test_app_with(state).await
}

/// A times list of the screen: its day, shown, marked tomorrow, its rows (class, instant,
/// time written).
type List = (String, bool, bool, Vec<(String, i64, String)>);

/// The screen's times lists: each day (`data-day`), whether it is shown, whether it says
/// "tomorrow", and its rows (class, `data-at`, the time written).
fn times_lists(html: &str) -> Vec<List> {
    html.split("<div class=\"day\" data-day=\"")
        .skip(1)
        .map(|list| {
            let list = list.split("</ol>").next().unwrap();
            let day = list[..10].to_owned();
            let head = list.split("</h2>").next().unwrap();
            let shown = !list[..20].contains("hidden");
            let tomorrow = head.contains("<span class=\"tomorrow\">");
            let rows = list
                .split("<li class=\"")
                .skip(1)
                .map(|li| {
                    let class = li.split('"').next().unwrap().to_owned();
                    let at = li.split("data-at=\"").nth(1).unwrap();
                    let at = at.split('"').next().unwrap().parse().unwrap();
                    let time = li.split("<span class=\"t\">").nth(1).unwrap();
                    (class, at, time.split('<').next().unwrap().to_owned())
                })
                .collect();
            (day, shown, tomorrow, rows)
        })
        .collect()
}

/// The times of `/api/v1/prayer-times` for `place` on `date` (by `authority`'s method), by
/// name: local `HH:MM`.
async fn published<S, B>(app: &S, place: &str, date: &str, authority: &str) -> Value
where
    S: TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let method = if authority == "muhammadiyah" {
        "&method=muhammadiyah"
    } else {
        ""
    };
    let answer = get_json(
        app,
        &format!("/api/v1/prayer-times?place={place}&date={date}{method}"),
    )
    .await;
    answer["days"][0]["times"].clone()
}

/// Asserts that every row of `lists` is the API's minute of its day at `place`, written
/// with `separator`, its instant that minute in the place's `offset` (seconds east).
async fn assert_published<S, B>(
    app: &S,
    place: &str,
    authority: &str,
    (offset, separator): (i64, &str),
    lists: &[List],
) where
    S: TestApp<B>,
    B: actix_web::body::MessageBody,
{
    for (day, _, _, rows) in lists {
        let times = published(app, place, day, authority).await;
        for (class, at, shown) in rows {
            let name = class.split(' ').next().unwrap();
            let api = times[name].as_str().unwrap();
            assert_eq!(shown, &api.replace(':', separator), "{day} {name}");
            let local = chrono::DateTime::from_timestamp(at + offset, 0).unwrap();
            assert_eq!(
                local.format("%Y-%m-%d %H:%M").to_string(),
                format!("{day} {api}")
            );
        }
    }
}

#[actix_web::test]
async fn in_ramadan_before_subuh_the_next_is_subuh_with_imsak_shown() {
    // 03:30 WIB on Thursday 19 February 2026, 1 Ramadhan 1447 by the government.
    let app = at("2026-02-18T20:30:00Z").await;
    let uri = "/display?place=34.71";
    let answer = get(&app, uri).await;
    assert_documented(uri, &answer);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some(HTML));
    assert_eq!(
        answer.header("content-security-policy"),
        Some(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
    );
    // Subuh at 04:26 WIB, 56 minutes on.
    assert_eq!(answer.header("cache-control"), Some("public, max-age=3360"));
    page_snapshot("display_ramadan_before_subuh", &answer);
    let html = text(&answer);
    assert!(html.contains(
        "<main id=\"screen\" data-offset=\"25200\" data-separator=\".\" \
         data-today=\"2026-02-19\" data-shown=\"2026-02-19\">"
    ));
    assert!(html.contains("<h1>Kota Yogyakarta</h1> <p>DI Yogyakarta · WIB</p>"));
    assert!(html.contains("<p class=\"hijri\">1 Ramadhan 1447 H <small>Kemenag</small></p>"));
    assert!(html.contains("<p class=\"jawa\">Kamis Pahing · 2 Pasa 1959 Dal</p>"));
    assert!(html.contains("<p class=\"notes\"><span class=\"o\">Awal Ramadan</span></p>"));
    assert!(html.contains(
        "<p class=\"next-up\"><span class=\"label\">Menjelang</span> <b class=\"name\">Subuh</b> \
         <span class=\"at\">04.26</span></p>"
    ));
    let lists = times_lists(&html);
    let days: Vec<(&str, bool, bool)> = lists
        .iter()
        .map(|(day, shown, tomorrow, _)| (day.as_str(), *shown, *tomorrow))
        .collect();
    assert_eq!(
        days,
        [
            ("2026-02-19", true, false),
            ("2026-02-20", false, true),
            ("2026-02-21", false, false)
        ]
    );
    let today = &lists[0].3;
    let classes: Vec<&str> = today.iter().map(|(c, _, _)| c.as_str()).collect();
    assert_eq!(
        classes,
        [
            "imsak",
            "subuh prayer next",
            "terbit",
            "dzuhur prayer",
            "ashar prayer",
            "maghrib prayer",
            "isya prayer"
        ]
    );
    assert_eq!(today[0].2, "04.16", "Bimas Islam's imsak (Tribunnews)");
    assert!(
        html.contains("<span class=\"t\">04.26</span> <span class=\"mark\">berikutnya</span></li>")
    );
    assert_published(&app, "34.71", "kemenag", (25200, "."), &lists).await;
    // The next prayer is /prayer-times/next's.
    let next = get_json(&app, &next_prayer_uri("34.71", "2026-02-19T03:30:00+07:00")).await;
    assert_eq!(next["next"]["name"], "subuh");
    assert_eq!(next["next"]["seconds_until"], 3360);
    // Kept: the same bytes again.
    let again = get(&app, uri).await;
    assert_eq!(again.body, answer.body);
    assert_eq!(again.header("etag"), answer.header("etag"));
}

#[actix_web::test]
async fn after_isya_on_the_eve_of_ramadan_tomorrow_is_shown_with_its_imsak() {
    // 20:00 WIB on Wednesday 18 February 2026: Muhammadiyah's 1 Ramadhan, the government's
    // 30 Sya'ban.
    let app = at("2026-02-18T13:00:00Z").await;
    let answer = get(&app, "/display?place=34.71").await;
    // Midnight (4 h) comes before tomorrow's subuh.
    let html = cached_page(
        &answer,
        "public, max-age=14400",
        "display_after_isya_eve_of_ramadan",
    );
    let lists = times_lists(&html);
    let (day, shown, tomorrow, rows) = &lists[1];
    assert_eq!(
        (day.as_str(), *shown, *tomorrow),
        ("2026-02-19", true, true)
    );
    assert_eq!(rows[0].0, "imsak");
    assert_eq!(rows[1].0, "subuh prayer next");
    assert!(!lists[0].1, "today's list is hidden after isya");
    assert!(
        !lists[0].3.iter().any(|(class, _, _)| class == "imsak"),
        "30 Sya'ban has no imsak"
    );
    assert!(html.contains("<p class=\"hijri\">30 Sya'ban 1447 H <small>Kemenag</small></p>"));
    assert!(html.contains("<b class=\"name\">Subuh</b> <span class=\"at\">04.26</span>"));
    assert_published(&app, "34.71", "kemenag", (25200, "."), &lists).await;

    // Muhammadiyah's calendar is in Ramadan today: its times (its own method) have imsak.
    let muhammadiyah = get(&app, "/display?place=34.71&authority=muhammadiyah").await;
    assert_eq!(muhammadiyah.status, 200);
    let html = text(&muhammadiyah);
    let lists = times_lists(&html);
    assert_eq!(lists[0].3[0].0, "imsak");
    assert!(html.contains("<p class=\"hijri\">1 Ramadhan 1447 H <small>Muhammadiyah</small></p>"));
    assert!(html.contains("Metode: Muhammadiyah (Majelis Tarjih dan Tajdid PP Muhammadiyah)"));
    assert_published(&app, "34.71", "muhammadiyah", (25200, "."), &lists).await;
}

#[actix_web::test]
async fn after_isya_on_a_day_off_in_english() {
    // 20:30 WIB on Sunday 17 August 2025, Hari Kemerdekaan, at Kota Jakarta.
    let app = at("2025-08-17T13:30:00Z").await;
    let answer = get(&app, "/display?place=31.71&lang=en").await;
    let html = cached_page(
        &answer,
        "public, max-age=12600",
        "display_en_after_isya_day_off",
    );
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(
        html.contains("data-separator=\":\" data-today=\"2025-08-17\" data-shown=\"2025-08-18\"")
    );
    assert!(html.contains(
        "<p class=\"masehi\"><time datetime=\"2025-08-17\">Sunday, 17 August 2025</time></p>"
    ));
    assert!(html.contains(
        "<p class=\"notes\"><span class=\"off\">Independence Day, national holiday</span></p>"
    ));
    // Monday 18 August 2025 is cuti bersama (data/holidays/days.csv, the SKB 2025 amended).
    assert!(html.contains(
        "<p class=\"notes\"><span class=\"leave\">Collective leave: Independence Day</span></p>"
    ));
    assert!(html.contains(
        "<h2><span class=\"tomorrow\">Tomorrow · </span><time datetime=\"2025-08-18\">Monday 18 Aug</time></h2>"
    ));
    assert!(html.contains("<span class=\"k\">Sunrise</span>"));
    assert!(html.contains("<span class=\"mark\">next</span>"));
    let lists = times_lists(&html);
    assert_eq!(lists[1].3[0].0, "subuh prayer next");
    assert_eq!(lists[1].3.len(), 6, "no imsak outside Ramadan");
    assert_published(&app, "31.71", "kemenag", (25200, ":"), &lists).await;
}

#[actix_web::test]
async fn between_dzuhur_and_ashar_in_wit() {
    // The test clock: 14:00 WIT on Saturday 1 March 2025 (1 Ramadhan 1446) at Kota Jayapura.
    let app = test_app().await;
    let answer = get(&app, "/display?place=91.71&lang=en").await;
    assert_eq!(answer.status, 200);
    let html = text(&answer);
    assert!(html.contains("data-offset=\"32400\""));
    assert!(html.contains("<h1>Kota Jayapura</h1> <p>Papua · WIT</p>"));
    let lists = times_lists(&html);
    let next: Vec<&str> = lists[0]
        .3
        .iter()
        .filter(|(class, _, _)| class.ends_with(" next"))
        .map(|(class, _, _)| class.as_str())
        .collect();
    assert_eq!(next, ["ashar prayer next"]);
    let api = get_json(&app, &next_prayer_uri("91.71", "2025-03-01T14:00:00+09:00")).await;
    assert_eq!(api["current"]["name"], "dzuhur");
    assert_eq!(api["next"]["name"], "ashar");
    let seconds = api["next"]["seconds_until"].as_i64().unwrap();
    assert_eq!(
        answer.header("cache-control"),
        Some(format!("public, max-age={seconds}").as_str())
    );
    assert_published(&app, "91.71", "kemenag", (32400, ":"), &lists).await;
    // Its style sheet and script.
    for (path, kind) in [
        ("/display.css", "text/css; charset=utf-8"),
        ("/display.js", "text/javascript; charset=utf-8"),
    ] {
        let asset = get(&app, path).await;
        assert_eq!(asset.status, 200, "{path}");
        assert_eq!(asset.header("content-type"), Some(kind));
    }
}

#[actix_web::test]
async fn bad_screen_parameters_get_html_error_pages_naming_them() {
    let app = test_app().await;
    let mut codes = Vec::new();
    for (uri, status, name) in [
        ("/display", 400, "display_no_place"),
        ("/display?lang=en&place=", 400, "display_no_place_en"),
        ("/display?place=jogja", 404, "display_unknown_place"),
        (
            "/display?place=34.71&authority=nasa",
            400,
            "display_bad_authority",
        ),
        ("/display?place=34.71&lang=jv", 400, "display_bad_lang"),
    ] {
        let answer = get(&app, uri).await;
        assert_documented(uri, &answer);
        assert_eq!(answer.status, status, "{uri}");
        codes.push(html_error_code(&answer));
        page_snapshot(name, &answer);
    }
    assert_eq!(
        codes,
        [
            "missing_parameter",
            "missing_parameter",
            "unknown_place",
            "invalid_authority",
            "invalid_lang"
        ]
    );
    let missing = text(&get(&app, "/display").await);
    assert!(missing.contains("<p>Layar ini perlu kabupaten/kota: tambahkan place= dengan kode"));
    assert!(
        missing.contains("<code>missing_parameter</code>: required parameter `place` is missing")
    );
    let english = text(&get(&app, "/display?lang=en").await);
    assert!(english.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(english.contains("<p>This screen needs a regency or city: add place="));
    // A value past its bound is refused before the handler, in the screen's language too.
    let long = format!("/display?lang=en&place={}", "9".repeat(65));
    let answer = get(&app, &long).await;
    assert_eq!(answer.status, 400);
    assert_eq!(html_error_code(&answer), "invalid_place");
    assert!(text(&answer).starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
}
