//! The visibility grid of the map: Moon altitude and elongation at local sunset on a regular
//! latitude/longitude grid over the map window.
//!
//! Exact evaluation at every node of a 0.25° grid costs ~15,000 astronomy calls per month;
//! [`VisibilityGrid::compute_interpolated`] evaluates a coarse grid instead and fills the fine
//! one by bicubic (Catmull-Rom) interpolation, which is accurate because both fields are smooth.

use rayon::prelude::*;

use super::CardError;

/// West edge of the map window, degrees east.
pub const WINDOW_WEST: f64 = 94.0;
/// East edge of the map window, degrees east.
pub const WINDOW_EAST: f64 = 142.0;
/// South edge of the map window, degrees north (negative: south).
pub const WINDOW_SOUTH: f64 = -11.5;
/// North edge of the map window, degrees north.
pub const WINDOW_NORTH: f64 = 7.5;

/// Alt (refracted topocentric) and geocentric elongation at local sunset on a regular
/// lat/lon grid covering the map window. Node `(i, j)` is at longitude `lon0 + i·step_deg`,
/// latitude `lat0 + j·step_deg`; values are stored row by row (`j·nx + i`).
#[derive(Clone, Debug, PartialEq)]
pub struct VisibilityGrid {
    /// Longitude of the first column, degrees east.
    pub lon0: f64,
    /// Latitude of the first row (the southernmost), degrees north.
    pub lat0: f64,
    /// Node spacing, degrees (both axes).
    pub step_deg: f64,
    /// Number of columns.
    pub nx: usize,
    /// Number of rows.
    pub ny: usize,
    /// Moon altitude, degrees, `ny·nx` values.
    pub alt_deg: Vec<f64>,
    /// Elongation, degrees, `ny·nx` values.
    pub elong_deg: Vec<f64>,
}

/// Number of nodes needed to span `span` degrees at `step` (the last node at or past the edge).
fn node_count(span: f64, step: f64) -> usize {
    // The small tolerance keeps an exact division (48 / 0.25) from gaining a node.
    ((span / step) - 1e-9).ceil() as usize + 1
}

fn check_step(step_deg: f64) -> Result<(), CardError> {
    if step_deg.is_finite() && (0.01..=5.0).contains(&step_deg) {
        Ok(())
    } else {
        Err(CardError::Input(format!(
            "grid step {step_deg}° outside 0.01°–5°"
        )))
    }
}

impl VisibilityGrid {
    /// Evaluates `eval(lat, lon) -> (alt_deg, elong_deg)` at every node of a grid of `step_deg`
    /// over the map window, in parallel (the result does not depend on thread order).
    pub fn compute(
        step_deg: f64,
        eval: impl Fn(f64, f64) -> (f64, f64) + Sync,
    ) -> Result<Self, CardError> {
        check_step(step_deg)?;
        let nx = node_count(WINDOW_EAST - WINDOW_WEST, step_deg);
        let ny = node_count(WINDOW_NORTH - WINDOW_SOUTH, step_deg);
        let values: Vec<(f64, f64)> = (0..nx * ny)
            .into_par_iter()
            .map(|k| {
                let lon = WINDOW_WEST + (k % nx) as f64 * step_deg;
                let lat = WINDOW_SOUTH + (k / nx) as f64 * step_deg;
                eval(lat, lon)
            })
            .collect();
        let grid = VisibilityGrid {
            lon0: WINDOW_WEST,
            lat0: WINDOW_SOUTH,
            step_deg,
            nx,
            ny,
            alt_deg: values.iter().map(|v| v.0).collect(),
            elong_deg: values.iter().map(|v| v.1).collect(),
        };
        grid.validate()?;
        Ok(grid)
    }

    /// Evaluates `eval` on a coarse grid of `coarse_step_deg` and fills a grid of `step_deg` by
    /// bicubic interpolation. `coarse_step_deg` must be a whole multiple of `step_deg`.
    pub fn compute_interpolated(
        coarse_step_deg: f64,
        step_deg: f64,
        eval: impl Fn(f64, f64) -> (f64, f64) + Sync,
    ) -> Result<Self, CardError> {
        check_step(step_deg)?;
        let ratio = coarse_step_deg / step_deg;
        if !(ratio.round() >= 1.0 && (ratio - ratio.round()).abs() < 1e-9) {
            return Err(CardError::Input(format!(
                "coarse step {coarse_step_deg}° is not a multiple of {step_deg}°"
            )));
        }
        let coarse = VisibilityGrid::compute(coarse_step_deg, eval)?;
        let ratio = ratio.round() as usize;
        let nx = (coarse.nx - 1) * ratio + 1;
        let ny = (coarse.ny - 1) * ratio + 1;
        let mut alt_deg = Vec::with_capacity(nx * ny);
        let mut elong_deg = Vec::with_capacity(nx * ny);
        for j in 0..ny {
            for i in 0..nx {
                let u = i as f64 / ratio as f64;
                let v = j as f64 / ratio as f64;
                alt_deg.push(bicubic(&coarse.alt_deg, coarse.nx, coarse.ny, u, v));
                elong_deg.push(bicubic(&coarse.elong_deg, coarse.nx, coarse.ny, u, v));
            }
        }
        Ok(VisibilityGrid {
            lon0: coarse.lon0,
            lat0: coarse.lat0,
            step_deg,
            nx,
            ny,
            alt_deg,
            elong_deg,
        })
    }

