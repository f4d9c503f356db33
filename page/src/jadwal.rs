//! The page's prayer times for a place chosen by `place` (a kode wilayah from
//! `/api/v1/places`, kept in the page's links like its other parameters): the "Jadwal
//! sholat" section (today's eight times by the method of the calendar shown, the prayer
//! under way and the next one marked in words at the page's instant, the next one's time
//! with a countdown the script fills, the place's name, a link to its imsakiyah, and a form
//! to choose a place, which works without a script; the script adds "Gunakan lokasi saya"
//! and forgetting the place it remembers), and in Ramadan the imsak and maghrib of every day
//! of the month grid. The times are the archive's published minutes
//! (`hijri_view::answers::prayer`), written in the place's civil time; without `place` the
//! section invites a choice and no time is guessed.

use chrono::{DateTime, Offset, TimeZone, Utc};
use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table;
use hijri::schema::{ArchivedDataset, ArchivedPrayerPlace};
use hijri_view::answers::prayer::{self, method_of, Moment};

use maud::{html, Markup};

use crate::falak;
use crate::html::{clock, degrees, time};
use crate::links;
use crate::now::{self, Mark};
use crate::page::Page;
use crate::place::Chosen;
use crate::words::Words;

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

/// A published time of a day, from the archive's row.
pub fn at(row: &[Option<i64>; 8], prayer: Prayer) -> Option<i64> {
    row.get(prayer.index()).copied().flatten()
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
pub fn section(page: &Page) -> Markup {
    let words = page.words;
    html! {
        section id="prayer" class="prayer" aria-labelledby="prayer-title"
            data-place=[page.place.map(|chosen| chosen.place.id.as_str())] {
            "\n"
            @match page.place {
                Some(chosen) => {
                    h2 id="prayer-title" { (words.prayer) ": " (chosen.place.name.as_str()) }
                    "\n" (today(page, chosen))
                }
                None => {
                    h2 id="prayer-title" { (words.prayer) }
                    "\n" p { (words.prayer_intro) } "\n"
                }
            }
            (form(page))
        }
        "\n"
    }
}

/// Today's times at `chosen` with the prayer under way and the next marked, the next one
/// and its countdown, its province and zone, the method, and the imsakiyah link.
fn today(page: &Page, chosen: Chosen) -> Markup {
    let words = page.words;
    let place = chosen.place;
    let (method, own) = method_of(page.scope.chain);
    let zone = prayer::zone(place);
    let row = prayer_table::published_day(page.base.dataset, chosen.index, &method, page.today);
    let ramadan = coming_ramadan(page.scope.chain, page.today);
    let around = now::around(page);
    html! {
        p class="where" {
            (place.province.as_str()) " · " (time(page.today, &words.long_date(page.today)))
            " · " (zone_label(place, page.now))
        }
        "\n"
        @if let Some(row) = row {
            ol class="times" data-now=(words.prayer_now) data-next=(words.prayer_next) {
                @for prayer in Prayer::ALL {
                    @let mark = Mark::of(around, page.today, prayer);
                    @let seconds = at(&row, prayer).filter(|_| now::is_prayer(prayer));
                    li class={ (prayer.name()) @if let Some(mark) = mark { " " (mark.class()) } }
                        data-at=[seconds.map(now::utc)]
                        aria-current=[(mark == Some(Mark::Current)).then_some("time")] {
                        span class="k" { (words.prayer_name(prayer)) }
                        " " span class="t" { (clock(words, zone, at(&row, prayer))) }
                        @if let Some(mark) = mark {
                            " " span class="mark" {
                                @if mark == Mark::Current { (words.prayer_now) } @else { (words.prayer_next) }
                            }
                        }
                    }
                }
            }
            "\n" (next_line(page, chosen, around.map(|(_, next)| next)))
        } @else {
            p { (words.prayer_outside) } "\n"
        }
        p class="how" {
            (words.method) ": " (method_numbers(words, &method))
            @if !own { " (" (words.method_fallback) ")" }
            @if let Some(year) = ramadan {
                " · "
                a href=(links::imsakiyah(place, year, page.scope.chain.id.as_str())) {
                    (words.imsakiyah) " Ramadhan " (year) " " (words.lang.era())
                }
            }
        }
        "\n"
        (falak::section(page, chosen))
    }
}

/// `Sholat berikutnya: Ashar 15.12`, with an empty countdown the script fills; it carries
/// tomorrow's subuh, the next prayer once today's isya has passed.
fn next_line(page: &Page, chosen: Chosen, next: Option<Moment>) -> Markup {
    let words = page.words;
    let zone = prayer::zone(chosen.place);
    let (method, _) = method_of(page.scope.chain);
    let day = page.today.add_days(1);
    let tomorrow = prayer_table::published_day(page.base.dataset, chosen.index, &method, day)
        .and_then(|row| at(&row, Prayer::Subuh))
        .map(|seconds| Moment {
            day,
            prayer: Prayer::Subuh,
            seconds,
        });
    html! {
        @if let Some(next) = next {
            p id="next-prayer" class="next" data-tomorrow=[tomorrow.map(|m| now::utc(m.seconds))]
                data-tomorrow-name=[tomorrow.map(|m| now::name(words, m, page.today))]
                data-tomorrow-time=[tomorrow.map(|m| clock(words, zone, Some(m.seconds)))] {
                (words.next_prayer) ": " b { (now::name(words, next, page.today)) }
                " " span class="t" { (clock(words, zone, Some(next.seconds))) }
                span class="left" hidden { " · " (words.in_time) " " span role="timer" {} }
            }
            "\n"
        }
    }
}

/// `Kemenag (Bimas Islam): subuh −20°, isya −18°`: the method's name and its two
/// twilight altitudes.
pub fn method_numbers(words: &Words, method: &Method) -> Markup {
    html! {
        (method.name) " — " (words.prayer_name(Prayer::Subuh)) " "
        (degrees(method.subuh_altitude_deg, words.lang)) ", "
        (words.prayer_name(Prayer::Isya)) " " (degrees(method.isya_altitude_deg, words.lang))
    }
}

/// The place form: a `<select>` of every place by province, the page's other choices kept
/// as hidden fields, submitted to the page itself.
fn form(page: &Page) -> Markup {
    let words = page.words;
    // The month or year shown stays shown.
    let view = page.view.query();
    let shown: Vec<(&str, &str)> = if page.chosen_view {
        view.split('&')
            .filter_map(|pair| pair.split_once('='))
            .collect()
    } else {
        Vec::new()
    };
    html! {
        form class="jump place" method="get" action="./" {
            (page.hidden(false))
            @for (name, value) in &shown {
                input type="hidden" name=(name) value=(value);
            }
            label class="what" for="place" { (words.place) }
            " " (select(page.base.dataset, page.place.map(|c| c.index), words.choose_place))
            " " button type="submit" { (words.show) }
            // Shown by the script when the browser can locate it, or a place is shown.
            " " button type="button" id="locate" hidden data-locating=(words.locating)
                data-denied=(words.locate_denied) data-failed=(words.locate_failed)
                data-far=(words.locate_far) { (words.locate) }
            @if page.place.is_some() {
                " " button type="button" id="forget" hidden { (words.forget_place) }
            }
        }
        "\n" p id="locate-status" class="located" role="status" {} "\n"
    }
}

/// `<select id="place" name="place" required>`: a blank first choice, then every place of
/// the archive grouped by province (provinces and places in alphabetical order), `selected`
/// marked.
pub fn select(dataset: &ArchivedDataset, selected: Option<usize>, blank: &str) -> Markup {
    let mut sorted: Vec<(usize, &ArchivedPrayerPlace)> =
        dataset.places.iter().enumerate().collect();
    sorted.sort_by(|(_, a), (_, b)| {
        (a.province.as_str(), a.name.as_str()).cmp(&(b.province.as_str(), b.name.as_str()))
    });
    let mut provinces: Vec<(&str, Vec<(usize, &ArchivedPrayerPlace)>)> = Vec::new();
    for (index, place) in sorted {
        match provinces.last_mut() {
            Some((province, places)) if *province == place.province.as_str() => {
                places.push((index, place));
            }
            _ => provinces.push((place.province.as_str(), vec![(index, place)])),
        }
    }
    html! {
        select id="place" name="place" required {
            option value="" { (blank) }
            @for (province, places) in &provinces {
                optgroup label=(province) {
                    @for (index, place) in places {
                        option value=(place.id.as_str()) selected[selected == Some(*index)] { (place.name.as_str()) }
                    }
                }
            }
        }
    }
}

/// In a grid cell of a Ramadan day (in the calendar shown), with a place chosen: its imsak
/// and maghrib, small; `None` on other days.
pub fn fast_times(page: &Page, day: Date, hijri: Option<HijriDate>) -> Option<Markup> {
    let chosen = page.place?;
    if hijri.is_none_or(|h| h.month != RAMADAN) {
        return None;
    }
    let (method, _) = method_of(page.scope.chain);
    let row = prayer_table::published_day(page.base.dataset, chosen.index, &method, day)?;
    let words = page.words;
    let zone = prayer::zone(chosen.place);
    Some(html! {
        @for prayer in [Prayer::Imsak, Prayer::Maghrib] {
            span class={ "s " (prayer.name()) } {
                span class="k" { (words.prayer_name(prayer)) }
                " " (clock(words, zone, at(&row, prayer)))
            }
        }
    })
}

/// The legend's line for the Ramadan times of the grid: which two times, where, in what zone.
pub fn legend(page: &Page) -> Markup {
    html! {
        @if let Some(chosen) = page.place {
            li class="fast" {
                (page.words.legend_fast) " " (chosen.place.name.as_str())
                " (" (zone_label(chosen.place, page.now)) ")"
            }
        }
    }
}
