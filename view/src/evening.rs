//! The site criterion's evening record ([`EveningView`]: every site at its sunset), and the
//! measures of one site at one sunset ([`SunsetMeasures`]) that the record shares with
//! `hijri-generate evening`.

use std::fmt;

use hijri::date::{local_clock, minutes_between, Date};
use hijri::fixed::two_decimals;
use hijri::hijri::HijriDate;
use hijri::schema::{
    ArchivedChain, ArchivedCriterion, ArchivedDataset, ArchivedEvening, ArchivedMonth,
    ArchivedRecord, ArchivedSite, ArchivedSiteEvening, Limits,
};
use serde::Serialize;

use super::Text;

/// A local wall-clock time `HH:MM`, truncated to the minute.
#[derive(Clone, Copy)]
pub struct LocalTime(u32, u32);

impl LocalTime {
    /// `instant` (Unix seconds) at the UTC offset `offset_s`.
    pub fn at(instant: i64, offset_s: i32) -> Text<LocalTime> {
        let (hour, minute) = local_clock(instant, offset_s);
        Text(LocalTime(hour, minute))
    }

    /// `24:00`: the end of a day (a cut-off at midnight, said as the day's end).
    pub fn end_of_day() -> Text<LocalTime> {
        Text(LocalTime(24, 0))
    }

    fn of(instant: i64, site: &ArchivedSiteEvening) -> Text<LocalTime> {
        LocalTime::at(instant, site.utc_offset_s.to_native())
    }

    /// The site's moonset, if the Moon sets within a day of sunset.
    fn moonset(site: &ArchivedSiteEvening) -> Option<Text<LocalTime>> {
        site.moonset
            .as_ref()
            .map(|m| LocalTime::of(m.to_native(), site))
    }
}

/// A UTC instant `YYYY-MM-DDTHH:MM:SSZ` (Unix seconds), truncated to the second.
#[derive(Clone, Copy)]
pub struct UtcInstant(pub i64);

impl fmt::Display for UtcInstant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let day = self.0.div_euclid(86_400);
        let (hour, minute) = local_clock(self.0, 0);
        let date = Date(i32::try_from(day).map_err(|_| fmt::Error)?);
        let second = self.0.rem_euclid(60);
        write!(f, "{date}T{hour:02}:{minute:02}:{second:02}Z")
    }
}

/// Moonset minus sunset (Unix seconds) in whole minutes ([`minutes_between`]); negative when
/// the Moon sets first.
pub fn lag(sunset: i64, moonset: Option<i64>) -> Option<i64> {
    Some(minutes_between(sunset, moonset?))
}

impl fmt::Display for LocalTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0, self.1)
    }
}

/// The measures of one site at one evening's sunset, in the order, names and units that the
/// API's evening record (flattened into [`EveningView`]) and `hijri-generate evening` both
/// print; each rounds its numbers as it states (the API to 2 decimals, the command to 4).
#[derive(Serialize)]
pub struct SunsetMeasures {
    /// The sunset, local `HH:MM`.
    pub sunset: Text<LocalTime>,
    /// The moonset nearest to it, same zone; `None` if the Moon does not set.
    pub moonset: Option<Text<LocalTime>>,
    /// The Moon's topocentric altitude at sunset (refracted), degrees.
    pub moon_alt_deg: f64,
    /// The Moon's azimuth at sunset, degrees.
    pub moon_az_deg: f64,
    /// The Sun's altitude at sunset, degrees.
    pub sun_alt_deg: f64,
    /// The geocentric elongation, degrees.
    pub elongation_deg: f64,
    /// The Moon's illuminated fraction, percent.
    pub illumination_pct: f64,
    /// The Moon's age since the conjunction, hours.
    pub age_hours: f64,
    /// The conjunction nearest the evening, UTC.
    pub conjunction_utc: Text<UtcInstant>,
    /// Moonset minus sunset, whole minutes ([`lag`]).
    pub lag_minutes: Option<i64>,
}

impl SunsetMeasures {
    /// The times of a sunset: `sunset` and `moonset` (Unix seconds) at the UTC offset
    /// `offset_s`, the conjunction (Unix seconds) in UTC, and the lag between the two sets;
    /// the values are filled in by the caller.
    pub fn times(
        sunset: i64,
        moonset: Option<i64>,
        offset_s: i32,
        conjunction_s: i64,
    ) -> SunsetMeasures {
        SunsetMeasures {
            sunset: LocalTime::at(sunset, offset_s),
            moonset: moonset.map(|m| LocalTime::at(m, offset_s)),
            moon_alt_deg: 0.0,
            moon_az_deg: 0.0,
            sun_alt_deg: 0.0,
            elongation_deg: 0.0,
            illumination_pct: 0.0,
            age_hours: 0.0,
            conjunction_utc: Text(UtcInstant(conjunction_s)),
            lag_minutes: lag(sunset, moonset),
        }
    }
}

/// `deciding_site`, and the `place` of a wujudul hilal record.
#[derive(Serialize)]
pub struct SiteView<'a> {
    /// The site's name.
    pub name: &'a str,
    lat: f64,
    lon: f64,
    elev_m: i32,
    tz: &'a str,
}

/// One entry of `evening.sites` (`include=sites`): a site and its values at its sunset.
#[derive(Serialize)]
struct SiteEntry<'a> {
    #[serde(flatten)]
    site: SiteView<'a>,
    sunset: Text<LocalTime>,
    moonset: Option<Text<LocalTime>>,
    moon_alt_deg: f64,
    elongation_deg: f64,
    margin_deg: f64,
    alt_ok: bool,
    elong_ok: bool,
    visible: bool,
}

