//! The eclipse map (`/eclipses/{id}/map`): the archipelago with where an eclipse is seen. A
//! solar eclipse's bands of the magnitude at the local maximum (seen with the Sun up), the
//! path of totality or annularity where it crosses and the kab/kota it crosses; a lunar
//! eclipse's region that sees its whole main phase (umbral, or penumbral for a penumbral
//! eclipse), the regions that see part of it, and the lines where the Moon stands on the
//! horizon as that phase begins and ends. The display points are green where the eclipse
//! is seen. Normal cards add a table of its contacts at fourteen provincial capitals.
//!
//! Inputs are plain values the generator evaluates from the archive's eclipse polynomials
//! ([`EclipseInputs`]); the map's window, land and graticule are the hilal map's.

use std::fmt::Write as _;

use hijri::date::Date;
use hijri::schema::{CardKind, EclipseCard, EclipseType};

use crate::contour::{isolines, region, GridPoint};
use crate::frame::{self, Frame, Titles, BOX, BOX_LINE, FAINT, INK, MUTED};
use crate::grid::VisibilityGrid;
use crate::legend::{self, Row};
use crate::map::layers::{dots, POINT_MET, POINT_RADIUS};
use crate::map::view::MapView;
use crate::map::{check_points, PointResult};
use crate::metrics;
use crate::place::LabelBox;
use crate::render::Renderer;
use crate::svg::{num, Anchor, Svg, TextStyle};
use crate::text::{clock, decimal, gregorian_long, local_time, zone_name};
use crate::{card_size, encoding, CardError};

/// The solar map's magnitude levels, each the lower edge of a band.
pub const MAGNITUDE_LEVELS: [f64; 4] = [0.2, 0.4, 0.6, 0.8];
/// The bands' colour (the Sun's).
const SUN: &str = "#fbbf24";
/// The opacity each magnitude band adds.
const BAND_OPACITY: f64 = 0.08;
/// The path of totality or annularity.
const PATH: &str = "#f8fafc";
/// The lunar map's regions (the eclipsed Moon's colour).
const MOON: &str = "#f87171";
/// The line where the Moon is on the horizon as the main phase begins.
const START_LINE: &str = "#38bdf8";
/// The line where it is on the horizon as the main phase ends.
const END_LINE: &str = "#c4b5fd";
/// Outline around map labels.
const HALO: &str = "#0b1022";
/// Height of a table row (times the scale).
const ROW: f64 = 31.0;

/// One row of the contacts table: a kab/kota seat and what it sees.
#[derive(Clone, Debug, PartialEq)]
pub struct EclipseRow {
    /// The seat's name (`Kota Jakarta`).
    pub name: String,
    /// Its zone's offset from UTC on the day, seconds.
    pub utc_offset_s: i32,
    /// The main phase's first contact, greatest eclipse and last contact (Unix seconds),
    /// each with whether the body is above the horizon then; `None` where none of the
    /// eclipse is seen there.
    pub contacts: Option<[(i64, bool); 3]>,
    /// The magnitude at the local maximum (solar), or the Moon's altitude at greatest
    /// eclipse, degrees (lunar).
    pub value: f64,
}

/// What one eclipse's map is drawn from.
#[derive(Clone, Debug)]
pub struct EclipseInputs {
    /// Its id (`2023-04-20-solar`, [`hijri::eclipse::id_of`]).
    pub id: String,
    /// The eclipse's body and type.
    pub kind: EclipseType,
    /// Greatest eclipse, Unix seconds.
    pub greatest: i64,
    /// Its magnitude (solar), or umbral magnitude (lunar).
    pub magnitude: f64,
    /// Its penumbral magnitude (lunar).
    pub penumbral_magnitude: f64,
    /// Its saros series.
    pub saros: u16,
    /// Solar: the magnitude at the local maximum where that maximum is seen with the Sun up
    /// (a small positive value where only part of the eclipse is, negative where none is)
    /// and how far inside the central path each node stands (Earth radii, negative
    /// outside). Lunar: the Moon's upper limb above the moonrise horizon as the main phase
    /// begins and as it ends, degrees.
    pub grid: VisibilityGrid,
    /// Lunar: the instants the main phase begins and ends (U1 and U4; P1 and P4 for a
    /// penumbral eclipse).
    pub phase: Option<[i64; 2]>,
    /// The display points, `met` where the eclipse is seen.
    pub points: Vec<PointResult>,
    /// The kab/kota the central path crosses (their seats inside it; cities first).
    pub crossed: Vec<String>,
    /// How many kab/kota seats see some of the eclipse, and of how many.
    pub seen_places: (usize, usize),
    /// The contacts table (normal cards).
    pub rows: Vec<EclipseRow>,
}

