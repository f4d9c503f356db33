//! The links to the months (or years) before and after the one shown, to the year whole,
//! and the jump forms to any month, Gregorian or Hijri.

use hijri::date::Date;
use hijri::hijri::HijriMonth;

use crate::html::{markup, Html};
use crate::page::Page;
use crate::view::View;

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
