//! The page at `/` through the app factory, at the test clock (2025-03-01 12:00 WIB, the
//! first of Ramadhan 1446 in the official table): today's date as `/api/v1/today` gives it,
//! the grid of Ramadhan 1447 against the official table (1 Ramadhan 1447 on Thursday
//! 19 February 2026, `data/official/months.csv`) and Muhammadiyah's (Wednesday 18 February,
//! `data/official/muhammadiyah/months.csv`) both ways, English, the month's observances in
//! date order, the days off (national holidays and cuti bersama of the SKB 3 Menteri, and a
//! predicted year's) in the grid and the lists, the errors of its parameters as HTML pages,
//! Muhammadiyah's own hilal evening (wujudul hilal, and KHGT at a later clock) with its cards,
//! its cards by its own path, its link preview, its links, its policy and its weight.

use actix_web::http::Method;
use hijri_server::routes::home::EMBED_HEIGHT;
use serde_json::json;

use crate::common::{
    fetch, get, get_json, instant, real, snapshot, state, state_with, test_app, test_app_with,
    Answer,
};
use crate::openapi::assert_documented;

/// The content type of the pages.
pub const HTML: &str = "text/html; charset=utf-8";

/// Asserts that the page at `path` with its style sheet and script, brotli as a browser
/// asks (each answer documented), weighs at most 60 KB.
pub async fn assert_light<S, B>(path: &str, app: &S)
where
    S: crate::common::TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let mut weight = 0;
    for path in [path, "/page.css", "/page.js"] {
        let answer = fetch(
            app,
            Method::GET,
            path,
            &[("accept-encoding", "gzip, deflate, br")],
        )
        .await;
        assert_documented(path, &answer);
        assert_eq!(answer.header("content-encoding"), Some("br"), "{path}");
        weight += answer.body.len();
    }
    assert!(weight <= 60 * 1024, "{path}: {weight} bytes");
}

/// The answer with its HTML body as lines, for a readable snapshot.
pub fn page_snapshot(name: &str, answer: &Answer) {
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

/// Asserts that the embed's `html` is `height` pixels high and that the page's docs state
/// that height in their iframe snippet (`what` names it should they not).
pub fn assert_embed_height(html: &str, height: impl std::fmt::Display, what: &str) {
    assert!(html.contains(&format!("height:{height}px")));
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/page/README.md"
    ))
    .unwrap();
    assert!(
        readme.contains(&format!("height=\"{height}\"")),
        "docs/page/README.md states {what}"
    );
}

/// Asserts that `answer` is a page (a 200) cached as `cache_control`, snapshots it as `name`
/// and returns its HTML.
pub fn cached_page(answer: &Answer, cache_control: &str, name: &str) -> String {
    assert_eq!(answer.status, 200, "{}", answer.request);
    assert_eq!(answer.header("cache-control"), Some(cache_control));
    page_snapshot(name, answer);
    text(answer)
}

pub fn text(answer: &Answer) -> String {
    String::from_utf8(answer.body.to_vec()).unwrap()
}

/// The `<td>` cells of the table rows, row by row.
pub fn rows(html: &str) -> Vec<Vec<&str>> {
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
    let app = test_app().await;
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
    let today = get_json(&app, "/api/v1/today?tz=WIB&next=true").await;
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
        " class=\"first obs\" aria-current=\"date\"><time datetime=\"2025-03-01\">1</time><span class=\"p\">Pahing</span>\
         <span class=\"h\">1 <b>Ramadhan</b></span><span class=\"o\">Awal Ramadan</span>"
    ));
    assert!(html.contains("<caption>Maret 2025 · Ramadhan – Syawal 1446 H</caption>"));
    // The next month start's evening: 29 Ramadhan 1446 (29 March 2025), then 1 Syawal on
    // Monday 31 March (the table's date: the crescent was below the criterion).
    assert!(html.contains("<time datetime=\"2025-03-29\">Sabtu, 29 Maret 2025</time>"));
    assert!(html.contains("<time datetime=\"2025-03-31\">Senin, 31 Maret 2025</time>"));
    // The cards by the page's own path, each with a text that says the month and verdict.
    assert!(html.contains(
        "<img src=\"page/sky.png?year=1446&amp;month=10\" width=\"720\" height=\"1280\" \
         loading=\"lazy\" decoding=\"async\" alt=\"Peta langit saat magrib, Sabtu, 29 Maret \
         2025: penentu awal 1 Syawal 1446 H. belum memenuhi kriteria: bulan digenapkan 30 hari \
         (istikmal).\">"
    ));
    assert!(!html.contains("api/v1/hilal/viz"));
    // The link preview: today's date, the description, the month's card.
    assert!(html.contains(
        "<meta property=\"og:title\" content=\"1 Ramadhan 1446 H (Kemenag) · Kalender Hijriah \
         Indonesia\">"
    ));
    // Without a configured address Open Graph has no absolute link: no og:url or og:image.
    assert!(!html.contains("og:image") && !html.contains("og:url"));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
    let vars = [("HIJRI_PUBLIC_URL", "http://localhost:8080")];
    let configured = test_app_with(state_with(real(), &vars)).await;
    let html = text(&get(&configured, "/").await);
    assert!(html.contains(
        "<meta property=\"og:image\" content=\"http://localhost:8080/page/sky.png?year=1446&amp;month=10\">"
    ));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    assert!(html.contains("<meta property=\"og:description\" content=\"Tanggal Hijriah"));
    // The calendar choice: every calendar of the archive, the default one current.
    assert!(html
        .contains("<a href=\"?authority=muhammadiyah\" title=\"Muhammadiyah\">Muhammadiyah</a>"));
    assert!(html
        .contains("title=\"Kementerian Agama RI (pemerintah)\" aria-current=\"true\">Kemenag</a>"));
}

