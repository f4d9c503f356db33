//! The evening records a month's rule makes: values in range and flags that follow from the
//! rule's limits.

use super::{check, day, Violation, ANGLES, INSTANTS, UTC_OFFSETS};
use crate::schema::{
    Applied, ArchivedEvening, ArchivedKhgtEvening, ArchivedMonth, ArchivedRecord, ArchivedRule,
    ArchivedSiteEvening, ArchivedWujudEvening, Limits,
};

/// A month's evening record: one its rule makes, with values in range and flags that follow
/// from the rule's limits.
pub(super) fn record(
    rule: &ArchivedRule,
    month: &ArchivedMonth,
    sites: usize,
) -> Result<(), Violation> {
    check(rule.makes(&month.record), Violation::RecordKind)?;
    match &month.record {
        ArchivedRecord::None => Ok(()),
        ArchivedRecord::Sites(evening) => match rule.criterion() {
            Some(criterion) => site_record(evening, criterion.limits.get(), sites),
            None => Err(Violation::RecordKind),
        },
        ArchivedRecord::Wujud(evening) => wujud_record(evening),
        ArchivedRecord::Khgt(evening) => match rule.khgt() {
            Some(khgt) => khgt_record(evening, khgt.limits.get()),
            None => Err(Violation::RecordKind),
        },
    }
}

/// A wujudul hilal record: instants in range, `met` as its values say (the conjunction
/// before sunset and the upper limb above the horizon).
fn wujud_record(evening: &ArchivedWujudEvening) -> Result<(), Violation> {
    day("evening", evening.date.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Violation::Conjunction)?;
    let sunset = evening.sunset.to_native();
    let moonset = evening.moonset.as_ref().map(|m| m.to_native());
    let values = |what| Violation::SiteValue {
        site: 0,
        value: what,
    };
    check(INSTANTS.contains(&sunset), values("sunset"))?;
    check(
        moonset.is_none_or(|m| INSTANTS.contains(&m)),
        values("moonset"),
    )?;
    check(
        UTC_OFFSETS.contains(&evening.utc_offset_s.to_native()),
        values("UTC offset"),
    )?;
    let upper_limb = evening.upper_limb_alt.to_native();
    check(ANGLES.contains(&upper_limb), values("upper limb altitude"))?;
    let met = evening.conjunction_ms.to_native() < sunset.saturating_mul(1_000) && upper_limb > 0;
    check(evening.met == met, Violation::Visible)
}

/// A KHGT record: instants and places in range, and the condition applied as the best
/// places' margins say (PKG 1 when its place meets the limits, else PKG 2 when its place
/// does, else neither).
fn khgt_record(evening: &ArchivedKhgtEvening, limits: Limits) -> Result<(), Violation> {
    day("evening", evening.day.to_native())?;
    let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
    check(INSTANTS.contains(&conjunction), Violation::Conjunction)?;
    check(
        INSTANTS.contains(&evening.nz_fajr.to_native()),
        Violation::SiteValue {
            site: 0,
            value: "fajr",
        },
    )?;
    let mut meets = [false; 2];
    for (index, place) in [&evening.pkg1, &evening.pkg2].into_iter().enumerate() {
        let Some(place) = place.as_ref() else {
            continue;
        };
        let values = |what| Violation::SiteValue {
            site: index,
            value: what,
        };
        let (lat, lon) = (place.lat.to_native(), place.lon.to_native());
        check(
            (-900_000..=900_000).contains(&lat) && (-1_800_000..=1_800_000).contains(&lon),
            values("place"),
        )?;
        check(
            INSTANTS.contains(&place.sunset.to_native()),
            values("sunset"),
        )?;
        let (alt, elongation) = (place.moon_alt.to_native(), place.elongation.to_native());
        check(ANGLES.contains(&alt), values("moon altitude"))?;
        check(ANGLES.contains(&elongation), values("elongation"))?;
        if let Some(meet) = meets.get_mut(index) {
            *meet = limits.margin(alt, elongation) >= 0;
        }
    }
    let applied = match meets {
        [true, _] => Applied::Pkg1,
        [false, true] => Applied::Pkg2,
        [false, false] => Applied::Neither,
    };
    check(evening.applied == applied, Violation::Visible)
}

/// A site record: its deciding site among the sites, values in range and flags that follow
/// from `limits`.
fn site_record(evening: &ArchivedEvening, limits: Limits, sites: usize) -> Result<(), Violation> {
    day("evening", evening.date.to_native())?;
    check(
        (1..=30).contains(&evening.hijri_day),
        Violation::EveningDay(evening.hijri_day),
    )?;
    check(
        INSTANTS.contains(&evening.conjunction_ms.to_native().div_euclid(1_000)),
        Violation::Conjunction,
    )?;
    // An evening without site results is allowed: its record is then unavailable.
    let results = evening.sites.len();
    if results == 0 {
        return Ok(());
    }
    check(results == sites, Violation::EveningSites { results, sites })?;
    check(
        usize::from(evening.deciding) < results,
        Violation::DecidingSite {
            deciding: evening.deciding,
            sites,
        },
    )?;
    for (site, values) in evening.sites.iter().enumerate() {
        site_values(values).map_err(|value| Violation::SiteValue { site, value })?;
        let flags = (values.alt_ok, values.elong_ok);
        let follow = (
            limits.alt_ok(values.moon_alt.to_native()),
            limits.elong_ok(values.elongation.to_native()),
        );
        check(flags == follow, Violation::SiteFlags(site))?;
    }
    let visible = evening.sites.iter().any(|s| s.alt_ok && s.elong_ok);
    check(evening.visible == visible, Violation::Visible)
}

/// The values a look-up computes with, each in its range; the error names the first one out.
fn site_values(values: &ArchivedSiteEvening) -> Result<(), &'static str> {
    check(INSTANTS.contains(&values.sunset.to_native()), "sunset")?;
    let moonset = values.moonset.as_ref().map(|m| m.to_native());
    check(moonset.is_none_or(|m| INSTANTS.contains(&m)), "moonset")?;
    check(
        UTC_OFFSETS.contains(&values.utc_offset_s.to_native()),
        "UTC offset",
    )?;
    check(
        ANGLES.contains(&values.moon_alt.to_native()),
        "moon altitude",
    )?;
    check(
        ANGLES.contains(&values.elongation.to_native()),
        "elongation",
    )
}
