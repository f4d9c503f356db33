//! Lunar eclipses: the Moon's centre against the Earth's shadow (its axis the antisolar
//! direction, its radii by Chauvenet's rule, enlarged by 2 % for the atmosphere, as in
//! Meeus's and BMKG's predictions), the instant of least distance (greatest eclipse), the contacts, and the
//! Moon's geocentric track for its altitude anywhere.

use super::fit::{fit, Poly};
use super::{
    lunation, minimum, saros, Sky, EARTH_RADIUS_KM, HALF_SPAN_H, MOON_K_PENUMBRA, SUN_RADIUS_KM,
};
use crate::error::AstroError;
use crate::rootfind::solve;
use crate::vector::{angle_between, norm, scale};
use crate::Astro;

/// A lunar eclipse's type, the deepest shadow the Moon enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LunarType {
    /// Wholly inside the umbra at greatest eclipse.
    Total,
    /// Partly inside the umbra.
    Partial,
    /// Inside the penumbra only.
    Penumbral,
}

/// The Moon's apparent geocentric place as polynomials in TT hours from `t0_tt`: Greenwich
/// hour angle (unwrapped) and declination in degrees, distance in Earth equatorial radii.
#[derive(Debug, Clone, PartialEq)]
pub struct MoonTrack {
    /// Epoch, TT seconds past J2000.
    pub t0_tt: f64,
    /// ΔT at the epoch, seconds.
    pub delta_t: f64,
    /// Greenwich hour angle.
    pub gha: Poly,
    /// Declination.
    pub dec: Poly,
    /// Distance.
    pub distance: Poly,
}

/// The contacts of a lunar eclipse, TT seconds past J2000, where they exist.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contacts {
    /// The penumbral phase begins.
    pub p1: f64,
    /// The partial (umbral) phase begins.
    pub u1: Option<f64>,
    /// Totality begins.
    pub u2: Option<f64>,
    /// Totality ends.
    pub u3: Option<f64>,
    /// The partial phase ends.
    pub u4: Option<f64>,
    /// The penumbral phase ends.
    pub p4: f64,
}

/// One lunar eclipse.
#[derive(Debug, Clone, PartialEq)]
pub struct LunarEclipse {
    /// Its type.
    pub kind: LunarType,
    /// Greatest eclipse, TT seconds past J2000.
    pub greatest_tt: f64,
    /// ΔT then, seconds.
    pub delta_t: f64,
    /// The umbral magnitude (the fraction of the Moon's diameter inside the umbra; negative
    /// when it stays outside).
    pub umbral_magnitude: f64,
    /// The penumbral magnitude.
    pub penumbral_magnitude: f64,
    /// The Moon's centre's least distance from the shadow axis, Earth radii, negative south.
    pub gamma: f64,
    /// The saros series.
    pub saros: i64,
    /// The contacts.
    pub contacts: Contacts,
    /// The Moon's track about greatest eclipse.
    pub moon: MoonTrack,
}

/// The Moon against the shadow at one instant (radians): the distance of its centre from
/// the axis, the umbra's and penumbra's radii, the Moon's semidiameter.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    distance: f64,
    umbra: f64,
    penumbra: f64,
    moon_radius: f64,
}

fn geometry(sky: &Sky) -> Geometry {
    let (sun_r, moon_r) = (norm(&sky.sun), norm(&sky.moon));
    let antisun = scale(-1.0, &sky.sun);
    // The Earth's mean radius over the equatorial (0.998340) as seen from the Moon.
    let earth = 0.998_340 * (EARTH_RADIUS_KM / moon_r).asin();
    let sun_parallax = (EARTH_RADIUS_KM / sun_r).asin();
    let sun_radius = (SUN_RADIUS_KM / sun_r).asin();
    Geometry {
        distance: angle_between(&sky.moon, &antisun),
        umbra: 1.02 * (earth + sun_parallax - sun_radius),
        penumbra: 1.02 * (earth + sun_parallax + sun_radius),
        moon_radius: (MOON_K_PENUMBRA * EARTH_RADIUS_KM / moon_r).asin(),
    }
}

