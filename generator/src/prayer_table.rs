//! The prayer table of the archive: every place of `data/places/kabkota.csv`, every day of
//! the span and every series of the methods (`hijri::prayer::series`), found in bulk from
//! the Sun tabulated once (`hijri_astro::sun_table`, rayon over places) and coded as
//! `hijri::prayer_table` reads it; where the core's methods meet the astronomy (the
//! altitudes a method asks of `hijri-astro`). A table whose inputs are unchanged is taken
//! from the previous archive ([`inputs_key`]).

use std::path::Path;

use chrono::NaiveDate;
use hijri::date::Date;
use hijri::prayer::{column_keys, Method, Series, Target};
use hijri::prayer_table::{
    base, code_lengths, extra_bits, symbols, BitWriter, Code, Symbol, SYMBOLS,
};
use hijri::schema::{PrayerPlace, PrayerTable};
use hijri::span;
use hijri::zone::Zone;
use hijri_astro::prayer::Targets;
use hijri_astro::sun_table::{Crossing, SunTable};
use hijri_astro::time::UNIX_J2000;
use hijri_astro::{Astro, AstroError, Observer};
use rayon::prelude::*;

/// Bump when the bulk computation or the coding changes: the reuse key holds it.
pub const TABLE_VERSION: u32 = 6;

/// The altitudes `method` asks of the Sun at the place called `place` (if any) `elev_m`
/// metres high, for the precise path (`hijri_astro::prayer::prayer_times`). The ashar rule
/// is the method's.
pub fn targets<'a>(
    method: &'a Method,
    place: Option<&str>,
    elev_m: f64,
    ashar: &'a AsharRule,
) -> Targets<'a> {
    Targets {
        subuh_deg: method.subuh_altitude_deg,
        horizon_deg: method.horizon_altitude_deg(place, elev_m),
        dhuha_deg: method.dhuha_altitude_deg,
        isya_deg: method.isya_altitude_deg,
        ashar_deg: ashar,
        imsak_before_s: 60.0 * method.imsak_minutes_before_subuh as f64,
    }
}

/// A method's ashar rule as the astronomy calls it: the altitude for a noon altitude.
pub type AsharRule = dyn Fn(f64) -> Option<f64> + Sync;

/// The ashar rule of `method`.
pub fn ashar_rule(method: Method) -> impl Fn(f64) -> Option<f64> + Sync {
    move |noon| method.ashar_altitude_deg(noon)
}

/// What the bulk path finds for a series at `place`.
fn crossing(target: Target, place: &PrayerPlace) -> Crossing {
    let horizon = |h: hijri::prayer::Horizon| h.altitude_deg(Some(&place.id), place.elev_m);
    match target {
        Target::Morning(h) => Crossing::Rising(h),
        Target::Evening(h) => Crossing::Setting(h),
        Target::Sunrise(h) => Crossing::Rising(horizon(h)),
        Target::Sunset(h) => Crossing::Setting(horizon(h)),
        Target::Transit => Crossing::Transit,
        Target::Ashar(_) => Crossing::Ashar,
    }
}

/// The ashar shadow factor of the series (one at most: [`ashar_factor`] checks it).
fn ashar_factor(list: &[Series]) -> Result<Option<f64>, AstroError> {
    let mut factors = list.iter().filter_map(|s| match s.target {
        Target::Ashar(f) => Some(f),
        _ => None,
    });
    let first = factors.next();
    if factors.any(|f| Some(f) != first) {
        return Err(AstroError::NoEvent(
            "the bulk path takes one ashar rule; the methods have two".into(),
        ));
    }
    Ok(first)
}

/// A fingerprint of everything the table is computed from: the places file's bytes, the
/// columns' keys (not the methods: a method that needs no new column keeps the table), the
/// astronomy's inputs, the span and [`TABLE_VERSION`].
pub fn inputs_key(places_file: &[u8], astro: &Astro) -> u64 {
    let [ephemeris, delta_t] = astro.inputs();
    let columns: Vec<u64> = column_keys().into_iter().map(|(_, key)| key).collect();
    let version = format!(
        "{TABLE_VERSION}|{columns:x?}|{}|{}",
        span::FIRST,
        span::LAST
    );
    hijri::fingerprint::hash64_of_parts(&[places_file, ephemeris, delta_t, version.as_bytes()])
}

