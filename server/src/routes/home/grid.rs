//! The month grid of the calendar shown: Gregorian weeks from Monday, the Hijri day in every
//! cell, the first day of each Hijri month named, observances named, computed days marked,
//! and the days where another calendar starts a month or keeps an observance on another day;
//! a Gregorian month (`calendar=gregorian&year=&month=`, or a `year` from 1900 without
//! `calendar`) or a Hijri month (`calendar=hijri`, the default as in `/api/v1/month`), with
//! the months before and after and a jump to any month; then the month's observances in
//! date order, ranges as ranges, with the other calendars' days where they differ.

use hijri::date::{days_in_month, Date};
use hijri::hijri::HijriMonth;
use hijri::javanese::JavaneseDate;
use hijri::observance::Selection;
use hijri::pasaran::Pasaran;
use hijri::schema::{ArchivedChain, DayKind, Tier};
use hijri_view::answers::events::{between, Found};

use super::html::{markup, Html};
use super::off::{self, Off};
use super::others::{self, Mark};
use super::words::Words;
use super::Page;
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use hijri_view::coverage;
use hijri_view::{Calendar, Scope};

/// The first year a `year` without `calendar` is read as Gregorian (every Hijri year served
/// is far below it, every Gregorian one above).
const GREGORIAN_FROM: i64 = 1900;

/// The month the grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// A Gregorian month (1–12).
    Gregorian {
        /// The year.
        year: i32,
        /// The month, 1–12.
        month: u32,
    },
    /// A Hijri month.
    Hijri(HijriMonth),
    /// A Gregorian year whole, its twelve months on one printable page (`view=year`).
    Year(i32),
}

impl View {
    /// The Gregorian month of `day`.
    pub fn of_day(day: Date) -> View {
        let (year, month, _) = day.ymd();
        View::Gregorian { year, month }
    }

    /// The view's parameters in a link (`&` between them; escaped where written).
    pub fn query(self) -> String {
        match self {
            View::Gregorian { year, month } => {
                format!("calendar=gregorian&year={year}&month={month}")
            }
            View::Hijri(m) => format!("calendar=hijri&year={}&month={}", m.year, m.month),
            View::Year(year) => format!("view=year&year={year}"),
        }
    }

    /// The month before.
    fn previous(self) -> View {
        match self {
            View::Gregorian { year, month: 1 } => View::Gregorian {
                year: year - 1,
                month: 12,
            },
            View::Gregorian { year, month } => View::Gregorian {
                year,
                month: month - 1,
            },
            View::Hijri(m) => View::Hijri(m.previous()),
            View::Year(year) => View::Year(year - 1),
        }
    }

    /// The month after.
    fn next(self) -> View {
        match self {
            View::Gregorian { year, month: 12 } => View::Gregorian {
                year: year + 1,
                month: 1,
            },
            View::Gregorian { year, month } => View::Gregorian {
                year,
                month: month + 1,
            },
            View::Hijri(m) => View::Hijri(m.next()),
            View::Year(year) => View::Year(year + 1),
        }
    }

    /// True if the chain holds the view's year whole (what the jump accepts).
    pub fn served(self, chain: &ArchivedChain) -> bool {
        match self {
            View::Gregorian { year, .. } | View::Year(year) => {
                let (first, last) = chain.gregorian_years();
                (first..=last).contains(&year)
            }
            View::Hijri(m) => {
                let (first, last) = chain.hijri_years();
                (first..=last).contains(&m.year)
            }
        }
    }

    /// The first and last days of the month in `chain`.
    pub fn days(self, chain: &ArchivedChain) -> Option<(Date, Date)> {
        match self {
            View::Gregorian { year, month } => {
                let first = Date::from_ymd(year, month, 1)?;
                let length = i32::try_from(days_in_month(year, month)).ok()?;
                Some((first, first.add_days(length - 1)))
            }
            View::Hijri(m) => chain.month(m).map(|month| (month.start(), month.last())),
            View::Year(year) => Some((Date::from_ymd(year, 1, 1)?, Date::from_ymd(year, 12, 31)?)),
        }
    }

