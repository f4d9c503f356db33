//! The OpenAPI document is kept true: every operation of the route table is in it with one
//! GET operation (HEAD is a cross-endpoint rule, not a second operation), and nothing else
//! (the pages, their assets and the document's alias answer outside it), every error code of
//! the code base is in its code list, and every error answer the tests see is documented for
//! its path and status.

use std::sync::OnceLock;

use hijri_server::http::error::ErrorCode;
use hijri_server::interface::OPENAPI;
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

/// The codes a description lists after `marker`, each in backquotes (`Codes: `a`, `b`.`).
fn listed<'a>(description: &'a str, marker: &str) -> Vec<&'a str> {
    let Some((_, list)) = description.split_once(marker) else {
        return Vec::new();
    };
    let list = list.split_once('.').map_or(list, |(list, _)| list);
    list.split(", ")
        .map(|code| code.trim().trim_matches('`'))
        .collect()
}

/// The error codes a response object documents: its description's `Codes:` list (the body
/// is the plain `Error` schema, its code a string, so that a new code breaks no client).
fn codes(response: &Value) -> Vec<&str> {
    let response = resolve(response);
    if response["content"]["application/json"]["schema"]["$ref"] != "#/components/schemas/Error" {
        return Vec::new();
    }
    listed(response["description"].as_str().unwrap(), "Codes: ")
}

/// True if `path` is a route the document leaves out (a page, an asset, an alias).
pub fn unlisted(path: &str) -> bool {
    let pattern = route_of(path);
    ROUTES
        .iter()
        .any(|r| Some(r.path) == pattern && !r.documented)
}

