//! `/imsakiyah?place=&year=&authority=&method=&lang=`: the printable imsakiyah of a place, in
//! Indonesian (English with `lang=en`; there are no Arabic texts, so `ar` is refused as on
//! every page), one A4 page in portrait when printed (mosques print it): the place and its
//! province, the calendar whose Ramadan it is with its 1 Ramadhan, the method with its
//! numbers in one line, a row per day of Ramadhan (its Gregorian date and weekday, imsak,
//! subuh, terbit, dzuhur, ashar, maghrib, isya), 1 Syawal, the sources, and links to the
//! same imsakiyah as JSON and iCalendar. `year` defaults to the coming Ramadan (the Hijri
//! year of today, the next one after its Ramadan); without `place` the page asks for one.
//! The days and times are `/api/v1/imsakiyah`'s ([`answers::imsakiyah`]); an error is the
//! page's HTML error page with the API's status and code.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::prayer::{Method, Prayer, Rounding};
use hijri::schema::{ArchivedChain, ArchivedPrayerPlace, Tier};
use hijri::warnings::PRESENT_OFFSETS_FROM;
use hijri::zone::Zone;
use hijri_view::answers::prayer::{self as answers, Imsakiyah, IMSAKIYAH_TIMES};
use hijri_view::coverage;
use hijri_view::{Calendar, Scope};

use super::error;
use super::html::{decimal, markup, Html};
use super::jadwal::{self, Chosen};
use super::words::Lang;
use super::{HTML, POLICY};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::routes::params;
use crate::routes::stored::{self, Built, Key};
use crate::state::AppState;

/// The page's own texts in its two languages (the shared ones are [`Lang::words`]).
struct Texts {
    /// The title and the table's caption before the year: `Imsakiyah Ramadhan`.
    title: &'static str,
    /// The heading before the year: `Jadwal Imsakiyah Ramadhan`.
    heading: &'static str,
    /// The document's description.
    description: &'static str,
    /// The nav's label.
    switches: &'static str,
    /// The prompt without a place.
    choose: &'static str,
    /// `Kalender`, `Waktu`, `Metode` of the facts.
    calendar: &'static str,
    /// See `calendar`.
    time: &'static str,
    /// See `calendar`.
    method: &'static str,
    /// Ramadan's name, long and short, as the table heads it.
    ramadan: (&'static str, &'static str),
    /// The date's column.
    date: &'static str,
    /// `(Idul Fitri)`.
    eid: &'static str,
    /// The sources' sentence: before the calendar, before the place, before the method.
    source: [&'static str; 3],
    /// The calendar has no method of its own: before and after the method's name.
    fallback: [&'static str; 2],
    /// `titik`, and the hemispheres (south, north, west, east).
    point: (&'static str, [&'static str; 4]),
    /// The note of a Ramadan before 1964 (`present_offset`).
    present_offset: &'static str,
}

/// Indonesian.
const ID: Texts = Texts {
    title: "Imsakiyah Ramadhan",
    heading: "Jadwal Imsakiyah Ramadhan",
    description: "Jadwal imsakiyah Ramadhan siap cetak: imsak, subuh, terbit, dzuhur, ashar, \
                  maghrib dan isya setiap hari, menurut kalender dan metode yang dipilih.",
    switches: "Kalender dan tahun",
    choose: "Pilih kabupaten/kota untuk jadwal imsakiyahnya, siap cetak.",
    calendar: "Kalender",
    time: "Waktu",
    method: "Metode",
    ramadan: ("Ramadhan", "Rmd"),
    date: "Tanggal",
    eid: "(Idul Fitri)",
    source: [
        "Sumber: tanggal menurut ",
        "; waktu dihitung dengan efemeris JPL DE440 untuk titik ",
        " di atas, lalu diberi ihtiyat dan dibulatkan seperti tabel ",
    ],
    fallback: [
        " tidak menetapkan metode waktu sholat sendiri; waktu di sini menurut metode ",
        ".",
    ],
    point: ("titik", ["LS", "LU", "BB", "BT"]),
    present_offset: "Waktu sebelum 1964 memakai selisih zona sekarang (WIB +07:00, WITA +08:00, \
                     WIT +09:00), bukan selisih resmi saat itu (Jakarta +07:30 hingga 1964).",
};

/// English.
const EN: Texts = Texts {
    title: "Ramadan Imsakiyah",
    heading: "Ramadan Imsakiyah",
    description: "A printable Ramadan imsakiyah: imsak, subuh, sunrise, dzuhur, ashar, maghrib \
                  and isya every day, by the calendar and method chosen.",
    switches: "Calendar and year",
    choose: "Choose a regency or city for its imsakiyah, ready to print.",
    calendar: "Calendar",
    time: "Time",
    method: "Method",
    ramadan: ("Ramadan", "Rmd"),
    date: "Date",
    eid: "(Eid al-Fitr)",
    source: [
        "Sources: dates by ",
        "; times computed with the JPL DE440 ephemeris for the point of ",
        " above, then given ihtiyat and rounded as the tables of ",
    ],
    fallback: [
        " sets no prayer-time method of its own; the times here are by the method ",
        ".",
    ],
    point: ("point", ["S", "N", "W", "E"]),
    present_offset: "Times before 1964 keep the zone's present offset (WIB +07:00, WITA +08:00, \
                     WIT +09:00), not the legal offset of the time (Jakarta +07:30 until 1964).",
};

/// The page's own texts in `lang`.
fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Id => &ID,
        Lang::En => &EN,
    }
}