    /// `Maret 2025`, `Ramadhan 1447 H` or `2027`.
    pub fn title(self, words: &Words) -> String {
        match self {
            View::Gregorian { year, month } => format!("{} {year}", words.month_name(month)),
            View::Hijri(m) => format!("{} {} {}", words.hijri_month(m), m.year, words.lang.era()),
            View::Year(year) => year.to_string(),
        }
    }

    /// The Gregorian year the view is in (of its first day).
    fn year_of(self, chain: &ArchivedChain) -> Option<i32> {
        match self {
            View::Gregorian { year, .. } | View::Year(year) => Some(year),
            View::Hijri(_) => self.days(chain).map(|(first, _)| first.ymd().0),
        }
    }
}

/// The month or year a request asks for: `view=year` (any case) is the Gregorian `year`
/// whole (today's without `year`; a `calendar` other than Gregorian is `invalid_calendar`);
/// else (`view=month` or no `view`) the month of `calendar`, `year` and `month`, `None`
/// without `year` and `month`. The years are those `/api/v1/month` serves; without
/// `calendar`, a year from 1900 on is Gregorian and one before it Hijri; an unknown
/// `calendar` is `invalid_calendar` even alone, any other `view` `invalid_kind`.
pub fn asked(scope: &Scope, query: &Query, today: Date) -> Result<Option<View>, ApiError> {
    // A `calendar` is checked even alone, as every endpoint checks what it is given.
    let chosen = query.given("calendar");
    let calendar = query.calendar(Calendar::Hijri)?;
    let view = query.optional("view", ErrorCode::InvalidKind)?;
    match view.as_deref() {
        None => {}
        Some(v) if v.eq_ignore_ascii_case("month") => {}
        Some(v) if v.eq_ignore_ascii_case("year") => {
            if chosen && calendar != Calendar::Gregorian {
                return Err(ApiError::new(
                    ErrorCode::InvalidCalendar,
                    "the year view is of a Gregorian year: `calendar` must be gregorian or absent",
                ));
            }
            let year = if query.given("year") {
                query.integer("year", ErrorCode::InvalidYear)?
            } else {
                i64::from(today.ymd().0)
            };
            return Ok(Some(View::Year(coverage::year(
                scope,
                Calendar::Gregorian,
                year,
            )?)));
        }
        Some(v) => {
            return Err(ApiError::new(
                ErrorCode::InvalidKind,
                format!("`view` must be month or year, got \"{}\"", truncated(v)),
            ))
        }
    }
    if !query.given("year") && !query.given("month") {
        return Ok(None);
    }
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let calendar = if !chosen && year >= GREGORIAN_FROM {
        Calendar::Gregorian
    } else {
        calendar
    };
    let year = coverage::year(scope, calendar, year)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidMonth, "`month` must be 1 to 12"))?;
    Ok(Some(match calendar {
        Calendar::Gregorian => View::Gregorian {
            year,
            month: u32::from(month),
        },
        Calendar::Hijri => View::Hijri(HijriMonth {
            year: u16::try_from(year).unwrap_or(0),
            month,
        }),
    }))
}

/// The observances the grid names: the default set and the extra one (not the white days,
/// which would mark three days of every month).
fn named() -> Selection {
    Selection::parse("extra").unwrap_or(Selection::DEFAULT)
}

/// A weekday's name in a column head: its first three letters (`Ahad` whole).
pub fn short_weekday(name: &str) -> &str {
    if name.len() <= 4 {
        name
    } else {
        name.get(..3).unwrap_or(name)
    }
}

/// Monday = 0 … Sunday = 6.
pub fn monday_index(day: Date) -> i32 {
    (day.weekday() as i32 + 6) % 7
}

