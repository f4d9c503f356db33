//! The calendar registry: the one list of the calendars the archive serves ([`all`]), the
//! default first, each with its facts written once: identifier, names (Indonesian, English,
//! short), the `source` names of its tiers, its rules by month range with their warning texts,
//! where its published dates come from, and its published table (or none). The generator makes
//! a chain of months from each ([`Authority::chain`]); the archive carries the facts, and the
//! server, the page and the tests read them from there. Nothing else states them.
//!
//! The texts are written here from each rule's numbers, so a warning names the calendar and
//! its rule, and the archive carries them ([`crate::schema::RuleTexts`]).

use crate::date::Date;
use crate::fixed::Decimal;
use crate::schema::{
    Arithmetic, Chain, ChainTexts, Criterion, Divergence, HijriMonth, Khgt, Limits, Month, Names,
    Rule, RuleSpan, RuleTexts, Site, Sources, Table, TableRule, Wujud,
};

/// A calendar before its months: everything [`Chain`] holds but the table's identity, the
/// months and the corrections, and where its published table lives.
#[derive(Clone, Debug, PartialEq)]
pub struct Authority {
    /// Identifier, the value of the `authority` parameter.
    pub id: String,
    /// Its names.
    pub names: Names,
    /// The `source` value of each tier.
    pub sources: Sources,
    /// The rules by month range.
    pub rules: Vec<RuleSpan>,
    /// The warning texts that do not depend on a month's rule.
    pub texts: ChainTexts,
    /// Where its published dates and its rules come from, one line each.
    pub provenance: Vec<String>,
    /// Its published table under `data/`, or `None` for a calendar that is its rule alone
    /// (no table identity, no ledger).
    pub table: Option<TableSource>,
}

/// Where a published table lives under `data/` and how it is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSource {
    /// Its directory under `data/` (`months.csv`, `corrections.csv`, and `coverage.csv` when
    /// [`Coverage::File`]).
    pub dir: &'static str,
    /// Which months its rows hold.
    pub rows: Rows,
    /// Which days it is authoritative for.
    pub coverage: Coverage,
}

/// Which months a published table's rows hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Every month in a row (the last row may leave its length open).
    Contiguous,
    /// Some months, in order, with gaps (each length, when given, reaches the next row).
    WithGaps,
}

/// Which days a published table is authoritative for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// The days `coverage.csv` names.
    File,
    /// Every day of the months it holds.
    EveryMonth,
}

impl Authority {
    /// The chain of this calendar with its published `table` (`None` exactly when it has no
    /// table), its `months` and its `divergences` (newest first).
    pub fn chain(
        self,
        table: Option<Table>,
        months: Vec<Month>,
        divergences: Vec<Divergence>,
    ) -> Chain {
        Chain {
            id: self.id,
            names: self.names,
            sources: self.sources,
            rules: self.rules,
            table,
            months,
            divergences,
            texts: self.texts,
            provenance: self.provenance,
        }
    }
}

/// Every calendar served, the default first: the one list the generator builds from and the
/// tests compare the interface with. `sites` is the number of observation sites (the
/// government's texts name it).
pub fn all(sites: usize) -> Vec<Authority> {
    vec![kemenag(sites), muhammadiyah(), ummalqura(), tabular()]
}

/// The names of a calendar as the names of its id in every language.
fn names(indonesian: &str, english: &str, short: &str) -> Names {
    Names {
        indonesian: indonesian.into(),
        english: english.into(),
        short: short.into(),
    }
}

/// The identifier of the default calendar.
pub const DEFAULT: &str = "kemenag";

