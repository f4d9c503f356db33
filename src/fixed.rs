//! The archive's fixed-point numbers (units of 1e-4, [`FIXED_SCALE`]): angles, percentages and
//! hours are stored as exact integers so the archive bytes are deterministic.

use crate::schema::FIXED_SCALE;

/// A value as archive fixed point, rounded to the nearest 1e-4.
pub fn to_fixed(value: f64) -> i32 {
    (value * FIXED_SCALE).round() as i32
}

/// An archived fixed-point value as a float.
pub fn from_fixed(value: i32) -> f64 {
    f64::from(value) / FIXED_SCALE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_decimals_both_ways() {
        assert_eq!(to_fixed(1.23456), 12346);
        assert_eq!(to_fixed(-0.83333), -8333);
        assert_eq!(from_fixed(-8333), -0.8333);
        assert_eq!(to_fixed(from_fixed(64_000)), 64_000);
    }
}
