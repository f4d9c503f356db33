//! `hijri-generate evening`: the evening record of one site and date (pretty JSON), or of
//! every row of a CSV batch (one compact JSON object per line, in input order).

use crate::inputs::{load_sites, SiteInput};
use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use clap::Args;
use hijri::date::Date;
use hijri::fixed::{to_fixed, Decimal, Dms};
use hijri::registry;
use hijri::schema::{Criterion, Limits, Rule, Site};
use hijri::zone::Zone;
use hijri_astro::global::{GeoSky, Place};
use hijri_astro::place::Body;
use hijri_astro::time::ut_seconds;
use hijri_astro::{Astro, EveningObservation, Observer};
use hijri_view::evening::SunsetMeasures;
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The subcommand's description, with the limits of the criterion the archive is written with.
fn about() -> String {
    let criterion = Criterion::neo_mabims();
    let (name, limits) = (&criterion.name, criterion.limits);
    let (alt, elong) = (Decimal(limits.min_moon_alt), Decimal(limits.min_elongation));
    format!(
        "\
Computes the hilal evening record: sunset, nearest moonset, the Moon's topocentric altitude
(refracted and airless) and azimuth, the Sun's altitude and azimuth at sunset, geocentric
elongation and illumination, the nearest conjunction and the Moon's age, and the criteria
flags (altitude >= {alt}, elongation >= {elong}: {name}).

The evening's sunset is the first sunset after 12:00 local time on the date and before
12:00 on the next day: near the polar circles it may fall just after midnight, and a Sun
that dips below the horizon for a few minutes sets. No sunset in that window (polar day or
night) is an error. The moonset is the one nearest to that sunset within 14 hours.

sunset to lag_minutes have the names, units and forms of the API's evening record (times
HH:MM local, conjunction_utc to the second), to 4 decimals. sunset_local and moonset_local
are local ISO times to the second with the zone's offset (to the second when it has
seconds, e.g. Africa/Monrovia before 1972: -00:44:30). moon_alt_geocentric_deg is the
Moon's geocentric airless altitude at that sunset, the quantity KHGT limits
(elongation_deg is geocentric already). With --dms every angle (each *_deg, and the
site's lat and lon) is a string D°MM′SS″, e.g. 5°23′35″, as Kemenag's and Muhammadiyah's
tables write them.

--site takes the observation sites of <DIR>/sites.json and the places the calendars'
rules name (Yogyakarta, wujudul hilal's; Wellington, KHGT's fajr)."
    )
}

/// Examples at the end of `evening --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate evening --date 2025-02-28 --site \"Pelabuhan Ratu, Jabar\"
  hijri-generate evening --date 2025-02-28 --lat -6.2 --lon 106.8 --elev 10 --tz Asia/Jakarta
  hijri-generate evening --date 2025-02-28 --lat 21.42 --lon 39.83 --elev 300 --tz UTC+3
  hijri-generate evening --date 2024-03-10 --site Yogyakarta --dms
  hijri-generate --data /srv/hijri/data evening --batch evenings.csv --strict";

