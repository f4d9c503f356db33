//! The interface this server implements: its OpenAPI 3.1 description (served at
//! `/api/v1/openapi.json` and `/openapi.json`, its samples calling the address served from)
//! and that description's version, the
//! contract's, which is not the service's own release version ([`hijri::VERSION`]).

use std::sync::OnceLock;

mod splice;
pub mod vocabularies;

/// The OpenAPI 3.1 description of the whole interface.
pub const OPENAPI: &str = include_str!("../../openapi.json");

/// The address the document's samples are written with (where `make serve` listens); the
/// served document has the service's own address in its place ([`served`]).
pub const SAMPLE_BASE: &str = "http://127.0.0.1:8080";

/// The document as served from `origin` (scheme and host, no trailing slash): its samples
/// call that address.
pub fn served(origin: &str) -> String {
    OPENAPI.replace(SAMPLE_BASE, origin)
}

/// The interface version: `info.version` of [`OPENAPI`], read from the document itself (the
/// one place it is written); empty if the document had none.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        serde_json::from_str::<serde_json::Value>(OPENAPI)
            .ok()
            .and_then(|document| {
                let version = document.get("info")?.get("version")?.as_str()?;
                Some(version.to_owned())
            })
            .unwrap_or_default()
    })
}

/// `document` (the text of an OpenAPI document in the committed layout) with every list
/// of [`vocabularies`] written from the code, the rest unchanged; or why it cannot be.
pub fn written(document: &str) -> Result<String, String> {
    let mut text = document.to_owned();
    for list in vocabularies::lists() {
        let path = [list.path, &["enum"]].concat();
        let range = splice::find(&text, &path)?;
        let value = splice::written(&text, range.start, &serde_json::Value::from(list.values));
        text.replace_range(range, &value);
    }
    for sentence in vocabularies::sentences() {
        let path = [sentence.path, &["description"]].concat();
        let range = splice::find(&text, &path)?;
        let description: String =
            serde_json::from_str(&text[range.clone()]).map_err(|e| e.to_string())?;
        let whole = path.join("/");
        let start = description
            .find(sentence.before)
            .ok_or_else(|| format!("`{whole}` has no {:?}", sentence.before))?
            + sentence.before.len();
        let end = start
            + description[start..]
                .find(sentence.after)
                .ok_or_else(|| format!("`{whole}` has no {:?}", sentence.after))?;
        let mut rewritten = description;
        rewritten.replace_range(start..end, &vocabularies::listed(&sentence.values));
        let value = serde_json::to_string(&rewritten).map_err(|e| e.to_string())?;
        text.replace_range(range, &value);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_interface_is_the_contracts_1_10_0() {
        assert_eq!(super::version(), "1.10.0");
    }

    /// The committed document states every list as the code does: `make openapi` writes it.
    #[test]
    fn the_document_s_lists_are_the_code_s() {
        let written = super::written(super::OPENAPI).unwrap();
        let differs = written
            .lines()
            .zip(super::OPENAPI.lines())
            .position(|(a, b)| a != b);
        assert!(
            written == super::OPENAPI,
            "server/openapi.json differs from its lists in the code from line {}: run `make openapi`",
            differs.map_or(0, |n| n + 1)
        );
    }
}
