//! Prayer times for people, through the app factory at the test clock (2025-03-01 12:00
//! WIB, 1 Ramadhan 1446): the page at `/` with `place` (today's eight times, kept in every
//! link, and in Ramadan the imsak and maghrib of every day of the grid; the prayer under way
//! and the next one marked at three clocks as `/api/v1/prayer-times/next` finds them, the
//! kept page timed by the next prayer), the card `/embed?place=` with today's times, and the
//! printable imsakiyah at `/imsakiyah`. Ramadan 1447 at Kota Yogyakarta against its published dates
//! and minutes, as `prayer.rs` takes them: the government's 1 Ramadhan on Kamis 19 Februari
//! 2026 with Bimas Islam's imsak of 04:16 (Tribunnews), Muhammadiyah's on Rabu 18 Februari
//! with the imsak of its Majelis Tarjih's imsakiyah, 04:23; the other times as
//! `/api/v1/prayer-times` and `/api/v1/imsakiyah` give them. Bad input is the page's HTML
//! error page with the API's status and code.

use icalendar::Component;

use hijri_server::routes::home::EMBED_HEIGHT_WITH_TIMES;
use hijri_server::state::Clock;

use crate::common::{
    get, get_brotli, get_json, instant, next_prayer_uri, state, test_app, test_app_with, Answer,
};
use crate::openapi::assert_documented;
use crate::page::{
    assert_embed_height, assert_light, cell, html_error_code, page_snapshot, text, HTML,
};

/// `04:16` as the Indonesian page writes it, `04.16`.
fn dotted(time: &str) -> String {
    time.replace(':', ".")
}

/// The cells of the first row of the imsakiyah's table, tags and all.
fn first_row(html: &str) -> String {
    let tbody = html.split("<tbody>\n").nth(1).unwrap();
    tbody.split("</tr>").next().unwrap().to_owned()
}

/// The imsakiyah's rows (Fridays have a class), each its `<td>` cells after the day's `<th>`.
fn table_rows(html: &str) -> Vec<Vec<&str>> {
    let tbody = html.split("<tbody>").nth(1).unwrap();
    let tbody = tbody.split("</tbody>").next().unwrap();
    tbody
        .split("<tr")
        .skip(1)
        .map(|row| row.split("<td").skip(1).collect())
        .collect()
}

/// The times a grid cell shows: its imsak and maghrib, if any.
fn fast_times(cell: &str) -> Option<(String, String)> {
    let time = |class: &str| {
        let after = cell.split(&format!("<span class=\"s {class}\">")).nth(1)?;
        let after = after.split("</span> ").nth(1)?;
        Some(after.split('<').next()?.to_owned())
    };
    Some((time("imsak")?, time("maghrib")?))
}

