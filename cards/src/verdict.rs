//! The verdict drawn on both cards, chosen from the deciding site's values, with its note.
//!
//! Rule: `MENDEKATI BATAS` if the criterion's limits hold narrowly ([`Limits::borderline`],
//! `0 ≤ margin < band`; the API's `borderline` warning also marks a narrow miss, see
//! [`Limits::near_limits`]); else `MEMENUHI KRITERIA` if they hold; else
//! `DI BAWAH HORIZON` if the Moon's airless altitude is below 0; else `TIDAK MEMENUHI`. The
//! comparisons are done on the archive's fixed-point integers, so they are exact.

use hijri::schema::{Limits, SiteEvening};

use super::text::threshold;

/// The four verdicts of the sky chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both criteria hold, comfortably.
    Memenuhi,
    /// Both criteria hold, one of them by less than the borderline band.
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

    /// What the verdict says under its label: for `MENDEKATI BATAS`, that the criteria hold
    /// by less than the borderline band of `limits` (as the API's `borderline` warning says),
    /// so that it does not read against the table's two `TERPENUHI`; nothing for the others.
    pub fn note(self, limits: Limits) -> Option<String> {
        (self == Verdict::MendekatiBatas).then(|| {
            format!(
                "Kriteria terpenuhi, tetapi kurang dari {} di atas batas",
                threshold(limits.borderline_deg())
            )
        })
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

/// The verdict for one site's values under the criterion's `limits`.
pub fn verdict(values: &SiteEvening, limits: Limits) -> Verdict {
    if values.alt_ok && values.elong_ok {
        if limits.borderline(limits.margin(values.moon_alt, values.elongation)) {
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
