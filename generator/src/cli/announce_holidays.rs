//! `hijri-generate announce-holidays`: the command line of [`crate::holidays::announce`].
//! Reads the committed days off, takes one decree with its days and moves, writes
//! `decrees.csv` and `days.csv` back (each atomically, neither unless the decree is
//! acceptable), and prints one JSON line per added or moved day.

use std::io::Write;
use std::path::Path;

use clap::Args;
use hijri::date::Date;
use hijri::schema::DecreeKind;

use crate::holidays::announce::{announce, default_id, parse_day, parse_move, Move, NewDay};
use crate::holidays::facts::{self, decree_kind, DecreeRow};
use crate::holidays::{check, predict};
use crate::writer::write_atomically;

/// The subcommand's description.
const ABOUT: &str = "\
Takes a decree on the days off into DIR/holidays (decrees.csv, days.csv), DIR being --data:
the year's SKB 3 Menteri with its days (--kind skb, the year after the last decreed one), an
amendment that adds or moves days (--kind skb_amendment), or a presidential decree that adds
a national holiday (--kind keppres).

  --day       a day the decree sets: its date, libur_nasional or cuti_bersama, and the
              holiday's slug (data/holidays/README.md lists them)
  --move      a day the decree moves, from its date now to its new one (with :KIND:SLUG
              where the first date holds several days); it keeps the date
              of its year's first decree (replaces), so its feed UID stays the same, and
              its SEQUENCE in /holidays.ics rises; every other day keeps its own

