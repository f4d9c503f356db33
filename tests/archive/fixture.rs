//! A small valid calendar with something of everything the look-ups read: two sites, four
//! months of three tiers (one evening without site results), two cards, a divergence and two
//! stored answers under three keys.

use hijri::archive;
use hijri::schema::{
    ArchivedCalendar, BodyKey, Calendar, Card, CardKind, Criterion, Divergence, Evening, Header,
    Month, Representation, Site, SiteEvening, StoredAnswer, Tier,
};
use rkyv::util::AlignedVec;

/// Day number of 2025-01-31 (1 Sya'ban 1446).
pub const START: i32 = 20_119;

fn site(name: &str) -> Site {
    Site {
        name: name.into(),
        lat: -6.1,
        lon: 106.8,
        elev_m: 5,
        tz: "Asia/Jakarta".into(),
    }
}

fn site_evening(moon_alt: i32) -> SiteEvening {
    SiteEvening {
        sunset: 1_740_743_460,
        moonset: Some(1_740_744_840),
        utc_offset_s: 25_200,
        moon_alt,
        moon_alt_airless: moon_alt - 2_000,
        moon_az: 2_631_400,
        sun_alt: -8_300,
        sun_az: 2_520_000,
        elongation: 70_000,
        illumination: 3_100,
        age: 111_200,
        alt_ok: Criterion::neo_mabims().limits.alt_ok(moon_alt),
        elong_ok: true,
    }
}

/// 1446-08 (retro), 1446-09 and 1446-10 (official), 1446-11 (computed, no site results).
pub fn calendar() -> Calendar {
    let month = |month: u8, start: i32, length: u8, tier: Tier, sites: usize| Month {
        year: 1446,
        month,
        start,
        length,
        tier,
        evening: Evening {
            date: start - 1,
            hijri_day: 29,
            conjunction_ms: 1_740_700_000_000,
            deciding: 1,
            visible: true,
            sites: [site_evening(20_000), site_evening(31_000)][..sites].to_vec(),
        },
    };
    let card = |kind, bare| Card {
        key: 0,
        year: 1446,
        month: 9,
        kind,
        bare,
        etag: "\"cafe0001\"".into(),
        png: b"\x89PNG\r\n\x1a\nfixture".to_vec(),
    };
    Calendar {
        header: Header {
            data_version: "fixture".into(),
            table_version: "none".into(),
            coverage_first: START + 29,
            coverage_last: START + 29 + 30 + 28,
            card_years: [1444, 1475],
        },
        criterion: Criterion::neo_mabims(),
        sites: vec![site("Pantai A"), site("Pantai B")],
        months: vec![
            month(8, START, 29, Tier::Retro, 2),
            month(9, START + 29, 30, Tier::Regional, 2),
            month(10, START + 59, 29, Tier::Regional, 2),
            month(11, START + 88, 30, Tier::Computed, 0),
        ],
        divergences: vec![Divergence {
            year: 1446,
            month: 10,
            delta_days: 1,
            moved: [[1446, 9], [1446, 10]],
        }],
        cards: vec![card(CardKind::Viz, false), card(CardKind::Map, true)],
        bodies: vec![
            body_key(
                "/api/v1/month?year=1446&month=11&calendar=hijri&retro=false",
                1,
            ),
            body_key(
                "/api/v1/month?year=1446&month=11&calendar=hijri&retro=true",
                1,
            ),
            body_key("/api/v1/months", 0),
        ],
        answers: vec![
            stored(b"{\"calendar\":\"hijri\"}", vec![]),
            stored(&[b'x'; 2048], vec![[3, 4]]),
        ],
    }
}

fn body_key(key: &str, answer: u32) -> BodyKey {
    BodyKey {
        key: key.into(),
        answer,
    }
}

