//! The committed facts: the observation sites, the official month table, its coverage and
//! the correction ledger. Each file's format lives here, read and (for the files `announce`
//! edits) written.
//!
//! Every error names the file (and the line, for the tables) so a bad edit is easy to find.

use std::fmt;
use std::path::{Path, PathBuf};

use chrono_tz::Tz;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Divergence, Site};
use hijri::zone::Zone;
use hijri_astro::Observer;
use serde::Deserialize;

use crate::csv;

/// Why an input file could not be used.
#[derive(Debug)]
pub struct InputError {
    /// The file concerned.
    pub path: PathBuf,
    /// One-based line number, where the problem sits on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for InputError {}

fn error(path: &Path, line: Option<usize>, message: impl Into<String>) -> InputError {
    InputError {
        path: path.to_owned(),
        line,
        message: message.into(),
    }
}

/// Checks that a table's first line is `header` (surrounding white space ignored).
fn expect_header(path: &Path, first: Option<&str>, header: &str) -> Result<(), InputError> {
    if first.map(str::trim) == Some(header) {
        Ok(())
    } else {
        Err(error(path, Some(1), format!("expected header {header}")))
    }
}

fn read(path: &Path) -> Result<String, InputError> {
    std::fs::read_to_string(path).map_err(|e| error(path, None, format!("cannot read: {e}")))
}

/// An observation site with its parsed time zone.
#[derive(Debug, Clone)]
pub struct SiteInput {
    /// The site as archived.
    pub site: Site,
    /// Its IANA zone.
    pub tz: Tz,
}

impl SiteInput {
    /// An archived site (a rule's place) with its zone read; the error names the zone.
    pub fn parse(site: &Site) -> Result<SiteInput, String> {
        let tz = site
            .tz
            .parse()
            .map_err(|_| format!("time zone {}", site.tz))?;
        Ok(SiteInput {
            site: site.clone(),
            tz,
        })
    }

    /// The site as the astronomy observes from it, in its civil time as the contract names
    /// it (WIB, WITA, WIT: fixed offsets, not the zones' history).
    pub fn observer(&self) -> Observer<Zone> {
        Observer {
            lat_deg: self.site.lat,
            lon_deg: self.site.lon,
            elev_m: f64::from(self.site.elev_m),
            tz: Zone::civil(self.tz),
        }
    }
}

#[derive(Deserialize)]
struct SitesFile {
    sites: Vec<SiteRow>,
}

#[derive(Deserialize)]
struct SiteRow {
    name: String,
    lat: f64,
    lon: f64,
    elev_m: i32,
    tz: String,
}

/// Reads `sites.json` (`{"sites": [{name, lat, lon, elev_m, tz}]}`), keeping its order.
pub fn load_sites(path: &Path) -> Result<Vec<SiteInput>, InputError> {
    let file: SitesFile = serde_json::from_str(&read(path)?)
        .map_err(|e| error(path, Some(e.line()), format!("malformed sites file: {e}")))?;
    if file.sites.is_empty() {
        return Err(error(path, None, "no sites"));
    }
    file.sites
        .into_iter()
        .map(|row| {
            let tz: Tz = row.tz.parse().map_err(|_| {
                error(
                    path,
                    None,
                    format!("site {:?}: unknown time zone {:?}", row.name, row.tz),
                )
            })?;
            if !(-90.0..=90.0).contains(&row.lat) || !(-180.0..=180.0).contains(&row.lon) {
                return Err(error(
                    path,
                    None,
                    format!("site {:?}: coordinates out of range", row.name),
                ));
            }
            Ok(SiteInput {
                site: Site {
                    name: row.name,
                    lat: row.lat,
                    lon: row.lon,
                    elev_m: row.elev_m,
                    tz: row.tz,
                },
                tz,
            })
        })
        .collect()
}

/// One row of the official table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfficialMonth {
    /// Hijri year and month.
    pub month: HijriMonth,
    /// Gregorian day 1.
    pub start: Date,
    /// 29 or 30; `None` only on the last row, where the table ends mid-month.
    pub length: Option<u8>,
}

