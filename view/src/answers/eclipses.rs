//! Gerhana: the bodies of `/api/v1/eclipses` (the eclipses of a span of Gregorian years, of
//! either body or one) and `/api/v1/eclipses/{id}` (one eclipse's local circumstances at a
//! place or point, with the window of salat kusuf or khusuf), read from the archive's
//! eclipses and evaluated by [`hijri::eclipse::local`] from their stored polynomials, no
//! ephemeris.

use hijri::eclipse::{self, Elements, Point};
use hijri::schema::{ArchivedDataset, ArchivedEclipse, ArchivedPrayerPlace};
use hijri::zone::Zone;
use serde::Serialize;

use super::places::PlaceView;
pub use super::rashdul::YEARS;
use super::rashdul::{at_offset, local_text, Site};
use crate::{ErrorCode, Refusal};

/// The most years one list spans.
pub const MOST_YEARS: i32 = 10;

/// Which eclipses a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Both bodies'.
    Any,
    /// The Sun's.
    Solar,
    /// The Moon's.
    Lunar,
}

impl Kind {
    /// The kinds a `kind` parameter names, solar first.
    pub const NAMED: [Kind; 2] = [Kind::Solar, Kind::Lunar];

    /// The kind a `kind` parameter names (`solar`, `lunar`, in any letter case).
    pub fn parse(text: &str) -> Option<Kind> {
        Kind::NAMED
            .into_iter()
            .find(|k| k.name().is_some_and(|n| n.eq_ignore_ascii_case(text)))
    }

    /// Its name in the API; none for either kind.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Kind::Any => None,
            Kind::Solar => Some("solar"),
            Kind::Lunar => Some("lunar"),
        }
    }
}

/// A number to four decimals.
fn four(value: f64) -> f64 {
    (value * 1e4).round() / 1e4
}

/// One eclipse as every answer names it.
#[derive(Serialize, Debug)]
pub struct EclipseView {
    id: String,
    kind: &'static str,
    #[serde(rename = "type")]
    kind_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    central: Option<bool>,
    greatest: String,
    magnitude: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    penumbral_magnitude: Option<f64>,
    gamma: f64,
    saros: u16,
    seen_in_indonesia: bool,
}

impl EclipseView {
    fn of(e: &ArchivedEclipse) -> EclipseView {
        let solar = eclipse::is_solar(e);
        EclipseView {
            id: eclipse::id(e),
            kind: if solar { "solar" } else { "lunar" },
            kind_type: eclipse::type_name(e),
            central: solar.then_some(e.central),
            greatest: at_offset(e.greatest.to_native(), 0).unwrap_or_default(),
            magnitude: four(e.magnitude.to_native()),
            penumbral_magnitude: (!solar).then(|| four(e.penumbral_magnitude.to_native())),
            gamma: four(e.gamma.to_native()),
            saros: e.saros.to_native(),
            seen_in_indonesia: e.seen_in_indonesia,
        }
    }
}

#[derive(Serialize, Debug)]
struct ListInput {
    from: i32,
    to: i32,
    kind: Option<&'static str>,
}

/// The body of `/api/v1/eclipses`.
#[derive(Serialize, Debug)]
pub struct ListBody {
    input: ListInput,
    count: usize,
    eclipses: Vec<EclipseView>,
}

