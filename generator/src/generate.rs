//! The whole generation: read the facts, build the month chain, make the cards (reusing the
//! previous archive's unchanged ones), store the big answers (reusing its compressions), assemble and write the archive. Progress goes to
//! stderr.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use hijri::registry;
use hijri::schema::{Card, Chain, Dataset, EclipseCard, Month, PrayerTable, Tier};
use hijri::span;
use hijri_astro::Astro;
use rkyv::util::AlignedVec;

use crate::error::GenerateError;

use crate::calendars::{self, Context};
use crate::card_set;
use crate::chain::ChainError;
use crate::holidays;
use crate::inputs;
use crate::prayer_table;
use crate::stored;
use crate::writer;
use crate::{eclipse_cards, eclipses};
use hijri::schema::PrayerPlace;

/// Hijri years of the pre-rendered cards.
pub const CARD_YEARS: [u16; 2] = [1444, 1475];

/// What to generate and where.
#[derive(Debug, Clone)]
pub struct Options {
    /// The committed facts (`data/`).
    pub data_dir: PathBuf,
    /// The archive to write.
    pub out: PathBuf,
    /// Show progress on stderr.
    pub progress: bool,
    /// Render the hilal cards (without them the server answers 503 for the card endpoints).
    pub cards: bool,
    /// A previous archive whose cards are reused where their inputs are unchanged, and its
    /// compressed answers where their bodies are; `None` makes everything anew.
    pub reuse: Option<PathBuf>,
}

/// What was written.
#[derive(Debug)]
pub struct Written {
    /// Months in the archive.
    pub months: usize,
    /// Cards in the archive.
    pub cards: usize,
    /// Archive size in bytes.
    pub bytes: usize,
    /// Months whose cards were rendered.
    pub rendered: usize,
    /// Months whose cards were reused from the previous archive.
    pub reused: usize,
}

/// The calendars as built, with the astronomy that built them (the cards need it too).
pub struct Built {
    /// The archive's root, without cards until [`add_cards`].
    pub dataset: Dataset,
    /// Ephemeris and ΔT.
    pub astro: Astro,
}

impl Built {
    /// The default calendar (built first, always there).
    pub fn default_chain(&self) -> Option<&Chain> {
        self.dataset.chains.first()
    }

    /// The calendar the cards are drawn for whose identifier is `id`, with the sites; none
    /// for a calendar without evenings.
    pub fn drawn(&self, id: &str) -> Option<card_set::Drawn<'_>> {
        self.all_drawn().into_iter().find(|d| d.chain.id == id)
    }

    /// Every calendar the cards are drawn for, in chain order.
    pub fn all_drawn(&self) -> Vec<card_set::Drawn<'_>> {
        card_set::drawn_chains(&self.dataset.chains, &self.dataset.sites)
    }
}

/// Builds the calendars (month chains and evening records, no cards) from the facts in
/// `data_dir`, the default first.
pub fn build_calendar(data_dir: &Path, progress: bool) -> Result<Built, GenerateError> {
    let report = Progress::new(progress);
    report.phase("reading data");
    let sites = inputs::load_sites(&data_dir.join("sites.json"))?;
    let astro = Astro::load(data_dir)?;
    let ctx = Context {
        data_dir,
        astro: &astro,
        sites: &sites,
        span: (span::FIRST, span::LAST),
    };
    let (first, last) = ctx.span;
    let expected = ((last.0 - first.0) as f64 / 29.53) as usize + 1;
    let mut chains = Vec::new();
    for authority in registry::all(sites.len()) {
        report.phase(&format!("{}: {}", authority.id, authority.names.english));
        let started = Instant::now();
        let done = AtomicUsize::new(0);
        let chain = calendars::build(&ctx, authority, &mut || {
            report.count("months", done.fetch_add(1, Ordering::Relaxed) + 1, expected)
        })?;
        report.chain(&chain, started);
        chains.push(chain);
    }

    report.phase("holidays: the decrees, then predicted to 2100");
    let started = Instant::now();
    let facts = holidays::facts::load(data_dir)?;
    let default = chains
        .first()
        .ok_or_else(|| ChainError::Inconsistent("no default calendar".into()))?;
    let holidays = holidays::build(&astro, default, &facts)?;
    report.done(&format!(
        "{} years ({} decreed), {} days off in {:.1} s",
        holidays.years.len(),
        holidays.years.iter().filter(|y| y.decreed).count(),
        holidays.years.iter().map(|y| y.days.len()).sum::<usize>(),
        started.elapsed().as_secs_f64()
    ));
    report.phase("Chinese calendar: the months of 1945-2100 at UTC+8");
    let started = Instant::now();
    let chinese_months = holidays::chinese::months(&astro)?;
    report.done(&format!(
        "{} months in {:.1} s",
        chinese_months.len(),
        started.elapsed().as_secs_f64()
    ));
    let dataset = Dataset {
        chains,
        sites: sites.into_iter().map(|s| s.site).collect(),
        card_years: CARD_YEARS,
        cards: Vec::new(),
        bodies: Vec::new(),
        answers: Vec::new(),
        holidays,
        chinese_months,
        places: Vec::new(),
        prayer: PrayerTable::default(),
        eclipses: Vec::new(),
    };
    Ok(Built { dataset, astro })
}

