//! Warning rules: which notes accompany a date, decided by its month's tier, the margin of the
//! evening that decided the month's start, and the corrections of the official table.
//!
//! Official-table dates get only `divergence`; computed dates get `computed`, retro dates
//! `retro`, and either gets `borderline` when its deciding evening passed by less than 0.25°.
//! A list that leaves out dates needing `retro=true` says how many with `retro_required`.
//! Aggregates ([`Warnings`]) keep each distinct warning once, in first-seen order.

use std::borrow::Cow;

use crate::hijri::HijriMonth;
use crate::schema::{ArchivedCalendar, ArchivedMonth, ArchivedSiteEvening, Tier};

/// Altitude criterion, 3.0° in archive fixed point (1e-4 deg).
pub const MIN_ALTITUDE: i32 = 30_000;
/// Elongation criterion, 6.4° in archive fixed point (1e-4 deg).
pub const MIN_ELONGATION: i32 = 64_000;
/// A passed evening whose margin is below this (0.25°, fixed point) is borderline.
pub const BORDERLINE_MARGIN: i32 = 2_500;

/// One kind of warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The date comes from computed data after the official table.
    Computed,
    /// The date comes from retro-computed data before the official table.
    Retro,
    /// The month's deciding evening met the criteria by less than 0.25°.
    Borderline,
    /// The month (or the month after it) was corrected by a divergence entry.
    Divergence,
    /// This many events were left out of a list because their dates need `retro=true`.
    RetroRequired(u16),
}

impl Warning {
    /// The machine-readable code.
    pub fn code(self) -> &'static str {
        match self {
            Warning::Computed => "computed",
            Warning::Retro => "retro",
            Warning::Borderline => "borderline",
            Warning::Divergence => "divergence",
            Warning::RetroRequired(_) => "retro_required",
        }
    }

    /// The human-readable explanation.
    pub fn message(self) -> Cow<'static, str> {
        let text = match self {
            Warning::Computed => {
                "Dates after the official table are computed with the visibility criteria \
                 (altitude >= 3.0 deg, elongation >= 6.4 deg at one of 25 sites); they may \
                 differ by one day from official announcements."
            }
            Warning::Retro => {
                "Dates before the official table are computed retroactively with the same \
                 criteria; they are not official and may differ by one day from historical \
                 announcements."
            }
            Warning::Borderline => {
                "The evening that decided this month's start met the criteria by less than \
                 0.25 deg; the announced date may shift by one day."
            }
            Warning::Divergence => {
                "This month's dates were corrected after publication; see divergences in \
                 /api/v1/meta."
            }
            Warning::RetroRequired(1) => {
                "1 event falls before the official table and was left out; add retro=true \
                 to include it (retro-computed, not official)."
            }
            Warning::RetroRequired(n) => {
                return Cow::Owned(format!(
                    "{n} events fall before the official table and were left out; add \
                     retro=true to include them (retro-computed, not official)."
                ));
            }
        };
        Cow::Borrowed(text)
    }
}

/// A set of warnings that keeps first-seen order; it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Warnings {
    items: [Option<Warning>; 5],
}

impl Warnings {
    /// Adds a warning unless it is already present.
    pub fn add(&mut self, warning: Warning) {
        for slot in &mut self.items {
            match slot {
                Some(present) if *present == warning => return,
                Some(_) => {}
                None => {
                    *slot = Some(warning);
                    return;
                }
            }
        }
    }

    /// Adds every warning of `other`, in its order.
    pub fn merge(&mut self, other: Warnings) {
        other.iter().for_each(|w| self.add(w));
    }

    /// The warnings in first-seen order.
    pub fn iter(&self) -> impl Iterator<Item = Warning> + '_ {
        self.items.iter().map_while(|w| *w)
    }

    /// True when there is nothing to warn about.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// Margin of a site's evening: `min(alt − 3.0°, elong − 6.4°)` in fixed point; it is ≥ 0
/// exactly when both criteria hold.
pub fn margin(site: &ArchivedSiteEvening) -> i32 {
    (site.moon_alt.to_native() - MIN_ALTITUDE).min(site.elongation.to_native() - MIN_ELONGATION)
}

