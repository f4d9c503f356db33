//! A plate carrée view: a window of longitudes and latitudes drawn into a rectangle of the
//! card at equal scale on both axes, and the world grid's nodes in it.

use super::WorldInputs;
use crate::contour::GridPoint;
use crate::place::LabelBox;
use crate::svg::polyline_d;

/// West edge of the world grid and map, degrees east.
pub const WEST: f64 = -180.0;
/// East edge, degrees east.
pub const EAST: f64 = 180.0;
/// South edge, degrees north: KHGT has no latitude limit, and PKG 1's best place of a month
/// it misses lies on Antarctica in 65 of its 348 card months (as far south as 84.3° S).
pub const SOUTH: f64 = -85.0;
/// North edge, degrees north (Syawal 1447 was met at 64° N; the northmost deciding place of
/// the card months lies at 68.9° N).
pub const NORTH: f64 = 75.0;

/// A window of the world drawn at `ppd` pixels per degree with its top-left corner at
/// (`left`, `top`).
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// x of the window's left edge.
    pub left: f64,
    /// y of its top edge.
    pub top: f64,
    /// Pixels per degree (both axes).
    pub ppd: f64,
    /// Westmost longitude shown.
    pub west: f64,
    /// Northmost latitude shown.
    pub north: f64,
    /// Longitudes shown.
    pub lon_span: f64,
    /// Latitudes shown.
    pub lat_span: f64,
}

impl View {
    /// The whole world grid's window, `width` pixels wide.
    pub fn world(left: f64, top: f64, width: f64) -> View {
        View {
            left,
            top,
            ppd: width / (EAST - WEST),
            west: WEST,
            north: NORTH,
            lon_span: EAST - WEST,
            lat_span: NORTH - SOUTH,
        }
    }

    /// A detail of `width` x `height` pixels showing `lon_span` degrees, centred on (`lat`,
    /// `lon`) as far as the world's window allows.
    pub fn detail(
        (left, top, width, height): (f64, f64, f64, f64),
        lon_span: f64,
        (lat, lon): (f64, f64),
    ) -> View {
        let ppd = width / lon_span;
        let lat_span = height / ppd;
        let west = (lon - lon_span / 2.0).clamp(WEST, EAST - lon_span);
        let north = (lat + lat_span / 2.0).clamp(SOUTH + lat_span, NORTH);
        View {
            left,
            top,
            ppd,
            west,
            north,
            lon_span,
            lat_span,
        }
    }

    /// Width, pixels.
    pub fn width(&self) -> f64 {
        self.lon_span * self.ppd
    }

    /// Height, pixels.
    pub fn height(&self) -> f64 {
        self.lat_span * self.ppd
    }

    /// The window as a box.
    pub fn area(&self) -> LabelBox {
        LabelBox::sized(self.left, self.top, self.width(), self.height())
    }

    /// x of a longitude.
    pub fn x(&self, lon: f64) -> f64 {
        self.left + (lon - self.west) * self.ppd
    }

    /// y of a latitude.
    pub fn y(&self, lat: f64) -> f64 {
        self.top + (self.north - lat) * self.ppd
    }

    /// Pixel position of a place.
    pub fn at(&self, lat: f64, lon: f64) -> (f64, f64) {
        (self.x(lon), self.y(lat))
    }

    /// True if the place lies inside the window.
    pub fn shows(&self, lat: f64, lon: f64) -> bool {
        (self.west..=self.west + self.lon_span).contains(&lon)
            && (self.north - self.lat_span..=self.north).contains(&lat)
    }

    /// Path data of grid-unit polylines of `world`'s grid, in pixels.
    pub fn path_d(&self, world: &WorldInputs, lines: &[Vec<GridPoint>], closed: bool) -> String {
        lines
            .iter()
            .map(|line| {
                let pixels: Vec<(f64, f64)> = line
                    .iter()
                    .map(|&(gi, gj)| {
                        self.at(SOUTH + gj * world.step_deg, WEST + gi * world.step_deg)
                    })
                    .collect();
                polyline_d(&pixels, closed)
            })
            .collect()
    }
}
