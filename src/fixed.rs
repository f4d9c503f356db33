//! The archive's fixed-point numbers (units of 1e-4, [`FIXED_SCALE`]): angles, percentages and
//! hours are stored as exact integers so the archive bytes are deterministic.

use std::fmt;

use crate::schema::FIXED_SCALE;

/// A value as archive fixed point, rounded to the nearest 1e-4.
pub fn to_fixed(value: f64) -> i32 {
    (value * FIXED_SCALE).round() as i32
}

/// An archived fixed-point value as a float.
pub fn from_fixed(value: i32) -> f64 {
    f64::from(value) / FIXED_SCALE
}

/// A fixed-point value written as a decimal with at least one decimal and no trailing zeros
/// (`3.0`, `6.4`, `0.25`, `-0.8333`), exactly and without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal(pub i32);

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SCALE: u32 = FIXED_SCALE as u32;
        let sign = if self.0 < 0 { "-" } else { "" };
        let value = self.0.unsigned_abs();
        let (mut fraction, mut digits) = (value % SCALE, SCALE.ilog10() as usize);
        while fraction % 10 == 0 && digits > 1 {
            fraction /= 10;
            digits -= 1;
        }
        write!(f, "{sign}{}.{fraction:0digits$}", value / SCALE)
    }
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

    #[test]
    fn decimals_keep_one_digit_at_least() {
        let text = |v| Decimal(v).to_string();
        assert_eq!(text(30_000), "3.0");
        assert_eq!(text(64_000), "6.4");
        assert_eq!(text(2_500), "0.25");
        assert_eq!(text(1), "0.0001");
        assert_eq!(text(-8_333), "-0.8333");
        assert_eq!(text(0), "0.0");
        assert_eq!(text(i32::MIN), "-214748.3648");
    }
}
