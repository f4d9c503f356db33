//! Places: the body of `/api/v1/places` (every place prayer times are served for, the whole
//! list stored), its searches (`q`: by name and by the names people use for a place, the
//! aliases of `data/places/aliases.csv`, letter case, accents and "Kab."/"Kota" ignored;
//! `lat`/`lon`: the nearest places with their distance), the place a `place` parameter
//! names (an unknown one is `unknown_place` with the closest names) and the place a point
//! stands in (the nearest within [`NEAR_KM`], else `no_place_near`).

use std::sync::OnceLock;

use hijri::schema::{ArchivedDataset, ArchivedPrayerPlace};
use serde::Serialize;

use crate::{truncated, ErrorCode, NearestPlace, Refusal};

/// How many places a coordinate search answers with.
pub const NEAREST: usize = 5;
/// How far a point may be from its nearest place for the place's prayer times to be
/// answered for it, km.
pub const NEAR_KM: f64 = 100.0;
/// The fewest letters or digits a name search takes (one letter matches half the list).
pub const MIN_Q: usize = 2;
/// The names people use for places (`jogja`, `solo`, `jaksel`), each with the place's id
/// and its source: data, compiled in (`data/places/aliases.csv`).
const ALIASES_CSV: &str = include_str!("../../../data/places/aliases.csv");
/// How many names an `unknown_place` refusal suggests.
const SUGGESTIONS: usize = 3;
/// How many characters of an unknown `place` are compared with the names.
const COMPARED: usize = 24;
/// The Earth's mean radius, km (distances are great-circle, on a sphere).
const EARTH_RADIUS_KM: f64 = 6_371.0;
/// The words of a name that say what kind of place it is, not which one: a search ignores
/// them (a query that has one keeps only places of that kind).
const KIND_WORDS: [(&str, Kind); 4] = [
    ("kabupaten", Kind::Kabupaten),
    ("kab", Kind::Kabupaten),
    ("kota", Kind::Kota),
    ("kotamadya", Kind::Kota),
];

/// A kabupaten or a kota.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Kabupaten,
    Kota,
}

/// A name as a search compares it: lowercase ASCII words, accents and punctuation gone, the
/// kind word taken out.
#[derive(Debug, PartialEq, Eq)]
struct Folded {
    kind: Option<Kind>,
    words: String,
}

impl Folded {
    fn of(text: &str) -> Folded {
        let mut plain = String::with_capacity(text.len());
        for c in text.chars() {
            let c = fold_char(c);
            plain.push(if c.is_ascii_alphanumeric() { c } else { ' ' });
        }
        let mut kind = None;
        let mut words = String::with_capacity(plain.len());
        for word in plain.split_whitespace() {
            match KIND_WORDS.iter().find(|(w, _)| *w == word) {
                Some((_, k)) if kind.is_none() => kind = Some(*k),
                _ => {
                    if !words.is_empty() {
                        words.push(' ');
                    }
                    words.push_str(word);
                }
            }
        }
        Folded { kind, words }
    }
}

/// A letter without its accent, lowercase (the Latin letters Indonesian and Dutch-era names
/// carry); anything else lowercased as it is.
fn fold_char(c: char) -> char {
    let c = c.to_lowercase().next().unwrap_or(c);
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        'ç' => 'c',
        _ => c,
    }
}

/// How well a place answers a query, best first: its name exactly, one of its aliases
/// exactly, the start of its name (or of an alias), the start of a later word of its name,
/// a part of its name.
const EXACT: u8 = 0;
const ALIAS: u8 = 1;
const PREFIX: u8 = 2;
const WORD_PREFIX: u8 = 3;
const PARTIAL: u8 = 4;

/// How well a place's name answers a query: lower is better, `None` for no match.
fn rank(query: &Folded, name: &Folded) -> Option<u8> {
    if query.kind.is_some_and(|kind| name.kind != Some(kind)) {
        return None;
    }
    if name.words == query.words {
        Some(EXACT)
    } else if name.words.starts_with(&query.words) {
        Some(PREFIX)
    } else if name.words.match_indices(' ').any(|(at, _)| {
        name.words
            .get(at + 1..)
            .is_some_and(|w| w.starts_with(&query.words))
    }) {
        Some(WORD_PREFIX)
    } else if name.words.contains(&query.words) {
        Some(PARTIAL)
    } else {
        None
    }
}

/// One alias: the name people use, folded, and the id of the place it means.
#[derive(Debug)]
struct Alias {
    words: String,
    place: &'static str,
}

