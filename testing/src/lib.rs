//! Test support for every crate of the workspace: one builder of small, valid archives.
//!
//! [`DatasetBuilder`] makes the root (sites, chains, cards, stored answers) and
//! [`ChainBuilder`] one calendar (months, coverage, corrections), starting from the facts of
//! [`hijri::registry`] so that a test archive carries the texts the generator writes. Tests
//! that break a rule of meaning change the built [`Dataset`] before encoding it.
//!
//! This crate is a dev-dependency only: the crates' own builds never see it.

#![forbid(unsafe_code)]

use hijri::archive;
use hijri::date::Date;
use hijri::fingerprint;
use hijri::registry::{self, Authority};
use hijri::schema::{
    BodyKey, Card, CardKind, Chain, Criterion, Dataset, Divergence, Evening, HijriMonth, Holidays,
    Month, Record, Representation, Site, SiteEvening, StoredAnswer, Table, Tier,
};
use rkyv::util::AlignedVec;

/// Card years of every test archive, as the service's.
pub const CARD_YEARS: [u16; 2] = [1444, 1475];

/// A coastal test site near Jakarta named `name`.
pub fn site(name: &str) -> Site {
    Site {
        name: name.into(),
        lat: -6.1,
        lon: 106.8,
        elev_m: 5,
        tz: "Asia/Jakarta".into(),
    }
}

/// One site's values at a sunset of 2025-02-28 (WIB) with the given Moon altitude and
/// elongation (1e-4 deg); its flags follow Neo-MABIMS.
pub fn site_evening(moon_alt: i32, elongation: i32) -> SiteEvening {
    let limits = Criterion::neo_mabims().limits;
    SiteEvening {
        sunset: 1_740_743_460,
        moonset: Some(1_740_744_840),
        utc_offset_s: 25_200,
        moon_alt,
        moon_alt_airless: moon_alt - 2_000,
        moon_az: 2_631_400,
        sun_alt: -8_300,
        sun_az: 2_520_000,
        elongation,
        illumination: 3_100,
        age: 111_200,
        alt_ok: limits.alt_ok(moon_alt),
        elong_ok: limits.elong_ok(elongation),
    }
}

/// A site record of the evening `date` (day 29), deciding site `deciding`, `visible` as the
/// flags say.
pub fn sites_record(date: i32, deciding: u8, sites: Vec<SiteEvening>) -> Record {
    Record::Sites(Evening {
        date,
        hijri_day: 29,
        conjunction_ms: 1_740_700_000_000,
        deciding,
        visible: sites.iter().any(|s| s.alt_ok && s.elong_ok),
        sites,
    })
}

/// One calendar under construction.
#[derive(Clone, Debug)]
pub struct ChainBuilder {
    authority: Authority,
    table: Table,
    months: Vec<Month>,
    divergences: Vec<Divergence>,
}

impl ChainBuilder {
    /// A calendar with the facts of `authority`, no months, and a table without corrections
    /// if the calendar has a published table.
    pub fn of(authority: Authority) -> ChainBuilder {
        ChainBuilder {
            authority,
            table: Table {
                data_version: "test".into(),
                table_version: "none".into(),
                coverage_first: 0,
                coverage_last: 0,
            },
            months: Vec::new(),
            divergences: Vec::new(),
        }
    }

    /// The government's calendar over `sites` observation sites.
    pub fn kemenag(sites: usize) -> ChainBuilder {
        ChainBuilder::of(registry::kemenag(sites))
    }

    /// Appends the month `year`-`month` starting on day number `start`.
    pub fn month(
        mut self,
        (year, month): (u16, u8),
        start: i32,
        length: u8,
        tier: Tier,
        record: Record,
    ) -> ChainBuilder {
        self.months.push(Month {
            hijri: HijriMonth { year, month },
            start,
            length,
            tier,
            record,
        });
        self
    }

    /// Appends contiguous months from `first`, starting on day number `start`, one per
    /// `(length, tier, record)`.
    pub fn months(
        mut self,
        first: HijriMonth,
        start: i32,
        months: impl IntoIterator<Item = (u8, Tier, Record)>,
    ) -> ChainBuilder {
        let (mut number, mut start) = (first, start);
        for (length, tier, record) in months {
            self = self.month((number.year, number.month), start, length, tier, record);
            number = number.next();
            start += i32::from(length);
        }
        self
    }

    /// The table's coverage, day numbers.
    pub fn coverage(mut self, first: i32, last: i32) -> ChainBuilder {
        self.table.coverage_first = first;
        self.table.coverage_last = last;
        self
    }

    /// Records a correction of `year`-`month` by `delta_days` (newest last in calls, first in
    /// the chain) that moved that month's start and the length of the month before it.
    pub fn divergence(mut self, (year, month): (u16, u8), delta_days: i8) -> ChainBuilder {
        let before = HijriMonth { year, month }.previous();
        self.divergences.insert(
            0,
            Divergence {
                month: HijriMonth { year, month },
                delta_days,
                moved: [before, HijriMonth { year, month }],
            },
        );
        self.table.table_version = format!("{}-test", self.divergences.len());
        self
    }

