//! `/`: the page for people. Today's Hijri date, the prayer times of a chosen place
//! (`jadwal`), the month grid, the coming observances, the hilal of the next month and how
//! to subscribe, written in Indonesian (English with `lang=en`) in the calendar chosen
//! (`authority`, the default calendar without it) from the archive at request time, with no
//! astronomy; the other calendars' days where they differ. The printable imsakiyah of a
//! place (`/imsakiyah`, `imsakiyah`) shares its style sheet and its error pages.
//! Its style sheet (`/page.css`), script (`/page.js`, which only enhances: the zone from the
//! browser, the language and calendar kept in localStorage) are compiled into the binary
//! (`server/assets/page/`); its card thumbnails come by its own path (`card`), and its
//! errors are HTML pages in its language (`error`). A page is written once per archive, day
//! and choice and then kept ([`super::stored`]).

mod card;
mod coming;
mod embed;
mod error;
mod grid;
mod hilal;
mod html;
mod imsakiyah;
mod jadwal;
mod off;
mod others;
mod subscribe;
mod today;
mod words;
mod year;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Datelike, Utc};
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_view::Scope;

use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;
use grid::View;
use html::{markup, Html, Markup};
use words::{Lang, Words};

pub use card::{map, sky, MAP, SKY};
pub use embed::{embed, EMBED, HEIGHT as EMBED_HEIGHT};
pub use imsakiyah::{imsakiyah, refused as refused_elsewhere};

/// `Content-Security-Policy` of the page: this server's style sheet, script, images and
/// answers only; forms submit to the page itself.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
);

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

/// What one request of the page asks for, and what every section reads.
pub struct Page<'a, 'r> {
    /// The request's state.
    state: &'a AppState<'r>,
    /// The calendar shown (the default one unless the request chose another).
    scope: Scope<'r>,
    /// The calendar's identifier when the request chose one other than the default.
    authority: Option<&'r str>,
    /// The language.
    lang: Lang,
    /// Its words.
    words: &'static Words,
    /// The zone, and its `tz` value when the request chose it.
    zone: Zone,
    chosen_zone: Option<&'static str>,
    /// The request's instant, and today in the zone.
    now: DateTime<Utc>,
    today: Date,
    /// The month shown, and whether the request chose it.
    view: View,
    chosen_view: bool,
    /// The service's configured address without a trailing slash; `None`: links are
    /// relative ([`super::params::origin`]).
    origin: Option<&'r str>,
    /// The place whose prayer times are shown (`place`), kept in every link.
    place: Option<jadwal::Chosen<'r>>,
}

/// The Indonesian zones a visitor picks from, by their `tz` values.
const ZONES: [&str; 3] = ["WIB", "WITA", "WIT"];

/// Where a link of the page goes: its language, zone, calendar and month.
#[derive(Clone, Copy)]
struct Target<'t> {
    lang: Lang,
    zone: Option<&'t str>,
    /// The calendar's identifier; `None` for the default one.
    authority: Option<&'t str>,
    view: Option<View>,
}

