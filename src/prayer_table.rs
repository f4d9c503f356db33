//! The archive's prayer table: the exact instant (Unix seconds, to the second) of each
//! series of [`crate::prayer::series`] for every place and day of the span, its coding
//! (written by the generator, read here) and the look-ups the server makes.
//!
//! The coding: one block per place, series and Gregorian year (local civil dates), its days
//! in order. Each day is one symbol of the series' canonical prefix code:
//! - `NONE`: the time does not occur that day;
//! - `NEAR` followed by [`NEAR_BITS`] bits: the first day of a block, as seconds after the
//!   run's base (the earliest time of day of the run's first days, `PrayerTable::bases`):
//!   a time on 1 January moves by a minute or two over the span;
//! - `RAW` followed by [`RAW_BITS`] bits: the instant, as seconds after the date's 00:00 UTC
//!   less 12 hours (a first day too far from the base, any day after one without the time,
//!   and a change too large for a difference);
//! - a difference `d` in `−LIMIT..=LIMIT`: the instant is the day before's plus a day plus
//!   the day before's change (0 where the day before was the first of a run) plus `d`.
//!
//! Blocks are found by the bit offset where each place's and series' run of years starts
//! and each block's length (16 bits), summed up to the year asked.
//!
//! Times move by under a minute a day and that change changes by a few seconds, so nearly
//! every day is a short code (see BENCHMARKS.md for the measured sizes). A look-up decodes
//! at most one year of each series it needs. The stored second of a time rounded up is the
//! instant rounded up, of the others rounded down ([`Rounding::stored_second`]), so the
//! published minute derived from it is the exact instant's.
//!
//! The noon altitude of `detail` (and the ashar altitude that follows from it) is not
//! astronomy at run time: the table keeps the Sun's declination at 0h UT of every day, read
//! linearly at the transit instant, and [`noon_altitude_deg`] and the method's ashar rule
//! give the altitudes (within 0.005° of the generator's topocentric values).

use crate::date::Date;
use crate::prayer::{noon_altitude_deg, series, series_index, Method, Prayer, Target};
use crate::schema::{ArchivedDataset, ArchivedPrayerTable};
use crate::span;

/// Second differences coded as themselves; larger ones are coded raw.
pub const LIMIT: i64 = 40;
/// The symbol of a time that does not occur.
const NONE: usize = 0;
/// The symbol of a raw instant.
const RAW: usize = 1;
/// The symbol of a block's first day near the run's base.
const NEAR: usize = 2;
/// The first symbol of the differences (`−LIMIT`).
const DIFFERENCES: usize = 3;
/// The number of symbols: `NONE`, `RAW`, `NEAR` and the differences.
pub const SYMBOLS: usize = DIFFERENCES + 2 * LIMIT as usize + 1;
/// Bits of a raw instant.
pub const RAW_BITS: u32 = 18;
/// Bits of a first day's seconds after the run's base.
pub const NEAR_BITS: u32 = 9;
/// A raw instant is stored as seconds after the date's 00:00 UTC plus this.
const RAW_BIAS: i64 = 12 * 3_600;
/// The longest code, bits.
pub const MAX_CODE_BITS: u8 = 30;
/// Seconds per day.
const DAY_S: i64 = 86_400;

/// One day of a block, before it is given its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol {
    /// The symbol (`NONE`, `RAW`, `NEAR` or a difference).
    pub symbol: u8,
    /// The bits that follow it, for `RAW` and `NEAR`.
    pub raw: u32,
}

/// How many bits follow `symbol` in the coding (the instant of `RAW`, the offset of `NEAR`).
pub fn extra_bits(symbol: u8) -> u32 {
    match usize::from(symbol) {
        RAW => RAW_BITS,
        NEAR => NEAR_BITS,
        _ => 0,
    }
}

