//! Eclipses as the archive keeps them (`Dataset::eclipses`) and their local circumstances at
//! any point, evaluated from the stored polynomials alone: a solar eclipse's contacts from
//! its Besselian elements (the observer on the fundamental plane, the penumbra's and umbra's
//! radii there), a lunar one's stored contacts with the Moon's topocentric altitude from its
//! track. Sunrise and sunset are the Sun's centre 50′ below the airless horizon, moonrise
//! and moonset the Moon's upper limb under 34′ of refraction, as in the prayer times and
//! the evening records. Instants are Unix seconds (UT).

use crate::date::Date;
use crate::schema::{
    ArchivedDataset, ArchivedEclipse, ArchivedEclipseCard, ArchivedEclipseType, Eclipse,
    EclipseType,
};

/// The Gregorian years (of greatest eclipse, UTC) whose eclipses seen from a prayer place
/// have map cards.
pub const CARD_YEARS: std::ops::RangeInclusive<i32> = 1990..=2060;
/// WGS84 flattening.
const FLATTENING: f64 = 1.0 / 298.257_223_563;
/// WGS84 equatorial radius, metres: the elements' unit of length.
const EARTH_RADIUS_M: f64 = 6_378_137.0;
/// The Moon's radius in Earth radii (its limb).
const MOON_K: f64 = 0.272_507_6;
/// The Sun's centre at sunrise and sunset, degrees (airless).
pub const SUN_HORIZON_DEG: f64 = -50.0 / 60.0;
/// Refraction at the horizon under the Moon's upper limb at moonrise and moonset, degrees.
const MOON_REFRACTION_DEG: f64 = 34.0 / 60.0;
/// Half the span the polynomials hold, seconds.
const HALF_SPAN_S: f64 = 4.0 * 3_600.0;
/// The first bytes of every PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
/// Step of the searches for contacts and horizon crossings, seconds.
const STEP_S: f64 = 60.0;

/// Where an eclipse is seen from (geodetic, WGS84).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Latitude, degrees north.
    pub lat_deg: f64,
    /// Longitude, degrees east.
    pub lon_deg: f64,
    /// Height, metres.
    pub elev_m: f64,
}

/// A contact (or greatest eclipse) seen from a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// Its name: `c1`, `c2`, `greatest`, `c3`, `c4` (solar); `p1`, `u1`, `u2`, `greatest`,
    /// `u3`, `u4`, `p4` (lunar).
    pub id: &'static str,
    /// When.
    pub at: f64,
    /// The body's airless topocentric altitude then, degrees.
    pub altitude_deg: f64,
    /// Whether the body is below the horizon then (set, or not risen).
    pub below_horizon: bool,
}

/// An eclipse's local circumstances.
#[derive(Debug, Clone, PartialEq)]
pub struct Local {
    /// The contacts in order; empty where a solar eclipse is not eclipse at all.
    pub contacts: Vec<Contact>,
    /// Solar: what the point sees at most (`partial`, `annular`, `total`), if anything.
    pub local_type: Option<&'static str>,
    /// Solar: the magnitude at the local maximum.
    pub magnitude: Option<f64>,
    /// Solar: the fraction of the Sun's disc covered then.
    pub obscuration: Option<f64>,
    /// Solar: how far inside the path of totality or annularity the point stands at the
    /// local maximum, Earth radii on the fundamental plane (the umbra's or antumbra's radius
    /// less the point's distance from the axis; negative outside the path).
    pub central_margin: Option<f64>,
    /// The window of salat kusuf or khusuf: the partial phase (solar first to last contact,
    /// lunar U1 to U4) while the body is above the horizon; `None` where none of it is.
    pub window: Option<(f64, f64)>,
    /// Whether any of the eclipse is seen with the body above the horizon (the partial
    /// phase; a penumbral lunar eclipse's penumbral phase).
    pub seen: bool,
}

