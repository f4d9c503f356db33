//! Short polynomials in time fitted by least squares to sampled values: the form eclipse
//! elements are stored in, evaluated at run time without the ephemeris.

/// Degree of every fitted polynomial.
pub const DEGREE: usize = 4;
/// Coefficients of a polynomial in hours from its epoch, constant term first.
pub type Poly = [f64; DEGREE + 1];

/// The value of `p` at `t` hours (Horner).
#[inline]
pub fn eval(p: &Poly, t: f64) -> f64 {
    p.iter().rev().fold(0.0, |acc, c| acc * t + c)
}

/// The least-squares polynomial through `(t, value)` samples (at least `DEGREE + 1`
/// distinct times), by the normal equations solved with partial pivoting.
#[allow(
    clippy::indexing_slicing,
    reason = "a (DEGREE+1)×(DEGREE+2) system indexed by i, j, k in range"
)]
pub fn fit(samples: &[(f64, f64)]) -> Poly {
    const N: usize = DEGREE + 1;
    let mut m = [[0.0; N + 1]; N];
    for &(t, v) in samples {
        let mut powers = [1.0; N];
        for k in 1..N {
            powers[k] = powers[k - 1] * t;
        }
        for i in 0..N {
            for j in 0..N {
                m[i][j] += powers[i] * powers[j];
            }
            m[i][N] += powers[i] * v;
        }
    }
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap_or(col);
        m.swap(col, pivot);
        let pivot_row = m[col];
        if pivot_row[col] == 0.0 {
            continue;
        }
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let k = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= k * p;
                }
            }
        }
    }
    let mut p = [0.0; N];
    for (i, c) in p.iter_mut().enumerate() {
        *c = m[i][N] / m[i][i];
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_a_polynomial_exactly() {
        let q: Poly = [0.5, -1.25, 0.03, 0.002, -0.0001];
        let samples: Vec<_> = (-8..=8)
            .map(|k| {
                let t = f64::from(k) * 0.5;
                (t, eval(&q, t))
            })
            .collect();
        let p = fit(&samples);
        for (a, b) in p.iter().zip(q) {
            assert!((a - b).abs() < 1e-12, "{p:?}");
        }
    }
}
