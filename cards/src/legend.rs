//! One row of a map's legend, as both maps (the archipelago's and the world's) draw it: a
//! mark over a swatch and its label beside it.

use crate::svg::{num, Svg, TextStyle};

/// A legend row: its `id` (`legend-<id>` in the SVG), its `mark` (SVG drawn around y = 0,
/// `{x}` standing for the swatch's left edge and `{xc}` for its centre) and its `label`.
pub struct Row<'a> {
    /// The row's id.
    pub id: &'a str,
    /// The mark's SVG template.
    pub mark: &'a str,
    /// The label.
    pub label: &'a str,
}

/// The mark of a filled region: a rounded swatch `swatch` wide (14 px high, times the
/// scale `s`) in `colour` at `opacity`.
pub fn fill(colour: &str, opacity: f64, swatch: f64, s: f64) -> String {
    format!(
        r#"<rect x="{{x}}" y="{}" width="{}" height="{}" rx="{}" fill="{colour}" fill-opacity="{opacity}"/>"#,
        num(-7.0 * s),
        num(swatch),
        num(14.0 * s),
        num(3.0 * s)
    )
}

/// Draws `row` with its swatch's left edge at `x` and its middle at `y`, the label in
/// `style` `gap` right of the swatch (`swatch` wide), 5 px (times the scale `s`) lower.
pub fn draw(
    svg: &mut Svg,
    row: Row,
    (x, y): (f64, f64),
    swatch: f64,
    (style, gap): (TextStyle, f64),
    s: f64,
) {
    svg.open_group(&format!(
        r#"id="legend-{}" transform="translate(0 {})""#,
        row.id,
        num(y)
    ));
    svg.raw(
        &row.mark
            .replace("{x}", &num(x))
            .replace("{xc}", &num(x + swatch / 2.0)),
    );
    svg.close_group();
    svg.text(x + swatch + gap, y + 5.0 * s, style, row.label);
}