#[actix_web::test]
async fn the_imsakiyah_of_yogyakarta_1447_by_both_calendars() {
    let app = test_app().await;
    let uri = "/imsakiyah?place=34.71&year=1447&authority=muhammadiyah";
    let muhammadiyah = get(&app, uri).await;
    assert_documented(uri, &muhammadiyah);
    assert_eq!(muhammadiyah.status, 200);
    assert_eq!(muhammadiyah.header("content-type"), Some(HTML));
    assert!(muhammadiyah
        .header("content-security-policy")
        .unwrap()
        .starts_with("default-src 'none';"));
    page_snapshot("page_imsakiyah_1447_muhammadiyah", &muhammadiyah);
    let html = text(&muhammadiyah);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"id\">"));
    assert!(html.contains(
        "<h1>Jadwal Imsakiyah Ramadhan 1447 H <span class=\"sub\">Kota Yogyakarta, DI \
         Yogyakarta</span></h1>"
    ));
    // Muhammadiyah's 1 Ramadhan, Wednesday 18 February 2026, with its Majelis Tarjih's
    // imsak.
    let first = first_row(&html);
    assert!(
        first.starts_with(
            "<tr><th scope=\"row\">1</th><td><time datetime=\"2026-02-18\"><span class=\"long\">Rabu, 18 \
             Februari 2026</span><span class=\"short\" aria-hidden=\"true\">Rabu \
             18/2</span></time></td><td class=\"hl\">04.23</td>"
        ),
        "{first}"
    );
    // The method in one line, with its numbers.
    assert!(html.contains("<b>Metode</b> Muhammadiyah (Majelis Tarjih dan Tajdid PP Muhammadiyah): subuh −18°, isya −18°"));
    assert!(html.contains("imsak 10 menit sebelum subuh, ihtiyat 1 menit (terbit −2, dhuha 2)"));
    // Every day as /api/v1/imsakiyah gives it, and 1 Syawal.
    let api = get_json(
        &app,
        "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah",
    )
    .await;
    let days = api["days"].as_array().unwrap();
    let table = table_rows(&html);
    assert_eq!(table.len(), days.len());
    for (row, day) in table.iter().zip(days) {
        // The day's number is the row's <th>; its cells: the date, then the seven times.
        let date = day["date"].as_str().unwrap();
        assert!(
            row[0].contains(&format!("<time datetime=\"{date}\">")),
            "{date}"
        );
        for (cell, name) in row[1..].iter().zip([
            "imsak", "subuh", "terbit", "dzuhur", "ashar", "maghrib", "isya",
        ]) {
            let shown = cell.split('>').nth(1).unwrap().split('<').next().unwrap();
            assert_eq!(shown, dotted(day[name].as_str().unwrap()), "{date} {name}");
        }
    }
    let syawal = api["syawal_1"]["date"].as_str().unwrap();
    assert!(html.contains(&format!(
        "<p class=\"syawal\"><b>1 Syawal 1447 H</b> (Idul Fitri): <time datetime=\"{syawal}\">"
    )));
    // Its JSON, its feed and its month's grid answer.
    for link in [
        "api/v1/imsakiyah?place=34.71&amp;year=1447&amp;authority=muhammadiyah",
        "api/v1/imsakiyah.ics?place=34.71&amp;year=1447&amp;authority=muhammadiyah",
        "./?place=34.71&amp;authority=muhammadiyah&amp;calendar=hijri&amp;year=1447&amp;month=9",
    ] {
        assert!(html.contains(&format!("href=\"{link}\"")), "{link}");
        let path = format!("/{}", link.trim_start_matches("./").replace("&amp;", "&"));
        assert_eq!(get(&app, &path).await.status, 200, "{path}");
    }

    // The government's: Thursday 19 February 2026, Bimas Islam's imsak.
    let kemenag = text(&get(&app, "/imsakiyah?place=34.71&year=1447").await);
    let first = first_row(&kemenag);
    assert!(
        first.starts_with(
            "<tr><th scope=\"row\">1</th><td><time datetime=\"2026-02-19\"><span class=\"long\">Kamis, 19 \
             Februari 2026</span><span class=\"short\" aria-hidden=\"true\">Kam \
             19/2</span></time></td><td class=\"hl\">04.16</td>"
        ),
        "{first}"
    );
    assert!(
        kemenag.contains("<b>Metode</b> Kementerian Agama RI (Bimas Islam): subuh −20°, isya −18°")
    );
    assert!(kemenag.contains("ihtiyat 2 menit (terbit −2, dzuhur 3)"));
    // The horizon says what it follows: Kemenag's is fixed, Muhammadiyah's the elevation's,
    // and Kota Bandung's by Kemenag is the place's own.
    assert!(kemenag.contains("terbit dan maghrib −1° (ufuk tetap, tanpa ketinggian tempat)"));
    assert!(html.contains("terbit dan maghrib −1,14° (ufuk pada 110 m)"));
    let bandung = text(&get(&app, "/imsakiyah?place=32.73&year=1447&authority=kemenag").await);
    assert!(bandung.contains("terbit dan maghrib −2° (ufuk khusus tempat ini)"));
    // A calendar without its own method says so.
    let ummalqura = text(&get(&app, "/imsakiyah?place=34.71&year=1447&authority=ummalqura").await);
    assert!(ummalqura.contains("tidak menetapkan metode waktu sholat sendiri"));
}

