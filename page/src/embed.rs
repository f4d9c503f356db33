//! `/embed`: a small card of today for an iframe on another site (a village's, a mosque's):
//! the Gregorian date, the Hijri date in the calendar chosen (`authority`), the weton
//! (weekday and pasaran), and the next day off, in the page's language, with a link to the
//! page. One document under 4 KB with its style inline: no script, no other request, a fixed
//! height ([`HEIGHT`]) so the embedding page can size its frame; it may be framed by any site.
//! Written once per archive, day and choice and then kept, as the page is.

use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::schema::Tier;
use hijri_view::{coverage, ErrorCode, Refusal};

use crate::html::{markup, Html};
use crate::off;
use crate::page::Page;

/// The card's height in CSS pixels, for the frame (`<iframe height="…">`, docs/page/README.md);
/// its width is the frame's, from 280 pixels on.
pub const HEIGHT: u32 = 200;

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

/// The card's document.
pub fn document(page: &Page) -> Result<String, Refusal> {
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