/// The civil date of a day number.
pub fn naive(day: Date) -> Result<NaiveDate, AstroError> {
    NaiveDate::try_from(day).map_err(|e| AstroError::NoEvent(e.to_string()))
}

/// One place's blocks: the symbols (one byte each) and the raw instants, per block in
/// (series, year) order, with the symbols' counts per series.
struct PlaceBlocks {
    symbols: Vec<Vec<u8>>,
    raws: Vec<Vec<u32>>,
    /// Each series' base (its run's).
    bases: Vec<i32>,
}

/// The exact instants of every series (stored seconds, Unix) of `place` on the `days` days
/// from `from` (inside `sun`'s days), series by series.
pub fn place_series(
    sun: &SunTable,
    place: &PrayerPlace,
    list: &[Series],
    from: Date,
    days: usize,
) -> Result<Vec<Vec<Option<i64>>>, AstroError> {
    let factor = ashar_factor(list)?.unwrap_or(1.0);
    let ashar = move |noon: f64| hijri::prayer::ashar_altitude_deg(factor, noon);
    let crossings: Vec<Crossing> = list.iter().map(|s| crossing(s.target, place)).collect();
    let mut solver = sun.place(Observer {
        lat_deg: place.lat,
        lon_deg: place.lon,
        elev_m: place.elev_m,
        tz: Zone::civil_named(&place.tz),
    })?;
    let mut out = vec![Vec::with_capacity(days); list.len()];
    let mut found = vec![None; list.len()];
    for k in 0..days {
        let date = naive(from.add_days(k as i32))?;
        solver.day(date, &crossings, &ashar, &mut found)?;
        for ((column, value), s) in out.iter_mut().zip(&found).zip(list) {
            column.push(value.map(|ut| s.rounding.stored_second(ut + UNIX_J2000 as f64) as i64));
        }
    }
    Ok(out)
}