/// Asserts that an answer to `uri` is described by the document (an API operation's
/// answer; an unlisted route's 200 or 304 is checked by its own tests, an error of one must
/// be a documented code).
pub fn assert_documented(uri: &str, answer: &Answer) {
    let path = uri.split('?').next().unwrap();
    let operation = route_of(path)
        .filter(|_| !unlisted(path))
        .map(|pattern| &document()["paths"][pattern]["get"]);
    let status = answer.status.to_string();
    if unlisted(path) {
        if answer.status >= 400 && answer.header("content-type") == Some("application/json") {
            let known = document()["components"]["schemas"]["ErrorCode"]["description"]
                .as_str()
                .unwrap();
            assert!(listed(known, "Known codes: ").contains(&answer.code().as_str()));
        }
        return;
    }
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
fn every_operation_is_documented_with_one_get() {
    let paths = document()["paths"].as_object().unwrap();
    let operations: Vec<_> = ROUTES.iter().filter(|r| r.documented).collect();
    for route in &operations {
        let item = paths
            .get(route.path)
            .unwrap_or_else(|| panic!("{} missing", route.path));
        let methods: Vec<&String> = item.as_object().unwrap().keys().collect();
        assert_eq!(methods, ["get"], "{}", route.path);
        let op = &item["get"];
        // The redirect has no 200 (nor a 304).
        let success: &[&str] = if op["responses"]["301"].is_object() {
            &["301"]
        } else {
            &["200", "304"]
        };
        for status in success.iter().chain(&["403", "405", "429"]) {
            assert!(
                op["responses"][status].is_object(),
                "{} lacks {status}",
                route.path
            );
        }
    }
    // HEAD is one of the cross-endpoint rules.
    let rules = document()["info"]["description"].as_str().unwrap();
    assert!(rules.contains("HEAD"), "{rules}");
    assert_eq!(
        paths.len(),
        operations.len(),
        "the document lists paths the server does not have, or pages"
    );
    // The pages, their assets, the docs and the alias are no API method.
    for gone in [
        "/",
        "/page.css",
        "/page.js",
        "/page/sky.png",
        "/docs",
        "/docs/",
        "/openapi.json",
    ] {
        assert!(paths.get(gone).is_none(), "{gone} is in the document");
        assert!(unlisted(gone), "{gone} is not in the route table");
    }
    let tags: Vec<&str> = document()["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tags,
        [
            "Dates",
            "Calendars",
            "Observances",
            "Holidays",
            "Prayer times",
            "Hilal",
            "Qibla",
            "Eclipses",
            "Service"
        ]
    );
}

/// The main operations carry samples in curl, JavaScript and Python, and the introduction
/// names every calendar of the archive.
#[test]
fn samples_and_the_calendars_in_the_introduction() {
    let paths = document()["paths"].as_object().unwrap();
    let mut with_samples = 0;
    for (path, item) in paths {
        let Some(samples) = item["get"]["x-codeSamples"].as_array() else {
            continue;
        };
        let langs: Vec<&str> = samples
            .iter()
            .map(|s| s["lang"].as_str().unwrap())
            .collect();
        assert_eq!(langs, ["Shell", "JavaScript", "Python"], "{path}");
        for sample in samples {
            let source = sample["source"].as_str().unwrap();
            assert!(
                source.contains(hijri_server::interface::SAMPLE_BASE),
                "{path}: {source}"
            );
        }
        with_samples += 1;
    }
    for main in [
        "/api/v1/today",
        "/api/v1/convert",
        "/api/v1/month",
        "/api/v1/events",
        "/api/v1/calendar.ics",
        "/api/v1/days.ics",
    ] {
        assert!(paths[main]["get"]["x-codeSamples"].is_array(), "{main}");
    }
    assert!(with_samples >= 10, "{with_samples}");
    let intro = document()["info"]["description"].as_str().unwrap();
    let archive = crate::common::real();
    for chain in archive.dataset().chains.iter() {
        assert!(
            intro.contains(&format!("`{}`", chain.id.as_str())),
            "{}",
            chain.id.as_str()
        );
    }
}

#[test]
fn every_error_code_is_documented() {
    let known = document()["components"]["schemas"]["ErrorCode"]["description"]
        .as_str()
        .unwrap();
    let ours: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed(known, "Known codes: "), ours);
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

/// Codes in answers are plain strings with the known values in the description: a generated
/// client takes any code (an `anyOf` of an enum and a string sent openapi-generator's Python
/// client into endless recursion), and a new code breaks none.
#[test]
fn answer_codes_are_plain_strings() {
    let schemas = &document()["components"]["schemas"];
    for code in [
        &schemas["ErrorCode"],
        &schemas["Warning"]["properties"]["code"],
    ] {
        let mut keys: Vec<&String> = code.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(keys, ["description", "type"], "{code}");
        assert_eq!(code["type"], "string");
        assert!(code["description"]
            .as_str()
            .unwrap()
            .contains("Known codes: "));
    }
    let text = document().to_string();
    for gone in ["KnownErrorCode", "WarningCode", "anyOf\":[{\"$ref"] {
        assert!(!text.contains(gone), "{gone}");
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
    assert!(flags >= 15, "only {flags} flags found");
}

#[test]
fn warnings_are_documented_as_objects() {
    let warning = &document()["components"]["schemas"]["Warning"];
    assert_eq!(warning["required"], serde_json::json!(["code", "message"]));
    let known = document()["components"]["schemas"]["Warning"]["properties"]["code"]["description"]
        .as_str()
        .unwrap();
    let codes = listed(known, "Known codes: ");
    for w in [
        hijri::warnings::Warning::Computed(""),
        hijri::warnings::Warning::Retro(""),
        hijri::warnings::Warning::Borderline(""),
        hijri::warnings::Warning::Divergence(""),
        hijri::warnings::Warning::RetroRequired(2, hijri::warnings::Items::Events, ""),
        hijri::warnings::Warning::OtherRetro("", ""),
        hijri::warnings::Warning::ChineseUncertain,
        hijri::warnings::Warning::JavaneseProjected,
    ] {
        assert!(codes.contains(&w.code()), "{}", w.code());
    }
}

/// The changelog tells the binary's story: its latest release is the workspace version
/// (`/healthz`, `--version`), and the newest entry names the interface version, the
/// document's.
#[test]
fn the_changelog_names_the_service_and_interface_versions() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../CHANGELOG.md")).unwrap();
    let interface = format!("(interface {})", hijri_server::interface::version());
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("## ")).collect();
    assert!(entries[0].ends_with(&interface), "{entries:?}");
    let released = entries
        .iter()
        .find(|e| !e.starts_with("## Unreleased"))
        .unwrap();
    assert_eq!(
        released.split(" (").next(),
        Some(format!("## {}", hijri::VERSION).as_str())
    );
    assert_eq!(
        document()["info"]["version"],
        hijri_server::interface::version()
    );
}

