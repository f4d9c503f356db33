//! The committed basemap (Natural Earth 1:50m via world-atlas, clipped to the map window):
//! SVG path data in integer units of 0.01° with y = −latitude, parsed once.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::CardError;

pub(super) const LAND_JSON: &str = include_str!("../../data/basemap/land_50m_window.json");
pub(super) const COUNTRIES_JSON: &str =
    include_str!("../../data/basemap/countries_50m_window.json");

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
