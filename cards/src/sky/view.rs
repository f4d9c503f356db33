//! The sky window's geometry: degrees of altitude and azimuth to pixels.

/// Screen geometry of the sky window: degrees to pixels, equal scale on both axes.
pub(super) struct SkyView {
    pub(super) left: f64,
    pub(super) top: f64,
    pub(super) width: f64,
    pub(super) height: f64,
    /// Azimuth at the window's centre, degrees.
    pub(super) az_centre: f64,
    /// Pixels per degree.
    pub(super) ppd: f64,
    /// y of the horizon (altitude 0).
    pub(super) horizon_y: f64,
}

/// `angle` reduced to (−180, 180].
pub(super) fn wrap180(angle: f64) -> f64 {
    let a = angle.rem_euclid(360.0);
    if a > 180.0 {
        a - 360.0
    } else {
        a
    }
}

impl SkyView {
    /// A window at (left, top, width, height) showing both bodies, the line of the least
    /// altitude `limit` and the horizon.
    pub(super) fn fit(
        (left, top, width, height): (f64, f64, f64, f64),
        sun: (f64, f64),
        moon: (f64, f64),
        limit: f64,
    ) -> Self {
        let d_az = wrap180(moon.0 - sun.0);
        let az_span = (d_az.abs() + 12.0).max(16.0);
        let alt_top = moon.1.max(limit).max(sun.1) + 3.5;
        let alt_bottom = (moon.1.min(sun.1) - 2.5).min(-2.5);
        let ppd = (width / az_span).min(height / (alt_top - alt_bottom));
        // Spare height goes mostly to the sky.
        let spare = height / ppd - (alt_top - alt_bottom);
        let bottom = alt_bottom - 0.15 * spare;
        SkyView {
            left,
            top,
            width,
            height,
            az_centre: sun.0 + d_az / 2.0,
            ppd,
            horizon_y: top + height + bottom * ppd,
        }
    }

    pub(super) fn x(&self, az: f64) -> f64 {
        self.left + self.width / 2.0 + wrap180(az - self.az_centre) * self.ppd
    }

    pub(super) fn y(&self, alt: f64) -> f64 {
        self.horizon_y - alt * self.ppd
    }

    pub(super) fn right(&self) -> f64 {
        self.left + self.width
    }

    pub(super) fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// Azimuth range shown, degrees (may run past 360).
    pub(super) fn az_range(&self) -> (f64, f64) {
        let half = self.width / 2.0 / self.ppd;
        (self.az_centre - half, self.az_centre + half)
    }

    /// Altitude range shown, degrees.
    pub(super) fn alt_range(&self) -> (f64, f64) {
        (
            (self.horizon_y - self.bottom()) / self.ppd,
            (self.horizon_y - self.top) / self.ppd,
        )
    }
}
