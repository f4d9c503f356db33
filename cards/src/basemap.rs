//! The committed basemaps (Natural Earth 1:50m via world-atlas): the archipelago's, clipped
//! to its map window, as SVG path data in integer units of 0.01° with y = −latitude; and the
//! world's, simplified (units of 0.1°). Each is parsed once.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::CardError;

pub(super) const LAND_JSON: &str = include_str!("../../data/basemap/land_50m_window.json");
pub(super) const COUNTRIES_JSON: &str =
    include_str!("../../data/basemap/countries_50m_window.json");
/// The world's land and the mainland of the Americas (`data/basemap/derive_world.py`).
pub(super) const WORLD_JSON: &str = include_str!("../../data/basemap/world_land.json");

/// ISO 3166 numeric code of Indonesia, drawn lighter than its neighbours.
const INDONESIA: &str = "360";

/// The outlines to draw, each as SVG path data in 0.01° units.
#[derive(Debug)]
pub struct Basemap {
    /// All land, one path.
    pub land: Vec<String>,
    /// Indonesia's outline.
    pub indonesia: Vec<String>,
    /// The other countries' outlines.
    pub neighbours: Vec<String>,
}

fn parse(json: &str, what: &str) -> Result<BTreeMap<String, String>, CardError> {
    serde_json::from_str(json).map_err(|e| CardError::Input(format!("basemap {what}: {e}")))
}

fn load() -> Result<Basemap, CardError> {
    let land = parse(LAND_JSON, "land")?.into_values().collect();
    let mut indonesia = Vec::new();
    let mut neighbours = Vec::new();
    for (key, path) in parse(COUNTRIES_JSON, "countries")? {
        if key.split('|').next() == Some(INDONESIA) {
            indonesia.push(path);
        } else {
            neighbours.push(path);
        }
    }
    if indonesia.is_empty() {
        return Err(CardError::Input("basemap has no Indonesia outline".into()));
    }
    Ok(Basemap {
        land,
        indonesia,
        neighbours,
    })
}

/// The basemap, parsed on first use.
pub fn basemap() -> Result<&'static Basemap, CardError> {
    static BASEMAP: OnceLock<Result<Basemap, CardError>> = OnceLock::new();
    BASEMAP.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The world map's outlines: SVG path data in units of [`World::unit`] degrees, y =
/// −latitude.
#[derive(Debug, serde::Deserialize)]
pub struct World {
    /// Degrees per unit.
    pub unit: f64,
    /// Every land ring (lakes as rings inside: draw with the even-odd rule).
    pub land: Vec<String>,
    /// The mainland of the Americas.
    pub americas: Vec<String>,
}

/// The world basemap, parsed on first use.
pub fn world() -> Result<&'static World, CardError> {
    static WORLD: OnceLock<Result<World, CardError>> = OnceLock::new();
    WORLD
        .get_or_init(|| {
            serde_json::from_str(WORLD_JSON)
                .map_err(|e| CardError::Input(format!("world basemap: {e}")))
        })
        .as_ref()
        .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_basemap_parses() {
        let map = basemap().unwrap();
        assert_eq!(map.land.len(), 1);
        assert_eq!(map.indonesia.len(), 1);
        assert_eq!(map.neighbours.len(), 10);
    }
}
