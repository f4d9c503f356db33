//! The archive's eclipses: every eclipse of the span from the astronomy's search, as the
//! schema keeps it (instants in UT, the polynomials unchanged: over an eclipse ΔT is
//! constant to the millisecond, so TT hours from the epoch are UT hours), and whether any
//! prayer place sees it ([`hijri::eclipse::local`] at every place's point, rayon over the
//! eclipses).

use chrono::{DateTime, Utc};
use hijri::eclipse::{local, Elements, Point};
use hijri::schema::{Eclipse, EclipseType, PrayerPlace};
use hijri_astro::eclipse::lunar::LunarType;
use hijri_astro::eclipse::solar::SolarType;
use hijri_astro::eclipse::Eclipse as Found;
use hijri_astro::time::UNIX_J2000;
use hijri_astro::{Astro, AstroError};
use rayon::prelude::*;

/// Every eclipse whose new or full moon falls from `from` to `to`, each marked seen where
/// one of `places` sees it.
pub fn build(
    astro: &Astro,
    places: &[PrayerPlace],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<Eclipse>, AstroError> {
    let points: Vec<Point> = places
        .iter()
        .map(|p| Point {
            lat_deg: p.lat,
            lon_deg: p.lon,
            elev_m: p.elev_m,
        })
        .collect();
    Ok(astro
        .eclipses(from, to)?
        .iter()
        .map(stored)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|mut e| {
            let elements = Elements::of(&e);
            e.seen_in_indonesia = points.iter().any(|p| local(&elements, p).seen);
            e
        })
        .collect())
}

/// An eclipse as the archive keeps it, not yet marked seen.
fn stored(found: &Found) -> Eclipse {
    let unix = |tt: f64, delta_t: f64| tt - delta_t + UNIX_J2000 as f64;
    match found {
        Found::Solar(e) => {
            let b = &e.elements;
            Eclipse {
                kind: match e.kind {
                    SolarType::Total => EclipseType::SolarTotal,
                    SolarType::Annular => EclipseType::SolarAnnular,
                    SolarType::Hybrid => EclipseType::SolarHybrid,
                    SolarType::Partial => EclipseType::SolarPartial,
                },
                central: e.central,
                greatest: unix(e.greatest_tt, e.delta_t),
                magnitude: e.magnitude,
                penumbral_magnitude: e.magnitude,
                gamma: e.gamma,
                saros: saros(e.saros),
                seen_in_indonesia: false,
                epoch: unix(b.t0_tt, b.delta_t),
                polys: vec![b.x, b.y, b.d, b.mu, b.l1, b.l2],
                tan_f: [b.tan_f1, b.tan_f2],
                contacts: [None; 6],
                cards: Vec::new(),
            }
        }
        Found::Lunar(e) => {
            let c = e.contacts;
            let at = |tt: Option<f64>| tt.map(|t| unix(t, e.delta_t));
            Eclipse {
                kind: match e.kind {
                    LunarType::Total => EclipseType::LunarTotal,
                    LunarType::Partial => EclipseType::LunarPartial,
                    LunarType::Penumbral => EclipseType::LunarPenumbral,
                },
                central: true,
                greatest: unix(e.greatest_tt, e.delta_t),
                magnitude: e.umbral_magnitude,
                penumbral_magnitude: e.penumbral_magnitude,
                gamma: e.gamma,
                saros: saros(e.saros),
                seen_in_indonesia: false,
                epoch: unix(e.moon.t0_tt, e.moon.delta_t),
                polys: vec![e.moon.gha, e.moon.dec, e.moon.distance],
                tan_f: [0.0; 2],
                contacts: [
                    Some(unix(c.p1, e.delta_t)),
                    at(c.u1),
                    at(c.u2),
                    at(c.u3),
                    at(c.u4),
                    Some(unix(c.p4, e.delta_t)),
                ],
                cards: Vec::new(),
            }
        }
    }
}

/// A saros number as stored (every series of 1945–2100 is between 1 and 200).
fn saros(n: i64) -> u16 {
    u16::try_from(n).unwrap_or(0)
}
