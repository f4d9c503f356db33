//! The eclipses' map cards (`/eclipses/{id}/map`): for every eclipse of [`CARD_YEARS`] that
//! a prayer place sees, what its map shows, evaluated from its stored polynomials
//! ([`hijri::eclipse`]) on the hilal map's grid, at the display points and at the table's
//! provincial capitals, rendered normal and bare (rayon over the eclipses). An eclipse whose
//! [`card_key`] is unchanged takes its cards from the previous archive instead.

use std::collections::HashMap;

use chrono::{Datelike, Offset, TimeZone};
use hijri::eclipse::{local, moon_limb, Elements, Local, Point, CARD_YEARS};
use hijri::schema::{Eclipse, EclipseCard, EclipseType, PrayerPlace};
use hijri_cards::{
    display_points, eclipse_cards, CardError, EclipseInputs, EclipseRow, Renderer, VisibilityGrid,
};
use rayon::prelude::*;

use crate::card_set::GRID_STEP_DEG;

/// The kab/kota of the normal card's contacts table, west to east: fourteen provincial
/// capitals across the three zones.
pub const TABLE_PLACES: [&str; 14] = [
    "11.71", "12.71", "13.71", "16.71", "31.71", "61.71", "35.78", "51.71", "64.71", "73.71",
    "53.71", "71.71", "81.71", "91.71",
];

/// A node of the solar grid where part of the eclipse is seen but not its maximum.
const SEEN_IN_PART: f64 = 0.01;
/// A node where none of it is seen.
const UNSEEN: f64 = -0.05;

/// Whether `e` has map cards: seen from a prayer place, greatest in [`CARD_YEARS`].
pub fn has_cards(e: &Eclipse) -> bool {
    let year = chrono::DateTime::from_timestamp(e.greatest.floor() as i64, 0).map(|t| t.year());
    e.seen_in_indonesia && year.is_some_and(|y| CARD_YEARS.contains(&y))
}

