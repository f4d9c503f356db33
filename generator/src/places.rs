//! Place names for KHGT's deciding places: the region (Natural Earth admin-1) and country
//! containing a place, or nearest to it, from `data/places/admin1_10m.json` (derived by
//! `data/places/derive.py`), written as people say it: `Alaska, Amerika Serikat`.
//!
//! A place lies in a region when a ray from it to the west crosses that region's outline an
//! odd number of times (the even-odd rule, as in [`crate::land`], whose ring format and
//! edges these are). A place inside no region (the search counts places near the coast as
//! land) takes the region whose outline comes nearest within [`REACH_KM`].

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::inputs::InputError;
use crate::land::{band_of, bands, ring_edges, Edge};

/// The place names' file under `data/`.
pub const FILE: &str = "places/admin1_10m.json";
/// A place outside every region is named after one whose outline lies within this distance.
pub const REACH_KM: f64 = 25.0;
/// The distances tried in turn for a place outside every region, up to [`REACH_KM`]: the
/// nearest region wins.
const STEPS_KM: [f64; 5] = [1.0, 3.0, 6.0, 12.0, REACH_KM];

#[derive(Deserialize)]
struct RegionFile {
    name: String,
    country: String,
    rings: Vec<Vec<i64>>,
}

#[derive(Deserialize)]
struct PlacesFile {
    unit: [f64; 2],
    origin: [f64; 2],
    countries: BTreeMap<String, String>,
    regions: Vec<RegionFile>,
}

/// The named regions, their outlines' edges indexed by latitude band.
pub struct Places {
    /// Each region's full name, `region, country` (or the country alone).
    names: Vec<String>,
    edges: Vec<Edge>,
    /// The region of each edge.
    owners: Vec<u32>,
    bands: Vec<Vec<u32>>,
}

impl Places {
    /// Reads `data_dir/places/admin1_10m.json`.
    pub fn load(data_dir: &Path) -> Result<Places, InputError> {
        let path = data_dir.join(FILE);
        let fail = |message: String| InputError {
            path: path.clone(),
            line: None,
            message,
        };
        let text = std::fs::read_to_string(&path).map_err(|e| fail(format!("cannot read: {e}")))?;
        let file: PlacesFile =
            serde_json::from_str(&text).map_err(|e| fail(format!("malformed places: {e}")))?;
        let mut names = Vec::with_capacity(file.regions.len());
        let (mut edges, mut owners) = (Vec::new(), Vec::new());
        for (index, region) in file.regions.iter().enumerate() {
            let country = file.countries.get(&region.country).ok_or_else(|| {
                fail(format!(
                    "region {:?} names country {:?}, which has no name",
                    region.name, region.country
                ))
            })?;
            names.push(full_name(&region.name, country));
            for ring in &region.rings {
                let ring = ring_edges(ring, file.unit, file.origin)
                    .map_err(|e| fail(format!("region {:?}: {e}", region.name)))?;
                owners.extend(std::iter::repeat_n(index as u32, ring.len()));
                edges.extend(ring);
            }
        }
        Ok(Places {
            bands: bands(&edges, REACH_KM / 111.2),
            names,
            edges,
            owners,
        })
    }

    /// The name of the place at `lat`, `lon` (degrees): the region containing it, else the
    /// nearest within [`REACH_KM`]; `None` if none is that near.
    pub fn name(&self, lat: f64, lon: f64) -> Option<&str> {
        let nearby: Vec<(&Edge, u32)> = self
            .bands
            .get(band_of(lat))
            .into_iter()
            .flatten()
            .filter_map(|&i| {
                let i = i as usize;
                Some((self.edges.get(i)?, *self.owners.get(i)?))
            })
            .collect();
        // Crossings west of the place, per region: odd means inside.
        let mut crossings: BTreeMap<u32, usize> = BTreeMap::new();
        for &(edge, owner) in &nearby {
            if edge.crossing(lat).is_some_and(|x| x < lon) {
                *crossings.entry(owner).or_default() += 1;
            }
        }
        let inside = crossings
            .into_iter()
            .find_map(|(owner, count)| (count % 2 == 1).then_some(owner));
        let owner = inside.or_else(|| {
            STEPS_KM.iter().find_map(|&r| {
                nearby
                    .iter()
                    .find_map(|&(edge, owner)| edge.near(lat, lon, r).then_some(owner))
            })
        })?;
        self.names.get(owner as usize).map(String::as_str)
    }
}

/// `region, country`, or the country alone when the region has no name or is the country.
fn full_name(region: &str, country: &str) -> String {
    if region.is_empty() || region == country {
        country.to_owned()
    } else {
        format!("{region}, {country}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Places {
        Places::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).unwrap()
    }

    #[test]
    fn names_places_by_region_and_country() {
        let places = places();
        // Muhammadiyah's published point of 1447-09 and the record's, on the Alaska Peninsula.
        assert_eq!(
            places.name(56.0 + 48.0 / 60.0, -(158.0 + 52.0 / 60.0)),
            Some("Alaska, Amerika Serikat")
        );
        assert_eq!(
            places.name(54.82, -163.406),
            Some("Alaska, Amerika Serikat")
        );
        // Yogyakarta, Mecca, and the open Pacific.
        assert_eq!(places.name(-7.8, 110.36), Some("Yogyakarta, Indonesia"));
        assert_eq!(places.name(21.42, 39.83), Some("Makkah, Arab Saudi"));
        assert_eq!(places.name(0.0, -140.0), None);
    }
}