#[actix_web::test]
async fn ramadhan_1447_begins_on_thursday_19_february_2026() {
    let app = test_app().await;
    let page = get(&app, "/?calendar=hijri&year=1447&month=9").await;
    page_snapshot("page_ramadhan_1447", &page);
    let html = text(&page);
    let rows = rows(&html);
    // Monday-first: Thursday is the fourth column of the first week.
    assert!(
        rows[0][3].starts_with(
            " class=\"first obs\"><time datetime=\"2026-02-19\">19</time><span class=\"p\">Pahing</span>\
             <span class=\"h\">1 <b>Ramadhan</b></span>"
        ),
        "{}",
        rows[0][3]
    );
    assert!(html.contains("<th scope=\"col\" abbr=\"Kamis\">Kam</th>"));
    // The days before belong to the month shown before (Sya'ban), outside the month.
    assert!(rows[0][2].starts_with(" class=\"out alt\"><time datetime=\"2026-02-18\">18</time>"));
    // 30 days: 1 Syawal (Idul Fitri) is Saturday 21 March 2026, outside the month, a
    // national holiday (SKB 2026).
    assert!(html.contains(
        "<td class=\"out first obs libur\"><time datetime=\"2026-03-21\">21</time><span class=\"p\">Pahing</span>\
         <span class=\"h\">1 <b>Syawal</b></span><span class=\"o\">Idul Fitri</span>"
    ));
    assert!(html.contains("<caption>Ramadhan 1447 H · 19 Februari 2026 – 20 Maret 2026</caption>"));
    // Prev/next keep the calendar.
    assert!(html.contains("href=\"?calendar=hijri&amp;year=1447&amp;month=8\""));
    assert!(html.contains("href=\"?calendar=hijri&amp;year=1447&amp;month=10\""));
    // Muhammadiyah (and Umm al-Qura) began Ramadhan 1447 on Wednesday 18 February: the day
    // is marked, and the list gives both dates.
    assert!(rows[0][2].contains(
        "<span class=\"x\">1 Ramadhan · Awal Ramadan (Muhammadiyah, Umm al-Qura)</span>"
    ));
    assert!(html.contains(
        "<span class=\"split\">Kemenag: <time datetime=\"2026-02-19\">Kamis 19 Feb</time> · \
         Muhammadiyah: <time datetime=\"2026-02-18\">Rabu 18 Feb</time>"
    ));
    assert!(html.contains(
        "<span class=\"key alt\"></span>awal bulan atau hari besar menurut kalender lain"
    ));
}

#[actix_web::test]
async fn muhammadiyahs_ramadhan_1447_begins_on_wednesday_18_february_2026() {
    let app = test_app().await;
    let page = get(
        &app,
        "/?authority=muhammadiyah&calendar=hijri&year=1447&month=9",
    )
    .await;
    assert_eq!(page.status, 200);
    page_snapshot("page_muhammadiyah_ramadhan_1447", &page);
    let html = text(&page);
    let rows = rows(&html);
    assert!(
        rows[0][2].starts_with(
            " class=\"first obs\"><time datetime=\"2026-02-18\">18</time><span class=\"p\">Legi</span>\
             <span class=\"h\">1 <b>Ramadhan</b></span><span class=\"o\">Awal Ramadan</span>"
        ),
        "{}",
        rows[0][2]
    );
    // Kemenag's first day, the next, marked as the other calendar's.
    assert!(rows[0][3].contains("<span class=\"x\">1 Ramadhan · Awal Ramadan (Kemenag)</span>"));
    // Idul Fitri: Friday 20 March (Muhammadiyah, a cuti bersama of the SKB 2026), Saturday
    // 21 March (Kemenag).
    assert!(html.contains(
        "<td class=\"out first obs cuti\"><time datetime=\"2026-03-20\">20</time><span class=\"p\">Legi</span>\
         <span class=\"h\">1 <b>Syawal</b></span><span class=\"o\">Idul Fitri</span>"
    ));
    // The calendar is kept by every link and form, and marked current.
    assert!(html
        .contains("href=\"?authority=muhammadiyah&amp;calendar=hijri&amp;year=1447&amp;month=8\""));
    assert!(html.contains("<input type=\"hidden\" name=\"authority\" value=\"muhammadiyah\">"));
    assert!(html.contains("aria-current=\"true\">Muhammadiyah</a>"));
    assert!(html.contains("<body data-authority=\"muhammadiyah\" data-default=\"kemenag\">"));
    // Back to the default calendar names it (so a remembered choice is replaced).
    assert!(html
        .contains("<a href=\"?authority=kemenag&amp;calendar=hijri&amp;year=1447&amp;month=9\""));
    // Today in Muhammadiyah's calendar, its table's word; the feeds are its own.
    assert!(html.contains("<p class=\"tier\">resmi (Muhammadiyah)</p>"));
    assert!(html.contains("api/v1/calendar.ics?authority=muhammadiyah"));
    assert!(html.contains("api/v1/days.ics?authority=muhammadiyah"));
    // The hilal section is Muhammadiyah's own evening (wujudul hilal at Yogyakarta until
    // 1446, as /api/v1/hilal/info gives it: the conjunction at 10:57:49 UTC, 17:57 WIB,
    // after the 17:44 sunset, the upper limb at -1.65°), with its own cards.
    assert!(html.contains("<h2 id=\"hilal-title\">Hilal awal bulan berikutnya</h2>"));
    assert!(html.contains(
        "ijtimak <time datetime=\"2025-03-29\">29 Maret 2025</time> 17.57 WIB · \
         lokasi penentu: Yogyakarta · <span class=\"measure\">ijtimak sebelum magrib ✗</span> · \
         <span class=\"measure\">bulan di atas ufuk saat magrib (piringan atas -1,65°) ✗</span> · \
         <strong>belum memenuhi kriteria</strong>"
    ));
    assert!(html
        .contains("<img src=\"page/sky.png?year=1446&amp;month=10&amp;authority=muhammadiyah\""));
    // The page's card path serves any calendar's cards, the same bytes as the API's.
    let card = get(
        &app,
        "/api/v1/hilal/viz?year=1446&month=10&authority=muhammadiyah",
    )
    .await;
    assert_eq!(card.status, 200);
    let thumbnail = get(
        &app,
        "/page/sky.png?year=1446&month=10&authority=muhammadiyah",
    )
    .await;
    assert_eq!(thumbnail.status, 200);
    assert_eq!(thumbnail.body, card.body);
    let default = get(&app, "/page/sky.png?year=1446&month=10").await;
    assert_ne!(
        default.body, card.body,
        "the default calendar's card differs"
    );
    // An unknown calendar is an HTML error naming the calendars served.
    let unknown = get(&app, "/?authority=nasa").await;
    assert_eq!(unknown.status, 400);
    assert!(text(&unknown).contains("Kemenag, Muhammadiyah, Umm al-Qura, Tabular."));
}

