//! The month grid of the calendar shown: Gregorian weeks from Monday, the Hijri day in every
//! cell, the first day of each Hijri month named, observances named, computed days marked,
//! and the days where another calendar starts a month or keeps an observance on another day;
//! a Gregorian month (`calendar=gregorian&year=&month=`, or a `year` from 1900 without
//! `calendar`) or a Hijri month (`calendar=hijri`, the default as in `/api/v1/month`), with
//! the months before and after and a jump to any month; then the month's observances in
//! date order, ranges as ranges, with the other calendars' days where they differ.

use hijri::date::Date;
use hijri::fasting;
use hijri::javanese::JavaneseDate;
use hijri::observance::Selection;
use hijri::schema::{ArchivedChain, DayKind, Tier};
use hijri_view::answers::events::{between, Found};
use hijri_view::{coverage, ErrorCode, Refusal};

use maud::{html, Markup};

use crate::html::time;
use crate::off::{self, Off};
use crate::others::{self, Mark};
use crate::page::Page;
use crate::view::View;
use crate::words::Words;
use crate::{cells, jadwal, navigation};

/// The observances the grid names: the default set and the extra one (not the white days,
/// which would mark three days of every month).
pub fn named() -> Selection {
    Selection::parse("extra").unwrap_or(Selection::DEFAULT)
}

/// The grid section.
pub fn section(page: &Page) -> Result<Markup, Refusal> {
    let chain = page.scope.chain;
    let words = page.words;
    let view = page.view;
    let (first, last) = view
        .days(chain)
        .ok_or_else(|| coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage))?;
    // The days shown are served (computed and retro months are recorded as for the API).
    coverage::days(&page.scope, first, last, true, ErrorCode::OutOfCoverage)?;
    let start = first.add_days(-cells::monday_index(first));
    let end = last.add_days(6 - cells::monday_index(last));
    let (shown_first, shown_last) = (start.max(chain.first_day()), end.min(chain.last_day()));
    let mut found = between(chain, named(), shown_first, shown_last).unwrap_or_default();
    found.sort_by_key(|f| f.first);
    let marks = others::marks(page, named(), shown_first, shown_last);
    let offs = off::around(page, shown_first, shown_last);
    // Each day's cell, with what it shows.
    let (mut computed, mut fasting, mut sunnah) = (false, false, false);
    let body = cells::weeks(first, last, |day| {
        let (markup, shows) = cell(page, (&found, &marks, &offs), day, (first, last));
        computed |= shows.computed;
        fasting |= shows.times;
        sunnah |= shows.sunnah;
        markup
    });
    let shown: Vec<&Off> = offs
        .iter()
        .filter(|o| (start..=end).contains(&o.date))
        .collect();
    Ok(html! {
        section id="month" aria-labelledby="month-title" {
            "\n" h2 id="month-title" { (words.month) ": " (view.title(words)) }
            "\n" (navigation::navigation(page))
            table class="grid" {
                "\n" caption { (caption(chain, words, view, first, last)) }
                "\n" (cells::weekday_heads(words))
                (body)
                "\n"
            }
            "\n"
            (legend(page, (computed, !marks.is_empty(), fasting, sunnah), &shown))
            (listed(page, &found, &offs, (first, last)))
        }
        "\n"
    })
}

/// The caption: the month and the months of the other calendar it touches.
fn caption(chain: &ArchivedChain, words: &Words, view: View, first: Date, last: Date) -> String {
    match view {
        View::Gregorian { .. } => {
            format!(
                "{} · {}",
                view.title(words),
                cells::hijri_span(chain, words, first, last)
            )
        }
        View::Hijri(_) | View::Year(_) => format!(
            "{} · {} – {}",
            view.title(words),
            words.date(first),
            words.date(last)
        ),
    }
}

/// What a cell shows that the legend explains.
struct Shows {
    /// The day is computed.
    computed: bool,
    /// The place's imsak and maghrib.
    times: bool,
    /// A sunnah fast other than Monday's and Thursday's.
    sunnah: bool,
}

