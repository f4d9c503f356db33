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

use maud::{html, Markup, DOCTYPE};

use crate::html::{clock, metas, time};
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
    let lang = asked.lang;
    let (title, main) = match asked.place {
        Some(chosen) => {
            let fast = answers::imsakiyah(&asked.scope, chosen.index, asked.year, asked.method)?;
            let title = format!(
                "{} {} {} · {} ({})",
                texts(lang).title,
                asked.year,
                lang.era(),
                chosen.place.name.as_str(),
                asked.scope.chain.names.short.as_str()
            );
            (title, timetable(&fast, asked.origin, lang))
        }
        None => {
            let title = format!("{} {} {}", texts(lang).title, asked.year, lang.era());
            (title, chooser(asked))
        }
    };
    Ok(html! {
        (DOCTYPE) "\n"
        html lang=(lang.tag()) {
            "\n"
            head {
                (metas("light dark"))
                "\n" title { (title) " · " (lang.words().title) }
                "\n" meta name="description" content=(texts(lang).description);
                "\n" link rel="icon" href="data:,";
                "\n" link rel="stylesheet" href="page.css";
                "\n"
            }
            "\n"
            body class="fasting" {
                "\n" (header(asked))
                main class="fast" { "\n" (main) }
                "\n"
            }
            "\n"
        }
        "\n"
    }
    .into_string())
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

/// The header: a link back to the calendar page with the place, the calendars and the
/// years before and after (not printed).
fn header(asked: &Asked) -> Markup {
    let lang = asked.lang;
    let words = lang.words();
    let chain = asked.scope.chain;
    let place = asked.place.map(|c| c.place);
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
    let back = if back.is_empty() {
        "./".to_owned()
    } else {
        format!("./?{}", back.join("&"))
    };
    let (first, last) = chain.hijri_years_with_days();
    let years = [
        (asked.year.checked_sub(1), "prev"),
        (asked.year.checked_add(1), "next"),
    ]
    .into_iter()
    .filter_map(|(year, rel)| Some((year.filter(|y| (first..=last).contains(y))?, rel)));
    html! {
        header class="top" {
            "\n" p class="brand" { a href=(back) { (words.title) } }
            "\n"
            nav class="switches" aria-label=(texts(lang).switches) {
                "\n"
                span class="zones" {
                    span class="label" { (words.calendar) ":" }
                    @for other in asked.base.dataset.chains.iter() {
                        " "
                        a href=(link(place, asked.year, &other.id, lang)) title=(lang.name(other))
                            aria-current=[std::ptr::eq(other, chain).then_some("true")] {
                            (other.names.short.as_str())
                        }
                    }
                }
                "\n"
                span class="zones" {
                    span class="label" { (words.year) ":" }
                    @for (year, rel) in years {
                        " " a rel=(rel) href=(link(place, year, &chain.id, lang)) { (year) " " (lang.era()) }
                    }
                }
                "\n"
            }
            "\n"
        }
        "\n"
    }
}

/// Without a place: the heading and the place form (the calendar and year kept).
fn chooser(asked: &Asked) -> Markup {
    let lang = asked.lang;
    let (words, texts) = (lang.words(), texts(lang));
    html! {
        h1 { (texts.heading) " " (asked.year) " " (lang.era()) }
        "\n" p { (texts.choose) }
        "\n"
        form class="jump place" method="get" action="imsakiyah" {
            @if lang != Lang::Id {
                input type="hidden" name="lang" value=(lang.tag());
            }
            input type="hidden" name="year" value=(asked.year);
            input type="hidden" name="authority" value=(asked.scope.chain.id.as_str());
            label class="what" for="place" { (words.place) }
            " " (jadwal::select(asked.base.dataset, None, words.choose_place))
            " " button type="submit" { (words.show) }
        }
        "\n"
    }
}

