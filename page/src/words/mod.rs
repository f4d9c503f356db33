//! The page's words in its two languages ([`Lang`]): Indonesian first, English by
//! `?lang=en`. Dates are written here (weekday, day, month name, year); the Hijri month names
//! are the API's in each language (`hijri::hijri`, CLDR's in English).

use hijri::chinese::ChineseDate;
use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::javanese::JavaneseDate;
use hijri::observance::Observance;
use hijri::prayer::Prayer;
use hijri::schema::ArchivedChain;
use hijri::weekday::Weekday;

use hijri::lang::Lang as Names;

pub mod display;
mod en;
mod id;
pub mod imsakiyah;

/// The language of texts for people: Indonesian (the default) or English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Bahasa Indonesia (the default).
    Id,
    /// English.
    En,
}

impl Lang {
    /// The language a `lang` value names: `id` or `en` (any case).
    pub fn parse(text: &str) -> Option<Lang> {
        if text.eq_ignore_ascii_case("id") {
            Some(Lang::Id)
        } else if text.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The BCP 47 tag (`lang` of a document, the parameter's value).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Id => "id",
            Lang::En => "en",
        }
    }

    /// The same language for names.
    pub fn names(self) -> Names {
        match self {
            Lang::Id => Names::Id,
            Lang::En => Names::En,
        }
    }

    /// The Hijri era after a year: `1447 H`, `1447 AH`.
    pub fn era(self) -> &'static str {
        match self {
            Lang::Id => "H",
            Lang::En => "AH",
        }
    }

    /// The locale of the link preview (`og:locale`).
    pub fn locale(self) -> &'static str {
        match self {
            Lang::Id => "id_ID",
            Lang::En => "en_US",
        }
    }

    /// The name of `chain` in this language, from the archive.
    pub fn name(self, chain: &ArchivedChain) -> &str {
        match self {
            Lang::Id => &chain.names.indonesian,
            Lang::En => &chain.names.english,
        }
    }

    /// The page's fixed texts in this language.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::Id => &id::ID,
            Lang::En => &en::EN,
        }
    }
}

