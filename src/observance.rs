//! Observance rules: the Islamic observances, their Hijri days, the sets they belong to and
//! the `include` selection language of the events endpoint.

use crate::hijri::HijriMonth;
use crate::lang::Lang;

/// Which set an observance belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    /// Always returned.
    Default,
    /// Tier-2 events, added by `extra`.
    Extra,
    /// The white days, added only by `ayyamul_bidh` or `all`.
    AyyamulBidh,
}

/// One observance of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observance {
    /// Slug, e.g. `idul_fitri`.
    pub slug: &'static str,
    /// Display name (Indonesian, the contract's).
    pub name: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Arabic name, in Arabic script.
    pub name_ar: &'static str,
    /// Hijri month 1–12, or `None` for every month.
    pub month: Option<u8>,
    /// First and last Hijri day (equal for single-day events).
    pub days: (u8, u8),
    /// The set it belongs to.
    pub set: Set,
}

impl Observance {
    /// The name in `lang`.
    pub fn name_in(&self, lang: Lang) -> &'static str {
        lang.pick((self.name, self.name_en, Some(self.name_ar)))
    }

    /// True for events that span several days (they carry a date range).
    pub fn is_multi_day(&self) -> bool {
        self.days.0 != self.days.1
    }

    /// First and last day in Hijri month `month`: the white days move to 14–16 in
    /// Dzulhijjah, because its 13th is a day of Tasyrik.
    pub fn days_in(&self, month: u8) -> (u8, u8) {
        if self.set == Set::AyyamulBidh && month == 12 {
            (self.days.0 + 1, self.days.1 + 1)
        } else {
            self.days
        }
    }
}

/// The observance table, in the contract's order.
pub const OBSERVANCES: [Observance; 12] = [
    single(
        "1_muharram",
        (
            "1 Muharram (Tahun Baru Islam)",
            "Islamic New Year (1 Muharram)",
            "رأس السنة الهجرية",
        ),
        1,
        1,
        Set::Default,
    ),
    single(
        "maulid_nabi",
        (
            "Maulid Nabi Muhammad SAW",
            "Mawlid (the Prophet's birthday)",
            "المولد النبوي",
        ),
        3,
        12,
        Set::Default,
    ),
    single(
        "awal_ramadan",
        ("Awal Ramadan", "First day of Ramadan", "أول رمضان"),
        9,
        1,
        Set::Default,
    ),
    single(
        "idul_fitri",
        ("Idul Fitri", "Eid al-Fitr", "عيد الفطر"),
        10,
        1,
        Set::Default,
    ),
    single(
        "idul_adha",
        ("Idul Adha", "Eid al-Adha", "عيد الأضحى"),
        12,
        10,
        Set::Default,
    ),
    single(
        "isra_miraj",
        (
            "Isra Mi'raj Nabi Muhammad SAW",
            "Isra and Mi'raj",
            "الإسراء والمعراج",
        ),
        7,
        27,
        Set::Extra,
    ),
    single(
        "nuzulul_quran",
        ("Nuzulul Qur'an", "Nuzul al-Qur'an", "نزول القرآن"),
        9,
        17,
        Set::Extra,
    ),
    single(
        "arafah",
        ("Hari Arafah", "Day of Arafah", "يوم عرفة"),
        12,
        9,
        Set::Extra,
    ),
    single("tasua", ("Tasu'a", "Tasu'a", "تاسوعاء"), 1, 9, Set::Extra),
    single("asyura", ("Asyura", "Ashura", "عاشوراء"), 1, 10, Set::Extra),
    Observance {
        slug: "tasyrik",
        name: "Hari Tasyrik",
        name_en: "Days of Tashriq",
        name_ar: "أيام التشريق",
        month: Some(12),
        days: (11, 13),
        set: Set::Extra,
    },
    Observance {
        slug: "ayyamul_bidh",
        name: "Ayyamul Bidh",
        name_en: "The white days",
        name_ar: "الأيام البيض",
        month: None,
        days: (13, 15),
        set: Set::AyyamulBidh,
    },
];