/// A stored answer with fake compressed forms (the archive holds bytes, not their meaning).
pub fn stored(body: &[u8], computed: Vec<[u32; 2]>) -> StoredAnswer {
    let representation = |bytes: &[u8], suffix| Representation {
        etag: hijri::fingerprint::representation_etag(body, suffix).to_string(),
        bytes: bytes.to_vec(),
    };
    let big = body.len() >= 1024;
    StoredAnswer {
        immutable: true,
        tiers: if computed.is_empty() {
            Tier::Regional.bit()
        } else {
            Tier::Computed.bit()
        },
        computed,
        etag: hijri::fingerprint::etag(body),
        identity: body.to_vec(),
        gzip: big.then(|| representation(b"\x1f\x8bfake", hijri::fingerprint::GZIP_SUFFIX)),
        brotli: big.then(|| representation(b"fake", hijri::fingerprint::BROTLI_SUFFIX)),
    }
}

/// Archive bytes, 16-byte aligned as a mapping would be.
pub fn aligned(bytes: &[u8]) -> AlignedVec<16> {
    let mut aligned = AlignedVec::<16>::new();
    aligned.extend_from_slice(bytes);
    aligned
}

/// Opens `calendar` encoded; the error message if it is refused.
pub fn open(calendar: &Calendar) -> Result<(), String> {
    let bytes = aligned(&archive::encode(calendar).unwrap());
    archive::open(&bytes).map(|_| ()).map_err(|e| e.to_string())
}

/// Every core look-up over every day and month of `calendar` (and a little beyond).
pub fn look_up_everything(calendar: &ArchivedCalendar) {
    use hijri::hijri::{HijriDate, HijriMonth};
    use hijri::warnings;
    let (first, last) = (calendar.first_day(), calendar.last_day());
    let _ = calendar.coverage();
    for day in first.0 - 3..=last.0 + 3 {
        let date = hijri::date::Date(day);
        let _ = (date.to_string(), date.weekday().name());
        if let Some((hijri, month)) = calendar.to_hijri(date) {
            let _ = (hijri.to_string(), hijri.long_text(), month.tier().source());
            assert_eq!(calendar.to_gregorian(hijri).map(|(d, _)| d), Some(date));
        }
    }
    for (index, month) in calendar.months.iter().enumerate() {
        let target = month.hijri_month();
        let _ = (
            target.name(),
            target.next().name(),
            target.previous().name(),
        );
        assert_eq!(calendar.month_index(target), Some(index));
        for day in 0..=31 {
            let date = HijriDate {
                year: target.year,
                month: target.month,
                day,
            };
            let _ = calendar.to_gregorian(date).map(|(d, _)| d.to_string());
        }
        let _ = warnings::for_month(calendar, month).iter().count();
        let evening = &month.evening;
        let deciding = usize::from(evening.deciding);
        if let (Some(values), Some(site)) =
            (evening.sites.get(deciding), calendar.sites.get(deciding))
        {
            let _ = calendar.criterion.limits.get().site_margin(values);
            let _ = hijri::date::local_clock(
                values.sunset.to_native(),
                values.utc_offset_s.to_native(),
            );
            let _ = (site.name.as_str(), site.tz.as_str());
        }
        let _ = hijri::date::Date(evening.date.to_native()).to_string();
        for kind in [CardKind::Viz, CardKind::Map] {
            for bare in [false, true] {
                let _ = calendar.card(target, kind, bare).map(|c| c.png.len());
            }
        }
    }
    for body in calendar.bodies.iter() {
        let answer = calendar.stored_answer(&body.key).unwrap();
        let _ = (answer.identity.len(), answer.etag.as_str());
        let _ = (
            answer.gzip.as_ref(),
            answer.brotli.as_ref(),
            answer.immutable,
        );
        let _ = answer.computed.iter().count();
    }
    assert!(calendar.stored_answer("/api/v1/none").is_none());
    for divergence in calendar.divergences.iter() {
        let month = HijriMonth {
            year: divergence.year.to_native(),
            month: divergence.month,
        };
        let _ = (month.name(), calendar.month(month).is_some());
    }
}
