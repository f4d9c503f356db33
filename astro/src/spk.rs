//! Reader for NAIF SPK files (DAF container, little-endian IEEE) holding type-2 (Chebyshev
//! position) segments, as in the JPL DE440 excerpt. Positions in km, velocities in km/s, time
//! in TDB seconds past J2000.

use super::error::AstroError;
use std::path::Path;

/// Bytes in one DAF record.
const RECORD: usize = 1024;

/// A position and velocity (km, km/s) relative to a segment's centre, in the ICRF.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State {
    /// Position in km.
    pub pos: [f64; 3],
    /// Velocity in km/s.
    pub vel: [f64; 3],
}

/// One type-2 segment: Chebyshev records of equal length covering a span of time.
#[derive(Debug, Clone)]
pub struct Segment {
    /// NAIF id of the body whose position is given.
    pub target: i32,
    /// NAIF id of the body the position is relative to.
    pub center: i32,
    /// First covered instant, TDB seconds past J2000.
    pub start: f64,
    /// Last covered instant, TDB seconds past J2000.
    pub end: f64,
    init: f64,
    intlen: f64,
    rsize: usize,
    ncoef: usize,
    nrec: usize,
    data: Vec<f64>,
}

impl Segment {
    /// The state at `et` (TDB seconds past J2000), or an error outside the segment's span.
    #[allow(
        clippy::indexing_slicing,
        reason = "parse made data nrec records of rsize = 2 + 3 ncoef words, and idx < nrec"
    )]
    pub fn state(&self, et: f64) -> Result<State, AstroError> {
        if !(et >= self.start && et <= self.end) {
            return Err(AstroError::OutOfRange {
                what: "ephemeris",
                jd: 2_451_545.0 + et / 86_400.0,
            });
        }
        let idx = (((et - self.init) / self.intlen).floor().max(0.0) as usize).min(self.nrec - 1);
        let rec = &self.data[idx * self.rsize..(idx + 1) * self.rsize];
        let (mid, radius) = (rec[0], rec[1]);
        let x = (et - mid) / radius;
        let mut out = State {
            pos: [0.0; 3],
            vel: [0.0; 3],
        };
        for axis in 0..3 {
            let coef = &rec[2 + axis * self.ncoef..2 + (axis + 1) * self.ncoef];
            let (p, dp) = chebyshev(coef, x);
            out.pos[axis] = p;
            out.vel[axis] = dp / radius;
        }
        Ok(out)
    }
}

/// Sum of a Chebyshev series and its derivative with respect to `x`.
fn chebyshev(coef: &[f64], x: f64) -> (f64, f64) {
    // T0 = 1, T1 = x, Tn = 2x T(n-1) - T(n-2); T'n = 2 T(n-1) + 2x T'(n-1) - T'(n-2).
    let (mut t_prev, mut t) = (1.0, x);
    let (mut d_prev, mut d) = (0.0, 1.0);
    let mut sum = coef.first().copied().unwrap_or(0.0);
    let mut dsum = 0.0;
    if let Some(&c1) = coef.get(1) {
        sum += c1 * t;
        dsum += c1 * d;
    }
    for &c in coef.iter().skip(2) {
        let t_next = 2.0 * x * t - t_prev;
        let d_next = 2.0 * t + 2.0 * x * d - d_prev;
        t_prev = t;
        t = t_next;
        d_prev = d;
        d = d_next;
        sum += c * t;
        dsum += c * d;
    }
    (sum, dsum)
}

/// The segments of one SPK file.
#[derive(Debug, Clone)]
pub struct Spk {
    segments: Vec<Segment>,
}

/// Reads a little-endian i32 at `off`, or `None` past the end.
fn i32_at(b: &[u8], off: usize) -> Option<i32> {
    b.get(off..off + 4)?.try_into().ok().map(i32::from_le_bytes)
}