/// An archived eclipse's type.
fn native(kind: ArchivedEclipseType) -> EclipseType {
    match kind {
        ArchivedEclipseType::SolarTotal => EclipseType::SolarTotal,
        ArchivedEclipseType::SolarAnnular => EclipseType::SolarAnnular,
        ArchivedEclipseType::SolarHybrid => EclipseType::SolarHybrid,
        ArchivedEclipseType::SolarPartial => EclipseType::SolarPartial,
        ArchivedEclipseType::LunarTotal => EclipseType::LunarTotal,
        ArchivedEclipseType::LunarPartial => EclipseType::LunarPartial,
        ArchivedEclipseType::LunarPenumbral => EclipseType::LunarPenumbral,
    }
}

/// Whether the eclipse is of the Sun.
pub fn is_solar(e: &ArchivedEclipse) -> bool {
    is_solar_type(native(e.kind))
}

/// Whether an eclipse of this type is of the Sun.
pub fn is_solar_type(kind: EclipseType) -> bool {
    matches!(
        kind,
        EclipseType::SolarTotal
            | EclipseType::SolarAnnular
            | EclipseType::SolarHybrid
            | EclipseType::SolarPartial
    )
}

/// The eclipse's type as the API names it.
pub fn type_name(e: &ArchivedEclipse) -> &'static str {
    kind_name(native(e.kind))
}

/// A type as the API names it: `total`, `annular`, `hybrid`, `partial`, `penumbral`.
pub fn kind_name(kind: EclipseType) -> &'static str {
    match kind {
        EclipseType::SolarTotal | EclipseType::LunarTotal => "total",
        EclipseType::SolarAnnular => "annular",
        EclipseType::SolarHybrid => "hybrid",
        EclipseType::SolarPartial | EclipseType::LunarPartial => "partial",
        EclipseType::LunarPenumbral => "penumbral",
    }
}

/// An eclipse's Indonesian name from its body and what is seen (a [`kind_name`] or a local
/// type): `Gerhana Matahari Cincin`, `Gerhana Bulan Penumbra`.
pub fn indonesian_name(solar: bool, kind: &str) -> String {
    let body = if solar {
        "Gerhana Matahari"
    } else {
        "Gerhana Bulan"
    };
    let kind = match kind {
        "total" => "Total",
        "annular" => "Cincin",
        "hybrid" => "Hibrida",
        "penumbral" => "Penumbra",
        _ => "Sebagian",
    };
    format!("{body} {kind}")
}

/// The eclipse's stable id, the UTC date of greatest eclipse and the body:
/// `2023-04-20-solar`.
pub fn id(e: &ArchivedEclipse) -> String {
    id_of(e.greatest.to_native(), is_solar(e))
}

/// The id of the eclipse of the Sun (`solar`) or the Moon greatest at `greatest` (Unix
/// seconds).
pub fn id_of(greatest: f64, solar: bool) -> String {
    let day = (greatest / 86_400.0).floor() as i32;
    let body = if solar { "solar" } else { "lunar" };
    format!("{}-{body}", Date(day).iso().as_str())
}

/// An eclipse's stored map card, normal or `bare`, if it has one.
pub fn map_card(e: &ArchivedEclipse, bare: bool) -> Option<&ArchivedEclipseCard> {
    e.cards.iter().find(|c| c.bare == bare)
}

impl ArchivedDataset {
    /// The eclipse of an id ([`id`]), if the archive has it.
    pub fn eclipse(&self, id: &str) -> Option<&ArchivedEclipse> {
        let (date, body) = (id.get(..10)?, id.get(10..)?);
        let day = Date::parse_iso(date)?.0;
        let solar = match body {
            "-solar" => true,
            "-lunar" => false,
            _ => return None,
        };
        self.eclipses.iter().find(|e| {
            is_solar(e) == solar && (e.greatest.to_native() / 86_400.0).floor() as i32 == day
        })
    }
}

/// What the local circumstances are evaluated from, read out of an archived or a built
/// eclipse (a few hundred bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct Elements {
    solar: bool,
    greatest: f64,
    epoch: f64,
    polys: Vec<[f64; 5]>,
    tan_f: [f64; 2],
    contacts: [Option<f64>; 6],
}

impl Elements {
    /// The elements of an archived eclipse.
    pub fn of_archived(e: &ArchivedEclipse) -> Elements {
        Elements {
            solar: is_solar(e),
            greatest: e.greatest.to_native(),
            epoch: e.epoch.to_native(),
            polys: e.polys.iter().map(|p| p.map(|c| c.to_native())).collect(),
            tan_f: e.tan_f.map(|c| c.to_native()),
            contacts: e
                .contacts
                .each_ref()
                .map(|c| c.as_ref().map(|t| t.to_native())),
        }
    }