/// Makes the cards of [`CARD_YEARS`] of every calendar whose rules decide months on an
/// evening into the archive, reusing those of `previous` whose inputs are unchanged; returns
/// the months rendered and reused.
pub fn add_cards(
    built: &mut Built,
    previous: &[Card],
    progress: bool,
) -> Result<(usize, usize), GenerateError> {
    let report = Progress::new(progress);
    let mut cards = Vec::new();
    let (mut rendered, mut reused) = (0, 0);
    for drawn in built.all_drawn() {
        report.phase(&format!(
            "{}: hilal cards {}-{}, sky chart and map, normal and bare",
            drawn.chain.id, CARD_YEARS[0], CARD_YEARS[1]
        ));
        let started = Instant::now();
        let expected = drawn
            .chain
            .months
            .iter()
            .filter(|m| (CARD_YEARS[0]..=CARD_YEARS[1]).contains(&m.hijri.year))
            .count();
        let done = AtomicUsize::new(0);
        let set = card_set::render_all(&built.astro, drawn, CARD_YEARS, previous, &|| {
            report.count("months", done.fetch_add(1, Ordering::Relaxed) + 1, expected)
        })?;
        let bytes: usize = set.cards.iter().map(|c| c.png.len()).sum();
        report.done(&format!(
            "{} cards, {:.1} MB, in {:.1} s ({} months rendered, {} reused)",
            set.cards.len(),
            bytes as f64 / 1e6,
            started.elapsed().as_secs_f64(),
            set.rendered,
            set.reused
        ));
        rendered += set.rendered;
        reused += set.reused;
        cards.extend(set.cards);
    }
    built.dataset.cards = cards;
    Ok((rendered, reused))
}

/// The answers of `hijri_view::Question::stored` over the default calendar of `dataset` as
/// archived (without the cards, which no answer reads), with the compressed representations
/// of `earlier` where a body is unchanged; `dataset` is as it was on return.
pub fn stored_answers(
    dataset: &mut Dataset,
    earlier: &stored::Codings,
) -> Result<stored::Stored, GenerateError> {
    let cards = std::mem::take(&mut dataset.cards);
    let encoded = hijri::archive::encode(dataset);
    dataset.cards = cards;
    let encoded = encoded.map_err(GenerateError::Encode)?;
    let mut aligned = AlignedVec::<16>::with_capacity(encoded.len());
    aligned.extend_from_slice(&encoded);
    drop(encoded);
    let archived = hijri::archive::open(&aligned).map_err(GenerateError::Check)?;
    let default = archived.default_chain().ok_or(GenerateError::Check(
        hijri::archive::ArchiveError::Invalid(hijri::validate::Problem {
            place: hijri::validate::Place::Archive,
            violation: hijri::validate::Violation::NoChains,
        }),
    ))?;
    Ok(stored::build(archived, default, earlier))
}

/// Puts [`stored_answers`] into `dataset`, with their bytes per family on stderr.
pub fn add_answers(
    dataset: &mut Dataset,
    earlier: &stored::Codings,
    progress: bool,
) -> Result<(), GenerateError> {
    let report = Progress::new(progress);
    report.phase("stored answers: /year, /month, /hilal/history, /months, /events, /holidays");
    let started = Instant::now();
    let stored = stored_answers(dataset, earlier)?;
    for (family, bytes) in &stored.families {
        report.done(&format!(
            "{family}: {} keys, {} answers, identity {:.2} MB, gzip {:.2} MB, brotli {:.2} MB",
            bytes.keys,
            bytes.answers,
            bytes.identity as f64 / 1e6,
            bytes.gzip as f64 / 1e6,
            bytes.brotli as f64 / 1e6
        ));
    }
    report.done(&format!(
        "{} keys, {} answers ({} reused) in {:.1} s",
        stored.bodies.len(),
        stored.answers.len(),
        stored.reused,
        started.elapsed().as_secs_f64()
    ));
    dataset.bodies = stored.bodies;
    dataset.answers = stored.answers;
    Ok(())
}

