//! Puasa sunnah as a vocabulary: the kinds of sunnah fasting (`senin_kamis`, `ayyamul_bidh`,
//! `syawal`, `tarwiyah`, `arafah`, `tasua`, `asyura`) and the days fasting is forbidden
//! (`idul_fitri`, `idul_adha`, `tasyrik`), each with its names, description and rule written
//! once, and the one rule that says which of them a day is ([`of_day`]). A forbidden day
//! removes every sunnah kind it would otherwise have, and says which ([`Day::removed`]);
//! the days of Ramadan are the obligatory fast, never sunnah days: they have no kind at all
//! (a Monday of Ramadan is not listed as `senin_kamis`).
//!
//! The Hijri days come from the observance table where it already names them (the white
//! days and their Dzulhijjah shift, Arafah, Tasu'a, Asyura, the two Eids and the days of
//! Tasyrik), so a day is named the same way on `/events` and here; the names of the
//! forbidden days are those observances' names.

use crate::hijri::HijriDate;
use crate::lang::Lang;
use crate::observance::{Observance, OBSERVANCES};
use crate::weekday::Weekday;

/// The Hijri month of the obligatory fast.
pub const RAMADAN: u8 = 9;
/// Syawal.
const SYAWAL: u8 = 10;
/// The first and last day of Syawal listed as its six days: the six days right after Idul
/// Fitri (any six days of Syawal fulfil the sunnah; the window is the customary one).
pub const SYAWAL_WINDOW: (u8, u8) = (2, 7);

/// A kind of sunnah fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Identifier, e.g. `senin_kamis`.
    pub id: &'static str,
    /// Indonesian name.
    pub name: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Arabic name, in Arabic script.
    pub name_ar: &'static str,
    /// What it is (Indonesian, English).
    pub description: (&'static str, &'static str),
    /// Which days it falls on, in words (Indonesian, English).
    pub rule: (&'static str, &'static str),
}

impl Kind {
    /// The name in `lang`.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        lang.pick((self.name, self.name_en, Some(self.name_ar)))
    }
}

/// A day on which fasting is forbidden: an observance of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forbidden {
    /// The observance it is (its slug is the identifier, its names the names).
    pub observance: &'static Observance,
    /// Why fasting is forbidden, in words (Indonesian, English).
    pub rule: (&'static str, &'static str),
}

impl Forbidden {
    /// Identifier: the observance's slug.
    pub fn id(&self) -> &'static str {
        self.observance.slug
    }

    /// The name in `lang`: the observance's.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        self.observance.name_in(lang)
    }
}

/// The weekly kind's identifier: every Monday and Thursday outside Ramadan.
pub const WEEKLY: &str = "senin_kamis";

/// The kinds of sunnah fasting, in the order an entry lists them.
pub const KINDS: [Kind; 7] = [
    Kind {
        id: "senin_kamis",
        name: "Puasa Senin Kamis",
        name_en: "Monday and Thursday fast",
        name_ar: "صيام الاثنين والخميس",
        description: (
            "Puasa setiap hari Senin dan Kamis.",
            "Fasting on every Monday and Thursday.",
        ),
        rule: (
            "Setiap Senin dan Kamis, kecuali di bulan Ramadhan (puasa wajib) dan pada hari \
             haram berpuasa.",
            "Every Monday and Thursday, except in Ramadan (the obligatory fast) and on the days \
             fasting is forbidden.",
        ),
    },
    Kind {
        id: "ayyamul_bidh",
        name: "Puasa Ayyamul Bidh",
        name_en: "Fast of the white days",
        name_ar: "صيام الأيام البيض",
        description: (
            "Puasa tiga hari di pertengahan bulan Hijriah, saat bulan purnama.",
            "Fasting on the three days in the middle of the Hijri month, at full moon.",
        ),
        rule: (
            "Tanggal 13, 14 dan 15 setiap bulan Hijriah; di bulan Dzulhijjah tanggal 14, 15 dan \
             16, karena 13 Dzulhijjah hari Tasyrik. Tidak di bulan Ramadhan.",
            "Days 13, 14 and 15 of every Hijri month; in Dzulhijjah days 14, 15 and 16, since 13 \
             Dzulhijjah is a day of Tashriq. Not in Ramadan.",
        ),
    },
    Kind {
        id: "syawal",
        name: "Puasa Syawal",
        name_en: "Six days of Shawwal",
        name_ar: "صيام ست من شوال",
        description: (
            "Puasa enam hari di bulan Syawal.",
            "Fasting on six days of Shawwal.",
        ),
        rule: (
            "Enam hari dari 2 Syawal (2 sampai 7 Syawal), sehari setelah Idul Fitri; enam hari \
             mana pun di bulan Syawal juga memenuhi sunnahnya.",
            "The six days from 2 Shawwal (2 to 7 Shawwal), the day after Eid al-Fitr; any six \
             days of Shawwal also fulfil the sunnah.",
        ),
    },
    Kind {
        id: "tarwiyah",
        name: "Puasa Tarwiyah",
        name_en: "Fast of the Day of Tarwiyah",
        name_ar: "صيام يوم التروية",
        description: (
            "Puasa pada hari Tarwiyah, sehari sebelum hari Arafah.",
            "Fasting on the Day of Tarwiyah, the day before the Day of Arafah.",
        ),
        rule: ("8 Dzulhijjah.", "8 Dhu al-Hijjah."),
    },
    Kind {
        id: "arafah",
        name: "Puasa Arafah",
        name_en: "Fast of the Day of Arafah",
        name_ar: "صيام يوم عرفة",
        description: (
            "Puasa pada hari Arafah, sehari sebelum Idul Adha.",
            "Fasting on the Day of Arafah, the day before Eid al-Adha.",
        ),
        rule: ("9 Dzulhijjah.", "9 Dhu al-Hijjah."),
    },
    Kind {
        id: "tasua",
        name: "Puasa Tasu'a",
        name_en: "Fast of Tasu'a",
        name_ar: "صيام تاسوعاء",
        description: (
            "Puasa pada hari kesembilan bulan Muharram, sehari sebelum Asyura.",
            "Fasting on the ninth of Muharram, the day before Ashura.",
        ),
        rule: ("9 Muharram.", "9 Muharram."),
    },
    Kind {
        id: "asyura",
        name: "Puasa Asyura",
        name_en: "Fast of Ashura",
        name_ar: "صيام عاشوراء",
        description: (
            "Puasa pada hari kesepuluh bulan Muharram.",
            "Fasting on the tenth of Muharram.",
        ),
        rule: ("10 Muharram.", "10 Muharram."),
    },
];

