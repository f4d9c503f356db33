//! The decreed days off as committed (`data/holidays/`): `decrees.csv` (every decree with its
//! number, date, source and what it changed) and `days.csv` (every day of the final,
//! amended decrees), read and checked here, and written back by `announce-holidays`. The
//! format is documented in `data/holidays/README.md`; every error names its file and line.

use std::path::{Path, PathBuf};

use hijri::date::Date;
use hijri::holiday;
use hijri::schema::{DayKind, DecreeKind};

use crate::csv;
use crate::inputs::InputError;

/// Where the facts live under `data/`.
pub const DIR: &str = "holidays";
/// Header of `decrees.csv`.
const DECREES_HEADER: &str = "id,year,kind,number,date,title,source,change,partial";
/// Header of `days.csv`.
const DAYS_HEADER: &str = "date,kind,slug,decree,replaces";

/// One decree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecreeRow {
    /// Its key, e.g. `skb-2023-a1`.
    pub id: String,
    /// The year whose days it sets.
    pub year: u16,
    /// SKB, amendment or Keppres.
    pub kind: DecreeKind,
    /// Its number as written.
    pub number: String,
    /// The date signed.
    pub date: Date,
    /// Its short title.
    pub title: String,
    /// Where it is published, URLs separated by ` ; `.
    pub source: String,
    /// What it changed (empty for a year's SKB).
    pub change: String,
    /// True if it was taken as partial (`announce-holidays --partial`): the holidays in force
    /// that its year's days leave out after it are predicted, not refused.
    pub partial: bool,
}

/// One day of a final decree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayRow {
    /// The day.
    pub date: Date,
    /// National holiday or cuti bersama.
    pub kind: DayKind,
    /// The holiday (or the one a cuti bersama accompanies).
    pub slug: String,
    /// The id of the decree that set it in its final form.
    pub decree: String,
    /// The date it had in its year's first decree, if an amendment moved it.
    pub replaces: Option<Date>,
}

/// The committed facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// Every decree, by year, then date signed.
    pub decrees: Vec<DecreeRow>,
    /// Every day, by date, kind, slug.
    pub days: Vec<DayRow>,
}

/// The decree kinds as the file names them.
const DECREE_KINDS: [(DecreeKind, &str); 3] = [
    (DecreeKind::Skb, "skb"),
    (DecreeKind::Amendment, "skb_amendment"),
    (DecreeKind::Keppres, "keppres"),
];

/// The name of a decree kind in the file.
pub fn decree_kind_name(kind: DecreeKind) -> &'static str {
    DECREE_KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("skb", |(_, name)| name)
}

/// The decree kind a name names.
pub fn decree_kind(name: &str) -> Option<DecreeKind> {
    DECREE_KINDS
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(kind, _)| *kind)
}

fn error(path: &Path, line: Option<usize>, message: impl Into<String>) -> InputError {
    InputError {
        path: path.to_owned(),
        line,
        message: message.into(),
    }
}

/// The rows of a table after its header, each with its line number.
fn rows(path: &Path, header: &str) -> Result<Vec<(usize, Vec<String>)>, InputError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| error(path, None, format!("cannot read: {e}")))?;
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l.trim()) != Some(header) {
        return Err(error(path, Some(1), format!("expected header {header}")));
    }
    let width = header.split(',').count();
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let at = |m: String| error(path, Some(index + 1), m);
            let fields = csv::fields(line).ok_or_else(|| at("badly quoted field".into()))?;
            if fields.len() != width {
                return Err(at(format!("expected {width} fields ({header})")));
            }
            Ok((index + 1, fields))
        })
        .collect()
}

/// The paths of the two files under `data_dir`.
pub fn paths(data_dir: &Path) -> (PathBuf, PathBuf) {
    let dir = data_dir.join(DIR);
    (dir.join("decrees.csv"), dir.join("days.csv"))
}

