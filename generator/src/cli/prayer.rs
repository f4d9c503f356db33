//! `hijri-generate prayer`: the eight prayer times (waktu sholat) of one site (or a place of
//! `data/places/kabkota.csv`) and date by a method of `hijri::prayer`, as a table, computed
//! by the precise path (`hijri_astro::prayer`); with `--detail`, each time unrounded to the
//! second with the Sun's altitude there.

use super::evening::{elevation, latitude, longitude};
use chrono::NaiveDate;
use clap::Args;
use hijri::date::Date;
use hijri::prayer::{Method, Prayer, Rounding};
use hijri::zone::Zone;
use hijri_astro::prayer::PrayerDay;
use hijri_astro::{Astro, Observer};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// Examples at the end of `prayer --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate prayer --date 2026-02-18 --lat -7.80 --lon 110.39 --elev 114 --tz WIB
  hijri-generate prayer --date 2026-02-18 --lat -7.80 --lon 110.39 --elev 114 --tz WIB --method muhammadiyah --detail
  hijri-generate prayer --date 2026-06-21 --lat 51.5074 --lon -0.1278 --elev 20 --tz Europe/London
  hijri-generate prayer --place 34.71 --date 2026-02-18 --method muhammadiyah";

/// The subcommand's description, with each method's numbers.
fn about() -> String {
    let methods: String = Method::ALL
        .iter()
        .map(|m| format!("\n  {}: {}", m.id, summary(m)))
        .collect();
    format!(
        "\
Computes the eight prayer times of a date at a site (or at a place of
data/places/kabkota.csv by its id, in its civil time: WIB, WITA or WIT): imsak, subuh, terbit, dhuha, dzuhur,
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
hijri-generate prayer --date YYYY-MM-DD (--lat DEG --lon DEG --elev M --tz ZONE | --place ID) [--method ID] [--detail]",
    long_about = about(),
    after_long_help = EXAMPLES
)]
pub struct PrayerArgs {
    /// Local civil date, exactly YYYY-MM-DD (zero-padded)
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Date,
    /// A place of data/places/kabkota.csv by its id (34.71), instead of the site's numbers
    #[arg(long, value_name = "ID", conflicts_with_all = ["lat", "lon", "elev", "tz"])]
    place: Option<String>,
    /// Latitude: degrees north, -90..90, a plain decimal (-6.1; no exponent)
    #[arg(long, value_name = "DEG", value_parser = latitude, allow_negative_numbers = true,
          required_unless_present = "place")]
    lat: Option<f64>,
    /// Longitude: degrees east, -180..180, a plain decimal
    #[arg(long, value_name = "DEG", value_parser = longitude, allow_negative_numbers = true,
          required_unless_present = "place")]
    lon: Option<f64>,
    /// Elevation: metres, -500..10000, a plain decimal (lowers the horizon of terbit and
    /// maghrib)
    #[arg(long, value_name = "M", value_parser = elevation, allow_negative_numbers = true,
          required_unless_present = "place")]
    elev: Option<f64>,
    /// Time zone, in any form the API's tz takes: an IANA name in any letter case
    /// (Asia/Jakarta), WIB/WITA/WIT, or a UTC offset (UTC+7, +08:00, -03:30)
    #[arg(
        long,
        verbatim_doc_comment,
        value_name = "ZONE",
        allow_hyphen_values = true,
        required_unless_present = "place"
    )]
    tz: Option<Zone>,
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
    let highland: String = m
        .horizon
        .highland
        .map(|h| format!(" ({}° from {} m)", h.altitude_deg, h.from_m))
        .unwrap_or_default();
    let own: String = m
        .horizon
        .places
        .iter()
        .map(|(id, altitude)| format!(" ({altitude}° at {id})"))
        .collect();
    let own = format!("{highland}{own}");
    format!(
        "{}; subuh {}°, isya {}°, dhuha {}°, ashar shadow {} + noon shadow, horizon \
         -({}′ + {}′ + {}′ + {}′·√h){own}, imsak subuh - {} min; ihtiyat minutes (rounding): {}",
        m.name,
        m.subuh_altitude_deg,
        m.isya_altitude_deg,
        m.dhuha_altitude_deg,
        m.ashar_shadow_factor,
        m.horizon.semidiameter_arcmin,
        m.horizon.refraction_arcmin,
        m.horizon.fixed_dip_arcmin,
        m.horizon.dip_arcmin_per_sqrt_m,
        m.imsak_minutes_before_subuh,
        ihtiyat.join(", ")
    )
}

