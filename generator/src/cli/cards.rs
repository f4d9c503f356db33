//! `hijri-generate cards`: list the cards in an archive with their verdicts, or copy chosen
//! months' cards out of it as PNG files (how `docs/cards/` is made).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use hijri::fixed::from_fixed;
use hijri::hijri::HijriMonth;
use hijri::schema::{ArchivedCardKind, ArchivedChain, ArchivedDataset, ArchivedRecord};
use hijri_cards::verdict;
use hijri_view::records::Summary;
use rkyv::util::AlignedVec;

/// Examples at the end of `cards --help`.
const EXAMPLES: &str = "\
Examples:
  hijri-generate cards --list
  hijri-generate cards --month 1446-09 --month 1446-10 --out docs/cards
  hijri-generate cards --authority muhammadiyah --month 1447-09 --out docs/cards
  hijri-generate cards --list --archive /srv/hijri/hijri.archive";

/// List the cards of an archive, or copy months' cards out as PNG files
#[derive(Debug, Args)]
#[command(
    override_usage = "\
hijri-generate cards --list [--archive FILE]
       hijri-generate cards --month YYYY-MM [--month YYYY-MM ...] --out DIR [--archive FILE]",
    after_long_help = EXAMPLES
)]
pub struct CardsArgs {
    /// One line per target month with cards: evening, deciding site, verdict, values
    #[arg(long, conflicts_with = "months", required_unless_present = "months")]
    list: bool,
    /// A target Hijri month whose four cards to copy out (repeatable)
    #[arg(long = "month", value_name = "YYYY-MM", requires = "out")]
    months: Vec<HijriMonth>,
    /// Directory for the cards, named hilal-<kind>[-bare]-<year>-<month>.png
    /// (created if missing)
    #[arg(long, value_name = "DIR", requires = "months", verbatim_doc_comment)]
    out: Option<PathBuf>,
    /// The archive to read [default: <DIR>/hijri.archive, DIR being --data]
    #[arg(long, value_name = "FILE")]
    archive: Option<PathBuf>,
    /// The calendar whose cards to list or copy (another's files are named
    /// hilal-<kind>[-bare]-<id>-<year>-<month>.png) [default: the default calendar]
    #[arg(long, value_name = "ID", verbatim_doc_comment)]
    authority: Option<String>,
}

/// Runs the subcommand; the archive defaults to the one in `data_dir` (the global `--data`).
pub fn run(args: CardsArgs, data_dir: &Path) -> Result<(), String> {
    let archive = args
        .archive
        .unwrap_or_else(|| data_dir.join("hijri.archive"));
    let bytes = read_aligned(&archive)?;
    let dataset =
        hijri::archive::open(&bytes).map_err(|e| format!("{}: {e}", archive.display()))?;
    let chain = match &args.authority {
        Some(id) => dataset.chain(id),
        None => dataset.default_chain(),
    }
    .ok_or_else(|| format!("{}: no such calendar", archive.display()))?;
    let index = dataset
        .chain_index(chain)
        .ok_or_else(|| format!("{}: no such calendar", archive.display()))?;
    if args.list {
        return print_list(dataset, chain).map_err(|e| format!("stdout: {e}"));
    }
    // clap's rules: without --list, at least one --month and --out.
    let out = args.out.ok_or("give --list, or --month with --out")?;
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    // Another calendar's files carry its identifier.
    let prefix = if index == 0 {
        String::new()
    } else {
        format!("{}-", chain.id.as_str())
    };
    for month in args.months {
        copy_month(dataset, (index, &prefix), month, &out)?;
    }
    Ok(())
}

fn read_aligned(path: &Path) -> Result<AlignedVec<16>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    Ok(aligned)
}

fn print_list(dataset: &ArchivedDataset, chain: &ArchivedChain) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let years = dataset.card_years();
    for month in chain.months.iter() {
        let number = month.hijri_month();
        if !(years[0]..=years[1]).contains(&number.year) {
            continue;
        }
        let rule = chain.rule_for(number).map(|span| &span.rule);
        let criterion = rule.and_then(|rule| rule.criterion());
        let (Some(criterion), ArchivedRecord::Sites(evening)) = (criterion, &month.record) else {
            // Another rule: its record in one line, as `/table` gives it.
            if rule.is_some_and(|r| r.has_evening()) {
                let summary = Summary::of(dataset, chain, month);
                writeln!(
                    out,
                    "{:04}-{:02}  {:<36} {:<14} alt {:>7}  elong {:>6}",
                    number.year,
                    number.month,
                    summary.place.unwrap_or("—"),
                    if summary.visible { "met" } else { "not met" },
                    summary
                        .moon_alt
                        .map_or("—".into(), |a| format!("{:.2}", from_fixed(a))),
                    summary
                        .elongation
                        .map_or("—".into(), |e| format!("{:.2}", from_fixed(e))),
                )?;
            }
            continue;
        };
        let limits = criterion.limits.get();
        let deciding = usize::from(evening.deciding);
        let (Some(site), Some(values)) = (dataset.sites.get(deciding), evening.sites.get(deciding))
        else {
            return Err(std::io::Error::other(format!(
                "{number}: deciding site {deciding} is not in the archive"
            )));
        };
        let values: hijri::schema::SiteEvening =
            rkyv::deserialize::<_, rkyv::rancor::BoxedError>(values)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        writeln!(
            out,
            "{:04}-{:02}  evening {}  {:<28} {:<18} alt {:>7.2}  elong {:>6.2}",
            number.year,
            number.month,
            hijri::date::Date(evening.date.to_native()),
            site.name.as_str(),
            verdict(&values, limits).label(),
            from_fixed(values.moon_alt),
            from_fixed(values.elongation),
        )?;
    }
    Ok(())
}

/// Copies the four cards of `month` of the chain at `index` into `out`, their names after
/// `prefix` (empty for the default calendar).
fn copy_month(
    dataset: &ArchivedDataset,
    (index, prefix): (u8, &str),
    month: HijriMonth,
    out: &Path,
) -> Result<(), String> {
    let cards: Vec<_> = dataset
        .cards
        .iter()
        .filter(|c| c.chain == index && c.month.get() == month)
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
            "hilal-{kind}{bare}-{prefix}{}-{:02}.png",
            month.year, month.month
        ));
        std::fs::write(&path, card.png.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        writeln!(std::io::stdout(), "{}", path.display()).map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}
