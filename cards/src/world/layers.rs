//! What a world view draws, bottom to top: the sea and graticule, the land, the region
//! where the Moon sets first or the conjunction comes after sunset (grey), the region
//! where KHGT's limits hold (green east of the 24:00 UTC line, PKG 1; lighter west of it; on the mainland of the Americas, when PKG 2 is evaluated, cyan), the mainland
//! outlined then, the 24:00 UTC line with the side that counts for PKG 1 marked, and the
//! deciding place's ring. The colours are the legend's too.

use std::fmt::Write as _;

use super::view::{View, EAST, WEST};
use super::WorldInputs;
use crate::basemap::{self, Ring};
use crate::contour::region;
use crate::place::LabelBox;
use crate::svg::{num, polyline_d, Svg};
use crate::CardError;

/// Fill of the region where the limits hold before 24:00 UTC (PKG 1).
pub const PKG1: &str = "#22c55e";
/// Fill of the region where they hold only after 24:00 UTC.
pub const AFTER: &str = "#86efac";
/// Fill of that region on the mainland of the Americas, and the mainland's outline (PKG 2).
pub const PKG2: &str = "#22d3ee";
/// Fill of the region where the Moon is below the horizon at sunset or the conjunction has
/// not come yet (mustahil).
pub const MUSTAHIL: &str = "#64748b";
/// The 24:00 UTC sunset line.
pub const DEADLINE: &str = "#f8fafc";
/// The deciding place's ring.
pub const RING: &str = "#facc15";

/// What one view is drawn with: its `id` prefix (clip paths are per view), whether PKG 2 was
/// evaluated, and the scale.
#[derive(Clone, Copy)]
pub struct Layers<'a> {
    /// Prefix of the view's SVG ids.
    pub id: &'a str,
    /// The mainland of the Americas is outlined and its met region coloured.
    pub pkg2: bool,
    /// Type and stroke scale.
    pub s: f64,
    /// Graticule spacing, degrees.
    pub graticule: f64,
}

/// The field whose region at or above 0 is where KHGT's limits hold, the conjunction having
/// come: the smallest of the altitude's and the elongation's excess over their limits
/// (degrees) and the Moon's age (hours; only its sign counts).
fn met(world: &WorldInputs, (alt, elong): (f64, f64)) -> Vec<f64> {
    world
        .alt_deg
        .iter()
        .zip(&world.elong_deg)
        .zip(&world.age_h)
        .map(|((&a, &e), &age)| (a - alt).min(e - elong).min(age))
        .collect()
}

/// The field whose region at or above 0 is mustahil: the Moon at or below the horizon, or
/// no age yet.
fn mustahil(world: &WorldInputs) -> Vec<f64> {
    world
        .alt_deg
        .iter()
        .zip(&world.age_h)
        .map(|(&a, &age)| -(a.min(age)))
        .collect()
}

/// The polygon (pixels) of the part of `view` east (`east`) or west of the 24:00 UTC line:
/// the line from south to north, extended straight to the window's top and bottom, closed
/// along the window's east or west edge.
fn side(view: &View, line: &[(f64, f64)], east: bool) -> String {
    let area = view.area();
    let edge = if east { area.x1 + 10.0 } else { area.x0 - 10.0 };
    let mut points: Vec<(f64, f64)> = Vec::with_capacity(line.len() + 4);
    if let (Some(&(_, first)), Some(&(_, last))) = (line.first(), line.last()) {
        points.push((view.x(first), area.y1 + 10.0));
        points.extend(line.iter().map(|&(lat, lon)| view.at(lat, lon)));
        points.push((view.x(last), area.y0 - 10.0));
    } else {
        // No sunset at 24:00 UTC anywhere: nothing lies on either side.
        points.push((edge, area.y1 + 10.0));
    }
    points.push((edge, area.y0 - 10.0));
    points.push((edge, area.y1 + 10.0));
    polyline_d(&points, true)
}

