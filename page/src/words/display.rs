//! The mosque screen's own words in its two languages (the shared ones are
//! [`Words`](super::Words)).

use super::Lang;

/// The screen's own texts in its two languages (the shared ones are [`Lang::words`]).
pub struct Texts {
    /// The title after the place's name.
    pub title: &'static str,
    /// The document's description.
    pub description: &'static str,
    /// The label of the clock.
    pub clock: &'static str,
    /// Before the next prayer's name and time: `Menjelang`.
    pub next_up: &'static str,
    /// The label of the countdown to the next prayer.
    pub countdown: &'static str,
    /// The mark of the next prayer in the list, in words.
    pub next_mark: &'static str,
    /// The times list's heading on the day after today.
    pub tomorrow: &'static str,
    /// A missing `place`: what to add.
    pub missing_place: &'static str,
}

/// Indonesian.
const ID: Texts = Texts {
    title: "Jadwal sholat",
    description: "Layar masjid: jam, tanggal Masehi, Hijriah dan Jawa, waktu sholat hari ini \
                  dan hitung mundur ke waktu berikutnya.",
    clock: "Jam",
    next_up: "Menjelang",
    countdown: "Hitung mundur",
    next_mark: "berikutnya",
    tomorrow: "Besok",
    missing_place: "Layar ini perlu kabupaten/kota: tambahkan place= dengan kode wilayahnya \
                    (dari daftar di halaman kalender), misalnya display?place=34.71 untuk \
                    Kota Yogyakarta.",
};

/// English.
const EN: Texts = Texts {
    title: "Prayer times",
    description: "A mosque screen: the clock, the Gregorian, Hijri and Javanese dates, today's \
                  prayer times and the countdown to the next one.",
    clock: "Clock",
    next_up: "Next:",
    countdown: "Countdown",
    next_mark: "next",
    tomorrow: "Tomorrow",
    missing_place: "This screen needs a regency or city: add place= with its code (from the \
                    list on the calendar page), for example display?place=34.71&lang=en for \
                    Kota Yogyakarta.",
};

/// The screen's own texts in `lang`.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Id => &ID,
        Lang::En => &EN,
    }
}
