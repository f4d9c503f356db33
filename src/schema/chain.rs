//! A calendar: its chain of months with their rules, criteria, sites and evening records.

use rkyv::{Archive, Deserialize, Serialize};

/// One authority's calendar: its months from the one containing the served span's first day
/// to the one containing its last ([`crate::span`]), the rules they follow, its published
/// table and its corrections.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Chain {
    /// Identifier, the value of the `authority` parameter (lower case), e.g. `kemenag`.
    pub id: String,
    /// Its names, as people read them.
    pub names: Names,
    /// The `source` value of each tier.
    pub sources: Sources,
    /// The rules by month range, in order, together covering every month of the chain.
    pub rules: Vec<RuleSpan>,
    /// The authority's published table; `None` for a calendar that is its rule alone (no
    /// table identity, no ledger: every month computed).
    pub table: Option<Table>,
    /// The months, contiguous, in order.
    pub months: Vec<Month>,
    /// Corrections of month starts that had been served (the ledger), newest first.
    pub divergences: Vec<Divergence>,
    /// The chain's warning texts that do not depend on a month's rule.
    pub texts: ChainTexts,
    /// Where its published dates and its rules come from, one line each.
    pub provenance: Vec<String>,
}

/// A calendar's names.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Names {
    /// Its name in Indonesian, e.g. `Kementerian Agama RI (pemerintah)`.
    pub indonesian: String,
    /// Its name in English.
    pub english: String,
    /// A short name for lists and grids in either language, e.g. `Kemenag`.
    pub short: String,
}

/// The `source` value of each tier of a chain.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Sources {
    /// A month whose start the authority published.
    pub published: String,
    /// A computed month after the chain's first published month.
    pub computed: String,
    /// A computed month before it (served only with `retro=true`).
    pub retro: String,
}

/// An authority's published table: its identity and coverage.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Table {
    /// Short hash of the table; changes when the table changes.
    pub data_version: String,
    /// `none` without corrections; changes whenever a correction is applied.
    pub table_version: String,
    /// First day covered by the table.
    pub coverage_first: i32,
    /// Last day covered by the table: a day of a published month after it is computed.
    pub coverage_last: i32,
}

/// Warning texts of a chain that do not depend on a month's rule.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct ChainTexts {
    /// `divergence`: the month was corrected after publication.
    pub divergence: String,
    /// What `retro_required` says the left-out dates fall before, e.g. `the official table`.
    pub before_table: String,
}

/// A rule in force for the months whose start falls in a range of Hijri months.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct RuleSpan {
    /// First month under the rule; `None`: from the chain's first month.
    pub first: Option<HijriMonth>,
    /// Last month under the rule; `None`: to the chain's last month.
    pub last: Option<HijriMonth>,
    /// The rule.
    pub rule: Rule,
    /// Its warning texts.
    pub texts: RuleTexts,
}

/// Warning texts of a rule, written from its numbers by the generator.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct RuleTexts {
    /// `computed`: the date is computed with this rule.
    pub computed: String,
    /// `retro`: the date is computed retroactively with this rule.
    pub retro: String,
    /// `borderline`: the deciding evening was near the rule's limits (empty for a rule
    /// without limits).
    pub borderline: String,
}

/// How the months of a rule span start.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub enum Rule {
    /// Least Moon altitude and elongation at local sunset at one or more observation sites
    /// ([`Dataset::sites`]).
    Sites(Criterion),
    /// Wujudul hilal: the conjunction before sunset and the Moon setting after the Sun, at
    /// one place.
    WujudulHilal(Wujud),
    /// KHGT: least Moon altitude and elongation somewhere on Earth (Istanbul 2016 criteria).
    Khgt(Khgt),
    /// The authority's table alone: no evening decides a month.
    Table(TableRule),
    /// Arithmetic alone: a fixed cycle of 29- and 30-day months, no evening.
    Arithmetic(Arithmetic),
}

