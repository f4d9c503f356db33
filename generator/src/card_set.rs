//! The archive's cards: for every target month of the card years, the deciding evening's
//! values, the visibility grid and the display points evaluated with the astronomy, rendered
//! into the four PNGs (rayon-parallel over months, results in month order).

use chrono::NaiveDate;
use chrono_tz::Tz;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Calendar, Card, Month};
use rayon::prelude::*;

use crate::astro::{Astro, Observer};
use crate::cards::{
    self, CardContext, CardError, DisplayPoint, PointResult, Renderer, VisibilityGrid,
};
use crate::visibility::naive;

/// Node spacing of the map's visibility grid, degrees.
pub const GRID_STEP_DEG: f64 = 0.25;

/// Renders every card of the months whose Hijri year lies in `years` (inclusive), sorted by
/// (year, month, kind, bare); `progress` is called once per month.
pub fn render_all(
    astro: &Astro,
    calendar: &Calendar,
    years: [u16; 2],
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<Card>, CardError> {
    let renderer = Renderer::new()?;
    let points = cards::display_points()?;
    let months: Vec<&Month> = calendar
        .months
        .iter()
        .filter(|m| (years[0]..=years[1]).contains(&m.year))
        .collect();
    let per_month: Vec<Vec<Card>> = months
        .par_iter()
        .map(|month| {
            let cards = month_cards(astro, calendar, &renderer, points, month);
            progress();
            cards
        })
        .collect::<Result<_, _>>()?;
    Ok(per_month.into_iter().flatten().collect())
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
    calendar: &'a Calendar,
    points: &[DisplayPoint],
    month: &'a Month,
) -> Result<MonthInputs<'a>, CardError> {
    let evening = &month.evening;
    let deciding = usize::from(evening.deciding);
    let ctx = CardContext {
        target: HijriMonth {
            year: month.year,
            month: month.month,
        },
        evening_date: Date(evening.date),
        hijri_day: evening.hijri_day,
        site: &calendar.sites[deciding],
        values: &evening.sites[deciding],
        visible: evening.visible,
        sites_checked: evening.sites.len(),
    };
    let day = naive(Date(evening.date));
    let grid = VisibilityGrid::compute(GRID_STEP_DEG, |lat, lon| {
        criteria_at(astro, day, lat, lon)
            .map_or((f64::NAN, f64::NAN), |(alt, elong, _)| (alt, elong))
    })?;
    let points = points
        .iter()
        .map(|p| {
            criteria_at(astro, day, p.lat, p.lon)
                .map(|(_, _, met)| p.result(met))
                .ok_or_else(|| CardError::Input(format!("no sunset at display point {}", p.name)))
        })
        .collect::<Result<_, _>>()?;
    Ok(MonthInputs { ctx, grid, points })
}

/// The four cards of one target month.
fn month_cards(
    astro: &Astro,
    calendar: &Calendar,
    renderer: &Renderer,
    points: &[DisplayPoint],
    month: &Month,
) -> Result<Vec<Card>, CardError> {
    let inputs = month_inputs(astro, calendar, points, month)?;
    cards::month_cards(renderer, &inputs.ctx, &inputs.grid, &inputs.points)
}

/// Moon altitude, elongation and whether both criteria hold, at local sunset on `day`.
fn criteria_at(astro: &Astro, day: NaiveDate, lat: f64, lon: f64) -> Option<(f64, f64, bool)> {
    let observer = Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: 0.0,
        tz: zone_for(lon),
    };
    let o = astro.evening(&observer, day).ok()?;
    Some((o.moon_alt_deg, o.elongation_deg, o.alt_ok && o.elong_ok))
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