/// The heading, the facts (place, calendar, zone, method), the table, 1 Syawal, the
/// sources and the links.
fn timetable(fast: &Imsakiyah, origin: Option<&str>, lang: Lang) -> Markup {
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
    let syawal = HijriMonth {
        year: fast.year,
        month: jadwal::RAMADAN + 1,
    }
    .name_in(lang.names());
    let this = link(Some(place), fast.year, &chain.id, lang);
    let query = this.trim_start_matches("imsakiyah");
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
    html! {
        h1 { (texts.heading) " " (fast.year) " " (era) " " span class="sub" { (place.name.as_str()) ", " (place.province.as_str()) } }
        "\n"
        p class="facts" {
            b { (texts.calendar) } " " (lang.name(chain)) ": 1 " (ramadan) " " (fast.year) " " (era) " "
            (time(first, &words.long_date(first))) " (" (tier_word(chain, first, lang)) ") · "
            b { (texts.time) } " " (label) ", " (method::degrees_place(place, lang))
        }
        "\n"
        p class="facts" { b { (texts.method) } " " (method::numbers(&fast.method, place, lang)) }
        "\n"
        // The calendar has no method of its own (and none was asked for).
        @if fast.method_fallback {
            p class="facts" { (lang.name(chain)) (texts.fallback[0]) (fast.method.name) (texts.fallback[1]) }
            "\n"
        }
        @if first < PRESENT_OFFSETS_FROM {
            p class="facts" { (texts.present_offset) }
            "\n"
        }
        div class="scroll" {
            table class="fast" {
                "\n" caption class="vh" { (texts.title) " " (fast.year) " " (era) ", " (place.name.as_str()) }
                "\n"
                thead {
                    tr {
                        th scope="col" { span class="long" { (ramadan) } span class="short" aria-hidden="true" { (rmd) } }
                        th scope="col" { (texts.date) }
                        @for prayer in IMSAKIYAH_TIMES {
                            th scope="col" { (words.prayer_name(prayer)) }
                        }
                    }
                }
                "\n"
                tbody {
                    "\n"
                    @for day in &fast.days {
                        tr class=[(day.date.weekday() == hijri::weekday::Weekday::Jumat).then_some("fri")] {
                            th scope="row" { (day.day) }
                            td { (dated(day.date, lang)) }
                            @for prayer in IMSAKIYAH_TIMES {
                                td class=[matches!(prayer, Prayer::Imsak | Prayer::Maghrib).then_some("hl")] {
                                    (clock(words, zone, jadwal::at(&day.published, prayer)))
                                }
                            }
                        }
                        "\n"
                    }
                }
                "\n"
            }
        }
        "\n"
        p class="syawal" {
            b { "1 " (syawal) " " (fast.year) " " (era) } " " (texts.eid) ": "
            (time(fast.syawal, &words.long_date(fast.syawal))) " (" (tier_word(chain, fast.syawal, lang)) ")"
        }
        "\n"
        p class="source" {
            (texts.source[0]) (lang.name(chain)) (texts.source[1]) (place.name.as_str()) (texts.source[2]) (fast.method.name) ". "
            @if let Some(origin) = origin { (origin) "/" }
            (this)
        }
        "\n"
        p class="links" {
            a href={ "api/v1/imsakiyah" (query) } { "JSON" }
            " · " a href={ "api/v1/imsakiyah.ics" (query) } { "iCalendar (.ics)" }
            " · " a href=(month) { (words.calendar) " " (ramadan) " " (fast.year) " " (era) }
        }
        "\n"
    }
}

/// A row's date: whole (`Rabu, 18 Februari 2026`), and short for a narrow screen (`Rab
/// 18/2`, the weekday as the grid's heads write it; hidden from screen readers, which read
/// the whole one).
fn dated(date: Date, lang: Lang) -> Markup {
    let words = lang.words();
    let (_, month, day) = date.ymd();
    let weekday = words.weekday(date.weekday());
    html! {
        time datetime=(date.iso().as_str()) {
            span class="long" { (words.long_date(date)) }
            span class="short" aria-hidden="true" { (cells::short_weekday(weekday)) " " (day) "/" (month) }
        }
    }
}

/// `resmi` or `perkiraan hisab`: the tier of `day` in `chain`.
fn tier_word(chain: &ArchivedChain, day: Date, lang: Lang) -> &'static str {
    let words = lang.words();
    match chain.to_hijri(day) {
        Some((_, month)) if chain.tier_of_day(month, day) == Tier::Published => words.official,
        _ => words.estimate,
    }
}
