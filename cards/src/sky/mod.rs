//! The sky chart (`/hilal/viz`): the western sky at sunset seen from the deciding site, with
//! the Sun below the horizon, the crescent Moon at its altitude and azimuth (bright limb towards
//! the Sun, width following the illumination), the criterion's least-altitude line and the
//! verdict label; on normal cards the criteria panel below.

mod bodies;
mod labels;
mod scale;
mod view;

use crate::frame::{self, Frame};
use crate::panel::criteria_panel;
use crate::place::LabelBox;
use crate::svg::{num, Svg};
use crate::verdict;
use crate::{CardContext, CardError};
use bodies::{horizon_band, limit_band, moon_disc, sun_disc};
use hijri::fixed::from_fixed;
use labels::{corner_notes, moon_label, moon_lines, moon_mark, sun_label, sun_mark};
use scale::scale_marks;
use std::fmt::Write as _;
use view::SkyView;

/// Gradients and the window clip.
fn defs(svg: &mut Svg, view: &SkyView, sun: (f64, f64), radius: f64) {
    // A flat glow along the horizon: smooth 2-D gradients cost PNG bytes, so keep it small.
    let glow = (view.width * 0.4, (view.height * 0.22).min(view.width * 0.2));
    let mut d = String::from("<defs>");
    let _ = write!(
        d,
        r##"<clipPath id="win"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/></clipPath>"##,
        num(view.left),
        num(view.top),
        num(view.width),
        num(view.height),
        num(radius)
    );
    let _ = write!(
        d,
        r##"<linearGradient id="sky" gradientUnits="userSpaceOnUse" x1="0" y1="{}" x2="0" y2="{}"><stop offset="0" stop-color="#070b24"/><stop offset="0.5" stop-color="#18224f"/><stop offset="0.8" stop-color="#4c3b6e"/><stop offset="0.93" stop-color="#b8626a"/><stop offset="1" stop-color="#f08a4b"/></linearGradient>"##,
        num(view.top.min(view.horizon_y - 10.0)),
        num(view.horizon_y)
    );
    let _ = write!(
        d,
        r##"<radialGradient id="sunglow" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="translate({} {}) scale({} {})"><stop offset="0" stop-color="#ffd59a" stop-opacity="0.8"/><stop offset="0.35" stop-color="#f59e5b" stop-opacity="0.35"/><stop offset="1" stop-color="#f59e5b" stop-opacity="0"/></radialGradient>"##,
        num(view.x(sun.0)),
        num(view.horizon_y),
        num(glow.0),
        num(glow.1)
    );
    let _ = write!(
        d,
        r##"<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#121528"/><stop offset="1" stop-color="#05070f"/></linearGradient><radialGradient id="moonglow"><stop offset="0" stop-color="#fff7d6" stop-opacity="0.3"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient>"##
    );
    d.push_str("</defs>");
    svg.raw(&d);
}

/// The sky chart as SVG (720x1280, or 1440x1520 without the criteria panel when `bare`).
pub fn viz_svg(ctx: &CardContext, bare: bool) -> Result<String, CardError> {
    let titles = frame::titles(ctx)?;
    let terms = ctx.rule.sky_terms();
    let frame = Frame::new(bare);
    let s = frame.s;
    let v = ctx.values;
    let sun = (from_fixed(v.sun_az), from_fixed(v.sun_alt));
    let moon = (from_fixed(v.moon_az), from_fixed(v.moon_alt));
    let mut svg = frame.document();
    let top = frame::header(&mut svg, &frame, &titles, &terms.kicker);
    let bottom = if bare {
        frame.height - 76.0 * s
    } else {
        frame.height - frame::FOOTER_HEIGHT - super::panel::PANEL_HEIGHT - 20.0
    };
    let window = (
        frame.margin,
        top + 8.0 * s,
        frame.inner_width(),
        bottom - top - 8.0 * s,
    );
    // The line the Moon is judged against: the least altitude, or the horizon itself.
    let limit = terms.limit.as_ref().map_or(0.0, |(alt, _)| *alt);
    let view = SkyView::fit(window, sun, moon, limit);
    let radius = 18.0 * s;
    defs(&mut svg, &view, sun, radius);
    svg.open_group(r#"clip-path="url(#win)""#);
    svg.rect(
        view.left,
        view.top,
        view.width,
        view.height,
        0.0,
        r#"id="sky-window" fill="url(#sky)""#,
    );
    svg.rect(
        view.left,
        view.top,
        view.width,
        (view.horizon_y - view.top).max(0.0),
        0.0,
        r#"fill="url(#sunglow)""#,
    );
    // Labels first: the verdict and the bodies' labels have their places, the scale's
    // labels give way.
    let (verdict, note) = verdict::of(ctx);
    let pill = frame::verdict_box(
        view.left + view.width / 2.0,
        view.top + 20.0 * s,
        s,
        verdict,
        note.as_deref(),
    );
    let notes = corner_notes(&view, ctx, bare, s);
    let note_boxes: Vec<LabelBox> = notes
        .iter()
        .map(|(x, y, style, text)| LabelBox::text(style, *x, *y, text))
        .collect();
    let bodies = [sun_disc(&view, sun, s), moon_disc(&view, moon, s)];
    let (sun_lines, sun_at, sun_box) = sun_label(&view, sun, &bodies[1], &note_boxes, s);
    let mut avoid = vec![sun_box, pill, bodies[0], horizon_band(&view, s)];
    if terms.limit.is_some() {
        avoid.push(limit_band(&view, limit, s));
    }
    avoid.extend(&note_boxes);
    let moon_lines = moon_lines(ctx, moon);
    let (lx, ly, anchor, moon_box) = moon_label(
        &view,
        &moon_lines,
        (moon, bodies[0].centre()),
        (limit, pill.y1),
        s,
        &avoid,
    );
    scale_marks(
        &mut svg,
        &view,
        s,
        terms.limit.as_ref(),
        &[pill, sun_box, moon_box, bodies[0], bodies[1]],
    );
    sun_mark(&mut svg, &view, sun, &sun_lines, sun_at, s);
    moon_mark(
        &mut svg,
        &view,
        ctx,
        (moon, sun),
        &moon_lines,
        (lx, ly, anchor),
        s,
    );
    frame::verdict_pill(
        &mut svg,
        view.left + view.width / 2.0,
        view.top + 20.0 * s,
        s,
        verdict,
        note.as_deref(),
    );
    for (x, y, style, text) in &notes {
        svg.text(*x, *y, *style, text);
    }
    svg.close_group();
    svg.rect(
        view.left,
        view.top,
        view.width,
        view.height,
        radius,
        r##"fill="none" stroke="#26314f" stroke-width="1.5""##,
    );
    if !bare {
        criteria_panel(&mut svg, &frame, ctx, view.bottom() + 20.0);
    }
    frame::footer(&mut svg, &frame, &ctx.rule);
    Ok(svg.finish())
}
