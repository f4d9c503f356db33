//! What a month's cards show, by its rule: the values evaluated with the astronomy for the
//! card's sky chart and map (a site criterion's, wujudul hilal's, KHGT's).

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use hijri::date::Date;
use hijri::fixed::{from_fixed, to_fixed};
use hijri::hijri::HijriMonth;
use hijri::schema::{
    Applied, Evening, Khgt, KhgtEvening, KhgtPlace, Limits, Month, Site, SiteEvening, Tier, Wujud,
    WujudEvening,
};
use hijri::zone::Zone;
use hijri_astro::global::{GeoSky, Place};
use hijri_astro::place::Body;
use hijri_astro::time::ut_seconds;
use hijri_astro::{Astro, Observer};
use hijri_cards::{
    BestPlace, CardContext, CardError, CardRule, DisplayPoint, KhgtDecision, MapInputs,
    PointResult, VisibilityGrid, WorldInputs,
};

use super::{Drawn, Judged, GRID_STEP_DEG, WORLD_STEP_DEG};
use crate::inputs::SiteInput;
use crate::khgt::SUNSET_ALTITUDE_DEG;

/// A day, seconds.
const DAY_S: f64 = 86_400.0;
/// Spacing of the latitudes at which the 24:00 UTC line is found, degrees.
const LINE_STEP_DEG: f64 = 0.5;
/// Most longitude between two neighbouring points of the 24:00 UTC line, degrees.
const LINE_MAX_LON_STEP_DEG: f64 = 1.0;
/// The Moon's lag where it does not set within 14 hours of sunset, minutes (it stays up).
const NO_MOONSET_LAG_MIN: f64 = 14.0 * 60.0;

/// What a month's map is drawn from.
pub enum MapData {
    /// The archipelago's grid of the rule's two quantities and the display points.
    Archipelago(VisibilityGrid, Vec<PointResult>),
    /// KHGT's world.
    World(WorldInputs),
}

/// What the cards of one target month show: the deciding site's (or place's) values under
/// the rule that judged them, and the map's inputs, evaluated with the astronomy.
pub struct MonthInputs {
    /// The month whose start the evening decides.
    pub target: HijriMonth,
    /// Its first day.
    pub month_start: Date,
    /// Where its start comes from.
    pub tier: Tier,
    /// The evening (KHGT: the evaluation day, UTC).
    pub evening_date: Date,
    /// The running month's Hijri day on that evening.
    pub hijri_day: u8,
    /// The deciding site, the rule's place or KHGT's deciding place.
    pub site: Site,
    /// Its values at its sunset, as the rule measures them.
    pub values: SiteEvening,
    /// The conjunction, Unix milliseconds.
    pub conjunction_ms: i64,
    /// The rule and what it decided.
    pub rule: CardRule,
    /// The map's inputs.
    pub map: MapData,
}

impl MonthInputs {
    /// The cards' context.
    pub fn ctx(&self) -> CardContext<'_> {
        CardContext {
            target: self.target,
            month_start: self.month_start,
            tier: self.tier,
            evening_date: self.evening_date,
            hijri_day: self.hijri_day,
            site: &self.site,
            values: &self.values,
            conjunction_ms: self.conjunction_ms,
            rule: self.rule,
        }
    }

    /// The map's inputs, borrowed.
    pub fn map(&self) -> MapInputs<'_> {
        match &self.map {
            MapData::Archipelago(grid, points) => MapInputs::Archipelago(grid, points),
            MapData::World(world) => MapInputs::World(world),
        }
    }
}

/// Evaluates what the cards of `month` show.
pub fn month_inputs(
    astro: &Astro,
    drawn: Drawn,
    points: &[DisplayPoint],
    month: &Month,
) -> Result<MonthInputs, CardError> {
    match drawn.judged(month)? {
        Judged::Sites(limits, evening) => {
            sites_inputs(astro, drawn, points, month, limits, evening)
        }
        Judged::Wujud(wujud, evening) => {
            let previous = drawn.previous_start(month)?;
            wujud_inputs(astro, points, month, previous, (wujud, evening))
        }
        Judged::Khgt(khgt, evening) => {
            let previous = drawn.previous_start(month)?;
            khgt_inputs(astro, month, previous, (khgt, evening))
        }
    }
}