/// The aliases, read once from the compiled-in table (`alias,place,source`; the alias and
/// the id hold no comma, the source may be quoted). A row without three fields is left out
/// (`aliases_are_well_formed` checks none is).
fn aliases() -> &'static [Alias] {
    static ALIASES: OnceLock<Vec<Alias>> = OnceLock::new();
    ALIASES.get_or_init(|| {
        ALIASES_CSV
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut fields = line.splitn(3, ',');
                let (alias, place, _source) = (fields.next()?, fields.next()?, fields.next()?);
                let words = Folded::of(alias).words;
                (!words.is_empty() && !place.is_empty()).then_some(Alias {
                    words,
                    place: place.trim(),
                })
            })
            .collect()
    })
}

/// How well the aliases of the place `id` answer a query: [`ALIAS`] for an alias that is
/// the query, [`PREFIX`] for one that starts with it.
fn alias_rank(query: &Folded, id: &str) -> Option<u8> {
    aliases()
        .iter()
        .filter(|alias| alias.place == id)
        .filter_map(|alias| {
            if alias.words == query.words {
                Some(ALIAS)
            } else if alias.words.starts_with(&query.words) {
                Some(PREFIX)
            } else {
                None
            }
        })
        .min()
}

/// The order of kinds among places of one name: a kota before a kabupaten (the kota is the
/// place people mean by the bare name: `semarang`).
fn kind_order(kind: Option<Kind>) -> u8 {
    match kind {
        Some(Kind::Kota) => 0,
        Some(Kind::Kabupaten) => 1,
        None => 2,
    }
}

/// One place as every answer names it.
#[derive(Serialize)]
pub struct PlaceView<'a> {
    id: &'a str,
    name: &'a str,
    province: &'a str,
    lat: f64,
    lon: f64,
    elev_m: f64,
    tz: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    distance_km: Option<f64>,
}

impl<'a> PlaceView<'a> {
    /// The archived place `place`.
    pub fn of(place: &'a ArchivedPrayerPlace) -> PlaceView<'a> {
        PlaceView {
            id: &place.id,
            name: &place.name,
            province: &place.province,
            lat: place.lat.to_native(),
            lon: place.lon.to_native(),
            elev_m: place.elev_m.to_native(),
            tz: &place.tz,
            distance_km: None,
        }
    }

    /// The same place at `distance_m` (whole metres) from the point asked about, if any.
    pub fn at_distance(self, distance_m: Option<u64>) -> PlaceView<'a> {
        PlaceView {
            distance_km: distance_m.map(km_of).or(self.distance_km),
            ..self
        }
    }
}

/// The body of `/api/v1/places`: the query as understood, then the places (and, for a
/// point, whether its nearest place is within [`NEAR_KM`]).
#[derive(Serialize)]
pub struct PlacesBody<'a> {
    input: Input<'a>,
    count: usize,
    places: Vec<PlaceView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    near: Option<Near>,
}

/// Whether a point's nearest place is near enough to answer for it.
#[derive(Serialize)]
struct Near {
    limit_km: f64,
    within_limit: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

/// `input` of `/places`: the search, if any.
#[derive(Serialize, Default)]
struct Input<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    q: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lat: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lon: Option<f64>,
}

impl<'a> PlacesBody<'a> {
    fn new(input: Input<'a>, places: Vec<PlaceView<'a>>) -> PlacesBody<'a> {
        PlacesBody {
            input,
            count: places.len(),
            places,
            near: None,
        }
    }
}

/// Every place, in the archive's order (by kode wilayah).
pub fn all(dataset: &ArchivedDataset) -> PlacesBody<'_> {
    PlacesBody::new(
        Input::default(),
        dataset.places.iter().map(PlaceView::of).collect(),
    )
}