/// The blocks of one place.
fn place_blocks(
    sun: &SunTable,
    place: &PrayerPlace,
    list: &[Series],
) -> Result<PlaceBlocks, String> {
    let days = usize::try_from(span::LAST.0 - span::FIRST.0 + 1).unwrap_or(0);
    let columns = place_series(sun, place, list, span::FIRST, days)
        .map_err(|e| format!("{}: {e}", place.id))?;
    let (first_year, _, _) = span::FIRST.ymd();
    let (last_year, _, _) = span::LAST.ymd();
    let mut blocks = PlaceBlocks {
        symbols: Vec::new(),
        raws: Vec::new(),
        bases: Vec::new(),
    };
    let mut buffer = Vec::new();
    let jan1 = |year: i32| Date::from_ymd(year, 1, 1).ok_or("bad year");
    for column in &columns {
        let firsts = (first_year..=last_year)
            .map(|year| {
                let date = jan1(year)?;
                let at = usize::try_from(date.0 - span::FIRST.0).map_err(|e| e.to_string())?;
                Ok((date, column.get(at).copied().flatten()))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let base = base(firsts);
        blocks.bases.push(base);
        for year in first_year..=last_year {
            let jan1 = jan1(year)?;
            let dec31 = Date::from_ymd(year, 12, 31).ok_or("bad year")?;
            let from = usize::try_from(jan1.0 - span::FIRST.0).map_err(|e| e.to_string())?;
            let to = usize::try_from(dec31.0 - span::FIRST.0).map_err(|e| e.to_string())?;
            let values = column.get(from..=to).ok_or("short column")?;
            buffer.clear();
            symbols(jan1, base, values, &mut buffer).map_err(|e| format!("{}: {e}", place.id))?;
            blocks
                .symbols
                .push(buffer.iter().map(|s| s.symbol).collect());
            blocks.raws.push(
                buffer
                    .iter()
                    .filter(|s| extra_bits(s.symbol) > 0)
                    .map(|s| s.raw)
                    .collect(),
            );
        }
    }
    Ok(blocks)
}

/// What building the table measured.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    /// How often each symbol occurs, per series.
    pub counts: Vec<Vec<u64>>,
}

/// Computes the table of `places` (the span, every series), keyed `inputs`.
pub fn build(
    astro: &Astro,
    places: &[PrayerPlace],
    inputs: u64,
) -> Result<(PrayerTable, Stats), AstroError> {
    let (list, columns): (Vec<Series>, Vec<u64>) = column_keys().into_iter().unzip();
    let len = list.len();
    let first = naive(span::FIRST.add_days(-2))?;
    let last = naive(span::LAST.add_days(2))?;
    let sun = astro.sun_table(first, last)?;
    let declination = (-1..=span::LAST.0 - span::FIRST.0 + 1)
        .map(|k| {
            let ut = (i64::from(span::FIRST.add_days(k).0) * 86_400 - UNIX_J2000) as f64;
            sun.declination_deg(ut)
                .map(|d| (d * 1e6).round() as i32)
                .ok_or_else(|| AstroError::NoEvent("declination outside the Sun table".into()))
        })
        .collect::<Result<Vec<i32>, AstroError>>()?;
    let blocks: Vec<PlaceBlocks> = places
        .par_iter()
        .map(|p| place_blocks(&sun, p, &list))
        .collect::<Result<_, String>>()
        .map_err(AstroError::NoEvent)?;
    let years = usize::try_from(span::LAST.ymd().0 - span::FIRST.ymd().0 + 1).unwrap_or(0);
    let mut counts = vec![vec![0u64; SYMBOLS]; len];
    for place in &blocks {
        for (b, syms) in place.symbols.iter().enumerate() {
            if let Some(c) = counts.get_mut(b / years.max(1)) {
                for s in syms {
                    if let Some(n) = c.get_mut(usize::from(*s)) {
                        *n += 1;
                    }
                }
            }
        }
    }
    let lengths: Vec<Vec<u8>> = counts.iter().map(|c| code_lengths(c)).collect();
    let codes: Vec<Code> = lengths
        .iter()
        .map(|l| Code::new(l))
        .collect::<Option<_>>()
        .ok_or_else(|| AstroError::NoEvent("no prefix code for the prayer table".into()))?;
    let mut writer = BitWriter::default();
    let mut runs = Vec::with_capacity(places.len() * len + 1);
    let mut block_lengths = Vec::with_capacity(places.len() * len * years);
    let offset = |w: &BitWriter| {
        u32::try_from(w.len).map_err(|_| AstroError::NoEvent("prayer table over 4 Gbit".into()))
    };
    for place in &blocks {
        for (b, (syms, raws)) in place.symbols.iter().zip(&place.raws).enumerate() {
            if b % years.max(1) == 0 {
                runs.push(offset(&writer)?);
            }
            let start = writer.len;
            let code = codes
                .get(b / years.max(1))
                .ok_or_else(|| AstroError::NoEvent("a block without its series".into()))?;
            let mut raw = raws.iter();
            let block: Vec<Symbol> = syms
                .iter()
                .map(|&symbol| Symbol {
                    symbol,
                    raw: if extra_bits(symbol) > 0 {
                        raw.next().copied().unwrap_or(0)
                    } else {
                        0
                    },
                })
                .collect();
            writer
                .block(code, &block)
                .ok_or_else(|| AstroError::NoEvent("a symbol without a code".into()))?;
            block_lengths.push(
                u16::try_from(writer.len - start)
                    .map_err(|_| AstroError::NoEvent("a prayer block over 64 kbit".into()))?,
            );
        }
    }
    runs.push(offset(&writer)?);
    let table = PrayerTable {
        columns,
        inputs,
        first_year: span::FIRST.ymd().0,
        years: u16::try_from(years).unwrap_or(0),
        codes: lengths,
        runs,
        bases: blocks
            .iter()
            .flat_map(|p| p.bases.iter().copied())
            .collect(),
        lengths: block_lengths,
        bits: writer.bytes,
        declination,
    };
    Ok((table, Stats { counts }))
}

/// The places file's bytes and its places, from `data_dir`.
pub fn read_places(
    data_dir: &Path,
) -> Result<(Vec<u8>, Vec<PrayerPlace>), crate::inputs::InputError> {
    let path = data_dir.join(crate::kabkota::FILE);
    let bytes = std::fs::read(&path).map_err(|e| crate::inputs::InputError {
        path: path.clone(),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    let places = crate::kabkota::load(&path)?;
    Ok((bytes, places))
}