#[actix_web::test]
async fn the_imsakiyah_defaults_to_the_coming_ramadan_and_asks_for_a_place() {
    let app = test_app().await;
    // 1 March 2025 is 1 Ramadhan 1446: its Ramadan is the coming one.
    let answer = get(&app, "/imsakiyah?place=34.71").await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("cache-control"),
        Some("public, max-age=60, s-maxage=43200"),
        "the default year follows today: cacheable until midnight"
    );
    let html = text(&answer);
    assert!(html.contains("<h1>Jadwal Imsakiyah Ramadhan 1446 H"));
    assert!(first_row(&html)
        .contains("<time datetime=\"2025-03-01\"><span class=\"long\">Sabtu, 1 Maret 2025</span>"));
    // Without a place: the form, the calendar and year kept.
    let chooser = get(&app, "/imsakiyah?authority=muhammadiyah").await;
    assert_eq!(chooser.status, 200);
    page_snapshot("page_imsakiyah_chooser", &chooser);
    let html = text(&chooser);
    assert!(html.contains("<form class=\"jump place\" method=\"get\" action=\"imsakiyah\">"));
    assert!(html.contains("<input type=\"hidden\" name=\"authority\" value=\"muhammadiyah\">"));
    assert!(html.contains("<option value=\"34.71\">Kota Yogyakarta</option>"));
}

#[actix_web::test]
async fn bad_imsakiyah_parameters_get_html_error_pages() {
    let app = test_app().await;
    let mut codes = Vec::new();
    for (uri, status) in [
        ("/imsakiyah?place=yogya&year=1447", 404),
        ("/imsakiyah?place=34.71&year=1600", 400),
        ("/imsakiyah?place=34.71&year=1447&method=mwl", 400),
        ("/imsakiyah?place=34.71&authority=nasa", 400),
        ("/?place=jogja", 404),
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, status, "{uri}");
        codes.push(html_error_code(&answer));
    }
    assert_eq!(
        codes,
        [
            "unknown_place",
            "invalid_year",
            "invalid_method",
            "invalid_authority",
            "unknown_place"
        ]
    );
    let unknown = get(&app, "/imsakiyah?place=yogya&year=1447").await;
    page_snapshot("page_imsakiyah_unknown_place", &unknown);
    let html = text(&unknown);
    assert!(html.contains("Tempat itu tidak dikenal."));
    // The closest names, and a link back to the calendar page (not to the imsakiyah).
    assert!(html.contains("Kota Yogyakarta (34.71)"), "{html}");
    assert!(html.contains("<a href=\"./?authority=kemenag\">Kembali ke kalender hari ini</a>"));
    let method = text(&get(&app, "/imsakiyah?place=34.71&method=mwl").await);
    assert!(method.contains("Metode yang tersedia: kemenag, muhammadiyah."));
}