/// The places `q` names (ranked: the exact name, an alias, the start of the name or of an
/// alias, the start of a later word, a part of the name; among equals by name, a kota
/// before a kabupaten of the same name); a `q` with fewer than [`MIN_Q`] letters or digits
/// is `invalid_q`.
pub fn search<'a>(dataset: &'a ArchivedDataset, q: &'a str) -> Result<PlacesBody<'a>, Refusal> {
    let query = Folded::of(q);
    if query
        .words
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .count()
        < MIN_Q
    {
        return Err(Refusal::new(
            ErrorCode::InvalidQ,
            format!(
                "`q` must hold at least {MIN_Q} letters or digits of a place's name, e.g. \
                 \"yogya\", got \"{}\"",
                truncated(q)
            ),
        ));
    }
    let mut found: Vec<(u8, Folded, &ArchivedPrayerPlace)> = dataset
        .places
        .iter()
        .filter_map(|place| {
            let name = Folded::of(&place.name);
            let by_name = rank(&query, &name);
            let by_alias = if query.kind.is_some_and(|kind| name.kind != Some(kind)) {
                None
            } else {
                alias_rank(&query, &place.id)
            };
            let best = match (by_name, by_alias) {
                (Some(a), Some(b)) => a.min(b),
                (a, b) => a.or(b)?,
            };
            Some((best, name, place))
        })
        .collect();
    found.sort_by(|(a, n, p), (b, m, q)| {
        a.cmp(b)
            .then_with(|| n.words.cmp(&m.words))
            .then_with(|| kind_order(n.kind).cmp(&kind_order(m.kind)))
            .then_with(|| p.name.cmp(&q.name))
    });
    Ok(PlacesBody::new(
        Input {
            q: Some(q),
            ..Input::default()
        },
        found
            .into_iter()
            .map(|(_, _, place)| PlaceView::of(place))
            .collect(),
    ))
}

/// Reads a latitude or longitude parameter `name` (decimal degrees within `±limit`), or
/// `invalid_coordinates` naming it.
pub fn coordinate(text: &str, name: &str, limit: f64) -> Result<f64, Refusal> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && v.abs() <= limit)
        .ok_or_else(|| {
            Refusal::new(
                ErrorCode::InvalidCoordinates,
                format!(
                    "`{name}` must be decimal degrees from -{limit} to {limit}, got \"{}\"",
                    truncated(text)
                ),
            )
        })
}

/// The great-circle distance between two points, km: the haversine formula on a sphere of
/// the Earth's mean radius (within 0.6 % of the WGS 84 geodesic: `data/reference/distances.csv`).
pub fn distance_km((lat1, lon1): (f64, f64), (lat2, lon2): (f64, f64)) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = p2 - p1;
    let dl = (lon2 - lon1).to_radians();
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}

/// A distance in km as whole metres (the three decimals every answer gives).
fn metres(km: f64) -> u64 {
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a distance on the Earth: 0 to 2e7 metres"
    )]
    let m = (km * 1000.0).round().clamp(0.0, 4.0e7) as u64;
    m
}

use crate::error::km as km_of;

/// The [`NEAREST`] places nearest to (`lat`, `lon`), nearest first, each with its distance
/// (km, to three decimals), and whether the nearest is within [`NEAR_KM`].
pub fn nearest(dataset: &ArchivedDataset, lat: f64, lon: f64) -> PlacesBody<'_> {
    let mut by_distance: Vec<(f64, &ArchivedPrayerPlace)> = dataset
        .places
        .iter()
        .map(|place| {
            let at = (place.lat.to_native(), place.lon.to_native());
            (distance_km((lat, lon), at), place)
        })
        .collect();
    by_distance.sort_by(|(a, _), (b, _)| a.total_cmp(b));
    let near = by_distance.first().map(|(km, place)| {
        let within_limit = metres(*km) <= metres(NEAR_KM);
        Near {
            limit_km: NEAR_KM,
            within_limit,
            notice: (!within_limit).then(|| {
                format!(
                    "{}: its prayer times are not this point's, and the prayer-time endpoints \
                     answer this point 404 no_place_near",
                    too_far(place, metres(*km))
                )
            }),
        }
    });
    PlacesBody {
        near,
        ..PlacesBody::new(
            Input {
                lat: Some(lat),
                lon: Some(lon),
                ..Input::default()
            },
            by_distance
                .into_iter()
                .take(NEAREST)
                .map(|(km, place)| PlaceView {
                    distance_km: Some(km_of(metres(km))),
                    ..PlaceView::of(place)
                })
                .collect(),
        )
    }
}

/// The nearest place and its distance, when it is farther than [`NEAR_KM`], in words.
fn too_far(place: &ArchivedPrayerPlace, metres: u64) -> String {
    format!(
        "the nearest place, {} ({}), is {} km away, farther than {NEAR_KM} km",
        place.name.as_str(),
        place.id.as_str(),
        km_of(metres)
    )
}

