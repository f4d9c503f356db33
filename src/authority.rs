//! The calendars the archive serves, as facts: for each authority its identifier, name, the
//! `source` names of its tiers, its rules by month range with their warning texts, and where
//! its published dates come from. The generator makes a chain of months from each
//! ([`Authority::chain`]); nothing else states these facts.
//!
//! The texts are written here from each rule's numbers, so a warning names the calendar and
//! its rule, and the archive carries them ([`crate::schema::RuleTexts`]).

use crate::fixed::Decimal;
use crate::schema::{
    Chain, ChainTexts, Criterion, Divergence, Month, Rule, RuleSpan, RuleTexts, Sources, Table,
};

/// A calendar before its months: everything [`Chain`] holds but the table, the months and
/// the corrections.
#[derive(Clone, Debug, PartialEq)]
pub struct Authority {
    /// Identifier, the value of the `authority` parameter.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The `source` value of each tier.
    pub sources: Sources,
    /// The rules by month range.
    pub rules: Vec<RuleSpan>,
    /// The warning texts that do not depend on a month's rule.
    pub texts: ChainTexts,
    /// Where its published dates and its rules come from, one line each.
    pub provenance: Vec<String>,
}

impl Authority {
    /// The chain of this calendar with its published `table`, its `months` and its
    /// `divergences` (newest first).
    pub fn chain(self, table: Table, months: Vec<Month>, divergences: Vec<Divergence>) -> Chain {
        Chain {
            id: self.id,
            name: self.name,
            sources: self.sources,
            rules: self.rules,
            table,
            months,
            divergences,
            texts: self.texts,
            provenance: self.provenance,
        }
    }
}

/// The identifier of the default calendar.
pub const DEFAULT: &str = "kemenag";

/// The government's calendar (Kementerian Agama): the sidang isbat's dates, and Neo-MABIMS at
/// `sites` observation sites for every month outside them. Its `source` values are the
/// contract's (`regional`, `regional-computed`, `regional-retro`).
pub fn kemenag(sites: usize) -> Authority {
    let criterion = Criterion::neo_mabims();
    let limits = criterion.limits;
    let texts = RuleTexts {
        computed: format!(
            "Dates after the official table are computed with the visibility criteria \
             (altitude >= {} deg, elongation >= {} deg at one of {sites} sites); they may \
             differ by one day from official announcements.",
            Decimal(limits.min_moon_alt),
            Decimal(limits.min_elongation),
        ),
        retro: "Dates before the official table are computed retroactively with the same \
                criteria; they are not official and may differ by one day from historical \
                announcements."
            .into(),
        borderline: format!(
            "The evening that decided this month's start met the criteria by less than {} \
             deg; the announced date may shift by one day.",
            Decimal(limits.borderline),
        ),
    };
    Authority {
        id: DEFAULT.into(),
        name: "Kementerian Agama RI (pemerintah)".into(),
        sources: Sources {
            published: "regional".into(),
            computed: "regional-computed".into(),
            retro: "regional-retro".into(),
        },
        rules: vec![RuleSpan {
            first: None,
            last: None,
            rule: Rule::Sites(criterion),
            texts,
        }],
        texts: ChainTexts {
            divergence: "This month's dates were corrected after publication; see divergences \
                         in /api/v1/meta."
                .into(),
            before_table: "the official table".into(),
        },
        provenance: vec![
            "Kementerian Agama RI: month starts set by the sidang isbat, curated in \
             data/official/months.csv"
                .into(),
            "Neo-MABIMS (revised MABIMS criterion, in force since 1443 H): MABIMS ministers' \
             agreement of 2021, applied by Kementerian Agama since 2022"
                .into(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_government_texts_state_the_criterion() {
        let kemenag = kemenag(25);
        let texts = &kemenag.rules[0].texts;
        assert_eq!(
            texts.computed,
            "Dates after the official table are computed with the visibility criteria \
             (altitude >= 3.0 deg, elongation >= 6.4 deg at one of 25 sites); they may differ \
             by one day from official announcements."
        );
        assert_eq!(
            texts.borderline,
            "The evening that decided this month's start met the criteria by less than 0.25 \
             deg; the announced date may shift by one day."
        );
        assert!(texts.retro.starts_with("Dates before the official table"));
        assert_eq!(kemenag.sources.published, "regional");
        assert_eq!(kemenag.sources.computed, "regional-computed");
        assert_eq!(kemenag.sources.retro, "regional-retro");
    }
}
