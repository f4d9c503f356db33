//! Subscribe and build: `webcal://` links to every calendar's observance feed (the one shown
//! first, once more with the evening reminder), to the Hijri date of every day in the
//! calendar shown and language, to the days off, how Google and Apple Calendar take them; the API reference
//! and three example calls; and the page's footer.

use super::html::{markup, Html};
use super::words::Lang;
use super::Page;
use crate::settings::DOCS_PATH;

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
fn feed(html: &mut Html, host: Option<&str>, path_and_query: &str, text: &[&str]) {
    let Some(host) = host else {
        html.raw("<li><a href=\"")
            .text(path_and_query)
            .raw("\">")
            .text(&text.join(" "))
            .raw("</a><br><code>/")
            .text(path_and_query)
            .raw("</code></li>\n");
        return;
    };
    html.raw("<li><a href=\"webcal://")
        .text(host)
        .raw("/")
        .text(path_and_query)
        .raw("\">")
        .text(&text.join(" "))
        .raw("</a><br><code>https://")
        .text(host)
        .raw("/")
        .text(path_and_query)
        .raw("</code></li>\n");
}

/// The subscribe and build sections.
pub fn section(html: &mut Html, page: &Page) {
    let words = page.words;
    let host = page
        .origin
        .map(|origin| origin.split_once("://").map_or(origin, |(_, rest)| rest));
    html.raw(
        "<section id=\"subscribe\" aria-labelledby=\"subscribe-title\">\n\
         <h2 id=\"subscribe-title\">",
    )
    .text(words.subscribe)
    .raw("</h2>\n<p>")
    .text(words.subscribe_intro)
    .raw("</p>\n<ul class=\"feeds\">\n");
    let shown = page.scope.chain;
    // The calendar's parameter (none for the default one), then others with `&`.
    let authority = |id: Option<&str>, more: &str| match (id, more.is_empty()) {
        (None, true) => String::new(),
        (None, false) => format!("?{more}"),
        (Some(id), true) => format!("?authority={id}"),
        (Some(id), false) => format!("?authority={id}&{more}"),
    };
    let short = shown.names.short.as_str();
    feed(
        html,
        host,
        &format!("{FEED}{}", authority(page.authority, "")),
        &[words.feed, short],
    );
    feed(
        html,
        host,
        &format!("{FEED}{}", authority(page.authority, "reminder=evening")),
        &[words.feed, short, words.with_reminder],
    );
    let lang = match page.lang {
        Lang::Id => "",
        Lang::En => "lang=en",
    };
    feed(
        html,
        host,
        &format!("{DAYS}{}", authority(page.authority, lang)),
        &[words.days_feed, short],
    );
    feed(html, host, HOLIDAYS, &[words.holidays_feed]);
    for (index, chain) in page.state.dataset.chains.iter().enumerate() {
        if std::ptr::eq(chain, shown) {
            continue;
        }
        // The default calendar's feed needs no `authority`.
        let id = (index > 0).then_some(chain.id.as_str());
        feed(
            html,
            host,
            &format!("{FEED}{}", authority(id, "")),
            &[words.feed, &chain.names.short],
        );
    }
    html.raw("</ul>\n<p>")
        .text(words.google)
        .raw("</p>\n<p>")
        .text(words.apple)
        .raw("</p>\n</section>\n");

    html.raw("<section id=\"build\" aria-labelledby=\"build-title\">\n<h2 id=\"build-title\">")
        .text(words.build)
        .raw("</h2>\n<p>")
        .text(words.build_intro)
        .template(markup!(
            " <a href=\"{}\">",
            DOCS_PATH.trim_start_matches('/')
        ))
        .text(words.docs)
        .raw("</a>. ")
        .text(words.examples)
        .raw("</p>\n<ul class=\"examples\">\n");
    for example in EXAMPLES {
        html.template(markup!(
            "<li><a href=\"{}\"><code>GET /{}</code></a></li>\n",
            example,
            example
        ));
    }
    html.raw("</ul>\n</section>\n");
}

/// The footer: how far the official table reaches, and where the calendars are described.
pub fn footer(html: &mut Html, page: &Page) {
    let words = page.words;
    let chain = page.scope.chain;
    html.raw("<footer class=\"bottom\"><p>");
    if let Some((first, last)) = chain.coverage() {
        html.text(words.footer)
            .raw(" (")
            .text(&chain.names.short)
            .raw("): ")
            .time(first, &words.date(first))
            .raw(" – ")
            .time(last, &words.date(last))
            .raw(". ");
    }
    html.raw("<a href=\"api/v1/authorities\">")
        .text(words.calendars)
        .raw("</a></p></footer>\n");
}