/// Reads a little-endian f64 at `off`, or `None` past the end.
fn f64_at(b: &[u8], off: usize) -> Option<f64> {
    let s = b.get(off..off + 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(s);
    Some(f64::from_le_bytes(a))
}

impl Spk {
    /// Parses the bytes of an SPK file; `path` only names the file in errors.
    pub fn parse(bytes: &[u8], path: &Path) -> Result<Spk, AstroError> {
        let bad = |message: String| AstroError::Format {
            path: path.to_path_buf(),
            message,
        };
        if bytes.len() < RECORD || bytes.get(..8) != Some(b"DAF/SPK ".as_slice()) {
            return Err(bad("not a DAF/SPK file".into()));
        }
        if bytes.get(88..96) != Some(b"LTL-IEEE".as_slice()) {
            return Err(bad("not a little-endian IEEE DAF file".into()));
        }
        let nd = i32_at(bytes, 8).unwrap_or(0);
        let ni = i32_at(bytes, 12).unwrap_or(0);
        if nd != 2 || ni != 6 {
            return Err(bad(format!("unexpected summary format ND={nd} NI={ni}")));
        }
        let summary_doubles = 5usize;
        let mut segments = Vec::new();
        let mut record = i32_at(bytes, 76).unwrap_or(0);
        let mut visited = 0usize;
        while record > 0 {
            visited += 1;
            if visited > bytes.len() / RECORD {
                return Err(bad("summary records form a loop".into()));
            }
            let base = (record as usize - 1) * RECORD;
            let next = f64_at(bytes, base).ok_or_else(|| bad("truncated summary record".into()))?;
            let nsum = f64_at(bytes, base + 16).unwrap_or(0.0) as usize;
            if nsum > (RECORD - 24) / (summary_doubles * 8) {
                return Err(bad(format!(
                    "summary record {record} claims {nsum} summaries"
                )));
            }
            for k in 0..nsum {
                let off = base + 24 + k * summary_doubles * 8;
                let field = |i: usize| i32_at(bytes, off + 16 + 4 * i).unwrap_or(0);
                let start = f64_at(bytes, off).unwrap_or(f64::NAN);
                let end = f64_at(bytes, off + 8).unwrap_or(f64::NAN);
                let (target, center, kind) = (field(0), field(1), field(3));
                let (first, last) = (field(4), field(5));
                if kind != 2 {
                    continue;
                }
                segments.push(
                    Self::segment(bytes, target, center, start, end, first, last)
                        .map_err(|m| bad(format!("segment {target} wrt {center}: {m}")))?,
                );
            }
            record = next as i32;
        }
        Ok(Spk { segments })
    }

    /// Decodes one type-2 segment spanning double-word addresses `first..=last` (one-based).
    fn segment(
        bytes: &[u8],
        target: i32,
        center: i32,
        start: f64,
        end: f64,
        first: i32,
        last: i32,
    ) -> Result<Segment, String> {
        if first < 1 || last < first + 3 {
            return Err(format!("bad addresses {first}..{last}"));
        }
        let (first, last) = (first as usize, last as usize);
        let Some(run) = bytes.get((first - 1) * 8..last * 8) else {
            return Err("data run past the end of the file".into());
        };
        let data: Vec<f64> = run
            .chunks_exact(8)
            .map(|c| {
                let mut a = [0u8; 8];
                a.copy_from_slice(c);
                f64::from_le_bytes(a)
            })
            .collect();
        let n = data.len();
        let &[.., init, intlen, rsize, nrec] = data.as_slice() else {
            return Err(format!("a data run of {n} words has no directory"));
        };
        let ok = intlen.is_finite() && intlen > 0.0 && rsize >= 5.0 && nrec >= 1.0;
        let (rsize, nrec) = (rsize as usize, nrec as usize);
        let words = rsize.checked_mul(nrec).and_then(|w| w.checked_add(4));
        if !ok || (rsize - 2) % 3 != 0 || words != Some(n) {
            return Err(format!(
                "inconsistent directory (rsize {rsize}, {nrec} records, {n} words)"
            ));
        }
        if !(start.is_finite() && end.is_finite() && start <= end) {
            return Err("bad time span".into());
        }
        let mut data = data;
        data.truncate(rsize * nrec);
        Ok(Segment {
            target,
            center,
            start,
            end,
            init,
            intlen,
            rsize,
            ncoef: (rsize - 2) / 3,
            nrec,
            data,
        })
    }

    /// All type-2 segments in file order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The state of `target` relative to `center` at `et`, from the first segment covering it.
    pub fn state(&self, target: i32, center: i32, et: f64) -> Result<State, AstroError> {
        self.segments
            .iter()
            .find(|s| s.target == target && s.center == center && et >= s.start && et <= s.end)
            .map_or(
                Err(AstroError::OutOfRange {
                    what: "ephemeris",
                    jd: 2_451_545.0 + et / 86_400.0,
                }),
                |s| s.state(et),
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a minimal one-segment SPK file: one record of degree 2 per axis.
    fn tiny_spk() -> Vec<u8> {
        let mut b = vec![0u8; 3 * RECORD];
        b[..8].copy_from_slice(b"DAF/SPK ");
        b[8..12].copy_from_slice(&2i32.to_le_bytes());
        b[12..16].copy_from_slice(&6i32.to_le_bytes());
        b[76..80].copy_from_slice(&2i32.to_le_bytes());
        b[88..96].copy_from_slice(b"LTL-IEEE");
        let put =
            |b: &mut Vec<u8>, off: usize, v: f64| b[off..off + 8].copy_from_slice(&v.to_le_bytes());
        let base = RECORD;
        put(&mut b, base + 16, 1.0);
        put(&mut b, base + 24, -100.0);
        put(&mut b, base + 32, 100.0);
        // Segment data starts at record 3: address 2*128+1 = 257; 11 words + 4 trailer words.
        let ints: [i32; 6] = [301, 3, 1, 2, 257, 257 + 15 - 1];
        for (i, v) in ints.iter().enumerate() {
            let off = base + 40 + 4 * i;
            b[off..off + 4].copy_from_slice(&v.to_le_bytes());
        }
        let words = [
            0.0, 100.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, -100.0, 200.0, 11.0, 1.0,
        ];
        for (i, w) in words.iter().enumerate() {
            put(&mut b, 2 * RECORD + 8 * i, *w);
        }
        b
    }

    #[test]
    fn reads_a_hand_made_record() {
        let spk = Spk::parse(&tiny_spk(), Path::new("tiny.bsp")).unwrap();
        let s = spk.state(301, 3, 50.0).unwrap();
        // x = 0.5: T0=1, T1=0.5, T2=2*0.25-1=-0.5; T'1=1, T'2=4x=2.
        assert!((s.pos[0] - (1.0 + 2.0 * 0.5 + 3.0 * -0.5)).abs() < 1e-12);
        assert!((s.pos[2] - (7.0 + 8.0 * 0.5 + 9.0 * -0.5)).abs() < 1e-12);
        assert!((s.vel[1] - (5.0 + 6.0 * 2.0) / 100.0).abs() < 1e-12);
        assert!(spk.state(301, 3, 150.0).is_err());
        assert!(spk.state(10, 0, 0.0).is_err());
    }

    #[test]
    fn rejects_garbage() {
        let err = Spk::parse(&[0u8; 2000], Path::new("junk.bsp")).unwrap_err();
        assert!(err.to_string().contains("junk.bsp"));
        let mut b = tiny_spk();
        b[RECORD + 40 + 20..RECORD + 40 + 24].copy_from_slice(&9999i32.to_le_bytes());
        assert!(Spk::parse(&b, Path::new("cut.bsp")).is_err());
    }
}
