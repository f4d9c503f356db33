//! Text placement on every card of the archive: each of the 3,072 cards (Hijri years
//! 1444–1475 of the government's calendar and of Muhammadiyah's, sky chart and map, normal
//! and bare) is drawn as SVG from the real data and laid out by usvg with the committed fonts; every text's ink box must lie inside the canvas, no
//! two texts' boxes may overlap, no text may cover the sky chart's Sun, Moon, horizon or
//! limit line, and text on the sky window stays inside it; each body's label lies nearer its
//! body than the other, the Moon's on its side of the horizon; the conjunction, the lag, the
//! Moon's age and the near-limit note are where they belong. This measures what resvg will
//! draw, not what the templates intend. On every archipelago map each drawn boundary line
//! carries its label, arrow and legend entry, and the legend's note on them shows exactly
//! when a line is drawn. On every world map (KHGT) the 24:00 UTC line is drawn, the mainland
//! of the Americas and its legend entry exactly when PKG 2 was evaluated, the deciding place
//! is named in the detail whenever its ring is there, and the verdict is the record's.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::time::Instant;

use hijri::schema::{CardKind, Record};
use hijri_cards::{card_size, card_svg, display_points, MapInputs, Renderer};
use hijri_generator::card_set::month_inputs;
use rayon::prelude::*;

mod common;

use common::layout::{overlap, texts};

/// The card years.
const YEARS: [u16; 2] = [1444, 1475];

/// The drawn marks no text may cover, by SVG id (the sky chart's Sun and Moon discs, its
/// horizon line and azimuth ticks, and the dashed line of the least altitude; the world
/// map's rings of the deciding place).
const MARKS: [&str; 7] = [
    "sun-disc",
    "moon-disc",
    "horizon",
    "ticks",
    "limit-line",
    "world-decider",
    "detail-decider",
];

/// What is wrong with the texts of one card laid out from `svg`, one line per fault.
fn faults(renderer: &Renderer, svg: &str, bare: bool, name: &str) -> Vec<String> {
    let (w, h) = card_size(bare);
    let (w, h) = (w as f32, h as f32);
    let tree = renderer.tree(svg).expect("card SVG parses");
    let mut found = Vec::new();
    texts(tree.root(), &mut found);
    let mut out = Vec::new();
    for t in &found {
        let (x0, y0, x1, y1) = t.bbox;
        if x0 < 0.0 || y0 < 0.0 || x1 > w || y1 > h {
            out.push(format!(
                "{name}: {:?} at ({x0:.1}, {y0:.1})–({x1:.1}, {y1:.1}) leaves the {w}x{h} canvas",
                t.text
            ));
        }
    }
    // Text on the sky chart's window stays inside it (the window clips what leaves it).
    if let Some(window) = tree.node_by_id("sky-window") {
        let b = window.abs_bounding_box();
        let window = (b.left(), b.top(), b.right(), b.bottom());
        for t in &found {
            let (x0, y0, x1, y1) = t.bbox;
            let inside = x0 >= window.0 && y0 >= window.1 && x1 <= window.2 && y1 <= window.3;
            if overlap(window, t.bbox).is_some() && !inside {
                out.push(format!("{name}: {:?} leaves the sky window", t.text));
            }
        }
    }
    // The sky chart's bodies and horizon: no text may cover them.
    for id in MARKS {
        let Some(node) = tree.node_by_id(id) else {
            continue;
        };
        let m = node.abs_stroke_bounding_box();
        let mark = (m.left(), m.top(), m.right(), m.bottom());
        for t in &found {
            if let Some((dx, dy)) = overlap(mark, t.bbox) {
                out.push(format!(
                    "{name}: {:?} covers the {id} by {dx:.1}x{dy:.1}",
                    t.text
                ));
            }
        }
    }
    // Each body's label nearer that body than the other, and the Moon's on the Moon's side
    // of the horizon: a reader takes a label for the nearest mark's.
    let centre = |id: &str| {
        tree.node_by_id(id).map(|n| {
            let b = n.abs_stroke_bounding_box();
            ((b.left() + b.right()) / 2.0, (b.top() + b.bottom()) / 2.0)
        })
    };
    if let (Some(sun), Some(moon), Some(horizon)) =
        (centre("sun-disc"), centre("moon-disc"), centre("horizon"))
    {
        let distance = |b: (f32, f32, f32, f32), (x, y): (f32, f32)| {
            let dx = (b.0 - x).max(x - b.2).max(0.0);
            let dy = (b.1 - y).max(y - b.3).max(0.0);
            dx.hypot(dy)
        };
        for t in &found {
            let (own, other, body) = if t.text.starts_with("BULAN") {
                (moon, sun, "Moon")
            } else if t.text.starts_with("MATAHARI") {
                (sun, moon, "Sun")
            } else {
                continue;
            };
            if distance(t.bbox, own) >= distance(t.bbox, other) {
                out.push(format!(
                    "{name}: {:?} is nearer the other body than the {body}",
                    t.text
                ));
            }
            let below = moon.1 > horizon.1;
            if body == "Moon"
                && ((below && t.bbox.1 < horizon.1) || (!below && t.bbox.3 > horizon.1))
            {
                out.push(format!(
                    "{name}: {:?} is across the horizon from the Moon",
                    t.text
                ));
            }
        }
    }
    for (i, a) in found.iter().enumerate() {
        for b in &found[i + 1..] {
            if let Some((dx, dy)) = overlap(a.bbox, b.bbox) {
                out.push(format!(
                    "{name}: {:?} and {:?} overlap by {dx:.1}x{dy:.1}",
                    a.text, b.text
                ));
            }
        }
    }
    out.extend(new_text_faults(&tree, bare, name));
    out
}