/// A link to the imsakiyah of `place` for Hijri `year` in the calendar `authority`.
pub fn href(place: &ArchivedPrayerPlace, year: u16, authority: &str) -> String {
    let mut link = String::from("imsakiyah?place=");
    escaped(&mut link, &place.id);
    link.push_str(&format!("&year={year}&authority="));
    escaped(&mut link, authority);
    link
}

/// `text` percent-encoded for a query value (letters, digits, `.`, `-` and `_` as they are).
pub fn escaped(out: &mut String, text: &str) {
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
}

/// `GET /imsakiyah`: the printable imsakiyah; an error is an HTML page with the API's
/// A refusal of the printable imsakiyah's parameters, answered as its HTML error page.
pub fn refused(req: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error::elsewhere(state, shown(&Query(req.query_string())), error)
}

/// The language of the page's error pages: the one asked, Indonesian when it names none the
/// page has.
fn shown(query: &Query) -> Lang {
    Lang::read(query).unwrap_or(Lang::Id)
}

/// status and code.
pub fn imsakiyah(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let mut response =
        written(req, state, &query).map_err(|e| error::elsewhere(state, shown(&query), e))?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// What a request asks for: the calendar, the place (if any), the year and the method.
struct Asked<'r> {
    scope: Scope<'r>,
    place: Option<Chosen<'r>>,
    year: u16,
    /// The zone whose today gives the default year, when `year` was not given (the page
    /// then changes at its midnight).
    today_in: Option<Zone>,
    method: Option<Method>,
    /// The language.
    lang: Lang,
}

/// Reads the request: `authority`, `place`, `method`, `year` (the coming Ramadan's by
/// default, today taken in `tz`, WIB without it).
fn asked<'r>(state: &AppState<'r>, query: &Query) -> Result<Asked<'r>, ApiError> {
    let lang = Lang::read(query)?;
    let scope = params::scope(state, query)?;
    let place = jadwal::chosen(state.dataset, query)?;
    let method = match query.optional("method", ErrorCode::InvalidMethod)? {
        Some(text) => Some(answers::method(&text)?),
        None => None,
    };
    let zone = params::zone(query)?;
    let (year, today_in) = if query.given("year") {
        let year = query.integer("year", ErrorCode::InvalidYear)?;
        (coverage::year(&scope, Calendar::Hijri, year)?, None)
    } else {
        let local = zone.local_date(state.clock.now());
        let coming = Date::from_ymd(local.year(), local.month(), local.day())
            .and_then(|today| jadwal::coming_ramadan(scope.chain, today))
            .ok_or_else(|| coverage::outside_archive(&scope, ErrorCode::OutOfCoverage))?;
        (i32::from(coming), Some(zone))
    };
    let year = u16::try_from(year)
        .map_err(|_| ApiError::new(ErrorCode::InvalidYear, "`year` must be a Hijri year"))?;
    Ok(Asked {
        scope,
        place,
        year,
        today_in,
        method,
        lang,
    })
}

