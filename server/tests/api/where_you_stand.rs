//! Prayer times from where you stand (issue 43): a point (`lat`, `lon`) in place of `place`
//! on `/prayer-times`, `/imsakiyah` and its feed, answered by the nearest place within
//! 100 km (else 404 `no_place_near` naming the nearest); `/places?q=` finding the names
//! people type (the aliases of `data/places/aliases.csv`, ranked); and
//! `/prayer-times/next`, the prayer under way and the next one, at fixed instants in each
//! of the three zones, against the day's `/prayer-times` and published Kemenag minutes
//! (`data/reference/prayer_times.csv`). The nearest places and their distances are checked
//! against GeographicLib's geodesics (`data/reference/distances.csv`).

use serde_json::Value;

use crate::common::{get, get_json, next_prayer_uri, state, test_app};
use crate::snapshots::{cases, codes};

/// `data/reference/distances.csv`: label, lat, lon, nearest id and name, geodesic km and
/// the second nearest's.
fn reference_distances() -> Vec<(String, f64, f64, String, f64, f64)> {
    let text = include_str!("../../../data/reference/distances.csv");
    text.lines()
        .skip(1)
        .map(|line| {
            // The label may be quoted (it holds commas); the other fields do not.
            let (label, rest) = match line.strip_prefix('"') {
                Some(quoted) => {
                    let (label, rest) = quoted.split_once("\",").unwrap();
                    (label.to_owned(), rest)
                }
                None => {
                    let (label, rest) = line.split_once(',').unwrap();
                    (label.to_owned(), rest)
                }
            };
            let f: Vec<&str> = rest.split(',').collect();
            (
                label,
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].to_owned(),
                f[4].parse().unwrap(),
                f[5].parse().unwrap(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn where_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("places_alias_solo", "/api/v1/places?q=solo"),
            ("places_alias_jaksel", "/api/v1/places?q=jaksel"),
            ("places_q_one_letter", "/api/v1/places?q=a"),
            ("places_far", "/api/v1/places?lat=51.5&lon=-0.1"),
            (
                "prayer_times_point",
                "/api/v1/prayer-times?lat=-6.914&lon=107.609&date=2026-02-19",
            ),
            (
                "prayer_times_no_place_near",
                "/api/v1/prayer-times?lat=51.5&lon=-0.1&date=2026-02-19",
            ),
            (
                "prayer_times_lat_without_lon",
                "/api/v1/prayer-times?lat=-6.914&date=2026-02-19",
            ),
            (
                "prayer_times_place_and_lat",
                "/api/v1/prayer-times?place=32.73&lat=-6.914&lon=107.609&date=2026-02-19",
            ),
            (
                "prayer_times_invalid_coordinates",
                "/api/v1/prayer-times?lat=-6.914&lon=east&date=2026-02-19",
            ),
            (
                "imsakiyah_point",
                "/api/v1/imsakiyah?lat=-7.7829&lon=110.3671&year=1447",
            ),
            (
                "imsakiyah_ics_point",
                "/api/v1/imsakiyah.ics?lat=-7.7829&lon=110.3671&year=1447",
            ),
            (
                "prayer_next_wib_afternoon",
                "/api/v1/prayer-times/next?place=34.71&at=2026-02-19T13:30:00%2B07:00",
            ),
            (
                "prayer_next_point_now",
                "/api/v1/prayer-times/next?lat=-6.914&lon=107.609",
            ),
            (
                "prayer_next_wit_after_isya",
                "/api/v1/prayer-times/next?place=91.71&at=2026-02-22T21:00:00%2B09:00",
            ),
            (
                "prayer_next_invalid_at",
                "/api/v1/prayer-times/next?place=34.71&at=yesterday",
            ),
            (
                "prayer_next_out_of_coverage",
                "/api/v1/prayer-times/next?place=34.71&at=2100-12-31T12:00:00Z",
            ),
            (
                "prayer_next_no_place_near",
                "/api/v1/prayer-times/next?lat=51.5&lon=-0.1",
            ),
            (
                "prayer_next_missing_place",
                "/api/v1/prayer-times/next?at=2026-02-19T13:30:00Z",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "invalid_q",
            "ok",
            "ok",
            "no_place_near",
            "missing_parameter",
            "invalid_place",
            "invalid_coordinates",
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "invalid_at",
            "out_of_coverage",
            "no_place_near",
            "missing_parameter",
        ]
    );
    // Each refusal names its parameter.
    for (answer, names) in answers.iter().filter(|a| a.status >= 400).zip([
        &["`q`"][..],
        &["`lat`", "Kota Sabang"],
        &["`lon`"],
        &["`place`", "`lat`"],
        &["`lon`"],
        &["`at`"],
        &["`at`"],
        &["`lat`", "km"],
        &["`place`", "`lat`"],
    ]) {
        let message = answer.message();
        for name in names {
            assert!(message.contains(name), "{message} names no {name}");
        }
    }
}

#[actix_web::test]
async fn a_point_is_answered_by_its_nearest_place() {
    let app = test_app().await;
    // Gedung Sate, Bandung: Kota Bandung, a kilometre away.
    let point = get(
        &app,
        "/api/v1/prayer-times?lat=-6.914&lon=107.609&date=2026-02-19",
    )
    .await;
    let by_place = get(&app, "/api/v1/prayer-times?place=32.73&date=2026-02-19").await;
    assert_eq!(point.status, 200);
    let (mut point, by_place) = (point.json(), by_place.json());
    assert_eq!(point["place"]["id"], "32.73");
    assert_eq!(point["place"]["name"], "Kota Bandung");
    assert_eq!(point["input"]["place"], "32.73");
    let km = point["place"]["distance_km"].as_f64().unwrap();
    assert!((km - 0.937).abs() < 0.01, "{km}");
    // Three decimals, no more.
    assert_eq!((km * 1000.0).round() / 1000.0, km);
    // The rest of the answer is the place's, byte for byte once the distance is gone.
    point["place"]
        .as_object_mut()
        .unwrap()
        .remove("distance_km");
    assert_eq!(point, by_place);
    // Another spelling of the same point is the same question: the same bytes and tag.
    let a = get(
        &app,
        "/api/v1/prayer-times?lat=-6.914&lon=107.609&date=2026-02-19",
    )
    .await;
    let b = get(
        &app,
        "/api/v1/prayer-times?lon=107.6090&lat=-6.91400&date=2026-02-19",
    )
    .await;
    assert_eq!(a.body, b.body);
    assert_eq!(a.header("etag"), b.header("etag"));
    // The feed of a point is its place's feed, the same bytes.
    let feed = get(
        &app,
        "/api/v1/imsakiyah.ics?lat=-6.914&lon=107.609&year=1447",
    )
    .await;
    let place_feed = get(&app, "/api/v1/imsakiyah.ics?place=32.73&year=1447").await;
    assert_eq!(feed.status, 200);
    assert_eq!(feed.body, place_feed.body);
    // The imsakiyah of a point names the place and the distance.
    let fast = get_json(&app, "/api/v1/imsakiyah?lat=-6.914&lon=107.609&year=1447").await;
    assert_eq!(fast["place"]["id"], "32.73");
    assert_eq!(fast["place"]["distance_km"], km);

    // London: no place within 100 km; the nearest is named, with its distance.
    let far = get(
        &app,
        "/api/v1/prayer-times?lat=51.5&lon=-0.1&date=2026-02-19",
    )
    .await;
    assert_eq!(far.status, 404);
    let error = &far.json()["error"];
    assert_eq!(error["code"], "no_place_near");
    assert_eq!(error["nearest"]["id"], "11.72");
    assert_eq!(error["nearest"]["name"], "Kota Sabang");
    let km = error["nearest"]["distance_km"].as_f64().unwrap();
    assert!(error["message"]
        .as_str()
        .unwrap()
        .contains(&format!("{km} km")));
    let places = get_json(&app, "/api/v1/places?lat=51.5&lon=-0.1").await;
    assert_eq!(places["within_limit"], false);
    assert_eq!(places["limit_km"], 100.0);
    assert!(places["notice"].as_str().unwrap().contains("Kota Sabang"));
    assert_eq!(places["places"][0]["distance_km"], km);
    let near = get_json(&app, "/api/v1/places?lat=-6.914&lon=107.609").await;
    assert_eq!(near["within_limit"], true);
    assert!(near.get("notice").is_none());
}

#[actix_web::test]
async fn nearest_places_agree_with_geodesics() {
    let app = test_app().await;
    let rows = reference_distances();
    assert!(rows.len() >= 15);
    for (label, lat, lon, id, geodesic_km, second_km) in rows {
        // The two nearest are far enough apart that the sphere cannot swap them.
        assert!(second_km - geodesic_km > 0.002 * second_km, "{label}");
        let found = get_json(&app, &format!("/api/v1/places?lat={lat}&lon={lon}")).await;
        let first = &found["places"][0];
        assert_eq!(first["id"], id.as_str(), "{label}");
        let km = first["distance_km"].as_f64().unwrap();
        let off = (km - geodesic_km).abs();
        assert!(
            off <= 0.006 * geodesic_km + 0.002,
            "{label}: haversine {km} km, geodesic {geodesic_km} km"
        );
        // No point lies near the limit: both measures put it on the same side.
        assert_eq!(found["within_limit"], geodesic_km <= 100.0, "{label}");
        let times = get(
            &app,
            &format!("/api/v1/prayer-times?lat={lat}&lon={lon}&date=2026-02-19"),
        )
        .await;
        if geodesic_km <= 100.0 {
            assert_eq!(times.status, 200, "{label}");
            assert_eq!(times.json()["place"]["id"], id.as_str(), "{label}");
        } else {
            assert_eq!(times.code(), "no_place_near", "{label}");
            assert_eq!(times.json()["error"]["nearest"]["id"], id.as_str());
        }
    }
}

#[actix_web::test]
async fn names_people_type_find_the_place_first() {
    let app = test_app().await;
    for (q, id) in [
        ("jogja", "34.71"),
        ("Jogja", "34.71"),
        ("yogya", "34.71"),
        ("solo", "33.72"),
        ("jaksel", "31.71"),
        ("jakarta%20selatan", "31.71"),
        ("Jakarta+Timur", "31.71"),
        ("jakpus", "31.71"),
        ("jakarta", "31.71"),
        ("sby", "35.78"),
        ("surabaya", "35.78"),
        ("makasar", "73.71"),
        ("ujung%20pandang", "73.71"),
        ("bandung%20raya", "32.73"),
        ("malang%20raya", "35.73"),
        ("medan", "12.71"),
        // A kota before the kabupaten of the same name.
        ("semarang", "33.74"),
        ("bandung", "32.73"),
        ("malang", "35.73"),
        ("solok", "13.72"),
    ] {
        let found = get_json(&app, &format!("/api/v1/places?q={q}")).await;
        assert_eq!(found["places"][0]["id"], id, "q={q}: {}", found["places"]);
    }
    let names = |found: &Value| -> Vec<String> {
        found["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    // Solo is Surakarta first, then the Soloks (a kota before its kabupaten).
    let solo = names(&get_json(&app, "/api/v1/places?q=solo").await);
    assert_eq!(
        solo[..4],
        [
            "Kota Surakarta",
            "Kota Solok",
            "Kabupaten Solok",
            "Kabupaten Solok Selatan"
        ]
    );
    // Semarang: both of the name, the kota first.
    let semarang = names(&get_json(&app, "/api/v1/places?q=semarang").await);
    assert_eq!(semarang, ["Kota Semarang", "Kabupaten Semarang"]);
    // A word's start ranks after the name's start, before a part of a word.
    let jaya = names(&get_json(&app, "/api/v1/places?q=jaya").await);
    let at = |name: &str| jaya.iter().position(|n| n == name).unwrap();
    assert!(at("Kota Jayapura") < at("Kabupaten Aceh Jaya"), "{jaya:?}");
    assert!(
        at("Kabupaten Jayawijaya") < at("Kabupaten Aceh Jaya"),
        "{jaya:?}"
    );
    // The kind word keeps to its kind, aliases included.
    let kab = names(&get_json(&app, "/api/v1/places?q=kab%20solo").await);
    assert!(kab.iter().all(|n| n.starts_with("Kabupaten")), "{kab:?}");
    // One letter is too little to search by.
    let one = get(&app, "/api/v1/places?q=j").await;
    assert_eq!(one.code(), "invalid_q");
}

/// The five prayers of a place's day as `/prayer-times` gives them, `(name, "HH:MM")`.
async fn day_times<S, B>(app: &S, place: &str, date: &str) -> Vec<(String, String)>
where
    S: crate::common::TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let day = get_json(
        app,
        &format!("/api/v1/prayer-times?place={place}&date={date}"),
    )
    .await;
    let times = &day["days"][0]["times"];
    ["subuh", "dzuhur", "ashar", "maghrib", "isya"]
        .iter()
        .map(|n| ((*n).to_owned(), times[n].as_str().unwrap().to_owned()))
        .collect()
}

/// The published Kemenag minute of `prayer` at `kode` on `date`
/// (`data/reference/prayer_times.csv`).
fn published(kode: &str, date: &str, prayer: &str) -> String {
    let text = include_str!("../../../data/reference/prayer_times.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = header.iter().position(|h| *h == prayer).unwrap();
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .find(|f| f[0] == "kemenag" && f[1] == kode && f[2] == date)
        .map(|f| f[column].to_owned())
        .unwrap_or_else(|| panic!("no published row for {kode} {date}"))
}

#[actix_web::test]
async fn the_next_prayer_at_fixed_instants_in_each_zone() {
    let app = test_app().await;
    // (place, zone offset, day with published minutes, the day before, the day after)
    let places = [
        ("34.71", "+07:00", "2026-02-19", "2026-02-18", "2026-02-20"),
        ("73.71", "+08:00", "2023-08-20", "2023-08-19", "2023-08-21"),
        ("91.71", "+09:00", "2026-02-22", "2026-02-21", "2026-02-23"),
    ];
    for (place, offset, day, before, after) in places {
        let today = day_times(&app, place, day).await;
        let yesterday = day_times(&app, place, before).await;
        let tomorrow = day_times(&app, place, after).await;
        // The published minutes of the day are the service's (Tribunnews, viva and
        // Tribun Papua quoting Bimas Islam).
        for (name, time) in &today {
            assert_eq!(*time, published(place, day, name), "{place} {day} {name}");
        }
        // (local time asked, current (day, index), next (day, index))
        let cases = [
            ("03:00:00", (before, 4), (day, 0)),
            ("13:30:00", (day, 1), (day, 2)),
            ("21:00:00", (day, 4), (after, 0)),
        ];
        for (clock, current, next) in cases {
            let at = format!("{day}T{clock}{offset}");
            let answer = get(&app, &next_prayer_uri(place, &at)).await;
            assert_eq!(answer.status, 200, "{place} {at}");
            assert_eq!(answer.header("cache-control"), Some("public, max-age=3600"));
            let body = answer.json();
            assert_eq!(body["input"]["at"], at.as_str());
            for (which, (date, index)) in [("current", current), ("next", next)] {
                let of_day = if date == before {
                    &yesterday
                } else if date == after {
                    &tomorrow
                } else {
                    &today
                };
                let (name, time) = &of_day[index];
                let got = &body[which];
                assert_eq!(got["name"], name.as_str(), "{place} {at} {which}");
                assert_eq!(got["date"], date, "{place} {at} {which}");
                assert_eq!(got["time"], time.as_str(), "{place} {at} {which}");
                assert_eq!(
                    got["instant"],
                    format!("{date}T{time}:00{offset}"),
                    "{place} {at} {which}"
                );
            }
            let until =
                chrono::DateTime::parse_from_rfc3339(body["next"]["instant"].as_str().unwrap())
                    .unwrap()
                    - chrono::DateTime::parse_from_rfc3339(&at).unwrap();
            assert_eq!(body["next"]["seconds_until"], until.num_seconds());
            assert!(body["current"].get("seconds_until").is_none());
        }
    }
    // At the published minute itself the prayer has begun: it is the current one.
    let at_maghrib = get_json(&app, &next_prayer_uri("34.71", "2026-02-19T18:05:00+07:00")).await;
    assert_eq!(at_maghrib["current"]["name"], "maghrib");
    assert_eq!(at_maghrib["next"]["name"], "isya");
    // The same instant written in UTC is the same question.
    let utc = get_json(&app, &next_prayer_uri("34.71", "2026-02-19T11:05:00Z")).await;
    assert_eq!(utc["current"], at_maghrib["current"]);
    assert_eq!(utc["next"], at_maghrib["next"]);
}

#[actix_web::test]
async fn the_next_prayer_about_now_is_cached_until_it() {
    let app = test_app().await;
    // The tests' clock: 2025-03-01 12:00 WIB.
    let now = get(&app, "/api/v1/prayer-times/next?place=34.71").await;
    let body = now.json();
    assert_eq!(body["input"]["at"], "2025-03-01T12:00:00+07:00");
    let until = body["next"]["seconds_until"].as_i64().unwrap();
    assert!(until > 0);
    assert_eq!(
        now.header("cache-control").unwrap(),
        format!("public, max-age={}", until.min(900))
    );
    // The answer does not depend on the request's headers.
    let req = actix_web::test::TestRequest::get()
        .uri("/api/v1/prayer-times/next?place=34.71")
        .peer_addr("192.0.2.9:40000".parse().unwrap())
        .insert_header(("accept-language", "en"))
        .insert_header(("host", "example.org"))
        .insert_header(("x-forwarded-for", "203.0.113.1"))
        .to_request();
    let other = crate::common::send(&app, req).await;
    assert_eq!(other.body, now.body);
}
