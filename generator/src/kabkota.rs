//! The places prayer times are computed for: Kemenag's kabupaten/kota, each at one point,
//! from `data/places/kabkota.csv` (`id,name,province,lat,lon,elev_m,tz`, then any provenance
//! columns, which are not read here; where the points come from is in
//! `data/places/SOURCES.md`).

use std::collections::BTreeSet;
use std::path::Path;

use chrono_tz::Tz;
use hijri::schema::PrayerPlace;

use crate::csv;
use crate::inputs::InputError;

/// The places' file under `data/`.
pub const FILE: &str = "places/kabkota.csv";
/// The columns every row starts with.
const HEADER: [&str; 7] = ["id", "name", "province", "lat", "lon", "elev_m", "tz"];

/// Reads the places as the archive keeps them, in the file's order; ids are unique and every
/// field is checked (the time zone is an IANA name chrono-tz knows, written as it spells it).
pub fn load(path: &Path) -> Result<Vec<PrayerPlace>, InputError> {
    let at = |line: Option<usize>, message: String| InputError {
        path: path.to_owned(),
        line,
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| at(None, format!("cannot read: {e}")))?;
    let mut lines = text.lines().enumerate();
    let header = lines
        .next()
        .and_then(|(_, line)| csv::fields(line))
        .unwrap_or_default();
    if header.get(..HEADER.len()) != Some(&HEADER.map(String::from)[..]) {
        return Err(at(
            Some(1),
            format!("expected the header to start {}", HEADER.join(",")),
        ));
    }
    let mut places = Vec::new();
    let mut ids = BTreeSet::new();
    for (index, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let line_no = Some(index + 1);
        let fields = csv::fields(line).ok_or_else(|| at(line_no, "badly quoted field".into()))?;
        let [id, name, province, lat, lon, elev, tz, ..] = &fields[..] else {
            return Err(at(line_no, format!("expected {} fields", HEADER.len())));
        };
        let number = |text: &str, what: &str, range: std::ops::RangeInclusive<f64>| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| range.contains(v))
                .ok_or_else(|| at(line_no, format!("bad {what} {text:?}")))
        };
        let place = PrayerPlace {
            id: id.trim().to_owned(),
            name: name.trim().to_owned(),
            province: province.trim().to_owned(),
            lat: number(lat, "lat", -90.0..=90.0)?,
            lon: number(lon, "lon", -180.0..=180.0)?,
            elev_m: number(elev, "elev_m", -500.0..=9_000.0)?,
            tz: tz
                .trim()
                .parse::<Tz>()
                .map_err(|_| at(line_no, format!("unknown time zone {tz:?}")))?
                .name()
                .to_owned(),
        };
        if place.id.is_empty() || place.name.is_empty() || place.province.is_empty() {
            return Err(at(
                line_no,
                "id, name and province must not be empty".into(),
            ));
        }
        if !ids.insert(place.id.clone()) {
            return Err(at(line_no, format!("id {} twice", place.id)));
        }
        places.push(place);
    }
    if places.is_empty() {
        return Err(at(None, "no places".into()));
    }
    Ok(places)
}