/// Print one evening's hilal record as JSON, or one line per row of a CSV batch
#[derive(Debug, Args)]
#[command(
    override_usage = "\
hijri-generate evening --date YYYY-MM-DD --site NAME
       hijri-generate evening --date YYYY-MM-DD --lat DEG --lon DEG --elev M --tz ZONE
       hijri-generate evening --batch FILE.csv [--strict]",
    long_about = about(),
    after_long_help = EXAMPLES
)]
pub struct EveningArgs {
    /// Local civil date of the evening, exactly YYYY-MM-DD (zero-padded)
    #[arg(long, value_name = "YYYY-MM-DD", required_unless_present = "batch")]
    date: Option<Date>,
    /// A site name from <DIR>/sites.json (exact, any letter case)
    #[arg(
        long,
        value_name = "NAME",
        conflicts_with_all = ["lat", "lon", "elev", "tz"],
        required_unless_present_any = ["batch", "lat", "lon", "elev", "tz"]
    )]
    site: Option<String>,
    /// Latitude of a site given directly: degrees north, -90..90, a plain decimal
    /// (-6.1; no exponent)
    #[arg(
        long,
        verbatim_doc_comment,
        value_name = "DEG",
        value_parser = latitude,
        allow_negative_numbers = true,
        requires_all = ["lon", "elev", "tz"]
    )]
    lat: Option<f64>,
    /// Longitude: degrees east, -180..180, a plain decimal
    #[arg(
        long,
        value_name = "DEG",
        value_parser = longitude,
        allow_negative_numbers = true,
        requires_all = ["lat", "elev", "tz"]
    )]
    lon: Option<f64>,
    /// Elevation: metres, -500..10000, a plain decimal
    #[arg(
        long,
        value_name = "M",
        value_parser = elevation,
        allow_negative_numbers = true,
        requires_all = ["lat", "lon", "tz"]
    )]
    elev: Option<f64>,
    /// Time zone, in any form the API's tz takes: an IANA name in any letter case
    /// (Asia/Jakarta), WIB/WITA/WIT, or a UTC offset (UTC+7, +08:00, -03:30)
    #[arg(
        long,
        verbatim_doc_comment,
        value_name = "ZONE",
        allow_hyphen_values = true,
        requires_all = ["lat", "lon", "elev"]
    )]
    tz: Option<Zone>,
    /// CSV with the header date,lat,lon,elev_m,tz (values as for the flags);
    /// prints one JSON object per row, in order. A bad row prints
    /// {"line": N, "error": "..."} in its place (N is its line in the file) and a
    /// line on stderr; the other rows go on, and the exit status is 1 at the end
    #[arg(
        long,
        verbatim_doc_comment,
        value_name = "FILE.csv",
        conflicts_with_all = ["date", "site", "lat", "lon", "elev", "tz"]
    )]
    batch: Option<PathBuf>,
    /// With --batch: stop at the first bad row
    #[arg(
        long,
        requires = "batch",
        conflicts_with_all = ["date", "site", "lat", "lon", "elev", "tz"]
    )]
    strict: bool,
    /// Print every angle as a string D°MM′SS″ (5°23′35″) instead of decimal degrees
    #[arg(long)]
    dms: bool,
}

/// One site as named in `sites.json` or given on the command line.
#[derive(Debug, Clone)]
struct NamedSite {
    name: Option<String>,
    tz_name: String,
    observer: Observer<Zone>,
}

/// Runs the subcommand.
pub fn run(args: EveningArgs, data_dir: &Path) -> Result<(), String> {
    let EveningArgs {
        date,
        site,
        lat,
        lon,
        elev,
        tz,
        batch,
        strict,
        dms,
    } = args;
    let (date, site) = match (batch, date, site, (lat, lon, elev, tz)) {
        (Some(file), ..) => return run_batch(&file, (strict, dms), data_dir),
        (None, Some(date), Some(name), _) => (date, find_site(&name, data_dir)?),
        (None, Some(date), None, (Some(lat), Some(lon), Some(elev), Some(tz))) => {
            (date, make_site(lat, lon, elev, tz))
        }
        // clap's rules on the flags leave no other case.
        _ => return Err("give --date with --site or --lat/--lon/--elev/--tz, or --batch".into()),
    };
    let date = NaiveDate::try_from(date).map_err(|e| e.to_string())?;
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let ev = astro
        .evening(&site.observer, date)
        .map_err(|e| format!("{date}: {e}"))?;
    let json = printed(&astro, date, &site, &ev, dms).map_err(|e| format!("{date}: {e}"))?;
    let text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
    writeln!(std::io::stdout(), "{text}").map_err(|e| format!("stdout: {e}"))
}

/// The Moon's geocentric airless altitude (degrees) at `sunset` seen from `observer`.
fn geocentric_moon_alt(
    astro: &Astro,
    observer: &Observer<Zone>,
    sunset: DateTime<Utc>,
) -> Result<f64, String> {
    let at = ut_seconds(&sunset);
    let sky = GeoSky::new(astro, at - 3_600.0, 2).map_err(|e| e.to_string())?;
    let place = Place::new(observer.lat_deg, observer.lon_deg);
    sky.altitude_deg(Body::Moon, &place, at)
        .map_err(|e| e.to_string())
}

/// The JSON printed for one evening: its [`record`], every angle in degrees, minutes and
/// seconds when `dms`.
fn printed(
    astro: &Astro,
    date: NaiveDate,
    site: &NamedSite,
    ev: &EveningObservation,
    dms: bool,
) -> Result<serde_json::Value, String> {
    let geocentric = geocentric_moon_alt(astro, &site.observer, ev.sunset_utc)?;
    let limits = Criterion::neo_mabims().limits;
    let mut json = serde_json::to_value(record(date, site, ev, limits, geocentric))
        .map_err(|e| e.to_string())?;
    if dms {
        in_dms(&mut json);
    }
    Ok(json)
}

