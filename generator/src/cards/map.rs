//! The visibility map (`/hilal/map`): the archipelago, the region where both criteria hold at
//! local sunset, the 3° altitude and 6.4° elongation boundaries, the display points (green
//! where the criteria hold, gray where not), the deciding site's yellow ring, a legend with
//! counts and, on normal cards, the criteria panel with the same site row as the sky chart.

use std::fmt::Write as _;
use std::sync::OnceLock;

use super::basemap::basemap;
use super::contour::{isolines, region, GridPoint};
use super::frame::{self, Frame, BOX, BOX_LINE, FAINT, INK, MUTED};
use super::grid::{VisibilityGrid, WINDOW_EAST, WINDOW_NORTH, WINDOW_SOUTH, WINDOW_WEST};
use super::panel::{criteria_panel, PANEL_HEIGHT};
use super::svg::{num, polyline_d, Anchor, Svg, TextStyle};
use super::verdict::verdict;
use super::{CardContext, CardError};
use crate::visibility::{MIN_ALTITUDE_DEG, MIN_ELONGATION_DEG};

/// The committed display points (`data/map_points.json`).
pub(super) const POINTS_JSON: &str = include_str!("../../../data/map_points.json");

/// Fill of the region where both criteria hold.
const REGION: &str = "#22c55e";
/// The 3° altitude boundary.
const ALT_LINE: &str = "#fbbf24";
/// The 6.4° elongation boundary.
const ELONG_LINE: &str = "#38bdf8";
/// A display point where the criteria hold.
const POINT_MET: &str = "#4ade80";
/// A display point where they do not.
const POINT_NOT: &str = "#9ca3af";
/// The deciding site's ring.
const RING: &str = "#facc15";

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

fn graticule(svg: &mut Svg, view: &MapView, s: f64) {
    let mut d = String::new();
    let label = TextStyle::new(11.0 * s, FAINT);
    for lon in (95..=140).step_by(5) {
        let x = view.x(f64::from(lon));
        let _ = write!(d, "M{} {}v{}", num(x), num(view.top), num(view.height()));
        svg.text(
            x + 4.0 * s,
            view.top + view.height() - 6.0 * s,
            label,
            &format!("{lon}°BT"),
        );
    }
    for lat in [-10, -5, 0, 5] {
        let y = view.y(f64::from(lat));
        let _ = write!(d, "M{} {}h{}", num(view.left), num(y), num(view.width()));
        let name = match lat {
            0 => "0°".to_owned(),
            l if l < 0 => format!("{}°LS", -l),
            l => format!("{l}°LU"),
        };
        svg.text(view.left + 6.0 * s, y - 4.0 * s, label, &name);
    }
    svg.path(
        &d,
        &format!(
            r##"stroke="#ffffff" stroke-opacity="0.08" stroke-width="{}" fill="none""##,
            num(s)
        ),
    );
}

fn visibility_layers(svg: &mut Svg, view: &MapView, grid: &VisibilityGrid, s: f64) {
    let margin = grid.margin();
    let area = region(&margin, grid.nx, grid.ny, 0.0);
    if !area.is_empty() {
        svg.path(
            &view.path_d(grid, &area, true),
            &format!(r#"id="region" fill="{REGION}" fill-opacity="0.33""#),
        );
    }
    let alt = isolines(&grid.alt_deg, grid.nx, grid.ny, MIN_ALTITUDE_DEG);
    let elong = isolines(&grid.elong_deg, grid.nx, grid.ny, MIN_ELONGATION_DEG);
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
}

fn points_layer(svg: &mut Svg, view: &MapView, points: &[PointResult], ctx: &CardContext, s: f64) {
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
    let (x, y) = (view.x(ctx.site.lon), view.y(ctx.site.lat));
    svg.circle(
        x,
        y,
        11.0 * s,
        &format!(
            r#"id="decider" fill="none" stroke="{RING}" stroke-width="{}""#,
            num(3.0 * s)
        ),
    );
    let right = x < view.left + view.width() - 260.0 * s;
    let (lx, anchor) = if right {
        (x + 17.0 * s, Anchor::Start)
    } else {
        (x - 17.0 * s, Anchor::End)
    };
    svg.text_with(
        lx,
        y + 5.0 * s,
        TextStyle::new(14.0 * s, RING).bold().anchor(anchor),
        &format!(
            r##"stroke="#0b1022" stroke-width="{}" paint-order="stroke" stroke-linejoin="round""##,
            num(4.0 * s)
        ),
        &ctx.site.name,
    );
}

/// The legend in two columns from `y`; returns the y below it.
fn legend(svg: &mut Svg, frame: &Frame, y: f64) -> f64 {
    let s = frame.s;
    let row = 30.0 * s;
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
        "Wilayah memenuhi kriteria",
        "Batas tinggi hilal 3°",
        "Lokasi penentu (25 lokasi)",
        "Batas elongasi 6,4°",
    ];
    for (k, (mark, label)) in marks.iter().zip(labels).enumerate() {
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
            label,
        );
    }
    y + 2.0 * row
}

/// The counts of display points that meet and do not meet the criteria, with a bar; returns
/// the y below the box.
fn counts(svg: &mut Svg, frame: &Frame, points: &[PointResult], y: f64) -> f64 {
    let s = frame.s;
    let (x, w) = (frame.margin, frame.inner_width());
    let h = 112.0 * s;
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
        y + 28.0 * s,
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
            y + 57.0 * s,
            7.0 * s,
            &format!(r#"fill="{colour}""#),
        );
        svg.text_with(
            cx + 24.0 * s,
            y + 65.0 * s,
            TextStyle::new(24.0 * s, INK).bold(),
            &format!(r#"id="{id}""#),
            &count.to_string(),
        );
        svg.text(
            cx + 34.0 * s + 16.0 * s * count.to_string().len() as f64,
            y + 65.0 * s,
            TextStyle::new(16.0 * s, MUTED),
            label,
        );
    }
    // Proportion bar.
    let (bx, by, bw, bh) = (x + 20.0 * s, y + 84.0 * s, w - 40.0 * s, 10.0 * s);
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
    let ppd = frame.inner_width() / (WINDOW_EAST - WINDOW_WEST);
    let view = MapView {
        left: frame.margin,
        top: top + 14.0 * s,
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
    visibility_layers(&mut svg, &view, grid, s);
    points_layer(&mut svg, &view, points, ctx, s);
    svg.close_group();
    svg.rect(
        view.left,
        view.top,
        view.width(),
        view.height(),
        radius,
        &format!(r#"fill="none" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    let y = legend(&mut svg, &frame, view.top + view.height() + 34.0 * s);
    let y = counts(&mut svg, &frame, points, y + 6.0 * s);
    let panel_top = if bare {
        frame.height
    } else {
        (frame.height - 72.0 - PANEL_HEIGHT).max(y + 90.0)
    };
    // The deciding site's verdict, centred between the counts and the panel (or the footer).
    let pill_y = (y + panel_top.min(frame.height - 60.0 * s)) / 2.0 - 23.0 * s;
    frame::verdict_pill(&mut svg, frame.width / 2.0, pill_y, s, verdict(ctx.values));
    if !bare {
        criteria_panel(&mut svg, &frame, ctx, panel_top);
    }
    frame::footer(&mut svg, &frame);
    Ok(svg.finish())
}
