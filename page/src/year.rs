//! The printable year (`view=year`): the twelve Gregorian months of a year on one page (one
//! A4 page in landscape when printed), each day with its pasaran, the red days (libur
//! nasional) and cuti bersama as the month grid draws them, the first day of each Hijri month
//! of the calendar shown; under each month its days off by name and its Hijri month starts.

use hijri::date::{days_in_month, Date};
use hijri::schema::{DayKind, Tier};
use hijri_view::{coverage, ErrorCode, Refusal};

use maud::{html, Markup};

use crate::html::time;
use crate::off::{self, Off};
use crate::page::Page;
use crate::view::View;
use crate::words::Words;
use crate::{cells, frame, navigation};

/// One line under a month: a Hijri month start, a national holiday (a range), or the month's
/// cuti bersama together; each by its first day.
enum Note<'o, 'r> {
    /// The first day of a Hijri month, and whether it is computed.
    Start(Date, bool),
    /// A national holiday from its first day to the last date.
    Holiday(&'o Off<'r>, Date),
    /// The month's cuti bersama, as ranges.
    Leave(Vec<(&'o Off<'r>, Date)>),
}

impl Note<'_, '_> {
    fn first(&self) -> Option<Date> {
        match self {
            Note::Start(date, _) => Some(*date),
            Note::Holiday(off, _) => Some(off.date),
            Note::Leave(ranges) => ranges.first().map(|(off, _)| off.date),
        }
    }
}

/// The year page's document (the Gregorian `year`), or why it cannot be written.
pub fn document(page: &Page, year: i32) -> Result<String, Refusal> {
    Ok(frame::document(page, None, &section(page, year)?))
}

/// The year section: its title, the years before and after, the legend and the twelve months.
fn section(page: &Page, year: i32) -> Result<Markup, Refusal> {
    let chain = page.scope.chain;
    let words = page.words;
    let outside = || coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage);
    let (first, last) = View::Year(year).days(chain).ok_or_else(outside)?;
    // The days shown are served (computed and retro months are recorded as for the API).
    coverage::days(&page.scope, first, last, true, ErrorCode::OutOfCoverage)?;
    let offs = off::between(page, first, last);
    let months = (1..=12).filter_map(|month| {
        let first = Date::from_ymd(year, month, 1)?;
        let length = i32::try_from(days_in_month(year, month)).unwrap_or(0);
        let last = first.add_days(length - 1);
        let of_month: Vec<&Off> = offs
            .iter()
            .filter(|o| (first..=last).contains(&o.date))
            .collect();
        Some(mini(page, (first, last), &of_month))
    });
    Ok(html! {
        section id="year" aria-labelledby="year-title" {
            "\n"
            h1 id="year-title" {
                (words.year_view) " " (year) " "
                span class="sub" { (cells::hijri_span(chain, words, first, last)) " (" (chain.names.short.as_str()) ")" }
            }
            "\n" (navigation::navigation(page))
            (legend(words, &offs))
            div class="year" { "\n" @for month in months { (month) } }
            "\n"
        }
        "\n"
    })
}

/// The legend: the kinds of day off the year has (with "predicted" when they are), the first
/// day of a Hijri month in the calendar shown, a computed month start, the pasaran.
fn legend(words: &Words, offs: &[Off]) -> Markup {
    let kinds: Vec<(DayKind, bool)> = DayKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let of_kind: Vec<&Off> = offs.iter().filter(|o| o.kind == kind).collect();
            (!of_kind.is_empty()).then(|| (kind, of_kind.iter().any(|o| o.predicted)))
        })
        .collect();
    html! {
        ul class="legend" {
            @for (kind, predicted) in &kinds {
                li {
                    span class={ "key " (off::class(*kind)) } aria-hidden="true" { "1" }
                    @match kind {
                        DayKind::LiburNasional => { (words.holiday) }
                        DayKind::CutiBersama => { (words.leave) }
                    }
                    @if *predicted { " (" (words.predicted) ")" }
                }
            }
            li { span class="key first" {} (words.legend_first) }
            li { span class="key est" { "≈" } (words.legend_computed) }
            li { span class="key p" aria-hidden="true" { "Legi" } (words.legend_pasaran) }
        }
        "\n"
    }
}

