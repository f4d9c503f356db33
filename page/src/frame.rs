//! The frame of the page at `/` (month and year alike): the document's head with its link
//! preview, the header with the language, zone and calendar switches, `<main>` around what
//! the page shows, and the footer.

use maud::{html, Markup, DOCTYPE};

use crate::hilal::Next;
use crate::html::metas;
use crate::page::{Page, Target, ZONES};
use crate::subscribe;
use crate::view::View;
use crate::words::Lang;

/// The document: its head (with the link preview of `next`), the header and its switches,
/// `main`, and the footer.
pub fn document(page: &Page, next: Option<&Next>, main: &Markup) -> String {
    let words = page.words;
    let other = match page.lang {
        Lang::Id => Lang::En,
        Lang::En => Lang::Id,
    };
    let view = page.chosen_view.then_some(page.view);
    let current = page.zone_name();
    // The year is printed on its own page size (page.css).
    let yearly = matches!(page.view, View::Year(_)).then_some("yearly");
    let link = |target: Target| page.link(target);
    html! {
        (DOCTYPE) "\n"
        html lang=(page.lang.tag()) {
            "\n"
            head {
                (metas("light dark"))
                "\n" title { (words.title) }
                "\n" meta name="description" content=(words.description);
                "\n" (preview(page, next))
                link rel="icon" href="data:,";
                "\n" link rel="stylesheet" href="page.css";
                "\n" script src="page.js" defer {}
                "\n"
            }
            "\n"
            body data-authority=(page.scope.chain.id.as_str()) data-default=(page.base.chain.id.as_str()) class=[yearly] {
                "\n"
                header class="top" {
                    "\n" p class="brand" { a href=(page.link(page.here(None))) { (words.title) } }
                    "\n"
                    nav class="switches" aria-label=(words.switches) {
                        "\n"
                        a class="lang" hreflang=(other.tag()) lang=(other.tag()) href=(link(Target { lang: other, ..page.here(view) })) {
                            (words.other_language)
                        }
                        "\n"
                        span id="zones" class="zones" {
                            span class="label" { (words.zone) ":" }
                            @for zone in ZONES {
                                " "
                                a href=(link(Target { zone: Some(zone), ..page.here(view) })) aria-current=[(zone == current).then_some("true")] {
                                    (zone)
                                }
                            }
                        }
                        "\n"
                        span id="calendars" class="zones" {
                            span class="label" { (words.calendar) ":" }
                            @for (index, chain) in page.base.dataset.chains.iter().enumerate() {
                                " "
                                a href=(link(Target { authority: (index > 0).then_some(chain.id.as_str()), ..page.here(view) }))
                                    title=(page.lang.name(chain))
                                    aria-current=[std::ptr::eq(chain, page.scope.chain).then_some("true")] {
                                    (chain.names.short.as_str())
                                }
                            }
                        }
                        "\n"
                    }
                    "\n"
                }
                "\n"
                main { "\n" (main) }
                "\n"
                (subscribe::footer(page))
            }
            "\n"
        }
        "\n"
    }
    .into_string()
}

/// The link preview (Open Graph and Twitter): the title with today's Hijri date, the
/// description, and the next month's sky chart when the archive holds it.
fn preview(page: &Page, next: Option<&Next>) -> Markup {
    let words = page.words;
    let title = match page.scope.chain.to_hijri(page.today) {
        Some((hijri, _)) => format!(
            "{} ({}) · {}",
            words.hijri(hijri),
            page.scope.chain.names.short.as_str(),
            words.title
        ),
        None => words.title.to_owned(),
    };
    let card = next.and_then(|next| next.cards.first());
    html! {
        meta property="og:type" content="website";
        "\n" meta property="og:title" content=(title);
        "\n" meta property="og:description" content=(words.description);
        // Open Graph wants absolute addresses: without a configured one there is no og:url
        // or og:image (a preview shows the title and description).
        @if let Some(origin) = page.origin {
            "\n" meta property="og:url" content={ (origin) "/" (page.href(None).trim_start_matches("./")) };
        }
        "\n" meta property="og:locale" content=(page.lang.locale());
        "\n"
        @if let (Some(origin), Some(card)) = (page.origin, card) {
            meta property="og:image" content={ (origin) "/" (card.href) };
            "\n" meta property="og:image:width" content=(card.width);
            "\n" meta property="og:image:height" content=(card.height);
            "\n" meta property="og:image:alt" content=(card.alt);
            "\n" meta name="twitter:card" content="summary_large_image";
        } @else {
            meta name="twitter:card" content="summary";
        }
        "\n"
    }
}
