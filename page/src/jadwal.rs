//! The page's prayer times for a place chosen by `place` (a kode wilayah from
//! `/api/v1/places`, kept in the page's links like its other parameters): the "Jadwal
//! sholat" section (today's eight times by the method of the calendar shown, the place's
//! name, a link to its imsakiyah, and a form to choose a place, which works without a
//! script), and in Ramadan the imsak and maghrib of every day of the month grid. The times
//! are the archive's published minutes (`hijri_view::answers::prayer`), written in the
//! place's civil time; without `place` the section invites a choice and no time is guessed.

use chrono::{DateTime, Offset, TimeZone, Timelike, Utc};
use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table;
use hijri::schema::{ArchivedDataset, ArchivedPrayerPlace};
use hijri::zone::Zone;
use hijri_view::answers::prayer::{self, method_of};

use crate::html::{decimal, markup, Html};
use crate::links;
use crate::page::Page;
use crate::place::Chosen;
use crate::words::{Lang, Words};

/// The Hijri month of the fast.
pub const RAMADAN: u8 = 9;

/// The name Indonesians give a zone at `now` (WIB, WITA, WIT by its offset), else its
/// IANA name.
pub fn zone_label(place: &ArchivedPrayerPlace, now: DateTime<Utc>) -> String {
    let zone = prayer::zone(place);
    let hours = zone
        .offset_from_utc_datetime(&now.naive_utc())
        .fix()
        .local_minus_utc()
        / 3600;
    match hours {
        7 => "WIB".to_owned(),
        8 => "WITA".to_owned(),
        9 => "WIT".to_owned(),
        _ => place.tz.as_str().to_owned(),
    }
}

/// A published minute (UTC seconds) as the page writes a time in `zone` (`04.16`, `04:16`
/// in English); `–` where the Sun does not reach the time's altitude.
pub fn clock(words: &Words, zone: Zone, seconds: Option<i64>) -> String {
    seconds
        .and_then(|s| DateTime::from_timestamp(s, 0))
        .map(|utc| utc.with_timezone(&zone))
        .map_or_else(
            || "–".to_owned(),
            |local| words.clock(local.hour(), local.minute()),
        )
}

/// A published time of a day, from the archive's row.
pub fn at(row: &[Option<i64>; 8], prayer: Prayer) -> Option<i64> {
    row.get(prayer.index()).copied().flatten()
}

/// `−20°`: a signed angle as the tables write it (a true minus sign).
pub fn degrees(value: f64, lang: Lang) -> String {
    let text = decimal(value.abs(), lang);
    if value < 0.0 {
        format!("−{text}°")
    } else {
        format!("{text}°")
    }
}

/// The Hijri year whose Ramadan is the coming one in `chain` on `today`: this year's
/// until its last day, then the next year's.
pub fn coming_ramadan(page_chain: &hijri::schema::ArchivedChain, today: Date) -> Option<u16> {
    let (hijri, _) = page_chain.to_hijri(today)?;
    Some(if hijri.month > RAMADAN {
        hijri.year + 1
    } else {
        hijri.year
    })
}

/// The "Jadwal sholat" section: with a place, today's eight times, the method and a link to
/// the coming Ramadan's imsakiyah; without one, an invitation; then the place form.
pub fn section(html: &mut Html, page: &Page) {
    let words = page.words;
    html.raw("<section id=\"prayer\" class=\"prayer\" aria-labelledby=\"prayer-title\">\n<h2 id=\"prayer-title\">")
        .text(words.prayer);
    match page.place {
        Some(chosen) => {
            html.raw(": ").text(&chosen.place.name).raw("</h2>\n");
            today(html, page, chosen);
        }
        None => {
            html.raw("</h2>\n<p>")
                .text(words.prayer_intro)
                .raw("</p>\n");
        }
    }
    form(html, page);
    html.raw("</section>\n");
}

/// Today's times at `chosen`, its province and zone, the method, and the imsakiyah link.
fn today(html: &mut Html, page: &Page, chosen: Chosen) {
    let words = page.words;
    let place = chosen.place;
    let (method, own) = method_of(page.scope.chain);
    let zone = prayer::zone(place);
    html.raw("<p class=\"where\">")
        .text(&place.province)
        .raw(" · ")
        .time(page.today, &words.long_date(page.today))
        .raw(" · ")
        .text(&zone_label(place, page.now))
        .raw("</p>\n");
    match prayer_table::published_day(page.base.dataset, chosen.index, &method, page.today) {
        Some(row) => {
            html.raw("<ol class=\"times\">");
            for prayer in Prayer::ALL {
                html.template(markup!(
                    "<li class=\"{}\"><span class=\"k\">",
                    prayer.name()
                ))
                .text(words.prayer_name(prayer))
                .raw("</span> <span class=\"t\">")
                .text(&clock(words, zone, at(&row, prayer)))
                .raw("</span></li>");
            }
            html.raw("</ol>\n");
        }
        None => {
            html.raw("<p>").text(words.prayer_outside).raw("</p>\n");
        }
    }
    html.raw("<p class=\"how\">").text(words.method).raw(": ");
    method_numbers(html, words, &method);
    if !own {
        html.raw(" (").text(words.method_fallback).raw(")");
    }
    if let Some(year) = coming_ramadan(page.scope.chain, page.today) {
        html.raw(" · <a href=\"")
            .text(&links::imsakiyah(place, year, page.scope.chain.id.as_str()))
            .raw("\">")
            .text(words.imsakiyah)
            .template(markup!(" Ramadhan {} {}</a>", year, words.lang.era()));
    }
    html.raw("</p>\n");
}

