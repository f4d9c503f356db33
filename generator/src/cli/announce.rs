//! `hijri-generate announce`: the command line of [`crate::announce`]. Reads the committed
//! facts, applies the announced starts, writes the official table, its coverage and the
//! ledger back (each file atomically, none unless every announced month is acceptable), and
//! prints one JSON line per month.

use std::io::Write;
use std::path::Path;

use clap::Args;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::registry::{self, Authority};
use hijri::rules::Family;
use hijri::schema::{Chain, Month};
use hijri::span;
use hijri_astro::Astro;

use crate::announce::{apply, apply_published, moved, Applied};
use crate::calendars::{self, sites, Context, Published};
use crate::inputs::{self, Correction, OfficialTable};
use crate::writer::write_atomically;

/// The subcommand's description.
const ABOUT: &str = "\
Takes announced month starts into a calendar's published table (months.csv, coverage.csv,
corrections.csv): DIR/official for the government's (--authority kemenag, the default),
DIR/official/muhammadiyah for Muhammadiyah's maklumat (--authority muhammadiyah), DIR being
--data. Each pair is a Hijri month and its announced first day.

  new month    the month after the table's last month is appended; the length of the
               month before it follows from the new start (Muhammadiyah's table lists
               the months it announced: any month from its first on is added in order)
  correction   a month already in the table moves to the new start (sidang isbat); the
               lengths of the month before it and of the month itself follow
  ledger       a start that differs from the one the service was serving (official or
               computed) is appended to corrections.csv, with the months whose start or
               length the announcement moved (the month chain before and after it
               compared): /meta's divergences and table_version, the divergence warning
               and the iCalendar SEQUENCE of the events in those months come from it

Refused, with no file changed: a malformed pair, a month length other than 29 or 30, a gap
after the government's table, a month before the table's first, a start that moves by more than one day from the one served, a coverage
end outside the last month. Prints one JSON line per month: month, start, previous_start
(the start served before), delta_days, tier_before. Then regenerate (make generate, which
re-renders only the cards whose inputs changed) and send the server SIGHUP.";

/// Examples at the end of `announce --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate announce 1448-09=2027-02-07 --note \"Sidang isbat 2027-02-06, Kemenag RI\"
  hijri-generate --data /srv/hijri/data announce 1448-08=2027-01-09 1448-09=2027-02-07 \\
      --coverage-end 2027-03-01 --note \"Kalender Hijriah 1448, Kemenag RI\"
  hijri-generate announce --authority muhammadiyah 1448-09=2027-02-08 \\
      --note \"Maklumat PP Muhammadiyah\"";

/// Take announced month starts into the official table, its coverage and the ledger
#[derive(Debug, Args)]
#[command(long_about = ABOUT, after_long_help = EXAMPLES)]
pub struct AnnounceArgs {
    /// A Hijri month and its announced first day (one or more)
    #[arg(value_name = "YYYY-MM=YYYY-MM-DD", required = true, value_parser = announced_pair)]
    announced: Vec<(HijriMonth, Date)>,
    /// The new end of the official coverage [default: the latest announced start
    /// + 28 days (every month has at least 29 days)]
    #[arg(long, value_name = "YYYY-MM-DD", verbatim_doc_comment)]
    coverage_end: Option<Date>,
    /// One line for the ledger (who announced, where)
    #[arg(long, value_name = "TEXT", value_parser = one_line)]
    note: Option<String>,
    /// The ledger's date [default: today in Asia/Jakarta]
    #[arg(long, value_name = "YYYY-MM-DD")]
    recorded_on: Option<Date>,
    /// The calendar whose published table takes the announcement: one decided at sites
    /// (kemenag) or on the conjunction (muhammadiyah); a calendar given by a table or by
    /// arithmetic (ummalqura, tabular) takes none
    #[arg(long, value_name = "ID", default_value = registry::DEFAULT)]
    authority: String,
}

/// An announcement on the command line: `YYYY-MM=YYYY-MM-DD`, a Hijri month and its first
/// day.
fn announced_pair(text: &str) -> Result<(HijriMonth, Date), String> {
    let (month, start) = text.split_once('=').ok_or_else(|| {
        format!("expected YYYY-MM=YYYY-MM-DD (Hijri month = its first day), got {text:?}")
    })?;
    let month = month.parse::<HijriMonth>().map_err(|e| e.to_string())?;
    let start = start.parse::<Date>().map_err(|e| e.to_string())?;
    Ok((month, start))
}

