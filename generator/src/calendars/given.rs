//! Calendars whose months are given ([`Family::Given`]): by the published table alone (the
//! Umm al-Qura table, `data/official/ummalqura/`), or, for a calendar without a table, by its
//! rule's own arithmetic ([`Rule::given_month`]: the tabular calendar). Nothing is computed
//! from the sky. A day of the span outside the table is an error, never a fallback.
//!
//! [`Family::Given`]: hijri::rules::Family::Given

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::registry::Authority;
use hijri::schema::{Chain, Record, RuleSpan, Tier};

use super::{months_over, Context, Published};
use crate::chain::ChainError;
use crate::error::GenerateError;

/// The chain of `authority`: its `published` table's months, or its rule's.
pub fn build(
    ctx: &Context,
    authority: Authority,
    published: Option<Published>,
) -> Result<Chain, GenerateError> {
    let Some(published) = published else {
        let (first, starts) = ruled(&authority.rules, ctx.span)?;
        let months = months_over(
            first,
            &starts,
            ctx.span,
            |_| Tier::Computed,
            |_| Record::None,
        )?;
        return Ok(authority.chain(None, months, Vec::new()));
    };
    let rows = &published.table.months;
    let (Some(head), Some(tail)) = (rows.first(), rows.last()) else {
        return Err(
            ChainError::Inconsistent(format!("the {} table is empty", authority.id)).into(),
        );
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
    Ok(authority.chain(Some(table), months, published.ledger.divergences()))
}

/// The month starts `rules` give from the month containing `span.0` through the start of
/// the month after the one containing `span.1` (which closes it), with the first month.
fn ruled(rules: &[RuleSpan], span: (Date, Date)) -> Result<(HijriMonth, Vec<Date>), ChainError> {
    let month_at = |ordinal: u32| HijriMonth {
        year: u16::try_from(ordinal / 12 + 1).unwrap_or(u16::MAX),
        month: (ordinal % 12 + 1) as u8,
    };
    let start_of = |ordinal: u32| {
        let month = month_at(ordinal);
        rules
            .iter()
            .find(|rule| rule.covers(month))
            .and_then(|rule| rule.rule.given_month(month))
            .map(|(start, _)| start)
    };
    // The starts rise with the ordinal: the last month starting on or before span.0.
    let (mut low, mut high) = (0u32, 12 * 9_999);
    while low + 1 < high {
        let middle = low + (high - low) / 2;
        match start_of(middle) {
            Some(start) if start <= span.0 => low = middle,
            Some(_) => high = middle,
            None => {
                return Err(ChainError::Inconsistent(format!(
                    "no rule gives the month {}",
                    month_at(middle)
                )))
            }
        }
    }
    let mut starts = Vec::new();
    let mut ordinal = low;
    loop {
        let start = start_of(ordinal).ok_or_else(|| {
            ChainError::Inconsistent(format!("no rule gives the month {}", month_at(ordinal)))
        })?;
        starts.push(start);
        if start > span.1 {
            return Ok((month_at(low), starts));
        }
        ordinal += 1;
    }
}
