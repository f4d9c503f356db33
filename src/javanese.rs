//! The Javanese (Sultan Agungan) date: an arithmetic lunar calendar of 8-year windus and
//! 120-year kurups, counted from 1 Sura Alip 1867 AJ (Selasa Pon, 24 March 1936), the first
//! day of kurup Asapon.
//!
//! The rules, as the Kraton's calendar keeps them:
//! - the months alternate 30 and 29 days from Sura (30) to Besar (29), and Besar has 30 days
//!   in the long years (*taun wuntu*) Ehe, Dal and Jimakir: a windu has 3 × 355 + 5 × 354 =
//!   2835 days;
//! - a kurup is 15 windus (120 years) whose last year is one day shorter (Jimakir's Besar has
//!   29 days), so that the calendar keeps to the Hijri one; the kurup is named by the weekday
//!   and pasaran of its 1 Sura Alip: Asapon (Alip Selasa Pon) from 1867 AJ, then Anenhing
//!   (Alip Senen Pahing) from 1987 AJ (26 August 2052).
//!
//! A Javanese day begins at sunset; the date given for a Gregorian day is the one of its
//! daylight hours (1 Sura 1959 is Friday 27 June 2025; its eve is *malam 1 Sura*).

use crate::date::Date;

/// 1 Sura Alip 1867 AJ, the first day of kurup Asapon.
const ASAPON_EPOCH: Date = Date::fixed(1936, 3, 24);
/// The first day of kurup Anenhing (26 August 2052): from it the dates follow the rules
/// projected into a kurup the Kraton has not yet kept.
pub const PROJECTED_FROM: Date = Date(ASAPON_EPOCH.0 + KURUP_DAYS);
/// The Javanese year of [`ASAPON_EPOCH`].
const ASAPON_YEAR: i32 = 1867;
/// Days in a windu: five short years of 354 days and three long ones of 355.
const WINDU_DAYS: i32 = 2835;
/// Years in a windu.
const WINDU_YEARS: i32 = 8;
/// Windus in a kurup (120 years).
const KURUP_WINDUS: i32 = 15;
/// Days in a kurup: its last year is one day short.
const KURUP_DAYS: i32 = KURUP_WINDUS * WINDU_DAYS - 1;
/// Days in a short year (*taun wastu*).
const SHORT_YEAR: i32 = 354;

/// A year of the windu, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinduYear {
    /// Alip, the first year.
    Alip,
    /// Ehe (long).
    Ehe,
    /// Jimawal.
    Jimawal,
    /// Je.
    Je,
    /// Dal (long).
    Dal,
    /// Be.
    Be,
    /// Wawu.
    Wawu,
    /// Jimakir (long), the eighth.
    Jimakir,
}

/// The eight years of a windu, Alip first.
pub const WINDU: [WinduYear; 8] = [
    WinduYear::Alip,
    WinduYear::Ehe,
    WinduYear::Jimawal,
    WinduYear::Je,
    WinduYear::Dal,
    WinduYear::Be,
    WinduYear::Wawu,
    WinduYear::Jimakir,
];

impl WinduYear {
    /// The windu year of a Javanese year (1867 AJ is an Alip).
    #[allow(
        clippy::indexing_slicing,
        reason = "WINDU has 8 entries, rem_euclid(8) < 8"
    )]
    pub fn of_year(year: i32) -> WinduYear {
        WINDU[(year - ASAPON_YEAR).rem_euclid(WINDU_YEARS) as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            WinduYear::Alip => "Alip",
            WinduYear::Ehe => "Ehe",
            WinduYear::Jimawal => "Jimawal",
            WinduYear::Je => "Je",
            WinduYear::Dal => "Dal",
            WinduYear::Be => "Be",
            WinduYear::Wawu => "Wawu",
            WinduYear::Jimakir => "Jimakir",
        }
    }

    /// Whether it is a long year (*taun wuntu*, 355 days: Besar has 30).
    pub fn is_long(self) -> bool {
        matches!(self, WinduYear::Ehe | WinduYear::Dal | WinduYear::Jimakir)
    }

    /// Its days, outside a kurup's last year.
    fn days(self) -> i32 {
        SHORT_YEAR + i32::from(self.is_long())
    }
}