/// A site criterion's month: the archived deciding site and values, the archipelago's
/// altitude and elongation at sunset, and the display points.
fn sites_inputs(
    astro: &Astro,
    drawn: Drawn,
    points: &[DisplayPoint],
    month: &Month,
    limits: Limits,
    evening: &Evening,
) -> Result<MonthInputs, CardError> {
    let deciding = usize::from(evening.deciding);
    let no_site = || {
        CardError::Input(format!(
            "{}: deciding site {deciding} is not a site",
            month.hijri
        ))
    };
    let day = naive(Date(evening.date))?;
    let (grid, points) = sky(points, |lat, lon| criteria_at(astro, limits, day, lat, lon))?;
    Ok(MonthInputs {
        target: month.hijri,
        month_start: Date(month.start),
        tier: month.tier,
        evening_date: Date(evening.date),
        hijri_day: evening.hijri_day,
        site: drawn.sites.get(deciding).ok_or_else(no_site)?.clone(),
        values: evening.sites.get(deciding).ok_or_else(no_site)?.clone(),
        conjunction_ms: evening.conjunction_ms,
        rule: CardRule::Sites {
            limits,
            visible: evening.visible,
            sites_checked: evening.sites.len(),
        },
        map: MapData::Archipelago(grid, points),
    })
}

/// The Hijri day of the running month on `evening` (the month before began on `previous`).
fn hijri_day(evening: Date, previous: Date) -> Result<u8, CardError> {
    u8::try_from(evening.0 - previous.0 + 1)
        .ok()
        .filter(|day| (1..=30).contains(day))
        .ok_or_else(|| CardError::Input(format!("evening {evening} is not in the month before")))
}

/// A wujudul hilal month: the rule's place at its sunset (the archived sunset, moonset,
/// upper limb and conjunction, the other values of the same evening computed again, in the
/// place's civil time as the record has it), and the archipelago's lag and Moon's age at
/// each place's own sunset.
fn wujud_inputs(
    astro: &Astro,
    points: &[DisplayPoint],
    month: &Month,
    previous: Date,
    (wujud, evening): (&Wujud, &WujudEvening),
) -> Result<MonthInputs, CardError> {
    let place = &wujud.place;
    let observer = SiteInput::parse(place)
        .map_err(CardError::Input)?
        .observer();
    let day = naive(Date(evening.date))?;
    let o = astro
        .evening(&observer, day)
        .map_err(|e| CardError::Input(format!("{}: {e}", place.name)))?;
    let age_h = (evening.sunset as f64 - evening.conjunction_ms as f64 / 1_000.0) / 3_600.0;
    let values = SiteEvening {
        sunset: evening.sunset,
        moonset: evening.moonset,
        utc_offset_s: evening.utc_offset_s,
        moon_alt: to_fixed(o.moon_alt_deg),
        moon_alt_airless: to_fixed(o.moon_alt_airless_deg),
        moon_az: to_fixed(o.moon_az_deg),
        sun_alt: to_fixed(o.sun_alt_deg),
        sun_az: to_fixed(o.sun_az_deg),
        elongation: to_fixed(o.elongation_deg),
        illumination: to_fixed(o.illumination_pct),
        age: to_fixed(age_h),
        alt_ok: evening.upper_limb_alt > 0,
        elong_ok: evening.conjunction_ms < evening.sunset.saturating_mul(1_000),
    };
    let conjunction = evening.conjunction_ms as f64 / 1_000.0;
    let lag_and_age = |lat: f64, lon: f64| -> Option<(f64, f64)> {
        let o = astro.evening(&local_observer(lat, lon), day).ok()?;
        let sunset = o.sunset_utc.timestamp_millis() as f64 / 1_000.0;
        let lag = o.moonset_utc.map_or(NO_MOONSET_LAG_MIN, |m| {
            (m.timestamp_millis() as f64 / 1_000.0 - sunset) / 60.0
        });
        Some((lag, (sunset - conjunction) / 60.0))
    };
    let (grid, points) = sky(points, |lat, lon| {
        lag_and_age(lat, lon).map(|(lag, age)| (lag, age, lag > 0.0 && age > 0.0))
    })?;
    Ok(MonthInputs {
        target: month.hijri,
        month_start: Date(month.start),
        tier: month.tier,
        evening_date: Date(evening.date),
        hijri_day: hijri_day(Date(evening.date), previous)?,
        site: place.clone(),
        values,
        conjunction_ms: evening.conjunction_ms,
        rule: CardRule::Wujud {
            upper_limb_alt: evening.upper_limb_alt,
        },
        map: MapData::Archipelago(grid, points),
    })
}

