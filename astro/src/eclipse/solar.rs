//! Solar eclipses: the Moon's shadow on the fundamental plane (through the Earth's centre,
//! normal to the shadow axis), its Besselian elements, the instant the axis passes closest
//! to the Earth's centre (greatest eclipse, as NASA's canon defines it), the type (the
//! umbra's or antumbra's reach along the central line) and the magnitude there.

use super::fit::{fit, Poly};
use super::{
    lunation, minimum, saros, Sky, EARTH_FLATTENING, EARTH_RADIUS_KM, HALF_SPAN_H, MOON_K_PENUMBRA,
    MOON_K_UMBRA, SUN_RADIUS_KM,
};
use crate::error::AstroError;
use crate::rootfind::solve;
use crate::vector::{dot, norm, scale, sub, Vec3};
use crate::Astro;

/// A solar eclipse's type, its umbra's or antumbra's reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolarType {
    /// The umbra reaches the Earth all along its track.
    Total,
    /// Only the antumbra reaches it.
    Annular,
    /// Annular along part of the track and total along the rest.
    Hybrid,
    /// Only the penumbra reaches it.
    Partial,
}

/// Besselian elements: polynomials in TT hours from `t0_tt` (lengths in Earth equatorial
/// radii, angles in degrees), `μ` the Greenwich hour angle of the shadow axis unwrapped.
#[derive(Debug, Clone, PartialEq)]
pub struct Besselian {
    /// Epoch, TT seconds past J2000.
    pub t0_tt: f64,
    /// ΔT at the epoch, seconds.
    pub delta_t: f64,
    /// The Moon's shadow axis on the fundamental plane, toward the east.
    pub x: Poly,
    /// The same toward the north.
    pub y: Poly,
    /// The axis's declination.
    pub d: Poly,
    /// The axis's Greenwich hour angle.
    pub mu: Poly,
    /// The penumbra's radius on the fundamental plane.
    pub l1: Poly,
    /// The umbra's radius on the fundamental plane (negative where the umbra crosses it).
    pub l2: Poly,
    /// The tangent of the penumbral cone's half-angle.
    pub tan_f1: f64,
    /// The tangent of the umbral cone's half-angle.
    pub tan_f2: f64,
}

/// One solar eclipse.
#[derive(Debug, Clone, PartialEq)]
pub struct SolarEclipse {
    /// Its type.
    pub kind: SolarType,
    /// Whether the shadow's axis meets the Earth (a total or annular eclipse may be
    /// non-central: only an edge of the umbra or antumbra touches the Earth near a pole).
    pub central: bool,
    /// Greatest eclipse, TT seconds past J2000.
    pub greatest_tt: f64,
    /// ΔT then, seconds.
    pub delta_t: f64,
    /// The magnitude at greatest eclipse (the fraction of the Sun's diameter covered; the
    /// Moon's over the Sun's apparent diameter where central).
    pub magnitude: f64,
    /// The axis's least distance from the Earth's centre, Earth radii, negative south.
    pub gamma: f64,
    /// The saros series.
    pub saros: i64,
    /// The Besselian elements about greatest eclipse.
    pub elements: Besselian,
}

/// The shadow at one instant, in Earth radii, terrestrial axes.
#[derive(Debug, Clone, Copy)]
struct Shadow {
    /// The Moon.
    moon: Vec3,
    /// The axis's unit vector, toward the Sun.
    axis: Vec3,
    x: f64,
    y: f64,
    d: f64,
    mu: f64,
    l1: f64,
    l2: f64,
    tan_f1: f64,
    tan_f2: f64,
}