The year's days are then checked against the government's calendar (the chain the holidays
are predicted with, built from --data): every national holiday in force that year must be
among them, and every Islamic holiday at most one day from the date the calendar gives it.
A decree that leaves holidays out is taken only with --partial: the holidays it leaves out
stay predicted (their days status predicted, the year's answers with a `partial` warning)
until an amendment lists them; an amendment that still leaves some out needs --partial too.

Refused, with no file changed: a date outside --year, an unknown kind or holiday, a day
already decreed (or given twice), a decree id already used, a second SKB for a year, an
amendment before the year's SKB, a decree signed before the year's last decree, a move from
a date that holds no day (or several), a year that leaves out a holiday in force (without
--partial; the message lists them with their predicted dates), --partial on a year that
leaves none out, an Islamic holiday more than one day from the calendar's date (the message
names it, its date and the calendar's). Prints one JSON line per day: change (added, moved),
date, kind, slug, decree, replaces. Then regenerate (make generate: no card is re-rendered)
and send the server SIGHUP.";

/// Examples at the end of `announce-holidays --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate announce-holidays --year 2027 --kind skb_amendment --signed 2027-05-10 \\
      --number \"700 Tahun 2027; 1 Tahun 2027; 1 Tahun 2027\" \\
      --title \"Perubahan atas Keputusan Bersama ... Tahun 2027\" \\
      --source https://www.kemenag.go.id/ --change \"Idul Adha moved to 17 May (isbat)\" \\
      --move 2027-05-16=2027-05-17
  hijri-generate announce-holidays --year 2029 --kind keppres --id keppres-2029-pemilu \\
      --signed 2029-02-01 --number \"Keppres 5 Tahun 2029\" --title \"Hari Pemungutan Suara\" \\
      --source https://www.setneg.go.id/ --change \"Election day a national holiday\" \\
      --day 2029-02-14=libur_nasional:pemilu";

/// Take a decree on the days off (SKB, amendment, Keppres) into data/holidays
#[derive(Debug, Args)]
#[command(long_about = ABOUT, after_long_help = EXAMPLES)]
pub struct AnnounceHolidaysArgs {
    /// The Gregorian year whose days the decree sets
    #[arg(long, value_name = "YYYY")]
    year: u16,
    /// skb, skb_amendment or keppres
    #[arg(long, value_name = "KIND", value_parser = kind)]
    kind: DecreeKind,
    /// The decree's key in decrees.csv [default: skb-YYYY, or skb-YYYY-aN for
    /// the year's N-th amendment; a Keppres needs one]
    #[arg(long, value_name = "ID", value_parser = id, verbatim_doc_comment)]
    id: Option<String>,
    /// Its number as written (the three ministries' numbers for an SKB)
    #[arg(long, value_name = "TEXT", value_parser = one_line)]
    number: String,
    /// The date it was signed
    #[arg(long, value_name = "YYYY-MM-DD")]
    signed: Date,
    /// Its title
    #[arg(long, value_name = "TEXT", value_parser = one_line)]
    title: String,
    /// Where it is published (URLs separated by " ; ")
    #[arg(long, value_name = "URLS", value_parser = one_line)]
    source: String,
    /// What it changed, one line (required for an amendment or a Keppres)
    #[arg(long, value_name = "TEXT", value_parser = one_line)]
    change: Option<String>,
    /// A day it sets (repeatable)
    #[arg(long = "day", value_name = "YYYY-MM-DD=KIND:SLUG", value_parser = parse_day)]
    days: Vec<NewDay>,
    /// A day it moves, from its date now to the new one; KIND:SLUG names the day
    /// where the first date holds several (repeatable)
    #[arg(long = "move", value_name = "FROM=TO[:KIND:SLUG]", value_parser = parse_move)]
    moves: Vec<Move>,
    /// Take a decree that leaves out holidays in force: they stay predicted
    #[arg(long)]
    partial: bool,
}

/// A decree kind as the facts name it.
fn kind(text: &str) -> Result<DecreeKind, String> {
    decree_kind(text).ok_or_else(|| {
        format!("unknown decree kind {text:?}; the kinds are skb, skb_amendment, keppres")
    })
}

/// A decree id: one word.
fn id(text: &str) -> Result<String, String> {
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains(',') {
        return Err("the id is one word without commas, e.g. skb-2028".into());
    }
    Ok(text.to_owned())
}

/// A field of one line.
fn one_line(text: &str) -> Result<String, String> {
    if text.contains(['\n', '\r']) {
        return Err("the value must be one line".into());
    }
    Ok(text.to_owned())
}

/// Runs the subcommand on the facts in `data_dir` (the global `--data`).
pub fn run(args: AnnounceHolidaysArgs, data_dir: &Path) -> Result<(), String> {
    let current = facts::load(data_dir).map_err(|e| e.to_string())?;
    let id = match args.id {
        Some(id) => id,
        None => default_id(&current, args.kind, args.year)
            .ok_or("a keppres needs its --id, e.g. keppres-2029-pemilu")?,
    };
    let change = match (args.kind, args.change) {
        (DecreeKind::Skb, change) => change.unwrap_or_default(),
        (DecreeKind::Amendment | DecreeKind::Keppres, Some(change)) if !change.is_empty() => change,
        (DecreeKind::Amendment | DecreeKind::Keppres, _) => {
            return Err("an amendment or a Keppres says what it changed: --change".into())
        }
    };
    let decree = DecreeRow {
        id,
        year: args.year,
        kind: args.kind,
        number: args.number,
        date: args.signed,
        title: args.title,
        source: args.source,
        change,
        partial: args.partial,
    };
    let announced = announce(&current, decree, &args.days, &args.moves)?;
    let (chain, astro) = check::government_chain(data_dir)?;
    let predicted =
        predict::year(&astro, &chain, i32::from(args.year)).map_err(|e| e.to_string())?;
    check::year(&announced.facts, args.year, (&chain, &predicted))?;
    if args.partial && check::missing(&announced.facts, args.year, &predicted).is_empty() {
        return Err(format!(
            "--partial, but the decrees of {} leave out no national holiday in force: take it \
             without --partial",
            args.year
        ));
    }
    let (decrees_path, days_path) = facts::paths(data_dir);
    for (path, text) in [
        (&decrees_path, announced.facts.decrees_csv()),
        (&days_path, announced.facts.days_csv()),
    ] {
        write_atomically(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let mut stdout = std::io::stdout().lock();
    for line in &announced.changed {
        let line = serde_json::to_string(line).map_err(|e| e.to_string())?;
        writeln!(stdout, "{line}").map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}
