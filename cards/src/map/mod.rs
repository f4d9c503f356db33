//! The archipelago map (`/hilal/map` of a site criterion and of wujudul hilal): the
//! archipelago, the region where the rule holds at local sunset, its two boundaries (a
//! criterion's altitude and elongation, each labelled `≥ value`; wujudul hilal's lines where
//! the Moon sets with the Sun and where the conjunction falls at sunset), each with an arrow
//! to the side where it holds, the display points (green where the rule holds, gray where
//! not), the deciding site's yellow ring under them with its name where it
//! covers the fewest points, the graticule labelled outside the map, a legend with counts
//! and, on normal cards, the criteria panel with the same site row as the sky chart.
//!
//! By job: [`view`] (the window's geometry), [`layers`] (what is drawn inside it), [`labels`]
//! (placed with [`crate::place`]) and [`legend`] (below it); this module holds the display
//! points and puts the card together.

pub(crate) mod labels;
pub(crate) mod layers;
mod legend;
pub(crate) mod view;

use std::sync::OnceLock;

use self::view::MapView;
use crate::frame::{self, Frame};
use crate::grid::VisibilityGrid;
use crate::panel::{criteria_panel, PANEL_HEIGHT};
use crate::verdict;
use crate::{CardContext, CardError};

/// The committed display points (`data/map_points.json`).
pub(super) const POINTS_JSON: &str = include_str!("../../../data/map_points.json");

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

/// An error naming the first display point without a finite position, if any.
pub(crate) fn check_points(points: &[PointResult]) -> Result<(), CardError> {
    match points
        .iter()
        .find(|p| !(p.lat.is_finite() && p.lon.is_finite()))
    {
        Some(p) => Err(CardError::Input(format!(
            "display point {:?} has no position",
            p.name
        ))),
        None => Ok(()),
    }
}

/// The visibility map as SVG (720x1280, or 1440x1520 without the criteria panel when `bare`).
pub fn map_svg(
    ctx: &CardContext,
    grid: &VisibilityGrid,
    points: &[PointResult],
    bare: bool,
) -> Result<String, CardError> {
    grid.validate()?;
    check_points(points)?;
    let titles = frame::titles(ctx)?;
    let terms = ctx.rule.map_terms()?;
    let frame = Frame::new(bare);
    let s = frame.s;
    let mut svg = frame.document();
    let top = frame::header(&mut svg, &frame, &titles, terms.kicker);
    let view = MapView::open(&mut svg, &frame, top + 10.0 * s)?;
    let boundaries = layers::visibility_layers(&mut svg, &view, grid, &terms, s);
    let site = view.at(ctx.site.lat, ctx.site.lon);
    let ring = layers::points_layer(&mut svg, &view, points, site, s);
    let name = labels::site_label(&mut svg, &view, points, (&ctx.site.name, site), s);
    let mut taken = vec![ring, name];
    labels::boundary_labels(&mut svg, &view, grid, &boundaries, points, &mut taken, s);
    view.close(&mut svg, s);
    let drawn = boundaries.each_ref().map(|b| !b.lines.is_empty());
    let y = legend::legend(
        &mut svg,
        &frame,
        &terms,
        drawn,
        view.top + view.height() + 42.0 * s,
    );
    let y = legend::counts(&mut svg, &frame, points, &terms, y + 6.0 * s);
    let (verdict, note) = verdict::of(ctx);
    let verdict_height = frame::verdict_box(0.0, 0.0, s, verdict, note.as_deref()).y1;
    let panel_top = if bare {
        frame.height
    } else {
        (frame.height - frame::FOOTER_HEIGHT - PANEL_HEIGHT).max(y + verdict_height + 24.0)
    };
    // The deciding site's verdict, centred between the counts and the panel (or the footer).
    let verdict_y = (y + panel_top.min(frame.height - 76.0 * s) - verdict_height) / 2.0;
    frame::verdict_pill(
        &mut svg,
        frame.width / 2.0,
        verdict_y,
        s,
        verdict,
        note.as_deref(),
    );
    if !bare {
        criteria_panel(&mut svg, &frame, ctx, panel_top);
    }
    frame::footer(&mut svg, &frame, &ctx.rule);
    Ok(svg.finish())
}
