//! The look-ups of a chain (Gregorian ↔ Hijri at month edges, month indices, tiers of days,
//! whole years) and the archive header's refusals, over a three-month chain.

use hijri::archive;
use hijri::calendar::day_tier;
use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::{Record, Tier};
use hijri_testing::{day, ChainBuilder, DatasetBuilder};
use rkyv::util::AlignedVec;

/// Three published months: 1446-08 (29 days), 1446-09 (30 days), 1446-10 (29 days).
fn sample() -> AlignedVec<16> {
    let start = day("2025-01-31");
    let chain = ChainBuilder::kemenag(0)
        .months(
            HijriMonth {
                year: 1446,
                month: 8,
            },
            start,
            [29, 30, 29].map(|length| (length, Tier::Published, Record::None)),
        )
        .coverage(start, start + 87);
    DatasetBuilder::new().chain(chain).bytes()
}

#[test]
fn days_after_the_coverage_are_computed_and_partial_years_are_not_served() {
    let last = Date::parse_iso("2026-12-31").unwrap();
    assert_eq!(day_tier(Tier::Published, last, last), Tier::Published);
    assert_eq!(
        day_tier(Tier::Published, last.add_days(1), last),
        Tier::Computed
    );
    assert_eq!(day_tier(Tier::Computed, last, last), Tier::Computed);
    assert_eq!(day_tier(Tier::Retro, last, last), Tier::Retro);
    let bytes = sample();
    let dataset = archive::open(&bytes).unwrap();
    let chain = dataset.default_chain().unwrap();
    let (g0, g1) = chain.gregorian_years();
    let (h0, h1) = chain.hijri_years();
    assert!(g0 > g1 && h0 > h1, "three months hold no whole year");
    let march = Date::parse_iso("2025-03-10").unwrap();
    let month = chain.to_hijri(march).unwrap().1;
    assert_eq!(chain.tier_of_day(month, march), Tier::Published);
    assert_eq!(chain.source(Tier::Published), "regional");
    assert!(dataset.chain("KEMENAG").is_some() && dataset.chain("other").is_none());
}

#[test]
fn gregorian_to_hijri_at_month_edges() {
    let bytes = sample();
    let chain = archive::open(&bytes).unwrap().default_chain().unwrap();
    for (day, hijri) in [
        ("2025-01-30", None),
        ("2025-01-31", Some("1446-08-01")),
        ("2025-02-28", Some("1446-08-29")),
        ("2025-03-01", Some("1446-09-01")),
        ("2025-03-30", Some("1446-09-30")),
        ("2025-03-31", Some("1446-10-01")),
        ("2025-04-28", Some("1446-10-29")),
        ("2025-04-29", None),
    ] {
        let found = chain.to_hijri(Date::parse_iso(day).unwrap());
        let found = found.map(|(h, _)| h.to_string());
        assert_eq!(found.as_deref(), hijri, "{day}");
    }
}

#[test]
fn hijri_to_gregorian_respects_month_length() {
    let bytes = sample();
    let chain = archive::open(&bytes).unwrap().default_chain().unwrap();
    let greg = |iso: &str| {
        chain
            .to_gregorian(HijriDate::parse_iso(iso).unwrap())
            .map(|(d, _)| d.to_string())
    };
    assert_eq!(greg("1446-09-01").as_deref(), Some("2025-03-01"));
    assert_eq!(greg("1446-09-30").as_deref(), Some("2025-03-30"));
    assert_eq!(greg("1446-08-30"), None);
    assert_eq!(greg("1446-10-30"), None);
    assert_eq!(greg("1446-11-01"), None);
    assert_eq!(greg("1446-07-29"), None);
    assert_eq!(
        chain.month_index(HijriMonth {
            year: 1446,
            month: 10
        }),
        Some(2)
    );
}

#[test]
fn open_refuses_damaged_archives() {
    let bytes = sample();
    assert!(matches!(
        archive::open(&bytes[..10]),
        Err(archive::ArchiveError::Truncated(10))
    ));
    let mut bad = AlignedVec::<16>::new();
    bad.extend_from_slice(&bytes);
    bad[0] = b'X';
    assert_eq!(
        archive::open(&bad).unwrap_err(),
        archive::ArchiveError::BadMagic
    );
    bad[0] = b'H';
    bad[8] = 99;
    assert_eq!(
        archive::open(&bad).unwrap_err(),
        archive::ArchiveError::WrongFormat(99)
    );
    bad[8] = archive::FORMAT_VERSION as u8;
    bad[12] ^= 0xff;
    assert!(matches!(
        archive::open(&bad),
        Err(archive::ArchiveError::WrongSchema(_))
    ));
    bad[12] ^= 0xff;
    let len = bad.len();
    let mut cut = AlignedVec::<16>::new();
    cut.extend_from_slice(&bad[..len - 8]);
    let body = (len - archive::HEADER_LEN) as u64;
    assert_eq!(
        archive::open(&cut).unwrap_err(),
        archive::ArchiveError::BodyLength {
            actual: body - 8,
            expected: body
        }
    );
}

#[test]
fn a_flipped_body_byte_fails_the_checksum() {
    let mut bad = sample();
    let middle = archive::HEADER_LEN + (bad.len() - archive::HEADER_LEN) / 2;
    bad[middle] ^= 0x01;
    let error = archive::open(&bad).unwrap_err();
    assert!(
        matches!(error, archive::ArchiveError::Checksum { actual, expected } if actual != expected),
        "{error}"
    );
    assert!(error
        .to_string()
        .starts_with("checksum mismatch: body hashes to "));
    // Re-sealed with the damaged body's checksum, the same bytes pass the header.
    let header = archive::header_for(&bad[archive::HEADER_LEN..]);
    bad[..archive::HEADER_LEN].copy_from_slice(&header);
    assert!(!matches!(
        archive::open(&bad),
        Err(archive::ArchiveError::Checksum { .. })
    ));
}