/// The cards a page links, by their addresses from the root.
fn images(html: &str) -> Vec<String> {
    html.split("<img src=\"")
        .skip(1)
        .map(|rest| format!("/{}", rest.split('"').next().unwrap().replace("&amp;", "&")))
        .collect()
}

#[actix_web::test]
async fn muhammadiyahs_hilal_is_its_own_khgt_evening() {
    // 27 November 2026: the next month is Rajab 1448, a KHGT month.
    let mut later = state();
    later.clock = hijri_server::state::Clock::Fixed(instant("2026-11-27T05:00:00Z"));
    let app = test_app_with(later).await;
    let info = get_json(
        &app,
        "/api/v1/hilal/info?year=1448&month=7&authority=muhammadiyah",
    )
    .await;
    let evening = &info["evening"];
    let place = &evening["deciding_place"];
    // The values the line states, as the API records them.
    assert_eq!(evening["rule"], "KHGT");
    assert_eq!(evening["conjunction_utc"], "2026-12-09T00:51:51Z");
    assert_eq!(evening["rule_applied"], "PKG1");
    assert_eq!(place["name"], "Kepulauan Falkland");
    assert_eq!(place["sunset"], "24:00");
    assert_eq!(place["tz"], "UTC");
    assert_eq!(place["moon_alt_deg"], 8.66);
    assert_eq!(place["elongation_deg"], 11.28);
    assert_eq!(info["month"]["start"], "2026-12-10");
    assert_eq!(info["source"], "muhammadiyah-computed");
    let page = get(&app, "/?authority=muhammadiyah").await;
    assert_eq!(page.status, 200);
    let html = text(&page);
    // The conjunction in WIB (UTC+7), the place and its sunset as the record gives them, the
    // values against KHGT's limits (5° and 8°), the condition met, the month's tier.
    assert!(html.contains(
        "<h2 id=\"hilal-title\">Hilal awal bulan berikutnya</h2>\n<p class=\"hilal\">Petang \
         <time datetime=\"2026-12-09\">Rabu, 9 Desember 2026</time> (30 Jumadil Akhir 1448 H) · \
         ijtimak <time datetime=\"2026-12-09\">9 Desember 2026</time> 07.51 WIB · \
         lokasi penentu: Kepulauan Falkland (magrib 24:00 UTC) · \
         <span class=\"measure\">tinggi hilal 8,66° (minimal 5°) ✓</span> · \
         <span class=\"measure\">elongasi 11,28° (minimal 8°) ✓</span> · \
         <strong>memenuhi kriteria (PKG1)</strong>: 1 Rajab 1448 H jatuh pada \
         <time datetime=\"2026-12-10\">Kamis, 10 Desember 2026</time> (perkiraan hisab).</p>"
    ));
    // Its cards, by the page's own path, with the month and the verdict; each answers with
    // the API's bytes.
    assert!(html.contains(
        "alt=\"Peta visibilitas hilal, Rabu, 9 Desember 2026: penentu awal 1 Rajab 1448 H. \
         memenuhi kriteria (PKG1).\">"
    ));
    let images = images(&html);
    assert_eq!(
        images,
        [
            "/page/sky.png?year=1448&month=7&authority=muhammadiyah",
            "/page/map.png?year=1448&month=7&authority=muhammadiyah",
        ]
    );
    for (image, api) in images.iter().zip(["viz", "map"]) {
        let card = get(&app, image).await;
        assert_eq!(card.status, 200, "{image}");
        assert_eq!(card.header("content-type"), Some("image/png"));
        let from_api = get(
            &app,
            &format!("/api/v1/hilal/{api}?year=1448&month=7&authority=muhammadiyah"),
        )
        .await;
        assert_eq!(card.body, from_api.body, "{image}");
    }
    // In English, in WIT (UTC+9).
    let html = text(&get(&app, "/?authority=muhammadiyah&lang=en&tz=WIT").await);
    assert!(html.contains(
        "conjunction <time datetime=\"2026-12-09\">9 December 2026</time> 09:51 WIT · \
         deciding site: Kepulauan Falkland (sunset 24:00 UTC) · \
         <span class=\"measure\">altitude 8.66° (minimum 5°) ✓</span> · \
         <span class=\"measure\">elongation 11.28° (minimum 8°) ✓</span> · \
         <strong>meets the criterion (PKG1)</strong>"
    ));
    // A calendar no evening decides keeps the government's evening, named so.
    let html = text(&get(&app, "/?authority=ummalqura").await);
    assert!(html.contains("<h2 id=\"hilal-title\">Hilal awal bulan berikutnya (Kemenag)</h2>"));
    assert!(html.contains("lokasi penentu: Tuapejat, Sumbar"));
}

#[actix_web::test]
async fn the_months_observances_in_date_order_ranges_as_ranges() {
    let app = test_app().await;
    // Dzulhijjah 1447 began on 18 May 2026 (data/official/months.csv): Arafah on the 9th
    // (26 May), Idul Adha on the 10th (27 May), Tasyrik the 11th to the 13th (28-30 May).
    let html = text(&get(&app, "/?calendar=hijri&year=1447&month=12").await);
    let items = listed(&html);
    // And the days off of the SKB 2026 (data/holidays/days.csv) in the month: Idul Adha's
    // with it, Waisak (31 May) and Pancasila Day (1 June) on their own.
    assert_eq!(items.len(), 5, "{items:#?}");
    assert!(items[0].starts_with("<li><time datetime=\"2026-05-26\">Selasa, 26 Mei 2026</time>: Hari Arafah (9 Dzulhijjah 1447 H)"));
    assert!(items[1].starts_with("<li><time datetime=\"2026-05-27\">Rabu, 27 Mei 2026</time>: Idul Adha (10 Dzulhijjah 1447 H)"));
    assert!(items[2].starts_with(
        "<li><time datetime=\"2026-05-28\">Kamis, 28 Mei 2026</time> – \
         <time datetime=\"2026-05-30\">Sabtu, 30 Mei 2026</time>: Hari Tasyrik (11–13 Dzulhijjah 1447 H)"
    ));
    assert!(items[1].contains(
        "<span class=\"off\">libur nasional</span>: <time datetime=\"2026-05-27\">Rabu 27 \
         Mei</time> · <span class=\"leave\">cuti bersama</span>: <time \
         datetime=\"2026-05-28\">Kamis 28 Mei</time>"
    ));
    assert!(items[3].starts_with(
        "<li><time datetime=\"2026-05-31\">Ahad, 31 Mei 2026</time>: Hari Raya Waisak — "
    ));
    assert!(items[4].starts_with(
        "<li><time datetime=\"2026-06-01\">Senin, 1 Juni 2026</time>: Hari Lahir Pancasila — "
    ));
    // The coming list: every national-holiday observance, Isra Mi'raj included, in order.
    let home = text(&get(&app, "/").await);
    let coming = home.split("<ol class=\"coming\">").nth(1).unwrap();
    let coming = coming.split("</ol>").next().unwrap();
    let names: Vec<&str> = coming
        .split("<span class=\"name\">")
        .skip(1)
        .map(|item| item.split('<').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Awal Ramadan",
            "Idul Fitri",
            "Idul Adha",
            "1 Muharram (Tahun Baru Islam)",
            "Maulid Nabi Muhammad SAW",
            "Isra Mi'raj Nabi Muhammad SAW"
        ]
    );
}

