//! The page's errors as people meet them: an HTML page in the page's language with the
//! API's status and code, a sentence that says what to change, the API's own message, and
//! a link back to today's page in the default calendar.

use hijri::prayer::Method;
use hijri_view::{ErrorCode, Scope};
use maud::{html, DOCTYPE};

use crate::html::metas;
use crate::words::{display, Lang};

/// Which document refused, and so where the error page's link goes back to (and, from the
/// mosque screen, what a missing parameter is).
#[derive(Clone, Copy)]
pub enum Back {
    /// The page at `/`, from itself.
    Page,
    /// The page at `/`, from another path (the imsakiyah).
    Elsewhere,
    /// The page at `/`, from the mosque screen, whose one required parameter is `place`.
    Display,
}

/// The HTML page of a refusal with `code` and the API's `message`, in `lang`, its link
/// back going to today's page in the default calendar of `base`.
pub fn document(base: &Scope, lang: Lang, code: ErrorCode, message: &str, back: Back) -> String {
    let link = match back {
        Back::Page => "?",
        Back::Elsewhere | Back::Display => "./?",
    };
    let words = lang.words();
    // The default calendar named, so that a calendar the browser remembered is forgotten.
    let again = match lang {
        Lang::Id => "",
        Lang::En => "lang=en&",
    };
    html! {
        (DOCTYPE) "\n"
        html lang=(lang.tag()) {
            "\n"
            head {
                (metas("light dark"))
                "\n" meta name="robots" content="noindex";
                "\n" title { (words.error_title) " · " (words.title) }
                "\n" link rel="icon" href="data:,";
                "\n" link rel="stylesheet" href="page.css";
                "\n"
            }
            "\n"
            body {
                "\n"
                main class="error" {
                    "\n" h1 { (words.error_title) }
                    "\n" p { (sentence(base, lang, code, back)) }
                    "\n" p class="detail" { code { (code.as_str()) } ": " (message) }
                    "\n" p { a href={ (link) (again) "authority=" (base.chain.id.as_str()) } { (words.error_back) } }
                    "\n"
                }
                "\n"
            }
            "\n"
        }
        "\n"
    }
    .into_string()
}

/// What to change, in words: the zone, the language, the years the calendar has, the month
/// (the place on the mosque screen), the calendar of dates, the view (`invalid_kind`, which
/// only `view` gives on the page), the calendars served.
fn sentence(scope: &Scope, lang: Lang, code: ErrorCode, back: Back) -> String {
    let words = lang.words();
    match code {
        ErrorCode::MissingParameter if matches!(back, Back::Display) => {
            display::texts(lang).missing_place.to_owned()
        }
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
