//! Today in the calendar shown: the Hijri date in the zone (as `/api/v1/today?next=true`
//! gives it), the date after maghrib, the tier in words with its reason, and the other
//! calendars' dates when they differ (their estimates marked).

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::schema::{ArchivedChain, ArchivedMonth, Tier};
use hijri_view::{coverage, ErrorCode, Refusal};

use maud::{html, Markup};

use crate::html::{decimal, time};
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
    Ok(html! {
        section id="today" class="today" data-zone=(zone) aria-labelledby="today-title" {
            "\n"
            h1 id="today-title" {
                span class="kicker" { (words.today) " (" (zone) ")" }
                " " span class="hijri" data-date=(hijri.iso().as_str()) { (words.hijri(hijri)) }
            }
            "\n" p class="greg" { (time(day, &words.long_date(day))) }
            "\n"
            (other_dates(page, day))
            @if let Some((next, _)) = next {
                p class="next" {
                    (words.after_maghrib) ": "
                    span class="hijri" data-date=(next.iso().as_str()) { (words.hijri(next)) }
                }
                "\n"
            }
            (tier(page, chain, month, day))
            (others(page, hijri, day))
        }
        "\n"
    })
}

/// The weton of `day` and its Javanese and Chinese dates, as wall calendars print them.
fn other_dates(page: &Page, day: Date) -> Markup {
    let words = page.words;
    html! {
        p class="jawa" {
            (words.weekday(day.weekday())) " " (Pasaran::of(day).name())
            @if let Some(javanese) = JavaneseDate::of(day) {
                " · " (words.javanese) ": " (words.javanese_date(javanese))
            }
            @if let Some(chinese) = page.scope.dataset.chinese_date(day) {
                " · " (words.chinese) ": " (words.chinese_date(chinese))
            }
        }
        "\n"
    }
}

/// The tier of `day` in words: official, or a hisab estimate with the reason.
fn tier(page: &Page, chain: &ArchivedChain, month: &ArchivedMonth, day: Date) -> Markup {
    let words = page.words;
    let tier = chain.tier_of_day(month, day);
    let short = chain.names.short.as_str();
    if tier == Tier::Published {
        return html! { p class="tier" { (words.official) " (" (short) ")" } "\n" };
    }
    let edge = chain.coverage().map(|(first, last)| match tier {
        Tier::Retro => (words.before_table, first),
        Tier::Published | Tier::Computed => (words.beyond_table, last),
    });
    let criterion = chain
        .rule_for(month.hijri_month())
        .and_then(|span| span.rule.criterion());
    html! {
        p class="tier est" {
            strong { (words.estimate) }
            @if let Some((edge, date)) = edge {
                ": " (edge) " (" (short) ") " (time(date, &words.date(date)))
            }
            @if let Some(criterion) = criterion {
                @let limits = criterion.limits.get();
                "; " (words.computed_with) " " (criterion.name.as_str()) " ("
                (words.altitude) " ≥ " (decimal(limits.min_moon_alt_deg(), page.lang)) "°, "
                (words.elongation) " ≥ " (decimal(limits.min_elongation_deg(), page.lang)) "°)"
            }
        }
        "\n"
    }
}

/// The other calendars' dates for `day`, only those that differ from `hijri`.
fn others(page: &Page, hijri: HijriDate, day: Date) -> Markup {
    let words = page.words;
    let differing: Vec<(&ArchivedChain, HijriDate)> = others::chains(page)
        .filter_map(|chain| {
            let (theirs, _) = chain.to_hijri(day)?;
            (theirs != hijri).then_some((chain, theirs))
        })
        .collect();
    html! {
        @if !differing.is_empty() {
            p class="others" {
                (words.other_calendars) ": "
                @for (i, (chain, date)) in differing.iter().enumerate() {
                    @if i > 0 { " · " }
                    (chain.names.short.as_str()) " "
                    span class="hijri" data-date=(date.iso().as_str()) { (words.hijri(*date)) }
                    (others::estimate_tag(page, chain, day))
                }
            }
            "\n"
        }
    }
}
