//! The map's window: an equirectangular view of the grid's window in pixels, opened with
//! the sea, graticule and land every archipelago map shares, and closed with its frame.

use super::labels::graticule_labels;
use super::layers::{graticule, land};
use crate::contour::GridPoint;
use crate::frame::{Frame, BOX_LINE};
use crate::grid::{VisibilityGrid, WINDOW_EAST, WINDOW_NORTH, WINDOW_SOUTH, WINDOW_WEST};
use crate::place::LabelBox;
use crate::svg::{num, polyline_d, Svg};
use crate::CardError;

/// Width of the gutter left of the map that holds the latitude labels (times the scale).
const GUTTER: f64 = 40.0;
/// Corner radius of the map's window (times the scale).
const RADIUS: f64 = 14.0;

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
    /// The archipelago's window across a card's `frame` from `top`: opens it (the clip, the
    /// sea, the graticule and the land), for the caller's layers; [`MapView::close`] ends it.
    pub fn open(svg: &mut Svg, frame: &Frame, top: f64) -> Result<MapView, CardError> {
        let s = frame.s;
        let view = MapView {
            left: frame.margin + GUTTER * s,
            top,
            ppd: (frame.inner_width() - GUTTER * s) / (WINDOW_EAST - WINDOW_WEST),
        };
        svg.raw(&format!(
            r#"<defs><clipPath id="mapclip"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/></clipPath></defs>"#,
            num(view.left),
            num(view.top),
            num(view.width()),
            num(view.height()),
            num(RADIUS * s)
        ));
        svg.open_group(r#"clip-path="url(#mapclip)""#);
        svg.rect(
            view.left,
            view.top,
            view.width(),
            view.height(),
            0.0,
            r##"fill="#0d1b36""##,
        );
        graticule(svg, &view, s);
        land(svg, &view, s)?;
        Ok(view)
    }

    /// Ends the window [`MapView::open`] began: the clip closed, the graticule labelled
    /// outside it and its frame drawn.
    pub fn close(&self, svg: &mut Svg, s: f64) {
        svg.close_group();
        graticule_labels(svg, self, s);
        svg.rect(
            self.left,
            self.top,
            self.width(),
            self.height(),
            RADIUS * s,
            &format!(r#"fill="none" stroke="{BOX_LINE}" stroke-width="1.5""#),
        );
    }

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
