//! The visibility map (`/hilal/map`): the archipelago, the region where both criteria hold at
//! local sunset, the criterion's altitude and elongation boundaries (each labelled `≥ value`
//! with an arrow to the side where it holds), the display points (green where the criteria hold, gray where not),
//! the deciding site's yellow ring under them with its name where it covers the fewest points,
//! the graticule labelled outside the map, a legend with counts and, on normal cards, the
//! criteria panel with the same site row as the sky chart.

use std::fmt::Write as _;
use std::sync::OnceLock;

use hijri::schema::Limits;

use super::basemap::basemap;
use super::contour::{isolines, region, GridPoint};
use super::frame::{self, Frame, BOX, BOX_LINE, FAINT, INK, MUTED};
use super::grid::{VisibilityGrid, WINDOW_EAST, WINDOW_NORTH, WINDOW_SOUTH, WINDOW_WEST};
use super::layout::LabelBox;
use super::panel::{criteria_panel, PANEL_HEIGHT};
use super::svg::{num, polyline_d, Anchor, Svg, TextStyle};
use super::verdict::verdict;
use super::{CardContext, CardError};

/// The committed display points (`data/map_points.json`).
pub(super) const POINTS_JSON: &str = include_str!("../../data/map_points.json");

/// Fill of the region where both criteria hold.
const REGION: &str = "#22c55e";
/// Colour of the altitude boundary.
const ALT_LINE: &str = "#fbbf24";
/// Colour of the elongation boundary.
const ELONG_LINE: &str = "#38bdf8";
/// A display point where the criteria hold.
const POINT_MET: &str = "#4ade80";
/// A display point where they do not.
const POINT_NOT: &str = "#9ca3af";
/// The deciding site's ring.
const RING: &str = "#facc15";
/// Longitudes of the graticule, degrees east.
const LON_LINES: [i32; 10] = [95, 100, 105, 110, 115, 120, 125, 130, 135, 140];
/// Latitudes of the graticule, degrees north.
const LAT_LINES: [i32; 4] = [-10, -5, 0, 5];
/// Width of the gutter left of the map that holds the latitude labels (times the scale).
const GUTTER: f64 = 40.0;
/// Outline around map labels, so that they read over lines, land and points.
const HALO: &str = "#0b1022";
/// Font size of a boundary's label (times the scale).
const BOUNDARY_LABEL: f64 = 13.0;
/// Length of the arrow from a boundary line towards the side where its criterion holds
/// (times the scale).
const ARROW: f64 = 11.0;
/// The shortest that arrow gets where the map's edge is nearer (times the scale).
const ARROW_MIN: f64 = 6.0;

/// One display point of the map and whether both criteria hold at its local sunset.
#[derive(Clone, Debug, PartialEq)]
pub struct PointResult {
    /// Display name.
    pub name: String,
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
    /// Both criteria hold.
    pub met: bool,
}

/// A display point of the map (from the committed `data/map_points.json`).
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct DisplayPoint {
    /// Display name.
    pub name: String,
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
}

impl DisplayPoint {
    /// This point with its result.
    pub fn result(&self, met: bool) -> PointResult {
        PointResult {
            name: self.name.clone(),
            lat: self.lat,
            lon: self.lon,
            met,
        }
    }
}