/// Byte-wise equality, in a `const` context.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        #[allow(
            clippy::indexing_slicing,
            reason = "the loop keeps i < a.len() == b.len()"
        )]
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn single(
    slug: &'static str,
    (name, name_en, name_ar): (&'static str, &'static str, &'static str),
    month: u8,
    day: u8,
    set: Set,
) -> Observance {
    Observance {
        slug,
        name,
        name_en,
        name_ar,
        month: Some(month),
        days: (day, day),
        set,
    }
}

/// A set of observances (one bit per entry of [`OBSERVANCES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection(u16);

impl Selection {
    /// The default events only.
    pub const DEFAULT: Selection = Selection::of(Set::Default);

    /// The default events and every observance that is an Indonesian national holiday
    /// (Isra Mi'raj besides the default ones): what the page lists and the subscription
    /// feed carries without `include`.
    pub const HOLIDAYS: Selection = Selection::DEFAULT.with("isra_miraj");

    /// The observances of this selection and of `other`.
    pub const fn or(self, other: Selection) -> Selection {
        Selection(self.0 | other.0)
    }

    /// This selection and the observance `slug` (unchanged if no observance has it).
    const fn with(self, slug: &str) -> Selection {
        let mut i = 0;
        while i < OBSERVANCES.len() {
            #[allow(
                clippy::indexing_slicing,
                reason = "the loop keeps i < OBSERVANCES.len()"
            )]
            if same(OBSERVANCES[i].slug.as_bytes(), slug.as_bytes()) {
                return Selection(self.0 | 1 << i);
            }
            i += 1;
        }
        self
    }

    const fn of(set: Set) -> Selection {
        let mut bits = 0;
        let mut i = 0;
        while i < OBSERVANCES.len() {
            #[allow(
                clippy::indexing_slicing,
                reason = "the loop keeps i < OBSERVANCES.len()"
            )]
            if OBSERVANCES[i].set as u8 == set as u8 {
                bits |= 1 << i;
            }
            i += 1;
        }
        Selection(bits)
    }

    /// The default events plus those named by an `include` value: a comma list of `extra`,
    /// `all` and slugs, case-insensitive, spaces around items ignored, empty items skipped.
    /// Returns the first unknown item on failure.
    pub fn parse(include: &str) -> Result<Selection, &str> {
        Selection::parse_listed(include).map(|(selection, _)| selection)
    }

    /// Like [`Selection::parse`], and the items by their canonical names (`all`, `extra` or
    /// a slug), each once, in the order first given.
    pub fn parse_listed(include: &str) -> Result<(Selection, Vec<&'static str>), &str> {
        let mut selection = Selection::DEFAULT;
        let mut items = Vec::new();
        for item in include
            .split(',')
            .map(|i| i.trim_matches(' '))
            .filter(|i| !i.is_empty())
        {
            let (name, add) = if item.eq_ignore_ascii_case("all") {
                ("all", Selection((1 << OBSERVANCES.len()) - 1))
            } else if item.eq_ignore_ascii_case("extra") {
                ("extra", Selection::of(Set::Extra))
            } else {
                let (index, observance) = OBSERVANCES
                    .iter()
                    .enumerate()
                    .find(|(_, o)| o.slug.eq_ignore_ascii_case(item))
                    .ok_or(item)?;
                (observance.slug, Selection(1 << index))
            };
            selection.0 |= add.0;
            if !items.contains(&name) {
                items.push(name);
            }
        }
        Ok((selection, items))
    }

    /// True if the observance at `index` of [`OBSERVANCES`] is selected.
    pub fn contains(self, index: usize) -> bool {
        self.0 & (1 << index) != 0
    }

    /// Every selected occurrence in Hijri year `year`, in table order (month by month for
    /// the white days).
    pub fn occurrences(self, year: u16) -> impl Iterator<Item = Occurrence> {
        OBSERVANCES
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.contains(*i))
            .flat_map(move |(_, observance)| {
                let months = match observance.month {
                    Some(m) => m..=m,
                    None => 1..=12,
                };
                months.map(move |month| {
                    let (first_day, last_day) = observance.days_in(month);
                    Occurrence {
                        observance,
                        month: HijriMonth { year, month },
                        first_day,
                        last_day,
                    }
                })
            })
    }
}

