//! The printable imsakiyah's own words in its two languages (the shared ones are
//! [`Words`](super::Words)).

use super::Lang;

/// The page's own texts in its two languages (the shared ones are [`Lang::words`]).
pub struct Texts {
    /// The title and the table's caption before the year: `Imsakiyah Ramadhan`.
    pub title: &'static str,
    /// The heading before the year: `Jadwal Imsakiyah Ramadhan`.
    pub heading: &'static str,
    /// The document's description.
    pub description: &'static str,
    /// The nav's label.
    pub switches: &'static str,
    /// The prompt without a place.
    pub choose: &'static str,
    /// `Kalender`, `Waktu`, `Metode` of the facts.
    pub calendar: &'static str,
    /// See `calendar`.
    pub time: &'static str,
    /// See `calendar`.
    pub method: &'static str,
    /// Ramadan's name, long and short, as the table heads it.
    pub ramadan: (&'static str, &'static str),
    /// The date's column.
    pub date: &'static str,
    /// `(Idul Fitri)`.
    pub eid: &'static str,
    /// The sources' sentence: before the calendar, before the place, before the method.
    pub source: [&'static str; 3],
    /// The calendar has no method of its own: before and after the method's name.
    pub fallback: [&'static str; 2],
    /// `titik`, and the hemispheres (south, north, west, east).
    pub point: (&'static str, [&'static str; 4]),
    /// The note of a Ramadan before 1964 (`present_offset`).
    pub present_offset: &'static str,
}

/// Indonesian.
const ID: Texts = Texts {
    title: "Imsakiyah Ramadhan",
    heading: "Jadwal Imsakiyah Ramadhan",
    description: "Jadwal imsakiyah Ramadhan siap cetak: imsak, subuh, terbit, dzuhur, ashar, \
                  maghrib dan isya setiap hari, menurut kalender dan metode yang dipilih.",
    switches: "Kalender dan tahun",
    choose: "Pilih kabupaten/kota untuk jadwal imsakiyahnya, siap cetak.",
    calendar: "Kalender",
    time: "Waktu",
    method: "Metode",
    ramadan: ("Ramadhan", "Rmd"),
    date: "Tanggal",
    eid: "(Idul Fitri)",
    source: [
        "Sumber: tanggal menurut ",
        "; waktu dihitung dengan efemeris JPL DE440 untuk titik ",
        " di atas, lalu diberi ihtiyat dan dibulatkan seperti tabel ",
    ],
    fallback: [
        " tidak menetapkan metode waktu sholat sendiri; waktu di sini menurut metode ",
        ".",
    ],
    point: ("titik", ["LS", "LU", "BB", "BT"]),
    present_offset: "Waktu sebelum 1964 memakai selisih zona sekarang (WIB +07:00, WITA +08:00, \
                     WIT +09:00), bukan selisih resmi saat itu (Jakarta +07:30 hingga 1964).",
};

/// English.
const EN: Texts = Texts {
    title: "Ramadan Imsakiyah",
    heading: "Ramadan Imsakiyah",
    description: "A printable Ramadan imsakiyah: imsak, subuh, sunrise, dzuhur, ashar, maghrib \
                  and isya every day, by the calendar and method chosen.",
    switches: "Calendar and year",
    choose: "Choose a regency or city for its imsakiyah, ready to print.",
    calendar: "Calendar",
    time: "Time",
    method: "Method",
    ramadan: ("Ramadan", "Rmd"),
    date: "Date",
    eid: "(Eid al-Fitr)",
    source: [
        "Sources: dates by ",
        "; times computed with the JPL DE440 ephemeris for the point of ",
        " above, then given ihtiyat and rounded as the tables of ",
    ],
    fallback: [
        " sets no prayer-time method of its own; the times here are by the method ",
        ".",
    ],
    point: ("point", ["S", "N", "W", "E"]),
    present_offset: "Times before 1964 keep the zone's present offset (WIB +07:00, WITA +08:00, \
                     WIT +09:00), not the legal offset of the time (Jakarta +07:30 until 1964).",
};

/// The page's own texts in `lang`.
pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Id => &ID,
        Lang::En => &EN,
    }
}
