//! The days off beside the calendar shown (tanggal merah): the national holidays and cuti
//! bersama of the archive (decreed, or predicted after the last decree), on the grid's days,
//! beside an observance of the lists ("libur nasional: …; cuti bersama: …") and as entries of
//! their own in the month's list. Their names come from the holiday vocabulary
//! (`hijri::holiday`) by the archive's slugs; a day of a predicted year says so.

use hijri::date::Date;
use hijri::holiday::{self, Holiday};
use hijri::schema::DayKind;
use hijri_view::answers::events::Found;
use hijri_view::answers::holidays::names;

use maud::{html, Markup};

use crate::html::time;
use crate::page::Page;
use crate::words::Lang;

/// How far from an observance's days its holiday's days off may lie (days): cuti bersama
/// come up to a week before and after (7 April 2025 after Idul Fitri on 31 March), another
/// calendar's date a day or two away; the same holiday comes again only a year later.
const NEAR: i32 = 14;

/// One day off.
#[derive(Clone, Copy)]
pub struct Off<'r> {
    /// The day.
    pub date: Date,
    /// National holiday or cuti bersama.
    pub kind: DayKind,
    /// The holiday's slug (of the holiday a cuti bersama accompanies).
    pub slug: &'r str,
    /// The holiday, if the vocabulary knows the slug.
    pub holiday: Option<&'static Holiday>,
    /// True in a year without a decree.
    pub predicted: bool,
}

impl Off<'_> {
    /// True if the day honours (or accompanies the holiday of) observance `slug`.
    fn honours(&self, slug: &str) -> bool {
        self.holiday.and_then(|h| h.observance) == Some(slug)
    }

    /// True if `next` continues the range that begins with this day and ends on `last`: the
    /// day after it, of the same holiday and kind.
    fn continued_by(&self, last: Date, next: &Off) -> bool {
        next.date == last.add_days(1) && next.kind == self.kind && next.slug == self.slug
    }
}

/// The days off from `first` to `last`, in date order (a day with two records gives both).
pub fn between<'r>(page: &Page<'r>, first: Date, last: Date) -> Vec<Off<'r>> {
    let dataset = page.base.dataset;
    let mut found = Vec::new();
    for year in first.ymd().0..=last.ymd().0 {
        let Some(days) = dataset.holiday_year(year) else {
            continue;
        };
        for day in days.days.iter() {
            let date = Date(day.date.to_native());
            if (first..=last).contains(&date) {
                found.push(Off {
                    date,
                    kind: day.kind.get(),
                    slug: day.slug.as_str(),
                    holiday: holiday::by_slug(&day.slug),
                    predicted: days.predicts(day),
                });
            }
        }
    }
    found
}

/// The days off near `found` that honour its observance (its holiday and the cuti bersama
/// around it), from `offs`.
pub fn of_observance<'o, 'r>(offs: &'o [Off<'r>], found: &Found) -> Vec<&'o Off<'r>> {
    let slug = found.occurrence.observance.slug;
    let near = found.first.add_days(-NEAR)..=found.last().add_days(NEAR);
    offs.iter()
        .filter(|off| off.honours(slug) && near.contains(&off.date))
        .collect()
}

/// The days off from `first` to `last` and the `NEAR` days around them: those the grid's
/// cells and its observances' lines may show.
pub fn around<'r>(page: &Page<'r>, first: Date, last: Date) -> Vec<Off<'r>> {
    between(page, first.add_days(-NEAR), last.add_days(NEAR))
}

/// How far ahead the next day off is looked for (days): every year has days off.
const AHEAD: i32 = 400;

/// The next day off from `from` on (`from` included) with the last date of its range (of
/// one holiday and kind); `None` after the last year of days off.
pub fn next<'r>(page: &Page<'r>, from: Date) -> Option<(Off<'r>, Date)> {
    let offs = between(page, from, from.add_days(AHEAD));
    let refs: Vec<&Off> = offs.iter().collect();
    ranges(&refs).first().map(|(first, last)| (**first, *last))
}

/// `offs` (in date order) as ranges of consecutive days of one holiday and kind: the first
/// day and the last date.
pub fn ranges<'o, 'r>(offs: &[&'o Off<'r>]) -> Vec<(&'o Off<'r>, Date)> {
    let mut ranges: Vec<(&Off, Date)> = Vec::new();
    for off in offs {
        match ranges.last_mut() {
            Some((first, last)) if first.continued_by(*last, off) => *last = off.date,
            _ => ranges.push((off, off.date)),
        }
    }
    ranges
}

/// The kind's words: `libur nasional` or `cuti bersama` in the page's language.
fn kind_words(page: &Page, kind: DayKind) -> &'static str {
    match kind {
        DayKind::LiburNasional => page.words.holiday,
        DayKind::CutiBersama => page.words.leave,
    }
}