impl<'a> SiteView<'a> {
    pub(crate) fn of(site: &'a ArchivedSite) -> SiteView<'a> {
        SiteView {
            name: &site.name,
            lat: site.lat.to_native(),
            lon: site.lon.to_native(),
            elev_m: site.elev_m.to_native(),
            tz: &site.tz,
        }
    }
}

impl<'a> SiteEntry<'a> {
    fn of(site: &'a ArchivedSite, values: &ArchivedSiteEvening, limits: Limits) -> SiteEntry<'a> {
        SiteEntry {
            site: SiteView::of(site),
            sunset: LocalTime::of(values.sunset.to_native(), values),
            moonset: LocalTime::moonset(values),
            moon_alt_deg: two_decimals(values.moon_alt.to_native()),
            elongation_deg: two_decimals(values.elongation.to_native()),
            margin_deg: two_decimals(limits.site_margin(values)),
            alt_ok: values.alt_ok,
            elong_ok: values.elong_ok,
            visible: values.alt_ok && values.elong_ok,
        }
    }
}

/// A month's deciding evening under a site criterion: the evening, the deciding site's
/// values, the site and the criterion in force.
pub struct Deciding<'a> {
    /// The evening examined.
    pub evening: &'a ArchivedEvening,
    /// The deciding site's values that evening.
    pub values: &'a ArchivedSiteEvening,
    /// The deciding site.
    pub site: &'a ArchivedSite,
    /// The criterion the month's rule applies.
    pub criterion: &'a ArchivedCriterion,
}

impl<'a> Deciding<'a> {
    /// The deciding evening of `month` (a month of `chain`); `None` if its rule is not a
    /// site criterion or the archive lacks the deciding site.
    pub fn of(
        dataset: &'a ArchivedDataset,
        chain: &'a ArchivedChain,
        month: &'a ArchivedMonth,
    ) -> Option<Deciding<'a>> {
        let ArchivedRecord::Sites(evening) = &month.record else {
            return None;
        };
        let criterion = chain.rule_for(month.hijri_month())?.rule.criterion()?;
        let deciding = usize::from(evening.deciding);
        Some(Deciding {
            evening,
            values: evening.sites.get(deciding)?,
            site: dataset.sites.get(deciding)?,
            criterion,
        })
    }
}

/// The evening record of a month's deciding evening.
#[derive(Serialize)]
pub struct EveningView<'a> {
    hijri_date: String,
    hijri_day: u8,
    gregorian_date: Text<Date>,
    #[serde(flatten)]
    measures: SunsetMeasures,
    deciding_site: SiteView<'a>,
    sites_checked: usize,
    alt_ok: bool,
    elong_ok: bool,
    visible: bool,
    /// Every site in the fixed order, only with `include=sites`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sites: Option<Vec<SiteEntry<'a>>>,
}

impl<'a> EveningView<'a> {
    /// The record of the evening that decided `month` (a month of `chain`), examined on day
    /// 29 (or the recorded day) of the month before, with every site when `with_sites`;
    /// `None` if the month has no site record or the archive lacks the deciding site's
    /// values.
    pub fn of(
        dataset: &'a ArchivedDataset,
        chain: &'a ArchivedChain,
        month: &'a ArchivedMonth,
        with_sites: bool,
    ) -> Option<EveningView<'a>> {
        let Deciding {
            evening,
            values,
            site,
            criterion,
        } = Deciding::of(dataset, chain, month)?;
        let previous = month.hijri_month().previous();
        let limits = criterion.limits.get();
        Some(EveningView {
            hijri_date: HijriDate {
                year: previous.year,
                month: previous.month,
                day: evening.hijri_day,
            }
            .long_text(),
            hijri_day: evening.hijri_day,
            gregorian_date: Text(Date(evening.date.to_native())),
            measures: SunsetMeasures {
                moon_alt_deg: two_decimals(values.moon_alt.to_native()),
                moon_az_deg: two_decimals(values.moon_az.to_native()),
                sun_alt_deg: two_decimals(values.sun_alt.to_native()),
                elongation_deg: two_decimals(values.elongation.to_native()),
                illumination_pct: two_decimals(values.illumination.to_native()),
                age_hours: two_decimals(values.age.to_native()),
                ..SunsetMeasures::times(
                    values.sunset.to_native(),
                    values.moonset.as_ref().map(|m| m.to_native()),
                    values.utc_offset_s.to_native(),
                    evening.conjunction_ms.to_native().div_euclid(1_000),
                )
            },
            deciding_site: SiteView::of(site),
            sites_checked: evening.sites.len(),
            alt_ok: values.alt_ok,
            elong_ok: values.elong_ok,
            visible: evening.visible,
            sites: with_sites.then(|| {
                dataset
                    .sites
                    .iter()
                    .zip(evening.sites.iter())
                    .map(|(site, values)| SiteEntry::of(site, values, limits))
                    .collect()
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_times() {
        let clock = |seconds| {
            let (hour, minute) = local_clock(seconds, 0);
            LocalTime(hour, minute).to_string()
        };
        assert_eq!(clock(18 * 3600 + 59 * 60 + 59), "18:59");
        assert_eq!(clock(-60), "23:59");
        assert_eq!(UtcInstant(0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(UtcInstant(-1).to_string(), "1969-12-31T23:59:59Z");
        assert_eq!(
            UtcInstant(1_740_703_512).to_string(),
            "2025-02-28T00:45:12Z"
        );
    }
}
