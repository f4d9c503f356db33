//! `hijri-generate prayer`: the eight prayer times (waktu sholat) of one site and date by a
//! method of `hijri_astro::prayer`, as a table; with `--detail`, each time unrounded to the
//! second with the Sun's altitude there.

use super::evening::{elevation, latitude, longitude};
use chrono::NaiveDate;
use clap::Args;
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_astro::prayer::{Method, Prayer, PrayerDay, Rounding};
use hijri_astro::{Astro, Observer};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// Examples at the end of `prayer --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate prayer --date 2026-02-18 --lat -7.80 --lon 110.39 --elev 114 --tz WIB
  hijri-generate prayer --date 2026-02-18 --lat -7.80 --lon 110.39 --elev 114 --tz WIB --method muhammadiyah --detail
  hijri-generate prayer --date 2026-06-21 --lat 51.5074 --lon -0.1278 --elev 20 --tz Europe/London";

/// The subcommand's description, with each method's numbers.
fn about() -> String {
    let methods: String = Method::ALL
        .iter()
        .map(|m| format!("\n  {}: {}", m.id, summary(m)))
        .collect();
    format!(
        "\
Computes the eight prayer times of a date at a site: imsak, subuh, terbit, dhuha, dzuhur,
ashar, maghrib, isya, in the site's civil time, HH:MM as the method publishes them (after its
ihtiyat and rounding). With --detail each line adds the time before ihtiyat and rounding, to
the second, and the Sun's airless topocentric altitude then (its centre, degrees).

The day is the one whose transit of the Sun falls on the date: the morning times are sought
in the half day before the transit, the others in the half day after. A time the Sun does not
reach that day (no twilight at high latitudes in summer, no sunrise in polar night) prints
\"does not occur\" with the altitude it needs.

Methods:{methods}"
    )
}

/// Print a site's prayer times (waktu sholat) for a date
#[derive(Debug, Args)]
#[command(
    override_usage = "\
hijri-generate prayer --date YYYY-MM-DD --lat DEG --lon DEG --elev M --tz ZONE [--method ID] [--detail]",
    long_about = about(),
    after_long_help = EXAMPLES
)]
pub struct PrayerArgs {
    /// Local civil date, exactly YYYY-MM-DD (zero-padded)
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Date,
    /// Latitude: degrees north, -90..90, a plain decimal (-6.1; no exponent)
    #[arg(long, value_name = "DEG", value_parser = latitude, allow_negative_numbers = true)]
    lat: f64,
    /// Longitude: degrees east, -180..180, a plain decimal
    #[arg(long, value_name = "DEG", value_parser = longitude, allow_negative_numbers = true)]
    lon: f64,
    /// Elevation: metres, -500..10000, a plain decimal (lowers the horizon of terbit and
    /// maghrib)
    #[arg(long, value_name = "M", value_parser = elevation, allow_negative_numbers = true)]
    elev: f64,
    /// Time zone, in any form the API's tz takes: an IANA name in any letter case
    /// (Asia/Jakarta), WIB/WITA/WIT, or a UTC offset (UTC+7, +08:00, -03:30)
    #[arg(
        long,
        verbatim_doc_comment,
        value_name = "ZONE",
        allow_hyphen_values = true
    )]
    tz: Zone,
    /// The method: kemenag (the default) or muhammadiyah
    #[arg(long, value_name = "ID", value_parser = method, default_value = "kemenag")]
    method: Method,
    /// Also print each time unrounded, to the second, with the Sun's altitude
    #[arg(long)]
    detail: bool,
}

/// `--method`: a method's identifier.
fn method(text: &str) -> Result<Method, String> {
    Method::by_id(text).ok_or_else(|| {
        let known: Vec<&str> = Method::ALL.iter().map(|m| m.id).collect();
        format!("unknown method {text:?}; known: {}", known.join(", "))
    })
}

