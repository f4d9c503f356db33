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

/// One ring of the world map: its SVG path data (units of [`World::unit`] degrees, y =
/// −latitude) and its extent in degrees, west, south, east, north.
#[derive(Debug)]
pub struct Ring {
    /// Path data.
    pub d: String,
    /// West, south, east, north, degrees.
    pub extent: [f64; 4],
}

/// The world map's outlines.
#[derive(Debug)]
pub struct World {
    /// Degrees per unit of the path data.
    pub unit: f64,
    /// Every land ring (lakes as rings inside: draw with the even-odd rule).
    pub land: Vec<Ring>,
    /// The mainland of the Americas.
    pub americas: Vec<Ring>,
}

/// The extent of path data made of one `M x y` and relative `l dx dy` steps, in units.
fn extent(d: &str) -> Option<[f64; 4]> {
    let mut numbers = d
        .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
        .filter(|t| !t.is_empty())
        .map(str::parse::<i64>);
    let (mut x, mut y) = (numbers.next()?.ok()?, numbers.next()?.ok()?);
    let mut e = [x, y, x, y];
    while let (Some(dx), Some(dy)) = (numbers.next(), numbers.next()) {
        x += dx.ok()?;
        y += dy.ok()?;
        e = [e[0].min(x), e[1].min(y), e[2].max(x), e[3].max(y)];
    }
    Some(e.map(|v| v as f64))
}

fn load_world() -> Result<World, CardError> {
    #[derive(serde::Deserialize)]
    struct File {
        unit: f64,
        land: Vec<String>,
        americas: Vec<String>,
    }
    let file: File = serde_json::from_str(WORLD_JSON)
        .map_err(|e| CardError::Input(format!("world basemap: {e}")))?;
    let unit = file.unit;
    let rings = |paths: Vec<String>| {
        paths
            .into_iter()
            .map(|d| {
                let [x0, y0, x1, y1] = extent(&d)
                    .ok_or_else(|| CardError::Input("world basemap: a malformed ring".into()))?;
                // y is −latitude: the ring's north is its least y.
                Ok(Ring {
                    extent: [x0 * unit, -y1 * unit, x1 * unit, -y0 * unit],
                    d,
                })
            })
            .collect::<Result<Vec<Ring>, CardError>>()
    };
    Ok(World {
        unit,
        land: rings(file.land)?,
        americas: rings(file.americas)?,
    })
}

/// The world basemap, parsed on first use.
pub fn world() -> Result<&'static World, CardError> {
    static WORLD: OnceLock<Result<World, CardError>> = OnceLock::new();
    WORLD.get_or_init(load_world).as_ref().map_err(Clone::clone)
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

    #[test]
    fn world_rings_know_their_extent() {
        let world = world().unwrap();
        assert_eq!(world.americas.len(), 1);
        let [west, south, east, north] = world.americas[0].extent;
        // The mainland of the Americas: from Cape Prince of Wales (168.1° W) to Cabo Branco
        // (34.8° W), from Cape Froward (53.9° S) to the Boothia Peninsula (72.0° N).
        assert!((-168.2..-168.0).contains(&west), "{west}");
        assert!((-54.0..-53.8).contains(&south), "{south}");
        assert!((-34.9..-34.7).contains(&east), "{east}");
        assert!((71.9..72.1).contains(&north), "{north}");
    }
}
