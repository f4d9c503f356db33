//! The pieces both grids (the month's and the year's) are made of: the weekday heads from
//! Monday, a day's pasaran, and the Hijri months a span of days is in.

use hijri::date::Date;
use hijri::pasaran::Pasaran;
use hijri::schema::ArchivedChain;

use crate::html::Html;
use crate::words::Words;

/// A weekday's name in a column head: its first three letters (`Ahad` whole).
pub fn short_weekday(name: &str) -> &str {
    if name.len() <= 4 {
        name
    } else {
        name.get(..3).unwrap_or(name)
    }
}

/// Monday = 0 … Sunday = 6.
pub fn monday_index(day: Date) -> i32 {
    (day.weekday() as i32 + 6) % 7
}

/// The day's pasaran (`<span class="p">Legi</span>`), as wall calendars print it beside the
/// day's number.
pub fn pasaran(html: &mut Html, day: Date) {
    html.raw("<span class=\"p\">")
        .raw(Pasaran::of(day).name())
        .raw("</span>");
}

/// The table's head: the weekdays from Monday, short, with their whole names as `abbr`; then
/// `<tbody>`.
pub fn weekday_heads(html: &mut Html, words: &Words) {
    html.raw("<thead><tr>");
    for n in 0..7u8 {
        let weekday = hijri::weekday::Weekday::from_days_since_sunday(n + 1);
        let name = words.weekday(weekday);
        html.raw("<th scope=\"col\" abbr=\"")
            .text(name)
            .raw("\">")
            .text(short_weekday(name))
            .raw("</th>");
    }
    html.raw("</tr></thead>\n<tbody>\n");
}

/// The Hijri months from `first` to `last` in `chain`: `Ramadhan 1446 H`, `Ramadhan –
/// Syawal 1446 H` or `Dzulhijjah 1447 H – Muharram 1448 H` (empty outside the chain).
pub fn hijri_span(chain: &ArchivedChain, words: &Words, first: Date, last: Date) -> String {
    match (chain.to_hijri(first), chain.to_hijri(last)) {
        (Some((a, _)), Some((b, _))) if a.month_of_year() == b.month_of_year() => {
            format!(
                "{} {} {}",
                words.hijri_month(a.month_of_year()),
                a.year,
                words.lang.era()
            )
        }
        (Some((a, _)), Some((b, _))) if a.year == b.year => format!(
            "{} – {} {} {}",
            words.hijri_month(a.month_of_year()),
            words.hijri_month(b.month_of_year()),
            b.year,
            words.lang.era()
        ),
        (Some((a, _)), Some((b, _))) => format!(
            "{} {} – {} {} {}",
            words.hijri_month(a.month_of_year()),
            a.year,
            words.hijri_month(b.month_of_year()),
            b.year,
            words.lang.era()
        ),
        _ => String::new(),
    }
}
