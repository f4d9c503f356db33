//! Small fixed-size vector and matrix helpers (no allocation), and angles between them.

use std::f64::consts::{PI, TAU};

/// A 3-vector.
pub type Vec3 = [f64; 3];
/// A 3×3 matrix, row-major.
pub type Mat3 = [[f64; 3]; 3];

/// Dot product.
#[inline]
pub fn dot(a: &Vec3, b: &Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Euclidean length.
#[inline]
pub fn norm(a: &Vec3) -> f64 {
    dot(a, a).sqrt()
}

/// `a - b`.
#[inline]
pub fn sub(a: &Vec3, b: &Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a + b`.
#[inline]
pub fn add(a: &Vec3, b: &Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `k · a`.
#[inline]
pub fn scale(k: f64, a: &Vec3) -> Vec3 {
    [k * a[0], k * a[1], k * a[2]]
}

/// `m · v`.
#[inline]
pub fn mxv(m: &Mat3, v: &Vec3) -> Vec3 {
    [dot(&m[0], v), dot(&m[1], v), dot(&m[2], v)]
}

/// `mᵀ · v`.
#[inline]
pub fn mtxv(m: &Mat3, v: &Vec3) -> Vec3 {
    [
        m[0][0] * v[0] + m[1][0] * v[1] + m[2][0] * v[2],
        m[0][1] * v[0] + m[1][1] * v[1] + m[2][1] * v[2],
        m[0][2] * v[0] + m[1][2] * v[1] + m[2][2] * v[2],
    ]
}

/// The angle `a` (radians) brought into −π … π: a signed difference of two directions.
#[inline]
pub fn wrap_to_pi(a: f64) -> f64 {
    (a + PI).rem_euclid(TAU) - PI
}

/// Angle between two vectors in radians (robust for small and large angles).
#[inline]
pub fn angle_between(a: &Vec3, b: &Vec3) -> f64 {
    let c = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    norm(&c).atan2(dot(a, b))
}