    /// Checks the shape and that every value is finite.
    pub fn validate(&self) -> Result<(), CardError> {
        let n = self.nx * self.ny;
        if self.nx < 2 || self.ny < 2 || self.alt_deg.len() != n || self.elong_deg.len() != n {
            return Err(CardError::Input(format!(
                "grid of {}x{} nodes with {} altitudes and {} elongations",
                self.nx,
                self.ny,
                self.alt_deg.len(),
                self.elong_deg.len()
            )));
        }
        check_step(self.step_deg)?;
        if let Some(k) = self
            .alt_deg
            .iter()
            .chain(&self.elong_deg)
            .position(|v| !v.is_finite())
        {
            return Err(CardError::Input(format!("grid value {k} is not finite")));
        }
        Ok(())
    }

    /// Longitude of column `i`.
    pub fn lon(&self, i: usize) -> f64 {
        self.lon0 + i as f64 * self.step_deg
    }

    /// Latitude of row `j`.
    pub fn lat(&self, j: usize) -> f64 {
        self.lat0 + j as f64 * self.step_deg
    }

    /// The criteria margin `min(alt − 3, elong − 6.4)` at every node (≥ 0 where both hold).
    pub fn margin(&self) -> Vec<f64> {
        self.alt_deg
            .iter()
            .zip(&self.elong_deg)
            .map(|(alt, elong)| (alt - 3.0).min(elong - 6.4))
            .collect()
    }
}

/// Catmull-Rom weights of the four samples around fractional position `t` in [0, 1].
fn catmull_rom(t: f64) -> [f64; 4] {
    let t2 = t * t;
    let t3 = t2 * t;
    [
        0.5 * (-t3 + 2.0 * t2 - t),
        0.5 * (3.0 * t3 - 5.0 * t2 + 2.0),
        0.5 * (-3.0 * t3 + 4.0 * t2 + t),
        0.5 * (t3 - t2),
    ]
}

/// Sample `k` of a line of `n` samples given by `at`, extended linearly past both ends.
fn extended(at: impl Fn(usize) -> f64, n: usize, k: isize) -> f64 {
    if k < 0 {
        2.0 * at(0) - at(1)
    } else if k as usize >= n {
        2.0 * at(n - 1) - at(n - 2)
    } else {
        at(k as usize)
    }
}

/// Bicubic value of row-major `values` (`nx` x `ny`, both ≥ 2) at fractional node `(u, v)`.
fn bicubic(values: &[f64], nx: usize, ny: usize, u: f64, v: f64) -> f64 {
    let i = (u.floor() as usize).min(nx - 2);
    let j = (v.floor() as usize).min(ny - 2);
    let wu = catmull_rom(u - i as f64);
    let wv = catmull_rom(v - j as f64);
    let column = |ii: isize| {
        let row = |jj: usize| extended(|c| values[jj * nx + c], nx, ii);
        (0..4)
            .map(|b| wv[b] * extended(row, ny, j as isize - 1 + b as isize))
            .sum::<f64>()
    };
    (0..4)
        .map(|a| wu[a] * column(i as isize - 1 + a as isize))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_is_covered() {
        let grid = VisibilityGrid::compute(0.25, |lat, lon| (lat, lon)).unwrap();
        assert_eq!((grid.nx, grid.ny), (193, 77));
        assert_eq!(grid.lon(grid.nx - 1), WINDOW_EAST);
        assert_eq!(grid.lat(grid.ny - 1), WINDOW_NORTH);
    }

    #[test]
    fn bad_steps_are_errors() {
        assert!(VisibilityGrid::compute(0.0, |_, _| (0.0, 0.0)).is_err());
        assert!(VisibilityGrid::compute_interpolated(1.0, 0.3, |_, _| (0.0, 0.0)).is_err());
        assert!(VisibilityGrid::compute(1.0, |_, _| (f64::NAN, 0.0)).is_err());
    }

    #[test]
    fn interpolation_is_close_on_smooth_fields() {
        let field = |lat: f64, lon: f64| {
            let alt = 4.0 + 0.12 * (lon - 118.0) - 0.05 * lat
                + 1.5 * (lon / 9.0).sin() * (lat / 7.0).cos();
            let elong = 7.0 + 0.03 * (lon - 118.0) + 0.002 * lat * lat;
            (alt, elong)
        };
        let fine = VisibilityGrid::compute(0.25, field).unwrap();
        let coarse = VisibilityGrid::compute_interpolated(1.0, 0.25, field).unwrap();
        assert_eq!((coarse.nx, coarse.ny), (fine.nx, fine.ny));
        let max_err = fine
            .alt_deg
            .iter()
            .zip(&coarse.alt_deg)
            .chain(fine.elong_deg.iter().zip(&coarse.elong_deg))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(max_err < 2e-3, "max error {max_err}");
    }
}