/// The observance at `index` of the table (the tests check each is the one meant).
#[allow(
    clippy::indexing_slicing,
    reason = "a const index into OBSERVANCES, checked by the tests below"
)]
const fn observance(index: usize) -> &'static Observance {
    &OBSERVANCES[index]
}

/// The days fasting is forbidden.
pub const FORBIDDEN: [Forbidden; 3] = [
    Forbidden {
        observance: observance(3),
        rule: (
            "1 Syawal: haram berpuasa pada hari raya Idul Fitri.",
            "1 Shawwal: fasting is forbidden on Eid al-Fitr.",
        ),
    },
    Forbidden {
        observance: observance(4),
        rule: (
            "10 Dzulhijjah: haram berpuasa pada hari raya Idul Adha.",
            "10 Dhu al-Hijjah: fasting is forbidden on Eid al-Adha.",
        ),
    },
    Forbidden {
        observance: observance(10),
        rule: (
            "11, 12 dan 13 Dzulhijjah: haram berpuasa pada hari Tasyrik.",
            "11, 12 and 13 Dhu al-Hijjah: fasting is forbidden on the days of Tashriq.",
        ),
    },
];

/// A set of kinds (one bit per entry of [`KINDS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kinds(u8);

impl Kinds {
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// True if the set has no kind.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the kind at `index` of [`KINDS`] is in the set.
    pub fn contains(self, index: usize) -> bool {
        index < KINDS.len() && self.0 & (1 << index) != 0
    }

    /// The kinds in the set, in the order of [`KINDS`].
    pub fn iter(self) -> impl Iterator<Item = &'static Kind> {
        KINDS
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.contains(*i))
            .map(|(_, kind)| kind)
    }

    /// The set and the kind with identifier `id` (unchanged for an unknown one).
    fn with(self, id: &str) -> Kinds {
        match KINDS.iter().position(|k| k.id == id) {
            Some(i) => Kinds(self.0 | 1 << i),
            None => self,
        }
    }
}

/// What one day is for fasting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Day {
    /// Its sunnah kinds (none on a forbidden day and in Ramadan).
    pub kinds: Kinds,
    /// The forbidden day it is, if any.
    pub forbidden: Option<&'static Forbidden>,
    /// The sunnah kinds the day would have had but for its being forbidden.
    pub removed: Kinds,
}

impl Day {
    /// True if the day has something to say: a sunnah kind or a forbidden day.
    pub fn is_listed(&self) -> bool {
        !self.kinds.is_empty() || self.forbidden.is_some()
    }
}

/// True if `observance` falls on `date` (its Hijri days in the date's month).
fn falls_on(observance: &Observance, date: HijriDate) -> bool {
    let in_month = observance.month.is_none_or(|m| m == date.month);
    let (first, last) = observance.days_in(date.month);
    in_month && (first..=last).contains(&date.day)
}

