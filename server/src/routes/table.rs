//! `/api/v1/table`: every archived month (from the one containing 1945-01-01 to the one
//! containing 2101-01-01, Hijri 1364-01 to 1524-11) as one row, in JSON or as an RFC 4180 CSV file. Retro months only
//! with `retro=true`.

use std::fmt::Write as _;

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::schema::{ArchivedChain, ArchivedDataset, ArchivedMonth, ArchivedRecord, Tier};
use serde::Serialize;

use super::params;
use crate::coverage;
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;
use crate::view::evening::two_decimals;
use crate::view::{MonthText, Text, WarningList};

/// The CSV header row, the JSON member names in order.
const COLUMNS: &str =
    "hijri_month,start,length,source,visible,deciding_site,moon_alt_deg,elongation_deg";

/// One month.
#[derive(Serialize)]
struct Row<'a> {
    hijri_month: MonthText,
    start: Text<Date>,
    length: u8,
    source: &'a str,
    visible: bool,
    /// The deciding site of the evening that decided the month's start.
    deciding_site: Option<&'a str>,
    moon_alt_deg: Option<f64>,
    elongation_deg: Option<f64>,
}

impl<'a> Row<'a> {
    fn of(
        dataset: &'a ArchivedDataset,
        chain: &'a ArchivedChain,
        month: &'a ArchivedMonth,
    ) -> Row<'a> {
        let (visible, deciding_site, values) = match &month.record {
            ArchivedRecord::Sites(evening) => {
                let deciding = usize::from(evening.deciding);
                (
                    evening.visible,
                    dataset.sites.get(deciding).map(|s| s.name.as_str()),
                    evening.sites.get(deciding),
                )
            }
            ArchivedRecord::None => (false, None, None),
        };
        Row {
            hijri_month: MonthText(month.hijri_month()),
            start: Text(month.start()),
            length: month.length,
            source: chain.source(chain.tier_of_day(month, month.start())),
            visible,
            deciding_site,
            moon_alt_deg: values.map(|v| two_decimals(v.moon_alt.to_native())),
            elongation_deg: values.map(|v| two_decimals(v.elongation.to_native())),
        }
    }

    /// The row as a CSV record (CRLF-terminated); an absent value is an empty field.
    fn write_csv(&self, out: &mut String) {
        let number = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
        // Writing into a String cannot fail.
        let _ = write!(
            out,
            "{},{},{},{},{},",
            self.hijri_month, self.start.0, self.length, self.source, self.visible
        );
        csv_field(out, self.deciding_site.unwrap_or(""));
        let _ = write!(
            out,
            ",{},{}\r\n",
            number(self.moon_alt_deg),
            number(self.elongation_deg)
        );
    }
}

/// Appends one CSV field, quoted (with inner quotes doubled) when it holds a comma, a quote
/// or a line break (RFC 4180).
fn csv_field(out: &mut String, field: &str) {
    if field.contains([',', '"', '\r', '\n']) {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

#[derive(Serialize)]
struct Input<'a> {
    format: &'static str,
    retro: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

#[derive(Serialize)]
struct Table<'a> {
    input: Input<'a>,
    count: usize,
    months: Vec<Row<'a>>,
    warnings: WarningList<'a>,
}

/// `GET /api/v1/table?format=json|csv&retro=`.
pub fn table(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let csv = match query.optional("format", ErrorCode::InvalidFormat)? {
        None => false,
        Some(f) if f.eq_ignore_ascii_case("json") => false,
        Some(f) if f.eq_ignore_ascii_case("csv") => true,
        Some(f) => {
            return Err(ApiError::new(
                ErrorCode::InvalidFormat,
                format!("`format` must be json or csv, got \"{}\"", truncated(&f)),
            ))
        }
    };
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::scope(state, &query)?;
    let chain = scope.chain;
    // Retro months come first in a chain; without retro the table starts after them.
    let first = if retro {
        0
    } else {
        chain
            .months
            .iter()
            .position(|m| m.tier() != Tier::Retro)
            .unwrap_or(chain.months.len())
    };
    let served = coverage::months(&scope, first..chain.months.len(), retro)?;
    let rows = chain
        .months
        .get(served.months.clone())
        .ok_or_else(|| coverage::outside_archive(&scope, ErrorCode::OutOfCoverage))?
        .iter()
        .map(|month| Row::of(scope.dataset, chain, month));
    if csv {
        let mut body = String::with_capacity(96 * served.months.len() + 96);
        body.push_str(COLUMNS);
        body.push_str("\r\n");
        rows.for_each(|row| row.write_csv(&mut body));
        return Ok(reply::negotiated(
            req,
            reply::IMMUTABLE,
            HeaderValue::from_static("text/csv; charset=utf-8"),
            body.into(),
        ));
    }
    let months: Vec<Row> = rows.collect();
    let body = Table {
        input: Input {
            format: "json",
            retro,
            authority: scope.echo(),
        },
        count: months.len(),
        months,
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(
        req,
        reply::IMMUTABLE,
        200 * body.count + 256,
        &body,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        let mut out = String::new();
        csv_field(&mut out, "Lhoknga, Aceh");
        out.push(',');
        csv_field(&mut out, "Sabang");
        out.push(',');
        csv_field(&mut out, "say \"hi\"");
        assert_eq!(out, "\"Lhoknga, Aceh\",Sabang,\"say \"\"hi\"\"\"");
    }
}
