//! The service documents: `/api/v1/meta`, `/healthz`, `/api/v1/months` and
//! `/api/v1/openapi.json` (also at `/openapi.json`).

use actix_web::http::header::HeaderValue;
use actix_web::{web, HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::hijri::{HijriMonth, MONTH_NAMES};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::http::error::ApiError;
use crate::http::reply;
use crate::state::AppState;
use crate::view::{MonthText, Text};

/// The OpenAPI 3.1 description of the whole interface.
pub const OPENAPI: &str = include_str!("../../openapi.json");

/// Out-of-table computation method reported by `/meta`.
pub const METHOD: &str = "neo-regional-multisite";

#[derive(Serialize)]
struct Coverage {
    first: Text<Date>,
    last: Text<Date>,
}

#[derive(Serialize)]
struct DivergenceView {
    hijri_month: MonthText,
    delta_days: i8,
}

/// `computed_months`, read from the bitset while serialising.
struct ComputedList<'a>(&'a AppState<'a>);

impl Serialize for ComputedList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for index in self.0.computed.indices() {
            seq.serialize_element(&MonthText(self.0.calendar.months[index].hijri_month()))?;
        }
        seq.end()
    }
}

#[derive(Serialize)]
struct Meta<'a> {
    version: &'static str,
    data_version: &'a str,
    coverage: Coverage,
    computed_active: bool,
    computed_months: ComputedList<'a>,
    method: &'static str,
    docs_url: &'a str,
    hilal_image_range: [u16; 2],
    divergences: Vec<DivergenceView>,
    table_version: &'a str,
}

/// `GET /api/v1/meta`.
pub fn meta(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let calendar = state.calendar;
    let header = &calendar.header;
    let (first, last) = calendar.coverage();
    let body = Meta {
        version: hijri::VERSION,
        data_version: &header.data_version,
        coverage: Coverage {
            first: Text(first),
            last: Text(last),
        },
        computed_active: state.computed.indices().next().is_some(),
        computed_months: ComputedList(state),
        method: METHOD,
        docs_url: state.docs_url,
        hilal_image_range: header.card_years.map(|y| y.to_native()),
        divergences: calendar
            .divergences
            .iter()
            .map(|d| DivergenceView {
                hijri_month: MonthText(HijriMonth {
                    year: d.year.to_native(),
                    month: d.month,
                }),
                delta_days: d.delta_days,
            })
            .collect(),
        table_version: &header.table_version,
    };
    Ok(reply::json(req, reply::META, 1_024, &body))
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    version: &'static str,
    build_hash: &'static str,
}

/// `GET /healthz`.
pub fn healthz(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    let body = Health {
        status: "ok",
        version: hijri::VERSION,
        build_hash: hijri::BUILD_HASH,
    };
    Ok(reply::json(req, reply::HEALTH, 96, &body))
}

#[derive(Serialize)]
struct MonthEntry {
    number: usize,
    name: &'static str,
}

#[derive(Serialize)]
struct Months {
    calendar: &'static str,
    months: [MonthEntry; 12],
}

/// `GET /api/v1/months`.
pub fn months(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    let body = Months {
        calendar: "hijri",
        months: std::array::from_fn(|i| MonthEntry {
            number: i + 1,
            name: MONTH_NAMES[i],
        }),
    };
    Ok(reply::json(req, reply::IMMUTABLE, 512, &body))
}

/// `GET /api/v1/openapi.json` and `GET /openapi.json`.
pub fn openapi(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    let body = OPENAPI.as_bytes();
    Ok(reply::negotiated(
        req,
        reply::DOCUMENT,
        HeaderValue::from_static("application/json"),
        web::Bytes::from_static(body),
    ))
}
