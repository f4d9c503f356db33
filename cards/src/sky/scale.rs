//! The window's scale: altitude and azimuth marks, and the criterion's least-altitude line.

use super::view::SkyView;
use crate::frame::{ACCENT, MUTED};
use crate::place::LabelBox;
use crate::svg::{num, Anchor, Svg, TextStyle};
use std::fmt::Write as _;

/// Altitude grid lines, the line of the least altitude `limit` (degrees, with its label) if
/// the rule has one, the horizon and its azimuth ticks. A scale label that would touch one of
/// the `keep` boxes (the bodies and their labels, the verdict) or be cut by the window's top
/// is left out, and the limit line's label moves to the left end when the right end is taken.
pub(super) fn scale_marks(
    svg: &mut Svg,
    view: &SkyView,
    s: f64,
    limit: Option<&(f64, String)>,
    keep: &[LabelBox],
) {
    let (alt_lo, alt_hi) = view.alt_range();
    let alt_step = if view.ppd >= 25.0 { 1 } else { 2 };
    let label = TextStyle::new(12.0 * s, MUTED);
    for alt in
        (alt_lo.ceil() as i32..=alt_hi.floor() as i32).filter(|a| *a > 0 && a % alt_step == 0)
    {
        let y = view.y(f64::from(alt));
        if limit.is_some_and(|(limit, _)| f64::from(alt) == *limit) {
            continue;
        }
        svg.line(
            view.left,
            y,
            view.right(),
            y,
            r##"stroke="#ffffff" stroke-opacity="0.07" stroke-width="1""##,
        );
        let text = format!("{alt}°");
        let (x, y) = (view.left + 10.0 * s, y - 5.0 * s);
        let b = LabelBox::text(&label, x, y, &text);
        if b.y0 >= view.top + 2.0 * s && !b.hits(keep) {
            svg.text(x, y, label, &text);
        }
    }
    if let Some((limit, label)) = limit {
        limit_line(svg, view, s, (*limit, label), keep);
    }

    // Ground and horizon.
    svg.rect(
        view.left,
        view.horizon_y,
        view.width,
        (view.bottom() - view.horizon_y).max(0.0),
        0.0,
        r#"fill="url(#ground)""#,
    );
    svg.line(
        view.left,
        view.horizon_y,
        view.right(),
        view.horizon_y,
        &format!(
            r##"id="horizon" stroke="#f7c08a" stroke-width="{}" stroke-opacity="0.85""##,
            num(1.5 * s)
        ),
    );
    let (az_lo, az_hi) = view.az_range();
    let (minor, major) = if view.ppd >= 18.0 { (1, 5) } else { (5, 10) };
    let mut ticks = String::new();
    for az in az_lo.ceil() as i32..=az_hi.floor() as i32 {
        if az % minor != 0 {
            continue;
        }
        let x = view.x(f64::from(az));
        let len = if az % major == 0 { 12.0 } else { 6.0 } * s;
        let _ = write!(ticks, "M{} {}v{}", num(x), num(view.horizon_y), num(len));
        let clear_of_edges = x > view.left + 28.0 * s && x < view.right() - 28.0 * s;
        if az % major == 0 && clear_of_edges {
            let name = match az.rem_euclid(360) {
                270 => format!("B {}°", az.rem_euclid(360)),
                a => format!("{a}°"),
            };
            let style = TextStyle::new(13.0 * s, MUTED).anchor(Anchor::Middle);
            let y = view.horizon_y + 30.0 * s;
            if !LabelBox::text(&style, x, y, &name).hits(keep) {
                svg.text(x, y, style, &name);
            }
        }
    }
    svg.path(
        &ticks,
        &format!(
            r##"id="ticks" stroke="#f7c08a" stroke-opacity="0.7" stroke-width="{}" fill="none""##,
            num(1.2 * s)
        ),
    );
}

/// The dashed line of the least altitude `limit` and its `label`, at the right end or, when
/// that is taken by one of the `keep` boxes, the left.
pub(super) fn limit_line(
    svg: &mut Svg,
    view: &SkyView,
    s: f64,
    (limit, label): (f64, &str),
    keep: &[LabelBox],
) {
    let y3 = view.y(limit);
    svg.line(
        view.left,
        y3,
        view.right(),
        y3,
        &format!(
            r#"id="limit-line" stroke="{ACCENT}" stroke-width="{}" stroke-dasharray="{} {}" stroke-opacity="0.9""#,
            num(2.0 * s),
            num(10.0 * s),
            num(7.0 * s)
        ),
    );
    let style = TextStyle::new(14.0 * s, ACCENT).bold();
    let place = [
        (view.right() - 12.0 * s, Anchor::End),
        (view.left + 44.0 * s, Anchor::Start),
    ]
    .into_iter()
    .map(|(x, anchor)| (x, style.anchor(anchor)))
    .find(|(x, style)| !LabelBox::text(style, *x, y3 - 8.0 * s, label).hits(keep));
    if let Some((x, style)) = place {
        svg.text(x, y3 - 8.0 * s, style, label);
    }
}
