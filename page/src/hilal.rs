//! The hilal of the next month start in one line, as the month's rule decides it: the
//! deciding evening's date, then a site criterion's deciding site with the altitude and
//! elongation against its limits, KHGT's conjunction and deciding place with the same
//! measures against its limits, or wujudul hilal's conjunction and place with its two
//! conditions; the verdict, and links to the evening's cards with their thumbnails (served by
//! the page's own path, `card`), each with a text that says the month and the verdict. The
//! values are the hilal API's records (`hijri_view::records`).

use chrono::{DateTime, Timelike};
use hijri::date::Date;
use hijri::fixed::two_decimals;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::{ArchivedChain, ArchivedDataset, ArchivedMonth, CardKind, Limits, Tier};
use hijri_view::evening::Deciding;
use hijri_view::records::{EveningRecord, KhgtView, WujudView};

use maud::{html, Markup};

use crate::html::{decimal, time};
use crate::page::Page;

/// The route of the page's sky chart thumbnails (the server serves it).
pub const SKY: &str = "/page/sky.png";
/// The route of the page's map thumbnails (the server serves it).
pub const MAP: &str = "/page/map.png";

/// A card's address relative to the page.
fn card_path(kind: CardKind) -> &'static str {
    let route = match kind {
        CardKind::Viz => SKY,
        CardKind::Map => MAP,
    };
    route.trim_start_matches('/')
}

/// The next month start of the calendar shown, as its deciding evening tells it (the
/// default calendar's when the one shown is decided on no evening).
pub struct Next<'r> {
    /// The calendar whose evening it is.
    chain: &'r ArchivedChain,
    /// The month that starts.
    month: &'r ArchivedMonth,
    /// Its deciding evening.
    evening: Evening<'r>,
    /// The cards of that evening the archive holds.
    pub cards: Vec<Card>,
}

/// One card of the evening, as the page links it.
pub struct Card {
    /// Its address relative to the page (`&` between parameters; escaped where written).
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
pub fn next_month<'r>(page: &Page<'r>) -> Option<Next<'r>> {
    let shown = page.scope.chain;
    let default = page.base.chain;
    [shown, default].into_iter().find_map(|chain| {
        let index = chain.month_index_of(page.today)?;
        let month = chain.months.get(index + 1)?;
        let evening = Evening::of(page.base.dataset, chain, month)?;
        let mut next = Next {
            chain,
            month,
            evening,
            cards: Vec::new(),
        };
        next.cards = cards(page, &next);
        Some(next)
    })
}