/// The official table with its identity.
#[derive(Debug, Clone)]
pub struct OfficialTable {
    /// Contiguous months, oldest first.
    pub months: Vec<OfficialMonth>,
    /// Short hash of the file's bytes (the archive's `data_version`).
    pub data_version: String,
}

/// Header of `official/months.csv`.
const MONTHS_HEADER: &str = "hijri_year,hijri_month,gregorian_start,length";

/// Reads and checks `official/months.csv` (`hijri_year,hijri_month,gregorian_start,length`):
/// consecutive Hijri months, lengths 29 or 30, each start the day after the previous month
/// ends, a length on every row but the last.
pub fn load_official(path: &Path) -> Result<OfficialTable, InputError> {
    load_table(path, true)
}

/// Reads and checks a published table with gaps (`official/<authority>/months.csv`, the same
/// format): months in increasing order, some of them left out; a row's length, when given,
/// is the distance to the next row's start, which must then be the next month.
pub fn load_published(path: &Path) -> Result<OfficialTable, InputError> {
    load_table(path, false)
}

/// Reads a table of month starts; `contiguous` asks for every month in a row.
fn load_table(path: &Path, contiguous: bool) -> Result<OfficialTable, InputError> {
    let text = read(path)?;
    let mut lines = text.lines().enumerate();
    expect_header(path, lines.next().map(|(_, line)| line), MONTHS_HEADER)?;
    let mut months: Vec<OfficialMonth> = Vec::new();
    for (index, line) in lines {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let at = |message: String| error(path, Some(number), message);
        if contiguous && months.last().is_some_and(|m| m.length.is_none()) {
            return Err(at("only the last row may leave the length empty".into()));
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [year, month, start, length] = fields[..] else {
            return Err(at(format!("expected 4 fields, found {}", fields.len())));
        };
        let year: u16 = year
            .parse()
            .map_err(|_| at(format!("bad hijri_year {year:?}")))?;
        let month: u8 = month
            .parse()
            .ok()
            .filter(|m| (1..=12).contains(m))
            .ok_or_else(|| at(format!("bad hijri_month {month:?}")))?;
        let start =
            Date::parse_iso(start).ok_or_else(|| at(format!("bad gregorian_start {start:?}")))?;
        let length = match length {
            "" => None,
            l => Some(
                l.parse::<u8>()
                    .ok()
                    .filter(|l| *l == 29 || *l == 30)
                    .ok_or_else(|| at(format!("length must be 29 or 30, found {l:?}")))?,
            ),
        };
        let this = OfficialMonth {
            month: HijriMonth { year, month },
            start,
            length,
        };
        if let Some(previous) = months.last() {
            let follows = this.month == previous.month.next();
            if (contiguous || previous.length.is_some()) && !follows {
                return Err(at(format!(
                    "month {year}-{month:02} does not follow the previous row"
                )));
            }
            if !contiguous && this.month <= previous.month {
                return Err(at(format!(
                    "month {year}-{month:02} comes after a later or equal month"
                )));
            }
            let expected = previous
                .start
                .add_days(i32::from(previous.length.unwrap_or(0)));
            if follows && previous.length.is_some() && this.start != expected {
                return Err(at(format!(
                    "gap or overlap: {year}-{month:02} starts {start}, the previous month ends the day before {expected}"
                )));
            }
            let gap = this.start.0 - previous.start.0;
            if follows && previous.length.is_none() && !(29..=30).contains(&gap) {
                return Err(at(format!(
                    "{year}-{month:02} starts {gap} days after the previous month, not 29 or 30"
                )));
            }
        }
        months.push(this);
    }
    if months.is_empty() {
        return Err(error(path, None, "the table has no months"));
    }
    Ok(OfficialTable {
        months,
        data_version: hijri::fingerprint::short_id(text.as_bytes()),
    })
}

/// The text of `official/months.csv` for these months (the format [`load_official`] reads).
pub fn months_csv(months: &[OfficialMonth]) -> String {
    let mut text = format!("{MONTHS_HEADER}\n");
    for m in months {
        let length = m.length.map(|l| l.to_string()).unwrap_or_default();
        text.push_str(&format!(
            "{},{},{},{length}\n",
            m.month.year, m.month.month, m.start
        ));
    }
    text
}

/// Header of `official/coverage.csv`.
const COVERAGE_HEADER: &str = "first,last";

/// The text of `official/coverage.csv` (the format [`load_coverage`] reads).
pub fn coverage_csv(first: Date, last: Date) -> String {
    format!("{COVERAGE_HEADER}\n{first},{last}\n")
}

/// The last day of the table's last month that is certainly in it: its length when the
/// table gives one, else day 29 (every month has at least 29 days).
pub fn last_certain_day(table: &[OfficialMonth]) -> Option<Date> {
    let tail = table.last()?;
    Some(
        tail.start
            .add_days(i32::from(tail.length.unwrap_or(29)) - 1),
    )
}

/// Reads `official/coverage.csv` (`first,last`): the Gregorian days the table is
/// authoritative for. `first` must be the table's first start and `last` must fall in its
/// last month, no later than [`last_certain_day`] (the table may end mid-month).
pub fn load_coverage(path: &Path, table: &OfficialTable) -> Result<(Date, Date), InputError> {
    let text = read(path)?;
    let mut lines = text.lines();
    expect_header(path, lines.next(), COVERAGE_HEADER)?;
    let row = lines.next().unwrap_or_default();
    let parsed: Vec<Option<Date>> = row.split(',').map(|f| Date::parse_iso(f.trim())).collect();
    let [Some(first), Some(last)] = parsed[..] else {
        return Err(error(
            path,
            Some(2),
            format!("expected two ISO dates, found {row:?}"),
        ));
    };
    let (Some(&head), Some(&tail)) = (table.months.first(), table.months.last()) else {
        return Err(error(path, Some(2), "the official table is empty"));
    };
    let tail_end = last_certain_day(&table.months).unwrap_or(tail.start);
    if first != head.start || last < tail.start || last > tail_end {
        return Err(error(
            path,
            Some(2),
            format!(
                "coverage {first}..{last} does not match the table ({} to the month of {})",
                head.start, tail.start
            ),
        ));
    }
    Ok((first, last))
}

/// Header of `official/corrections.csv`.
const LEDGER_HEADER: &str = "hijri_month,delta_days,recorded_on,moved,note";

/// One entry of the correction ledger: a month whose start moved after the service had
/// served it (from the official table or computed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// The corrected month.
    pub month: HijriMonth,
    /// Days by which its start moved (new start minus the start served before).
    pub delta_days: i8,
    /// The day the correction was recorded.
    pub recorded_on: Date,
    /// The first and last months whose start or length the announcement moved (written
    /// `YYYY-MM..YYYY-MM`): the events in them get a higher iCalendar `SEQUENCE`.
    pub moved: (HijriMonth, HijriMonth),
    /// Free text: who announced it, where.
    pub note: String,
}