/// The run's base for blocks whose first days' instants are `firsts` (Unix seconds) on the
/// dates `dates`: the earliest time of day among them (seconds after the date's 00:00 UTC),
/// 0 if none.
pub fn base(firsts: impl IntoIterator<Item = (Date, Option<i64>)>) -> i32 {
    firsts
        .into_iter()
        .filter_map(|(date, value)| Some(value? - i64::from(date.0) * DAY_S))
        .min()
        .and_then(|b| i32::try_from(b).ok())
        .unwrap_or(0)
}

/// The symbols of one block whose first day is `first` and whose days' instants are
/// `values` (Unix seconds), in a run whose base is `base` ([`base`]); an error names a day
/// whose instant is too far from its date to be coded.
pub fn symbols(
    first: Date,
    base: i32,
    values: &[Option<i64>],
    out: &mut Vec<Symbol>,
) -> Result<(), String> {
    let mut prev: Option<i64> = None;
    let mut change: Option<i64> = None;
    for (k, value) in values.iter().enumerate() {
        let day = first.add_days(k as i32);
        let Some(v) = *value else {
            out.push(Symbol {
                symbol: NONE as u8,
                raw: 0,
            });
            (prev, change) = (None, None);
            continue;
        };
        let step = prev.map(|p| v - p - DAY_S);
        let before = change.unwrap_or(0);
        let near = v - i64::from(day.0) * DAY_S - i64::from(base);
        match step {
            Some(step) if (step - before).abs() <= LIMIT => {
                out.push(Symbol {
                    symbol: (DIFFERENCES as i64 + step - before + LIMIT) as u8,
                    raw: 0,
                });
            }
            None if k == 0 && (0..1 << NEAR_BITS).contains(&near) => {
                out.push(Symbol {
                    symbol: NEAR as u8,
                    raw: near as u32,
                });
            }
            _ => {
                let raw = v - i64::from(day.0) * DAY_S + RAW_BIAS;
                let raw = u32::try_from(raw)
                    .ok()
                    .filter(|r| *r < 1 << RAW_BITS)
                    .ok_or_else(|| format!("{day}: the instant {v} is too far from the date"))?;
                out.push(Symbol {
                    symbol: RAW as u8,
                    raw,
                });
            }
        }
        change = step;
        prev = Some(v);
    }
    Ok(())
}

/// The code lengths of a Huffman code for symbols counted `counts` (0 for a symbol never
/// used), none longer than [`MAX_CODE_BITS`].
pub fn code_lengths(counts: &[u64]) -> Vec<u8> {
    let mut counts = counts.to_vec();
    loop {
        let lengths = huffman(&counts);
        if lengths.iter().all(|l| *l <= MAX_CODE_BITS) {
            return lengths;
        }
        for c in &mut counts {
            *c = (*c >> 1) | u64::from(*c > 0);
        }
    }
}

/// Unlimited Huffman code lengths (ties broken by symbol, so the lengths are deterministic).
fn huffman(counts: &[u64]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = vec![0u8; counts.len()];
    // Nodes: leaves then internal ones; parent links give each leaf's depth.
    let mut parent: Vec<usize> = Vec::new();
    let mut heap = BinaryHeap::new();
    for (symbol, &count) in counts.iter().enumerate() {
        if count > 0 {
            heap.push(Reverse((count, parent.len(), symbol)));
            parent.push(usize::MAX);
        }
    }
    let leaves: Vec<usize> = counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(s, _)| s)
        .collect();
    if leaves.len() == 1 {
        for s in leaves {
            if let Some(l) = lengths.get_mut(s) {
                *l = 1;
            }
        }
        return lengths;
    }
    while let (Some(Reverse((ca, a, _))), Some(Reverse((cb, b, _)))) = (heap.pop(), heap.pop()) {
        let node = parent.len();
        parent.push(usize::MAX);
        for child in [a, b] {
            if let Some(p) = parent.get_mut(child) {
                *p = node;
            }
        }
        if heap.is_empty() {
            break;
        }
        heap.push(Reverse((ca + cb, node, usize::MAX)));
    }
    for (leaf, symbol) in leaves.into_iter().enumerate() {
        let mut depth = 0u8;
        let mut at = leaf;
        while let Some(&p) = parent.get(at) {
            if p == usize::MAX {
                break;
            }
            depth = depth.saturating_add(1);
            at = p;
        }
        if let Some(l) = lengths.get_mut(symbol) {
            *l = depth;
        }
    }
    lengths
}

