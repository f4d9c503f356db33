//! ΔT = TT − UT from the committed table (`jd_tt,decimal_year,delta_t_s`), interpolated
//! linearly in TT.

use super::error::AstroError;
use std::path::Path;

/// The ΔT table: strictly increasing TT Julian dates and ΔT in seconds.
#[derive(Debug, Clone)]
pub struct DeltaT {
    jd_tt: Vec<f64>,
    seconds: Vec<f64>,
}

impl DeltaT {
    /// Parses the CSV text of the table; `path` only names the file in errors.
    pub fn parse(text: &str, path: &Path) -> Result<DeltaT, AstroError> {
        let line_err = |line: usize, message: String| AstroError::Line {
            path: path.to_path_buf(),
            line,
            message,
        };
        let mut jd_tt = Vec::new();
        let mut seconds = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if i == 0 {
                if line != "jd_tt,decimal_year,delta_t_s" {
                    return Err(line_err(
                        n,
                        "expected header jd_tt,decimal_year,delta_t_s".into(),
                    ));
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split(',').collect();
            let [jd, year, dt] = fields.as_slice() else {
                return Err(line_err(
                    n,
                    format!("expected 3 fields, found {}", fields.len()),
                ));
            };
            let num = |s: &str, name: &str| {
                s.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| line_err(n, format!("{name} is not a number: {s:?}")))
            };
            let jd = num(jd, "jd_tt")?;
            num(year, "decimal_year")?;
            let dt = num(dt, "delta_t_s")?;
            if jd_tt.last().is_some_and(|&prev| jd <= prev) {
                return Err(line_err(n, "jd_tt does not increase".into()));
            }
            jd_tt.push(jd);
            seconds.push(dt);
        }
        if jd_tt.len() < 2 {
            return Err(AstroError::Format {
                path: path.to_path_buf(),
                message: "fewer than two ΔT rows".into(),
            });
        }
        Ok(DeltaT { jd_tt, seconds })
    }

    /// Reads and parses the table file.
    pub fn load(path: &Path) -> Result<DeltaT, AstroError> {
        let text = std::fs::read_to_string(path).map_err(|source| AstroError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Self::parse(&text, path)
    }

    /// ΔT in seconds at the TT Julian date `jd_tt`, linearly interpolated.
    #[allow(
        clippy::indexing_slicing,
        reason = "parse keeps two or more rows in each column, so 1 <= i <= last"
    )]
    pub fn at_jd_tt(&self, jd_tt: f64) -> Result<f64, AstroError> {
        let last = self.jd_tt.len() - 1;
        if !(jd_tt >= self.jd_tt[0] && jd_tt <= self.jd_tt[last]) {
            return Err(AstroError::OutOfRange {
                what: "ΔT table",
                jd: jd_tt,
            });
        }
        let i = self.jd_tt.partition_point(|&x| x <= jd_tt).clamp(1, last);
        let (x0, x1) = (self.jd_tt[i - 1], self.jd_tt[i]);
        let (y0, y1) = (self.seconds[i - 1], self.seconds[i]);
        Ok(y0 + (y1 - y0) * (jd_tt - x0) / (x1 - x0))
    }

    /// ΔT in seconds for a UT Julian date, found as Skyfield does: TT ≈ UT + ΔT(UT + ΔT(UT)).
    pub fn at_jd_ut(&self, jd_ut: f64) -> Result<f64, AstroError> {
        let first = self.at_jd_tt(jd_ut)?;
        self.at_jd_tt(jd_ut + first / 86_400.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "jd_tt,decimal_year,delta_t_s\n2431091.0000,1944.00000,26.5108\n2431121.4375,1944.08333,26.5583\n";

    #[test]
    fn interpolates_at_node_and_midway() {
        let t = DeltaT::parse(TEXT, Path::new("delta_t.csv")).unwrap();
        assert!((t.at_jd_tt(2431091.0).unwrap() - 26.5108).abs() < 1e-12);
        assert!((t.at_jd_tt(2431121.4375).unwrap() - 26.5583).abs() < 1e-12);
        let mid = (2431091.0 + 2431121.4375) / 2.0;
        assert!((t.at_jd_tt(mid).unwrap() - (26.5108 + 26.5583) / 2.0).abs() < 1e-12);
        assert!(t.at_jd_tt(2431000.0).is_err());
    }

    #[test]
    fn malformed_line_names_file_and_line() {
        let text = format!("{TEXT}2431151.8750,1944.16667,oops\n");
        let err = DeltaT::parse(&text, Path::new("data/delta_t.csv")).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("data/delta_t.csv:4"), "{msg}");
        assert!(msg.contains("delta_t_s"), "{msg}");
    }
}
