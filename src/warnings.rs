//! Warning rules: which notes accompany a date, decided by its month's tier, the margin of the
//! evening that decided the month's start, and the corrections of the chain's table.
//!
//! Published dates get only `divergence`; computed dates get `computed`, retro dates `retro`,
//! and either gets `borderline` when its deciding evening came within the band of the
//! criterion's limits, on either side ([`Limits::near_limits`]). A list that leaves out dates needing `retro=true` says how many
//! with `retro_required`, and one that leaves out dates outside the served span
//! ([`crate::span`]) with `outside_span`. A day's other dates add `chinese_uncertain` (a
//! Chinese month begun near midnight) and `javanese_projected` (kurup Anenhing). The texts are the chain's own, written into the archive from the
//! numbers of each rule ([`crate::schema::RuleTexts`], [`crate::schema::ChainTexts`]), so a
//! warning names the calendar and its rule. Aggregates ([`Warnings`]) keep each distinct
//! warning once, in first-seen order.

use std::fmt;

use crate::date::Date;
use crate::holiday;
use crate::schema::{
    Applied, ArchivedApplied, ArchivedChain, ArchivedHolidayYear, ArchivedMonth, ArchivedRecord,
    ArchivedRule, HijriMonth, Limits, Tier,
};
use crate::span;

/// One warning, its text borrowed from the archive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning<'a> {
    /// The date comes from computed data after the chain's first published month.
    Computed(&'a str),
    /// The date comes from retro-computed data before it.
    Retro(&'a str),
    /// The month's deciding evening met or missed the criterion by less than its borderline
    /// band.
    Borderline(&'a str),
    /// The month rests on KHGT's second condition, and the conjunction came within the
    /// rule's band of fajr in New Zealand, before or after it (code `borderline`).
    NearFajr {
        /// The conjunction minus fajr, seconds (negative: before fajr).
        seconds: i64,
        /// The rule's name.
        rule: &'a str,
        /// Where fajr is taken.
        place: &'a str,
    },
    /// The month (or the month after it) was corrected by a divergence entry.
    Divergence(&'a str),
    /// This many items (events, or month starts) were left out of a list because their dates
    /// need `retro=true`; they fall before the named table.
    RetroRequired(u16, Items, &'a str),
    /// A calendar's dates of the items' Hijri days were left out of `other_calendars`
    /// because they fall before its table (code `retro_required`): its identifier, and the
    /// table.
    OtherRetro(&'a str, &'a str),
    /// This many of the dates asked for fall outside the served span ([`crate::span`]) and
    /// were left out (events of a year at the span's ends, `next` after its last day).
    OutsideSpan(u16),
    /// The year has no decree of days off yet: its days are predicted.
    Predicted(u16),
    /// The year's decree is partial: the holidays it leaves out are predicted (the year,
    /// whose predicted days name them).
    Partial(PartialYear<'a>),
    /// A holiday of the year that no rule or table could date (its English name), left out.
    Undated(&'a str, u16),
    /// A day's Chinese date may be a day off: its month's new moon falls within minutes of
    /// midnight at UTC+8 ([`crate::chinese::UNCERTAIN`]).
    ChineseUncertain,
    /// A day's Javanese date follows the rules projected into kurup Anenhing
    /// ([`crate::javanese::PROJECTED_FROM`]).
    JavaneseProjected,
    /// Local times of days before [`PRESENT_OFFSETS_FROM`] keep the zone's present offset
    /// (WIB +07:00, WITA +08:00, WIT +09:00), not the legal offset of the time.
    PresentOffset,
}

/// The first day on which Indonesia's three zones have had their present offsets (WIB
/// +07:00, WITA +08:00, WIT +09:00): Asia/Jakarta was +07:30 and Asia/Jayapura +09:30
/// until 1963-12-31 (and the Japanese occupation kept +09:00 in 1942–45).
pub const PRESENT_OFFSETS_FROM: Date = Date::fixed(1964, 1, 1);

impl<'a> Warning<'a> {
    /// The machine-readable code.
    pub fn code(self) -> &'static str {
        match self {
            Warning::Computed(_) => "computed",
            Warning::Retro(_) => "retro",
            Warning::Borderline(_) | Warning::NearFajr { .. } => "borderline",
            Warning::Divergence(_) => "divergence",
            Warning::RetroRequired(..) | Warning::OtherRetro(..) => "retro_required",
            Warning::OutsideSpan(_) => "outside_span",
            Warning::Predicted(_) => "predicted",
            Warning::Partial(_) => "partial",
            Warning::Undated(..) => "undated",
            Warning::ChineseUncertain => "chinese_uncertain",
            Warning::JavaneseProjected => "javanese_projected",
            Warning::PresentOffset => "present_offset",
        }
    }

    /// The human-readable explanation, written without allocating.
    pub fn message(self) -> Message<'a> {
        Message(self)
    }
}

/// The year of a [`Warning::Partial`]: two are the same warning when they are the same year.
#[derive(Clone, Copy)]
pub struct PartialYear<'a>(pub &'a ArchivedHolidayYear);

impl PartialEq for PartialYear<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.year == other.0.year
    }
}

impl Eq for PartialYear<'_> {}

impl fmt::Debug for PartialYear<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PartialYear({})", self.0.year.to_native())
    }
}

