//! The evening record of a month as its rule makes it: the site criterion's (every site at
//! its sunset, [`EveningView`]), wujudul hilal's (the rule's place at its sunset) and KHGT's
//! (the best place of the global search, times in UTC), and the record of a month with its
//! target and previous months ([`HilalRecord`]) that `/hilal/info` and `/hilal/history` show.

use hijri::date::Date;
use hijri::fixed::from_fixed;
use hijri::hijri::HijriDate;
use hijri::lang::Lang;
use hijri::schema::{
    Applied, ArchivedApplied, ArchivedChain, ArchivedDataset, ArchivedKhgt, ArchivedKhgtEvening,
    ArchivedKhgtPlace, ArchivedMonth, ArchivedRecord, ArchivedWujud, ArchivedWujudEvening, Limits,
};
use serde::Serialize;

use hijri::fixed::two_decimals;
use hijri::warnings;

use crate::evening::{lag, EveningView, LocalTime, SiteView, UtcInstant};
use crate::{Text, WarningList};

/// The record of a month's deciding evening, as its rule made it.
#[derive(Serialize)]
#[serde(untagged)]
pub enum EveningRecord<'a> {
    /// A site criterion's evening (Neo-MABIMS).
    Sites(EveningView<'a>),
    /// A wujudul hilal evening.
    Wujud(WujudView<'a>),
    /// A KHGT evaluation day.
    Khgt(KhgtView<'a>),
}

impl<'a> EveningRecord<'a> {
    /// The record of the evening that decided `month` (a month of `chain`), every site's
    /// values too when `with_sites` (site criteria only); `None` if the month has no record
    /// its rule can show.
    pub fn of(
        dataset: &'a ArchivedDataset,
        chain: &'a ArchivedChain,
        month: &'a ArchivedMonth,
        with_sites: bool,
    ) -> Option<EveningRecord<'a>> {
        let rule = &chain.rule_for(month.hijri_month())?.rule;
        match &month.record {
            ArchivedRecord::Sites(_) => {
                EveningView::of(dataset, chain, month, with_sites).map(EveningRecord::Sites)
            }
            ArchivedRecord::Wujud(evening) => {
                WujudView::of(chain, month, rule.wujud()?, evening).map(EveningRecord::Wujud)
            }
            ArchivedRecord::Khgt(evening) => {
                Some(EveningRecord::Khgt(KhgtView::of(rule.khgt()?, evening)))
            }
            ArchivedRecord::None => None,
        }
    }
}

/// A wujudul hilal evening: the rule's place at its sunset on the evening of the
/// conjunction's local day (the last day of the month before).
#[derive(Serialize)]
pub struct WujudView<'a> {
    rule: &'a str,
    hijri_date: String,
    hijri_day: i32,
    /// The evening's date, local at the place.
    pub gregorian_date: Text<Date>,
    /// The rule's place.
    pub place: SiteView<'a>,
    /// The conjunction nearest to sunset.
    pub conjunction_utc: Text<UtcInstant>,
    /// The conjunction came before sunset (the rule's first condition).
    pub conjunction_before_sunset: bool,
    sunset: Text<LocalTime>,
    moonset: Option<Text<LocalTime>>,
    lag_minutes: Option<i64>,
    /// The Moon's upper limb above the rule's horizon at sunset, degrees (2 decimals).
    pub upper_limb_alt_deg: f64,
    /// The Moon set after the Sun (the rule's second condition).
    pub moonset_after_sunset: bool,
    /// Both conditions held.
    pub met: bool,
}

impl<'a> WujudView<'a> {
    fn of(
        chain: &ArchivedChain,
        month: &ArchivedMonth,
        wujud: &'a ArchivedWujud,
        evening: &ArchivedWujudEvening,
    ) -> Option<WujudView<'a>> {
        let previous = chain.month(month.hijri_month().previous())?;
        let date = Date(evening.date.to_native());
        let hijri_day = date.0 - previous.start().0 + 1;
        let before = previous.hijri_month();
        let offset = evening.utc_offset_s.to_native();
        let sunset = evening.sunset.to_native();
        let moonset = evening.moonset.as_ref().map(|m| m.to_native());
        Some(WujudView {
            rule: &wujud.name,
            hijri_date: HijriDate {
                year: before.year,
                month: before.month,
                day: u8::try_from(hijri_day).ok()?,
            }
            .long_text(),
            hijri_day,
            gregorian_date: Text(date),
            place: SiteView::of(&wujud.place),
            conjunction_utc: Text(UtcInstant(
                evening.conjunction_ms.to_native().div_euclid(1_000),
            )),
            conjunction_before_sunset: evening.conjunction_ms.to_native()
                < sunset.saturating_mul(1_000),
            sunset: LocalTime::at(sunset, offset),
            moonset: moonset.map(|m| LocalTime::at(m, offset)),
            lag_minutes: lag(sunset, moonset),
            upper_limb_alt_deg: two_decimals(evening.upper_limb_alt.to_native()),
            moonset_after_sunset: moonset.is_some_and(|m| m > sunset),
            met: evening.met,
        })
    }
}