impl<'r> Page<'_, 'r> {
    /// Where this page is: its language, zone and calendar, and `view` (`None`: the month
    /// of today).
    fn here(&self, view: Option<View>) -> Target<'r> {
        Target {
            lang: self.lang,
            zone: self.chosen_zone,
            authority: self.authority,
            view,
        }
    }

    /// A link to the page with the language, zone and calendar of this one and `view`.
    fn href(&self, view: Option<View>) -> String {
        self.link(self.here(view))
    }

    /// A link to `target` (`./` when all is the default). A language or calendar is named
    /// when it is not the default or differs from this page's, so that the script's
    /// remembered choice does not take a link to the default elsewhere.
    fn link(&self, target: Target) -> String {
        let mut query = Vec::new();
        if target.lang != Lang::Id || self.lang != Lang::Id {
            query.push(format!("lang={}", target.lang.tag()));
        }
        if let Some(tz) = target.zone {
            query.push(format!("tz={tz}"));
        }
        match (target.authority, self.authority) {
            (Some(id), _) => query.push(format!("authority={id}")),
            (None, Some(_)) => query.push(format!("authority={}", self.state.chain.id.as_str())),
            (None, None) => {}
        }
        if let Some(chosen) = self.place {
            let mut place = String::from("place=");
            imsakiyah::escaped(&mut place, &chosen.place.id);
            query.push(place);
        }
        if let Some(view) = target.view {
            query.push(view.query());
        }
        if query.is_empty() {
            "./".to_owned()
        } else {
            format!("?{}", query.join("&"))
        }
    }

    /// The page's choices as a form's hidden fields: the language, zone, calendar and place
    /// (`with_place`), so that a form keeps them as the links do.
    fn hidden(&self, html: &mut Html, with_place: bool) {
        if self.lang != Lang::Id {
            html.template(markup!(
                "<input type=\"hidden\" name=\"lang\" value=\"{}\">",
                self.lang.tag()
            ));
        }
        if let Some(tz) = self.chosen_zone {
            html.template(markup!(
                "<input type=\"hidden\" name=\"tz\" value=\"{}\">",
                tz
            ));
        }
        if let Some(authority) = self.authority {
            html.raw("<input type=\"hidden\" name=\"authority\" value=\"")
                .text(authority)
                .raw("\">");
        }
        if let Some(chosen) = self.place.filter(|_| with_place) {
            html.raw("<input type=\"hidden\" name=\"place\" value=\"")
                .text(&chosen.place.id)
                .raw("\">");
        }
    }

    /// The zone's name as Indonesians write it (WIB, WITA, WIT), else as `tz` echoes it.
    fn zone_name(&self) -> String {
        let known = ZONES
            .iter()
            .find(|name| Zone::parse(name) == Some(self.zone));
        known.map_or_else(|| self.zone.to_string(), |name| (*name).to_owned())
    }
}

/// The language a request asks for ([`Lang::read`]) and the one its error page is in: the
/// one asked, Indonesian when it names none the page has.
fn lang(query: &Query) -> (Result<Lang, ApiError>, Lang) {
    let lang = Lang::read(query);
    let shown = lang.as_ref().map_or(Lang::Id, |lang| *lang);
    (lang, shown)
}

/// `GET /?lang=&tz=&authority=&calendar=&year=&month=&view=&place=`: the page (the printable
/// year with `view=year`; today's prayer times at `place`); an error is an HTML page in the page's language with the API's status
/// and code.
pub fn page(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (lang, shown) = lang(&query);
    lang.and_then(|lang| written(req, state, &query, lang))
        .map_err(|e| error::page(state, shown, e))
}

/// A refusal of the page's or the card's parameters, answered as the page's HTML error in
/// the language asked for.
pub fn refused(req: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error::page(state, lang(&Query(req.query_string())).1, error)
}

/// What a request of the page or the card asks for: its zone, calendar and today, and the
/// month or year `asked` reads (the month of today when it reads none).
fn read<'a, 'r>(
    req: &HttpRequest,
    state: &'a AppState<'r>,
    query: &Query,
    lang: Lang,
    asked: impl FnOnce(&Scope, Date) -> Result<Option<View>, ApiError>,
) -> Result<Page<'a, 'r>, ApiError> {
    let zone = super::params::zone(query)?;
    // A chosen zone is kept in the links when it is one of the three.
    let chosen_zone = query
        .optional("tz", ErrorCode::InvalidTimezone)?
        .and_then(|_| ZONES.iter().copied().find(|z| Zone::parse(z) == Some(zone)));
    let scope = super::params::scope(state, query)?;
    let authority = (!std::ptr::eq(scope.chain, state.chain)).then_some(scope.chain.id.as_str());
    let now = state.clock.now();
    let local = zone.local_date(now);
    let today = Date::from_ymd(local.year(), local.month(), local.day())
        .ok_or_else(|| hijri_view::coverage::outside_archive(&scope, ErrorCode::OutOfCoverage))?;
    let asked = asked(&scope, today)?;
    Ok(Page {
        state,
        scope,
        authority,
        lang,
        words: lang.words(),
        zone,
        chosen_zone,
        now,
        today,
        view: asked.unwrap_or_else(|| View::of_day(today)),
        chosen_view: asked.is_some(),
        origin: super::params::origin(state, req),
        place: None,
    })
}

