//! Look-ups over the archived calendars: a chain by its identifier, Gregorian day ↔ Hijri
//! date and months by number in a chain, the rule of a month, cards and stored answers. What
//! a rule itself states is in [`crate::rules`].
//!
//! Every look-up is a binary search or an index computation over the archived months; none
//! allocates.

use crate::date::Date;
use crate::hijri::{HijriDate, HijriMonth};
use crate::schema::{
    ArchivedCard, ArchivedCardKind, ArchivedChain, ArchivedDataset, ArchivedHijriMonth,
    ArchivedMonth, ArchivedRuleSpan, ArchivedStoredAnswer, CardKind, Chain, RuleSpan, Sources,
    Tier,
};
use crate::span;

impl ArchivedMonth {
    /// The month's Hijri year and number.
    pub fn hijri_month(&self) -> HijriMonth {
        self.hijri.get()
    }

    /// Gregorian date of day 1.
    pub fn start(&self) -> Date {
        Date(self.start.to_native())
    }

    /// Gregorian date of the last day.
    pub fn last(&self) -> Date {
        self.start().add_days(i32::from(self.length) - 1)
    }

    /// Where the month's start comes from.
    pub fn tier(&self) -> Tier {
        self.tier.get()
    }
}

/// The tier of a single day in a month of tier `month_tier`. A day after the table's
/// coverage is computed even inside the table's last month, whose length is not published.
pub fn day_tier(month_tier: Tier, day: Date, coverage_last: Date) -> Tier {
    if month_tier == Tier::Published && day > coverage_last {
        Tier::Computed
    } else {
        month_tier
    }
}

impl ArchivedCard {
    /// The card's place in the order of the cards: chain, month, kind, bare.
    pub fn order(&self) -> (u8, HijriMonth, CardKind, bool) {
        let kind = match self.kind {
            ArchivedCardKind::Viz => CardKind::Viz,
            ArchivedCardKind::Map => CardKind::Map,
        };
        (self.chain, self.month.get(), kind, self.bare)
    }
}

/// True if `month` lies in the span from `first` to `last` (an open end reaches every month).
fn in_span(first: Option<HijriMonth>, last: Option<HijriMonth>, month: HijriMonth) -> bool {
    first.is_none_or(|first| first <= month) && last.is_none_or(|last| month <= last)
}

impl ArchivedRuleSpan {
    /// True if the rule is in force for `month`.
    pub fn covers(&self, month: HijriMonth) -> bool {
        in_span(self.first_month(), self.last_month(), month)
    }

    /// The first month under the rule; `None` from the chain's first month.
    pub fn first_month(&self) -> Option<HijriMonth> {
        self.first.as_ref().map(ArchivedHijriMonth::get)
    }

    /// The last month under the rule; `None` to the chain's last month.
    pub fn last_month(&self) -> Option<HijriMonth> {
        self.last.as_ref().map(ArchivedHijriMonth::get)
    }
}

impl RuleSpan {
    /// True if the rule is in force for `month` (as [`ArchivedRuleSpan::covers`]).
    pub fn covers(&self, month: HijriMonth) -> bool {
        in_span(self.first, self.last, month)
    }
}

impl Chain {
    /// The rule in force for `month`, if a rule span covers it (as [`ArchivedChain::rule_for`]).
    pub fn rule_for(&self, month: HijriMonth) -> Option<&RuleSpan> {
        self.rules.iter().find(|span| span.covers(month))
    }
}

impl ArchivedDataset {
    /// The default chain (the first; `validate` guarantees there is one).
    pub fn default_chain(&self) -> Option<&ArchivedChain> {
        self.chains.first()
    }

    /// The chain whose identifier is `id`, compared without regard to ASCII case.
    pub fn chain(&self, id: &str) -> Option<&ArchivedChain> {
        self.chains.iter().find(|c| c.id.eq_ignore_ascii_case(id))
    }

