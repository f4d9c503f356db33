//! Calendars whose months are each decided on their own from the conjunction
//! ([`Family::Conjunction`], Muharram's: wujudul hilal at one place, KHGT over the world): a
//! published month start (`data/official/<id>/`) always wins; every other month is computed
//! with the rule in force for it ([`crate::khgt`] for KHGT), so the lengths follow from the
//! starts.
//!
//! Months are numbered from the table's first row: its month is the one whose conjunction
//! comes last before its first day.
//!
//! [`Family::Conjunction`]: hijri::rules::Family::Conjunction

use chrono::{DateTime, Duration, NaiveDate, Utc};
use hijri::date::Date;
use hijri::fixed::to_fixed;
use hijri::hijri::HijriMonth;
use hijri::registry::Authority;
use hijri::schema::{Chain, Khgt, Record, Rule, RuleSpan, Tier, Wujud, WujudEvening};
use hijri_astro::{Astro, AstroError};
use rayon::prelude::*;

use super::{months_over, Context, Published};
use crate::chain::ChainError;
use crate::error::GenerateError;
use crate::inputs::{InputError, SiteInput};
use crate::khgt::{Lands, Parallels, Search, RESOLUTION};
use crate::land::Outline;
use crate::places::Places;

/// Mean synodic month, seconds.
const SYNODIC_S: i64 = 2_551_443;
/// Evenings tried after the conjunction's day before wujudul hilal gives up (a month
/// starts on the first or second day after it in practice).
const WUJUD_EVENINGS: i64 = 3;

/// One month as the rule computes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Computed {
    /// The Hijri month.
    pub month: HijriMonth,
    /// Its first day by the rule.
    pub start: Date,
    /// The evening record that decided it.
    pub record: Record,
}

/// The chain of `authority` from its `published` table.
pub fn build(
    ctx: &Context,
    authority: Authority,
    published: Published,
) -> Result<Chain, GenerateError> {
    let computed = computed(ctx, &authority.rules, &published)?;
    let first_published = published.table.months.first().map(|row| row.month);
    let Some(head) = computed.first() else {
        return Err(ChainError::Inconsistent(format!("no {} month computed", authority.id)).into());
    };
    let published_start = |month: HijriMonth| {
        published
            .table
            .months
            .iter()
            .find(|row| row.month == month)
            .map(|row| row.start)
    };
    let starts: Vec<Date> = computed
        .iter()
        .map(|c| published_start(c.month).unwrap_or(c.start))
        .collect();
    let tier = |month: HijriMonth| match (published_start(month), first_published) {
        (Some(_), _) => Tier::Published,
        (None, Some(first)) if month < first => Tier::Retro,
        _ => Tier::Computed,
    };
    let months = months_over(head.month, &starts, ctx.span, tier, |index| {
        computed
            .get(index)
            .map_or(Record::None, |c| c.record.clone())
    })?;
    let table = published.archived(&months)?;
    Ok(authority.chain(Some(table), months, published.ledger.divergences()))
}

/// Every month from the one containing the span's first day to the one after the month
/// containing its last day, as `rules` alone compute it (no published start), numbered from
/// `published`'s first row.
pub fn computed(
    ctx: &Context,
    rules: &[RuleSpan],
    published: &Published,
) -> Result<Vec<Computed>, GenerateError> {
    let anchor = published.table.months.first().ok_or_else(|| {
        ChainError::Inconsistent(
            "a calendar decided on conjunctions needs a published month to number its months from"
                .into(),
        )
    })?;
    let conjunctions = conjunctions(ctx.astro, ctx.span)?;
    // The anchor month's conjunction: the last one before its first day.
    let anchor_start = utc_midnight(anchor.start)?;
    let k0 = conjunctions
        .iter()
        .rposition(|c| *c < anchor_start)
        .ok_or_else(|| ChainError::Inconsistent("no conjunction before the table".into()))?;
    let lands = lands(ctx, rules)?;
    let numbered: Vec<(HijriMonth, DateTime<Utc>)> = conjunctions
        .iter()
        .enumerate()
        .map(|(k, &c)| (shifted(anchor.month, k as i64 - k0 as i64), c))
        .collect();
    let computed: Vec<Computed> = numbered
        .par_iter()
        .map(|&(month, conjunction)| {
            let span = rules
                .iter()
                .find(|span| span.covers(month))
                .ok_or_else(|| ChainError::Inconsistent(format!("no rule for {month}")))?;
            let (start, record) = match &span.rule {
                Rule::WujudulHilal(wujud) => wujudul_hilal(ctx.astro, wujud, conjunction)?,
                Rule::Khgt(khgt) => khgt_month(ctx.astro, khgt, &lands, conjunction)?,
                Rule::Sites(_) | Rule::Table(_) | Rule::Arithmetic(_) => {
                    return Err(ChainError::Inconsistent(format!(
                        "{month}: its rule is of the {:?} family, not decided on the conjunction",
                        span.rule.family()
                    )))
                }
            };
            Ok(Computed {
                month,
                start,
                record,
            })
        })
        .collect::<Result<_, ChainError>>()?;
    Ok(computed)
}

