//! `/imsakiyah?place=&year=&authority=&method=`: the printable imsakiyah of a place, in
//! Indonesian, one A4 page in portrait when printed (mosques print it): the place and its
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
use hijri::prayer::{Method, Prayer, Rounding};
use hijri::schema::{ArchivedChain, ArchivedPrayerPlace, Tier};
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

/// The page is in Indonesian, as imsakiyah are printed.
const LANG: Lang = Lang::Id;

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
pub fn refused(_: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error::elsewhere(state, LANG, error)
}

/// status and code.
pub fn imsakiyah(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let mut response = written(req, state, &query).map_err(|e| error::elsewhere(state, LANG, e))?;
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
}

/// Reads the request: `authority`, `place`, `method`, `year` (the coming Ramadan's by
/// default, today taken in `tz`, WIB without it).
fn asked<'r>(state: &AppState<'r>, query: &Query) -> Result<Asked<'r>, ApiError> {
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
                    "Imsakiyah Ramadhan {} H · {} ({})",
                    asked.year,
                    chosen.place.name.as_str(),
                    asked.scope.chain.names.short.as_str()
                );
                head(&mut html, &title, state, &asked);
                timetable(&mut html, &fast, origin);
            }
            None => {
                let title = format!("Imsakiyah Ramadhan {} H", asked.year);
                head(&mut html, &title, state, &asked);
                chooser(&mut html, state, &asked);
            }
        }
        html.raw("</main>\n</body>\n</html>\n");
        Ok(Built::text(HTML, html.into_string()))
    })
}

/// A link to this page for `place` (or none), `year` and the calendar `authority`.
fn link(place: Option<&ArchivedPrayerPlace>, year: u16, authority: &str) -> String {
    match place {
        Some(place) => href(place, year, authority),
        None => {
            let mut link = format!("imsakiyah?year={year}&authority=");
            escaped(&mut link, authority);
            link
        }
    }
}

/// The document's head, and the header: a link back to the calendar page with the place,
/// the calendars and the years before and after (not printed); then `<main>`.
fn head(html: &mut Html, title: &str, state: &AppState, asked: &Asked) {
    let words = LANG.words();
    let chain = asked.scope.chain;
    let place = asked.place.map(|c| c.place);
    html.raw(
        "<!DOCTYPE html>\n<html lang=\"id\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>",
    )
    .text(title)
    .raw(" · ")
    .text(words.title)
    .raw("</title>\n<meta name=\"description\" content=\"")
    .text(DESCRIPTION)
    .raw(
        "\">\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"page.css\">\n</head>\n<body class=\"fasting\">\n\
         <header class=\"top\">\n<p class=\"brand\"><a href=\"./",
    );
    let mut back = Vec::new();
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
        .raw("</a></p>\n<nav class=\"switches\" aria-label=\"Kalender dan tahun\">\n")
        .raw("<span class=\"zones\"><span class=\"label\">")
        .text(words.calendar)
        .raw(":</span>");
    for other in state.dataset.chains.iter() {
        html.raw(" <a href=\"")
            .text(&link(place, asked.year, &other.id))
            .raw("\" title=\"")
            .text(&other.names.indonesian)
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
                .text(&link(place, year, &chain.id))
                .template(markup!("\">{} H</a>", year));
        }
    }
    html.raw("</span>\n</nav>\n</header>\n<main class=\"fast\">\n");
}

/// The page's description.
const DESCRIPTION: &str = "Jadwal imsakiyah Ramadhan siap cetak: imsak, subuh, terbit, dzuhur, \
                           ashar, maghrib dan isya setiap hari, menurut kalender dan metode \
                           yang dipilih.";

