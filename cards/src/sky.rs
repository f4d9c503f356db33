//! The sky chart (`/hilal/viz`): the western sky at sunset seen from the deciding site, with
//! the Sun below the horizon, the crescent Moon at its altitude and azimuth (bright limb towards
//! the Sun, width following the illumination), the criterion's least-altitude line and the
//! verdict label; on normal cards the criteria panel below.

use std::fmt::Write as _;

use hijri::fixed::from_fixed;

use super::frame::{self, Frame, ACCENT, FAINT, INK, MUTED};
use super::panel::criteria_panel;
use super::place::{slide, LabelBox};
use super::rule::CardRule;
use super::svg::{num, Anchor, Svg, TextStyle};
use super::text::{conjunction, decimal, degrees, lag, local_time};
use super::verdict;
use super::{CardContext, CardError};

/// Screen geometry of the sky window: degrees to pixels, equal scale on both axes.
struct SkyView {
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// Azimuth at the window's centre, degrees.
    az_centre: f64,
    /// Pixels per degree.
    ppd: f64,
    /// y of the horizon (altitude 0).
    horizon_y: f64,
}

/// `angle` reduced to (−180, 180].
fn wrap180(angle: f64) -> f64 {
    let a = angle.rem_euclid(360.0);
    if a > 180.0 {
        a - 360.0
    } else {
        a
    }
}

impl SkyView {
    /// A window at (left, top, width, height) showing both bodies, the line of the least
    /// altitude `limit` and the horizon.
    fn fit(
        (left, top, width, height): (f64, f64, f64, f64),
        sun: (f64, f64),
        moon: (f64, f64),
        limit: f64,
    ) -> Self {
        let d_az = wrap180(moon.0 - sun.0);
        let az_span = (d_az.abs() + 12.0).max(16.0);
        let alt_top = moon.1.max(limit).max(sun.1) + 3.5;
        let alt_bottom = (moon.1.min(sun.1) - 2.5).min(-2.5);
        let ppd = (width / az_span).min(height / (alt_top - alt_bottom));
        // Spare height goes mostly to the sky.
        let spare = height / ppd - (alt_top - alt_bottom);
        let bottom = alt_bottom - 0.15 * spare;
        SkyView {
            left,
            top,
            width,
            height,
            az_centre: sun.0 + d_az / 2.0,
            ppd,
            horizon_y: top + height + bottom * ppd,
        }
    }

    fn x(&self, az: f64) -> f64 {
        self.left + self.width / 2.0 + wrap180(az - self.az_centre) * self.ppd
    }

    fn y(&self, alt: f64) -> f64 {
        self.horizon_y - alt * self.ppd
    }

    fn right(&self) -> f64 {
        self.left + self.width
    }

    fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// Azimuth range shown, degrees (may run past 360).
    fn az_range(&self) -> (f64, f64) {
        let half = self.width / 2.0 / self.ppd;
        (self.az_centre - half, self.az_centre + half)
    }

    /// Altitude range shown, degrees.
    fn alt_range(&self) -> (f64, f64) {
        (
            (self.horizon_y - self.bottom()) / self.ppd,
            (self.horizon_y - self.top) / self.ppd,
        )
    }
}

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