/// The absolute box of the element with SVG id `id`, if there is one (its stroke included).
fn bbox(tree: &usvg::Tree, id: &str) -> Option<(f32, f32, f32, f32)> {
    tree.node_by_id(id).map(|n| {
        let b = n.abs_stroke_bounding_box();
        (b.left(), b.top(), b.right(), b.bottom())
    })
}

/// The text of the text element with SVG id `id`, if there is one.
fn text_of(tree: &usvg::Tree, id: &str) -> Option<String> {
    match tree.node_by_id(id)? {
        usvg::Node::Text(t) => Some(t.chunks().iter().map(|c| c.text()).collect()),
        _ => None,
    }
}

/// True if box `a` lies inside box `b`, `inset` pixels from its edges.
fn inside(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32), inset: f32) -> bool {
    a.0 >= b.0 + inset && a.1 >= b.1 + inset && a.2 <= b.2 - inset && a.3 <= b.3 - inset
}

/// What is wrong with the texts issue 22 added, one line per fault: on normal cards (but
/// the world map) the conjunction lies inside the site box and the age (one line, or two
/// when the conjunction comes after sunset) and the lag (KHGT: the margin) inside their
/// cells; the verdict's note is there exactly under `MENDEKATI BATAS`, `TIDAK WUJUD` and on
/// the world map, below the pill; on bare sky charts the conjunction and lag (KHGT: age)
/// note is there. (The canvas, the sky window and overlaps are checked for every text
/// by [`faults`].)
fn new_text_faults(tree: &usvg::Tree, bare: bool, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut must_lie = |text: &str, container: &str| match (bbox(tree, text), bbox(tree, container))
    {
        (Some(t), Some(c)) => {
            if !inside(t, c, 4.0) {
                out.push(format!("{name}: {text} leaves its {container}"));
            }
        }
        (None, None) if bare => {}
        _ => out.push(format!("{name}: {text} or {container} missing")),
    };
    let world = tree.node_by_id("convention").is_some();
    if !world {
        must_lie("conjunction", "site-box");
        if tree.node_by_id("margin-box").is_some() {
            must_lie("margin", "margin-box");
        } else {
            must_lie("lag", "lag-box");
        }
        must_lie("age", "age-box");
        if tree.node_by_id("age-1").is_some() {
            must_lie("age-1", "age-box");
        }
    }
    // A note under the verdict says why it is not plain: near the limits, the condition
    // wujudul hilal missed, or (KHGT's map) the month's first day.
    let verdict = text_of(tree, "verdict").unwrap_or_default();
    let noted = world || matches!(verdict.as_str(), "MENDEKATI BATAS" | "TIDAK WUJUD");
    let note = bbox(tree, "verdict-note");
    if note.is_some() != noted {
        out.push(format!(
            "{name}: verdict {verdict} with its note shown {}",
            note.is_some()
        ));
    }
    if let (Some(note), Some(pill)) = (note, bbox(tree, "verdict-pill")) {
        if note.1 < pill.3 {
            out.push(format!("{name}: the verdict's note is not below its pill"));
        }
    }
    if bare && tree.node_by_id("sky-window").is_some() {
        let mut found = Vec::new();
        texts(tree.root(), &mut found);
        if !found.iter().any(|t| {
            t.text.starts_with("Ijtimak ")
                && (t.text.contains(" · lag ") || t.text.contains(" · umur "))
        }) {
            out.push(format!("{name}: no conjunction and lag (or age) note"));
        }
    }
    out
}