/// The page, or why it cannot be written.
fn written(
    req: &HttpRequest,
    state: &AppState,
    query: &Query,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let mut page = read(req, state, query, lang, |scope, today| {
        grid::asked(scope, query, today)
    })?;
    page.place = jadwal::chosen(state.dataset, query)?;
    let key = Key::new("/")
        .param("lang", lang.tag())
        .param("tz", page.zone)
        .param("zones", page.chosen_zone.unwrap_or_default())
        .param("today", page.today)
        .param("view", page.view.query())
        .param("chosen", page.chosen_view)
        .param("place", page.place.map_or("", |c| c.place.id.as_str()))
        .param("origin", page.origin.unwrap_or_default());
    let cache = |_| reply::until_midnight(page.zone, page.now);
    // The calendar is added to the key by `stored::answer` when the request names one.
    let mut response = stored::answer(req, state, &page.scope, key, cache, || {
        let mut html = Html::with_capacity(64 * 1024);
        if let View::Year(year) = page.view {
            head(&mut html, &page, None);
            year::section(&mut html, &page, year)?;
        } else {
            let today_section = today::section(&page)?;
            let next = hilal::next_month(&page);
            head(&mut html, &page, next.as_ref());
            html.markup(&today_section);
            jadwal::section(&mut html, &page);
            grid::section(&mut html, &page)?;
            coming::section(&mut html, &page);
            if let Some(next) = &next {
                hilal::section(&mut html, &page, next);
            }
            subscribe::section(&mut html, &page);
        }
        html.raw("</main>\n");
        subscribe::footer(&mut html, &page);
        html.raw("</body>\n</html>\n");
        Ok(Built::text(HTML, html.into_string()))
    })?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// The document's head (with its link preview), the page header with the language, zone
/// and calendar switches, and `<main>`.
fn head(html: &mut Html, page: &Page, next: Option<&hilal::Next>) {
    let words = page.words;
    html.template(markup!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>",
        page.lang.tag()
    ))
    .text(words.title)
    .raw("</title>\n<meta name=\"description\" content=\"")
    .text(words.description)
    .raw("\">\n");
    preview(html, page, next);
    html.raw(
        "<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"page.css\">\n\
         <script src=\"page.js\" defer></script>\n</head>\n",
    )
    .template(markup!(
        "<body data-authority=\"{}\" data-default=\"{}\"{}>\n<header class=\"top\">\n\
         <p class=\"brand\"><a href=\"",
        page.scope.chain.id.as_str(),
        page.state.chain.id.as_str(),
        // The year is printed on its own page size (page.css).
        Markup::literal(if matches!(page.view, View::Year(_)) {
            " class=\"yearly\""
        } else {
            ""
        })
    ))
    .text(&page.link(page.here(None)))
    .raw("\">")
    .text(words.title)
    .raw("</a></p>\n<nav class=\"switches\" aria-label=\"")
    .text(words.switches)
    .raw("\">\n");
    let other = match page.lang {
        Lang::Id => Lang::En,
        Lang::En => Lang::Id,
    };
    let view = page.chosen_view.then_some(page.view);
    html.template(markup!(
        "<a class=\"lang\" hreflang=\"{}\" lang=\"{}\" href=\"{}\">",
        other.tag(),
        other.tag(),
        page.link(Target {
            lang: other,
            ..page.here(view)
        })
    ))
    .text(words.other_language)
    .raw("</a>\n<span id=\"zones\" class=\"zones\"><span class=\"label\">")
    .text(words.zone)
    .raw(":</span>");
    let current = page.zone_name();
    for zone in ZONES {
        html.template(markup!(
            " <a href=\"{}\"{}>{}</a>",
            page.link(Target {
                zone: Some(zone),
                ..page.here(view)
            }),
            current_mark(zone == current),
            zone
        ));
    }
    html.raw("</span>\n<span id=\"calendars\" class=\"zones\"><span class=\"label\">")
        .text(words.calendar)
        .raw(":</span>");
    for (index, chain) in page.state.dataset.chains.iter().enumerate() {
        let authority = (index > 0).then_some(chain.id.as_str());
        html.template(markup!(
            " <a href=\"{}\" title=\"",
            page.link(Target {
                authority,
                ..page.here(view)
            })
        ))
        .text(page.lang.name(chain))
        .template(markup!(
            "\"{}>",
            current_mark(std::ptr::eq(chain, page.scope.chain))
        ))
        .text(&chain.names.short)
        .raw("</a>");
    }
    html.raw("</span>\n</nav>\n</header>\n<main>\n");
}

