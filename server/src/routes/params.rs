//! Parameters that several endpoint families read the same way: the calendar asked for
//! (`authority`).

use hijri::schema::ArchivedChain;
use hijri_view::Scope;

use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::state::AppState;

/// The scope of a request's answer: the calendar its `authority` names (any letter case),
/// or the default calendar without it. An unknown calendar is 400 `invalid_authority`
/// naming the calendars served.
pub fn scope<'a>(state: &AppState<'a>, query: &Query) -> Result<Scope<'a>, ApiError> {
    let Some(id) = query.optional("authority", ErrorCode::InvalidAuthority)? else {
        return Ok(state.scope);
    };
    let dataset = state.dataset;
    let chain = dataset.chain(&id).ok_or_else(|| {
        let known: Vec<&str> = dataset.chains.iter().map(|c| c.id.as_str()).collect();
        ApiError::new(
            ErrorCode::InvalidAuthority,
            format!(
                "unknown authority \"{}\"; the calendars served are {}",
                truncated(&id),
                known.join(", ")
            ),
        )
    })?;
    Ok(state.scope_of(chain))
}

/// The scope of a request for a calendar that has an evening record: `/hilal/*` of a table
/// calendar (no evening decides its months) is 400 `invalid_authority`, saying why.
pub fn evening_scope<'a>(state: &AppState<'a>, query: &Query) -> Result<Scope<'a>, ApiError> {
    let scope = scope(state, query)?;
    if has_evenings(scope.chain) {
        Ok(scope)
    } else {
        Err(ApiError::new(
            ErrorCode::InvalidAuthority,
            format!(
                "{} ({}) is a published table: no evening decides its months, so it has no \
                 hilal record",
                scope.chain.id.as_str(),
                scope.chain.name.as_str()
            ),
        ))
    }
}

/// True if some rule of `chain` decides its months on an evening.
fn has_evenings(chain: &ArchivedChain) -> bool {
    chain.rules.iter().any(|span| span.rule.has_evening())
}
