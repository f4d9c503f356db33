//! The archive's fixed-point numbers (units of 1e-4, [`FIXED_SCALE`]): angles, percentages and
//! hours are stored as exact integers so the archive bytes are deterministic.

use std::fmt;

use crate::schema::FIXED_SCALE;

/// Decimals of the values the answers show (degrees, percent, hours): 2.
pub const SHOWN_DECIMALS: i32 = 2;

/// Fixed-point units in one shown unit (0.01): 100.
const SHOWN_UNIT: i32 = FIXED_SCALE as i32 / 10_i32.pow(SHOWN_DECIMALS as u32);

/// A value as archive fixed point: the nearest 1e-4, except that a two-decimal half
/// (`xx.xx50`) is never stored: a value whose nearest 1e-4 is one is stored one unit towards
/// its own side of the half (away from zero when it is the half itself). Rounding the
/// archived value to the two decimals shown, in any manner (the answers' [`two_decimals`],
/// the cards' formatting), then gives what rounding the unrounded value gives: 11.74496
/// is archived as 11.7449 and shown as 11.74, where 11.7450 would show 11.75 (rounded twice).
/// Every archived value stays within 1e-4 of the unrounded one, on the same side of every
/// two-decimal half, and so of every limit written with two decimals.
pub fn to_fixed(value: f64) -> i32 {
    let scaled = value * FIXED_SCALE;
    let nearest = scaled.round();
    let half = f64::from(SHOWN_UNIT / 2);
    if nearest.abs() % f64::from(SHOWN_UNIT) != half {
        return nearest as i32;
    }
    let outward = if scaled.abs() < nearest.abs() {
        -1.0
    } else {
        1.0
    };
    (nearest + outward * nearest.signum()) as i32
}

/// An archived value as the answers show it: rounded to two decimals once, on the exact
/// integer (halves away from zero, though [`to_fixed`] stores none), so a margin of -0.0001
/// shows as `0.0`, never `-0.0`.
pub fn two_decimals(value: i32) -> f64 {
    let half = SHOWN_UNIT / 2;
    let shown = if value < 0 {
        (value - half) / SHOWN_UNIT
    } else {
        (value + half) / SHOWN_UNIT
    };
    f64::from(shown) / f64::from(10_i32.pow(SHOWN_DECIMALS as u32))
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

/// An angle in degrees written as degrees, minutes and seconds, `5°23′35″` (rounded to the
/// second; `-0°50′00″` below 0), as Kemenag's and Muhammadiyah's tables write angles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dms(pub f64);

impl fmt::Display for Dms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = (self.0.abs() * 3_600.0).round() as u64;
        let sign = if self.0 < 0.0 && total > 0 { "-" } else { "" };
        write!(
            f,
            "{sign}{}°{:02}′{:02}″",
            total / 3_600,
            total / 60 % 60,
            total % 60
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_minutes_and_seconds() {
        // Muhammadiyah's altitude at its 1447-09 test point, 5°23′35″.
        assert_eq!(
            Dms(5.0 + 23.0 / 60.0 + 35.0 / 3_600.0).to_string(),
            "5°23′35″"
        );
        assert_eq!(Dms(-50.0 / 60.0).to_string(), "-0°50′00″");
        assert_eq!(Dms(-0.000_1).to_string(), "0°00′00″");
        assert_eq!(Dms(263.999_9).to_string(), "264°00′00″");
    }

    #[test]
    fn four_decimals_both_ways() {
        assert_eq!(to_fixed(1.23456), 12346);
        assert_eq!(to_fixed(-0.83333), -8333);
        assert_eq!(from_fixed(-8333), -0.8333);
        assert_eq!(to_fixed(from_fixed(64_000)), 64_000);
    }

    #[test]
    fn no_two_decimal_half_is_archived_so_values_are_rounded_once() {
        // 1365-06's deciding altitude: 11.74496 is 11.74 (nearest 1e-4 would be 11.7450).
        assert_eq!(to_fixed(11.74496), 117_449);
        assert_eq!(two_decimals(to_fixed(11.74496)), 11.74);
        // Past the half it stays on its side; a value that is the half itself goes outward.
        assert_eq!(to_fixed(11.74504), 117_451);
        assert_eq!(two_decimals(to_fixed(11.74504)), 11.75);
        assert_eq!(to_fixed(0.125), 1_251);
        assert_eq!(to_fixed(-0.125), -1_251);
        // The same below zero.
        assert_eq!(to_fixed(-0.83496), -8_349);
        assert_eq!(to_fixed(-0.83504), -8_351);
        assert_eq!(two_decimals(to_fixed(-0.83496)), -0.83);
        // Everything else is the nearest 1e-4.
        assert_eq!(to_fixed(11.74494), 117_449);
        assert_eq!(to_fixed(3.0), 30_000);
        // Over a sweep of values: within 1e-4, never a half, shown as the value rounds.
        for i in -200_000..200_000 {
            let value = f64::from(i) * 0.000_037 + 0.000_001_3;
            let fixed = to_fixed(value);
            assert!((from_fixed(fixed) - value).abs() <= 1e-4 + 1e-12, "{value}");
            assert_ne!(fixed.abs() % 100, 50, "{value}");
            let once = (value * 100.0).abs().round().copysign(value) / 100.0;
            assert_eq!(two_decimals(fixed), once + 0.0, "{value}");
        }
    }

    #[test]
    fn shown_values_are_never_negative_zero() {
        for value in [-1, -49, 0, 49] {
            let shown = two_decimals(value);
            assert_eq!(shown, 0.0);
            assert!(shown.is_sign_positive(), "{value}");
        }
        assert_eq!(two_decimals(-51), -0.01);
        assert_eq!(two_decimals(117_449), 11.74);
        assert_eq!(two_decimals(-8_333), -0.83);
        assert_eq!(two_decimals(64_000), 6.4);
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
