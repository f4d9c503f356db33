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

use crate::html::{markup, Html};
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
fn predicted_tag(html: &mut Html, page: &Page, offs: &[&Off]) {
    if offs.iter().any(|off| off.predicted) {
        html.raw(" <span class=\"tag\">")
            .text(page.words.predicted)
            .raw("</span>");
    }
}

/// A range of days: `Rabu 10 Mar–Kamis 11 Mar` (one day alone).
fn short_range(html: &mut Html, page: &Page, first: Date, last: Date) {
    let words = page.words;
    html.time(first, &words.short_date(first));
    if last != first {
        html.raw("–").time(last, &words.short_date(last));
    }
}

/// The line under an observance of a list with its days off: `libur nasional: Rabu 10
/// Mar–Kamis 11 Mar · cuti bersama: Selasa 9 Mar, Jumat 12 Mar`, and whether they are
/// predicted; nothing if it has none.
pub fn beside(html: &mut Html, page: &Page, offs: &[&Off]) {
    if offs.is_empty() {
        return;
    }
    html.raw("<span class=\"split days-off\">");
    let mut first_kind = true;
    for kind in DayKind::ALL {
        let of_kind: Vec<&Off> = offs.iter().copied().filter(|o| o.kind == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        if !first_kind {
            html.raw(" · ");
        }
        first_kind = false;
        html.template(markup!("<span class=\"{}\">", class(kind)))
            .text(kind_words(page, kind))
            .raw("</span>: ");
        for (i, (off, last)) in ranges(&of_kind).into_iter().enumerate() {
            if i > 0 {
                html.raw(", ");
            }
            short_range(html, page, off.date, last);
        }
    }
    predicted_tag(html, page, offs);
    html.raw("</span>");
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
pub fn entry(html: &mut Html, page: &Page, off: &Off, last: Date) {
    let words = page.words;
    html.raw("<li>").time(off.date, &words.long_date(off.date));
    if last != off.date {
        html.raw(" – ").time(last, &words.long_date(last));
    }
    let name = full_name(page, off);
    html.raw(": ");
    match off.kind {
        // "Hari Suci Nyepi — libur nasional".
        DayKind::LiburNasional => {
            html.text(&name)
                .raw(" — <span class=\"off\">")
                .text(page.words.holiday)
                .raw("</span>");
        }
        // "Cuti bersama Wafat Yesus Kristus", as the decrees name it.
        DayKind::CutiBersama => {
            html.raw("<span class=\"leave\">")
                .text(&name)
                .raw("</span>");
        }
    }
    predicted_tag(html, page, &[off]);
    html.raw("</li>\n");
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
pub fn cell(html: &mut Html, page: &Page, offs: &[&Off], named: impl Fn(&str) -> bool) {
    for off in offs {
        let kind = kind_words(page, off.kind);
        html.template(markup!("<span class=\"{}\">", class(off.kind)));
        match off.kind {
            DayKind::LiburNasional => {
                let observance = off.holiday.and_then(|h| h.observance);
                if observance.is_some_and(&named) {
                    html.text(kind);
                } else {
                    html.text(name(page, off))
                        .raw("<span class=\"vh\"> (")
                        .text(kind)
                        .raw(")</span>");
                }
            }
            DayKind::CutiBersama => {
                html.text(kind);
            }
        }
        if off.predicted {
            html.raw("<span class=\"vh\"> (")
                .text(page.words.predicted)
                .raw(")</span>");
        }
        html.raw("</span>");
    }
}
