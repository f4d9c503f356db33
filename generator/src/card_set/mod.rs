//! The archive's cards: for every target month of the card years of each calendar whose
//! rules decide months on an evening, what its rule's cards show, evaluated with the
//! astronomy, rendered into the four PNGs (rayon-parallel over months, results in month
//! order). A month whose [`card_key`] is unchanged takes its cards from the previous archive
//! instead.
//!
//! By rule: a site criterion's cards show the archived deciding site and the archipelago's
//! visibility grid and display points; wujudul hilal's the rule's place (its evening
//! computed again, with the archived sunset, moonset and conjunction) and the archipelago's
//! lag and age at sunset; KHGT's the deciding place of the record (its sky geocentric and
//! airless, as KHGT measures it) and the world's grid on the evaluation day
//! ([`crate::khgt`]'s sunset and sky).

use hijri::date::Date;
use hijri::schema::{
    Card, CardKind, Chain, Evening, Khgt, KhgtEvening, Limits, Month, Record, Rule, Site, Wujud,
    WujudEvening,
};
use hijri_astro::Astro;
use hijri_cards::{CardError, DisplayPoint, Renderer};
use rayon::prelude::*;

mod inputs;

pub use inputs::{deciding_place, month_inputs, MapData, MonthInputs};

/// Node spacing of the archipelago map's grid, degrees.
pub const GRID_STEP_DEG: f64 = 0.25;
/// Node spacing of KHGT's world grid, degrees.
pub const WORLD_STEP_DEG: f64 = 1.0;

/// The cards of the card years, and how many months were rendered (the rest were reused).
pub struct CardSet {
    /// Every card, sorted by (year, month, kind, bare).
    pub cards: Vec<Card>,
    /// Months rendered anew.
    pub rendered: usize,
    /// Months whose cards came from the previous archive.
    pub reused: usize,
}

/// A calendar the cards are drawn for: a chain whose rules decide months on an evening, its
/// index among the archive's chains, and the observation sites its evenings refer to.
#[derive(Clone, Copy)]
pub struct Drawn<'a> {
    /// The observation sites.
    pub sites: &'a [Site],
    /// The chain.
    pub chain: &'a Chain,
    /// Its index among the archive's chains ([`Card::chain`]).
    pub index: u8,
}

/// A month's evening as its rule judged it.
#[derive(Debug)]
enum Judged<'a> {
    /// A site criterion's evening, with the criterion's limits.
    Sites(Limits, &'a Evening),
    /// Wujudul hilal's evening at the rule's place.
    Wujud(&'a Wujud, &'a WujudEvening),
    /// KHGT's evaluation day.
    Khgt(&'a Khgt, &'a KhgtEvening),
}

