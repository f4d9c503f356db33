//! A prayer-time method in one line, as the imsakiyah states it: its name, the twilight
//! altitudes, dhuha, ashar, the horizon at the place, imsak, ihtiyat and rounding (each
//! stated once, the exceptions named), and the place's point.

use hijri::prayer::{Method, Prayer, Rounding};
use hijri::schema::ArchivedPrayerPlace;

use maud::{html, Markup};

use crate::html::{self, decimal};
use crate::words::imsakiyah::texts;
use crate::words::Lang;

/// `titik 7,8° LS 110,39° BT, 114 m`: the place's point (south and east as Indonesian
/// tables write them; `point 7.8° S 110.39° E` in English) and elevation.
pub fn degrees_place(place: &ArchivedPrayerPlace, lang: Lang) -> String {
    let (lat, lon) = (place.lat.to_native(), place.lon.to_native());
    let (point, [s, n, w, e]) = texts(lang).point;
    format!(
        "{point} {}° {} {}° {}, {} m",
        decimal(lat.abs(), lang),
        if lat < 0.0 { s } else { n },
        decimal(lon.abs(), lang),
        if lon < 0.0 { w } else { e },
        decimal(place.elev_m.to_native(), lang)
    )
}

/// The method in one line: its name, subuh and isya, dhuha, ashar, the horizon at the
/// place (and what it follows: the place's own, its elevation, or neither), imsak, ihtiyat
/// and rounding (each stated once, the exceptions named), in `lang`.
pub fn numbers(method: &Method, place: &ArchivedPrayerPlace, lang: Lang) -> Markup {
    let words = lang.words();
    let name = |p: Prayer| words.prayer_name(p).to_lowercase();
    let (id, elev_m) = (Some(place.id.as_str()), place.elev_m.to_native());
    let degrees = |value: f64| html::degrees(value, lang);
    let (subuh, isya, dhuha, horizon) = (
        degrees(method.subuh_altitude_deg),
        degrees(method.isya_altitude_deg),
        degrees(method.dhuha_altitude_deg),
        degrees(method.horizon_altitude_deg(id, elev_m)),
    );
    let shadow = decimal(method.ashar_shadow_factor, lang);
    let elevation = decimal(elev_m, lang);
    let own = method.horizon.own(id, elev_m).is_some();
    let dip = method.horizon.dip_arcmin_per_sqrt_m > 0.0;
    let imsak = method.imsak_minutes_before_subuh;
    let (minutes, word) = match lang {
        Lang::Id => ("menit", rounding as fn(Rounding) -> &'static str),
        Lang::En => ("min", rounding_en as fn(Rounding) -> &'static str),
    };
    let ihtiyat = per_time(
        &method.ihtiyat_minutes,
        |m| format!("{} {minutes}", signed(*m)),
        |m| signed(*m),
        &name,
    );
    let rounded = per_time(
        &method.rounding,
        |r| word(*r).to_owned(),
        |r| word(*r).to_owned(),
        &name,
    );
    let line = match lang {
        Lang::Id => format!(
            "subuh {subuh}, isya {isya}, dhuha {dhuha}, ashar bayangan {shadow}× benda + \
             bayangan zuhur, terbit dan maghrib {horizon} ({}), imsak {imsak} menit sebelum \
             subuh, ihtiyat {ihtiyat}, pembulatan {rounded}",
            if own {
                "ufuk khusus tempat ini".to_owned()
            } else if dip {
                format!("ufuk pada {elevation} m")
            } else {
                "ufuk tetap, tanpa ketinggian tempat".to_owned()
            },
        ),
        Lang::En => format!(
            "subuh {subuh}, isya {isya}, dhuha {dhuha}, ashar at a shadow of {shadow}× the \
             object + the noon shadow, sunrise and maghrib {horizon} ({}), imsak {imsak} min \
             before subuh, ihtiyat {ihtiyat}, rounded {rounded}",
            if own {
                "the place's own horizon".to_owned()
            } else if dip {
                format!("the horizon at {elevation} m")
            } else {
                "a fixed horizon, whatever the elevation".to_owned()
            },
        ),
    };
    html! { (method.name) ": " (line) }
}

/// `2`, `−2`.
fn signed(minutes: i64) -> String {
    if minutes < 0 {
        format!("−{}", minutes.unsigned_abs())
    } else {
        minutes.to_string()
    }
}

/// A rounding in words.
fn rounding(rounding: Rounding) -> &'static str {
    match rounding {
        Rounding::Up => "ke atas",
        Rounding::Down => "ke bawah",
        Rounding::Nearest => "ke menit terdekat",
    }
}

/// A rounding in English words.
fn rounding_en(rounding: Rounding) -> &'static str {
    match rounding {
        Rounding::Up => "up",
        Rounding::Down => "down",
        Rounding::Nearest => "to the nearest minute",
    }
}

/// A value per time from subuh to isya in words: the most common one, then the times that
/// differ by name (`2 menit (terbit −2, dzuhur 3)`).
fn per_time<T: PartialEq>(
    values: &[T; 8],
    most: impl Fn(&T) -> String,
    other: impl Fn(&T) -> String,
    name: &impl Fn(Prayer) -> String,
) -> String {
    // Imsak follows subuh: its value is unused.
    let times: Vec<(Prayer, &T)> = Prayer::ALL.into_iter().zip(values).skip(1).collect();
    let common = times
        .iter()
        .max_by_key(|(_, v)| times.iter().filter(|(_, w)| w == v).count())
        .map(|(_, v)| *v);
    let Some(common) = common else {
        return String::new();
    };
    let exceptions: Vec<String> = times
        .iter()
        .filter(|(_, v)| *v != common)
        .map(|(p, v)| format!("{} {}", name(*p), other(v)))
        .collect();
    if exceptions.is_empty() {
        most(common)
    } else {
        format!("{} ({})", most(common), exceptions.join(", "))
    }
}
