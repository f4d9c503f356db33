//! What both cards share around their content: size and type scale, background, the header
//! (kicker, target month, its start, the evening, the tier badge) and the footer (criteria
//! note, attribution).

use hijri::hijri::{month_name, HijriDate};
use hijri::schema::Tier;

use super::metrics;
use super::place::LabelBox;
use super::rule::CardRule;
use super::svg::{num, Anchor, Svg, TextStyle};
use super::text::{day_month, gregorian_long};
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
/// Accent (kicker, least-altitude line).
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

/// Space between a pill's text (the tier badge's, the verdict's) and its rim, pixels (times
/// the scale).
const PAD: f64 = 24.0;

/// Height kept free at the bottom of a normal card for the footer (criteria note and
/// attribution), pixels.
pub const FOOTER_HEIGHT: f64 = 92.0;

/// The header texts of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Titles {
    /// The target month's first day, e.g. `1 Ramadhan 1446 H`.
    pub title: String,
    /// When the month starts, e.g. `Awal bulan: Sabtu, 1 Maret 2025`.
    pub start: String,
    /// The evening, e.g. `Pengamatan: Jumat, 28 Februari 2025 (29 Sya'ban 1446 H)`; KHGT's
    /// evaluation day in UTC, `Malam 17 Februari 2026 (UTC) · 29 Sya'ban 1447 H`.
    pub evening: String,
    /// The tier badge of a hisab estimate (computed or retro month); none for an official date.
    pub badge: Option<&'static str>,
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
    let prefix = ctx.rule.evening_prefix();
    let evening = match ctx.rule {
        CardRule::Khgt(_) => {
            let (year, ..) = ctx.evening_date.ymd();
            format!(
                "{prefix} {} {year} (UTC) · {}",
                day_month(ctx.evening_date),
                evening_hijri.long_text()
            )
        }
        _ => format!(
            "{prefix}: {} ({})",
            gregorian_long(ctx.evening_date),
            evening_hijri.long_text()
        ),
    };
    Ok(Titles {
        title: format!("1 {name} {} H", target.year),
        start: format!("Awal bulan: {}", gregorian_long(ctx.month_start)),
        evening,
        badge: tier_badge(ctx.tier),
    })
}

/// The badge of a month whose start is a hisab estimate rather than an official date.
pub fn tier_badge(tier: Tier) -> Option<&'static str> {
    match tier {
        Tier::Published => None,
        Tier::Computed => Some("PERKIRAAN HISAB — bukan tanggal resmi"),
        Tier::Retro => Some("PERKIRAAN HISAB (RETRO) — bukan tanggal resmi"),
    }
}

/// Draws the header (kicker, title, month start, evening, tier badge) and returns the y below.
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
        132.0 * s,
        TextStyle::new(19.0 * s, INK),
        r#"id="start""#,
        &titles.start,
    );
    svg.text_with(
        x,
        157.0 * s,
        TextStyle::new(16.0 * s, MUTED),
        r#"id="evening""#,
        &titles.evening,
    );
    let Some(badge) = titles.badge else {
        return 170.0 * s;
    };
    let style = TextStyle::new(12.0 * s, ACCENT)
        .bold()
        .spaced(0.8 * s)
        .anchor(Anchor::Middle);
    let w = metrics::line(&style, badge).width + 2.0 * PAD * s;
    let (top, h) = (170.0 * s, 26.0 * s);
    svg.rect(
        x,
        top,
        w,
        h,
        h / 2.0,
        &format!(
            r#"fill="{ACCENT}" fill-opacity="0.12" stroke="{ACCENT}" stroke-width="{}""#,
            num(1.2 * s)
        ),
    );
    svg.text_with(
        x + w / 2.0,
        top + 17.5 * s,
        style,
        r#"id="tier-badge""#,
        badge,
    );
    top + h + 8.0 * s
}

/// Draws the rule's note (two lines) and the attribution line at the bottom of the card.
pub fn footer(svg: &mut Svg, frame: &Frame, rule: &CardRule) {
    let s = frame.s;
    let style = TextStyle::new(12.5 * s, FAINT).anchor(Anchor::Middle);
    let cx = frame.width / 2.0;
    let [first, second, attribution] = rule.footer();
    svg.text(cx, frame.height - 56.0 * s, style, &first);
    svg.text(cx, frame.height - 39.0 * s, style, &second);
    svg.text_with(
        cx,
        frame.height - 16.0 * s,
        TextStyle::new(12.0 * s, MUTED).anchor(Anchor::Middle),
        r#"id="attribution""#,
        &attribution,
    );
}

/// The style of the verdict's label in its pill.
fn verdict_style<'a>(s: f64, verdict: Verdict) -> TextStyle<'a> {
    TextStyle::new(21.0 * s, verdict.colour())
        .bold()
        .spaced(1.5 * s)
        .anchor(Anchor::Middle)
}

/// The style of the verdict's note under its pill.
fn note_style<'a>(s: f64, verdict: Verdict) -> TextStyle<'a> {
    TextStyle::new(14.0 * s, verdict.colour()).anchor(Anchor::Middle)
}

/// Width and height of the verdict pill.
fn pill_size(s: f64, verdict: Verdict) -> (f64, f64) {
    let text = metrics::line(&verdict_style(s, verdict), verdict.label());
    (text.width + 2.0 * PAD * s, 46.0 * s)
}

/// Baseline of the verdict's note below the pill's bottom (times the scale).
const NOTE_BASELINE: f64 = 22.0;

/// The box the verdict takes, its pill centred on `cx` with its top at `y`, and its `note`
/// under it when it has one.
pub fn verdict_box(cx: f64, y: f64, s: f64, verdict: Verdict, note: Option<&str>) -> LabelBox {
    let (w, h) = pill_size(s, verdict);
    let pill = LabelBox {
        x0: cx - w / 2.0,
        y0: y,
        x1: cx + w / 2.0,
        y1: y + h,
    };
    match note {
        Some(note) => pill.union(&LabelBox::text(
            &note_style(s, verdict),
            cx,
            y + h + NOTE_BASELINE * s,
            note,
        )),
        None => pill,
    }
}

/// Draws the verdict label as a pill centred on `cx` with its top at `y`, and its `note`
/// under it when it has one.
pub fn verdict_pill(svg: &mut Svg, cx: f64, y: f64, s: f64, verdict: Verdict, note: Option<&str>) {
    let label = verdict.label();
    let (w, h) = pill_size(s, verdict);
    svg.rect(
        cx - w / 2.0,
        y,
        w,
        h,
        h / 2.0,
        &format!(
            r##"id="verdict-pill" fill="#0b1022" fill-opacity="0.8" stroke="{}" stroke-width="{}""##,
            verdict.colour(),
            num(2.0 * s)
        ),
    );
    svg.text_with(
        cx,
        y + 31.0 * s,
        verdict_style(s, verdict),
        r#"id="verdict""#,
        label,
    );
    if let Some(note) = note {
        svg.text_with(
            cx,
            y + h + NOTE_BASELINE * s,
            note_style(s, verdict),
            r#"id="verdict-note""#,
            note,
        );
    }
}
