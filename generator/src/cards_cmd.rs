//! `hijri-generate cards`: list the cards in an archive with their verdicts, or copy chosen
//! months' cards out of it as PNG files (how `docs/cards/` is made).

use std::io::Write;
use std::path::{Path, PathBuf};

use hijri::fixed::from_fixed;
use hijri::hijri::HijriMonth;
use hijri::schema::{ArchivedCalendar, ArchivedCardKind};
use rkyv::util::AlignedVec;

use crate::cards::verdict;

const HELP: &str = "\
usage: hijri-generate cards --list [--archive FILE]
       hijri-generate cards --month YYYY-MM [--month YYYY-MM ...] --out DIR [--archive FILE]

  --list      one line per target month with cards: evening, deciding site, verdict, values
  --month     a target Hijri month whose four cards to copy out
  --out       directory for hilal-<kind>[-bare]-<year>-<month>.png
  --archive   the archive to read (default: <data>/hijri.archive)
";

/// Runs the subcommand with the arguments that follow `cards`.
pub fn run(args: &[String], data_dir: &Path) -> Result<(), String> {
    let mut archive = data_dir.join("hijri.archive");
    let mut months = Vec::new();
    let mut out = None;
    let mut list = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--help" | "-h" => {
                return write!(std::io::stdout(), "{HELP}").map_err(|e| format!("stdout: {e}"));
            }
            "--list" => list = true,
            "--archive" => archive = PathBuf::from(value()?),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--month" => months.push(parse_month(&value()?)?),
            other => return Err(format!("unknown argument {other:?}\n{HELP}")),
        }
    }
    let bytes = read_aligned(&archive)?;
    let calendar =
        hijri::archive::open(&bytes).map_err(|e| format!("{}: {e}", archive.display()))?;
    if list {
        return print_list(calendar).map_err(|e| format!("stdout: {e}"));
    }
    let out = out.ok_or_else(|| format!("--out is required with --month\n{HELP}"))?;
    if months.is_empty() {
        return Err(format!("give --list or at least one --month\n{HELP}"));
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    for month in months {
        copy_month(calendar, month, &out)?;
    }
    Ok(())
}

fn parse_month(text: &str) -> Result<HijriMonth, String> {
    let bad = || format!("month {text:?} is not YYYY-MM");
    let (year, month) = text.split_once('-').ok_or_else(bad)?;
    let year: u16 = year.parse().map_err(|_| bad())?;
    let month: u8 = month
        .parse()
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(bad)?;
    Ok(HijriMonth { year, month })
}

fn read_aligned(path: &Path) -> Result<AlignedVec<16>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    Ok(aligned)
}

fn print_list(calendar: &ArchivedCalendar) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let years = calendar.header.card_years.map(|y| y.to_native());
    let limits = calendar.criterion.limits.get();
    for month in calendar.months.iter() {
        if !(years[0]..=years[1]).contains(&month.year.to_native()) {
            continue;
        }
        let evening = &month.evening;
        let deciding = usize::from(evening.deciding);
        let (Some(site), Some(values)) =
            (calendar.sites.get(deciding), evening.sites.get(deciding))
        else {
            return Err(std::io::Error::other(format!(
                "{}-{}: deciding site {deciding} is not in the archive",
                month.year, month.month
            )));
        };
        let values: hijri::schema::SiteEvening =
            rkyv::deserialize::<_, rkyv::rancor::BoxedError>(values)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        writeln!(
            out,
            "{:04}-{:02}  evening {}  {:<28} {:<18} alt {:>7.2}  elong {:>6.2}",
            month.year.to_native(),
            month.month,
            hijri::date::Date(evening.date.to_native()),
            site.name.as_str(),
            verdict(&values, limits).label(),
            from_fixed(values.moon_alt),
            from_fixed(values.elongation),
        )?;
    }
    Ok(())
}

fn copy_month(calendar: &ArchivedCalendar, month: HijriMonth, out: &Path) -> Result<(), String> {
    let cards: Vec<_> = calendar
        .cards
        .iter()
        .filter(|c| c.year.to_native() == month.year && c.month == month.month)
        .collect();
    if cards.is_empty() {
        return Err(format!(
            "the archive has no cards for {}-{:02}",
            month.year, month.month
        ));
    }
    for card in cards {
        let kind = match card.kind {
            ArchivedCardKind::Viz => "viz",
            ArchivedCardKind::Map => "map",
        };
        let bare = if card.bare { "-bare" } else { "" };
        let path = out.join(format!(
            "hilal-{kind}{bare}-{}-{:02}.png",
            month.year, month.month
        ));
        std::fs::write(&path, card.png.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        writeln!(std::io::stdout(), "{}", path.display()).map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}
