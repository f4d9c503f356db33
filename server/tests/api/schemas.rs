//! The OpenAPI document against the recorded answers: every JSON body in `snapshots/` is valid
//! against the response schema its request's operation documents for its status and content
//! type, and the document's examples are snapshot bodies, kept equal to them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::openapi::{document, resolve, route_of, unlisted};

/// One recorded answer: its file name, request (`METHOD /path?query`) and summary.
struct Snapshot {
    name: String,
    request: String,
    summary: Value,
}

impl Snapshot {
    /// The snapshot's request path, without its query.
    fn path(&self) -> &str {
        let target = self
            .request
            .split_once(' ')
            .map_or("", |(_, target)| target);
        target.split('?').next().unwrap_or(target)
    }
}

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../snapshots")
}

/// Every snapshot under `snapshots/`, sorted by name.
fn snapshots() -> Vec<Snapshot> {
    let mut found: Vec<Snapshot> = std::fs::read_dir(snapshot_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "snap"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            // insta's header (`---`, `key: value` lines, `---`), then the JSON summary.
            let (header, summary) = text
                .strip_prefix("---\n")
                .and_then(|rest| rest.split_once("\n---\n"))
                .unwrap_or_else(|| panic!("{name}: no insta header"));
            let request = header
                .lines()
                .find_map(|line| line.strip_prefix("description: "))
                .unwrap_or_else(|| panic!("{name}: no description"))
                .trim_matches('"')
                .to_owned();
            let summary = serde_json::from_str(summary).unwrap_or_else(|e| panic!("{name}: {e}"));
            Snapshot {
                name,
                request,
                summary,
            }
        })
        .collect();
    found.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(found.len() > 100, "only {} snapshots", found.len());
    found
}

/// The response the document gives for a recorded answer (unknown paths: `NotFound`; methods
/// other than GET and HEAD: the path's 405).
fn documented_response(snapshot: &Snapshot) -> &'static Value {
    let status = snapshot.summary["status"].to_string();
    match route_of(snapshot.path()) {
        Some(pattern) => {
            let response = &document()["paths"][pattern]["get"]["responses"][&status];
            assert!(
                response.is_object(),
                "{}: {status} undocumented",
                snapshot.name
            );
            resolve(response)
        }
        None => &document()["components"]["responses"]["NotFound"],
    }
}

/// A validator of `schema`, whose `$ref`s point into the document: the schema is applied at
/// the root of a copy of the document (its other members are not schema keywords).
fn validator(schema: &Value) -> jsonschema::Validator {
    let mut root = document().clone();
    root["allOf"] = serde_json::json!([schema]);
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .build(&root)
        .unwrap_or_else(|e| panic!("{schema}: {e}"))
}

#[test]
fn every_json_snapshot_body_matches_its_documented_schema() {
    let mut validators: HashMap<String, jsonschema::Validator> = HashMap::new();
    let mut checked = 0;
    for snapshot in snapshots() {
        let body = &snapshot.summary["body"];
        let content_type = snapshot.summary["headers"]["content-type"].as_str();
        // Pages and their assets are no operation of the document.
        if content_type != Some("application/json") || body.is_null() || unlisted(snapshot.path()) {
            continue;
        }
        let schema = &documented_response(&snapshot)["content"]["application/json"]["schema"];
        assert!(
            schema.is_object(),
            "{}: no JSON schema documented",
            snapshot.name
        );
        let validator = validators
            .entry(schema.to_string())
            .or_insert_with(|| validator(schema));
        let errors: Vec<String> = validator
            .iter_errors(body)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{} ({}): {errors:#?}",
            snapshot.name,
            snapshot.request
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} JSON bodies checked");
}

#[test]
fn a_body_off_its_schema_is_refused() {
    let meta = &document()["paths"]["/api/v1/meta"]["get"]["responses"]["200"]["content"]
        ["application/json"];
    let schema = validator(&meta["schema"]);
    let mut body = meta["examples"]["meta"]["value"].clone();
    assert!(schema.is_valid(&body));
    body["docs_url"] = 5.into();
    assert!(!schema.is_valid(&body));
    body.as_object_mut().unwrap().remove("docs_url");
    assert!(!schema.is_valid(&body), "docs_url is required");
}

/// Every example of the document: `(operation path, status, content type, name, example)`.
fn examples() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static Value,
)> {
    let mut found = Vec::new();
    for (path, item) in document()["paths"].as_object().unwrap() {
        for op in item.as_object().unwrap().values() {
            for (status, response) in op["responses"].as_object().unwrap() {
                let Some(content) = response["content"].as_object() else {
                    continue;
                };
                for (content_type, media) in content {
                    for (name, example) in media["examples"].as_object().into_iter().flatten() {
                        found.push((
                            path.as_str(),
                            status.as_str(),
                            content_type.as_str(),
                            name.as_str(),
                            example,
                        ));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn examples_are_snapshot_bodies() {
    let snapshots: HashMap<String, Snapshot> = snapshots()
        .into_iter()
        .map(|s| (s.name.clone(), s))
        .collect();
    let examples = examples();
    for &(path, status, content_type, name, example) in &examples {
        let snapshot = snapshots
            .get(name)
            .unwrap_or_else(|| panic!("{path}: example {name} names no snapshot"));
        assert_eq!(route_of(snapshot.path()), Some(path), "{name}");
        assert_eq!(snapshot.summary["status"].to_string(), status, "{name}");
        assert_eq!(
            snapshot.summary["headers"]["content-type"], content_type,
            "{name}"
        );
        assert_eq!(example["summary"], snapshot.request.as_str(), "{name}");
        assert_eq!(
            example["value"], snapshot.summary["body"],
            "{name}: update the example"
        );
    }
    // Every operation answering JSON shows one, except the document itself.
    for (path, item) in document()["paths"].as_object().unwrap() {
        let json = &item["get"]["responses"]["200"]["content"]["application/json"];
        if json.is_object() && !path.ends_with("openapi.json") {
            assert!(
                examples
                    .iter()
                    .any(|e| e.0 == path.as_str() && e.1 == "200"),
                "{path}: no example"
            );
        }
    }
}
