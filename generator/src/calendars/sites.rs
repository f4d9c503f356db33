//! Calendars decided at observation sites ([`Family::Sites`], the government's): the
//! published months (`data/official/`), retro months before them and computed months after
//! them under the site criterion, each evening of day 29 at every site ([`crate::chain`]).
//!
//! [`Family::Sites`]: hijri::rules::Family::Sites

use hijri::registry::Authority;
use hijri::schema::{Chain, Month};

use super::{Context, Published};
use crate::chain::{self, ChainError, ChainInputs};
use crate::error::GenerateError;
use crate::inputs::OfficialTable;

/// The chain of `authority` from its `published` table; `progress` is called once per month.
pub fn build(
    ctx: &Context,
    authority: Authority,
    published: Published,
    progress: &mut dyn FnMut(),
) -> Result<Chain, GenerateError> {
    let months = months(ctx, &authority, &published.table, progress)?;
    let table = published.archived(&months)?;
    Ok(authority.chain(Some(table), months, published.ledger.divergences()))
}

/// The months of `authority` from its published `table` (also the chain an announcement
/// would give, before it is written); `progress` is called once per month.
pub fn months(
    ctx: &Context,
    authority: &Authority,
    table: &OfficialTable,
    progress: &mut dyn FnMut(),
) -> Result<Vec<Month>, GenerateError> {
    let limits = authority
        .rules
        .iter()
        .find_map(|span| span.rule.criterion().map(|c| c.limits))
        .ok_or_else(|| {
            ChainError::Inconsistent(format!("{} has no site criterion", authority.id))
        })?;
    let inputs = ChainInputs {
        astro: ctx.astro,
        sites: ctx.sites,
        table,
        limits,
    };
    Ok(chain::build(&inputs, ctx.span.0, ctx.span.1, progress)?)
}