/// An arithmetical (tabular) calendar: months of 30 and 29 days in turn (Muharram 30),
/// Dzulhijjah of 30 days in the leap years of each cycle, day 1 of 1 Muharram 1 at `epoch`.
/// Its months are [`Arithmetic::start`] and [`Arithmetic::length`].
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Arithmetic {
    /// Name, e.g. `Tabular (islamic-civil)`.
    pub name: String,
    /// The rule in words.
    pub evaluated: String,
    /// Gregorian day number of 1 Muharram 1.
    pub epoch: i32,
    /// Years in a cycle.
    pub cycle_years: u16,
    /// The leap years' places in the cycle (1 to `cycle_years`), ascending.
    pub leap_years: Vec<u16>,
}

/// Wujudul hilal: a month starts the day after the first evening on which, at `place`, the
/// conjunction comes before sunset and the Moon's upper limb is still above the horizon at
/// sunset (moonset after sunset: both upper-limb events with standard refraction).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Wujud {
    /// Name, e.g. `Wujudul hilal`.
    pub name: String,
    /// The conditions in words.
    pub evaluated: String,
    /// The place whose sunset decides, for the whole country.
    pub place: Site,
}

/// KHGT (Kalender Hijriah Global Tunggal, the Istanbul 2016 criteria as Muhammadiyah applies
/// them): the month starts on the civil day after the evaluation day, everywhere, when the
/// Moon meets `limits` at a sunset somewhere on land before the deadline (PKG 1), or later
/// on the mainland of the Americas when the conjunction came before fajr in New Zealand
/// (PKG 2).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Khgt {
    /// Name, e.g. `KHGT`.
    pub name: String,
    /// How the Moon's altitude is measured.
    pub moon_alt: String,
    /// How the elongation is measured.
    pub elongation: String,
    /// PKG 1 in words.
    pub pkg1: String,
    /// PKG 2 in words.
    pub pkg2: String,
    /// The thresholds, and the band within which a margin is near the limit.
    pub limits: Limits,
    /// PKG 1's sunsets fall before this many minutes after 00:00 UTC of the evaluation day.
    pub deadline_min: u16,
    /// PKG 2's sunsets fall before this many minutes after 00:00 UTC of the evaluation day.
    pub americas_until_min: u16,
    /// A place counts as land (or mainland) within this distance of the outline, metres.
    pub coast_tolerance_m: u32,
    /// Where fajr in New Zealand is taken.
    pub fajr_place: Site,
    /// Depression of the Sun's centre below the airless horizon at fajr (1e-4 deg).
    pub fajr_depression: i32,
    /// When PKG 1 fails, a conjunction within this many minutes of New Zealand's fajr,
    /// before or after it, makes the month borderline.
    pub fajr_band_min: u16,
    /// The land outlines searched and their resolution, in words.
    pub land: String,
    /// Which place of a condition the record keeps (and the cards mark), and how it differs
    /// from the place Muhammadiyah publishes, in words.
    pub deciding: String,
}

/// A calendar that is a published table and nothing else.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct TableRule {
    /// Name, e.g. `Umm al-Qura`.
    pub name: String,
    /// What the table is, in words.
    pub evaluated: String,
}

/// A visibility criterion: its name, what it measures, and its limits.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Criterion {
    /// Name, e.g. `Neo-MABIMS`.
    pub name: String,
    /// How the Moon's altitude is measured.
    pub moon_alt: String,
    /// How the elongation is measured.
    pub elongation: String,
    /// Where and when both are evaluated, and when a month counts as visible.
    pub evaluated: String,
    /// The thresholds and the borderline band.
    pub limits: Limits,
}

/// The numbers of a criterion, fixed point (1e-4 deg).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(derive(Debug))]
pub struct Limits {
    /// Least Moon altitude.
    pub min_moon_alt: i32,
    /// Least elongation.
    pub min_elongation: i32,
    /// A site that meets both limits with a margin below this is borderline.
    pub borderline: i32,
}

/// An observation site.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Site {
    /// Display name, e.g. `Sabang, Aceh`.
    pub name: String,
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
    /// Elevation above the ellipsoid, metres.
    pub elev_m: i32,
    /// IANA time zone, e.g. `Asia/Jakarta`.
    pub tz: String,
}

