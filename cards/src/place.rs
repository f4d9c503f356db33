//! The label-placement engine both cards use: the box a text will take before it is drawn,
//! the obstacles it must stay clear of, candidate spots around a mark, the choice among them
//! by cost, sliding a label off what it hits, and the leader that joins a label set apart to
//! its mark. Geometry only: what a label names and where it may go is each card's business.

use super::metrics;
use super::svg::{Anchor, TextStyle};

/// An axis-aligned box on the card (x0, y0)–(x1, y1), pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelBox {
    /// Left.
    pub x0: f64,
    /// Top.
    pub y0: f64,
    /// Right.
    pub x1: f64,
    /// Bottom.
    pub y1: f64,
}

impl LabelBox {
    /// The box whose top left corner is (`left`, `top`), `width` by `height`.
    pub fn sized(left: f64, top: f64, width: f64, height: f64) -> LabelBox {
        LabelBox {
            x0: left,
            y0: top,
            x1: left + width,
            y1: top + height,
        }
    }

    /// The box of one line of `text` in `style` drawn at (x, baseline y), as usvg lays it
    /// out with the committed fonts ([`metrics::line`]).
    pub fn text(style: &TextStyle, x: f64, y: f64, text: &str) -> Self {
        let line = metrics::line(style, text);
        let x0 = match style.anchor {
            Anchor::Start => x,
            Anchor::Middle => x - line.width / 2.0,
            Anchor::End => x - line.width,
        };
        LabelBox {
            x0,
            y0: y - line.ascent,
            x1: x0 + line.width,
            y1: y + line.descent,
        }
    }

    /// The box of one line of `text` in `style` (anchored in the middle) centred on
    /// (cx, cy), and the baseline that centres it.
    pub fn centred(style: &TextStyle, (cx, cy): (f64, f64), text: &str) -> (Self, f64) {
        let probe = LabelBox::text(style, cx, cy, text);
        let baseline = cy + (cy - (probe.y0 + probe.y1) / 2.0);
        (LabelBox::text(style, cx, baseline, text), baseline)
    }

