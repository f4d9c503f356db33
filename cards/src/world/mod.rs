//! KHGT's map (`/hilal/map` of a KHGT month): the world in plate carrée on the evaluation
//! day, as Accurate Hijri Calculator, HilalCalc and BMKG draw it, with the zones in the
//! colours readers know (green where KHGT's limits hold before 24:00 UTC, PKG 1; lighter
//! where they hold only after it; cyan on the mainland of the Americas when PKG 2 is
//! evaluated; grey where the Moon sets first or the conjunction comes after sunset), the
//! line of places whose sunset falls at 24:00 UTC as the curve it is, with the side that
//! counts for PKG 1 marked, and the deciding place. On normal cards (a phone's) a detail
//! around that place follows with its name and numbers, then the legend and the decision:
//! the conjunction against New Zealand's fajr, PKG 1 and PKG 2, the verdict, and which place
//! is marked and why. Bare cards name the place on the world view itself, which is twice as
//! large there, and show the verdict and the legend under it.
//!
//! By job: [`view`] (the windows), [`layers`] (what a window draws), [`legend`] and
//! [`decision`] (below the maps); this module holds the inputs and puts the card together.

mod decision;
mod layers;
mod legend;
mod view;

use hijri::fixed::{from_fixed, Dms};
use rayon::prelude::*;

pub use self::layers::east_of_line;
use self::layers::{deadline_lon, Layers, RING};
use self::view::{View, NORTH, SOUTH, WEST};
use crate::frame::{self, Frame, FAINT, INK};
use crate::place::{cheapest, LabelBox};
use crate::rule::{CardRule, KhgtDecision};
use crate::svg::{num, Anchor, Svg, TextStyle};
use crate::text::{coordinates, decimal, local_date_time};
use crate::{verdict, CardContext, CardError};

pub use self::view::WEST as WORLD_WEST;
pub use self::view::{EAST as WORLD_EAST, NORTH as WORLD_NORTH, SOUTH as WORLD_SOUTH};

/// Halo behind map labels.
const HALO: &str = "#0b1022";
/// Width of the gutter left of the world map for its latitude labels (times the scale).
const GUTTER: f64 = 34.0;
/// Longitudes the detail view shows.
const DETAIL_LON_SPAN: f64 = 56.0;

/// What KHGT's map is drawn from: the Moon's geocentric airless altitude, the geocentric
/// elongation and the Moon's age at each node's sunset on a grid over the world's window,
/// and the line where the Sun sets at 24:00 UTC. A node's sunset is the one its side of that
/// line sees: in [00:00, 24:00) UTC of the evaluation day D east of the line as drawn
/// ([`east_of_line`]), in the 24 hours after 24:00 UTC west of it (as far as the date line).
#[derive(Clone, Debug, PartialEq)]
pub struct WorldInputs {
    /// Node spacing, degrees; node `(i, j)` lies at longitude [`WORLD_WEST`]` + i·step`,
    /// latitude [`WORLD_SOUTH`]` + j·step`; values row by row (`j·nx + i`).
    pub step_deg: f64,
    /// Number of columns.
    pub nx: usize,
    /// Number of rows.
    pub ny: usize,
    /// The Moon's geocentric airless altitude at sunset, degrees (−90 where the Sun does not
    /// set that evening).
    pub alt_deg: Vec<f64>,
    /// The geocentric elongation at sunset, degrees.
    pub elong_deg: Vec<f64>,
    /// Sunset minus the conjunction, hours (−99 where the Sun does not set).
    pub age_h: Vec<f64>,
    /// The places (latitude, longitude) where the Sun sets at 24:00 UTC of D, from south to
    /// north, at the latitudes where it sets then: one curve, its longitudes running on past
    /// ±180° where it crosses the date line (near a pole in winter).
    pub deadline_line: Vec<(f64, f64)>,
}

