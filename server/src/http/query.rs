//! Query-string parameters read by hand from the raw query: percent-decoding (a `+` stays a
//! `+`, so `tz=UTC+7` works, except in a comma list, where it is the space forms send),
//! repeated or non-UTF-8 values detected, and the typed readers every endpoint shares (flags,
//! integers, calendars, required text, lists), each failing with the parameter's own error
//! code.

use std::borrow::Cow;

use hijri_view::Calendar;

use super::bounds::decode;
use super::error::{truncated, ApiError, ErrorCode};

/// The raw query string of a request.
#[derive(Clone, Copy, Debug)]
pub struct Query<'a>(pub &'a str);

/// One parameter as found in the query.
#[derive(Debug, PartialEq, Eq)]
pub enum Param<'a> {
    /// Not given.
    Absent,
    /// Given once, decoded.
    Value(Cow<'a, str>),
    /// Given more than once, or not valid UTF-8 once decoded.
    Malformed,
}

impl<'a> Query<'a> {
    /// The parameter `name` (names are matched exactly after decoding).
    pub fn get(&self, name: &str) -> Param<'a> {
        let mut found = Param::Absent;
        for pair in self.0.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            if !named(key, name) {
                continue;
            }
            if found != Param::Absent {
                return Param::Malformed;
            }
            found = decode(value).map_or(Param::Malformed, Param::Value);
        }
        found
    }

    /// True if the query gives `name` (once or more, valid or not).
    pub fn given(&self, name: &str) -> bool {
        self.get(name) != Param::Absent
    }

    /// A boolean flag: `true`/`false` in any case, or `1`/`0`; absent is false.
    pub fn flag(&self, name: &str, code: ErrorCode) -> Result<bool, ApiError> {
        match self.get(name) {
            Param::Absent => Ok(false),
            Param::Value(v) if v.eq_ignore_ascii_case("true") || v == "1" => Ok(true),
            Param::Value(v) if v.eq_ignore_ascii_case("false") || v == "0" => Ok(false),
            _ => Err(ApiError::new(
                code,
                format!("`{name}` must be true, false, 1 or 0"),
            )),
        }
    }

    /// A required value; absent is `missing_parameter`, repeated or non-UTF-8 is `code`.
    pub fn required(&self, name: &str, code: ErrorCode) -> Result<Cow<'a, str>, ApiError> {
        match self.get(name) {
            Param::Value(v) => Ok(v),
            Param::Absent => Err(missing(name)),
            Param::Malformed => Err(ApiError::new(
                code,
                format!("`{name}` must be given once, as text"),
            )),
        }
    }

    /// An optional value; repeated or non-UTF-8 is `code`.
    pub fn optional(&self, name: &str, code: ErrorCode) -> Result<Option<Cow<'a, str>>, ApiError> {
        match self.get(name) {
            Param::Absent => Ok(None),
            _ => self.required(name, code).map(Some),
        }
    }

    /// An optional comma list (`include`, `authorities`): a `+` is a space, as HTML forms,
    /// `URLSearchParams` and Python's `urlencode` send one (`%2B` stays a `+`); the items are
    /// trimmed and empty ones left out. Repeated or non-UTF-8 is `code`.
    pub fn list(&self, name: &str, code: ErrorCode) -> Result<Option<Vec<String>>, ApiError> {
        let Some(text) = self.optional(name, code)? else {
            return Ok(None);
        };
        // The raw value, `+` read as a space before the escapes are decoded.
        let raw = self.raw(name).unwrap_or_default().replace('+', " ");
        let text = decode(&raw).map_or_else(|| text.into_owned(), Cow::into_owned);
        Ok(Some(
            text.split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(str::to_owned)
                .collect(),
        ))
    }

    /// The undecoded value of `name` (its first occurrence).
    fn raw(&self, name: &str) -> Option<&'a str> {
        self.0
            .split('&')
            .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
            .find(|(key, _)| named(key, name))
            .map(|(_, value)| value)
    }

    /// A required integer; absent is `missing_parameter`, anything but an integer is `code`.
    pub fn integer(&self, name: &str, code: ErrorCode) -> Result<i64, ApiError> {
        let text = self.required(name, code)?;
        text.parse().map_err(|_| {
            ApiError::new(
                code,
                format!("`{name}` must be an integer, got \"{}\"", truncated(&text)),
            )
        })
    }

    /// The `calendar` parameter, `default` when absent.
    pub fn calendar(&self, default: Calendar) -> Result<Calendar, ApiError> {
        let invalid = || {
            ApiError::new(
                ErrorCode::InvalidCalendar,
                "`calendar` must be gregorian or hijri",
            )
        };
        match self.optional("calendar", ErrorCode::InvalidCalendar)? {
            None => Ok(default),
            Some(v) if v.eq_ignore_ascii_case("gregorian") => Ok(Calendar::Gregorian),
            Some(v) if v.eq_ignore_ascii_case("hijri") => Ok(Calendar::Hijri),
            Some(_) => Err(invalid()),
        }
    }
}