    /// The square of half-side `r` around (x, y): a disc's or a ring's box.
    pub fn around((x, y): (f64, f64), r: f64) -> Self {
        LabelBox {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }

    /// The smallest box holding both.
    pub fn union(&self, other: &LabelBox) -> Self {
        LabelBox {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    /// True if the two boxes share any area.
    pub fn overlaps(&self, other: &LabelBox) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    /// True if the box overlaps any of the `obstacles`.
    pub fn hits(&self, obstacles: &[LabelBox]) -> bool {
        obstacles.iter().any(|b| self.overlaps(b))
    }

    /// True if the box lies inside `area`, `inset` pixels from its edges.
    pub fn within(&self, area: &LabelBox, inset: f64) -> bool {
        self.x0 >= area.x0 + inset
            && self.x1 <= area.x1 - inset
            && self.y0 >= area.y0 + inset
            && self.y1 <= area.y1 - inset
    }

    /// How many of the discs of radius `r` centred on `centres` the box covers (by the
    /// discs' squares).
    pub fn covers(&self, centres: impl IntoIterator<Item = (f64, f64)>, r: f64) -> usize {
        centres
            .into_iter()
            .filter(|&c| LabelBox::around(c, r).overlaps(self))
            .count()
    }

    /// How far the point (x, y) lies from the box (0 inside it), pixels.
    pub fn distance(&self, (x, y): (f64, f64)) -> f64 {
        let dx = (self.x0 - x).max(x - self.x1).max(0.0);
        let dy = (self.y0 - y).max(y - self.y1).max(0.0);
        dx.hypot(dy)
    }

    /// The box's centre.
    pub fn centre(&self) -> (f64, f64) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// Half its width and height.
    pub fn half(&self) -> (f64, f64) {
        ((self.x1 - self.x0) / 2.0, (self.y1 - self.y0) / 2.0)
    }

    /// True if the box, a label, lies nearer the point `own` (what it names) than the point
    /// `other`: a reader takes a label for the nearest mark's.
    pub fn nearer(&self, own: (f64, f64), other: (f64, f64)) -> bool {
        self.distance(own) < self.distance(other)
    }

    /// For a box centred on the origin, how far from its centre to place it along the unit
    /// direction `d` so that its edge clears the origin: `|dx|·x1 + |dy|·y1`.
    pub fn reach(&self, (dx, dy): (f64, f64)) -> f64 {
        dx.abs() * self.x1 + dy.abs() * self.y1
    }
}

/// The first of `candidates` with the least cost; `cost` gives `None` for a candidate that
/// may not be taken. Costs are never negative, so a cost of 0 ends the search.
pub fn cheapest<T>(
    candidates: impl IntoIterator<Item = T>,
    mut cost: impl FnMut(&T) -> Option<f64>,
) -> Option<T> {
    let mut best: Option<(f64, T)> = None;
    for candidate in candidates {
        let Some(c) = cost(&candidate) else {
            continue;
        };
        if best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, candidate));
        }
        if c <= 0.0 {
            break;
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// One spot of a label set apart from its mark (see [`fan`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// The label's centre.
    pub centre: (f64, f64),
    /// Index of the turn the spot was made with.
    pub turn: usize,
    /// The gap it was made with (unscaled).
    pub gap: f64,
}

/// Spots for a label of box `probe` (centred on the origin) around the point `at`: in the
/// unit direction `d` turned by each of `turns` (degrees), at each of `gaps` (times `s`)
/// beyond the label's [`LabelBox::reach`]; turns first, then gaps, in the order given.
pub fn fan(
    at: (f64, f64),
    d: (f64, f64),
    probe: &LabelBox,
    turns: &[f64],
    gaps: &[f64],
    s: f64,
) -> Vec<Spot> {
    let mut spots = Vec::with_capacity(turns.len() * gaps.len());
    for (turn, angle) in turns.iter().enumerate() {
        let (sin, cos) = angle.to_radians().sin_cos();
        let d = (d.0 * cos - d.1 * sin, d.0 * sin + d.1 * cos);
        for &gap in gaps {
            let distance = probe.reach(d) + gap * s;
            spots.push(Spot {
                centre: (at.0 + d.0 * distance, at.1 + d.1 * distance),
                turn,
                gap,
            });
        }
    }
    spots
}

/// The baseline to which a label starting at baseline `y` (its box at a baseline given by
/// `block`) slides down, or up, until it clears the `obstacles`: each step puts its edge
/// `gap` past the farthest obstacle it hits; `None` if it hits one still after `steps`.
pub fn slide(
    y: f64,
    block: impl Fn(f64) -> LabelBox,
    obstacles: &[LabelBox],
    down: bool,
    gap: f64,
    steps: usize,
) -> Option<f64> {
    let mut y = y;
    for _ in 0..steps {
        let b = block(y);
        let hit = obstacles.iter().filter(|o| o.overlaps(&b));
        y = if down {
            let bottom = hit.map(|o| o.y1).fold(f64::NEG_INFINITY, f64::max);
            if !bottom.is_finite() {
                return Some(y);
            }
            y + (bottom - b.y0) + gap
        } else {
            let top = hit.map(|o| o.y0).fold(f64::INFINITY, f64::min);
            if !top.is_finite() {
                return Some(y);
            }
            y - (b.y1 - top) - gap
        };
    }
    None
}

/// True if the segment from `a` to `c` passes through the box `b` (Liang–Barsky clipping):
/// a leader that would cross another label.
pub fn crosses(b: &LabelBox, (ax, ay): (f64, f64), (cx, cy): (f64, f64)) -> bool {
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

/// Distance from the point `p` along the unit direction `d` to the edge of `area`, pixels
/// (0 outside it).
pub fn room(area: &LabelBox, (px, py): (f64, f64), (dx, dy): (f64, f64)) -> f64 {
    let reach = |p: f64, d: f64, low: f64, high: f64| {
        if d > 1e-9 {
            (high - p) / d
        } else if d < -1e-9 {
            (low - p) / d
        } else {
            f64::INFINITY
        }
    };
    reach(px, dx, area.x0, area.x1)
        .min(reach(py, dy, area.y0, area.y1))
        .max(0.0)
}

/// Where a leader from the label `b`, centred on `centre`, to the point `target` starts:
/// `gap` past the label's edge on the straight line from its centre; `None` when the target
/// is nearer than that.
pub fn leader_start(
    b: &LabelBox,
    (cx, cy): (f64, f64),
    target: (f64, f64),
    gap: f64,
) -> Option<(f64, f64)> {
    let (dx, dy) = (target.0 - cx, target.1 - cy);
    let half = b.half();
    let exit = [(dx, half.0), (dy, half.1)]
        .iter()
        .filter(|(d, _)| d.abs() > 1e-9)
        .map(|(d, h)| (h + gap) / d.abs())
        .fold(f64::INFINITY, f64::min);
    (exit < 1.0).then_some((cx + dx * exit, cy + dy * exit))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> LabelBox {
        LabelBox {
            x0: 0.0,
            y0: 0.0,
            x1: 10.0,
            y1: 10.0,
        }
    }

    #[test]
    fn text_boxes_follow_the_anchor_and_grow_with_the_text() {
        let style = TextStyle::new(10.0, "#fff");
        let start = LabelBox::text(&style, 100.0, 50.0, "abcd");
        assert_eq!(start.x0, 100.0);
        assert!(
            start.y0 < 50.0 - 7.0 && start.y1 > 50.0,
            "from the cap height to below"
        );
        let w = start.x1 - start.x0;
        assert!(w > 0.0);
        let end = LabelBox::text(&style.anchor(Anchor::End), 100.0, 50.0, "abcd");
        assert_eq!((end.x0, end.x1), (100.0 - w, 100.0));
        let middle = LabelBox::text(&style.anchor(Anchor::Middle), 100.0, 50.0, "abcd");
        assert_eq!(middle.centre().0, 100.0);
        let longer = LabelBox::text(&style, 100.0, 50.0, "abcdabcd");
        assert!(longer.x1 - longer.x0 > w);
        let bold = LabelBox::text(&style.bold(), 100.0, 50.0, "abcd");
        assert!(bold.x1 - bold.x0 > w);
        let spaced = LabelBox::text(&style.spaced(2.0), 100.0, 50.0, "abcd");
        assert!(spaced.x1 - spaced.x0 > w);
    }

    #[test]
    fn a_centred_box_is_centred_on_its_point() {
        let style = TextStyle::new(13.0, "#fff").bold().anchor(Anchor::Middle);
        let (b, baseline) = LabelBox::centred(&style, (40.0, 60.0), "tinggi ≥ 3°");
        let (cx, cy) = b.centre();
        assert!((cx - 40.0).abs() < 1e-9 && (cy - 60.0).abs() < 1e-9);
        assert!(baseline > 60.0, "the baseline lies below the centre");
    }

    #[test]
    fn boxes_overlap_cover_and_lie_within() {
        let a = unit();
        let touching = LabelBox { x0: 10.0, ..unit() };
        assert!(
            !a.overlaps(&touching),
            "boxes that only touch do not overlap"
        );
        let b = LabelBox::around((10.0, 10.0), 1.0);
        assert!(a.overlaps(&b) && b.overlaps(&a));
        assert!(a.hits(&[touching, b]) && !a.hits(&[touching]));
        assert_eq!(
            a.union(&b),
            LabelBox {
                x1: 11.0,
                y1: 11.0,
                ..unit()
            }
        );
        let area = LabelBox::around((5.0, 5.0), 8.0);
        assert!(a.within(&area, 3.0) && !a.within(&area, 3.5));
        assert_eq!(a.covers([(5.0, 5.0), (11.5, 5.0), (12.0, 5.0)], 2.0), 2);
        assert_eq!(a.half(), (5.0, 5.0));
    }

    #[test]
    fn distances_decide_which_mark_a_label_names() {
        let a = unit();
        assert_eq!(a.distance((5.0, 5.0)), 0.0);
        assert_eq!(a.distance((13.0, 14.0)), 5.0);
        assert!(a.nearer((12.0, 5.0), (5.0, 20.0)));
        assert!(!a.nearer((5.0, 20.0), (12.0, 5.0)));
        let centred = LabelBox::around((0.0, 0.0), 4.0);
        assert_eq!(centred.reach((1.0, 0.0)), 4.0);
        assert!((centred.reach((0.6, -0.8)) - 5.6).abs() < 1e-9);
    }

    #[test]
    fn the_cheapest_candidate_is_the_first_of_the_least_cost() {
        let costs = [Some(3.0), None, Some(1.0), Some(1.0), Some(2.0)];
        let picked = cheapest(0..costs.len(), |&k| costs[k]);
        assert_eq!(picked, Some(2));
        assert_eq!(cheapest(0..2, |_| None::<f64>), None);
        // A cost of 0 is final: later candidates are not even costed.
        let mut costed = Vec::new();
        let picked = cheapest([5.0, 0.0, 0.0, 1.0], |&c| {
            costed.push(c);
            Some(c)
        });
        assert_eq!((picked, costed), (Some(0.0), vec![5.0, 0.0]));
    }

    #[test]
    fn a_fan_turns_then_steps_out() {
        let probe = LabelBox::around((0.0, 0.0), 5.0);
        let spots = fan(
            (100.0, 100.0),
            (1.0, 0.0),
            &probe,
            &[0.0, 90.0],
            &[10.0, 20.0],
            2.0,
        );
        let centres: Vec<(i64, i64)> = spots
            .iter()
            .map(|s| (s.centre.0.round() as i64, s.centre.1.round() as i64))
            .collect();
        // Right of the point (5 px of half-box plus 20 and 40 px of gap), then turned a
        // quarter (y down: below it).
        assert_eq!(
            centres,
            vec![(125, 100), (145, 100), (100, 125), (100, 145)]
        );
        assert_eq!(
            spots.iter().map(|s| (s.turn, s.gap)).collect::<Vec<_>>(),
            vec![(0, 10.0), (0, 20.0), (1, 10.0), (1, 20.0)]
        );
    }

    #[test]
    fn a_label_slides_off_what_it_hits() {
        // A label 10 px tall whose baseline is its bottom edge.
        let block = |y: f64| LabelBox {
            x0: 0.0,
            y0: y - 10.0,
            x1: 10.0,
            y1: y,
        };
        let wall = LabelBox {
            x0: -5.0,
            y0: 5.0,
            x1: 20.0,
            y1: 30.0,
        };
        assert_eq!(slide(60.0, block, &[wall], true, 2.0, 8), Some(60.0));
        assert_eq!(slide(20.0, block, &[wall], true, 2.0, 8), Some(42.0));
        assert_eq!(slide(20.0, block, &[wall], false, 2.0, 8), Some(3.0));
        let below = LabelBox {
            y0: 40.0,
            y1: 60.0,
            ..wall
        };
        assert_eq!(slide(20.0, block, &[wall, below], true, 2.0, 8), Some(72.0));
        assert_eq!(slide(20.0, block, &[wall, below], true, 2.0, 1), None);
    }

    #[test]
    fn segments_cross_boxes_they_pass_through() {
        let b = unit();
        assert!(crosses(&b, (-5.0, 5.0), (15.0, 5.0)));
        assert!(crosses(&b, (-5.0, -5.0), (5.0, 5.0)));
        assert!(!crosses(&b, (-5.0, 15.0), (15.0, 15.0)));
        assert!(!crosses(&b, (-5.0, 5.0), (-1.0, 5.0)));
        assert!(
            !crosses(&b, (5.0, -10.0), (20.0, 5.0)),
            "passes by the corner"
        );
    }

    #[test]
    fn room_runs_to_the_area_edge() {
        let area = LabelBox {
            x0: 0.0,
            y0: 0.0,
            x1: 100.0,
            y1: 50.0,
        };
        assert_eq!(room(&area, (90.0, 25.0), (1.0, 0.0)), 10.0);
        assert_eq!(room(&area, (90.0, 25.0), (-1.0, 0.0)), 90.0);
        assert_eq!(room(&area, (50.0, 40.0), (0.6, 0.8)), 12.5);
        assert_eq!(room(&area, (120.0, 25.0), (1.0, 0.0)), 0.0);
    }

    #[test]
    fn a_leader_starts_past_the_label_edge() {
        let b = LabelBox {
            x0: 0.0,
            y0: 0.0,
            x1: 20.0,
            y1: 10.0,
        };
        // Straight right from the centre (10, 5): 10 px of half-width and 3 of gap.
        let (x, y) = leader_start(&b, b.centre(), (40.0, 5.0), 3.0).unwrap();
        assert!((x - 23.0).abs() < 1e-9 && y == 5.0);
        // Down and right: the bottom edge is met first.
        assert_eq!(
            leader_start(&b, b.centre(), (26.0, 21.0), 3.0),
            Some((18.0, 13.0))
        );
        // A target inside the gap needs no leader.
        assert_eq!(leader_start(&b, b.centre(), (22.0, 5.0), 3.0), None);
    }

    /// The box of a line is the one usvg lays out with the committed fonts, to the float.
    #[test]
    fn text_boxes_are_the_boxes_usvg_lays_out() {
        fn text_box(group: &usvg::Group) -> Option<usvg::Rect> {
            group.children().iter().find_map(|node| match node {
                usvg::Node::Group(g) => text_box(g),
                usvg::Node::Text(t) => Some(t.abs_bounding_box()),
                _ => None,
            })
        }
        let renderer = crate::Renderer::new().unwrap();
        let texts = [
            "BULAN (di bawah ufuk)",
            "tinggi −0,83° · azimut 265,43°",
            "elongasi ≥ 6,4°",
            "AVATAR Tyr LTo WAVE",
            "☀ Matahari terbenam 18:21 WIB",
        ];
        for text in texts {
            for anchor in [Anchor::Start, Anchor::Middle, Anchor::End] {
                for style in [
                    TextStyle::new(13.0, "#fff").anchor(anchor),
                    TextStyle::new(22.4, "#fff")
                        .anchor(anchor)
                        .bold()
                        .spaced(2.4),
                ] {
                    let mut svg = crate::svg::Svg::new(2000, 200);
                    svg.text(1000.0, 100.0, style, text);
                    let tree = renderer.tree(&svg.finish()).unwrap();
                    let real = text_box(tree.root()).unwrap();
                    let ours = LabelBox::text(&style, 1000.0, 100.0, text);
                    let edges = [
                        (ours.x0, real.left()),
                        (ours.y0, real.top()),
                        (ours.x1, real.right()),
                        (ours.y1, real.bottom()),
                    ];
                    assert!(
                        edges.iter().all(|(o, r)| (o - f64::from(*r)).abs() < 1e-3),
                        "{text:?} {style:?}: {ours:?} against {real:?}"
                    );
                }
            }
        }
    }
}