    /// The chain. Without an explicit coverage its table covers the first month's first day
    /// only; a calendar without a published table gets none.
    pub fn build(self) -> Chain {
        let mut table = self.table;
        if (table.coverage_first, table.coverage_last) == (0, 0) {
            let first = self.months.first().map_or(0, |m| m.start);
            (table.coverage_first, table.coverage_last) = (first, first);
        }
        let table = self.authority.table.is_some().then_some(table);
        self.authority.chain(table, self.months, self.divergences)
    }
}

/// A whole archive under construction.
#[derive(Clone, Debug)]
pub struct DatasetBuilder {
    dataset: Dataset,
}

impl Default for DatasetBuilder {
    fn default() -> Self {
        DatasetBuilder::new()
    }
}

impl DatasetBuilder {
    /// An archive with no chain, no site, no card and no stored answer.
    pub fn new() -> DatasetBuilder {
        DatasetBuilder {
            dataset: Dataset {
                chains: Vec::new(),
                sites: Vec::new(),
                card_years: CARD_YEARS,
                cards: Vec::new(),
                bodies: Vec::new(),
                answers: Vec::new(),
                holidays: Holidays::default(),
                chinese_months: Vec::new(),
                places: Vec::new(),
                prayer: hijri::schema::PrayerTable::default(),
                eclipses: Vec::new(),
            },
        }
    }

    /// Adds observation sites named `names`.
    pub fn sites(mut self, names: &[&str]) -> DatasetBuilder {
        self.dataset.sites.extend(names.iter().map(|n| site(n)));
        self
    }

    /// Adds a chain (the first added is the default).
    pub fn chain(mut self, chain: ChainBuilder) -> DatasetBuilder {
        self.dataset.chains.push(chain.build());
        self
    }

    /// Adds a card for `year`-`month` holding `png` under `etag` (cards must be added in
    /// order).
    pub fn card(
        mut self,
        (year, month): (u16, u8),
        (kind, bare): (CardKind, bool),
        png: &[u8],
        etag: &str,
    ) -> DatasetBuilder {
        self.dataset.cards.push(Card {
            chain: 0,
            month: HijriMonth { year, month },
            kind,
            bare,
            etag: etag.into(),
            key: 0,
            png: png.to_vec(),
        });
        self
    }

    /// Stores `answer` under every key of `keys`.
    pub fn stored(mut self, keys: &[&str], answer: StoredAnswer) -> DatasetBuilder {
        let index = u32::try_from(self.dataset.answers.len()).unwrap_or(u32::MAX);
        self.dataset.answers.push(answer);
        self.dataset.bodies.extend(keys.iter().map(|key| BodyKey {
            key: (*key).into(),
            answer: index,
        }));
        self
    }

    /// The root (its stored-answer keys sorted, as the archive keeps them).
    pub fn build(mut self) -> Dataset {
        self.dataset.bodies.sort_by(|a, b| a.key.cmp(&b.key));
        self.dataset
    }

    /// The archive file's bytes, aligned as a mapping would be (encoding a test archive
    /// cannot fail).
    pub fn bytes(self) -> AlignedVec<16> {
        encoded(&self.build())
    }
}

/// A stored answer with fake compressed forms (the archive holds bytes, not their meaning)
/// serving the months at `computed` (ranges of the default chain's month indices).
pub fn stored(body: &[u8], computed: Vec<[u32; 2]>) -> StoredAnswer {
    let representation = |bytes: &[u8], suffix| Representation {
        etag: fingerprint::representation_etag(body, suffix).to_string(),
        bytes: bytes.to_vec(),
    };
    let big = body.len() >= 1024;
    StoredAnswer {
        immutable: true,
        tiers: if computed.is_empty() {
            Tier::Published.bit()
        } else {
            Tier::Computed.bit()
        },
        computed,
        etag: fingerprint::etag(body),
        identity: body.to_vec(),
        gzip: big.then(|| representation(b"\x1f\x8bfake", fingerprint::GZIP_SUFFIX)),
        brotli: big.then(|| representation(b"fake", fingerprint::BROTLI_SUFFIX)),
    }
}

/// `dataset` encoded as archive bytes, 16-byte aligned.
#[allow(
    clippy::expect_used,
    reason = "test archives are small; rkyv encoding fails only past 4 GB"
)]
pub fn encoded(dataset: &Dataset) -> AlignedVec<16> {
    let bytes = archive::encode(dataset).expect("a test archive encodes");
    aligned(&bytes)
}

/// `bytes` copied to a 16-byte aligned buffer, as a mapping would hold them.
pub fn aligned(bytes: &[u8]) -> AlignedVec<16> {
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(bytes);
    aligned
}

/// The day number of an ISO date (test literals).
#[allow(clippy::expect_used, reason = "test literals are valid dates")]
pub fn day(iso: &str) -> i32 {
    Date::parse_iso(iso).expect("an ISO date literal").0
}