/// One place a KHGT condition was evaluated at, times in UTC.
#[derive(Serialize)]
pub struct KhgtPlaceView<'a> {
    /// Its name (region and country), when one is within reach.
    pub name: Option<&'a str>,
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
    /// The zone of `sunset`.
    pub tz: &'static str,
    /// Its sunset in `tz` (`24:00` at the cut-off).
    pub sunset: Text<LocalTime>,
    sunset_utc: Text<UtcInstant>,
    sunset_at_cutoff: bool,
    /// The Moon's altitude there, degrees (2 decimals).
    pub moon_alt_deg: f64,
    /// The elongation there, degrees (2 decimals).
    pub elongation_deg: f64,
    margin_deg: f64,
    /// The altitude limit holds.
    pub alt_ok: bool,
    /// The elongation limit holds.
    pub elong_ok: bool,
}

impl<'a> KhgtPlaceView<'a> {
    /// The place at its sunset; a sunset at or after `cutoff` (PKG 1's 24:00 UTC, Unix
    /// seconds) is the cut-off itself, shown as `24:00` of the evaluation day and said so.
    fn of(place: &'a ArchivedKhgtPlace, limits: Limits, cutoff: Option<i64>) -> KhgtPlaceView<'a> {
        let (alt, elongation) = (place.moon_alt.to_native(), place.elongation.to_native());
        let sunset = place.sunset.to_native();
        let at_cutoff = cutoff.is_some_and(|cutoff| sunset >= cutoff);
        KhgtPlaceView {
            name: Some(place.name.as_str()).filter(|name| !name.is_empty()),
            lat: from_fixed(place.lat.to_native()),
            lon: from_fixed(place.lon.to_native()),
            tz: "UTC",
            sunset: if at_cutoff {
                LocalTime::end_of_day()
            } else {
                LocalTime::at(sunset, 0)
            },
            sunset_utc: Text(UtcInstant(sunset)),
            sunset_at_cutoff: at_cutoff,
            moon_alt_deg: two_decimals(alt),
            elongation_deg: two_decimals(elongation),
            margin_deg: two_decimals(limits.margin(alt, elongation)),
            alt_ok: limits.alt_ok(alt),
            elong_ok: limits.elong_ok(elongation),
        }
    }
}

/// A KHGT evaluation day: the condition applied and the best place of each condition
/// evaluated; the deciding place is the one the applied condition rests on (else PKG 1's
/// best, the place closest to meeting the limits before the deadline), and how it is chosen.
#[derive(Serialize)]
pub struct KhgtView<'a> {
    rule: &'static str,
    /// The evaluation day (UTC).
    pub evaluation_day: Text<Date>,
    /// The conjunction.
    pub conjunction_utc: Text<UtcInstant>,
    nz_fajr_utc: Text<UtcInstant>,
    conjunction_before_nz_fajr: bool,
    /// The condition met (`PKG1`, `PKG2`), if any.
    pub rule_applied: Option<&'static str>,
    /// A condition was met.
    pub visible: bool,
    /// The place the decision rests on.
    pub deciding_place: Option<KhgtPlaceView<'a>>,
    deciding_place_choice: &'a str,
    pkg1: Option<KhgtPlaceView<'a>>,
    pkg2: Option<KhgtPlaceView<'a>>,
}

impl<'a> KhgtView<'a> {
    fn of(khgt: &'a ArchivedKhgt, evening: &'a ArchivedKhgtEvening) -> KhgtView<'a> {
        let limits = khgt.limits.get();
        let deadline = i64::from(evening.day.to_native()) * 86_400
            + i64::from(khgt.deadline_min.to_native()) * 60;
        let view = |place: Option<&'a ArchivedKhgtPlace>, cutoff| {
            place.map(|p| KhgtPlaceView::of(p, limits, cutoff))
        };
        let (pkg1, pkg2) = (evening.pkg1.as_ref(), evening.pkg2.as_ref());
        let (applied, deciding, cutoff) = match evening.applied {
            ArchivedApplied::Pkg1 => (Some("PKG1"), pkg1, Some(deadline)),
            ArchivedApplied::Pkg2 => (Some("PKG2"), pkg2, None),
            ArchivedApplied::Neither => (None, pkg1.or(pkg2), pkg1.map(|_| deadline)),
        };
        let conjunction_ms = evening.conjunction_ms.to_native();
        let nz_fajr = evening.nz_fajr.to_native();
        KhgtView {
            rule: "KHGT",
            evaluation_day: Text(Date(evening.day.to_native())),
            conjunction_utc: Text(UtcInstant(conjunction_ms.div_euclid(1_000))),
            nz_fajr_utc: Text(UtcInstant(nz_fajr)),
            conjunction_before_nz_fajr: conjunction_ms < nz_fajr.saturating_mul(1_000),
            rule_applied: applied,
            visible: evening.applied != Applied::Neither,
            deciding_place: view(deciding, cutoff),
            deciding_place_choice: &khgt.deciding,
            pkg1: view(pkg1, Some(deadline)),
            pkg2: view(pkg2, None),
        }
    }
}

