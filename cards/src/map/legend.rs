//! Below the map: the legend (what the region, the ring and each drawn line mean, in the
//! rule's terms) and the counts of display points that meet the rule.

use super::layers::{ALT_LINE, ELONG_LINE, POINT_MET, POINT_NOT, REGION, RING};
use super::PointResult;
use crate::frame::{Frame, BOX, BOX_LINE, INK, MUTED};
use crate::legend;
use crate::metrics;
use crate::rule::MapTerms;
use crate::svg::{num, Svg, TextStyle};

/// The legend in two columns from `y`: the region and the deciding site's ring, and under
/// them each boundary line that is drawn (`drawn`: the first quantity's, the second's) with
/// the note on their arrows, in the rule's `terms`; returns the y below it.
pub fn legend(svg: &mut Svg, frame: &Frame, terms: &MapTerms, drawn: [bool; 2], y: f64) -> f64 {
    let s = frame.s;
    let row = 28.0 * s;
    let swatch = 26.0 * s;
    let column_x = [frame.margin, frame.margin + 0.5 * frame.inner_width()];
    let [alt_drawn, elong_drawn] = drawn;
    // (id, mark, label, shown, column, row)
    let entries = [
        (
            "region",
            legend::fill(REGION, 0.45, swatch, s),
            terms.region.to_owned(),
            true,
            0,
            0,
        ),
        (
            "alt",
            format!(
                r#"<path d="M{{x}} 0h{}" stroke="{ALT_LINE}" stroke-width="{}"/>"#,
                num(swatch),
                num(3.0 * s)
            ),
            terms.legend[0].clone(),
            alt_drawn,
            0,
            1,
        ),
        (
            "ring",
            format!(
                r#"<circle cx="{{xc}}" cy="0" r="{}" fill="none" stroke="{RING}" stroke-width="{}"/>"#,
                num(8.0 * s),
                num(2.5 * s)
            ),
            terms.ring.clone(),
            true,
            1,
            0,
        ),
        (
            "elong",
            format!(
                r#"<path d="M{{x}} 0h{}" stroke="{ELONG_LINE}" stroke-width="{}" stroke-dasharray="{} {}"/>"#,
                num(swatch),
                num(3.0 * s),
                num(8.0 * s),
                num(4.0 * s)
            ),
            terms.legend[1].clone(),
            elong_drawn,
            1,
            1,
        ),
    ];
    for (id, mark, label, shown, column, line) in entries {
        if !shown {
            continue;
        }
        #[allow(
            clippy::indexing_slicing,
            reason = "two legend columns, entries in column 0 or 1"
        )]
        let x = column_x[column];
        legend::draw(
            svg,
            legend::Row {
                id,
                mark: &mark,
                label: &label,
            },
            (x, y + f64::from(line) * row),
            swatch,
            (TextStyle::new(15.0 * s, INK), 12.0 * s),
            s,
        );
    }
    if !(alt_drawn || elong_drawn) {
        return y + 14.0 * s;
    }
    let note_y = y + 2.0 * row - 2.0 * s;
    svg.text_with(
        frame.margin,
        note_y,
        TextStyle::new(13.0 * s, MUTED),
        r#"id="boundary-note""#,
        terms.note,
    );
    note_y + 8.0 * s
}

/// The counts of display points that meet and do not meet the rule, with a bar, in its
/// `terms`; returns the y below the box.
pub fn counts(
    svg: &mut Svg,
    frame: &Frame,
    points: &[PointResult],
    terms: &MapTerms,
    y: f64,
) -> f64 {
    let s = frame.s;
    let (x, w) = (frame.margin, frame.inner_width());
    let h = 100.0 * s;
    svg.rect(
        x,
        y,
        w,
        h,
        12.0 * s,
        &format!(r#"fill="{BOX}" stroke="{BOX_LINE}" stroke-width="1.5""#),
    );
    svg.text(
        x + 20.0 * s,
        y + 26.0 * s,
        TextStyle::new(12.0 * s, MUTED).bold().spaced(1.5 * s),
        &format!("{} TITIK TAMPILAN SAAT MATAHARI TERBENAM", points.len()),
    );
    let met = points.iter().filter(|p| p.met).count();
    let not = points.len() - met;
    let half = (w - 40.0 * s) / 2.0;
    let [met_words, not_words] = terms.counts;
    for (k, (count, label, colour, id)) in [
        (met, met_words, POINT_MET, "count-met"),
        (not, not_words, POINT_NOT, "count-not"),
    ]
    .into_iter()
    .enumerate()
    {
        let cx = x + 20.0 * s + k as f64 * half;
        svg.circle(
            cx + 7.0 * s,
            y + 52.0 * s,
            7.0 * s,
            &format!(r#"fill="{colour}""#),
        );
        let (number, count) = (TextStyle::new(24.0 * s, INK).bold(), count.to_string());
        svg.text_with(
            cx + 24.0 * s,
            y + 60.0 * s,
            number,
            &format!(r#"id="{id}""#),
            &count,
        );
        svg.text(
            cx + 34.0 * s + metrics::line(&number, &count).width,
            y + 60.0 * s,
            TextStyle::new(16.0 * s, MUTED),
            label,
        );
    }
    // Proportion bar.
    let (bx, by, bw, bh) = (x + 20.0 * s, y + 76.0 * s, w - 40.0 * s, 10.0 * s);
    svg.rect(
        bx,
        by,
        bw,
        bh,
        bh / 2.0,
        &format!(r#"fill="{POINT_NOT}" fill-opacity="0.35""#),
    );
    if met > 0 {
        let share = met as f64 / points.len() as f64;
        svg.rect(
            bx,
            by,
            bw * share,
            bh,
            bh / 2.0,
            &format!(r#"fill="{POINT_MET}""#),
        );
    }
    y + h
}