/// Whether the raw `key` is `name` once decoded.
fn named(key: &str, name: &str) -> bool {
    decode(key).is_some_and(|key| key == name)
}

/// 400 `missing_parameter` for a required parameter.
pub fn missing(name: &str) -> ApiError {
    ApiError::new(
        ErrorCode::MissingParameter,
        format!("required parameter `{name}` is missing"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_and_lookup() {
        let q = Query("date=2025-03-01&tz=UTC+7&x=%41%2b&bad=%FF&twice=1&twice=2&e=&flag");
        assert_eq!(q.get("date"), Param::Value("2025-03-01".into()));
        assert_eq!(q.get("tz"), Param::Value("UTC+7".into()));
        assert_eq!(q.get("x"), Param::Value("A+".into()));
        assert_eq!(q.get("bad"), Param::Malformed);
        assert_eq!(q.get("twice"), Param::Malformed);
        assert_eq!(q.get("e"), Param::Value("".into()));
        assert_eq!(q.get("flag"), Param::Value("".into()));
        assert_eq!(q.get("none"), Param::Absent);
        assert_eq!(Query("%64ate=1").get("date"), Param::Value("1".into()));
        assert_eq!(Query("d=%4").get("d"), Param::Malformed);
        assert_eq!(Query("d=%zz").get("d"), Param::Malformed);
        assert_eq!(Query("d=%+1").get("d"), Param::Malformed);
    }

    #[test]
    fn lists_read_a_plus_as_a_space() {
        let q = Query("include=extra,+asyura&authorities=kemenag%2C+ummalqura&x=a%2Bb,c");
        let list = |name| q.list(name, ErrorCode::InvalidInclude).unwrap().unwrap();
        assert_eq!(list("include"), ["extra", "asyura"]);
        assert_eq!(list("authorities"), ["kemenag", "ummalqura"]);
        assert_eq!(list("x"), ["a+b", "c"]);
        assert_eq!(q.list("none", ErrorCode::InvalidInclude), Ok(None));
        assert_eq!(
            Query("include=a&include=b")
                .list("include", ErrorCode::InvalidInclude)
                .unwrap_err()
                .code,
            ErrorCode::InvalidInclude
        );
    }

    #[test]
    fn typed_readers() {
        let q = Query("a=TRUE&b=0&c=yes&y=1446&m=x&cal=HiJri&calendar=HIJRI");
        assert_eq!(q.flag("a", ErrorCode::InvalidRetro), Ok(true));
        assert_eq!(q.flag("b", ErrorCode::InvalidRetro), Ok(false));
        assert_eq!(q.flag("z", ErrorCode::InvalidRetro), Ok(false));
        assert_eq!(
            q.flag("c", ErrorCode::InvalidNext).unwrap_err().code,
            ErrorCode::InvalidNext
        );
        assert_eq!(q.integer("y", ErrorCode::InvalidYear), Ok(1446));
        assert_eq!(
            q.integer("m", ErrorCode::InvalidMonth).unwrap_err().code,
            ErrorCode::InvalidMonth
        );
        assert_eq!(
            q.integer("n", ErrorCode::InvalidMonth).unwrap_err().code,
            ErrorCode::MissingParameter
        );
        assert_eq!(q.calendar(Calendar::Gregorian), Ok(Calendar::Hijri));
        assert_eq!(
            Query("").calendar(Calendar::Gregorian),
            Ok(Calendar::Gregorian)
        );
        assert_eq!(
            Query("calendar=julian")
                .calendar(Calendar::Hijri)
                .unwrap_err()
                .code,
            ErrorCode::InvalidCalendar
        );
        assert_eq!(
            Query("y=99999999999999999999999")
                .integer("y", ErrorCode::InvalidYear)
                .unwrap_err()
                .code,
            ErrorCode::InvalidYear
        );
    }
}
