//! The archive's prayer table: the exact instant (Unix seconds, to the second) of each
//! series of [`crate::prayer::series`] for every place and day of the span, its coding
//! (written by the generator, read here) and the look-ups the server makes.
//!
//! The table is keyed by its columns, not by the methods: it records each column's
//! [`crate::prayer::Series::key`], and a method reads the column whose key is its time's
//! ([`column`]). A method added since the archive was generated reads it as long as every
//! column it needs is there; [`check`] refuses a table without one, naming the method and
//! the time.
//!
//! The noon altitude of `detail` (and the ashar altitude that follows from it) is not
//! astronomy at run time: the table keeps the Sun's declination at 0h UT of every day, read
//! linearly at the transit instant, and [`noon_altitude_deg`] and the method's ashar rule
//! give the altitudes (within 0.005° of the generator's topocentric values).
//!
//! Its coding is [`coding`]'s, its check at open [`check`]'s.

mod check;
mod coding;

pub use check::{check, check_for, Unfit};
pub use coding::{
    base, code_lengths, extra_bits, symbols, BitWriter, Code, Symbol, LIMIT, MAX_CODE_BITS,
    NEAR_BITS, RAW_BITS, SYMBOLS,
};

use crate::date::Date;
use crate::prayer::{key_of, noon_altitude_deg, Method, Prayer, Target};
use crate::schema::{ArchivedDataset, ArchivedPrayerTable};
use crate::span;
use coding::{decode, Bits, DAY_S};

/// The index of the place called `id` in the archive's places.
pub fn place_index(dataset: &ArchivedDataset, id: &str) -> Option<usize> {
    dataset.places.iter().position(|p| p.id.as_str() == id)
}

/// The column of `table` that holds `prayer` by `method` (imsak: subuh's); `None` where the
/// table has no column of that key.
pub fn column(table: &ArchivedPrayerTable, method: &Method, prayer: Prayer) -> Option<usize> {
    let key = key_of(method, prayer)?;
    table.columns.iter().position(|c| c.to_native() == key)
}

/// The instants of column `series` of place `place` on the days `from` … `to` (one year
/// block at most per year), in order; `None` outside the table.
fn series_days(
    table: &ArchivedPrayerTable,
    place: usize,
    series: usize,
    from: Date,
    to: Date,
) -> Option<Vec<Option<i64>>> {
    let code = Code::new(table.codes.get(series)?.as_slice())?;
    let years = usize::from(table.years.to_native());
    let first_year = table.first_year.to_native();
    let mut out = Vec::with_capacity(usize::try_from(to.0 - from.0 + 1).ok()?);
    let (from_year, _, _) = from.ymd();
    let (to_year, _, _) = to.ymd();
    let mut buffer = [None; 366];
    for year in from_year..=to_year {
        let y = usize::try_from(year - first_year).ok()?;
        if y >= years {
            return None;
        }
        let run = place * table.columns.len() + series;
        let first_block = run * years;
        let start = u64::from(table.runs.get(run)?.to_native())
            + table
                .lengths
                .get(first_block..first_block + y)?
                .iter()
                .map(|l| u64::from(l.to_native()))
                .sum::<u64>();
        let end = start + u64::from(table.lengths.get(first_block + y)?.to_native());
        let jan1 = Date::from_ymd(year, 1, 1)?;
        let lo = from.max(jan1);
        let hi = to.min(Date::from_ymd(year, 12, 31)?);
        let upto = usize::try_from(hi.0 - jan1.0 + 1).ok()?;
        let mut bits = Bits {
            bytes: table.bits.as_slice(),
            at: start,
            end,
        };
        let days = buffer.get_mut(..upto)?;
        let base = table.bases.get(run)?.to_native();
        decode(&mut bits, (&code, base), jan1, days)?;
        let skip = usize::try_from(lo.0 - jan1.0).ok()?;
        out.extend_from_slice(days.get(skip..)?);
    }
    Some(out)
}

/// The exact instants (Unix seconds, to the second, before ihtiyat and rounding) of the
/// eight times in [`Prayer::ALL`] order of every day `from` … `to` at place `place` by
/// `method` (imsak: subuh less the method's offset); `None` for an unknown place, a day
/// outside the span, `to` before `from`, or a method with a time the table has no column of.
pub fn exact_days(
    dataset: &ArchivedDataset,
    place: usize,
    method: &Method,
    from: Date,
    to: Date,
) -> Option<Vec<[Option<i64>; 8]>> {
    if place >= dataset.places.len() || !span::contains(from) || !span::contains(to) || to < from {
        return None;
    }
    let table = &dataset.prayer;
    let days = usize::try_from(to.0 - from.0 + 1).ok()?;
    let mut out = vec![[None; 8]; days];
    for prayer in Prayer::ALL.into_iter().skip(1) {
        let series = column(table, method, prayer)?;
        let values = series_days(table, place, series, from, to)?;
        for (day, value) in out.iter_mut().zip(values) {
            *day.get_mut(prayer.index())? = value;
        }
    }
    let offset = 60 * method.imsak_minutes_before_subuh;
    for day in &mut out {
        let [imsak, subuh, ..] = day;
        *imsak = subuh.map(|s| s - offset);
    }
    Some(out)
}

