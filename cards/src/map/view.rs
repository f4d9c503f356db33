//! The map's window: an equirectangular view of the grid's window in pixels, and its
//! graticule.

use crate::contour::GridPoint;
use crate::grid::{VisibilityGrid, WINDOW_EAST, WINDOW_NORTH, WINDOW_SOUTH, WINDOW_WEST};
use crate::place::LabelBox;
use crate::svg::polyline_d;

/// Longitudes of the graticule, degrees east.
pub const LON_LINES: [i32; 10] = [95, 100, 105, 110, 115, 120, 125, 130, 135, 140];
/// Latitudes of the graticule, degrees north.
pub const LAT_LINES: [i32; 4] = [-10, -5, 0, 5];

/// Pixel geometry of the map window (equirectangular).
pub struct MapView {
    /// x of the window's left edge.
    pub left: f64,
    /// y of its top edge.
    pub top: f64,
    /// Pixels per degree.
    pub ppd: f64,
}

impl MapView {
    /// Width of the window, pixels.
    pub fn width(&self) -> f64 {
        (WINDOW_EAST - WINDOW_WEST) * self.ppd
    }

    /// Height of the window, pixels.
    pub fn height(&self) -> f64 {
        (WINDOW_NORTH - WINDOW_SOUTH) * self.ppd
    }

    /// The window as a box: the area map labels stay inside.
    pub fn area(&self) -> LabelBox {
        LabelBox::sized(self.left, self.top, self.width(), self.height())
    }

    /// x of a longitude.
    pub fn x(&self, lon: f64) -> f64 {
        self.left + (lon - WINDOW_WEST) * self.ppd
    }

    /// y of a latitude.
    pub fn y(&self, lat: f64) -> f64 {
        self.top + (WINDOW_NORTH - lat) * self.ppd
    }

    /// Pixel position of a place.
    pub fn at(&self, lat: f64, lon: f64) -> (f64, f64) {
        (self.x(lon), self.y(lat))
    }

    /// Pixel position of a grid point (grid index units).
    pub fn grid_xy(&self, grid: &VisibilityGrid, (gi, gj): GridPoint) -> (f64, f64) {
        (
            self.x(grid.lon0 + gi * grid.step_deg),
            self.y(grid.lat0 + gj * grid.step_deg),
        )
    }

    /// Path data of grid-unit polylines in pixels.
    pub fn path_d(&self, grid: &VisibilityGrid, lines: &[Vec<GridPoint>], closed: bool) -> String {
        lines
            .iter()
            .map(|line| {
                let pixels: Vec<(f64, f64)> = line.iter().map(|&p| self.grid_xy(grid, p)).collect();
                polyline_d(&pixels, closed)
            })
            .collect()
    }
}
