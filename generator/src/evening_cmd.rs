//! `hijri-generate evening`: the evening record of one site and date (pretty JSON), or of
//! every row of a CSV batch (one compact JSON object per line, in input order).

use crate::astro::{Astro, EveningObservation, Observer};
use crate::inputs::load_sites;
use crate::visibility::observer;
use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use hijri::fixed::{to_fixed, Decimal};
use hijri::schema::{Criterion, Limits};
use rayon::prelude::*;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// Usage text of the subcommand, with the limits of the criterion the archive is written with.
pub fn help() -> String {
    let criterion = Criterion::neo_mabims();
    let (name, limits) = (&criterion.name, criterion.limits);
    let (alt, elong) = (Decimal(limits.min_moon_alt), Decimal(limits.min_elongation));
    format!(
        "\
usage: hijri-generate evening --date YYYY-MM-DD --site NAME
       hijri-generate evening --date YYYY-MM-DD --lat X --lon Y --elev M --tz IANA
       hijri-generate evening --batch FILE.csv [--strict]

Computes the hilal evening record: sunset, nearest moonset, the Moon's topocentric altitude
(refracted and airless) and azimuth, the Sun's altitude and azimuth at sunset, geocentric
elongation and illumination, the nearest conjunction and the Moon's age, and the criteria
flags (altitude >= {alt}, elongation >= {elong}: {name}).

The evening's sunset is the first sunset after 12:00 local time on the date and before
12:00 on the next day: near the polar circles it may fall just after midnight, and a Sun
that dips below the horizon for a few minutes sets. No sunset in that window (polar day or
night) is an error. The moonset is the one nearest to that sunset within 14 hours.

sunset_local and moonset_local are local ISO times to the second with the zone's offset
(to the second when it has seconds, e.g. Africa/Monrovia before 1972: -00:44:30).

  --date     local civil date of the evening, exactly YYYY-MM-DD (zero-padded)
  --site     a site name from data/sites.json (exact, case-insensitive)
  --lat/--lon/--elev/--tz
             a site given directly: degrees north (-90..90), degrees east (-180..180),
             metres (-500..10000), all plain decimals (-6.1; no exponent), and an IANA
             zone name as spelled in the tz database (Asia/Jakarta)
  --batch    CSV with header date,lat,lon,elev_m,tz; prints one JSON object per row, in
             order. A bad row prints {{\"line\": N, \"error\": \"...\"}} in its place (N is its
             line in the file) and a line on stderr; the other rows go on, and the exit
             status is non-zero at the end
  --strict   with --batch: stop at the first bad row
  --help     this text
"
    )
}

/// One site as named in `sites.json` or given on the command line.
#[derive(Debug, Clone)]
struct NamedSite {
    name: Option<String>,
    tz_name: String,
    observer: Observer,
}

/// Parsed command line.
enum Command {
    Help,
    Single { date: NaiveDate, site: NamedSite },
    Batch { file: String, strict: bool },
}

/// Runs the subcommand with the arguments that follow `evening`.
pub fn run(args: &[String], data_dir: &Path) -> Result<(), String> {
    match parse_args(args, data_dir)? {
        Command::Help => {
            write!(std::io::stdout(), "{}", help()).map_err(|e| format!("stdout: {e}"))
        }
        Command::Single { date, site } => {
            let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
            let ev = astro
                .evening(&site.observer, date)
                .map_err(|e| format!("{date}: {e}"))?;
            let text = serde_json::to_string_pretty(&record(
                date,
                &site,
                &ev,
                Criterion::neo_mabims().limits,
            ))
            .map_err(|e| e.to_string())?;
            writeln!(std::io::stdout(), "{text}").map_err(|e| format!("stdout: {e}"))
        }
        Command::Batch { file, strict } => run_batch(&file, strict, data_dir),
    }
}

/// Parses the arguments into a command.
fn parse_args(args: &[String], data_dir: &Path) -> Result<Command, String> {
    let mut date = None;
    let mut site = None;
    let (mut lat, mut lon, mut elev, mut tz) = (None, None, None, None);
    let mut batch = None;
    let mut strict = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(Command::Help);
        }
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value\n\n{}", help()))
        };
        match flag.as_str() {
            "--date" => date = Some(parse_date(&value()?)?),
            "--site" => site = Some(value()?),
            "--lat" => lat = Some(parse_number("--lat", &value()?)?),
            "--lon" => lon = Some(parse_number("--lon", &value()?)?),
            "--elev" => elev = Some(parse_number("--elev", &value()?)?),
            "--tz" => tz = Some(value()?),
            "--batch" => batch = Some(value()?),
            "--strict" => strict = true,
            other => return Err(format!("unknown argument {other:?}\n\n{}", help())),
        }
    }
    let coords = lat.is_some() || lon.is_some() || elev.is_some() || tz.is_some();
    if let Some(file) = batch {
        if date.is_some() || site.is_some() || coords {
            return Err("--batch takes no other arguments".into());
        }
        return Ok(Command::Batch { file, strict });
    }
    if strict {
        return Err("--strict applies only to --batch".into());
    }
    let date = date.ok_or_else(|| format!("missing --date (or --batch)\n\n{}", help()))?;
    let site = match (site, coords) {
        (Some(_), true) => {
            return Err("give either --site or --lat/--lon/--elev/--tz, not both".into())
        }
        (Some(name), false) => find_site(&name, data_dir)?,
        (None, true) => {
            let (Some(lat), Some(lon), Some(elev), Some(tz)) = (lat, lon, elev, tz) else {
                return Err("--lat, --lon, --elev and --tz must all be given".into());
            };
            make_site(None, lat, lon, elev, &tz)?
        }
        (None, false) => {
            return Err(format!(
                "missing --site or --lat/--lon/--elev/--tz\n\n{}",
                help()
            ))
        }
    };
    Ok(Command::Single { date, site })
}