/// The fixed texts of the page.
pub struct Words {
    /// `<title>` and the heading of the page.
    pub title: &'static str,
    /// `<meta name="description">`.
    pub description: &'static str,
    /// The other language's name, written in it (the switch's label).
    pub other_language: &'static str,
    /// Label of the switches (language, zone, calendar).
    pub switches: &'static str,
    /// Label of the zone choice.
    pub zone: &'static str,
    /// Label of the calendar choice.
    pub calendar: &'static str,
    /// Heading of the today section.
    pub today: &'static str,
    /// Before the next date.
    pub after_maghrib: &'static str,
    /// The tier of an official day.
    pub official: &'static str,
    /// The tier of a computed day.
    pub estimate: &'static str,
    /// A computed day after the table: before the table's last day.
    pub beyond_table: &'static str,
    /// A computed day before the table: before the table's first day.
    pub before_table: &'static str,
    /// Then the criterion's name.
    pub computed_with: &'static str,
    /// The moon's altitude.
    pub altitude: &'static str,
    /// The elongation.
    pub elongation: &'static str,
    /// Before the other calendars' dates when they differ.
    pub other_calendars: &'static str,
    /// Heading of the month section.
    pub month: &'static str,
    /// The link to the month before.
    pub previous: &'static str,
    /// The link to the month after.
    pub next: &'static str,
    /// The jump form to a Gregorian month.
    pub jump_gregorian: &'static str,
    /// The jump form to a Hijri month.
    pub jump_hijri: &'static str,
    /// The year field.
    pub year: &'static str,
    /// The forms' button.
    pub show: &'static str,
    /// Legend: today.
    pub legend_today: &'static str,
    /// Legend: the first day of a Hijri month.
    pub legend_first: &'static str,
    /// Legend: an observance.
    pub legend_observance: &'static str,
    /// Legend: a computed day.
    pub legend_computed: &'static str,
    /// Legend: another calendar's month start or observance on another day.
    pub legend_other: &'static str,
    /// A national holiday (libur nasional): the legend, a cell, a list.
    pub holiday: &'static str,
    /// Collective leave (cuti bersama): the legend, a cell, a list.
    pub leave: &'static str,
    /// Days off of a year without a decree yet.
    pub predicted: &'static str,
    /// The printable year: its link and heading, before the year.
    pub year_view: &'static str,
    /// Legend: the pasaran in each day.
    pub legend_pasaran: &'static str,
    /// The card's `<meta name="description">`.
    pub embed_description: &'static str,
    /// Label of the day's Javanese date.
    pub javanese: &'static str,
    /// Label of the day's Chinese date.
    pub chinese: &'static str,
    /// "month" in a Chinese date, "bulan".
    pub chinese_month: &'static str,
    /// A Chinese leap month's mark.
    pub leap_month: &'static str,
    /// The Javanese new year's name, on 1 Sura.
    pub javanese_new_year: &'static str,
    /// The card: before the next day off.
    pub next_off: &'static str,
    /// Heading of the observances in the month shown.
    pub in_this_month: &'static str,
    /// Heading of the coming observances.
    pub coming: &'static str,
    /// Countdown: today.
    pub is_today: &'static str,
    /// Countdown: tomorrow.
    pub tomorrow: &'static str,
    /// Countdown: `<n>` then this.
    pub days_left: &'static str,
    /// Heading of the hilal section.
    pub hilal: &'static str,
    /// The evening of: then the date.
    pub evening_of: &'static str,
    /// Before the deciding site.
    pub deciding_site: &'static str,
    /// Minimum (limits).
    pub minimum: &'static str,
    /// The verdict when the criterion is met.
    pub visible: &'static str,
    /// A verdict near the limits (the cards' MENDEKATI BATAS).
    pub borderline: &'static str,
    /// The verdict when it is not.
    pub not_met: &'static str,
    /// After a site criterion's `not_met`: the month before is completed to 30 days.
    pub istikmal: &'static str,
    /// Before the conjunction's date and time.
    pub conjunction: &'static str,
    /// Before a sunset's time.
    pub sunset: &'static str,
    /// Wujudul hilal's first condition: the conjunction before sunset.
    pub before_sunset: &'static str,
    /// Wujudul hilal's second condition: the Moon above the horizon at sunset.
    pub above_horizon: &'static str,
    /// The Moon's upper limb (its altitude, wujudul hilal's measure).
    pub upper_limb: &'static str,
    /// Between the hour and the minute of a time.
    pub clock_separator: char,
    /// Then the first day of the month.
    pub month_starts: &'static str,
    /// Officially decided (the month is in the table).
    pub decided: &'static str,
    /// The sky chart card.
    pub sky_card: &'static str,
    /// The map card.
    pub map_card: &'static str,
    /// In a card's text: before the month that starts.
    pub for_start: &'static str,
    /// Heading of the subscribe section.
    pub subscribe: &'static str,
    /// The subscription's introduction.
    pub subscribe_intro: &'static str,
    /// A calendar's feed, before its short name.
    pub feed: &'static str,
    /// The per-day feed: the Hijri date on every day, before the calendar's short name.
    pub days_feed: &'static str,
    /// The feed of the days off.
    pub holidays_feed: &'static str,
    /// The observance feed with a reminder the evening before.
    pub with_reminder: &'static str,
    /// Google Calendar's sentence.
    pub google: &'static str,
    /// Apple Calendar's sentence.
    pub apple: &'static str,
    /// Heading of the developers' section.
    pub build: &'static str,
    /// The docs link's sentence, before the link.
    pub build_intro: &'static str,
    /// The docs link's text.
    pub docs: &'static str,
    /// The examples' introduction.
    pub examples: &'static str,
    /// The footer, before the official table's first and last days.
    pub footer: &'static str,
    /// The footer's link to the calendars' rules and sources.
    pub calendars: &'static str,
    /// The heading of an error page.
    pub error_title: &'static str,
    /// The link back from an error page.
    pub error_back: &'static str,
    /// An unknown zone.
    pub error_zone: &'static str,
    /// An unknown language.
    pub error_lang: &'static str,
    /// A month or year outside the calendar, before the years it has.
    pub error_years: &'static str,
    /// A month that is not 1 to 12, or missing.
    pub error_month: &'static str,
    /// An unknown calendar of dates.
    pub error_calendar: &'static str,
    /// An unknown view.
    pub error_view: &'static str,
    /// An unknown calendar (`authority`), before the calendars served.
    pub error_authority: &'static str,
    /// Any other error.
    pub error_other: &'static str,
    /// Heading of the prayer-time section.
    pub prayer: &'static str,
    /// The prayer-time section without a place: what choosing one shows.
    pub prayer_intro: &'static str,
    /// A day the prayer table does not hold.
    pub prayer_outside: &'static str,
    /// The place choice's label.
    pub place: &'static str,
    /// The place choice's blank option.
    pub choose_place: &'static str,
    /// Before the method's name and numbers.
    pub method: &'static str,
    /// After the method of a calendar that has none of its own.
    pub method_fallback: &'static str,
    /// The imsakiyah link, before the Ramadan's year.
    pub imsakiyah: &'static str,
    /// Legend: the quiet mark of a sunnah fast.
    pub legend_sunnah: &'static str,
    /// Legend: the imsak and maghrib in a Ramadan day's cell, before the place.
    pub legend_fast: &'static str,
    /// The mark of the prayer under way.
    pub prayer_now: &'static str,
    /// The mark of the next prayer.
    pub prayer_next: &'static str,
    /// Before the next prayer's name and time.
    pub next_prayer: &'static str,
    /// Before the countdown to the next prayer (`dalam 02:03:15`).
    pub in_time: &'static str,
    /// Before the qibla bearing (`Arah kiblat`).
    pub qibla: &'static str,
    /// After the bearing: from true north.
    pub from_true_north: &'static str,
    /// Before today's rashdul kiblat times.
    pub rashdul_today: &'static str,
    /// After a time the Sun stands at the qibla bearing.
    pub sun_at_qibla: &'static str,
    /// After a time the Sun stands at the opposite bearing.
    pub sun_opposite_qibla: &'static str,
    /// When the Sun reaches neither bearing high enough today (after `rashdul_today`).
    pub rashdul_none: &'static str,
    /// Before the next eclipse seen at the place.
    pub next_eclipse: &'static str,
    /// The button that forgets the place remembered on this device.
    pub forget_place: &'static str,
    /// The button that finds the nearest place from the browser's location.
    pub locate: &'static str,
    /// While the browser finds the location.
    pub locating: &'static str,
    /// When the visitor refuses the location.
    pub locate_denied: &'static str,
    /// When the location or the nearest place cannot be found.
    pub locate_failed: &'static str,
    /// When the nearest place is too far: `{limit}`, `{place}` and `{distance}` are the
    /// answer's (`/api/v1/places?lat=&lon=`).
    pub locate_far: &'static str,
    /// An unknown place.
    pub error_place: &'static str,
    /// An unknown method, before the methods.
    pub error_method: &'static str,
    /// The names of the eight times, in the order of `Prayer::ALL`.
    pub prayers: [&'static str; 8],
    /// The Gregorian month names.
    pub months: [&'static str; 12],
    /// The language.
    pub lang: Lang,
}

impl Words {
    /// The name of `weekday` (the API's, `hijri::weekday`).
    pub fn weekday(&self, weekday: Weekday) -> &'static str {
        weekday.name_in(self.lang.names())
    }

    /// A Javanese date, `1 Pasa 1959 Je`.
    pub fn javanese_date(&self, date: JavaneseDate) -> String {
        format!(
            "{} {} {} {}",
            date.day(),
            date.month().name(),
            date.year(),
            date.windu_year().name()
        )
    }

    /// A Chinese date, `2 bulan 1 2577 (Kuda Api)`, a leap month marked.
    pub fn chinese_date(&self, date: ChineseDate) -> String {
        let leap = if date.leap { " " } else { "" };
        let mark = if date.leap { self.leap_month } else { "" };
        format!(
            "{} {} {}{leap}{mark} {} ({} {})",
            date.day,
            self.chinese_month,
            date.month,
            date.kongzili(),
            date.shio(),
            date.element()
        )
    }

    /// The name of Gregorian month `month` (1–12).
    pub fn month_name(&self, month: u32) -> &'static str {
        let index = usize::try_from(month).unwrap_or(0);
        self.months
            .get(index.wrapping_sub(1))
            .copied()
            .unwrap_or("")
    }

