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
//! instant rounded up, of the others rounded down ([`crate::prayer::Rounding::stored_second`]), so the
//! published minute derived from it is the exact instant's.

use crate::date::Date;

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
pub(super) const DAY_S: i64 = 86_400;

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
pub(super) struct Bits<'a> {
    /// The table's bits.
    pub(super) bytes: &'a [u8],
    /// The next bit's offset.
    pub(super) at: u64,
    /// The offset past the last bit to read.
    pub(super) end: u64,
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
pub(super) fn decode(
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