/// A canonical prefix code, for writing and reading.
#[derive(Debug, Clone)]
pub struct Code {
    /// How many codes of each length 0..=MAX_CODE_BITS.
    counts: [u32; MAX_CODE_BITS as usize + 1],
    /// The symbols in code order (by length, then symbol).
    sorted: [u8; SYMBOLS],
    /// Each symbol's code and length (0: unused).
    codes: [(u32, u8); SYMBOLS],
}

impl Code {
    /// The code of `lengths` (one per symbol, 0 for unused); `None` if there are not
    /// [`SYMBOLS`] of them, one is longer than [`MAX_CODE_BITS`], or they are too many for
    /// a prefix code (Kraft's sum above 1).
    pub fn new(lengths: &[u8]) -> Option<Code> {
        if lengths.len() != SYMBOLS || lengths.iter().any(|l| *l > MAX_CODE_BITS) {
            return None;
        }
        let kraft: u64 = lengths
            .iter()
            .filter(|l| **l > 0)
            .map(|l| 1u64 << (MAX_CODE_BITS - l))
            .sum();
        if kraft > 1 << MAX_CODE_BITS {
            return None;
        }
        let mut counts = [0u32; MAX_CODE_BITS as usize + 1];
        for len in lengths.iter().filter(|l| **l > 0) {
            *counts.get_mut(usize::from(*len))? += 1;
        }
        // Where each length's codes start, in code order and in value.
        let mut next_index = [0usize; MAX_CODE_BITS as usize + 1];
        let mut next_code = [0u32; MAX_CODE_BITS as usize + 1];
        let (mut index, mut code) = (0usize, 0u32);
        for len in 1..=usize::from(MAX_CODE_BITS) {
            *next_index.get_mut(len)? = index;
            *next_code.get_mut(len)? = code;
            let count = *counts.get(len)?;
            index += count as usize;
            code = (code + count) << 1;
        }
        let mut sorted = [0u8; SYMBOLS];
        let mut codes = [(0u32, 0u8); SYMBOLS];
        for (symbol, &len) in lengths.iter().enumerate().filter(|(_, l)| **l > 0) {
            let at = next_index.get_mut(usize::from(len))?;
            *sorted.get_mut(*at)? = symbol as u8;
            *at += 1;
            let value = next_code.get_mut(usize::from(len))?;
            *codes.get_mut(symbol)? = (*value, len);
            *value += 1;
        }
        Some(Code {
            counts,
            sorted,
            codes,
        })
    }

    /// Reads one symbol; `None` at the end of the bits or on a code no symbol has.
    #[inline]
    fn read(&self, bits: &mut Bits<'_>) -> Option<usize> {
        let (mut code, mut first, mut index) = (0u32, 0u32, 0u32);
        for count in self.counts.iter().skip(1) {
            code |= bits.bit()?;
            if code.wrapping_sub(first) < *count {
                let at = (index + code - first) as usize;
                return self.sorted.get(at).map(|s| usize::from(*s));
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        None
    }
}

/// Bits written most significant first.
#[derive(Debug, Default, Clone)]
pub struct BitWriter {
    /// The bytes so far (the last one partly filled).
    pub bytes: Vec<u8>,
    /// The number of bits written.
    pub len: u64,
}

impl BitWriter {
    /// Appends the low `n` bits of `value`, most significant first.
    pub fn put(&mut self, value: u32, n: u8) {
        let mut left = u32::from(n.min(32));
        while left > 0 {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let free = 8 - (self.len % 8) as u32;
            let take = free.min(left);
            let chunk = (u64::from(value) >> (left - take)) & ((1 << take) - 1);
            if let Some(last) = self.bytes.last_mut() {
                *last |= (chunk << (free - take)) as u8;
            }
            self.len += u64::from(take);
            left -= take;
        }
    }

    /// Appends a block's symbols in `code`; `None` if a symbol has no code.
    pub fn block(&mut self, code: &Code, symbols: &[Symbol]) -> Option<()> {
        for s in symbols {
            let (bits, len) = *code.codes.get(usize::from(s.symbol))?;
            if len == 0 {
                return None;
            }
            self.put(bits, len);
            let extra = extra_bits(s.symbol);
            if extra > 0 {
                self.put(s.raw, extra as u8);
            }
        }
        Some(())
    }
}

/// A reader of bits from a position.
struct Bits<'a> {
    bytes: &'a [u8],
    at: u64,
    end: u64,
}

impl Bits<'_> {
    /// The next bit; `None` past the end.
    #[inline]
    fn bit(&mut self) -> Option<u32> {
        if self.at >= self.end {
            return None;
        }
        let byte = *self.bytes.get(usize::try_from(self.at / 8).ok()?)?;
        let bit = (byte >> (7 - (self.at % 8) as u8)) & 1;
        self.at += 1;
        Some(u32::from(bit))
    }

