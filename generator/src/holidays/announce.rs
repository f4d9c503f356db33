//! A new decree taken into the committed facts (the command line is
//! `cli/announce_holidays.rs`): a year's SKB with its days, an amendment that adds or moves
//! days, or a Keppres that adds one. A moved day keeps the date it had in its year's first
//! decree (`replaces`), so its feed UID stays and its SEQUENCE (the index of the decree that
//! set it) rises; every other day keeps its decree. Nothing is returned unless the result is
//! acceptable: every refusal is one line that names what is wrong.

use hijri::date::Date;
use hijri::holiday;
use hijri::schema::{DayKind, DecreeKind};
use serde::Serialize;

use super::facts::{DayRow, DecreeRow, Facts};

/// A day the decree sets: its date, kind and holiday.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDay {
    /// The day.
    pub date: Date,
    /// National holiday or cuti bersama.
    pub kind: DayKind,
    /// The holiday's slug.
    pub slug: String,
}

/// A day the decree moves: from the date it has now to its new date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The day's date before the decree.
    pub from: Date,
    /// Its date after.
    pub to: Date,
    /// Which day of `from`, where it holds several: its kind and holiday.
    pub which: Option<(DayKind, String)>,
}

/// What one changed day became, as printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Changed {
    /// `added` or `moved`.
    pub change: &'static str,
    /// The day's date now.
    pub date: String,
    /// `libur_nasional` or `cuti_bersama`.
    pub kind: &'static str,
    /// The holiday.
    pub slug: String,
    /// The decree that set it.
    pub decree: String,
    /// The date it had in its year's first decree, for a moved day.
    pub replaces: Option<String>,
}

/// The facts after the decree, and what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announced {
    /// Every decree and day, sorted and checked.
    pub facts: Facts,
    /// One line per added or moved day, by date.
    pub changed: Vec<Changed>,
}

/// Parses a day the decree sets: `YYYY-MM-DD=KIND:SLUG`.
pub fn parse_day(text: &str) -> Result<NewDay, String> {
    let (date, rest) = text
        .split_once('=')
        .ok_or_else(|| format!("expected YYYY-MM-DD=KIND:SLUG, got {text:?}"))?;
    let (kind, slug) = kind_and_slug(rest)?;
    Ok(NewDay {
        date: date.parse::<Date>().map_err(|e| e.to_string())?,
        kind,
        slug,
    })
}

/// Parses a move: `YYYY-MM-DD=YYYY-MM-DD` (from the day's date now to its new date), with
/// `:KIND:SLUG` after it where the first date holds several days.
pub fn parse_move(text: &str) -> Result<Move, String> {
    let shape = || format!("expected YYYY-MM-DD=YYYY-MM-DD[:KIND:SLUG] (from = to), got {text:?}");
    let (from, rest) = text.split_once('=').ok_or_else(shape)?;
    let (to, which) = match rest.split_once(':') {
        Some((to, which)) => (to, Some(kind_and_slug(which)?)),
        None => (rest, None),
    };
    Ok(Move {
        from: from.parse::<Date>().map_err(|e| e.to_string())?,
        to: to.parse::<Date>().map_err(|e| e.to_string())?,
        which,
    })
}

/// `KIND:SLUG`, each one the facts know.
fn kind_and_slug(text: &str) -> Result<(DayKind, String), String> {
    let (kind, slug) = text
        .split_once(':')
        .ok_or_else(|| format!("expected KIND:SLUG, got {text:?}"))?;
    let kind = DayKind::parse(kind).ok_or_else(|| {
        let kinds: Vec<&str> = DayKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown kind {kind:?}; the kinds are {}", kinds.join(", "))
    })?;
    if holiday::by_slug(slug).is_none() {
        let slugs: Vec<&str> = holiday::HOLIDAYS.iter().map(|h| h.slug).collect();
        return Err(format!(
            "unknown holiday {slug:?}; the holidays are {}",
            slugs.join(", ")
        ));
    }
    Ok((kind, slug.to_owned()))
}

