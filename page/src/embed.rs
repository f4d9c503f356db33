//! `/embed`: a small card of today for an iframe on another site (a village's, a mosque's):
//! the Gregorian date, the Hijri date in the calendar chosen (`authority`), the weton
//! (weekday and pasaran), with `place` today's eight prayer times there with the next one
//! marked and named, and the next day off, in the page's language, with a link to the page.
//! One document under 5 KB with its style inline: no script, no other request, a fixed
//! height ([`HEIGHT`], [`HEIGHT_WITH_TIMES`]) so the embedding page can size its frame; it
//! may be framed by any site. Written once per archive, day, next prayer and choice and then
//! kept, as the page is.

use hijri::javanese::JavaneseDate;
use hijri::pasaran::Pasaran;
use hijri::prayer::Prayer;
use hijri::prayer_table;
use hijri::schema::Tier;
use hijri_view::answers::prayer::{self, method_of};
use hijri_view::{coverage, ErrorCode, Refusal};

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::html::{clock, days_left, metas, time};
use crate::jadwal::{at, zone_label};
use crate::now::{self, Mark};
use crate::off;
use crate::page::Page;
use crate::place::Chosen;

/// The card's height in CSS pixels, for the frame (`<iframe height="…">`, docs/page/README.md);
/// its width is the frame's, from 280 pixels on.
pub const HEIGHT: u32 = 200;
/// The height of the card with a place's prayer times (`place`), as [`HEIGHT`].
pub const HEIGHT_WITH_TIMES: u32 = 320;

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

/// The style of the prayer times, added with `place`: four times a row, the next one dark.
const TIMES_STYLE: &str = ".w{margin-top:6px;font-size:12px;color:#4a4a4a;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}\
ol{display:grid;grid-template-columns:repeat(4,1fr);gap:3px;list-style:none;margin:2px 0 3px;padding:0}\
li{font-size:11px;line-height:1.25;text-align:center;background:#fff;border-radius:4px;padding:2px 0;color:#4a4a4a}\
li b{display:block;font-size:14px;color:#1b1b1b;font-variant-numeric:tabular-nums}\
li.x,li.x b{background:#0a5c36;color:#fff}\
.np{font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}";

/// The card's document.
pub fn document(page: &Page) -> Result<String, Refusal> {
    let chain = page.scope.chain;
    let words = page.words;
    let day = page.today;
    coverage::days(&page.scope, day, day, false, ErrorCode::OutOfCoverage)?;
    let (hijri, month) = chain
        .to_hijri(day)
        .ok_or_else(|| coverage::outside_archive(&page.scope, ErrorCode::OutOfCoverage))?;
    let estimate = chain.tier_of_day(month, day) != Tier::Published;
    // The page in the same language and calendar, from the card's own address.
    let link = page.link(page.here(None));
    let link = if link.starts_with('?') {
        format!("./{link}")
    } else {
        link
    };
    let next = off::next(page, day);
    let times = page.place.and_then(|chosen| times(page, chosen));
    let height = if times.is_some() {
        HEIGHT_WITH_TIMES
    } else {
        HEIGHT
    };
    Ok(html! {
        (DOCTYPE) "\n"
        html lang=(page.lang.tag()) {
            "\n"
            head {
                (metas("light"))
                "\n" title { (words.today) " · " (words.title) }
                "\n" meta name="description" content=(words.embed_description);
                "\n" link rel="icon" href="data:,";
                // The style sheet is this file's constant.
                "\n" style {
                    (PreEscaped(STYLE.0)) (height) (PreEscaped(STYLE.1))
                    @if times.is_some() { (PreEscaped(TIMES_STYLE)) }
                }
                "\n"
            }
            "\n"
            body {
                "\n"
                main {
                    "\n" p class="g" { (time(day, &words.long_date(day))) }
                    "\n"
                    p class="h" {
                        @if estimate { "≈" }
                        (words.hijri(hijri)) " " small { (chain.names.short.as_str()) }
                    }
                    "\n"
                    p class="j" {
                        (words.weekday(day.weekday())) " " (Pasaran::of(day).name())
                        @if let Some(javanese) = JavaneseDate::of(day) {
                            " · " (words.javanese_date(javanese))
                        }
                    }
                    "\n"
                    @if let Some(times) = times { (times) }
                    @if let Some((off, last)) = &next {
                        p class="n" {
                            (words.next_off) ": "
                            b {
                                (time(off.date, &words.short_date(off.date)))
                                @if *last != off.date {
                                    "–" (time(*last, &words.short_date(*last)))
                                }
                            }
                            " " (off::full_name(page, off))
                            " · " (days_left(words, off.date.0 - day.0))
                        }
                        "\n"
                    }
                    p class="s" { a href=(link) target="_blank" rel="noopener" { (words.title) } }
                    "\n"
                }
                "\n"
            }
            "\n"
        }
        "\n"
    }
    .into_string())
}

/// Today's eight times at `chosen` (in its zone), the next prayer marked and then named in
/// words; `None` on a day the table does not hold.
fn times(page: &Page, chosen: Chosen) -> Option<Markup> {
    let words = page.words;
    let (method, _) = method_of(page.scope.chain);
    let row = prayer_table::published_day(page.base.dataset, chosen.index, &method, page.today)?;
    let zone = prayer::zone(chosen.place);
    let around = now::around(page);
    Some(html! {
        p class="w" { (chosen.place.name.as_str()) " · " (zone_label(chosen.place, page.now)) }
        "\n"
        ol {
            @for prayer in Prayer::ALL {
                @let next = Mark::of(around, page.today, prayer) == Some(Mark::Next);
                li class=[next.then_some("x")] {
                    (words.prayer_name(prayer)) " " b { (clock(words, zone, at(&row, prayer))) }
                }
            }
        }
        "\n"
        @if let Some((_, next)) = around {
            p class="np" {
                (words.next_prayer) ": " b { (now::name(words, next, page.today)) }
                " " (clock(words, zone, Some(next.seconds)))
            }
            "\n"
        }
    })
}