/// Renders the map cards of every eclipse that has them into `eclipses`, reusing
/// `previous` (the cards of an earlier archive) where the key is unchanged; returns how
/// many eclipses were rendered and how many reused.
pub fn add(
    eclipses: &mut [Eclipse],
    places: &[PrayerPlace],
    previous: Vec<EclipseCard>,
) -> Result<(usize, usize), CardError> {
    let renderer = Renderer::new()?;
    let places_key = hijri::fingerprint::hash64(format!("{places:?}").as_bytes());
    let mut by_key: HashMap<u64, Vec<EclipseCard>> = HashMap::new();
    for card in previous {
        by_key.entry(card.key).or_default().push(card);
    }
    let table = TABLE_PLACES
        .iter()
        .map(|id| {
            places
                .iter()
                .find(|p| p.id == *id)
                .ok_or_else(|| CardError::Input(format!("table place {id} is not a place")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Reused cards are taken out of the previous archive's; the rest are rendered in parallel.
    let (mut rendered, mut reused) = (0, 0);
    let mut to_render = Vec::new();
    for (index, e) in eclipses.iter_mut().enumerate() {
        e.cards = Vec::new();
        if !has_cards(e) {
            continue;
        }
        let key = card_key(e, places_key);
        match by_key.remove(&key).filter(|c| c.len() == 2) {
            Some(mut cards) => {
                cards.sort_by_key(|c| c.bare);
                e.cards = cards;
                reused += 1;
            }
            None => to_render.push((index, key)),
        }
    }
    let new_cards = to_render
        .par_iter()
        .map(|&(index, key)| {
            let e = eclipses
                .get(index)
                .ok_or_else(|| CardError::Input(format!("eclipse {index} is gone")))?;
            eclipse_cards(&renderer, &inputs(e, places, &table)?, key)
        })
        .collect::<Result<Vec<_>, CardError>>()?;
    for ((index, _), cards) in to_render.into_iter().zip(new_cards) {
        if let Some(e) = eclipses.get_mut(index) {
            e.cards = cards;
            rendered += 1;
        }
    }
    Ok((rendered, reused))
}

/// Fingerprint of everything an eclipse's cards are drawn from: the drawing's version and
/// assets, the eclipse (its polynomials, contacts and type) and the places.
pub fn card_key(e: &Eclipse, places_key: u64) -> u64 {
    let inputs = format!(
        "eclipse|{}|{:x}|{places_key:x}|{:?}|{}|{:?}|{:?}|{:?}|{}|{}|{}",
        hijri_cards::CARD_FORMAT_VERSION,
        hijri_cards::assets_fingerprint(),
        e.kind,
        e.greatest,
        e.polys,
        e.tan_f,
        e.contacts,
        e.magnitude,
        e.penumbral_magnitude,
        e.saros,
    );
    hijri::fingerprint::hash64(inputs.as_bytes())
}

/// What `e`'s map shows.
pub fn inputs(
    e: &Eclipse,
    places: &[PrayerPlace],
    table: &[&PrayerPlace],
) -> Result<EclipseInputs, CardError> {
    let elements = Elements::of(e);
    let phase = main_phase(e);
    let at_sea_level = |lat_deg, lon_deg| Point {
        lat_deg,
        lon_deg,
        elev_m: 0.0,
    };
    let grid = VisibilityGrid::compute(GRID_STEP_DEG, |lat, lon| {
        let point = at_sea_level(lat, lon);
        match phase {
            Some([start, end]) => (
                moon_limb(&elements, &point, start),
                moon_limb(&elements, &point, end),
            ),
            None => solar_node(&local(&elements, &point)),
        }
    })?;
    let points = display_points()?
        .iter()
        .map(|p| p.result(local(&elements, &at_sea_level(p.lat, p.lon)).seen))
        .collect();
    let of = |p: &PrayerPlace| {
        local(
            &elements,
            &Point {
                lat_deg: p.lat,
                lon_deg: p.lon,
                elev_m: p.elev_m,
            },
        )
    };
    let seen: Vec<Local> = places.iter().map(of).collect();
    let mut crossed: Vec<&PrayerPlace> = places
        .iter()
        .zip(&seen)
        .filter(|(_, l)| l.seen && l.central_margin.is_some_and(|m| m >= 0.0))
        .map(|(p, _)| p)
        .collect();
    // Cities first, as the published lists name them.
    crossed.sort_by_key(|p| !p.name.starts_with("Kota "));
    let rows = table
        .iter()
        .map(|p| row(e, p, &of(p)))
        .collect::<Result<_, _>>()?;
    Ok(EclipseInputs {
        id: hijri::eclipse::id_of(e.greatest, hijri::eclipse::is_solar_type(e.kind)),
        kind: e.kind,
        greatest: e.greatest.round() as i64,
        magnitude: e.magnitude,
        penumbral_magnitude: e.penumbral_magnitude,
        saros: e.saros,
        grid,
        phase: phase.map(|p| p.map(|t| t.round() as i64)),
        points,
        crossed: crossed.into_iter().map(|p| p.name.clone()).collect(),
        seen_places: (seen.iter().filter(|l| l.seen).count(), places.len()),
        rows,
    })
}

/// A lunar eclipse's main phase: U1 to U4, or P1 to P4 for a penumbral one; `None` for a
/// solar eclipse.
fn main_phase(e: &Eclipse) -> Option<[f64; 2]> {
    let [p1, u1, _, _, u4, p4] = e.contacts;
    match e.kind {
        EclipseType::LunarTotal | EclipseType::LunarPartial => Some([u1?, u4?]),
        EclipseType::LunarPenumbral => Some([p1?, p4?]),
        _ => None,
    }
}

/// A solar grid node: the magnitude at the local maximum where it is seen with the Sun up
/// ([`SEEN_IN_PART`] where only part of the eclipse is, [`UNSEEN`] where none is), and the
/// central margin (−1 where the point has no eclipse at all).
fn solar_node(l: &Local) -> (f64, f64) {
    let greatest_up = l
        .contacts
        .iter()
        .any(|c| c.id == "greatest" && !c.below_horizon);
    let magnitude = match (l.seen, greatest_up, l.magnitude) {
        (true, true, Some(m)) => m.max(SEEN_IN_PART),
        (true, _, _) => SEEN_IN_PART,
        (false, _, _) => UNSEEN,
    };
    (magnitude, l.central_margin.unwrap_or(-1.0))
}

/// The table row of `place`: its zone at greatest eclipse, the main phase's first and last
/// contacts around greatest, and the magnitude (solar) or the Moon's altitude at greatest.
fn row(e: &Eclipse, place: &PrayerPlace, l: &Local) -> Result<EclipseRow, CardError> {
    let zone: chrono_tz::Tz = place
        .tz
        .parse()
        .map_err(|_| CardError::Input(format!("{}: unknown zone {}", place.id, place.tz)))?;
    let utc_offset_s = zone
        .timestamp_opt(e.greatest.floor() as i64, 0)
        .single()
        .map_or(0, |t| t.offset().fix().local_minus_utc());
    let find = |id: &str| l.contacts.iter().find(|c| c.id == id);
    let (first, last) = match e.kind {
        EclipseType::LunarPenumbral => ("p1", "p4"),
        EclipseType::LunarTotal | EclipseType::LunarPartial => ("u1", "u4"),
        _ => ("c1", "c4"),
    };
    let contacts = match (l.seen, find(first), find("greatest"), find(last)) {
        (true, Some(a), Some(g), Some(b)) => {
            Some([a, g, b].map(|c| (c.at.round() as i64, !c.below_horizon)))
        }
        _ => None,
    };
    let value = match (l.magnitude, find("greatest")) {
        (Some(m), _) => m,
        (None, Some(g)) => g.altitude_deg,
        (None, None) => 0.0,
    };
    Ok(EclipseRow {
        name: place.name.clone(),
        utc_offset_s,
        contacts,
        value,
    })
}
