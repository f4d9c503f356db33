//! What both cards share around their content: size and type scale, background, the header
//! (kicker, target month, evening) and the footer note.

use hijri::hijri::{month_name, HijriDate};

use super::svg::{num, Anchor, Svg, TextStyle};
use super::text::gregorian_long;
use super::verdict::Verdict;
use super::{card_size, CardContext, CardError};

/// Page background.
pub const BACKGROUND: &str = "#0b1022";
/// Main text colour.
pub const INK: &str = "#f1f5f9";
/// Secondary text colour.
pub const MUTED: &str = "#94a3b8";
/// Faint text colour (notes).
pub const FAINT: &str = "#64748b";
/// Accent (kicker, 3° line).
pub const ACCENT: &str = "#fbbf24";
/// Fill of boxes.
pub const BOX: &str = "#141b33";
/// Border of boxes.
pub const BOX_LINE: &str = "#26314f";
/// Colour of a met criterion.
pub const PASS: &str = "#34d399";
/// Colour of a failed criterion.
pub const FAIL: &str = "#f87171";

/// Card geometry: pixel size, margin and type scale.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Width, pixels.
    pub width: f64,
    /// Height, pixels.
    pub height: f64,
    /// Type and stroke scale (1 on normal cards).
    pub s: f64,
    /// Side margin, pixels.
    pub margin: f64,
}

impl Frame {
    /// The frame of a normal or bare card.
    pub fn new(bare: bool) -> Self {
        let (width, height) = card_size(bare);
        let s = if bare { 1.6 } else { 1.0 };
        Frame {
            width: f64::from(width),
            height: f64::from(height),
            s,
            margin: 24.0 * s,
        }
    }

    /// Width inside the side margins.
    pub fn inner_width(&self) -> f64 {
        self.width - 2.0 * self.margin
    }

    /// A document of this size with the page background painted.
    pub fn document(&self) -> Svg {
        let mut svg = Svg::new(self.width as u32, self.height as u32);
        svg.rect(
            0.0,
            0.0,
            self.width,
            self.height,
            0.0,
            &format!(r#"fill="{BACKGROUND}""#),
        );
        svg
    }
}

/// The header texts of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Titles {
    /// The target month's first day, e.g. `1 Ramadhan 1446 H`.
    pub title: String,
    /// The evening, e.g. `Sabtu, 1 Maret 2025 · 29 Sya'ban 1446 H`.
    pub evening: String,
}

/// The header texts for `ctx`, or an error for a month or day out of range.
pub fn titles(ctx: &CardContext) -> Result<Titles, CardError> {
    let target = ctx.target;
    let name = month_name(target.month)
        .ok_or_else(|| CardError::Input(format!("month {} outside 1–12", target.month)))?;
    if target.year < 2 || !(1..=30).contains(&ctx.hijri_day) {
        return Err(CardError::Input(format!(
            "year {} or day {} out of range",
            target.year, ctx.hijri_day
        )));
    }
    let running = target.previous();
    let evening_hijri = HijriDate {
        year: running.year,
        month: running.month,
        day: ctx.hijri_day,
    };
    Ok(Titles {
        title: format!("1 {name} {} H", target.year),
        evening: format!(
            "{} · {}",
            gregorian_long(ctx.evening_date),
            evening_hijri.long_text()
        ),
    })
}

/// Draws the header (kicker, title, evening line) and returns the y below it.
pub fn header(svg: &mut Svg, frame: &Frame, titles: &Titles, kicker: &str) -> f64 {
    let s = frame.s;
    let x = frame.margin;
    svg.text(
        x,
        52.0 * s,
        TextStyle::new(15.0 * s, ACCENT).bold().spaced(3.0 * s),
        kicker,
    );
    svg.text_with(
        x,
        100.0 * s,
        TextStyle::new(40.0 * s, INK).bold(),
        r#"id="title""#,
        &titles.title,
    );
    svg.text_with(
        x,
        134.0 * s,
        TextStyle::new(19.0 * s, MUTED),
        r#"id="evening""#,
        &titles.evening,
    );
    156.0 * s
}

/// Draws the criteria note at the bottom of the card.
pub fn footer(svg: &mut Svg, frame: &Frame) {
    let s = frame.s;
    let style = TextStyle::new(12.5 * s, FAINT).anchor(Anchor::Middle);
    let cx = frame.width / 2.0;
    svg.text(
        cx,
        frame.height - 34.0 * s,
        style,
        "Kriteria: tinggi hilal ≥ 3° (toposentrik, dengan refraksi) dan elongasi ≥ 6,4°",
    );
    svg.text(
        cx,
        frame.height - 16.0 * s,
        style,
        "(geosentrik) saat matahari terbenam · waktu setempat",
    );
}

/// Draws the verdict label as a pill centred on `cx` with its top at `y`.
pub fn verdict_pill(svg: &mut Svg, cx: f64, y: f64, s: f64, verdict: Verdict) {
    let label = verdict.label();
    let w = (label.chars().count() as f64 * 15.5 + 56.0) * s;
    let h = 46.0 * s;
    svg.rect(
        cx - w / 2.0,
        y,
        w,
        h,
        h / 2.0,
        &format!(
            r##"fill="#0b1022" fill-opacity="0.8" stroke="{}" stroke-width="{}""##,
            verdict.colour(),
            num(2.0 * s)
        ),
    );
    svg.text_with(
        cx,
        y + 31.0 * s,
        TextStyle::new(21.0 * s, verdict.colour())
            .bold()
            .spaced(1.5 * s)
            .anchor(Anchor::Middle),
        r#"id="verdict""#,
        label,
    );
}