/// What a `retro_required` warning counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Items {
    /// Observances of a list.
    Events,
    /// Month starts of a comparison.
    Starts,
    /// Days of a list (the puasa sunnah days).
    Days,
}

impl Items {
    /// The noun for one.
    fn one(self) -> &'static str {
        match self {
            Items::Events => "event",
            Items::Starts => "start",
            Items::Days => "day",
        }
    }

    /// The noun for several.
    fn many(self) -> &'static str {
        match self {
            Items::Events => "events",
            Items::Starts => "starts",
            Items::Days => "days",
        }
    }
}

/// The text of a [`Warning`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message<'a>(Warning<'a>);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Warning::Computed(text)
            | Warning::Retro(text)
            | Warning::Borderline(text)
            | Warning::Divergence(text) => f.write_str(text),
            Warning::NearFajr {
                seconds,
                rule,
                place,
            } => {
                let side = if seconds < 0 { "before" } else { "after" };
                // Minutes to one decimal, rounded half away from zero.
                let tenths = (seconds.abs() * 10 + 30) / 60;
                write!(
                    f,
                    "The conjunction came {}.{} min {side} fajr at {place}: {rule}'s second \
                     condition (PKG 2) needs it before fajr, so the announced date may shift \
                     by one day.",
                    tenths / 10,
                    tenths % 10
                )
            }
            Warning::RetroRequired(1, items, table) => write!(
                f,
                "1 {} falls before {table} and was left out; add retro=true to include it \
                 (retro-computed, not official).",
                items.one()
            ),
            Warning::RetroRequired(n, items, table) => write!(
                f,
                "{n} {} fall before {table} and were left out; add retro=true to include \
                 them (retro-computed, not official).",
                items.many()
            ),
            Warning::OtherRetro(calendar, table) => write!(
                f,
                "{calendar}'s dates that fall before {table} are retro-computed and were left \
                 out of other_calendars; /api/v1/convert with authority={calendar} and \
                 retro=true gives them (retro-computed, not official)."
            ),
            Warning::OutsideSpan(1) => write!(
                f,
                "1 of the dates asked for falls outside the days served ({} to {}) and was \
                 left out.",
                span::FIRST,
                span::LAST
            ),
            Warning::Predicted(year) => write!(
                f,
                "No decree has set the days off of {year} yet: its national holidays are \
                 predicted (the Islamic ones from the government's calendar, which may move by \
                 a day at the sidang isbat). Cuti bersama and one-off holidays such as election \
                 days are set by decree and are never predicted."
            ),
            Warning::Partial(PartialYear(year)) => {
                write!(
                    f,
                    "The decree of {} is partial: it leaves out ",
                    year.year.to_native()
                )?;
                let mut names = year
                    .days
                    .iter()
                    .enumerate()
                    .filter(|(i, d)| {
                        year.predicts(d)
                            && !year
                                .days
                                .iter()
                                .take(*i)
                                .any(|before| year.predicts(before) && before.slug == d.slug)
                    })
                    .map(|(_, d)| holiday::by_slug(&d.slug).map_or(d.slug.as_str(), |h| h.name_en))
                    .peekable();
                let mut first = true;
                while let Some(name) = names.next() {
                    let joint = match (first, names.peek().is_none()) {
                        (true, _) => "",
                        (false, true) => " and ",
                        (false, false) => ", ",
                    };
                    write!(f, "{joint}{name}")?;
                    first = false;
                }
                f.write_str(
                    ", whose days are predicted (status predicted), as for a year without a \
                     decree; the decreed days stand as decreed.",
                )
            }
            Warning::ChineseUncertain => f.write_str(
                "The Chinese date may be one day off: the new moon that begins its month falls \
                 within minutes of midnight at UTC+8, and the Hong Kong Observatory's table \
                 notes that the month may begin a day earlier.",
            ),
            Warning::JavaneseProjected => write!(
                f,
                "Javanese dates from {} are projected: kurup Anenhing follows the Sultan \
                 Agungan rules as the Kraton kept them in kurup Asapon.",
                crate::javanese::PROJECTED_FROM
            ),
            Warning::PresentOffset => write!(
                f,
                "Local times before {PRESENT_OFFSETS_FROM} keep the zone's present offset (WIB \
                 +07:00, WITA +08:00, WIT +09:00), not the legal offset of the time (Jakarta \
                 was +07:30 until 1964, +09:00 in 1942–45); the instants are exact, and the \
                 feeds give them in UTC."
            ),
            Warning::Undated(name, year) => write!(
                f,
                "{name} of {year} is left out: no rule or published table dates it."
            ),
            Warning::OutsideSpan(n) => write!(
                f,
                "{n} of the dates asked for fall outside the days served ({} to {}) and were \
                 left out.",
                span::FIRST,
                span::LAST
            ),
        }
    }
}

