//! Renders the four cards of four representative synthetic evenings to `/tmp/cards/` (or the
//! directory given as the first argument), with timings, PNG sizes against resvg's default
//! encoder, and the error of the coarse-grid interpolation of the map.
//!
//! The values come from a toy sky (mean Sun, Moon on a fixed ecliptic latitude, spherical
//! geometry, a constant lunar parallax, Saemundsson refraction). It is smooth and roughly right,
//! which is all previews and interpolation tests need; the real astronomy lives in `astro`.
//!
//! Run: `cargo run --release -p hijri-generator --example cards_preview`

use std::f64::consts::PI;
use std::time::Instant;

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Site, SiteEvening, FIXED_SCALE};
use hijri_generator::cards::{
    card_size, display_points, map_svg, verdict, viz_svg, CardContext, PointResult, Renderer,
    VisibilityGrid,
};

const DEG: f64 = PI / 180.0;
const OBLIQUITY: f64 = 23.44 * DEG;

/// A toy evening: the Sun's and the Moon's ecliptic places at `t0` and their motion.
#[derive(Clone, Copy)]
struct ToySky {
    /// Unix seconds of the reference instant.
    t0: f64,
    /// Sun's ecliptic longitude at t0, degrees.
    sun_lon: f64,
    /// Moon minus Sun in ecliptic longitude at t0, degrees.
    lead: f64,
    /// Moon's ecliptic latitude, degrees.
    moon_lat: f64,
}

/// Values at one place's sunset.
struct Place {
    sunset: f64,
    moon_alt: f64,
    moon_alt_airless: f64,
    moon_az: f64,
    sun_az: f64,
    elongation: f64,
    illumination: f64,
    age_h: f64,
}

fn equatorial(lon: f64, lat: f64) -> (f64, f64) {
    let (l, b) = (lon * DEG, lat * DEG);
    let ra = (l.sin() * OBLIQUITY.cos() - b.tan() * OBLIQUITY.sin()).atan2(l.cos());
    let dec = (b.sin() * OBLIQUITY.cos() + b.cos() * OBLIQUITY.sin() * l.sin()).asin();
    (ra, dec)
}

fn gmst(unix: f64) -> f64 {
    let days = unix / 86_400.0 - 10_957.5;
    (280.460_618_37 + 360.985_647_366_29 * days) * DEG
}

/// Altitude and azimuth (from North through East), radians.
fn horizontal(ra: f64, dec: f64, lat: f64, lon: f64, unix: f64) -> (f64, f64) {
    let h = gmst(unix) + lon * DEG - ra;
    let phi = lat * DEG;
    let alt = (phi.sin() * dec.sin() + phi.cos() * dec.cos() * h.cos()).asin();
    let az = (-h.sin()).atan2(dec.tan() * phi.cos() - phi.sin() * h.cos());
    (alt, az.rem_euclid(2.0 * PI))
}

impl ToySky {
    fn places(&self, hours: f64) -> ((f64, f64), (f64, f64), f64) {
        let sun_lon = self.sun_lon + 0.041_07 * hours;
        let lead = self.lead + 0.508 * hours;
        let elong = ((lead * DEG).cos() * (self.moon_lat * DEG).cos()).acos() / DEG;
        (
            equatorial(sun_lon, 0.0),
            equatorial(sun_lon + lead, self.moon_lat),
            elong,
        )
    }

    fn at(&self, lat: f64, lon: f64) -> Place {
        // Sunset near 11 UT + the local solar offset; two fixed-point steps suffice here.
        let mut unix = self.t0 + (11.0 - (lon - 105.0) / 15.0) * 3600.0;
        for _ in 0..3 {
            let ((ra, dec), _, _) = self.places((unix - self.t0) / 3600.0);
            let (alt, _) = horizontal(ra, dec, lat, lon, unix);
            let rate = 15.0 * DEG * (lat * DEG).cos() * dec.cos() / 3600.0;
            unix += (alt - (-0.8333 * DEG)) / rate.max(1e-6) * 0.95;
        }
        let hours = (unix - self.t0) / 3600.0;
        let ((sra, sdec), (mra, mdec), elongation) = self.places(hours);
        let (_, sun_az) = horizontal(sra, sdec, lat, lon, unix);
        let (geo_alt, moon_az) = horizontal(mra, mdec, lat, lon, unix);
        let airless = geo_alt / DEG - 0.95 * geo_alt.cos();
        let h = airless.max(-1.0);
        let refraction = 1.02 / ((h + 10.3 / (h + 5.11)) * DEG).tan() / 60.0;
        Place {
            sunset: unix,
            moon_alt: airless + refraction,
            moon_alt_airless: airless,
            moon_az: moon_az / DEG,
            sun_az: sun_az / DEG,
            elongation,
            illumination: (1.0 - (elongation * DEG).cos()) / 2.0 * 100.0,
            age_h: (self.lead + 0.508 * hours) / 0.508,
        }
    }
}