/// The warnings for any date in `month`, a month of `calendar`.
pub fn for_month(calendar: &ArchivedCalendar, month: &ArchivedMonth) -> Warnings {
    let mut warnings = Warnings::default();
    let tier = month.tier.get();
    match tier {
        Tier::Regional => {}
        Tier::Computed => warnings.add(Warning::Computed),
        Tier::Retro => warnings.add(Warning::Retro),
    }
    let evening = &month.evening;
    let deciding = evening.sites.get(usize::from(evening.deciding));
    if tier != Tier::Regional
        && deciding.is_some_and(|site| (1..BORDERLINE_MARGIN).contains(&margin(site)))
    {
        warnings.add(Warning::Borderline);
    }
    let this = HijriMonth {
        year: month.year.to_native(),
        month: month.month,
    };
    let corrected = |m: HijriMonth| {
        calendar
            .divergences
            .iter()
            .any(|d| d.year.to_native() == m.year && d.month == m.month)
    };
    if corrected(this) || corrected(this.next()) {
        warnings.add(Warning::Divergence);
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive;
    use crate::schema::{Calendar, Divergence, Evening, Header, Month, Site, SiteEvening};

    fn site(moon_alt: i32, elongation: i32) -> SiteEvening {
        SiteEvening {
            sunset: 0,
            moonset: None,
            utc_offset_s: 25_200,
            moon_alt,
            moon_alt_airless: moon_alt,
            moon_az: 0,
            sun_alt: -8_333,
            sun_az: 0,
            elongation,
            illumination: 0,
            age: 0,
            alt_ok: moon_alt >= MIN_ALTITUDE,
            elong_ok: elongation >= MIN_ELONGATION,
        }
    }

    /// Months 1446-07..1446-12 with the given tiers and deciding-site values.
    fn calendar(months: &[(Tier, i32, i32)], divergences: Vec<Divergence>) -> Vec<u8> {
        let months = months
            .iter()
            .enumerate()
            .map(|(i, &(tier, alt, elong))| Month {
                year: 1446,
                month: 7 + i as u8,
                start: 20_000 + 30 * i as i32,
                length: 30,
                tier,
                evening: Evening {
                    date: 0,
                    hijri_day: 29,
                    conjunction_ms: 0,
                    deciding: 0,
                    visible: alt >= MIN_ALTITUDE && elong >= MIN_ELONGATION,
                    sites: vec![site(alt, elong)],
                },
            })
            .collect();
        archive::encode(&Calendar {
            header: Header {
                data_version: "test".into(),
                table_version: "none".into(),
                coverage_first: 20_000,
                coverage_last: 20_000,
                card_years: [1444, 1475],
            },
            sites: vec![Site {
                name: "Pantai Test".into(),
                lat: -6.1,
                lon: 106.8,
                elev_m: 5,
                tz: "Asia/Jakarta".into(),
            }],
            months,
            divergences,
            cards: vec![],
        })
        .unwrap()
    }

    fn codes(bytes: &[u8], index: usize) -> Vec<&'static str> {
        let mut aligned = rkyv::util::AlignedVec::<16>::new();
        aligned.extend_from_slice(bytes);
        let cal = archive::open(&aligned).unwrap();
        for_month(cal, &cal.months[index])
            .iter()
            .map(Warning::code)
            .collect()
    }

    #[test]
    fn tiers_and_borderline() {
        let bytes = calendar(
            &[
                (Tier::Retro, 50_000, 90_000),
                (Tier::Retro, 31_000, 90_000),
                (Tier::Regional, 31_000, 65_000),
                (Tier::Computed, 32_499, 70_000),
                (Tier::Computed, 32_500, 70_000),
                (Tier::Computed, 30_000, 64_000),
            ],
            vec![],
        );
        assert_eq!(codes(&bytes, 0), ["retro"]);
        assert_eq!(codes(&bytes, 1), ["retro", "borderline"]);
        assert_eq!(codes(&bytes, 2), Vec::<&str>::new());
        assert_eq!(codes(&bytes, 3), ["computed", "borderline"]);
        assert_eq!(codes(&bytes, 4), ["computed"]);
        // A margin of exactly zero passes, but not "with 0 < margin".
        assert_eq!(codes(&bytes, 5), ["computed"]);
    }

    #[test]
    fn divergence_marks_the_month_and_the_one_before() {
        let bytes = calendar(
            &[
                (Tier::Regional, 50_000, 90_000),
                (Tier::Regional, 50_000, 90_000),
                (Tier::Regional, 50_000, 90_000),
                (Tier::Computed, 31_000, 90_000),
            ],
            vec![Divergence {
                year: 1446,
                month: 9,
                delta_days: 1,
            }],
        );
        assert_eq!(codes(&bytes, 0), Vec::<&str>::new());
        assert_eq!(codes(&bytes, 1), ["divergence"]);
        assert_eq!(codes(&bytes, 2), ["divergence"]);
        assert_eq!(codes(&bytes, 3), ["computed", "borderline"]);
    }

    #[test]
    fn aggregate_keeps_first_seen_order_once() {
        let mut all = Warnings::default();
        assert!(all.is_empty());
        let mut a = Warnings::default();
        a.add(Warning::Divergence);
        a.add(Warning::Divergence);
        let mut b = Warnings::default();
        b.add(Warning::Computed);
        b.add(Warning::Borderline);
        all.merge(a);
        all.merge(b);
        all.merge(a);
        let order: Vec<_> = all.iter().collect();
        assert_eq!(
            order,
            [Warning::Divergence, Warning::Computed, Warning::Borderline]
        );
        assert!(!all.is_empty());
    }

    #[test]
    fn retro_required_names_the_count() {
        let one = Warning::RetroRequired(1);
        assert_eq!(one.code(), "retro_required");
        assert!(one.message().starts_with("1 event falls before"));
        let two = Warning::RetroRequired(2).message();
        assert!(two.starts_with("2 events fall before the official table"));
        assert!(two.contains("add retro=true"));
        assert!(Warning::Retro.message().starts_with("Dates before"));
    }
}
