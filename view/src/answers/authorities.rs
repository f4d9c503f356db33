//! The body of `/authorities`: every calendar of the archive with its rules by month range,
//! in words and as numbers (thresholds, measures, places, time limits), its published
//! table's span and identity, its corrections and where its data come from.

use hijri::date::Date;
use hijri::fixed::from_fixed;
use hijri::hijri::HijriMonth;
use hijri::schema::{
    ArchivedChain, ArchivedDataset, ArchivedRule, ArchivedSite, ArchivedSources, Tier,
};
use hijri::span;
use serde::Serialize;

use crate::{MonthText, Text};

/// A place as `/authorities` names it.
#[derive(Serialize)]
struct PlaceView<'a> {
    name: &'a str,
    lat: f64,
    lon: f64,
    elev_m: i32,
    tz: &'a str,
}

impl<'a> PlaceView<'a> {
    fn of(site: &'a ArchivedSite) -> PlaceView<'a> {
        PlaceView {
            name: &site.name,
            lat: site.lat.to_native(),
            lon: site.lon.to_native(),
            elev_m: site.elev_m.to_native(),
            tz: &site.tz,
        }
    }
}

/// A rule in words and numbers, by kind.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum RuleView<'a> {
    /// Neo-MABIMS and its kin.
    SiteCriterion {
        name: &'a str,
        moon_alt: &'a str,
        elongation: &'a str,
        evaluated: &'a str,
        min_moon_alt_deg: f64,
        min_elongation_deg: f64,
        borderline_deg: f64,
        sites: Vec<PlaceView<'a>>,
    },
    /// Wujudul hilal.
    WujudulHilal {
        name: &'a str,
        evaluated: &'a str,
        place: PlaceView<'a>,
    },
    /// KHGT.
    Khgt {
        name: &'a str,
        moon_alt: &'a str,
        elongation: &'a str,
        pkg1: &'a str,
        pkg2: &'a str,
        min_moon_alt_deg: f64,
        min_elongation_deg: f64,
        borderline_deg: f64,
        pkg1_deadline_utc_minutes: u16,
        pkg2_until_utc_minutes: u16,
        coast_tolerance_km: f64,
        fajr_place: PlaceView<'a>,
        fajr_sun_depression_deg: f64,
        fajr_band_minutes: u16,
        land: &'a str,
        deciding_place: &'a str,
    },
    /// A table.
    Table { name: &'a str, evaluated: &'a str },
    /// Arithmetic: a fixed cycle of months from an epoch.
    Arithmetic {
        name: &'a str,
        evaluated: &'a str,
        epoch: Text<Date>,
        cycle_years: u16,
        leap_years: Vec<u16>,
    },
}

impl<'a> RuleView<'a> {
    fn of(rule: &'a ArchivedRule, dataset: &'a ArchivedDataset) -> RuleView<'a> {
        match rule {
            ArchivedRule::Sites(c) => {
                let limits = c.limits.get();
                RuleView::SiteCriterion {
                    name: &c.name,
                    moon_alt: &c.moon_alt,
                    elongation: &c.elongation,
                    evaluated: &c.evaluated,
                    min_moon_alt_deg: limits.min_moon_alt_deg(),
                    min_elongation_deg: limits.min_elongation_deg(),
                    borderline_deg: limits.borderline_deg(),
                    sites: dataset.sites.iter().map(PlaceView::of).collect(),
                }
            }
            ArchivedRule::WujudulHilal(w) => RuleView::WujudulHilal {
                name: &w.name,
                evaluated: &w.evaluated,
                place: PlaceView::of(&w.place),
            },
            ArchivedRule::Khgt(k) => {
                let limits = k.limits.get();
                RuleView::Khgt {
                    name: &k.name,
                    moon_alt: &k.moon_alt,
                    elongation: &k.elongation,
                    pkg1: &k.pkg1,
                    pkg2: &k.pkg2,
                    min_moon_alt_deg: limits.min_moon_alt_deg(),
                    min_elongation_deg: limits.min_elongation_deg(),
                    borderline_deg: limits.borderline_deg(),
                    pkg1_deadline_utc_minutes: k.deadline_min.to_native(),
                    pkg2_until_utc_minutes: k.americas_until_min.to_native(),
                    coast_tolerance_km: f64::from(k.coast_tolerance_m.to_native()) / 1_000.0,
                    fajr_place: PlaceView::of(&k.fajr_place),
                    fajr_sun_depression_deg: from_fixed(k.fajr_depression.to_native()),
                    fajr_band_minutes: k.fajr_band_min.to_native(),
                    land: &k.land,
                    deciding_place: &k.deciding,
                }
            }
            ArchivedRule::Table(t) => RuleView::Table {
                name: &t.name,
                evaluated: &t.evaluated,
            },
            ArchivedRule::Arithmetic(a) => RuleView::Arithmetic {
                name: &a.name,
                evaluated: &a.evaluated,
                epoch: Text(Date(a.epoch.to_native())),
                cycle_years: a.cycle_years.to_native(),
                leap_years: a.leap_years.iter().map(|y| y.to_native()).collect(),
            },
        }
    }
}