impl ListBody {
    /// The number of eclipses.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The archived eclipses of kind `kind` whose greatest eclipse falls in the Gregorian years
/// `from` … `to` (UTC), in order.
fn in_years(
    dataset: &ArchivedDataset,
    from: i32,
    to: i32,
    kind: Kind,
) -> impl Iterator<Item = &ArchivedEclipse> {
    let start = f64::from(hijri::date::Date::fixed(from, 1, 1).0) * 86_400.0;
    let end = f64::from(hijri::date::Date::fixed(to + 1, 1, 1).0) * 86_400.0;
    dataset
        .eclipses
        .iter()
        .filter(move |e| (start..end).contains(&e.greatest.to_native()))
        .filter(move |e| match kind {
            Kind::Any => true,
            Kind::Solar => eclipse::is_solar(e),
            Kind::Lunar => !eclipse::is_solar(e),
        })
}

/// The eclipses of kind `kind` whose greatest eclipse falls in the Gregorian years `from`
/// … `to` (UTC), checked by the caller to lie in [`YEARS`].
pub fn list(dataset: &ArchivedDataset, from: i32, to: i32, kind: Kind) -> ListBody {
    let eclipses: Vec<EclipseView> = in_years(dataset, from, to, kind)
        .map(EclipseView::of)
        .collect();
    ListBody {
        input: ListInput {
            from,
            to,
            kind: kind.name(),
        },
        count: eclipses.len(),
        eclipses,
    }
}

/// An instant in the answer's zone and in UTC.
#[derive(Serialize, Debug)]
struct Moment {
    time: String,
    utc: String,
}

impl Moment {
    fn of(zone: Zone, t: f64) -> Moment {
        Moment {
            time: local_text(zone, t).unwrap_or_default(),
            utc: at_offset(t, 0).unwrap_or_default(),
        }
    }
}

/// One contact seen from the place.
#[derive(Serialize, Debug)]
struct ContactView {
    contact: &'static str,
    time: String,
    utc: String,
    altitude_deg: f64,
    below_horizon: bool,
}

/// The window of the eclipse prayer.
#[derive(Serialize, Debug)]
struct Prayer {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Moment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Moment>,
    rule: &'static str,
}

#[derive(Serialize, Debug)]
struct LocalInput<'a> {
    id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<&'a str>,
    lat: f64,
    lon: f64,
}

/// The body of `/api/v1/eclipses/{id}`.
#[derive(Serialize)]
pub struct LocalBody<'a> {
    input: LocalInput<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<PlaceView<'a>>,
    eclipse: EclipseView,
    tz: String,
    seen: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    local_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    magnitude: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    obscuration: Option<f64>,
    horizon: &'static str,
    contacts: Vec<ContactView>,
    prayer: Prayer,
}

/// How the horizon is drawn, said once.
const HORIZON: &str = "sunrise and sunset: the Sun's centre 50′ below the airless horizon; \
                       moonrise and moonset: the Moon's upper limb on the horizon under 34′ of \
                       refraction; altitudes are airless and topocentric";

/// The archived eclipse of `id`, or `unknown_eclipse`.
pub fn find<'a>(dataset: &'a ArchivedDataset, id: &str) -> Result<&'a ArchivedEclipse, Refusal> {
    dataset.eclipse(id).ok_or_else(|| {
        Refusal::new(
            ErrorCode::UnknownEclipse,
            format!(
                "no eclipse `{}`: an id is the UTC date of greatest eclipse and the body, \
                 e.g. 2023-04-20-solar (the list: /api/v1/eclipses?year=)",
                crate::truncated(id)
            ),
        )
    })
}

/// The prayer of an eclipse: salat kusuf (solar) or khusuf (lunar).
pub fn prayer_name(e: &ArchivedEclipse) -> &'static str {
    if eclipse::is_solar(e) {
        "salat kusuf"
    } else {
        "salat khusuf"
    }
}

/// The archive's place of index `i` and its point.
fn place_point(
    dataset: &ArchivedDataset,
    i: usize,
) -> Result<(&ArchivedPrayerPlace, Point), Refusal> {
    let p = dataset
        .places
        .get(i)
        .ok_or_else(|| Refusal::new(ErrorCode::UnknownPlace, "no such place"))?;
    let point = Point {
        lat_deg: p.lat.to_native(),
        lon_deg: p.lon.to_native(),
        elev_m: p.elev_m.to_native(),
    };
    Ok((p, point))
}

/// An eclipse whose prayer falls at a place: the eclipse, its id, its local circumstances
/// there and its prayer's window (UTC seconds).
pub struct Seen<'a> {
    /// The archived eclipse.
    pub eclipse: &'a ArchivedEclipse,
    /// Its id (`2023-04-20-solar`).
    pub id: String,
    /// Its local circumstances at the place.
    pub local: eclipse::Local,
    /// The window of salat kusuf or khusuf there.
    pub window: (f64, f64),
}