/// `json` with every angle (each `*_deg` member, and the site's `lat` and `lon`) written as
/// a [`Dms`] string.
fn in_dms(json: &mut serde_json::Value) {
    let as_dms = |value: &mut serde_json::Value| {
        if let Some(degrees) = value.as_f64() {
            *value = serde_json::Value::String(Dms(degrees).to_string());
        }
    };
    if let Some(object) = json.as_object_mut() {
        for (key, value) in object.iter_mut() {
            if key.ends_with("_deg") {
                as_dms(value);
            }
        }
        if let Some(site) = object.get_mut("site").and_then(|s| s.as_object_mut()) {
            for key in ["lat", "lon"] {
                if let Some(value) = site.get_mut(key) {
                    as_dms(value);
                }
            }
        }
    }
}

/// A plain decimal number: an optional `-`, digits, and an optional fraction (no `+`,
/// exponent, `inf` or `NaN`) inside `min..=max`; `what` names it in the range error.
fn bounded(text: &str, what: &str, (min, max): (f64, f64)) -> Result<f64, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let plain = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let value = text
        .parse::<f64>()
        .ok()
        .filter(|v| plain(whole) && plain(fraction) && v.is_finite())
        .ok_or_else(|| format!("{text:?} is not a plain decimal number (e.g. -6.1)"))?;
    if !(min..=max).contains(&value) {
        return Err(format!("{what} {value} is outside {min}..{max}"));
    }
    Ok(value)
}

/// `--lat` and the `lat` column: degrees north.
pub(super) fn latitude(text: &str) -> Result<f64, String> {
    bounded(text, "latitude", (-90.0, 90.0))
}

/// `--lon` and the `lon` column: degrees east.
pub(super) fn longitude(text: &str) -> Result<f64, String> {
    bounded(text, "longitude", (-180.0, 180.0))
}

/// `--elev` and the `elev_m` column: metres.
pub(super) fn elevation(text: &str) -> Result<f64, String> {
    bounded(text, "elevation", (-500.0, 10_000.0))
}

/// A site given by its coordinates (checked by the parsers above) and zone.
fn make_site(lat: f64, lon: f64, elev: f64, zone: Zone) -> NamedSite {
    NamedSite {
        name: None,
        tz_name: zone.to_string(),
        observer: Observer {
            lat_deg: lat,
            lon_deg: lon,
            elev_m: elev,
            tz: zone,
        },
    }
}

/// The places the calendars' rules name (`hijri::registry`): wujudul hilal's place and
/// KHGT's fajr place; `sites` is the number of observation sites.
fn rule_places(sites: usize) -> Vec<Site> {
    registry::all(sites)
        .into_iter()
        .flat_map(|calendar| calendar.rules)
        .filter_map(|span| match span.rule {
            Rule::WujudulHilal(wujud) => Some(wujud.place),
            Rule::Khgt(khgt) => Some(khgt.fajr_place),
            Rule::Sites(_) | Rule::Table(_) | Rule::Arithmetic(_) => None,
        })
        .collect()
}

/// Looks a site up by name (case-insensitive) among the sites of `data_dir/sites.json` and
/// the places the calendars' rules name, each in its civil time (WIB, WITA, WIT as fixed
/// offsets), as the records are.
fn find_site(name: &str, data_dir: &Path) -> Result<NamedSite, String> {
    let sites = load_sites(&data_dir.join("sites.json")).map_err(|e| e.to_string())?;
    let places = rule_places(sites.len());
    let wanted = name.to_lowercase();
    let named = |site: &Site, observer: Observer<Zone>| NamedSite {
        name: Some(site.name.clone()),
        tz_name: site.tz.clone(),
        observer,
    };
    if let Some(site) = sites.iter().find(|s| s.site.name.to_lowercase() == wanted) {
        return Ok(named(&site.site, site.observer()));
    }
    if let Some(place) = places.iter().find(|s| s.name.to_lowercase() == wanted) {
        // In the place's civil time, as the rules' records are (WIB at every date).
        let observer = SiteInput::parse(place)
            .map_err(|e| format!("{}: {e}", place.name))?
            .observer();
        return Ok(named(place, observer));
    }
    let known: Vec<&str> = sites
        .iter()
        .map(|s| s.site.name.as_str())
        .chain(places.iter().map(|p| p.name.as_str()))
        .collect();
    Err(format!(
        "unknown site {name:?}; known sites: {}",
        known.join("; ")
    ))
}

