//! Indonesia's national holidays as a vocabulary: each holiday's slug, its names, the
//! Islamic observance it honours (an `/events` slug) and how its date is predicted after the
//! last decree ([`Prediction`]); the two kinds of day off ([`DayKind`]). The decreed days
//! are facts (`data/holidays/`); everything here is what the generator predicts from and the
//! answers name them with. The working week of an employer ([`Workweek`]: five or six days,
//! cuti bersama off or worked) and which days it has off ([`ArchivedDataset::day_off`]).

use crate::date::Date;
use crate::lang::Lang;
use crate::schema::{
    ArchivedDataset, ArchivedDayKind, ArchivedHolidayDay, ArchivedHolidayYear, DayKind,
};
use crate::weekday::Weekday;

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

    /// True if it is a national holiday of Gregorian `year` that a year's decree must list:
    /// in force since before or in `year`, and dated by a rule (a one-off set by decree, an
    /// election day, is never required).
    pub fn in_force(&self, year: i32) -> bool {
        i32::from(self.since) <= year && self.prediction != Prediction::Decreed
    }
}

/// The `decree` index of a day in a decreed year that no decree set: a holiday a partial
/// decree left out, predicted like a year without a decree ([`ArchivedHolidayYear::predicts`]).
/// The days of a predicted year keep index 0: their year has no decree for it to name.
pub const PREDICTED: u8 = u8::MAX;

/// How a year's days off stand: every day decreed, some of them (a partial decree: the
/// holidays it leaves out are predicted), or none (no decree yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Every day set by the year's decrees.
    Decreed,
    /// Decreed, but the decree leaves out holidays in force, which are predicted.
    Partial,
    /// No decree yet: every day predicted.
    Predicted,
}

impl Standing {
    /// The three, decreed first.
    pub const ALL: [Standing; 3] = [Standing::Decreed, Standing::Partial, Standing::Predicted];

    /// Its name in the answers (`status`): `decreed`, `partial`, `predicted`.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Decreed => "decreed",
            Standing::Partial => "partial",
            Standing::Predicted => "predicted",
        }
    }

    /// The status of one day: `decreed` or `predicted`.
    pub fn of_day(predicted: bool) -> &'static str {
        if predicted {
            Standing::Predicted.name()
        } else {
            Standing::Decreed.name()
        }
    }
}

impl ArchivedHolidayYear {
    /// True if `day` (one of this year's) is predicted: its decree index names none of the
    /// year's decrees (every day of a year without a decree; [`PREDICTED`] in a decreed one).
    pub fn predicts(&self, day: &ArchivedHolidayDay) -> bool {
        usize::from(day.decree) >= self.decrees.len()
    }

    /// How the year's days stand.
    pub fn standing(&self) -> Standing {
        if !self.decreed {
            Standing::Predicted
        } else if self.days.iter().any(|d| self.predicts(d)) {
            Standing::Partial
        } else {
            Standing::Decreed
        }
    }

    /// The slugs of the holidays a partial decree left out (predicted), once each, in the
    /// year's order; empty for a year decreed in full or not at all.
    pub fn left_out(&self) -> Vec<&str> {
        let mut slugs: Vec<&str> = Vec::new();
        if self.decreed {
            for day in self.days.iter().filter(|d| self.predicts(d)) {
                if !slugs.contains(&day.slug.as_str()) {
                    slugs.push(&day.slug);
                }
            }
        }
        slugs
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

/// An employer's working week: which weekdays are the weekend and whether cuti bersama are
/// days off. Libur nasional are days off in every working week.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workweek {
    /// Working days a week: 5 (Saturday and Sunday off) or 6 (Sunday off).
    pub days: u8,
    /// True if cuti bersama are days off; false if they are worked (taken from annual leave).
    pub cuti_bersama: bool,
}

impl Workweek {
    /// The usual rule of the civil service: five days, cuti bersama worked unless taken.
    pub const DEFAULT: Workweek = Workweek {
        days: 5,
        cuti_bersama: false,
    };

    /// True if `weekday` is a weekend day of this week.
    pub fn weekend(self, weekday: Weekday) -> bool {
        weekday == Weekday::Ahad || (weekday == Weekday::Sabtu && self.days == 5)
    }

    /// True if a record of `kind` is a day off in this week.
    pub fn admits(self, kind: DayKind) -> bool {
        kind == DayKind::LiburNasional || self.cuti_bersama
    }
}

/// One day as a working week sees it.
#[derive(Clone, Copy, Debug)]
pub struct DayOff<'a> {
    /// True if it is a weekend day of the week.
    pub weekend: bool,
    /// Its year's days-off records on this date (every kind; see [`DayOff::holidays`]).
    records: &'a [ArchivedHolidayDay],
    /// The week it is seen by.
    week: Workweek,
    /// Its year.
    year: &'a ArchivedHolidayYear,
}

impl<'a> DayOff<'a> {
    /// The records that make it a day off in its week (libur nasional, and cuti bersama
    /// when the week has them off), in the archive's order.
    pub fn holidays(&self) -> impl Iterator<Item = &'a ArchivedHolidayDay> + use<'a> {
        let week = self.week;
        self.records
            .iter()
            .filter(move |d| week.admits(d.kind.get()))
    }

    /// True if it is a day off: a weekend day or a holiday of the week.
    pub fn is_off(&self) -> bool {
        self.weekend || self.holidays().next().is_some()
    }

    /// True if it is a day off that is not a weekend day (a holiday on a working weekday).
    pub fn is_holiday_only(&self) -> bool {
        !self.weekend && self.holidays().next().is_some()
    }

    /// True if its record `day` is predicted, not decreed (see
    /// [`ArchivedHolidayYear::predicts`]).
    pub fn predicts(&self, day: &ArchivedHolidayDay) -> bool {
        self.year.predicts(day)
    }
}

impl ArchivedDataset {
    /// `date` as `week` sees it, if the archive holds the days off of its year (`None`
    /// outside them: whether such a day is off is not known).
    pub fn day_off(&self, date: Date, week: Workweek) -> Option<DayOff<'_>> {
        let year = self.holiday_year(date.ymd().0)?;
        Some(DayOff {
            weekend: week.weekend(date.weekday()),
            records: self.holidays_on(date),
            week,
            year,
        })
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

    #[test]
    fn weeks_have_their_weekends_and_leave() {
        let six = Workweek {
            days: 6,
            cuti_bersama: true,
        };
        assert!(Workweek::DEFAULT.weekend(Weekday::Sabtu));
        assert!(Workweek::DEFAULT.weekend(Weekday::Ahad));
        assert!(!Workweek::DEFAULT.weekend(Weekday::Jumat));
        assert!(!six.weekend(Weekday::Sabtu));
        assert!(six.weekend(Weekday::Ahad));
        assert!(!Workweek::DEFAULT.admits(DayKind::CutiBersama));
        assert!(Workweek::DEFAULT.admits(DayKind::LiburNasional));
        assert!(six.admits(DayKind::CutiBersama));
    }
}
