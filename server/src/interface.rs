//! The interface this server implements: its OpenAPI 3.1 description (served at
//! `/api/v1/openapi.json` and `/openapi.json`, its samples calling the address served from)
//! and that description's version, the
//! contract's, which is not the service's own release version ([`hijri::VERSION`]).

use std::sync::OnceLock;

/// The OpenAPI 3.1 description of the whole interface.
pub const OPENAPI: &str = include_str!("../openapi.json");

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

#[cfg(test)]
mod tests {
    #[test]
    fn the_interface_is_the_contracts_1_10_0() {
        assert_eq!(super::version(), "1.10.0");
    }
}
