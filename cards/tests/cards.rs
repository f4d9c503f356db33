//! The hilal cards: PNG shape, determinism, the SVG text against the input values for each
//! verdict (with the conjunction, the lag and the near-limit note), map point colours, the
//! legend's lines, the shared site row, and glyphs for every text.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{CardKind, Criterion, Limits, Site, SiteEvening, Tier};
use hijri_cards::{
    card_size, display_points, map_svg, month_cards, verdict, viz_svg, CardContext, CardRule,
    Encoding, MapInputs, PointResult, Renderer, Verdict, VisibilityGrid,
};

fn site() -> Site {
    Site {
        name: "Pelabuhan Ratu, Jawa Barat".into(),
        lat: -6.9872,
        lon: 106.5461,
        elev_m: 10,
        tz: "Asia/Jakarta".into(),
    }
}

/// The limits of the criterion in force.
fn limits() -> Limits {
    Criterion::neo_mabims().limits
}

/// Hand-made values: altitude, airless altitude and elongation in 1e-4 degrees.
fn values(alt: i32, airless: i32, elong: i32) -> SiteEvening {
    SiteEvening {
        sunset: 1_740_744_000, // 2025-02-28 12:00 UT, 19:00 WIB
        moonset: Some(1_740_745_980),
        utc_offset_s: 25_200,
        moon_alt: alt,
        moon_alt_airless: airless,
        moon_az: 2_625_432,
        sun_alt: -8_333,
        sun_az: 2_613_000,
        elongation: elong,
        illumination: 4_937,
        age: 152_512,
        alt_ok: limits().alt_ok(alt),
        elong_ok: limits().elong_ok(elong),
    }
}

/// One evening per verdict (two near the limits), with the label it must get.
fn evenings() -> Vec<(SiteEvening, Verdict)> {
    vec![
        (values(63_612, 61_234, 80_012), Verdict::Memenuhi),
        (values(31_234, 28_901, 80_012), Verdict::MendekatiBatas),
        (values(45_000, 42_000, 65_500), Verdict::MendekatiBatas),
        (values(17_045, 13_210, 52_034), Verdict::TidakMemenuhi),
        (values(-9_876, -13_456, 45_811), Verdict::DiBawahHorizon),
    ]
}

fn ctx<'a>(site: &'a Site, values: &'a SiteEvening) -> CardContext<'a> {
    CardContext {
        target: HijriMonth {
            year: 1446,
            month: 9,
        },
        month_start: Date::from_ymd(2025, 3, 1).unwrap(),
        tier: Tier::Published,
        evening_date: Date::from_ymd(2025, 2, 28).unwrap(),
        hijri_day: 29,
        site,
        values,
        // 2025-02-27T20:44:56Z, 15.2512 h (the values' age) before their sunset.
        conjunction_ms: 1_740_689_096_000,
        rule: rule(limits(), values),
    }
}

/// The site criterion with `limits`, visible where `values` meet both.
fn rule(limits: Limits, values: &SiteEvening) -> CardRule {
    CardRule::Sites {
        limits,
        visible: values.alt_ok && values.elong_ok,
        sites_checked: 25,
    }
}

/// A smooth synthetic field: both criteria hold in the west.
fn field(lat: f64, lon: f64) -> (f64, f64) {
    (
        3.0 + 0.15 * (118.0 - lon) - 0.05 * lat,
        6.4 + 0.08 * (121.0 - lon) + 0.02 * lat,
    )
}

/// The grid and the map points of [`field`].
fn grid_and_points() -> (VisibilityGrid, Vec<PointResult>) {
    grid_and_points_of(field)
}

/// The grid and the map points of a field of (altitude, elongation) by (lat, lon), the points
/// judged by the limits in force (3°, 6.4°).
fn grid_and_points_of(
    field: impl Fn(f64, f64) -> (f64, f64) + Sync + Copy,
) -> (VisibilityGrid, Vec<PointResult>) {
    let grid = VisibilityGrid::compute(0.25, field).unwrap();
    let points = display_points()
        .unwrap()
        .iter()
        .map(|p| {
            let (alt, elong) = field(p.lat, p.lon);
            p.result(alt >= 3.0 && elong >= 6.4)
        })
        .collect();
    (grid, points)
}

