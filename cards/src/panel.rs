//! The criteria panel of the normal cards: the criteria table (PARAMETER, NILAI, MIN.,
//! STATUS; for wujudul hilal its two conditions with their times), the Moon's other values
//! (illumination, age, lag or margin, azimuth or altitude), and the deciding-site row (with
//! the conjunction in the site's zone). The sky chart and the archipelago map call the same
//! functions, so the map's site row is the chart's, character for character.

use hijri::fixed::from_fixed;
use hijri::schema::Applied;

use super::frame::{Frame, BOX, BOX_LINE, FAIL, INK, MUTED, PASS};
use super::rule::CardRule;
use super::svg::{Anchor, Svg, TextStyle};
use super::text::{conjunction, coordinates, decimal, degrees, lag, local_date_time, local_time};
use super::CardContext;

/// Height of the criteria table.
const TABLE_HEIGHT: f64 = 150.0;
/// Height of the row of other values.
const STATS_HEIGHT: f64 = 74.0;
/// Height of the site box.
const SITE_HEIGHT: f64 = 132.0;
/// Gap between blocks.
const GAP: f64 = 16.0;

/// Total height of [`criteria_panel`] (normal cards only).
pub const PANEL_HEIGHT: f64 = 24.0 + TABLE_HEIGHT + GAP + STATS_HEIGHT + GAP + SITE_HEIGHT;

fn section_title(svg: &mut Svg, x: f64, y: f64, title: &str) {
    svg.text(x, y, TextStyle::new(13.0, MUTED).bold().spaced(2.0), title);
}