/// The deciding place of a KHGT record: the place the applied condition rests on, else
/// PKG 1's best (else PKG 2's), as `/hilal/info` names it.
pub fn deciding_place(evening: &KhgtEvening) -> Option<&KhgtPlace> {
    match evening.applied {
        Applied::Pkg1 => evening.pkg1.as_ref(),
        Applied::Pkg2 => evening.pkg2.as_ref(),
        Applied::Neither => evening.pkg1.as_ref().or(evening.pkg2.as_ref()),
    }
}

/// UT seconds of Unix seconds `unix`.
fn ut(unix: i64) -> Result<f64, CardError> {
    DateTime::<Utc>::from_timestamp(unix, 0)
        .map(|t| ut_seconds(&t))
        .ok_or_else(|| CardError::Input(format!("instant {unix} out of range")))
}

/// A KHGT month: the record's deciding place at its sunset (the record's sunset, altitude and
/// elongation; the azimuths, the Sun's altitude and the illumination from the same
/// geocentric sky), and the world's grid and 24:00 UTC line on the evaluation day.
fn khgt_inputs(
    astro: &Astro,
    month: &Month,
    previous: Date,
    (khgt, evening): (&Khgt, &KhgtEvening),
) -> Result<MonthInputs, CardError> {
    let astro_error = |e: hijri_astro::AstroError| CardError::Input(e.to_string());
    let midnight = ut(i64::from(evening.day) * 86_400)?;
    let deadline = midnight + f64::from(khgt.deadline_min) * 60.0;
    // D − 12 h to D + 2 at 10:00 UTC: the nodes' sunsets lie in [D, D + 2), searched within
    // 9 h of 18:00 local mean time (D − 3 h to D + 1 at 15:00 UTC) and again a day from there
    // (D − 9 h to D + 2 at 09:00). Its hours and frames are those of the record's search.
    let sky = GeoSky::new(astro, midnight - 12.0 * 3_600.0, 70).map_err(astro_error)?;
    let conjunction = ut(evening.conjunction_ms.div_euclid(1_000))?
        + evening.conjunction_ms.rem_euclid(1_000) as f64 / 1_000.0;
    let limits = khgt.limits;
    let place = deciding_place(evening).ok_or_else(|| {
        CardError::Input(format!("{}: the KHGT record has no place", month.hijri))
    })?;
    let (lat, lon) = (from_fixed(place.lat), from_fixed(place.lon));
    let at = Place::new(lat, lon);
    let sunset = ut(place.sunset)?;
    let (_, moon_az) = sky
        .altaz_deg(Body::Moon, &at, sunset)
        .map_err(astro_error)?;
    let (sun_alt, sun_az) = sky.altaz_deg(Body::Sun, &at, sunset).map_err(astro_error)?;
    let illumination = sky.illuminated_fraction(sunset).map_err(astro_error)?;
    let values = SiteEvening {
        sunset: place.sunset,
        moonset: None,
        utc_offset_s: 0,
        moon_alt: place.moon_alt,
        moon_alt_airless: place.moon_alt,
        moon_az: to_fixed(moon_az),
        sun_alt: to_fixed(sun_alt),
        sun_az: to_fixed(sun_az),
        elongation: place.elongation,
        illumination: to_fixed(100.0 * illumination),
        age: to_fixed((sunset - conjunction) / 3_600.0),
        alt_ok: limits.alt_ok(place.moon_alt),
        elong_ok: limits.elong_ok(place.elongation),
    };
    let site = Site {
        name: if place.name.is_empty() {
            format!("{lat:.2}°, {lon:.2}°")
        } else {
            place.name.clone()
        },
        lat,
        lon,
        elev_m: 0,
        tz: "UTC".into(),
    };
    let best = |p: &KhgtPlace| BestPlace {
        lat: from_fixed(p.lat),
        lon: from_fixed(p.lon),
        sunset: p.sunset,
        margin: from_fixed(limits.margin(p.moon_alt, p.elongation)),
    };
    let pkg1_met = evening
        .pkg1
        .as_ref()
        .is_some_and(|p| limits.margin(p.moon_alt, p.elongation) >= 0);
    let decision = KhgtDecision {
        limits,
        applied: evening.applied,
        deadline: i64::from(evening.day) * 86_400 + i64::from(khgt.deadline_min) * 60,
        nz_fajr: evening.nz_fajr,
        pkg1: evening.pkg1.as_ref().map(best),
        pkg2: evening.pkg2.as_ref().map(best),
        pkg2_evaluated: !pkg1_met && evening.conjunction_ms < evening.nz_fajr.saturating_mul(1_000),
    };
    let world = world(&sky, (midnight, deadline), conjunction)?;
    Ok(MonthInputs {
        target: month.hijri,
        month_start: Date(month.start),
        tier: month.tier,
        evening_date: Date(evening.day),
        hijri_day: hijri_day(Date(evening.day), previous)?,
        site,
        values,
        conjunction_ms: evening.conjunction_ms,
        rule: CardRule::Khgt(decision),
        map: MapData::World(world),
    })
}

