//! The printable year (`view=year`): the twelve Gregorian months of a year on one page (one
//! A4 page in landscape when printed), each day with its pasaran, the red days (libur
//! nasional) and cuti bersama as the month grid draws them, the first day of each Hijri month
//! of the calendar shown; under each month its days off by name and its Hijri month starts.

use hijri::date::{days_in_month, Date};
use hijri::schema::{DayKind, Tier};
use hijri_view::{coverage, ErrorCode, Refusal};

use crate::html::{markup, Html};
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
    let mut html = Html::with_capacity(64 * 1024);
    section(&mut html, page, year)?;
    Ok(frame::document(page, None, &html.into_markup()))
}

/// The year section: its title, the years before and after, the legend and the twelve months.
fn section(html: &mut Html, page: &Page, year: i32) -> Result<(), Refusal> {
    let chain = page.scope.chain;
    let words = page.words;
    let outside = || coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage);
    let (first, last) = View::Year(year).days(chain).ok_or_else(outside)?;
    // The days shown are served (computed and retro months are recorded as for the API).
    coverage::days(&page.scope, first, last, true, ErrorCode::OutOfCoverage)?;
    let offs = off::between(page, first, last);
    html.raw("<section id=\"year\" aria-labelledby=\"year-title\">\n<h1 id=\"year-title\">")
        .text(words.year_view)
        .template(markup!(" {} <span class=\"sub\">", year))
        .text(&cells::hijri_span(chain, words, first, last))
        .raw(" (")
        .text(&chain.names.short)
        .raw(")</span></h1>\n");
    navigation::navigation(html, page);
    legend(html, words, &offs);
    html.raw("<div class=\"year\">\n");
    for month in 1..=12 {
        let Some(first) = Date::from_ymd(year, month, 1) else {
            continue;
        };
        let length = i32::try_from(days_in_month(year, month)).unwrap_or(0);
        let last = first.add_days(length - 1);
        let of_month: Vec<&Off> = offs
            .iter()
            .filter(|o| (first..=last).contains(&o.date))
            .collect();
        mini(html, page, (first, last), &of_month);
    }
    html.raw("</div>\n</section>\n");
    Ok(())
}

/// The legend: the kinds of day off the year has (with "predicted" when they are), the first
/// day of a Hijri month in the calendar shown, a computed month start, the pasaran.
fn legend(html: &mut Html, words: &Words, offs: &[Off]) {
    html.raw("<ul class=\"legend\">");
    for kind in DayKind::ALL {
        let of_kind: Vec<&Off> = offs.iter().filter(|o| o.kind == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        let text = match kind {
            DayKind::LiburNasional => words.holiday,
            DayKind::CutiBersama => words.leave,
        };
        html.template(markup!(
            "<li><span class=\"key {}\" aria-hidden=\"true\">1</span>",
            off::class(kind)
        ))
        .text(text);
        if of_kind.iter().any(|o| o.predicted) {
            html.raw(" (").text(words.predicted).raw(")");
        }
        html.raw("</li>");
    }
    html.raw("<li><span class=\"key first\"></span>")
        .text(words.legend_first)
        .raw("</li><li><span class=\"key est\">≈</span>")
        .text(words.legend_computed)
        .raw("</li><li><span class=\"key p\" aria-hidden=\"true\">Legi</span>")
        .text(words.legend_pasaran)
        .raw("</li></ul>\n");
}

/// One month: its name (a link to its grid) and Hijri months, its weeks from Monday (each
/// day with its pasaran and marks), and its notes.
fn mini(html: &mut Html, page: &Page, (first, last): (Date, Date), offs: &[&Off]) {
    let chain = page.scope.chain;
    let words = page.words;
    let (year, month, _) = first.ymd();
    let view = View::Gregorian { year, month };
    html.template(markup!(
        "<section class=\"mini\" aria-labelledby=\"m{}\">\n<h2 id=\"m{}\"><a href=\"{}\">",
        month,
        month,
        page.href(Some(view))
    ))
    .text(words.month_name(month))
    .raw("</a> <span class=\"sub\">")
    .text(&cells::hijri_span(chain, words, first, last))
    .raw("</span></h2>\n<table>\n");
    cells::weekday_heads(html, words);
    let mut starts = Vec::new();
    let start = first.add_days(-cells::monday_index(first));
    let end = last.add_days(6 - cells::monday_index(last));
    let mut day = start;
    while day <= end {
        if cells::monday_index(day) == 0 {
            html.raw("<tr>");
        }
        if (first..=last).contains(&day) {
            let on_day: Vec<&Off> = offs.iter().copied().filter(|o| o.date == day).collect();
            let hijri = chain.to_hijri(day);
            let starting = hijri.filter(|(h, _)| h.day == 1);
            let mut classes: Vec<&str> = Vec::new();
            if let Some((_, month)) = starting {
                classes.push("first");
                let computed = chain.tier_of_day(month, day) != Tier::Published;
                starts.push(Note::Start(day, computed));
            }
            classes.extend(off::cell_class(&on_day));
            html.raw("<td");
            if !classes.is_empty() {
                html.template(markup!(" class=\"{}\"", classes.join(" ")));
            }
            if day == page.today {
                html.raw(" aria-current=\"date\"");
            }
            html.raw(">").time(day, &day.ymd().2.to_string());
            cells::pasaran(html, day);
            html.raw("</td>");
        } else {
            html.raw("<td></td>");
        }
        if cells::monday_index(day) == 6 {
            html.raw("</tr>\n");
        }
        day = day.add_days(1);
    }
    html.raw("</tbody>\n</table>\n");
    notes(html, page, starts, offs);
    html.raw("</section>\n");
}

/// The month's notes in date order: its Hijri month starts, its national holidays by name
/// and its cuti bersama on one line; "predicted" once when its days off are.
fn notes<'o, 'r>(html: &mut Html, page: &Page, mut notes: Vec<Note<'o, 'r>>, offs: &[&'o Off<'r>]) {
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
    if notes.is_empty() {
        return;
    }
    notes.sort_by_key(Note::first);
    html.raw("<ul class=\"notes\">");
    for note in &notes {
        match note {
            Note::Start(day, computed) => {
                html.raw("<li>");
                day_number(html, *day, *day);
                html.raw(" <span class=\"start\">");
                if *computed {
                    html.raw("≈");
                }
                if let Some((hijri, _)) = chain.to_hijri(*day) {
                    html.text(&words.hijri(hijri));
                }
                html.raw("</span></li>");
            }
            Note::Holiday(off, last) => {
                html.raw("<li class=\"off\">");
                day_number(html, off.date, *last);
                html.raw(" ").text(off::name(page, off)).raw("</li>");
            }
            Note::Leave(ranges) => {
                html.raw("<li class=\"leave\">");
                for (i, (off, last)) in ranges.iter().enumerate() {
                    if i > 0 {
                        html.raw(", ");
                    }
                    day_number(html, off.date, *last);
                }
                html.raw(" ").text(words.leave).raw("</li>");
            }
        }
    }
    if offs.iter().any(|o| o.predicted) {
        html.raw("<li class=\"tag\">")
            .text(words.predicted)
            .raw("</li>");
    }
    html.raw("</ul>\n");
}

/// `10` or `10–11`: the days of a range by their numbers, as `<time>`s.
fn day_number(html: &mut Html, first: Date, last: Date) {
    html.time(first, &first.ymd().2.to_string());
    if last != first {
        html.raw("–").time(last, &last.ymd().2.to_string());
    }
}
