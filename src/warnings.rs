//! Warning rules: which notes accompany a date, decided by its month's tier, the margin of the
//! evening that decided the month's start, and the corrections of the official table.
//!
//! Official-table dates get only `divergence`; computed dates get `computed`, retro dates
//! `retro`, and either gets `borderline` when its deciding evening passed the criterion
//! narrowly ([`Limits::borderline`]). A list that leaves out dates needing `retro=true` says
//! how many with `retro_required`. The texts state the archived criterion's numbers.
//! Aggregates ([`Warnings`]) keep each distinct warning once, in first-seen order.

use std::fmt;

use crate::fixed::Decimal;
use crate::hijri::HijriMonth;
use crate::schema::{ArchivedCalendar, ArchivedMonth, Limits, Tier};

/// What computed dates were computed with, as the `computed` text states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Basis {
    /// The archived criterion's limits.
    pub limits: Limits,
    /// How many sites each evening checks.
    pub sites: usize,
}

impl Basis {
    /// The basis of the archived calendar.
    pub fn of(calendar: &ArchivedCalendar) -> Basis {
        Basis {
            limits: calendar.criterion.limits.get(),
            sites: calendar.sites.len(),
        }
    }
}

/// One kind of warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The date comes from computed data after the official table.
    Computed(Basis),
    /// The date comes from retro-computed data before the official table.
    Retro,
    /// The month's deciding evening met the criterion by less than its borderline band.
    Borderline(Limits),
    /// The month (or the month after it) was corrected by a divergence entry.
    Divergence,
    /// This many events were left out of a list because their dates need `retro=true`.
    RetroRequired(u16),
}

impl Warning {
    /// The machine-readable code.
    pub fn code(self) -> &'static str {
        match self {
            Warning::Computed(_) => "computed",
            Warning::Retro => "retro",
            Warning::Borderline(_) => "borderline",
            Warning::Divergence => "divergence",
            Warning::RetroRequired(_) => "retro_required",
        }
    }

    /// The human-readable explanation, written without allocating.
    pub fn message(self) -> Message {
        Message(self)
    }
}

/// The text of a [`Warning`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message(Warning);

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Warning::Computed(Basis { limits, sites }) => write!(
                f,
                "Dates after the official table are computed with the visibility criteria \
                 (altitude >= {} deg, elongation >= {} deg at one of {sites} sites); they may \
                 differ by one day from official announcements.",
                Decimal(limits.min_moon_alt),
                Decimal(limits.min_elongation),
            ),
            Warning::Retro => f.write_str(
                "Dates before the official table are computed retroactively with the same \
                 criteria; they are not official and may differ by one day from historical \
                 announcements.",
            ),
            Warning::Borderline(limits) => write!(
                f,
                "The evening that decided this month's start met the criteria by less than \
                 {} deg; the announced date may shift by one day.",
                Decimal(limits.borderline),
            ),
            Warning::Divergence => f.write_str(
                "This month's dates were corrected after publication; see divergences in \
                 /api/v1/meta.",
            ),
            Warning::RetroRequired(1) => f.write_str(
                "1 event falls before the official table and was left out; add retro=true \
                 to include it (retro-computed, not official).",
            ),
            Warning::RetroRequired(n) => write!(
                f,
                "{n} events fall before the official table and were left out; add \
                 retro=true to include them (retro-computed, not official)."
            ),
        }
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