impl EclipseInputs {
    fn solar(&self) -> bool {
        hijri::eclipse::is_solar_type(self.kind)
    }

    /// `Gerhana Matahari Total` and the like.
    pub fn title(&self) -> String {
        hijri::eclipse::indonesian_name(self.solar(), hijri::eclipse::kind_name(self.kind))
    }
}

/// The eclipse map as SVG (720x1280 with the contacts table, or 1440x1520 without it when
/// `bare`).
pub fn eclipse_svg(e: &EclipseInputs, bare: bool) -> Result<String, CardError> {
    e.grid.validate()?;
    check_points(&e.points)?;
    // Dated as Indonesia's west sees it: a lunar eclipse of 18:11 UTC is on the next day there.
    let wib = 7 * 3_600;
    let day = i32::try_from((e.greatest + i64::from(wib)).div_euclid(86_400))
        .map_err(|_| CardError::Input(format!("greatest eclipse {} out of range", e.greatest)))?;
    let solar = e.solar();
    let frame = Frame::new(bare);
    let s = frame.s;
    let mut svg = frame.document();
    let facts = if solar {
        format!(
            "{} · magnitudo {} · saros {}",
            local_time(e.greatest, 0),
            decimal(e.magnitude, 3),
            e.saros
        )
    } else {
        format!(
            "{} · magnitudo umbra {}, penumbra {} · saros {}",
            local_time(e.greatest, 0),
            decimal(e.magnitude, 3),
            decimal(e.penumbral_magnitude, 3),
            e.saros
        )
    };
    let titles = Titles {
        title: e.title(),
        start: format!(
            "Puncak {}, {}",
            gregorian_long(Date(day)),
            local_time(e.greatest, wib)
        ),
        evening: facts,
        badge: None,
    };
    let kicker = if solar {
        "GERHANA MATAHARI · PETA INDONESIA"
    } else {
        "GERHANA BULAN · PETA INDONESIA"
    };
    let top = frame::header(&mut svg, &frame, &titles, kicker);
    let view = MapView::open(&mut svg, &frame, top + 10.0 * s)?;
    // Line labels keep off the display points.
    let mut taken: Vec<LabelBox> = e
        .points
        .iter()
        .map(|p| LabelBox::around(view.at(p.lat, p.lon), (POINT_RADIUS + 1.5) * s))
        .collect();
    let legend_rows = if solar {
        solar_layers(&mut svg, &view, e, (&mut taken, s))
    } else {
        lunar_layers(&mut svg, &view, e, (&mut taken, s))
    };
    dots(&mut svg, &view, &e.points, s);
    view.close(&mut svg, s);
    let seen = e.points.iter().filter(|p| p.met).count();
    let mut y = legend_block(
        &mut svg,
        &frame,
        &legend_rows,
        (seen, e.points.len()),
        view.top + view.height() + 42.0 * s,
    );
    if let Some(line) = crossed_line(e, &frame) {
        svg.text_with(
            frame.margin,
            y + 8.0 * s,
            TextStyle::new(14.0 * s, INK),
            r#"id="crossed""#,
            &line,
        );
        y += 30.0 * s;
    }
    let (seen, of) = e.seen_places;
    let summary = format!("Terlihat dari {seen} dari {of} kab/kota");
    if bare {
        // Centred in the space between the legend and the footer.
        let y = (y + frame.height - frame::FOOTER_HEIGHT * s) / 2.0;
        svg.text_with(
            frame.width / 2.0,
            y,
            TextStyle::new(30.0 * s, INK).bold().anchor(Anchor::Middle),
            r#"id="summary""#,
            &summary,
        );
        svg.text(
            frame.width / 2.0,
            y + 34.0 * s,
            TextStyle::new(16.0 * s, MUTED).anchor(Anchor::Middle),
            &format!(
                "Waktu kontak di tiap kab/kota: /api/v1/eclipses/{}?place=",
                e.id
            ),
        );
    } else {
        svg.text_with(
            frame.margin,
            y + 8.0 * s,
            TextStyle::new(15.0 * s, INK).bold(),
            r#"id="summary""#,
            &summary,
        );
        table(&mut svg, &frame, e, y + 28.0 * s);
    }
    footer(&mut svg, &frame, solar);
    Ok(svg.finish())
}

