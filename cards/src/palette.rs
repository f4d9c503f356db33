//! A 256-colour palette for a card whose picture is flat fills, lines and text (the maps):
//! the colours that cover most pixels, then the ones farthest from those (so that a rare
//! but distinct colour, a label's yellow, keeps its own entry), every other colour drawn as
//! its nearest entry. A card with at most 256 colours keeps them all, exactly. No dithering:
//! flat fills stay flat, only anti-aliased edges move to a neighbouring shade.
//!
//! Deterministic: ties are broken by the colour's value, never by hash order.

use std::collections::HashMap;

/// Entries of a PNG palette.
const ENTRIES: usize = 256;
/// Entries taken by how many pixels they cover, before the farthest colours fill the rest.
const BY_COVER: usize = 192;

/// A colour as `0xRRGGBB`.
type Rgb = u32;

fn channels(c: Rgb) -> [i32; 3] {
    [
        (c >> 16) as i32 & 0xff,
        (c >> 8) as i32 & 0xff,
        c as i32 & 0xff,
    ]
}

fn distance(a: Rgb, b: Rgb) -> i32 {
    let (a, b) = (channels(a), channels(b));
    a.iter().zip(&b).map(|(x, y)| (x - y) * (x - y)).sum()
}

/// A paletted picture: its palette (`RGB` triples) and one palette index per pixel.
pub struct Paletted {
    /// The palette, 3 bytes per entry.
    pub palette: Vec<u8>,
    /// One index per pixel, row by row.
    pub indices: Vec<u8>,
}

/// The picture of `pixels` (`0xRRGGBB` each) with at most 256 colours.
pub fn paletted(pixels: &[Rgb]) -> Paletted {
    // Runs of one colour (flat fills) are counted once each.
    let mut counts: HashMap<Rgb, u32> = HashMap::new();
    for run in pixels.chunk_by(|a, b| a == b) {
        if let Some(&p) = run.first() {
            *counts.entry(p).or_default() += run.len() as u32;
        }
    }
    let mut colours: Vec<(Rgb, u32)> = counts.into_iter().collect();
    colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut palette: Vec<Rgb> = colours.iter().take(BY_COVER).map(|c| c.0).collect();
    let rest = colours.get(palette.len()..).unwrap_or_default();
    // The nearest entry's distance of every colour left, then the farthest ones (weighted
    // by the square root of their cover) join one by one.
    let mut nearest: Vec<i32> = rest
        .iter()
        .map(|&(c, _)| {
            palette
                .iter()
                .map(|&p| distance(c, p))
                .min()
                .unwrap_or(i32::MAX)
        })
        .collect();
    while palette.len() < ENTRIES {
        let pick = rest
            .iter()
            .zip(&nearest)
            .enumerate()
            .filter(|(_, (_, d))| **d > 0)
            .map(|(k, ((_, n), d))| (f64::from(*d) * f64::from(*n).sqrt(), k))
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((_, k)) = pick else {
            break;
        };
        let Some(&(chosen, _)) = rest.get(k) else {
            break;
        };
        palette.push(chosen);
        for (d, &(c, _)) in nearest.iter_mut().zip(rest) {
            *d = (*d).min(distance(c, chosen));
        }
    }
    let index_of: HashMap<Rgb, u8> = colours
        .iter()
        .map(|&(c, _)| {
            let (k, _) = palette
                .iter()
                .enumerate()
                .map(|(k, &p)| (k, distance(c, p)))
                .min_by_key(|&(k, d)| (d, k))
                .unwrap_or((0, 0));
            (c, k as u8)
        })
        .collect();
    let mut indices = Vec::with_capacity(pixels.len());
    for run in pixels.chunk_by(|a, b| a == b) {
        let index = run
            .first()
            .and_then(|p| index_of.get(p))
            .copied()
            .unwrap_or(0);
        indices.extend(std::iter::repeat_n(index, run.len()));
    }
    Paletted {
        palette: palette
            .iter()
            .flat_map(|&c| channels(c).map(|v| v as u8))
            .collect(),
        indices,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_are_kept_exactly() {
        let pixels = [0x0b1022, 0xf1f5f9, 0x0b1022, 0x22c55e];
        let p = paletted(&pixels);
        assert_eq!(p.palette.len(), 9);
        let colour = |i: u8| {
            let k = 3 * usize::from(i);
            u32::from(p.palette[k]) << 16
                | u32::from(p.palette[k + 1]) << 8
                | u32::from(p.palette[k + 2])
        };
        assert!(p.indices.iter().zip(pixels).all(|(&i, c)| colour(i) == c));
    }

    #[test]
    fn a_rare_distinct_colour_keeps_an_entry() {
        // 300 blue-greens, each on 10 or 11 pixels, and one yellow pixel.
        let mut pixels: Vec<u32> = (0..300u32)
            .flat_map(|k| std::iter::repeat_n(k * 0x000101, 10 + (k % 2) as usize))
            .collect();
        pixels.push(0xfacc15);
        let p = paletted(&pixels);
        assert_eq!(p.palette.len(), 3 * 256);
        let yellow = *p.indices.last().unwrap() as usize;
        assert_eq!(&p.palette[3 * yellow..3 * yellow + 3], &[0xfa, 0xcc, 0x15]);
    }
}