/// A kurup: 120 Javanese years named by the weekday and pasaran of their 1 Sura Alip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kurup {
    /// Alip Selasa Pon: 1867–1986 AJ (24 March 1936 – 25 August 2052).
    Asapon,
    /// Alip Senen Pahing: 1987–2106 AJ (from 26 August 2052).
    Anenhing,
}

impl Kurup {
    /// Both, in their order.
    pub const ALL: [Kurup; 2] = [Kurup::Asapon, Kurup::Anenhing];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kurup::Asapon => "Asapon",
            Kurup::Anenhing => "Anenhing",
        }
    }
}

/// A Javanese month, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JavaneseMonth {
    /// Sura (Muharram), 30 days.
    Sura,
    /// Sapar, 29.
    Sapar,
    /// Mulud, 30.
    Mulud,
    /// Bakda Mulud, 29.
    BakdaMulud,
    /// Jumadilawal, 30.
    Jumadilawal,
    /// Jumadilakir, 29.
    Jumadilakir,
    /// Rejeb, 30.
    Rejeb,
    /// Ruwah, 29.
    Ruwah,
    /// Pasa (the fasting month), 30.
    Pasa,
    /// Sawal, 29.
    Sawal,
    /// Sela, 30.
    Sela,
    /// Besar, 29, or 30 in a long year.
    Besar,
}

/// The twelve months, Sura first.
pub const MONTHS: [JavaneseMonth; 12] = [
    JavaneseMonth::Sura,
    JavaneseMonth::Sapar,
    JavaneseMonth::Mulud,
    JavaneseMonth::BakdaMulud,
    JavaneseMonth::Jumadilawal,
    JavaneseMonth::Jumadilakir,
    JavaneseMonth::Rejeb,
    JavaneseMonth::Ruwah,
    JavaneseMonth::Pasa,
    JavaneseMonth::Sawal,
    JavaneseMonth::Sela,
    JavaneseMonth::Besar,
];

impl JavaneseMonth {
    /// Its number, 1 (Sura) to 12 (Besar).
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Its name, as Javanese calendars print it.
    pub fn name(self) -> &'static str {
        match self {
            JavaneseMonth::Sura => "Sura",
            JavaneseMonth::Sapar => "Sapar",
            JavaneseMonth::Mulud => "Mulud",
            JavaneseMonth::BakdaMulud => "Bakda Mulud",
            JavaneseMonth::Jumadilawal => "Jumadilawal",
            JavaneseMonth::Jumadilakir => "Jumadilakir",
            JavaneseMonth::Rejeb => "Rejeb",
            JavaneseMonth::Ruwah => "Ruwah",
            JavaneseMonth::Pasa => "Pasa",
            JavaneseMonth::Sawal => "Sawal",
            JavaneseMonth::Sela => "Sela",
            JavaneseMonth::Besar => "Besar",
        }
    }
}

/// A Javanese date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaneseDate {
    day: u8,
    month: JavaneseMonth,
    year: i32,
    kurup: Kurup,
}