/// The government's calendar (Kementerian Agama): the sidang isbat's dates, and Neo-MABIMS at
/// `sites` observation sites for every month outside them. Its `source` values are the
/// contract's (`regional`, `regional-computed`, `regional-retro`).
pub fn kemenag(sites: usize) -> Authority {
    let criterion = Criterion::neo_mabims();
    let limits = criterion.limits;
    let texts = RuleTexts {
        computed: format!(
            "Dates after the official table are computed with the visibility criteria \
             (altitude >= {} deg, elongation >= {} deg at one of {sites} sites); they may \
             differ by one day from official announcements.",
            Decimal(limits.min_moon_alt),
            Decimal(limits.min_elongation),
        ),
        retro: "Dates before the official table are computed retroactively with the same \
                criteria; they are not official and may differ by one day from historical \
                announcements."
            .into(),
        borderline: format!(
            "The evening that decided this month's start met or missed the criteria by less \
             than {} deg; the announced date may shift by one day.",
            Decimal(limits.borderline),
        ),
    };
    Authority {
        id: DEFAULT.into(),
        names: names(
            "Kementerian Agama RI (pemerintah)",
            "Ministry of Religious Affairs of Indonesia (government)",
            "Kemenag",
        ),
        sources: Sources {
            published: "regional".into(),
            computed: "regional-computed".into(),
            retro: "regional-retro".into(),
        },
        rules: vec![RuleSpan {
            first: None,
            last: None,
            rule: Rule::Sites(criterion),
            texts,
        }],
        texts: ChainTexts {
            divergence: "This month's dates were corrected after publication; see divergences \
                         in /api/v1/meta."
                .into(),
            before_table: "the official table".into(),
        },
        provenance: vec![
            "Kementerian Agama RI: month starts set by the sidang isbat, curated in \
             data/official/months.csv"
                .into(),
            "Neo-MABIMS (revised MABIMS criterion, in force since 1443 H): MABIMS ministers' \
             agreement of 2021, applied by Kementerian Agama since 2022"
                .into(),
        ],
        table: Some(TableSource {
            dir: "official",
            rows: Rows::Contiguous,
            coverage: Coverage::File,
        }),
    }
}

/// The identifier of Muhammadiyah's calendar.
pub const MUHAMMADIYAH: &str = "muhammadiyah";
/// The identifier of the Umm al-Qura table.
pub const UMMALQURA: &str = "ummalqura";

/// The identifier of the arithmetical (tabular) calendar.
pub const TABULAR: &str = "tabular";

/// The last month Muhammadiyah started by wujudul hilal; KHGT from the month after.
pub const WUJUDUL_HILAL_LAST: HijriMonth = HijriMonth {
    year: 1446,
    month: 12,
};

/// Muhammadiyah's calendar: its published month starts (maklumat), and for every other month
/// the rule in force: wujudul hilal at Yogyakarta up to [`WUJUDUL_HILAL_LAST`], KHGT from the
/// month after (1 Muharram 1447).
pub fn muhammadiyah() -> Authority {
    let wujud = Wujud {
        name: "Wujudul hilal".into(),
        evaluated: "on the evening of the conjunction's day at the place: the conjunction \
                    before sunset and the Moon's upper limb still above the horizon at sunset \
                    (moonset after sunset; both upper-limb events with standard refraction, at \
                    0 m); else the running month has 30 days. The result holds for all \
                    Indonesia (wilayatul hukmi)."
            .into(),
        place: Site {
            name: "Yogyakarta".into(),
            lat: -(7.0 + 48.0 / 60.0),
            lon: 110.0 + 21.0 / 60.0,
            elev_m: 0,
            tz: "Asia/Jakarta".into(),
        },
    };
    let khgt = khgt();
    let wujud_texts = RuleTexts {
        computed: format!(
            "Dates Muhammadiyah has not published are computed with its rule: {} at {} \
             (conjunction before sunset and the Moon setting after the Sun); they may differ by \
             one day from Muhammadiyah's announcements.",
            wujud.name, wujud.place.name
        ),
        retro: format!(
            "Dates before Muhammadiyah's first published month are computed retroactively with \
             {} at {}; they are not Muhammadiyah's and may differ by one day from its historical \
             announcements.",
            wujud.name, wujud.place.name
        ),
        borderline: String::new(),
    };
    let khgt_texts = RuleTexts {
        computed: format!(
            "Dates Muhammadiyah has not published are computed with its rule: {} (geocentric \
             Moon altitude >= {} deg and elongation >= {} deg at a sunset on land before 24:00 \
             UTC, or later on the mainland of the Americas); they may differ by one day from \
             Muhammadiyah's announcements.",
            khgt.name,
            Decimal(khgt.limits.min_moon_alt),
            Decimal(khgt.limits.min_elongation),
        ),
        retro: format!(
            "Dates before Muhammadiyah's first published month are computed retroactively with \
             {}; they are not Muhammadiyah's.",
            khgt.name
        ),
        borderline: format!(
            "The best place found met {} within {} deg of a limit; the announced date may \
             shift by one day.",
            khgt.name,
            Decimal(khgt.limits.borderline),
        ),
    };
    Authority {
        id: MUHAMMADIYAH.into(),
        names: names("Muhammadiyah", "Muhammadiyah", "Muhammadiyah"),
        sources: Sources {
            published: MUHAMMADIYAH.into(),
            computed: format!("{MUHAMMADIYAH}-computed"),
            retro: format!("{MUHAMMADIYAH}-retro"),
        },
        rules: vec![
            RuleSpan {
                first: None,
                last: Some(WUJUDUL_HILAL_LAST),
                rule: Rule::WujudulHilal(wujud),
                texts: wujud_texts,
            },
            RuleSpan {
                first: Some(WUJUDUL_HILAL_LAST.next()),
                last: None,
                rule: Rule::Khgt(khgt),
                texts: khgt_texts,
            },
        ],
        texts: ChainTexts {
            divergence: "This month's dates were corrected after Muhammadiyah published them; \
                         see divergences in /api/v1/authorities."
                .into(),
            before_table: "Muhammadiyah's first published month".into(),
        },
        provenance: vec![
            "Pimpinan Pusat Muhammadiyah: month starts from its maklumat, as published or \
             quoted in the press, in data/official/muhammadiyah/months.csv (sources per row in \
             data/official/muhammadiyah/SOURCES.md)"
                .into(),
            "Wujudul hilal (Majelis Tarjih dan Tajdid), in force up to 1446 H".into(),
            "KHGT: the Istanbul 2016 criteria (Kongres Penyatuan Kalender Hijriah \
             Internasional), in force from 1 Muharram 1447 H; the test point Muhammadiyah \
             published for 1447-09 is reproduced within 5 arcseconds"
                .into(),
            "Land: Natural Earth 1:50m land (public domain), as packaged in world-atlas@2.0.2"
                .into(),
        ],
        table: Some(TableSource {
            dir: "official/muhammadiyah",
            rows: Rows::WithGaps,
            coverage: Coverage::File,
        }),
    }
}

