//! The rkyv schema of the archive: everything the server looks up, written by the generator.
//!
//! Any change to this file changes the schema hash embedded by `build.rs`, so an archive
//! written with another schema is refused at start instead of being misread.
//!
//! Conventions: dates are day numbers (see [`crate::date::Date`]); instants are Unix seconds
//! (UTC); angles, percentages and hours are fixed-point integers in units of 1e-4
//! ([`FIXED_SCALE`]), so the bytes are exact and deterministic.

use rkyv::{Archive, Deserialize, Serialize};

/// Scale of the fixed-point numbers in the archive (4 decimals).
pub const FIXED_SCALE: f64 = 10_000.0;

/// The root of the archive: the calendars side by side and what they share.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Dataset {
    /// The calendars (one chain of months per authority), the default one first.
    pub chains: Vec<Chain>,
    /// The observation sites of the site criteria ([`Rule::Sites`]), in checking order.
    pub sites: Vec<Site>,
    /// Hijri years `[min, max]` of the pre-rendered cards (of every chain that has them).
    pub card_years: [u16; 2],
    /// Pre-rendered PNG cards of the chains whose rules decide months on an evening, sorted
    /// by (chain, year, month, kind, bare).
    pub cards: Vec<Card>,
    /// The keys of the stored answers, sorted by key, each once (a binary search finds one).
    /// Every stored answer is one of the default chain's.
    pub bodies: Vec<BodyKey>,
    /// The stored answers the keys point at (one answer may have several keys).
    pub answers: Vec<StoredAnswer>,
    /// Indonesia's national holidays and cuti bersama, decreed and predicted.
    pub holidays: Holidays,
    /// The Chinese calendar's months (civil days at UTC+8) over the served span, in order:
    /// the first holds the span's first day, the last is the first month after the span and
    /// only ends the one before it. Empty in an archive without the Chinese calendar.
    pub chinese_months: Vec<ChineseMonth>,
    /// The places prayer times are served for (Kemenag's kabupaten/kota), in the order of
    /// `data/places/kabkota.csv`. Empty in an archive without prayer times.
    pub places: Vec<PrayerPlace>,
    /// The exact prayer times of every place and day of the span ([`crate::prayer_table`]).
    pub prayer: PrayerTable,
    /// Every solar and lunar eclipse of the span, in order of greatest eclipse, with what
    /// their local circumstances are evaluated from ([`crate::eclipse`]).
    pub eclipses: Vec<Eclipse>,
}

/// An eclipse's body and type.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum EclipseType {
    /// A solar eclipse whose umbra reaches the Earth.
    SolarTotal,
    /// A solar eclipse whose antumbra (only) reaches it.
    SolarAnnular,
    /// A solar eclipse annular along part of its track and total along the rest.
    SolarHybrid,
    /// A solar eclipse whose penumbra only reaches it.
    SolarPartial,
    /// A lunar eclipse with the Moon wholly in the umbra.
    LunarTotal,
    /// A lunar eclipse with the Moon partly in the umbra.
    LunarPartial,
    /// A lunar eclipse with the Moon in the penumbra only.
    LunarPenumbral,
}

/// One eclipse. Instants are Unix seconds (UT, fractional); the polynomials are in UT hours
/// from `epoch`, constant term first: for a solar eclipse its Besselian elements `x, y, d,
/// μ, l1, l2` (Earth radii and degrees), for a lunar one the Moon's Greenwich hour angle
/// and declination (degrees) and distance (Earth radii), each fitted over ±4 hours.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Eclipse {
    /// Its body and type.
    pub kind: EclipseType,
    /// Whether the shadow's axis meets the Earth (solar; always true for lunar).
    pub central: bool,
    /// Greatest eclipse.
    pub greatest: f64,
    /// The magnitude at greatest eclipse (solar), or the umbral magnitude (lunar).
    pub magnitude: f64,
    /// The penumbral magnitude (lunar; the magnitude again for solar).
    pub penumbral_magnitude: f64,
    /// Gamma, Earth radii, negative south.
    pub gamma: f64,
    /// The saros series.
    pub saros: u16,
    /// Whether any prayer place sees some of it with the body above the horizon.
    pub seen_in_indonesia: bool,
    /// The polynomials' epoch.
    pub epoch: f64,
    /// The polynomials (six solar, three lunar).
    pub polys: Vec<[f64; 5]>,
    /// tan f1 and tan f2 (solar; zero for lunar).
    pub tan_f: [f64; 2],
    /// The lunar contacts P1, U1, U2, U3, U4, P4 where they exist (all `None` for solar).
    pub contacts: [Option<f64>; 6],
}

