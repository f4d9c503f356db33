//! Label boxes for placing texts clear of one another before they are drawn: conservative
//! estimates of the space a DejaVu Sans line takes (the card tests measure the real boxes).

use super::svg::{Anchor, TextStyle};

/// Widest average advance of DejaVu Sans in the cards' texts, in em: regular and bold.
const EM_REGULAR: f64 = 0.64;
const EM_BOLD: f64 = 0.72;

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
    /// The box of one line of `text` in `style` drawn at (x, baseline y).
    pub fn text(style: &TextStyle, x: f64, y: f64, text: &str) -> Self {
        let em = if style.bold { EM_BOLD } else { EM_REGULAR };
        let n = text.chars().count() as f64;
        let w = n * (style.size * em + style.letter_spacing);
        let x0 = match style.anchor {
            Anchor::Start => x,
            Anchor::Middle => x - w / 2.0,
            Anchor::End => x - w,
        };
        LabelBox {
            x0,
            y0: y - style.size * 0.95,
            x1: x0 + w,
            y1: y + style.size * 0.28,
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

    /// True if the box, a label, lies nearer the point `own` (what it names) than the point
    /// `other`: a reader takes a label for the nearest mark's.
    pub fn nearer(&self, own: (f64, f64), other: (f64, f64)) -> bool {
        self.distance(own) < self.distance(other)
    }

    /// True if the box overlaps any of `boxes`.
    pub fn hits(&self, boxes: &[LabelBox]) -> bool {
        boxes.iter().any(|b| self.overlaps(b))
    }
}