/// The warnings for any date in `month`, a month of `calendar`.
pub fn for_month(calendar: &ArchivedCalendar, month: &ArchivedMonth) -> Warnings {
    let mut warnings = Warnings::default();
    let tier = month.tier.get();
    match tier {
        Tier::Regional => {}
        Tier::Computed => warnings.add(Warning::Computed(Basis::of(calendar))),
        Tier::Retro => warnings.add(Warning::Retro),
    }
    let limits = calendar.criterion.limits.get();
    let evening = &month.evening;
    let deciding = evening.sites.get(usize::from(evening.deciding));
    if tier != Tier::Regional
        && deciding.is_some_and(|site| limits.borderline(limits.site_margin(site)))
    {
        warnings.add(Warning::Borderline(limits));
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
    use crate::schema::{
        Calendar, Criterion, Divergence, Evening, Header, Month, Site, SiteEvening,
    };

    fn limits() -> Limits {
        Criterion::neo_mabims().limits
    }

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
            alt_ok: limits().alt_ok(moon_alt),
            elong_ok: limits().elong_ok(elongation),
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
                    visible: limits().margin(alt, elong) >= 0,
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
            criterion: Criterion::neo_mabims(),
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
            bodies: vec![],
            answers: vec![],
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
                (Tier::Computed, 29_999, 70_000),
            ],
            vec![],
        );
        assert_eq!(codes(&bytes, 0), ["retro"]);
        assert_eq!(codes(&bytes, 1), ["retro", "borderline"]);
        assert_eq!(codes(&bytes, 2), Vec::<&str>::new());
        assert_eq!(codes(&bytes, 3), ["computed", "borderline"]);
        assert_eq!(codes(&bytes, 4), ["computed"]);
        // A margin of -1 (1e-4 deg) fails the criterion: not borderline, not visible.
        assert_eq!(codes(&bytes, 5), ["computed"]);
    }

    #[test]
    fn a_margin_of_exactly_zero_is_borderline() {
        let bytes = calendar(
            &[
                (Tier::Computed, 30_000, 64_000),
                (Tier::Computed, 30_000, 120_000),
                (Tier::Computed, 90_000, 64_000),
                (Tier::Computed, 30_001, 64_001),
            ],
            vec![],
        );
        for index in 0..4 {
            assert_eq!(codes(&bytes, index), ["computed", "borderline"], "{index}");
        }
    }

    #[test]
    fn texts_state_the_archived_criterion() {
        let basis = Basis {
            limits: limits(),
            sites: 25,
        };
        assert_eq!(
            Warning::Computed(basis).message().to_string(),
            "Dates after the official table are computed with the visibility criteria \
             (altitude >= 3.0 deg, elongation >= 6.4 deg at one of 25 sites); they may differ \
             by one day from official announcements."
        );
        let other = Limits {
            min_moon_alt: 50_000,
            min_elongation: 80_000,
            borderline: 1_000,
        };
        let computed = Warning::Computed(Basis {
            limits: other,
            sites: 3,
        });
        assert!(computed
            .message()
            .to_string()
            .contains("(altitude >= 5.0 deg, elongation >= 8.0 deg at one of 3 sites)"));
        assert_eq!(
            Warning::Borderline(limits()).message().to_string(),
            "The evening that decided this month's start met the criteria by less than 0.25 \
             deg; the announced date may shift by one day."
        );
        assert!(Warning::Borderline(other)
            .message()
            .to_string()
            .contains("by less than 0.1 deg;"));
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
                moved: [[1446, 8], [1446, 9]],
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
        b.add(Warning::Computed(Basis {
            limits: limits(),
            sites: 25,
        }));
        b.add(Warning::Borderline(limits()));
        all.merge(a);
        all.merge(b);
        all.merge(a);
        let order: Vec<_> = all.iter().collect();
        let codes: Vec<_> = order.into_iter().map(Warning::code).collect();
        assert_eq!(codes, ["divergence", "computed", "borderline"]);
        assert!(!all.is_empty());
    }

    #[test]
    fn retro_required_names_the_count() {
        let one = Warning::RetroRequired(1);
        assert_eq!(one.code(), "retro_required");
        assert!(one
            .message()
            .to_string()
            .starts_with("1 event falls before"));
        let two = Warning::RetroRequired(2).message().to_string();
        assert!(two.starts_with("2 events fall before the official table"));
        assert!(two.contains("add retro=true"));
        assert!(Warning::Retro
            .message()
            .to_string()
            .starts_with("Dates before"));
    }
}
