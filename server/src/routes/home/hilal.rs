//! The hilal of the next month start in one line: the deciding evening's date, the deciding
//! site, the altitude and elongation against the criterion's limits, the verdict, and links
//! to both cards with their thumbnails.

use hijri::fixed::two_decimals;
use hijri::hijri::HijriDate;
use hijri::schema::{ArchivedDataset, CardKind, Tier};
use hijri_view::evening::Deciding;

use super::html::{decimal, Html};
use super::Page;

/// The hilal section; nothing when the next month has no site record.
pub fn section(html: &mut Html, page: &Page) {
    let scope = &page.state.scope;
    let chain = scope.chain;
    let words = page.words;
    let Some(index) = chain.month_index_of(page.today) else {
        return;
    };
    let Some(month) = chain.months.get(index + 1) else {
        return;
    };
    let Some(Deciding {
        evening,
        values,
        site,
        criterion,
    }) = Deciding::of(scope.dataset, chain, month)
    else {
        return;
    };
    let target = month.hijri_month();
    let previous = target.previous();
    let limits = criterion.limits.get();
    let lang = page.lang;
    let date = hijri::date::Date(evening.date.to_native());
    let measure = |html: &mut Html, name: &str, value: i32, min: f64, ok: bool| {
        html.raw("<span class=\"measure\">")
            .text(name)
            .raw(" ")
            .text(&decimal(two_decimals(value), lang))
            .raw("° (")
            .text(words.minimum)
            .raw(" ")
            .text(&decimal(min, lang))
            .raw("°) ")
            .raw(if ok { "✓" } else { "✗" })
            .raw("</span>");
    };
    html.raw("<section id=\"hilal\" aria-labelledby=\"hilal-title\">\n<h2 id=\"hilal-title\">")
        .text(words.hilal)
        .raw("</h2>\n<p class=\"hilal\">")
        .text(words.evening_of)
        .raw(" ")
        .time(date, &words.long_date(date))
        .raw(" (")
        .text(&words.hijri(HijriDate {
            year: previous.year,
            month: previous.month,
            day: evening.hijri_day,
        }))
        .raw(") · ")
        .text(words.deciding_site)
        .raw(": ")
        .text(&site.name)
        .raw(" · ");
    measure(
        html,
        words.altitude,
        values.moon_alt.to_native(),
        limits.min_moon_alt_deg(),
        values.alt_ok,
    );
    html.raw(" · ");
    measure(
        html,
        words.elongation,
        values.elongation.to_native(),
        limits.min_elongation_deg(),
        values.elong_ok,
    );
    html.raw(" · <strong>")
        .text(if evening.visible {
            words.visible
        } else {
            words.not_visible
        })
        .raw("</strong>");
    if evening.visible && limits.borderline(limits.site_margin(values)) {
        html.raw(" (").text(words.borderline).raw(")");
    }
    html.raw(": ")
        .text(&words.hijri(HijriDate {
            year: target.year,
            month: target.month,
            day: 1,
        }))
        .raw(" ")
        .text(words.month_starts)
        .raw(" ")
        .time(month.start(), &words.long_date(month.start()));
    let decided = if month.tier() == Tier::Published {
        words.decided
    } else {
        words.estimate
    };
    html.raw(" (").text(decided).raw(").</p>\n");
    cards(html, page, scope.dataset, target);
    html.raw("</section>\n");
}

/// Links to both cards of `target`, each with its thumbnail (the card itself, drawn small).
fn cards(
    html: &mut Html,
    page: &Page,
    dataset: &ArchivedDataset,
    target: hijri::hijri::HijriMonth,
) {
    let words = page.words;
    let shown: Vec<_> = [
        (CardKind::Viz, "viz", words.sky_card),
        (CardKind::Map, "map", words.map_card),
    ]
    .into_iter()
    .filter_map(|(kind, path, label)| {
        let card = dataset.card(0, target, kind, false)?;
        let (width, height) = png_size(&card.png)?;
        Some((path, label, width, height))
    })
    .collect();
    if shown.is_empty() {
        return;
    }
    html.raw("<ul class=\"cards\">\n");
    for (path, label, width, height) in shown {
        let href = format!(
            "api/v1/hilal/{path}?year={}&amp;month={}",
            target.year, target.month
        );
        html.fmt(format_args!("<li><a href=\"{href}\">"))
            .fmt(format_args!(
                "<img src=\"{href}\" width=\"{width}\" height=\"{height}\" loading=\"lazy\" \
                 decoding=\"async\" alt=\"\">"
            ))
            .text(label)
            .raw("</a></li>\n");
    }
    html.raw("</ul>\n");
}

/// The width and height of a PNG, from its header chunk.
fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let number = |range: std::ops::Range<usize>| {
        let bytes: [u8; 4] = png.get(range)?.try_into().ok()?;
        Some(u32::from_be_bytes(bytes))
    };
    png.starts_with(b"\x89PNG\r\n\x1a\n")
        .then(|| Some((number(16..20)?, number(20..24)?)))
        .flatten()
}
