//! The verdict label drawn on the sky chart, chosen from the deciding site's values.
//!
//! Rule (DESIGN.md): `MENDEKATI BATAS` if the criteria hold and 0 < alt − 3.0 < 0.25 or
//! 0 < elong − 6.4 < 0.25; else `MEMENUHI KRITERIA` if they hold; else `DI BAWAH HORIZON` if
//! the Moon's airless altitude is below 0; else `TIDAK MEMENUHI`. The comparisons are done on
//! the archive's fixed-point integers, so they are exact.

use hijri::schema::{SiteEvening, FIXED_SCALE};

use crate::visibility::{MIN_ALTITUDE_DEG, MIN_ELONGATION_DEG};

/// Minimum refracted Moon altitude, 1e-4 degrees (the criterion of [`crate::visibility`]).
pub const MIN_ALT_FIXED: i32 = (MIN_ALTITUDE_DEG * FIXED_SCALE) as i32;
/// Minimum geocentric elongation, 1e-4 degrees.
pub const MIN_ELONG_FIXED: i32 = (MIN_ELONGATION_DEG * FIXED_SCALE) as i32;
/// Width of the "near the limit" band above each minimum, 1e-4 degrees.
const NEAR_BAND_FIXED: i32 = 2_500;

/// The four verdicts of the sky chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both criteria hold, comfortably.
    Memenuhi,
    /// Both criteria hold, one of them by less than 0.25°.
    MendekatiBatas,
    /// The criteria do not hold, the Moon is above the horizon.
    TidakMemenuhi,
    /// The criteria do not hold and the Moon's airless altitude is below 0.
    DiBawahHorizon,
}

impl Verdict {
    /// The label as drawn on the card.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Memenuhi => "MEMENUHI KRITERIA",
            Verdict::MendekatiBatas => "MENDEKATI BATAS",
            Verdict::TidakMemenuhi => "TIDAK MEMENUHI",
            Verdict::DiBawahHorizon => "DI BAWAH HORIZON",
        }
    }

    /// Accent colour of the label.
    pub fn colour(self) -> &'static str {
        match self {
            Verdict::Memenuhi => "#34d399",
            Verdict::MendekatiBatas => "#fbbf24",
            Verdict::TidakMemenuhi => "#f87171",
            Verdict::DiBawahHorizon => "#94a3b8",
        }
    }
}

/// The verdict for one site's values.
pub fn verdict(values: &SiteEvening) -> Verdict {
    let near = |value: i32, min: i32| (1..NEAR_BAND_FIXED).contains(&(value - min));
    if values.alt_ok && values.elong_ok {
        if near(values.moon_alt, MIN_ALT_FIXED) || near(values.elongation, MIN_ELONG_FIXED) {
            Verdict::MendekatiBatas
        } else {
            Verdict::Memenuhi
        }
    } else if values.moon_alt_airless < 0 {
        Verdict::DiBawahHorizon
    } else {
        Verdict::TidakMemenuhi
    }
}