/// `month` moved by `by` months.
fn shifted(month: HijriMonth, by: i64) -> HijriMonth {
    let ordinal = i64::from(month.year) * 12 + i64::from(month.month) - 1 + by;
    HijriMonth {
        year: u16::try_from(ordinal.div_euclid(12)).unwrap_or(0),
        month: (ordinal.rem_euclid(12) + 1) as u8,
    }
}

/// The geocentric conjunctions from the one nearest to 30 days before the span's first day
/// (that of the month containing it) to the first one after its last day (whose month
/// closes the month containing it).
fn conjunctions(astro: &Astro, span: (Date, Date)) -> Result<Vec<DateTime<Utc>>, ChainError> {
    let (from, to) = (utc_midnight(span.0)?, utc_midnight(span.1)?);
    let mut out: Vec<DateTime<Utc>> = Vec::new();
    let mut probe = from - Duration::days(30);
    while out.last().is_none_or(|last| *last <= to) {
        let c = astro.nearest_conjunction(probe)?;
        if out.last() != Some(&c) {
            out.push(c);
        }
        probe = c + Duration::seconds(SYNODIC_S);
    }
    Ok(out)
}

/// 00:00 UTC of a day.
fn utc_midnight(day: Date) -> Result<DateTime<Utc>, ChainError> {
    let date = NaiveDate::try_from(day).map_err(|e| ChainError::Inconsistent(e.to_string()))?;
    date.and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc())
        .ok_or_else(|| ChainError::Inconsistent(format!("{day} has no midnight")))
}

/// The land outlines of the KHGT rule among `rules`, within its coast tolerance, and the
/// names of its places.
pub fn lands(ctx: &Context, rules: &[RuleSpan]) -> Result<Lands, GenerateError> {
    let tolerance_km = rules
        .iter()
        .find_map(|span| span.rule.khgt())
        .map_or(0.0, |khgt| f64::from(khgt.coast_tolerance_m) / 1_000.0);
    let load = |name: &str| -> Result<Parallels, InputError> {
        let outline = Outline::load(&ctx.data_dir.join("land").join(name), tolerance_km)?;
        Ok(Parallels::new(outline, tolerance_km))
    };
    Ok(Lands {
        world: load("world_50m.json")?,
        americas: load("americas_mainland_50m.json")?,
        names: Places::load(ctx.data_dir)?,
    })
}

/// The month of `conjunction` by wujudul hilal at the rule's place: the day after the
/// first evening, from the conjunction's local day on, with the conjunction before sunset
/// and the moonset after it. The record is that of the conjunction's local day.
pub fn wujudul_hilal(
    astro: &Astro,
    wujud: &Wujud,
    conjunction: DateTime<Utc>,
) -> Result<(Date, Record), ChainError> {
    let place = &wujud.place;
    // The place's civil time as the contract names it (WIB, WITA, WIT: fixed offsets, not
    // the zone's history), as for every calendar's records.
    let observer = SiteInput::parse(place)
        .map_err(ChainError::Inconsistent)?
        .observer();
    let day = conjunction.with_timezone(&observer.tz).date_naive();
    let mut first = None;
    for offset in 0..WUJUD_EVENINGS {
        let date = day + Duration::days(offset);
        let o = astro.evening(&observer, date)?;
        // Decided on the archived values (whole seconds, 1e-4 deg), as `validate` checks them.
        let (sunset, moonset) = (
            o.sunset_utc.timestamp(),
            o.moonset_utc.map(|m| m.timestamp()),
        );
        let conjunction_ms = conjunction.timestamp_millis();
        let upper_limb_alt = to_fixed(o.moon_upper_limb_deg);
        let met = conjunction_ms < sunset * 1_000 && upper_limb_alt > 0;
        let record = first.get_or_insert_with(|| {
            Record::Wujud(WujudEvening {
                date: Date::from(date).0,
                conjunction_ms,
                sunset,
                moonset,
                utc_offset_s: o.sunset_local.offset().local_minus_utc(),
                upper_limb_alt,
                met,
            })
        });
        if met {
            return Ok((Date::from(date + Duration::days(1)), record.clone()));
        }
    }
    Err(ChainError::Astro(AstroError::NoEvent(format!(
        "wujudul hilal: not met within {WUJUD_EVENINGS} evenings of the conjunction of \
         {conjunction}"
    ))))
}

/// The month of `conjunction` by KHGT.
fn khgt_month(
    astro: &Astro,
    rule: &Khgt,
    lands: &Lands,
    conjunction: DateTime<Utc>,
) -> Result<(Date, Record), ChainError> {
    let search = Search {
        astro,
        rule,
        lands,
        resolution: RESOLUTION,
    };
    let evaluated = search.evaluate(conjunction)?;
    Ok((Date::from(evaluated.start), Record::Khgt(evaluated.record)))
}