/// The lunar eclipse at the full moon of TT `tt`, if any.
pub fn at_full_moon(astro: &Astro, tt: f64) -> Result<Option<LunarEclipse>, AstroError> {
    let at = |t: f64| Ok::<_, AstroError>(geometry(&astro.sky(t)?));
    if at(tt)?.distance > 2.0f64.to_radians() {
        return Ok(None);
    }
    let hour = 3_600.0;
    let greatest_tt = minimum(
        |t| at(t).map(|g| g.distance),
        tt - 4.0 * hour,
        tt + 4.0 * hour,
    )?;
    let g = at(greatest_tt)?;
    let magnitude = |radius: f64| (radius + g.moon_radius - g.distance) / (2.0 * g.moon_radius);
    let (umbral, penumbral) = (magnitude(g.umbra), magnitude(g.penumbra));
    if penumbral <= 0.0 {
        return Ok(None);
    }
    let kind = match umbral {
        m if m >= 1.0 => LunarType::Total,
        m if m > 0.0 => LunarType::Partial,
        _ => LunarType::Penumbral,
    };
    // The contact where the Moon's centre is `edge(g)` from the axis, before (`-1`) or
    // after (`1`) greatest eclipse.
    let contact = |edge: fn(&Geometry) -> f64, side: f64| {
        let f = |t: f64| at(t).map(|g| g.distance - edge(&g));
        let far = greatest_tt + side * 5.0 * hour;
        let (fa, fb) = (f(greatest_tt)?, f(far)?);
        solve(f, greatest_tt, fa, far, fb, 0.05)
    };
    let outer = |g: &Geometry| g.penumbra + g.moon_radius;
    let partial = |g: &Geometry| g.umbra + g.moon_radius;
    let total = |g: &Geometry| g.umbra - g.moon_radius;
    let pair = |edge: fn(&Geometry) -> f64, exists: bool| -> Result<_, AstroError> {
        Ok(if exists {
            (Some(contact(edge, -1.0)?), Some(contact(edge, 1.0)?))
        } else {
            (None, None)
        })
    };
    let (u1, u4) = pair(partial, kind != LunarType::Penumbral)?;
    let (u2, u3) = pair(total, kind == LunarType::Total)?;
    let contacts = Contacts {
        p1: contact(outer, -1.0)?,
        u1,
        u2,
        u3,
        u4,
        p4: contact(outer, 1.0)?,
    };
    let sky = astro.sky(greatest_tt)?;
    let gamma = norm(&sky.moon) * g.distance.sin() / EARTH_RADIUS_KM;
    let north = sky.moon[2] / norm(&sky.moon) > -sky.sun[2] / norm(&sky.sun);
    // 2025-09-07 (lunation 317, from the new moon before) is of saros 128.
    let saros = saros(lunation(greatest_tt, 0.5), 317, 128);
    Ok(Some(LunarEclipse {
        kind,
        greatest_tt,
        delta_t: astro.delta_t_of_tt(greatest_tt)?,
        umbral_magnitude: umbral,
        penumbral_magnitude: penumbral,
        gamma: if north { gamma } else { -gamma },
        saros,
        contacts,
        moon: track(astro, greatest_tt)?,
    }))
}

/// A sample of the track: hours from the epoch, hour angle, declination, distance.
type Sample = (f64, f64, f64, f64);

/// The Moon's track fitted every half hour over ±4 h of `t0_tt`.
fn track(astro: &Astro, t0_tt: f64) -> Result<MoonTrack, AstroError> {
    let nodes = (HALF_SPAN_H * 4.0) as i32;
    let mut samples = Vec::with_capacity(nodes as usize + 1);
    for k in -nodes / 2..=nodes / 2 {
        let t = f64::from(k) * 0.5;
        let m = astro.sky(t0_tt + t * 3_600.0)?.moon;
        let r = norm(&m);
        let gha = (-m[1].atan2(m[0])).to_degrees();
        samples.push((t, gha, (m[2] / r).asin().to_degrees(), r / EARTH_RADIUS_KM));
    }
    let gha0 = samples.first().map_or(0.0, |s| s.1);
    let series =
        |f: &dyn Fn(&Sample) -> f64| fit(&samples.iter().map(|s| (s.0, f(s))).collect::<Vec<_>>());
    Ok(MoonTrack {
        t0_tt,
        delta_t: astro.delta_t_of_tt(t0_tt)?,
        gha: series(&|s| gha0 + (s.1 - gha0).rem_euclid(360.0)),
        dec: series(&|s| s.2),
        distance: series(&|s| s.3),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eclipse::fit::eval;

    #[test]
    fn the_track_follows_the_moon_over_eight_hours() {
        let astro = crate::tests::astro();
        // 2025-09-07, near greatest eclipse (18:12 UT).
        let tt = 810_584_000.0;
        let m = track(&astro, tt).unwrap();
        let mut worst = [0.0f64; 2];
        for k in -32..=32 {
            let t = f64::from(k) * 0.125;
            let v = astro.sky(tt + t * 3_600.0).unwrap().moon;
            let r = norm(&v);
            let gha = (-v[1].atan2(v[0])).to_degrees();
            let angles = [
                (eval(&m.gha, t) - gha + 180.0).rem_euclid(360.0) - 180.0,
                eval(&m.dec, t) - (v[2] / r).asin().to_degrees(),
            ];
            worst[0] = angles.iter().fold(worst[0], |w, d| w.max(d.abs()));
            worst[1] = worst[1].max((eval(&m.distance, t) - r / EARTH_RADIUS_KM).abs());
        }
        assert!(worst[0] < 3e-6 && worst[1] < 5e-8, "{worst:?}");
    }
}
