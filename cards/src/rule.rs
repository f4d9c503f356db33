//! The rules a card can show, and each one's words on the cards: what the sky chart's
//! kicker, limit line and footer say, and what the archipelago map bounds and calls its
//! lines, region, ring and points.

use hijri::schema::{Applied, Limits};

use super::text::threshold;
use super::CardError;

/// The rule an evening was judged by, with what it decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CardRule {
    /// A visibility criterion at observation sites (Neo-MABIMS): its limits, and whether
    /// they held at one or more of the `sites_checked` sites.
    Sites {
        /// The archived criterion's limits: drawn as lines and thresholds, deciding the
        /// verdict.
        limits: Limits,
        /// True if the criteria hold at one or more of the checked sites.
        visible: bool,
        /// Number of sites checked (25).
        sites_checked: usize,
    },
    /// Wujudul hilal at the rule's one place (Yogyakarta): the conjunction before sunset
    /// (read from the card's values) and the Moon's upper limb above the horizon at sunset,
    /// that is, moonset after sunset.
    Wujud {
        /// The upper limb's altitude above the rule's horizon at sunset (1e-4 deg), as the
        /// record has it: above 0 exactly while the Moon has not set.
        upper_limb_alt: i32,
    },
    /// KHGT, at the deciding place of the evaluation day.
    Khgt(KhgtDecision),
}

/// What KHGT decided on an evaluation day D (UTC), as the record holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KhgtDecision {
    /// The rule's limits (geocentric, airless).
    pub limits: Limits,
    /// The condition the month's start rests on.
    pub applied: Applied,
    /// PKG 1's deadline: 24:00 UTC of D, Unix seconds.
    pub deadline: i64,
    /// Fajr in New Zealand on the morning of D + 1 there, Unix seconds.
    pub nz_fajr: i64,
    /// PKG 1's best place, if any land sunset fell in its window.
    pub pkg1: Option<BestPlace>,
    /// PKG 2's best place, when PKG 2 was evaluated (PKG 1 failed and the conjunction came
    /// before New Zealand's fajr) and a mainland sunset fell in its window.
    pub pkg2: Option<BestPlace>,
    /// True if PKG 2 was evaluated.
    pub pkg2_evaluated: bool,
}

/// The best place a KHGT condition found: where, its sunset and its margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestPlace {
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
    /// Its sunset, Unix seconds.
    pub sunset: i64,
    /// The smaller of the altitude's and the elongation's excess over their limits, degrees.
    pub margin: f64,
}

/// The sky chart's words for a rule.
pub struct SkyTerms {
    /// The kicker above the title.
    pub kicker: String,
    /// The altitude of the dashed limit line, degrees, and its label; none for wujudul
    /// hilal, whose line is the horizon itself.
    pub limit: Option<(f64, String)>,
}

/// What the archipelago map bounds and how it names it (a site criterion, wujudul hilal).
pub struct MapTerms {
    /// The kicker above the title.
    pub kicker: &'static str,
    /// The level each of the grid's two quantities must reach.
    pub levels: [f64; 2],
    /// Each boundary line's label on the map (`tinggi ≥ 3°`).
    pub labels: [String; 2],
    /// Each boundary line's legend entry.
    pub legend: [String; 2],
    /// The shaded region's legend entry.
    pub region: &'static str,
    /// The ring's legend entry.
    pub ring: String,
    /// What the legend's note says of the labels' arrows.
    pub note: &'static str,
    /// The counts' words for points that meet the rule and that do not.
    pub counts: [&'static str; 2],
}

impl CardRule {
    /// The limits of a rule that has them (a site criterion, KHGT).
    pub fn limits(&self) -> Option<Limits> {
        match self {
            CardRule::Sites { limits, .. } => Some(*limits),
            CardRule::Khgt(decision) => Some(decision.limits),
            CardRule::Wujud { .. } => None,
        }
    }

    /// Wujudul hilal's own test: the Moon's upper limb above the horizon at sunset (moonset
    /// after sunset); false under another rule.
    pub fn upper_limb_above(&self) -> bool {
        match self {
            CardRule::Wujud { upper_limb_alt } => *upper_limb_alt > 0,
            CardRule::Sites { .. } | CardRule::Khgt(_) => false,
        }
    }