impl<'a> Drawn<'a> {
    /// `month`'s evening and the rule that judged it; an error for a month without one (a
    /// table calendar's).
    fn judged(&self, month: &'a Month) -> Result<Judged<'a>, CardError> {
        let target = month.hijri;
        let rule = self.chain.rule_for(target).map(|span| &span.rule);
        let judged = match (rule, &month.record) {
            (Some(Rule::Sites(criterion)), Record::Sites(evening)) => {
                Some(Judged::Sites(criterion.limits, evening))
            }
            (Some(Rule::WujudulHilal(wujud)), Record::Wujud(evening)) => {
                Some(Judged::Wujud(wujud, evening))
            }
            (Some(Rule::Khgt(khgt)), Record::Khgt(evening)) => Some(Judged::Khgt(khgt, evening)),
            // No rule, a rule no evening decides, or another rule's record.
            (
                None
                | Some(
                    Rule::Sites(_)
                    | Rule::WujudulHilal(_)
                    | Rule::Khgt(_)
                    | Rule::Table(_)
                    | Rule::Arithmetic(_),
                ),
                Record::None | Record::Sites(_) | Record::Wujud(_) | Record::Khgt(_),
            ) => None,
        };
        judged.ok_or_else(|| {
            CardError::Input(format!("{target}: cards need an evening its rule decided"))
        })
    }

    /// The first day of the month before `month`, for the Hijri day of its evening.
    fn previous_start(&self, month: &Month) -> Result<Date, CardError> {
        let previous = month.hijri.previous();
        self.chain
            .months
            .iter()
            .find(|m| m.hijri == previous)
            .map(|m| Date(m.start))
            .ok_or_else(|| CardError::Input(format!("{previous}: not in the chain")))
    }
}

/// The calendars of `chains` whose rules decide months on an evening, with their indices.
pub fn drawn_chains<'a>(chains: &'a [Chain], sites: &'a [Site]) -> Vec<Drawn<'a>> {
    chains
        .iter()
        .enumerate()
        .filter(|(_, chain)| chain.rules.iter().any(|span| span.rule.has_evening()))
        .filter_map(|(index, chain)| {
            Some(Drawn {
                sites,
                chain,
                index: u8::try_from(index).ok()?,
            })
        })
        .collect()
}

/// Makes every card of `drawn`'s months whose Hijri year lies in `years` (inclusive), sorted
/// by (year, month, kind, bare): a month's four cards are taken from `previous` (cards
/// sorted by chain, year, month, kind, bare) when all four carry the month's current
/// [`card_key`], else rendered. `progress` is called once per month.
pub fn render_all(
    astro: &Astro,
    drawn: Drawn,
    years: [u16; 2],
    previous: &[Card],
    progress: &(dyn Fn() + Sync),
) -> Result<CardSet, CardError> {
    let renderer = Renderer::new()?;
    let points = hijri_cards::display_points()?;
    let months: Vec<&Month> = drawn
        .chain
        .months
        .iter()
        .filter(|m| (years[0]..=years[1]).contains(&m.hijri.year))
        .collect();
    let per_month: Vec<(Vec<Card>, bool)> = months
        .par_iter()
        .map(|month| {
            let key = card_key(astro, drawn, month)?;
            let cards = match reusable(previous, drawn.index, month, key) {
                Some(cards) => Ok((cards, false)),
                None => month_cards(astro, drawn, &renderer, points, month, key)
                    .map(|cards| (cards, true)),
            };
            progress();
            cards
        })
        .collect::<Result<_, _>>()?;
    let rendered = per_month.iter().filter(|(_, rendered)| *rendered).count();
    Ok(CardSet {
        reused: per_month.len() - rendered,
        rendered,
        cards: per_month.into_iter().flat_map(|(cards, _)| cards).collect(),
    })
}

/// The reuse key of a month's cards: a fingerprint of everything they are drawn from — the
/// calendar, the month, its first day and its tier, its rule, its evening record (for a site
/// criterion also the deciding site; for wujudul hilal and KHGT also the first day of the
/// month before, which numbers the evening's Hijri day), the astronomy's inputs, the
/// committed fonts, basemaps and points, and [`hijri_cards::CARD_FORMAT_VERSION`]. The
/// values enter through their full `Debug` text, so a different toolchain can at worst cause
/// a re-render, never a wrong reuse.
pub fn card_key(astro: &Astro, drawn: Drawn, month: &Month) -> Result<u64, CardError> {
    let judged = drawn.judged(month)?;
    let extra = match &judged {
        Judged::Sites(_, evening) => {
            format!("{:?}", drawn.sites.get(usize::from(evening.deciding)))
        }
        Judged::Wujud(..) | Judged::Khgt(..) => format!("{:?}", drawn.previous_start(month)?),
    };
    let rule = drawn.chain.rule_for(month.hijri).map(|span| &span.rule);
    let inputs = format!(
        "{}|{:x}|{:x}|{}|{:?}|{}|{}|{:?}|{:?}|{extra}",
        hijri_cards::CARD_FORMAT_VERSION,
        hijri_cards::assets_fingerprint(),
        hijri::fingerprint::hash64_of_parts(&astro.inputs()),
        drawn.chain.id,
        rule,
        month.hijri,
        month.start,
        month.tier,
        judged,
    );
    Ok(hijri::fingerprint::hash64(inputs.as_bytes()))
}

/// The four previous cards of `month` of the chain at `chain`, if all four carry `key`.
fn reusable(previous: &[Card], chain: u8, month: &Month, key: u64) -> Option<Vec<Card>> {
    let at = previous.partition_point(|c| (c.chain, c.month) < (chain, month.hijri));
    let found = previous.get(at..at + 4)?;
    let expected = [
        (CardKind::Viz, false),
        (CardKind::Viz, true),
        (CardKind::Map, false),
        (CardKind::Map, true),
    ];
    found
        .iter()
        .zip(expected)
        .all(|(c, (kind, bare))| {
            (c.chain, c.month, c.kind, c.bare, c.key) == (chain, month.hijri, kind, bare, key)
        })
        .then(|| found.to_vec())
}

/// The four cards of one target month, rendered.
fn month_cards(
    astro: &Astro,
    drawn: Drawn,
    renderer: &Renderer,
    points: &[DisplayPoint],
    month: &Month,
    key: u64,
) -> Result<Vec<Card>, CardError> {
    let inputs = month_inputs(astro, drawn, points, month)?;
    hijri_cards::month_cards(renderer, &inputs.ctx(), inputs.map(), drawn.index, key)
}