    /// The next `n` bits as a number.
    fn take(&mut self, n: u32) -> Option<u32> {
        (0..n).try_fold(0u32, |acc, _| Some((acc << 1) | self.bit()?))
    }
}

/// Decodes the first `days` days of a block whose first day is `first`, in a run whose base
/// is `base`, into `out`; `None` if the bits do not hold them.
fn decode(
    bits: &mut Bits<'_>,
    (code, base): (&Code, i32),
    first: Date,
    out: &mut [Option<i64>],
) -> Option<()> {
    let mut prev: Option<i64> = None;
    let mut change: Option<i64> = None;
    for (k, slot) in out.iter_mut().enumerate() {
        let symbol = code.read(bits)?;
        let value = match symbol {
            NONE => None,
            RAW => {
                let raw = i64::from(bits.take(RAW_BITS)?);
                let day = first.add_days(k as i32);
                Some(raw - RAW_BIAS + i64::from(day.0) * DAY_S)
            }
            NEAR => {
                let near = i64::from(bits.take(NEAR_BITS)?);
                let day = first.add_days(k as i32);
                Some(near + i64::from(base) + i64::from(day.0) * DAY_S)
            }
            d => {
                let d = i64::try_from(d).ok()? - DIFFERENCES as i64 - LIMIT;
                let step = change.unwrap_or(0) + d;
                Some(prev? + DAY_S + step)
            }
        };
        change = match (value, prev) {
            (Some(v), Some(p)) => Some(v - p - DAY_S),
            _ => None,
        };
        prev = value;
        *slot = value;
    }
    Some(())
}

/// The index of the place called `id` in the archive's places.
pub fn place_index(dataset: &ArchivedDataset, id: &str) -> Option<usize> {
    dataset.places.iter().position(|p| p.id.as_str() == id)
}

/// The instants of series `series` of place `place` on the days `from` … `to` (one year
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
        let run = place * usize::from(table.series) + series;
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
/// outside the span, `to` before `from`, or a method the table was not computed for.
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
        let series = series_index(method, prayer)?;
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
    let series = series_index(method, prayer)?;
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