/// The 95 display points of the map, in file order, parsed on first use.
pub fn display_points() -> Result<&'static [DisplayPoint], CardError> {
    #[derive(serde::Deserialize)]
    struct File {
        points: Vec<DisplayPoint>,
    }
    static POINTS: OnceLock<Result<Vec<DisplayPoint>, CardError>> = OnceLock::new();
    POINTS
        .get_or_init(|| {
            serde_json::from_str::<File>(POINTS_JSON)
                .map(|file| file.points)
                .map_err(|e| CardError::Input(format!("map points: {e}")))
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// Pixel geometry of the map window (equirectangular).
struct MapView {
    left: f64,
    top: f64,
    ppd: f64,
}

impl MapView {
    fn width(&self) -> f64 {
        (WINDOW_EAST - WINDOW_WEST) * self.ppd
    }

    fn height(&self) -> f64 {
        (WINDOW_NORTH - WINDOW_SOUTH) * self.ppd
    }

    fn x(&self, lon: f64) -> f64 {
        self.left + (lon - WINDOW_WEST) * self.ppd
    }

    fn y(&self, lat: f64) -> f64 {
        self.top + (WINDOW_NORTH - lat) * self.ppd
    }

    /// Pixel position of a grid point (grid index units).
    fn grid_xy(&self, grid: &VisibilityGrid, (gi, gj): GridPoint) -> (f64, f64) {
        (
            self.x(grid.lon0 + gi * grid.step_deg),
            self.y(grid.lat0 + gj * grid.step_deg),
        )
    }

    /// Path data of grid-unit polylines in pixels.
    fn path_d(&self, grid: &VisibilityGrid, lines: &[Vec<GridPoint>], closed: bool) -> String {
        lines
            .iter()
            .map(|line| {
                let pixels: Vec<(f64, f64)> = line.iter().map(|&p| self.grid_xy(grid, p)).collect();
                polyline_d(&pixels, closed)
            })
            .collect()
    }
}

fn land(svg: &mut Svg, view: &MapView, s: f64) -> Result<(), CardError> {
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
fn graticule(svg: &mut Svg, view: &MapView, s: f64) {
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

/// The graticule labels, outside the map: longitudes centred below it, latitudes in the
/// gutter on its left, so that no site, ring or label inside the map can cover them.
fn graticule_labels(svg: &mut Svg, view: &MapView, s: f64) {
    let label = TextStyle::new(11.0 * s, FAINT);
    for lon in LON_LINES {
        svg.text(
            view.x(f64::from(lon)),
            view.top + view.height() + 16.0 * s,
            label.anchor(Anchor::Middle),
            &format!("{lon}°BT"),
        );
    }
    for lat in LAT_LINES {
        let name = match lat {
            0 => "0°".to_owned(),
            l if l < 0 => format!("{}°LS", -l),
            l => format!("{l}°LU"),
        };
        svg.text(
            view.left - 6.0 * s,
            view.y(f64::from(lat)) + 4.0 * s,
            label.anchor(Anchor::End),
            &name,
        );
    }
}

/// The box of a bold map label of `size` centred on (cx, cy), and its baseline y.
fn centred(text: &str, size: f64, cx: f64, cy: f64) -> (LabelBox, f64) {
    let style = TextStyle::new(size, INK).bold().anchor(Anchor::Middle);
    let probe = LabelBox::text(&style, cx, cy, text);
    let baseline = cy + (cy - (probe.y0 + probe.y1) / 2.0);
    (LabelBox::text(&style, cx, baseline, text), baseline)
}

/// True if `b` lies inside the map, `inset` pixels from its edges.
fn inside(b: &LabelBox, view: &MapView, inset: f64) -> bool {
    b.x0 >= view.left + inset
        && b.x1 <= view.left + view.width() - inset
        && b.y0 >= view.top + inset
        && b.y1 <= view.top + view.height() - inset
}

/// How many display points (of radius `r`) `b` would cover.
fn covered(b: &LabelBox, view: &MapView, points: &[PointResult], r: f64) -> usize {
    points
        .iter()
        .filter(|p| {
            let (x, y) = (view.x(p.lon), view.y(p.lat));
            x + r > b.x0 && x - r < b.x1 && y + r > b.y0 && y - r < b.y1
        })
        .count()
}

/// Attributes of a map label's halo.
fn halo(s: f64) -> String {
    format!(
        r#"stroke="{HALO}" stroke-width="{}" paint-order="stroke" stroke-linejoin="round""#,
        num(4.0 * s)
    )
}

/// One boundary line to label: its polylines, the field it bounds and the label.
struct Boundary<'a> {
    lines: Vec<Vec<GridPoint>>,
    values: &'a [f64],
    label: String,
    colour: &'static str,
    id: &'static str,
}

/// Direction (pixels, unit length) in which `values` grows at grid point `p`, if defined
/// (central differences, one-sided at the grid's edges).
#[allow(
    clippy::indexing_slicing,
    reason = "every index is clamped to 0..n − 1 of a grid of nx·ny values"
)]
fn uphill(grid: &VisibilityGrid, values: &[f64], (gi, gj): GridPoint) -> Option<(f64, f64)> {
    if grid.nx < 2 || grid.ny < 2 || values.len() != grid.nx * grid.ny {
        return None;
    }
    // The nearest node and its neighbours on one axis (one side only at an edge).
    let near = |v: f64, n: usize| {
        let k = (v.round().max(0.0) as usize).min(n - 1);
        (k.saturating_sub(1), k, (k + 1).min(n - 1))
    };
    let ((i0, i, i1), (j0, j, j1)) = (near(gi, grid.nx), near(gj, grid.ny));
    let at = |i: usize, j: usize| values[j * grid.nx + i];
    let di = (at(i1, j) - at(i0, j)) / (i1 - i0) as f64;
    let dj = (at(i, j1) - at(i, j0)) / (j1 - j0) as f64;
    // Longitude grows to the right, latitude upwards (y down).
    let (dx, dy) = (di, -dj);
    let norm = dx.hypot(dy);
    (norm.is_finite() && norm > 0.0).then(|| (dx / norm, dy / norm))
}

/// Distance from `p` along the unit direction `d` to the map's edge, pixels.
fn room(view: &MapView, (px, py): (f64, f64), (dx, dy): (f64, f64)) -> f64 {
    let reach = |p: f64, d: f64, low: f64, high: f64| {
        if d > 1e-9 {
            (high - p) / d
        } else if d < -1e-9 {
            (low - p) / d
        } else {
            f64::INFINITY
        }
    };
    reach(px, dx, view.left, view.left + view.width())
        .min(reach(py, dy, view.top, view.top + view.height()))
        .max(0.0)
}

/// True if the segment from `a` to `c` passes through `b` (Liang–Barsky clipping).
fn crosses(b: &LabelBox, (ax, ay): (f64, f64), (cx, cy): (f64, f64)) -> bool {
    let (dx, dy) = (cx - ax, cy - ay);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, ax - b.x0),
        (dx, b.x1 - ax),
        (-dy, ay - b.y0),
        (dy, b.y1 - ay),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}