/// The kind's class: `off` (a national holiday, the red day) or `leave` (cuti bersama).
pub fn class(kind: DayKind) -> &'static str {
    match kind {
        DayKind::LiburNasional => "off",
        DayKind::CutiBersama => "leave",
    }
}

/// The holiday's name in the page's language (its slug if the vocabulary lacks it).
pub fn name<'r>(page: &Page, off: &Off<'r>) -> &'r str {
    match (off.holiday, page.lang) {
        (Some(h), Lang::Id) => h.name,
        (Some(h), Lang::En) => h.name_en,
        (None, _) => off.slug,
    }
}

/// ` <span class="tag">perkiraan, belum ada SKB</span>` if any of `offs` is predicted.
fn predicted_tag(page: &Page, offs: &[&Off]) -> Markup {
    html! {
        @if offs.iter().any(|off| off.predicted) {
            " " span class="tag" { (page.words.predicted) }
        }
    }
}

/// A range of days: `Rabu 10 Mar–Kamis 11 Mar` (one day alone).
fn short_range(page: &Page, first: Date, last: Date) -> Markup {
    let words = page.words;
    html! {
        (time(first, &words.short_date(first)))
        @if last != first {
            "–" (time(last, &words.short_date(last)))
        }
    }
}

/// The line under an observance of a list with its days off: `libur nasional: Rabu 10
/// Mar–Kamis 11 Mar · cuti bersama: Selasa 9 Mar, Jumat 12 Mar`, and whether they are
/// predicted; nothing if it has none.
pub fn beside(page: &Page, offs: &[&Off]) -> Markup {
    let kinds: Vec<(DayKind, Vec<&Off>)> = DayKind::ALL
        .into_iter()
        .map(|kind| {
            (
                kind,
                offs.iter()
                    .copied()
                    .filter(|o| o.kind == kind)
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, of_kind)| !of_kind.is_empty())
        .collect();
    html! {
        @if !offs.is_empty() {
            span class="split days-off" {
                @for (k, (kind, of_kind)) in kinds.iter().enumerate() {
                    @if k > 0 { " · " }
                    span class=(class(*kind)) { (kind_words(page, *kind)) } ": "
                    @for (i, (off, last)) in ranges(of_kind).into_iter().enumerate() {
                        @if i > 0 { ", " }
                        (short_range(page, off.date, last))
                    }
                }
                (predicted_tag(page, offs))
            }
        }
    }
}

/// The day's name in the page's language as the answers give it: the holiday's name, or
/// "Cuti bersama …" with the holiday it accompanies.
pub fn full_name(page: &Page, off: &Off) -> String {
    let (id, en) = names(off.holiday, off.kind);
    match page.lang {
        Lang::Id => id,
        Lang::En => en,
    }
}

/// An entry of the month's list for days off that no observance of the list names (a range
/// of one holiday and kind): its days, its name with its kind, and whether it is predicted.
pub fn entry(page: &Page, off: &Off, last: Date) -> Markup {
    let words = page.words;
    let name = full_name(page, off);
    html! {
        li {
            (time(off.date, &words.long_date(off.date)))
            @if last != off.date {
                " – " (time(last, &words.long_date(last)))
            }
            ": "
            @match off.kind {
                // "Hari Suci Nyepi — libur nasional".
                DayKind::LiburNasional => { (name) " — " span class="off" { (words.holiday) } }
                // "Cuti bersama Wafat Yesus Kristus", as the decrees name it.
                DayKind::CutiBersama => { span class="leave" { (name) } }
            }
            (predicted_tag(page, &[off]))
        }
        "\n"
    }
}

/// The class of a grid cell with the days off `offs` (of that day): `libur` (the red day)
/// if one is a national holiday, else `cuti` if one is a cuti bersama.
pub fn cell_class(offs: &[&Off]) -> Option<&'static str> {
    if offs.iter().any(|o| o.kind == DayKind::LiburNasional) {
        Some("libur")
    } else if offs.is_empty() {
        None
    } else {
        Some("cuti")
    }
}

/// The texts of a grid cell's days off: a national holiday's name (only its kind when
/// `named` says an observance of the cell already names it) and its kind for screen
/// readers; a cuti bersama as such. The cell's class draws the red day.
pub fn cell(page: &Page, offs: &[&Off], named: impl Fn(&str) -> bool) -> Markup {
    html! {
        @for off in offs {
            @let kind = kind_words(page, off.kind);
            span class=(class(off.kind)) {
                @match off.kind {
                    DayKind::LiburNasional => {
                        @if off.holiday.and_then(|h| h.observance).is_some_and(&named) {
                            (kind)
                        } @else {
                            (name(page, off)) span class="vh" { " (" (kind) ")" }
                        }
                    }
                    DayKind::CutiBersama => { (kind) }
                }
                @if off.predicted {
                    span class="vh" { " (" (page.words.predicted) ")" }
                }
            }
        }
    }
}
