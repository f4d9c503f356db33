//! The other calendars beside the one shown: their dates of an observance side by side,
//! and the days of the grid where another calendar starts a month or keeps an observance
//! on another day ("1 Ramadhan (Muhammadiyah)"); their hisab estimates marked as such.
//! Every name comes from the archive.

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::observance::Selection;
use hijri::schema::{ArchivedChain, Tier};
use hijri_view::answers::events::{between, Found};

use maud::{html, Markup};

use crate::html::time;
use crate::page::Page;

/// The calendars other than the one shown, in the archive's order.
pub fn chains<'r>(page: &Page<'r>) -> impl Iterator<Item = &'r ArchivedChain> + use<'r> {
    let shown = page.scope.chain;
    page.base
        .dataset
        .chains
        .iter()
        .filter(move |chain| !std::ptr::eq(*chain, shown))
}

/// True if `chain` gives `day` as a hisab estimate (outside its published table).
pub fn estimated(chain: &ArchivedChain, day: Date) -> bool {
    chain
        .to_hijri(day)
        .is_some_and(|(_, month)| chain.tier_of_day(month, day) != Tier::Published)
}

/// ` (perkiraan hisab)` after a date of `chain` that is an estimate.
pub fn estimate_tag(page: &Page, chain: &ArchivedChain, day: Date) -> Markup {
    html! {
        @if estimated(chain, day) {
            " " span class="tag" { (page.words.estimate) }
        }
    }
}

/// The days (first and last) of every calendar where one differs from the shown one's
/// `found`, each by its short name: `Kemenag: Kamis 19 Feb · Muhammadiyah: Rabu 18 Feb`.
pub fn side_by_side(page: &Page, found: &Found) -> Markup {
    let words = page.words;
    let o = found.occurrence;
    let length = i32::from(o.last_day - o.first_day);
    let theirs: Vec<(&ArchivedChain, Date)> = chains(page)
        .filter_map(|chain| {
            let (first, _) = chain.to_gregorian(HijriDate {
                year: o.month.year,
                month: o.month.month,
                day: o.first_day,
            })?;
            Some((chain, first))
        })
        .collect();
    let days = |first: Date| {
        let last = first.add_days(length);
        html! {
            (time(first, &words.short_date(first)))
            @if length > 0 {
                "–" (time(last, &words.short_date(last)))
            }
        }
    };
    html! {
        @if !theirs.iter().all(|(_, first)| *first == found.first) {
            span class="split" {
                (page.scope.chain.names.short.as_str()) ": " (days(found.first))
                @for (chain, first) in &theirs {
                    " · " (chain.names.short.as_str()) ": " (days(*first))
                    (estimate_tag(page, chain, *first))
                }
            }
        }
    }
}

/// One mark of the grid: what other calendars keep on a day where their date differs.
pub struct Mark {
    /// The day.
    pub day: Date,
    /// `1 Ramadhan · Awal Ramadan (Muhammadiyah, Umm al-Qura)`.
    pub text: String,
    /// True if the calendars' day is a hisab estimate.
    pub estimated: bool,
}

/// The marks of the days `first..=last`: on each day where another calendar's Hijri date
/// differs from the shown one's, that calendar's month start and its observances of
/// `named`; calendars with the same mark on a day are named together.
pub fn marks(page: &Page, named: Selection, first: Date, last: Date) -> Vec<Mark> {
    let words = page.words;
    let shown = page.scope.chain;
    let mut marks: Vec<Mark> = Vec::new();
    for chain in chains(page) {
        let observances = between(
            chain,
            named,
            first.max(chain.first_day()),
            last.min(chain.last_day()),
        )
        .unwrap_or_default();
        let mut day = first;
        while day <= last {
            let theirs = chain.to_hijri(day).map(|(h, _)| h);
            let differs = theirs.is_some() && theirs != shown.to_hijri(day).map(|(h, _)| h);
            if let (Some(hijri), true) = (theirs, differs) {
                let mut parts = Vec::new();
                if hijri.day == 1 {
                    parts.push(format!("1 {}", words.hijri_month(hijri.month_of_year())));
                }
                for f in observances
                    .iter()
                    .filter(|f| (f.first..=f.last()).contains(&day))
                {
                    parts.push(words.observance(f.occurrence.observance).to_owned());
                }
                if !parts.is_empty() {
                    add(
                        &mut marks,
                        day,
                        parts.join(" · "),
                        chain,
                        estimated(chain, day),
                    );
                }
            }
            day = day.add_days(1);
        }
    }
    marks.sort_by_key(|mark| mark.day);
    marks
}

/// Adds `chain`'s `label` on `day` to the marks: to the mark of the same label and kind on
/// that day, if any.
fn add(marks: &mut Vec<Mark>, day: Date, label: String, chain: &ArchivedChain, estimated: bool) {
    let name = chain.names.short.as_str();
    let open = format!("{label} (");
    match marks
        .iter_mut()
        .find(|m| m.day == day && m.estimated == estimated && m.text.starts_with(&open))
    {
        Some(mark) => {
            mark.text.pop();
            mark.text.push_str(", ");
            mark.text.push_str(name);
            mark.text.push(')');
        }
        None => marks.push(Mark {
            day,
            text: format!("{open}{name})"),
            estimated,
        }),
    }
}