/// A set of warnings that keeps first-seen order; it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Warnings<'a> {
    items: [Option<Warning<'a>>; 10],
}

impl<'a> Warnings<'a> {
    /// Adds a warning unless it is already present.
    pub fn add(&mut self, warning: Warning<'a>) {
        for slot in &mut self.items {
            match slot {
                Some(present) if *present == warning => return,
                Some(_) => {}
                None => {
                    *slot = Some(warning);
                    return;
                }
            }
        }
    }

    /// Adds every warning of `other`, in its order.
    pub fn merge(&mut self, other: Warnings<'a>) {
        other.iter().for_each(|w| self.add(w));
    }

    /// The warnings in first-seen order.
    pub fn iter(&self) -> impl Iterator<Item = Warning<'a>> + '_ {
        self.items.iter().map_while(|w| *w)
    }

    /// True when there is nothing to warn about.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// The warnings of the other dates of the days `first..=last` (their `javanese` and
/// `chinese`): `chinese_uncertain` if one falls in [`crate::chinese::UNCERTAIN`],
/// `javanese_projected` if one is on or after [`crate::javanese::PROJECTED_FROM`].
pub fn for_day_dates(first: Date, last: Date) -> Warnings<'static> {
    let mut warnings = Warnings::default();
    if crate::chinese::UNCERTAIN
        .iter()
        .any(|&(a, b)| first <= b && a <= last)
    {
        warnings.add(Warning::ChineseUncertain);
    }
    if last >= crate::javanese::PROJECTED_FROM {
        warnings.add(Warning::JavaneseProjected);
    }
    warnings
}

/// The warning of local times from the day `first` on at an Indonesian place:
/// `present_offset` if one is before [`PRESENT_OFFSETS_FROM`].
pub fn for_local_times(first: Date) -> Warnings<'static> {
    let mut warnings = Warnings::default();
    if first < PRESENT_OFFSETS_FROM {
        warnings.add(Warning::PresentOffset);
    }
    warnings
}

/// The `computed` warning of `month`'s rule in `chain` (for a day computed inside a published
/// month, after the table's coverage); `None` if no rule covers the month.
pub fn computed<'a>(chain: &'a ArchivedChain, month: &ArchivedMonth) -> Option<Warning<'a>> {
    let span = chain.rule_for(month.hijri_month())?;
    Some(Warning::Computed(&span.texts.computed))
}

/// The warnings for any date in `month`, a month of `chain`.
pub fn for_month<'a>(chain: &'a ArchivedChain, month: &ArchivedMonth) -> Warnings<'a> {
    let mut warnings = Warnings::default();
    let tier = month.tier.get();
    let this = month.hijri_month();
    if let Some(span) = chain.rule_for(this) {
        match tier {
            Tier::Published => {}
            Tier::Computed => warnings.add(Warning::Computed(&span.texts.computed)),
            Tier::Retro => warnings.add(Warning::Retro(&span.texts.retro)),
        }
        if tier != Tier::Published {
            if borderline(&span.rule, month) {
                warnings.add(Warning::Borderline(&span.texts.borderline));
            }
            if let Some(near) = near_fajr(&span.rule, month) {
                warnings.add(near);
            }
        }
    }
    let corrected = |m: HijriMonth| chain.divergences.iter().any(|d| d.month.get() == m);
    if corrected(this) || corrected(this.next()) {
        warnings.add(Warning::Divergence(&chain.texts.divergence));
    }
    warnings
}

