//! The visibility criterion as one value: the one in force ([`Criterion::neo_mabims`]), the
//! rules every side applies with its [`Limits`] (each limit, the margin, borderline), and how
//! its numbers are written.
//!
//! The generator writes the criterion into the archive and computes with it; the server reads
//! it back from the archive. Nothing else states the thresholds.
//!
//! Rules, all on the archive's fixed-point values (1e-4 deg, rounded by [`crate::fixed`]):
//! - a limit holds when the value is at least the minimum;
//! - the margin of a site is `min(moon_alt − min_moon_alt, elongation − min_elongation)`,
//!   ≥ 0 exactly when both limits hold;
//! - the cards' verdict `MENDEKATI BATAS` marks a narrow pass, [`Limits::borderline`]: both
//!   limits hold with a margin below the band, `0 ≤ margin < borderline` (a margin of exactly
//!   0, a value exactly at its limit, is the narrowest pass there is);
//! - the API's `borderline` warning marks a month decided near the limits on either side,
//!   [`Limits::near_limits`]: `−borderline < margin < borderline`. A month that missed by
//!   0.01° is as uncertain as one that passed by 0.01°: the announced date may differ by a
//!   day either way.

use std::ops::RangeInclusive;

use crate::fixed::from_fixed;
use crate::schema::{ArchivedLimits, ArchivedSiteEvening, Criterion, Limits};

/// The margin rule as `/meta` states it.
pub const MARGIN_RULE: &str = "min(moon_alt - min_moon_alt, elongation - min_elongation); \
                               >= 0 exactly when both limits hold";

impl Criterion {
    /// The criterion in force in Indonesia: the revised MABIMS criterion ("Neo-MABIMS"),
    /// applied by the Ministry of Religious Affairs since 1443 H (2022). It is applied here to
    /// every computed and retro-computed month, also those before 2022.
    pub fn neo_mabims() -> Criterion {
        Criterion {
            name: "Neo-MABIMS (revised MABIMS criterion)".into(),
            moon_alt: "topocentric altitude of the Moon's centre at local sunset, with \
                       atmospheric refraction"
                .into(),
            elongation: "geocentric angle between the apparent centres of the Sun and the \
                         Moon at local sunset"
                .into(),
            evaluated: "at local sunset on day 29 of the running month, at each observation \
                        site; a month is visible when both limits hold at one or more sites, \
                        else the running month has 30 days"
                .into(),
            limits: Limits {
                min_moon_alt: 30_000,
                min_elongation: 64_000,
                borderline: 2_500,
            },
        }
    }
}

impl ArchivedLimits {
    /// The limits as a plain value.
    pub fn get(&self) -> Limits {
        Limits {
            min_moon_alt: self.min_moon_alt.to_native(),
            min_elongation: self.min_elongation.to_native(),
            borderline: self.borderline.to_native(),
        }
    }
}

/// Least Moon altitudes (1e-4 degree) a criterion may set: the horizon's half sky either way.
pub const MIN_MOON_ALTS: RangeInclusive<i32> = -900_000..=900_000;
/// Least elongations (1e-4 degree) a criterion may set: 0 to 180°.
pub const MIN_ELONGATIONS: RangeInclusive<i32> = 0..=1_800_000;
/// Borderline bands (1e-4 degree) a criterion may set: more than 0, at most 10°.
pub const BORDERLINE_BANDS: RangeInclusive<i32> = 1..=100_000;