/// The day's pasaran (`<span class="p">Legi</span>`), as wall calendars print it beside the
/// day's number.
pub fn pasaran(html: &mut Html, day: Date) {
    html.raw("<span class=\"p\">")
        .raw(Pasaran::of(day).name())
        .raw("</span>");
}

/// The table's head: the weekdays from Monday, short, with their whole names as `abbr`; then
/// `<tbody>`.
pub fn weekday_heads(html: &mut Html, words: &Words) {
    html.raw("<thead><tr>");
    for n in 0..7u8 {
        let weekday = hijri::weekday::Weekday::from_days_since_sunday(n + 1);
        let name = words.weekday(weekday);
        html.raw("<th scope=\"col\" abbr=\"")
            .text(name)
            .raw("\">")
            .text(short_weekday(name))
            .raw("</th>");
    }
    html.raw("</tr></thead>\n<tbody>\n");
}

/// The grid section.
pub fn section(html: &mut Html, page: &Page) -> Result<(), ApiError> {
    let chain = page.scope.chain;
    let words = page.words;
    let view = page.view;
    let (first, last) = view
        .days(chain)
        .ok_or_else(|| coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage))?;
    // The days shown are served (computed and retro months are recorded as for the API).
    coverage::days(&page.scope, first, last, true, ErrorCode::OutOfCoverage)?;
    let start = first.add_days(-monday_index(first));
    let end = last.add_days(6 - monday_index(last));
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
    navigation(html, page);
    html.raw("<table class=\"grid\">\n<caption>")
        .text(&caption(chain, words, view, first, last))
        .raw("</caption>\n");
    weekday_heads(html, words);
    let (mut computed, mut fasting) = (false, false);
    let mut day = start;
    while day <= end {
        if monday_index(day) == 0 {
            html.raw("<tr>");
        }
        let (c, f) = cell(html, page, (&found, &marks, &offs), day, (first, last));
        computed |= c;
        fasting |= f;
        if monday_index(day) == 6 {
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
                hijri_span(chain, words, first, last)
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

/// The Hijri months from `first` to `last` in `chain`: `Ramadhan 1446 H`, `Ramadhan –
/// Syawal 1446 H` or `Dzulhijjah 1447 H – Muharram 1448 H` (empty outside the chain).
pub fn hijri_span(chain: &ArchivedChain, words: &Words, first: Date, last: Date) -> String {
    match (chain.to_hijri(first), chain.to_hijri(last)) {
        (Some((a, _)), Some((b, _))) if a.month_of_year() == b.month_of_year() => {
            format!(
                "{} {} {}",
                words.hijri_month(a.month_of_year()),
                a.year,
                words.lang.era()
            )
        }
        (Some((a, _)), Some((b, _))) if a.year == b.year => format!(
            "{} – {} {} {}",
            words.hijri_month(a.month_of_year()),
            words.hijri_month(b.month_of_year()),
            b.year,
            words.lang.era()
        ),
        (Some((a, _)), Some((b, _))) => format!(
            "{} {} – {} {} {}",
            words.hijri_month(a.month_of_year()),
            a.year,
            words.hijri_month(b.month_of_year()),
            b.year,
            words.lang.era()
        ),
        _ => String::new(),
    }
}

/// Links to the months (or years) before and after, to the year whole, and the jump forms.
pub fn navigation(html: &mut Html, page: &Page) {
    let chain = page.scope.chain;
    let words = page.words;
    html.raw("<nav class=\"months\" aria-label=\"")
        .text(words.month)
        .raw("\">\n");
    for (view, label, rel, arrow) in [
        (page.view.previous(), words.previous, "prev", "‹ "),
        (page.view.next(), words.next, "next", ""),
    ] {
        if view.served(chain) {
            html.template(markup!(
                "<a rel=\"{}\" href=\"{}\" title=\"{}\">",
                rel,
                page.href(Some(view)),
                label
            ))
            .raw(arrow)
            .text(&view.title(words))
            .raw(if arrow.is_empty() {
                " ›</a>\n"
            } else {
                "</a>\n"
            });
        }
    }
    // The year of the month, whole on one printable page.
    let whole = page.view.year_of(chain).map(View::Year);
    if let Some(year) = whole.filter(|year| *year != page.view) {
        html.template(markup!(
            "<a class=\"whole\" href=\"{}\">",
            page.href(Some(year))
        ))
        .text(words.year_view)
        .raw(" ")
        .text(&year.title(words))
        .raw("</a>\n");
    }
    html.raw("<div class=\"jumps\">\n");
    let gregorian = chain.gregorian_years();
    let hijri = chain.hijri_years();
    let (g_year, g_month, h) = match page.view {
        // The Hijri month of today when it is shown, else of the month's middle day (the
        // Hijri month most of it belongs to).
        View::Gregorian { year, month } => (
            year,
            month,
            chain
                .to_hijri(focus(page.today, year, month))
                .map(|(h, _)| h.month_of_year()),
        ),
        View::Hijri(m) => {
            let (y, mo, _) = chain.month(m).map_or(page.today, |a| a.start()).ymd();
            (y, mo, Some(m))
        }
        // The year's January (today's Hijri month when it is in it).
        View::Year(year) => (
            year,
            1,
            chain
                .to_hijri(focus(page.today, year, 1))
                .map(|(h, _)| h.month_of_year()),
        ),
    };
    let h = h.unwrap_or(HijriMonth {
        year: hijri.0,
        month: 1,
    });
    jump(
        html,
        page,
        ("gregorian", words.jump_gregorian),
        &words.months,
        g_month,
        (
            i64::from(g_year),
            i64::from(gregorian.0),
            i64::from(gregorian.1),
        ),
    );
    jump(
        html,
        page,
        ("hijri", words.jump_hijri),
        &words.hijri_months(),
        u32::from(h.month),
        (i64::from(h.year), i64::from(hijri.0), i64::from(hijri.1)),
    );
    html.raw("</div>\n</nav>\n");
}

/// The day of a Gregorian month the Hijri picker follows: `today` if it is in the month,
/// else the 15th.
fn focus(today: Date, year: i32, month: u32) -> Date {
    let (y, m, _) = today.ymd();
    if (y, m) == (year, month) {
        today
    } else {
        Date::from_ymd(year, month, 15).unwrap_or(today)
    }
}

/// One jump form: the month by name, the year in its bounds.
fn jump(
    html: &mut Html,
    page: &Page,
    (calendar, label): (&str, &str),
    names: &[&str; 12],
    selected: u32,
    (year, min, max): (i64, i64, i64),
) {
    let words = page.words;
    html.template(markup!(
        "<form class=\"jump\" method=\"get\" action=\"./\">\
         <input type=\"hidden\" name=\"calendar\" value=\"{}\">",
        calendar
    ));
    page.hidden(html, true);
    html.template(markup!(
        "<label class=\"what\" for=\"{}-month\">{}</label> \
         <select id=\"{}-month\" name=\"month\">",
        calendar,
        label,
        calendar
    ));
    for (number, name) in (1..).zip(names) {
        let mark = if number == selected { " selected" } else { "" };
        html.template(markup!("<option value=\"{}\"{}>", number, mark))
            .text(name)
            .raw("</option>");
    }
    html.template(markup!(
        "</select> <label class=\"vh\" for=\"{}-year\">{}</label> \
         <input id=\"{}-year\" name=\"year\" type=\"number\" inputmode=\"numeric\" \
         min=\"{}\" max=\"{}\" value=\"{}\" required> \
         <button type=\"submit\">{}</button></form>\n",
        calendar,
        words.year,
        calendar,
        min,
        max,
        year,
        words.show
    ));
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
    pasaran(html, day);
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
    let fasting = super::jadwal::fast_times(html, page, day, hijri.map(|(h, _)| h));
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
        super::jadwal::legend(html, page);
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
