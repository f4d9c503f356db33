//! The map's labels: the graticule's outside the window, the deciding site's name where it
//! covers the fewest display points, and each boundary line's `≥ value` with an arrow to the
//! side where its criterion holds (placed with [`crate::place`]).

use super::layers::{Boundary, POINT_RADIUS, RING};
use super::view::{MapView, LAT_LINES, LON_LINES};
use super::PointResult;
use crate::contour::GridPoint;
use crate::frame::{FAINT, INK};
use crate::grid::VisibilityGrid;
use crate::place::{cheapest, crosses, fan, leader_start, room, LabelBox};
use crate::svg::{num, Anchor, Svg, TextStyle};

/// Outline around map labels, so that they read over lines, land and points.
const HALO: &str = "#0b1022";
/// Font size of a boundary's label (times the scale).
const BOUNDARY_LABEL: f64 = 13.0;
/// Length of the arrow from a boundary line towards the side where its criterion holds
/// (times the scale).
const ARROW: f64 = 11.0;
/// The shortest that arrow gets where the map's edge is nearer (times the scale).
const ARROW_MIN: f64 = 6.0;
/// Where along a boundary's lines its label is first tried beside the line (fractions of a
/// line, the middle first).
const BESIDE: [f64; 7] = [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9];
/// The turns from straight across the line at which a label set apart is tried, degrees.
const TURNS: [f64; 8] = [0.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0, 180.0];
/// The gaps between a label set apart and its line point (times the scale).
const GAPS: [f64; 5] = [10.0, 20.0, 40.0, 80.0, 160.0];

/// The graticule labels, outside the map: longitudes centred below it, latitudes in the
/// gutter on its left, so that no site, ring or label inside the map can cover them.
pub fn graticule_labels(svg: &mut Svg, view: &MapView, s: f64) {
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

/// The box of a bold map label of `size` centred on `centre`, and its baseline y.
fn centred(text: &str, size: f64, centre: (f64, f64)) -> (LabelBox, f64) {
    let style = TextStyle::new(size, INK).bold().anchor(Anchor::Middle);
    LabelBox::centred(&style, centre, text)
}

/// How many display points `b` would cover.
fn covered(b: &LabelBox, view: &MapView, points: &[PointResult], s: f64) -> usize {
    b.covers(
        points.iter().map(|p| view.at(p.lat, p.lon)),
        POINT_RADIUS * s,
    )
}

/// Attributes of a map label's halo.
fn halo(s: f64) -> String {
    format!(
        r#"stroke="{HALO}" stroke-width="{}" paint-order="stroke" stroke-linejoin="round""#,
        num(4.0 * s)
    )
}

/// The deciding site's `name` beside its ring at `(x, y)`: right, left, above or below it,
/// the first of those inside the map that covers the fewest points; returns the name's box.
pub fn site_label(
    svg: &mut Svg,
    view: &MapView,
    points: &[PointResult],
    (name, (x, y)): (&str, (f64, f64)),
    s: f64,
) -> LabelBox {
    let size = 14.0 * s;
    let (half, _) = centred(name, size, (0.0, 0.0));
    let gap = 16.0 * s;
    let candidates = [
        (x + gap + half.x1, y),
        (x - gap - half.x1, y),
        (x, y - gap - half.y1),
        (x, y + gap + half.y1),
    ];
    let area = view.area();
    let (cx, baseline, b) = cheapest(
        candidates.iter().map(|&(cx, cy)| {
            let (b, baseline) = centred(name, size, (cx, cy));
            (cx, baseline, b)
        }),
        |(_, _, b)| {
            let outside = usize::from(!b.within(&area, 4.0 * s)) * 1000;
            Some((outside + covered(b, view, points, s)) as f64)
        },
    )
    .unwrap_or((x, y, half));
    svg.text_with(
        cx,
        baseline,
        TextStyle::new(size, RING).bold().anchor(Anchor::Middle),
        &format!(r#"id="decider-label" {}"#, halo(s)),
        name,
    );
    b
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
        let (b, baseline) = centred(label, size, centre);
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
    let (probe, _) = centred(&boundary.label, size, (0.0, 0.0));
    let area = view.area();
    let free = |b: &LabelBox| b.within(&area, 6.0 * s) && !b.hits(taken);
    // Beside the line, on the criterion's side.
    let beside = anchors(view, grid, boundary, &BESIDE)
        .into_iter()
        .map(|(at, up)| {
            let distance = ARROW * s + probe.reach(up) + 3.0 * s;
            let centre = (at.0 + up.0 * distance, at.1 + up.1 * distance);
            Place::new(&boundary.label, size, (at, up), centre, false)
        });
    let best = cheapest(beside, |place| {
        free(&place.b).then(|| covered(&place.b, view, points, s) as f64)
    });
    if best.is_some() {
        return best;
    }
    // In free space, joined by a leader: every few points along the lines, in eight
    // directions (across the line first) at growing gaps; the cost counts hidden points
    // first, then an arrow that cannot fit, a leader through another label, its length and
    // how far it turns from straight across.
    let fractions: Vec<f64> = (0..=32).map(|k| f64::from(k) / 32.0).collect();
    let apart = anchors(view, grid, boundary, &fractions)
        .into_iter()
        .flat_map(|(at, up)| {
            let arrow_fits = room(&area, at, up) >= ARROW_MIN * s + 2.0 * s;
            fan(at, (-up.0, -up.1), &probe, &TURNS, &GAPS, s)
                .into_iter()
                .map(move |spot| (at, up, spot, arrow_fits))
        })
        .map(|(at, up, spot, arrow_fits)| {
            let place = Place::new(&boundary.label, size, (at, up), spot.centre, true);
            (place, spot, arrow_fits)
        });
    cheapest(apart, |(place, spot, arrow_fits)| {
        if !free(&place.b) {
            return None;
        }
        let through = taken.iter().any(|t| crosses(t, place.at, place.centre));
        Some(
            1e6 * covered(&place.b, view, points, s) as f64
                + 1e5 * f64::from(u8::from(!arrow_fits))
                + 1e4 * f64::from(u8::from(through))
                + spot.gap
                + 10.0 * spot.turn as f64,
        )
    })
    .map(|(place, ..)| place)
}

/// Labels a boundary with `≥ value` and an arrow from the line to the side where the
/// criterion holds (see [`place_label`]); nothing only for a boundary without lines.
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
        if let Some((x, y)) = leader_start(&place.b, place.centre, place.at, 3.0 * s) {
            svg.line(
                x,
                y,
                px,
                py,
                &format!(r#"id="{}-leader" {}"#, boundary.id, stroke(1.4)),
            );
        }
    }
    let length = if place.leader {
        (room(&view.area(), place.at, place.up) - 2.0 * s).clamp(ARROW_MIN * s, ARROW * s)
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

/// Labels both boundary lines (see [`boundary_label`]), clear of the `taken` boxes, which
/// gain the labels' boxes.
pub fn boundary_labels(
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