/// The query parameters a documented operation lists: each name with its schema.
fn query_parameters(path: &str) -> Vec<(String, Value)> {
    let operation = &document()["paths"][path]["get"];
    let listed = operation["parameters"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    listed
        .iter()
        .map(resolve)
        .filter(|p| p["in"] == "query")
        .map(|p| (p["name"].as_str().unwrap().to_owned(), p["schema"].clone()))
        .collect()
}

#[test]
fn every_documented_parameter_is_the_route_tables_with_its_bound() {
    for route in ROUTES.iter().filter(|r| r.documented) {
        let documented = query_parameters(route.path);
        let mut names: Vec<&str> = documented.iter().map(|(n, _)| n.as_str()).collect();
        let mut bounded: Vec<&str> = route.params.iter().map(|b| b.name).collect();
        names.sort_unstable();
        bounded.sort_unstable();
        assert_eq!(names, bounded, "{}: the document's parameters", route.path);
        for (name, schema) in &documented {
            let bound = route.params.iter().find(|b| b.name == name).unwrap();
            let schema = resolve(schema);
            // A string's bound is its maxLength; numbers and flags are bounded by their form.
            if schema["type"] == "string" {
                assert_eq!(
                    schema["maxLength"].as_u64(),
                    Some(bound.max as u64),
                    "{} {name}: maxLength",
                    route.path
                );
            }
        }
    }
}

/// The prayer parameters state the bounds the code keeps: the imsakiyah's Hijri years (the
/// calendars' years with days), `/prayer-times`' `month` without the year 0000, `/places`'
/// `q` of two characters; every parameter of lower-case values that any case matches says so;
/// both prayer operations say their retro-computed Hijri dates need no `retro=true`.
#[test]
fn prayer_parameters_and_enums_say_what_the_code_accepts() {
    let parameter = |path: &str, name: &str| -> Value {
        document()["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(resolve)
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };
    let archive = crate::common::real();
    let (first, last) = archive.default_chain().hijri_years_with_days();
    for path in ["/api/v1/imsakiyah", "/api/v1/imsakiyah.ics"] {
        let year = &parameter(path, "year")["schema"];
        assert_eq!(year["minimum"], i64::from(first), "{path}");
        assert_eq!(year["maximum"], i64::from(last), "{path}");
    }
    let month =
        jsonschema::validator_for(&parameter("/api/v1/prayer-times", "month")["schema"]).unwrap();
    assert!(month.is_valid(&Value::from("2026-02")));
    assert!(!month.is_valid(&Value::from("0000-01")));
    // Two letters at least (`places::MIN_Q`: one letter matches half the list).
    assert_eq!(
        parameter("/api/v1/places", "q")["schema"]["minLength"],
        hijri_view::answers::places::MIN_Q
    );
    for path in ["/api/v1/prayer-times", "/api/v1/imsakiyah"] {
        let description = document()["paths"][path]["get"]["description"]
            .as_str()
            .unwrap();
        assert!(
            description.contains("retro-computed and given without `retro=true`"),
            "{path}"
        );
    }
    for (path, item) in document()["paths"].as_object().unwrap() {
        for p in item["get"]["parameters"].as_array().into_iter().flatten() {
            let p = resolve(p);
            let schema = resolve(&p["schema"]);
            let lower = schema["enum"].as_array().is_some_and(|values| {
                values
                    .iter()
                    .all(|v| v.as_str().is_some_and(|s| s == s.to_lowercase()))
            });
            let text = p["description"].as_str().unwrap_or_default().to_lowercase();
            assert!(
                !lower || text.contains("any letter case") || text.contains("any case"),
                "{path} {}",
                p["name"]
            );
        }
    }
}
