//! The page for people of the Hijri calendar service, as HTML from the archived calendar:
//! `/` (today, the prayer times of a chosen place, the month grid, the coming observances,
//! the hilal of the next month, how to subscribe; the printable year with `view=year`), the
//! printable imsakiyah of a place, the card of today for an iframe, the mosque screen of a
//! place (`/display`), and the error pages, in Indonesian or English, with no astronomy. It
//! takes plain inputs (the archive's scope, the language, the zone, the instant, the
//! choices, the configured address) that the server reads from a request, and returns the
//! document; the server keeps the HTTP (parameters, caching, headers) and mounts it.
//!
//! The pages are at the top ([`month`], [`year`], [`imsakiyah`], [`embed`], [`display`],
//! [`error`]); the sections and pieces they share are below them, and nothing below
//! imports a page.

pub mod display;
pub mod embed;
pub mod error;
pub mod imsakiyah;
pub mod month;
pub mod year;

mod cells;
mod coming;
pub mod falak;
mod frame;
mod grid;
pub mod hilal;
mod html;
mod jadwal;
mod links;
mod method;
mod navigation;
mod now;
mod off;
mod others;
pub mod page;
pub mod place;
mod subscribe;
mod today;
pub mod view;
pub mod words;

pub use hilal::{MAP, SKY};
pub use jadwal::coming_ramadan;
pub use now::around as prayer_around;
pub use page::{Page, ZONES};
pub use place::Chosen;
pub use subscribe::DOCS_PATH;
pub use view::View;
pub use words::Lang;

/// The style sheet of the page (`/page.css`).
pub static STYLE: &str = include_str!("../assets/page.css");
/// The script of the page (`/page.js`): it only enhances (the zone from the browser, the
/// language, calendar and place kept in localStorage, the countdown to the next prayer and
/// its marks, "Gunakan lokasi saya").
pub static SCRIPT: &str = include_str!("../assets/page.js");

/// The document of the page at `/`: the month shown, or the printable year.
pub fn home(page: &Page) -> Result<String, hijri_view::Refusal> {
    match page.view {
        View::Year(year) => year::document(page, year),
        _ => month::document(page),
    }
}