/// Parses exactly `YYYY-MM-DD` (four-digit year, two-digit month and day), as the API does.
fn parse_date(s: &str) -> Result<NaiveDate, String> {
    hijri::date::Date::parse_iso(s)
        .and_then(|d| {
            let (y, m, day) = d.ymd();
            NaiveDate::from_ymd_opt(y, m, day)
        })
        .ok_or_else(|| format!("invalid date {s:?} (expected YYYY-MM-DD, zero-padded)"))
}

/// Parses a plain decimal number: an optional `-`, digits, and an optional fraction
/// (no `+`, exponent, `inf` or `NaN`).
fn parse_number(what: &str, s: &str) -> Result<f64, String> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let plain = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if !(plain(whole) && plain(fraction)) {
        return Err(format!(
            "{what}: {s:?} is not a plain decimal number (e.g. -6.1)"
        ));
    }
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("{what}: {s:?} is not a number"))
}

/// Builds a site, checking ranges and the zone name.
fn make_site(
    name: Option<String>,
    lat: f64,
    lon: f64,
    elev: f64,
    tz: &str,
) -> Result<NamedSite, String> {
    if !(-90.0..=90.0).contains(&lat) {
        return Err(format!("latitude {lat} is outside -90..90"));
    }
    if !(-180.0..=180.0).contains(&lon) {
        return Err(format!("longitude {lon} is outside -180..180"));
    }
    if !(-500.0..=10_000.0).contains(&elev) {
        return Err(format!("elevation {elev} m is outside -500..10000"));
    }
    let zone: chrono_tz::Tz = tz
        .parse()
        .map_err(|_| format!("unknown IANA time zone {tz:?} (e.g. Asia/Jakarta)"))?;
    Ok(NamedSite {
        name,
        tz_name: zone.name().to_string(),
        observer: Observer {
            lat_deg: lat,
            lon_deg: lon,
            elev_m: elev,
            tz: zone,
        },
    })
}