/// Rounds to 4 decimals (no negative zero).
fn r4(x: f64) -> f64 {
    let r = (x * 1e4).round() / 1e4;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A local time as ISO 8601 to the second, with its UTC offset: `±HH:MM`, or `±HH:MM:SS`
/// when the offset has seconds (historical local mean times, e.g. Monrovia's −00:44:30
/// until 1972), so that the printed instant is exact.
fn iso_local(t: &DateTime<FixedOffset>) -> String {
    let offset = t.offset().local_minus_utc();
    let sign = if offset < 0 { '-' } else { '+' };
    let a = offset.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    let mut text = format!("{}{sign}{h:02}:{m:02}", t.format("%Y-%m-%dT%H:%M:%S"));
    if s != 0 {
        text.push_str(&format!(":{s:02}"));
    }
    text
}

/// The site echoed in each record.
#[derive(Serialize)]
struct SiteJson<'a> {
    name: Option<&'a str>,
    lat: f64,
    lon: f64,
    elev_m: f64,
    tz: &'a str,
}

/// One evening as printed (field order is output order): the date, the site, the measures
/// at its sunset in the API evening record's shape ([`SunsetMeasures`], to 4 decimals), and
/// what only the command prints.
#[derive(Serialize)]
struct EveningJson<'a> {
    gregorian_date: String,
    site: SiteJson<'a>,
    #[serde(flatten)]
    measures: SunsetMeasures,
    sunset_local: String,
    moonset_local: Option<String>,
    moon_alt_airless_deg: f64,
    moon_alt_geocentric_deg: f64,
    sun_az_deg: f64,
    alt_ok: bool,
    elong_ok: bool,
}

/// The JSON record of one evening, its flags under the criterion's `limits` (on the values
/// rounded as printed), with the Moon's `geocentric` airless altitude at its sunset.
fn record<'a>(
    date: NaiveDate,
    site: &'a NamedSite,
    ev: &EveningObservation,
    limits: Limits,
    geocentric: f64,
) -> EveningJson<'a> {
    let sunset = ev.sunset_local.timestamp();
    EveningJson {
        gregorian_date: date.format("%Y-%m-%d").to_string(),
        site: SiteJson {
            name: site.name.as_deref(),
            lat: site.observer.lat_deg,
            lon: site.observer.lon_deg,
            elev_m: site.observer.elev_m,
            tz: &site.tz_name,
        },
        measures: SunsetMeasures {
            moon_alt_deg: r4(ev.moon_alt_deg),
            moon_az_deg: r4(ev.moon_az_deg),
            sun_alt_deg: r4(ev.sun_alt_deg),
            elongation_deg: r4(ev.elongation_deg),
            illumination_pct: r4(ev.illumination_pct),
            age_hours: r4(ev.age_hours),
            ..SunsetMeasures::times(
                sunset,
                ev.moonset_local.as_ref().map(DateTime::timestamp),
                ev.sunset_local.offset().local_minus_utc(),
                ev.conjunction_utc.timestamp(),
            )
        },
        sunset_local: iso_local(&ev.sunset_local),
        moonset_local: ev.moonset_local.as_ref().map(iso_local),
        moon_alt_airless_deg: r4(ev.moon_alt_airless_deg),
        moon_alt_geocentric_deg: r4(geocentric),
        sun_az_deg: r4(ev.sun_az_deg),
        alt_ok: limits.alt_ok(to_fixed(ev.moon_alt_deg)),
        elong_ok: limits.elong_ok(to_fixed(ev.elongation_deg)),
    }
}

/// One row of a batch: the evening asked for, or what is wrong with the row.
type BatchRow = Result<(NaiveDate, NamedSite), String>;