/// The place a point stands in: the index of the nearest place and its distance (whole
/// metres), or `no_place_near` (404) naming the nearest place and its distance when it is
/// farther than [`NEAR_KM`]. Ties go to the place first in the archive's order.
pub fn locate(dataset: &ArchivedDataset, lat: f64, lon: f64) -> Result<(usize, u64), Refusal> {
    let mut best: Option<(usize, f64)> = None;
    for (index, place) in dataset.places.iter().enumerate() {
        let km = distance_km((lat, lon), (place.lat.to_native(), place.lon.to_native()));
        if best.is_none_or(|(_, b)| km < b) {
            best = Some((index, km));
        }
    }
    let Some((index, km)) = best else {
        return Err(Refusal::new(
            ErrorCode::NoPlaceNear,
            "the archive holds no place",
        ));
    };
    let distance = metres(km);
    if distance <= metres(NEAR_KM) {
        return Ok((index, distance));
    }
    let place = dataset.places.get(index);
    let (id, name) = place.map_or(("", ""), |p| (p.id.as_str(), p.name.as_str()));
    Err(Refusal::new(
        ErrorCode::NoPlaceNear,
        format!(
            "no place prayer times are served for is within {NEAR_KM} km of `lat`, `lon`: {}",
            place.map(|p| too_far(p, distance)).unwrap_or_default()
        ),
    )
    .with_nearest(NearestPlace {
        id: id.to_owned(),
        name: name.to_owned(),
        distance_m: distance,
    }))
}

/// An archive's places by id: the ids in byte order, each with its place's index (the
/// archive keeps the catalogue's order), made once when the archive is opened so that a
/// `place` parameter is found by a binary search, not a scan of every place.
pub struct PlaceIndex<'a> {
    dataset: &'a ArchivedDataset,
    sorted: Box<[(&'a str, usize)]>,
}

impl<'a> PlaceIndex<'a> {
    /// The index of `dataset`'s places.
    pub fn new(dataset: &'a ArchivedDataset) -> PlaceIndex<'a> {
        let mut sorted: Vec<_> = (dataset.places.iter().enumerate())
            .map(|(index, place)| (place.id.as_str(), index))
            .collect();
        sorted.sort_unstable();
        PlaceIndex {
            dataset,
            sorted: sorted.into(),
        }
    }

    /// The archive the index is of.
    pub fn dataset(&self) -> &'a ArchivedDataset {
        self.dataset
    }

    /// The index of the place whose id is exactly `id`.
    pub fn get(&self, id: &str) -> Option<usize> {
        let at = self.sorted.binary_search_by(|(probe, _)| (*probe).cmp(id));
        at.ok()
            .and_then(|at| self.sorted.get(at))
            .map(|&(_, index)| index)
    }
}

/// The index of the place whose id is `id` (the parameter `name`), or `unknown_place`
/// (404) with the closest names: those a name search finds, else those nearest in spelling.
pub fn place(places: &PlaceIndex, id: &str, name: &str) -> Result<usize, Refusal> {
    let id = id.trim();
    if let Some(index) = places.get(id) {
        return Ok(index);
    }
    let dataset = places.dataset();
    let closest: Vec<String> = closest(dataset, id)
        .iter()
        .map(|p| format!("{} ({})", p.name.as_str(), p.id.as_str()))
        .collect();
    Err(Refusal::new(
        ErrorCode::UnknownPlace,
        format!(
            "`{name}` must be a place id from /api/v1/places (a kode wilayah such as 34.71), \
             got \"{}\"; closest: {}",
            truncated(id),
            closest.join(", ")
        ),
    ))
}

/// The places closest to an unknown `place` value: by id for an id-shaped value (`34.7`:
/// the ids it starts, then those sharing the longest start with it), else by name (a
/// search's rank, then the spelling distance of at most [`COMPARED`] characters), so the
/// cost is bounded whatever the value's length.
fn closest<'a>(dataset: &'a ArchivedDataset, value: &str) -> Vec<&'a ArchivedPrayerPlace> {
    let id_shaped = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let query = Folded::of(
        value
            .get(..value.len().min(4 * COMPARED))
            .unwrap_or_default(),
    );
    let words: String = query.words.chars().take(COMPARED).collect();
    let query = Folded { words, ..query };
    let mut row = Vec::new();
    let mut scored: Vec<(usize, &ArchivedPrayerPlace)> = dataset
        .places
        .iter()
        .map(|place| {
            let score = if id_shaped {
                let shared = common_start(value, &place.id);
                if shared == value.len() {
                    0
                } else {
                    1 + value.len() - shared
                }
            } else {
                let folded = Folded::of(&place.name);
                match rank(&query, &folded) {
                    Some(rank) => usize::from(rank),
                    None => {
                        usize::from(PARTIAL)
                            + 1
                            + spelling_distance(&query.words, &folded.words, &mut row)
                    }
                }
            };
            (score, place)
        })
        .collect();
    scored.sort_by(|(a, p), (b, q)| {
        let by = if id_shaped { by_id } else { by_name };
        a.cmp(b).then_with(|| by(p).cmp(by(q)))
    });
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, p)| p)
        .collect()
}