impl Limits {
    /// The first limit out of its range, by name (so margins cannot overflow and every
    /// threshold is an angle the evening values can reach); `None` when all are in range.
    pub fn out_of_range(self) -> Option<&'static str> {
        [
            (MIN_MOON_ALTS.contains(&self.min_moon_alt), "min_moon_alt"),
            (
                MIN_ELONGATIONS.contains(&self.min_elongation),
                "min_elongation",
            ),
            (BORDERLINE_BANDS.contains(&self.borderline), "borderline"),
        ]
        .into_iter()
        .find_map(|(holds, name)| (!holds).then_some(name))
    }

    /// The altitude limit holds for a Moon altitude (fixed point).
    pub fn alt_ok(self, moon_alt: i32) -> bool {
        moon_alt >= self.min_moon_alt
    }

    /// The elongation limit holds for an elongation (fixed point).
    pub fn elong_ok(self, elongation: i32) -> bool {
        elongation >= self.min_elongation
    }

    /// The margin of a site's values (fixed point): ≥ 0 exactly when both limits hold.
    pub fn margin(self, moon_alt: i32, elongation: i32) -> i32 {
        let alt = moon_alt.saturating_sub(self.min_moon_alt);
        alt.min(elongation.saturating_sub(self.min_elongation))
    }

    /// The margin of an archived site's values.
    pub fn site_margin(self, site: &ArchivedSiteEvening) -> i32 {
        self.margin(site.moon_alt.to_native(), site.elongation.to_native())
    }

    /// The same margin on unrounded degrees, to rank sites finer than the archive's 1e-4
    /// (the deciding site and the map's region).
    pub fn margin_deg(self, moon_alt_deg: f64, elongation_deg: f64) -> f64 {
        let alt = moon_alt_deg - self.min_moon_alt_deg();
        alt.min(elongation_deg - self.min_elongation_deg())
    }

    /// Both limits hold, by less than the borderline band: `0 ≤ margin < borderline` (the
    /// cards' `MENDEKATI BATAS`).
    pub fn borderline(self, margin: i32) -> bool {
        (0..self.borderline).contains(&margin)
    }

    /// The margin is within the borderline band of the limits, on either side:
    /// `−borderline < margin < borderline` (the API's `borderline` warning).
    pub fn near_limits(self, margin: i32) -> bool {
        margin > -self.borderline && margin < self.borderline
    }

    /// The least Moon altitude, degrees.
    pub fn min_moon_alt_deg(self) -> f64 {
        from_fixed(self.min_moon_alt)
    }

    /// The least elongation, degrees.
    pub fn min_elongation_deg(self) -> f64 {
        from_fixed(self.min_elongation)
    }

    /// The borderline band, degrees.
    pub fn borderline_deg(self) -> f64 {
        from_fixed(self.borderline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Criterion::neo_mabims().limits
    }

    #[test]
    fn the_criterion_in_force_is_3_and_6_4_degrees() {
        let limits = limits();
        assert_eq!(limits.min_moon_alt_deg(), 3.0);
        assert_eq!(limits.min_elongation_deg(), 6.4);
        assert_eq!(limits.borderline_deg(), 0.25);
    }

    #[test]
    fn limits_hold_from_the_minimum_on() {
        let limits = limits();
        assert!(limits.alt_ok(30_000) && !limits.alt_ok(29_999));
        assert!(limits.elong_ok(64_000) && !limits.elong_ok(63_999));
    }

    #[test]
    fn margin_is_non_negative_exactly_when_both_limits_hold() {
        let limits = limits();
        assert_eq!(limits.margin(30_000, 64_000), 0);
        assert_eq!(limits.margin(50_000, 63_000), -1_000);
        assert_eq!(limits.margin(29_000, 120_000), -1_000);
        assert_eq!(limits.margin(40_000, 70_000), 6_000);
        assert_eq!(limits.margin(i32::MIN, 70_000), i32::MIN);
        assert_eq!(limits.margin_deg(3.0, 6.4), 0.0);
        assert!((limits.margin_deg(4.0, 7.0) - 0.6).abs() < 1e-12);
        assert!(limits.margin_deg(2.9, 12.0) < 0.0);
    }

    #[test]
    fn near_the_limits_is_within_the_band_on_either_side() {
        let limits = limits();
        for margin in [-2_499, -100, -1, 0, 1, 2_499] {
            assert!(limits.near_limits(margin), "{margin}");
        }
        for margin in [-2_500, 2_500, i32::MIN, i32::MAX] {
            assert!(!limits.near_limits(margin), "{margin}");
        }
    }

    #[test]
    fn borderline_is_a_pass_by_less_than_the_band() {
        let limits = limits();
        assert!(!limits.borderline(-1));
        assert!(limits.borderline(0));
        assert!(limits.borderline(1));
        assert!(limits.borderline(2_499));
        assert!(!limits.borderline(2_500));
    }
}
