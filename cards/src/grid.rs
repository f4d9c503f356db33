//! The grid of the archipelago map: the two quantities a rule bounds, at local sunset on a
//! regular latitude/longitude grid over the map window (the Moon's altitude and the
//! elongation for a visibility criterion; the lag and the Moon's age for wujudul hilal).
//!
//! Every node is evaluated exactly (no interpolation): at 0.25° that is 193 × 77 = 14,861
//! evenings per month, about 0.15 s on one core.

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

/// Two quantities at local sunset on a regular lat/lon grid covering the map window: for a
/// visibility criterion the Moon's altitude (refracted topocentric) and the geocentric
/// elongation, degrees; for wujudul hilal the lag (moonset − sunset) and the Moon's age
/// (sunset − conjunction), minutes. Node `(i, j)` is at longitude `lon0 + i·step_deg`,
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
    /// The two quantities, `ny·nx` values each.
    pub values: [Vec<f64>; 2],
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
    /// Evaluates `eval(lat, lon) -> (first, second)` at every node of a grid of `step_deg`
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
            values: [
                values.iter().map(|v| v.0).collect(),
                values.iter().map(|v| v.1).collect(),
            ],
        };
        grid.validate()?;
        Ok(grid)
    }

    /// Checks the shape and that every value is finite.
    pub fn validate(&self) -> Result<(), CardError> {
        let n = self.nx * self.ny;
        let [first, second] = &self.values;
        if self.nx < 2 || self.ny < 2 || first.len() != n || second.len() != n {
            return Err(CardError::Input(format!(
                "grid of {}x{} nodes with {} and {} values",
                self.nx,
                self.ny,
                first.len(),
                second.len()
            )));
        }
        check_step(self.step_deg)?;
        if let Some(k) = first.iter().chain(second).position(|v| !v.is_finite()) {
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

    /// The margin over the rule's two `levels` at every node: the smaller of each
    /// quantity's excess over its level (≥ 0 where both hold).
    pub fn margin(&self, [a, b]: [f64; 2]) -> Vec<f64> {
        let [first, second] = &self.values;
        first
            .iter()
            .zip(second)
            .map(|(&x, &y)| (x - a).min(y - b))
            .collect()
    }
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
        assert!(VisibilityGrid::compute(7.0, |_, _| (0.0, 0.0)).is_err());
        assert!(VisibilityGrid::compute(1.0, |_, _| (f64::NAN, 0.0)).is_err());
    }
}
