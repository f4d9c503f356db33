//! Subscribe and build: `webcal://` links to the feeds with how Google and Apple Calendar
//! take them, the API reference and three example calls; and the page's footer.

use actix_web::HttpRequest;

use super::html::Html;
use super::Page;
use crate::settings::DOCS_PATH;

/// The feed's path.
const FEED: &str = "api/v1/calendar.ics";

/// Three calls worth trying, relative to the page.
const EXAMPLES: [&str; 3] = [
    "api/v1/today?tz=WITA&amp;next=true",
    "api/v1/convert?date=2026-02-19",
    "api/v1/compare?year=1447",
];

/// The service's address without a trailing slash: the public URL when one is set (as
/// `docs_url` shows it), else the scheme and host the request came by.
fn origin(page: &Page, req: &HttpRequest) -> String {
    match page.state.docs_url.strip_suffix(DOCS_PATH) {
        Some(base) if !base.is_empty() => base.to_owned(),
        _ => {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        }
    }
}

/// The subscribe and build sections.
pub fn section(html: &mut Html, page: &Page, req: &HttpRequest) {
    let words = page.words;
    let origin = origin(page, req);
    let host = origin
        .split_once("://")
        .map_or(origin.as_str(), |(_, rest)| rest);
    html.raw(
        "<section id=\"subscribe\" aria-labelledby=\"subscribe-title\">\n\
         <h2 id=\"subscribe-title\">",
    )
    .text(words.subscribe)
    .raw("</h2>\n<p>")
    .text(words.subscribe_intro)
    .raw("</p>\n<ul class=\"feeds\">\n");
    let dataset = page.state.dataset;
    for (index, chain) in dataset.chains.iter().enumerate() {
        // The default calendar's feed needs no `authority`.
        let query = if index == 0 {
            String::new()
        } else {
            format!("?authority={}", chain.id.as_str())
        };
        html.raw("<li><a href=\"webcal://")
            .text(host)
            .fmt(format_args!("/{FEED}{query}\">"))
            .text(words.feed)
            .raw(" ")
            .text(&chain.names.short)
            .raw("</a><br><code>https://")
            .text(host)
            .fmt(format_args!("/{FEED}{query}</code></li>\n"));
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
        .fmt(format_args!(
            " <a href=\"{}\">",
            DOCS_PATH.trim_start_matches('/')
        ))
        .text(words.docs)
        .raw("</a>. ")
        .text(words.examples)
        .raw("</p>\n<ul class=\"examples\">\n");
    for example in EXAMPLES {
        html.fmt(format_args!(
            "<li><a href=\"{example}\"><code>GET /{example}</code></a></li>\n"
        ));
    }
    html.raw("</ul>\n</section>\n");
}

/// The footer: how far the official table reaches, and where the calendars are described.
pub fn footer(html: &mut Html, page: &Page) {
    let words = page.words;
    let chain = page.state.chain;
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