/// A place prayer times are served for.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct PrayerPlace {
    /// Its stable identifier (the Kepmendagri kode wilayah, `34.71`).
    pub id: String,
    /// Its name (`Kota Yogyakarta`).
    pub name: String,
    /// Its province.
    pub province: String,
    /// Latitude of its point, degrees north (as the places file writes it).
    pub lat: f64,
    /// Longitude of its point, degrees east.
    pub lon: f64,
    /// Elevation of its point, metres.
    pub elev_m: f64,
    /// Its IANA time zone (`Asia/Jakarta`); its days are civil dates in
    /// `hijri::zone::Zone::civil` of it.
    pub tz: String,
}

/// The prayer table: for every place, column ([`crate::prayer::series`]) and Gregorian year
/// of the span, one block of bits holding the exact instant of each day, to the second
/// (coded as [`crate::prayer_table`] describes), and the Sun's declination of each day.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[rkyv(derive(Debug))]
pub struct PrayerTable {
    /// Each column's key ([`crate::prayer::Series::key`]: its target's numbers and its
    /// rounding), in the order of its blocks; a method reads the columns of its times' keys.
    pub columns: Vec<u64>,
    /// The generator's fingerprint of everything the table was computed from (places,
    /// columns, ephemeris, code), so an unchanged table is reused.
    pub inputs: u64,
    /// The first Gregorian year.
    pub first_year: i32,
    /// The number of years.
    pub years: u16,
    /// Per series, the code length (bits) of each symbol of the canonical prefix code.
    pub codes: Vec<Vec<u8>>,
    /// The bit offset in `bits` where each run of year blocks starts, runs ordered by place
    /// and series; one more at the end (where the last run ends).
    pub runs: Vec<u32>,
    /// Each run's base: the earliest time of day (seconds after the date's 00:00 UTC) of its
    /// blocks' first days, which a first day is coded from.
    pub bases: Vec<i32>,
    /// Each block's length in bits, blocks ordered by place, series and year.
    pub lengths: Vec<u16>,
    /// The coded blocks, most significant bit first.
    pub bits: Vec<u8>,
    /// The Sun's apparent geocentric declination at 0h UT of every day from the day before
    /// the span to the day after it, millionths of a degree (for the noon and ashar altitudes
    /// of `detail`).
    pub declination: Vec<i32>,
}

/// One month of the Chinese calendar.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(derive(Debug))]
pub struct ChineseMonth {
    /// Its first day.
    pub start: i32,
    /// The Chinese year it belongs to, as the Gregorian year its New Year falls in (the year
    /// that begins on 17 February 2026 is 2026).
    pub year: i32,
    /// Its number, 1–12 (a leap month has the number of the month before it).
    pub number: u8,
    /// Whether it is a leap month.
    pub leap: bool,
}

/// The days off of every Gregorian year from the first decreed one to the span's last: the
/// decreed days (the final, amended decrees) and, after the last decreed year, the
/// predicted ones.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[rkyv(derive(Debug))]
pub struct Holidays {
    /// Every decree, by year, then by the date signed.
    pub decrees: Vec<Decree>,
    /// The years, consecutive, in order.
    pub years: Vec<HolidayYear>,
}

/// A decree that set days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Decree {
    /// Its key in `data/holidays/decrees.csv`, e.g. `skb-2023-a1`.
    pub id: String,
    /// What kind of decree.
    pub kind: DecreeKind,
    /// Its number as written.
    pub number: String,
    /// Gregorian day number of the date signed.
    pub date: i32,
    /// Its short title (Indonesian).
    pub title: String,
    /// Where it is published or quoted.
    pub source: String,
    /// What an amendment or a presidential decree changed (empty for a year's first decree).
    pub change: String,
}