/// The cell of `date` in the grid: its `<td` attributes and content.
pub fn cell<'h>(html: &'h str, date: &str) -> &'h str {
    rows(html)
        .into_iter()
        .flatten()
        .find(|cell| cell.contains(&format!("<time datetime=\"{date}\">")))
        .unwrap_or_else(|| panic!("no cell for {date}"))
}

/// The `<li>` lines of the month's list.
fn listed(html: &str) -> Vec<&str> {
    let list = html.split("<ul class=\"listed\">").nth(1).unwrap();
    let list = list.split("</ul>").next().unwrap();
    list.lines().filter(|l| l.starts_with("<li>")).collect()
}

#[actix_web::test]
async fn the_days_off_in_the_grid_and_the_lists() {
    let app = test_app().await;
    // March 2027 by the SKB 3 Menteri of 2027 (data/holidays/days.csv): Nyepi on the 8th,
    // Idul Fitri the 10th and 11th, cuti bersama the 9th, 12th and 15th (Idul Fitri) and the
    // 25th (Good Friday, the 26th); Easter Sunday the 28th.
    let html = text(&get(&app, "/?year=2027&month=3").await);
    for date in [
        "2027-03-08",
        "2027-03-10",
        "2027-03-11",
        "2027-03-26",
        "2027-03-28",
    ] {
        let cell = cell(&html, date);
        assert!(cell.contains(" libur\""), "{date} is a red day: {cell}");
        assert!(cell.contains("<span class=\"off\">"), "{date}: {cell}");
    }
    for date in ["2027-03-09", "2027-03-12", "2027-03-15", "2027-03-25"] {
        let cell = cell(&html, date);
        assert!(cell.contains(" cuti\""), "{date} is cuti bersama: {cell}");
        assert!(
            cell.contains("<span class=\"leave\">cuti bersama</span>"),
            "{date}: {cell}"
        );
    }
    for date in ["2027-03-13", "2027-03-14", "2027-03-16"] {
        let cell = cell(&html, date);
        assert!(
            !cell.contains("libur") && !cell.contains("cuti"),
            "{date}: {cell}"
        );
    }
    // Not colour alone: each red day says what it is, in words (hidden only where the
    // observance's name already stands beside it).
    assert!(cell(&html, "2027-03-08").contains(
        "<span class=\"off\">Hari Suci Nyepi (Tahun Baru Saka)<span class=\"vh\"> (libur \
         nasional)</span></span>"
    ));
    assert!(cell(&html, "2027-03-10")
        .contains("<span class=\"o\">Idul Fitri</span><span class=\"off\">libur nasional</span>"));
    // The legend names both kinds; a decreed year is not predicted.
    assert!(html.contains(
        "<li><span class=\"key off\" aria-hidden=\"true\">1</span>libur nasional</li>\
         <li><span class=\"key leave\" aria-hidden=\"true\">1</span>cuti bersama</li>"
    ));
    // The month's list: Idul Fitri with its days off, the other days off on their own, in
    // date order.
    let items = listed(&html);
    assert_eq!(items.len(), 5, "{items:#?}");
    assert!(items[0].starts_with(
        "<li><time datetime=\"2027-03-08\">Senin, 8 Maret 2027</time>: Hari Suci Nyepi \
         (Tahun Baru Saka) — <span class=\"off\">libur nasional</span></li>"
    ));
    assert!(items[1].contains(
        "<span class=\"split days-off\"><span class=\"off\">libur nasional</span>: \
         <time datetime=\"2027-03-10\">Rabu 10 Mar</time>–<time datetime=\"2027-03-11\">Kamis \
         11 Mar</time> · <span class=\"leave\">cuti bersama</span>: <time \
         datetime=\"2027-03-09\">Selasa 9 Mar</time>, <time datetime=\"2027-03-12\">Jumat 12 \
         Mar</time>, <time datetime=\"2027-03-15\">Senin 15 Mar</time></span>"
    ));
    assert!(items[2].contains("<span class=\"leave\">Cuti bersama Wafat Yesus Kristus</span>"));
    assert!(items[3].contains("Wafat Yesus Kristus — <span class=\"off\">libur nasional</span>"));
    assert!(items[4].contains("datetime=\"2027-03-28\""));
    assert!(!html.contains("belum ada SKB"));
    // Muhammadiyah's Idul Fitri (Tuesday 9 March) carries the government's days off.
    let theirs = text(&get(&app, "/?authority=muhammadiyah&year=2027&month=3").await);
    let fitri = listed(&theirs)
        .into_iter()
        .find(|item| item.contains("Idul Fitri (1 Syawal 1448 H)"))
        .unwrap();
    assert!(fitri.starts_with("<li><time datetime=\"2027-03-09\">"));
    assert!(fitri.contains("<time datetime=\"2027-03-10\">Rabu 10 Mar</time>–"));
    // A year without a decree: predicted, in the legend and in the list.
    let predicted = text(&get(&app, "/?year=2030&month=1").await);
    assert!(predicted.contains("libur nasional (perkiraan, belum ada SKB)</li>"));
    assert!(listed(&predicted)[0].starts_with(
        "<li><time datetime=\"2030-01-01\">Selasa, 1 Januari 2030</time>: Tahun Baru Masehi — \
         <span class=\"off\">libur nasional</span> <span class=\"tag\">perkiraan, belum ada \
         SKB</span></li>"
    ));
    // English.
    let english = text(&get(&app, "/?lang=en&year=2027&month=3").await);
    assert!(english
        .contains("Day of Silence (Saka New Year) — <span class=\"off\">national holiday</span>"));
    assert!(english.contains("<span class=\"leave\">Collective leave: Good Friday</span>"));
    // The coming list (the test clock: 1 March 2025): Idul Fitri 1446 on Monday 31 March,
    // a national holiday with 1 April (SKB 2025), and its cuti bersama.
    let home = text(&get(&app, "/").await);
    let coming = home.split("<ol class=\"coming\">").nth(1).unwrap();
    let fitri = coming
        .lines()
        .find(|line| line.contains("<span class=\"name\">Idul Fitri</span>"))
        .unwrap();
    assert!(
        fitri.contains(
            "<span class=\"off\">libur nasional</span>: <time datetime=\"2025-03-31\">Senin 31 \
         Mar</time>–<time datetime=\"2025-04-01\">Selasa 1 Apr</time>"
        ),
        "{fitri}"
    );
    assert!(
        fitri.contains("<span class=\"leave\">cuti bersama</span>: "),
        "{fitri}"
    );
    // And the days-off feed to subscribe to.
    assert!(home.contains("<a href=\"api/v1/holidays.ics\">"));
}

