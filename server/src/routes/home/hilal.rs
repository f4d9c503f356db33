//! The hilal of the next month start in one line: the deciding evening's date, the deciding
//! site, the altitude and elongation against the criterion's limits, the verdict, and links
//! to both cards with their thumbnails (served by the page's own path, `card`), each with a
//! text that says the month and the verdict.

use hijri::fixed::two_decimals;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::{ArchivedChain, ArchivedMonth, CardKind, Tier};
use hijri_view::evening::Deciding;

use super::card;
use super::html::{decimal, Html};
use super::Page;

/// The next month start of the calendar shown, as its deciding evening tells it (the
/// default calendar's when the one shown is decided on no evening at sites).
pub struct Next<'r> {
    /// The calendar whose evening it is.
    chain: &'r ArchivedChain,
    /// The month that starts.
    month: &'r ArchivedMonth,
    /// Its deciding evening.
    deciding: Deciding<'r>,
    /// The cards of that evening the archive holds.
    pub cards: Vec<Card>,
}

/// One card of the evening, as the page links it.
pub struct Card {
    /// Its address relative to the page (`&amp;` between parameters).
    pub href: String,
    /// Its size in pixels.
    pub width: u32,
    /// Its height.
    pub height: u32,
    /// Its text alternative: the card, the month and the verdict.
    pub alt: String,
    /// The card's name.
    label: &'static str,
}

/// The next month start after today in the calendar shown; `None` when no calendar has
/// its evening record.
pub fn next_month<'r>(page: &Page<'_, 'r>) -> Option<Next<'r>> {
    let shown = page.scope.chain;
    let default = page.state.chain;
    [shown, default].into_iter().find_map(|chain| {
        let index = chain.month_index_of(page.today)?;
        let month = chain.months.get(index + 1)?;
        let deciding = Deciding::of(page.state.dataset, chain, month)?;
        let mut next = Next {
            chain,
            month,
            deciding,
            cards: Vec::new(),
        };
        next.cards = cards(page, &next);
        Some(next)
    })
}

/// The verdict of the evening in words: met (near the limits), or not met.
fn verdict(page: &Page, deciding: &Deciding) -> String {
    let words = page.words;
    let limits = deciding.criterion.limits.get();
    if !deciding.evening.visible {
        words.not_visible.to_owned()
    } else if limits.borderline(limits.site_margin(deciding.values)) {
        format!("{} ({})", words.visible, words.borderline)
    } else {
        words.visible.to_owned()
    }
}

/// The hilal section of `next`.
pub fn section(html: &mut Html, page: &Page, next: &Next) {
    let words = page.words;
    let Deciding {
        evening,
        values,
        site,
        criterion,
    } = &next.deciding;
    let target = next.month.hijri_month();
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
        .text(words.hilal);
    if !std::ptr::eq(next.chain, page.scope.chain) {
        html.raw(" (").text(&next.chain.names.short).raw(")");
    }
    html.raw("</h2>\n<p class=\"hilal\">")
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
        .text(&verdict(page, &next.deciding))
        .raw("</strong>: ")
        .text(&words.hijri(first_day(target)))
        .raw(" ")
        .text(words.month_starts)
        .raw(" ")
        .time(next.month.start(), &words.long_date(next.month.start()));
    let decided = if next.month.tier() == Tier::Published {
        words.decided
    } else {
        words.estimate
    };
    html.raw(" (").text(decided).raw(").</p>\n");
    if !next.cards.is_empty() {
        html.raw("<ul class=\"cards\">\n");
        for card in &next.cards {
            html.fmt(format_args!("<li><a href=\"{}\">", card.href))
                .fmt(format_args!(
                    "<img src=\"{}\" width=\"{}\" height=\"{}\" loading=\"lazy\" \
                     decoding=\"async\" alt=\"",
                    card.href, card.width, card.height
                ))
                .text(&card.alt)
                .raw("\">")
                .text(card.label)
                .raw("</a></li>\n");
        }
        html.raw("</ul>\n");
    }
    html.raw("</section>\n");
}

/// The first day of `month`.
fn first_day(month: HijriMonth) -> HijriDate {
    HijriDate {
        year: month.year,
        month: month.month,
        day: 1,
    }
}

/// Both cards of the evening the archive holds for its calendar, by the page's own path
/// (naming a calendar other than the default one), each with its text alternative.
fn cards(page: &Page, next: &Next) -> Vec<Card> {
    let words = page.words;
    let dataset = page.state.dataset;
    let Some(chain) = dataset.chain_index(next.chain) else {
        return Vec::new();
    };
    let authority = if std::ptr::eq(next.chain, page.state.chain) {
        String::new()
    } else {
        format!("&amp;authority={}", next.chain.id.as_str())
    };
    let target = next.month.hijri_month();
    let date = hijri::date::Date(next.deciding.evening.date.to_native());
    let verdict = verdict(page, &next.deciding);
    [
        (CardKind::Viz, words.sky_card),
        (CardKind::Map, words.map_card),
    ]
    .into_iter()
    .filter_map(|(kind, label)| {
        let png = dataset.card(chain, target, kind, false)?;
        let (width, height) = png_size(&png.png)?;
        Some(Card {
            href: format!(
                "{}?year={}&amp;month={}{authority}",
                card::path(kind),
                target.year,
                target.month
            ),
            width,
            height,
            alt: format!(
                "{label}, {}: {} {}. {verdict}.",
                words.long_date(date),
                words.for_start,
                words.hijri(first_day(target)),
            ),
            label,
        })
    })
    .collect()
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
