//! Barycentric states of the Sun, Earth and Moon from the DE440 excerpt, with the file's
//! MD5 checked at load.
//!
//! Segment 301 is the Moon relative to the Earth–Moon barycentre, so Moon = EMB + s301 and
//! Earth = EMB − s301 / EMRAT. (Dividing by 1 + EMRAT instead, as if s301 were the geocentric
//! Moon, puts the Moon 4,700 km too near: its altitude then comes out 0.011° below the
//! reference values.)

use super::error::AstroError;
use super::spk::{Segment, Spk, State};
use md5::{Digest, Md5};
use std::path::Path;

/// Earth/Moon mass ratio of DE440.
pub const EMRAT: f64 = 81.300_568_221_497_2;

/// The three segments needed: SSB→EMB, SSB→Sun, EMB→Moon.
#[derive(Debug, Clone)]
pub struct Ephemeris {
    emb: Vec<Segment>,
    sun: Vec<Segment>,
    moon: Vec<Segment>,
    start: f64,
    end: f64,
}

/// The segment of `list` covering `et`.
#[inline]
fn eval(list: &[Segment], et: f64) -> Result<State, AstroError> {
    for s in list {
        if et >= s.start && et <= s.end {
            return s.state(et);
        }
    }
    Err(AstroError::OutOfRange {
        what: "ephemeris",
        jd: 2_451_545.0 + et / 86_400.0,
    })
}

impl Ephemeris {
    /// Loads `bsp`, checking it against the digest in `bsp` + ".md5" (`<hex>  <name>`).
    pub fn load(bsp: &Path) -> Result<Ephemeris, AstroError> {
        let mut md5_path = bsp.as_os_str().to_owned();
        md5_path.push(".md5");
        let md5_path = std::path::PathBuf::from(md5_path);
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| AstroError::Io { path, source }
        };
        let recorded = std::fs::read_to_string(&md5_path).map_err(io(&md5_path))?;
        let expected = recorded
            .split_whitespace()
            .next()
            .filter(|h| h.len() == 32 && h.chars().all(|c| c.is_ascii_hexdigit()))
            .ok_or_else(|| AstroError::Format {
                path: md5_path.clone(),
                message: "expected a 32-digit hexadecimal MD5 digest".into(),
            })?
            .to_ascii_lowercase();
        let bytes = std::fs::read(bsp).map_err(io(bsp))?;
        let actual: String = Md5::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if actual != expected {
            return Err(AstroError::Checksum {
                path: bsp.to_path_buf(),
                expected,
                actual,
            });
        }
        Self::from_spk(Spk::parse(&bytes, bsp)?, bsp)
    }

    /// Picks the needed segments out of a parsed SPK file; `path` names it in errors.
    pub fn from_spk(spk: Spk, path: &Path) -> Result<Ephemeris, AstroError> {
        let pick = |target: i32, center: i32| -> Result<Vec<Segment>, AstroError> {
            let list: Vec<Segment> = spk
                .segments()
                .iter()
                .filter(|s| s.target == target && s.center == center)
                .cloned()
                .collect();
            if list.is_empty() {
                Err(AstroError::Format {
                    path: path.to_path_buf(),
                    message: format!("no type-2 segment for body {target} relative to {center}"),
                })
            } else {
                Ok(list)
            }
        };
        let (emb, sun, moon) = (pick(3, 0)?, pick(10, 0)?, pick(301, 3)?);
        let span = |l: &[Segment]| {
            (
                l.iter().map(|s| s.start).fold(f64::INFINITY, f64::min),
                l.iter().map(|s| s.end).fold(f64::NEG_INFINITY, f64::max),
            )
        };
        let spans = [span(&emb), span(&sun), span(&moon)];
        Ok(Ephemeris {
            start: spans.iter().map(|s| s.0).fold(f64::NEG_INFINITY, f64::max),
            end: spans.iter().map(|s| s.1).fold(f64::INFINITY, f64::min),
            emb,
            sun,
            moon,
        })
    }

    /// First and last TDB second (past J2000) covered by all three bodies.
    pub fn span(&self) -> (f64, f64) {
        (self.start, self.end)
    }

    /// Barycentric state of the Sun at TDB `et`.
    #[inline]
    pub fn sun(&self, et: f64) -> Result<State, AstroError> {
        eval(&self.sun, et)
    }

    /// Barycentric states of the Earth and the Moon at TDB `et`.
    #[inline]
    pub fn earth_moon(&self, et: f64) -> Result<(State, State), AstroError> {
        let emb = eval(&self.emb, et)?;
        let m = eval(&self.moon, et)?;
        let ke = 1.0 / EMRAT;
        let mut earth = emb;
        let mut moon = emb;
        // The barycentre sits at `ke` of the way from the Earth to the Moon.
        let split = |earth: &mut [f64; 3], moon: &mut [f64; 3], relative: [f64; 3]| {
            for ((earth, moon), relative) in earth.iter_mut().zip(moon.iter_mut()).zip(relative) {
                *earth -= ke * relative;
                *moon += relative;
            }
        };
        split(&mut earth.pos, &mut moon.pos, m.pos);
        split(&mut earth.vel, &mut moon.vel, m.vel);
        Ok((earth, moon))
    }

    /// Barycentric state of the Earth at TDB `et`.
    #[inline]
    pub fn earth(&self, et: f64) -> Result<State, AstroError> {
        Ok(self.earth_moon(et)?.0)
    }

    /// Barycentric position of the Moon at TDB `et`.
    #[inline]
    pub fn moon(&self, et: f64) -> Result<State, AstroError> {
        Ok(self.earth_moon(et)?.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_file_gives_plausible_distances() {
        let bsp = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../data/ephemeris/de440_1945_2100.bsp");
        let eph = Ephemeris::load(&bsp).unwrap();
        // 2000-01-03 (near perihelion, 147.1 million km) and a span of one month.
        let (earth, _) = eph.earth_moon(2.0 * 86_400.0).unwrap();
        let sun = eph.sun(2.0 * 86_400.0).unwrap();
        let d: f64 = (0..3)
            .map(|i| (earth.pos[i] - sun.pos[i]).powi(2))
            .sum::<f64>()
            .sqrt();
        assert!((d - 147.1e6).abs() < 0.1e6, "{d}");
        for day in 0..30 {
            let (e, m) = eph.earth_moon(day as f64 * 86_400.0).unwrap();
            let r: f64 = (0..3)
                .map(|i| (m.pos[i] - e.pos[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!((356_000.0..407_000.0).contains(&r), "{r}");
        }
        assert!(eph.sun(-2.0e9).is_err());
    }

    #[test]
    fn md5_mismatch_is_an_error_naming_the_file() {
        let dir = std::env::temp_dir().join(format!("astro-md5-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bsp = dir.join("fake.bsp");
        std::fs::write(&bsp, b"not an ephemeris").unwrap();
        std::fs::write(
            dir.join("fake.bsp.md5"),
            "d06b85ed3705a40af98414bd31c0865d  fake.bsp\n",
        )
        .unwrap();
        let msg = Ephemeris::load(&bsp).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).ok();
        assert!(
            msg.contains("checksum mismatch") && msg.contains("fake.bsp"),
            "{msg}"
        );
    }
}
