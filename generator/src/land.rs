//! Land outlines (Natural Earth 1:50m, `data/land/`, derived by `data/land/derive.py`) and
//! the longitudes along a parallel that lie on land or within a distance of it.
//!
//! A point counts as land when it lies inside an outline (even-odd rule, so lakes are
//! holes) or within the tolerance of its edge: the 1:50m coastline is generalised, and a
//! published point may lie a few kilometres off it. Distances are taken in the local
//! equirectangular plane of each edge (under 0.1 % off at 5 km).

use std::path::Path;

use serde::Deserialize;

use crate::inputs::InputError;

/// Kilometres per degree of latitude (WGS84 mean, to 0.5 %: enough for a tolerance band).
const KM_PER_DEG: f64 = 111.2;
/// Height of the latitude bands that index the edges, degrees.
const BAND_DEG: f64 = 0.5;

/// One edge of an outline, degrees.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    lon1: f64,
    lat1: f64,
    lon2: f64,
    lat2: f64,
}

impl Edge {
    /// The longitude where the parallel `lat` crosses this edge, if it does (half-open, so
    /// that a vertex counts once).
    pub(crate) fn crossing(&self, lat: f64) -> Option<f64> {
        ((self.lat1 > lat) != (self.lat2 > lat)).then(|| {
            let t = (lat - self.lat1) / (self.lat2 - self.lat1);
            self.lon1 + t * (self.lon2 - self.lon1)
        })
    }

    /// True if the place (`lat`, `lon`) lies within `r_km` of this edge.
    pub(crate) fn near(&self, lat: f64, lon: f64, r_km: f64) -> bool {
        within(self, lat, r_km).is_some_and(|(west, east)| (west..=east).contains(&lon))
    }
}

/// The outlines of a land layer, with their edges indexed by latitude band.
#[derive(Debug, Clone)]
pub struct Outline {
    edges: Vec<Edge>,
    /// For each band from −90°, the edges whose latitudes reach into it (with margin).
    bands: Vec<Vec<u32>>,
    /// The margin the bands were built with, degrees of latitude.
    margin_deg: f64,
}

#[derive(Deserialize)]
struct OutlineFile {
    unit: [f64; 2],
    origin: [f64; 2],
    rings: Vec<Vec<i64>>,
}

impl Outline {
    /// Reads an outline file of `data/land/`, indexing its edges for parallels taken with a
    /// tolerance up to `max_tolerance_km`.
    pub fn load(path: &Path, max_tolerance_km: f64) -> Result<Outline, InputError> {
        let fail = |message: String| InputError {
            path: path.to_owned(),
            line: None,
            message,
        };
        let text = std::fs::read_to_string(path).map_err(|e| fail(format!("cannot read: {e}")))?;
        let file: OutlineFile =
            serde_json::from_str(&text).map_err(|e| fail(format!("malformed outline: {e}")))?;
        let mut edges = Vec::new();
        for ring in &file.rings {
            edges.extend(ring_edges(ring, file.unit, file.origin).map_err(fail)?);
        }
        let margin_deg = max_tolerance_km / KM_PER_DEG;
        Ok(Outline {
            bands: bands(&edges, margin_deg),
            edges,
            margin_deg,
        })
    }

    /// The longitude intervals `[west, east]` (degrees, sorted, merged) on the parallel
    /// `lat_deg` that lie on land or within `tolerance_km` of it (at most the tolerance the
    /// outline was loaded for).
    pub fn parallel(&self, lat_deg: f64, tolerance_km: f64) -> Vec<(f64, f64)> {
        let tolerance_km = tolerance_km.min(self.margin_deg * KM_PER_DEG);
        let edges = self
            .bands
            .get(band_of(lat_deg))
            .map(|list| list.iter().filter_map(|&i| self.edges.get(i as usize)));
        let mut crossings = Vec::new();
        let mut near = Vec::new();
        for e in edges.into_iter().flatten() {
            crossings.extend(e.crossing(lat_deg));
            if let Some(band) = within(e, lat_deg, tolerance_km) {
                near.push(band);
            }
        }
        crossings.sort_by(f64::total_cmp);
        let inside = crossings.chunks_exact(2).filter_map(|pair| match pair {
            [west, east] => Some((*west, *east)),
            _ => None,
        });
        // Copies of rings across the antimeridian reach beyond ±180°: keep the globe's part.
        let clipped = inside
            .chain(near)
            .map(|(west, east)| (west.max(-180.0), east.min(180.0)))
            .filter(|(west, east)| west <= east);
        merged(clipped.collect())
    }
}