/// A rule with the months it starts: `from` and `to` inclusive, clamped to the chain.
#[derive(Serialize)]
struct SpanView<'a> {
    from: MonthText,
    to: MonthText,
    #[serde(flatten)]
    rule: RuleView<'a>,
}

#[derive(Serialize)]
struct SourcesView<'a> {
    published: &'a str,
    computed: &'a str,
    retro: &'a str,
}

impl<'a> SourcesView<'a> {
    fn of(sources: &'a ArchivedSources) -> SourcesView<'a> {
        SourcesView {
            published: &sources.published,
            computed: &sources.computed,
            retro: &sources.retro,
        }
    }
}

/// A published table: the days it covers (its own first and last, which may lie outside the
/// served span) and the first and last of them served.
#[derive(Serialize)]
struct TableView<'a> {
    first: Text<Date>,
    last: Text<Date>,
    first_served: Text<Date>,
    last_served: Text<Date>,
    published_months: usize,
    data_version: &'a str,
}

/// One correction of a calendar's ledger as `/meta` and `/authorities` list it.
#[derive(Serialize)]
pub struct DivergenceView {
    hijri_month: MonthText,
    delta_days: i8,
}

impl DivergenceView {
    /// The corrections of `chain`, in ledger order.
    pub fn all(chain: &ArchivedChain) -> Vec<DivergenceView> {
        chain
            .divergences
            .iter()
            .map(|d| DivergenceView {
                hijri_month: MonthText(d.month.get()),
                delta_days: d.delta_days,
            })
            .collect()
    }
}

/// The days a calendar serves: its days inside the served span.
#[derive(Serialize)]
struct Span {
    first: Text<Date>,
    last: Text<Date>,
}

/// A calendar. A calendar without a published table has `table`, `table_version` and
/// `divergences` null: no table identity and no ledger.
#[derive(Serialize)]
struct AuthorityView<'a> {
    id: &'a str,
    name: &'a str,
    name_en: &'a str,
    short_name: &'a str,
    default: bool,
    sources: SourcesView<'a>,
    rules: Vec<SpanView<'a>>,
    months: Span,
    table: Option<TableView<'a>>,
    provenance: Vec<&'a str>,
    table_version: Option<&'a str>,
    divergences: Option<Vec<DivergenceView>>,
}

/// The body of `/authorities`.
#[derive(Serialize)]
pub struct Authorities<'a> {
    default: &'a str,
    authorities: Vec<AuthorityView<'a>>,
}

/// Every calendar of `dataset`, the default first.
pub fn authorities(dataset: &ArchivedDataset) -> Authorities<'_> {
    let views = dataset
        .chains
        .iter()
        .enumerate()
        .map(|(index, chain)| view(dataset, chain, index == 0))
        .collect();
    Authorities {
        default: dataset.default_chain().map_or("", |c| c.id.as_str()),
        authorities: views,
    }
}

fn view<'a>(
    dataset: &'a ArchivedDataset,
    chain: &'a ArchivedChain,
    default: bool,
) -> AuthorityView<'a> {
    let first_month = chain.months.first().map(|m| m.hijri_month());
    let last_month = chain.months.last().map(|m| m.hijri_month());
    let none = HijriMonth { year: 0, month: 0 };
    let rules = chain
        .rules
        .iter()
        .map(|span| SpanView {
            from: MonthText(span.first_month().or(first_month).unwrap_or(none)),
            to: MonthText(span.last_month().or(last_month).unwrap_or(none)),
            rule: RuleView::of(&span.rule, dataset),
        })
        .collect();
    let (served_first, served_last) = chain.served_days().unwrap_or((span::FIRST, span::LAST));
    let table = chain.table.as_ref().zip(chain.coverage());
    AuthorityView {
        id: &chain.id,
        name: &chain.names.indonesian,
        name_en: &chain.names.english,
        short_name: &chain.names.short,
        default,
        sources: SourcesView::of(&chain.sources),
        rules,
        months: Span {
            first: Text(served_first),
            last: Text(served_last),
        },
        table: table.map(|(table, (first, last))| TableView {
            first: Text(first),
            last: Text(last),
            first_served: Text(first.max(served_first)),
            last_served: Text(last.min(served_last)),
            published_months: chain
                .months
                .iter()
                .filter(|m| m.tier() == Tier::Published)
                .count(),
            data_version: &table.data_version,
        }),
        provenance: chain.provenance.iter().map(|p| p.as_str()).collect(),
        table_version: chain.table.as_ref().map(|t| t.table_version.as_str()),
        divergences: chain.table.is_some().then(|| DivergenceView::all(chain)),
    }
}