/// Where a month's start comes from (its `source` value is the chain's, [`Sources`]).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum Tier {
    /// The authority published the month's start.
    Published,
    /// Computed, after the chain's first published month.
    Computed,
    /// Computed before the chain's first published month (served only with `retro=true`).
    Retro,
}

impl Tier {
    /// Every tier, in the order of their [`Tier::bit`]s.
    pub const ALL: [Tier; 3] = [Tier::Published, Tier::Computed, Tier::Retro];

    /// Its bit in a set of tiers (`StoredAnswer::tiers`, the server's per-answer set).
    pub fn bit(self) -> u8 {
        match self {
            Tier::Published => 1,
            Tier::Computed => 2,
            Tier::Retro => 4,
        }
    }

    /// Its short name (`published`, `computed`, `retro`), as the metrics label it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Published => "published",
            Tier::Computed => "computed",
            Tier::Retro => "retro",
        }
    }
}

impl ArchivedTier {
    /// The tier as a plain value.
    pub fn get(&self) -> Tier {
        match self {
            ArchivedTier::Published => Tier::Published,
            ArchivedTier::Computed => Tier::Computed,
            ArchivedTier::Retro => Tier::Retro,
        }
    }
}

/// A Hijri year and month, the one shape of a Hijri month in the archive; ordered
/// chronologically. Its methods (next, previous, name, parsing) are in [`crate::hijri`].
#[derive(
    Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
)]
#[rkyv(derive(Debug, Clone, Copy, PartialEq, Eq))]
pub struct HijriMonth {
    /// Hijri year.
    pub year: u16,
    /// Month 1–12.
    pub month: u8,
}

impl ArchivedHijriMonth {
    /// The month as a plain value.
    pub fn get(&self) -> HijriMonth {
        HijriMonth {
            year: self.year.to_native(),
            month: self.month,
        }
    }
}

/// One Hijri month of a chain.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Month {
    /// Its Hijri year and number.
    pub hijri: HijriMonth,
    /// Gregorian day number of day 1.
    pub start: i32,
    /// 29 or 30.
    pub length: u8,
    /// Where the start comes from.
    pub tier: Tier,
    /// The evening that decided (or, for published months, examined) this month's start.
    pub record: Record,
}

/// The evening record of a month, as its rule has one.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub enum Record {
    /// No evening decides the month (a table or arithmetical calendar, or a month its rule
    /// did not evaluate).
    None,
    /// Every observation site at its local sunset ([`Rule::Sites`]).
    Sites(Evening),
    /// The rule's place at its sunset ([`Rule::WujudulHilal`]).
    Wujud(WujudEvening),
    /// The global search of the evaluation day ([`Rule::Khgt`]).
    Khgt(KhgtEvening),
}

/// A wujudul hilal evening at the rule's place: the evening before the month's first day.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct WujudEvening {
    /// Gregorian day number of the evening (local civil date at the place).
    pub date: i32,
    /// The geocentric conjunction nearest to sunset, Unix milliseconds.
    pub conjunction_ms: i64,
    /// Sunset, Unix seconds.
    pub sunset: i64,
    /// Moonset nearest to sunset, Unix seconds, if the Moon sets within 14 hours of it.
    pub moonset: Option<i64>,
    /// The place's UTC offset that evening, seconds.
    pub utc_offset_s: i32,
    /// The altitude of the Moon's upper limb above the rule's horizon at sunset (1e-4 deg):
    /// topocentric, airless, plus the Moon's semidiameter and the standard 34′ of refraction,
    /// so it is 0 at moonset and above 0 exactly while the Moon has not set (the quantity
    /// the rule tests).
    pub upper_limb_alt: i32,
    /// The conjunction came before sunset and the upper limb was above the horizon at sunset
    /// (`upper_limb_alt > 0`).
    pub met: bool,
}

