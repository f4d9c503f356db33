//! Atmospheric refraction: Bennett's formula scaled for temperature and pressure, applied
//! iteratively to an airless altitude (as Skyfield's `altaz(temperature_C, pressure_mbar)`).

/// Temperature used for the Moon's refracted altitude, °C.
pub const TEMPERATURE_C: f64 = 10.0;
/// Pressure used for the Moon's refracted altitude, hPa.
pub const PRESSURE_MBAR: f64 = 1010.0;

/// Refraction in degrees at apparent altitude `alt_deg` (zero outside −1° … 89.9°).
pub fn bennett(alt_deg: f64, temperature_c: f64, pressure_mbar: f64) -> f64 {
    if !(-1.0..=89.9).contains(&alt_deg) {
        return 0.0;
    }
    let r = 0.016_667 / (alt_deg + 7.31 / (alt_deg + 4.4)).to_radians().tan();
    r * (0.28 * pressure_mbar / (temperature_c + 273.0))
}

/// Refracted (apparent) altitude in degrees of an object at airless altitude `airless_deg`:
/// iterates `alt = airless + R(alt)` until a step changes it by at most 3e-5°.
pub fn refracted_altitude(airless_deg: f64, temperature_c: f64, pressure_mbar: f64) -> f64 {
    let mut alt = airless_deg;
    for _ in 0..100 {
        let next = airless_deg + bennett(alt, temperature_c, pressure_mbar);
        let done = (next - alt).abs() <= 3.0e-5;
        alt = next;
        if done {
            break;
        }
    }
    alt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bennett_near_the_horizon_and_zenith() {
        // At 0° apparent altitude, standard conditions: about 34.5′.
        let r0 = bennett(0.0, TEMPERATURE_C, PRESSURE_MBAR);
        assert!((r0 * 60.0 - 34.5).abs() < 0.5, "{r0}");
        assert_eq!(bennett(89.95, TEMPERATURE_C, PRESSURE_MBAR), 0.0);
        assert_eq!(bennett(-2.0, TEMPERATURE_C, PRESSURE_MBAR), 0.0);
    }

    #[test]
    fn refracted_altitude_is_self_consistent() {
        let airless = 9.252_726;
        let alt = refracted_altitude(airless, TEMPERATURE_C, PRESSURE_MBAR);
        // The first reference row: 9.252726 airless -> 9.348353 refracted.
        assert!((alt - 9.348_353).abs() < 2e-6, "{alt}");
        let r = bennett(alt, TEMPERATURE_C, PRESSURE_MBAR);
        assert!((airless + r - alt).abs() <= 3.0e-5);
    }
}