/// The page, or why it cannot be written.
fn written(req: &HttpRequest, state: &AppState, query: &Query) -> Result<HttpResponse, ApiError> {
    let asked = asked(state, query)?;
    let origin = params::origin(state, req);
    let now = state.clock.now();
    let key = Key::new("/imsakiyah")
        .param("place", asked.place.map_or("", |c| c.place.id.as_str()))
        .param("year", asked.year)
        .param("method", asked.method.map_or("", |m| m.id))
        .param("lang", asked.lang.tag())
        .param("origin", origin.unwrap_or_default());
    let today_in = asked.today_in;
    let cache = move |_| match today_in {
        Some(zone) => reply::until_midnight(zone, now),
        None => reply::COMPUTED_EVENTS,
    };
    stored::answer(req, state, &asked.scope, key, cache, || {
        let mut html = Html::with_capacity(24 * 1024);
        match asked.place {
            Some(chosen) => {
                let fast =
                    answers::imsakiyah(&asked.scope, chosen.index, asked.year, asked.method)?;
                let title = format!(
                    "{} {} {} · {} ({})",
                    texts(asked.lang).title,
                    asked.year,
                    asked.lang.era(),
                    chosen.place.name.as_str(),
                    asked.scope.chain.names.short.as_str()
                );
                head(&mut html, &title, state, &asked);
                timetable(&mut html, &fast, origin, asked.lang);
            }
            None => {
                let title = format!(
                    "{} {} {}",
                    texts(asked.lang).title,
                    asked.year,
                    asked.lang.era()
                );
                head(&mut html, &title, state, &asked);
                chooser(&mut html, state, &asked);
            }
        }
        html.raw("</main>\n</body>\n</html>\n");
        Ok(Built::text(HTML, html.into_string()))
    })
}

/// A link to this page for `place` (or none), `year`, the calendar `authority` and `lang`.
fn link(place: Option<&ArchivedPrayerPlace>, year: u16, authority: &str, lang: Lang) -> String {
    let mut link = match place {
        Some(place) => href(place, year, authority),
        None => {
            let mut link = format!("imsakiyah?year={year}&authority=");
            escaped(&mut link, authority);
            link
        }
    };
    if lang != Lang::Id {
        link.push_str("&lang=");
        link.push_str(lang.tag());
    }
    link
}

/// The document's head, and the header: a link back to the calendar page with the place,
/// the calendars and the years before and after (not printed); then `<main>`.
fn head(html: &mut Html, title: &str, state: &AppState, asked: &Asked) {
    let lang = asked.lang;
    let words = lang.words();
    let chain = asked.scope.chain;
    let place = asked.place.map(|c| c.place);
    html.template(markup!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n",
        lang.tag()
    ))
    .raw(
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>",
    )
    .text(title)
    .raw(" · ")
    .text(words.title)
    .raw("</title>\n<meta name=\"description\" content=\"")
    .text(texts(lang).description)
    .raw(
        "\">\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"page.css\">\n</head>\n<body class=\"fasting\">\n\
         <header class=\"top\">\n<p class=\"brand\"><a href=\"./",
    );
    let mut back = Vec::new();
    if lang != Lang::Id {
        back.push(format!("lang={}", lang.tag()));
    }
    if !std::ptr::eq(chain, state.chain) {
        back.push(format!("authority={}", chain.id.as_str()));
    }
    if let Some(place) = place {
        let mut id = String::from("place=");
        escaped(&mut id, &place.id);
        back.push(id);
    }
    if !back.is_empty() {
        html.raw("?").text(&back.join("&"));
    }
    html.raw("\">")
        .text(words.title)
        .raw("</a></p>\n<nav class=\"switches\" aria-label=\"")
        .text(texts(lang).switches)
        .raw("\">\n")
        .raw("<span class=\"zones\"><span class=\"label\">")
        .text(words.calendar)
        .raw(":</span>");
    for other in state.dataset.chains.iter() {
        html.raw(" <a href=\"")
            .text(&link(place, asked.year, &other.id, lang))
            .raw("\" title=\"")
            .text(lang.name(other))
            .raw("\"")
            .markup(&super::current_mark(std::ptr::eq(other, chain)))
            .raw(">")
            .text(&other.names.short)
            .raw("</a>");
    }
    html.raw("</span>\n<span class=\"zones\"><span class=\"label\">")
        .text(words.year)
        .raw(":</span>");
    let (first, last) = chain.hijri_years_with_days();
    for (year, rel) in [
        (asked.year.checked_sub(1), "prev"),
        (asked.year.checked_add(1), "next"),
    ] {
        if let Some(year) = year.filter(|y| (first..=last).contains(y)) {
            html.template(markup!(" <a rel=\"{}\" href=\"", rel))
                .text(&link(place, year, &chain.id, lang))
                .template(markup!("\">{} {}</a>", year, lang.era()));
        }
    }
    html.raw("</span>\n</nav>\n</header>\n<main class=\"fast\">\n");
}