#[actix_web::test]
async fn english_observance_names() {
    let app = test_app().await;
    let html = text(&get(&app, "/?lang=en&calendar=hijri&year=1447&month=12").await);
    for name in ["Day of Arafah", "Eid al-Adha", "Days of Tashriq"] {
        assert!(
            html.contains(&format!("<span class=\"o\">{name}</span>")),
            "{name}"
        );
    }
    assert!(!html.contains("Hari Arafah"));
    // The Hijri months as the API names them in English (CLDR), in the caption, the dates
    // and the picker.
    assert!(html.contains("<caption>Dhuʻl-Hijjah 1447 AH · "), "caption");
    assert!(html.contains("(9 Dhuʻl-Hijjah 1447 AH)"), "Arafah's date");
    assert!(html.contains("<option value=\"12\" selected>Dhuʻl-Hijjah</option>"));
    assert!(!html.contains("Dzulhijjah"));
    let home = text(&get(&app, "/?lang=en").await);
    assert!(home.contains("<span class=\"name\">First day of Ramadan</span>"));
    assert!(home.contains("<span class=\"name\">Eid al-Fitr</span>"));
    assert!(!home.contains("Awal Ramadan"));
}

#[actix_web::test]
async fn the_month_asked_and_the_hijri_picker() {
    let app = test_app().await;
    // A year from 1900 without `calendar` is Gregorian.
    let html = text(&get(&app, "/?year=2026&month=2").await);
    assert!(html.contains("<caption>Februari 2026 · Sya'ban – Ramadhan 1447 H</caption>"));
    // The Hijri picker follows the month most of February belongs to (1-18: Sya'ban).
    assert!(html.contains("<option value=\"8\" selected>Sya'ban</option>"));
    // On a day in the middle of a Hijri month, the picker shows today's Hijri month, not the
    // one of the Gregorian month's first day: 27 November 2026 is 17 Jumadil Akhir 1448
    // (1 November is in Jumadil Awal).
    let mut later = state();
    later.clock = hijri_server::state::Clock::Fixed(instant("2026-11-27T05:00:00Z"));
    let app = test_app_with(later).await;
    let html = text(&get(&app, "/").await);
    assert!(html.contains("<option value=\"6\" selected>Jumadil Akhir</option>"));
    assert!(html.contains("id=\"hijri-year\" name=\"year\" type=\"number\" inputmode=\"numeric\" min=\"1365\" max=\"1523\" value=\"1448\""));
}

#[actix_web::test]
async fn forty_page_views_from_one_address_get_every_card() {
    // Under the default limits (30 cards an hour on the API), the page's own card path.
    let app = test_app().await;
    let html = text(&get(&app, "/").await);
    let images = images(&html);
    assert_eq!(images.len(), 2);
    let api = get(&app, "/api/v1/hilal/viz?year=1446&month=10").await;
    for view in 0..40 {
        assert_eq!(get(&app, "/").await.status, 200, "view {view}");
        for image in &images {
            let card = get(&app, image).await;
            assert_eq!(card.status, 200, "view {view}: {image}");
            assert_eq!(card.header("content-type"), Some("image/png"));
        }
    }
    // The same bytes as the API's card.
    assert_eq!(get(&app, &images[0]).await.body, api.body);
    let missing = get(&app, "/page/map.png?year=1500&month=1").await;
    assert_eq!(missing.status, 404);
}

#[actix_web::test]
async fn english_and_other_zones() {
    let app = test_app().await;
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

/// Asserts `answer` is the page's HTML error page, not kept, and returns the API's code it
/// names.
pub fn html_error_code(answer: &Answer) -> String {
    assert_eq!(answer.header("content-type"), Some(HTML));
    assert_eq!(answer.header("cache-control"), Some("no-store"));
    text(answer)
        .split("<p class=\"detail\"><code>")
        .nth(1)
        .unwrap()
        .split('<')
        .next()
        .unwrap()
        .to_owned()
}

#[actix_web::test]
async fn bad_parameters_get_html_error_pages() {
    let app = test_app().await;
    let mut codes = Vec::new();
    for (name, uri) in [
        ("page_invalid_timezone", "/?tz=Mars/Olympus"),
        (
            "page_invalid_year",
            "/?calendar=gregorian&year=2200&month=1",
        ),
        ("page_invalid_month", "/?year=1447&month=13"),
        ("page_missing_month", "/?lang=en&year=1447"),
        (
            "page_invalid_calendar",
            "/?calendar=julian&year=1447&month=1",
        ),
        ("page_invalid_lang", "/?lang=xx"),
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, 400, "{uri}");
        codes.push(html_error_code(&answer));
        page_snapshot(name, &answer);
    }
    assert_eq!(
        codes,
        [
            "invalid_timezone",
            "invalid_year",
            "invalid_month",
            "missing_parameter",
            "invalid_calendar",
            "invalid_lang"
        ]
    );
    // The card refuses a language as the page does (the page has no Arabic either).
    for uri in ["/embed?lang=xx", "/embed?lang=ar", "/?lang=ar"] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, 400, "{uri}");
        assert_eq!(html_error_code(&answer), "invalid_lang", "{uri}");
        assert!(text(&answer).contains("Bahasa tidak dikenal."), "{uri}");
    }
    let month = text(&get(&app, "/?year=1447&month=13").await);
    assert!(month.starts_with("<!DOCTYPE html>\n<html lang=\"id\">"));
    assert!(month.contains("<h1>Halaman ini tidak dapat ditampilkan</h1>"));
    assert!(month.contains("Bulan harus berupa angka 1 sampai 12, bersama tahunnya."));
    assert!(month.contains("<a href=\"?authority=kemenag\">Kembali ke kalender hari ini</a>"));
    let english = text(&get(&app, "/?lang=en&year=2200&month=1").await);
    assert!(english.contains("<html lang=\"en\">"));
    assert!(english.contains("outside the calendar. The years it has: 1945–2100; 1364–1524 AH."));
    assert!(
        english.contains("<a href=\"?lang=en&amp;authority=kemenag\">Back to today's calendar</a>")
    );
}

