//! What the page's templates share. Every document is written with maud's `html!`, which
//! escapes each value spliced into it (text and quoted attribute values alike); markup
//! enters only as a template's literals, or as the `Markup` another template made. Here: a
//! date as `<time>`, how far a day is, and numbers in the page's language (a decimal comma
//! in Indonesian, [`decimal`]), and a minute in the page's words ([`clock`]).

use chrono::{DateTime, Timelike};
use hijri::date::Date;
use hijri::zone::Zone;
use maud::{html, Markup};

use crate::words::{Lang, Words};

/// The first lines of every document's head: its character set, the viewport, and the
/// colour schemes it is drawn in (`light dark`, or `light` for the embed).
pub fn metas(scheme: &str) -> Markup {
    html! {
        "\n" meta charset="utf-8";
        "\n" meta name="viewport" content="width=device-width, initial-scale=1";
        "\n" meta name="color-scheme" content=(scheme);
    }
}

/// `text` in `<time datetime="YYYY-MM-DD">`.
pub fn time(date: Date, text: &str) -> Markup {
    html! { time datetime=(date.iso().as_str()) { (text) } }
}

/// How far a day is from today: `hari ini`, `besok`, `12 hari lagi`.
pub fn days_left(words: &Words, days: i32) -> Markup {
    match days {
        0 => html! { (words.is_today) },
        1 => html! { (words.tomorrow) },
        n => html! { (n) " " (words.days_left) },
    }
}

/// `value` with at most two decimals, trailing zeros dropped, a decimal comma in
/// Indonesian (`2,96`, `6,4`, `3`).
pub fn decimal(value: f64, lang: Lang) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match lang {
        Lang::Id => text.replace('.', ","),
        Lang::En => text.to_owned(),
    }
}

/// `−20°`: a signed angle as the tables write it (a true minus sign).
pub fn degrees(value: f64, lang: Lang) -> String {
    let text = decimal(value.abs(), lang);
    if value < 0.0 {
        format!("−{text}°")
    } else {
        format!("{text}°")
    }
}

/// A published minute (UTC seconds) as the page writes a time in `zone` (`04.16`, `04:16`
/// in English); `–` where the Sun does not reach the time's altitude.
pub fn clock(words: &Words, zone: Zone, seconds: Option<i64>) -> String {
    seconds
        .and_then(|s| DateTime::from_timestamp(s, 0))
        .map(|utc| utc.with_timezone(&zone))
        .map_or_else(
            || "–".to_owned(),
            |local| words.clock(local.hour(), local.minute()),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_and_markup_is_kept() {
        let hostile = "\"><script>Sya'ban & co";
        let inner = html! { b { "a&b" } };
        let page = html! { p title=(hostile) { (hostile) " " (1447u16) " " (inner) } };
        assert_eq!(
            page.into_string(),
            "<p title=\"&quot;&gt;&lt;script&gt;Sya'ban &amp; co\">&quot;&gt;&lt;script&gt;\
             Sya'ban &amp; co 1447 <b>a&amp;b</b></p>"
        );
        let day = Date::from_ymd(2026, 2, 19).unwrap_or(Date(0));
        assert_eq!(
            time(day, "<19>").into_string(),
            "<time datetime=\"2026-02-19\">&lt;19&gt;</time>"
        );
    }

    #[test]
    fn decimals() {
        assert_eq!(decimal(2.96, Lang::Id), "2,96");
        assert_eq!(decimal(6.4, Lang::Id), "6,4");
        assert_eq!(decimal(3.0, Lang::En), "3");
        assert_eq!(decimal(-0.5, Lang::En), "-0.5");
    }
}