/// True if `month`'s deciding evening came near `rule`'s limits, passing or missing them by
/// less than the band ([`Limits::near_limits`]): the deciding site of a site criterion, or the
/// place KHGT's applied condition rests on.
fn borderline(rule: &ArchivedRule, month: &ArchivedMonth) -> bool {
    match &month.record {
        ArchivedRecord::Sites(evening) => rule.criterion().is_some_and(|criterion| {
            let limits: Limits = criterion.limits.get();
            evening
                .sites
                .get(usize::from(evening.deciding))
                .is_some_and(|site| limits.near_limits(limits.site_margin(site)))
        }),
        ArchivedRecord::Khgt(evening) => rule.khgt().is_some_and(|khgt| {
            let limits: Limits = khgt.limits.get();
            let place = match evening.applied {
                ArchivedApplied::Pkg1 => evening.pkg1.as_ref(),
                ArchivedApplied::Pkg2 => evening.pkg2.as_ref(),
                ArchivedApplied::Neither => None,
            };
            place.is_some_and(|p| {
                limits.borderline(limits.margin(p.moon_alt.to_native(), p.elongation.to_native()))
            })
        }),
        // Wujudul hilal's test is yes or no: no band; no record, no evening.
        ArchivedRecord::Wujud(_) | ArchivedRecord::None => false,
    }
}

/// The `borderline` warning of a KHGT month whose first condition failed and whose
/// conjunction came within the rule's band of New Zealand's fajr, before or after it (the
/// second condition turns on it).
fn near_fajr<'a>(rule: &'a ArchivedRule, month: &ArchivedMonth) -> Option<Warning<'a>> {
    match &month.record {
        ArchivedRecord::Khgt(evening) if evening.applied != Applied::Pkg1 => {
            let khgt = rule.khgt()?;
            let conjunction = evening.conjunction_ms.to_native().div_euclid(1_000);
            let seconds = conjunction - evening.nz_fajr.to_native();
            let band = i64::from(khgt.fajr_band_min.to_native()) * 60;
            (seconds.abs() < band).then_some(Warning::NearFajr {
                seconds,
                rule: &khgt.name,
                place: &khgt.fajr_place.name,
            })
        }
        // Only KHGT's second condition turns on New Zealand's fajr.
        ArchivedRecord::Khgt(_)
        | ArchivedRecord::Sites(_)
        | ArchivedRecord::Wujud(_)
        | ArchivedRecord::None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Offset, TimeZone};

    /// The offset of `tz` at noon UTC of `date`, seconds east.
    fn offset(tz: chrono_tz::Tz, date: Date) -> i32 {
        let (y, m, d) = date.ymd();
        let noon = chrono::Utc
            .with_ymd_and_hms(y, m, d, 12, 0, 0)
            .single()
            .map(|utc| utc.with_timezone(&tz).offset().fix().local_minus_utc());
        noon.unwrap_or_default()
    }

    #[test]
    fn present_offsets_begin_on_1964_01_01_as_the_tz_database_says() {
        assert_eq!(Date::from_ymd(1964, 1, 1), Some(PRESENT_OFFSETS_FROM));
        let eve = PRESENT_OFFSETS_FROM.add_days(-1);
        for (tz, before, present) in [
            (chrono_tz::Tz::Asia__Jakarta, 7 * 3600 + 1800, 7 * 3600),
            (chrono_tz::Tz::Asia__Makassar, 8 * 3600, 8 * 3600),
            (chrono_tz::Tz::Asia__Jayapura, 9 * 3600 + 1800, 9 * 3600),
        ] {
            assert_eq!(offset(tz, eve), before, "{tz}");
            assert_eq!(offset(tz, PRESENT_OFFSETS_FROM), present, "{tz}");
        }
        assert!(for_local_times(eve).iter().eq([Warning::PresentOffset]));
        assert!(for_local_times(PRESENT_OFFSETS_FROM).is_empty());
        assert_eq!(Warning::PresentOffset.code(), "present_offset");
    }
}