/// Takes `decree` with its new days and moves into `facts`. Refused: a decree id already
/// used, a second SKB for a year, an amendment or Keppres for a year without its SKB, a
/// decree signed before the year's last one, a date outside the decree's year, a day the
/// facts (or the command) already hold, a move from a date that holds no day (or several),
/// an SKB that moves days, a decree that changes nothing.
pub fn announce(
    facts: &Facts,
    decree: DecreeRow,
    days: &[NewDay],
    moves: &[Move],
) -> Result<Announced, String> {
    let year = i32::from(decree.year);
    let of_year = facts.decrees_of(decree.year);
    if facts.decree(&decree.id).is_some() {
        return Err(format!("decree {} is already in decrees.csv", decree.id));
    }
    match (decree.kind, of_year.first()) {
        (DecreeKind::Skb, Some(skb)) => {
            return Err(format!(
                "{} already has its SKB ({}); a change to it is an skb_amendment",
                decree.year, skb.id
            ))
        }
        (DecreeKind::Amendment | DecreeKind::Keppres, None) => {
            return Err(format!(
                "{} has no SKB yet: announce the year's SKB first",
                decree.year
            ))
        }
        (DecreeKind::Skb, None) | (DecreeKind::Amendment | DecreeKind::Keppres, Some(_)) => {}
    }
    if let Some(last) = of_year.last().filter(|last| last.date > decree.date) {
        return Err(format!(
            "decree {} signed {} is older than {}'s last decree, {} signed {}",
            decree.id, decree.date, decree.year, last.id, last.date
        ));
    }
    if decree.kind == DecreeKind::Skb && !moves.is_empty() {
        return Err("an SKB sets a year's days; it moves none (moves are amendments)".into());
    }
    if days.is_empty() && moves.is_empty() {
        return Err(format!("decree {} adds and moves no day", decree.id));
    }
    let in_year = |date: Date| {
        if date.ymd().0 == year {
            Ok(())
        } else {
            Err(format!(
                "{date} is outside {year}, the year decree {} sets",
                decree.id
            ))
        }
    };
    for day in days {
        in_year(day.date)?;
    }
    for m in moves {
        in_year(m.from)?;
        in_year(m.to)?;
    }

    let mut all = facts.days.clone();
    let mut changed = Vec::new();
    for m in moves {
        let mut at = all.iter_mut().filter(|d| {
            d.date == m.from
                && m.which
                    .as_ref()
                    .is_none_or(|(kind, slug)| d.kind == *kind && d.slug == *slug)
        });
        let (day, several) = (at.next(), at.next().is_some());
        let (Some(day), false) = (day, several) else {
            let what = if several { "several" } else { "no" };
            return Err(format!(
                "{} holds {what} such days; a move takes one day (name it: FROM=TO:KIND:SLUG)",
                m.from
            ));
        };
        day.replaces = day.replaces.or(Some(m.from));
        day.date = m.to;
        day.decree = decree.id.clone();
        changed.push(line("moved", day));
    }
    for new in days {
        let day = DayRow {
            date: new.date,
            kind: new.kind,
            slug: new.slug.clone(),
            decree: decree.id.clone(),
            replaces: None,
        };
        changed.push(line("added", &day));
        all.push(day);
    }
    all.sort_by(|a, b| (a.date, a.kind, &a.slug).cmp(&(b.date, b.kind, &b.slug)));
    let key = |d: &DayRow| (d.date, d.kind, d.slug.clone());
    if let Some(twice) = all
        .iter()
        .zip(all.iter().skip(1))
        .find_map(|(a, b)| (key(a) == key(b)).then_some(a))
    {
        return Err(format!(
            "{} {} {} would be listed twice",
            twice.date,
            twice.kind.name(),
            twice.slug
        ));
    }
    changed.sort_by(|a, b| a.date.cmp(&b.date));

    let mut decrees = facts.decrees.clone();
    decrees.push(decree);
    decrees.sort_by_key(|d| (d.year, d.date));
    let facts = Facts { decrees, days: all };
    facts.check()?;
    Ok(Announced { facts, changed })
}

fn line(change: &'static str, day: &DayRow) -> Changed {
    Changed {
        change,
        date: day.date.to_string(),
        kind: day.kind.name(),
        slug: day.slug.clone(),
        decree: day.decree.clone(),
        replaces: day.replaces.map(|r| r.to_string()),
    }
}