/// Looks a site up by name (case-insensitive) in `data_dir/sites.json`.
fn find_site(name: &str, data_dir: &Path) -> Result<NamedSite, String> {
    let sites = load_sites(&data_dir.join("sites.json")).map_err(|e| e.to_string())?;
    let wanted = name.to_lowercase();
    let found = sites.iter().find(|s| s.site.name.to_lowercase() == wanted);
    match found {
        Some(site) => Ok(NamedSite {
            name: Some(site.site.name.clone()),
            tz_name: site.site.tz.clone(),
            observer: observer(site),
        }),
        None => {
            let known: Vec<&str> = sites.iter().map(|s| s.site.name.as_str()).collect();
            Err(format!(
                "unknown site {name:?}; known sites: {}",
                known.join("; ")
            ))
        }
    }
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

/// A UTC instant as ISO 8601 with milliseconds (rounded) and `Z`.
fn iso_millis(t: DateTime<Utc>) -> String {
    let micros = t.timestamp_micros();
    let ms = (micros + 500).div_euclid(1000);
    Utc.timestamp_millis_opt(ms)
        .single()
        .unwrap_or(t)
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
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

/// One evening as printed (field order is output order).
#[derive(Serialize)]
struct EveningJson<'a> {
    gregorian_date: String,
    site: SiteJson<'a>,
    sunset: String,
    moonset: Option<String>,
    sunset_local: String,
    moonset_local: Option<String>,
    moon_alt_deg: f64,
    moon_alt_airless_deg: f64,
    moon_az_deg: f64,
    sun_alt_deg: f64,
    sun_az_deg: f64,
    elongation_deg: f64,
    illumination_pct: f64,
    conjunction_utc: String,
    age_hours: f64,
    alt_ok: bool,
    elong_ok: bool,
}

/// The JSON record of one evening, its flags under the criterion's `limits` (on the values
/// rounded as printed).
fn record<'a>(
    date: NaiveDate,
    site: &'a NamedSite,
    ev: &EveningObservation,
    limits: Limits,
) -> EveningJson<'a> {
    let hhmm = |t: &DateTime<FixedOffset>| t.format("%H:%M").to_string();
    EveningJson {
        gregorian_date: date.format("%Y-%m-%d").to_string(),
        site: SiteJson {
            name: site.name.as_deref(),
            lat: site.observer.lat_deg,
            lon: site.observer.lon_deg,
            elev_m: site.observer.elev_m,
            tz: &site.tz_name,
        },
        sunset: hhmm(&ev.sunset_local),
        moonset: ev.moonset_local.as_ref().map(hhmm),
        sunset_local: iso_local(&ev.sunset_local),
        moonset_local: ev.moonset_local.as_ref().map(iso_local),
        moon_alt_deg: r4(ev.moon_alt_deg),
        moon_alt_airless_deg: r4(ev.moon_alt_airless_deg),
        moon_az_deg: r4(ev.moon_az_deg),
        sun_alt_deg: r4(ev.sun_alt_deg),
        sun_az_deg: r4(ev.sun_az_deg),
        elongation_deg: r4(ev.elongation_deg),
        illumination_pct: r4(ev.illumination_pct),
        conjunction_utc: iso_millis(ev.conjunction_utc),
        age_hours: r4(ev.age_hours),
        alt_ok: limits.alt_ok(to_fixed(ev.moon_alt_deg)),
        elong_ok: limits.elong_ok(to_fixed(ev.elongation_deg)),
    }
}

/// One row of a batch: the evening asked for, or what is wrong with the row.
type BatchRow = Result<(NaiveDate, NamedSite), String>;

/// Parses one CSV row `date,lat,lon,elev_m,tz`.
fn parse_row(line: &str) -> BatchRow {
    let f: Vec<&str> = line
        .split(',')
        .map(|c| c.trim().trim_matches('"'))
        .collect();
    let [date, lat, lon, elev, tz] = f.as_slice() else {
        return Err(format!("expected 5 fields, found {}", f.len()));
    };
    let date = parse_date(date)?;
    let lat = parse_number("lat", lat)?;
    let lon = parse_number("lon", lon)?;
    let elev = parse_number("elev_m", elev)?;
    Ok((date, make_site(None, lat, lon, elev, tz)?))
}