/// The kinds of decree that set days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum DecreeKind {
    /// The year's joint decree of three ministers (SKB 3 Menteri).
    Skb,
    /// An amendment of it.
    Amendment,
    /// A presidential decree (Keppres), e.g. an election day.
    Keppres,
}

/// One Gregorian year's days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct HolidayYear {
    /// The Gregorian year.
    pub year: u16,
    /// Decreed (the final decree's days), or predicted (no decree yet).
    pub decreed: bool,
    /// Indices into [`Holidays::decrees`] of the year's decrees, by date signed: its SKB
    /// first, then its amendments and presidential decrees.
    pub decrees: Vec<u32>,
    /// The days, sorted by date, then kind, then slug.
    pub days: Vec<HolidayDay>,
    /// Slugs of holidays of the year that no rule or table could date (left out).
    pub undated: Vec<String>,
}

/// One day off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct HolidayDay {
    /// Gregorian day number.
    pub date: i32,
    /// National holiday or cuti bersama.
    pub kind: DayKind,
    /// The holiday (for a cuti bersama, the holiday it accompanies), by slug
    /// ([`crate::holiday::HOLIDAYS`]).
    pub slug: String,
    /// Index of its year's decree that set it (among [`HolidayYear::decrees`]): 0 for the
    /// SKB, more for a later amendment or presidential decree; 0 in a year without a decree,
    /// [`crate::holiday::PREDICTED`] for a day a partial decree left predicted.
    pub decree: u8,
    /// The date it had first (before an amendment moved it), the day it is known by.
    pub first_date: i32,
}

/// A day off's kind.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum DayKind {
    /// A national holiday (libur nasional).
    LiburNasional,
    /// Collective leave (cuti bersama).
    CutiBersama,
}

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

/// Which card.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum CardKind {
    /// The sky chart (`/hilal/viz`).
    Viz,
    /// The visibility map (`/hilal/map`).
    Map,
}

/// One pre-rendered PNG card.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Card {
    /// Index into [`Dataset::chains`] of the calendar it is drawn for.
    pub chain: u8,
    /// Target Hijri month.
    pub month: HijriMonth,
    /// Sky chart or map.
    pub kind: CardKind,
    /// The bare (1440x1520, no criteria panel) variant.
    pub bare: bool,
    /// Quoted strong ETag of the PNG bytes.
    pub etag: String,
    /// Fingerprint of everything the card is drawn from (the generator's reuse key).
    pub key: u64,
    /// The PNG file.
    pub png: Vec<u8>,
}

/// The key of a stored answer: the canonical request that asks its question (see the
/// `hijri-view` crate's `Question`), e.g. `/api/v1/year?year=1446&calendar=hijri&retro=false`.
/// Every stored answer is one of the default chain's.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct BodyKey {
    /// The key.
    pub key: String,
    /// Index into [`Dataset::answers`].
    pub answer: u32,
}

/// A complete response body written at build time, in every coding where it is smaller.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct StoredAnswer {
    /// The `/events` cache rule: every event listed comes from the official table (always
    /// true for the other families).
    pub immutable: bool,
    /// The months this answer serves from computed (or retro) data, as ranges `[start, end)`
    /// of month indices, sorted and apart: served, they are recorded as a request building
    /// the answer would record them.
    pub computed: Vec<[u32; 2]>,
    /// The tiers of the days it serves, as a set of [`Tier::bit`]s (0 for an answer that
    /// serves no day, such as `/months`).
    pub tiers: u8,
    /// Quoted strong ETag of the JSON body (the identity representation).
    pub etag: String,
    /// The JSON body (the identity representation).
    pub identity: Vec<u8>,
    /// gzip of it (level 9), if smaller.
    pub gzip: Option<Representation>,
    /// brotli of it, if smaller.
    pub brotli: Option<Representation>,
}

/// One representation of a stored answer: its bytes and its strong entity tag (quoted, the
/// coding's suffix inside the quotes, as the server's fingerprint rule makes it).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Representation {
    /// Quoted strong ETag.
    pub etag: String,
    /// The bytes sent.
    pub bytes: Vec<u8>,
}