/// The id a decree gets when none is given: `skb-YYYY` for a year's SKB, `skb-YYYY-aN` for
/// its N-th amendment; a Keppres needs its own.
pub fn default_id(facts: &Facts, kind: DecreeKind, year: u16) -> Option<String> {
    let amendments = facts
        .decrees_of(year)
        .iter()
        .filter(|d| d.kind == DecreeKind::Amendment)
        .count();
    match kind {
        DecreeKind::Skb => Some(format!("skb-{year}")),
        DecreeKind::Amendment => Some(format!("skb-{year}-a{}", amendments + 1)),
        DecreeKind::Keppres => None,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::holidays::facts;

    fn committed() -> Facts {
        facts::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).unwrap()
    }

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    fn decree(id: &str, year: u16, kind: DecreeKind, signed: &str) -> DecreeRow {
        DecreeRow {
            id: id.into(),
            year,
            kind,
            number: "1 Tahun 2027".into(),
            date: date(signed),
            title: "t".into(),
            source: "https://example.invalid/".into(),
            change: "c".into(),
            partial: false,
        }
    }

    #[test]
    fn a_moved_day_keeps_its_first_date_and_takes_the_new_decree() {
        let facts = committed();
        // 2027's SKB has Idul Adha on 16 May; suppose the isbat puts it on the 17th.
        let adha = facts
            .days
            .iter()
            .find(|d| {
                d.slug == "idul_adha" && d.kind == DayKind::LiburNasional && d.date.ymd().0 == 2027
            })
            .unwrap()
            .clone();
        let to = Date(adha.date.0 + 1);
        let amendment = decree("skb-2027-a1", 2027, DecreeKind::Amendment, "2027-05-10");
        let moves = [Move {
            from: adha.date,
            to,
            which: None,
        }];
        let out = announce(&facts, amendment, &[], &moves).unwrap();
        let moved = out.facts.days.iter().find(|d| d.date == to).unwrap();
        assert_eq!(
            (moved.decree.as_str(), moved.replaces),
            ("skb-2027-a1", Some(adha.date))
        );
        assert_eq!(out.changed.len(), 1);
        assert_eq!(out.facts.days.len(), facts.days.len());
        // Every other day is as it was.
        let others = |f: &Facts| -> Vec<DayRow> {
            f.days
                .iter()
                .filter(|d| d.date != to && d.date != adha.date)
                .cloned()
                .collect()
        };
        assert_eq!(others(&out.facts), others(&facts));
        // Moved again, it still replaces its first date.
        let again = decree("skb-2027-a2", 2027, DecreeKind::Amendment, "2027-05-11");
        let back = [parse_move("2027-05-18=2027-05-17:libur_nasional:idul_adha").unwrap()];
        let out = announce(&out.facts, again, &[], &back).unwrap();
        let day = out.facts.days.iter().find(|d| d.date == adha.date).unwrap();
        assert_eq!(day.replaces, Some(adha.date));
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        let facts = committed();
        let amendment = || decree("skb-2027-a1", 2027, DecreeKind::Amendment, "2027-05-10");
        let day = |text: &str| parse_day(text).unwrap();
        let cases: [(Result<Announced, String>, &str); 8] = [
            (
                announce(
                    &facts,
                    amendment(),
                    &[day("2028-01-02=cuti_bersama:tahun_baru")],
                    &[],
                ),
                "outside 2027",
            ),
            (
                announce(
                    &facts,
                    amendment(),
                    &[day("2027-01-01=libur_nasional:tahun_baru")],
                    &[],
                ),
                "listed twice",
            ),
            (
                announce(
                    &facts,
                    decree("skb-2027", 2027, DecreeKind::Amendment, "2027-05-10"),
                    &[day("2027-01-02=cuti_bersama:tahun_baru")],
                    &[],
                ),
                "already in decrees.csv",
            ),
            (
                announce(
                    &facts,
                    decree("skb-2027-x", 2027, DecreeKind::Skb, "2027-05-10"),
                    &[day("2027-01-02=cuti_bersama:tahun_baru")],
                    &[],
                ),
                "already has its SKB",
            ),
            (
                announce(
                    &facts,
                    decree("skb-2027-a1", 2027, DecreeKind::Amendment, "2026-01-01"),
                    &[day("2027-01-02=cuti_bersama:tahun_baru")],
                    &[],
                ),
                "older than 2027's last decree",
            ),
            (
                announce(
                    &facts,
                    decree("skb-2029-a1", 2029, DecreeKind::Amendment, "2028-01-01"),
                    &[day("2029-01-02=cuti_bersama:tahun_baru")],
                    &[],
                ),
                "no SKB yet",
            ),
            (
                announce(
                    &facts,
                    amendment(),
                    &[],
                    &[parse_move("2027-01-02=2027-01-03").unwrap()],
                ),
                "holds no such days",
            ),
            (
                announce(&facts, amendment(), &[], &[]),
                "adds and moves no day",
            ),
        ];
        for (result, expected) in cases {
            let message = result.unwrap_err();
            assert!(message.contains(expected), "{message:?} lacks {expected:?}");
        }
        assert!(parse_day("2027-01-02=libur:tahun_baru")
            .unwrap_err()
            .contains("unknown kind \"libur\""));
        assert!(parse_day("2027-01-02=cuti_bersama:lebaran")
            .unwrap_err()
            .contains("unknown holiday \"lebaran\""));
        assert!(parse_day("2027-13-02=cuti_bersama:natal").is_err());
    }

    #[test]
    fn the_next_years_skb_follows_the_last() {
        let facts = committed();
        let (first, last) = facts.years().unwrap();
        let (next, after) = (last + 1, last + 2);
        let skb = decree(
            &format!("skb-{next}"),
            next,
            DecreeKind::Skb,
            &format!("{last}-09-15"),
        );
        let days = [parse_day(&format!("{next}-01-01=libur_nasional:tahun_baru")).unwrap()];
        let out = announce(&facts, skb, &days, &[]).unwrap();
        assert_eq!(out.facts.years(), Some((first, next)));
        assert_eq!(
            default_id(&out.facts, DecreeKind::Amendment, next).unwrap(),
            format!("skb-{next}-a1")
        );
        // The year after next cannot come before next.
        let skb = decree(
            &format!("skb-{after}"),
            after,
            DecreeKind::Skb,
            &format!("{next}-09-15"),
        );
        let days = [parse_day(&format!("{after}-01-01=libur_nasional:tahun_baru")).unwrap()];
        assert!(announce(&facts, skb, &days, &[])
            .unwrap_err()
            .contains(&format!("no decree for {next}")));
    }
}
