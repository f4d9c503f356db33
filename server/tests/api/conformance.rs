//! Conformance with the reference behaviour that existing clients were written for (issue
//! 12): one test per rule, asserting real values over the real archive. The answers
//! themselves are snapshotted with their endpoint in `snapshots.rs`.

use crate::common::{get, state};
use crate::openapi::assert_documented;

#[actix_web::test]
async fn hilal_month_outside_1_to_12_is_out_of_coverage() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    for endpoint in ["info", "viz", "map"] {
        for month in ["0", "13", "-1", "255", "256"] {
            let uri = format!("/api/v1/hilal/{endpoint}?month={month}&year=1446");
            let answer = get(&app, &uri).await;
            assert_eq!(
                (answer.status, answer.code().as_str()),
                (400, "out_of_coverage"),
                "{uri}"
            );
            assert_documented(&uri, &answer);
        }
        // Not a number at all is still the parameter's own code, as on every endpoint.
        let uri = format!("/api/v1/hilal/{endpoint}?month=Ramadhan&year=1446");
        assert_eq!(get(&app, &uri).await.code(), "invalid_month", "{uri}");
    }
    let message = get(&app, "/api/v1/hilal/info?month=13&year=1446")
        .await
        .json();
    assert_eq!(
        message["error"]["message"],
        "hilal records exist for months 1 to 12; there is no month 13"
    );
}