/// `Kemenag (Bimas Islam): subuh −20°, isya −18°`: the method's name and its two
/// twilight altitudes.
fn method_numbers(html: &mut Html, words: &Words, method: &Method) {
    html.text(method.name)
        .raw(" — ")
        .text(words.prayer_name(Prayer::Subuh))
        .raw(" ")
        .text(&degrees(method.subuh_altitude_deg, words.lang))
        .raw(", ")
        .text(words.prayer_name(Prayer::Isya))
        .raw(" ")
        .text(&degrees(method.isya_altitude_deg, words.lang));
}

/// The place form: a `<select>` of every place by province, the page's other choices kept
/// as hidden fields, submitted to the page itself.
fn form(html: &mut Html, page: &Page) {
    let words = page.words;
    html.raw("<form class=\"jump place\" method=\"get\" action=\"./\">");
    page.hidden(html, false);
    // The month or year shown stays shown.
    if page.chosen_view {
        for pair in page.view.query().split('&') {
            if let Some((name, value)) = pair.split_once('=') {
                html.raw("<input type=\"hidden\" name=\"")
                    .text(name)
                    .raw("\" value=\"")
                    .text(value)
                    .raw("\">");
            }
        }
    }
    html.raw("<label class=\"what\" for=\"place\">")
        .text(words.place)
        .raw("</label> ");
    select(
        html,
        page.base.dataset,
        page.place.map(|c| c.index),
        words.choose_place,
    );
    html.raw(" <button type=\"submit\">")
        .text(words.show)
        .raw("</button></form>\n");
}

/// `<select id="place" name="place" required>`: a blank first choice, then every place of
/// the archive grouped by province (provinces and places in alphabetical order), `selected`
/// marked.
pub fn select(html: &mut Html, dataset: &ArchivedDataset, selected: Option<usize>, blank: &str) {
    html.raw("<select id=\"place\" name=\"place\" required><option value=\"\">")
        .text(blank)
        .raw("</option>");
    let mut sorted: Vec<(usize, &ArchivedPrayerPlace)> =
        dataset.places.iter().enumerate().collect();
    sorted.sort_by(|(_, a), (_, b)| {
        (a.province.as_str(), a.name.as_str()).cmp(&(b.province.as_str(), b.name.as_str()))
    });
    let mut province: Option<&str> = None;
    for (index, place) in sorted {
        if province != Some(place.province.as_str()) {
            if province.is_some() {
                html.raw("</optgroup>");
            }
            html.raw("<optgroup label=\"")
                .text(&place.province)
                .raw("\">");
            province = Some(place.province.as_str());
        }
        html.raw("<option value=\"").text(&place.id).raw("\"");
        if selected == Some(index) {
            html.raw(" selected");
        }
        html.raw(">").text(&place.name).raw("</option>");
    }
    if province.is_some() {
        html.raw("</optgroup>");
    }
    html.raw("</select>");
}

/// In a grid cell of a Ramadan day (in the calendar shown), with a place chosen: its imsak
/// and maghrib, small. Returns true if it wrote them.
pub fn fast_times(html: &mut Html, page: &Page, day: Date, hijri: Option<HijriDate>) -> bool {
    let Some(chosen) = page.place else {
        return false;
    };
    if hijri.is_none_or(|h| h.month != RAMADAN) {
        return false;
    }
    let (method, _) = method_of(page.scope.chain);
    let Some(row) = prayer_table::published_day(page.base.dataset, chosen.index, &method, day)
    else {
        return false;
    };
    let words = page.words;
    let zone = prayer::zone(chosen.place);
    for prayer in [Prayer::Imsak, Prayer::Maghrib] {
        html.template(markup!(
            "<span class=\"s {}\"><span class=\"k\">",
            prayer.name()
        ))
        .text(words.prayer_name(prayer))
        .raw("</span> ")
        .text(&clock(words, zone, at(&row, prayer)))
        .raw("</span>");
    }
    true
}

/// The legend's line for the Ramadan times of the grid: which two times, where, in what zone.
pub fn legend(html: &mut Html, page: &Page) {
    let Some(chosen) = page.place else {
        return;
    };
    let words = page.words;
    html.raw("<li class=\"fast\">")
        .text(words.legend_fast)
        .raw(" ")
        .text(&chosen.place.name)
        .raw(" (")
        .text(&zone_label(chosen.place, page.now))
        .raw(")</li>");
}
