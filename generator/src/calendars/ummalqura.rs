//! The Umm al-Qura calendar: the KACST table (`data/official/ummalqura/`) over the span, with
//! no computation. A day of the span outside the table is an error, never a fallback.

use hijri::authority;
use hijri::schema::{Chain, Record, Tier};

use super::{months_over, Context, Published};
use crate::chain::ChainError;
use crate::generate::GenerateError;

/// Where its published table lives under `data/`.
pub const DIR: &str = "official/ummalqura";
/// The Umm al-Qura chain.
pub fn build(ctx: &Context) -> Result<Chain, GenerateError> {
    let published = Published::read(&ctx.data_dir.join(DIR), true, false)?;
    let rows = &published.table.months;
    let (Some(head), Some(tail)) = (rows.first(), rows.last()) else {
        return Err(ChainError::Inconsistent("the Umm al-Qura table is empty".into()).into());
    };
    let mut starts: Vec<_> = rows.iter().map(|row| row.start).collect();
    if let Some(length) = tail.length {
        starts.push(tail.start.add_days(i32::from(length)));
    }
    let months = months_over(
        head.month,
        &starts,
        ctx.span,
        |_| Tier::Published,
        |_| Record::None,
    )?;
    let table = published.archived(&months)?;
    Ok(authority::ummalqura().chain(table, months, published.ledger.divergences()))
}
