//! The labels and marks of the Sun and the Moon, and the corner notes.

use super::bodies::{
    crescent_d, disc, drawn_lit_fraction, horizon_band, sun_disc, sun_radius, MOON_RADIUS,
};
use super::view::SkyView;
use crate::frame::{FAINT, INK};
use crate::place::{slide, LabelBox};
use crate::rule::CardRule;
use crate::svg::{num, Anchor, Svg, TextStyle};
use crate::text::{conjunction, decimal, degrees, lag, local_time};
use crate::CardContext;
use hijri::fixed::from_fixed;

/// The Sun's two label lines, where they go (x, first baseline) and their box: below the Sun
/// and the azimuth labels, else below the Moon's disc when that is in the way, else beside
/// the Moon, else beside the Sun (away from the Moon first); for a Moon almost in front of
/// the Sun, left of the Sun first (the Moon's label takes the right); inside the window, clear of the
/// Sun, the horizon and the `avoid` boxes (the Moon's disc, the corner notes), and nearer the
/// Sun than the Moon.
pub(super) fn sun_label(
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

pub(super) fn sun_style<'a>(s: f64) -> TextStyle<'a> {
    TextStyle::new(13.0 * s, "#fcd9a8").anchor(Anchor::Middle)
}

/// The Sun's mark, and its `label` lines at the first baseline `(x, y)` [`sun_label`] chose.
pub(super) fn sun_mark(
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
pub(super) fn moon_label(
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
pub(super) fn moon_lines(ctx: &CardContext, moon: (f64, f64)) -> [String; 3] {
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
pub(super) fn moon_mark(
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
pub(super) fn corner_notes<'a>(
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
