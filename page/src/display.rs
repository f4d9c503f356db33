//! `/display`: the mosque screen, full screen on a wall (1920×1080 landscape, 1080×1920
//! portrait). The place, a large clock in the place's zone, today's Masehi, Hijri (in the
//! calendar chosen) and Javanese dates with its observances and days off, and the prayer
//! times by the calendar's method (subuh, terbit, dzuhur, ashar, maghrib, isya, and imsak in
//! Ramadan) with the next prayer marked, in words too, and counted down to.
//!
//! The document holds [`DAYS`] days (today and the ones after it), their dates and their
//! times, each time with its UTC instant (`data-at`), so that its script (`/display.js`, [`SCRIPT`]) keeps the clock, the
//! mark and the countdown going, and turns to the next day's dates at midnight and to
//! tomorrow's times after isya, for a day without the network. The server writes the
//! times and the next prayer as they stand when it writes them (after isya tomorrow's
//! times, marked so); the clock and the countdown are the script's. Written once per
//! archive, place, day and next prayer, and then kept.

use chrono::{Offset, TimeZone};
use hijri::date::Date;
use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::prayer::Prayer;
use hijri::prayer_table;
use hijri::schema::{DayKind, Tier};
use hijri::zone::Zone;
use hijri_view::answers::events::between;
use hijri_view::answers::prayer::{self, method_of, Moment, IMSAKIYAH_TIMES, PRAYERS};
use hijri_view::{coverage, ErrorCode, Refusal};

use maud::{html, Markup, DOCTYPE};

use crate::html::{clock, metas, time};
use crate::jadwal::{at, method_numbers, zone_label, RAMADAN};
use crate::page::Page;
use crate::place::Chosen;
use crate::words::display::texts;
use crate::{grid, off};

/// The style sheet of the screen (`/display.css`).
pub static STYLE: &str = include_str!("../assets/display.css");
/// The script of the screen (`/display.js`): the clock, the mark and the countdown, the
/// next day at midnight and after isya, and the data fetched again then.
pub static SCRIPT: &str = include_str!("../assets/display.js");

/// How many days the document holds: today and the two after it, so that the screen runs
/// on for a day from any moment without the network (after isya it shows tomorrow's
/// times, and the day after's hold the next subuh).
pub const DAYS: i32 = 3;

/// How far before a day an observance that covers it may begin (days): the longest, the
/// days of Tasyrik, last three.
const LONGEST: i32 = 3;

/// The screen's document at `chosen`, for `page` (its language, calendar, today in the
/// place's zone and the instant), with `next` the next prayer then.
pub fn document(page: &Page, chosen: Chosen, next: Moment) -> Result<String, Refusal> {
    let words = page.words;
    let texts = texts(page.lang);
    let place = chosen.place;
    let today = page.today;
    coverage::days(&page.scope, today, today, false, ErrorCode::OutOfCoverage)?;
    let outside = || coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage);
    let (method, own) = method_of(page.scope.chain);
    let last = today.add_days(DAYS - 1).min(hijri::span::LAST);
    let exact = prayer_table::exact_days(page.base.dataset, chosen.index, &method, today, last)
        .ok_or_else(outside)?;
    let days: Vec<(Date, [Option<i64>; 8])> = (today.0..)
        .map(Date)
        .zip(exact.iter().map(|e| prayer_table::published(&method, e)))
        .collect();
    let zone = prayer::zone(place);
    let offset = zone
        .offset_from_utc_datetime(&page.now.naive_utc())
        .fix()
        .local_minus_utc();
    let label = zone_label(place, page.now);
    let Moment {
        day: shown,
        prayer: prayer_next,
        seconds: next_at,
    } = next;
    let title = format!(
        "{} · {} · {}",
        place.name.as_str(),
        texts.title,
        words.title
    );
    Ok(html! {
        (DOCTYPE) "\n"
        html lang=(page.lang.tag()) {
            "\n"
            head {
                (metas("dark"))
                "\n" title { (title) }
                "\n" meta name="description" content=(texts.description);
                "\n" link rel="icon" href="data:,";
                "\n" link rel="stylesheet" href="display.css";
                "\n" script src="display.js" defer {}
                "\n"
            }
            "\n"
            body {
                "\n"
                main id="screen" data-offset=(offset) data-separator=(words.clock_separator)
                    data-today=(today.iso().as_str()) data-shown=(shown.iso().as_str()) {
                    "\n"
                    header class="place" {
                        h1 { (place.name.as_str()) }
                        " " p { (place.province.as_str()) " · " (label) }
                    }
                    "\n"
                    section class="now" aria-label=(texts.clock) {
                        "\n"
                        p class="clock" { time id="clock" {} span class="zone" { (label) } }
                        "\n"
                        @for (day, _) in &days {
                            (dates(page, *day))
                        }
                        p class="next-up" {
                            span class="label" { (texts.next_up) } " "
                            b class="name" { (words.prayer_name(prayer_next)) } " "
                            span class="at" { (clock(words, zone, Some(next_at))) }
                        }
                        "\n"
                        p class="left" { span class="vh" { (texts.countdown) ": " } span id="left" {} }
                        "\n"
                    }
                    "\n"
                    section class="times" aria-label=(words.prayer) {
                        "\n"
                        @for (day, row) in &days {
                            (times(page, zone, (*day, row), next))
                        }
                    }
                    "\n"
                    footer {
                        (words.method) ": " (method_numbers(words, &method))
                        @if !own { " (" (words.method_fallback) ")" }
                        " · " (words.calendar) ": " (page.lang.name(page.scope.chain))
                    }
                    "\n"
                }
                "\n"
            }
            "\n"
        }
        "\n"
    }
    .into_string())
}