/// Parses one CSV row `date,lat,lon,elev_m,tz`, each value by its flag's rule.
fn parse_row(line: &str) -> BatchRow {
    let f: Vec<&str> = line
        .split(',')
        .map(|c| c.trim().trim_matches('"'))
        .collect();
    let [date, lat, lon, elev, tz] = f.as_slice() else {
        return Err(format!("expected 5 fields, found {}", f.len()));
    };
    let column = |name: &str, e: String| format!("{name}: {e}");
    let date = date
        .parse::<Date>()
        .map_err(|e| column("date", e.to_string()))?;
    let lat = latitude(lat).map_err(|e| column("lat", e))?;
    let lon = longitude(lon).map_err(|e| column("lon", e))?;
    let elev = elevation(elev).map_err(|e| column("elev_m", e))?;
    let zone = tz
        .parse::<Zone>()
        .map_err(|e| column("tz", e.to_string()))?;
    let date = NaiveDate::try_from(date).map_err(|e| column("date", e.to_string()))?;
    Ok((date, make_site(lat, lon, elev, zone)))
}

/// Runs a CSV batch, printing one compact JSON object per row in input order (its angles in
/// degrees, minutes and seconds with `dms`). A bad row prints `{"line": N, "error": "…"}` in
/// its place and a line on stderr, the run goes on, and the result is an error at the end;
/// with `strict`, the first bad row stops the run.
fn run_batch(file: &Path, (strict, dms): (bool, bool), data_dir: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let file = file.display();
    let mut lines = text.lines().enumerate();
    let header = lines.next().map(|(_, h)| h.trim()).unwrap_or_default();
    let columns: Vec<&str> = header
        .split(',')
        .map(|c| c.trim().trim_matches('"'))
        .collect();
    if columns != ["date", "lat", "lon", "elev_m", "tz"] {
        return Err(format!(
            "{file}:1: expected header date,lat,lon,elev_m,tz, found {header:?}"
        ));
    }
    let mut rows: Vec<(usize, BatchRow)> = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let row = parse_row(line);
        if strict {
            if let Err(e) = &row {
                return Err(format!("{file}:{}: {e}", i + 1));
            }
        }
        rows.push((i + 1, row));
    }
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let out: Vec<Result<String, String>> = rows
        .par_iter()
        .map(|(_, row)| {
            let (date, site) = row.as_ref().map_err(Clone::clone)?;
            let ev = astro
                .evening(&site.observer, *date)
                .map_err(|e| e.to_string())?;
            let json = printed(&astro, *date, site, &ev, dms)?;
            serde_json::to_string(&json).map_err(|e| e.to_string())
        })
        .collect();
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    let write_error = |e: std::io::Error| format!("cannot write output: {e}");
    let mut failed = 0usize;
    for ((line, _), result) in rows.iter().zip(out) {
        match result {
            Ok(text) => writeln!(w, "{text}").map_err(write_error)?,
            Err(e) if strict => {
                w.flush().map_err(write_error)?;
                return Err(format!("{file}:{line}: {e}"));
            }
            Err(e) => {
                failed += 1;
                let object = serde_json::json!({ "line": line, "error": e });
                writeln!(w, "{object}").map_err(write_error)?;
                w.flush().map_err(write_error)?;
                eprintln!("hijri-generate: {file}:{line}: {e}");
            }
        }
    }
    w.flush().map_err(write_error)?;
    if failed > 0 {
        return Err(format!(
            "{file}: {failed} of {} rows failed (their error objects are in the output)",
            rows.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::{Command, FromArgMatches};

    fn command() -> Command {
        EveningArgs::augment_args(Command::new("evening"))
    }

    fn parse(args: &[&str]) -> Result<EveningArgs, clap::Error> {
        let matches = command()
            .try_get_matches_from(std::iter::once("evening").chain(args.iter().copied()))?;
        EveningArgs::from_arg_matches(&matches)
    }

    #[test]
    fn rejects_bad_arguments_clearly() {
        let refused = |a: &[&str], kind: ErrorKind, text: &str| {
            let error = parse(a).unwrap_err();
            let message = error.to_string();
            assert_eq!(error.kind(), kind, "{a:?}: {message}");
            assert!(message.contains(text), "{a:?}: {message}");
            assert_eq!(error.exit_code(), 2, "{a:?}");
        };
        let site = ["--site", "Sabang, Aceh"];
        let at = ["--lat", "1", "--lon", "100", "--elev", "0", "--tz"];
        use ErrorKind::*;
        refused(
            &["--date", "2024-13-01", "--site", "x"],
            ValueValidation,
            "invalid date",
        );
        refused(
            &["--date", "2025-2-3", "--site", "x"],
            ValueValidation,
            "\"2025-2-3\"",
        );
        refused(
            &["--date", "2024-03-10", "--lat", "1"],
            MissingRequiredArgument,
            "--lon",
        );
        refused(
            &["--date", "2024-03-10", "--lon", "181"],
            ValueValidation,
            "longitude 181",
        );
        refused(
            &["--date", "2024-03-10", "--lat", "1e1"],
            ValueValidation,
            "plain decimal",
        );
        let mut mars = vec!["--date", "2024-03-10"];
        mars.extend(at);
        mars.push("Mars/Base");
        refused(&mars, ValueValidation, "unknown time zone \"Mars/Base\"");
        let mut both = vec!["--date", "2024-03-10"];
        both.extend(site);
        both.extend(["--lat", "1"]);
        refused(&both, ArgumentConflict, "--lat");
        refused(
            &["--batch", "x.csv", "--date", "2024-03-10"],
            ArgumentConflict,
            "--date",
        );
        refused(
            &["--date", "2024-03-10", "--strict"],
            ArgumentConflict,
            "'--strict'",
        );
        refused(&["--strict"], MissingRequiredArgument, "--batch <FILE.csv>");
        refused(&["--frobnicate"], UnknownArgument, "--frobnicate");
        refused(&[], MissingRequiredArgument, "--date");
        let help = parse(&["--help"]).unwrap_err();
        assert_eq!((help.kind(), help.exit_code()), (DisplayHelp, 0));
        // Negative numbers and offsets are values, not flags.
        let args = parse(&[
            "--date",
            "2024-03-10",
            "--lat",
            "-6.1",
            "--lon",
            "-0.5",
            "--elev",
            "-10",
            "--tz",
            "-03:30",
        ])
        .unwrap();
        assert_eq!(
            (args.lat, args.lon, args.elev),
            (Some(-6.1), Some(-0.5), Some(-10.0))
        );
        assert_eq!(args.tz.unwrap().to_string(), "UTC-03:30");
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let unknown = parse(&["--date", "2024-03-10", "--site", "Atlantis"]).unwrap();
        assert!(run(unknown, &data).unwrap_err().contains("unknown site"));
    }

    #[test]
    fn help_states_the_criterion() {
        let text = command().render_long_help().to_string();
        assert!(text.contains(
            "flags (altitude >= 3.0, elongation >= 6.4: Neo-MABIMS (revised MABIMS criterion))."
        ));
        assert!(text.contains(r#"{"line": N, "error": "..."} in its place"#));
        for shown in [
            "Usage: hijri-generate evening --date",
            "-90..90",
            "Examples:",
        ] {
            assert!(text.contains(shown), "{shown}: {text}");
        }
    }

    #[test]
    fn rounds_to_four_decimals_without_negative_zero() {
        assert_eq!(r4(-0.000_01), 0.0);
        assert_eq!(r4(9.348_353), 9.3484);
    }

    #[test]
    fn runs_single_and_batch() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let single = parse(&["--date", "1945-02-13", "--site", "sabang, aceh"]).unwrap();
        run(single, &data).unwrap();
        let csv = std::env::temp_dir().join(format!("evening-batch-{}.csv", std::process::id()));
        std::fs::write(
            &csv,
            "date,lat,lon,elev_m,tz\n2024-03-10,-6.1,106.8,10,Asia/Jakarta\n2024-03-10,-8.6,116.1,5,WITA\n",
        )
        .unwrap();
        let file = csv.to_string_lossy().to_string();
        run(parse(&["--batch", &file]).unwrap(), &data).unwrap();
        std::fs::write(
            &csv,
            "date,lat,lon,elev_m,tz\n2024-03-10,x,106.8,10,Asia/Jakarta\n",
        )
        .unwrap();
        let err = run(parse(&["--batch", &file]).unwrap(), &data).unwrap_err();
        assert!(err.contains("1 of 1 rows failed"), "{err}");
        let strict = parse(&["--batch", &file, "--strict"]).unwrap();
        let err = run(strict, &data).unwrap_err();
        std::fs::remove_file(&csv).ok();
        assert!(err.contains(":2: lat: "), "{err}");
    }
}
