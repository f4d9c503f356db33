//! The words and number formats printed on the cards (Indonesian, decimal comma).

use hijri::date::{local_clock, minutes_between, Date, MONTH_NAMES as GREGORIAN_MONTHS};
use hijri::schema::{Site, SiteEvening};

use super::CardContext;

/// `value` with `decimals` decimals, a decimal comma and a true minus sign (`−0,83`).
pub fn decimal(value: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, value.abs());
    let negative = value < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let text = text.replace('.', ",");
    if negative {
        format!("\u{2212}{text}")
    } else {
        text
    }
}

/// `value` in degrees as the criteria are written: no trailing zeros, decimal comma (`6,4°`).
pub fn threshold(value: f64) -> String {
    format!("{}°", format!("{value}").replace('.', ","))
}

/// Degrees with two decimals: `3,21°`.
pub fn degrees(value: f64) -> String {
    format!("{}°", decimal(value, 2))
}

/// `1 Maret`: the day and the month's name.
pub fn day_month(date: Date) -> String {
    let (_, month, day) = date.ymd();
    #[allow(clippy::indexing_slicing, reason = "12 names, indexed modulo 12")]
    let month_name = GREGORIAN_MONTHS[(month as usize).saturating_sub(1) % 12];
    format!("{day} {month_name}")
}

/// `Sabtu, 1 Maret 2025`.
pub fn gregorian_long(date: Date) -> String {
    let (year, ..) = date.ymd();
    format!("{}, {} {year}", date.weekday().name(), day_month(date))
}

/// The Indonesian zone abbreviation for a UTC offset (`WIB`, `WITA`, `WIT`), `UTC` for 0,
/// else `UTC+h:mm`.
pub fn zone_name(utc_offset_s: i32) -> String {
    match utc_offset_s {
        0 => "UTC".to_owned(),
        25_200 => "WIB".to_owned(),
        28_800 => "WITA".to_owned(),
        32_400 => "WIT".to_owned(),
        other => {
            let sign = if other < 0 { '-' } else { '+' };
            let minutes = other.unsigned_abs() / 60;
            format!("UTC{sign}{}:{:02}", minutes / 60, minutes % 60)
        }
    }
}

/// Local clock time `HH:MM` (truncated to the minute) and zone of a Unix instant.
pub fn local_time(unix_s: i64, utc_offset_s: i32) -> String {
    format!(
        "{} {}",
        clock(unix_s, utc_offset_s),
        zone_name(utc_offset_s)
    )
}

/// Local clock time `HH:MM` (truncated to the minute) of a Unix instant, without its zone.
pub fn clock(unix_s: i64, utc_offset_s: i32) -> String {
    let (hour, minute) = local_clock(unix_s, utc_offset_s);
    format!("{hour:02}:{minute:02}")
}

/// `28 Februari 07:45 WIB`: the local date and time (truncated to the minute) and zone of a
/// Unix instant.
pub fn local_date_time(unix_s: i64, utc_offset_s: i32) -> String {
    let day = (unix_s + i64::from(utc_offset_s)).div_euclid(86_400);
    let time = local_time(unix_s, utc_offset_s);
    match i32::try_from(day) {
        Ok(day) => format!("{} {time}", day_month(Date(day))),
        Err(_) => time,
    }
}

/// The conjunction in the deciding site's zone (the API's `conjunction_utc`, truncated to
/// the minute): `28 Februari 07:44 WIB`.
pub fn conjunction(ctx: &CardContext) -> String {
    local_date_time(
        ctx.conjunction_ms.div_euclid(1_000),
        ctx.values.utc_offset_s,
    )
}

/// The Moon's lag, moonset − sunset in whole minutes ([`minutes_between`], as the API's
/// `lag_minutes`): `23 menit`, `−12 menit` when it sets first, `—` without a moonset.
pub fn lag(values: &SiteEvening) -> String {
    values.moonset.map_or_else(
        || "—".to_owned(),
        |moonset| {
            let minutes = minutes_between(values.sunset, moonset);
            format!("{} menit", decimal(minutes as f64, 0))
        },
    )
}

/// `5,89° LU · 95,32° BT`: a site's coordinates with Indonesian hemisphere letters.
pub fn coordinates(site: &Site) -> String {
    let lat = if site.lat < 0.0 { "LS" } else { "LU" };
    let lon = if site.lon < 0.0 { "BB" } else { "BT" };
    format!(
        "{}° {lat} · {}° {lon}",
        decimal(site.lat.abs(), 2),
        decimal(site.lon.abs(), 2)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(decimal(-0.8333, 2), "\u{2212}0,83");
        assert_eq!(decimal(-0.001, 2), "0,00");
        assert_eq!(degrees(6.4), "6,40°");
        assert_eq!(local_time(1_740_830_700, 25_200), "19:05 WIB");
        assert_eq!(local_time(0, 27_000), "07:30 UTC+7:30");
        assert_eq!(
            gregorian_long(Date::from_ymd(2025, 3, 1).unwrap()),
            "Sabtu, 1 Maret 2025"
        );
        // 2025-02-28T00:45:00Z is 07:45 WIB; 2025-02-28T23:30:00Z is 1 March, 07:30 WITA.
        assert_eq!(
            local_date_time(1_740_703_500, 25_200),
            "28 Februari 07:45 WIB"
        );
        assert_eq!(local_date_time(1_740_785_400, 28_800), "1 Maret 07:30 WITA");
    }
}