impl WorldInputs {
    /// Evaluates `eval(lat, lon) -> (alt, elong, age)` (`None` where the Sun does not set)
    /// at every node of a grid of `step_deg` over the world's window, in parallel (the
    /// result does not depend on thread order).
    pub fn compute(
        step_deg: f64,
        eval: impl Fn(f64, f64) -> Option<(f64, f64, f64)> + Sync,
        deadline_line: Vec<(f64, f64)>,
    ) -> Result<WorldInputs, CardError> {
        if !(step_deg.is_finite() && (0.1..=5.0).contains(&step_deg)) {
            return Err(CardError::Input(format!("world grid step {step_deg}°")));
        }
        let nx = ((WORLD_EAST - WEST) / step_deg).round() as usize + 1;
        let ny = ((NORTH - SOUTH) / step_deg).round() as usize + 1;
        let values: Vec<(f64, f64, f64)> = (0..nx * ny)
            .into_par_iter()
            .map(|k| {
                let lon = WEST + (k % nx) as f64 * step_deg;
                let lat = SOUTH + (k / nx) as f64 * step_deg;
                eval(lat, lon).unwrap_or((-90.0, 0.0, -99.0))
            })
            .collect();
        let world = WorldInputs {
            step_deg,
            nx,
            ny,
            alt_deg: values.iter().map(|v| v.0).collect(),
            elong_deg: values.iter().map(|v| v.1).collect(),
            age_h: values.iter().map(|v| v.2).collect(),
            deadline_line,
        };
        world.validate()?;
        Ok(world)
    }

    /// Checks the shape, that every value is finite and that the line runs south to north
    /// as one curve.
    pub fn validate(&self) -> Result<(), CardError> {
        let n = self.nx * self.ny;
        let fields = [&self.alt_deg, &self.elong_deg, &self.age_h];
        if self.nx < 2 || self.ny < 2 || fields.iter().any(|f| f.len() != n) {
            return Err(CardError::Input(format!(
                "world grid of {}x{} nodes with {}, {} and {} values",
                self.nx,
                self.ny,
                self.alt_deg.len(),
                self.elong_deg.len(),
                self.age_h.len()
            )));
        }
        if fields.iter().any(|f| f.iter().any(|v| !v.is_finite())) {
            return Err(CardError::Input("a world grid value is not finite".into()));
        }
        let ordered = self
            .deadline_line
            .windows(2)
            .all(|pair| matches!(pair, [a, b] if b.0 > a.0 && (b.1 - a.1).abs() < 180.0));
        if !ordered
            || self
                .deadline_line
                .iter()
                .any(|p| !(p.0.is_finite() && p.1.is_finite()))
        {
            return Err(CardError::Input(
                "the 24:00 UTC line does not run from south to north as one curve".into(),
            ));
        }
        Ok(())
    }

    /// The field's value at a place by bilinear interpolation between the four nodes around
    /// it: KHGT's margin there (the smallest of the altitude's and the elongation's excess
    /// over `limits`, degrees, and the Moon's age, hours), as the drawn region has it.
    pub fn margin_at(&self, limits: (f64, f64), lat: f64, lon: f64) -> Option<f64> {
        let gi = (lon - WEST) / self.step_deg;
        let gj = (lat - SOUTH) / self.step_deg;
        if !(gi >= 0.0 && gj >= 0.0) {
            return None;
        }
        let (i, j) = (gi.floor() as usize, gj.floor() as usize);
        let (i, j) = (i.min(self.nx - 2), j.min(self.ny - 2));
        let (u, v) = (gi - i as f64, gj - j as f64);
        let at = |i: usize, j: usize| {
            let k = j * self.nx + i;
            let (a, e, age) = (
                *self.alt_deg.get(k)?,
                *self.elong_deg.get(k)?,
                *self.age_h.get(k)?,
            );
            Some((a - limits.0).min(e - limits.1).min(age))
        };
        Some(
            at(i, j)? * (1.0 - u) * (1.0 - v)
                + at(i + 1, j)? * u * (1.0 - v)
                + at(i, j + 1)? * (1.0 - u) * v
                + at(i + 1, j + 1)? * u * v,
        )
    }

    /// The longitude of the 24:00 UTC line at `lat`, if it reaches that latitude.
    pub fn deadline_lon(&self, lat: f64) -> Option<f64> {
        deadline_lon(&self.deadline_line, lat)
    }
}