/// The normal and bare PNG cards of one eclipse, each with its ETag and the reuse `key`.
pub fn eclipse_cards(
    renderer: &Renderer,
    e: &EclipseInputs,
    key: u64,
) -> Result<Vec<EclipseCard>, CardError> {
    [false, true]
        .into_iter()
        .map(|bare| {
            let svg = eclipse_svg(e, bare)?;
            let (width, height) = card_size(bare);
            // Flat fills, written as the hilal map is.
            let png = renderer.png(&svg, width, height, encoding(CardKind::Map))?;
            Ok(EclipseCard {
                bare,
                etag: hijri::fingerprint::etag(&png),
                key,
                png,
            })
        })
        .collect()
}

/// A legend row: its id, its mark and its label.
type LegendRow = (&'static str, String, String);

/// The magnitude bands, the central path and their labels; returns the legend's rows.
fn solar_layers(
    svg: &mut Svg,
    view: &MapView,
    e: &EclipseInputs,
    (taken, s): (&mut Vec<LabelBox>, f64),
) -> Vec<LegendRow> {
    let grid = &e.grid;
    let [magnitude, margin] = &grid.values;
    let swatch = 26.0 * s;
    let mut rows = vec![(
        "seen",
        legend::fill(SUN, 0.2, swatch, s),
        "Terlihat (sebagian)".to_owned(),
    )];
    // The bands nest, each drawn over the one below: at 0,8 the Sun's colour is at 34 %.
    for level in [0.0].into_iter().chain(MAGNITUDE_LEVELS) {
        let area = region(magnitude, grid.nx, grid.ny, level);
        if area.is_empty() {
            continue;
        }
        svg.path(
            &view.path_d(grid, &area, true),
            &format!(r#"class="band" fill="{SUN}" fill-opacity="{BAND_OPACITY}""#),
        );
    }
    for level in MAGNITUDE_LEVELS {
        let lines = isolines(magnitude, grid.nx, grid.ny, level);
        if lines.is_empty() {
            continue;
        }
        svg.path(
            &view.path_d(grid, &lines, false),
            &format!(
                r#"class="level" fill="none" stroke="{SUN}" stroke-opacity="0.9" stroke-width="{}""#,
                num(1.2 * s)
            ),
        );
        line_label(svg, view, grid, &lines, &decimal(level, 1), (taken, s));
    }
    if MAGNITUDE_LEVELS
        .iter()
        .any(|&l| magnitude.iter().any(|&m| m >= l))
    {
        rows.push((
            "levels",
            format!(
                r#"<path d="M{{x}} 0h{}" stroke="{SUN}" stroke-width="{}"/>"#,
                num(swatch),
                num(2.0 * s)
            ),
            "Magnitudo saat puncak: 0,2 · 0,4 · 0,6 · 0,8".to_owned(),
        ));
    }
    let path = region(margin, grid.nx, grid.ny, 0.0);
    if !path.is_empty() {
        svg.path(
            &view.path_d(grid, &path, true),
            &format!(r#"id="central" fill="{PATH}" fill-opacity="0.45""#),
        );
        svg.path(
            &view.path_d(grid, &isolines(margin, grid.nx, grid.ny, 0.0), false),
            &format!(
                r#"id="central-edge" fill="none" stroke="{PATH}" stroke-width="{}""#,
                num(1.4 * s)
            ),
        );
        rows.push((
            "central",
            legend::fill(PATH, 0.7, swatch, s),
            format!("Jalur {}", central_word(e.kind)),
        ));
    }
    rows
}

/// The word for the central path: `total`, `cincin`, `total / cincin` (hybrid).
fn central_word(kind: EclipseType) -> &'static str {
    match kind {
        EclipseType::SolarAnnular => "cincin",
        EclipseType::SolarHybrid => "total / cincin",
        _ => "total",
    }
}

/// The regions that see the main phase whole or in part and the two horizon lines; returns
/// the legend's rows.
fn lunar_layers(
    svg: &mut Svg,
    view: &MapView,
    e: &EclipseInputs,
    (taken, s): (&mut Vec<LabelBox>, f64),
) -> Vec<LegendRow> {
    let grid = &e.grid;
    let [start, end] = &grid.values;
    let swatch = 26.0 * s;
    let both: Vec<f64> = start.iter().zip(end).map(|(a, b)| a.min(*b)).collect();
    let either: Vec<f64> = start.iter().zip(end).map(|(a, b)| a.max(*b)).collect();
    let phase = if e.kind == EclipseType::LunarPenumbral {
        "fase penumbra"
    } else {
        "fase umbra"
    };
    let mut rows = Vec::new();
    for (id, values, opacity, label) in [
        ("part", &either, 0.2, format!("Sebagian {phase} terlihat")),
        ("whole", &both, 0.45, format!("Seluruh {phase} terlihat")),
    ] {
        let area = region(values, grid.nx, grid.ny, 0.0);
        // The part-seen region lies under the whole-seen one: named only where it shows.
        let shows = id == "whole" || both.iter().zip(&either).any(|(b, e)| *b < 0.0 && *e >= 0.0);
        if area.is_empty() || !shows {
            continue;
        }
        svg.path(
            &view.path_d(grid, &area, true),
            &format!(r#"id="{id}" fill="{MOON}" fill-opacity="{opacity}""#),
        );
        rows.push((id, legend::fill(MOON, opacity + 0.1, swatch, s), label));
    }
    let (first, last) = if e.kind == EclipseType::LunarPenumbral {
        ("P1", "P4")
    } else {
        ("U1", "U4")
    };
    let dash = format!(r#"stroke-dasharray="{} {}""#, num(8.0 * s), num(5.0 * s));
    for (id, values, colour, extra, contact, at) in [
        ("start", start, START_LINE, "", first, e.phase.map(|p| p[0])),
        (
            "end",
            end,
            END_LINE,
            dash.as_str(),
            last,
            e.phase.map(|p| p[1]),
        ),
    ] {
        let lines = isolines(values, grid.nx, grid.ny, 0.0);
        if lines.is_empty() {
            continue;
        }
        svg.path(
            &view.path_d(grid, &lines, false),
            &format!(
                r#"id="{id}-line" fill="none" stroke="{colour}" stroke-width="{}" {extra}"#,
                num(2.2 * s)
            ),
        );
        line_label(svg, view, grid, &lines, contact, (taken, s));
        let when = at.map_or(String::new(), |t| format!(" ({})", local_time(t, 0)));
        rows.push((
            id,
            format!(
                r#"<path d="M{{x}} 0h{}" stroke="{colour}" stroke-width="{}" {extra}/>"#,
                num(swatch),
                num(3.0 * s)
            ),
            format!("Bulan di ufuk saat {contact}{when}"),
        ));
    }
    rows
}

/// `text` on the middle of the longest of `lines`, with a halo, unless it would cover a label
/// already placed or leave the map.
fn line_label(
    svg: &mut Svg,
    view: &MapView,
    grid: &VisibilityGrid,
    lines: &[Vec<GridPoint>],
    text: &str,
    (taken, s): (&mut Vec<LabelBox>, f64),
) {
    let Some(line) = lines.iter().max_by_key(|l| l.len()) else {
        return;
    };
    let Some(&point) = line.get(line.len() / 2) else {
        return;
    };
    let (x, y) = view.grid_xy(grid, point);
    let style = TextStyle::new(12.0 * s, INK).bold().anchor(Anchor::Middle);
    let (bounds, baseline) = LabelBox::centred(&style, (x, y), text);
    if bounds.hits(taken) || !bounds.within(&view.area(), 4.0 * s) {
        return;
    }
    taken.push(bounds);
    svg.text_with(
        x,
        baseline,
        style,
        &format!(
            r#"class="line-label" stroke="{HALO}" stroke-width="{}" paint-order="stroke""#,
            num(3.0 * s)
        ),
        text,
    );
}

/// The legend in two columns from `y`, then the count of display points that see the
/// eclipse; returns the y below it.
fn legend_block(
    svg: &mut Svg,
    frame: &Frame,
    rows: &[LegendRow],
    (seen, of): (usize, usize),
    y: f64,
) -> f64 {
    let s = frame.s;
    let swatch = 26.0 * s;
    let row_height = 28.0 * s;
    let columns = [frame.margin, frame.margin + 0.5 * frame.inner_width()];
    let style = TextStyle::new(14.0 * s, INK);
    let mut rows = rows.to_vec();
    rows.push((
        "points",
        format!(
            r#"<circle cx="{{xc}}" cy="0" r="{}" fill="{POINT_MET}"/><circle cx="{{xc}}" cy="0" r="{}" fill="none"/>"#,
            num(POINT_RADIUS * s),
            num(POINT_RADIUS * s)
        ),
        format!("Kota contoh yang melihatnya: {seen} dari {of}"),
    ));
    for (k, (id, mark, label)) in rows.iter().enumerate() {
        let x = columns.get(k % 2).copied().unwrap_or(frame.margin);
        let row_y = y + (k / 2) as f64 * row_height;
        legend::draw(
            svg,
            Row { id, mark, label },
            (x, row_y),
            swatch,
            (style, 10.0 * s),
            s,
        );
    }
    y + rows.len().div_ceil(2) as f64 * row_height + 6.0 * s
}

/// `Jalur total melintasi 23 kab/kota: Kota Palu, …`, cut to the card's width; `None` where
/// the path crosses none.
fn crossed_line(e: &EclipseInputs, frame: &Frame) -> Option<String> {
    let count = e.crossed.len();
    if count == 0 {
        return None;
    }
    let style = TextStyle::new(14.0 * frame.s, INK);
    let mut line = format!("Jalur {} melintasi {count} kab/kota:", central_word(e.kind));
    for (k, name) in e.crossed.iter().enumerate() {
        let more = count - k;
        let next = format!("{line} {name}{}", if more > 1 { "," } else { "" });
        let tail = if more > 1 {
            format!(" dan {} lagi", more - 1)
        } else {
            String::new()
        };
        if metrics::line(&style, &format!("{next}{tail}")).width > frame.inner_width() {
            let _ = write!(line, " dan {more} lagi");
            return Some(line.replace(": dan", ", antara lain"));
        }
        line = next;
    }
    Some(line)
}

/// The contacts table of the normal card from `y`: each seat's first contact, maximum and
/// last contact in its zone, and the magnitude (solar) or the Moon's altitude at greatest.
fn table(svg: &mut Svg, frame: &Frame, e: &EclipseInputs, y: f64) {
    let s = frame.s;
    let solar = e.solar();
    let height = (e.rows.len() + 1) as f64 * ROW * s + 14.0 * s;
    let width = frame.inner_width();
    let (begin, end) = match (solar, e.kind) {
        (true, _) => ("Mulai", "Selesai"),
        (false, EclipseType::LunarPenumbral) => ("P1", "P4"),
        (false, _) => ("U1", "U4"),
    };
    let last_head = if solar { "Magnitudo" } else { "Tinggi" };
    let heads = ["Ibu kota", "Zona", begin, "Puncak", end, last_head];
    let columns = [0.0, 0.34, 0.47, 0.6, 0.73, 1.0];
    let head = TextStyle::new(12.0 * s, MUTED).bold();
    let body = TextStyle::new(13.0 * s, INK);
    let faint = TextStyle::new(13.0 * s, FAINT);
    let left = frame.margin;
    let rows = &e.rows;
    svg.rect(
        left,
        y,
        width,
        height,
        12.0 * s,
        &format!(r#"id="contacts" fill="{BOX}" stroke="{BOX_LINE}" stroke-width="1""#),
    );
    let x = |fraction: f64| left + 14.0 * s + fraction * (width - 28.0 * s);
    let baseline = y + 26.0 * s;
    for (k, (text, at)) in heads.iter().zip(columns).enumerate() {
        let style = if k == heads.len() - 1 {
            head.anchor(Anchor::End)
        } else {
            head
        };
        svg.text(x(at), baseline, style, text);
    }
    for (k, row) in rows.iter().enumerate() {
        let baseline = baseline + (k + 1) as f64 * ROW * s;
        svg.text(x(0.0), baseline, body, &row.name);
        svg.text(x(columns[1]), baseline, faint, &zone_name(row.utc_offset_s));
        let Some(contacts) = row.contacts else {
            svg.text(x(columns[2]), baseline, faint, "tidak terlihat");
            continue;
        };
        for ((at, up), column) in contacts.iter().zip(&columns[2..5]) {
            let time = clock(*at, row.utc_offset_s);
            let (style, text) = if *up {
                (body, time)
            } else {
                (faint, format!("({time})"))
            };
            svg.text(x(*column), baseline, style, &text);
        }
        let value = if solar {
            decimal(row.value, 2)
        } else {
            format!("{}°", decimal(row.value, 0))
        };
        svg.text(x(1.0), baseline, body.anchor(Anchor::End), &value);
    }
    svg.text(
        frame.margin + 14.0 * s,
        y + height + 20.0 * s,
        TextStyle::new(12.0 * s, FAINT),
        if solar {
            "Waktu dalam kurung: Matahari di bawah ufuk saat itu"
        } else {
            "Waktu dalam kurung: Bulan di bawah ufuk saat itu"
        },
    );
}

/// The note on how the map is computed and the attribution line.
fn footer(svg: &mut Svg, frame: &Frame, solar: bool) {
    let s = frame.s;
    let style = TextStyle::new(12.5 * s, FAINT).anchor(Anchor::Middle);
    let cx = frame.width / 2.0;
    let (first, second) = if solar {
        (
            "Magnitudo saat puncak lokal, Matahari di atas ufuk; jalur sentral dari elemen Bessel",
            "Terbit/terbenam: pusat Matahari 50′ di bawah ufuk · waktu setempat (UTC di atas)",
        )
    } else {
        (
            "Bulan terlihat: tepi atasnya di atas ufuk (refraksi 34′), toposentrik",
            "Kontak dari bayangan Bumi yang diperbesar · waktu setempat (UTC di atas)",
        )
    };
    svg.text(cx, frame.height - 56.0 * s, style, first);
    svg.text(cx, frame.height - 39.0 * s, style, second);
    svg.text_with(
        cx,
        frame.height - 16.0 * s,
        TextStyle::new(12.0 * s, MUTED).anchor(Anchor::Middle),
        r#"id="attribution""#,
        "Kalender Hijriah Indonesia · gerhana dan salat kusuf/khusuf · efemeris JPL DE440",
    );
}
