//! Subscribe and build: `webcal://` links to every calendar's observance feed (the one shown
//! first, once more with the evening reminder), to the Hijri date of every day in the
//! calendar shown and language, to the days off, how Google and Apple Calendar take them; the API reference
//! and three example calls; and the page's footer.

use maud::{html, Markup};

use crate::html::time;
use crate::page::Page;
use crate::words::Lang;

/// The path of the API reference the page links to (the server serves it there).
pub const DOCS_PATH: &str = "/docs";

/// The observance feed's path.
const FEED: &str = "api/v1/calendar.ics";
/// The per-day feed's path.
const DAYS: &str = "api/v1/days.ics";
/// The days-off feed's path.
const HOLIDAYS: &str = "api/v1/holidays.ics";

/// Three calls worth trying, relative to the page.
const EXAMPLES: [&str; 3] = [
    "api/v1/today?tz=WITA&next=true",
    "api/v1/convert?date=2026-02-19",
    "api/v1/compare?year=1447",
];

/// One feed in the list: its `webcal://` link with the text and its https address at the
/// public `host`, or, with none configured, its address relative to the page.
fn feed(host: Option<&str>, path_and_query: &str, text: &[&str]) -> Markup {
    let text = text.join(" ");
    html! {
        @if let Some(host) = host {
            li { a href={ "webcal://" (host) "/" (path_and_query) } { (text) } br; code { "https://" (host) "/" (path_and_query) } }
        } @else {
            li { a href=(path_and_query) { (text) } br; code { "/" (path_and_query) } }
        }
        "\n"
    }
}

/// The subscribe and build sections.
pub fn section(page: &Page) -> Markup {
    let words = page.words;
    let host = page
        .origin
        .map(|origin| origin.split_once("://").map_or(origin, |(_, rest)| rest));
    let shown = page.scope.chain;
    // The calendar's parameter (none for the default one), then others with `&`.
    let authority = |id: Option<&str>, more: &str| match (id, more.is_empty()) {
        (None, true) => String::new(),
        (None, false) => format!("?{more}"),
        (Some(id), true) => format!("?authority={id}"),
        (Some(id), false) => format!("?authority={id}&{more}"),
    };
    let short = shown.names.short.as_str();
    let lang = match page.lang {
        Lang::Id => "",
        Lang::En => "lang=en",
    };
    // The other calendars' feeds; the default calendar's needs no `authority`.
    let others = page
        .base
        .dataset
        .chains
        .iter()
        .enumerate()
        .filter(|(_, chain)| !std::ptr::eq(*chain, shown))
        .map(|(index, chain)| {
            let id = (index > 0).then_some(chain.id.as_str());
            feed(
                host,
                &format!("{FEED}{}", authority(id, "")),
                &[words.feed, &chain.names.short],
            )
        });
    html! {
        section id="subscribe" aria-labelledby="subscribe-title" {
            "\n" h2 id="subscribe-title" { (words.subscribe) }
            "\n" p { (words.subscribe_intro) }
            "\n"
            ul class="feeds" {
                "\n"
                (feed(host, &format!("{FEED}{}", authority(page.authority, "")), &[words.feed, short]))
                (feed(host, &format!("{FEED}{}", authority(page.authority, "reminder=evening")), &[words.feed, short, words.with_reminder]))
                (feed(host, &format!("{DAYS}{}", authority(page.authority, lang)), &[words.days_feed, short]))
                (feed(host, HOLIDAYS, &[words.holidays_feed]))
                @for other in others { (other) }
            }
            "\n" p { (words.google) }
            "\n" p { (words.apple) }
            "\n"
        }
        "\n"
        section id="build" aria-labelledby="build-title" {
            "\n" h2 id="build-title" { (words.build) }
            "\n" p { (words.build_intro) " " a href=(DOCS_PATH.trim_start_matches('/')) { (words.docs) } ". " (words.examples) }
            "\n"
            ul class="examples" {
                "\n"
                @for example in EXAMPLES {
                    li { a href=(example) { code { "GET /" (example) } } } "\n"
                }
            }
            "\n"
        }
        "\n"
    }
}

/// The footer: how far the official table reaches, and where the calendars are described.
pub fn footer(page: &Page) -> Markup {
    let words = page.words;
    let chain = page.scope.chain;
    html! {
        footer class="bottom" {
            p {
                @if let Some((first, last)) = chain.coverage() {
                    (words.footer) " (" (chain.names.short.as_str()) "): " (time(first, &words.date(first))) " – " (time(last, &words.date(last))) ". "
                }
                a href="api/v1/authorities" { (words.calendars) }
            }
        }
        "\n"
    }
}