fn shadow(sky: &Sky) -> Shadow {
    let sun = scale(1.0 / EARTH_RADIUS_KM, &sky.sun);
    let moon = scale(1.0 / EARTH_RADIUS_KM, &sky.moon);
    let g = sub(&sun, &moon);
    let distance = norm(&g);
    let axis = scale(1.0 / distance, &g);
    let d = axis[2].asin();
    let lon = axis[1].atan2(axis[0]);
    let east = [-lon.sin(), lon.cos(), 0.0];
    let north = [-d.sin() * lon.cos(), -d.sin() * lon.sin(), d.cos()];
    let z = dot(&moon, &axis);
    let sun_r = SUN_RADIUS_KM / EARTH_RADIUS_KM;
    let f1 = ((sun_r + MOON_K_PENUMBRA) / distance).asin();
    let f2 = ((sun_r - MOON_K_UMBRA) / distance).asin();
    Shadow {
        moon,
        axis,
        x: dot(&moon, &east),
        y: dot(&moon, &north),
        d: d.to_degrees(),
        mu: (-lon).to_degrees().rem_euclid(360.0),
        l1: z * f1.tan() + MOON_K_PENUMBRA / f1.cos(),
        l2: z * f2.tan() - MOON_K_UMBRA / f2.cos(),
        tan_f1: f1.tan(),
        tan_f2: f2.tan(),
    }
}

/// Where the axis meets the ellipsoid on the Sun's side, as its height ζ above the
/// fundamental plane; `None` where the axis misses the Earth.
fn central_height(s: &Shadow) -> Option<f64> {
    let b = 1.0 - EARTH_FLATTENING;
    let m = [s.moon[0], s.moon[1], s.moon[2] / b];
    let g = [s.axis[0], s.axis[1], s.axis[2] / b];
    let (qa, qb, qc) = (dot(&g, &g), dot(&m, &g), dot(&m, &m) - 1.0);
    let disc = qb * qb - qa * qc;
    (disc >= 0.0).then(|| {
        let t = (-qb + disc.sqrt()) / qa;
        dot(
            &[
                s.moon[0] + t * s.axis[0],
                s.moon[1] + t * s.axis[1],
                s.moon[2] + t * s.axis[2],
            ],
            &s.axis,
        )
    })
}

/// The axis's distance from the Earth's limb on the fundamental plane (the limb an ellipse
/// of semi-axes 1 and ρ₁), Earth radii: negative inside.
fn limb_distance(s: &Shadow) -> f64 {
    let e2 = EARTH_FLATTENING * (2.0 - EARTH_FLATTENING);
    let rho1 = (1.0 - e2 * s.d.to_radians().cos().powi(2)).sqrt();
    s.x.hypot(s.y / rho1) - 1.0
}

/// The solar eclipse at the new moon of TT `tt`, if any.
pub fn at_new_moon(astro: &Astro, tt: f64) -> Result<Option<SolarEclipse>, AstroError> {
    let at = |t: f64| Ok::<_, AstroError>(shadow(&astro.sky(t)?));
    let first = at(tt)?;
    if first.x.hypot(first.y) > 1.8 {
        return Ok(None);
    }
    let hour = 3_600.0;
    let greatest_tt = minimum(
        |t| at(t).map(|s| s.x * s.x + s.y * s.y),
        tt - 4.0 * hour,
        tt + 4.0 * hour,
    )?;
    let g = at(greatest_tt)?;
    let limb = limb_distance(&g);
    if limb >= g.l1 {
        return Ok(None);
    }
    let central = central_height(&g);
    let (kind, magnitude) = match central {
        Some(zeta) => {
            let l1 = g.l1 - zeta * g.tan_f1;
            let l2 = g.l2 - zeta * g.tan_f2;
            (central_type(astro, greatest_tt, l2)?, (l1 - l2) / (l1 + l2))
        }
        None if limb < g.l2.abs() => (
            if g.l2 < 0.0 {
                SolarType::Total
            } else {
                SolarType::Annular
            },
            (g.l1 - limb) / (g.l1 + g.l2),
        ),
        None => (SolarType::Partial, (g.l1 - limb) / (g.l1 + g.l2)),
    };
    // 2023-04-20 (lunation 288) is of saros 129.
    let saros = saros(lunation(greatest_tt, 0.0), 288, 129);
    Ok(Some(SolarEclipse {
        kind,
        central: central.is_some(),
        greatest_tt,
        delta_t: astro.delta_t_of_tt(greatest_tt)?,
        magnitude,
        gamma: g.x.hypot(g.y).copysign(g.y),
        saros,
        elements: elements(astro, greatest_tt)?,
    }))
}

