//! The archive's cards: for every target month of the card years, the deciding evening's
//! values, the visibility grid and the display points evaluated with the astronomy, rendered
//! into the four PNGs (rayon-parallel over months, results in month order). A month whose
//! [`card_key`] is unchanged takes its cards from the previous archive instead.

use chrono::NaiveDate;
use chrono_tz::Tz;
use hijri::date::Date;
use hijri::schema::{Card, CardKind, Chain, Criterion, Evening, Limits, Month, Record, Site};
use hijri::zone::Zone;
use hijri_astro::{Astro, Observer};
use hijri_cards::{CardContext, CardError, DisplayPoint, PointResult, Renderer, VisibilityGrid};
use rayon::prelude::*;

/// Node spacing of the map's visibility grid, degrees.
pub const GRID_STEP_DEG: f64 = 0.25;

/// The cards of the card years, and how many months were rendered (the rest were reused).
pub struct CardSet {
    /// Every card, sorted by (year, month, kind, bare).
    pub cards: Vec<Card>,
    /// Months rendered anew.
    pub rendered: usize,
    /// Months whose cards came from the previous archive.
    pub reused: usize,
}

/// The calendar the cards are drawn for: a chain whose months have site evenings, and the
/// observation sites those evenings refer to.
#[derive(Clone, Copy)]
pub struct Drawn<'a> {
    /// The observation sites.
    pub sites: &'a [Site],
    /// The chain (the default calendar).
    pub chain: &'a Chain,
}

impl<'a> Drawn<'a> {
    /// The criterion of `month`'s rule and its site evening; an error for a month without
    /// one (only site criteria have cards).
    fn evening(&self, month: &'a Month) -> Result<(&'a Criterion, &'a Evening), CardError> {
        let target = month.hijri;
        let criterion = self
            .chain
            .rule_for(target)
            .and_then(|span| span.rule.criterion());
        let not_sites =
            || CardError::Input(format!("{target}: cards need a site criterion's evening"));
        match &month.record {
            Record::Sites(evening) => Ok((criterion.ok_or_else(not_sites)?, evening)),
            Record::None | Record::Wujud(_) | Record::Khgt(_) => Err(not_sites()),
        }
    }
}

/// Makes every card of the months whose Hijri year lies in `years` (inclusive), sorted by
/// (year, month, kind, bare): a month's four cards are taken from `previous` (cards sorted
/// the same way) when all four carry the month's current [`card_key`], else rendered.
/// `progress` is called once per month.
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
            let cards = match reusable(previous, month, key) {
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
/// month and its tier, the deciding evening (date, every site's values, the deciding site),
/// the criterion, the astronomy's inputs, the committed fonts, basemap and points, and
/// [`hijri_cards::CARD_FORMAT_VERSION`]. The values enter through their full `Debug` text, so a
/// different toolchain can at worst cause a re-render, never a wrong reuse.
pub fn card_key(astro: &Astro, drawn: Drawn, month: &Month) -> Result<u64, CardError> {
    let (criterion, evening) = drawn.evening(month)?;
    let inputs = format!(
        "{}|{:x}|{:x}|{:?}|{}-{}|{:?}|{:?}|{:?}",
        hijri_cards::CARD_FORMAT_VERSION,
        hijri_cards::assets_fingerprint(),
        hijri::fingerprint::hash64_of_parts(&astro.inputs()),
        criterion,
        month.hijri.year,
        month.hijri.month,
        month.tier,
        evening,
        drawn.sites.get(usize::from(evening.deciding)),
    );
    Ok(hijri::fingerprint::hash64(inputs.as_bytes()))
}

/// The four previous cards of `month`, if all four carry `key`.
fn reusable(previous: &[Card], month: &Month, key: u64) -> Option<Vec<Card>> {
    let at = previous.partition_point(|c| c.month < month.hijri);
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
        .all(|(c, (kind, bare))| (c.month, c.kind, c.bare, c.key) == (month.hijri, kind, bare, key))
        .then(|| found.to_vec())
}

/// What the cards of one target month show: the deciding site's values, the visibility grid
/// and the display points, evaluated with the astronomy.
pub struct MonthInputs<'a> {
    /// The target month and the deciding site's values.
    pub ctx: CardContext<'a>,
    /// Moon altitude and elongation at local sunset on the map's grid.
    pub grid: VisibilityGrid,
    /// The display points with whether both criteria hold there.
    pub points: Vec<PointResult>,
}

/// Evaluates what the cards of `month` show.
pub fn month_inputs<'a>(
    astro: &Astro,
    drawn: Drawn<'a>,
    points: &[DisplayPoint],
    month: &'a Month,
) -> Result<MonthInputs<'a>, CardError> {
    let (criterion, evening) = drawn.evening(month)?;
    let deciding = usize::from(evening.deciding);
    let no_site = || {
        CardError::Input(format!(
            "{}: deciding site {deciding} is not a site",
            month.hijri
        ))
    };
    let ctx = CardContext {
        target: month.hijri,
        month_start: Date(month.start),
        tier: month.tier,
        evening_date: Date(evening.date),
        hijri_day: evening.hijri_day,
        site: drawn.sites.get(deciding).ok_or_else(no_site)?,
        values: evening.sites.get(deciding).ok_or_else(no_site)?,
        conjunction_ms: evening.conjunction_ms,
        visible: evening.visible,
        sites_checked: evening.sites.len(),
        limits: criterion.limits,
    };
    let day =
        NaiveDate::try_from(Date(evening.date)).map_err(|e| CardError::Input(e.to_string()))?;
    let grid = VisibilityGrid::compute(GRID_STEP_DEG, |lat, lon| {
        criteria_at(astro, ctx.limits, day, lat, lon)
            .map_or((f64::NAN, f64::NAN), |(alt, elong, _)| (alt, elong))
    })?;
    let points = points
        .iter()
        .map(|p| {
            criteria_at(astro, ctx.limits, day, p.lat, p.lon)
                .map(|(_, _, met)| p.result(met))
                .ok_or_else(|| CardError::Input(format!("no sunset at display point {}", p.name)))
        })
        .collect::<Result<_, _>>()?;
    Ok(MonthInputs { ctx, grid, points })
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
    hijri_cards::month_cards(renderer, &inputs.ctx, &inputs.grid, &inputs.points, key)
}

/// Moon altitude, elongation and whether both limits hold, at local sunset on `day` (by the
/// unrounded margin, as the map's region is drawn).
fn criteria_at(
    astro: &Astro,
    limits: Limits,
    day: NaiveDate,
    lat: f64,
    lon: f64,
) -> Option<(f64, f64, bool)> {
    let observer = Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: 0.0,
        tz: Zone::from(zone_for(lon)),
    };
    let o = astro.evening(&observer, day).ok()?;
    let met = limits.margin_deg(o.moon_alt_deg, o.elongation_deg) >= 0.0;
    Some((o.moon_alt_deg, o.elongation_deg, met))
}

/// The Indonesian civil zone of a longitude (WIB, WITA, WIT), near enough for choosing which
/// sunset is the evening of a civil date.
fn zone_for(lon: f64) -> Tz {
    if lon < 114.5 {
        chrono_tz::Asia::Jakarta
    } else if lon < 127.5 {
        chrono_tz::Asia::Makassar
    } else {
        chrono_tz::Asia::Jayapura
    }
}
