//! The falak of the chosen place's day, under its prayer times: the qibla bearing (the WGS84
//! geodesic's, `hijri_view::answers::qibla`), today's rashdul kiblat (the minutes the Sun
//! stands at the qibla bearing or its opposite, at least
//! `hijri_view::answers::rashdul::MIN_ALTITUDE_DEG` up) and the next eclipse whose prayer
//! falls there, with its window and a link to its circumstances; and an eclipse's name in
//! words, which `/api/v1/eclipses.ics` shares.

use chrono::DateTime;
use hijri::date::Date;
use hijri::eclipse;
use hijri_view::answers::eclipses::{self, Seen};
use hijri_view::answers::{prayer, rashdul};
use maud::{html, Markup};

use crate::html::{clock, decimal};
use crate::links;
use crate::page::Page;
use crate::place::Chosen;
use crate::words::Lang;

/// An eclipse's name in `lang`: its body and its type, the type seen at the place for a
/// solar eclipse, the eclipse's own for a lunar one (`Gerhana Matahari Sebagian`,
/// `Total lunar eclipse`).
pub fn eclipse_name(seen: &Seen, lang: Lang) -> String {
    let solar = eclipse::is_solar(seen.eclipse);
    let kind = match (solar, seen.local.local_type) {
        (true, Some(local)) => local,
        _ => eclipse::type_name(seen.eclipse),
    };
    match lang {
        Lang::Id => eclipse::indonesian_name(solar, kind),
        Lang::En => {
            let body = if solar {
                "solar eclipse"
            } else {
                "lunar eclipse"
            };
            let mut kind = kind.to_owned();
            kind[..1].make_ascii_uppercase();
            format!("{kind} {body}")
        }
    }
}

/// Unix seconds, rounded to the second.
fn seconds(t: f64) -> i64 {
    #[allow(clippy::cast_possible_truncation, reason = "an instant of the span")]
    let s = t.round() as i64;
    s
}

/// The qibla, today's rashdul kiblat and the next eclipse at `chosen`, as one paragraph.
pub fn section(page: &Page, chosen: Chosen) -> Markup {
    let words = page.words;
    let dataset = page.base.dataset;
    let zone = prayer::zone(chosen.place);
    let today = rashdul::place_day(dataset, chosen.index, zone, page.today);
    #[allow(clippy::cast_precision_loss, reason = "an instant of the span")]
    let now = page.now.timestamp() as f64;
    let next = eclipses::next_with_prayer_at(dataset, chosen.index, now);
    let mut crossings: Vec<(f64, &str)> = today.as_ref().map_or_else(Vec::new, |day| {
        let at = day.at_qibla.iter().map(|t| (*t, words.sun_at_qibla));
        let opposite = day.opposite.iter().map(|t| (*t, words.sun_opposite_qibla));
        at.chain(opposite).collect()
    });
    crossings.sort_by(|a, b| a.0.total_cmp(&b.0));
    html! {
        p class="falak" {
            @if let Some(day) = &today {
                (words.qibla) " " b { (decimal(day.qibla_deg, words.lang)) "°" } " "
                (words.from_true_north) " · " (words.rashdul_today) ": "
                @if crossings.is_empty() { (words.rashdul_none) }
                @for (i, (t, what)) in crossings.iter().enumerate() {
                    @if i > 0 { ", " }
                    // To the nearest minute: a shadow's minute, not a prayer's.
                    b { (clock(words, zone, Some(seconds((t / 60.0).round() * 60.0)))) } " (" (what) ")"
                }
            }
            @if let Some(seen) = &next {
                @let start = DateTime::from_timestamp(seconds(seen.window.0), 0)
                    .map(|utc| Date::from(utc.with_timezone(&zone).date_naive()));
                @if today.is_some() { br; }
                (words.next_eclipse) ": "
                a href=(links::eclipse(&seen.id, chosen.place)) { (eclipse_name(seen, words.lang)) }
                @if let Some(start) = start { ", " (words.date(start)) }
                ", " (eclipses::prayer_name(seen.eclipse)) " "
                (clock(words, zone, Some(seconds(seen.window.0)))) "–"
                (clock(words, zone, Some(seconds(seen.window.1))))
            }
        }
        "\n"
    }
}