/// Total, annular or hybrid: the umbra's radius `l2_greatest` at the central point of
/// greatest eclipse, and its radius on the fundamental plane where the central line begins
/// and ends (at the Earth's limb, where a hybrid eclipse is annular).
fn central_type(
    astro: &Astro,
    greatest_tt: f64,
    l2_greatest: f64,
) -> Result<SolarType, AstroError> {
    if l2_greatest >= 0.0 {
        return Ok(SolarType::Annular);
    }
    let limb = |t: f64| Ok::<_, AstroError>(limb_distance(&shadow(&astro.sky(t)?)));
    let inside = limb(greatest_tt)?;
    let mut annular_end = false;
    for side in [-1.0, 1.0] {
        let far = greatest_tt + side * 4.0 * 3_600.0;
        let end = solve(limb, greatest_tt, inside, far, limb(far)?, 0.05)?;
        annular_end |= shadow(&astro.sky(end)?).l2 >= 0.0;
    }
    Ok(if annular_end {
        SolarType::Hybrid
    } else {
        SolarType::Total
    })
}

/// The Besselian elements fitted to the shadow every half hour over ±4 h of `t0_tt`.
fn elements(astro: &Astro, t0_tt: f64) -> Result<Besselian, AstroError> {
    let nodes = (HALF_SPAN_H * 4.0) as i32;
    let mut samples = Vec::with_capacity(nodes as usize + 1);
    for k in -nodes / 2..=nodes / 2 {
        let t = f64::from(k) * 0.5;
        samples.push((t, shadow(&astro.sky(t0_tt + t * 3_600.0)?)));
    }
    let mu0 = samples.first().map_or(0.0, |(_, s)| s.mu);
    let series = |f: &dyn Fn(&Shadow) -> f64| {
        fit(&samples.iter().map(|(t, s)| (*t, f(s))).collect::<Vec<_>>())
    };
    let centre = shadow(&astro.sky(t0_tt)?);
    Ok(Besselian {
        t0_tt,
        delta_t: astro.delta_t_of_tt(t0_tt)?,
        x: series(&|s| s.x),
        y: series(&|s| s.y),
        d: series(&|s| s.d),
        // Unwrapped from the first node: μ grows about 15° an hour.
        mu: series(&|s| mu0 + (s.mu - mu0).rem_euclid(360.0)),
        l1: series(&|s| s.l1),
        l2: series(&|s| s.l2),
        tan_f1: centre.tan_f1,
        tan_f2: centre.tan_f2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eclipse::fit::eval;

    #[test]
    fn the_polynomials_follow_the_shadow_over_eight_hours() {
        let astro = crate::tests::astro();
        // 2023-04-20, a few minutes from greatest eclipse (04:17 UT).
        let tt = 735_322_600.0;
        let e = elements(&astro, tt).unwrap();
        let mut worst = [0.0f64; 3];
        for k in -32..=32 {
            let t = f64::from(k) * 0.125;
            let s = shadow(&astro.sky(tt + t * 3_600.0).unwrap());
            let lengths = [
                eval(&e.x, t) - s.x,
                eval(&e.y, t) - s.y,
                eval(&e.l1, t) - s.l1,
                eval(&e.l2, t) - s.l2,
            ];
            let angles = [
                eval(&e.d, t) - s.d,
                (eval(&e.mu, t) - s.mu + 180.0).rem_euclid(360.0) - 180.0,
            ];
            worst[0] = lengths.iter().fold(worst[0], |w, d| w.max(d.abs()));
            worst[1] = angles.iter().fold(worst[1], |w, d| w.max(d.abs()));
            worst[2] = worst[2].max((e.tan_f1 - s.tan_f1).abs().max((e.tan_f2 - s.tan_f2).abs()));
        }
        // 0.3 m on the fundamental plane, 0.01″ of angle; tan f varies by under 5e-7 (3 m at
        // the surface).
        assert!(
            worst[0] < 5e-8 && worst[1] < 3e-6 && worst[2] < 5e-7,
            "{worst:?}"
        );
    }
}