/// What a previous archive lends the next generation: its cards (each reused where its
/// inputs are unchanged) and its stored answers' compressed representations (reused where the
/// body is unchanged).
#[derive(Default)]
pub struct Previous {
    /// Its cards.
    pub cards: Vec<Card>,
    /// Its compressed answers.
    pub codings: stored::Codings,
    /// Its prayer table (reused when its `inputs` key is unchanged).
    pub prayer: PrayerTable,
    /// Its eclipses' map cards.
    pub eclipse_cards: Vec<EclipseCard>,
}

impl Previous {
    /// The previous archive at `path`, its cards only when `cards` (a generation without
    /// cards takes none). A missing file lends nothing; an unreadable or outdated one (another
    /// format or schema, a bad checksum or structure) lends nothing, with a note on stderr
    /// (everything is then made anew). One whose meaning no longer validates (a method's
    /// numbers changed under its prayer table) still lends: each piece is reused only where
    /// its inputs' key matches.
    pub fn read(path: &Path, cards: bool, progress: bool) -> Previous {
        let mut aligned = AlignedVec::<16>::new();
        let read = std::fs::File::open(path).and_then(|mut file| {
            aligned.reserve_exact(file.metadata()?.len().try_into().unwrap_or(0));
            aligned.extend_from_reader(&mut file)
        });
        match read {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Previous::default(),
            Err(e) => {
                eprintln!("note: not reusing {}: {e}", path.display());
                return Previous::default();
            }
        }
        let previous = hijri::archive::access(&aligned)
            .map_err(|e| e.to_string())
            .and_then(|archived| {
                let eclipse_cards = if cards {
                    let mut all = Vec::new();
                    for e in archived.eclipses.iter() {
                        all.extend(
                            rkyv::deserialize::<Vec<EclipseCard>, rkyv::rancor::BoxedError>(
                                &e.cards,
                            )
                            .map_err(|e| e.to_string())?,
                        );
                    }
                    all
                } else {
                    Vec::new()
                };
                let cards = if cards {
                    rkyv::deserialize::<Vec<Card>, rkyv::rancor::BoxedError>(&archived.cards)
                        .map_err(|e| e.to_string())?
                } else {
                    Vec::new()
                };
                let codings = stored::Codings::of(archived);
                let prayer =
                    rkyv::deserialize::<PrayerTable, rkyv::rancor::BoxedError>(&archived.prayer)
                        .map_err(|e| e.to_string())?;
                Ok(Previous {
                    cards,
                    codings,
                    prayer,
                    eclipse_cards,
                })
            });
        match previous {
            Ok(previous) => {
                if progress {
                    eprintln!(
                        "==> {} cards and the compressed answers of {} considered for reuse",
                        previous.cards.len(),
                        path.display()
                    );
                }
                previous
            }
            Err(e) => {
                eprintln!("note: not reusing {}: {e}", path.display());
                Previous::default()
            }
        }
    }
}

/// Generates and writes the archive.
pub fn generate(options: &Options) -> Result<Written, GenerateError> {
    // The places first: a bad places file stops the run before anything is computed.
    let places = prayer_table::read_places(&options.data_dir)?;
    let mut built = build_calendar(&options.data_dir, options.progress)?;
    let previous = options
        .reuse
        .as_deref()
        .map(|path| Previous::read(path, options.cards, options.progress))
        .unwrap_or_default();
    let (mut rendered, mut reused) = (0, 0);
    if options.cards {
        (rendered, reused) = add_cards(&mut built, &previous.cards, options.progress)?;
    }
    // Before the stored answers: `/places` is one.
    add_prayer_table(places, &mut built, previous.prayer, options.progress)?;
    add_eclipses(&mut built, options.progress)?;
    if options.cards {
        add_eclipse_cards(&mut built, previous.eclipse_cards, options.progress)?;
    }
    add_answers(&mut built.dataset, &previous.codings, options.progress)?;
    let bytes = hijri::archive::encode(&built.dataset).map_err(GenerateError::Encode)?;
    writer::write_atomically(&options.out, &bytes)
        .map_err(|e| GenerateError::Write(options.out.clone(), e))?;
    Ok(Written {
        months: built.dataset.chains.iter().map(|c| c.months.len()).sum(),
        cards: built.dataset.cards.len(),
        bytes: bytes.len(),
        rendered,
        reused,
    })
}

