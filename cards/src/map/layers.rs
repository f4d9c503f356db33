//! What the map draws inside its window, bottom to top: the sea and the graticule, the land,
//! the region where both criteria hold with the criterion's two boundary lines, and the
//! display points over the deciding site's ring. The colours are the legend's too.

use std::fmt::Write as _;

use super::view::{MapView, LAT_LINES, LON_LINES};
use super::PointResult;
use crate::basemap::basemap;
use crate::contour::{isolines, region, GridPoint};
use crate::grid::VisibilityGrid;
use crate::place::LabelBox;
use crate::rule::MapTerms;
use crate::svg::{num, Svg};
use crate::CardError;

/// Fill of the region where both criteria hold.
pub const REGION: &str = "#22c55e";
/// Colour of the altitude boundary.
pub const ALT_LINE: &str = "#fbbf24";
/// Colour of the elongation boundary.
pub const ELONG_LINE: &str = "#38bdf8";
/// A display point where the criteria hold.
pub const POINT_MET: &str = "#4ade80";
/// A display point where they do not.
pub const POINT_NOT: &str = "#9ca3af";
/// The deciding site's ring.
pub const RING: &str = "#facc15";
/// Radius of a display point's dot (times the scale).
pub const POINT_RADIUS: f64 = 4.2;

/// The land: every country, Indonesia lighter than its neighbours.
pub fn land(svg: &mut Svg, view: &MapView, s: f64) -> Result<(), CardError> {
    let map = basemap()?;
    // Basemap units are 0.01° with y = −latitude.
    let scale = view.ppd / 100.0;
    svg.open_group(&format!(
        r#"transform="translate({} {}) scale({})""#,
        num(view.x(0.0)),
        num(view.y(0.0)),
        scale
    ));
    for d in &map.land {
        svg.path(d, r##"fill="#1b2438""##);
    }
    let border = format!(
        r##"stroke="#0b1022" stroke-width="{}" stroke-linejoin="round""##,
        num(1.2 * s / scale)
    );
    for d in &map.neighbours {
        svg.path(d, &format!(r##"fill="#1b2438" {border}"##));
    }
    for d in &map.indonesia {
        svg.path(d, &format!(r##"fill="#2c3a57" {border}"##));
    }
    svg.close_group();
    Ok(())
}

/// The graticule lines (inside the map's clip).
pub fn graticule(svg: &mut Svg, view: &MapView, s: f64) {
    let mut d = String::new();
    for lon in LON_LINES {
        let x = view.x(f64::from(lon));
        let _ = write!(d, "M{} {}v{}", num(x), num(view.top), num(view.height()));
    }
    for lat in LAT_LINES {
        let y = view.y(f64::from(lat));
        let _ = write!(d, "M{} {}h{}", num(view.left), num(y), num(view.width()));
    }
    svg.path(
        &d,
        &format!(
            r##"stroke="#ffffff" stroke-opacity="0.08" stroke-width="{}" fill="none""##,
            num(s)
        ),
    );
}

/// One boundary line of the criterion: its polylines (grid units), the field it bounds and
/// its label.
pub struct Boundary<'a> {
    /// The line's pieces, in grid units (none where the line is not on the map).
    pub lines: Vec<Vec<GridPoint>>,
    /// The field the line is an isoline of, on the grid.
    pub values: &'a [f64],
    /// `tinggi ≥ 3°` and the like.
    pub label: String,
    /// Its colour.
    pub colour: &'static str,
    /// The prefix of its SVG ids (`alt`, `elong`).
    pub id: &'static str,
}

/// The region where both of the rule's quantities reach their levels and the two boundary
/// lines; returns the boundaries (lines in grid units, with their labels), the first
/// quantity's (the altitude, the lag) first.
pub fn visibility_layers<'g>(
    svg: &mut Svg,
    view: &MapView,
    grid: &'g VisibilityGrid,
    terms: &MapTerms,
    s: f64,
) -> [Boundary<'g>; 2] {
    let margin = grid.margin(terms.levels);
    let area = region(&margin, grid.nx, grid.ny, 0.0);
    if !area.is_empty() {
        svg.path(
            &view.path_d(grid, &area, true),
            &format!(r#"id="region" fill="{REGION}" fill-opacity="0.33""#),
        );
    }
    let [first, second] = &grid.values;
    let [first_level, second_level] = terms.levels;
    let alt = isolines(first, grid.nx, grid.ny, first_level);
    let elong = isolines(second, grid.nx, grid.ny, second_level);
    let dash = format!(r#"stroke-dasharray="{} {}""#, num(8.0 * s), num(5.0 * s));
    for (lines, colour, extra, id) in [
        (&alt, ALT_LINE, "", "alt-line"),
        (&elong, ELONG_LINE, dash.as_str(), "elong-line"),
    ] {
        if !lines.is_empty() {
            svg.path(
                &view.path_d(grid, lines, false),
                &format!(
                    r#"id="{id}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linejoin="round" {extra}"#,
                    num(2.2 * s)
                ),
            );
        }
    }
    let [first_label, second_label] = terms.labels.clone();
    [
        Boundary {
            lines: alt,
            values: first,
            label: first_label,
            colour: ALT_LINE,
            id: "alt",
        },
        Boundary {
            lines: elong,
            values: second,
            label: second_label,
            colour: ELONG_LINE,
            id: "elong",
        },
    ]
}

/// The display points over the ring of the deciding site at `(x, y)` (so that it hides
/// none); returns the ring's box.
pub fn points_layer(
    svg: &mut Svg,
    view: &MapView,
    points: &[PointResult],
    (x, y): (f64, f64),
    s: f64,
) -> LabelBox {
    let ring_box = LabelBox::around((x, y), 12.5 * s);
    svg.circle(
        x,
        y,
        11.0 * s,
        &format!(
            r#"id="decider" fill="none" stroke="{RING}" stroke-width="{}""#,
            num(3.0 * s)
        ),
    );
    dots(svg, view, points, s);
    ring_box
}

/// The display points, green where `met`, gray where not.
pub fn dots(svg: &mut Svg, view: &MapView, points: &[PointResult], s: f64) {
    svg.open_group(&format!(
        r##"stroke="#0b1022" stroke-width="{}""##,
        num(1.2 * s)
    ));
    for (k, point) in points.iter().enumerate() {
        let (class, colour) = if point.met {
            ("pt met", POINT_MET)
        } else {
            ("pt not", POINT_NOT)
        };
        let (px, py) = view.at(point.lat, point.lon);
        svg.circle(
            px,
            py,
            POINT_RADIUS * s,
            &format!(r#"class="{class}" data-i="{k}" fill="{colour}""#),
        );
    }
    svg.close_group();
}