    /// The index in [`ArchivedDataset::chains`] of `chain` (a chain of this dataset).
    pub fn chain_index(&self, chain: &ArchivedChain) -> Option<u8> {
        let index = self.chains.iter().position(|c| std::ptr::eq(c, chain))?;
        u8::try_from(index).ok()
    }

    /// The card of the chain at index `chain` for a month, kind and variant (cards are
    /// sorted by [`ArchivedCard::order`]).
    pub fn card(
        &self,
        chain: u8,
        month: HijriMonth,
        kind: CardKind,
        bare: bool,
    ) -> Option<&ArchivedCard> {
        let key = (chain, month, kind, bare);
        let index = self.cards.binary_search_by(|c| c.order().cmp(&key)).ok()?;
        self.cards.get(index)
    }

    /// The stored answer under `key` (binary search over the sorted keys, no allocation).
    pub fn stored_answer(&self, key: &str) -> Option<&ArchivedStoredAnswer> {
        let index = self
            .bodies
            .binary_search_by(|b| b.key.as_str().cmp(key))
            .ok()?;
        let answer = self.bodies.get(index)?.answer.to_native();
        self.answers.get(usize::try_from(answer).ok()?)
    }

    /// Hijri years `[min, max]` of the pre-rendered cards.
    pub fn card_years(&self) -> [u16; 2] {
        self.card_years.map(|y| y.to_native())
    }
}

impl Sources {
    /// The `source` value of `tier`.
    pub fn of(&self, tier: Tier) -> &str {
        match tier {
            Tier::Published => &self.published,
            Tier::Computed => &self.computed,
            Tier::Retro => &self.retro,
        }
    }
}

impl ArchivedChain {
    /// The `source` value of a tier in this chain (as [`Sources::of`]).
    pub fn source(&self, tier: Tier) -> &str {
        match tier {
            Tier::Published => &self.sources.published,
            Tier::Computed => &self.sources.computed,
            Tier::Retro => &self.sources.retro,
        }
    }

    /// The rule in force for `month`, if a rule span covers it.
    pub fn rule_for(&self, month: HijriMonth) -> Option<&ArchivedRuleSpan> {
        self.rules.iter().find(|span| span.covers(month))
    }

    /// The tier of `day`, which lies in the archived month `month` (see [`day_tier`]).
    pub fn tier_of_day(&self, month: &ArchivedMonth, day: Date) -> Tier {
        match self.coverage() {
            Some((_, last)) => day_tier(month.tier(), day, last),
            None => month.tier(),
        }
    }

    /// First day in the chain (day 1 of its first month).
    pub fn first_day(&self) -> Date {
        self.months.first().map_or(Date(0), ArchivedMonth::start)
    }

    /// Last day in the chain (last day of its last month).
    pub fn last_day(&self) -> Date {
        self.months.last().map_or(Date(-1), ArchivedMonth::last)
    }

    /// The chain's served days: its days inside the served span ([`crate::span`]); `None` if
    /// it has none.
    pub fn served_days(&self) -> Option<(Date, Date)> {
        let first = self.first_day().max(span::FIRST);
        let last = self.last_day().min(span::LAST);
        (first <= last).then_some((first, last))
    }

    /// The Gregorian years served whole: every day of them is served (an empty range, its
    /// first year after its last, when none is).
    pub fn gregorian_years(&self) -> (i32, i32) {
        let Some((first, last)) = self.served_days() else {
            return (1, 0);
        };
        let ((y0, m0, d0), (y1, m1, d1)) = (first.ymd(), last.ymd());
        (
            y0 + i32::from((m0, d0) != (1, 1)),
            y1 - i32::from((m1, d1) != (12, 31)),
        )
    }

    /// The Gregorian years with a served day: the years a `year` parameter may name.
    pub fn gregorian_years_with_days(&self) -> (i32, i32) {
        self.served_days()
            .map_or((1, 0), |(first, last)| (first.ymd().0, last.ymd().0))
    }

