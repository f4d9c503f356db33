//! What the page's templates share: maud's [`Markup`] (every value spliced into an `html!`
//! template is escaped by maud), a date as `<time>`, and numbers in the page's language (a
//! decimal comma in Indonesian, [`decimal`]).
//!
//! The sections not yet written as `html!` templates write into an [`Html`] buffer: markup
//! enters only as a `&'static str` literal ([`Html::raw`]), as a [`Markup`] a template made,
//! or through [`markup!`], whose `{}` values are escaped by maud's escaper (the template may
//! hold no other placeholder, checked at compile time); text ([`Html::text`]) is escaped by
//! maud's escaper.

use std::fmt::{self, Write};

use hijri::date::Date;
use maud::{html, Escaper};

pub use maud::Markup;

use crate::words::Lang;

/// A template of literal markup with `{}` for values, each escaped or kept by its
/// [`Piece`], for [`Html::template`]: `html.template(markup!("<a href=\"{}\">", link))`.
macro_rules! markup {
    ($template:literal $(, $value:expr)* $(,)?) => {{
        const _: () = assert!(
            $crate::html::positional_only($template),
            "a markup! template holds only {{}} placeholders"
        );
        $crate::html::Template(format_args!(
            $template $(, $crate::html::Put(&$value))*
        ))
    }};
}
pub(crate) use markup;

/// A template and its values, as [`markup!`] makes it (`format_args!` appears nowhere else
/// in the page: `tests/tidy.rs`).
pub struct Template<'a>(pub fmt::Arguments<'a>);

/// An HTML document being written.
pub struct Html(String);

impl Html {
    /// An empty document with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Html {
        Html(String::with_capacity(capacity))
    }

    /// Appends literal markup.
    pub fn raw(&mut self, markup: &'static str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Appends what a template made.
    pub fn markup(&mut self, markup: &Markup) -> &mut Html {
        self.0.push_str(&markup.0);
        self
    }

    /// Appends a template with its values ([`markup!`]).
    pub fn template(&mut self, template: Template) -> &mut Html {
        // Writing into a String cannot fail.
        let _ = self.0.write_fmt(template.0);
        self
    }

    /// Appends text, escaped (maud's escaper) for element content and quoted attribute
    /// values.
    pub fn text(&mut self, text: &str) -> &mut Html {
        // Writing into a String cannot fail.
        let _ = Escaper::new(&mut self.0).write_str(text);
        self
    }

    /// Appends `<time datetime="YYYY-MM-DD">` around `text`.
    pub fn time(&mut self, date: Date, text: &str) -> &mut Html {
        self.markup(&time(date, text))
    }

    /// What this buffer wrote, as a fragment for a template.
    pub fn into_markup(self) -> Markup {
        maud::PreEscaped(self.0)
    }

    /// The document's bytes.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// `text` in `<time datetime="YYYY-MM-DD">`.
pub fn time(date: Date, text: &str) -> Markup {
    html! { time datetime=(date.iso().as_str()) { (text) } }
}

/// A value a [`markup!`] template may hold: strings are escaped, numbers written as they
/// are, [`Markup`] kept.
pub trait Piece {
    /// Writes the value as markup.
    fn put(&self, out: &mut fmt::Formatter) -> fmt::Result;
}

impl Piece for str {
    fn put(&self, out: &mut fmt::Formatter) -> fmt::Result {
        let mut escaped = String::with_capacity(self.len());
        Escaper::new(&mut escaped).write_str(self)?;
        out.write_str(&escaped)
    }
}

impl Piece for String {
    fn put(&self, out: &mut fmt::Formatter) -> fmt::Result {
        self.as_str().put(out)
    }
}

impl Piece for Markup {
    fn put(&self, out: &mut fmt::Formatter) -> fmt::Result {
        out.write_str(&self.0)
    }
}

impl<T: Piece + ?Sized> Piece for &T {
    fn put(&self, out: &mut fmt::Formatter) -> fmt::Result {
        (**self).put(out)
    }
}

/// Integers need no escaping.
macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Piece for $t {
            fn put(&self, out: &mut fmt::Formatter) -> fmt::Result {
                fmt::Display::fmt(self, out)
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// A [`Piece`] as `format_args!` takes it.
pub struct Put<'a, T: ?Sized>(pub &'a T);

impl<T: Piece + ?Sized> fmt::Display for Put<'_, T> {
    fn fmt(&self, out: &mut fmt::Formatter) -> fmt::Result {
        self.0.put(out)
    }
}

/// Whether a template's only placeholders are `{}` (besides `{{` and `}}`): a named or
/// captured one (`{name}`) would take its value past [`Piece`].
pub const fn positional_only(template: &str) -> bool {
    let mut rest = template.as_bytes();
    while let [first, tail @ ..] = rest {
        rest = tail;
        if *first == b'{' {
            match rest {
                [b'{' | b'}', tail @ ..] => rest = tail,
                _ => return false,
            }
        }
    }
    true
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
    fn text_and_template_values_are_escaped_markup_is_kept() {
        let mut html = Html::with_capacity(16);
        html.text("<a href=\"x\">Sya'ban & co</a>");
        assert_eq!(
            html.into_string(),
            "&lt;a href=&quot;x&quot;&gt;Sya'ban &amp; co&lt;/a&gt;"
        );
        let fragment = html! { b { "a&b" } };
        let mut html = Html::with_capacity(16);
        let hostile = String::from("\"><script>");
        html.template(markup!(
            "<p title=\"{}\">{} {}</p>",
            hostile,
            1447u16,
            fragment
        ));
        assert_eq!(
            html.into_string(),
            "<p title=\"&quot;&gt;&lt;script&gt;\">1447 <b>a&amp;b</b></p>"
        );
    }

    #[test]
    fn only_positional_placeholders_pass() {
        assert!(positional_only("<a href=\"{}\">{{}}</a>"));
        assert!(!positional_only("<a href=\"{link}\">"));
        assert!(!positional_only("{0}"));
        assert!(!positional_only("{:02}"));
        assert!(!positional_only("tail {"));
    }

    #[test]
    fn decimals() {
        assert_eq!(decimal(2.96, Lang::Id), "2,96");
        assert_eq!(decimal(6.4, Lang::Id), "6,4");
        assert_eq!(decimal(3.0, Lang::En), "3");
        assert_eq!(decimal(-0.5, Lang::En), "-0.5");
    }
}