/// Which KHGT condition a month's start rests on.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum Applied {
    /// PKG 1: met somewhere on land before the deadline.
    Pkg1,
    /// PKG 2: met later on the mainland of the Americas, the conjunction before New
    /// Zealand's fajr.
    Pkg2,
    /// Neither: the month starts a day later.
    Neither,
}

/// The best place a KHGT condition found on the evaluation day.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct KhgtPlace {
    /// Geodetic latitude (1e-4 deg north).
    pub lat: i32,
    /// Longitude (1e-4 deg east).
    pub lon: i32,
    /// Its sunset, Unix seconds.
    pub sunset: i64,
    /// Geocentric airless Moon altitude at that sunset (1e-4 deg).
    pub moon_alt: i32,
    /// Geocentric elongation at that sunset (1e-4 deg).
    pub elongation: i32,
    /// Its name: the region and country containing it or nearest to it (`data/places/`),
    /// e.g. `Alaska, Amerika Serikat`; empty when no region is within reach.
    pub name: String,
}

/// The KHGT evaluation of a month's first evaluation day (the UTC day of the conjunction).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct KhgtEvening {
    /// Gregorian day number of the evaluation day D (UTC).
    pub day: i32,
    /// The geocentric conjunction, Unix milliseconds.
    pub conjunction_ms: i64,
    /// Fajr in New Zealand on the morning of its civil day D + 1, Unix seconds.
    pub nz_fajr: i64,
    /// The condition met; with [`Applied::Neither`] the month starts on D + 2.
    pub applied: Applied,
    /// PKG 1's best place: the largest margin among land sunsets after the conjunction
    /// before the deadline (none if no such sunset).
    pub pkg1: Option<KhgtPlace>,
    /// PKG 2's best place on the American mainland, when PKG 1 failed and the conjunction
    /// came before New Zealand's fajr.
    pub pkg2: Option<KhgtPlace>,
}

/// The hilal evening record that decides a month's start, with every site's result.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Evening {
    /// Gregorian day number of the evening (day 29 of the month before).
    pub date: i32,
    /// Hijri day of the running month on that evening (29, except where a chain starts).
    pub hijri_day: u8,
    /// The geocentric conjunction used for the lunar age, Unix milliseconds.
    pub conjunction_ms: i64,
    /// Index into [`Dataset::sites`] of the deciding site.
    pub deciding: u8,
    /// True if the criteria hold at one or more sites.
    pub visible: bool,
    /// Every site's result, in site order.
    pub sites: Vec<SiteEvening>,
}

/// The values at one site at its local sunset.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct SiteEvening {
    /// Sunset, Unix seconds.
    pub sunset: i64,
    /// Moonset nearest to sunset, Unix seconds, if the Moon sets within a day of it.
    pub moonset: Option<i64>,
    /// The site's UTC offset that evening, seconds.
    pub utc_offset_s: i32,
    /// Topocentric refracted Moon altitude (1e-4 deg).
    pub moon_alt: i32,
    /// Topocentric airless Moon altitude (1e-4 deg).
    pub moon_alt_airless: i32,
    /// Moon azimuth from North through East (1e-4 deg).
    pub moon_az: i32,
    /// Topocentric airless Sun altitude (1e-4 deg).
    pub sun_alt: i32,
    /// Sun azimuth (1e-4 deg).
    pub sun_az: i32,
    /// Geocentric elongation (1e-4 deg).
    pub elongation: i32,
    /// Geocentric illuminated fraction (1e-4 percent).
    pub illumination: i32,
    /// Sunset minus conjunction (1e-4 h).
    pub age: i32,
    /// Altitude criterion met.
    pub alt_ok: bool,
    /// Elongation criterion met.
    pub elong_ok: bool,
}

/// A correction: a month whose start moved after it had been served.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Divergence {
    /// The corrected month.
    pub month: HijriMonth,
    /// Days by which its start moved.
    pub delta_days: i8,
    /// The first and last months whose start or length the announcement
    /// that made this correction moved, as `announce` found them by comparing the chain
    /// before and after it: from the month before the corrected one (whose length changed)
    /// through the last computed month that moved with it.
    pub moved: [HijriMonth; 2],
}
