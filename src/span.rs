//! The served span: the days every day-level answer serves, 1945-01-01 through 2100-12-31, the
//! contract's earliest retro date and the last day of its computed tier ("up to the year
//! 2100"). These two days are written here only: the generator runs each chain over the
//! months containing them, and the service refuses a day outside them (`out_of_coverage`), a
//! month or a year of a valid year not wholly inside them (`date_out_of_supported_range`) and
//! a year wholly outside them (`invalid_year`). The archive holds the two months at the ends
//! whole, because the chain needs them; serving follows the span.

use crate::date::Date;

/// The first day served.
pub const FIRST: Date = Date::fixed(1945, 1, 1);

/// The last day served.
pub const LAST: Date = Date::fixed(2100, 12, 31);

/// True if `day` is served.
pub fn contains(day: Date) -> bool {
    (FIRST..=LAST).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_span_is_1945_to_2100() {
        assert_eq!(FIRST.to_string(), "1945-01-01");
        assert_eq!(LAST.to_string(), "2100-12-31");
        assert!(contains(FIRST) && contains(LAST));
        assert!(!contains(FIRST.add_days(-1)) && !contains(LAST.add_days(1)));
    }
}
