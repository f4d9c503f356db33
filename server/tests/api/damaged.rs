//! Every handler over damaged archives that still open: the synthetic archive gets random
//! byte flips in its body and a fresh checksum (so the damage reaches bytecheck and the
//! checks of meaning); whenever it opens, every route answers a set of queries spanning its
//! months without panicking. `PROPTEST_CASES` sets the number of archives (default 256).

use std::sync::Arc;

use actix_web::test::TestRequest;
use actix_web::web::Bytes;
use hijri::archive::{self, HEADER_LEN};
use hijri_server::archive::Archive;
use hijri_server::routes::ROUTES;
use proptest::prelude::*;

use crate::common::{state_with, synthetic_bytes, UNLIMITED};

/// Queries for every endpoint, inside and around the synthetic archive's months.
const QUERIES: &[&str] = &[
    "",
    "date=2025-03-01",
    "date=2025-06-30&retro=true",
    "date=1446-09-01&calendar=hijri",
    "start=2024-12-25&end=2025-02-05",
    "start=1446-08-25&end=1446-09-05&calendar=hijri",
    "year=1446&month=9",
    "year=1447&month=1&retro=true",
    "year=2025&month=3&calendar=gregorian",
    "year=1446",
    "year=2025&calendar=gregorian&include=all",
    "month=9&year=1446&bare=true",
    "month=12&year=1446&download=true",
    "from=1446-07&to=1447-01",
    "tz=Asia/Jakarta&next=true",
];

/// Calls every route with every query on the archive in `bytes`, if it opens.
fn serve_everything(bytes: &[u8]) -> bool {
    let mut aligned = rkyv::util::AlignedVec::<16>::new();
    aligned.extend_from_slice(bytes);
    let Ok(archive) = Archive::from_bytes(Bytes::from_owner(aligned)) else {
        return false;
    };
    let state = state_with(Arc::new(archive), UNLIMITED);
    for route in ROUTES {
        let path = route
            .path
            .replace("{target_date}", "2025-03-01")
            .replace("{id}", "2023-04-20-solar");
        for query in QUERIES {
            let req = TestRequest::get()
                .uri(&format!("{path}?{query}"))
                .param("target_date", "2025-03-01")
                .param("id", "2023-04-20-solar")
                .to_http_request();
            let _ = state.with_view(|view| (route.handler)(&req, view));
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn handlers_never_panic_on_damaged_archives_that_open(
        flips in prop::collection::vec((any::<usize>(), 1..=255u8), 1..6),
    ) {
        let mut bytes = synthetic_bytes();
        let span = bytes.len() - HEADER_LEN;
        for (at, mask) in flips {
            bytes[HEADER_LEN + at % span] ^= mask;
        }
        let header = archive::header_for(&bytes[HEADER_LEN..]);
        bytes[..HEADER_LEN].copy_from_slice(&header);
        serve_everything(&bytes);
    }
}

#[test]
fn the_undamaged_archive_is_served_everywhere() {
    assert!(serve_everything(&synthetic_bytes()));
}
