//! The government's calendar: the sidang isbat's months (`data/official/`), retro months
//! before them and computed months after them under Neo-MABIMS at the observation sites
//! ([`crate::chain`]).

use hijri::authority;
use hijri::schema::{Chain, Month};

use super::{Context, Published};
use crate::chain::{self, ChainError, ChainInputs};
use crate::generate::GenerateError;
use crate::inputs::OfficialTable;

/// Where its published table lives under `data/`.
pub const DIR: &str = "official";
/// The government's chain; `progress` is called once per month.
pub fn build(ctx: &Context, progress: &mut dyn FnMut()) -> Result<Chain, GenerateError> {
    let published = Published::read(&ctx.data_dir.join(DIR), true, true)?;
    let months = months(ctx, &published.table, progress)?;
    let table = published.archived(&months)?;
    let kemenag = authority::kemenag(ctx.sites.len());
    Ok(kemenag.chain(table, months, published.ledger.divergences()))
}

/// The government's months from the official `table` (also the chain an announcement would
/// give, before it is written); `progress` is called once per month.
pub fn months(
    ctx: &Context,
    table: &OfficialTable,
    progress: &mut dyn FnMut(),
) -> Result<Vec<Month>, GenerateError> {
    let kemenag = authority::kemenag(ctx.sites.len());
    let limits = kemenag
        .rules
        .iter()
        .find_map(|span| span.rule.criterion().map(|c| c.limits))
        .ok_or_else(|| ChainError::Inconsistent("kemenag has no site criterion".into()))?;
    let inputs = ChainInputs {
        astro: ctx.astro,
        sites: ctx.sites,
        table,
        limits,
    };
    Ok(chain::build(&inputs, ctx.span.0, ctx.span.1, progress)?)
}
