//! The eclipses of the span and what their local circumstances are evaluated from.

use rkyv::{Archive, Deserialize, Serialize};

/// An eclipse's body and type.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum EclipseType {
    /// A solar eclipse whose umbra reaches the Earth.
    SolarTotal,
    /// A solar eclipse whose antumbra (only) reaches it.
    SolarAnnular,
    /// A solar eclipse annular along part of its track and total along the rest.
    SolarHybrid,
    /// A solar eclipse whose penumbra only reaches it.
    SolarPartial,
    /// A lunar eclipse with the Moon wholly in the umbra.
    LunarTotal,
    /// A lunar eclipse with the Moon partly in the umbra.
    LunarPartial,
    /// A lunar eclipse with the Moon in the penumbra only.
    LunarPenumbral,
}

/// One eclipse. Instants are Unix seconds (UT, fractional); the polynomials are in UT hours
/// from `epoch`, constant term first: for a solar eclipse its Besselian elements `x, y, d,
/// μ, l1, l2` (Earth radii and degrees), for a lunar one the Moon's Greenwich hour angle
/// and declination (degrees) and distance (Earth radii), each fitted over ±4 hours.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Eclipse {
    /// Its body and type.
    pub kind: EclipseType,
    /// Whether the shadow's axis meets the Earth (solar; always true for lunar).
    pub central: bool,
    /// Greatest eclipse.
    pub greatest: f64,
    /// The magnitude at greatest eclipse (solar), or the umbral magnitude (lunar).
    pub magnitude: f64,
    /// The penumbral magnitude (lunar; the magnitude again for solar).
    pub penumbral_magnitude: f64,
    /// Gamma, Earth radii, negative south.
    pub gamma: f64,
    /// The saros series.
    pub saros: u16,
    /// Whether any prayer place sees some of it with the body above the horizon.
    pub seen_in_indonesia: bool,
    /// The polynomials' epoch.
    pub epoch: f64,
    /// The polynomials (six solar, three lunar).
    pub polys: Vec<[f64; 5]>,
    /// tan f1 and tan f2 (solar; zero for lunar).
    pub tan_f: [f64; 2],
    /// The lunar contacts P1, U1, U2, U3, U4, P4 where they exist (all `None` for solar).
    pub contacts: [Option<f64>; 6],
    /// Its map card (`/eclipses/{id}/map`), normal then bare, for an eclipse of the card
    /// years that a prayer place sees; empty otherwise.
    pub cards: Vec<EclipseCard>,
}

/// One PNG map card of an eclipse.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct EclipseCard {
    /// The bare (1440x1520, no table) variant.
    pub bare: bool,
    /// Quoted strong ETag of the PNG bytes.
    pub etag: String,
    /// Fingerprint of everything the card is drawn from (the generator's reuse key).
    pub key: u64,
    /// The PNG file.
    pub png: Vec<u8>,
}
