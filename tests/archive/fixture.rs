//! A small valid archive with something of everything the look-ups read, made with the one
//! test builder (`hijri-testing`): two sites, the government's chain with four months of three
//! tiers (one evening without site results) and a divergence, two cards and two stored
//! answers under three keys.

use hijri::schema::{ArchivedDataset, CardKind, Dataset, Evening, Month, Record, Tier};
use hijri_testing::{site_evening, sites_record, stored, ChainBuilder, DatasetBuilder};

pub use hijri_testing::aligned;

/// Day number of 2025-01-31 (1 Sya'ban 1446).
pub const START: i32 = 20_119;

/// Tiny stand-in PNG bytes of the fixture's cards.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\nfixture";

/// 1446-08 (retro), 1446-09 and 1446-10 (published), 1446-11 (computed, no site results).
pub fn calendar() -> Dataset {
    let record = |start: i32, sites: usize| {
        let values = [site_evening(20_000, 70_000), site_evening(31_000, 70_000)];
        sites_record(start - 1, 1, values[..sites].to_vec())
    };
    let kemenag = ChainBuilder::kemenag(2)
        .months(
            hijri::hijri::HijriMonth {
                year: 1446,
                month: 8,
            },
            START,
            [
                (29, Tier::Retro, record(START, 2)),
                (30, Tier::Published, record(START + 29, 2)),
                (29, Tier::Published, record(START + 59, 2)),
                (30, Tier::Computed, record(START + 88, 0)),
            ],
        )
        .coverage(START + 29, START + 29 + 30 + 28)
        .divergence((1446, 10), 1);
    DatasetBuilder::new()
        .sites(&["Pantai A", "Pantai B"])
        .chain(kemenag)
        .card((1446, 9), (CardKind::Viz, false), PNG, "\"cafe0001\"")
        .card((1446, 9), (CardKind::Map, true), PNG, "\"cafe0001\"")
        .stored(
            &["/api/v1/months"],
            stored(b"{\"calendar\":\"hijri\"}", vec![]),
        )
        .stored(
            &[
                "/api/v1/month?year=1446&month=11&calendar=hijri&retro=false",
                "/api/v1/month?year=1446&month=11&calendar=hijri&retro=true",
            ],
            stored(&[b'x'; 2048], vec![[3, 4]]),
        )
        .build()
}

/// The site evening of a month of the fixture (every fixture month has one).
pub fn evening(month: &mut Month) -> &mut Evening {
    match &mut month.record {
        Record::Sites(evening) => evening,
        _ => panic!("a fixture month without a site evening"),
    }
}

/// Opens `dataset` encoded; the error message if it is refused.
pub fn open(dataset: &Dataset) -> Result<(), String> {
    let bytes = hijri_testing::encoded(dataset);
    hijri::archive::open(&bytes)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Every core look-up over every chain, day and month of `dataset` (and a little beyond).
pub fn look_up_everything(dataset: &ArchivedDataset) {
    use hijri::hijri::HijriDate;
    use hijri::schema::ArchivedRecord;
    use hijri::warnings;
    for chain in dataset.chains.iter() {
        let (first, last) = (chain.first_day(), chain.last_day());
        let _ = chain.coverage();
        assert!(dataset.chain(&chain.id).is_some());
        for day in first.0 - 3..=last.0 + 3 {
            let date = hijri::date::Date(day);
            let _ = (date.to_string(), date.weekday().name());
            if let Some((hijri, month)) = chain.to_hijri(date) {
                let _ = (
                    hijri.to_string(),
                    hijri.long_text(),
                    chain.source(month.tier()),
                );
                assert_eq!(chain.to_gregorian(hijri).map(|(d, _)| d), Some(date));
            }
        }
        for (index, month) in chain.months.iter().enumerate() {
            let target = month.hijri_month();
            let _ = (
                target.name(),
                target.next().name(),
                target.previous().name(),
            );
            assert_eq!(chain.month_index(target), Some(index));
            for day in 0..=31 {
                let date = HijriDate {
                    year: target.year,
                    month: target.month,
                    day,
                };
                let _ = chain.to_gregorian(date).map(|(d, _)| d.to_string());
            }
            let _ = warnings::for_month(chain, month).iter().count();
            let _ = chain.rule_for(target).is_some();
            if let ArchivedRecord::Sites(evening) = &month.record {
                let deciding = usize::from(evening.deciding);
                if let (Some(values), Some(site)) =
                    (evening.sites.get(deciding), dataset.sites.get(deciding))
                {
                    let _ = hijri::date::local_clock(
                        values.sunset.to_native(),
                        values.utc_offset_s.to_native(),
                    );
                    let _ = (site.name.as_str(), site.tz.as_str());
                }
                let _ = hijri::date::Date(evening.date.to_native()).to_string();
            }
            for kind in [CardKind::Viz, CardKind::Map] {
                for bare in [false, true] {
                    let _ = dataset.card(0, target, kind, bare).map(|c| c.png.len());
                }
            }
        }
        for divergence in chain.divergences.iter() {
            let month = divergence.month.get();
            let _ = (month.name(), chain.month(month).is_some());
        }
    }
    for body in dataset.bodies.iter() {
        let answer = dataset.stored_answer(&body.key).unwrap();
        let _ = (answer.identity.len(), answer.etag.as_str());
        let _ = (
            answer.gzip.as_ref(),
            answer.brotli.as_ref(),
            answer.immutable,
        );
        let _ = answer.computed.iter().count();
    }
    assert!(dataset.stored_answer("/api/v1/none").is_none());
}
