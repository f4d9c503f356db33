//! `/api/v1/table` and `/api/v1/table.csv`: every archived month (from the one containing
//! 1945-01-01 to the one containing 2101-01-01, Hijri 1364-01 to 1524-11) as one row, in JSON
//! or as an RFC 4180 CSV file (each at its own path, so that one operation has one media
//! type). Retro months only with `retro=true`.

use std::fmt::Write as _;

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::schema::{ArchivedCalendar, ArchivedMonth, Tier};
use serde::Serialize;

use crate::coverage;
use crate::http::error::{ApiError, ErrorCode};
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
    source: &'static str,
    visible: bool,
    /// The deciding site of the evening that decided the month's start.
    deciding_site: Option<&'a str>,
    moon_alt_deg: Option<f64>,
    elongation_deg: Option<f64>,
}

impl<'a> Row<'a> {
    fn of(calendar: &'a ArchivedCalendar, month: &'a ArchivedMonth) -> Row<'a> {
        let evening = &month.evening;
        let deciding = usize::from(evening.deciding);
        let values = evening.sites.get(deciding);
        Row {
            hijri_month: MonthText(month.hijri_month()),
            start: Text(month.start()),
            length: month.length,
            source: calendar.tier_of_day(month, month.start()).source(),
            visible: evening.visible,
            deciding_site: calendar.sites.get(deciding).map(|s| s.name.as_str()),
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
struct Input {
    retro: bool,
}

#[derive(Serialize)]
struct Table<'a> {
    input: Input,
    count: usize,
    months: Vec<Row<'a>>,
    warnings: WarningList,
}

/// The months a table request serves (`retro` read from the query), with their warnings.
fn served(req: &HttpRequest, state: &AppState) -> Result<(bool, coverage::Served), ApiError> {
    let retro = Query(req.query_string()).flag("retro", ErrorCode::InvalidRetro)?;
    let calendar = state.calendar;
    // Retro months come first in the archive; without retro the table starts after them.
    let first = if retro {
        0
    } else {
        calendar
            .months
            .iter()
            .position(|m| m.tier() != Tier::Retro)
            .unwrap_or(calendar.months.len())
    };
    Ok((
        retro,
        coverage::months(state, first..calendar.months.len(), retro)?,
    ))
}

/// The rows of the served months.
fn rows<'a>(
    state: &AppState<'a>,
    served: &coverage::Served,
) -> Result<impl Iterator<Item = Row<'a>>, ApiError> {
    let calendar = state.calendar;
    Ok(calendar
        .months
        .get(served.months.clone())
        .ok_or_else(|| coverage::outside_archive(state, ErrorCode::OutOfCoverage))?
        .iter()
        .map(move |month| Row::of(calendar, month)))
}

/// `GET /api/v1/table?retro=`: the months as JSON.
pub fn table(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let (retro, served) = served(req, state)?;
    let months: Vec<Row> = rows(state, &served)?.collect();
    let body = Table {
        input: Input { retro },
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

/// `GET /api/v1/table.csv?retro=`: the months as an RFC 4180 CSV file with a header row.
pub fn table_csv(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let (_, served) = served(req, state)?;
    let mut body = String::with_capacity(96 * served.months.len() + 96);
    body.push_str(COLUMNS);
    body.push_str("\r\n");
    rows(state, &served)?.for_each(|row| row.write_csv(&mut body));
    Ok(reply::negotiated(
        req,
        reply::IMMUTABLE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
        body.into(),
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
