//! Every query parameter bounded before any work: the route table names each route's
//! parameters ([`Bound`]: a name, a maximum length in characters, a grammar and the error
//! code of the parameter), and [`check`] reads the raw query once against them before the
//! handler runs. A value over its length, outside its grammar, given twice or badly
//! percent-encoded is a 400 with the parameter's own code and a message naming it; a
//! parameter no route reads may be given (a cache-buster, a tracking tag) but is bounded
//! too, and so are the number of parameters and the whole query. What passes costs a
//! handler at most [`QUERY_MAX`] bytes of reading, whatever it does with them.

use std::borrow::Cow;

use super::error::{truncated, ApiError, ErrorCode};

/// The longest query string read, in bytes.
pub const QUERY_MAX: usize = 4096;

/// The most parameters one query may give.
pub const PAIRS_MAX: usize = 32;

/// The longest value of a parameter no route reads, in bytes (raw).
pub const UNDECLARED_MAX: usize = 256;

/// The longest parameter name, in bytes (raw).
pub const NAME_MAX: usize = 32;

/// The characters a parameter's value may hold (after percent-decoding; control characters
/// never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grammar {
    /// ASCII letters, digits and `+ - . , : / _` and the space (numbers, dates, identifiers,
    /// zones, comma lists).
    Token,
    /// A place as people write it: letters and marks of any script, digits, the space and
    /// `. , ' - ( ) /`.
    Name,
}

impl Grammar {
    /// Whether `c` may stand in a value of this grammar.
    fn allows(self, c: char) -> bool {
        match self {
            Grammar::Token => c.is_ascii_alphanumeric() || " +-.,:/_".contains(c),
            Grammar::Name => c.is_alphanumeric() || is_mark(c) || " .,'-()/".contains(c),
        }
    }

    /// The grammar in words, for the error message.
    fn words(self) -> &'static str {
        match self {
            Grammar::Token => "ASCII letters, digits and + - . , : / _",
            Grammar::Name => "letters, digits, spaces and . , ' - ( ) /",
        }
    }
}

/// A combining mark (accents written apart from their letter), which names may carry.
fn is_mark(c: char) -> bool {
    matches!(u32::from(c), 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF)
}

/// One parameter of a route: its name, its longest value in characters, its grammar and
/// the code of its errors.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// The name, as the query gives it.
    pub name: &'static str,
    /// The longest value, in characters.
    pub max: usize,
    /// What the value may hold.
    pub grammar: Grammar,
    /// The code its errors are answered with.
    pub code: ErrorCode,
}

impl Bound {
    /// A [`Grammar::Token`] parameter.
    pub const fn token(name: &'static str, max: usize, code: ErrorCode) -> Bound {
        Bound {
            name,
            max,
            grammar: Grammar::Token,
            code,
        }
    }

    /// A [`Grammar::Name`] parameter.
    pub const fn name(name: &'static str, max: usize, code: ErrorCode) -> Bound {
        Bound {
            name,
            max,
            grammar: Grammar::Name,
            code,
        }
    }

    fn refuse(&self, why: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError::new(self.code, why)
    }
}

/// Checks the raw `query` against a route's `bounds`, before the handler reads it.
pub fn check(query: &str, bounds: &[Bound]) -> Result<(), ApiError> {
    if query.len() > QUERY_MAX {
        return Err(longest(query, bounds));
    }
    let mut seen = [false; 32];
    let mut pairs = 0;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        pairs += 1;
        if pairs > PAIRS_MAX {
            return Err(ApiError::new(
                ErrorCode::InvalidParameter,
                format!("a query gives at most {PAIRS_MAX} parameters"),
            ));
        }
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = name(key)?;
        // A name that does not decode is no parameter a route reads.
        let declared =
            name.and_then(|name| bounds.iter().enumerate().find(|(_, b)| b.name == name));
        let Some((index, bound)) = declared else {
            if value.len() > UNDECLARED_MAX {
                return Err(ApiError::new(
                    ErrorCode::InvalidParameter,
                    format!(
                        "`{}` is read by no endpoint here and may be at most {UNDECLARED_MAX} \
                         bytes",
                        truncated(key)
                    ),
                ));
            }
            continue;
        };
        if let Some(seen) = seen.get_mut(index) {
            if *seen {
                return Err(bound.refuse(format!("`{}` must be given once, as text", bound.name)));
            }
            *seen = true;
        }
        value_of(bound, value)?;
    }
    Ok(())
}