/// The correction ledger, oldest entry first, with the file's bytes (its identity).
#[derive(Debug, Clone)]
pub struct Ledger {
    /// The entries in file order (oldest first).
    pub entries: Vec<Correction>,
    /// The file's text, which [`Ledger::table_version`] hashes and `announce` appends to.
    pub text: String,
}

impl Ledger {
    /// `none` for an empty ledger, else `<count>-<short hash of the file>`.
    pub fn table_version(&self) -> String {
        if self.entries.is_empty() {
            "none".into()
        } else {
            format!(
                "{}-{}",
                self.entries.len(),
                hijri::fingerprint::short_id(self.text.as_bytes())
            )
        }
    }

    /// The archive's divergences, newest first.
    pub fn divergences(&self) -> Vec<Divergence> {
        self.entries
            .iter()
            .rev()
            .map(|c| Divergence {
                month: c.month,
                delta_days: c.delta_days,
                moved: [c.moved.0, c.moved.1],
            })
            .collect()
    }

    /// The file's text with `entries` appended, in order.
    pub fn appended(&self, entries: &[Correction]) -> String {
        let mut text = self.text.clone();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        for entry in entries {
            text.push_str(&format!(
                "{},{},{},{}..{},{}\n",
                entry.month,
                entry.delta_days,
                entry.recorded_on,
                entry.moved.0,
                entry.moved.1,
                csv::field(&entry.note)
            ));
        }
        text
    }
}

