//! Indonesia's national holidays as a vocabulary: each holiday's slug, its names, the
//! Islamic observance it honours (an `/events` slug) and how its date is predicted after the
//! last decree ([`Prediction`]); the two kinds of day off ([`DayKind`]). The decreed days
//! are facts (`data/holidays/`); everything here is what the generator predicts from and the
//! answers name them with.

use crate::date::Date;
use crate::lang::Lang;
use crate::schema::{
    ArchivedDataset, ArchivedDayKind, ArchivedHolidayDay, ArchivedHolidayYear, DayKind,
};

/// How a holiday's date is predicted in a year without a decree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prediction {
    /// A fixed Gregorian day: month, day.
    Fixed(u8, u8),
    /// Hijri days of the government's calendar: month, first day, last day.
    Hijri(u8, u8, u8),
    /// Days after Easter Sunday (Gregorian computus), negative before it.
    Easter(i8),
    /// The Chinese New Year at UTC+8, from the ephemeris.
    Imlek,
    /// The full moon of the Waisak month in WIB, from the ephemeris.
    Waisak,
    /// The day after Tilem Kesanga in the Balinese Saka calendar.
    Nyepi,
    /// Never predicted: a one-off set by decree (an election day).
    Decreed,
}

/// One national holiday.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holiday {
    /// Slug, e.g. `idul_fitri`.
    pub slug: &'static str,
    /// Indonesian name.
    pub name: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Its usual Arabic name, in Arabic script; `None` where Arabic has no established one
    /// (the Indonesian name stands for it).
    pub name_ar: Option<&'static str>,
    /// The `/events` slug of the Islamic observance it honours.
    pub observance: Option<&'static str>,
    /// How its date is predicted.
    pub prediction: Prediction,
    /// The first year it is a national holiday.
    pub since: u16,
}

/// Every national holiday, in the order of the year.
pub const HOLIDAYS: [Holiday; 18] = [
    holiday(
        "tahun_baru",
        (
            "Tahun Baru Masehi",
            "New Year's Day",
            Some("رأس السنة الميلادية"),
        ),
        None,
        Prediction::Fixed(1, 1),
        1953,
    ),
    holiday(
        "imlek",
        (
            "Tahun Baru Imlek",
            "Chinese New Year",
            Some("رأس السنة الصينية"),
        ),
        None,
        Prediction::Imlek,
        2003,
    ),
    holiday(
        "isra_miraj",
        (
            "Isra Mikraj Nabi Muhammad SAW",
            "Isra and Mi'raj",
            Some("الإسراء والمعراج"),
        ),
        Some("isra_miraj"),
        Prediction::Hijri(7, 27, 27),
        1953,
    ),
    holiday(
        "nyepi",
        (
            "Hari Suci Nyepi (Tahun Baru Saka)",
            "Day of Silence (Saka New Year)",
            None,
        ),
        None,
        Prediction::Nyepi,
        1983,
    ),
    holiday(
        "wafat_yesus_kristus",
        ("Wafat Yesus Kristus", "Good Friday", Some("الجمعة العظيمة")),
        None,
        Prediction::Easter(-2),
        1953,
    ),
    holiday(
        "paskah",
        (
            "Kebangkitan Yesus Kristus (Paskah)",
            "Easter Sunday",
            Some("عيد الفصح"),
        ),
        None,
        Prediction::Easter(0),
        2024,
    ),
    holiday(
        "hari_buruh",
        (
            "Hari Buruh Internasional",
            "International Labour Day",
            Some("عيد العمال"),
        ),
        None,
        Prediction::Fixed(5, 1),
        2014,
    ),
    holiday(
        "kenaikan_yesus_kristus",
        (
            "Kenaikan Yesus Kristus",
            "Ascension Day",
            Some("عيد الصعود"),
        ),
        None,
        Prediction::Easter(39),
        1953,
    ),
    holiday(
        "waisak",
        ("Hari Raya Waisak", "Vesak Day", None),
        None,
        Prediction::Waisak,
        1983,
    ),
    holiday(
        "hari_lahir_pancasila",
        ("Hari Lahir Pancasila", "Pancasila Day", None),
        None,
        Prediction::Fixed(6, 1),
        2017,
    ),
    holiday(
        "idul_fitri",
        ("Hari Raya Idul Fitri", "Eid al-Fitr", Some("عيد الفطر")),
        Some("idul_fitri"),
        Prediction::Hijri(10, 1, 2),
        1953,
    ),
    holiday(
        "idul_adha",
        ("Hari Raya Idul Adha", "Eid al-Adha", Some("عيد الأضحى")),
        Some("idul_adha"),
        Prediction::Hijri(12, 10, 10),
        1953,
    ),
    holiday(
        "tahun_baru_islam",
        (
            "Tahun Baru Islam",
            "Islamic New Year",
            Some("رأس السنة الهجرية"),
        ),
        Some("1_muharram"),
        Prediction::Hijri(1, 1, 1),
        1953,
    ),
    holiday(
        "hari_kemerdekaan",
        (
            "Hari Kemerdekaan Republik Indonesia",
            "Independence Day",
            Some("عيد الاستقلال"),
        ),
        None,
        Prediction::Fixed(8, 17),
        1953,
    ),
    holiday(
        "maulid_nabi",
        (
            "Maulid Nabi Muhammad SAW",
            "The Prophet's Birthday",
            Some("المولد النبوي"),
        ),
        Some("maulid_nabi"),
        Prediction::Hijri(3, 12, 12),
        1953,
    ),
    holiday(
        "natal",
        ("Hari Raya Natal", "Christmas Day", Some("عيد الميلاد")),
        None,
        Prediction::Fixed(12, 25),
        1953,
    ),
    holiday(
        "pemilu",
        (
            "Hari Pemungutan Suara Pemilihan Umum",
            "General election day",
            None,
        ),
        None,
        Prediction::Decreed,
        1955,
    ),
    holiday(
        "pilkada",
        (
            "Hari Pemungutan Suara Pilkada Serentak",
            "Regional election day",
            None,
        ),
        None,
        Prediction::Decreed,
        2015,
    ),
];