/// A method's numbers in one line.
fn summary(m: &Method) -> String {
    let minutes = |p: Prayer| m.ihtiyat_minutes.get(p.index()).copied().unwrap_or(0);
    let rounding = |p: Prayer| match m.rounding.get(p.index()) {
        Some(Rounding::Up) | None => "up",
        Some(Rounding::Down) => "down",
        Some(Rounding::Nearest) => "to nearest",
    };
    let ihtiyat: Vec<String> = Prayer::ALL
        .iter()
        .skip(1)
        .map(|&p| format!("{} {:+} ({})", p.name(), minutes(p), rounding(p)))
        .collect();
    format!(
        "{}; subuh {}°, isya {}°, dhuha {}°, ashar shadow {} + noon shadow, horizon \
         -({}′ + {}′ + {}′·√h), imsak subuh - {} min; ihtiyat minutes (rounding): {}",
        m.name,
        m.subuh_altitude_deg,
        m.isya_altitude_deg,
        m.dhuha_altitude_deg,
        m.ashar_shadow_factor,
        m.semidiameter_arcmin,
        m.refraction_arcmin,
        m.dip_arcmin_per_sqrt_m,
        m.imsak_minutes_before_subuh,
        ihtiyat.join(", ")
    )
}

/// Why `prayer` does not occur on a day by method `m` at elevation `elev_m`: the altitude
/// the Sun does not cross in that half of the day.
fn absent(prayer: Prayer, m: &Method, elev_m: f64) -> String {
    let horizon = format!("the horizon ({:.3}°)", m.horizon_altitude_deg(elev_m));
    let (altitude, when) = match prayer {
        Prayer::Imsak => return "no subuh that day".to_owned(),
        Prayer::Dzuhur => return "no transit".to_owned(),
        Prayer::Subuh => (format!("{}°", m.subuh_altitude_deg), "morning"),
        Prayer::Terbit => (horizon, "morning"),
        Prayer::Dhuha => (format!("{}°", m.dhuha_altitude_deg), "morning"),
        Prayer::Ashar => ("the ashar altitude".to_owned(), "afternoon"),
        Prayer::Maghrib => (horizon, "evening"),
        Prayer::Isya => (format!("{}°", m.isya_altitude_deg), "evening"),
    };
    format!("the Sun does not cross {altitude} that {when}")
}

/// The printed table of `day`.
fn table(day: &PrayerDay, m: &Method, observer: &Observer<Zone>, detail: bool) -> String {
    let mut out = format!(
        "{} at {}, {} ({} m), {}; method {}\n",
        day.date, observer.lat_deg, observer.lon_deg, observer.elev_m, observer.tz, m.id
    );
    for prayer in Prayer::ALL {
        let name = prayer.name();
        let _ = match day.get(prayer) {
            Some(t) if detail => {
                let exact = t.exact_utc.with_timezone(&t.local.timezone());
                writeln!(
                    out,
                    "{name:<8} {}  {}  {:+.3}°",
                    t.local.format("%H:%M"),
                    exact.format("%H:%M:%S"),
                    t.sun_alt_deg
                )
            }
            Some(t) => writeln!(out, "{name:<8} {}", t.local.format("%H:%M")),
            None => writeln!(
                out,
                "{name:<8} does not occur: {}",
                absent(prayer, m, observer.elev_m)
            ),
        };
    }
    out
}

/// Runs the subcommand.
pub fn run(args: PrayerArgs, data_dir: &Path) -> Result<(), String> {
    let PrayerArgs {
        date,
        lat,
        lon,
        elev,
        tz,
        method,
        detail,
    } = args;
    let date = NaiveDate::try_from(date).map_err(|e| e.to_string())?;
    let observer = Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: elev,
        tz,
    };
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let day = astro
        .prayer_times(&observer, date, &method)
        .map_err(|e| format!("{date}: {e}"))?;
    let text = table(&day, &method, &observer, detail);
    write!(std::io::stdout(), "{text}").map_err(|e| format!("stdout: {e}"))
}
