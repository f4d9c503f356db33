//! The Chinese date of a day, looked up in the archive's month table (computed by the
//! generator from the ephemeris; no astronomy here), and the names of its year: the
//! sexagenary stem and branch, the shio (the branch's animal) and its element as Indonesian
//! calendars print them ("Tahun Kuda Api"), and the Kongzili year Indonesia numbers it by.

use crate::date::Date;
use crate::lang::Lang;
use crate::schema::ArchivedDataset;

/// Kongzili year minus the Gregorian year of its New Year (New Year 2026 begins 2577).
pub const KONGZILI_OFFSET: i32 = 551;

/// The days whose Chinese date may be a day off, first and last of each run: the three
/// months whose new moon falls within minutes of midnight at UTC+8, from the day the Hong
/// Kong Observatory's table notes the month may begin to the day before the next month
/// (`data/reference/chinese_months.csv`, `footnote_start`); 90 days.
pub const UNCERTAIN: [(Date, Date); 3] = [
    (Date::fixed(2057, 9, 28), Date::fixed(2057, 10, 27)),
    (Date::fixed(2089, 9, 4), Date::fixed(2089, 10, 3)),
    (Date::fixed(2097, 8, 7), Date::fixed(2097, 9, 5)),
];

/// A Chinese date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChineseDate {
    /// The year, as the Gregorian year its New Year falls in.
    pub year: i32,
    /// The month number, 1–12.
    pub month: u8,
    /// The day of the month, 1–30.
    pub day: u8,
    /// Whether the month is a leap month (it repeats the number of the month before it).
    pub leap: bool,
}

/// The ten heavenly stems (pinyin), from Jia.
const STEMS: [&str; 10] = [
    "Jia", "Yi", "Bing", "Ding", "Wu", "Ji", "Geng", "Xin", "Ren", "Gui",
];
/// The twelve earthly branches (pinyin), from Zi.
const BRANCHES: [&str; 12] = [
    "Zi", "Chou", "Yin", "Mao", "Chen", "Si", "Wu", "Wei", "Shen", "You", "Xu", "Hai",
];
/// The branches' animals in Indonesian (shio), from the Rat.
pub const SHIO: [&str; 12] = [
    "Tikus", "Kerbau", "Macan", "Kelinci", "Naga", "Ular", "Kuda", "Kambing", "Monyet", "Ayam",
    "Anjing", "Babi",
];
/// The branches' animals in English, from the Rat.
pub const SHIO_EN: [&str; 12] = [
    "Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog",
    "Pig",
];
/// The branches' animals in Arabic, from the Rat.
pub const SHIO_AR: [&str; 12] = [
    "الفأر",
    "الثور",
    "النمر",
    "الأرنب",
    "التنين",
    "الأفعى",
    "الحصان",
    "الماعز",
    "القرد",
    "الديك",
    "الكلب",
    "الخنزير",
];
/// The stems' elements in Indonesian, two stems each, from Jia.
pub const ELEMENTS: [&str; 5] = ["Kayu", "Api", "Tanah", "Logam", "Air"];
/// The stems' elements in English.
pub const ELEMENTS_EN: [&str; 5] = ["Wood", "Fire", "Earth", "Metal", "Water"];
/// The stems' elements in Arabic.
pub const ELEMENTS_AR: [&str; 5] = ["الخشب", "النار", "التراب", "المعدن", "الماء"];
/// A Gregorian year whose Chinese year is Jia-Zi, the first of the sixty.
const JIA_ZI: i32 = 1984;

impl ChineseDate {
    /// The year's place in the sixty-year cycle, 0 (Jia-Zi) to 59.
    fn cycle(self) -> usize {
        (self.year - JIA_ZI).rem_euclid(60) as usize
    }