/// One day's cell, with its days off, the marks of the other calendars on it, a quiet mark
/// of a sunnah fast (not Monday's and Thursday's, which every week has; its kinds named for
/// screen readers) and in Ramadan the place's imsak and maghrib.
fn cell(
    page: &Page,
    (found, marks, offs): (&[Found], &[Mark], &[Off]),
    day: Date,
    (first, last): (Date, Date),
) -> (Markup, Shows) {
    let chain = page.scope.chain;
    let words = page.words;
    let hijri = chain.to_hijri(day);
    let computed = hijri.is_some_and(|(_, month)| chain.tier_of_day(month, day) != Tier::Published);
    let named: Vec<&Found> = found
        .iter()
        .filter(|f| (f.first..=f.last()).contains(&day))
        .collect();
    let marked: Vec<&Mark> = marks.iter().filter(|m| m.day == day).collect();
    let off: Vec<&Off> = offs.iter().filter(|o| o.date == day).collect();
    let mut classes = Vec::new();
    if !(first..=last).contains(&day) {
        classes.push("out");
    }
    if hijri.is_some_and(|(h, _)| h.day == 1) {
        classes.push("first");
    }
    if !named.is_empty() {
        classes.push("obs");
    }
    if computed {
        classes.push("est");
    }
    if !marked.is_empty() {
        classes.push("alt");
    }
    classes.extend(off::cell_class(&off));
    let class = (!classes.is_empty()).then(|| classes.join(" "));
    let current = (day == page.today).then_some("date");
    let (_, _, d) = day.ymd();
    let fasting = jadwal::fast_times(page, day, hijri.map(|(h, _)| h));
    let sunnah: Vec<&str> = hijri
        .map(|(h, _)| fasting::of_day(h, day.weekday()).kinds)
        .into_iter()
        .flat_map(|kinds| kinds.iter())
        .filter(|kind| kind.id != fasting::WEEKLY)
        .map(|kind| kind.name_in(words.lang.names()))
        .collect();
    let javanese_new_year =
        JavaneseDate::of(day).is_some_and(|j| j.day() == 1 && j.month().number() == 1);
    let markup = html! {
        td class=[class] aria-current=[current] {
            (time(day, &d.to_string()))
            @if !sunnah.is_empty() {
                " " span class="f" { span aria-hidden="true" { "•" } span class="vh" { (sunnah.join(", ")) } }
            }
            (cells::pasaran(day))
            @if let Some((h, _)) = hijri {
                span class="h" {
                    @if computed { "≈" }
                    @if h.day == 1 || day == first {
                        (h.day) " " b { (words.hijri_month(h.month_of_year())) }
                    } @else {
                        (h.day)
                    }
                }
            }
            @if let Some(fasting) = &fasting { (fasting) }
            @for f in &named {
                span class="o" { (words.observance(f.occurrence.observance)) }
            }
            @if javanese_new_year {
                span class="o" { (words.javanese_new_year) }
            }
            (off::cell(page, &off, |slug| {
                named.iter().any(|f| f.occurrence.observance.slug == slug)
            }))
            @for mark in &marked {
                span class="x" {
                    @if mark.estimated { "≈" }
                    (mark.text)
                }
            }
        }
    };
    let shows = Shows {
        computed,
        times: fasting.is_some(),
        sunnah: !sunnah.is_empty(),
    };
    (markup, shows)
}

