//! The visibility map (`/hilal/map`): the archipelago, the region where both criteria hold at
//! local sunset, the criterion's altitude and elongation boundaries (each labelled `≥ value`
//! on the side where it holds), the display points (green where the criteria hold, gray where not),
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
pub(super) const POINTS_JSON: &str = include_str!("../../../data/map_points.json");

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

/// Direction (pixels, unit length) in which `values` grows at grid point `p`, if defined.
#[allow(
    clippy::indexing_slicing,
    reason = "i, j are clamped to 1..=n − 2, so every neighbour is a node of the nx·ny values"
)]
fn uphill(grid: &VisibilityGrid, values: &[f64], (gi, gj): GridPoint) -> Option<(f64, f64)> {
    let clamp = |v: f64, n: usize| (v.round().max(1.0) as usize).min(n - 2);
    let (i, j) = (clamp(gi, grid.nx), clamp(gj, grid.ny));
    let at = |i: usize, j: usize| values[j * grid.nx + i];
    let di = (at(i + 1, j) - at(i - 1, j)) / 2.0;
    let dj = (at(i, j + 1) - at(i, j - 1)) / 2.0;
    // Longitude grows to the right, latitude upwards (y down).
    let (dx, dy) = (di, -dj);
    let norm = dx.hypot(dy);
    (norm.is_finite() && norm > 0.0).then(|| (dx / norm, dy / norm))
}

/// Labels a boundary with its value on the side where the criterion holds: a short tick from
/// the line towards that side and `≥ value` beyond it, at the first place along the line that
/// stays inside the map, clear of `taken` and covering the fewest display points.
fn boundary_label(
    svg: &mut Svg,
    view: &MapView,
    grid: &VisibilityGrid,
    boundary: &Boundary,
    points: &[PointResult],
    taken: &mut Vec<LabelBox>,
    s: f64,
) {
    if boundary.lines.is_empty() || grid.nx < 3 || grid.ny < 3 {
        return;
    }
    let size = 13.0 * s;
    let tick = 9.0 * s;
    let mut lines: Vec<&Vec<GridPoint>> = boundary.lines.iter().collect();
    lines.sort_by_key(|line| std::cmp::Reverse(line.len()));
    // (points hidden, point on the line, label centre, baseline, box) of the best place.
    type Place = (usize, (f64, f64), (f64, f64), f64, LabelBox);
    let mut best: Option<Place> = None;
    let (probe, _) = centred(&boundary.label, size, 0.0, 0.0);
    for line in lines {
        for fraction in [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9] {
            let at = (line.len().saturating_sub(1) as f64 * fraction).round() as usize;
            let Some(&p) = line.get(at) else {
                continue;
            };
            let Some((ux, uy)) = uphill(grid, boundary.values, p) else {
                continue;
            };
            let (px, py) = view.grid_xy(grid, p);
            let reach = ux.abs() * probe.x1 + uy.abs() * probe.y1 + 3.0 * s;
            let (cx, cy) = (px + ux * (tick + reach), py + uy * (tick + reach));
            let (b, baseline) = centred(&boundary.label, size, cx, cy);
            if !inside(&b, view, 6.0 * s) || b.hits(taken) {
                continue;
            }
            let hidden = covered(&b, view, points, 4.2 * s);
            if best.as_ref().is_none_or(|(c, ..)| hidden < *c) {
                best = Some((hidden, (px, py), (cx, cy), baseline, b));
            }
            if hidden == 0 {
                break;
            }
        }
        if best.as_ref().is_some_and(|(c, ..)| *c == 0) {
            break;
        }
    }
    let Some((_, (px, py), (cx, cy), baseline, b)) = best else {
        return;
    };
    let (ux, uy) = ((cx - px), (cy - py));
    let norm = ux.hypot(uy);
    svg.line(
        px,
        py,
        px + ux / norm * tick,
        py + uy / norm * tick,
        &format!(
            r#"stroke="{}" stroke-width="{}" stroke-linecap="round""#,
            boundary.colour,
            num(2.2 * s)
        ),
    );
    svg.text_with(
        cx,
        baseline,
        TextStyle::new(size, boundary.colour)
            .bold()
            .anchor(Anchor::Middle),
        &format!(r#"id="{}-label" {}"#, boundary.id, halo(s)),
        &boundary.label,
    );
    taken.push(b);
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

/// The legend in two columns from `y`; returns the y below it.
fn legend(svg: &mut Svg, frame: &Frame, limits: Limits, y: f64) -> f64 {
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
        "Lokasi penentu (25 lokasi)".to_owned(),
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
    let note_y = y + 2.0 * row - 2.0 * s;
    svg.text(
        frame.margin,
        note_y,
        TextStyle::new(13.0 * s, MUTED),
        "Label “≥” pada garis batas ada di sisi yang memenuhi batas itu",
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
    let y = legend(
        &mut svg,
        &frame,
        ctx.limits,
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