/// Runs a CSV batch, printing one compact JSON object per row in input order. A bad row
/// prints `{"line": N, "error": "…"}` in its place and a line on stderr, the run goes on,
/// and the result is an error at the end; with `strict`, the first bad row stops the run.
fn run_batch(file: &str, strict: bool, data_dir: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
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
    let limits = Criterion::neo_mabims().limits;
    let out: Vec<Result<String, String>> = rows
        .par_iter()
        .map(|(_, row)| {
            let (date, site) = row.as_ref().map_err(Clone::clone)?;
            let ev = astro
                .evening(&site.observer, *date)
                .map_err(|e| e.to_string())?;
            serde_json::to_string(&record(*date, site, &ev, limits)).map_err(|e| e.to_string())
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

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn rejects_bad_arguments_clearly() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let err = |a: &[&str]| match parse_args(&args(a), &data) {
            Err(e) => e,
            Ok(_) => panic!("{a:?} accepted"),
        };
        assert!(err(&["--date", "2024-13-01", "--site", "Sabang, Aceh"]).contains("invalid date"));
        assert!(err(&["--date", "2024-03-10", "--site", "Atlantis"]).contains("unknown site"));
        assert!(err(&["--date", "2024-03-10", "--lat", "1"]).contains("must all be given"));
        assert!(err(&[
            "--date",
            "2024-03-10",
            "--lat",
            "1",
            "--lon",
            "100",
            "--elev",
            "0",
            "--tz",
            "Mars/Base"
        ])
        .contains("unknown IANA time zone"));
        assert!(err(&["--frobnicate"]).contains("unknown argument"));
        assert!(matches!(
            parse_args(&args(&["--help"]), &data),
            Ok(Command::Help)
        ));
        assert!(matches!(
            parse_args(
                &args(&["--date", "2024-03-10", "--site", "sabang, aceh"]),
                &data
            ),
            Ok(Command::Single { .. })
        ));
    }

    #[test]
    fn help_states_the_criterion() {
        let text = help();
        assert!(text.contains(
            "flags (altitude >= 3.0, elongation >= 6.4: Neo-MABIMS (revised MABIMS criterion))."
        ));
        assert!(text.contains(r#"A bad row prints {"line": N, "error": "..."} in its place"#));
    }

    #[test]
    fn rounds_and_formats() {
        assert_eq!(r4(-0.000_01), 0.0);
        assert_eq!(r4(9.348_353), 9.3484);
        let t = DateTime::parse_from_rfc3339("1945-02-12T17:33:08.7396Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(iso_millis(t), "1945-02-12T17:33:08.740Z");
    }

    #[test]
    fn runs_single_and_batch() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        run(
            &args(&["--date", "1945-02-13", "--site", "Sabang, Aceh"]),
            &data,
        )
        .unwrap();
        let csv = std::env::temp_dir().join(format!("evening-batch-{}.csv", std::process::id()));
        std::fs::write(
            &csv,
            "date,lat,lon,elev_m,tz\n2024-03-10,-6.1,106.8,10,Asia/Jakarta\n2024-03-10,-8.6,116.1,5,Asia/Makassar\n",
        )
        .unwrap();
        let file = csv.to_string_lossy().to_string();
        run(&args(&["--batch", &file]), &data).unwrap();
        std::fs::write(
            &csv,
            "date,lat,lon,elev_m,tz\n2024-03-10,x,106.8,10,Asia/Jakarta\n",
        )
        .unwrap();
        let err = run(&args(&["--batch", &file]), &data).unwrap_err();
        assert!(err.contains("1 of 1 rows failed"), "{err}");
        let err = run(&args(&["--batch", &file, "--strict"]), &data).unwrap_err();
        std::fs::remove_file(&csv).ok();
        assert!(err.contains(":2:") && err.contains("lat"), "{err}");
    }
}