/// The observance of the table with `slug`.
fn named(slug: &str) -> Option<&'static Observance> {
    OBSERVANCES.iter().find(|o| o.slug == slug)
}

/// What the Hijri `date`, a `weekday`, is for fasting: its sunnah kinds, or the forbidden
/// day it is and the kinds that removes. Ramadan has none.
pub fn of_day(date: HijriDate, weekday: Weekday) -> Day {
    if date.month == RAMADAN {
        return Day::default();
    }
    let on = |slug: &str| named(slug).is_some_and(|o| falls_on(o, date));
    let mut kinds = Kinds::NONE;
    if matches!(weekday, Weekday::Senin | Weekday::Kamis) {
        kinds = kinds.with(WEEKLY);
    }
    if on("ayyamul_bidh") {
        kinds = kinds.with("ayyamul_bidh");
    }
    if date.month == SYAWAL && (SYAWAL_WINDOW.0..=SYAWAL_WINDOW.1).contains(&date.day) {
        kinds = kinds.with("syawal");
    }
    // Tarwiyah is the day before Arafah, which the observance table dates.
    let arafah = named("arafah");
    if arafah.is_some_and(|a| a.month == Some(date.month) && a.days.0 == date.day + 1) {
        kinds = kinds.with("tarwiyah");
    }
    for id in ["arafah", "tasua", "asyura"] {
        if on(id) {
            kinds = kinds.with(id);
        }
    }
    match FORBIDDEN.iter().find(|f| falls_on(f.observance, date)) {
        Some(forbidden) => Day {
            kinds: Kinds::NONE,
            forbidden: Some(forbidden),
            removed: kinds,
        },
        None => Day {
            kinds,
            forbidden: None,
            removed: Kinds::NONE,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(kinds: Kinds) -> Vec<&'static str> {
        kinds.iter().map(|k| k.id).collect()
    }

    fn day(month: u8, day: u8, weekday: Weekday) -> Day {
        of_day(
            HijriDate {
                year: 1448,
                month,
                day,
            },
            weekday,
        )
    }

    #[test]
    fn forbidden_days_are_the_observances_they_name() {
        let slugs: Vec<&str> = FORBIDDEN.iter().map(|f| f.id()).collect();
        assert_eq!(slugs, ["idul_fitri", "idul_adha", "tasyrik"]);
        assert_eq!(FORBIDDEN[2].observance.days, (11, 13));
        assert_eq!(FORBIDDEN[0].name_in(Lang::En), "Eid al-Fitr");
    }

    #[test]
    fn each_kind_on_its_days() {
        use Weekday::*;
        let listed: [(u8, u8, Weekday, &[&str]); 11] = [
            (1, 9, Selasa, &["tasua"]),
            (1, 10, Rabu, &["asyura"]),
            (1, 13, Senin, &["senin_kamis", "ayyamul_bidh"]),
            (5, 15, Jumat, &["ayyamul_bidh"]),
            (10, 2, Ahad, &["syawal"]),
            (10, 7, Kamis, &["senin_kamis", "syawal"]),
            (12, 8, Sabtu, &["tarwiyah"]),
            (12, 9, Ahad, &["arafah"]),
            (12, 14, Kamis, &["senin_kamis", "ayyamul_bidh"]),
            (12, 16, Sabtu, &["ayyamul_bidh"]),
            (2, 2, Kamis, &["senin_kamis"]),
        ];
        for (month, d, weekday, kinds) in listed {
            assert_eq!(ids(day(month, d, weekday).kinds), kinds, "{month}-{d}");
        }
        assert!(!day(5, 16, Sabtu).is_listed());
        assert!(!day(10, 8, Jumat).is_listed());
    }

    #[test]
    fn a_forbidden_day_removes_its_kinds_and_ramadan_has_none() {
        use Weekday::*;
        let tasyrik = day(12, 13, Senin);
        assert_eq!(tasyrik.forbidden.map(|f| f.id()), Some("tasyrik"));
        assert!(tasyrik.kinds.is_empty());
        assert_eq!(ids(tasyrik.removed), ["senin_kamis"]);
        let eid = day(10, 1, Kamis);
        assert_eq!(eid.forbidden.map(|f| f.id()), Some("idul_fitri"));
        assert_eq!(ids(eid.removed), ["senin_kamis"]);
        let adha = day(12, 10, Selasa);
        assert_eq!(adha.forbidden.map(|f| f.id()), Some("idul_adha"));
        assert!(adha.removed.is_empty() && adha.is_listed());
        assert!(!day(9, 13, Senin).is_listed());
        assert!(!day(9, 2, Kamis).is_listed());
    }
}