/// The path data of the `rings` that reach into `view` and span a pixel or more there.
fn visible(view: &View, rings: &[Ring]) -> String {
    let (south, east) = (view.north - view.lat_span, view.west + view.lon_span);
    rings
        .iter()
        .filter(|r| {
            let [w, s, e, n] = r.extent;
            w <= east
                && e >= view.west
                && s <= view.north
                && n >= south
                && (e - w).max(n - s) * view.ppd >= 1.0
        })
        .map(|r| r.d.as_str())
        .collect()
}

/// The rings of the land in `view` (in basemap units, scaled into the view) with `attrs`.
fn land(svg: &mut Svg, view: &View, rings: &[Ring], unit: f64, attrs: &str) {
    svg.open_group(&format!(
        r#"transform="translate({} {}) scale({})" {attrs}"#,
        num(view.x(0.0)),
        num(view.y(0.0)),
        view.ppd * unit
    ));
    svg.path(&visible(view, rings), "");
    svg.close_group();
}

/// Draws the view's layers (inside a clip to its window); returns the ring's box, if the
/// deciding place `(lat, lon)` is in the window.
pub fn draw(
    svg: &mut Svg,
    view: &View,
    world: &WorldInputs,
    (limits, place): ((f64, f64), (f64, f64)),
    layers: Layers,
) -> Result<Option<LabelBox>, CardError> {
    let base = basemap::world()?;
    let Layers {
        id,
        pkg2,
        s,
        graticule,
    } = layers;
    let area = view.area();
    let mut defs = String::from("<defs>");
    let _ = write!(
        defs,
        r#"<clipPath id="{id}-clip"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/></clipPath>"#,
        num(area.x0),
        num(area.y0),
        num(area.x1 - area.x0),
        num(area.y1 - area.y0),
        num(10.0 * s)
    );
    for (name, east) in [("east", true), ("west", false)] {
        let _ = write!(
            defs,
            r#"<clipPath id="{id}-{name}"><path d="{}"/></clipPath>"#,
            side(view, &world.deadline_line, east)
        );
    }
    let _ = write!(
        defs,
        r#"<clipPath id="{id}-americas"><path transform="translate({} {}) scale({})" d="{}"/></clipPath>"#,
        num(view.x(0.0)),
        num(view.y(0.0)),
        view.ppd * base.unit,
        visible(view, &base.americas)
    );
    defs.push_str("</defs>");
    svg.raw(&defs);
    svg.open_group(&format!(r#"clip-path="url(#{id}-clip)""#));
    svg.rect(
        area.x0,
        area.y0,
        area.x1 - area.x0,
        area.y1 - area.y0,
        0.0,
        r##"fill="#0d1b36""##,
    );
    let mut lines = String::new();
    let first = (view.west / graticule).ceil() as i32;
    let last = ((view.west + view.lon_span) / graticule).floor() as i32;
    for k in first..=last {
        let _ = write!(
            lines,
            "M{} {}v{}",
            num(view.x(f64::from(k) * graticule)),
            num(area.y0),
            num(area.y1 - area.y0)
        );
    }
    let south = view.north - view.lat_span;
    for k in (south / graticule).ceil() as i32..=(view.north / graticule).floor() as i32 {
        let _ = write!(
            lines,
            "M{} {}h{}",
            num(area.x0),
            num(view.y(f64::from(k) * graticule)),
            num(area.x1 - area.x0)
        );
    }
    svg.path(
        &lines,
        &format!(
            r##"stroke="#ffffff" stroke-opacity="0.08" stroke-width="{}" fill="none""##,
            num(s)
        ),
    );
    land(
        svg,
        view,
        &base.land,
        base.unit,
        r##"fill="#1b2438" fill-rule="evenodd""##,
    );
    let grey = region(&mustahil(world), world.nx, world.ny, 0.0);
    if !grey.is_empty() {
        svg.path(
            &view.path_d(world, &grey, true),
            &format!(r#"id="{id}-mustahil" fill="{MUSTAHIL}" fill-opacity="0.4""#),
        );
    }
    let area_met = region(&met(world, limits), world.nx, world.ny, 0.0);
    if !area_met.is_empty() {
        let d = view.path_d(world, &area_met, true);
        svg.path(
            &d,
            &format!(
                r#"id="{id}-pkg1" clip-path="url(#{id}-east)" fill="{PKG1}" fill-opacity="0.6""#
            ),
        );
        svg.path(
            &d,
            &format!(
                r#"id="{id}-after" clip-path="url(#{id}-west)" fill="{AFTER}" fill-opacity="0.3""#
            ),
        );
        if pkg2 {
            svg.open_group(&format!(r#"clip-path="url(#{id}-west)""#));
            svg.path(
                &d,
                &format!(
                    r#"id="{id}-pkg2" clip-path="url(#{id}-americas)" fill="{PKG2}" fill-opacity="0.6""#
                ),
            );
            svg.close_group();
        }
    }
    if pkg2 {
        land(
            svg,
            view,
            &base.americas,
            base.unit,
            &format!(
                r#"id="{id}-americas-outline" fill="none" stroke="{PKG2}" stroke-width="{}" stroke-linejoin="round""#,
                num(1.6 * s / (view.ppd * base.unit))
            ),
        );
    }
    // Where the line runs past the date line, it is drawn again a turn east or west, coming
    // back in at the window's other edge.
    for turn in [0.0, -360.0, 360.0] {
        let line = &world.deadline_line;
        if line.len() < 2
            || !line
                .iter()
                .any(|&(_, lon)| (WEST..=EAST).contains(&(lon + turn)))
        {
            continue;
        }
        let points: Vec<(f64, f64)> = line
            .iter()
            .map(|&(lat, lon)| view.at(lat, lon + turn))
            .collect();
        let attrs = format!(
            r#"fill="none" stroke="{DEADLINE}" stroke-width="{}" stroke-dasharray="{} {}" stroke-linejoin="round""#,
            num(1.8 * s),
            num(7.0 * s),
            num(4.0 * s)
        );
        svg.path(
            &polyline_d(&points, false),
            &if turn == 0.0 {
                format!(r#"id="{id}-deadline" {attrs}"#)
            } else {
                attrs
            },
        );
    }
    let ring = view.shows(place.0, place.1).then(|| {
        let (x, y) = view.at(place.0, place.1);
        svg.circle(
            x,
            y,
            7.0 * s,
            &format!(
                r##"id="{id}-decider" fill="none" stroke="#0b1022" stroke-width="{}""##,
                num(5.0 * s)
            ),
        );
        svg.circle(
            x,
            y,
            7.0 * s,
            &format!(
                r#"fill="none" stroke="{RING}" stroke-width="{}""#,
                num(2.6 * s)
            ),
        );
        svg.circle(x, y, 1.8 * s, &format!(r#"fill="{RING}""#));
        LabelBox::around((x, y), 9.5 * s)
    });
    svg.close_group();
    svg.rect(
        area.x0,
        area.y0,
        area.x1 - area.x0,
        area.y1 - area.y0,
        10.0 * s,
        r##"fill="none" stroke="#26314f" stroke-width="1.5""##,
    );
    Ok(ring)
}

/// Whether `(lat, lon)` lies on the PKG 1 side of the 24:00 UTC line as the map draws it:
/// at or east of the line at `lat`, or, beyond the line's ends, of its nearest end (the
/// sides are drawn with the line carried straight on to the window's edges); `None` without
/// a line.
pub fn east_of_line(line: &[(f64, f64)], lat: f64, lon: f64) -> Option<bool> {
    let (&(south, south_lon), &(north, _)) = (line.first()?, line.last()?);
    let lat = lat.max(south).min(north);
    Some(lon >= deadline_lon(line, lat).unwrap_or(south_lon))
}

/// The longitude of the 24:00 UTC line at latitude `lat` (linear between its points), if
/// the line reaches that latitude.
pub fn deadline_lon(line: &[(f64, f64)], lat: f64) -> Option<f64> {
    line.windows(2).find_map(|pair| match pair {
        [(lat0, lon0), (lat1, lon1)] if (*lat0..=*lat1).contains(&lat) && lat1 > lat0 => {
            Some(lon0 + (lon1 - lon0) * (lat - lat0) / (lat1 - lat0))
        }
        _ => None,
    })
}
