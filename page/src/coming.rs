//! The coming observances of the calendar shown: every national-holiday observance and the
//! first of Ramadan, from today on, in date order, ranges as ranges, with the days left and
//! the days off around each (national holiday, cuti bersama, decreed or predicted); where
//! another calendar gives another day, the days side by side.

use hijri::observance::Selection;
use hijri::schema::Tier;
use hijri_view::answers::events::between;

use crate::html::{markup, Html};
use crate::page::Page;
use crate::{off, others};

/// How many observances are listed.
const LISTED: usize = 6;
/// How far ahead they are looked for (days): a Hijri year and a little more.
const AHEAD: i32 = 400;

/// The coming observances section.
pub fn section(html: &mut Html, page: &Page) {
    let chain = page.scope.chain;
    let words = page.words;
    let today = page.today;
    let last = today.add_days(AHEAD).min(chain.last_day());
    let mut found = between(chain, Selection::HOLIDAYS, today, last).unwrap_or_default();
    found.sort_by_key(|f| f.first);
    found.truncate(LISTED);
    let (Some(first), Some(last)) = (found.first(), found.last()) else {
        return;
    };
    let offs = off::around(page, first.first, last.last());
    html.raw("<section id=\"coming\" aria-labelledby=\"coming-title\">\n<h2 id=\"coming-title\">")
        .text(words.coming)
        .raw("</h2>\n<ol class=\"coming\">\n");
    for f in &found {
        let o = f.occurrence.observance;
        let left = f.first.0 - today.0;
        html.raw("<li><span class=\"name\">")
            .text(words.observance(o))
            .raw("</span> ")
            .time(f.first, &words.long_date(f.first));
        if f.last() != f.first {
            html.raw(" – ").time(f.last(), &words.long_date(f.last()));
        }
        html.raw(" <span class=\"left\">");
        match left {
            0 => html.text(words.is_today),
            1 => html.text(words.tomorrow),
            n => html.template(markup!("{} ", n)).text(words.days_left),
        };
        html.raw("</span>");
        if f.tier != Tier::Published {
            html.raw(" <span class=\"tag\">")
                .text(words.estimate)
                .raw("</span>");
        }
        off::beside(html, page, &off::of_observance(&offs, f));
        others::side_by_side(html, page, f);
        html.raw("</li>\n");
    }
    html.raw("</ol>\n</section>\n");
}