/// Where a boundary's label goes: the point on the line and the direction in which the
/// criterion holds there, the label's centre, baseline and box, and whether the label is
/// joined to the line by a leader (it is not beside the line on the criterion's side).
struct Place {
    at: (f64, f64),
    up: (f64, f64),
    centre: (f64, f64),
    baseline: f64,
    b: LabelBox,
    leader: bool,
}

impl Place {
    /// The boundary's `label` at `size`, centred on `centre`, for the line point `at` whose
    /// criterion side is `up`.
    fn new(
        label: &str,
        size: f64,
        (at, up): ((f64, f64), (f64, f64)),
        centre: (f64, f64),
        leader: bool,
    ) -> Place {
        let (b, baseline) = centred(label, size, centre.0, centre.1);
        Place {
            at,
            up,
            centre,
            baseline,
            b,
            leader,
        }
    }
}

/// Points along the boundary's lines (longest line first) at the given fractions of each
/// line, with the direction in which the criterion holds there.
fn anchors(
    view: &MapView,
    grid: &VisibilityGrid,
    boundary: &Boundary,
    fractions: &[f64],
) -> Vec<((f64, f64), (f64, f64))> {
    let mut lines: Vec<&Vec<GridPoint>> = boundary.lines.iter().collect();
    lines.sort_by_key(|line| std::cmp::Reverse(line.len()));
    lines
        .into_iter()
        .flat_map(|line| {
            fractions.iter().filter_map(move |fraction| {
                let at = (line.len().saturating_sub(1) as f64 * fraction).round() as usize;
                let &p = line.get(at)?;
                let up = uphill(grid, boundary.values, p)?;
                Some((view.grid_xy(grid, p), up))
            })
        })
        .collect()
}