/// KHGT's world on the day whose 00:00 UTC is `midnight` (UT seconds): the 24:00 UTC line,
/// and at each node of the grid the sunset its side of the line sees, with the Moon's
/// geocentric airless altitude, the elongation and the Moon's age since `conjunction` there.
/// East of the line as the map draws it, that is the sunset in the 24 hours before the
/// `deadline` (PKG 1's); west of it, the one in the 24 hours after (as far as the date line).
/// Mostly that is the sunset nearest 18:00 local mean time of the day; near the poles, where
/// the line bends towards the date line and sunsets drift by hours from day to day, it can be
/// the day before's or after's, or none.
fn world(
    sky: &GeoSky,
    (midnight, deadline): (f64, f64),
    conjunction: f64,
) -> Result<WorldInputs, CardError> {
    let line = deadline_line(sky, deadline);
    let sides = line.clone();
    let evening = |place: &Place, lat: f64, lon: f64| -> Option<f64> {
        let near = |guess: f64| {
            sky.sun_crossing(place, SUNSET_ALTITUDE_DEG, true, guess, 9.0 * 3_600.0)
                .ok()
                .flatten()
        };
        let from = if hijri_cards::world::east_of_line(&sides, lat, lon)? {
            deadline - DAY_S
        } else {
            deadline
        };
        let sunset = near(midnight + (18.0 - lon / 15.0) * 3_600.0)?;
        let days = ((sunset - from) / DAY_S).floor();
        let sunset = if days == 0.0 {
            sunset
        } else {
            near(sunset - days * DAY_S)?
        };
        (from..from + DAY_S).contains(&sunset).then_some(sunset)
    };
    WorldInputs::compute(
        WORLD_STEP_DEG,
        |lat, lon| {
            let place = Place::new(lat, lon);
            let sunset = evening(&place, lat, lon)?;
            let alt = sky.altitude_deg(Body::Moon, &place, sunset).ok()?;
            let elong = sky.elongation_deg(sunset).ok()?;
            Some((alt, elong, (sunset - conjunction) / 3_600.0))
        },
        line,
    )
}