/// The chart and the map (on [`grid_and_points`]) of `c`, each normal and bare, with the name
/// of each.
fn both_cards(c: &CardContext) -> Vec<(String, String)> {
    let (grid, points) = grid_and_points();
    let mut cards = Vec::new();
    for bare in [false, true] {
        cards.push((format!("chart bare={bare}"), viz_svg(c, bare).unwrap()));
        let map = map_svg(c, &grid, &points, bare).unwrap();
        cards.push((format!("map bare={bare}"), map));
    }
    cards
}

/// The text of the element with `id="<id>"`.
fn text_by_id<'s>(svg: &'s str, id: &str) -> &'s str {
    let marker = format!(r#"id="{id}""#);
    let at = svg.find(&marker).unwrap_or_else(|| panic!("no {marker}"));
    let start = at + svg[at..].find('>').unwrap() + 1;
    let end = start + svg[start..].find('<').unwrap();
    &svg[start..end]
}

/// A fixed-point value as the cards print it: two decimals, decimal comma, true minus.
fn decimal2(fixed: i32) -> String {
    let text = format!("{:.2}", f64::from(fixed).abs() / 1e4).replace('.', ",");
    if fixed < 0 {
        format!("\u{2212}{text}")
    } else {
        text
    }
}

#[test]
fn verdicts_follow_the_rule() {
    let verdict = |v: &SiteEvening| verdict(v, limits());
    for (v, want) in evenings() {
        assert_eq!(verdict(&v), want, "{v:?}");
    }
    // The API's borderline rule, 0 <= margin < 0.25: exactly on a minimum is the narrowest
    // pass, so it is near the limit; 0.25 above is not; 1e-4 below is not met.
    let edges = [
        (30_000, 90_000, Verdict::MendekatiBatas),
        (90_000, 64_000, Verdict::MendekatiBatas),
        (32_499, 90_000, Verdict::MendekatiBatas),
        (32_500, 90_000, Verdict::Memenuhi),
        (32_500, 66_500, Verdict::Memenuhi),
        (29_999, 90_000, Verdict::TidakMemenuhi),
    ];
    for (alt, elong, want) in edges {
        assert_eq!(verdict(&values(alt, 27_000, elong)), want, "{alt} {elong}");
    }
    // Not met with the airless altitude exactly 0 is not below the horizon.
    assert_eq!(verdict(&values(5_000, 0, 50_000)), Verdict::TidakMemenuhi);
}