    /// `19 Februari 2026`.
    pub fn date(&self, date: Date) -> String {
        let (year, month, day) = date.ymd();
        format!("{day} {} {year}", self.month_name(month))
    }

    /// `Kamis, 19 Februari 2026`.
    pub fn long_date(&self, date: Date) -> String {
        format!("{}, {}", self.weekday(date.weekday()), self.date(date))
    }

    /// `Kamis 19 Feb`: the weekday, the day and the month's first three letters.
    pub fn short_date(&self, date: Date) -> String {
        let (_, month, day) = date.ymd();
        let name = self.month_name(month);
        let short = name.get(..3).unwrap_or(name);
        format!("{} {day} {short}", self.weekday(date.weekday()))
    }

    /// `07.51` (`07:51` in English).
    pub fn clock(&self, hour: u32, minute: u32) -> String {
        format!("{hour:02}{}{minute:02}", self.clock_separator)
    }

    /// `1 Ramadhan 1447 H`.
    pub fn hijri(&self, date: HijriDate) -> String {
        format!(
            "{} {} {} {}",
            date.day,
            self.hijri_month(date.month_of_year()),
            date.year,
            self.lang.era()
        )
    }

    /// `11–13 Dzulhijjah 1447 H`, or `10 Dzulhijjah 1447 H` for one day.
    pub fn hijri_days(&self, month: HijriMonth, first: u8, last: u8) -> String {
        let days = if first == last {
            first.to_string()
        } else {
            format!("{first}–{last}")
        };
        format!(
            "{days} {} {} {}",
            self.hijri_month(month),
            month.year,
            self.lang.era()
        )
    }

