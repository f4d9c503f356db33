//! Arah kiblat: the body of `/api/v1/qibla`, the direction of the Kaaba from a place's point
//! (or any point on Earth) on the WGS84 ellipsoid (the geodesic's initial azimuth, Karney's
//! algorithm by `geographiclib-rs`), its distance, and the spherical bearing common apps give,
//! beside it. Geometry, not astronomy: computed per request (a geodesic inverse is a few
//! microseconds, BENCHMARKS.md).

use geographiclib_rs::{Geodesic, InverseGeodesic};
use hijri::schema::ArchivedDataset;
use serde::Serialize;

use super::places::PlaceView;

/// The Kaaba's point, degrees north and east on WGS84: 21.422487 N, 39.826206 E, the point
/// issue 44 states, the centre of the Kaaba as it is commonly published (21°25′21″ N,
/// 39°49′34″ E). Stated here once; every qibla and rashdul answer uses it.
pub const KAABA: Kaaba = Kaaba {
    lat: 21.422487,
    lon: 39.826206,
    source: "the centre of the Kaaba, 21°25′21″ N 39°49′34″ E (WGS84), as issue 44 of this \
             service states it",
};

/// A point and where it comes from.
#[derive(Serialize, Clone, Copy, Debug)]
pub struct Kaaba {
    /// Degrees north.
    pub lat: f64,
    /// Degrees east.
    pub lon: f64,
    /// Where the point comes from.
    pub source: &'static str,
}

/// The qibla of a point: its bearings and distance, unrounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bearing {
    /// The WGS84 geodesic's initial azimuth to the Kaaba, degrees from true north, 0 ≤ a < 360.
    pub azimuth_deg: f64,
    /// The geodesic's length, metres.
    pub distance_m: f64,
    /// The great circle's initial bearing on a sphere, degrees, 0 ≤ a < 360.
    pub spherical_azimuth_deg: f64,
}

/// Degrees into `[0, 360)`.
fn normalised(deg: f64) -> f64 {
    let d = deg.rem_euclid(360.0);
    if d >= 360.0 {
        0.0
    } else {
        d
    }
}

/// The qibla of (`lat`, `lon`), degrees (finite, |lat| ≤ 90).
pub fn bearing(lat: f64, lon: f64) -> Bearing {
    let (distance_m, azi1, _, _): (f64, f64, f64, f64) =
        Geodesic::wgs84().inverse(lat, lon, KAABA.lat, KAABA.lon);
    let (p1, p2) = (lat.to_radians(), KAABA.lat.to_radians());
    let dl = (KAABA.lon - lon).to_radians();
    let y = dl.sin() * p2.cos();
    let x = p1.cos() * p2.sin() - p1.sin() * p2.cos() * dl.cos();
    Bearing {
        azimuth_deg: normalised(azi1),
        distance_m,
        spherical_azimuth_deg: normalised(y.atan2(x).to_degrees()),
    }
}

/// `value` rounded to `decimals` decimals.
pub fn rounded(value: f64, decimals: i32) -> f64 {
    let scale = 10_f64.powi(decimals);
    (value * scale).round() / scale
}

/// An angle in degrees as degrees, minutes and seconds to 0.01″: `295°01′35.76″`.
pub fn dms(deg: f64) -> String {
    let hundredths = (deg.abs() * 360_000.0).round();
    let sign = if deg < 0.0 && hundredths > 0.0 {
        "-"
    } else {
        ""
    };
    // Below 2^53 for any bearing; 360° (129,600,000 hundredths) reads as 0°.
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a rounded non-negative number of hundredths of a second below 2^53"
    )]
    let h = (hundredths as i64) % 129_600_000;
    let (d, rest) = (h / 360_000, h % 360_000);
    let (m, s) = (rest / 6_000, rest % 6_000);
    format!("{sign}{d}°{m:02}′{:02}.{:02}″", s / 100, s % 100)
}

/// `input` of `/qibla`.
#[derive(Serialize)]
struct Input<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<&'a str>,
    lat: f64,
    lon: f64,
}

/// The body of `/api/v1/qibla`.
#[derive(Serialize)]
pub struct QiblaBody<'a> {
    input: Input<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<PlaceView<'a>>,
    kaaba: Kaaba,
    ellipsoid: &'static str,
    azimuth_deg: f64,
    azimuth_dms: String,
    distance_km: f64,
    spherical_azimuth_deg: f64,
    spherical_difference_arcmin: f64,
}

/// The qibla of the archive's place `place` (an index from
/// [`super::places::place`]), at its point as `/places` gives it; `None` for an index
/// outside the places.
pub fn of_place(dataset: &ArchivedDataset, place: usize) -> Option<QiblaBody<'_>> {
    let p = dataset.places.get(place)?;
    let (lat, lon) = (p.lat.to_native(), p.lon.to_native());
    Some(body(Some(&p.id), Some(PlaceView::of(p)), lat, lon))
}

/// The qibla of a point given by its coordinates.
pub fn of_point(lat: f64, lon: f64) -> QiblaBody<'static> {
    body(None, None, lat, lon)
}

fn body<'a>(
    id: Option<&'a str>,
    place: Option<PlaceView<'a>>,
    lat: f64,
    lon: f64,
) -> QiblaBody<'a> {
    let b = bearing(lat, lon);
    let difference = (b.spherical_azimuth_deg - b.azimuth_deg + 180.0).rem_euclid(360.0) - 180.0;
    QiblaBody {
        input: Input {
            place: id,
            lat,
            lon,
        },
        place,
        kaaba: KAABA,
        ellipsoid: "WGS84",
        azimuth_deg: rounded(b.azimuth_deg, 6),
        azimuth_dms: dms(b.azimuth_deg),
        distance_km: rounded(b.distance_m / 1000.0, 3),
        spherical_azimuth_deg: rounded(b.spherical_azimuth_deg, 6),
        spherical_difference_arcmin: rounded(difference * 60.0, 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dms_reads_degrees_minutes_seconds() {
        assert_eq!(dms(295.026601), "295°01′35.76″");
        assert_eq!(dms(0.0), "0°00′00.00″");
        assert_eq!(dms(359.999_999_9), "0°00′00.00″");
    }

    #[test]
    fn the_kaaba_and_its_antipode_do_not_panic() {
        let at = bearing(KAABA.lat, KAABA.lon);
        assert!(at.distance_m < 1e-6);
        let anti = bearing(-KAABA.lat, KAABA.lon - 180.0);
        assert!(anti.azimuth_deg.is_finite() && anti.distance_m > 2.0e7);
        for (lat, lon) in [(90.0, 0.0), (-90.0, 180.0), (0.0, -180.0)] {
            let b = bearing(lat, lon);
            assert!((0.0..360.0).contains(&b.azimuth_deg), "{lat} {lon}: {b:?}");
            assert!((0.0..360.0).contains(&b.spherical_azimuth_deg));
        }
    }
}