/// Finds the place of a boundary's label. First choice: a short arrow from the line towards
/// the side where the criterion holds and `≥ value` beyond it, at the first place along the
/// line that stays inside the map, clear of `taken` and covering the fewest display points.
/// Where that side has no room (a thin strip at the map's edge), the label goes into free
/// space nearby, preferably straight across the line, joined to it by a leader, and the arrow
/// still points from the line to the criterion's side.
fn place_label(
    view: &MapView,
    grid: &VisibilityGrid,
    boundary: &Boundary,
    points: &[PointResult],
    taken: &[LabelBox],
    s: f64,
) -> Option<Place> {
    let size = BOUNDARY_LABEL * s;
    let (probe, _) = centred(&boundary.label, size, 0.0, 0.0);
    let reach = |(dx, dy): (f64, f64)| dx.abs() * probe.x1 + dy.abs() * probe.y1;
    let free = |b: &LabelBox| inside(b, view, 6.0 * s) && !b.hits(taken);
    // Beside the line, on the criterion's side.
    let mut best: Option<(usize, Place)> = None;
    for (at, up) in anchors(view, grid, boundary, &[0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]) {
        let distance = ARROW * s + reach(up) + 3.0 * s;
        let centre = (at.0 + up.0 * distance, at.1 + up.1 * distance);
        let place = Place::new(&boundary.label, size, (at, up), centre, false);
        if !free(&place.b) {
            continue;
        }
        let hidden = covered(&place.b, view, points, 4.2 * s);
        if best.as_ref().is_none_or(|(c, _)| hidden < *c) {
            best = Some((hidden, place));
        }
        if hidden == 0 {
            break;
        }
    }
    if let Some((_, place)) = best {
        return Some(place);
    }
    // In free space, joined by a leader: every few points along the lines, in eight
    // directions (across the line first) at growing gaps; the cost counts hidden points
    // first, then an arrow that cannot fit, a leader through another label, its length and
    // how far it turns from straight across.
    let fractions: Vec<f64> = (0..=32).map(|k| f64::from(k) / 32.0).collect();
    let mut best: Option<(f64, Place)> = None;
    for (at, up) in anchors(view, grid, boundary, &fractions) {
        let across = (-up.0, -up.1);
        let arrow_fits = room(view, at, up) >= ARROW_MIN * s + 2.0 * s;
        for (turn, angle) in [0.0_f64, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0, 180.0]
            .into_iter()
            .enumerate()
        {
            let (sin, cos) = angle.to_radians().sin_cos();
            let d = (
                across.0 * cos - across.1 * sin,
                across.0 * sin + across.1 * cos,
            );
            for gap in [10.0, 20.0, 40.0, 80.0, 160.0] {
                let distance = reach(d) + gap * s;
                let centre = (at.0 + d.0 * distance, at.1 + d.1 * distance);
                let place = Place::new(&boundary.label, size, (at, up), centre, true);
                if !free(&place.b) {
                    continue;
                }
                let through = taken.iter().any(|t| crosses(t, at, centre));
                let cost = 1e6 * covered(&place.b, view, points, 4.2 * s) as f64
                    + 1e5 * f64::from(u8::from(!arrow_fits))
                    + 1e4 * f64::from(u8::from(through))
                    + gap
                    + 10.0 * turn as f64;
                if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                    best = Some((cost, place));
                }
            }
        }
    }
    best.map(|(_, place)| place)
}