#[actix_web::test]
async fn the_page_with_a_place_has_its_times_and_ramadans_imsak_and_maghrib() {
    let app = test_app().await;
    let page = get(&app, "/?place=34.71").await;
    assert_eq!(page.status, 200);
    page_snapshot("page_prayer", &page);
    let html = text(&page);
    assert!(html.contains("<h2 id=\"prayer-title\">Jadwal sholat: Kota Yogyakarta</h2>"));
    // Today's eight times, as /api/v1/prayer-times gives them.
    let api = get_json(&app, "/api/v1/prayer-times?place=34.71&date=2025-03-01").await;
    let times = &api["days"][0]["times"];
    for (name, label) in [
        ("imsak", "Imsak"),
        ("subuh", "Subuh"),
        ("terbit", "Terbit"),
        ("dhuha", "Dhuha"),
        ("dzuhur", "Dzuhur"),
        ("ashar", "Ashar"),
        ("maghrib", "Maghrib"),
        ("isya", "Isya"),
    ] {
        let time = dotted(times[name].as_str().unwrap());
        let li = html.split(&format!("<li class=\"{name}")).nth(1).unwrap();
        assert!(
            li.contains(&format!(
                "><span class=\"k\">{label}</span> <span class=\"t\">{time}</span>"
            )),
            "{name} {time}"
        );
    }
    assert!(html.contains("Kementerian Agama RI (Bimas Islam) — Subuh −20°, Isya −18°"));
    assert!(html.contains("<a href=\"imsakiyah?place=34.71&amp;year=1446&amp;authority=kemenag\">"));
    // The place is selected in the form, and kept by every link and the jump forms.
    assert!(html.contains("<option value=\"34.71\" selected>Kota Yogyakarta</option>"));
    assert!(html.contains("<a href=\"?tz=WITA&amp;place=34.71\">WITA</a>"));
    assert!(html.contains("<input type=\"hidden\" name=\"place\" value=\"34.71\">"));
    // March 2025: 1–30 March is Ramadhan 1446 (1 Syawal on 31 March), each day with its
    // imsak and maghrib as /prayer-times gives them; the other days without.
    let month = get_json(
        &app,
        "/api/v1/prayer-times?place=34.71&from=2025-02-24&to=2025-04-06",
    )
    .await;
    for day in month["days"].as_array().unwrap() {
        let date = day["date"].as_str().unwrap();
        let shown = fast_times(cell(&html, date));
        if ("2025-03-01".."2025-03-31").contains(&date) {
            let expected = (
                dotted(day["times"]["imsak"].as_str().unwrap()),
                dotted(day["times"]["maghrib"].as_str().unwrap()),
            );
            assert_eq!(shown, Some(expected), "{date}");
        } else {
            assert_eq!(shown, None, "{date}");
        }
    }
    assert!(html.contains(
        "<li class=\"fast\">imsak dan maghrib (buka puasa) di Kota Yogyakarta (WIB)</li>"
    ));
    // Ramadhan 1447 by both calendars: their first days with their published imsak (and
    // Bimas Islam's maghrib of 19 February, 18:05, within a minute).
    let kemenag = text(&get(&app, "/?place=34.71&calendar=hijri&year=1447&month=9").await);
    let (imsak, maghrib) = fast_times(cell(&kemenag, "2026-02-19")).unwrap();
    assert_eq!(imsak, "04.16");
    let minutes = |t: &str| {
        let (h, m) = t.split_once('.').unwrap();
        h.parse::<i32>().unwrap() * 60 + m.parse::<i32>().unwrap()
    };
    assert!(
        (minutes(&maghrib) - minutes("18.05")).abs() <= 1,
        "{maghrib}"
    );
    assert_eq!(fast_times(cell(&kemenag, "2026-02-18")), None, "30 Sya'ban");
    let muhammadiyah = text(
        &get(
            &app,
            "/?authority=muhammadiyah&place=34.71&calendar=hijri&year=1447&month=9",
        )
        .await,
    );
    let (imsak, _) = fast_times(cell(&muhammadiyah, "2026-02-18")).unwrap();
    assert_eq!(imsak, "04.23");
    // Without a place: an invitation, no time guessed; an empty choice is no choice.
    for uri in ["/", "/?place="] {
        let html = text(&get(&app, uri).await);
        assert!(
            html.contains("<h2 id=\"prayer-title\">Jadwal sholat</h2>\n<p>Pilih kabupaten/kota")
        );
        assert!(!html.contains("class=\"s imsak\""));
        assert!(html.contains("<select id=\"place\" name=\"place\" required><option value=\"\">Pilih kabupaten/kota</option>"));
    }
    // English: the times with a colon.
    let english = text(&get(&app, "/?lang=en&place=34.71").await);
    assert!(english.contains("<h2 id=\"prayer-title\">Prayer times: Kota Yogyakarta</h2>"));
    assert!(english.contains(&format!(
        "<span class=\"k\">Sunrise</span> <span class=\"t\">{}</span>",
        times["terbit"].as_str().unwrap()
    )));
}

#[actix_web::test]
async fn the_pages_with_a_place_link_within_and_stay_light() {
    let app = test_app().await;
    for uri in ["/?place=34.71", "/imsakiyah?place=34.71&year=1447"] {
        let html = text(&get(&app, uri).await);
        let mut checked = 0;
        for link in html.split("href=\"").skip(1) {
            let link = link.split('"').next().unwrap().replace("&amp;", "&");
            if link.starts_with("webcal:") || link.starts_with("data:") {
                continue;
            }
            assert!(!link.contains("://"), "{link} leaves the server");
            let path = format!("/{}", link.trim_start_matches("./"));
            assert_eq!(get(&app, &path).await.status, 200, "{uri}: {path}");
            checked += 1;
        }
        assert!(checked > 5, "{uri}: {checked} links");
    }
    // The page with every place in its form, its style sheet and script, brotli: at most
    // 60 KB as without a place.
    assert_light("/?place=34.71", &app).await;
    let imsakiyah = get_brotli(&app, "/imsakiyah?place=34.71&year=1447").await;
    assert!(
        imsakiyah.body.len() <= 8 * 1024,
        "{} bytes",
        imsakiyah.body.len()
    );
}