/// Without a place: the heading and the place form (the calendar and year kept).
fn chooser(html: &mut Html, state: &AppState, asked: &Asked) {
    let lang = asked.lang;
    let (words, texts) = (lang.words(), texts(lang));
    html.template(markup!(
        "<h1>{} {} {}</h1>\n<p>",
        texts.heading,
        asked.year,
        lang.era()
    ))
    .text(texts.choose)
    .raw("</p>\n<form class=\"jump place\" method=\"get\" action=\"imsakiyah\">");
    if lang != Lang::Id {
        html.template(markup!(
            "<input type=\"hidden\" name=\"lang\" value=\"{}\">",
            lang.tag()
        ));
    }
    html.template(markup!(
        "<input type=\"hidden\" name=\"year\" value=\"{}\">",
        asked.year
    ))
    .raw("<input type=\"hidden\" name=\"authority\" value=\"")
    .text(&asked.scope.chain.id)
    .raw("\"><label class=\"what\" for=\"place\">")
    .text(words.place)
    .raw("</label> ");
    jadwal::select(html, state.dataset, None, words.choose_place);
    html.raw(" <button type=\"submit\">")
        .text(words.show)
        .raw("</button></form>\n");
}

/// The heading, the facts (place, calendar, zone, method), the table, 1 Syawal, the
/// sources and the links.
fn timetable(html: &mut Html, fast: &Imsakiyah, origin: Option<&str>, lang: Lang) {
    let (words, texts) = (lang.words(), texts(lang));
    let place = fast.place;
    let chain = fast.chain;
    let zone = fast.zone();
    let first = fast.days.first().map_or(fast.syawal, |d| d.date);
    let label = fast
        .days
        .iter()
        .find_map(|d| jadwal::at(&d.published, Prayer::Subuh))
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map(|utc| jadwal::zone_label(place, utc))
        .unwrap_or_else(|| place.tz.as_str().to_owned());
    let era = lang.era();
    let (ramadan, rmd) = texts.ramadan;
    html.template(markup!(
        "<h1>{} {} {} <span class=\"sub\">",
        texts.heading,
        fast.year,
        era
    ))
    .text(&place.name)
    .raw(", ")
    .text(&place.province)
    .raw("</span></h1>\n<p class=\"facts\"><b>")
    .text(texts.calendar)
    .raw("</b> ")
    .text(lang.name(chain))
    .template(markup!(": 1 {} {} {} ", ramadan, fast.year, era))
    .time(first, &words.long_date(first))
    .raw(" (")
    .text(tier_word(chain, first, lang))
    .raw(") · <b>")
    .text(texts.time)
    .raw("</b> ")
    .text(&label)
    .raw(", ")
    .text(&degrees_place(place, lang))
    .raw("</p>\n<p class=\"facts\"><b>")
    .text(texts.method)
    .raw("</b> ");
    numbers(html, &fast.method, place, lang);
    html.raw("</p>\n");
    // The calendar has no method of its own (and none was asked for).
    if fast.method_fallback {
        html.raw("<p class=\"facts\">")
            .text(lang.name(chain))
            .text(texts.fallback[0])
            .text(fast.method.name)
            .text(texts.fallback[1])
            .raw("</p>\n");
    }
    if first < PRESENT_OFFSETS_FROM {
        html.raw("<p class=\"facts\">")
            .text(texts.present_offset)
            .raw("</p>\n");
    }
    html.raw("<div class=\"scroll\"><table class=\"fast\">\n<caption class=\"vh\">")
        .template(markup!("{} {} {}, ", texts.title, fast.year, era))
        .text(&place.name)
        .raw("</caption>\n<thead><tr><th scope=\"col\"><span class=\"long\">")
        .text(ramadan)
        .raw("</span><span class=\"short\" aria-hidden=\"true\">")
        .text(rmd)
        .raw("</span></th><th scope=\"col\">")
        .text(texts.date)
        .raw("</th>");
    for prayer in IMSAKIYAH_TIMES {
        html.raw("<th scope=\"col\">")
            .text(words.prayer_name(prayer))
            .raw("</th>");
    }
    html.raw("</tr></thead>\n<tbody>\n");
    for day in &fast.days {
        let friday = day.date.weekday() == hijri::weekday::Weekday::Jumat;
        html.raw(if friday { "<tr class=\"fri\">" } else { "<tr>" })
            .template(markup!("<th scope=\"row\">{}</th><td>", day.day));
        dated(html, day.date, lang);
        html.raw("</td>");
        for prayer in IMSAKIYAH_TIMES {
            let class = match prayer {
                Prayer::Imsak | Prayer::Maghrib => " class=\"hl\"",
                _ => "",
            };
            html.raw("<td")
                .raw(class)
                .raw(">")
                .text(&jadwal::clock(
                    words,
                    zone,
                    jadwal::at(&day.published, prayer),
                ))
                .raw("</td>");
        }
        html.raw("</tr>\n");
    }
    let syawal = HijriMonth {
        year: fast.year,
        month: jadwal::RAMADAN + 1,
    }
    .name_in(lang.names());
    html.raw("</tbody>\n</table></div>\n<p class=\"syawal\"><b>")
        .template(markup!("1 {} {} {}", syawal, fast.year, era))
        .raw("</b> ")
        .text(texts.eid)
        .raw(": ")
        .time(fast.syawal, &words.long_date(fast.syawal))
        .raw(" (")
        .text(tier_word(chain, fast.syawal, lang))
        .raw(")</p>\n<p class=\"source\">")
        .text(texts.source[0])
        .text(lang.name(chain))
        .text(texts.source[1])
        .text(&place.name)
        .text(texts.source[2])
        .text(fast.method.name)
        .raw(". ");
    if let Some(origin) = origin {
        html.text(origin).raw("/");
    }
    html.text(&link(Some(place), fast.year, &chain.id, lang))
        .raw("</p>\n<p class=\"links\">");
    let query = link(Some(place), fast.year, &chain.id, lang);
    let query = query.trim_start_matches("imsakiyah");
    let mut month = String::from("./?place=");
    escaped(&mut month, &place.id);
    month.push_str("&authority=");
    escaped(&mut month, &chain.id);
    month.push_str(&format!(
        "&calendar=hijri&year={}&month={}",
        fast.year,
        jadwal::RAMADAN
    ));
    if lang != Lang::Id {
        month.push_str("&lang=");
        month.push_str(lang.tag());
    }
    html.raw("<a href=\"api/v1/imsakiyah")
        .text(query)
        .raw("\">JSON</a> · <a href=\"api/v1/imsakiyah.ics")
        .text(query)
        .raw("\">iCalendar (.ics)</a> · <a href=\"")
        .text(&month)
        .raw("\">")
        .text(words.calendar)
        .template(markup!(" {} {} {}</a></p>\n", ramadan, fast.year, era));
}