/// Labels a boundary with `≥ value` and an arrow from the line to the side where the
/// criterion holds (see [`place_label`]); returns nothing only for a boundary without lines.
fn boundary_label(
    svg: &mut Svg,
    view: &MapView,
    grid: &VisibilityGrid,
    boundary: &Boundary,
    points: &[PointResult],
    taken: &mut Vec<LabelBox>,
    s: f64,
) {
    let Some(place) = place_label(view, grid, boundary, points, taken, s) else {
        return;
    };
    let ((px, py), (ux, uy)) = (place.at, place.up);
    let stroke = |width: f64| {
        format!(
            r#"stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
            boundary.colour,
            num(width * s)
        )
    };
    if place.leader {
        // From the label's edge (plus a gap) to the line.
        let (cx, cy) = place.centre;
        let (dx, dy) = (px - cx, py - cy);
        let half = (
            (place.b.x1 - place.b.x0) / 2.0,
            (place.b.y1 - place.b.y0) / 2.0,
        );
        let exit = [(dx, half.0), (dy, half.1)]
            .iter()
            .filter(|(d, _)| d.abs() > 1e-9)
            .map(|(d, h)| (h + 3.0 * s) / d.abs())
            .fold(f64::INFINITY, f64::min);
        if exit < 1.0 {
            svg.line(
                cx + dx * exit,
                cy + dy * exit,
                px,
                py,
                &format!(r#"id="{}-leader" {}"#, boundary.id, stroke(1.4)),
            );
        }
    }
    let length = if place.leader {
        (room(view, place.at, place.up) - 2.0 * s).clamp(ARROW_MIN * s, ARROW * s)
    } else {
        ARROW * s
    };
    let head = 5.0 * s;
    let (tx, ty) = (px + ux * length, py + uy * length);
    let (bx, by) = (tx - ux * head, ty - uy * head);
    let (wx, wy) = (-uy * 0.7 * head, ux * 0.7 * head);
    let d = format!(
        "M{} {}L{} {}M{} {}L{} {}L{} {}Z",
        num(px),
        num(py),
        num(bx),
        num(by),
        num(tx),
        num(ty),
        num(bx + wx),
        num(by + wy),
        num(bx - wx),
        num(by - wy)
    );
    svg.path(
        &d,
        &format!(
            r#"id="{}-arrow" fill="{}" {}"#,
            boundary.id,
            boundary.colour,
            stroke(2.2)
        ),
    );
    svg.text_with(
        place.centre.0,
        place.baseline,
        TextStyle::new(BOUNDARY_LABEL * s, boundary.colour)
            .bold()
            .anchor(Anchor::Middle),
        &format!(r#"id="{}-label" {}"#, boundary.id, halo(s)),
        &boundary.label,
    );
    taken.push(place.b);
}

/// The region where both criteria hold and the two boundary lines; returns the boundaries
/// (lines in grid units, with their labels), altitude first.
fn visibility_layers<'g>(
    svg: &mut Svg,
    view: &MapView,
    grid: &'g VisibilityGrid,
    limits: Limits,
    s: f64,
) -> [Boundary<'g>; 2] {
    let margin = grid.margin(limits);
    let area = region(&margin, grid.nx, grid.ny, 0.0);
    if !area.is_empty() {
        svg.path(
            &view.path_d(grid, &area, true),
            &format!(r#"id="region" fill="{REGION}" fill-opacity="0.33""#),
        );
    }
    let alt = isolines(&grid.alt_deg, grid.nx, grid.ny, limits.min_moon_alt_deg());
    let elong = isolines(
        &grid.elong_deg,
        grid.nx,
        grid.ny,
        limits.min_elongation_deg(),
    );
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
    [
        Boundary {
            lines: alt,
            values: &grid.alt_deg,
            label: format!("tinggi ≥ {}", frame::threshold(limits.min_moon_alt_deg())),
            colour: ALT_LINE,
            id: "alt",
        },
        Boundary {
            lines: elong,
            values: &grid.elong_deg,
            label: format!(
                "elongasi ≥ {}",
                frame::threshold(limits.min_elongation_deg())
            ),
            colour: ELONG_LINE,
            id: "elong",
        },
    ]
}

/// Labels both boundary lines (see [`boundary_label`]).
fn boundary_labels(
    svg: &mut Svg,
    view: &MapView,
    grid: &VisibilityGrid,
    boundaries: &[Boundary; 2],
    points: &[PointResult],
    taken: &mut Vec<LabelBox>,
    s: f64,
) {
    for boundary in boundaries {
        boundary_label(svg, view, grid, boundary, points, taken, s);
    }
}

/// The display points, the deciding site's ring under them (so it hides none) and its name
/// where it covers the fewest points; returns the name's box.
fn points_layer(
    svg: &mut Svg,
    view: &MapView,
    points: &[PointResult],
    ctx: &CardContext,
    s: f64,
) -> [LabelBox; 2] {
    let (x, y) = (view.x(ctx.site.lon), view.y(ctx.site.lat));
    let ring = 12.5 * s;
    let ring_box = LabelBox {
        x0: x - ring,
        y0: y - ring,
        x1: x + ring,
        y1: y + ring,
    };
    svg.circle(
        x,
        y,
        11.0 * s,
        &format!(
            r#"id="decider" fill="none" stroke="{RING}" stroke-width="{}""#,
            num(3.0 * s)
        ),
    );
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
        svg.circle(
            view.x(point.lon),
            view.y(point.lat),
            4.2 * s,
            &format!(r#"class="{class}" data-i="{k}" fill="{colour}""#),
        );
    }
    svg.close_group();
    // Right, left, above, below the ring: the first of the fewest points covered.
    let size = 14.0 * s;
    let name = &ctx.site.name;
    let (half, _) = centred(name, size, 0.0, 0.0);
    let gap = 16.0 * s;
    let candidates = [
        (x + gap + half.x1, y),
        (x - gap - half.x1, y),
        (x, y - gap - half.y1),
        (x, y + gap + half.y1),
    ];
    let (cx, baseline, b) = candidates
        .iter()
        .map(|&(cx, cy)| {
            let (b, baseline) = centred(name, size, cx, cy);
            (cx, baseline, b)
        })
        .min_by_key(|(_, _, b)| {
            let outside = usize::from(!inside(b, view, 4.0 * s)) * 1000;
            outside + covered(b, view, points, 4.2 * s)
        })
        .unwrap_or((x, y, half));
    svg.text_with(
        cx,
        baseline,
        TextStyle::new(size, RING).bold().anchor(Anchor::Middle),
        &format!(r#"id="decider-label" {}"#, halo(s)),
        name,
    );
    [ring_box, b]
}

/// The legend in two columns from `y` (the deciding site's ring among `sites` checked
/// sites), with the note on the boundaries' arrows when a boundary line is drawn
/// (`boundaries`); returns the y below it.
fn legend(
    svg: &mut Svg,
    frame: &Frame,
    limits: Limits,
    sites: usize,
    boundaries: bool,
    y: f64,
) -> f64 {
    let s = frame.s;
    let row = 28.0 * s;
    let swatch = 26.0 * s;
    let column_x = [frame.margin, frame.margin + 0.5 * frame.inner_width()];
    let marks = [
        format!(
            r#"<rect x="{{x}}" y="{}" width="{}" height="{}" rx="{}" fill="{REGION}" fill-opacity="0.45"/>"#,
            num(-7.0 * s),
            num(swatch),
            num(14.0 * s),
            num(3.0 * s)
        ),
        format!(
            r#"<path d="M{{x}} 0h{}" stroke="{ALT_LINE}" stroke-width="{}"/>"#,
            num(swatch),
            num(3.0 * s)
        ),
        format!(
            r#"<circle cx="{{xc}}" cy="0" r="{}" fill="none" stroke="{RING}" stroke-width="{}"/>"#,
            num(8.0 * s),
            num(2.5 * s)
        ),
        format!(
            r#"<path d="M{{x}} 0h{}" stroke="{ELONG_LINE}" stroke-width="{}" stroke-dasharray="{} {}"/>"#,
            num(swatch),
            num(3.0 * s),
            num(8.0 * s),
            num(4.0 * s)
        ),
    ];
    let labels = [
        "Wilayah memenuhi kriteria".to_owned(),
        format!(
            "Batas tinggi hilal {}",
            frame::threshold(limits.min_moon_alt_deg())
        ),
        format!("Lokasi penentu ({sites} lokasi)"),
        format!(
            "Batas elongasi {}",
            frame::threshold(limits.min_elongation_deg())
        ),
    ];
    for (k, (mark, label)) in marks.iter().zip(labels).enumerate() {
        #[allow(
            clippy::indexing_slicing,
            reason = "four legend entries in two columns: k / 2 < 2"
        )]
        let x = column_x[k / 2];
        let line_y = y + (k % 2) as f64 * row;
        svg.open_group(&format!(r#"transform="translate(0 {})""#, num(line_y)));
        svg.raw(
            &mark
                .replace("{x}", &num(x))
                .replace("{xc}", &num(x + swatch / 2.0)),
        );
        svg.close_group();
        svg.text(
            x + swatch + 12.0 * s,
            line_y + 5.0 * s,
            TextStyle::new(15.0 * s, INK),
            &label,
        );
    }
    if !boundaries {
        return y + row + 14.0 * s;
    }
    let note_y = y + 2.0 * row - 2.0 * s;
    svg.text_with(
        frame.margin,
        note_y,
        TextStyle::new(13.0 * s, MUTED),
        r#"id="boundary-note""#,
        "Panah pada label “≥” menunjuk ke sisi garis batas yang memenuhi batas itu",
    );
    note_y + 8.0 * s
}

/// The counts of display points that meet and do not meet the criteria, with a bar; returns
/// the y below the box.
fn counts(svg: &mut Svg, frame: &Frame, points: &[PointResult], y: f64) -> f64 {
    let s = frame.s;
    let (x, w) = (frame.margin, frame.inner_width());
    let h = 100.0 * s;
    svg.rect(
        x,
        y,
        w,
        h,
        12.0 * s,
        &format!(r#"fill="{BOX}" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    svg.text(
        x + 20.0 * s,
        y + 26.0 * s,
        TextStyle::new(12.0 * s, MUTED).bold().spaced(1.5 * s),
        &format!("{} TITIK TAMPILAN SAAT MATAHARI TERBENAM", points.len()),
    );
    let met = points.iter().filter(|p| p.met).count();
    let not = points.len() - met;
    let half = (w - 40.0 * s) / 2.0;
    for (k, (count, label, colour, id)) in [
        (met, "memenuhi kriteria", POINT_MET, "count-met"),
        (not, "tidak memenuhi", POINT_NOT, "count-not"),
    ]
    .into_iter()
    .enumerate()
    {
        let cx = x + 20.0 * s + k as f64 * half;
        svg.circle(
            cx + 7.0 * s,
            y + 52.0 * s,
            7.0 * s,
            &format!(r#"fill="{colour}""#),
        );
        svg.text_with(
            cx + 24.0 * s,
            y + 60.0 * s,
            TextStyle::new(24.0 * s, INK).bold(),
            &format!(r#"id="{id}""#),
            &count.to_string(),
        );
        svg.text(
            cx + 34.0 * s + 16.0 * s * count.to_string().len() as f64,
            y + 60.0 * s,
            TextStyle::new(16.0 * s, MUTED),
            label,
        );
    }
    // Proportion bar.
    let (bx, by, bw, bh) = (x + 20.0 * s, y + 76.0 * s, w - 40.0 * s, 10.0 * s);
    svg.rect(
        bx,
        by,
        bw,
        bh,
        bh / 2.0,
        &format!(r#"fill="{POINT_NOT}" fill-opacity="0.35""#),
    );
    if met > 0 {
        let share = met as f64 / points.len() as f64;
        svg.rect(
            bx,
            by,
            bw * share,
            bh,
            bh / 2.0,
            &format!(r#"fill="{POINT_MET}""#),
        );
    }
    y + h
}

/// The visibility map as SVG (720x1280, or 1440x1520 without the criteria panel when `bare`).
pub fn map_svg(
    ctx: &CardContext,
    grid: &VisibilityGrid,
    points: &[PointResult],
    bare: bool,
) -> Result<String, CardError> {
    grid.validate()?;
    if let Some(p) = points
        .iter()
        .find(|p| !(p.lat.is_finite() && p.lon.is_finite()))
    {
        return Err(CardError::Input(format!(
            "display point {:?} has no position",
            p.name
        )));
    }
    let titles = frame::titles(ctx)?;
    let frame = Frame::new(bare);
    let s = frame.s;
    let mut svg = frame.document();
    let top = frame::header(
        &mut svg,
        &frame,
        &titles,
        "PETA VISIBILITAS HILAL · SAAT MAGRIB",
    );
    let ppd = (frame.inner_width() - GUTTER * s) / (WINDOW_EAST - WINDOW_WEST);
    let view = MapView {
        left: frame.margin + GUTTER * s,
        top: top + 10.0 * s,
        ppd,
    };
    let radius = 14.0 * s;
    svg.raw(&format!(
        r#"<defs><clipPath id="mapclip"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/></clipPath></defs>"#,
        num(view.left),
        num(view.top),
        num(view.width()),
        num(view.height()),
        num(radius)
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
    graticule(&mut svg, &view, s);
    land(&mut svg, &view, s)?;
    let boundaries = visibility_layers(&mut svg, &view, grid, ctx.limits, s);
    let mut taken = points_layer(&mut svg, &view, points, ctx, s).to_vec();
    boundary_labels(&mut svg, &view, grid, &boundaries, points, &mut taken, s);
    svg.close_group();
    graticule_labels(&mut svg, &view, s);
    svg.rect(
        view.left,
        view.top,
        view.width(),
        view.height(),
        radius,
        &format!(r#"fill="none" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    let drawn = boundaries.iter().any(|b| !b.lines.is_empty());
    let y = legend(
        &mut svg,
        &frame,
        ctx.limits,
        ctx.sites_checked,
        drawn,
        view.top + view.height() + 42.0 * s,
    );
    let y = counts(&mut svg, &frame, points, y + 6.0 * s);
    let panel_top = if bare {
        frame.height
    } else {
        (frame.height - frame::FOOTER_HEIGHT - PANEL_HEIGHT).max(y + 70.0)
    };
    // The deciding site's verdict, centred between the counts and the panel (or the footer).
    let pill_y = (y + panel_top.min(frame.height - 76.0 * s)) / 2.0 - 23.0 * s;
    frame::verdict_pill(
        &mut svg,
        frame.width / 2.0,
        pill_y,
        s,
        verdict(ctx.values, ctx.limits),
    );
    if !bare {
        criteria_panel(&mut svg, &frame, ctx, panel_top);
    }
    frame::footer(&mut svg, &frame, ctx.limits);
    Ok(svg.finish())
}