/// The line where the Sun sets at UT `deadline`: a point every [`LINE_STEP_DEG`] of latitude
/// where it sets then, and more between two of them that lie more than
/// [`LINE_MAX_LON_STEP_DEG`] apart (near the poles, where the line bends fast); one curve.
fn deadline_line(sky: &GeoSky, deadline: f64) -> Vec<(f64, f64)> {
    let at = |lat: f64| {
        sky.setting_longitude(lat, SUNSET_ALTITUDE_DEG, deadline)
            .ok()
            .flatten()
            .map(|lon| (lat, lon))
    };
    let (south, north) = (
        hijri_cards::world::WORLD_SOUTH,
        hijri_cards::world::WORLD_NORTH,
    );
    let steps = ((north - south) / LINE_STEP_DEG).round() as usize;
    let regular = continuous(
        (0..=steps)
            .filter_map(|k| at(south + k as f64 * LINE_STEP_DEG))
            .collect(),
    );
    let mut line = Vec::with_capacity(regular.len());
    for pair in regular.windows(2) {
        if let [a, b] = pair {
            line.push(*a);
            let parts = ((b.1 - a.1).abs() / LINE_MAX_LON_STEP_DEG).ceil().min(64.0);
            line.extend(
                (1..parts as usize).filter_map(|k| at(a.0 + (b.0 - a.0) * k as f64 / parts)),
            );
        }
    }
    line.extend(regular.last());
    continuous(line)
}

/// The 24:00 UTC line as one curve: each point's longitude taken a whole turn east or west
/// to lie within 180° of the point before it, then the curve turned so that its point nearest
/// the equator lies in −180..180 (near a pole in winter the line runs on past the date line).
fn continuous(mut line: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let mut before: Option<f64> = None;
    for point in &mut line {
        if let Some(lon) = before {
            point.1 += 360.0 * ((lon - point.1) / 360.0).round();
        }
        before = Some(point.1);
    }
    let turn = line
        .iter()
        .min_by(|a, b| a.0.abs().total_cmp(&b.0.abs()))
        .map_or(0.0, |&(_, lon)| 360.0 * ((lon + 180.0) / 360.0).floor());
    for point in &mut line {
        point.1 -= turn;
    }
    line
}

/// A date as chrono's.
fn naive(date: Date) -> Result<NaiveDate, CardError> {
    NaiveDate::try_from(date).map_err(|e| CardError::Input(e.to_string()))
}

/// An observer at sea level at `lat`, `lon` in the Indonesian civil zone of its longitude.
fn local_observer(lat: f64, lon: f64) -> Observer<Zone> {
    Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: 0.0,
        tz: Zone::from(zone_for(lon)),
    }
}

/// The map's grid of the two values `at` gives at each point (NaN where there is no
/// sunset) and the display points with whether its rule holds there (`at`'s third value).
fn sky(
    points: &[DisplayPoint],
    at: impl Fn(f64, f64) -> Option<(f64, f64, bool)> + Sync,
) -> Result<(VisibilityGrid, Vec<PointResult>), CardError> {
    let grid = VisibilityGrid::compute(GRID_STEP_DEG, |lat, lon| {
        at(lat, lon).map_or((f64::NAN, f64::NAN), |(a, b, _)| (a, b))
    })?;
    let points = points
        .iter()
        .map(|p| {
            at(p.lat, p.lon)
                .map(|(_, _, met)| p.result(met))
                .ok_or_else(|| CardError::Input(format!("no sunset at display point {}", p.name)))
        })
        .collect::<Result<_, _>>()?;
    Ok((grid, points))
}

/// Moon altitude, elongation and whether both limits hold, at local sunset on `day` (by the
/// unrounded margin, as the map's region is drawn).
fn criteria_at(
    astro: &Astro,
    limits: Limits,
    day: NaiveDate,
    lat: f64,
    lon: f64,
) -> Option<(f64, f64, bool)> {
    let o = astro.evening(&local_observer(lat, lon), day).ok()?;
    let met = limits.margin_deg(o.moon_alt_deg, o.elongation_deg) >= 0.0;
    Some((o.moon_alt_deg, o.elongation_deg, met))
}

/// The Indonesian civil zone of a longitude (WIB, WITA, WIT), near enough for choosing which
/// sunset is the evening of a civil date.
fn zone_for(lon: f64) -> Tz {
    if lon < 114.5 {
        chrono_tz::Asia::Jakarta
    } else if lon < 127.5 {
        chrono_tz::Asia::Makassar
    } else {
        chrono_tz::Asia::Jayapura
    }
}