/// A ledger note: one line.
fn one_line(text: &str) -> Result<String, String> {
    if text.contains(['\n', '\r']) {
        return Err("the note must be one line".into());
    }
    Ok(text.to_owned())
}

/// Runs the subcommand on the facts in `data_dir` (the global `--data`).
pub fn run(args: AnnounceArgs, data_dir: &Path) -> Result<(), String> {
    let sites = inputs::load_sites(&data_dir.join("sites.json")).map_err(|e| e.to_string())?;
    let calendars = registry::all(sites.len());
    let known: Vec<&str> = calendars.iter().map(|a| a.id.as_str()).collect();
    let unknown = format!(
        "unknown calendar {:?}; the calendars are {}",
        args.authority,
        known.join(", ")
    );
    let authority = calendars
        .iter()
        .find(|a| a.id.eq_ignore_ascii_case(&args.authority))
        .ok_or(unknown)?;
    let not_announced = || {
        format!(
            "{} takes no announcements: its months are given by its table or its rule, not \
             announced month by month",
            authority.id
        )
    };
    let family = authority.rules.first().map(|span| span.rule.family());
    let (Some(source), Some(family)) = (authority.table, family) else {
        return Err(not_announced());
    };
    let published = Published::read(data_dir, source).map_err(|e| e.to_string())?;
    let (coverage_first, coverage_last) = published
        .coverage
        .ok_or_else(|| format!("{} has no coverage file", authority.id))?;
    let official = data_dir.join(source.dir);
    let (months_path, coverage_path) = (official.join("months.csv"), official.join("coverage.csv"));
    // Only the announced calendar's chain is compared with: the others' do not move.
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let ctx = Context {
        data_dir,
        astro: &astro,
        sites: &sites,
        span: (span::FIRST, span::LAST),
    };
    let served =
        &calendars::build(&ctx, authority.clone(), &mut || {}).map_err(|e| e.to_string())?;
    let table = &published.table;
    let (applied, after) = match family {
        Family::Sites => {
            let applied = apply(
                &table.months,
                coverage_last,
                served,
                &args.announced,
                args.coverage_end,
            )?;
            let after = sites_after(&applied, served, table, &ctx, authority)?;
            (applied, after)
        }
        Family::Conjunction => apply_published(
            &table.months,
            coverage_last,
            served,
            &args.announced,
            args.coverage_end,
        )?,
        Family::Given => return Err(not_announced()),
    };
    let moved_months = moved(&served.months, &after);

    let recorded_on = args.recorded_on.unwrap_or_else(today_in_jakarta);
    let note = args.note.unwrap_or_default();
    let corrections: Vec<Correction> = applied
        .corrections
        .iter()
        .map(|&(month, delta_days)| Correction {
            month,
            delta_days,
            recorded_on,
            // The corrected month itself moved, so the chains differ at least there.
            moved: moved_months.unwrap_or((month.previous(), month)),
            note: note.clone(),
        })
        .collect();
    let write = |path: &Path, text: &str| {
        write_atomically(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(&months_path, &inputs::months_csv(&applied.table))?;
    write(
        &coverage_path,
        &inputs::coverage_csv(coverage_first, applied.coverage_last),
    )?;
    if !applied.corrections.is_empty() {
        write(
            &official.join("corrections.csv"),
            &published.ledger.appended(&corrections),
        )?;
    }
    let mut stdout = std::io::stdout().lock();
    for outcome in &applied.outcomes {
        let line = serde_json::to_string(outcome).map_err(|e| e.to_string())?;
        writeln!(stdout, "{line}").map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}

/// The chain of a calendar decided at sites that the new facts give (its months follow each
/// other, so a correction may move the computed months after it); the served months when
/// nothing moved.
fn sites_after(
    applied: &Applied,
    served: &Chain,
    table: &OfficialTable,
    ctx: &Context,
    authority: &Authority,
) -> Result<Vec<Month>, String> {
    if applied.corrections.is_empty() {
        return Ok(served.months.clone());
    }
    let table = OfficialTable {
        months: applied.table.clone(),
        data_version: table.data_version.clone(),
    };
    sites::months(ctx, authority, &table, &mut || {}).map_err(|e| e.to_string())
}

/// Today's date in Western Indonesia, where the announcements are made.
fn today_in_jakarta() -> Date {
    Date::from(
        chrono::Utc::now()
            .with_timezone(&chrono_tz::Asia::Jakarta)
            .date_naive(),
    )
}