#[actix_web::test]
async fn links_policy_and_weight() {
    let app = test_app().await;
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
    assert!(checked > 20, "{checked} links");
    assert!(html.contains("<a href=\"api/v1/calendar.ics\">"));
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.starts_with("default-src 'none'; script-src 'self'; style-src 'self'"));
    assert_light("/", &app).await;
    let style = get(&app, "/page.css").await;
    let script = get(&app, "/page.js").await;
    assert!(text(&style).contains("@media print"));
    assert!(text(&script).contains("localStorage"));
    snapshot("page_style", &style);
    snapshot("page_script", &script);
}

/// The pasaran cycle in order, from Legi.
const PASARAN: [&str; 5] = ["Legi", "Pahing", "Pon", "Wage", "Kliwon"];

/// The pasaran a cell shows.
fn pasaran_of(cell: &str) -> &str {
    cell.split("<span class=\"p\">")
        .nth(1)
        .unwrap()
        .split('<')
        .next()
        .unwrap()
}

#[actix_web::test]
async fn every_cell_has_its_pasaran() {
    let app = test_app().await;
    // Published wetons: Muhammadiyah's maklumat of 1 Ramadan 1447 is dated "Rabu Legi,
    // 18 Februari 2026"; the Proclamation of Independence, Jumat Legi 17 August 1945. The
    // cells of each month follow the five-day cycle from those days, one a day, across
    // the weeks.
    for (uri, anchor) in [
        ("/?year=2026&month=2", "2026-02-18"),
        ("/?year=1945&month=8", "1945-08-17"),
    ] {
        let html = text(&get(&app, uri).await);
        let cells: Vec<&str> = rows(&html).into_iter().flatten().collect();
        let at = cells
            .iter()
            .position(|c| c.contains(&format!("<time datetime=\"{anchor}\">")))
            .unwrap();
        assert_eq!(pasaran_of(cells[at]), "Legi", "{anchor}");
        for (i, cell) in cells.iter().enumerate() {
            let expected = PASARAN[(i as i64 - at as i64).rem_euclid(5) as usize];
            assert_eq!(pasaran_of(cell), expected, "{uri}: cell {i}");
        }
    }
    // Imlek is named in the grid as the holiday it is (SKB 2027: 6 February 2027).
    let february = text(&get(&app, "/?year=2027&month=2").await);
    assert!(cell(&february, "2027-02-06").contains("Tahun Baru Imlek"));
    // The Javanese new year is named on its day: 1 Sura 1959 is 27 June 2025 (the Kraton's
    // count, data/reference/javanese.csv).
    let june = text(&get(&app, "/?year=2025&month=6").await);
    assert!(cell(&june, "2025-06-27").contains("Tahun Baru Jawa (1 Sura)"));
    assert!(!cell(&june, "2025-06-26").contains("Tahun Baru Jawa"));
    // Today (the test clock, 1 March 2025) with its weton and its Javanese and Chinese
    // dates: the 2nd day of the 2nd month of 2576 (Chinese New Year 2025 on 29 January and
    // the 2nd month from 28 February, the Hong Kong Observatory's table).
    let today = text(&get(&app, "/").await);
    assert!(today.contains(
        "<p class=\"jawa\">Sabtu Pahing · Jawa: 1 Pasa 1958 Je · Imlek: 2 bulan 2 2576 (Ular Kayu)</p>"
    ));
}

/// The twelve months of the year view, each as its HTML.
fn minis(html: &str) -> Vec<&str> {
    html.split("<section class=\"mini\"").skip(1).collect()
}

/// The `<td` of `date` in a year view.
fn day<'h>(html: &'h str, date: &str) -> &'h str {
    let at = html
        .find(&format!("<time datetime=\"{date}\">"))
        .unwrap_or_else(|| panic!("no {date}"));
    let start = html[..at].rfind("<td").unwrap();
    let end = at + html[at..].find("</td>").unwrap();
    &html[start..end]
}

