//! The verdict drawn on the cards, chosen from the deciding site's values, with its note.
//!
//! Rule, for limits (a site criterion, KHGT at its deciding place): `MENDEKATI BATAS` if the
//! criterion's limits hold narrowly ([`Limits::borderline`], `0 ≤ margin < band`; the API's
//! `borderline` warning also marks a narrow miss, see [`Limits::near_limits`]); else
//! `MEMENUHI KRITERIA` if they hold; else `DI BAWAH HORIZON` if the Moon's airless altitude
//! is below 0; else `TIDAK MEMENUHI`. The comparisons are done on the archive's fixed-point
//! integers, so they are exact. Wujudul hilal: `HILAL WUJUD` when the conjunction comes
//! before sunset and the Moon sets after the Sun, else `TIDAK WUJUD` with the condition that
//! failed. KHGT's world map: the condition applied (`PKG 1`, `PKG 2`) or `ISTIKMAL`.

use hijri::schema::{Applied, Limits, SiteEvening};

use super::rule::KhgtDecision;
use super::text::threshold;
use super::CardContext;

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
    /// Wujudul hilal holds: the conjunction before sunset, the Moon setting after the Sun.
    Wujud,
    /// Wujudul hilal does not hold.
    TidakWujud,
    /// KHGT's PKG 1 holds: the month starts the next day.
    Pkg1,
    /// KHGT's PKG 2 holds: the month starts the next day.
    Pkg2,
    /// Neither KHGT condition holds: the running month is completed (istikmal).
    Istikmal,
}

impl Verdict {
    /// The label as drawn on the card.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Memenuhi => "MEMENUHI KRITERIA",
            Verdict::MendekatiBatas => "MENDEKATI BATAS",
            Verdict::TidakMemenuhi => "TIDAK MEMENUHI",
            Verdict::DiBawahHorizon => "DI BAWAH HORIZON",
            Verdict::Wujud => "HILAL WUJUD",
            Verdict::TidakWujud => "TIDAK WUJUD",
            Verdict::Pkg1 => "PKG 1 TERPENUHI",
            Verdict::Pkg2 => "PKG 2 TERPENUHI",
            Verdict::Istikmal => "TIDAK TERPENUHI",
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
            Verdict::Wujud | Verdict::Pkg1 => "#34d399",
            Verdict::Pkg2 => "#22d3ee",
            Verdict::TidakWujud | Verdict::Istikmal => "#f87171",
        }
    }
}

/// The sky chart's verdict for `ctx`, by its rule, with its note.
pub fn of(ctx: &CardContext) -> (Verdict, Option<String>) {
    match ctx.rule.limits() {
        Some(limits) => {
            let verdict = verdict(ctx.values, limits);
            (verdict, verdict.note(limits))
        }
        None => wujud(ctx),
    }
}

/// Wujudul hilal's verdict, and the condition that failed.
fn wujud(ctx: &CardContext) -> (Verdict, Option<String>) {
    match (ctx.conjunction_after_sunset(), ctx.rule.upper_limb_above()) {
        (false, true) => (Verdict::Wujud, None),
        (true, _) => (
            Verdict::TidakWujud,
            Some("Ijtimak terjadi setelah Matahari terbenam".to_owned()),
        ),
        (false, false) => (
            Verdict::TidakWujud,
            Some("Bulan terbenam sebelum Matahari".to_owned()),
        ),
    }
}

/// KHGT's verdict on the evaluation day (the world map's).
pub fn khgt(decision: &KhgtDecision) -> Verdict {
    match decision.applied {
        Applied::Pkg1 => Verdict::Pkg1,
        Applied::Pkg2 => Verdict::Pkg2,
        Applied::Neither => Verdict::Istikmal,
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
