//! Root finding on a bracket: regula falsi with the Illinois modification, guarded by
//! bisection, to a requested precision in seconds.

use super::error::AstroError;

/// Finds `t` in `[a, b]` with `f(t) = 0`, given `fa = f(a)` and `fb = f(b)` of opposite sign
/// (or zero), to within `tol`.
pub fn solve<F>(mut f: F, a: f64, fa: f64, b: f64, fb: f64, tol: f64) -> Result<f64, AstroError>
where
    F: FnMut(f64) -> Result<f64, AstroError>,
{
    if fa == 0.0 {
        return Ok(a);
    }
    if fb == 0.0 {
        return Ok(b);
    }
    if fa.signum() == fb.signum() || !(fa.is_finite() && fb.is_finite()) {
        return Err(AstroError::NoEvent("root is not bracketed".into()));
    }
    let (mut lo, mut flo, mut hi, mut fhi) = (a, fa, b, fb);
    // Which end was kept on the previous step (-1 low, +1 high), for the Illinois rule.
    let mut kept = 0i8;
    for _ in 0..200 {
        let width = hi - lo;
        if width.abs() <= tol {
            break;
        }
        let mut c = hi - fhi * (hi - lo) / (fhi - flo);
        // Keep the trial point well inside the bracket; fall back to bisection.
        let margin = 0.25 * tol;
        if !c.is_finite() || c <= lo + margin || c >= hi - margin {
            c = 0.5 * (lo + hi);
        }
        let fc = f(c)?;
        if fc == 0.0 {
            return Ok(c);
        }
        if fc.signum() == flo.signum() {
            lo = c;
            flo = fc;
            if kept == 1 {
                fhi *= 0.5;
            }
            kept = 1;
        } else {
            hi = c;
            fhi = fc;
            if kept == -1 {
                flo *= 0.5;
            }
            kept = -1;
        }
        // Once the bracket is tiny, narrow around the estimate with a final probe pair.
        if (hi - lo).abs() <= tol {
            break;
        }
        let estimate = hi - fhi * (hi - lo) / (fhi - flo);
        if (estimate - c).abs() < 0.5 * tol && estimate.is_finite() {
            // Probe just beyond the estimate to close the bracket around it.
            let probe = if c < estimate {
                estimate + 0.5 * tol
            } else {
                estimate - 0.5 * tol
            };
            if probe > lo && probe < hi {
                let fp = f(probe)?;
                if fp.signum() == flo.signum() {
                    lo = probe;
                    flo = fp;
                } else {
                    hi = probe;
                    fhi = fp;
                }
            }
        }
    }
    Ok(lo - flo * (hi - lo) / (fhi - flo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_roots_precisely() {
        let mut calls = 0;
        let r = solve(
            |t| {
                calls += 1;
                Ok((t / 3600.0).sin() - 0.3)
            },
            0.0,
            -0.3,
            3600.0,
            (1.0f64).sin() - 0.3,
            1e-3,
        )
        .unwrap();
        assert!((r - 0.3f64.asin() * 3600.0).abs() < 1e-3, "{r}");
        assert!(calls < 15, "{calls}");
        assert!(solve(Ok, 1.0, 1.0, 2.0, 2.0, 1e-3).is_err());
    }
}