fn by_id(place: &ArchivedPrayerPlace) -> &str {
    &place.id
}

fn by_name(place: &ArchivedPrayerPlace) -> &str {
    &place.name
}

/// How many bytes `a` and `b` start with in common.
fn common_start(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

/// How far `query` is from being `name` or the start of it (`jogja` is 2 from `yogyakarta`,
/// whose first five letters are `yogya`), in characters: one Levenshtein table, whose last
/// row holds the distance to every start of `name` (`row` is its reused buffer).
fn spelling_distance(query: &str, name: &str, row: &mut Vec<usize>) -> usize {
    let name: Vec<char> = name.chars().collect();
    row.clear();
    row.extend(0..=name.len());
    for (i, ca) in query.chars().enumerate() {
        let mut up_left = i;
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in name.iter().enumerate() {
            let (Some(&left), Some(&up)) = (row.get(j), row.get(j + 1)) else {
                break;
            };
            let cost = (up_left + usize::from(ca != *cb)).min(up + 1).min(left + 1);
            up_left = up;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = cost;
            }
        }
    }
    let start = query.chars().count().min(name.len());
    let whole = row.last().copied().unwrap_or(0);
    row.get(start).copied().unwrap_or(whole).min(whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_without_case_accents_or_kind() {
        assert_eq!(
            Folded::of("KAB. Sleman"),
            Folded {
                kind: Some(Kind::Kabupaten),
                words: "sleman".into()
            }
        );
        assert_eq!(Folded::of("Yogyakartà").words, "yogyakarta");
        assert_eq!(Folded::of("Kota Yogyakarta").kind, Some(Kind::Kota));
        let name = Folded::of("Kota Yogyakarta");
        assert_eq!(rank(&Folded::of("yogya"), &name), Some(PREFIX));
        assert_eq!(rank(&Folded::of("kota yogyakarta"), &name), Some(EXACT));
        assert_eq!(rank(&Folded::of("kab yogyakarta"), &name), None);
        assert_eq!(rank(&Folded::of("karta"), &name), Some(PARTIAL));
        let name = Folded::of("Kabupaten Aceh Jaya");
        assert_eq!(rank(&Folded::of("jay"), &name), Some(WORD_PREFIX));
        assert_eq!(rank(&Folded::of("ceh"), &name), Some(PARTIAL));
    }

    #[test]
    fn aliases_are_well_formed() {
        let rows = ALIASES_CSV
            .lines()
            .skip(1)
            .filter(|l| !l.is_empty())
            .count();
        assert_eq!(aliases().len(), rows, "a row of aliases.csv was left out");
        let places = include_str!("../../../data/places/kabkota.csv");
        let ids: Vec<&str> = places
            .lines()
            .skip(1)
            .filter_map(|l| l.split(',').next())
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for alias in aliases() {
            assert!(ids.contains(&alias.place), "{alias:?}: no such place");
            assert!(seen.insert(alias.words.clone()), "{alias:?} twice");
            assert!(alias.words.len() >= MIN_Q, "{alias:?}");
        }
        for line in ALIASES_CSV.lines().skip(1) {
            let source = line.splitn(3, ',').nth(2).unwrap_or_default();
            assert!(source.len() > 10, "{line}: say where the alias comes from");
        }
        assert_eq!(alias_rank(&Folded::of("Solo"), "33.72"), Some(ALIAS));
        assert_eq!(alias_rank(&Folded::of("jaks"), "31.71"), Some(PREFIX));
        assert_eq!(alias_rank(&Folded::of("solo"), "13.72"), None);
    }

    #[test]
    fn distances_and_spelling() {
        // Yogyakarta to Surabaya: about 260 km as the crow flies.
        let km = distance_km((-7.7956, 110.3695), (-7.2575, 112.7521));
        assert!((km - 268.0).abs() < 5.0, "{km}");
        assert_eq!(metres(1.23456), 1235);
        assert_eq!(km_of(1235), 1.235);
        assert_eq!(km_of(9_870_123), 9870.123);
        let mut row = Vec::new();
        let mut distance = |a, b| spelling_distance(a, b, &mut row);
        assert_eq!(distance("kitten", "sitting"), 2);
        assert_eq!(distance("", "abc"), 0);
        assert_eq!(distance("abc", ""), 3);
        assert_eq!(distance("jogja", "jogja"), 0);
        assert_eq!(distance("jogja", "yogyakarta"), 2);
        assert_eq!(distance("sleman", "slemanx"), 0);
        assert_eq!(distance("flaw", "lawn"), 2);
        assert_eq!(common_start("34.7", "34.71"), 4);
    }
}
