//! The page at `/` showing a month: today in the calendar shown, the prayer times of the
//! place chosen, the month grid, the coming observances, the hilal of the next month, and
//! how to subscribe.

use hijri_view::Refusal;

use crate::html::Html;
use crate::page::Page;
use crate::{coming, frame, grid, hilal, jadwal, subscribe, today};

/// The month page's document, or why it cannot be written.
pub fn document(page: &Page) -> Result<String, Refusal> {
    let today_section = today::section(page)?;
    let next = hilal::next_month(page);
    let mut html = Html::with_capacity(64 * 1024);
    html.markup(&today_section);
    jadwal::section(&mut html, page);
    grid::section(&mut html, page)?;
    coming::section(&mut html, page);
    if let Some(next) = &next {
        hilal::section(&mut html, page, next);
    }
    html.markup(&subscribe::section(page));
    Ok(frame::document(page, next.as_ref(), &html.into_markup()))
}
