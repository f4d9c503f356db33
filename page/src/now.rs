//! The prayer under way and the next one at the page's instant, at the place chosen, by the
//! method of the calendar shown (`hijri_view::answers::prayer::around`, as
//! `/api/v1/prayer-times/next` finds them): what the Jadwal sholat section and the card
//! mark, and what the server keys and times their kept answers by. The instants go into the
//! document as UTC (`data-at`), for the page's script to count down and move the marks.

use chrono::DateTime;
use hijri::date::Date;
use hijri::prayer::Prayer;
use hijri_view::answers::prayer::{self, method_of, Moment};

use crate::page::Page;
use crate::words::Words;

/// The prayer under way at the page's instant and the next one, at the place chosen;
/// `None` without a place or outside the table.
pub fn around(page: &Page) -> Option<(Moment, Moment)> {
    let chosen = page.place?;
    let (method, _) = method_of(page.scope.chain);
    prayer::around(
        page.base.dataset,
        chosen.index,
        &method,
        page.now.timestamp(),
    )
}

/// How a time of the day shown is marked.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The prayer under way.
    Current,
    /// The next prayer.
    Next,
}

impl Mark {
    /// The mark of `prayer` on `day` (the place's local day shown), if any.
    pub fn of(around: Option<(Moment, Moment)>, day: Date, prayer: Prayer) -> Option<Mark> {
        let (current, next) = around?;
        let is = |moment: Moment| moment.day == day && moment.prayer == prayer;
        if is(current) {
            Some(Mark::Current)
        } else if is(next) {
            Some(Mark::Next)
        } else {
            None
        }
    }

    /// Its class in the document (`now`, `next`).
    pub fn class(self) -> &'static str {
        match self {
            Mark::Current => "now",
            Mark::Next => "next",
        }
    }
}

/// Whether `prayer` is one of the five (the times the marks and the countdown move over).
pub fn is_prayer(prayer: Prayer) -> bool {
    prayer::PRAYERS.contains(&prayer)
}

/// The name of `moment` as the day `shown` (the place's local day) sees it: `Ashar`, and
/// `Subuh besok` for tomorrow's.
pub fn name(words: &Words, moment: Moment, shown: Date) -> String {
    let name = words.prayer_name(moment.prayer);
    if moment.day == shown.add_days(1) {
        format!("{name} {}", words.tomorrow)
    } else {
        name.to_owned()
    }
}

/// A published minute (UTC seconds) as the document carries it: `2025-03-01T05:00:00Z`.
pub fn utc(seconds: i64) -> String {
    DateTime::from_timestamp(seconds, 0)
        .map(|instant| instant.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}
