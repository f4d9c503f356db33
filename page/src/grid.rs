//! The month grid of the calendar shown: Gregorian weeks from Monday, the Hijri day in every
//! cell, the first day of each Hijri month named, observances named, computed days marked,
//! and the days where another calendar starts a month or keeps an observance on another day;
//! a Gregorian month (`calendar=gregorian&year=&month=`, or a `year` from 1900 without
//! `calendar`) or a Hijri month (`calendar=hijri`, the default as in `/api/v1/month`), with
//! the months before and after and a jump to any month; then the month's observances in
//! date order, ranges as ranges, with the other calendars' days where they differ.

use hijri::date::Date;
use hijri::javanese::JavaneseDate;
use hijri::observance::Selection;
use hijri::schema::{ArchivedChain, DayKind, Tier};
use hijri_view::answers::events::{between, Found};
use hijri_view::{coverage, ErrorCode, Refusal};

use crate::html::{markup, Html};
use crate::off::{self, Off};
use crate::others::{self, Mark};
use crate::page::Page;
use crate::view::View;
use crate::words::Words;
use crate::{cells, jadwal, navigation};

/// The observances the grid names: the default set and the extra one (not the white days,
/// which would mark three days of every month).
fn named() -> Selection {
    Selection::parse("extra").unwrap_or(Selection::DEFAULT)
}

/// The grid section.
pub fn section(html: &mut Html, page: &Page) -> Result<(), Refusal> {
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

    html.raw("<section id=\"month\" aria-labelledby=\"month-title\">\n<h2 id=\"month-title\">")
        .text(words.month)
        .raw(": ")
        .text(&view.title(words))
        .raw("</h2>\n");
    navigation::navigation(html, page);
    html.raw("<table class=\"grid\">\n<caption>")
        .text(&caption(chain, words, view, first, last))
        .raw("</caption>\n");
    cells::weekday_heads(html, words);
    let (mut computed, mut fasting) = (false, false);
    let mut day = start;
    while day <= end {
        if cells::monday_index(day) == 0 {
            html.raw("<tr>");
        }
        let (c, f) = cell(html, page, (&found, &marks, &offs), day, (first, last));
        computed |= c;
        fasting |= f;
        if cells::monday_index(day) == 6 {
            html.raw("</tr>\n");
        }
        day = day.add_days(1);
    }
    html.raw("</tbody>\n</table>\n");
    let shown: Vec<&Off> = offs
        .iter()
        .filter(|o| (start..=end).contains(&o.date))
        .collect();
    legend(html, page, (computed, !marks.is_empty(), fasting), &shown);
    listed(html, page, &found, &offs, (first, last));
    html.raw("</section>\n");
    Ok(())
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

/// One day's cell, with its days off, the marks of the other calendars on it and in
/// Ramadan the place's imsak and maghrib; returns whether the day is computed and whether
/// it shows the times.
fn cell(
    html: &mut Html,
    page: &Page,
    (found, marks, offs): (&[Found], &[Mark], &[Off]),
    day: Date,
    (first, last): (Date, Date),
) -> (bool, bool) {
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
    html.raw("<td");
    if !classes.is_empty() {
        html.template(markup!(" class=\"{}\"", classes.join(" ")));
    }
    if day == page.today {
        html.raw(" aria-current=\"date\"");
    }
    let (_, _, d) = day.ymd();
    html.raw(">").time(day, &d.to_string());
    cells::pasaran(html, day);
    if let Some((h, _)) = hijri {
        html.raw("<span class=\"h\">");
        if computed {
            html.raw("≈");
        }
        if h.day == 1 || day == first {
            html.template(markup!("{} ", h.day))
                .raw("<b>")
                .text(words.hijri_month(h.month_of_year()))
                .raw("</b>");
        } else {
            html.template(markup!("{}", h.day));
        }
        html.raw("</span>");
    }
    let fasting = jadwal::fast_times(html, page, day, hijri.map(|(h, _)| h));
    for f in &named {
        html.raw("<span class=\"o\">")
            .text(words.observance(f.occurrence.observance))
            .raw("</span>");
    }
    if JavaneseDate::of(day).is_some_and(|j| j.day() == 1 && j.month().number() == 1) {
        html.raw("<span class=\"o\">")
            .text(words.javanese_new_year)
            .raw("</span>");
    }
    off::cell(html, page, &off, |slug| {
        named.iter().any(|f| f.occurrence.observance.slug == slug)
    });
    for mark in marked {
        html.raw("<span class=\"x\">");
        if mark.estimated {
            html.raw("≈");
        }
        html.text(&mark.text).raw("</span>");
    }
    html.raw("</td>");
    (computed, fasting)
}

/// The legend of the marks (the computed mark only when the grid has computed days, the
/// other calendars' only when it has theirs, each kind of day off only when it has one, with
/// "predicted" when one of them is; the Ramadan times' place when the grid shows them).
fn legend(
    html: &mut Html,
    page: &Page,
    (computed, others, fasting): (bool, bool, bool),
    offs: &[&Off],
) {
    let words = page.words;
    html.raw("<ul class=\"legend\">")
        .raw("<li><span class=\"key now\"></span>")
        .text(words.legend_today)
        .raw("</li><li><span class=\"key first\"></span>")
        .text(words.legend_first)
        .raw("</li><li><span class=\"key obs\"></span>")
        .text(words.legend_observance)
        .raw("</li>");
    for (kind, class, text) in [
        (DayKind::LiburNasional, "off", words.holiday),
        (DayKind::CutiBersama, "leave", words.leave),
    ] {
        let of_kind: Vec<&&Off> = offs.iter().filter(|o| o.kind == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        html.template(markup!(
            "<li><span class=\"key {}\" aria-hidden=\"true\">1</span>",
            class
        ))
        .text(text);
        if of_kind.iter().any(|o| o.predicted) {
            html.raw(" (").text(words.predicted).raw(")");
        }
        html.raw("</li>");
    }
    if others {
        html.raw("<li><span class=\"key alt\"></span>")
            .text(words.legend_other)
            .raw("</li>");
    }
    if computed {
        html.raw("<li><span class=\"key est\">≈</span>")
            .text(words.legend_computed)
            .raw("</li>");
    }
    if fasting {
        jadwal::legend(html, page);
    }
    html.raw("</ul>\n");
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
fn listed(
    html: &mut Html,
    page: &Page,
    found: &[Found],
    offs: &[Off],
    (first, last): (Date, Date),
) {
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
    if entries.is_empty() {
        return;
    }
    entries.sort_by_key(Entry::first);
    html.raw("<h3>")
        .text(words.in_this_month)
        .raw("</h3>\n<ul class=\"listed\">\n");
    for entry in entries {
        let (f, days) = match entry {
            Entry::Observance(f, days) => (f, days),
            Entry::Off(off, last) => {
                off::entry(html, page, off, last);
                continue;
            }
        };
        let o = f.occurrence;
        html.raw("<li>").time(f.first, &words.long_date(f.first));
        if f.last() != f.first {
            html.raw(" – ").time(f.last(), &words.long_date(f.last()));
        }
        html.raw(": ")
            .text(words.observance(o.observance))
            .raw(" (")
            .text(&words.hijri_days(o.month, o.first_day, o.last_day))
            .raw(")");
        if f.tier != Tier::Published {
            html.raw(" <span class=\"tag\">")
                .text(words.estimate)
                .raw("</span>");
        }
        off::beside(html, page, &days);
        others::side_by_side(html, page, f);
        html.raw("</li>\n");
    }
    html.raw("</ul>\n");
}
