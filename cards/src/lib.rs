//! The hilal PNG cards: a sky chart (`/hilal/viz`) and a map (`/hilal/map`) of the evening
//! that decides a month's start, each 720x1280 or, bare (no criteria panel), 1440x1520, for
//! each rule that decides months on an evening ([`CardRule`]): a visibility criterion at
//! observation sites (the sky at the deciding site, the archipelago's visibility map),
//! wujudul hilal (the sky at its place, the archipelago with the line where the Moon sets
//! with the Sun) and KHGT (the sky at the deciding place, a world map, [`world`]). And the
//! eclipse maps (`/eclipses/{id}/map`, same sizes): where an eclipse is seen over the
//! archipelago ([`eclipse_svg`]).
//!
//! Cards are SVG built with plain string writing ([`svg`]), then rasterised with resvg using
//! the committed DejaVu Sans only ([`Renderer`]). Inputs are plain values: the archive's
//! evening values in a [`CardContext`], and the [`VisibilityGrid`] and [`PointResult`]s or
//! the [`WorldInputs`] the generator evaluates. This crate computes no astronomy (its
//! manifest does not name `hijri-astro`). Same inputs, same bytes.

#![forbid(unsafe_code)]

mod basemap;
mod contour;
mod eclipse;
mod frame;
mod grid;
mod legend;
mod map;
mod metrics;
mod palette;
mod panel;
mod place;
mod render;
mod rule;
mod sky;
pub mod svg;
mod text;
mod verdict;
pub mod world;

use std::fmt;

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Card, CardKind, Site, SiteEvening, Tier};

pub use eclipse::{eclipse_cards, eclipse_svg, EclipseInputs, EclipseRow, MAGNITUDE_LEVELS};
pub use grid::{VisibilityGrid, WINDOW_EAST, WINDOW_NORTH, WINDOW_SOUTH, WINDOW_WEST};
pub use map::{display_points, map_svg, DisplayPoint, PointResult};
pub use render::{Encoding, Renderer};
pub use rule::{BestPlace, CardRule, KhgtDecision};
pub use sky::viz_svg;
pub use verdict::{verdict, Verdict};
pub use world::{world_svg, WorldInputs};

/// Version of the card drawing and encoding. Bump it with every change that alters a card's
/// bytes (its pixels or their PNG encoding): the generator reuses a card from the previous
/// archive only while its inputs and this version are unchanged
/// (`generator/tests/card_reuse.rs` pins the bytes to it).
pub const CARD_FORMAT_VERSION: u32 = 9;

/// Fingerprint of the committed assets every card is drawn with: the fonts, the basemaps and
/// the display points.
pub fn assets_fingerprint() -> u64 {
    hijri::fingerprint::hash64_of_parts(&[
        render::DEJAVU_SANS,
        render::DEJAVU_SANS_BOLD,
        basemap::LAND_JSON.as_bytes(),
        basemap::COUNTRIES_JSON.as_bytes(),
        basemap::WORLD_JSON.as_bytes(),
        map::POINTS_JSON.as_bytes(),
    ])
}

/// Pixel size of a normal card.
pub const NORMAL_SIZE: (u32, u32) = (720, 1280);
/// Pixel size of a bare card (no criteria panel).
pub const BARE_SIZE: (u32, u32) = (1440, 1520);

/// Pixel size of a card.
pub fn card_size(bare: bool) -> (u32, u32) {
    if bare {
        BARE_SIZE
    } else {
        NORMAL_SIZE
    }
}

