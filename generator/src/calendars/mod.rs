//! The calendars of the archive, one chain each, built from the registry's facts
//! ([`hijri::registry::all`]) by the family of their rules ([`Family`]): decided at
//! observation sites ([`sites`]), each month from its conjunction ([`conjunction`]), or given
//! by a published table or the rule's arithmetic ([`given`]). A calendar's published table is
//! read from where the registry says ([`Published`]); all chains cover the same span.

pub mod conjunction;
pub mod given;
pub mod sites;

use std::path::{Path, PathBuf};

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::registry::{Authority, Coverage, Rows, TableSource};
use hijri::rules::Family;
use hijri::schema::{Chain, Month, Table, Tier};
use hijri_astro::Astro;

use crate::chain::ChainError;
use crate::error::GenerateError;
use crate::inputs::{self, InputError, Ledger, OfficialTable, SiteInput};

/// Builds the chain of `authority` by the family of its rules, reading its published table
/// if it has one; `progress` is called once per month where months are many evenings each.
pub fn build(
    ctx: &Context,
    authority: Authority,
    progress: &mut dyn FnMut(),
) -> Result<Chain, GenerateError> {
    let mut families = authority.rules.iter().map(|span| span.rule.family());
    let family = families
        .next()
        .ok_or_else(|| ChainError::Inconsistent(format!("{} has no rule", authority.id)))?;
    if families.any(|other| other != family) {
        return Err(ChainError::Inconsistent(format!(
            "{}: its rules are of different families; a chain is built by one",
            authority.id
        ))
        .into());
    }
    let published = authority
        .table
        .map(|source| Published::read(ctx.data_dir, source))
        .transpose()?;
    match (family, published) {
        (Family::Sites, Some(published)) => sites::build(ctx, authority, published, progress),
        (Family::Conjunction, Some(published)) => conjunction::build(ctx, authority, published),
        (Family::Given, published) => given::build(ctx, authority, published),
        (Family::Sites | Family::Conjunction, None) => Err(ChainError::Inconsistent(format!(
            "{}: a calendar decided by {family:?} runs from a published table, and it has none",
            authority.id
        ))
        .into()),
    }
}

/// What every calendar is built from.
pub struct Context<'a> {
    /// The committed facts (`data/`).
    pub data_dir: &'a Path,
    /// Ephemeris and ΔT.
    pub astro: &'a Astro,
    /// The observation sites of the site criteria.
    pub sites: &'a [SiteInput],
    /// A chain holds the months containing these two days and every month between.
    pub span: (Date, Date),
}

/// An authority's published table as committed: months, coverage and correction ledger.
pub struct Published {
    /// The table's rows.
    pub table: OfficialTable,
    /// The days the table is authoritative for (`coverage.csv`); `None` for a table that
    /// covers every month it is used for.
    pub coverage: Option<(Date, Date)>,
    /// The corrections of served starts.
    pub ledger: Ledger,
    /// Where the ledger lives (to name it in errors).
    ledger_path: PathBuf,
}

impl Published {
    /// Reads the table `source` names under `data_dir`: `months.csv` (contiguous or with
    /// gaps), `coverage.csv` (when it has one) and `corrections.csv`.
    pub fn read(data_dir: &Path, source: TableSource) -> Result<Published, InputError> {
        let dir = data_dir.join(source.dir);
        let months = dir.join("months.csv");
        let table = match source.rows {
            Rows::Contiguous => inputs::load_official(&months)?,
            Rows::WithGaps => inputs::load_published(&months)?,
        };
        let coverage = match source.coverage {
            Coverage::File => Some(inputs::load_coverage(&dir.join("coverage.csv"), &table)?),
            Coverage::EveryMonth => None,
        };
        let ledger_path = dir.join("corrections.csv");
        let ledger = inputs::load_ledger(&ledger_path)?;
        Ok(Published {
            table,
            coverage,
            ledger,
            ledger_path,
        })
    }

    /// The table's identity and coverage as archived (without a coverage file, every day of
    /// `months`), after checking that every corrected month is one of `months`.
    pub fn archived(&self, months: &[Month]) -> Result<Table, GenerateError> {
        if let Some(stray) = self
            .ledger
            .entries
            .iter()
            .find(|c| !months.iter().any(|m| m.hijri == c.month))
        {
            return Err(GenerateError::Input(InputError {
                path: self.ledger_path.clone(),
                line: None,
                message: format!("corrected month {} is not in the archive", stray.month),
            }));
        }
        let whole = match (months.first(), months.last()) {
            (Some(first), Some(last)) => (first.start, last.start + i32::from(last.length) - 1),
            _ => (0, 0),
        };
        let (first, last) = self
            .coverage
            .map_or(whole, |(first, last)| (first.0, last.0));
        Ok(Table {
            data_version: self.table.data_version.clone(),
            table_version: self.ledger.table_version(),
            coverage_first: first,
            coverage_last: last,
        })
    }
}

/// The months of `starts` (consecutive Hijri months from `first`, each start after the
/// one before, the last one only closing its predecessor) from the one containing `span.0`
/// to the one containing `span.1`, with lengths from the starts, tiers from `tier` and
/// records from `record`. A length other than 29 or 30 is an error naming the month.
pub fn months_over(
    first: HijriMonth,
    starts: &[Date],
    span: (Date, Date),
    tier: impl Fn(HijriMonth) -> Tier,
    mut record: impl FnMut(usize) -> hijri::schema::Record,
) -> Result<Vec<Month>, ChainError> {
    let mut months = Vec::new();
    let mut number = first;
    for (index, pair) in starts.windows(2).enumerate() {
        let (start, next) = match pair {
            [start, next] => (*start, *next),
            _ => continue,
        };
        let length = u8::try_from(next.0 - start.0)
            .ok()
            .filter(|l| *l == 29 || *l == 30)
            .ok_or_else(|| {
                ChainError::Inconsistent(format!(
                    "{number} starts {start} and the next month {next}: {} days",
                    next.0 - start.0
                ))
            })?;
        let last = start.add_days(i32::from(length) - 1);
        if last >= span.0 && start <= span.1 {
            months.push(Month {
                hijri: number,
                start: start.0,
                length,
                tier: tier(number),
                record: record(index),
            });
        }
        number = number.next();
    }
    let covers = |m: Option<&Month>, day: Date| {
        m.is_some_and(|m| m.start <= day.0 && day.0 < m.start + i32::from(m.length))
    };
    if !covers(months.first(), span.0) || !covers(months.last(), span.1) {
        return Err(ChainError::Inconsistent(format!(
            "the months from {first} do not cover {} to {}",
            span.0, span.1
        )));
    }
    Ok(months)
}