/// A parameter's decoded name (`None` if it does not decode), itself bounded.
fn name(key: &str) -> Result<Option<Cow<'_, str>>, ApiError> {
    if key.len() > NAME_MAX {
        return Err(ApiError::new(
            ErrorCode::InvalidParameter,
            format!("a parameter name is at most {NAME_MAX} bytes"),
        ));
    }
    Ok(decode(key))
}

/// Checks one value of `bound`: raw length, decoding, length in characters, grammar.
fn value_of(bound: &Bound, raw: &str) -> Result<(), ApiError> {
    let too_long = || {
        bound.refuse(format!(
            "`{}` must be at most {} characters",
            bound.name, bound.max
        ))
    };
    // A character is at most 4 bytes of UTF-8, each written as `%XX`.
    if raw.len() > bound.max.saturating_mul(12) {
        return Err(too_long());
    }
    let value = decode(raw).ok_or_else(|| {
        bound.refuse(format!(
            "`{}` must be given once, as text (percent-encoded UTF-8)",
            bound.name
        ))
    })?;
    if value.chars().count() > bound.max {
        return Err(too_long());
    }
    // A `+` is the space forms send (comma lists read it so).
    if let Some(c) = value
        .chars()
        .find(|&c| c != '+' && !bound.grammar.allows(c))
    {
        return Err(bound.refuse(format!(
            "`{}` may hold only {}; got {}",
            bound.name,
            bound.grammar.words(),
            c.escape_unicode()
        )));
    }
    Ok(())
}

/// The error for a query over [`QUERY_MAX`]: the longest parameter named, with its own
/// code when a route reads it.
fn longest(query: &str, bounds: &[Bound]) -> ApiError {
    let pair = query
        .split('&')
        .max_by_key(|pair| pair.len())
        .unwrap_or_default();
    let key = pair.split_once('=').map_or(pair, |(key, _)| key);
    let key = truncated(key.get(..NAME_MAX.min(key.len())).unwrap_or(key));
    let message = format!("a query is at most {QUERY_MAX} bytes; `{key}` is the longest part");
    match bounds.iter().find(|b| b.name == key) {
        Some(bound) => bound.refuse(message),
        None => ApiError::new(ErrorCode::InvalidParameter, message),
    }
}

/// A percent-decoded value; `None` for a malformed escape or bytes that are not UTF-8.
pub fn decode(text: &str) -> Option<Cow<'_, str>> {
    if !text.contains('%') {
        return Some(Cow::Borrowed(text));
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            if !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok().map(Cow::Owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLACE: Bound = Bound::name("place", 8, ErrorCode::InvalidPlace);
    const YEAR: Bound = Bound::token("year", 6, ErrorCode::InvalidYear);

    fn code(query: &str) -> Option<&'static str> {
        check(query, &[PLACE, YEAR]).err().map(|e| e.code.as_str())
    }

    #[test]
    fn values_are_bounded_by_length_grammar_and_count() {
        assert_eq!(code("place=Solo&year=2026&utm_source=x"), None);
        assert_eq!(code("place=Bantul%20&year=-12"), None);
        assert_eq!(code("place=Kab+Tuba"), None);
        assert_eq!(code("place=Pidië"), None);
        assert_eq!(code("place=123456789"), Some("invalid_place"));
        assert_eq!(code("place=a&place=b"), Some("invalid_place"));
        assert_eq!(code("place=%ZZ"), Some("invalid_place"));
        assert_eq!(code("%FF=1&x"), None);
        assert_eq!(code("place=%FF"), Some("invalid_place"));
        assert_eq!(code("place=a%0D%0Ab"), Some("invalid_place"));
        assert_eq!(code("year=20%F0%9F%92%A3"), Some("invalid_year"));
        assert_eq!(code("year=2026%3Cx"), Some("invalid_year"));
        let long = format!("x={}", "a".repeat(UNDECLARED_MAX + 1));
        assert_eq!(code(&long), Some("invalid_parameter"));
        let many = vec!["a=1"; PAIRS_MAX + 1].join("&");
        assert_eq!(code(&many), Some("invalid_parameter"));
        let huge = format!("year={}", "1".repeat(QUERY_MAX));
        assert_eq!(code(&huge), Some("invalid_year"));
        let named = check(&huge, &[YEAR]).unwrap_err();
        assert!(named.message.contains("`year`"), "{}", named.message);
    }

    #[test]
    fn decoding() {
        assert_eq!(decode("a%41%2b").as_deref(), Some("aA+"));
        assert_eq!(decode("%4"), None);
        assert_eq!(decode("%+1"), None);
        assert_eq!(decode("%C3%A9").as_deref(), Some("é"));
    }
}