/// What is wrong with a map's boundary labels, one line per fault: each drawn boundary line
/// (altitude, elongation) must have its `≥` label and arrow and its legend entry (an undrawn
/// line has none), and the legend's note on them must show exactly when a line is drawn. Returns the faults, the lines drawn and how many
/// labels needed a leader.
fn boundary_faults(svg: &str, name: &str) -> (Vec<String>, usize, usize) {
    let count = |id: String| svg.matches(&format!(r#"id="{id}""#)).count();
    let mut out = Vec::new();
    let (mut lines, mut leaders) = (0, 0);
    for boundary in ["alt", "elong"] {
        let line = count(format!("{boundary}-line"));
        let label = count(format!("{boundary}-label"));
        let arrow = count(format!("{boundary}-arrow"));
        let legend = count(format!("legend-{boundary}"));
        if line > 1 || label != line || arrow != line || legend != line {
            out.push(format!(
                "{name}: {line} {boundary} line(s) drawn with {label} label(s), {arrow} \
                 arrow(s) and {legend} legend entries"
            ));
        }
        lines += line;
        leaders += count(format!("{boundary}-leader"));
    }
    let note = count("boundary-note".to_owned());
    if note != usize::from(lines > 0) {
        out.push(format!(
            "{name}: {lines} boundary line(s) drawn, the legend's note shown {note} time(s)"
        ));
    }
    (out, lines, leaders)
}

/// What is wrong with a world map (KHGT's), one line per fault: the 24:00 UTC line drawn in
/// the world view; the mainland's outline, its colour and its legend entry exactly when
/// PKG 2 was `evaluated`; the deciding place named whenever its ring is in the detail (on
/// bare cards, in the world view); the verdict the record's `applied` condition.
fn world_faults(svg: &str, name: &str, evaluated: bool, verdict: &str) -> Vec<String> {
    let has = |id: &str| svg.contains(&format!(r#"id="{id}""#));
    let mut out = Vec::new();
    if !has("world-deadline") {
        out.push(format!("{name}: no 24:00 UTC line"));
    }
    for id in ["world-americas-outline", "legend-pkg2"] {
        if has(id) != evaluated {
            out.push(format!(
                "{name}: {id} drawn {}, PKG 2 evaluated {evaluated}",
                has(id)
            ));
        }
    }
    let ring = has("detail-decider") || (name.contains("-bare") && has("world-decider"));
    if ring && !has("place-name") {
        out.push(format!("{name}: the deciding place is not named"));
    }
    if !svg.contains(&format!(">{verdict}</text>")) {
        out.push(format!("{name}: the verdict is not {verdict}"));
    }
    out
}

#[test]
fn no_card_text_leaves_the_canvas_or_overlaps_another() {
    let started = Instant::now();
    let built = common::built_calendar();
    let renderer = Renderer::new().unwrap();
    let points = display_points().unwrap();
    let months: Vec<_> = built
        .all_drawn()
        .into_iter()
        .flat_map(|drawn| {
            drawn
                .chain
                .months
                .iter()
                .filter(|m| (YEARS[0]..=YEARS[1]).contains(&m.hijri.year))
                .map(move |month| (drawn, month))
        })
        .collect();
    let results: Vec<(usize, Vec<String>, usize, usize)> = months
        .par_iter()
        .map(|&(drawn, month)| {
            let inputs = month_inputs(&built.astro, drawn, points, month).unwrap();
            let ctx = inputs.ctx();
            let mut cards = 0;
            let mut out = Vec::new();
            let (mut lines, mut leaders) = (0, 0);
            for bare in [false, true] {
                let tag = |kind: &str| {
                    let bare = if bare { "-bare" } else { "" };
                    format!(
                        "{} {kind}{bare} {}-{:02}",
                        drawn.chain.id, month.hijri.year, month.hijri.month
                    )
                };
                let viz = card_svg(CardKind::Viz, &ctx, inputs.map(), bare).unwrap();
                out.extend(faults(&renderer, &viz, bare, &tag("viz")));
                let map = card_svg(CardKind::Map, &ctx, inputs.map(), bare).unwrap();
                out.extend(faults(&renderer, &map, bare, &tag("map")));
                match (inputs.map(), &month.record) {
                    (MapInputs::World(_), Record::Khgt(evening)) => {
                        let verdict = match evening.applied {
                            hijri::schema::Applied::Pkg1 => "PKG 1 TERPENUHI",
                            hijri::schema::Applied::Pkg2 => "PKG 2 TERPENUHI",
                            hijri::schema::Applied::Neither => "TIDAK TERPENUHI",
                        };
                        let evaluated = match ctx.rule {
                            hijri_cards::CardRule::Khgt(d) => d.pkg2_evaluated,
                            _ => false,
                        };
                        out.extend(world_faults(&map, &tag("map"), evaluated, verdict));
                    }
                    _ => {
                        let (boundary, drawn, led) = boundary_faults(&map, &tag("map"));
                        out.extend(boundary);
                        lines += drawn;
                        leaders += led;
                    }
                }
                cards += 2;
            }
            (cards, out, lines, leaders)
        })
        .collect();
    let cards: usize = results.iter().map(|(n, ..)| n).sum();
    let lines: usize = results.iter().map(|(_, _, l, _)| l).sum();
    let leaders: usize = results.iter().map(|(.., l)| l).sum();
    let faults: Vec<&String> = results.iter().flat_map(|(_, f, ..)| f).collect();
    eprintln!(
        "checked the texts of {cards} cards in {:.1} s: {lines} boundary lines drawn on the \
         archipelago maps, {leaders} of their labels joined by a leader",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(
        cards, 3072,
        "every card of the card years of both calendars"
    );
    assert!(
        faults.is_empty(),
        "{} text placement faults, the first:\n{}",
        faults.len(),
        faults
            .iter()
            .take(40)
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