/// The edges (degrees) of one ring as the files of `data/land/` and `data/places/` write
/// it: its first point in `unit`s from `origin`, then the differences to each next point
/// (closing point omitted); a ring cut at the antimeridian gives the edges of both its
/// planar copies ([`copies`]).
pub(crate) fn ring_edges(
    ring: &[i64],
    [sx, sy]: [f64; 2],
    [ox, oy]: [f64; 2],
) -> Result<Vec<Edge>, String> {
    if !ring.len().is_multiple_of(2) || ring.len() < 6 {
        return Err(format!("a ring of {} numbers", ring.len()));
    }
    let mut points = Vec::with_capacity(ring.len() / 2);
    let (mut x, mut y) = (0, 0);
    for pair in ring.chunks_exact(2) {
        if let [dx, dy] = pair {
            // The first pair is the first point itself.
            x += dx;
            y += dy;
            points.push((x as f64 * sx + ox, y as f64 * sy + oy));
        }
    }
    let mut edges = Vec::new();
    for copy in copies(points) {
        for (k, &(lon1, lat1)) in copy.iter().enumerate() {
            let Some(&(lon2, lat2)) = copy.get((k + 1) % copy.len()) else {
                continue;
            };
            edges.push(Edge {
                lon1,
                lat1,
                lon2,
                lat2,
            });
        }
    }
    Ok(edges)
}

/// For each latitude band from −90°, the indices of the `edges` whose latitudes reach into
/// it, widened by `margin_deg`.
pub(crate) fn bands(edges: &[Edge], margin_deg: f64) -> Vec<Vec<u32>> {
    let count = (180.0 / BAND_DEG).ceil() as usize;
    let mut bands = vec![Vec::new(); count];
    for (index, e) in edges.iter().enumerate() {
        let low = e.lat1.min(e.lat2) - margin_deg;
        let high = e.lat1.max(e.lat2) + margin_deg;
        for band in band_of(low)..=band_of(high) {
            if let Some(list) = bands.get_mut(band) {
                list.push(index as u32);
            }
        }
    }
    bands
}