/// The KHGT rule as Muhammadiyah applies it from 1447 H: Moon altitude (geocentric, airless)
/// at least 5° and elongation (geocentric) at least 8° at local sunset.
pub fn khgt() -> Khgt {
    Khgt {
        name: "KHGT".into(),
        moon_alt: "geocentric altitude of the Moon's centre, airless (no refraction), at local \
                   sunset (the Sun's upper limb on the horizon with standard refraction, at 0 m)"
            .into(),
        elongation: "geocentric angle between the apparent centres of the Sun and the Moon at \
                     local sunset"
            .into(),
        pkg1: "the month starts on the next civil day if both limits hold at a sunset after the \
               conjunction somewhere on land, before 24:00 UTC of the conjunction's UTC day"
            .into(),
        pkg2: "otherwise it still starts then if both limits hold at a later sunset that \
               evening on the mainland of the Americas, and the conjunction came before fajr \
               in New Zealand on the morning of the next civil day there; else one day later"
            .into(),
        limits: Limits {
            min_moon_alt: 50_000,
            min_elongation: 80_000,
            borderline: 2_500,
        },
        deadline_min: 24 * 60,
        americas_until_min: (24 + 14) * 60,
        coast_tolerance_m: 5_000,
        fajr_place: Site {
            name: "Wellington".into(),
            lat: -41.2865,
            lon: 174.7762,
            elev_m: 0,
            tz: "Pacific/Auckland".into(),
        },
        fajr_depression: 180_000,
        fajr_band_min: 15,
        land: "Natural Earth 1:50m land (world-atlas@2.0.2, land-50m.json); the Americas' \
               mainland is its largest polygon in the western hemisphere (North and South \
               America, joined at Panama), islands excluded. Searched along parallels every \
               0.1 deg of latitude, refined to 0.01 deg around the best; along each parallel \
               the land's own edge (the latest sunset on land), so longitude is exact"
            .into(),
        deciding: "the record keeps, for each condition, the place with the largest margin \
                   (the smaller of the altitude's and the elongation's excess over their \
                   limits) among the condition's sunsets, and the cards mark that place. \
                   Muhammadiyah publishes instead the first place where both limits hold (the \
                   earliest such sunset, where the elongation reaches its limit): for 1447-09 \
                   56°48′49″N 158°51′44″W (sunset 03:43 UTC, altitude 5°23′35″), where this \
                   record keeps 54.82°N 163.41°W (sunset 04:05 UTC, altitude 5.75°); either \
                   place meets the limits, so the month starts on the same day"
            .into(),
    }
}