/// Altitude grid lines, the line of the least altitude `limit` (degrees, with its label) if
/// the rule has one, the horizon and its azimuth ticks. A scale label that would touch one of
/// the `keep` boxes (the bodies and their labels, the verdict) or be cut by the window's top
/// is left out, and the limit line's label moves to the left end when the right end is taken.
fn scale_marks(
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
fn limit_line(
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

/// Crescent path in a frame where the Sun lies along +x: outer limb on the Sun's side, the
/// terminator an ellipse. `lit` is the lit width as a fraction of the diameter.
fn crescent_d(r: f64, lit: f64) -> String {
    let a = r * (1.0 - 2.0 * lit);
    let sweep = if a >= 0.0 { 0 } else { 1 };
    format!(
        "M0 {}A{} {} 0 0 1 0 {}A{} {} 0 0 {sweep} 0 {}Z",
        num(-r),
        num(r),
        num(r),
        num(r),
        num(a.abs()),
        num(r),
        num(-r)
    )
}

/// Lit fraction of the drawn diameter: √(illuminated fraction), at least 4 %, so thin young
/// crescents stay visible while the width still grows with the illumination.
fn drawn_lit_fraction(illumination_pct: f64) -> f64 {
    (illumination_pct / 100.0).clamp(0.0, 1.0).sqrt().max(0.04)
}

/// Radius of the Sun's mark, pixels.
fn sun_radius(view: &SkyView, s: f64) -> f64 {
    (0.267 * view.ppd).max(7.0 * s)
}

/// Radius of the Moon's drawn disc, pixels at scale 1 (enlarged: see the chart's note).
const MOON_RADIUS: f64 = 22.0;

/// The box a body's disc of radius `r` at (x, y) takes, with room for its stroke.
fn disc(x: f64, y: f64, r: f64, s: f64) -> LabelBox {
    LabelBox::around((x, y), r + 2.0 * s)
}

/// The box of the Sun's mark.
fn sun_disc(view: &SkyView, sun: (f64, f64), s: f64) -> LabelBox {
    disc(view.x(sun.0), view.y(sun.1), sun_radius(view, s), s)
}

/// The box of the Moon's disc.
fn moon_disc(view: &SkyView, moon: (f64, f64), s: f64) -> LabelBox {
    disc(view.x(moon.0), view.y(moon.1), MOON_RADIUS * s, s)
}

/// The band of the horizon line and its azimuth ticks.
fn horizon_band(view: &SkyView, s: f64) -> LabelBox {
    LabelBox {
        x0: view.left,
        y0: view.horizon_y - 2.0 * s,
        x1: view.right(),
        y1: view.horizon_y + 14.0 * s,
    }
}

/// The band of the dashed line at the least altitude `limit`.
fn limit_band(view: &SkyView, limit: f64, s: f64) -> LabelBox {
    let y = view.y(limit);
    LabelBox {
        x0: view.left,
        y0: y - 2.0 * s,
        x1: view.right(),
        y1: y + 2.0 * s,
    }
}

/// The Sun's two label lines, where they go (x, first baseline) and their box: below the Sun
/// and the azimuth labels, else below the Moon's disc when that is in the way, else beside
/// the Moon, else beside the Sun (away from the Moon first); for a Moon almost in front of
/// the Sun, left of the Sun first (the Moon's label takes the right); inside the window, clear of the
/// Sun, the horizon and the `avoid` boxes (the Moon's disc, the corner notes), and nearer the
/// Sun than the Moon.
fn sun_label(
    view: &SkyView,
    sun: (f64, f64),
    moon_disc: &LabelBox,
    avoid: &[LabelBox],
    s: f64,
) -> ([String; 2], (f64, f64), LabelBox) {
    let (x, y) = (view.x(sun.0), view.y(sun.1));
    let label_y = (y + sun_radius(view, s) + 22.0 * s).max(view.horizon_y + 56.0 * s);
    let lines = ["MATAHARI".to_owned(), format!("tinggi {}", degrees(sun.1))];
    let style = sun_style(s);
    let block =
        |x: f64, label_y: f64| {
            LabelBox::text(&style.bold().spaced(1.5 * s), x, label_y, &lines[0])
                .union(&LabelBox::text(&style, x, label_y + 18.0 * s, &lines[1]))
        };
    let half = {
        let b = block(x, label_y);
        (b.x1 - b.x0) / 2.0
    };
    let moon_right = (moon_disc.x0 + moon_disc.x1) / 2.0 >= x;
    let aside = if moon_right {
        moon_disc.x0 - 8.0 * s - half
    } else {
        moon_disc.x1 + 8.0 * s + half
    };
    let below = label_y.max(moon_disc.y1 + 22.0 * s);
    let sun_box = sun_disc(view, sun, s);
    // Beside the Sun, for a Sun too close to the window's bottom to have its label below.
    let beside = |right: bool| {
        let x = if right {
            sun_box.x1 + 10.0 * s + half
        } else {
            sun_box.x0 - 10.0 * s - half
        };
        (x, (y - 2.0 * s).max(view.horizon_y + 28.0 * s))
    };
    let own = [*moon_disc, sun_box, horizon_band(view, s)];
    let fits = |b: &LabelBox| {
        b.x0 >= view.left + 8.0 * s
            && b.x1 <= view.right() - 8.0 * s
            && b.y1 <= view.bottom() - 6.0 * s
            && !b.hits(&own)
            && !b.hits(avoid)
            && b.nearer(sun_box.centre(), moon_disc.centre())
    };
    // A Moon almost in front of the Sun (a conjunction at sunset) has its label beside it on
    // the right when there is room: the Sun's label then goes to the left first.
    let crowded = (moon_disc.centre().0 - x).abs() < moon_disc.x1 - moon_disc.x0;
    let first_beside = if crowded {
        let (x, _) = beside(false);
        vec![(x, y + 14.0 * s), (x, y + 28.0 * s)]
    } else {
        Vec::new()
    };
    let mut candidates = first_beside.into_iter().chain([
        (x, label_y),
        (x, below),
        (aside, label_y),
        beside(!moon_right),
        beside(moon_right),
    ]);
    let (x, label_y) = candidates
        .find(|&(x, y)| fits(&block(x, y)))
        .unwrap_or((x, label_y.min(view.bottom() - 50.0 * s)));
    let b = block(x, label_y);
    (lines, (x, label_y), b)
}

fn sun_style<'a>(s: f64) -> TextStyle<'a> {
    TextStyle::new(13.0 * s, "#fcd9a8").anchor(Anchor::Middle)
}

/// The Sun's mark, and its `label` lines at the first baseline `(x, y)` [`sun_label`] chose.
fn sun_mark(
    svg: &mut Svg,
    view: &SkyView,
    sun: (f64, f64),
    label: &[String; 2],
    (label_x, label_y): (f64, f64),
    s: f64,
) {
    let (x, y) = (view.x(sun.0), view.y(sun.1));
    let r = sun_radius(view, s);
    svg.circle(
        x,
        y,
        r,
        &format!(
            r##"id="sun-disc" fill="#ffcf70" fill-opacity="0.35" stroke="#ffcf70" stroke-width="{}" stroke-dasharray="{} {}""##,
            num(1.5 * s),
            num(4.0 * s),
            num(3.0 * s)
        ),
    );
    let [title, alt] = label;
    let style = sun_style(s);
    svg.text(label_x, label_y, style.bold().spaced(1.5 * s), title);
    svg.text(label_x, label_y + 18.0 * s, style, alt);
}

/// Where the Moon's three label lines go: beside the Moon on the side with room, else on the
/// other side, else (for a Moon below the horizon) under it, else moved off the `avoid`
/// boxes (the limit line among them: below them first for a Moon below the altitude
/// `limit`, above them first otherwise); on the Moon's side of the horizon, below the
/// verdict (whose box ends at `verdict_bottom`), clear of its disc and nearer the Moon than
/// the Sun at `sun_centre`; (x, first baseline, anchor) and the box.
fn moon_label(
    view: &SkyView,
    lines: &[String; 3],
    (moon, sun_centre): ((f64, f64), (f64, f64)),
    (limit, verdict_bottom): (f64, f64),
    s: f64,
    avoid: &[LabelBox],
) -> (f64, f64, Anchor, LabelBox) {
    let (x, y) = (view.x(moon.0), view.y(moon.1));
    let r = MOON_RADIUS * s;
    let style = TextStyle::new(14.0 * s, INK);
    let block = |lx: f64, ly: f64, anchor: Anchor| {
        let style = style.anchor(anchor);
        LabelBox::text(&style.bold().spaced(1.5 * s), lx, ly, &lines[0])
            .union(&LabelBox::text(&style, lx, ly + 20.0 * s, &lines[1]))
            .union(&LabelBox::text(&style, lx, ly + 40.0 * s, &lines[2]))
    };
    let width = {
        let b = block(0.0, 0.0, Anchor::Start);
        b.x1 - b.x0
    };
    let (left, right) = (view.left + 8.0 * s, view.right() - 8.0 * s);
    let right_first = x + r + 16.0 * s + width <= right;
    let sides = if right_first {
        [
            (x + r + 16.0 * s, Anchor::Start),
            (x - r - 16.0 * s, Anchor::End),
        ]
    } else {
        [
            (x - r - 16.0 * s, Anchor::End),
            (x + r + 16.0 * s, Anchor::Start),
        ]
    };
    let below_horizon = moon.1 < 0.0;
    // Where the block may go: the Moon's side of the horizon (under the azimuth labels for a
    // Moon below it), inside the window, below the verdict.
    let (highest, lowest) = if below_horizon {
        (view.horizon_y + 28.0 * s, view.bottom() - 6.0 * s)
    } else {
        (verdict_bottom + 24.0 * s, view.horizon_y)
    };
    let own_disc = disc(x, y, r, s);
    let clear = |b: &LabelBox| {
        b.y0 >= highest - 14.0 * s
            && b.y1 <= lowest
            && !b.overlaps(&own_disc)
            && b.nearer((x, y), sun_centre)
            && !b.hits(avoid)
    };
    let inside = |b: &LabelBox| b.x0 >= left && b.x1 <= right;
    // Beside the Moon at its height; for a Moon below the horizon, also under it, centred,
    // then pushed away from the Sun as far as the window allows (beside it there is seldom
    // room between the horizon and the window's bottom).
    let ly = (y - 14.0 * s).max(highest).min(view.bottom() - 60.0 * s);
    let mut starts = sides.map(|(lx, anchor)| (lx, ly, anchor)).to_vec();
    if below_horizon {
        let under = (y + r + 18.0 * s).max(highest);
        let centred = x.max(left + width / 2.0).min(right - width / 2.0);
        starts.push((centred, under, Anchor::Middle));
        starts.push(if sun_centre.0 >= x {
            (left.max(x + r - width), under, Anchor::Start)
        } else {
            (right.min(x - r + width), under, Anchor::End)
        });
    }
    // The block slid down (or up) from where it starts until it clears `avoid`.
    let moved = |(lx, ly, anchor): (f64, f64, Anchor), down: bool| {
        slide(ly, |ly| block(lx, ly, anchor), avoid, down, 8.0 * s, 8).map(|ly| (lx, ly, anchor))
    };
    let mut candidates = starts.clone();
    // Moved towards the Moon's side of the limit line first (and so of the horizon).
    let down_first = moon.1 < limit;
    for down in [down_first, !down_first] {
        candidates.extend(starts.iter().filter_map(|&start| moved(start, down)));
    }
    #[allow(
        clippy::indexing_slicing,
        reason = "candidates holds one entry per side before any moved one"
    )]
    let (lx, ly, anchor) = candidates
        .iter()
        .copied()
        .find(|&(lx, ly, anchor)| {
            let b = block(lx, ly, anchor);
            inside(&b) && clear(&b)
        })
        .unwrap_or(candidates[0]);
    (lx, ly, anchor, block(lx, ly, anchor))
}