/// The deciding place's three label lines: its name; its coordinates and sunset (UTC); the
/// Moon's altitude and the elongation in degrees, minutes and seconds.
fn place_lines(ctx: &CardContext) -> [String; 3] {
    let v = ctx.values;
    [
        ctx.site.name.clone(),
        format!(
            "{} · magrib {}",
            coordinates(ctx.site),
            local_date_time(v.sunset, 0)
        ),
        format!(
            "tinggi {} · elongasi {}",
            dms(from_fixed(v.moon_alt)),
            dms(from_fixed(v.elongation))
        ),
    ]
}

/// Degrees, minutes and seconds, `5°45′00″` ([`Dms`], with a true minus sign below 0).
fn dms(degrees: f64) -> String {
    Dms(degrees).to_string().replace('-', "\u{2212}")
}

/// Latitudes at which the sides of the 24:00 UTC line are labelled, in order of preference
/// (the southern ocean first, where little else is drawn).
const SIDE_LATS: [f64; 6] = [-42.0, -50.0, -34.0, -20.0, -58.0, 45.0];

/// The labels of the world view, clear of the `taken` boxes: on either side of the 24:00
/// UTC line, which side counts for PKG 1, and `24.00 UTC` at the line's top; returns their
/// boxes.
fn deadline_labels(
    svg: &mut Svg,
    view: &View,
    world: &WorldInputs,
    taken: &[LabelBox],
    s: f64,
) -> Vec<LabelBox> {
    let mut boxes = Vec::new();
    let style = TextStyle::new(11.0 * s, INK).bold();
    let halo = format!(
        r#"stroke="{HALO}" stroke-width="{}" paint-order="stroke" stroke-linejoin="round""#,
        num(3.0 * s)
    );
    let sides = [
        ("PKG 1 ▸", Anchor::Start, 5.0, "deadline-pkg1"),
        ("◂ setelah 24.00 UTC", Anchor::End, -5.0, "deadline-after"),
    ];
    let placed = SIDE_LATS.iter().find_map(|&lat| {
        let (x, y) = view.at(lat, world.deadline_lon(lat)?);
        let labels = sides.map(|(text, anchor, dx, id)| {
            let style = style.anchor(anchor);
            (
                x + dx * s,
                y,
                style,
                id,
                text,
                LabelBox::text(&style, x + dx * s, y, text),
            )
        });
        labels
            .iter()
            .all(|l| l.5.within(&view.area(), 2.0 * s) && !l.5.hits(taken))
            .then_some(labels)
    });
    for (x, y, style, id, text, b) in placed.into_iter().flatten() {
        svg.text_with(x, y, style, &format!(r#"id="{id}" {halo}"#), text);
        boxes.push(b);
    }
    if let Some(&(lat, lon)) = world.deadline_line.last() {
        let lat = lat.min(NORTH - 8.0);
        let (x, y) = view.at(lat, deadline_lon(&world.deadline_line, lat).unwrap_or(lon));
        let style = style.anchor(Anchor::Start);
        let text = "24.00 UTC";
        let b = LabelBox::text(&style, x + 5.0 * s, y, text);
        if b.within(&view.area(), 2.0 * s) && !b.hits(&boxes) && !b.hits(taken) {
            svg.text_with(
                x + 5.0 * s,
                y,
                style,
                &format!(r#"id="deadline-label" {halo}"#),
                text,
            );
            boxes.push(b);
        }
    }
    boxes
}

/// The graticule's labels outside the world view: longitudes below it, latitudes in the
/// gutter on its left; a label that would touch one of the `taken` boxes (the ring of a
/// place at the map's edge) is left out.
fn graticule_labels(svg: &mut Svg, view: &View, taken: &[LabelBox], s: f64) {
    let style = TextStyle::new(10.5 * s, FAINT);
    for lon in (-180..=180).step_by(60) {
        let name = match lon {
            0 => "0°".to_owned(),
            l if l < 0 => format!("{}°B", -l),
            l => format!("{l}°T"),
        };
        let anchor = match lon {
            -180 => Anchor::Start,
            180 => Anchor::End,
            _ => Anchor::Middle,
        };
        let (x, y) = (view.x(f64::from(lon)), view.area().y1 + 14.0 * s);
        if !LabelBox::text(&style.anchor(anchor), x, y, &name).hits(taken) {
            svg.text(x, y, style.anchor(anchor), &name);
        }
    }
    for lat in [-60, -30, 0, 30, 60] {
        let name = match lat {
            0 => "0°".to_owned(),
            l if l < 0 => format!("{}°S", -l),
            l => format!("{l}°U"),
        };
        let (x, y) = (view.left - 5.0 * s, view.y(f64::from(lat)) + 4.0 * s);
        if !LabelBox::text(&style.anchor(Anchor::End), x, y, &name).hits(taken) {
            svg.text(x, y, style.anchor(Anchor::End), &name);
        }
    }
}

/// The deciding place's label in the detail view: its name and numbers beside its ring,
/// left, below, above or right of it, the first inside the view clear of `taken`.
fn place_label(
    svg: &mut Svg,
    view: &View,
    ring: (f64, f64),
    lines: &[String; 3],
    taken: &[LabelBox],
    s: f64,
) -> Option<LabelBox> {
    let (x, y) = ring;
    let name = TextStyle::new(14.0 * s, RING).bold();
    let numbers = TextStyle::new(11.5 * s, INK);
    let block = |lx: f64, ly: f64, anchor: Anchor| {
        LabelBox::text(&name.anchor(anchor), lx, ly, &lines[0])
            .union(&LabelBox::text(
                &numbers.anchor(anchor),
                lx,
                ly + 17.0 * s,
                &lines[1],
            ))
            .union(&LabelBox::text(
                &numbers.anchor(anchor),
                lx,
                ly + 32.0 * s,
                &lines[2],
            ))
    };
    let gap = 14.0 * s;
    // West first: the place lies on land's western edge (PKG 2's mainland, PKG 1's land
    // east of the line), so the sea is there.
    let (below, above) = (y + gap + 12.0 * s, y - gap - 36.0 * s);
    let candidates = [
        (x - gap, y - 2.0 * s, Anchor::End),
        (x, below, Anchor::Middle),
        (x, above, Anchor::Middle),
        (x + gap, y - 2.0 * s, Anchor::Start),
        (x + gap, below, Anchor::Start),
        (x - gap, below, Anchor::End),
        (x + gap, above, Anchor::Start),
        (x - gap, above, Anchor::End),
    ];
    let area = view.area();
    let (lx, ly, anchor) = cheapest(candidates, |&(lx, ly, anchor)| {
        let b = block(lx, ly, anchor);
        (!b.hits(taken)).then(|| {
            let outside = (b.x0 - area.x0 - 6.0 * s).min(0.0).abs()
                + (area.x1 - 6.0 * s - b.x1).min(0.0).abs()
                + (b.y0 - area.y0 - 4.0 * s).min(0.0).abs()
                + (area.y1 - 4.0 * s - b.y1).min(0.0).abs();
            outside * 100.0
        })
    })?;
    let b = block(lx, ly, anchor);
    if !b.within(&area, 2.0 * s) {
        return None;
    }
    let halo = format!(
        r#"stroke="{HALO}" stroke-width="{}" paint-order="stroke" stroke-linejoin="round""#,
        num(3.5 * s)
    );
    let [first, second, third] = lines;
    svg.text_with(
        lx,
        ly,
        name.anchor(anchor),
        &format!(r#"id="place-name" {halo}"#),
        first,
    );
    for (k, dy, line) in [(1, 17.0, second), (2, 32.0, third)] {
        svg.text_with(
            lx,
            ly + dy * s,
            numbers.anchor(anchor),
            &format!(r#"id="place-numbers-{k}" {halo}"#),
            line,
        );
    }
    Some(b)
}

/// The decision of `ctx`, which must be KHGT's.
fn decision(ctx: &CardContext) -> Result<KhgtDecision, CardError> {
    match ctx.rule {
        CardRule::Khgt(decision) => Ok(decision),
        CardRule::Sites { .. } | CardRule::Wujud { .. } => Err(CardError::Input(
            "the world map is KHGT's; this card's rule is another".into(),
        )),
    }
}

/// KHGT's map as SVG (720x1280, or 1440x1520 without the decision panel when `bare`).
pub fn world_svg(ctx: &CardContext, world: &WorldInputs, bare: bool) -> Result<String, CardError> {
    world.validate()?;
    let decision = decision(ctx)?;
    let titles = frame::titles(ctx)?;
    let frame = Frame::new(bare);
    let s = frame.s;
    let mut svg = frame.document();
    let top = frame::header(&mut svg, &frame, &titles, "KHGT · PETA DUNIA SAAT MAGRIB");
    let limits = (
        decision.limits.min_moon_alt_deg(),
        decision.limits.min_elongation_deg(),
    );
    let place = (ctx.site.lat, ctx.site.lon);
    let whole = View::world(
        frame.margin + GUTTER * s,
        top + 8.0 * s,
        frame.inner_width() - GUTTER * s,
    );
    let pkg2 = decision.pkg2_evaluated;
    let world_ring = layers::draw(
        &mut svg,
        &whole,
        world,
        (limits, place),
        Layers {
            id: "world",
            pkg2,
            s,
            graticule: 30.0,
        },
    )?;
    let mut world_taken: Vec<LabelBox> = world_ring.into_iter().collect();
    let lines = place_lines(ctx);
    if bare {
        // No detail on a bare card: the place is named on the world view itself.
        if let Some(ring) = world_ring {
            world_taken.extend(place_label(
                &mut svg,
                &whole,
                ring.centre(),
                &lines,
                &world_taken,
                s,
            ));
        }
    }
    deadline_labels(&mut svg, &whole, world, &world_taken, s);
    graticule_labels(&mut svg, &whole, &world_taken, s);
    let verdict = verdict::khgt(&decision);
    let start = decision::start_line(ctx, &decision);
    if bare {
        // The verdict under the world view, then the legend.
        let top = whole.area().y1 + 44.0 * s;
        frame::verdict_pill(&mut svg, frame.width / 2.0, top, s, verdict, Some(&start));
        let pill = frame::verdict_box(frame.width / 2.0, top, s, verdict, Some(&start));
        legend::legend(&mut svg, &frame, pkg2, pill.y1 + 36.0 * s);
    } else {
        // The detail around the deciding place, as tall as the legend, the decision and the
        // footer leave it.
        let detail_top = whole.area().y1 + 30.0;
        let below = legend::height(s) + 10.0 + decision::HEIGHT;
        let detail_height =
            (frame.height - frame::FOOTER_HEIGHT - below - 24.0 - detail_top).max(120.0);
        let detail = View::detail(
            (frame.margin, detail_top, frame.inner_width(), detail_height),
            DETAIL_LON_SPAN,
            place,
        );
        let ring = layers::draw(
            &mut svg,
            &detail,
            world,
            (limits, place),
            Layers {
                id: "detail",
                pkg2,
                s,
                graticule: 10.0,
            },
        )?;
        let area = detail.area();
        let mut taken: Vec<LabelBox> = ring.into_iter().collect();
        if let Some(ring) = ring {
            taken.extend(place_label(
                &mut svg,
                &detail,
                ring.centre(),
                &lines,
                &taken,
                s,
            ));
        }
        let note = TextStyle::new(11.0, FAINT).anchor(Anchor::End);
        let caption = format!(
            "Perbesaran sekitar tempat penentu · {}°×{}°",
            decimal(detail.lon_span, 0),
            decimal(detail.lat_span, 0)
        );
        let (x, y) = (area.x1 - 10.0, area.y1 - 8.0);
        if !LabelBox::text(&note, x, y, &caption).hits(&taken) {
            svg.text_with(
                x,
                y,
                note,
                &format!(
                    r#"id="detail-caption" stroke="{HALO}" stroke-width="3" paint-order="stroke""#
                ),
                &caption,
            );
        }
        let y = legend::legend(&mut svg, &frame, pkg2, area.y1 + 24.0);
        decision::panel(&mut svg, &frame, ctx, &decision, y + 10.0)?;
    }
    frame::footer(&mut svg, &frame, &ctx.rule);
    Ok(svg.finish())
}