/// The dates of `day`: Masehi, Hijri in the calendar shown (an estimate marked `≈`), the
/// weekday, pasaran and Javanese date, and its observances and days off; hidden but today.
fn dates(page: &Page, day: Date) -> Markup {
    let words = page.words;
    let chain = page.scope.chain;
    let hijri = chain.to_hijri(day);
    html! {
        div class="dates" data-day=(day.iso().as_str()) hidden[day != page.today] {
            "\n" p class="masehi" { (time(day, &words.long_date(day))) }
            @if let Some((hijri, month)) = hijri {
                "\n"
                p class="hijri" {
                    @if chain.tier_of_day(month, day) != Tier::Published { "≈ " }
                    (words.hijri(hijri)) " " small { (chain.names.short.as_str()) }
                }
            }
            "\n"
            p class="jawa" {
                (words.weekday(day.weekday())) " " (Pasaran::of(day).name())
                @if let Some(javanese) = JavaneseDate::of(day) {
                    " · " (words.javanese_date(javanese))
                }
            }
            "\n" (notes(page, day))
        }
        "\n"
    }
}

/// The observances of `day` in the calendar shown and its days off (a national holiday
/// that an observance of the day already names by its kind alone), if any.
fn notes(page: &Page, day: Date) -> Markup {
    let chain = page.scope.chain;
    let found = between(chain, grid::named(), day.add_days(-LONGEST), day).unwrap_or_default();
    let found: Vec<_> = found
        .into_iter()
        .filter(|f| (f.first..=f.last()).contains(&day))
        .collect();
    let offs = off::between(page, day, day);
    let named = |slug: Option<&str>| {
        found
            .iter()
            .any(|f| Some(f.occurrence.observance.slug) == slug)
    };
    html! {
        @if !found.is_empty() || !offs.is_empty() {
            p class="notes" {
                @for (i, f) in found.iter().enumerate() {
                    @if i > 0 { " · " }
                    span class="o" { (page.words.observance(f.occurrence.observance)) }
                }
                @for (i, off) in offs.iter().enumerate() {
                    @if i > 0 || !found.is_empty() { " · " }
                    span class=(off::class(off.kind)) {
                        @match off.kind {
                            DayKind::LiburNasional => {
                                @if !named(off.holiday.and_then(|h| h.observance)) {
                                    (off::full_name(page, off)) ", "
                                }
                                (page.words.holiday)
                            }
                            DayKind::CutiBersama => { (off::full_name(page, off)) }
                        }
                        @if off.predicted { " (" (page.words.predicted) ")" }
                    }
                }
            }
            "\n"
        }
    }
}

/// The times of `day` in `zone` (imsak only in Ramadan, in the calendar shown), each with
/// its UTC instant; the five prayers marked as such and the `next` one marked in words;
/// hidden but the list of the next prayer's day; headed by its date, `Besok` on tomorrow's.
fn times(page: &Page, zone: Zone, (day, row): (Date, &[Option<i64>; 8]), next: Moment) -> Markup {
    let words = page.words;
    let texts = texts(page.lang);
    let ramadan = page
        .scope
        .chain
        .to_hijri(day)
        .is_some_and(|(hijri, _)| hijri.month == RAMADAN);
    let listed = IMSAKIYAH_TIMES
        .into_iter()
        .filter(|p| ramadan || *p != Prayer::Imsak);
    html! {
        div class="day" data-day=(day.iso().as_str()) hidden[day != next.day] {
            "\n"
            h2 {
                span class="tomorrow" hidden[day != page.today.add_days(1)] { (texts.tomorrow) " · " }
                (time(day, &words.short_date(day)))
            }
            "\n"
            ol {
                "\n"
                @for prayer in listed {
                    @let is_next = (day, prayer) == (next.day, next.prayer);
                    li class={ (prayer.name()) @if PRAYERS.contains(&prayer) { " prayer" } @if is_next { " next" } }
                        data-at=[at(row, prayer)] {
                        span class="k" { (words.prayer_name(prayer)) }
                        " " span class="t" { (clock(words, zone, at(row, prayer))) }
                        @if is_next { " " span class="mark" { (texts.next_mark) } }
                    }
                    "\n"
                }
            }
            "\n"
        }
        "\n"
    }
}