/// Without a place: the heading and the place form (the calendar and year kept).
fn chooser(html: &mut Html, state: &AppState, asked: &Asked) {
    let words = LANG.words();
    html.template(markup!(
        "<h1>Jadwal Imsakiyah Ramadhan {} H</h1>\n<p>",
        asked.year
    ))
    .raw("Pilih kabupaten/kota untuk jadwal imsakiyahnya, siap cetak.</p>\n")
    .raw("<form class=\"jump place\" method=\"get\" action=\"imsakiyah\">")
    .template(markup!(
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
fn timetable(html: &mut Html, fast: &Imsakiyah, origin: Option<&str>) {
    let words = LANG.words();
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
    html.template(markup!(
        "<h1>Jadwal Imsakiyah Ramadhan {} H <span class=\"sub\">",
        fast.year
    ))
    .text(&place.name)
    .raw(", ")
    .text(&place.province)
    .raw("</span></h1>\n<p class=\"facts\"><b>Kalender</b> ")
    .text(&chain.names.indonesian)
    .template(markup!(": 1 Ramadhan {} H ", fast.year))
    .time(first, &words.long_date(first))
    .raw(" (")
    .text(tier_word(chain, first))
    .raw(") · <b>Waktu</b> ")
    .text(&label)
    .raw(", ")
    .text(&degrees_place(place))
    .raw("</p>\n<p class=\"facts\"><b>Metode</b> ");
    numbers(html, &fast.method, place);
    html.raw("</p>\n");
    // The calendar has no method of its own (and none was asked for).
    if fast.method_fallback {
        html.raw("<p class=\"facts\">")
            .text(&chain.names.indonesian)
            .raw(" tidak menetapkan metode waktu sholat sendiri; waktu di sini menurut metode ")
            .text(fast.method.name)
            .raw(".</p>\n");
    }
    html.raw("<div class=\"scroll\"><table class=\"fast\">\n<caption class=\"vh\">")
        .template(markup!("Imsakiyah Ramadhan {} H, ", fast.year))
        .text(&place.name)
        .raw(
            "</caption>\n<thead><tr><th scope=\"col\"><span class=\"long\">Ramadhan</span>\
             <span class=\"short\" aria-hidden=\"true\">Rmd</span></th>\
             <th scope=\"col\">Tanggal</th>",
        );
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
        dated(html, day.date);
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
    html.raw("</tbody>\n</table></div>\n<p class=\"syawal\"><b>")
        .template(markup!("1 Syawal {} H", fast.year))
        .raw("</b> (Idul Fitri): ")
        .time(fast.syawal, &words.long_date(fast.syawal))
        .raw(" (")
        .text(tier_word(chain, fast.syawal))
        .raw(")</p>\n<p class=\"source\">Sumber: tanggal menurut ")
        .text(&chain.names.indonesian)
        .raw("; waktu dihitung dengan efemeris JPL DE440 untuk titik ")
        .text(&place.name)
        .raw(" di atas, lalu diberi ihtiyat dan dibulatkan seperti tabel ")
        .text(fast.method.name)
        .raw(". ");
    if let Some(origin) = origin {
        html.text(origin).raw("/");
    }
    html.text(&link(Some(place), fast.year, &chain.id))
        .raw("</p>\n<p class=\"links\">");
    let query = link(Some(place), fast.year, &chain.id);
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
    html.raw("<a href=\"api/v1/imsakiyah")
        .text(query)
        .raw("\">JSON</a> · <a href=\"api/v1/imsakiyah.ics")
        .text(query)
        .raw("\">iCalendar (.ics)</a> · <a href=\"")
        .text(&month)
        .template(markup!("\">Kalender Ramadhan {} H</a></p>\n", fast.year));
}

/// A row's date: whole (`Rabu, 18 Februari 2026`), and short for a narrow screen (`Rab
/// 18/2`, the weekday as the grid's heads write it; hidden from screen readers, which read
/// the whole one).
fn dated(html: &mut Html, date: Date) {
    let words = LANG.words();
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
fn tier_word(chain: &ArchivedChain, day: Date) -> &'static str {
    let words = LANG.words();
    match chain.to_hijri(day) {
        Some((_, month)) if chain.tier_of_day(month, day) == Tier::Published => words.official,
        _ => words.estimate,
    }
}

/// `titik 7,8° LS 110,39° BT, 114 m`: the place's point (south and east as Indonesian
/// tables write them) and elevation.
fn degrees_place(place: &ArchivedPrayerPlace) -> String {
    let (lat, lon) = (place.lat.to_native(), place.lon.to_native());
    format!(
        "titik {}° {} {}° {}, {} m",
        decimal(lat.abs(), LANG),
        if lat < 0.0 { "LS" } else { "LU" },
        decimal(lon.abs(), LANG),
        if lon < 0.0 { "BB" } else { "BT" },
        decimal(place.elev_m.to_native(), LANG)
    )
}

/// The method in one line: its name, subuh and isya, dhuha, ashar, the horizon at the
/// place (and what it follows: the place's own, its elevation, or neither), imsak, ihtiyat and rounding (each stated once, the exceptions named).
fn numbers(html: &mut Html, method: &Method, place: &ArchivedPrayerPlace) {
    let words = LANG.words();
    let name = |p: Prayer| words.prayer_name(p).to_lowercase();
    let (id, elev_m) = (Some(place.id.as_str()), place.elev_m.to_native());
    html.text(method.name).raw(": ").text(&format!(
        "subuh {}, isya {}, dhuha {}, ashar bayangan {}× benda + bayangan zuhur, terbit dan \
         maghrib {} ({}), imsak {} menit sebelum subuh, ihtiyat {}, pembulatan {}",
        jadwal::degrees(method.subuh_altitude_deg, LANG),
        jadwal::degrees(method.isya_altitude_deg, LANG),
        jadwal::degrees(method.dhuha_altitude_deg, LANG),
        decimal(method.ashar_shadow_factor, LANG),
        jadwal::degrees(method.horizon_altitude_deg(id, elev_m), LANG),
        if method.horizon.own(id, elev_m).is_some() {
            "ufuk khusus tempat ini".to_owned()
        } else if method.horizon.dip_arcmin_per_sqrt_m > 0.0 {
            format!("ufuk pada {} m", decimal(elev_m, LANG))
        } else {
            "ufuk tetap, tanpa ketinggian tempat".to_owned()
        },
        method.imsak_minutes_before_subuh,
        per_time(
            &method.ihtiyat_minutes,
            |m| format!("{} menit", signed(*m)),
            |m| signed(*m),
            &name
        ),
        per_time(
            &method.rounding,
            |r| rounding(*r).to_owned(),
            |r| rounding(*r).to_owned(),
            &name
        ),
    ));
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
