//! The hilal evening record: all sites at their local sunset, the criterion's flags and the
//! deciding site (largest margin, ties to the first site in order).

use chrono::NaiveDate;
use hijri::date::Date;
use hijri::fixed::to_fixed;
use hijri::schema::{Evening, Limits, SiteEvening};
use hijri_astro::{Astro, AstroError, EveningObservation};
use rayon::prelude::*;

use crate::inputs::SiteInput;

/// Index of the site with the largest margin; ties go to the first in order.
pub fn deciding_index(margins: &[f64]) -> usize {
    let Some(&first) = margins.first() else {
        return 0;
    };
    let best = |(best, top), (i, &m)| if m > top { (i, m) } else { (best, top) };
    margins.iter().enumerate().fold((0, first), best).0
}

/// The evening record of `date` (the evening of Hijri day `hijri_day`) over all sites, under
/// the criterion's `limits`.
pub fn evening_record(
    astro: &Astro,
    sites: &[SiteInput],
    limits: Limits,
    date: Date,
    hijri_day: u8,
) -> Result<Evening, AstroError> {
    let day = NaiveDate::try_from(date).map_err(|e| AstroError::NoEvent(e.to_string()))?;
    let observations: Vec<EveningObservation> = sites
        .par_iter()
        .map(|site| astro.evening(&site.observer(), day))
        .collect::<Result<_, _>>()?;
    let margins: Vec<f64> = observations
        .iter()
        .map(|o| limits.margin_deg(o.moon_alt_deg, o.elongation_deg))
        .collect();
    let deciding = deciding_index(&margins);
    let decider = observations
        .get(deciding)
        .ok_or_else(|| AstroError::InvalidObserver(format!("{date}: no observation sites")))?;
    let sites: Vec<SiteEvening> = observations
        .iter()
        .map(|o| site_evening(o, limits))
        .collect();
    Ok(Evening {
        date: date.0,
        hijri_day,
        conjunction_ms: decider.conjunction_utc.timestamp_millis(),
        deciding: deciding as u8,
        visible: sites.iter().any(|s| s.alt_ok && s.elong_ok),
        sites,
    })
}

/// One site's observation in archive form, its flags decided on the archived values.
fn site_evening(o: &EveningObservation, limits: Limits) -> SiteEvening {
    let (moon_alt, elongation) = (to_fixed(o.moon_alt_deg), to_fixed(o.elongation_deg));
    SiteEvening {
        sunset: o.sunset_utc.timestamp(),
        moonset: o.moonset_utc.map(|t| t.timestamp()),
        utc_offset_s: o.sunset_local.offset().local_minus_utc(),
        moon_alt,
        moon_alt_airless: to_fixed(o.moon_alt_airless_deg),
        moon_az: to_fixed(o.moon_az_deg),
        sun_alt: to_fixed(o.sun_alt_deg),
        sun_az: to_fixed(o.sun_az_deg),
        elongation,
        illumination: to_fixed(o.illumination_pct),
        age: to_fixed(o.age_hours),
        alt_ok: limits.alt_ok(moon_alt),
        elong_ok: limits.elong_ok(elongation),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deciding_site_is_the_largest_margin_first_on_ties() {
        assert_eq!(deciding_index(&[-1.0, 0.5, 0.5, 0.2]), 1);
        assert_eq!(deciding_index(&[-3.0, -2.0, -2.5]), 1);
        assert_eq!(deciding_index(&[0.0, 0.0]), 0);
    }
}
