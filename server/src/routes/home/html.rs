//! The page's text buffer: markup written as it is, text escaped, numbers written in the
//! page's language (a decimal comma in Indonesian).

use std::fmt::{self, Write};

use hijri::date::Date;

use super::words::Lang;

/// An HTML document being written.
pub struct Html(String);

impl Html {
    /// An empty document with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Html {
        Html(String::with_capacity(capacity))
    }

    /// Appends markup as it is.
    pub fn raw(&mut self, markup: &str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Appends formatted markup as it is (the values must need no escaping: numbers, ISO
    /// dates, fixed words).
    pub fn fmt(&mut self, args: fmt::Arguments) -> &mut Html {
        // Writing into a String cannot fail.
        let _ = self.0.write_fmt(args);
        self
    }

    /// Appends text, escaped for element content and quoted attribute values.
    pub fn text(&mut self, text: &str) -> &mut Html {
        for c in text.chars() {
            match c {
                '&' => self.0.push_str("&amp;"),
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '"' => self.0.push_str("&quot;"),
                '\'' => self.0.push_str("&#39;"),
                _ => self.0.push(c),
            }
        }
        self
    }

    /// Appends `<time datetime="YYYY-MM-DD">` around `text`.
    pub fn time(&mut self, date: Date, text: &str) -> &mut Html {
        self.fmt(format_args!("<time datetime=\"{}\">", date.iso().as_str()))
            .text(text)
            .raw("</time>")
    }

    /// The document's bytes.
    pub fn into_string(self) -> String {
        self.0
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_decimals() {
        let mut html = Html::with_capacity(16);
        html.text("<a href=\"x\">Sya'ban & co</a>");
        assert_eq!(
            html.into_string(),
            "&lt;a href=&quot;x&quot;&gt;Sya&#39;ban &amp; co&lt;/a&gt;"
        );
        assert_eq!(decimal(2.96, Lang::Id), "2,96");
        assert_eq!(decimal(6.4, Lang::Id), "6,4");
        assert_eq!(decimal(3.0, Lang::En), "3");
        assert_eq!(decimal(-0.5, Lang::En), "-0.5");
    }
}
