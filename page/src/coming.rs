//! The coming observances of the calendar shown: every national-holiday observance and the
//! first of Ramadan, from today on, in date order, ranges as ranges, with the days left and
//! the days off around each (national holiday, cuti bersama, decreed or predicted); where
//! another calendar gives another day, the days side by side.

use hijri::observance::Selection;
use hijri::schema::Tier;
use hijri_view::answers::events::between;

use maud::{html, Markup};

use crate::html::{days_left, time};
use crate::page::Page;
use crate::{off, others};

/// How many observances are listed.
const LISTED: usize = 6;
/// How far ahead they are looked for (days): a Hijri year and a little more.
const AHEAD: i32 = 400;

/// The coming observances section.
pub fn section(page: &Page) -> Markup {
    let chain = page.scope.chain;
    let words = page.words;
    let today = page.today;
    let last = today.add_days(AHEAD).min(chain.last_day());
    let mut found = between(chain, Selection::HOLIDAYS, today, last).unwrap_or_default();
    found.sort_by_key(|f| f.first);
    found.truncate(LISTED);
    let (Some(first), Some(last)) = (found.first(), found.last()) else {
        return html! {};
    };
    let offs = off::around(page, first.first, last.last());
    html! {
        section id="coming" aria-labelledby="coming-title" {
            "\n" h2 id="coming-title" { (words.coming) }
            "\n"
            ol class="coming" {
                "\n"
                @for f in &found {
                    li {
                        span class="name" { (words.observance(f.occurrence.observance)) }
                        " " (time(f.first, &words.long_date(f.first)))
                        @if f.last() != f.first {
                            " – " (time(f.last(), &words.long_date(f.last())))
                        }
                        " " span class="left" { (days_left(words, f.first.0 - today.0)) }
                        @if f.tier != Tier::Published {
                            " " span class="tag" { (words.estimate) }
                        }
                        (off::beside(page, &off::of_observance(&offs, f)))
                        (others::side_by_side(page, f))
                    }
                    "\n"
                }
            }
            "\n"
        }
        "\n"
    }
}