#[actix_web::test]
async fn the_imsakiyah_in_english_has_the_same_days_and_keeps_its_language() {
    let app = test_app().await;
    let uri = "/imsakiyah?place=34.71&year=1447&authority=muhammadiyah&lang=en";
    let english = get(&app, uri).await;
    assert_eq!(english.status, 200);
    page_snapshot("page_imsakiyah_1447_muhammadiyah_en", &english);
    let html = text(&english);
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.contains(
        "<h1>Ramadan Imsakiyah 1447 AH <span class=\"sub\">Kota Yogyakarta, DI \
         Yogyakarta</span></h1>"
    ));
    assert!(html.contains("<b>Method</b> Muhammadiyah"));
    assert!(html.contains("imsak 10 min before subuh"));
    assert!(html.contains("sunrise and maghrib") || html.contains("terbit and maghrib"));
    assert!(html.contains("(Eid al-Fitr)"));
    assert!(!html.contains("Sumber:"), "no Indonesian sentence left");
    // The same rows as the Indonesian page, the times written with a colon.
    let indonesian = text(
        &get(
            &app,
            "/imsakiyah?place=34.71&year=1447&authority=muhammadiyah",
        )
        .await,
    );
    let rows = |html: &str| -> Vec<Vec<String>> {
        table_rows(html)
            .iter()
            .map(|row| {
                row[1..]
                    .iter()
                    .map(|cell| {
                        let shown = cell.split('>').nth(1).unwrap().split('<').next().unwrap();
                        dotted(shown)
                    })
                    .collect()
            })
            .collect()
    };
    assert_eq!(rows(&html), rows(&indonesian));
    // Every link keeps the language: the years, the calendars, the JSON, the feed, the grid.
    for link in [
        "imsakiyah?place=34.71&amp;year=1448&amp;authority=muhammadiyah&amp;lang=en",
        "api/v1/imsakiyah?place=34.71&amp;year=1447&amp;authority=muhammadiyah&amp;lang=en",
        "api/v1/imsakiyah.ics?place=34.71&amp;year=1447&amp;authority=muhammadiyah&amp;lang=en",
    ] {
        assert!(html.contains(&format!("href=\"{link}\"")), "{link}");
        let path = format!("/{}", link.replace("&amp;", "&"));
        assert_eq!(get(&app, &path).await.status, 200, "{path}");
    }
    // The chooser in English keeps the language in its form.
    let chooser = text(&get(&app, "/imsakiyah?lang=en").await);
    assert!(chooser.contains("<input type=\"hidden\" name=\"lang\" value=\"en\">"));
    assert!(chooser.contains("Choose a regency or city"));
    // No Arabic texts: `ar` is refused, its error page in Indonesian; a bad `lang` names it.
    let arabic = get(&app, "/imsakiyah?place=34.71&year=1447&lang=ar").await;
    assert_eq!(arabic.status, 400);
    assert_eq!(html_error_code(&arabic), "invalid_lang");
    // A Ramadan before 1964 says its times keep the zone's present offset.
    let old = text(&get(&app, "/imsakiyah?place=31.71&year=1370").await);
    assert!(old.contains("Waktu sebelum 1964 memakai selisih zona sekarang"));
    assert!(!indonesian.contains("Waktu sebelum 1964"));
    // An error of an English page is in English.
    let missing = get(&app, "/imsakiyah?place=yogya&year=1447&lang=en").await;
    assert_eq!(missing.status, 404);
    assert!(text(&missing).starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
}

/// The part of the page's prayer section a snapshot keeps: from its heading to its form
/// (the form's 517 places are the same at every clock).
fn prayer_section(answer: &Answer) -> Answer {
    let html = text(answer);
    let start = html.find("<section id=\"prayer\"").unwrap();
    let end = start + html[start..].find("<form").unwrap();
    Answer {
        request: answer.request.clone(),
        status: answer.status,
        headers: answer.headers.clone(),
        body: html[start..end].to_owned().into(),
    }
}

