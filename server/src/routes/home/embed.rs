//! `/embed`: a small card of today for an iframe on another site (a village's, a mosque's):
//! the Gregorian date, the Hijri date in the calendar chosen (`authority`), the weton
//! (weekday and pasaran), and the next day off, in the page's language, with a link to the
//! page. One document under 4 KB with its style inline: no script, no other request, a fixed
//! height ([`HEIGHT`]) so the embedding page can size its frame; it may be framed by any site.
//! Written once per archive, day and choice and then kept, as the page is.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::schema::Tier;

use super::html::{markup, Html};
use super::words::Lang;
use super::{error, lang, off, read, Page, HTML};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::routes::stored::{self, Built, Key};
use crate::state::AppState;
use hijri_view::coverage;

/// The card's route.
pub const EMBED: &str = "/embed";

/// The card's height in CSS pixels, for the frame (`<iframe height="…">`, docs/page/README.md);
/// its width is the frame's, from 280 pixels on.
pub const HEIGHT: u32 = 200;

/// `Content-Security-Policy` of the card: nothing loaded, its one inline style sheet, and no
/// `frame-ancestors`, so that any site may frame it (no script runs, and every text is
/// escaped). `connect-src 'self'` as the page has it, so that tools reading the card in a
/// browser (Lighthouse's `robots.txt`) may ask this server.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; \
     base-uri 'none'; form-action 'none'",
);

/// The card's style sheet: light, as a printed card, whatever the embedding page's scheme;
/// its box's height ([`HEIGHT`]) goes between the two halves.
const STYLE: (&str, &str) = (
    "html,body{margin:0;background:#fff}\
body{font:14px/1.3 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:#1b1b1b}\
main{box-sizing:border-box;height:",
    "px;overflow:hidden;padding:10px 14px;border:1px solid #c9c9c9;border-radius:8px;\
background:#e6f2ec}p{margin:0 0 3px}.h{font-size:19px;font-weight:700;color:#0a5c36}\
.h small,.j,.s{font-size:13px;font-weight:400;color:#4a4a4a}\
.j{font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.n{margin-top:6px;display:-webkit-box;-webkit-box-orient:vertical;\
-webkit-line-clamp:3;overflow:hidden}\
.n b{color:#b3261e}a{color:#0a5c36}",
);

/// `GET /embed?authority=&lang=&tz=`: the card of today; an error is the page's HTML error.
pub fn embed(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (lang, shown) = lang(&query);
    lang.and_then(|lang| card(req, state, &query, lang))
        .map_err(|e| error::page(state, shown, e))
}

/// The card, or why it cannot be written.
fn card(
    req: &HttpRequest,
    state: &AppState,
    query: &Query,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let page = read(req, state, query, lang, |_, _| Ok(None))?;
    let key = Key::new(EMBED)
        .param("lang", lang.tag())
        .param("tz", page.zone)
        .param("zones", page.chosen_zone.unwrap_or_default())
        .param("today", page.today);
    let cache = |_| reply::until_midnight(page.zone, page.now);
    // The calendar is added to the key by `stored::answer` when the request names one.
    let mut response = stored::answer(req, state, &page.scope, key, cache, || {
        Ok(Built::text(HTML, written(&page)?))
    })?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// The card's document.
fn written(page: &Page) -> Result<String, ApiError> {
    let chain = page.scope.chain;
    let words = page.words;
    let day = page.today;
    coverage::days(&page.scope, day, day, false, ErrorCode::OutOfCoverage)?;
    let (hijri, month) = chain
        .to_hijri(day)
        .ok_or_else(|| coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage))?;
    let mut html = Html::with_capacity(2048);
    html.template(markup!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light\">\n<title>",
        page.lang.tag()
    ))
    .text(words.today)
    .raw(" · ")
    .text(words.title)
    .raw("</title>\n<meta name=\"description\" content=\"")
    .text(words.embed_description)
    .raw("\">\n<link rel=\"icon\" href=\"data:,\">\n<style>")
    .raw(STYLE.0)
    .template(markup!("{}", HEIGHT))
    .raw(STYLE.1)
    .raw("</style>\n</head>\n<body>\n<main>\n<p class=\"g\">")
    .time(day, &words.long_date(day))
    .raw("</p>\n<p class=\"h\">");
    if chain.tier_of_day(month, day) != Tier::Published {
        html.raw("≈");
    }
    html.text(&words.hijri(hijri))
        .raw(" <small>")
        .text(&chain.names.short)
        .raw("</small></p>\n<p class=\"j\">")
        .text(words.weekday(day.weekday()))
        .raw(" ")
        .raw(Pasaran::of(day).name());
    if let Some(javanese) = JavaneseDate::of(day) {
        html.raw(" · ").text(&words.javanese_date(javanese));
    }
    html.raw("</p>\n");
    if let Some((off, last)) = off::next(page, day) {
        html.raw("<p class=\"n\">")
            .text(words.next_off)
            .raw(": <b>")
            .time(off.date, &words.short_date(off.date));
        if last != off.date {
            html.raw("–").time(last, &words.short_date(last));
        }
        html.raw("</b> ").text(&off::full_name(page, &off));
        let left = off.date.0 - day.0;
        html.raw(" · ");
        match left {
            0 => html.text(words.is_today),
            1 => html.text(words.tomorrow),
            n => html.template(markup!("{} ", n)).text(words.days_left),
        };
        html.raw("</p>\n");
    }
    // The page in the same language and calendar, from the card's own address.
    let link = page.link(page.here(None));
    html.raw("<p class=\"s\"><a href=\"")
        .raw(if link.starts_with('?') { "./" } else { "" })
        .text(&link)
        .raw("\" target=\"_blank\" rel=\"noopener\">")
        .text(words.title)
        .raw("</a></p>\n</main>\n</body>\n</html>\n");
    Ok(html.into_string())
}
