//! The committed fonts' metrics, as usvg lays a line of text out: its width is the advances
//! of its glyphs shaped with harfrust (kerning included) plus the letter spacing between its
//! clusters, its box reaches from the face's ascent to its descent (skrifa's metrics). Labels
//! are so placed in exactly the space resvg will give them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use harfrust::{Direction, ShapeOptions, ShaperData, UnicodeBuffer};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

use super::render::{DEJAVU_SANS, DEJAVU_SANS_BOLD};
use super::svg::TextStyle;

/// One face, ready to shape, with its vertical metrics in em.
struct Face {
    font: FontRef<'static>,
    shaping: ShaperData,
    units_per_em: f64,
    ascent: f64,
    descent: f64,
}

impl Face {
    fn read(data: &'static [u8]) -> Option<Face> {
        let font = FontRef::new(data).ok()?;
        let metrics = font.metrics(Size::unscaled(), LocationRef::default());
        let units_per_em = f64::from(metrics.units_per_em);
        Some(Face {
            shaping: ShaperData::new(&font),
            font,
            units_per_em,
            ascent: f64::from(metrics.ascent) / units_per_em,
            descent: f64::from(-metrics.descent) / units_per_em,
        })
    }

    /// The advance of `text` shaped left to right, in em, and its number of clusters.
    fn shape(&self, text: &str) -> (f64, usize) {
        let shaper = self.shaping.shaper(&self.font).build();
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(Direction::LeftToRight);
        buffer.guess_segment_properties();
        let glyphs = shaper.shape(buffer, ShapeOptions::new());
        let advance: i64 = glyphs
            .glyph_positions()
            .iter()
            .map(|p| i64::from(p.x_advance))
            .sum();
        let mut clusters: Vec<u32> = glyphs.glyph_infos().iter().map(|g| g.cluster).collect();
        clusters.dedup();
        (advance as f64 / self.units_per_em, clusters.len())
    }
}

/// The regular and bold faces, read once.
fn faces() -> &'static [Option<Face>; 2] {
    static FACES: OnceLock<[Option<Face>; 2]> = OnceLock::new();
    FACES.get_or_init(|| [Face::read(DEJAVU_SANS), Face::read(DEJAVU_SANS_BOLD)])
}

thread_local! {
    /// Texts shaped on this thread, regular and bold: advance in em and clusters. A card
    /// measures the same few labels at many candidate spots.
    static SHAPED: RefCell<[HashMap<String, (f64, usize)>; 2]> = RefCell::default();
}

/// The extent of one line of text, pixels: its advance width, and how far its box reaches
/// above the baseline (ascent) and below it (descent, positive).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Advance width.
    pub width: f64,
    /// Height of the box above the baseline.
    pub ascent: f64,
    /// Depth of the box below the baseline.
    pub descent: f64,
}

/// The extent of `text` in DejaVu Sans as `style` sets it (size, weight, letter spacing after
/// each cluster but the last, as usvg spaces letters). A face the crate could not read (the
/// committed fonts always load; a test shows it) counts a full em per character.
pub fn line(style: &TextStyle, text: &str) -> Line {
    let (size, bold, letter_spacing) = (style.size, style.bold, style.letter_spacing);
    let face = faces().get(usize::from(bold)).and_then(Option::as_ref);
    let Some(face) = face else {
        let n = text.chars().count() as f64;
        return Line {
            width: n * (size + letter_spacing),
            ascent: size,
            descent: 0.3 * size,
        };
    };
    let (advance, clusters) = SHAPED.with_borrow_mut(|shaped| {
        let [regular, heavy] = shaped;
        let shaped = if bold { heavy } else { regular };
        if let Some(&known) = shaped.get(text) {
            return known;
        }
        let measured = face.shape(text);
        shaped.insert(text.to_owned(), measured);
        measured
    });
    Line {
        width: advance * size + clusters.saturating_sub(1) as f64 * letter_spacing,
        ascent: face.ascent * size,
        descent: face.descent * size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_faces_load() {
        assert!(faces().iter().all(Option::is_some));
    }

    #[test]
    fn lines_measure_the_fonts_advances() {
        // DejaVu Sans has 2048 units per em; "0" advances 1303 units (bold 1425), the box
        // spans the ascent 1901 and the descent 483 (hhea).
        let em = TextStyle::new(2048.0, "#fff");
        let zero = line(&em, "0");
        assert_eq!(
            (zero.width, zero.ascent, zero.descent),
            (1303.0, 1901.0, 483.0)
        );
        assert_eq!(line(&em.bold(), "0").width, 1425.0);
        // Letter spacing between the three digits, not after the last.
        let three = line(&TextStyle::new(20.48, "#fff").spaced(2.0), "000");
        assert!((three.width - (3.0 * 13.03 + 2.0 * 2.0)).abs() < 1e-9);
        assert_eq!(line(&em.spaced(2.0), "").width, 0.0);
        // Kerning: "AV" is narrower than its two advances.
        let pair = line(&em, "AV").width;
        let apart = line(&em, "A").width + line(&em, "V").width;
        assert!(pair < apart - 1.0, "{pair} against {apart}");
    }
}