/// The legend of the marks (the computed mark only when the grid has computed days, the
/// other calendars' only when it has theirs, each kind of day off only when it has one, with
/// "predicted" when one of them is; the Ramadan times' place when the grid shows them).
fn legend(
    page: &Page,
    (computed, others, fasting, sunnah): (bool, bool, bool, bool),
    offs: &[&Off],
) -> Markup {
    let words = page.words;
    let kinds: Vec<(&str, &str, bool)> = [
        (DayKind::LiburNasional, "off", words.holiday),
        (DayKind::CutiBersama, "leave", words.leave),
    ]
    .into_iter()
    .filter_map(|(kind, class, text)| {
        let of_kind: Vec<&&Off> = offs.iter().filter(|o| o.kind == kind).collect();
        (!of_kind.is_empty()).then(|| (class, text, of_kind.iter().any(|o| o.predicted)))
    })
    .collect();
    html! {
        ul class="legend" {
            li { span class="key now" {} (words.legend_today) }
            li { span class="key first" {} (words.legend_first) }
            li { span class="key obs" {} (words.legend_observance) }
            @for (class, text, predicted) in &kinds {
                li {
                    span class={ "key " (class) } aria-hidden="true" { "1" }
                    (text)
                    @if *predicted { " (" (words.predicted) ")" }
                }
            }
            @if others {
                li { span class="key alt" {} (words.legend_other) }
            }
            @if computed {
                li { span class="key est" { "≈" } (words.legend_computed) }
            }
            @if sunnah {
                li { span class="key fast" aria-hidden="true" { "•" } (words.legend_sunnah) }
            }
            @if fasting { (jadwal::legend(page)) }
        }
        "\n"
    }
}

/// One entry of the month's list: an observance, or days off that no observance of the
/// list names (a range of one holiday and kind: its first day and last date).
enum Entry<'f, 'o, 'r> {
    /// An observance with its days off.
    Observance(&'f Found<'f>, Vec<&'o Off<'r>>),
    /// Days off of their own.
    Off(&'o Off<'r>, Date),
}

impl Entry<'_, '_, '_> {
    fn first(&self) -> Date {
        match self {
            Entry::Observance(f, _) => f.first,
            Entry::Off(off, _) => off.date,
        }
    }
}

/// The observances and days off of the month shown, in date order, as a list (the cells
/// name them too; a narrow screen has room only for their mark): a range as a range, an
/// observance with its days off and the other calendars' days where they differ, the days
/// off no observance names on their own.
fn listed(page: &Page, found: &[Found], offs: &[Off], (first, last): (Date, Date)) -> Markup {
    let words = page.words;
    let mut entries: Vec<Entry> = found
        .iter()
        .filter(|f| f.first <= last && f.last() >= first)
        .map(|f| Entry::Observance(f, off::of_observance(offs, f)))
        .collect();
    let beside = |o: &Off| {
        entries.iter().any(|e| match e {
            Entry::Observance(_, days) => days.iter().any(|b| std::ptr::eq(*b, o)),
            Entry::Off(..) => false,
        })
    };
    let alone: Vec<&Off> = offs
        .iter()
        .filter(|o| (first..=last).contains(&o.date) && !beside(o))
        .collect();
    entries.extend(
        off::ranges(&alone)
            .into_iter()
            .map(|(off, last)| Entry::Off(off, last)),
    );
    entries.sort_by_key(Entry::first);
    html! {
        @if !entries.is_empty() {
            h3 { (words.in_this_month) }
            "\n"
            ul class="listed" {
                "\n"
                @for entry in &entries {
                    @match entry {
                        Entry::Off(off, last) => { (off::entry(page, off, *last)) }
                        Entry::Observance(f, days) => {
                            li {
                                (time(f.first, &words.long_date(f.first)))
                                @if f.last() != f.first {
                                    " – " (time(f.last(), &words.long_date(f.last())))
                                }
                                ": " (words.observance(f.occurrence.observance))
                                " (" (words.hijri_days(f.occurrence.month, f.occurrence.first_day, f.occurrence.last_day)) ")"
                                @if f.tier != Tier::Published {
                                    " " span class="tag" { (words.estimate) }
                                }
                                (off::beside(page, days))
                                (others::side_by_side(page, f))
                            }
                            "\n"
                        }
                    }
                }
            }
            "\n"
        }
    }
}