/// ` aria-current="true"` on the switch's current choice.
fn current_mark(current: bool) -> Markup {
    Markup::literal(if current {
        " aria-current=\"true\""
    } else {
        ""
    })
}

/// The link preview (Open Graph and Twitter): the title with today's Hijri date, the
/// description, and the next month's sky chart when the archive holds it.
fn preview(html: &mut Html, page: &Page, next: Option<&hilal::Next>) {
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
    html.raw(
        "<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:title\" content=\"",
    )
    .text(&title)
    .raw("\">\n<meta property=\"og:description\" content=\"")
    .text(words.description);
    // Open Graph wants absolute addresses: without a configured one there is no og:url or
    // og:image (a preview shows the title and description).
    if let Some(origin) = page.origin {
        html.raw("\">\n<meta property=\"og:url\" content=\"")
            .text(origin)
            .raw("/")
            .text(page.href(None).trim_start_matches("./"));
    }
    html.template(markup!(
        "\">\n<meta property=\"og:locale\" content=\"{}\">\n",
        page.lang.locale()
    ));
    let card = next.and_then(|next| next.cards.first());
    match (page.origin, card) {
        (Some(origin), Some(card)) => {
            html.raw("<meta property=\"og:image\" content=\"")
                .text(origin)
                .raw("/")
                .text(&card.href)
                .template(markup!(
                    "\">\n<meta property=\"og:image:width\" content=\"{}\">\n\
                     <meta property=\"og:image:height\" content=\"{}\">\n\
                     <meta property=\"og:image:alt\" content=\"",
                    card.width,
                    card.height
                ))
                .text(&card.alt)
                .raw("\">\n<meta name=\"twitter:card\" content=\"summary_large_image\">\n");
        }
        _ => {
            html.raw("<meta name=\"twitter:card\" content=\"summary\">\n");
        }
    }
}

/// The style sheet of the page.
static STYLE: &str = include_str!("../../../assets/page/page.css");
/// The script of the page.
static SCRIPT: &str = include_str!("../../../assets/page/page.js");

/// `GET /page.css`: the page's style sheet.
pub fn style(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(req, STYLE, "text/css; charset=utf-8"))
}

/// `GET /page.js`: the page's script.
pub fn script(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(req, SCRIPT, "text/javascript; charset=utf-8"))
}

fn asset(req: &HttpRequest, body: &'static str, content_type: &'static str) -> HttpResponse {
    reply::negotiated(
        req,
        reply::DOCUMENT,
        HeaderValue::from_static(content_type),
        web::Bytes::from_static(body.as_bytes()),
    )
}