/// The names of the times a document marks with `class` (`now`, `next`), and the words it
/// marks them with.
fn marked(html: &str, class: &str) -> Vec<(String, String)> {
    html.split("<li class=\"")
        .skip(1)
        .filter_map(|li| {
            let (classes, rest) = li.split_once('"')?;
            let mut classes = classes.split(' ');
            let name = classes.next()?.to_owned();
            classes.any(|c| c == class).then(|| {
                let mark = rest.split("<span class=\"mark\">").nth(1).unwrap_or("");
                (name, mark.split('<').next().unwrap_or("").to_owned())
            })
        })
        .collect()
}

/// The page at Kota Yogyakarta at three clocks of 1 March 2025 (WIB): before subuh, between
/// dzuhur and ashar, after isya. The prayer under way and the next one are those of
/// `/api/v1/prayer-times/next` at the same instant, marked in words; the instants are the
/// API's, in UTC; after isya the next line names tomorrow's subuh; the answer is kept by its
/// next prayer and cacheable until it (or until midnight, when that comes first).
#[actix_web::test]
async fn the_page_marks_the_prayer_under_way_and_the_next_at_each_clock() {
    for (name, at, current, next, next_words, to_midnight) in [
        (
            "page_prayer_before_subuh",
            "2025-03-01T03:00:00+07:00",
            None,
            "subuh",
            "Subuh",
            21 * 3600,
        ),
        (
            "page_prayer_afternoon",
            "2025-03-01T13:30:00+07:00",
            Some("dzuhur"),
            "ashar",
            "Ashar",
            10 * 3600 + 1800,
        ),
        (
            "page_prayer_after_isya",
            "2025-03-01T21:00:00+07:00",
            Some("isya"),
            "subuh",
            "Subuh besok",
            3 * 3600,
        ),
    ] {
        let mut clocked = state();
        clocked.clock = Clock::Fixed(instant(at));
        let app = test_app_with(clocked).await;
        let answer = get(&app, "/?place=34.71").await;
        assert_eq!(answer.status, 200, "{at}");
        page_snapshot(name, &prayer_section(&answer));
        let html = text(&answer);
        let api = get_json(&app, &next_prayer_uri("34.71", at)).await;
        assert_eq!(api["current"]["name"], current.unwrap_or("isya"), "{at}");
        assert_eq!(api["next"]["name"], next, "{at}");
        let now: Vec<_> = current
            .map(|c| (c.to_owned(), "sekarang".to_owned()))
            .into_iter()
            .collect();
        assert_eq!(marked(&html, "now"), now, "{at}");
        // Before subuh the prayer under way is yesterday's isya, which the day shown has not.
        if current.is_none() {
            assert_eq!(api["current"]["date"], "2025-02-28");
        }
        // After isya the next prayer is tomorrow's: no time of today is marked next.
        let marked_next = marked(&html, "next");
        if next_words == "Subuh besok" {
            assert_eq!(api["next"]["date"], "2025-03-02");
            assert!(marked_next.is_empty(), "{at}: {marked_next:?}");
        } else {
            assert_eq!(marked_next, [(next.to_owned(), "berikutnya".to_owned())]);
        }
        let instant_of = |which: &str| {
            chrono::DateTime::parse_from_rfc3339(api[which]["instant"].as_str().unwrap())
                .unwrap()
                .to_utc()
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string()
        };
        let time = dotted(api["next"]["time"].as_str().unwrap());
        assert!(
            html.contains(&format!(
                "Sholat berikutnya: <b>{next_words}</b> <span class=\"t\">{time}</span>"
            )),
            "{at}"
        );
        // The instant the next line counts down to: the next time's, or tomorrow's subuh.
        let next_at = instant_of("next");
        if next_words == "Subuh besok" {
            assert!(
                html.contains(&format!("data-tomorrow=\"{next_at}\"")),
                "{at}"
            );
        } else {
            assert!(
                html.contains(&format!("<li class=\"{next} next\" data-at=\"{next_at}\">")),
                "{at}"
            );
        }
        // Kept until the next prayer, or the midnight that changes the day shown before it.
        let seconds = api["next"]["seconds_until"]
            .as_i64()
            .unwrap()
            .min(to_midnight);
        assert_eq!(
            answer.header("cache-control"),
            Some(format!("public, max-age=60, s-maxage={seconds}").as_str()),
            "{at}"
        );
        // The same clock, the same bytes.
        assert_eq!(get(&app, "/?place=34.71").await.body, answer.body);
    }
}