/// The Umm al-Qura calendar of Saudi Arabia: the KACST table, with no computation.
pub fn ummalqura() -> Authority {
    Authority {
        id: UMMALQURA.into(),
        names: names(
            "Umm al-Qura (KACST, Arab Saudi)",
            "Umm al-Qura (KACST, Saudi Arabia)",
            "Umm al-Qura",
        ),
        sources: Sources {
            published: UMMALQURA.into(),
            computed: UMMALQURA.into(),
            retro: UMMALQURA.into(),
        },
        rules: vec![RuleSpan {
            first: None,
            last: None,
            rule: Rule::Table(TableRule {
                name: "Umm al-Qura".into(),
                evaluated: "Saudi Arabia's civil calendar as KACST tabulates it; no evening \
                            decides a month here. Saudi religious dates (Ramadan, the Eids, \
                            Hajj) are set by the Supreme Court on sightings and can differ."
                    .into(),
            }),
            texts: RuleTexts {
                computed: String::new(),
                retro: String::new(),
                borderline: String::new(),
            },
        }],
        texts: ChainTexts {
            divergence: "This month's dates were corrected in the Umm al-Qura table after \
                         publication; see divergences in /api/v1/authorities."
                .into(),
            before_table: "the Umm al-Qura table".into(),
        },
        provenance: vec![
            "KACST Umm al-Qura table 1300-1600 H, decoded independently from ICU4X \
             (ummalqura_data.rs, Unicode-3.0) and OpenJDK (hijrah-config-Hijrah-umalqura, GPLv2 \
             with the Classpath exception): all 3,612 month starts and lengths agree; only the \
             dates are kept"
                .into(),
            "From 1451 H KACST's months are projections under an unpublished rule".into(),
        ],
        table: Some(TableSource {
            dir: "official/ummalqura",
            rows: Rows::Contiguous,
            coverage: Coverage::EveryMonth,
        }),
    }
}

/// The arithmetical Islamic calendar, ICU's `islamic-civil` (the Type II tabular calendar
/// many apps use): months of 30 and 29 days in turn from 1 Muharram 1 AH = Friday 16 July
/// 622 (Julian), Dzulhijjah of 30 days in 11 leap years of each 30-year cycle. Its rule is
/// its whole calendar: no table, no ledger, no evening.
pub fn tabular() -> Authority {
    let rule = Arithmetic {
        name: "Tabular (islamic-civil)".into(),
        evaluated: "arithmetic alone: months of 30 and 29 days in turn, Dzulhijjah of 30 days \
                    in the leap years of each 30-year cycle, counted from the civil epoch; no \
                    evening decides a month here, and no authority announces its dates"
            .into(),
        epoch: Date::fixed(622, 7, 19).0,
        cycle_years: 30,
        leap_years: vec![2, 5, 7, 10, 13, 16, 18, 21, 24, 26, 29],
    };
    let texts = RuleTexts {
        computed: "Dates of the tabular calendar follow its arithmetic (a 30-year cycle of \
                   354- and 355-day years), not a sighting or a decision; Indonesian religious \
                   dates may differ from them by one or two days."
            .into(),
        retro: String::new(),
        borderline: String::new(),
    };
    Authority {
        id: TABULAR.into(),
        names: names(
            "Kalender Hijriah tabular (aritmetika)",
            "Tabular Islamic calendar (arithmetical)",
            "Tabular",
        ),
        sources: Sources {
            published: TABULAR.into(),
            computed: TABULAR.into(),
            retro: TABULAR.into(),
        },
        rules: vec![RuleSpan {
            first: None,
            last: None,
            rule: Rule::Arithmetic(rule),
            texts,
        }],
        texts: ChainTexts {
            divergence: String::new(),
            before_table: String::new(),
        },
        provenance: vec![
            "The Type II tabular Islamic calendar (civil epoch, leap years 2, 5, 7, 10, 13, \
             16, 18, 21, 24, 26, 29 of each 30-year cycle), as ICU names it islamic-civil and \
             as many apps and libraries compute it"
                .into(),
        ],
        table: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_government_texts_state_the_criterion() {
        let kemenag = kemenag(25);
        let texts = &kemenag.rules[0].texts;
        assert_eq!(
            texts.computed,
            "Dates after the official table are computed with the visibility criteria \
             (altitude >= 3.0 deg, elongation >= 6.4 deg at one of 25 sites); they may differ \
             by one day from official announcements."
        );
        assert_eq!(
            texts.borderline,
            "The evening that decided this month's start met or missed the criteria by less \
             than 0.25 deg; the announced date may shift by one day."
        );
        assert!(texts.retro.starts_with("Dates before the official table"));
        assert_eq!(kemenag.sources.published, "regional");
        assert_eq!(kemenag.sources.computed, "regional-computed");
        assert_eq!(kemenag.sources.retro, "regional-retro");
    }
}