    /// The year's heavenly stem (pinyin): "Bing" (2026).
    #[allow(clippy::indexing_slicing, reason = "cycle() % 10 < 10")]
    pub fn stem(self) -> &'static str {
        STEMS[self.cycle() % 10]
    }

    /// The year's earthly branch (pinyin): "Wu" (2026).
    #[allow(clippy::indexing_slicing, reason = "cycle() % 12 < 12")]
    pub fn branch(self) -> &'static str {
        BRANCHES[self.cycle() % 12]
    }

    /// The year's sexagenary name, stem and branch: "Bing-Wu" (2026).
    pub fn sexagenary(self) -> String {
        format!("{}-{}", self.stem(), self.branch())
    }

    /// The year's shio, its animal in Indonesian: "Kuda" (2026).
    pub fn shio(self) -> &'static str {
        self.shio_in(Lang::Id)
    }

    /// The year's animal in `lang`: "Kuda", "Horse", "الحصان" (2026).
    #[allow(clippy::indexing_slicing, reason = "cycle() % 12 < 12")]
    pub fn shio_in(self, lang: Lang) -> &'static str {
        let names = match lang {
            Lang::Id => &SHIO,
            Lang::En => &SHIO_EN,
            Lang::Ar => &SHIO_AR,
        };
        names[self.cycle() % 12]
    }

    /// The year's element in Indonesian, from its stem: "Api" (2026, Kuda Api).
    pub fn element(self) -> &'static str {
        self.element_in(Lang::Id)
    }

    /// The year's element in `lang`: "Api", "Fire", "النار" (2026).
    #[allow(clippy::indexing_slicing, reason = "cycle() % 10 / 2 < 5")]
    pub fn element_in(self, lang: Lang) -> &'static str {
        let names = match lang {
            Lang::Id => &ELEMENTS,
            Lang::En => &ELEMENTS_EN,
            Lang::Ar => &ELEMENTS_AR,
        };
        names[self.cycle() % 10 / 2]
    }

    /// The year numbered as Indonesia does (Kongzili): 2577 for the year from 17 February
    /// 2026.
    pub fn kongzili(self) -> i32 {
        self.year + KONGZILI_OFFSET
    }
}

impl ArchivedDataset {
    /// The Chinese date of `date`, or `None` outside the archive's month table (an archive
    /// without one, or a day outside the served span).
    pub fn chinese_date(&self, date: Date) -> Option<ChineseDate> {
        let months = &self.chinese_months[..];
        // The months starting on or before the date; the last of the table only ends the one
        // before it.
        let index = months.partition_point(|m| m.start.to_native() <= date.0);
        if index == 0 || index >= months.len() {
            return None;
        }
        let month = months.get(index - 1)?;
        Some(ChineseDate {
            year: month.year.to_native(),
            month: month.number,
            day: u8::try_from(date.0 - month.start.to_native() + 1).ok()?,
            leap: month.leap,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`UNCERTAIN`] runs from each footnoted month's earlier start to the day before the
    /// next month of the reference table.
    #[test]
    fn uncertain_days_are_the_footnoted_months() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/reference/chinese_months.csv"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let rows: Vec<Vec<&str>> = text
            .lines()
            .skip(1)
            .map(|l| l.split(',').collect())
            .collect();
        let iso = |text: &str| Date::parse_iso(text).unwrap();
        let runs: Vec<(Date, Date)> = rows
            .windows(2)
            .filter(|pair| !pair[0][4].is_empty())
            .map(|pair| (iso(pair[0][4]), iso(pair[1][0]).add_days(-1)))
            .collect();
        assert_eq!(runs, UNCERTAIN);
        let days: i32 = UNCERTAIN.iter().map(|(a, b)| b.0 - a.0 + 1).sum();
        assert_eq!(days, 90);
    }

    fn year(year: i32) -> ChineseDate {
        ChineseDate {
            year,
            month: 1,
            day: 1,
            leap: false,
        }
    }

    /// Published year names: 2026 Kuda Api (Bing-Wu), 2577 Kongzili; 2023 Kelinci Air
    /// (Gui-Mao); 2024 Naga Kayu (Jia-Chen); 1984 Jia-Zi, Tikus Kayu.
    #[test]
    fn year_names() {
        let horse = year(2026);
        assert_eq!(
            (horse.sexagenary().as_str(), horse.shio(), horse.element()),
            ("Bing-Wu", "Kuda", "Api")
        );
        assert_eq!(horse.kongzili(), 2577);
        let rabbit = year(2023);
        assert_eq!(
            (
                rabbit.sexagenary().as_str(),
                rabbit.shio(),
                rabbit.element()
            ),
            ("Gui-Mao", "Kelinci", "Air")
        );
        let dragon = year(2024);
        assert_eq!(
            (dragon.sexagenary().as_str(), dragon.shio()),
            ("Jia-Chen", "Naga")
        );
        assert_eq!(year(1984).sexagenary(), "Jia-Zi");
        assert_eq!(year(1945).sexagenary(), "Yi-You");
    }
}