/// A row's date: whole (`Rabu, 18 Februari 2026`), and short for a narrow screen (`Rab
/// 18/2`, the weekday as the grid's heads write it; hidden from screen readers, which read
/// the whole one).
fn dated(html: &mut Html, date: Date, lang: Lang) {
    let words = lang.words();
    let (_, month, day) = date.ymd();
    let weekday = words.weekday(date.weekday());
    html.template(markup!(
        "<time datetime=\"{}\"><span class=\"long\">",
        date.iso().as_str()
    ))
    .text(&words.long_date(date))
    .raw("</span><span class=\"short\" aria-hidden=\"true\">")
    .text(super::grid::short_weekday(weekday))
    .template(markup!(" {}/{}</span></time>", day, month));
}

/// `resmi` or `perkiraan hisab`: the tier of `day` in `chain`.
fn tier_word(chain: &ArchivedChain, day: Date, lang: Lang) -> &'static str {
    let words = lang.words();
    match chain.to_hijri(day) {
        Some((_, month)) if chain.tier_of_day(month, day) == Tier::Published => words.official,
        _ => words.estimate,
    }
}

/// `titik 7,8° LS 110,39° BT, 114 m`: the place's point (south and east as Indonesian
/// tables write them; `point 7.8° S 110.39° E` in English) and elevation.
fn degrees_place(place: &ArchivedPrayerPlace, lang: Lang) -> String {
    let (lat, lon) = (place.lat.to_native(), place.lon.to_native());
    let (point, [s, n, w, e]) = texts(lang).point;
    format!(
        "{point} {}° {} {}° {}, {} m",
        decimal(lat.abs(), lang),
        if lat < 0.0 { s } else { n },
        decimal(lon.abs(), lang),
        if lon < 0.0 { w } else { e },
        decimal(place.elev_m.to_native(), lang)
    )
}

