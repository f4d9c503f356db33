//! The languages a name is given in (`lang=id|en|ar`): Indonesian, the contract's names and
//! the default; English; Arabic, in Arabic script. Each name is written once, beside its
//! Indonesian form where its thing is defined (the Hijri months in [`crate::hijri`], the
//! weekdays in [`crate::weekday`], the observances in [`crate::observance`], the holidays in
//! [`crate::holiday`]); this module only picks one of them.

/// A language of names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Bahasa Indonesia (the contract's names; the default).
    #[default]
    Id,
    /// English.
    En,
    /// Arabic, in Arabic script.
    Ar,
}

impl Lang {
    /// Every language, the default first.
    pub const ALL: [Lang; 3] = [Lang::Id, Lang::En, Lang::Ar];

    /// The BCP 47 tag, as the `lang` parameter spells it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Id => "id",
            Lang::En => "en",
            Lang::Ar => "ar",
        }
    }

    /// The language a `lang` value names (any letter case).
    pub fn parse(text: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.tag().eq_ignore_ascii_case(text))
    }

    /// The name in this language of `(Indonesian, English, Arabic)`; a thing without a
    /// usual Arabic name (`None`) keeps its Indonesian one in Arabic.
    pub fn pick(
        self,
        (id, en, ar): (&'static str, &'static str, Option<&'static str>),
    ) -> &'static str {
        match self {
            Lang::Id => id,
            Lang::En => en,
            Lang::Ar => ar.unwrap_or(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_read_back_in_any_case() {
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.tag()), Some(lang));
            assert_eq!(Lang::parse(&lang.tag().to_uppercase()), Some(lang));
        }
        assert_eq!(Lang::parse("xx"), None);
        assert_eq!(Lang::parse(""), None);
        assert_eq!(Lang::default(), Lang::Id);
        assert_eq!(Lang::Ar.pick(("Nyepi", "Day of Silence", None)), "Nyepi");
    }
}