/// Reads `official/corrections.csv` (`hijri_month,delta_days,recorded_on,moved,note`;
/// `moved` is `YYYY-MM..YYYY-MM` around the corrected month; fields as RFC 4180 quotes them,
/// [`csv::fields`]).
pub fn load_ledger(path: &Path) -> Result<Ledger, InputError> {
    let text = read(path)?;
    let mut lines = text.lines().enumerate();
    expect_header(path, lines.next().map(|(_, line)| line), LEDGER_HEADER)?;
    let mut entries = Vec::new();
    for (index, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let at = |message: String| error(path, Some(index + 1), message);
        let fields = csv::fields(line).ok_or_else(|| at("badly quoted field".into()))?;
        let [month, delta, recorded, moved, note] = &fields[..] else {
            return Err(at(format!("expected 5 fields ({LEDGER_HEADER})")));
        };
        let month = HijriMonth::parse_iso(month.trim())
            .ok_or_else(|| at(format!("bad hijri_month {month:?}, expected YYYY-MM")))?;
        let delta_days = delta
            .trim()
            .parse::<i8>()
            .ok()
            .filter(|d| *d != 0 && d.abs() <= 1)
            .ok_or_else(|| at(format!("delta_days must be -1 or 1, found {delta:?}")))?;
        let recorded_on = Date::parse_iso(recorded.trim())
            .ok_or_else(|| at(format!("bad recorded_on {recorded:?}")))?;
        let moved = moved
            .trim()
            .split_once("..")
            .and_then(|(a, b)| Some((HijriMonth::parse_iso(a)?, HijriMonth::parse_iso(b)?)))
            .filter(|(first, last)| *first < month && month <= *last)
            .ok_or_else(|| {
                at(format!(
                    "bad moved {moved:?}, expected YYYY-MM..YYYY-MM from before {month} to it or later"
                ))
            })?;
        entries.push(Correction {
            month,
            delta_days,
            recorded_on,
            moved,
            note: note.clone(),
        });
    }
    Ok(Ledger { entries, text })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Result<OfficialTable, InputError> {
        let dir = std::env::temp_dir().join(format!("hijri-official-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!(
            "months-{}.csv",
            hijri::fingerprint::short_id(text.as_bytes())
        ));
        std::fs::write(&path, text).unwrap();
        let result = load_official(&path);
        std::fs::remove_file(&path).unwrap();
        result
    }

    const HEADER: &str = "hijri_year,hijri_month,gregorian_start,length\n";

    #[test]
    fn reads_a_contiguous_table() {
        let t = table(&format!(
            "{HEADER}1446,8,2025-01-31,29\n1446,9,2025-03-01,30\n1446,10,2025-03-31,\n"
        ))
        .unwrap();
        assert_eq!(t.months.len(), 3);
        assert_eq!(t.months[2].length, None);
        assert_eq!(t.months[1].start.to_string(), "2025-03-01");
    }

    #[test]
    fn names_the_line_of_a_gap() {
        let e = table(&format!(
            "{HEADER}1446,8,2025-01-31,29\n1446,9,2025-03-02,30\n"
        ))
        .unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(
            e.to_string().contains("months-") && e.to_string().contains(":3: gap or overlap"),
            "{e}"
        );
    }

    #[test]
    fn rejects_bad_rows() {
        for (body, line) in [
            ("1446,8,2025-01-31,31\n", 2),
            ("1446,13,2025-01-31,29\n", 2),
            ("1446,8,2025-02-30,29\n", 2),
            ("1446,8,2025-01-31\n", 2),
            ("1446,8,2025-01-31,29\n1446,10,2025-03-01,30\n", 3),
            ("1446,8,2025-01-31,\n1446,9,2025-03-01,30\n", 3),
        ] {
            let e = table(&format!("{HEADER}{body}")).unwrap_err();
            assert_eq!(e.line, Some(line), "{body:?}: {e}");
        }
        assert_eq!(table("year,month\n").unwrap_err().line, Some(1));
    }

    #[test]
    fn the_table_is_written_back_byte_for_byte() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/official");
        let text = std::fs::read_to_string(root.join("months.csv")).unwrap();
        let table = load_official(&root.join("months.csv")).unwrap();
        assert_eq!(months_csv(&table.months), text);
        let coverage = std::fs::read_to_string(root.join("coverage.csv")).unwrap();
        let (first, last) = load_coverage(&root.join("coverage.csv"), &table).unwrap();
        assert_eq!(coverage_csv(first, last), coverage);
    }

    #[test]
    fn the_ledger_round_trips_and_names_its_version() {
        let dir = std::env::temp_dir().join(format!("hijri-ledger-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("corrections.csv");
        std::fs::write(&path, format!("{LEDGER_HEADER}\n")).unwrap();
        let empty = load_ledger(&path).unwrap();
        assert_eq!(empty.table_version(), "none");
        assert!(empty.divergences().is_empty());
        let first = Correction {
            month: HijriMonth::parse_iso("1448-09").unwrap(),
            delta_days: 1,
            recorded_on: Date::parse_iso("2027-02-07").unwrap(),
            moved: (
                HijriMonth::parse_iso("1448-08").unwrap(),
                HijriMonth::parse_iso("1448-11").unwrap(),
            ),
            note: "Sidang isbat, Kemenag \"1 Ramadhan\", Jakarta".into(),
        };
        std::fs::write(&path, empty.appended(std::slice::from_ref(&first))).unwrap();
        let one = load_ledger(&path).unwrap();
        assert_eq!(one.entries, std::slice::from_ref(&first));
        let second = Correction {
            month: HijriMonth::parse_iso("1448-10").unwrap(),
            delta_days: -1,
            note: "plain".into(),
            ..first
        };
        std::fs::write(&path, one.appended(std::slice::from_ref(&second))).unwrap();
        let two = load_ledger(&path).unwrap();
        assert_eq!(two.entries.len(), 2);
        assert!(
            two.table_version().starts_with("2-"),
            "{}",
            two.table_version()
        );
        assert_eq!(two.table_version().len(), 2 + 12);
        assert_ne!(two.table_version(), one.table_version());
        let newest_first: Vec<_> = two
            .divergences()
            .iter()
            .map(|d| {
                let [from, to] = d.moved.map(|m| m.to_string());
                (d.month.to_string(), d.delta_days, from, to)
            })
            .collect();
        assert_eq!(
            newest_first,
            [
                ("1448-10".into(), -1, "1448-08".into(), "1448-11".into()),
                ("1448-09".into(), 1, "1448-08".into(), "1448-11".into())
            ]
        );
        for bad in [
            "1448-9,1,2027-02-07,1448-08..1448-09,x",
            "1448-09,2,2027-02-07,1448-08..1448-09,x",
            "1448-09,1,2027-2-7,1448-08..1448-09,x",
            "1448-09,1,2027-02-07,1448-09..1448-09,x",
            "1448-09,1,2027-02-07,1448-08..1448-08,x",
            "1448-09,1,2027-02-07,1448-08-1448-09,x",
            "1448-09,1,2027-02-07,x",
            "1448-09,1",
        ] {
            std::fs::write(&path, format!("{LEDGER_HEADER}\n{bad}\n")).unwrap();
            assert_eq!(load_ledger(&path).unwrap_err().line, Some(2), "{bad}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_committed_table_is_valid() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let t = load_official(&root.join("official/months.csv")).unwrap();
        assert_eq!(t.months.len(), 49);
        assert_eq!(t.months[0].start.to_string(), "2023-01-23");
        assert_eq!(
            t.months[0].month,
            HijriMonth {
                year: 1444,
                month: 7
            }
        );
        assert_eq!(
            t.months[48].month,
            HijriMonth {
                year: 1448,
                month: 7
            }
        );
        assert_eq!(t.months[48].start.to_string(), "2026-12-10");
        let sites = load_sites(&root.join("sites.json")).unwrap();
        assert_eq!(sites.len(), 25);
        assert_eq!(sites[0].site.name, "Sabang, Aceh");
    }
}