#[test]
fn chart_text_matches_the_values() {
    let site = site();
    for (v, want) in evenings() {
        let svg = viz_svg(&ctx(&site, &v), false).unwrap();
        assert_eq!(text_by_id(&svg, "verdict"), want.label());
        assert_eq!(text_by_id(&svg, "title"), "1 Ramadhan 1446 H");
        assert_eq!(text_by_id(&svg, "start"), "Awal bulan: Sabtu, 1 Maret 2025");
        assert_eq!(
            text_by_id(&svg, "evening"),
            "Pengamatan: Jumat, 28 Februari 2025 (29 Sya&apos;ban 1446 H)"
        );
        assert!(
            !svg.contains(r#"id="tier-badge""#),
            "an official month carries no estimate badge"
        );
        assert_eq!(
            text_by_id(&svg, "attribution"),
            "Kalender Hijriah Indonesia · kriteria tinggi ≥ 3°, elongasi ≥ 6,4° · efemeris JPL DE440"
        );
        assert_eq!(
            text_by_id(&svg, "alt-value"),
            format!("{}°", decimal2(v.moon_alt))
        );
        assert_eq!(
            text_by_id(&svg, "elong-value"),
            format!("{}°", decimal2(v.elongation))
        );
        assert_eq!(text_by_id(&svg, "alt-min"), "3,00°");
        assert_eq!(text_by_id(&svg, "elong-min"), "6,40°");
        let status = |ok: bool| if ok { "✓ TERPENUHI" } else { "✗ TIDAK" };
        assert_eq!(text_by_id(&svg, "alt-status"), status(v.alt_ok));
        assert_eq!(text_by_id(&svg, "elong-status"), status(v.elong_ok));
        assert!(
            text_by_id(&svg, "moon-alt").starts_with(&format!("tinggi {}°", decimal2(v.moon_alt)))
        );
        assert!(text_by_id(&svg, "moon-elong")
            .starts_with(&format!("elongasi {}°", decimal2(v.elongation))));
        assert_eq!(text_by_id(&svg, "site-name"), site.name);
        assert_eq!(text_by_id(&svg, "sunset"), "☀ Matahari terbenam 19:00 WIB");
        assert_eq!(text_by_id(&svg, "moonset"), "☾ Bulan terbenam 19:33 WIB");
        assert_eq!(
            text_by_id(&svg, "conjunction"),
            "☌ Ijtimak 28 Februari 03:44 WIB"
        );
        assert_eq!(text_by_id(&svg, "age"), "15,25 jam");
        // 1,980 s from sunset to moonset.
        assert_eq!(text_by_id(&svg, "lag"), "33 menit");
        // Only a verdict near the limits says so under its label.
        let note = svg
            .contains(r#"id="verdict-note""#)
            .then(|| text_by_id(&svg, "verdict-note"));
        let near = "Kriteria terpenuhi, tetapi kurang dari 0,25° di atas batas";
        assert_eq!(note, (want == Verdict::MendekatiBatas).then_some(near));
        // A Moon below the horizon is drawn dimmed.
        assert_eq!(svg.contains(r#"id="moon" opacity="#), v.moon_alt < 0);

        let bare = viz_svg(&ctx(&site, &v), true).unwrap();
        assert_eq!(text_by_id(&bare, "verdict"), want.label());
        assert!(bare.contains(">Ijtimak 28 Februari 03:44 WIB · lag 33 menit<"));
        assert!(
            !bare.contains(r#"id="alt-value""#),
            "bare cards have no criteria panel"
        );
    }
}

#[test]
fn a_conjunction_after_sunset_gives_the_moon_no_age() {
    let site = site();
    let mut v = values(-9_876, -13_456, 45_811);
    // The Moon sets 12 min 30 s before the Sun: a lag of −13 minutes (halves away from 0).
    v.moonset = Some(v.sunset - 750);
    v.age = -8_333;
    let c = CardContext {
        conjunction_ms: v.sunset * 1_000 + 3_000_000,
        ..ctx(&site, &v)
    };
    let (grid, points) = grid_and_points();
    for svg in [
        viz_svg(&c, false).unwrap(),
        map_svg(&c, &grid, &points, false).unwrap(),
    ] {
        assert_eq!(text_by_id(&svg, "age"), "ijtimak");
        assert_eq!(text_by_id(&svg, "age-1"), "setelah magrib");
        assert!(!svg.contains("jam<"), "no age in hours");
        assert_eq!(text_by_id(&svg, "lag"), "\u{2212}13 menit");
        assert_eq!(
            text_by_id(&svg, "conjunction"),
            "☌ Ijtimak 28 Februari 19:50 WIB"
        );
    }
    // Exactly at sunset the Moon's age is 0.
    v.age = 0;
    let at_sunset = CardContext {
        conjunction_ms: v.sunset * 1_000,
        ..ctx(&site, &v)
    };
    let svg = viz_svg(&at_sunset, false).unwrap();
    assert_eq!(text_by_id(&svg, "age"), "0,00 jam");
    // Without a moonset there is no lag.
    v.moonset = None;
    let svg = viz_svg(&ctx(&site, &v), false).unwrap();
    assert_eq!(text_by_id(&svg, "lag"), "—");
}

#[test]
fn the_near_limit_note_states_the_band_of_the_limits_given() {
    let site = site();
    let v = values(33_000, 31_000, 80_012);
    let c = CardContext {
        rule: rule(
            Limits {
                borderline: 5_000,
                ..limits()
            },
            &v,
        ),
        ..ctx(&site, &v)
    };
    let note = "Kriteria terpenuhi, tetapi kurang dari 0,5° di atas batas";
    for (card, svg) in both_cards(&c) {
        assert_eq!(text_by_id(&svg, "verdict"), "MENDEKATI BATAS", "{card}");
        assert_eq!(text_by_id(&svg, "verdict-note"), note, "{card}");
    }
}

#[test]
fn estimated_months_carry_the_hisab_badge_on_both_cards() {
    let site = site();
    let v = values(31_234, 28_901, 80_012);
    for (tier, badge) in [
        (Tier::Computed, "PERKIRAAN HISAB — bukan tanggal resmi"),
        (Tier::Retro, "PERKIRAAN HISAB (RETRO) — bukan tanggal resmi"),
    ] {
        let c = CardContext {
            tier,
            ..ctx(&site, &v)
        };
        for (card, svg) in both_cards(&c) {
            assert_eq!(text_by_id(&svg, "tier-badge"), badge, "{tier:?} {card}");
        }
    }
}

#[test]
fn cards_draw_the_limits_they_are_given() {
    let site = site();
    let v = values(63_612, 61_234, 80_012);
    let (grid, points) = grid_and_points();
    let c = CardContext {
        rule: rule(
            Limits {
                min_moon_alt: 50_000,
                min_elongation: 80_000,
                borderline: 2_500,
            },
            &v,
        ),
        ..ctx(&site, &v)
    };
    let map = map_svg(&c, &grid, &points, false).unwrap();
    assert_eq!(text_by_id(&map, "alt-label"), "tinggi ≥ 5°");
    assert!(map.contains("Batas tinggi hilal 5°") && map.contains("Batas elongasi 8°"));
    let viz = viz_svg(&c, false).unwrap();
    assert!(viz.contains("batas tinggi 5°"));
    assert!(viz
        .contains("Kriteria: tinggi hilal ≥ 5° (toposentrik, dengan refraksi) dan elongasi ≥ 8°"));
    // 6.3612° and 8.0012°: both met, the elongation by 0.0012°.
    assert!(viz.contains("MENDEKATI BATAS"));
}

#[test]
fn map_boundaries_are_labelled_on_the_side_that_meets_them() {
    let site = site();
    let v = values(31_234, 28_901, 80_012);
    let (grid, points) = grid_and_points();
    let map = map_svg(&ctx(&site, &v), &grid, &points, false).unwrap();
    assert_eq!(text_by_id(&map, "alt-label"), "tinggi ≥ 3°");
    assert_eq!(text_by_id(&map, "elong-label"), "elongasi ≥ 6,4°");
    // Map each label's centre back to longitude and latitude through the graticule labels'
    // positions (longitudes centred below the map, latitudes 4 px below their line) and check
    // that the criterion holds there in the synthetic field.
    let attr = |tag: &str, name: &str| {
        let v = tag.split(&format!(r#" {name}=""#)).nth(1).unwrap();
        v[..v.find('"').unwrap()].parse::<f64>().unwrap()
    };
    let text_tag = |marker: &str| {
        let at = map.find(marker).unwrap();
        map[map[..at].rfind("<text").unwrap()..at].to_owned()
    };
    let lon_x = |lon: i32| attr(&text_tag(&format!(">{lon}°BT<")), "x");
    let lat_y = |label: &str| attr(&text_tag(&format!(">{label}<")), "y") - 4.0;
    let lon_of = |x: f64| 95.0 + (x - lon_x(95)) * 45.0 / (lon_x(140) - lon_x(95));
    let lat_of = |y: f64| (y - lat_y("0°")) * -10.0 / (lat_y("10°LS") - lat_y("0°"));
    for (id, which) in [("alt-label", 0), ("elong-label", 1)] {
        let tag = text_tag(&format!(r#"id="{id}""#));
        let size = attr(&tag, "font-size");
        let (lon, lat) = (
            lon_of(attr(&tag, "x")),
            lat_of(attr(&tag, "y") - 0.36 * size),
        );
        let (alt, elong) = field(lat, lon);
        let (value, min) = [(alt, 3.0), (elong, 6.4)][which];
        assert!(
            value > min,
            "{id} at {lat:.2}, {lon:.2} sits where {value:.2} < {min}"
        );
    }
}

#[test]
fn a_boundary_by_the_map_edge_is_labelled_across_it_with_an_arrow() {
    // The elongation holds only in a strip 1.5° wide at the map's west edge: too thin for
    // the label beside the line, so it goes into free space with a leader, and the arrow
    // still points from the line into the strip.
    let strip = |lat: f64, lon: f64| (field(lat, lon).0, 6.4 + 0.5 * (95.5 - lon));
    let (grid, points) = grid_and_points_of(strip);
    let site = site();
    let v = values(31_234, 28_901, 80_012);
    for bare in [false, true] {
        let map = map_svg(&ctx(&site, &v), &grid, &points, bare).unwrap();
        assert_eq!(text_by_id(&map, "elong-label"), "elongasi ≥ 6,4°");
        assert!(map.contains(r#"id="elong-leader""#), "bare {bare}");
        assert!(!map.contains(r#"id="alt-leader""#), "bare {bare}");
        assert!(map.contains(r#"id="boundary-note""#));
        // The arrow "M line L base M tip L wing L wing Z": from the line towards the west.
        let at = map.find(r#"id="elong-arrow""#).unwrap();
        let start = map[..at].rfind("<path").unwrap();
        let d = map[start..at].split(r#"d=""#).nth(1).unwrap();
        let numbers: Vec<f64> = d
            .split(|c: char| c.is_ascii_alphabetic() || c == '"' || c == ' ')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        let (line_x, tip_x) = (numbers[0], numbers[4]);
        assert!(tip_x < line_x - 4.0, "arrow {d} points west, bare {bare}");
    }
}

#[test]
fn the_boundary_note_shows_only_with_a_boundary_line() {
    let site = site();
    let v = values(63_612, 61_234, 80_012);
    // Both criteria hold everywhere: no boundary line, no note on the map.
    let everywhere = |_: f64, _: f64| (10.0, 12.0);
    let (grid, points) = grid_and_points_of(everywhere);
    assert!(points.iter().all(|p| p.met));
    for bare in [false, true] {
        let map = map_svg(&ctx(&site, &v), &grid, &points, bare).unwrap();
        for id in [
            "alt-line",
            "elong-line",
            "alt-label",
            "elong-label",
            "boundary-note",
            "legend-alt",
            "legend-elong",
        ] {
            assert!(!map.contains(&format!(r#"id="{id}""#)), "{id}, bare {bare}");
        }
        assert!(map.contains(r#"id="legend-region""#) && map.contains(r#"id="legend-ring""#));
    }
    let (grid, points) = grid_and_points();
    let map = map_svg(&ctx(&site, &v), &grid, &points, false).unwrap();
    for id in ["boundary-note", "legend-alt", "legend-elong"] {
        assert!(map.contains(&format!(r#"id="{id}""#)), "{id}");
    }
    // The elongation holds everywhere: only the altitude line is drawn, and only it is in
    // the legend.
    let alt_only = |lat: f64, lon: f64| (field(lat, lon).0, 12.0);
    let grid = VisibilityGrid::compute(0.25, alt_only).unwrap();
    let map = map_svg(&ctx(&site, &v), &grid, &points, false).unwrap();
    for (id, shown) in [
        ("alt-line", true),
        ("legend-alt", true),
        ("boundary-note", true),
        ("elong-line", false),
        ("legend-elong", false),
    ] {
        assert_eq!(map.contains(&format!(r#"id="{id}""#)), shown, "{id}");
    }
}

#[test]
fn map_points_and_site_row_agree() {
    let site = site();
    let (grid, points) = grid_and_points();
    let met = points.iter().filter(|p| p.met).count();
    assert!(
        met > 0 && met < points.len(),
        "the field should split the points"
    );
    for (v, _) in evenings() {
        let c = ctx(&site, &v);
        let map = map_svg(&c, &grid, &points, false).unwrap();
        for (k, point) in points.iter().enumerate() {
            let marker = format!(r#"data-i="{k}""#);
            let at = map.find(&marker).unwrap();
            let start = map[..at].rfind("<circle").unwrap();
            let element = &map[start..at + map[at..].find("/>").unwrap()];
            let (class, fill) = if point.met {
                ("pt met", "#4ade80")
            } else {
                ("pt not", "#9ca3af")
            };
            assert!(
                element.contains(&format!(r#"class="{class}""#)),
                "{element}"
            );
            assert!(element.contains(&format!(r#"fill="{fill}""#)), "{element}");
        }
        assert_eq!(text_by_id(&map, "count-met"), met.to_string());
        assert_eq!(
            text_by_id(&map, "count-not"),
            (points.len() - met).to_string()
        );
        assert!(map.contains(r#"id="decider""#));
        for id in ["region", "alt-line", "elong-line"] {
            assert!(map.contains(&format!(r#"id="{id}""#)), "{id}");
        }
        let chart = viz_svg(&c, false).unwrap();
        let site_row = |svg: &str| {
            let at = svg.find(r#"<g id="site">"#).unwrap();
            svg[at..at + svg[at..].find("</g>").unwrap()].to_owned()
        };
        assert_eq!(site_row(&map), site_row(&chart));
        assert_eq!(
            text_by_id(&map, "alt-value"),
            text_by_id(&chart, "alt-value")
        );
        assert!(!map_svg(&c, &grid, &points, true)
            .unwrap()
            .contains(r#"id="site""#));
    }
}

#[test]
fn bad_inputs_are_errors() {
    let site = site();
    let v = values(63_612, 61_234, 80_012);
    let mut c = ctx(&site, &v);
    c.target.month = 13;
    assert!(viz_svg(&c, false).is_err());
    let c = ctx(&site, &v);
    let (mut grid, points) = grid_and_points();
    grid.values[0].pop();
    assert!(map_svg(&c, &grid, &points, false).is_err());
    let renderer = Renderer::new().unwrap();
    assert!(renderer
        .png(
            "<svg",
            720,
            1280,
            Encoding {
                filter: png::Filter::NoFilter,
                palette: false,
            },
        )
        .is_err());
}

fn texts(group: &usvg::Group, out: &mut Vec<usvg::Text>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => texts(g, out),
            usvg::Node::Text(t) => out.push((**t).clone()),
            _ => {}
        }
    }
}

#[test]
fn every_text_has_glyphs() {
    let renderer = Renderer::new().unwrap();
    let site = site();
    let (grid, points) = grid_and_points();
    for (v, _) in evenings() {
        let c = ctx(&site, &v);
        for bare in [false, true] {
            for svg in [
                viz_svg(&c, bare).unwrap(),
                map_svg(&c, &grid, &points, bare).unwrap(),
            ] {
                let tree = renderer.tree(&svg).unwrap();
                let mut found = Vec::new();
                texts(tree.root(), &mut found);
                assert!(found.len() >= 10, "only {} texts", found.len());
                for text in &found {
                    let content: String = text.chunks().iter().map(|c| c.text()).collect();
                    let glyphs: Vec<_> = text
                        .layouted()
                        .iter()
                        .flat_map(|span| &span.positioned_glyphs)
                        .collect();
                    assert!(!glyphs.is_empty(), "no glyphs for {content:?}");
                    assert!(
                        glyphs.iter().all(|g| g.id.0 != 0),
                        "missing glyph in {content:?}"
                    );
                    let bbox = text.flattened().bounding_box();
                    assert!(
                        bbox.width() > 0.0 && bbox.height() > 0.0,
                        "empty {content:?}"
                    );
                }
            }
        }
    }
}

fn ihdr_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn pngs_have_the_right_size_and_are_deterministic() {
    let renderer = Renderer::new().unwrap();
    let site = site();
    let v = values(31_234, 28_901, 80_012);
    let c = ctx(&site, &v);
    let (grid, points) = grid_and_points();
    let cards = month_cards(&renderer, &c, MapInputs::Archipelago(&grid, &points), 0, 7).unwrap();
    let order: Vec<_> = cards.iter().map(|c| (c.kind, c.bare)).collect();
    assert_eq!(
        order,
        [
            (CardKind::Viz, false),
            (CardKind::Viz, true),
            (CardKind::Map, false),
            (CardKind::Map, true)
        ]
    );
    let again = month_cards(&renderer, &c, MapInputs::Archipelago(&grid, &points), 0, 7).unwrap();
    for (card, twin) in cards.iter().zip(&again) {
        let (w, h) = card_size(card.bare);
        assert_eq!(ihdr_size(&card.png), (w, h));
        assert_eq!((card.month.year, card.month.month), (1446, 9));
        assert_eq!(card.etag, hijri::fingerprint::etag(&card.png));
        assert!(card.etag.starts_with('"') && card.etag.len() == 18);
        assert_eq!(
            card.png, twin.png,
            "{:?} bare={} differs",
            card.kind, card.bare
        );
    }
}
