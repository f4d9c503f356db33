//! The page's errors as people meet them: an HTML page in the page's language with the
//! API's status and code, a sentence that says what to change, the API's own message, and
//! a link back to today's page in the default calendar.

use hijri::prayer::Method;
use hijri_view::Scope;

use super::html::{markup, Html};
use super::words::Lang;
use crate::http::error::{ApiError, ErrorCode};
use crate::state::AppState;

/// `error` answered as an HTML page in `lang`.
pub fn page(state: &AppState, lang: Lang, error: ApiError) -> ApiError {
    written(state, lang, error, "?")
}

/// `error` of a page at another path than `/` (the imsakiyah) answered as an HTML page in
/// `lang`, its link back going to `/`.
pub fn elsewhere(state: &AppState, lang: Lang, error: ApiError) -> ApiError {
    written(state, lang, error, "./?")
}

/// The error page, its link back to `back` with the default calendar.
fn written(state: &AppState, lang: Lang, error: ApiError, back: &str) -> ApiError {
    let words = lang.words();
    let mut html = Html::with_capacity(2048);
    html.template(markup!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>",
        lang.tag()
    ))
    .text(words.error_title)
    .raw(" · ")
    .text(words.title)
    .raw(
        "</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"page.css\">\n</head>\n<body>\n<main class=\"error\">\n<h1>",
    )
    .text(words.error_title)
    .raw("</h1>\n<p>")
    .text(&sentence(&state.scope, lang, error.code))
    .raw("</p>\n<p class=\"detail\"><code>")
    .text(error.code.as_str())
    .raw("</code>: ")
    .text(&error.message)
    // The default calendar named, so that a calendar the browser remembered is forgotten.
    .raw("</p>\n<p><a href=\"")
    .text(back)
    .text(match lang {
        Lang::Id => "",
        Lang::En => "lang=en&",
    })
    .raw("authority=")
    .text(&state.chain.id)
    .raw("\">")
    .text(words.error_back)
    .raw("</a></p>\n</main>\n</body>\n</html>\n");
    error.with_html(html.into_string())
}

/// What to change, in words: the zone, the language, the years the calendar has, the month, the calendar
/// of dates, the view (`invalid_kind`, which only `view` gives on the page), the calendars
/// served.
fn sentence(scope: &Scope, lang: Lang, code: ErrorCode) -> String {
    let words = lang.words();
    match code {
        ErrorCode::InvalidTimezone => words.error_zone.to_owned(),
        ErrorCode::InvalidLang => words.error_lang.to_owned(),
        ErrorCode::InvalidYear | ErrorCode::DateOutOfSupportedRange | ErrorCode::OutOfCoverage => {
            let (g_first, g_last) = scope.chain.gregorian_years_with_days();
            let (h_first, h_last) = scope.chain.hijri_years_with_days();
            format!(
                "{} {g_first}–{g_last}; {h_first}–{h_last} {}.",
                words.error_years,
                words.lang.era()
            )
        }
        ErrorCode::InvalidMonth | ErrorCode::MissingParameter => words.error_month.to_owned(),
        ErrorCode::InvalidCalendar => words.error_calendar.to_owned(),
        ErrorCode::InvalidKind => words.error_view.to_owned(),
        ErrorCode::UnknownPlace => words.error_place.to_owned(),
        ErrorCode::InvalidMethod => {
            let ids: Vec<&str> = Method::ALL.iter().map(|m| m.id).collect();
            format!("{} {}.", words.error_method, ids.join(", "))
        }
        ErrorCode::InvalidAuthority => {
            let names: Vec<&str> = scope
                .dataset
                .chains
                .iter()
                .map(|chain| chain.names.short.as_str())
                .collect();
            format!("{} {}.", words.error_authority, names.join(", "))
        }
        _ => words.error_other.to_owned(),
    }
}