    /// The sky chart's words; `place` is the place the sky is seen from.
    pub fn sky_terms(&self) -> SkyTerms {
        let limit = self.limits().map(|limits| {
            let alt = limits.min_moon_alt_deg();
            (alt, format!("batas tinggi {}", threshold(alt)))
        });
        let kicker = match self {
            CardRule::Sites { .. } => "HILAL · LANGIT BARAT SAAT MAGRIB",
            CardRule::Wujud { .. } => "WUJUDUL HILAL · LANGIT BARAT SAAT MAGRIB",
            CardRule::Khgt(_) => "KHGT · LANGIT DI TEMPAT PENENTU",
        };
        SkyTerms {
            kicker: kicker.to_owned(),
            limit,
        }
    }

    /// The archipelago map's terms; an error for KHGT, whose map is the world's.
    pub fn map_terms(&self) -> Result<MapTerms, CardError> {
        match self {
            CardRule::Sites {
                limits,
                sites_checked,
                ..
            } => {
                let (alt, elong) = (
                    threshold(limits.min_moon_alt_deg()),
                    threshold(limits.min_elongation_deg()),
                );
                Ok(MapTerms {
                    kicker: "PETA VISIBILITAS HILAL · SAAT MAGRIB",
                    levels: [limits.min_moon_alt_deg(), limits.min_elongation_deg()],
                    labels: [format!("tinggi ≥ {alt}"), format!("elongasi ≥ {elong}")],
                    legend: [
                        format!("Batas tinggi hilal {alt}"),
                        format!("Batas elongasi {elong}"),
                    ],
                    region: "Wilayah memenuhi kriteria",
                    ring: format!("Lokasi penentu ({sites_checked} lokasi)"),
                    note: "Panah pada label “≥” menunjuk ke sisi garis batas yang memenuhi \
                           batas itu",
                    counts: ["memenuhi kriteria", "tidak memenuhi"],
                })
            }
            CardRule::Wujud { .. } => Ok(MapTerms {
                kicker: "WUJUDUL HILAL · SAAT MAGRIB",
                levels: [0.0, 0.0],
                labels: [
                    "Bulan terbenam = Matahari".into(),
                    "ijtimak = magrib".into(),
                ],
                legend: [
                    "Bulan terbenam bersama Matahari".into(),
                    "Ijtimak tepat saat magrib".into(),
                ],
                region: "Hilal wujud: kedua syarat terpenuhi",
                ring: "Yogyakarta (berlaku se-Indonesia)".into(),
                note: "Panah pada garis menunjuk ke sisi yang memenuhi syarat wujudul hilal",
                counts: ["hilal wujud", "tidak wujud"],
            }),
            CardRule::Khgt(_) => Err(CardError::Input(
                "KHGT's map is the world map (world_svg)".into(),
            )),
        }
    }

    /// The footer's two lines on the rule and the attribution line.
    pub fn footer(&self) -> [String; 3] {
        match self {
            CardRule::Sites { limits, .. } => {
                let alt = threshold(limits.min_moon_alt_deg());
                let elong = threshold(limits.min_elongation_deg());
                [
                    format!(
                        "Kriteria: tinggi hilal ≥ {alt} (toposentrik, dengan refraksi) dan \
                         elongasi ≥ {elong}"
                    ),
                    "(geosentrik) saat matahari terbenam · waktu setempat".into(),
                    format!(
                        "Kalender Hijriah Indonesia · kriteria tinggi ≥ {alt}, elongasi ≥ \
                         {elong} · efemeris JPL DE440"
                    ),
                ]
            }
            CardRule::Wujud { .. } => [
                "Wujudul hilal: ijtimak sebelum magrib dan Bulan terbenam setelah Matahari".into(),
                "(tepi atas, toposentrik, dengan refraksi) di Yogyakarta · waktu setempat".into(),
                "Kalender Muhammadiyah · wujudul hilal (hingga 1446 H) · efemeris JPL DE440".into(),
            ],
            CardRule::Khgt(decision) => {
                let alt = threshold(decision.limits.min_moon_alt_deg());
                let elong = threshold(decision.limits.min_elongation_deg());
                [
                    format!("KHGT: tinggi hilal ≥ {alt} dan elongasi ≥ {elong} saat magrib"),
                    "tinggi & elongasi geosentrik, tanpa refraksi (konvensi KHGT) · waktu UTC"
                        .into(),
                    "Kalender Hijriah Global Tunggal (Muhammadiyah) · efemeris JPL DE440".into(),
                ]
            }
        }
    }

    /// The evening line's prefix in the header (`Pengamatan`, `Magrib`, `Malam`).
    pub fn evening_prefix(&self) -> &'static str {
        match self {
            CardRule::Sites { .. } => "Pengamatan",
            CardRule::Wujud { .. } => "Hisab magrib",
            CardRule::Khgt(_) => "Malam",
        }
    }
}
