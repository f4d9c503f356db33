//! The decision panel under KHGT's maps (normal cards): the conjunction in UTC (and WIB),
//! PKG 1 with its best place, New Zealand's fajr against the conjunction, PKG 2 with its
//! best place on the mainland of the Americas (its margin flagged `tipis` when under
//! [`THIN_DEG`]), which place is marked and why, and the verdict with the month's start.

use hijri::date::Date;

use super::layers::{PKG1, PKG2};
use crate::frame::{self, Frame, BOX, BOX_LINE, FAIL, INK, MUTED, PASS};
use crate::metrics;
use crate::rule::{BestPlace, KhgtDecision};
use crate::svg::{Anchor, Svg, TextStyle};
use crate::text::{decimal, gregorian_long, local_date_time, local_time};
use crate::{verdict, CardContext, CardError};

/// A margin under this many degrees is flagged `tipis` (thin).
pub const THIN_DEG: f64 = 0.3;
/// WIB's offset from UTC, seconds (the conjunction is given in both).
const WIB_S: i32 = 7 * 3_600;

/// `+0,20°`, `−1,89°`, with ` (tipis)` under [`THIN_DEG`] for a margin that meets.
fn margin(value: f64) -> String {
    let sign = if value >= 0.0 { "+" } else { "" };
    let thin = if (0.0..THIN_DEG).contains(&value) {
        " (tipis)"
    } else {
        ""
    };
    format!("margin {sign}{}°{thin}", decimal(value, 2))
}

/// `13,20° LU 88,43° BB`.
fn position(place: &BestPlace) -> String {
    let lat = if place.lat < 0.0 { "LS" } else { "LU" };
    let lon = if place.lon < 0.0 { "BB" } else { "BT" };
    format!(
        "{}° {lat} {}° {lon}",
        decimal(place.lat.abs(), 2),
        decimal(place.lon.abs(), 2)
    )
}

/// Left of a line's text in the box (after its label), pixels.
const TEXT_X: f64 = 96.0;
/// Room kept right of a line's text for its status, pixels.
const STATUS_ROOM: f64 = 80.0;

/// Width a line's text may take on a normal card (the panel's only card), pixels.
fn text_width() -> f64 {
    Frame::new(false).inner_width() - TEXT_X - STATUS_ROOM
}

/// A best place in one line: where (its name when it is the card's deciding place, its
/// country alone or its coordinates when the name makes the line too long), its sunset in
/// UTC and its margin.
fn best(ctx: &CardContext, place: &BestPlace) -> String {
    let named = (place.lat - ctx.site.lat).abs() < 1e-6 && (place.lon - ctx.site.lon).abs() < 1e-6;
    let rest = format!(
        " · magrib {} · {}",
        local_time(place.sunset, 0),
        margin(place.margin)
    );
    let name = &ctx.site.name;
    let country = name.rsplit_once(", ").map(|(_, country)| country);
    let names = [Some(name.as_str()), country]
        .into_iter()
        .flatten()
        .filter(|_| named);
    let style = TextStyle::new(14.0, INK);
    names
        .map(|at| format!("{at}{rest}"))
        .find(|line| metrics::line(&style, line).width <= text_width())
        .unwrap_or_else(|| format!("{}{rest}", position(place)))
}

/// The verdict's note: the month's first day.
pub fn start_line(ctx: &CardContext, decision: &KhgtDecision) -> String {
    let next = |days: i32| gregorian_long(Date(ctx.evening_date.0 + days));
    match decision.applied {
        hijri::schema::Applied::Neither => {
            format!("Istikmal: bulan baru mulai {}", next(2))
        }
        _ => format!("Bulan baru mulai {}", next(1)),
    }
}