impl JavaneseDate {
    /// The Javanese date of a Gregorian day, from 24 March 1936 (1 Sura Alip 1867) to the
    /// end of kurup Anenhing (2106 AJ, in 2169); `None` outside (the served span, 1945–2100,
    /// is inside).
    pub fn of(date: Date) -> Option<JavaneseDate> {
        let days = date.0 - ASAPON_EPOCH.0;
        if days < 0 {
            return None;
        }
        let (kurup, mut rest) = match days.div_euclid(KURUP_DAYS) {
            0 => (Kurup::Asapon, days),
            1 => (Kurup::Anenhing, days - KURUP_DAYS),
            _ => return None,
        };
        // The kurup's last year is short, so `rest` never reaches a long Jimakir's last day.
        let windus = rest / WINDU_DAYS;
        rest %= WINDU_DAYS;
        let mut year = ASAPON_YEAR + (kurup as i32) * KURUP_WINDUS * WINDU_YEARS + windus * 8;
        for windu_year in WINDU {
            if rest < windu_year.days() {
                break;
            }
            rest -= windu_year.days();
            year += 1;
        }
        // Months alternate 30 and 29 days; what is left after Sela is Besar.
        let mut month = JavaneseMonth::Besar;
        for (index, candidate) in MONTHS.into_iter().enumerate() {
            let length = if index % 2 == 0 { 30 } else { 29 };
            if rest < length || candidate == JavaneseMonth::Besar {
                month = candidate;
                break;
            }
            rest -= length;
        }
        Some(JavaneseDate {
            day: u8::try_from(rest + 1).ok()?,
            month,
            year,
            kurup,
        })
    }

    /// The day of the month, 1–30.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The month.
    pub fn month(self) -> JavaneseMonth {
        self.month
    }

    /// The year, Anno Javanico (1959 AJ began on 27 June 2025).
    pub fn year(self) -> i32 {
        self.year
    }

    /// The year's place in the windu.
    pub fn windu_year(self) -> WinduYear {
        WinduYear::of_year(self.year)
    }

    /// The kurup the year belongs to.
    pub fn kurup(self) -> Kurup {
        self.kurup
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::pasaran::weton;

    fn javanese(year: i32, month: u32, day: u32) -> JavaneseDate {
        JavaneseDate::of(Date::fixed(year, month, day)).unwrap()
    }

    #[test]
    fn the_epoch_is_1_sura_alip_1867_asapon() {
        let first = javanese(1936, 3, 24);
        assert_eq!(
            (first.day(), first.month(), first.year()),
            (1, JavaneseMonth::Sura, 1867)
        );
        assert_eq!(first.windu_year(), WinduYear::Alip);
        assert_eq!(first.kurup(), Kurup::Asapon);
        assert_eq!(JavaneseDate::of(Date::fixed(1936, 3, 23)), None);
    }

    /// Every day of the served span has a date, and each next day is the next date.
    #[test]
    fn the_days_follow_each_other() {
        let mut previous = javanese(1945, 1, 1);
        let mut day = Date::fixed(1945, 1, 2);
        while day <= Date::fixed(2100, 12, 31) {
            let next = javanese(day.ymd().0, day.ymd().1, day.ymd().2);
            if next.day() == 1 {
                let last = previous.day();
                let month = previous.month();
                let long_besar = month == JavaneseMonth::Besar
                    && previous.windu_year().is_long()
                    && previous.year() != 1986;
                let expected_last =
                    if long_besar || (month != JavaneseMonth::Besar && month.number() % 2 == 1) {
                        30
                    } else {
                        29
                    };
                assert_eq!(last, expected_last, "{day}");
            } else {
                assert_eq!(next.day(), previous.day() + 1, "{day}");
                assert_eq!(next.month(), previous.month(), "{day}");
            }
            previous = next;
            day = day.add_days(1);
        }
    }

    /// Each kurup's 1 Sura Alip falls on the weekday and pasaran it is named for.
    #[test]
    fn kurups_are_named_by_their_1_sura_alip() {
        assert_eq!(weton(ASAPON_EPOCH, Lang::Id), "Selasa Pon");
        let anenhing = ASAPON_EPOCH.add_days(KURUP_DAYS);
        assert_eq!(weton(anenhing, Lang::Id), "Senin Pahing");
        assert_eq!(anenhing, Date::fixed(2052, 8, 26));
        assert_eq!(PROJECTED_FROM, anenhing);
    }
}