/// A month's deciding evening as its rule records it.
enum Evening<'r> {
    /// A site criterion's evening at its deciding site.
    Sites(Deciding<'r>),
    /// Wujudul hilal's evening at its place.
    Wujud(WujudView<'r>),
    /// KHGT's evaluation day (boxed: its record is the largest), with the rule's limits.
    Khgt(Box<KhgtView<'r>>, Limits),
}

impl<'r> Evening<'r> {
    /// The evening that decided `month` (a month of `chain`); `None` if no evening did.
    fn of(
        dataset: &'r ArchivedDataset,
        chain: &'r ArchivedChain,
        month: &'r ArchivedMonth,
    ) -> Option<Evening<'r>> {
        // A site record needs only its deciding site: building its `EveningRecord` first
        // made the whole evening view (and `Deciding` inside it) only to drop it.
        if let Some(deciding) = Deciding::of(dataset, chain, month) {
            return Some(Evening::Sites(deciding));
        }
        match EveningRecord::of(dataset, chain, month, false)? {
            EveningRecord::Sites(_) => None,
            EveningRecord::Wujud(view) => Some(Evening::Wujud(view)),
            EveningRecord::Khgt(view) => {
                let khgt = chain.rule_for(month.hijri_month())?.rule.khgt()?;
                Some(Evening::Khgt(Box::new(view), khgt.limits.get()))
            }
        }
    }

    /// The evening's date.
    fn date(&self) -> Date {
        match self {
            Evening::Sites(deciding) => Date(deciding.evening.date.to_native()),
            Evening::Wujud(view) => view.gregorian_date.0,
            Evening::Khgt(view, _) => view.evaluation_day.0,
        }
    }

    /// The evening's Hijri date in `chain`, whose month `target` starts after it.
    fn hijri(&self, chain: &ArchivedChain, target: HijriMonth) -> Option<HijriDate> {
        match self {
            Evening::Sites(deciding) => {
                let previous = target.previous();
                Some(HijriDate {
                    year: previous.year,
                    month: previous.month,
                    day: deciding.evening.hijri_day,
                })
            }
            Evening::Wujud(_) | Evening::Khgt(..) => {
                chain.to_hijri(self.date()).map(|(date, _)| date)
            }
        }
    }
}

/// The verdict of the evening in words: a site criterion met (near the limits), KHGT met
/// (by the condition applied), wujudul hilal met, or not met.
fn verdict(page: &Page, evening: &Evening) -> String {
    let words = page.words;
    match evening {
        Evening::Sites(deciding) => {
            let limits = deciding.criterion.limits.get();
            if !deciding.evening.visible {
                format!("{}: {}", words.not_met, words.istikmal)
            } else if limits.borderline(limits.site_margin(deciding.values)) {
                format!("{} ({})", words.visible, words.borderline)
            } else {
                words.visible.to_owned()
            }
        }
        Evening::Khgt(view, _) => match view.rule_applied {
            Some(applied) if view.visible => format!("{} ({applied})", words.visible),
            _ => words.not_met.to_owned(),
        },
        Evening::Wujud(view) if view.met => words.visible.to_owned(),
        Evening::Wujud(_) => words.not_met.to_owned(),
    }
}

/// ` · <span class="measure">name value° (minimum min°) ✓</span>`: a value (degrees, 2
/// decimals) against its limit.
fn measure(page: &Page, name: &str, value: f64, min: f64, ok: bool) -> Markup {
    let lang = page.lang;
    html! {
        " · "
        span class="measure" {
            (name) " " (decimal(value, lang)) "° (" (page.words.minimum) " " (decimal(min, lang)) "°) " (mark(ok))
        }
    }
}

/// ✓ or ✗.
fn mark(ok: bool) -> &'static str {
    if ok {
        "✓"
    } else {
        "✗"
    }
}

/// ` · ijtimak 9 Desember 2026 07.51 WIB`: the conjunction (Unix seconds) in the page's zone.
fn conjunction(page: &Page, instant: i64) -> Markup {
    let Some(local) = DateTime::from_timestamp(instant, 0).map(|t| t.with_timezone(&page.zone))
    else {
        return html! {};
    };
    let date = Date::from(local.date_naive());
    let words = page.words;
    html! {
        " · " (words.conjunction) " " (time(date, &words.date(date))) " "
        (words.clock(local.hour(), local.minute())) " " (page.zone_name())
    }
}

/// The deciding site and its measures under a site criterion.
fn sites(page: &Page, deciding: &Deciding) -> Markup {
    let words = page.words;
    let (values, limits) = (deciding.values, deciding.criterion.limits.get());
    html! {
        " · " (words.deciding_site) ": " (deciding.site.name.as_str())
        (measure(page, words.altitude, two_decimals(values.moon_alt.to_native()), limits.min_moon_alt_deg(), values.alt_ok))
        (measure(page, words.elongation, two_decimals(values.elongation.to_native()), limits.min_elongation_deg(), values.elong_ok))
    }
}