#[actix_web::test]
async fn the_printable_year() {
    let app = test_app().await;
    let answer = get(&app, "/?year=2027&view=year").await;
    let html = cached_page(
        &answer,
        "public, max-age=60, s-maxage=43200",
        "page_year_2027",
    );
    assert!(html
        .contains("<body data-authority=\"kemenag\" data-default=\"kemenag\" class=\"yearly\">"));
    assert!(html.contains("<h1 id=\"year-title\">Kalender setahun 2027 <span class=\"sub\">"));
    let months = minis(&html);
    assert_eq!(months.len(), 12);
    assert!(months[2].contains(">Maret</a> <span class=\"sub\">Ramadhan – Syawal 1448 H</span>"));
    // March 2027 by the SKB 3 Menteri of 2027 (data/holidays/days.csv): red days on the 8th
    // (Nyepi), 10th-11th (Idul Fitri), 26th (Good Friday) and 28th (Easter); cuti bersama on
    // the 9th, 12th, 15th and 25th; the 16th an ordinary day.
    for date in ["2027-03-08", "2027-03-11", "2027-03-26", "2027-03-28"] {
        assert!(
            day(&html, date).starts_with("<td class=\"libur\""),
            "{date}"
        );
    }
    for date in ["2027-03-09", "2027-03-12", "2027-03-15", "2027-03-25"] {
        assert!(day(&html, date).starts_with("<td class=\"cuti\""), "{date}");
    }
    assert!(day(&html, "2027-03-16").starts_with("<td><time"));
    // 1 Syawal 1448 in the government's calendar is the SKB's Idul Fitri, 10 March, a month
    // start and a red day; Legi by the cycle from Rabu Legi 18 February 2026 (385 days).
    assert_eq!(
        day(&html, "2027-03-10"),
        "<td class=\"first libur\"><time datetime=\"2027-03-10\">10</time><span class=\"p\">Legi</span>"
    );
    // Under the month: the days off by name, the cuti bersama on one line, the month start.
    assert!(months[2].contains(
        "<li class=\"off\"><time datetime=\"2027-03-08\">8</time> Hari Suci Nyepi (Tahun Baru Saka)</li>"
    ));
    assert!(months[2].contains(
        "<li class=\"leave\"><time datetime=\"2027-03-09\">9</time>, <time datetime=\"2027-03-12\">12</time>, \
         <time datetime=\"2027-03-15\">15</time>, <time datetime=\"2027-03-25\">25</time> cuti bersama</li>"
    ));
    assert!(months[2].contains("<span class=\"start\">≈1 Syawal 1448 H</span>"));
    assert!(months[2].contains(
        "<li class=\"off\"><time datetime=\"2027-03-10\">10</time>–<time datetime=\"2027-03-11\">11</time> \
         Hari Raya Idul Fitri</li>"
    ));
    // Imlek (6 February 2027) named under February.
    assert!(months[1].contains("<time datetime=\"2027-02-06\">6</time> Tahun Baru Imlek"));
    // Every day of the year is there, with its pasaran.
    assert_eq!(html.matches("<span class=\"p\">").count(), 365);
    // The legend names both kinds of day off, the month starts and the pasaran.
    assert!(
        html.contains("<span class=\"key off\" aria-hidden=\"true\">1</span>libur nasional</li>")
    );
    assert!(html.contains("<span class=\"key p\" aria-hidden=\"true\">Legi</span>pasaran"));
    // Years before and after, the months' grids, the other calendars and languages keep it.
    assert!(html.contains("<a rel=\"prev\" href=\"?view=year&amp;year=2026\""));
    assert!(html.contains("<a rel=\"next\" href=\"?view=year&amp;year=2028\""));
    assert!(html.contains("<a href=\"?calendar=gregorian&amp;year=2027&amp;month=3\">Maret</a>"));
    assert!(html.contains("href=\"?authority=muhammadiyah&amp;view=year&amp;year=2027\""));
    assert!(html.contains("href=\"?lang=en&amp;view=year&amp;year=2027\""));
    // The month grid links to its year.
    let month = text(&get(&app, "/?year=2027&month=3").await);
    assert!(month.contains(
        "<a class=\"whole\" href=\"?view=year&amp;year=2027\">Kalender setahun 2027</a>"
    ));
    // Muhammadiyah's year: its 1 Syawal 1448 is Tuesday 9 March (a cuti bersama).
    let theirs = text(&get(&app, "/?authority=muhammadiyah&view=year&year=2027").await);
    assert!(day(&theirs, "2027-03-09").starts_with("<td class=\"first cuti\""));
    assert!(day(&theirs, "2027-03-10").starts_with("<td class=\"libur\""));
    // A predicted year says so; English; today's year without `year` (the clock: 2025).
    let predicted = text(&get(&app, "/?view=year&year=2030").await);
    assert!(predicted.contains("libur nasional (perkiraan, belum ada SKB)</li>"));
    let english = text(&get(&app, "/?lang=en&view=YEAR&year=2027").await);
    assert!(english.contains("Year calendar 2027"));
    assert!(english.contains("Day of Silence (Saka New Year)</li>"));
    let this_year = text(&get(&app, "/?view=year").await);
    assert!(this_year.contains("Kalender setahun 2025 "));
    assert!(day(&this_year, "2025-03-01").contains("aria-current=\"date\""));
    // Kept: the same bytes and tag again.
    let again = get(&app, "/?view=year&year=2027").await;
    assert_eq!(again.header("etag"), answer.header("etag"));
    assert_eq!(again.body, answer.body);
    // Every link of the year answers 200.
    for link in html.split("href=\"").skip(1) {
        let link = link.split('"').next().unwrap().replace("&amp;", "&");
        if link.starts_with("data:") || link.starts_with("webcal:") {
            continue;
        }
        assert!(!link.contains("://"), "{link}");
        let path = format!("/{}", link.trim_start_matches("./"));
        assert_eq!(get(&app, &path).await.status, 200, "{path}");
    }
    // Printed on one A4 page in landscape.
    let style = text(&get(&app, "/page.css").await);
    assert!(style.contains("@page year { size: A4 landscape;"));
    assert!(style.contains("body.yearly { page: year; }"));
}

#[actix_web::test]
async fn a_bad_view_is_an_html_error_page() {
    let app = test_app().await;
    for (uri, code, words) in [
        (
            "/?view=week",
            "invalid_kind",
            "Tampilan harus month (sebulan) atau year (setahun).",
        ),
        (
            "/?view=year&year=2200",
            "invalid_year",
            "Tahun yang tersedia: 1945–2100",
        ),
        (
            "/?view=year&calendar=hijri&year=1448",
            "invalid_calendar",
            "`calendar` must be gregorian",
        ),
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, 400, "{uri}");
        assert_eq!(answer.header("content-type"), Some(HTML));
        let html = text(&answer);
        assert!(
            html.contains(&format!("<code>{code}</code>")),
            "{uri}: {html}"
        );
        assert!(html.contains(words), "{uri}: {html}");
        assert!(html.contains("`view`") || !uri.contains("week"));
    }
    page_snapshot("page_invalid_view", &get(&app, "/?view=week").await);
}

/// The bytes of an answer as it goes out: status line, headers and body (HTTP/1.1).
fn wire_size(answer: &crate::common::Answer) -> usize {
    let head: usize = answer
        .headers
        .iter()
        .map(|(name, value)| name.as_str().len() + 2 + value.len() + 2)
        .sum();
    "HTTP/1.1 200 OK\r\n".len()
        + head
        + "content-length: 0000\r\ndate: Sat, 01 Mar 2025 05:00:00 GMT\r\n\r\n".len()
        + answer.body.len()
}