/// A month's evening record in one line (a row of `/table`): whether its rule was met, the
/// deciding place's name (when it has one) and the Moon's altitude and elongation there
/// (each as the rule measures it; absent where the record has none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary<'a> {
    /// The rule was met on that evening.
    pub visible: bool,
    /// The deciding site or place, by name.
    pub place: Option<&'a str>,
    /// The Moon's altitude there (1e-4 deg).
    pub moon_alt: Option<i32>,
    /// The elongation there (1e-4 deg).
    pub elongation: Option<i32>,
}

impl<'a> Summary<'a> {
    /// The summary of `month`'s record (a month of `chain` in `dataset`).
    pub fn of(
        dataset: &'a ArchivedDataset,
        chain: &'a ArchivedChain,
        month: &'a ArchivedMonth,
    ) -> Summary<'a> {
        let none = Summary {
            visible: false,
            place: None,
            moon_alt: None,
            elongation: None,
        };
        let Some(span) = chain.rule_for(month.hijri_month()) else {
            return none;
        };
        match &month.record {
            ArchivedRecord::Sites(evening) => {
                let deciding = usize::from(evening.deciding);
                let values = evening.sites.get(deciding);
                Summary {
                    visible: evening.visible,
                    place: dataset.sites.get(deciding).map(|s| s.name.as_str()),
                    moon_alt: values.map(|v| v.moon_alt.to_native()),
                    elongation: values.map(|v| v.elongation.to_native()),
                }
            }
            ArchivedRecord::Wujud(evening) => Summary {
                visible: evening.met,
                place: span.rule.wujud().map(|wujud| wujud.place.name.as_str()),
                moon_alt: Some(evening.upper_limb_alt.to_native()),
                elongation: None,
            },
            ArchivedRecord::Khgt(evening) => {
                let deciding = match evening.applied {
                    ArchivedApplied::Pkg2 => evening.pkg2.as_ref(),
                    ArchivedApplied::Pkg1 | ArchivedApplied::Neither => {
                        evening.pkg1.as_ref().or(evening.pkg2.as_ref())
                    }
                };
                Summary {
                    visible: evening.applied != Applied::Neither,
                    place: deciding
                        .map(|p| p.name.as_str())
                        .filter(|name| !name.is_empty()),
                    moon_alt: deciding.map(|p| p.moon_alt.to_native()),
                    elongation: deciding.map(|p| p.elongation.to_native()),
                }
            }
            ArchivedRecord::None => none,
        }
    }
}

/// `month`: the target month.
#[derive(Serialize)]
pub struct TargetMonth {
    name: &'static str,
    number: u8,
    year: u16,
    start: Text<Date>,
}

/// `previous_month`: the month whose day-29 evening was examined.
#[derive(Serialize)]
pub struct PreviousMonth {
    name: &'static str,
    number: u8,
    year: u16,
    length: u8,
}

/// The members shared by `/hilal/info` and each `/hilal/history` entry.
#[derive(Serialize)]
pub struct HilalRecord<'a> {
    /// The target month.
    pub month: TargetMonth,
    /// The month before it.
    pub previous_month: PreviousMonth,
    /// The deciding evening.
    pub evening: EveningRecord<'a>,
    /// The target month's tier.
    pub source: &'a str,
    /// The target month's warnings.
    pub warnings: WarningList<'a>,
}

impl<'a> HilalRecord<'a> {
    /// The record of the month at `index` of `chain` (every site's values too when
    /// `with_sites`), its months named in `lang`; `None` if it is not in the chain, has no
    /// month before it in the chain or its evening cannot be shown.
    pub fn of(
        (dataset, chain): (&'a ArchivedDataset, &'a ArchivedChain),
        index: usize,
        with_sites: bool,
        lang: Lang,
    ) -> Option<HilalRecord<'a>> {
        let month = chain.months.get(index)?;
        let previous = chain.months.get(index.checked_sub(1)?)?;
        let target = month.hijri_month();
        let before = previous.hijri_month();
        Some(HilalRecord {
            month: TargetMonth {
                name: target.name_in(lang),
                number: target.month,
                year: target.year,
                start: Text(month.start()),
            },
            previous_month: PreviousMonth {
                name: before.name_in(lang),
                number: before.month,
                year: before.year,
                length: previous.length,
            },
            evening: EveningRecord::of(dataset, chain, month, with_sites)?,
            source: chain.source(month.tier()),
            warnings: WarningList(warnings::for_month(chain, month)),
        })
    }
}