fn fixed(value: f64) -> i32 {
    (value * FIXED_SCALE).round() as i32
}

fn site_evening(place: &Place, utc_offset_s: i32) -> SiteEvening {
    let moonset = place.sunset + (place.moon_alt_airless + 0.8) / 15.0 * 3600.0 * 1.05;
    SiteEvening {
        sunset: place.sunset as i64,
        moonset: Some(moonset as i64),
        utc_offset_s,
        moon_alt: fixed(place.moon_alt),
        moon_alt_airless: fixed(place.moon_alt_airless),
        moon_az: fixed(place.moon_az),
        sun_alt: fixed(-0.8333),
        sun_az: fixed(place.sun_az),
        elongation: fixed(place.elongation),
        illumination: fixed(place.illumination),
        age: fixed(place.age_h),
        alt_ok: place.moon_alt >= 3.0,
        elong_ok: place.elongation >= 6.4,
    }
}

fn sites() -> Vec<Site> {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../../data/sites.json")).expect("sites.json");
    json["sites"]
        .as_array()
        .expect("sites")
        .iter()
        .map(|s| Site {
            name: s["name"].as_str().unwrap_or_default().to_owned(),
            lat: s["lat"].as_f64().unwrap_or_default(),
            lon: s["lon"].as_f64().unwrap_or_default(),
            elev_m: s["elev_m"].as_i64().unwrap_or_default() as i32,
            tz: s["tz"].as_str().unwrap_or_default().to_owned(),
        })
        .collect()
}

fn utc_offset(tz: &str) -> i32 {
    match tz {
        "Asia/Jakarta" | "Asia/Pontianak" => 25_200,
        "Asia/Jayapura" => 32_400,
        _ => 28_800,
    }
}

fn margin(place: &Place) -> f64 {
    (place.moon_alt - 3.0).min(place.elongation - 6.4)
}

/// The deciding site (largest margin, first on ties) and its index.
fn deciding(sky: &ToySky, sites: &[Site]) -> (usize, Place) {
    let mut best: Option<(usize, Place)> = None;
    for (k, site) in sites.iter().enumerate() {
        let place = sky.at(site.lat, site.lon);
        if best
            .as_ref()
            .is_none_or(|(_, b)| margin(&place) > margin(b))
        {
            best = Some((k, place));
        }
    }
    best.expect("sites")
}

