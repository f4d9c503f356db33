//! Below KHGT's maps: the legend, listing only what is drawn (the mainland's colour and
//! outline only when PKG 2 is evaluated), with the convention and the basemap's credit.

use super::layers::{AFTER, DEADLINE, MUSTAHIL, PKG1, PKG2, RING};
use crate::frame::{Frame, INK, MUTED};
use crate::legend;
use crate::svg::{num, Svg, TextStyle};

/// Height of a legend row (times the scale).
const ROW: f64 = 24.0;

/// The legend's rows: its five entries (six with PKG 2's) in two columns.
const ROWS: usize = 3;

/// The height [`legend`] takes from its `y` to the y it returns.
pub fn height(s: f64) -> f64 {
    ROWS as f64 * ROW * s + 10.0 * s
}

/// The legend in two columns from `y`; returns the y below it.
pub fn legend(svg: &mut Svg, frame: &Frame, pkg2: bool, y: f64) -> f64 {
    let s = frame.s;
    let row = ROW * s;
    let swatch = 24.0 * s;
    let columns = [frame.margin, frame.margin + 0.5 * frame.inner_width()];
    let fill = |colour: &str, opacity: f64| legend::fill(colour, opacity, swatch, s);
    let mut entries: Vec<(&str, String, &str)> = vec![
        (
            "pkg1",
            fill(PKG1, 0.6),
            "Memenuhi sebelum 24.00 UTC (PKG 1)",
        ),
        ("after", fill(AFTER, 0.3), "Memenuhi setelah 24.00 UTC"),
    ];
    if pkg2 {
        entries.push((
            "pkg2",
            format!(
                r#"<rect x="{{x}}" y="{}" width="{}" height="{}" rx="{}" fill="{PKG2}" fill-opacity="0.6" stroke="{PKG2}" stroke-width="{}"/>"#,
                num(-7.0 * s),
                num(swatch),
                num(14.0 * s),
                num(3.0 * s),
                num(1.5 * s)
            ),
            "Daratan Amerika (PKG 2)",
        ));
    }
    entries.extend([
        (
            "mustahil",
            fill(MUSTAHIL, 0.4),
            "Mustahil, atau tanpa magrib",
        ),
        (
            "deadline",
            format!(
                r#"<path d="M{{x}} 0h{}" stroke="{DEADLINE}" stroke-width="{}" stroke-dasharray="{} {}"/>"#,
                num(swatch),
                num(1.8 * s),
                num(7.0 * s),
                num(4.0 * s)
            ),
            "Terbenam 24.00 UTC (07.00 WIB)",
        ),
        (
            "ring",
            format!(
                r#"<circle cx="{{xc}}" cy="0" r="{}" fill="none" stroke="{RING}" stroke-width="{}"/>"#,
                num(7.0 * s),
                num(2.6 * s)
            ),
            "Tempat penentu (margin terbesar)",
        ),
    ]);
    let rows = ROWS;
    for (k, (id, mark, label)) in entries.iter().enumerate() {
        let (column, line) = (k / rows, k % rows);
        let x = columns.get(column).copied().unwrap_or(frame.margin);
        legend::draw(
            svg,
            legend::Row { id, mark, label },
            (x, y + line as f64 * row),
            swatch,
            (TextStyle::new(13.0 * s, INK), 10.0 * s),
            s,
        );
    }
    let note_y = y + rows as f64 * row + 2.0 * s;
    debug_assert!(entries.len() <= 2 * ROWS);
    svg.text_with(
        frame.margin,
        note_y,
        TextStyle::new(12.0 * s, MUTED),
        r#"id="convention""#,
        "Mustahil: Bulan di bawah ufuk atau belum ijtimak saat magrib · peta dasar: Natural Earth",
    );
    note_y + 8.0 * s
}
