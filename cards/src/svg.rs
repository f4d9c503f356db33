//! Minimal SVG writing: a string builder with escaped text and compact, deterministic numbers.
//!
//! Templates call these helpers instead of formatting tags by hand, so that escaping and number
//! formatting happen in exactly one place.

use std::fmt::Write as _;

/// The font family every text uses (the committed DejaVu Sans, loaded by the renderer).
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// A number with at most two decimals and no trailing zeros (`12`, `3.5`, `-0.25`).
pub fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    // `-0` would print as "-0": normalise it.
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let mut text = format!("{rounded:.2}");
    while text.ends_with('0') {
        text.pop();
    }
    if text.ends_with('.') {
        text.pop();
    }
    text
}

/// `text` with the five XML special characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// Horizontal text alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Left-aligned at x.
    Start,
    /// Centred on x.
    Middle,
    /// Right-aligned at x.
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// Style of one text run.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle<'a> {
    /// Font size in pixels.
    pub size: f64,
    /// Bold (DejaVu Sans Bold) instead of regular.
    pub bold: bool,
    /// Fill colour (any SVG colour).
    pub fill: &'a str,
    /// Alignment at x.
    pub anchor: Anchor,
    /// Extra spacing between letters, pixels.
    pub letter_spacing: f64,
}

impl<'a> TextStyle<'a> {
    /// Regular, left-aligned text of `size` pixels in `fill`.
    pub fn new(size: f64, fill: &'a str) -> Self {
        TextStyle {
            size,
            bold: false,
            fill,
            anchor: Anchor::Start,
            letter_spacing: 0.0,
        }
    }

    /// The same style in bold.
    pub fn bold(self) -> Self {
        TextStyle { bold: true, ..self }
    }

    /// The same style with another alignment.
    pub fn anchor(self, anchor: Anchor) -> Self {
        TextStyle { anchor, ..self }
    }

    /// The same style with letter spacing.
    pub fn spaced(self, letter_spacing: f64) -> Self {
        TextStyle {
            letter_spacing,
            ..self
        }
    }
}

/// An SVG document being written.
#[derive(Debug)]
pub struct Svg {
    buf: String,
}

impl Svg {
    /// Starts a document of `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> Self {
        let mut buf = String::with_capacity(64 * 1024);
        let _ = write!(
            buf,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}">"#
        );
        Svg { buf }
    }

    /// Appends markup written by the caller (already escaped).
    pub fn raw(&mut self, markup: &str) {
        self.buf.push_str(markup);
    }

    /// Opens a `<g>` with the given (already formatted) attributes.
    pub fn open_group(&mut self, attrs: &str) {
        let _ = write!(self.buf, "<g {attrs}>");
    }

    /// Closes the innermost open `<g>`.
    pub fn close_group(&mut self) {
        self.buf.push_str("</g>");
    }

    /// A rectangle with corner radius `r` and extra attributes (fill, stroke, ...).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, r: f64, attrs: &str) {
        let _ = write!(
            self.buf,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" {attrs}/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            num(r)
        );
    }

    /// A straight line with extra attributes.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, attrs: &str) {
        let _ = write!(
            self.buf,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    /// A circle with extra attributes.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        let _ = write!(
            self.buf,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// A path with path data `d` and extra attributes.
    pub fn path(&mut self, d: &str, attrs: &str) {
        let _ = write!(self.buf, r#"<path d="{d}" {attrs}/>"#);
    }

    /// One line of text with its baseline at `y`.
    pub fn text(&mut self, x: f64, y: f64, style: TextStyle, content: &str) {
        self.text_with(x, y, style, "", content);
    }

    /// One line of text with extra attributes (e.g. an `id` that tests look for).
    pub fn text_with(&mut self, x: f64, y: f64, style: TextStyle, attrs: &str, content: &str) {
        let _ = write!(
            self.buf,
            r#"<text x="{}" y="{}" font-size="{}" fill="{}""#,
            num(x),
            num(y),
            num(style.size),
            style.fill
        );
        if style.bold {
            self.buf.push_str(r#" font-weight="bold""#);
        }
        if style.anchor != Anchor::Start {
            let _ = write!(self.buf, r#" text-anchor="{}""#, style.anchor.as_str());
        }
        if style.letter_spacing != 0.0 {
            let _ = write!(
                self.buf,
                r#" letter-spacing="{}""#,
                num(style.letter_spacing)
            );
        }
        if !attrs.is_empty() {
            self.buf.push(' ');
            self.buf.push_str(attrs);
        }
        let _ = write!(self.buf, ">{}</text>", escape(content));
    }

    /// Closes the document and returns its text.
    pub fn finish(mut self) -> String {
        self.buf.push_str("</svg>");
        self.buf
    }
}

/// Path data of a polyline through `points` (`M x y L x y ...`), optionally closed.
pub fn polyline_d(points: &[(f64, f64)], closed: bool) -> String {
    let mut d = String::with_capacity(points.len() * 12);
    for (i, (x, y)) in points.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        let _ = write!(d, "{} {}", num(*x), num(*y));
    }
    if closed && !points.is_empty() {
        d.push('Z');
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_compact() {
        for (x, text) in [(12.0, "12"), (3.5, "3.5"), (-0.001, "0"), (-0.256, "-0.26")] {
            assert_eq!(num(x), text, "{x}");
        }
    }

    #[test]
    fn text_is_escaped() {
        let mut svg = Svg::new(10, 10);
        svg.text(0.0, 0.0, TextStyle::new(10.0, "#fff"), "Sya'ban <&>");
        let out = svg.finish();
        assert!(out.contains("Sya&apos;ban &lt;&amp;&gt;"));
    }
}
