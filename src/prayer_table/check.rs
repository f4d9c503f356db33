//! The prayer table's check at open: its shape against the places and the span, and a
//! column for every time of every method.

use super::coding::Code;
use super::column;
use crate::prayer::{Method, Prayer};
use crate::schema::ArchivedDataset;
use crate::span;

/// Why a prayer table does not fit the archive's places, the span or the code's methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unfit {
    /// Its shape is wrong: what.
    Shape(&'static str),
    /// A method's time has no column (the table was computed before the method or its
    /// numbers changed).
    NoColumn {
        /// The method's identifier.
        method: &'static str,
        /// The time.
        prayer: Prayer,
    },
}

impl std::fmt::Display for Unfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfit::Shape(what) => f.write_str(what),
            Unfit::NoColumn { method, prayer } => write!(
                f,
                "no column for {} by `{method}`: the table was computed before this method \
                 or its numbers; regenerate",
                prayer.name()
            ),
        }
    }
}

/// [`check_for`] the code's methods, [`Method::ALL`].
pub fn check(dataset: &ArchivedDataset) -> Result<(), Unfit> {
    check_for(dataset, &Method::ALL)
}

/// The shape of the table against the places and `methods`: empty with no places;
/// otherwise a column for every time of every method ([`column`]), one block per place,
/// column and year of the span, block offsets in order within the bits, a valid code per
/// column and a declination per day.
pub fn check_for(dataset: &ArchivedDataset, methods: &[Method]) -> Result<(), Unfit> {
    let table = &dataset.prayer;
    let places = dataset.places.len();
    if places == 0 {
        return if table.runs.is_empty()
            && table.bases.is_empty()
            && table.lengths.is_empty()
            && table.bits.is_empty()
        {
            Ok(())
        } else {
            Err(Unfit::Shape("a prayer table without places"))
        };
    }
    for method in methods {
        for prayer in Prayer::ALL.into_iter().skip(1) {
            if column(table, method, prayer).is_none() {
                return Err(Unfit::NoColumn {
                    method: method.id,
                    prayer,
                });
            }
        }
    }
    shape(dataset).map_err(Unfit::Shape)
}

/// [`check_for`]'s part that needs no method: years, blocks, codes, declinations, places.
fn shape(dataset: &ArchivedDataset) -> Result<(), &'static str> {
    let table = &dataset.prayer;
    let places = dataset.places.len();
    let series_len = table.columns.len();
    if table.codes.len() != series_len {
        return Err("a prayer table without one code per column");
    }
    let (first_year, _, _) = span::FIRST.ymd();
    let (last_year, _, _) = span::LAST.ymd();
    let years = usize::from(table.years.to_native());
    if table.first_year.to_native() != first_year
        || i32::try_from(years).ok() != Some(last_year - first_year + 1)
    {
        return Err("a prayer table whose years are not the span's");
    }
    if table.runs.len() != places * series_len + 1
        || table.bases.len() != places * series_len
        || table.lengths.len() != places * series_len * years
    {
        return Err("a prayer table without one block per place, column and year");
    }
    let total = table.bits.len() as u64 * 8;
    let ends = table.runs.iter().skip(1).map(|r| u64::from(r.to_native()));
    let runs = table.lengths.chunks(years.max(1)).zip(ends);
    let mut at = table.runs.first().map_or(0, |r| u64::from(r.to_native()));
    for (lengths, end) in runs {
        at += lengths
            .iter()
            .map(|l| u64::from(l.to_native()))
            .sum::<u64>();
        if at != end || end > total {
            return Err("prayer block lengths that do not fill their runs, or past the bits");
        }
    }
    if table
        .codes
        .iter()
        .any(|c| Code::new(c.as_slice()).is_none())
    {
        return Err("a prayer column without a valid prefix code");
    }
    if dataset.prayer.declination.len()
        != usize::try_from(span::LAST.0 - span::FIRST.0 + 3).unwrap_or(0)
    {
        return Err("a declination table not of every day of the span and the two around it");
    }
    if dataset
        .places
        .iter()
        .any(|p| p.id.is_empty() || p.tz.as_str().parse::<chrono_tz::Tz>().is_err())
    {
        return Err("a place without an identifier or with an unknown time zone");
    }
    Ok(())
}