/// The eclipses of kind `kind` in the Gregorian years `from` … `to` (checked by the caller
/// to lie in [`YEARS`]) that have a prayer at the place of index `place`: the partial phase
/// with the body above the horizon (a penumbral lunar eclipse has none), in order.
pub fn with_prayer_at(
    dataset: &ArchivedDataset,
    (from, to, kind): (i32, i32, Kind),
    place: usize,
) -> Result<Vec<Seen<'_>>, Refusal> {
    let (_, point) = place_point(dataset, place)?;
    Ok(in_years(dataset, from, to, kind)
        .filter_map(|e| {
            let local = eclipse::local(&Elements::of_archived(e), &point);
            Some(Seen {
                eclipse: e,
                id: eclipse::id(e),
                window: local.window?,
                local,
            })
        })
        .collect())
}

/// The first eclipse whose prayer at the place of index `place` has not ended at `now`
/// (Unix seconds), if the archive holds one.
pub fn next_with_prayer_at(dataset: &ArchivedDataset, place: usize, now: f64) -> Option<Seen<'_>> {
    let (_, point) = place_point(dataset, place).ok()?;
    // A prayer's window ends within hours of greatest eclipse.
    let first = dataset
        .eclipses
        .partition_point(|e| e.greatest.to_native() < now - 86_400.0);
    dataset.eclipses.get(first..)?.iter().find_map(|e| {
        let local = eclipse::local(&Elements::of_archived(e), &point);
        let window = local.window.filter(|w| w.1 > now)?;
        Some(Seen {
            eclipse: e,
            id: eclipse::id(e),
            window,
            local,
        })
    })
}

/// The local circumstances of `e` at `site`, its times in `zone` (named by the place's
/// IANA zone, or by `zone` for a point).
pub fn local<'a>(
    dataset: &'a ArchivedDataset,
    e: &ArchivedEclipse,
    site: Site,
    zone: Zone,
) -> Result<LocalBody<'a>, Refusal> {
    let (id, view, point, tz) = match site {
        Site::Place(i) => {
            let (p, point) = place_point(dataset, i)?;
            (
                Some(p.id.as_str()),
                Some(PlaceView::of(p)),
                point,
                p.tz.to_string(),
            )
        }
        Site::Point(lat, lon) => (
            None,
            None,
            Point {
                lat_deg: lat,
                lon_deg: lon,
                elev_m: 0.0,
            },
            zone.to_string(),
        ),
    };
    let l = eclipse::local(&Elements::of_archived(e), &point);
    let solar = eclipse::is_solar(e);
    let contacts = l
        .contacts
        .iter()
        .map(|c| ContactView {
            contact: c.id,
            time: local_text(zone, c.at).unwrap_or_default(),
            utc: at_offset(c.at, 0).unwrap_or_default(),
            altitude_deg: (c.altitude_deg * 100.0).round() / 100.0,
            below_horizon: c.below_horizon,
        })
        .collect();
    let rule = if solar {
        "from the first contact to the last, while the Sun is above the horizon (clipped by \
         sunrise and sunset)"
    } else {
        "from the partial phase's start (U1) to its end (U4), while the Moon is above the \
         horizon (clipped by moonrise and moonset); a penumbral eclipse has no partial phase \
         and no prayer"
    };
    Ok(LocalBody {
        input: LocalInput {
            id: eclipse::id(e),
            place: id,
            lat: point.lat_deg,
            lon: point.lon_deg,
        },
        place: view,
        eclipse: EclipseView::of(e),
        tz,
        seen: l.seen,
        local_type: l.local_type,
        magnitude: l.magnitude.map(four),
        obscuration: l.obscuration.map(four),
        horizon: HORIZON,
        contacts,
        prayer: Prayer {
            name: prayer_name(e),
            from: l.window.map(|w| Moment::of(zone, w.0)),
            to: l.window.map(|w| Moment::of(zone, w.1)),
            rule,
        },
    })
}
