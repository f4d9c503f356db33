//! The page at `/` showing a month: today in the calendar shown, the prayer times of the
//! place chosen, the month grid, the coming observances, the hilal of the next month, and
//! how to subscribe.

use hijri_view::Refusal;
use maud::html;

use crate::page::Page;
use crate::{coming, frame, grid, hilal, jadwal, subscribe, today};

/// The month page's document, or why it cannot be written.
pub fn document(page: &Page) -> Result<String, Refusal> {
    let today = today::section(page)?;
    let next = hilal::next_month(page);
    let grid = grid::section(page)?;
    let main = html! {
        (today)
        (jadwal::section(page))
        (grid)
        (coming::section(page))
        @if let Some(next) = &next { (hilal::section(page, next)) }
        (subscribe::section(page))
    };
    Ok(frame::document(page, next.as_ref(), &main))
}