#[actix_web::test]
async fn the_card_for_an_iframe() {
    let app = test_app().await;
    let answer = get(&app, "/embed").await;
    assert_eq!(answer.status, 200);
    page_snapshot("page_embed", &answer);
    let html = text(&answer);
    // Small, self-contained, no script, nothing from elsewhere.
    let size = wire_size(&answer);
    assert!(size <= 4096, "{size} bytes");
    assert!(!html.contains("<script"));
    assert!(!html.contains("://"), "no address outside the server");
    assert!(!html.contains(" src="));
    assert!(!html.contains("<link rel=\"stylesheet\""));
    // Any site may frame it; the page itself may not be framed.
    let policy = answer.header("content-security-policy").unwrap();
    assert!(!policy.contains("frame-ancestors"), "{policy}");
    assert!(policy.starts_with("default-src 'none';"));
    assert!(answer.header("x-frame-options").is_none());
    let page = get(&app, "/").await;
    assert!(page
        .header("content-security-policy")
        .unwrap()
        .contains("frame-ancestors 'none'"));
    // Cacheable until midnight in Jakarta, as the page.
    assert_eq!(
        answer.header("cache-control"),
        Some("public, max-age=60, s-maxage=43200")
    );
    // The test clock, 1 March 2025 in WIB: 1 Ramadhan 1446 in the official table, Sabtu
    // Pahing (the cycle from Rabu Legi 18 February 2026, 354 days later), and the next day
    // off of the SKB 2025 (data/holidays/days.csv): the cuti bersama of Nyepi on 28 March.
    assert!(html
        .contains("<p class=\"g\"><time datetime=\"2025-03-01\">Sabtu, 1 Maret 2025</time></p>"));
    assert!(html.contains("<p class=\"h\">1 Ramadhan 1446 H <small>Kemenag</small></p>"));
    // 1 Pasa 1958 Je: Pasa starts with Ramadhan here (1 Sura 1959 is 27 June 2025, the
    // Kraton's count, data/reference/javanese.csv; Pasa is its ninth month).
    assert!(html.contains("<p class=\"j\">Sabtu Pahing · 1 Pasa 1958 Je</p>"));
    assert!(html.contains(
        "Libur berikutnya: <b><time datetime=\"2025-03-28\">Jumat 28 Mar</time></b> Cuti bersama \
         Hari Suci Nyepi (Tahun Baru Saka) · 27 hari lagi"
    ));
    assert!(html.contains("<a href=\"./\" target=\"_blank\" rel=\"noopener\">"));
    // Its fixed height is the one the page's docs state in their iframe snippet.
    assert_embed_height(&html, EMBED_HEIGHT, "the height");
    // Another calendar and language: Muhammadiyah, English, in WIT.
    let theirs = get(&app, "/embed?authority=muhammadiyah&lang=en&tz=WIT").await;
    assert_eq!(theirs.status, 200);
    let theirs = text(&theirs);
    assert!(theirs.contains("<html lang=\"en\">"));
    assert!(theirs.contains("1 Ramadan 1446 AH <small>Muhammadiyah</small>"));
    assert!(theirs.contains("<p class=\"j\">Saturday Pahing · 1 Pasa 1958 Je</p>"));
    assert!(theirs.contains("Next day off: <b>"));
    assert!(theirs.contains("Collective leave: Day of Silence (Saka New Year) · 27 days left"));
    assert!(theirs.contains("<a href=\"./?lang=en&amp;tz=WIT&amp;authority=muhammadiyah\""));
    // Kept per day: the same bytes again.
    let again = get(&app, "/embed").await;
    assert_eq!(again.body, answer.body);
    assert_eq!(again.header("etag"), answer.header("etag"));
    // A bad calendar is the page's HTML error.
    let bad = get(&app, "/embed?authority=nasa").await;
    assert_eq!(bad.status, 400);
    assert!(text(&bad).contains("<code>invalid_authority</code>"));
}

/// The grid marks a day of sunnah fasting quietly (a dot, its kinds named for screen
/// readers; no red day) exactly where `/api/v1/fasting` lists a kind besides Monday's and
/// Thursday's: Syawal's six days, Dzulhijjah's Tarwiyah, Arafah and white days after the
/// forbidden Idul Adha and Tasyrik, Muharram's Tasu'a and Asyura, in both calendars.
#[actix_web::test]
async fn the_grid_marks_sunnah_fasts_quietly() {
    let app = test_app().await;
    for authority in ["kemenag", "muhammadiyah"] {
        let fasting = get_json(
            &app,
            &format!("/api/v1/fasting?year=1447&authority={authority}"),
        )
        .await;
        for month in [10, 12] {
            let html = text(
                &get(
                    &app,
                    &format!("/?calendar=hijri&year=1447&month={month}&authority={authority}"),
                )
                .await,
            );
            let mut marked = 0;
            for day in fasting["days"].as_array().unwrap() {
                if day["hijri"]["month"] != month {
                    continue;
                }
                let names: Vec<&str> = day["kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|k| k["id"] != "senin_kamis")
                    .map(|k| k["name"].as_str().unwrap())
                    .collect();
                let gregorian = day["gregorian"].as_str().unwrap();
                let cell = cell(&html, gregorian);
                let mark = format!(
                    "<span class=\"f\"><span aria-hidden=\"true\">•</span><span class=\"vh\">{}</span></span>",
                    names.join(", ")
                );
                assert_eq!(
                    cell.contains(&mark),
                    !names.is_empty(),
                    "{authority} {gregorian}: {cell}"
                );
                assert_eq!(
                    cell.contains("class=\"f\""),
                    !names.is_empty(),
                    "{gregorian}"
                );
                marked += usize::from(!names.is_empty());
            }
            // Syawal: 2–7 and 13–15; Dzulhijjah: 8, 9 and 14–16 (10–13 forbidden).
            assert_eq!(
                marked,
                if month == 10 { 9 } else { 5 },
                "{authority} {month}"
            );
            assert!(html.contains("puasa sunnah (selain Senin dan Kamis)"));
        }
    }
}
