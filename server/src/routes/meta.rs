//! The service documents: `/api/v1/meta`, `/healthz`, `/api/v1/months` and
//! `/api/v1/openapi.json` (also at `/openapi.json`).

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use hijri::criterion::MARGIN_RULE;
use hijri::date::Date;
use hijri::schema::ArchivedCriterion;
use hijri_view::answers::authorities::DivergenceView;
use hijri_view::Question;
use hijri_view::{MonthText, Text};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::stored::{Built, Key};
use super::{params, stored};
use crate::http::error::ApiError;
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// Out-of-table computation method reported by `/meta`.
pub const METHOD: &str = "neo-regional-multisite";

#[derive(Serialize)]
struct Coverage {
    first: Text<Date>,
    last: Text<Date>,
}

/// `criterion`: the visibility criterion the archive was computed with, read from it.
#[derive(Serialize)]
struct CriterionView<'a> {
    name: &'a str,
    min_moon_alt_deg: f64,
    min_elongation_deg: f64,
    moon_alt: &'a str,
    elongation: &'a str,
    evaluated: &'a str,
    margin: &'static str,
    borderline_deg: f64,
}

impl<'a> CriterionView<'a> {
    fn of(criterion: &'a ArchivedCriterion) -> CriterionView<'a> {
        let limits = criterion.limits.get();
        CriterionView {
            name: &criterion.name,
            min_moon_alt_deg: limits.min_moon_alt_deg(),
            min_elongation_deg: limits.min_elongation_deg(),
            moon_alt: &criterion.moon_alt,
            elongation: &criterion.elongation,
            evaluated: &criterion.evaluated,
            margin: MARGIN_RULE,
            borderline_deg: limits.borderline_deg(),
        }
    }
}

/// `computed_months`, read from the bitset while serialising.
struct ComputedList<'a>(&'a AppState<'a>);

impl Serialize for ComputedList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        // The set belongs to this archive: it holds only indices of its months.
        let months = &self.0.chain.months;
        for month in self
            .0
            .computed
            .indices()
            .filter_map(|index| months.get(index))
        {
            seq.serialize_element(&MonthText(month.hijri_month()))?;
        }
        seq.end()
    }
}

/// One calendar's table identity in `/meta`: `null` versions for a calendar without a
/// published table (no table, no ledger).
#[derive(Serialize)]
struct CalendarVersions<'a> {
    id: &'a str,
    data_version: Option<&'a str>,
    table_version: Option<&'a str>,
}

#[derive(Serialize)]
struct Meta<'a> {
    version: &'static str,
    data_version: &'a str,
    coverage: Coverage,
    computed_active: bool,
    computed_months: ComputedList<'a>,
    method: &'static str,
    criterion: Option<CriterionView<'a>>,
    docs_url: &'a str,
    hilal_image_range: [u16; 2],
    divergences: Vec<DivergenceView>,
    table_version: &'a str,
    calendars: Vec<CalendarVersions<'a>>,
}

/// `GET /api/v1/meta`.
pub fn meta(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    // `/meta` is about the default calendar, as the contract describes it.
    let chain = state.chain;
    let table = state.archive.default_table();
    let (first, last) = (
        Date(table.coverage_first.to_native()),
        Date(table.coverage_last.to_native()),
    );
    let criterion = chain
        .rules
        .iter()
        .find_map(|span| span.rule.criterion().map(CriterionView::of));
    let body = Meta {
        version: hijri::VERSION,
        data_version: &table.data_version,
        coverage: Coverage {
            first: Text(first),
            last: Text(last),
        },
        computed_active: state.computed.indices().next().is_some(),
        computed_months: ComputedList(state),
        method: METHOD,
        criterion,
        docs_url: state.docs_url,
        hilal_image_range: state.dataset.card_years(),
        divergences: DivergenceView::all(chain),
        table_version: &table.table_version,
        calendars: state
            .dataset
            .chains
            .iter()
            .map(|chain| CalendarVersions {
                id: &chain.id,
                data_version: chain.table.as_ref().map(|t| t.data_version.as_str()),
                table_version: chain.table.as_ref().map(|t| t.table_version.as_str()),
            })
            .collect(),
    };
    Ok(reply::json(req, reply::META, 2_048, &body))
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

/// `GET /api/v1/months`.
pub fn months(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let scope = params::names(state.scope, &Query(req.query_string()))?;
    stored::question(req, state, &scope, Question::Months, |_| reply::IMMUTABLE)
}

/// `GET /api/v1/openapi.json` and `GET /openapi.json`: the document, its samples calling
/// the service's configured address ([`params::origin`]; as written, `http://127.0.0.1:8080`,
/// without one), built once per address and kept.
pub fn openapi(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let origin = params::origin(state, req);
    let key = Key::new("/api/v1/openapi.json").param("origin", origin.unwrap_or_default());
    let document = |_| reply::DOCUMENT;
    stored::answer(req, state, state, key, document, || {
        let body = match origin {
            Some(origin) => crate::interface::served(origin),
            None => crate::interface::OPENAPI.to_owned(),
        };
        Ok(Built::text(
            HeaderValue::from_static("application/json"),
            body,
        ))
    })
}