/// Reads and checks both files under `data_dir`.
pub fn load(data_dir: &Path) -> Result<Facts, InputError> {
    let (decrees_path, days_path) = paths(data_dir);
    let decrees = rows(&decrees_path, DECREES_HEADER)?
        .into_iter()
        .map(|(line, f)| decree_row(&f).map_err(|m| error(&decrees_path, Some(line), m)))
        .collect::<Result<Vec<_>, _>>()?;
    let days = rows(&days_path, DAYS_HEADER)?
        .into_iter()
        .map(|(line, f)| day_row(&f).map_err(|m| error(&days_path, Some(line), m)))
        .collect::<Result<Vec<_>, _>>()?;
    let facts = Facts { decrees, days };
    facts
        .check_decrees()
        .map_err(|(index, m)| error(&decrees_path, Some(index + 2), m))?;
    facts
        .check_days()
        .map_err(|(index, m)| error(&days_path, Some(index + 2), m))?;
    Ok(facts)
}

fn decree_row(fields: &[String]) -> Result<DecreeRow, String> {
    let [id, year, kind, number, date, title, source, change, partial] = fields else {
        return Err("expected 9 fields".into());
    };
    let partial = match partial.as_str() {
        "" => false,
        "partial" => true,
        other => return Err(format!("partial is empty or \"partial\", got {other:?}")),
    };
    let year: u16 = year.parse().map_err(|_| format!("bad year {year:?}"))?;
    let kind = decree_kind(kind).ok_or_else(|| {
        format!("unknown decree kind {kind:?}; the kinds are skb, skb_amendment, keppres")
    })?;
    let date = Date::parse_iso(date).ok_or_else(|| format!("bad date {date:?}"))?;
    if id.trim().is_empty() || id.contains(char::is_whitespace) {
        return Err(format!("bad id {id:?}"));
    }
    Ok(DecreeRow {
        id: id.clone(),
        year,
        kind,
        number: number.clone(),
        date,
        title: title.clone(),
        source: source.clone(),
        change: change.clone(),
        partial,
    })
}

fn day_row(fields: &[String]) -> Result<DayRow, String> {
    let [date, kind, slug, decree, replaces] = fields else {
        return Err("expected 5 fields".into());
    };
    let date = Date::parse_iso(date).ok_or_else(|| format!("bad date {date:?}"))?;
    let kind = DayKind::parse(kind).ok_or_else(|| {
        format!("unknown kind {kind:?}; the kinds are libur_nasional, cuti_bersama")
    })?;
    if holiday::by_slug(slug).is_none() {
        return Err(format!(
            "unknown holiday {slug:?} (see data/holidays/README.md)"
        ));
    }
    let replaces = match replaces.as_str() {
        "" => None,
        text => Some(Date::parse_iso(text).ok_or_else(|| format!("bad replaces {text:?}"))?),
    };
    Ok(DayRow {
        date,
        kind,
        slug: slug.clone(),
        decree: decree.clone(),
        replaces,
    })
}

impl Facts {
    /// The decree of an id.
    pub fn decree(&self, id: &str) -> Option<&DecreeRow> {
        self.decrees.iter().find(|d| d.id == id)
    }

    /// The decrees of `year`, by date signed (its SKB first).
    pub fn decrees_of(&self, year: u16) -> Vec<&DecreeRow> {
        self.decrees.iter().filter(|d| d.year == year).collect()
    }

    /// True if `year`'s days stand as partial: its last decree was taken as partial.
    pub fn partial(&self, year: u16) -> bool {
        self.decrees_of(year).last().is_some_and(|d| d.partial)
    }

    /// The years with a decree, first and last.
    pub fn years(&self) -> Option<(u16, u16)> {
        Some((self.decrees.first()?.year, self.decrees.last()?.year))
    }

    /// Both checks of [`load`] on facts built in memory (by `announce-holidays`), the error
    /// naming the offending row.
    pub fn check(&self) -> Result<(), String> {
        self.check_decrees()
            .map_err(|(index, m)| format!("decrees.csv row {}: {m}", index + 2))?;
        self.check_days()
            .map_err(|(index, m)| format!("days.csv row {}: {m}", index + 2))
    }