/// One observance in one Hijri month.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The observance.
    pub observance: &'static Observance,
    /// The Hijri month it falls in.
    pub month: HijriMonth,
    /// First Hijri day.
    pub first_day: u8,
    /// Last Hijri day (equal to `first_day` for single-day events).
    pub last_day: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holiday_selection_is_the_default_and_isra_miraj() {
        let slugs: Vec<&str> = Selection::HOLIDAYS
            .occurrences(1447)
            .map(|o| o.observance.slug)
            .collect();
        assert_eq!(
            slugs,
            [
                "1_muharram",
                "maulid_nabi",
                "awal_ramadan",
                "idul_fitri",
                "idul_adha",
                "isra_miraj"
            ]
        );
        assert_eq!(
            Selection::DEFAULT.or(Selection::HOLIDAYS),
            Selection::HOLIDAYS
        );
    }

    fn slugs(selection: Selection) -> Vec<(&'static str, u8, u8, u8)> {
        selection
            .occurrences(1446)
            .map(|o| (o.observance.slug, o.month.month, o.first_day, o.last_day))
            .collect()
    }

    #[test]
    fn default_set_is_the_five_main_days() {
        assert_eq!(
            slugs(Selection::DEFAULT),
            [
                ("1_muharram", 1, 1, 1),
                ("maulid_nabi", 3, 12, 12),
                ("awal_ramadan", 9, 1, 1),
                ("idul_fitri", 10, 1, 1),
                ("idul_adha", 12, 10, 10),
            ]
        );
    }

    #[test]
    fn include_language() {
        let extra = Selection::parse("extra").unwrap();
        assert_eq!(slugs(extra).len(), 11);
        assert!(!slugs(extra).iter().any(|s| s.0 == "ayyamul_bidh"));
        assert_eq!(
            Selection::parse("ALL").unwrap(),
            Selection::parse("extra, ayyamul_bidh").unwrap()
        );
        assert_eq!(slugs(Selection::parse("all").unwrap()).len(), 11 + 12);
        assert_eq!(
            Selection::parse("Tasua,idul_fitri").unwrap(),
            Selection(Selection::DEFAULT.0 | 1 << 8)
        );
        assert_eq!(Selection::parse("extra,bogus"), Err("bogus"));
        assert_eq!(Selection::parse(""), Ok(Selection::DEFAULT));
        assert_eq!(Selection::parse("asyura,"), Selection::parse("asyura"));
        assert_eq!(Selection::parse_listed(" , ,").unwrap().1, [""; 0]);
    }

    #[test]
    fn include_items_are_listed_once_by_canonical_name() {
        let (selection, items) = Selection::parse_listed("Extra, asyura,EXTRA,asyura").unwrap();
        assert_eq!(items, ["extra", "asyura"]);
        assert_eq!(selection, Selection::parse("extra").unwrap());
        assert_eq!(
            Selection::parse_listed("ALL,tasua").unwrap().1,
            ["all", "tasua"]
        );
        assert_eq!(Selection::parse_listed("extra,nope"), Err("nope"));
    }

    #[test]
    fn white_days_move_in_dzulhijjah() {
        let bidh: Vec<_> = slugs(Selection::parse("ayyamul_bidh").unwrap())
            .into_iter()
            .filter(|s| s.0 == "ayyamul_bidh")
            .collect();
        assert_eq!(bidh.len(), 12);
        assert!(bidh[..11].iter().all(|s| (s.2, s.3) == (13, 15)));
        assert_eq!(bidh[11], ("ayyamul_bidh", 12, 14, 16));
        let tasyrik = OBSERVANCES.iter().find(|o| o.slug == "tasyrik").unwrap();
        assert!(tasyrik.is_multi_day());
        assert_eq!(tasyrik.days_in(12), (11, 13));
        assert!(!OBSERVANCES[0].is_multi_day());
    }
}