const fn holiday(
    slug: &'static str,
    (name, name_en, name_ar): (&'static str, &'static str, Option<&'static str>),
    observance: Option<&'static str>,
    prediction: Prediction,
    since: u16,
) -> Holiday {
    Holiday {
        slug,
        name,
        name_en,
        name_ar,
        observance,
        prediction,
        since,
    }
}

impl Holiday {
    /// The name in `lang` (in Arabic, the Indonesian one where Arabic has none).
    pub fn name_in(&self, lang: Lang) -> &'static str {
        lang.pick((self.name, self.name_en, self.name_ar))
    }
}

/// The holiday of a slug.
pub fn by_slug(slug: &str) -> Option<&'static Holiday> {
    HOLIDAYS.iter().find(|h| h.slug == slug)
}

impl DayKind {
    /// Both kinds, national holidays first.
    pub const ALL: [DayKind; 2] = [DayKind::LiburNasional, DayKind::CutiBersama];

    /// Its name in the API and the data (`libur_nasional`, `cuti_bersama`).
    pub fn name(self) -> &'static str {
        match self {
            DayKind::LiburNasional => "libur_nasional",
            DayKind::CutiBersama => "cuti_bersama",
        }
    }

    /// The kind a name names.
    pub fn parse(name: &str) -> Option<DayKind> {
        DayKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl ArchivedDayKind {
    /// The kind as a plain value.
    pub fn get(&self) -> DayKind {
        match self {
            ArchivedDayKind::LiburNasional => DayKind::LiburNasional,
            ArchivedDayKind::CutiBersama => DayKind::CutiBersama,
        }
    }
}

impl ArchivedDataset {
    /// The days off of Gregorian `year`, if the archive holds it (the years are consecutive:
    /// an index computation).
    pub fn holiday_year(&self, year: i32) -> Option<&ArchivedHolidayYear> {
        let first = i32::from(self.holidays.years.first()?.year.to_native());
        self.holidays.years.get(usize::try_from(year - first).ok()?)
    }

    /// The Gregorian years with days off, first and last.
    pub fn holiday_years(&self) -> Option<(i32, i32)> {
        let years = &self.holidays.years;
        let year = |y: &ArchivedHolidayYear| i32::from(y.year.to_native());
        Some((year(years.first()?), year(years.last()?)))
    }

    /// The days off on `date` (two records on one day are both given).
    pub fn holidays_on(&self, date: Date) -> &[ArchivedHolidayDay] {
        let Some(year) = self.holiday_year(date.ymd().0) else {
            return &[];
        };
        let days = &year.days[..];
        let start = days.partition_point(|d| d.date.to_native() < date.0);
        let end = days.partition_point(|d| d.date.to_native() <= date.0);
        days.get(start..end).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_unique_and_observances_are_events() {
        for (i, h) in HOLIDAYS.iter().enumerate() {
            assert!(
                HOLIDAYS.iter().skip(i + 1).all(|o| o.slug != h.slug),
                "{}",
                h.slug
            );
            if let Some(observance) = h.observance {
                assert!(
                    crate::observance::OBSERVANCES
                        .iter()
                        .any(|o| o.slug == observance),
                    "{observance}"
                );
            }
        }
        assert_eq!(
            by_slug("idul_fitri").map(|h| h.prediction),
            Some(Prediction::Hijri(10, 1, 2))
        );
        assert_eq!(DayKind::parse("cuti_bersama"), Some(DayKind::CutiBersama));
        assert_eq!(DayKind::parse("libur"), None);
    }
}