    /// The elements of an eclipse being built.
    pub fn of(e: &Eclipse) -> Elements {
        Elements {
            solar: is_solar_type(e.kind),
            greatest: e.greatest,
            epoch: e.epoch,
            polys: e.polys.clone(),
            tan_f: e.tan_f,
            contacts: e.contacts,
        }
    }

    /// Polynomial `i` at `at`.
    fn poly(&self, i: usize, at: f64) -> f64 {
        let t = (at - self.epoch) / 3_600.0;
        self.polys
            .get(i)
            .map_or(0.0, |p| p.iter().rev().fold(0.0, |acc, c| acc * t + c))
    }
}

/// The point's geocentric coordinates in Earth radii: ρ sin φ′, ρ cos φ′, and its
/// geodetic latitude (radians) and longitude (degrees).
#[derive(Debug, Clone, Copy)]
struct Site {
    rs: f64,
    rc: f64,
    lat: f64,
    lon_deg: f64,
}

fn site(p: &Point) -> Site {
    let lat = p.lat_deg.to_radians();
    let u = ((1.0 - FLATTENING) * lat.tan()).atan();
    let h = p.elev_m / EARTH_RADIUS_M;
    Site {
        rs: (1.0 - FLATTENING) * u.sin() + h * lat.sin(),
        rc: u.cos() + h * lat.cos(),
        lat,
        lon_deg: p.lon_deg,
    }
}

/// The local circumstances of `e` at `p`.
pub fn local(e: &Elements, p: &Point) -> Local {
    if e.solar {
        solar(e, &site(p))
    } else {
        lunar(e, &site(p))
    }
}

/// A lunar eclipse's Moon seen from `p` at `at`: its upper limb's height above the moonrise
/// horizon, degrees (positive while the Moon is up, as the contacts' `below_horizon` reads).
pub fn moon_limb(e: &Elements, p: &Point, at: f64) -> f64 {
    moon(e, &site(p), at).1
}

/// The Sun's disc against the Moon's at one instant, seen from a site.
#[derive(Debug, Clone, Copy)]
struct Shadow {
    /// The site's distance from the shadow's axis.
    delta: f64,
    /// The penumbra's radius at the site.
    l1: f64,
    /// The umbra's radius there (negative inside a total eclipse's umbra).
    l2: f64,
    /// The Sun's altitude, degrees.
    altitude_deg: f64,
}

fn shadow(e: &Elements, s: &Site, at: f64) -> Shadow {
    let poly = |i: usize| e.poly(i, at);
    let (x, y, d, mu, l1, l2) = (
        poly(0),
        poly(1),
        poly(2).to_radians(),
        poly(3),
        poly(4),
        poly(5),
    );
    let h = (mu + s.lon_deg).to_radians();
    let xi = s.rc * h.sin();
    let eta = s.rs * d.cos() - s.rc * h.cos() * d.sin();
    let zeta = s.rs * d.sin() + s.rc * h.cos() * d.cos();
    let sin_alt = s.lat.sin() * d.sin() + s.lat.cos() * d.cos() * h.cos();
    Shadow {
        delta: (x - xi).hypot(y - eta),
        l1: l1 - zeta * e.tan_f[0],
        l2: l2 - zeta * e.tan_f[1],
        altitude_deg: sin_alt.clamp(-1.0, 1.0).asin().to_degrees(),
    }
}

