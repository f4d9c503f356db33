//! The closed lists the interface names, each taken from the code or the data that defines
//! it: the OpenAPI document's enums and its list of error codes are written from here
//! (`make openapi`), and a test fails when the committed document differs.

use serde_json::Value;

use hijri::lang::Lang;
use hijri_view::error::ErrorCode;

/// A list the document states: the enum of the schema at `path` (object keys from the root).
pub struct List {
    /// Where the enum is: the keys down to the schema holding it.
    pub path: &'static [&'static str],
    /// Its values, in the code's order.
    pub values: Vec<Value>,
}

/// A sentence of a description that lists values: the text between `before` and `after` in
/// the description at `path`, written as the values in backquotes, separated by commas.
pub struct Sentence {
    /// Where the description is: the keys down to the schema holding it.
    pub path: &'static [&'static str],
    /// The text the list follows.
    pub before: &'static str,
    /// The text that follows the list.
    pub after: &'static str,
    /// Its values, in the code's order.
    pub values: Vec<&'static str>,
}

/// Each name once, in the order first met.
fn once<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Value> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    seen.into_iter().map(Value::from).collect()
}

/// The names of `things` in every language, each once.
fn in_every_language<T: Copy>(things: &[T], name: fn(T, Lang) -> &'static str) -> Vec<Value> {
    once(
        Lang::ALL
            .iter()
            .flat_map(|&lang| things.iter().map(move |&t| name(t, lang))),
    )
}

/// A schema under `components/schemas`.
macro_rules! schema {
    ($($key:literal),+) => {
        &["components", "schemas", $($key),+]
    };
}

/// Every list the document states, each from where the code defines it.
pub fn lists() -> Vec<List> {
    use hijri::{chinese, fasting, hijri as months, holiday, javanese, observance, pasaran};
    use hijri::{prayer, registry, weekday};
    let calendars = registry::all(0);
    let mut sources: Vec<&str> = Vec::new();
    for calendar in &calendars {
        let s = &calendar.sources;
        sources.extend([&s.published, &s.computed, &s.retro].map(String::as_str));
    }
    let list = |path, values| List { path, values };
    vec![
        list(
            schema!("Authority"),
            once(calendars.iter().map(|c| c.id.as_str())),
        ),
        list(
            schema!("EveningAuthority"),
            once(
                calendars
                    .iter()
                    .filter(|c| c.rules.iter().any(|span| span.rule.has_evening()))
                    .map(|c| c.id.as_str()),
            ),
        ),
        list(schema!("Source"), once(sources.iter().copied())),
        list(
            schema!("PrayerMethodId"),
            once(prayer::Method::ALL.iter().map(|m| m.id)),
        ),
        list(
            schema!("Rounding"),
            once(
                [
                    prayer::Rounding::Up,
                    prayer::Rounding::Down,
                    prayer::Rounding::Nearest,
                ]
                .map(prayer::Rounding::name),
            ),
        ),
        list(
            schema!("PrayerAt", "properties", "name"),
            once(hijri_view::answers::prayer::PRAYERS.map(prayer::Prayer::name)),
        ),
        list(
            schema!("CalendarSystem"),
            once(hijri_view::Calendar::ALL.map(hijri_view::Calendar::name)),
        ),
        list(
            schema!("Weekday"),
            in_every_language(&weekday::ALL, weekday::Weekday::name_in),
        ),
        list(
            schema!("MonthName"),
            once(
                [
                    months::MONTH_NAMES,
                    months::MONTH_NAMES_EN,
                    months::MONTH_NAMES_AR,
                ]
                .concat(),
            ),
        ),
        list(
            schema!("Pasaran"),
            once(pasaran::ALL.map(pasaran::Pasaran::name)),
        ),
        list(
            schema!("JavaneseDate", "properties", "month"),
            once(javanese::MONTHS.map(javanese::JavaneseMonth::name)),
        ),
        list(
            schema!("JavaneseDate", "properties", "windu_year"),
            once(javanese::WINDU.map(javanese::WinduYear::name)),
        ),
        list(
            schema!("JavaneseDate", "properties", "kurup"),
            once(javanese::Kurup::ALL.map(javanese::Kurup::name)),
        ),
        list(
            schema!("ChineseDate", "properties", "shio"),
            once([chinese::SHIO, chinese::SHIO_EN, chinese::SHIO_AR].concat()),
        ),
        list(
            schema!("ChineseDate", "properties", "element"),
            once(
                [
                    chinese::ELEMENTS,
                    chinese::ELEMENTS_EN,
                    chinese::ELEMENTS_AR,
                ]
                .concat(),
            ),
        ),
        list(
            schema!("HolidaySlug"),
            once(holiday::HOLIDAYS.iter().map(|h| h.slug)),
        ),
        list(
            schema!("HolidayKind"),
            once(hijri::schema::DayKind::ALL.map(hijri::schema::DayKind::name)),
        ),
        list(
            schema!("HolidaysResponse", "properties", "status"),
            once(holiday::Standing::ALL.map(holiday::Standing::name)),
        ),
        list(
            schema!("DayStatus"),
            once([false, true].map(holiday::Standing::of_day)),
        ),
        list(
            schema!("ObservanceEvent"),
            once(observance::OBSERVANCES.iter().map(|o| o.slug)),
        ),
        list(
            schema!("FastingKind"),
            once(fasting::KINDS.iter().map(|k| k.id)),
        ),
        list(
            schema!("FastingForbidden"),
            once(fasting::FORBIDDEN.iter().map(fasting::Forbidden::id)),
        ),
        list(
            schema!("EclipseKind"),
            once(
                hijri_view::answers::eclipses::Kind::NAMED
                    .iter()
                    .filter_map(|k| k.name()),
            ),
        ),
    ]
}

/// Every list sentence of the document's descriptions.
pub fn sentences() -> Vec<Sentence> {
    vec![Sentence {
        path: schema!("ErrorCode"),
        before: "Known codes: ",
        after: ". More codes",
        values: ErrorCode::ALL.iter().map(|c| c.as_str()).collect(),
    }]
}

/// A list sentence's words: each value in backquotes, separated by commas.
pub fn listed(values: &[&str]) -> String {
    let quoted: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
    quoted.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_name_in_two_languages_is_listed_once() {
        assert_eq!(
            once(["Rajab", "Safar", "Rajab"]),
            vec![json!("Rajab"), json!("Safar")]
        );
        let listed = lists();
        let months = listed
            .iter()
            .find(|l| l.path.ends_with(&["MonthName"]))
            .unwrap();
        assert_eq!(
            months.values.len(),
            12 + 9 + 12,
            "Muharram, Safar and Rajab are spelt alike in English"
        );
    }
}