/// The Moon's label lines: name, altitude and azimuth, and the rule's third line: the
/// elongation and illumination (a criterion with limits), or the moonset and lag (wujudul
/// hilal).
fn moon_lines(ctx: &CardContext, moon: (f64, f64)) -> [String; 3] {
    let v = ctx.values;
    let title = if moon.1 >= 0.0 {
        "BULAN"
    } else {
        "BULAN (di bawah ufuk)"
    };
    let third = match ctx.rule {
        CardRule::Wujud { .. } => format!(
            "terbenam {} · lag {}",
            v.moonset
                .map_or_else(|| "—".to_owned(), |m| local_time(m, v.utc_offset_s)),
            lag(v)
        ),
        CardRule::Sites { .. } | CardRule::Khgt(_) => format!(
            "elongasi {} · iluminasi {} %",
            degrees(from_fixed(v.elongation)),
            decimal(from_fixed(v.illumination), 2)
        ),
    };
    [
        title.to_owned(),
        format!("tinggi {} · azimut {}", degrees(moon.1), degrees(moon.0)),
        third,
    ]
}

/// The Moon's disc and crescent, and its `label` lines at the place `(x, first baseline,
/// anchor)` [`moon_label`] chose.
fn moon_mark(
    svg: &mut Svg,
    view: &SkyView,
    ctx: &CardContext,
    (moon, sun): ((f64, f64), (f64, f64)),
    label: &[String; 3],
    (lx, ly, anchor): (f64, f64, Anchor),
    s: f64,
) {
    let v = ctx.values;
    let (x, y) = (view.x(moon.0), view.y(moon.1));
    let (sx, sy) = (view.x(sun.0), view.y(sun.1));
    let r = MOON_RADIUS * s;
    let above = moon.1 >= 0.0;
    let angle = (sy - y).atan2(sx - x).to_degrees();
    svg.open_group(if above {
        r#"id="moon""#
    } else {
        r#"id="moon" opacity="0.45""#
    });
    if above {
        svg.circle(x, y, 2.2 * r, r#"fill="url(#moonglow)""#);
    }
    svg.circle(
        x,
        y,
        r,
        &format!(
            r##"id="moon-disc" fill="#1e293b" fill-opacity="0.7" stroke="#cbd5e1" stroke-opacity="0.35" stroke-width="{}""##,
            num(1.0 * s)
        ),
    );
    svg.path(
        &crescent_d(r, drawn_lit_fraction(from_fixed(v.illumination))),
        &format!(
            r##"fill="#fff6d5" transform="translate({} {}) rotate({})""##,
            num(x),
            num(y),
            num(angle)
        ),
    );
    svg.close_group();

    let style = TextStyle::new(14.0 * s, INK).anchor(anchor);
    let [title, alt, elong] = label;
    svg.text(lx, ly, style.bold().spaced(1.5 * s), title);
    svg.text_with(lx, ly + 20.0 * s, style, r#"id="moon-alt""#, alt);
    svg.text_with(lx, ly + 40.0 * s, style, r#"id="moon-elong""#, elong);
}

/// The notes in the window's bottom corners: which way the chart faces (and, on bare cards,
/// which have no panel, the conjunction and the lag over the site and its sunset), as (x,
/// baseline, style, text).
fn corner_notes<'a>(
    view: &SkyView,
    ctx: &CardContext,
    bare: bool,
    s: f64,
) -> Vec<(f64, f64, TextStyle<'a>, String)> {
    let note = TextStyle::new(12.0 * s, FAINT);
    let y = view.bottom() - 14.0 * s;
    let mut notes = vec![(
        view.left + 14.0 * s,
        y,
        note,
        "Menghadap barat · ukuran Bulan diperbesar".to_owned(),
    )];
    if bare {
        let v = ctx.values;
        let right = view.right() - 14.0 * s;
        let after = match ctx.rule {
            CardRule::Khgt(_) => format!("umur {} jam", decimal(from_fixed(v.age), 2)),
            CardRule::Sites { .. } | CardRule::Wujud { .. } => format!("lag {}", lag(v)),
        };
        notes.push((
            right,
            y - 20.0 * s,
            note.anchor(Anchor::End),
            format!("Ijtimak {} · {after}", conjunction(ctx)),
        ));
        notes.push((
            right,
            y,
            note.anchor(Anchor::End),
            format!(
                "{} · Matahari terbenam {}",
                ctx.site.name,
                local_time(v.sunset, v.utc_offset_s)
            ),
        ));
    }
    notes
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
