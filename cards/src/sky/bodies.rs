//! The Sun's and the Moon's discs, the crescent's shape, and the boxes labels keep clear of.

use super::view::SkyView;
use crate::place::LabelBox;
use crate::svg::num;

/// Crescent path in a frame where the Sun lies along +x: outer limb on the Sun's side, the
/// terminator an ellipse. `lit` is the lit width as a fraction of the diameter.
pub(super) fn crescent_d(r: f64, lit: f64) -> String {
    let a = r * (1.0 - 2.0 * lit);
    let sweep = if a >= 0.0 { 0 } else { 1 };
    format!(
        "M0 {}A{} {} 0 0 1 0 {}A{} {} 0 0 {sweep} 0 {}Z",
        num(-r),
        num(r),
        num(r),
        num(r),
        num(a.abs()),
        num(r),
        num(-r)
    )
}

/// Lit fraction of the drawn diameter: √(illuminated fraction), at least 4 %, so thin young
/// crescents stay visible while the width still grows with the illumination.
pub(super) fn drawn_lit_fraction(illumination_pct: f64) -> f64 {
    (illumination_pct / 100.0).clamp(0.0, 1.0).sqrt().max(0.04)
}

/// Radius of the Sun's mark, pixels.
pub(super) fn sun_radius(view: &SkyView, s: f64) -> f64 {
    (0.267 * view.ppd).max(7.0 * s)
}

/// Radius of the Moon's drawn disc, pixels at scale 1 (enlarged: see the chart's note).
pub(super) const MOON_RADIUS: f64 = 22.0;

/// The box a body's disc of radius `r` at (x, y) takes, with room for its stroke.
pub(super) fn disc(x: f64, y: f64, r: f64, s: f64) -> LabelBox {
    LabelBox::around((x, y), r + 2.0 * s)
}

/// The box of the Sun's mark.
pub(super) fn sun_disc(view: &SkyView, sun: (f64, f64), s: f64) -> LabelBox {
    disc(view.x(sun.0), view.y(sun.1), sun_radius(view, s), s)
}

/// The box of the Moon's disc.
pub(super) fn moon_disc(view: &SkyView, moon: (f64, f64), s: f64) -> LabelBox {
    disc(view.x(moon.0), view.y(moon.1), MOON_RADIUS * s, s)
}

/// The band of the horizon line and its azimuth ticks.
pub(super) fn horizon_band(view: &SkyView, s: f64) -> LabelBox {
    LabelBox {
        x0: view.left,
        y0: view.horizon_y - 2.0 * s,
        x1: view.right(),
        y1: view.horizon_y + 14.0 * s,
    }
}

/// The band of the dashed line at the least altitude `limit`.
pub(super) fn limit_band(view: &SkyView, limit: f64, s: f64) -> LabelBox {
    let y = view.y(limit);
    LabelBox {
        x0: view.left,
        y0: y - 2.0 * s,
        x1: view.right(),
        y1: y + 2.0 * s,
    }
}