    /// The months with a served day: the first and the last of them (partly served at the
    /// span's ends).
    fn served_months(&self) -> Option<(&ArchivedMonth, &ArchivedMonth)> {
        let (first, last) = self.served_days()?;
        let month = |day| self.months.get(self.month_index_of(day)?);
        Some((month(first)?, month(last)?))
    }

    /// The Hijri years served whole: every day of their twelve months is served.
    pub fn hijri_years(&self) -> (u16, u16) {
        let (Some((head, tail)), Some((first, last))) = (self.served_months(), self.served_days())
        else {
            return (1, 0);
        };
        // A month only partly served starts the years after it (or ends those before it).
        let HijriMonth {
            year: year0,
            month: month0,
        } = head.hijri_month();
        let HijriMonth {
            year: year1,
            month: month1,
        } = tail.hijri_month();
        let skip_head = head.start() < first || month0 != 1;
        let skip_tail = tail.last() > last || month1 != 12;
        (
            year0 + u16::from(skip_head),
            year1.saturating_sub(u16::from(skip_tail)),
        )
    }

    /// The Hijri years with a served day: the years a `year` parameter may name.
    pub fn hijri_years_with_days(&self) -> (u16, u16) {
        self.served_months().map_or((1, 0), |(head, tail)| {
            (head.hijri_month().year, tail.hijri_month().year)
        })
    }

    /// Index of the month containing a Gregorian date, if the chain covers it.
    pub fn month_index_of(&self, date: Date) -> Option<usize> {
        if date < self.first_day() || date > self.last_day() {
            return None;
        }
        let after = self.months.partition_point(|m| m.start() <= date);
        after.checked_sub(1)
    }

    /// The Hijri date of a Gregorian date, with its month, if the chain covers it.
    pub fn to_hijri(&self, date: Date) -> Option<(HijriDate, &ArchivedMonth)> {
        let month = self.months.get(self.month_index_of(date)?)?;
        let day = (date.0 - month.start.to_native() + 1) as u8;
        let HijriMonth {
            year,
            month: number,
        } = month.hijri_month();
        Some((
            HijriDate {
                year,
                month: number,
                day,
            },
            month,
        ))
    }

    /// Index of a Hijri month, if the chain holds it.
    pub fn month_index(&self, target: HijriMonth) -> Option<usize> {
        let first = self.months.first()?.hijri_month();
        let ordinal = |m: HijriMonth| i64::from(m.year) * 12 + i64::from(m.month) - 1;
        let index = usize::try_from(ordinal(target) - ordinal(first)).ok()?;
        (index < self.months.len() && (1..=12).contains(&target.month)).then_some(index)
    }

    /// The archived month for a Hijri year and month.
    pub fn month(&self, target: HijriMonth) -> Option<&ArchivedMonth> {
        self.indexed_month(target).map(|(_, month)| month)
    }

    /// The index and the archived month of a Hijri year and month.
    pub fn indexed_month(&self, target: HijriMonth) -> Option<(usize, &ArchivedMonth)> {
        let index = self.month_index(target)?;
        Some((index, self.months.get(index)?))
    }

    /// The Gregorian date of a Hijri date, with its month; `None` if the chain does not hold
    /// the month or the month is shorter than the day.
    pub fn to_gregorian(&self, date: HijriDate) -> Option<(Date, &ArchivedMonth)> {
        let month = self.month(date.month_of_year())?;
        (date.day >= 1 && date.day <= month.length)
            .then(|| (month.start().add_days(i32::from(date.day) - 1), month))
    }

    /// Published-table coverage `(first, last)`; `None` for a calendar without a table.
    pub fn coverage(&self) -> Option<(Date, Date)> {
        let table = self.table.as_ref()?;
        Some((
            Date(table.coverage_first.to_native()),
            Date(table.coverage_last.to_native()),
        ))
    }
}