/// Why `prayer` does not occur on a day by method `m` at the place called `place` (if any)
/// `elev_m` metres high: the altitude the Sun does not cross in that half of the day.
fn absent(prayer: Prayer, m: &Method, place: Option<&str>, elev_m: f64) -> String {
    let horizon = format!(
        "the horizon ({:.3}°)",
        m.horizon_altitude_deg(place, elev_m)
    );
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

/// The printed table of `day`: each time's stored second (rounded toward the method's
/// rounding, as the archive keeps it) gives the published minute.
fn table(
    day: &PrayerDay,
    m: &Method,
    observer: &Observer<Zone>,
    (place, title): (Option<&str>, &str),
    detail: bool,
) -> String {
    let mut out = format!("{} at {title}; method {}\n", day.date, m.id);
    let local = |unix: i64| {
        chrono::DateTime::from_timestamp(unix, 0)
            .map(|t| t.with_timezone(&observer.tz).fixed_offset())
    };
    let [_, subuh, ..] = day.times;
    for (prayer, time) in Prayer::ALL.into_iter().zip(day.times) {
        let name = prayer.name();
        // Imsak's minute follows subuh's.
        let of = if prayer == Prayer::Imsak { subuh } else { time };
        let rounding = m.rounding_of(if prayer == Prayer::Imsak {
            Prayer::Subuh
        } else {
            prayer
        });
        let second = |t: &hijri_astro::prayer::Exact| {
            rounding.stored_second(t.utc.timestamp_micros() as f64 * 1e-6) as i64
        };
        let shown = match (time, of) {
            (Some(t), Some(o)) => local(m.published(prayer, second(&o))).map(|p| (t, p)),
            _ => None,
        };
        let _ = match shown {
            Some((t, published)) if detail => {
                let exact = local(second(&t)).map(|e| e.format("%H:%M:%S").to_string());
                writeln!(
                    out,
                    "{name:<8} {}  {}  {:+.3}°",
                    published.format("%H:%M"),
                    exact.unwrap_or_default(),
                    t.sun_alt_deg
                )
            }
            Some((_, published)) => writeln!(out, "{name:<8} {}", published.format("%H:%M")),
            None => writeln!(
                out,
                "{name:<8} does not occur: {}",
                absent(prayer, m, place, observer.elev_m)
            ),
        };
    }
    out
}

/// Runs the subcommand.
pub fn run(args: PrayerArgs, data_dir: &Path) -> Result<(), String> {
    let PrayerArgs {
        date,
        place,
        lat,
        lon,
        elev,
        tz,
        method,
        detail,
    } = args;
    let date = NaiveDate::try_from(date).map_err(|e| e.to_string())?;
    let (observer, id, title) = match (place, lat, lon, elev, tz) {
        (Some(id), ..) => {
            let (_, places) =
                crate::prayer_table::read_places(data_dir).map_err(|e| e.to_string())?;
            let p = places
                .iter()
                .find(|p| p.id == id)
                .ok_or_else(|| format!("--place: no place {id:?} in {}", crate::kabkota::FILE))?;
            let observer = Observer {
                lat_deg: p.lat,
                lon_deg: p.lon,
                elev_m: p.elev_m,
                tz: Zone::civil_named(&p.tz),
            };
            let title = format!(
                "{} ({}, {}), {}, {} ({} m), {}",
                p.name, p.id, p.province, p.lat, p.lon, p.elev_m, observer.tz
            );
            (observer, Some(id), title)
        }
        (None, Some(lat), Some(lon), Some(elev), Some(tz)) => {
            let observer = Observer {
                lat_deg: lat,
                lon_deg: lon,
                elev_m: elev,
                tz,
            };
            (observer, None, format!("{lat}, {lon} ({elev} m), {tz}"))
        }
        _ => return Err("give --place or all of --lat, --lon, --elev and --tz".into()),
    };
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let ashar = crate::prayer_table::ashar_rule(method);
    let targets = crate::prayer_table::targets(&method, id.as_deref(), observer.elev_m, &ashar);
    let day = astro
        .prayer_times(&observer, date, &targets)
        .map_err(|e| format!("{date}: {e}"))?;
    let text = table(&day, &method, &observer, (id.as_deref(), &title), detail);
    write!(std::io::stdout(), "{text}").map_err(|e| format!("stdout: {e}"))
}
