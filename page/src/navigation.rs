//! The links to the months (or years) before and after the one shown, to the year whole,
//! and the jump forms to any month, Gregorian or Hijri.

use hijri::date::Date;
use hijri::hijri::HijriMonth;

use maud::{html, Markup};

use crate::page::Page;
use crate::view::View;

/// Links to the months (or years) before and after, to the year whole, and the jump forms.
pub fn navigation(page: &Page) -> Markup {
    let chain = page.scope.chain;
    let words = page.words;
    let around = [
        (page.view.previous(), words.previous, "prev"),
        (page.view.next(), words.next, "next"),
    ];
    // The year of the month, whole on one printable page.
    let whole = page
        .view
        .year_of(chain)
        .map(View::Year)
        .filter(|year| *year != page.view);
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
    let gregorian_jump = jump(
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
    let hijri_jump = jump(
        page,
        ("hijri", words.jump_hijri),
        &words.hijri_months(),
        u32::from(h.month),
        (i64::from(h.year), i64::from(hijri.0), i64::from(hijri.1)),
    );
    html! {
        nav class="months" aria-label=(words.month) {
            "\n"
            @for (view, label, rel) in around {
                @if view.served(chain) {
                    a rel=(rel) href=(page.href(Some(view))) title=(label) {
                        @if rel == "prev" { "‹ " (view.title(words)) } @else { (view.title(words)) " ›" }
                    }
                    "\n"
                }
            }
            @if let Some(year) = whole {
                a class="whole" href=(page.href(Some(year))) { (words.year_view) " " (year.title(words)) }
                "\n"
            }
            div class="jumps" { "\n" (gregorian_jump) (hijri_jump) }
            "\n"
        }
        "\n"
    }
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
    page: &Page,
    (calendar, label): (&str, &str),
    names: &[&str; 12],
    selected: u32,
    (year, min, max): (i64, i64, i64),
) -> Markup {
    let words = page.words;
    html! {
        form class="jump" method="get" action="./" {
            input type="hidden" name="calendar" value=(calendar);
            (page.hidden(true))
            label class="what" for={ (calendar) "-month" } { (label) }
            " "
            select id={ (calendar) "-month" } name="month" {
                @for (number, name) in (1..).zip(names) {
                    option value=(number) selected[number == selected] { (name) }
                }
            }
            " " label class="vh" for={ (calendar) "-year" } { (words.year) }
            " " input id={ (calendar) "-year" } name="year" type="number" inputmode="numeric" min=(min) max=(max) value=(year) required;
            " " button type="submit" { (words.show) }
        }
        "\n"
    }
}