/// What a card shows: the target month and the deciding site's (or place's) values on its
/// evening, under the rule that judged it.
#[derive(Clone, Copy, Debug)]
pub struct CardContext<'a> {
    /// The month whose start the evening decides.
    pub target: HijriMonth,
    /// Gregorian date of the target month's first day.
    pub month_start: Date,
    /// Where the month's start comes from: the official table, or a hisab estimate.
    pub tier: Tier,
    /// Gregorian date of the evening.
    pub evening_date: Date,
    /// Hijri day of the running month on that evening (29 as a rule).
    pub hijri_day: u8,
    /// The deciding site (or the rule's place, or KHGT's deciding place, named).
    pub site: &'a Site,
    /// Its values at its sunset, as the rule measures them (topocentric and refracted for a
    /// site criterion and wujudul hilal, geocentric and airless for KHGT).
    pub values: &'a SiteEvening,
    /// The geocentric conjunction (ijtimak) the Moon's age counts from, Unix milliseconds
    /// (the archived evening's, as the API's `conjunction_utc`).
    pub conjunction_ms: i64,
    /// The rule, with what it decided that evening.
    pub rule: CardRule,
}

impl CardContext<'_> {
    /// True if the conjunction comes after the deciding site's sunset: the Moon has no age
    /// at that sunset.
    pub fn conjunction_after_sunset(&self) -> bool {
        self.conjunction_ms > self.values.sunset.saturating_mul(1_000)
    }
}

/// Why a card could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardError {
    /// Inputs out of shape (grid size, non-finite values, month number, ...).
    Input(String),
    /// The committed fonts could not be loaded.
    Font(String),
    /// Parsing, rasterising or encoding failed.
    Render(String),
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::Input(m) => write!(f, "card input: {m}"),
            CardError::Font(m) => write!(f, "card fonts: {m}"),
            CardError::Render(m) => write!(f, "card rendering: {m}"),
        }
    }
}

impl std::error::Error for CardError {}

/// How each card kind is written (measured on the cards of 1444–1475): the sky chart's
/// gradients as RGB predicted from the pixel on the left (Sub, 6 % smaller than none; a
/// palette would band them); the map's flat fills through a 256-colour palette with no
/// filter (no visible loss: only anti-aliased edges move to a neighbouring shade).
pub fn encoding(kind: CardKind) -> Encoding {
    match kind {
        CardKind::Viz => Encoding {
            filter: png::Filter::Sub,
            palette: false,
        },
        CardKind::Map => Encoding {
            filter: png::Filter::NoFilter,
            palette: true,
        },
    }
}

/// What a month's map is drawn from.
#[derive(Clone, Copy, Debug)]
pub enum MapInputs<'a> {
    /// The archipelago: the two quantities the rule bounds on its grid, and the display
    /// points (a site criterion, wujudul hilal).
    Archipelago(&'a VisibilityGrid, &'a [PointResult]),
    /// The world (KHGT).
    World(&'a WorldInputs),
}

/// The SVG of one card of a month: its sky chart or its map (the archipelago's or the
/// world's, as `map` is), normal or `bare`.
pub fn card_svg(
    kind: CardKind,
    ctx: &CardContext,
    map: MapInputs,
    bare: bool,
) -> Result<String, CardError> {
    match (kind, map) {
        (CardKind::Viz, _) => viz_svg(ctx, bare),
        (CardKind::Map, MapInputs::Archipelago(grid, points)) => map_svg(ctx, grid, points, bare),
        (CardKind::Map, MapInputs::World(world)) => world_svg(ctx, world, bare),
    }
}

/// Renders the four cards of one month: sky chart and map, normal and bare, in the archive's
/// order (kind, then bare), each with its ETag, its `chain` and the reuse `key` of its
/// inputs.
pub fn month_cards(
    renderer: &Renderer,
    ctx: &CardContext,
    map: MapInputs,
    chain: u8,
    key: u64,
) -> Result<Vec<Card>, CardError> {
    let mut cards = Vec::with_capacity(4);
    for kind in [CardKind::Viz, CardKind::Map] {
        for bare in [false, true] {
            let svg = card_svg(kind, ctx, map, bare)?;
            let (width, height) = card_size(bare);
            let png = renderer.png(&svg, width, height, encoding(kind))?;
            cards.push(Card {
                chain,
                month: ctx.target,
                kind,
                bare,
                etag: hijri::fingerprint::etag(&png),
                key,
                png,
            });
        }
    }
    Ok(cards)
}
