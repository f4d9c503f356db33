//! The OpenAPI document is kept true: every route is in it with GET and HEAD, every error
//! code of the code base is in its code list, and every error answer the tests see is
//! documented for its path and status.

use std::sync::OnceLock;

use hijri_server::http::error::ErrorCode;
use hijri_server::routes::meta::OPENAPI;
use hijri_server::routes::ROUTES;
use serde_json::Value;

use crate::common::Answer;

pub fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| serde_json::from_str(OPENAPI).expect("openapi.json is JSON"))
}

/// Follows a local `$ref`, once.
pub fn resolve(value: &Value) -> &Value {
    match value["$ref"].as_str() {
        Some(pointer) => document()
            .pointer(pointer.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("dangling {pointer}")),
        None => value,
    }
}

/// The route pattern matching a request path, if any.
pub fn route_of(path: &str) -> Option<&'static str> {
    ROUTES.iter().map(|r| r.path).find(|pattern| {
        let (a, b): (Vec<_>, Vec<_>) = (pattern.split('/').collect(), path.split('/').collect());
        a.len() == b.len()
            && a.iter()
                .zip(&b)
                .all(|(p, s)| p == s || (p.starts_with('{') && !s.is_empty()))
    })
}

/// The error codes a response object documents.
fn codes(response: &Value) -> Vec<&str> {
    resolve(response)["content"]["application/json"]["schema"]["properties"]["error"]["properties"]
        ["code"]["enum"]
        .as_array()
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Asserts that an answer to `uri` is described by the document.
pub fn assert_documented(uri: &str, answer: &Answer) {
    let path = uri.split('?').next().unwrap();
    let operation = route_of(path).map(|pattern| &document()["paths"][pattern]["get"]);
    let status = answer.status.to_string();
    match operation {
        Some(op) => {
            let response = &op["responses"][&status];
            assert!(
                response.is_object(),
                "{uri}: status {status} is not documented"
            );
            if answer.status >= 400 {
                let code = answer.code();
                assert!(
                    codes(response).contains(&code.as_str()),
                    "{uri}: {code} is not documented under {status}"
                );
            }
        }
        None => {
            let not_found = &document()["components"]["responses"]["NotFound"];
            assert_eq!(answer.code(), "not_found", "{uri}");
            assert_eq!(codes(not_found), ["not_found"]);
        }
    }
}

#[test]
fn every_route_is_documented_with_get_and_head() {
    let paths = document()["paths"].as_object().unwrap();
    for route in ROUTES {
        let item = &paths
            .get(route.path)
            .unwrap_or_else(|| panic!("{} missing", route.path));
        for method in ["get", "head"] {
            let op = &item[method];
            assert!(op.is_object(), "{} has no {method}", route.path);
            for status in ["200", "304", "403", "405", "429"] {
                assert!(
                    op["responses"][status].is_object(),
                    "{} {method} lacks {status}",
                    route.path
                );
            }
        }
    }
    assert_eq!(
        paths.len(),
        ROUTES.len(),
        "the document lists paths the server does not have"
    );
}

#[test]
fn every_error_code_is_documented() {
    let listed: Vec<&str> = document()["components"]["schemas"]["KnownErrorCode"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let ours: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed, ours);
    // Each code appears under the status the code base gives it, somewhere in the document.
    let mut documented = Vec::new();
    for item in document()["paths"].as_object().unwrap().values() {
        for (status, response) in item["get"]["responses"].as_object().unwrap() {
            documented.extend(codes(response).into_iter().map(|c| (c, status.clone())));
        }
    }
    documented.extend(
        codes(&document()["components"]["responses"]["NotFound"])
            .into_iter()
            .map(|c| (c, "404".to_owned())),
    );
    for code in ErrorCode::ALL {
        let status = code.status().to_string();
        assert!(
            documented.contains(&(code.as_str(), status.clone())),
            "{} ({status}) is documented nowhere",
            code.as_str()
        );
    }
}

/// Codes in answers are open enums (a known value, or any string), so that a new code does not
/// break a generated client.
#[test]
fn answer_codes_are_open_enums() {
    let schemas = &document()["components"]["schemas"];
    for (open, known) in [
        (&schemas["ErrorCode"], "KnownErrorCode"),
        (&schemas["Warning"]["properties"]["code"], "WarningCode"),
    ] {
        let any_of = serde_json::json!([
            {"$ref": format!("#/components/schemas/{known}")},
            {"type": "string"}
        ]);
        assert_eq!(open["anyOf"], any_of, "{known}");
    }
}

/// The boolean flags are typed boolean (generators then make booleans), PNG answers are
/// binary strings, and every operation is tagged with a family listed in `tags`.
#[test]
fn flags_are_booleans_pngs_are_binary_operations_are_tagged() {
    let families: Vec<&Value> = document()["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tag| &tag["name"])
        .collect();
    let mut flags = 0;
    for item in document()["paths"].as_object().unwrap().values() {
        for (method, op) in item.as_object().unwrap() {
            assert!(
                families.contains(&&op["tags"][0]),
                "{method} {}",
                op["operationId"]
            );
            for parameter in op["parameters"].as_array().unwrap().iter().map(resolve) {
                let flag = ["retro", "next", "bare", "download"]
                    .contains(&parameter["name"].as_str().unwrap());
                if flag {
                    flags += 1;
                    assert_eq!(parameter["schema"]["type"], "boolean", "{parameter}");
                }
            }
            for response in op["responses"].as_object().unwrap().values() {
                let png = &resolve(response)["content"]["image/png"]["schema"];
                if !png.is_null() {
                    assert_eq!(png["format"], "binary", "{}", op["operationId"]);
                }
            }
        }
    }
    assert!(flags >= 20, "only {flags} flags found");
}

#[test]
fn warnings_are_documented_as_objects() {
    let warning = &document()["components"]["schemas"]["Warning"];
    assert_eq!(warning["required"], serde_json::json!(["code", "message"]));
    let codes = &document()["components"]["schemas"]["WarningCode"]["enum"];
    for w in [
        hijri::warnings::Warning::Computed(""),
        hijri::warnings::Warning::Retro(""),
        hijri::warnings::Warning::Borderline(""),
        hijri::warnings::Warning::Divergence(""),
        hijri::warnings::Warning::RetroRequired(2, ""),
    ] {
        assert!(
            codes.as_array().unwrap().contains(&w.code().into()),
            "{}",
            w.code()
        );
    }
}
