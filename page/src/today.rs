//! Today in the calendar shown: the Hijri date in the zone (as `/api/v1/today?next=true`
//! gives it), the date after maghrib, the tier in words with its reason, and the other
//! calendars' dates when they differ (their estimates marked).

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::schema::{ArchivedChain, ArchivedMonth, Tier};
use hijri_view::{coverage, ErrorCode, Refusal};

use crate::html::{decimal, markup, Html, Markup};
use crate::others;
use crate::page::Page;

/// The today section, written on its own (its errors come before the page is begun).
pub fn section(page: &Page) -> Result<Markup, Refusal> {
    let scope = &page.scope;
    let chain = scope.chain;
    let words = page.words;
    let day = page.today;
    let outside = || coverage::outside_archive(scope, ErrorCode::OutOfCoverage);
    coverage::days(scope, day, day, false, ErrorCode::OutOfCoverage)?;
    let (hijri, month) = chain.to_hijri(day).ok_or_else(outside)?;
    // After the last day served there is no next date to show (as `/today` leaves it out).
    let next = Some(day.add_days(1))
        .filter(|next| hijri::span::contains(*next))
        .and_then(|next| chain.to_hijri(next));
    let zone = page.zone_name();

    let mut html = Html::with_capacity(2048);
    html.raw("<section id=\"today\" class=\"today\" data-zone=\"")
        .text(&zone)
        .raw("\" aria-labelledby=\"today-title\">\n<h1 id=\"today-title\"><span class=\"kicker\">")
        .text(words.today)
        .raw(" (")
        .text(&zone)
        .template(markup!(
            ")</span> <span class=\"hijri\" data-date=\"{}\">",
            hijri.iso().as_str()
        ))
        .text(&words.hijri(hijri))
        .raw("</span></h1>\n<p class=\"greg\">")
        .time(day, &words.long_date(day))
        .raw("</p>\n");
    other_dates(&mut html, page, day);
    if let Some((next, _)) = next {
        html.raw("<p class=\"next\">")
            .text(words.after_maghrib)
            .template(markup!(
                ": <span class=\"hijri\" data-date=\"{}\">",
                next.iso().as_str()
            ))
            .text(&words.hijri(next))
            .raw("</span></p>\n");
    }
    tier(&mut html, page, chain, month, day);
    others(&mut html, page, hijri, day);
    html.raw("</section>\n");
    Ok(html.into_markup())
}

/// The weton of `day` and its Javanese and Chinese dates, as wall calendars print them.
fn other_dates(html: &mut Html, page: &Page, day: Date) {
    let words = page.words;
    html.raw("<p class=\"jawa\">")
        .text(words.weekday(day.weekday()))
        .raw(" ")
        .raw(Pasaran::of(day).name());
    if let Some(javanese) = JavaneseDate::of(day) {
        html.raw(" · ")
            .text(words.javanese)
            .raw(": ")
            .text(&words.javanese_date(javanese));
    }
    if let Some(chinese) = page.scope.dataset.chinese_date(day) {
        html.raw(" · ")
            .text(words.chinese)
            .raw(": ")
            .text(&words.chinese_date(chinese));
    }
    html.raw("</p>\n");
}

/// The tier of `day` in words: official, or a hisab estimate with the reason.
fn tier(html: &mut Html, page: &Page, chain: &ArchivedChain, month: &ArchivedMonth, day: Date) {
    let words = page.words;
    let tier = chain.tier_of_day(month, day);
    if tier == Tier::Published {
        html.raw("<p class=\"tier\">")
            .text(words.official)
            .raw(" (")
            .text(&chain.names.short)
            .raw(")</p>\n");
        return;
    }
    html.raw("<p class=\"tier est\"><strong>")
        .text(words.estimate)
        .raw("</strong>");
    if let Some((first, last)) = chain.coverage() {
        let (edge, date) = match tier {
            Tier::Retro => (words.before_table, first),
            Tier::Published | Tier::Computed => (words.beyond_table, last),
        };
        html.raw(": ")
            .text(edge)
            .raw(" (")
            .text(&chain.names.short)
            .raw(") ")
            .time(date, &words.date(date));
    }
    let criterion = chain
        .rule_for(month.hijri_month())
        .and_then(|span| span.rule.criterion());
    if let Some(criterion) = criterion {
        let limits = criterion.limits.get();
        html.raw("; ")
            .text(words.computed_with)
            .raw(" ")
            .text(&criterion.name)
            .raw(" (")
            .text(words.altitude)
            .raw(" ≥ ")
            .text(&decimal(limits.min_moon_alt_deg(), page.lang))
            .raw("°, ")
            .text(words.elongation)
            .raw(" ≥ ")
            .text(&decimal(limits.min_elongation_deg(), page.lang))
            .raw("°)");
    }
    html.raw("</p>\n");
}

/// The other calendars' dates for `day`, only those that differ from `hijri`.
fn others(html: &mut Html, page: &Page, hijri: HijriDate, day: Date) {
    let words = page.words;
    let differing: Vec<(&ArchivedChain, HijriDate)> = others::chains(page)
        .filter_map(|chain| {
            let (theirs, _) = chain.to_hijri(day)?;
            (theirs != hijri).then_some((chain, theirs))
        })
        .collect();
    if differing.is_empty() {
        return;
    }
    html.raw("<p class=\"others\">")
        .text(words.other_calendars)
        .raw(": ");
    for (i, (chain, date)) in differing.into_iter().enumerate() {
        if i > 0 {
            html.raw(" · ");
        }
        html.text(&chain.names.short)
            .template(markup!(
                " <span class=\"hijri\" data-date=\"{}\">",
                date.iso().as_str()
            ))
            .text(&words.hijri(date))
            .raw("</span>");
        others::estimate_tag(html, page, chain, day);
    }
    html.raw("</p>\n");
}
