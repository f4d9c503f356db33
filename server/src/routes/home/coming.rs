//! The coming observances: the default set with nuzulul Qur'an and Arafah, from today on,
//! with the days left; where another calendar gives another day, the days side by side.

use hijri::hijri::HijriDate;
use hijri::observance::Selection;
use hijri::schema::Tier;
use hijri_view::answers::events::{between, Found};

use super::html::Html;
use super::Page;

/// How many observances are listed.
const LISTED: usize = 6;
/// How far ahead they are looked for (days): a Hijri year and a little more.
const AHEAD: i32 = 400;

/// The observances listed.
fn listed() -> Selection {
    Selection::parse("nuzulul_quran,arafah").unwrap_or(Selection::DEFAULT)
}

/// The coming observances section.
pub fn section(html: &mut Html, page: &Page) {
    let scope = &page.state.scope;
    let chain = scope.chain;
    let words = page.words;
    let today = page.today;
    let last = today.add_days(AHEAD).min(chain.last_day());
    let mut found = between(chain, listed(), today, last).unwrap_or_default();
    found.sort_by_key(|f| f.first);
    found.truncate(LISTED);
    if found.is_empty() {
        return;
    }
    html.raw("<section id=\"coming\" aria-labelledby=\"coming-title\">\n<h2 id=\"coming-title\">")
        .text(words.coming)
        .raw("</h2>\n<ol class=\"coming\">\n");
    for f in &found {
        let o = f.occurrence.observance;
        let left = f.first.0 - today.0;
        html.raw("<li><span class=\"name\">")
            .text(words.observance(o))
            .raw("</span> ")
            .time(f.first, &words.long_date(f.first))
            .raw(" <span class=\"left\">");
        match left {
            0 => html.text(words.is_today),
            1 => html.text(words.tomorrow),
            n => html.fmt(format_args!("{n} ")).text(words.days_left),
        };
        html.raw("</span>");
        if f.tier != Tier::Published {
            html.raw(" <span class=\"tag\">")
                .text(words.estimate)
                .raw("</span>");
        }
        side_by_side(html, page, f);
        html.raw("</li>\n");
    }
    html.raw("</ol>\n</section>\n");
}

/// The days of the other calendars when one differs, each by its short name: `Kemenag:
/// Kamis 19 Feb · Muhammadiyah: Rabu 18 Feb`.
fn side_by_side(html: &mut Html, page: &Page, found: &Found) {
    let scope = &page.state.scope;
    let words = page.words;
    let o = found.occurrence;
    let theirs: Vec<(&str, hijri::date::Date)> = scope
        .dataset
        .chains
        .iter()
        .filter(|chain| chain.id != scope.chain.id)
        .filter_map(|chain| {
            let (first, _) = chain.to_gregorian(HijriDate {
                year: o.month.year,
                month: o.month.month,
                day: o.first_day,
            })?;
            Some((chain.names.short.as_str(), first))
        })
        .collect();
    if theirs.iter().all(|(_, first)| *first == found.first) {
        return;
    }
    html.raw("<span class=\"split\">")
        .text(&scope.chain.names.short)
        .raw(": ")
        .time(found.first, &words.short_date(found.first));
    for (name, first) in theirs {
        html.raw(" · ")
            .text(name)
            .raw(": ")
            .time(first, &words.short_date(first));
    }
    html.raw("</span>");
}