/// The method in one line: its name, subuh and isya, dhuha, ashar, the horizon at the
/// place (and what it follows: the place's own, its elevation, or neither), imsak, ihtiyat
/// and rounding (each stated once, the exceptions named), in `lang`.
fn numbers(html: &mut Html, method: &Method, place: &ArchivedPrayerPlace, lang: Lang) {
    let words = lang.words();
    let name = |p: Prayer| words.prayer_name(p).to_lowercase();
    let (id, elev_m) = (Some(place.id.as_str()), place.elev_m.to_native());
    let degrees = |value: f64| jadwal::degrees(value, lang);
    let (subuh, isya, dhuha, horizon) = (
        degrees(method.subuh_altitude_deg),
        degrees(method.isya_altitude_deg),
        degrees(method.dhuha_altitude_deg),
        degrees(method.horizon_altitude_deg(id, elev_m)),
    );
    let shadow = decimal(method.ashar_shadow_factor, lang);
    let elevation = decimal(elev_m, lang);
    let own = method.horizon.own(id, elev_m).is_some();
    let dip = method.horizon.dip_arcmin_per_sqrt_m > 0.0;
    let imsak = method.imsak_minutes_before_subuh;
    let (minutes, word) = match lang {
        Lang::Id => ("menit", rounding as fn(Rounding) -> &'static str),
        Lang::En => ("min", rounding_en as fn(Rounding) -> &'static str),
    };
    let ihtiyat = per_time(
        &method.ihtiyat_minutes,
        |m| format!("{} {minutes}", signed(*m)),
        |m| signed(*m),
        &name,
    );
    let rounded = per_time(
        &method.rounding,
        |r| word(*r).to_owned(),
        |r| word(*r).to_owned(),
        &name,
    );
    let line = match lang {
        Lang::Id => format!(
            "subuh {subuh}, isya {isya}, dhuha {dhuha}, ashar bayangan {shadow}× benda + \
             bayangan zuhur, terbit dan maghrib {horizon} ({}), imsak {imsak} menit sebelum \
             subuh, ihtiyat {ihtiyat}, pembulatan {rounded}",
            if own {
                "ufuk khusus tempat ini".to_owned()
            } else if dip {
                format!("ufuk pada {elevation} m")
            } else {
                "ufuk tetap, tanpa ketinggian tempat".to_owned()
            },
        ),
        Lang::En => format!(
            "subuh {subuh}, isya {isya}, dhuha {dhuha}, ashar at a shadow of {shadow}× the \
             object + the noon shadow, sunrise and maghrib {horizon} ({}), imsak {imsak} min \
             before subuh, ihtiyat {ihtiyat}, rounded {rounded}",
            if own {
                "the place's own horizon".to_owned()
            } else if dip {
                format!("the horizon at {elevation} m")
            } else {
                "a fixed horizon, whatever the elevation".to_owned()
            },
        ),
    };
    html.text(method.name).raw(": ").text(&line);
}

/// `2`, `−2`.
fn signed(minutes: i64) -> String {
    if minutes < 0 {
        format!("−{}", minutes.unsigned_abs())
    } else {
        minutes.to_string()
    }
}

/// A rounding in words.
fn rounding(rounding: Rounding) -> &'static str {
    match rounding {
        Rounding::Up => "ke atas",
        Rounding::Down => "ke bawah",
        Rounding::Nearest => "ke menit terdekat",
    }
}

/// A rounding in English words.
fn rounding_en(rounding: Rounding) -> &'static str {
    match rounding {
        Rounding::Up => "up",
        Rounding::Down => "down",
        Rounding::Nearest => "to the nearest minute",
    }
}

/// A value per time from subuh to isya in words: the most common one, then the times that
/// differ by name (`2 menit (terbit −2, dzuhur 3)`).
fn per_time<T: PartialEq>(
    values: &[T; 8],
    most: impl Fn(&T) -> String,
    other: impl Fn(&T) -> String,
    name: &impl Fn(Prayer) -> String,
) -> String {
    // Imsak follows subuh: its value is unused.
    let times: Vec<(Prayer, &T)> = Prayer::ALL.into_iter().zip(values).skip(1).collect();
    let common = times
        .iter()
        .max_by_key(|(_, v)| times.iter().filter(|(_, w)| w == v).count())
        .map(|(_, v)| *v);
    let Some(common) = common else {
        return String::new();
    };
    let exceptions: Vec<String> = times
        .iter()
        .filter(|(_, v)| *v != common)
        .map(|(p, v)| format!("{} {}", name(*p), other(v)))
        .collect();
    if exceptions.is_empty() {
        most(common)
    } else {
        format!("{} ({})", most(common), exceptions.join(", "))
    }
}