/// A panel box with its SVG `id` (the card tests find what lies inside it by that).
fn box_at(svg: &mut Svg, id: &str, (x, y, w, h): (f64, f64, f64, f64)) {
    svg.rect(
        x,
        y,
        w,
        h,
        12.0,
        &format!(r#"id="{id}" fill="{BOX}" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
}

/// Draws the criteria table, the other values and the site row from `y`; returns the y below.
pub fn criteria_panel(svg: &mut Svg, frame: &Frame, ctx: &CardContext, y: f64) -> f64 {
    let x = frame.margin;
    let w = frame.inner_width();
    let title = match ctx.rule {
        CardRule::Sites { .. } => "KRITERIA VISIBILITAS",
        CardRule::Wujud { .. } => "SYARAT WUJUDUL HILAL",
        CardRule::Khgt(_) => "KRITERIA KHGT DI TEMPAT PENENTU (GEOSENTRIK)",
    };
    section_title(svg, x + 4.0, y + 14.0, title);
    let mut y = y + 24.0;
    criteria_table(svg, ctx, x, y, w);
    y += TABLE_HEIGHT + GAP;
    other_values(svg, ctx, x, y, w);
    y += STATS_HEIGHT + GAP;
    site_row(svg, ctx, x, y, w);
    y + SITE_HEIGHT
}

/// One row of the criteria table: SVG id prefix, name, value, limit, met.
type Row = (&'static str, &'static str, String, String, bool);

/// The criteria table's column heads and rows for `ctx`'s rule: the Moon's altitude and the
/// elongation against their limits, or wujudul hilal's two conditions as times against
/// sunset (in the place's zone).
fn rows(ctx: &CardContext) -> ([&'static str; 4], [Row; 2]) {
    let v = ctx.values;
    match ctx.rule.limits() {
        Some(limits) => (
            ["PARAMETER", "NILAI", "MIN.", "STATUS"],
            [
                (
                    "alt",
                    "Tinggi hilal",
                    degrees(from_fixed(v.moon_alt)),
                    degrees(from_fixed(limits.min_moon_alt)),
                    v.alt_ok,
                ),
                (
                    "elong",
                    "Elongasi",
                    degrees(from_fixed(v.elongation)),
                    degrees(from_fixed(limits.min_elongation)),
                    v.elong_ok,
                ),
            ],
        ),
        None => {
            let clock = |t: i64| {
                let (hour, minute) = hijri::date::local_clock(t, v.utc_offset_s);
                format!("{hour:02}:{minute:02}")
            };
            let sunset = clock(v.sunset);
            (
                ["SYARAT", "WAKTU", "MAGRIB", "STATUS"],
                [
                    (
                        "conj",
                        "Ijtimak sebelum magrib",
                        clock(ctx.conjunction_ms.div_euclid(1_000)),
                        sunset.clone(),
                        !ctx.conjunction_after_sunset(),
                    ),
                    (
                        "set",
                        "Bulan terbenam setelah",
                        v.moonset.map_or_else(|| "—".to_owned(), clock),
                        sunset,
                        // The rule's own test: the upper limb above the horizon at sunset.
                        ctx.rule.upper_limb_above(),
                    ),
                ],
            )
        }
    }
}

fn criteria_table(svg: &mut Svg, ctx: &CardContext, x: f64, y: f64, w: f64) {
    box_at(svg, "criteria-box", (x, y, w, TABLE_HEIGHT));
    let columns = [x + 20.0, x + 0.43 * w, x + 0.60 * w, x + 0.76 * w];
    let head = TextStyle::new(13.0, MUTED).bold().spaced(1.5);
    let (heads, rows) = rows(ctx);
    for (cx, label) in columns.iter().zip(heads) {
        svg.text(*cx, y + 32.0, head, label);
    }
    svg.line(
        x + 16.0,
        y + 46.0,
        x + w - 16.0,
        y + 46.0,
        &format!(r#"stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    for (k, (id, name, value, min, ok)) in rows.into_iter().enumerate() {
        let baseline = y + 88.0 + 44.0 * k as f64;
        svg.text(columns[0], baseline, TextStyle::new(19.0, INK), name);
        svg.text_with(
            columns[1],
            baseline,
            TextStyle::new(19.0, INK).bold(),
            &format!(r#"id="{id}-value""#),
            &value,
        );
        svg.text_with(
            columns[2],
            baseline,
            TextStyle::new(19.0, MUTED),
            &format!(r#"id="{id}-min""#),
            &min,
        );
        let (status, colour) = if ok {
            ("✓ TERPENUHI", PASS)
        } else {
            ("✗ TIDAK", FAIL)
        };
        svg.text_with(
            columns[3],
            baseline,
            TextStyle::new(17.0, colour).bold(),
            &format!(r#"id="{id}-status""#),
            status,
        );
    }
}

/// The Moon's other values, one cell each: illumination, age at sunset (or that the
/// conjunction comes after it), the lag (KHGT: the margin over its limits) and the azimuth
/// (wujudul hilal: its upper limb's altitude, the quantity the rule tests).
fn other_values(svg: &mut Svg, ctx: &CardContext, x: f64, y: f64, w: f64) {
    let v = ctx.values;
    let age = if ctx.conjunction_after_sunset() {
        vec!["ijtimak".to_owned(), "setelah magrib".to_owned()]
    } else {
        vec![format!("{} jam", decimal(from_fixed(v.age), 2))]
    };
    let fourth = match ctx.rule {
        CardRule::Khgt(decision) => (
            "margin",
            "MARGIN",
            vec![degrees(decision.limits.margin_deg(
                from_fixed(v.moon_alt),
                from_fixed(v.elongation),
            ))],
        ),
        CardRule::Sites { .. } | CardRule::Wujud { .. } => ("lag", "LAG", vec![lag(v)]),
    };
    let last = match ctx.rule {
        CardRule::Wujud { upper_limb_alt } => (
            "upper-limb",
            "TEPI ATAS BULAN",
            vec![degrees(from_fixed(upper_limb_alt))],
        ),
        CardRule::Sites { .. } | CardRule::Khgt(_) => (
            "moon-az",
            "AZIMUT BULAN",
            vec![degrees(from_fixed(v.moon_az))],
        ),
    };
    let cells = [
        (
            "illumination",
            "ILUMINASI",
            vec![format!("{} %", decimal(from_fixed(v.illumination), 2))],
        ),
        ("age", "UMUR BULAN", age),
        fourth,
        last,
    ];
    let cell_w = (w - 3.0 * GAP) / 4.0;
    for (k, (id, label, lines)) in cells.iter().enumerate() {
        let cx = x + k as f64 * (cell_w + GAP);
        box_at(svg, &format!("{id}-box"), (cx, y, cell_w, STATS_HEIGHT));
        let centre = cx + cell_w / 2.0;
        svg.text(
            centre,
            y + 27.0,
            TextStyle::new(12.0, MUTED)
                .bold()
                .spaced(1.5)
                .anchor(Anchor::Middle),
            label,
        );
        // One value large; two lines (the conjunction after sunset) smaller.
        let (size, first, step) = if lines.len() > 1 {
            (15.0, 48.0, 17.0)
        } else {
            (21.0, 56.0, 0.0)
        };
        for (n, line) in lines.iter().enumerate() {
            let id = if n == 0 {
                (*id).to_owned()
            } else {
                format!("{id}-{n}")
            };
            svg.text_with(
                centre,
                y + first + step * n as f64,
                TextStyle::new(size, INK).bold().anchor(Anchor::Middle),
                &format!(r#"id="{id}""#),
                line,
            );
        }
    }
}

/// The site row's heading, its summary on the right and its third line's right half: the
/// deciding site among those checked, the rule's place for the whole country, or KHGT's
/// deciding place (the condition it met, or PKG 1's best) with New Zealand's fajr.
fn site_words(ctx: &CardContext) -> (&'static str, String, String) {
    let v = ctx.values;
    let moonset = || {
        let time = v
            .moonset
            .map_or_else(|| "—".to_owned(), |t| local_time(t, v.utc_offset_s));
        format!("☾ Bulan terbenam {time}")
    };
    match ctx.rule {
        CardRule::Sites {
            visible,
            sites_checked,
            ..
        } => {
            let summary = if visible {
                format!("Kriteria terpenuhi di lokasi ini (dari {sites_checked} lokasi)")
            } else {
                format!("Tidak terpenuhi di {sites_checked} lokasi; ini lokasi terdekat")
            };
            ("LOKASI PENENTU", summary, moonset())
        }
        CardRule::Wujud { .. } => (
            "LOKASI HISAB",
            "Berlaku untuk seluruh Indonesia (wilayatul hukmi)".to_owned(),
            moonset(),
        ),
        CardRule::Khgt(decision) => (
            "TEMPAT PENENTU",
            match decision.applied {
                Applied::Pkg1 => "PKG 1 · margin terbesar di daratan sebelum 24.00 UTC",
                Applied::Pkg2 => "PKG 2 · margin terbesar di daratan Amerika",
                Applied::Neither => "Tidak terpenuhi · tempat terdekat sebelum 24.00 UTC",
            }
            .to_owned(),
            format!("Fajar Wellington {}", local_time(decision.nz_fajr, 0)),
        ),
    }
}

/// The deciding-site row: name, coordinates, the conjunction, sunset and moonset (KHGT: New
/// Zealand's fajr), each time in the site's zone.
fn site_row(svg: &mut Svg, ctx: &CardContext, x: f64, y: f64, w: f64) {
    let v = ctx.values;
    // KHGT's sunset may fall on the day after the evaluation day: its date is given.
    let sunset = match ctx.rule {
        CardRule::Khgt(_) => format!("☀ Magrib {}", local_date_time(v.sunset, v.utc_offset_s)),
        CardRule::Sites { .. } | CardRule::Wujud { .. } => format!(
            "☀ Matahari terbenam {}",
            local_time(v.sunset, v.utc_offset_s)
        ),
    };
    let (heading, summary, third) = site_words(ctx);
    svg.open_group(r#"id="site""#);
    box_at(svg, "site-box", (x, y, w, SITE_HEIGHT));
    svg.text(
        x + 20.0,
        y + 28.0,
        TextStyle::new(12.0, MUTED).bold().spaced(1.5),
        heading,
    );
    svg.text(
        x + w - 20.0,
        y + 28.0,
        TextStyle::new(12.0, MUTED).anchor(Anchor::End),
        &summary,
    );
    svg.text_with(
        x + 20.0,
        y + 60.0,
        TextStyle::new(23.0, INK).bold(),
        r#"id="site-name""#,
        &ctx.site.name,
    );
    svg.text(
        x + 20.0,
        y + 86.0,
        TextStyle::new(16.0, MUTED),
        &coordinates(ctx.site),
    );
    svg.text_with(
        x + w / 2.0 + 10.0,
        y + 86.0,
        TextStyle::new(17.0, INK),
        r#"id="conjunction""#,
        &format!("☌ Ijtimak {}", conjunction(ctx)),
    );
    svg.text_with(
        x + 20.0,
        y + 116.0,
        TextStyle::new(17.0, INK),
        r#"id="sunset""#,
        &sunset,
    );
    svg.text_with(
        x + w / 2.0 + 10.0,
        y + 116.0,
        TextStyle::new(17.0, INK),
        r#"id="moonset""#,
        &third,
    );
    svg.close_group();
}