/// One line of the panel: a label in muted capitals, its text, and a status on the right.
struct Line {
    id: &'static str,
    label: &'static str,
    text: String,
    status: Option<(bool, &'static str)>,
}

/// The panel's lines.
fn lines(ctx: &CardContext, decision: &KhgtDecision) -> Vec<Line> {
    let conjunction = ctx.conjunction_ms.div_euclid(1_000);
    let before_fajr = ctx.conjunction_ms < decision.nz_fajr.saturating_mul(1_000);
    let pkg1_met = decision.pkg1.is_some_and(|p| p.margin >= 0.0);
    let mut out = vec![
        Line {
            id: "decision-conjunction",
            label: "IJTIMAK",
            text: format!(
                "{} ({})",
                local_date_time(conjunction, 0),
                local_date_time(conjunction, WIB_S)
            ),
            status: None,
        },
        Line {
            id: "decision-pkg1",
            label: "PKG 1",
            text: decision.pkg1.map_or_else(
                || "tidak ada magrib di daratan setelah ijtimak".to_owned(),
                |p| best(ctx, &p),
            ),
            status: Some((pkg1_met, if pkg1_met { "✓ YA" } else { "✗ TIDAK" })),
        },
        Line {
            id: "decision-fajr",
            label: "FAJAR NZ",
            text: format!(
                "Wellington {}: ijtimak {}",
                local_date_time(decision.nz_fajr, 0),
                if before_fajr {
                    "sebelumnya"
                } else {
                    "sesudahnya"
                }
            ),
            status: Some((before_fajr, if before_fajr { "✓" } else { "✗" })),
        },
    ];
    let pkg2_met = decision.pkg2.is_some_and(|p| p.margin >= 0.0);
    let (text, status) = match (decision.pkg2_evaluated, decision.pkg2) {
        (true, Some(p)) => (
            best(ctx, &p),
            Some((pkg2_met, if pkg2_met { "✓ YA" } else { "✗ TIDAK" })),
        ),
        (true, None) => (
            "tidak ada magrib di daratan Amerika dalam jendelanya".to_owned(),
            Some((false, "✗ TIDAK")),
        ),
        (false, _) if pkg1_met => ("tidak dinilai: PKG 1 terpenuhi".to_owned(), None),
        (false, _) => (
            "tidak berlaku: ijtimak setelah fajar Selandia Baru".to_owned(),
            None,
        ),
    };
    out.push(Line {
        id: "decision-pkg2",
        label: "PKG 2",
        text,
        status,
    });
    out
}

/// Which place is marked and why, two lines: where a condition holds, the record's place
/// (the largest margin) against the one Muhammadiyah publishes (the first that meets);
/// where neither holds, the place nearest to meeting PKG 1.
fn marked(decision: &KhgtDecision) -> [&'static str; 2] {
    match decision.applied {
        hijri::schema::Applied::Neither => [
            "Titik bertanda: tempat yang paling mendekati PKG 1 (margin terbesar,",
            "arsip); tidak ada tempat yang memenuhi sebelum batasnya.",
        ],
        _ => [
            "Titik bertanda: margin terbesar (arsip). Muhammadiyah menerbitkan titik",
            "pertama yang memenuhi (magrib paling awal); keputusannya sama.",
        ],
    }
}

/// Rows of the panel: the conjunction, PKG 1, New Zealand's fajr, PKG 2.
const ROWS: usize = 4;
/// Height of a row.
const ROW: f64 = 27.0;
/// Height of the box: its rows, the note on the marked place and the margins.
const BOX_HEIGHT: f64 = 16.0 + ROW * ROWS as f64 + 46.0;

/// The height [`panel`] takes from its `y`: title, box, verdict pill and its note.
pub const HEIGHT: f64 = 24.0 + BOX_HEIGHT + 14.0 + 46.0 + 30.0;

/// Draws the panel from `y` and the verdict under it.
pub fn panel(
    svg: &mut Svg,
    frame: &Frame,
    ctx: &CardContext,
    decision: &KhgtDecision,
    y: f64,
) -> Result<(), CardError> {
    let (x, w) = (frame.margin, frame.inner_width());
    svg.text(
        x + 4.0,
        y + 14.0,
        TextStyle::new(13.0, MUTED).bold().spaced(2.0),
        "KEPUTUSAN KHGT",
    );
    let lines = lines(ctx, decision);
    debug_assert_eq!(lines.len(), ROWS);
    let top = y + 24.0;
    let row = ROW;
    let height = BOX_HEIGHT;
    svg.rect(
        x,
        top,
        w,
        height,
        12.0,
        &format!(r#"id="decision-box" fill="{BOX}" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    for (k, line) in lines.iter().enumerate() {
        let baseline = top + 30.0 + row * k as f64;
        svg.text(
            x + 16.0,
            baseline,
            TextStyle::new(11.5, MUTED).bold().spaced(1.0),
            line.label,
        );
        svg.text_with(
            x + TEXT_X,
            baseline,
            TextStyle::new(14.0, INK),
            &format!(r#"id="{}""#, line.id),
            &line.text,
        );
        if let Some((ok, status)) = line.status {
            let colour = match (ok, line.label) {
                (true, "PKG 1") => PKG1,
                (true, "PKG 2") => PKG2,
                (true, _) => PASS,
                (false, _) => FAIL,
            };
            svg.text(
                x + w - 16.0,
                baseline,
                TextStyle::new(14.0, colour).bold().anchor(Anchor::End),
                status,
            );
        }
    }
    let note_y = top + 16.0 + row * ROWS as f64 + 10.0;
    for (k, text) in marked(decision).iter().enumerate() {
        svg.text_with(
            x + 16.0,
            note_y + 17.0 * k as f64,
            TextStyle::new(12.5, MUTED),
            &format!(r#"id="marked-{k}""#),
            text,
        );
    }
    let verdict = verdict::khgt(decision);
    let start = start_line(ctx, decision);
    let pill_y = top + height + 14.0;
    frame::verdict_pill(svg, frame.width / 2.0, pill_y, 1.0, verdict, Some(&start));
    Ok(())
}
