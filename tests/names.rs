//! The names of months and weekdays in English and Arabic are CLDR's
//! (`data/reference/names/cldr.tsv`, read through ICU), the Indonesian ones the contract's,
//! and every observance and holiday is named in each language (Arabic in Arabic script).

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test code may panic: a panic fails the test"
)]

use hijri::hijri::{HijriMonth, MONTH_NAMES};
use hijri::holiday::HOLIDAYS;
use hijri::lang::Lang;
use hijri::observance::OBSERVANCES;
use hijri::weekday::Weekday;

/// The reference rows of `kind`: number, English, Arabic.
fn cldr(kind: &str) -> Vec<(u8, String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/reference/names/cldr.tsv"
    ))
    .unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|fields| fields[0] == kind)
        .map(|f| (f[1].parse().unwrap(), f[2].to_owned(), f[3].to_owned()))
        .collect()
}

#[test]
fn months_are_named_as_cldr_names_them() {
    let rows = cldr("month");
    assert_eq!(rows.len(), 12);
    for (month, en, ar) in rows {
        let month = HijriMonth { year: 1447, month };
        assert_eq!(month.name_in(Lang::En), en);
        assert_eq!(month.name_in(Lang::Ar), ar);
        assert_eq!(month.name_in(Lang::Id), month.name());
    }
    assert_eq!(MONTH_NAMES[8], "Ramadhan");
}

#[test]
fn weekdays_are_named_as_cldr_names_them() {
    let rows = cldr("weekday");
    assert_eq!(rows.len(), 7);
    for (n, en, ar) in rows {
        let weekday = Weekday::from_days_since_sunday(n);
        assert_eq!(weekday.name_in(Lang::En), en);
        assert_eq!(weekday.name_in(Lang::Ar), ar);
        assert_eq!(weekday.name_in(Lang::Id), weekday.name());
    }
}

/// True if `text` is written in Arabic letters (and spaces, the colon).
fn arabic(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| matches!(c, '\u{0600}'..='\u{06FF}' | ' ' | ':'))
}

#[test]
fn observances_and_holidays_have_their_usual_names() {
    for o in &OBSERVANCES {
        assert!(arabic(o.name_in(Lang::Ar)), "{}", o.slug);
        assert_eq!(o.name_in(Lang::En), o.name_en);
        assert_eq!(o.name_in(Lang::Id), o.name);
    }
    let ar = |slug: &str| {
        let found = OBSERVANCES.iter().find(|o| o.slug == slug).unwrap();
        found.name_in(Lang::Ar)
    };
    assert_eq!(ar("idul_fitri"), "عيد الفطر");
    assert_eq!(ar("idul_adha"), "عيد الأضحى");
    assert_eq!(ar("1_muharram"), "رأس السنة الهجرية");
    assert_eq!(ar("maulid_nabi"), "المولد النبوي");
    assert_eq!(ar("isra_miraj"), "الإسراء والمعراج");
    assert_eq!(ar("arafah"), "يوم عرفة");
    for h in &HOLIDAYS {
        match h.name_ar {
            Some(name) => assert!(arabic(name), "{}", h.slug),
            None => assert_eq!(h.name_in(Lang::Ar), h.name, "{}", h.slug),
        }
        // An Islamic holiday is named in Arabic as the observance it honours.
        if let (Some(slug), Some(name)) = (h.observance, h.name_ar) {
            assert_eq!(name, ar(slug), "{}", h.slug);
        }
    }
    let without: Vec<&str> = HOLIDAYS
        .iter()
        .filter(|h| h.name_ar.is_none())
        .map(|h| h.slug)
        .collect();
    assert_eq!(
        without,
        [
            "nyepi",
            "waisak",
            "hari_lahir_pancasila",
            "pemilu",
            "pilkada"
        ]
    );
}
