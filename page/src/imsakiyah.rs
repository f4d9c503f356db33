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

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::prayer::{Method, Prayer};
use hijri::schema::{ArchivedChain, ArchivedPrayerPlace, Tier};
use hijri::warnings::PRESENT_OFFSETS_FROM;
use hijri_view::answers::prayer::{self as answers, Imsakiyah, IMSAKIYAH_TIMES};
use hijri_view::{Refusal, Scope};

use crate::html::{markup, Html};
use crate::page::current_mark;
use crate::place::Chosen;
use crate::words::imsakiyah::texts;
use crate::words::Lang;
use crate::{cells, jadwal, links, method};

/// What a request of the imsakiyah asks for (read by the server): the calendar, the place
/// (if any), the Hijri year, the method and the language.
pub struct Asked<'r> {
    /// The archive and its default calendar.
    pub base: Scope<'r>,
    /// The calendar whose Ramadan is shown.
    pub scope: Scope<'r>,
    /// The place; `None`: the page asks for one.
    pub place: Option<Chosen<'r>>,
    /// The Hijri year.
    pub year: u16,
    /// The method asked for; `None`: the calendar's own.
    pub method: Option<Method>,
    /// The language.
    pub lang: Lang,
    /// The service's configured address without a trailing slash; `None`: links are
    /// relative.
    pub origin: Option<&'r str>,
}

/// The imsakiyah's document, or why it cannot be written.
pub fn document(asked: &Asked) -> Result<String, Refusal> {
    let mut html = Html::with_capacity(24 * 1024);
    match asked.place {
        Some(chosen) => {
            let fast = answers::imsakiyah(&asked.scope, chosen.index, asked.year, asked.method)?;
            let title = format!(
                "{} {} {} · {} ({})",
                texts(asked.lang).title,
                asked.year,
                asked.lang.era(),
                chosen.place.name.as_str(),
                asked.scope.chain.names.short.as_str()
            );
            head(&mut html, &title, asked);
            timetable(&mut html, &fast, asked.origin, asked.lang);
        }
        None => {
            let title = format!(
                "{} {} {}",
                texts(asked.lang).title,
                asked.year,
                asked.lang.era()
            );
            head(&mut html, &title, asked);
            chooser(&mut html, asked);
        }
    }
    html.raw("</main>\n</body>\n</html>\n");
    Ok(html.into_string())
}

/// A link to this page for `place` (or none), `year`, the calendar `authority` and `lang`.
fn link(place: Option<&ArchivedPrayerPlace>, year: u16, authority: &str, lang: Lang) -> String {
    let mut link = match place {
        Some(place) => links::imsakiyah(place, year, authority),
        None => {
            let mut link = format!("imsakiyah?year={year}&authority=");
            links::escaped(&mut link, authority);
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
fn head(html: &mut Html, title: &str, asked: &Asked) {
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
    if !std::ptr::eq(chain, asked.base.chain) {
        back.push(format!("authority={}", chain.id.as_str()));
    }
    if let Some(place) = place {
        let mut id = String::from("place=");
        links::escaped(&mut id, &place.id);
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
    for other in asked.base.dataset.chains.iter() {
        html.raw(" <a href=\"")
            .text(&link(place, asked.year, &other.id, lang))
            .raw("\" title=\"")
            .text(lang.name(other))
            .raw("\"")
            .markup(&current_mark(std::ptr::eq(other, chain)))
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
fn chooser(html: &mut Html, asked: &Asked) {
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
    jadwal::select(html, asked.base.dataset, None, words.choose_place);
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
    .text(&method::degrees_place(place, lang))
    .raw("</p>\n<p class=\"facts\"><b>")
    .text(texts.method)
    .raw("</b> ");
    method::numbers(html, &fast.method, place, lang);
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
    links::escaped(&mut month, &place.id);
    month.push_str("&authority=");
    links::escaped(&mut month, &chain.id);
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
    .text(cells::short_weekday(weekday))
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
