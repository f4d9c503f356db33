//! `/api/v1/table` and `/api/v1/table.csv`: every month wholly inside the served span
//! ([`hijri::span`]: Hijri 1364-02 to 1524-10 in the default calendar) as one row, in JSON or
//! as an RFC 4180 CSV file (each at its own path, so that one operation has one media type).
//! Retro months only with `retro=true`.

use std::fmt::Write as _;

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::fixed::two_decimals;
use hijri::schema::{ArchivedChain, ArchivedDataset, ArchivedMonth, Tier};
use hijri::span;
use hijri_view::coverage;
use hijri_view::csv::push_field;
use hijri_view::records::Summary;
use hijri_view::Scope;
use hijri_view::{MonthText, Text, WarningList};
use serde::Serialize;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

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
        let summary = Summary::of(dataset, chain, month);
        Row {
            hijri_month: MonthText(month.hijri_month()),
            start: Text(month.start()),
            length: month.length,
            source: chain.source(chain.tier_of_day(month, month.start())),
            visible: summary.visible,
            deciding_site: summary.place,
            moon_alt_deg: summary.moon_alt.map(two_decimals),
            elongation_deg: summary.elongation.map(two_decimals),
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
        push_field(out, self.deciding_site.unwrap_or(""));
        let _ = write!(
            out,
            ",{},{}\r\n",
            number(self.moon_alt_deg),
            number(self.elongation_deg)
        );
    }
}

#[derive(Serialize)]
struct Input<'a> {
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

/// What a table request asks: its `retro` and the calendar it names.
struct Asked<'a> {
    retro: bool,
    scope: Scope<'a>,
}

impl<'a> Asked<'a> {
    /// Reads `retro` and `authority`.
    fn of(req: &HttpRequest, state: &AppState<'a>) -> Result<Asked<'a>, ApiError> {
        let query = Query(req.query_string());
        let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
        let scope = params::scope(state, &query)?;
        Ok(Asked { retro, scope })
    }

    /// The answer at `path`, kept ([`stored::answer`]): `build` writes it from the months
    /// served.
    fn answer(
        self,
        req: &HttpRequest,
        state: &AppState<'a>,
        path: &str,
        build: impl FnOnce(TableMonths<'a>) -> Result<Built, ApiError>,
    ) -> Result<HttpResponse, ApiError> {
        let key = Key::new(path).param("retro", self.retro);
        let scope = self.scope;
        stored::answer(
            req,
            state,
            &scope,
            key,
            |_| reply::IMMUTABLE,
            || build(TableMonths::of(self)?),
        )
    }
}

/// What a table request serves: its `retro`, the calendar it names and that calendar's
/// months (the retro ones only with `retro`), with their warnings.
struct TableMonths<'a> {
    retro: bool,
    scope: Scope<'a>,
    months: coverage::Span<'a>,
}

impl<'a> TableMonths<'a> {
    /// Serves the months a request asks.
    fn of(Asked { retro, scope }: Asked<'a>) -> Result<TableMonths<'a>, ApiError> {
        let chain = scope.chain;
        // The months wholly inside the served span; retro months come first in a chain, and
        // without retro the table starts after them.
        let inside = |m: &ArchivedMonth| span::contains(m.start()) && span::contains(m.last());
        let first = chain
            .months
            .iter()
            .position(|m| inside(m) && (retro || m.tier() != Tier::Retro))
            .unwrap_or(chain.months.len());
        let end = chain
            .months
            .iter()
            .rposition(inside)
            .map_or(first, |i| i + 1);
        let months = coverage::months(&scope, first..end.max(first), retro)?;
        Ok(TableMonths {
            retro,
            scope,
            months,
        })
    }

    /// The rows of the months served.
    fn rows(&self) -> Result<impl Iterator<Item = Row<'a>>, ApiError> {
        let (dataset, chain) = (self.scope.dataset, self.scope.chain);
        Ok(chain
            .months
            .get(self.months.months.clone())
            .ok_or_else(|| coverage::outside_archive(&self.scope, ErrorCode::OutOfCoverage))?
            .iter()
            .map(move |month| Row::of(dataset, chain, month)))
    }
}

/// `GET /api/v1/table?retro=&authority=`: the months as JSON.
pub fn table(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let asked = Asked::of(req, state)?;
    asked.answer(req, state, "/api/v1/table", |served| {
        let months: Vec<Row> = served.rows()?.collect();
        let body = Table {
            input: Input {
                retro: served.retro,
                authority: served.scope.echo(),
            },
            count: months.len(),
            months,
            warnings: WarningList(served.months.warnings),
        };
        Ok(Built::json(200 * body.count + 256, &body))
    })
}

/// `GET /api/v1/table.csv?retro=&authority=`: the months as an RFC 4180 CSV file with a
/// header row.
pub fn table_csv(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let asked = Asked::of(req, state)?;
    asked.answer(req, state, "/api/v1/table.csv", |served| {
        let mut body = String::with_capacity(96 * served.months.months.len() + 96);
        body.push_str(COLUMNS);
        body.push_str("\r\n");
        served.rows()?.for_each(|row| row.write_csv(&mut body));
        Ok(Built::text(reply::CSV, body))
    })
}