/// The Moon lead at t0 for which `goal(sky)` crosses zero (bisection; goal increases with it).
fn solve_lead(base: ToySky, goal: impl Fn(&ToySky) -> f64) -> ToySky {
    let (mut lo, mut hi) = (-10.0, 30.0);
    for _ in 0..50 {
        let mid = (lo + hi) / 2.0;
        if goal(&ToySky { lead: mid, ..base }) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    ToySky { lead: hi, ..base }
}

struct Scenario {
    slug: &'static str,
    target: HijriMonth,
    evening: (i32, u32, u32),
    moon_lat: f64,
    /// Margin of the deciding site wanted, or `None` for the Moon 2° below the horizon.
    margin: Option<f64>,
}

fn main() {
    let out_dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/cards".to_owned());
    std::fs::create_dir_all(&out_dir).expect("output directory");
    let renderer = Renderer::new().expect("fonts");
    let sites = sites();
    let points = display_points().expect("map points");
    let scenarios = [
        Scenario {
            slug: "visible",
            target: HijriMonth {
                year: 1446,
                month: 9,
            },
            evening: (2025, 2, 28),
            moon_lat: -2.0,
            margin: Some(1.6),
        },
        Scenario {
            slug: "not-visible",
            target: HijriMonth {
                year: 1446,
                month: 10,
            },
            evening: (2025, 3, 29),
            moon_lat: 3.0,
            margin: Some(-1.3),
        },
        Scenario {
            slug: "below-horizon",
            target: HijriMonth {
                year: 1446,
                month: 11,
            },
            evening: (2025, 4, 27),
            moon_lat: 4.5,
            margin: None,
        },
        Scenario {
            slug: "near-limit",
            target: HijriMonth {
                year: 1446,
                month: 12,
            },
            evening: (2025, 5, 27),
            moon_lat: 1.0,
            margin: Some(0.12),
        },
    ];
    let mut total_ours = 0usize;
    let mut total_default = 0usize;
    for scenario in &scenarios {
        let (y, m, d) = scenario.evening;
        let date = Date::from_ymd(y, m, d).expect("date");
        let t0 = f64::from(date.0) * 86_400.0;
        let days = f64::from(date.0) - 10_957.5;
        let base = ToySky {
            t0,
            sun_lon: 280.46 + 0.985_647_4 * days,
            lead: 0.0,
            moon_lat: scenario.moon_lat,
        };
        let sky = match scenario.margin {
            Some(want) => solve_lead(base, |s| margin(&deciding(s, &sites).1) - want),
            None => solve_lead(base, |s| deciding(s, &sites).1.moon_alt_airless + 2.0),
        };
        let (k, place) = deciding(&sky, &sites);
        let site = &sites[k];
        let values = site_evening(&place, utc_offset(&site.tz));
        let visible = values.alt_ok && values.elong_ok;
        let ctx = CardContext {
            target: scenario.target,
            evening_date: date,
            hijri_day: 29,
            site,
            values: &values,
            visible,
            sites_checked: sites.len(),
        };

        let eval = |lat: f64, lon: f64| {
            let p = sky.at(lat, lon);
            (p.moon_alt, p.elongation)
        };
        let start = Instant::now();
        let exact = VisibilityGrid::compute(0.25, eval).expect("grid");
        let exact_time = start.elapsed();
        let start = Instant::now();
        let grid = VisibilityGrid::compute_interpolated(1.0, 0.25, eval).expect("grid");
        let coarse_time = start.elapsed();
        let max_err = exact
            .alt_deg
            .iter()
            .zip(&grid.alt_deg)
            .chain(exact.elong_deg.iter().zip(&grid.elong_deg))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        let results: Vec<PointResult> = points
            .iter()
            .map(|p| {
                let place = sky.at(p.lat, p.lon);
                p.result(place.moon_alt >= 3.0 && place.elongation >= 6.4)
            })
            .collect();
        println!(
            "{}: {} at {} alt {:.2} elong {:.2} illum {:.2}% -> {} | grid exact {:?}, 1°+bicubic {:?}, max |err| {:.4}°",
            scenario.slug,
            scenario.target.name(),
            site.name,
            place.moon_alt,
            place.elongation,
            place.illumination,
            verdict(&values).label(),
            exact_time,
            coarse_time,
            max_err
        );
        for (kind, bare) in [("viz", false), ("viz", true), ("map", false), ("map", true)] {
            let start = Instant::now();
            let svg = if kind == "viz" {
                viz_svg(&ctx, bare)
            } else {
                map_svg(&ctx, &grid, &results, bare)
            }
            .expect("svg");
            let svg_time = start.elapsed();
            let (w, h) = card_size(bare);
            let start = Instant::now();
            let png = renderer.png(&svg, w, h).expect("png");
            let png_time = start.elapsed();
            // Baseline: the same raster with tiny-skia's own encoder (png crate defaults, RGBA).
            let tree = renderer.tree(&svg).expect("tree");
            let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).expect("pixmap");
            resvg::render(
                &tree,
                resvg::tiny_skia::Transform::default(),
                &mut pixmap.as_mut(),
            );
            let start = Instant::now();
            let default_png = pixmap.encode_png().expect("encode");
            let default_time = start.elapsed();
            total_ours += png.len();
            total_default += default_png.len();
            let name = format!(
                "{out_dir}/{}-{kind}{}.png",
                scenario.slug,
                if bare { "-bare" } else { "" }
            );
            std::fs::write(&name, &png).expect("write");
            std::fs::write(name.replace(".png", ".svg"), &svg).expect("write");
            println!(
                "  {kind:3} {:>9}: svg {:>6.1?} render+encode {:>7.1?} -> {:>7} B (default encoder {:>7} B in {:.1?})",
                if bare { "1440x1520" } else { "720x1280" },
                svg_time,
                png_time,
                png.len(),
                default_png.len(),
                default_time
            );
        }
    }
    println!("total: ours {total_ours} B, default encoder {total_default} B");
}