/// One month: its name (a link to its grid) and Hijri months, its weeks from Monday (each
/// day with its pasaran and marks), and its notes.
fn mini(page: &Page, (first, last): (Date, Date), offs: &[&Off]) -> Markup {
    let chain = page.scope.chain;
    let words = page.words;
    let (year, month, _) = first.ymd();
    let view = View::Gregorian { year, month };
    let mut starts = Vec::new();
    let body = cells::weeks(first, last, |day| {
        if !(first..=last).contains(&day) {
            return html! { td {} };
        }
        let on_day: Vec<&Off> = offs.iter().copied().filter(|o| o.date == day).collect();
        let starting = chain.to_hijri(day).filter(|(h, _)| h.day == 1);
        let mut classes: Vec<&str> = Vec::new();
        if let Some((_, month)) = starting {
            classes.push("first");
            let computed = chain.tier_of_day(month, day) != Tier::Published;
            starts.push(Note::Start(day, computed));
        }
        classes.extend(off::cell_class(&on_day));
        let class = (!classes.is_empty()).then(|| classes.join(" "));
        let current = (day == page.today).then_some("date");
        html! {
            td class=[class] aria-current=[current] {
                (time(day, &day.ymd().2.to_string())) (cells::pasaran(day))
            }
        }
    });
    html! {
        section class="mini" aria-labelledby={ "m" (month) } {
            "\n"
            h2 id={ "m" (month) } {
                a href=(page.href(Some(view))) { (words.month_name(month)) }
                " " span class="sub" { (cells::hijri_span(chain, words, first, last)) }
            }
            "\n"
            table {
                "\n" (cells::weekday_heads(words))
                (body)
                "\n"
            }
            "\n"
            (notes(page, starts, offs))
        }
        "\n"
    }
}

/// The month's notes in date order: its Hijri month starts, its national holidays by name
/// and its cuti bersama on one line; "predicted" once when its days off are.
fn notes<'o, 'r>(page: &Page, mut notes: Vec<Note<'o, 'r>>, offs: &[&'o Off<'r>]) -> Markup {
    let words = page.words;
    let chain = page.scope.chain;
    let holidays: Vec<&Off> = offs
        .iter()
        .copied()
        .filter(|o| o.kind == DayKind::LiburNasional)
        .collect();
    let leave: Vec<&Off> = offs
        .iter()
        .copied()
        .filter(|o| o.kind == DayKind::CutiBersama)
        .collect();
    notes.extend(
        off::ranges(&holidays)
            .into_iter()
            .map(|(off, last)| Note::Holiday(off, last)),
    );
    if !leave.is_empty() {
        notes.push(Note::Leave(off::ranges(&leave)));
    }
    notes.sort_by_key(Note::first);
    html! {
        @if !notes.is_empty() {
            ul class="notes" {
                @for note in &notes {
                    @match note {
                        Note::Start(day, computed) => {
                            li {
                                (day_number(*day, *day)) " "
                                span class="start" {
                                    @if *computed { "≈" }
                                    @if let Some((hijri, _)) = chain.to_hijri(*day) { (words.hijri(hijri)) }
                                }
                            }
                        }
                        Note::Holiday(off, last) => {
                            li class="off" { (day_number(off.date, *last)) " " (off::name(page, off)) }
                        }
                        Note::Leave(ranges) => {
                            li class="leave" {
                                @for (i, (off, last)) in ranges.iter().enumerate() {
                                    @if i > 0 { ", " }
                                    (day_number(off.date, *last))
                                }
                                " " (words.leave)
                            }
                        }
                    }
                }
                @if offs.iter().any(|o| o.predicted) {
                    li class="tag" { (words.predicted) }
                }
            }
            "\n"
        }
    }
}

/// `10` or `10–11`: the days of a range by their numbers, as `<time>`s.
fn day_number(first: Date, last: Date) -> Markup {
    html! {
        (time(first, &first.ymd().2.to_string()))
        @if last != first {
            "–" (time(last, &last.ymd().2.to_string()))
        }
    }
}