    /// A Hijri month's name in the page's language, as the API names it (`Ramadhan`,
    /// `Ramadan`).
    pub fn hijri_month(&self, month: HijriMonth) -> &'static str {
        month.name_in(self.lang.names())
    }

    /// The twelve Hijri month names in the page's language.
    pub fn hijri_months(&self) -> [&'static str; 12] {
        std::array::from_fn(|i| {
            self.hijri_month(HijriMonth {
                year: 1,
                month: u8::try_from(i + 1).unwrap_or(1),
            })
        })
    }

    /// The name of a prayer time (`Terbit`, `Sunrise`).
    pub fn prayer_name(&self, prayer: Prayer) -> &'static str {
        self.prayers.get(prayer.index()).copied().unwrap_or("")
    }

    /// The observance's name in the page's language.
    pub fn observance(&self, observance: &Observance) -> &'static str {
        observance.name_in(self.lang.names())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijri::observance::OBSERVANCES;

    /// Every observance has its English name on an English page, and its Indonesian one on
    /// an Indonesian page (the words are told apart by a value, not by where a `const`
    /// lives, which has no fixed address).
    #[test]
    fn observances_are_named_in_the_pages_language() {
        let english: Vec<&str> = OBSERVANCES
            .iter()
            .map(|o| Lang::En.words().observance(o))
            .collect();
        assert_eq!(
            english,
            [
                "Islamic New Year (1 Muharram)",
                "Mawlid (the Prophet's birthday)",
                "First day of Ramadan",
                "Eid al-Fitr",
                "Eid al-Adha",
                "Isra and Mi'raj",
                "Nuzul al-Qur'an",
                "Day of Arafah",
                "Tasu'a",
                "Ashura",
                "Days of Tashriq",
                "The white days",
            ]
        );
        for o in &OBSERVANCES {
            assert_eq!(Lang::Id.words().observance(o), o.name);
        }
    }
}