/// A minute before the next prayer, the page is cacheable for that minute only, and at the
/// next prayer the kept page is not served again: its marks have moved.
#[actix_web::test]
async fn the_kept_page_changes_at_the_next_prayer() {
    let mut before = state();
    before.clock = Clock::Fixed(instant("2025-03-01T07:55:30Z"));
    let app = test_app_with(before).await;
    let answer = get(&app, "/?place=34.71").await;
    // Ashar at 14.56 WIB, 07:56 UTC: 30 seconds away.
    assert_eq!(
        answer.header("cache-control"),
        Some("public, max-age=30, s-maxage=30")
    );
    assert_eq!(
        marked(&text(&answer), "next"),
        [("ashar".to_owned(), "berikutnya".to_owned())]
    );
    let mut after = state();
    after.clock = Clock::Fixed(instant("2025-03-01T07:56:00Z"));
    let app = test_app_with(after).await;
    let html = text(&get(&app, "/?place=34.71").await);
    assert_eq!(
        marked(&html, "now"),
        [("ashar".to_owned(), "sekarang".to_owned())]
    );
    assert_eq!(
        marked(&html, "next"),
        [("maghrib".to_owned(), "berikutnya".to_owned())]
    );
}

/// The card with a place: today's eight times as the page gives them, the next marked and
/// named in words, still without a script, at most 5 KB, its own stated height, kept and
/// cacheable until the next prayer, and its link to the page with the place.
#[actix_web::test]
async fn the_card_with_a_place_has_todays_times_and_the_next() {
    let app = test_app().await;
    let answer = get(&app, "/embed?place=34.71").await;
    assert_eq!(answer.status, 200);
    page_snapshot("page_embed_place", &answer);
    assert!(answer.body.len() <= 5 * 1024, "{} bytes", answer.body.len());
    let html = text(&answer);
    assert!(!html.contains("<script"));
    assert!(!html.contains("://"));
    let api = get_json(&app, "/api/v1/prayer-times?place=34.71&date=2025-03-01").await;
    let times = &api["days"][0]["times"];
    for (name, label) in [
        ("imsak", "Imsak"),
        ("subuh", "Subuh"),
        ("terbit", "Terbit"),
        ("dhuha", "Dhuha"),
        ("dzuhur", "Dzuhur"),
        ("maghrib", "Maghrib"),
        ("isya", "Isya"),
    ] {
        let time = dotted(times[name].as_str().unwrap());
        assert!(
            html.contains(&format!("<li>{label} <b>{time}</b></li>")),
            "{name}"
        );
    }
    // 12:00 WIB: ashar next, marked and said.
    let ashar = dotted(times["ashar"].as_str().unwrap());
    assert!(html.contains(&format!("<li class=\"x\">Ashar <b>{ashar}</b></li>")));
    assert!(html.contains(&format!("Sholat berikutnya: <b>Ashar</b> {ashar}")));
    assert!(html.contains("<p class=\"w\">Kota Yogyakarta · WIB</p>"));
    assert_embed_height(&html, EMBED_HEIGHT_WITH_TIMES, "the height with times");
    let api = get_json(&app, "/api/v1/prayer-times/next?place=34.71").await;
    let seconds = api["next"]["seconds_until"].as_i64().unwrap();
    assert_eq!(
        answer.header("cache-control"),
        Some(format!("public, max-age=60, s-maxage={seconds}").as_str())
    );
    assert!(html.contains("<a href=\"./?place=34.71\" target=\"_blank\" rel=\"noopener\">"));
    // English, after isya in WIT at Kota Jayapura: tomorrow's subuh is next.
    let mut late = state();
    late.clock = Clock::Fixed(instant("2025-03-01T12:30:00Z"));
    let app = test_app_with(late).await;
    let english = get(&app, "/embed?place=91.71&lang=en&tz=WIT").await;
    assert!(
        english.body.len() <= 5 * 1024,
        "{} bytes",
        english.body.len()
    );
    let english = text(&english);
    assert!(
        english.contains("<p class=\"w\">Kota Jayapura · WIT</p>"),
        "{english}"
    );
    assert!(
        english.contains("Next prayer: <b>Subuh tomorrow</b>"),
        "{english}"
    );
    assert!(!english.contains("class=\"x\""));
    // An unknown place is the page's HTML 404.
    let unknown = get(&app, "/embed?place=jogja").await;
    assert_eq!(unknown.status, 404);
    assert_eq!(html_error_code(&unknown), "unknown_place");
}