/// The instants in `[from, to]` where `f` changes sign, each located to 0.01 s, with the
/// sign after it (`true` positive).
fn crossings(f: impl Fn(f64) -> f64, from: f64, to: f64) -> Vec<(f64, bool)> {
    let mut out = Vec::new();
    let (mut a, mut fa) = (from, f(from));
    while a < to {
        let b = (a + STEP_S).min(to);
        let fb = f(b);
        if (fa < 0.0) != (fb < 0.0) {
            let (mut lo, mut hi) = (a, b);
            while hi - lo > 0.01 {
                let mid = 0.5 * (lo + hi);
                if (f(mid) < 0.0) == (fa < 0.0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            out.push((0.5 * (lo + hi), fb >= 0.0));
        }
        (a, fa) = (b, fb);
    }
    out
}

/// The part of `[from, to]` where `up` is positive, from its first such instant to its last.
fn clip(up: impl Fn(f64) -> f64, from: f64, to: f64) -> Option<(f64, f64)> {
    let edges = crossings(&up, from, to);
    let start = if up(from) >= 0.0 {
        Some(from)
    } else {
        edges.iter().find(|c| c.1).map(|c| c.0)
    };
    let end = if up(to) >= 0.0 {
        Some(to)
    } else {
        edges.iter().rev().find(|c| !c.1).map(|c| c.0)
    };
    start.zip(end).filter(|(a, b)| a < b)
}

/// The least of `f` on `[a, b]` (golden section to 0.01 s).
fn least(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64) -> f64 {
    let r = 0.5 * (5f64.sqrt() - 1.0);
    while b - a > 0.01 {
        let (c, d) = (b - r * (b - a), a + r * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    0.5 * (a + b)
}

fn solar(e: &Elements, s: &Site) -> Local {
    let (from, to) = (e.epoch - HALF_SPAN_S, e.epoch + HALF_SPAN_S);
    let at = |t: f64| shadow(e, s, t);
    let outer = crossings(|t| at(t).delta - at(t).l1, from, to);
    let (Some(c1), Some(c4)) = (outer.first().map(|c| c.0), outer.last().map(|c| c.0)) else {
        return Local {
            contacts: Vec::new(),
            local_type: None,
            magnitude: None,
            obscuration: None,
            central_margin: None,
            window: None,
            seen: false,
        };
    };
    let greatest = least(|t| at(t).delta, c1, c4);
    let inner = crossings(|t| at(t).delta - at(t).l2.abs(), c1, c4);
    let m = at(greatest);
    let contact = |id, t: f64| {
        let altitude_deg = at(t).altitude_deg;
        Contact {
            id,
            at: t,
            altitude_deg,
            below_horizon: altitude_deg < SUN_HORIZON_DEG,
        }
    };
    let mut contacts = vec![contact("c1", c1)];
    let central = inner.first().zip(inner.last()).filter(|_| inner.len() >= 2);
    if let Some((c2, _)) = central {
        contacts.push(contact("c2", c2.0));
    }
    contacts.push(contact("greatest", greatest));
    if let Some((_, c3)) = central {
        contacts.push(contact("c3", c3.0));
    }
    contacts.push(contact("c4", c4));
    let local_type = match central {
        Some(_) if m.l2 < 0.0 => "total",
        Some(_) => "annular",
        None => "partial",
    };
    let window = clip(|t| at(t).altitude_deg - SUN_HORIZON_DEG, c1, c4);
    Local {
        contacts,
        local_type: Some(local_type),
        magnitude: Some((m.l1 - m.delta) / (m.l1 + m.l2)),
        obscuration: Some(obscuration(
            0.5 * (m.l1 + m.l2),
            0.5 * (m.l1 - m.l2),
            m.delta,
        )),
        central_margin: Some(m.l2.abs() - m.delta),
        window,
        seen: window.is_some(),
    }
}

/// The fraction of a disc of radius `sun` covered by one of radius `moon` whose centre is
/// `c` away.
fn obscuration(sun: f64, moon: f64, c: f64) -> f64 {
    if c >= sun + moon {
        return 0.0;
    }
    if c <= (sun - moon).abs() {
        return if moon >= sun {
            1.0
        } else {
            (moon / sun).powi(2)
        };
    }
    let part = |r: f64, other: f64| {
        r * r
            * ((c * c + r * r - other * other) / (2.0 * c * r))
                .clamp(-1.0, 1.0)
                .acos()
    };
    let kite = ((-c + sun + moon) * (c + sun - moon) * (c - sun + moon) * (c + sun + moon))
        .max(0.0)
        .sqrt();
    (part(sun, moon) + part(moon, sun) - 0.5 * kite) / (std::f64::consts::PI * sun * sun)
}

/// The Moon's topocentric altitude (airless) and its upper limb's height above the
/// moonrise horizon, degrees.
fn moon(e: &Elements, s: &Site, at: f64) -> (f64, f64) {
    let poly = |i: usize| e.poly(i, at);
    let (gha, dec, r) = ((-poly(0)).to_radians(), poly(1).to_radians(), poly(2));
    let lon = s.lon_deg.to_radians();
    let v = [
        r * dec.cos() * gha.cos() - s.rc * lon.cos(),
        r * dec.cos() * gha.sin() - s.rc * lon.sin(),
        r * dec.sin() - s.rs,
    ];
    let up = [
        s.lat.cos() * lon.cos(),
        s.lat.cos() * lon.sin(),
        s.lat.sin(),
    ];
    let distance = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    let altitude = ((v[0] * up[0] + v[1] * up[1] + v[2] * up[2]) / distance)
        .asin()
        .to_degrees();
    let radius = (MOON_K / distance).asin().to_degrees();
    (altitude, altitude + radius + MOON_REFRACTION_DEG)
}

fn lunar(e: &Elements, s: &Site) -> Local {
    let value = |i: usize| e.contacts.get(i).copied().flatten();
    let named = [
        ("p1", value(0)),
        ("u1", value(1)),
        ("u2", value(2)),
        ("greatest", Some(e.greatest)),
        ("u3", value(3)),
        ("u4", value(4)),
        ("p4", value(5)),
    ];
    let contacts = named
        .iter()
        .filter_map(|&(id, t)| {
            let t = t?;
            let (altitude_deg, limb) = moon(e, s, t);
            Some(Contact {
                id,
                at: t,
                altitude_deg,
                below_horizon: limb < 0.0,
            })
        })
        .collect();
    let up = |t: f64| moon(e, s, t).1;
    let window = value(1).zip(value(4)).and_then(|(u1, u4)| clip(up, u1, u4));
    let seen = match (value(1), value(0).zip(value(5))) {
        (Some(_), _) => window.is_some(),
        (None, Some((p1, p4))) => clip(up, p1, p4).is_some(),
        (None, None) => false,
    };
    Local {
        contacts,
        local_type: None,
        magnitude: None,
        obscuration: None,
        central_margin: None,
        window,
        seen,
    }
}

/// The eclipses' shape, checked once at open: in order of greatest eclipse, each with six
/// (solar) or three (lunar) polynomials, finite numbers, a greatest eclipse within its
/// polynomials' span, for a lunar one its first and last contacts, and no map cards or a
/// normal then a bare PNG.
pub fn check(dataset: &ArchivedDataset) -> Result<(), String> {
    let mut before = f64::NEG_INFINITY;
    for e in dataset.eclipses.iter() {
        let greatest = e.greatest.to_native();
        let fail = |what: &str| Err(format!("eclipse at {greatest}: {what}"));
        let polys = if is_solar(e) { 6 } else { 3 };
        let finite = e.polys.iter().flatten().all(|c| c.to_native().is_finite())
            && e.tan_f.iter().all(|c| c.to_native().is_finite())
            && [e.magnitude, e.penumbral_magnitude, e.gamma, e.epoch]
                .iter()
                .all(|v| v.to_native().is_finite());
        if greatest.partial_cmp(&before) != Some(std::cmp::Ordering::Greater) {
            return fail("not after the one before");
        }
        if e.polys.len() != polys || !finite {
            return fail("polynomials of the wrong shape or not finite");
        }
        if (greatest - e.epoch.to_native()).abs() > HALF_SPAN_S {
            return fail("greatest eclipse outside its polynomials' span");
        }
        let contact = |i: usize| e.contacts.get(i).is_some_and(|c| c.is_some());
        let complete = is_solar(e) || (contact(0) && contact(5));
        if !complete {
            return fail("a lunar eclipse without its penumbral contacts");
        }
        let cards_in_order = match e.cards.as_slice() {
            [] => true,
            [normal, bare] => !normal.bare && bare.bare,
            _ => false,
        };
        let cards_whole = e
            .cards
            .iter()
            .all(|c| c.png.starts_with(PNG_SIGNATURE) && c.etag.starts_with('"'));
        if !(cards_in_order && cards_whole) {
            return fail("map cards other than a normal and a bare PNG, in that order");
        }
        before = greatest;
    }
    Ok(())
}
