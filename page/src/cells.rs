//! The pieces both grids (the month's and the year's) are made of: the weekday heads from
//! Monday, a day's pasaran, and the Hijri months a span of days is in.

use hijri::date::Date;
use hijri::pasaran::Pasaran;
use hijri::schema::ArchivedChain;

use maud::{html, Markup};

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
pub fn pasaran(day: Date) -> Markup {
    html! { span class="p" { (Pasaran::of(day).name()) } }
}

/// The table's head: the weekdays from Monday, short, with their whole names as `abbr`.
pub fn weekday_heads(words: &Words) -> Markup {
    html! {
        thead {
            tr {
                @for n in 0..7u8 {
                    @let name = words.weekday(hijri::weekday::Weekday::from_days_since_sunday(n + 1));
                    th scope="col" abbr=(name) { (short_weekday(name)) }
                }
            }
        }
        "\n"
    }
}

/// The weeks from Monday around `first..=last` as the table's body, each day's cell written
/// by `cell`.
pub fn weeks(first: Date, last: Date, mut cell: impl FnMut(Date) -> Markup) -> Markup {
    let start = first.add_days(-monday_index(first));
    let end = last.add_days(6 - monday_index(last));
    let mut rows: Vec<Vec<Markup>> = Vec::new();
    let mut day = start;
    while day <= end {
        if monday_index(day) == 0 {
            rows.push(Vec::new());
        }
        let markup = cell(day);
        if let Some(row) = rows.last_mut() {
            row.push(markup);
        }
        day = day.add_days(1);
    }
    html! {
        tbody {
            "\n"
            @for row in &rows {
                tr { @for cell in row { (cell) } }
                "\n"
            }
        }
    }
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
