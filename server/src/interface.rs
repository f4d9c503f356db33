//! The interface this server implements: its OpenAPI 3.1 description (served at
//! `/api/v1/openapi.json` and `/openapi.json`) and that description's version, the
//! contract's, which is not the service's own release version ([`hijri::VERSION`]).

use std::sync::OnceLock;

/// The OpenAPI 3.1 description of the whole interface.
pub const OPENAPI: &str = include_str!("../openapi.json");

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