/// The shape of the table against the places and the code's methods: empty with no
/// places; otherwise computed with [`crate::prayer::methods_fingerprint`], one block per
/// place, series and year of the span, block offsets in order within the bits, a valid
/// code per series and a declination per day. A message names what is wrong.
pub fn check(dataset: &ArchivedDataset) -> Result<(), &'static str> {
    let table = &dataset.prayer;
    let places = dataset.places.len();
    if places == 0 {
        return if table.runs.is_empty()
            && table.bases.is_empty()
            && table.lengths.is_empty()
            && table.bits.is_empty()
        {
            Ok(())
        } else {
            Err("a prayer table without places")
        };
    }
    if table.methods.to_native() != crate::prayer::methods_fingerprint() {
        return Err("a prayer table computed with other method numbers");
    }
    let (_, series_len) = series();
    if usize::from(table.series) != series_len || table.codes.len() != series_len {
        return Err("a prayer table with other series than the methods give");
    }
    let (first_year, _, _) = span::FIRST.ymd();
    let (last_year, _, _) = span::LAST.ymd();
    let years = usize::from(table.years.to_native());
    if table.first_year.to_native() != first_year
        || i32::try_from(years).ok() != Some(last_year - first_year + 1)
    {
        return Err("a prayer table whose years are not the span's");
    }
    if table.runs.len() != places * series_len + 1
        || table.bases.len() != places * series_len
        || table.lengths.len() != places * series_len * years
    {
        return Err("a prayer table without one block per place, series and year");
    }
    let total = table.bits.len() as u64 * 8;
    let ends = table.runs.iter().skip(1).map(|r| u64::from(r.to_native()));
    let runs = table.lengths.chunks(years.max(1)).zip(ends);
    let mut at = table.runs.first().map_or(0, |r| u64::from(r.to_native()));
    for (lengths, end) in runs {
        at += lengths
            .iter()
            .map(|l| u64::from(l.to_native()))
            .sum::<u64>();
        if at != end || end > total {
            return Err("prayer block lengths that do not fill their runs, or past the bits");
        }
    }
    if table
        .codes
        .iter()
        .any(|c| Code::new(c.as_slice()).is_none())
    {
        return Err("a prayer series without a valid prefix code");
    }
    if dataset.prayer.declination.len()
        != usize::try_from(span::LAST.0 - span::FIRST.0 + 3).unwrap_or(0)
    {
        return Err("a declination table not of every day of the span and the two around it");
    }
    if dataset
        .places
        .iter()
        .any(|p| p.id.is_empty() || p.tz.as_str().parse::<chrono_tz::Tz>().is_err())
    {
        return Err("a place without an identifier or with an unknown time zone");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_through_the_code() {
        let first = Date::fixed(2026, 1, 1);
        let five = i64::from(first.0) * DAY_S + 5 * 3_600;
        let values: Vec<Option<i64>> = (0..365)
            .map(|k| {
                if (100..103).contains(&k) {
                    None
                } else {
                    Some(five + k * DAY_S + (k * k) / 50 + (k % 3))
                }
            })
            .collect();
        assert_eq!(base([(first, values[0]), (first, None)]), 5 * 3_600);
        // The first day near the run's base, then too far from it.
        for (base, first_symbol) in [(5 * 3_600 - 100, NEAR), (4 * 3_600, RAW)] {
            let mut syms = Vec::new();
            symbols(first, base, &values, &mut syms).unwrap();
            assert_eq!(usize::from(syms[0].symbol), first_symbol);
            // The second day is a difference from the first, not a raw instant.
            assert!(usize::from(syms[1].symbol) >= DIFFERENCES);
            let mut counts = vec![0u64; SYMBOLS];
            for s in &syms {
                counts[usize::from(s.symbol)] += 1;
            }
            let code = Code::new(&code_lengths(&counts)).unwrap();
            let mut w = BitWriter::default();
            w.put(0b101, 3);
            let start = w.len;
            w.block(&code, &syms).unwrap();
            let mut bits = Bits {
                bytes: &w.bytes,
                at: start,
                end: w.len,
            };
            let mut out = vec![None; 365];
            decode(&mut bits, (&code, base), first, &mut out).unwrap();
            assert_eq!(out, values);
            // Cut bits never panic, they fail.
            let mut short = Bits {
                bytes: &w.bytes,
                at: start,
                end: start + 40,
            };
            assert!(decode(&mut short, (&code, base), first, &mut out).is_none());
        }
    }

    #[test]
    fn over_full_codes_are_refused() {
        let mut lengths = vec![0u8; SYMBOLS];
        lengths[0] = 1;
        lengths[1] = 1;
        assert!(Code::new(&lengths).is_some());
        lengths[2] = 1;
        assert!(Code::new(&lengths).is_none());
    }
}