/// KHGT's conjunction, deciding place (with its sunset) and measures against its limits.
fn khgt(page: &Page, view: &KhgtView, limits: Limits) -> Markup {
    let words = page.words;
    html! {
        (conjunction(page, view.conjunction_utc.0 .0))
        @if let Some(place) = &view.deciding_place {
            " · " (words.deciding_site) ": "
            @match place.name {
                Some(name) => { (name) }
                None => { (decimal(place.lat, page.lang)) "°, " (decimal(place.lon, page.lang)) "°" }
            }
            " (" (words.sunset) " " (place.sunset.0.to_string()) " " (place.tz) ")"
            (measure(page, words.altitude, place.moon_alt_deg, limits.min_moon_alt_deg(), place.alt_ok))
            (measure(page, words.elongation, place.elongation_deg, limits.min_elongation_deg(), place.elong_ok))
        }
    }
}

/// Wujudul hilal's conjunction and place, and its two conditions there.
fn wujud(page: &Page, view: &WujudView) -> Markup {
    let words = page.words;
    html! {
        (conjunction(page, view.conjunction_utc.0 .0))
        " · " (words.deciding_site) ": " (view.place.name)
        " · " span class="measure" { (words.before_sunset) " " (mark(view.conjunction_before_sunset)) }
        " · "
        span class="measure" {
            (words.above_horizon) " (" (words.upper_limb) " " (decimal(view.upper_limb_alt_deg, page.lang)) "°) "
            (mark(view.moonset_after_sunset))
        }
    }
}

/// The hilal section of `next`.
pub fn section(page: &Page, next: &Next) -> Markup {
    let words = page.words;
    let target = next.month.hijri_month();
    let date = next.evening.date();
    let start = next.month.start();
    let decided = if next.month.tier() == Tier::Published {
        words.decided
    } else {
        words.estimate
    };
    html! {
        section id="hilal" aria-labelledby="hilal-title" {
            "\n"
            h2 id="hilal-title" {
                (words.hilal)
                @if !std::ptr::eq(next.chain, page.scope.chain) { " (" (next.chain.names.short.as_str()) ")" }
            }
            "\n"
            p class="hilal" {
                (words.evening_of) " " (time(date, &words.long_date(date)))
                @if let Some(hijri) = next.evening.hijri(next.chain, target) { " (" (words.hijri(hijri)) ")" }
                @match &next.evening {
                    Evening::Sites(deciding) => { (sites(page, deciding)) }
                    Evening::Khgt(view, limits) => { (khgt(page, view, *limits)) }
                    Evening::Wujud(view) => { (wujud(page, view)) }
                }
                " · " strong { (verdict(page, &next.evening)) } ": " (words.hijri(first_day(target)))
                " " (words.month_starts) " " (time(start, &words.long_date(start))) " (" (decided) ")."
            }
            "\n"
            @if !next.cards.is_empty() {
                ul class="cards" {
                    "\n"
                    @for card in &next.cards {
                        li {
                            a href=(card.href) {
                                img src=(card.href) width=(card.width) height=(card.height) loading="lazy" decoding="async" alt=(card.alt);
                                (card.label)
                            }
                        }
                        "\n"
                    }
                }
                "\n"
            }
        }
        "\n"
    }
}

/// The first day of `month`.
fn first_day(month: HijriMonth) -> HijriDate {
    HijriDate {
        year: month.year,
        month: month.month,
        day: 1,
    }
}

/// The cards of the evening the archive holds for its calendar, by the page's own path
/// (naming a calendar other than the default one), each with its text alternative.
fn cards(page: &Page, next: &Next) -> Vec<Card> {
    let words = page.words;
    let dataset = page.base.dataset;
    let Some(chain) = dataset.chain_index(next.chain) else {
        return Vec::new();
    };
    let authority = if std::ptr::eq(next.chain, page.base.chain) {
        String::new()
    } else {
        format!("&authority={}", next.chain.id.as_str())
    };
    let target = next.month.hijri_month();
    let date = next.evening.date();
    let verdict = verdict(page, &next.evening);
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
                "{}?year={}&month={}{authority}",
                card_path(kind),
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