/// The exact instants of one time `prayer` (not imsak, which follows subuh) of every day
/// `from` … `to` at `place` by `method`, decoding only its series ([`exact_days`] decodes
/// all eight); `None` where [`exact_days`] is.
pub fn exact_times(
    dataset: &ArchivedDataset,
    place: usize,
    (method, prayer): (&Method, Prayer),
    from: Date,
    to: Date,
) -> Option<Vec<Option<i64>>> {
    if place >= dataset.places.len()
        || !span::contains(from)
        || !span::contains(to)
        || to < from
        || prayer == Prayer::Imsak
    {
        return None;
    }
    let series = column(&dataset.prayer, method, prayer)?;
    series_days(&dataset.prayer, place, series, from, to)
}

/// The exact instants of one day ([`exact_days`] of `date` alone).
pub fn exact_day(
    dataset: &ArchivedDataset,
    place: usize,
    method: &Method,
    date: Date,
) -> Option<[Option<i64>; 8]> {
    exact_days(dataset, place, method, date, date)?
        .into_iter()
        .next()
}

/// The published minutes (Unix seconds of whole minutes, after ihtiyat and rounding) of
/// `exact` by `method`.
pub fn published(method: &Method, exact: &[Option<i64>; 8]) -> [Option<i64>; 8] {
    let [_, subuh, ..] = *exact;
    let mut out = [None; 8];
    for ((slot, prayer), time) in out.iter_mut().zip(Prayer::ALL).zip(exact) {
        *slot = if prayer == Prayer::Imsak {
            subuh.map(|s| method.published(Prayer::Imsak, s))
        } else {
            time.map(|t| method.published(prayer, t))
        };
    }
    out
}

/// The published minutes of one day (see [`published`]).
pub fn published_day(
    dataset: &ArchivedDataset,
    place: usize,
    method: &Method,
    date: Date,
) -> Option<[Option<i64>; 8]> {
    Some(published(method, &exact_day(dataset, place, method, date)?))
}

/// The Sun's apparent declination (degrees) at Unix second `unix_s`, read linearly between
/// the table's daily values; `None` outside them.
pub fn declination_deg(dataset: &ArchivedDataset, unix_s: i64) -> Option<f64> {
    let table = &dataset.prayer.declination;
    let first = i64::from(span::FIRST.0 - 1) * DAY_S;
    let at = unix_s - first;
    let day = usize::try_from(at.div_euclid(DAY_S)).ok()?;
    let fraction = at.rem_euclid(DAY_S) as f64 / DAY_S as f64;
    let a = f64::from(table.get(day)?.to_native());
    let b = f64::from(table.get(day + 1)?.to_native());
    Some((a + (b - a) * fraction) * 1e-6)
}

/// The Sun's altitude (degrees, its centre, airless) that defines each time of the day
/// `date` at place `place` by `method`, in [`Prayer::ALL`] order: the method's altitude for
/// subuh, dhuha and isya, its horizon at the place for terbit and maghrib, the
/// noon altitude for dzuhur and the ashar rule's altitude for ashar (from the declination
/// at the transit, see the module's documentation). `None` for imsak (a fixed offset from
/// subuh) and for a time that does not occur; `None` as a whole as [`exact_day`].
pub fn defining_altitude(
    dataset: &ArchivedDataset,
    place: usize,
    method: &Method,
    date: Date,
) -> Option<[Option<f64>; 8]> {
    let exact = exact_day(dataset, place, method, date)?;
    let where_ = dataset.places.get(place)?;
    let lat = where_.lat.to_native();
    let elev = where_.elev_m.to_native();
    let [_, _, _, _, dzuhur, ..] = exact;
    let noon = dzuhur
        .and_then(|t| declination_deg(dataset, t))
        .map(|dec| noon_altitude_deg(lat, dec));
    let mut out = [None; 8];
    for ((slot, prayer), time) in out.iter_mut().zip(Prayer::ALL).zip(exact) {
        if time.is_none() {
            continue;
        }
        *slot = match method.target(prayer) {
            None => None,
            Some(Target::Morning(h) | Target::Evening(h)) => Some(h),
            Some(Target::Sunrise(horizon) | Target::Sunset(horizon)) => {
                Some(horizon.altitude_deg(Some(where_.id.as_str()), elev))
            }
            Some(Target::Transit) => noon,
            Some(Target::Ashar(factor)) => {
                noon.and_then(|n| crate::prayer::ashar_altitude_deg(factor, n))
            }
        };
    }
    Some(out)
}
