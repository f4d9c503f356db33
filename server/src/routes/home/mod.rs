//! `/`: the page for people. Today's Hijri date, the month grid, the coming observances, the
//! hilal of the next month and how to subscribe, written in Indonesian (English with
//! `lang=en`) from the archive at request time, with no astronomy. Its style sheet
//! (`/page.css`) and script (`/page.js`, which only enhances: the zone from the browser, the
//! language kept in localStorage) are compiled into the binary (`server/assets/page/`). A
//! page is written once per archive, day and choice and then kept ([`super::stored`]).

mod coming;
mod grid;
mod hilal;
mod html;
mod subscribe;
mod today;
mod words;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::zone::Zone;

use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{Param, Query};
use crate::http::reply;
use crate::state::AppState;
use grid::View;
use html::Html;
use words::{Lang, Words};

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
    /// The language.
    lang: Lang,
    /// Its words.
    words: &'static Words,
    /// The zone, and its `tz` value when the request chose it.
    zone: Zone,
    chosen_zone: Option<&'static str>,
    /// Today in the zone.
    today: Date,
    /// The month shown, and whether the request chose it.
    view: View,
    chosen_view: bool,
}

/// The Indonesian zones a visitor picks from, by their `tz` values.
const ZONES: [&str; 3] = ["WIB", "WITA", "WIT"];

impl Page<'_, '_> {
    /// A link to the page with the language and zone of this one and `view` (`None`: the
    /// month of today).
    fn href(&self, view: Option<View>) -> String {
        self.link(self.lang, self.chosen_zone, view)
    }

    /// A link to the page in `lang`, zone `tz` and month `view` (`./` when all are the
    /// defaults).
    fn link(&self, lang: Lang, tz: Option<&str>, view: Option<View>) -> String {
        let mut query = Vec::new();
        if lang != Lang::Id || self.lang != Lang::Id {
            query.push(format!("lang={}", lang.tag()));
        }
        if let Some(tz) = tz {
            query.push(format!("tz={tz}"));
        }
        if let Some(view) = view {
            query.push(view.query());
        }
        if query.is_empty() {
            "./".to_owned()
        } else {
            format!("?{}", query.join("&amp;"))
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

/// `GET /?lang=&tz=&calendar=&year=&month=`: the page.
pub fn page(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let lang = match query.get("lang") {
        Param::Value(value) => Lang::from_param(&value),
        _ => Lang::Id,
    };
    let zone = super::params::zone(&query)?;
    // A chosen zone is kept in the links when it is one of the three.
    let chosen_zone = query
        .optional("tz", ErrorCode::InvalidTimezone)?
        .and_then(|_| ZONES.iter().copied().find(|z| Zone::parse(z) == Some(zone)));
    let now = state.clock.now();
    let local = zone.local_date(now);
    let today = Date::from_ymd(local.year(), local.month(), local.day()).ok_or_else(|| {
        hijri_view::coverage::outside_archive(&state.scope, ErrorCode::OutOfCoverage)
    })?;
    let asked = grid::asked(state, &query)?;
    let page = Page {
        state,
        lang,
        words: lang.words(),
        zone,
        chosen_zone,
        today,
        view: asked.unwrap_or_else(|| View::of_day(today)),
        chosen_view: asked.is_some(),
    };
    let key = Key::new("/")
        .param("lang", lang.tag())
        .param("tz", zone)
        .param("zones", chosen_zone.unwrap_or_default())
        .param("today", today)
        .param("view", page.view.query())
        .param("chosen", page.chosen_view)
        .param("origin", subscribe::origin(state.docs_url, req));
    let cache = |_| reply::until_midnight(zone, now);
    let mut response = stored::answer(req, state, state, key, cache, || {
        let today_section = today::section(&page)?;
        let mut html = Html::with_capacity(48 * 1024);
        head(&mut html, &page);
        html.raw(&today_section);
        grid::section(&mut html, &page)?;
        coming::section(&mut html, &page);
        hilal::section(&mut html, &page);
        subscribe::section(&mut html, &page, req);
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

/// The document's head, the page header with the language and zone switches, and `<main>`.
fn head(html: &mut Html, page: &Page) {
    let words = page.words;
    html.fmt(format_args!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        page.lang.tag()
    ))
    .text(words.title)
    .raw("</title>\n<meta name=\"description\" content=\"")
    .text(words.description)
    .raw(
        "\">\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"page.css\">\n\
         <script src=\"page.js\" defer></script>\n</head>\n<body>\n<header class=\"top\">\n\
         <p class=\"brand\"><a href=\"",
    )
    .raw(&page.link(page.lang, page.chosen_zone, None))
    .raw("\">")
    .text(words.title)
    .raw("</a></p>\n<nav class=\"switches\" aria-label=\"")
    .text(words.zone)
    .raw("\">\n");
    let other = match page.lang {
        Lang::Id => Lang::En,
        Lang::En => Lang::Id,
    };
    let view = page.chosen_view.then_some(page.view);
    html.fmt(format_args!(
        "<a class=\"lang\" hreflang=\"{tag}\" lang=\"{tag}\" href=\"{}\">",
        page.link(other, page.chosen_zone, view),
        tag = other.tag()
    ))
    .text(words.other_language)
    .raw("</a>\n<span id=\"zones\" class=\"zones\"><span class=\"label\">")
    .text(words.zone)
    .raw(":</span>");
    let current = page.zone_name();
    for zone in ZONES {
        let aria = if zone == current {
            " aria-current=\"true\""
        } else {
            ""
        };
        html.fmt(format_args!(
            " <a href=\"{}\"{aria}>{zone}</a>",
            page.link(page.lang, Some(zone), view)
        ));
    }
    html.raw("</span>\n</nav>\n</header>\n<main>\n");
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
