//! The places prayer times are served for and the prayer table.

use rkyv::{Archive, Deserialize, Serialize};

/// A place prayer times are served for.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct PrayerPlace {
    /// Its stable identifier (the Kepmendagri kode wilayah, `34.71`).
    pub id: String,
    /// Its name (`Kota Yogyakarta`).
    pub name: String,
    /// Its province.
    pub province: String,
    /// Latitude of its point, degrees north (as the places file writes it).
    pub lat: f64,
    /// Longitude of its point, degrees east.
    pub lon: f64,
    /// Elevation of its point, metres.
    pub elev_m: f64,
    /// Its IANA time zone (`Asia/Jakarta`); its days are civil dates in
    /// `hijri::zone::Zone::civil` of it.
    pub tz: String,
}

/// The prayer table: for every place, column ([`crate::prayer::series`]) and Gregorian year
/// of the span, one block of bits holding the exact instant of each day, to the second
/// (coded as [`crate::prayer_table`] describes), and the Sun's declination of each day.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[rkyv(derive(Debug))]
pub struct PrayerTable {
    /// Each column's key ([`crate::prayer::Series::key`]: its target's numbers and its
    /// rounding), in the order of its blocks; a method reads the columns of its times' keys.
    pub columns: Vec<u64>,
    /// The generator's fingerprint of everything the table was computed from (places,
    /// columns, ephemeris, code), so an unchanged table is reused.
    pub inputs: u64,
    /// The first Gregorian year.
    pub first_year: i32,
    /// The number of years.
    pub years: u16,
    /// Per series, the code length (bits) of each symbol of the canonical prefix code.
    pub codes: Vec<Vec<u8>>,
    /// The bit offset in `bits` where each run of year blocks starts, runs ordered by place
    /// and series; one more at the end (where the last run ends).
    pub runs: Vec<u32>,
    /// Each run's base: the earliest time of day (seconds after the date's 00:00 UTC) of its
    /// blocks' first days, which a first day is coded from.
    pub bases: Vec<i32>,
    /// Each block's length in bits, blocks ordered by place, series and year.
    pub lengths: Vec<u16>,
    /// The coded blocks, most significant bit first.
    pub bits: Vec<u8>,
    /// The Sun's apparent geocentric declination at 0h UT of every day from the day before
    /// the span to the day after it, millionths of a degree (for the noon and ashar altitudes
    /// of `detail`).
    pub declination: Vec<i32>,
}