/// A ring as planar polygons in longitude and latitude. A ring cut at the antimeridian
/// (its points jump from −180° to +180° away from the poles) is unwrapped into one
/// continuous polygon reaching past ±180°, and a copy shifted by 360° covers the other side;
/// a ring round a pole (its jump runs along the pole) is planar as it is.
fn copies(ring: Vec<(f64, f64)>) -> Vec<Vec<(f64, f64)>> {
    let jumps = ring
        .iter()
        .zip(ring.iter().cycle().skip(1))
        .any(|(a, b)| (a.0 - b.0).abs() > 180.0 && !(a.1.abs() > 89.9 && b.1.abs() > 89.9));
    if !jumps {
        return vec![ring];
    }
    let mut unwrapped: Vec<(f64, f64)> = Vec::with_capacity(ring.len());
    for (lon, lat) in ring {
        let lon = match unwrapped.last() {
            Some(&(previous, _)) => previous + (lon - previous + 180.0).rem_euclid(360.0) - 180.0,
            None => lon,
        };
        unwrapped.push((lon, lat));
    }
    let east = unwrapped
        .iter()
        .map(|p| p.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let shift = if east > 180.0 { -360.0 } else { 360.0 };
    let shifted = unwrapped
        .iter()
        .map(|&(lon, lat)| (lon + shift, lat))
        .collect();
    vec![unwrapped, shifted]
}

/// The band index holding latitude `lat`.
pub(crate) fn band_of(lat: f64) -> usize {
    (((lat + 90.0) / BAND_DEG).floor().max(0.0) as usize).min((180.0 / BAND_DEG) as usize - 1)
}

/// The longitudes on the parallel `lat` within `r_km` of the edge `e`, as an interval: the
/// line cuts the edge's capsule (two end disks and the band between) in one interval.
fn within(e: &Edge, lat: f64, r_km: f64) -> Option<(f64, f64)> {
    if r_km <= 0.0 {
        return None;
    }
    let lon0 = e.lon1;
    let kx = KM_PER_DEG * lat.to_radians().cos().max(1e-6);
    // Local plane: x east, y north, in km, origin at (lon0, lat).
    let (x1, y1) = (0.0, (e.lat1 - lat) * KM_PER_DEG);
    let (x2, y2) = ((e.lon2 - lon0) * kx, (e.lat2 - lat) * KM_PER_DEG);
    let mut low = f64::INFINITY;
    let mut high = f64::NEG_INFINITY;
    let mut take = |a: f64, b: f64| {
        low = low.min(a);
        high = high.max(b);
    };
    for (x, y) in [(x1, y1), (x2, y2)] {
        if y.abs() <= r_km {
            let h = (r_km * r_km - y * y).sqrt();
            take(x - h, x + h);
        }
    }
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = dx.hypot(dy);
    if length > 0.0 && dy.abs() > 1e-12 {
        // Points (x, 0) whose projection falls on the edge and whose distance to its line is
        // at most r: both conditions are linear in x.
        let (ux, uy) = (dx / length, dy / length);
        // Projection parameter s(x) = (x − x1)·ux + (0 − y1)·uy in [0, length].
        let s = |x: f64| (x - x1) * ux - y1 * uy;
        // Signed distance n(x) = (x − x1)·uy − (0 − y1)·ux.
        let n = |x: f64| (x - x1) * uy + y1 * ux;
        let on_edge = interval_where(s, 0.0, length, ux);
        let close = interval_where(n, -r_km, r_km, uy);
        if let (Some(a), Some(b)) = (on_edge, close) {
            let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
            if lo <= hi {
                take(lo, hi);
            }
        }
    } else if length > 0.0 && y1.abs() <= r_km {
        // An edge along the parallel: its whole span is within r.
        take(x1.min(x2), x1.max(x2));
    }
    (low <= high).then(|| (lon0 + low / kx, lon0 + high / kx))
}

/// The interval of x where the linear `f(x) = f(0) + slope·x` lies in `[lo, hi]`.
fn interval_where(f: impl Fn(f64) -> f64, lo: f64, hi: f64, slope: f64) -> Option<(f64, f64)> {
    if slope.abs() < 1e-12 {
        let v = f(0.0);
        return (lo..=hi)
            .contains(&v)
            .then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let at = |target: f64| (target - f(0.0)) / slope;
    let (a, b) = (at(lo), at(hi));
    Some((a.min(b), a.max(b)))
}

/// Sorted intervals with the overlapping ones joined.
fn merged(mut intervals: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    intervals.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(intervals.len());
    for (west, east) in intervals {
        match out.last_mut() {
            Some(last) if west <= last.1 => last.1 = last.1.max(east),
            _ => out.push((west, east)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square island 10°–12° E, 0°–2° N, with a lake 10.5°–11.5° E, 0.5°–1.5° N.
    fn island() -> Outline {
        let ring = |pts: &[(i64, i64)]| {
            let mut flat = vec![pts[0].0, pts[0].1];
            for w in pts.windows(2) {
                flat.push(w[1].0 - w[0].0);
                flat.push(w[1].1 - w[0].1);
            }
            flat
        };
        let text = serde_json::json!({
            "unit": [0.5, 0.5],
            "origin": [0.0, 0.0],
            "rings": [
                ring(&[(20, 0), (24, 0), (24, 4), (20, 4)]),
                ring(&[(21, 1), (23, 1), (23, 3), (21, 3)]),
            ],
        });
        let dir = std::env::temp_dir().join(format!("hijri-land-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("island.json");
        std::fs::write(&path, text.to_string()).unwrap();
        let outline = Outline::load(&path, 10.0).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        outline
    }

    #[test]
    fn a_parallel_crosses_land_and_lakes() {
        let land = island();
        let rows = land.parallel(1.0, 0.0);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!((rows[0].0 - 10.0).abs() < 1e-9 && (rows[0].1 - 10.5).abs() < 1e-9);
        assert!((rows[1].0 - 11.5).abs() < 1e-9 && (rows[1].1 - 12.0).abs() < 1e-9);
        assert!(land.parallel(3.0, 0.0).is_empty());
    }

    #[test]
    fn the_tolerance_widens_land_by_its_distance() {
        let land = island();
        let kx = KM_PER_DEG * 1f64.to_radians().cos();
        let rows = land.parallel(1.0, 5.0);
        // 5 km beyond each coast; the lake (1° = 111 km wide) stays open.
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!((rows[0].0 - (10.0 - 5.0 / kx)).abs() < 1e-9, "{rows:?}");
        assert!((rows[0].1 - (10.5 + 5.0 / kx)).abs() < 1e-9, "{rows:?}");
        // A parallel 3 km north of the island's north coast lies within 5 km of it.
        let north = 2.0 + 3.0 / KM_PER_DEG;
        let rows = land.parallel(north, 5.0);
        assert_eq!(rows.len(), 1, "{rows:?}");
        let reach = (25.0f64 - 9.0).sqrt() / (KM_PER_DEG * north.to_radians().cos());
        assert!((rows[0].0 - (10.0 - reach)).abs() < 1e-6, "{rows:?}");
        assert!(land.parallel(2.0 + 6.0 / KM_PER_DEG, 5.0).is_empty());
    }
}