/// The page's falak line at a place agrees with the API's answers for the same place and
/// day: the qibla bearing of `/qibla` (to two decimals), today's times of `/qibla/shadow`
/// (to the nearest minute, in order, or "tidak terjadi"), and the next eclipse of
/// `/eclipses.ics` (the first whose window has not ended), its window to the minute.
#[actix_web::test]
async fn the_page_with_a_place_has_its_qibla_rashdul_and_next_eclipse() {
    let app = test_app().await;
    let now = instant(crate::common::NOW);
    for (place, offset) in [("34.71", 7), ("91.06", 9), ("73.71", 8)] {
        let html = text(&get(&app, &format!("/?place={place}")).await);
        let start = html.find("<p class=\"falak\">").expect("the falak line");
        let line = &html[start..start + html[start..].find("</p>").unwrap()];
        let zone = chrono::FixedOffset::east_opt(offset * 3600).unwrap();
        let today = now.with_timezone(&zone).date_naive();
        let qibla = get_json(&app, &format!("/api/v1/qibla?place={place}")).await;
        let bearing = format!("{:.2}", qibla["azimuth_deg"].as_f64().unwrap()).replace('.', ",");
        assert!(
            line.contains(&format!("Arah kiblat <b>{bearing}°</b>")),
            "{line}"
        );
        let shadow = get_json(
            &app,
            &format!("/api/v1/qibla/shadow?place={place}&date={today}"),
        )
        .await;
        let day = &shadow["days"][0];
        let mut times: Vec<(i64, &str)> = Vec::new();
        for (bearing, words) in [
            ("sun_at_qibla", "Matahari di arah kiblat"),
            ("sun_opposite_qibla", "Matahari di arah berlawanan"),
        ] {
            for t in day[bearing]["times"].as_array().unwrap() {
                let at = chrono::DateTime::parse_from_rfc3339(t["time"].as_str().unwrap()).unwrap();
                times.push(((at.timestamp() + 30) / 60 * 60, words));
            }
        }
        times.sort();
        if times.is_empty() {
            assert!(
                line.contains("Rashdul kiblat hari ini: tidak terjadi"),
                "{line}"
            );
        }
        let mut rest = line;
        for (minute, words) in &times {
            let local = chrono::DateTime::from_timestamp(*minute, 0)
                .unwrap()
                .with_timezone(&zone);
            let shown = format!("<b>{}</b> ({words}", local.format("%H.%M"));
            let found = rest
                .find(&shown)
                .unwrap_or_else(|| panic!("{shown} in {line}"));
            rest = &rest[found..];
        }
        let year = today.format("%Y").to_string().parse::<i32>().unwrap();
        let ics = get(
            &app,
            &format!(
                "/api/v1/eclipses.ics?place={place}&from={year}&to={}",
                year + 9
            ),
        )
        .await;
        let next = crate::common::vevents(&ics)
            .into_iter()
            .find(|e| {
                let end = e.property_value("DTEND").unwrap();
                chrono::NaiveDateTime::parse_from_str(end, "%Y%m%dT%H%M%SZ")
                    .unwrap()
                    .and_utc()
                    > now
            })
            .expect("an eclipse within ten years");
        let id = next
            .get_uid()
            .unwrap()
            .strip_prefix("gerhana-")
            .unwrap()
            .split(&format!("-{place}@"))
            .next()
            .unwrap()
            .to_owned();
        assert!(
            line.contains(&format!("href=\"api/v1/eclipses/{id}?place={place}\"")),
            "{id}: {line}"
        );
        let window: Vec<String> = ["DTSTART", "DTEND"]
            .map(|name| {
                let utc = chrono::NaiveDateTime::parse_from_str(
                    next.property_value(name).unwrap(),
                    "%Y%m%dT%H%M%SZ",
                )
                .unwrap()
                .and_utc();
                utc.with_timezone(&zone).format("%H.%M").to_string()
            })
            .into();
        assert!(line.contains(&window.join("–")), "{window:?}: {line}");
    }
}
