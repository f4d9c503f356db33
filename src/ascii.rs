//! Short ASCII texts built on the stack, digit by digit: ISO dates, entity tags, request ids,
//! header fields and log members. On the request path `core::fmt` costs more than the rest
//! of such a text (callgrind, BENCHMARKS.md), and these need no padding rules beyond zeros.

use std::fmt;

/// Up to `N` bytes of ASCII text, built without allocating. A byte that is not ASCII is
/// written as `?`, and bytes past `N` are dropped, so the text is always valid ASCII.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Ascii<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Ascii<N> {
    /// An empty text.
    pub const fn new() -> Self {
        Ascii {
            bytes: [0; N],
            len: 0,
        }
    }

    /// Appends one byte (`?` in place of a byte that is not ASCII).
    pub fn push(&mut self, byte: u8) -> &mut Self {
        self.extend(&[if byte.is_ascii() { byte } else { b'?' }])
    }

    /// Appends the bytes of `text` (see [`Ascii::push`]).
    pub fn push_str(&mut self, text: &str) -> &mut Self {
        if text.is_ascii() {
            return self.extend(text.as_bytes());
        }
        for &byte in text.as_bytes() {
            self.push(byte);
        }
        self
    }

    /// Appends ASCII `bytes`, as many as there is room for.
    fn extend(&mut self, bytes: &[u8]) -> &mut Self {
        let room = self.bytes.get_mut(self.len..).unwrap_or_default();
        let count = bytes.len().min(room.len());
        if let (Some(to), Some(from)) = (room.get_mut(..count), bytes.get(..count)) {
            to.copy_from_slice(from);
            self.len += count;
        }
        self
    }

    /// Appends `value` in decimal, zero-padded to at least `width` digits.
    pub fn decimal(&mut self, value: u64, width: usize) -> &mut Self {
        self.digits::<10>(value, width)
    }

    /// Appends `value` in decimal with a `-` when negative, zero-padded to at least `width`
    /// characters sign included (as `format!("{value:0width$}")`).
    pub fn signed(&mut self, value: i64, width: usize) -> &mut Self {
        if value < 0 {
            self.push(b'-');
            self.decimal(value.unsigned_abs(), width.saturating_sub(1))
        } else {
            self.decimal(value.unsigned_abs(), width)
        }
    }

    /// Appends `value` in lowercase hexadecimal, zero-padded to at least `width` digits.
    pub fn hex(&mut self, value: u64, width: usize) -> &mut Self {
        self.digits::<16>(value, width)
    }

    /// Appends `value` in `BASE` (10 or 16), zero-padded to at least `width` digits (a
    /// constant base, so the divisions compile to multiplications and shifts).
    fn digits<const BASE: u64>(&mut self, mut value: u64, width: usize) -> &mut Self {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        const ZEROS: [u8; 20] = [b'0'; 20];
        // Written from the end; a u64 has at most 20 digits.
        let mut text = ZEROS;
        let mut start = text.len();
        for slot in text.iter_mut().rev() {
            *slot = DIGITS.get((value % BASE) as usize).copied().unwrap_or(b'0');
            value /= BASE;
            start -= 1;
            if value == 0 {
                break;
            }
        }
        let digits = text.get(start..).unwrap_or_default();
        let mut missing = width.saturating_sub(digits.len());
        while missing > 0 {
            let zeros = missing.min(ZEROS.len());
            self.extend(ZEROS.get(..zeros).unwrap_or_default());
            missing -= zeros;
        }
        self.extend(digits)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// The text's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }
}

impl<const N: usize> Default for Ascii<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> fmt::Write for Ascii<N> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push_str(text);
        Ok(())
    }
}

impl<const N: usize> fmt::Display for Ascii<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for Ascii<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// A month written `YYYY-MM` (as `format!("{year:04}-{month:02}")`), the one ISO rule of
/// both calendars' months.
pub fn iso_month(year: i64, month: u32) -> Ascii<24> {
    let mut text = Ascii::new();
    text.signed(year, 4).push(b'-').decimal(u64::from(month), 2);
    text
}

/// A date written `YYYY-MM-DD` (its month by [`iso_month`], then the zero-padded day), the
/// one ISO rule of both calendars' dates.
pub fn iso_date(year: i64, month: u32, day: u32) -> Ascii<24> {
    let mut text = iso_month(year, month);
    text.push(b'-').decimal(u64::from(day), 2);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for value in [0u64, 7, 10, 255, 65_535, 1_000_000, u64::MAX] {
            for width in [0, 1, 2, 4, 16, 21, 45] {
                let mut text = Ascii::<64>::new();
                text.decimal(value, width);
                assert_eq!(text.as_str(), format!("{value:0width$}"));
                let mut text = Ascii::<64>::new();
                text.hex(value, width);
                assert_eq!(text.as_str(), format!("{value:0width$x}"));
            }
        }
        for value in [0i64, 5, -5, -44, 1446, -12_345, i64::MIN, i64::MAX] {
            for width in [0, 3, 4, 6] {
                let mut text = Ascii::<40>::new();
                text.signed(value, width);
                assert_eq!(text.as_str(), format!("{value:0width$}"));
            }
        }
    }

    #[test]
    fn iso_dates() {
        assert_eq!(iso_date(1446, 9, 1).as_str(), "1446-09-01");
        assert_eq!(iso_date(33, 12, 31).as_str(), "0033-12-31");
        assert_eq!(iso_date(-44, 3, 15).as_str(), "-044-03-15");
        assert_eq!(iso_date(12_345, 1, 1).as_str(), "12345-01-01");
        assert_eq!(iso_month(1446, 9).as_str(), "1446-09");
    }

    #[test]
    fn always_ascii_and_never_past_its_size() {
        let mut text = Ascii::<6>::new();
        text.push_str("é-").push(b'x').decimal(123_456, 0);
        assert_eq!(text.as_str(), "??-x12");
        assert_eq!(text.as_bytes().len(), 6);
        assert_eq!(Ascii::<4>::new().as_str(), "");
    }
}