    /// Decrees: unique ids, by year then date, each year's first one its only SKB, the
    /// years consecutive. The error is the offending row's index.
    fn check_decrees(&self) -> Result<(), (usize, String)> {
        for (index, decree) in self.decrees.iter().enumerate() {
            let fail = |m: String| Err((index, m));
            if self.decrees.iter().take(index).any(|d| d.id == decree.id) {
                return fail(format!("decree {} listed twice", decree.id));
            }
            let before = index.checked_sub(1).and_then(|i| self.decrees.get(i));
            let first_of_year = before.is_none_or(|b| b.year != decree.year);
            if let Some(before) = before {
                if (before.year, before.date) > (decree.year, decree.date) {
                    return fail("not sorted by year, then date".into());
                }
                if first_of_year && before.year + 1 != decree.year {
                    return fail(format!("no decree for {}", before.year + 1));
                }
            }
            if first_of_year != (decree.kind == DecreeKind::Skb) {
                return fail(format!(
                    "{}: a year's first decree is its SKB, and it has one",
                    decree.id
                ));
            }
        }
        Ok(())
    }

    /// Days: sorted by date, kind, slug and each once, set by a decree of their year, moved
    /// only from a day of that year.
    fn check_days(&self) -> Result<(), (usize, String)> {
        for (index, day) in self.days.iter().enumerate() {
            let fail = |m: String| Err((index, m));
            let year = day.date.ymd().0;
            let Some(decree) = self.decree(&day.decree) else {
                return fail(format!("unknown decree {}", day.decree));
            };
            if i32::from(decree.year) != year {
                return fail(format!("{} sets the days of {}", decree.id, decree.year));
            }
            if day.replaces.is_some_and(|r| r.ymd().0 != year) {
                return fail("replaces a day of another year".into());
            }
            let key = |d: &DayRow| (d.date, d.kind, d.slug.clone());
            if let Some(before) = index.checked_sub(1).and_then(|i| self.days.get(i)) {
                if key(before) >= key(day) {
                    return fail("not after the day before it (date, kind, slug), or twice".into());
                }
            }
        }
        Ok(())
    }

    /// `decrees.csv` as written.
    pub fn decrees_csv(&self) -> String {
        let mut text = format!("{DECREES_HEADER}\n");
        for d in &self.decrees {
            let fields = [
                d.id.clone(),
                d.year.to_string(),
                decree_kind_name(d.kind).to_owned(),
                d.number.clone(),
                d.date.to_string(),
                d.title.clone(),
                d.source.clone(),
                d.change.clone(),
                if d.partial { "partial" } else { "" }.to_owned(),
            ];
            let line: Vec<String> = fields.iter().map(|f| csv::field(f)).collect();
            text.push_str(&line.join(","));
            text.push('\n');
        }
        text
    }

    /// `days.csv` as written.
    pub fn days_csv(&self) -> String {
        let mut text = format!("{DAYS_HEADER}\n");
        for d in &self.days {
            let replaces = d.replaces.map(|r| r.to_string()).unwrap_or_default();
            let fields = [
                d.date.to_string(),
                d.kind.name().to_owned(),
                d.slug.clone(),
                d.decree.clone(),
                replaces,
            ];
            let line: Vec<String> = fields.iter().map(|f| csv::field(f)).collect();
            text.push_str(&line.join(","));
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
    }

    #[test]
    fn the_committed_facts_read_and_write_back_byte_for_byte() {
        let facts = load(&data()).unwrap();
        let (decrees, days) = paths(&data());
        assert_eq!(
            facts.decrees_csv(),
            std::fs::read_to_string(decrees).unwrap()
        );
        assert_eq!(facts.days_csv(), std::fs::read_to_string(days).unwrap());
        // The years are those of the days: the first day's and the last day's.
        let year = |day: Option<&DayRow>| day.and_then(|d| u16::try_from(d.date.ymd().0).ok());
        assert_eq!(
            facts.years(),
            year(facts.days.first()).zip(year(facts.days.last()))
        );
    }
}