/// Puts the places (the places file's bytes and its rows, as [`prayer_table::read_places`]
/// reads them) and their prayer table into the archive: `previous` if it was computed
/// from the same inputs ([`prayer_table::inputs_key`]), else computed anew.
pub fn add_prayer_table(
    (bytes, places): (Vec<u8>, Vec<PrayerPlace>),
    built: &mut Built,
    previous: PrayerTable,
    progress: bool,
) -> Result<(), GenerateError> {
    let report = Progress::new(progress);
    report.phase("prayer times: every place, day and series");
    let started = Instant::now();
    let key = prayer_table::inputs_key(&bytes, &built.astro);
    let reused = previous.inputs == key && !previous.lengths.is_empty();
    let table = if reused {
        previous
    } else {
        prayer_table::build(&built.astro, &places, key)?.0
    };
    report.done(&format!(
        "{} places, {:.1} MB of times, in {:.1} s ({})",
        places.len(),
        table.bits.len() as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        if reused { "reused" } else { "computed" }
    ));
    built.dataset.places = places;
    built.dataset.prayer = table;
    Ok(())
}

/// Puts every eclipse of the span into the archive, each marked where a place of the
/// archive sees it (so after [`add_prayer_table`]).
pub fn add_eclipses(built: &mut Built, progress: bool) -> Result<(), GenerateError> {
    let report = Progress::new(progress);
    report.phase("eclipses: every solar and lunar eclipse of the span, seen from every place");
    let started = Instant::now();
    // From the span's first midnight (UTC) to the midnight after its last day.
    let midnight =
        |day: hijri::date::Date| chrono::DateTime::from_timestamp(i64::from(day.0) * 86_400, 0);
    let (Some(from), Some(to)) = (midnight(span::FIRST), midnight(span::LAST.add_days(1))) else {
        return Err(GenerateError::Astro(hijri_astro::AstroError::NoEvent(
            "the span's days are not instants".into(),
        )));
    };
    built.dataset.eclipses = eclipses::build(&built.astro, &built.dataset.places, from, to)?;
    report.done(&format!(
        "{} eclipses ({} seen in Indonesia) in {:.1} s",
        built.dataset.eclipses.len(),
        built
            .dataset
            .eclipses
            .iter()
            .filter(|e| e.seen_in_indonesia)
            .count(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// Renders the map cards of the eclipses that have them ([`eclipse_cards::has_cards`]),
/// reusing `previous`'s where their inputs are unchanged (so after [`add_eclipses`]).
pub fn add_eclipse_cards(
    built: &mut Built,
    previous: Vec<EclipseCard>,
    progress: bool,
) -> Result<(), GenerateError> {
    let report = Progress::new(progress);
    report.phase("eclipse maps: each eclipse seen in Indonesia in the card years, two cards");
    let started = Instant::now();
    let dataset = &mut built.dataset;
    let (rendered, reused) = eclipse_cards::add(&mut dataset.eclipses, &dataset.places, previous)?;
    let bytes: usize = dataset
        .eclipses
        .iter()
        .flat_map(|e| &e.cards)
        .map(|c| c.png.len())
        .sum();
    report.done(&format!(
        "{rendered} eclipses rendered, {reused} reused, {:.1} MB of PNG, in {:.1} s",
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

fn tier_counts(months: &[Month]) -> String {
    let count = |tier: Tier| months.iter().filter(|m| m.tier == tier).count();
    format!(
        "{} retro, {} published, {} computed",
        count(Tier::Retro),
        count(Tier::Published),
        count(Tier::Computed)
    )
}

/// Progress lines on stderr; a live counter on a terminal, a few lines otherwise.
struct Progress {
    enabled: bool,
    live: bool,
}

impl Progress {
    fn new(enabled: bool) -> Self {
        Progress {
            enabled,
            live: std::io::stderr().is_terminal(),
        }
    }

    fn phase(&self, name: &str) {
        if self.enabled {
            eprintln!("==> {name}");
        }
    }

    fn count(&self, what: &str, done: usize, expected: usize) {
        if !self.enabled {
            return;
        }
        if self.live {
            eprint!("\r    {what}: {done}/~{expected}");
            let _ = std::io::stderr().flush();
        } else if done.is_multiple_of(250) {
            eprintln!("    {what}: {done}/~{expected}");
        }
    }

    /// The line after a chain is built: its months, time and tiers.
    fn chain(&self, chain: &Chain, started: Instant) {
        self.done(&format!(
            "{}: {} months in {:.1} s ({})",
            chain.id,
            chain.months.len(),
            started.elapsed().as_secs_f64(),
            tier_counts(&chain.months)
        ));
    }

    fn done(&self, message: &str) {
        if self.enabled {
            if self.live {
                eprintln!();
            }
            eprintln!("    {message}");
        }
    }
}
