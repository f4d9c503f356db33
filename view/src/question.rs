//! The questions whose answers the archive stores, each with its canonical key: the path and
//! query of one request that asks it (parameters in a fixed order and spelling). A request
//! maps to a question only through its parsed parameters, so every spelling of the same
//! question (`calendar=HIJRI`, a default left out) finds the one stored answer, and only
//! questions whose answer depends on nothing but these parameters are stored.

use std::fmt;

use hijri::ascii::Ascii;
use hijri::hijri::HijriMonth;
use hijri::schema::ArchivedChain;
use hijri::span;
use serde::Serialize;

use crate::answers::holidays::{self, Kinds};
use crate::answers::{self, days, days_csv, events, hilal, places};
use crate::{Calendar, Refusal, Scope};

/// Room for the longest key, in bytes (keys are written on the stack).
pub const KEY_CAPACITY: usize = 96;

/// The include sets of `/events` with stored answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Include {
    /// No `include` parameter.
    Default,
    /// `include=all`.
    All,
}

/// A question with a stored answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `/year` of a checked year.
    Year {
        /// The calendar of the year.
        calendar: Calendar,
        /// The year.
        year: i32,
        /// `retro=true`.
        retro: bool,
    },
    /// `/month` of a checked year and month 1–12.
    Month {
        /// The calendar of the year.
        calendar: Calendar,
        /// The year.
        year: i32,
        /// The month, 1–12.
        month: u8,
        /// `retro=true`.
        retro: bool,
    },
    /// `/hilal/history` without `include`.
    History {
        /// First month asked for.
        from: HijriMonth,
        /// Last month asked for.
        to: HijriMonth,
    },
    /// `/months`.
    Months,
    /// `/places` without a search: every place.
    Places,
    /// `/holidays` of a year with days off.
    Holidays {
        /// The Gregorian year.
        year: i32,
        /// The kinds of day asked for.
        kinds: Kinds,
    },
    /// `/events` of a checked year.
    Events {
        /// The calendar of the year.
        calendar: Calendar,
        /// The year.
        year: i32,
        /// The include set.
        include: Include,
        /// `retro=true`.
        retro: bool,
    },
    /// `/days.csv` of a Gregorian year of the served span, or of the whole span.
    DaysCsv {
        /// The year, or `None` for the whole span.
        year: Option<i32>,
    },
}

/// The media type of a stored answer's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Media {
    /// JSON.
    Json,
    /// CSV (RFC 4180, UTF-8).
    Csv,
}

/// A built answer: the body and whether it may be cached as immutable (the `/events` rule,
/// [`events::immutable`]; always true for the other families, whose cache does not vary).
pub struct Answer {
    /// The JSON body, as the server writes it.
    pub body: Vec<u8>,
    /// See above.
    pub immutable: bool,
}

impl Question {
    /// The key (also its `Display`), written on the stack: the server writes one per request
    /// that may have a stored answer.
    pub fn key(&self) -> Ascii<KEY_CAPACITY> {
        let flag = |on: bool| if on { "true" } else { "false" };
        let mut key = Ascii::new();
        match *self {
            Question::Year {
                calendar,
                year,
                retro,
            } => {
                key.push_str("/api/v1/year?year=")
                    .signed(i64::from(year), 0)
                    .push_str("&calendar=")
                    .push_str(calendar.name())
                    .push_str("&retro=")
                    .push_str(flag(retro));
            }
            Question::Month {
                calendar,
                year,
                month,
                retro,
            } => {
                key.push_str("/api/v1/month?year=")
                    .signed(i64::from(year), 0)
                    .push_str("&month=")
                    .decimal(u64::from(month), 0)
                    .push_str("&calendar=")
                    .push_str(calendar.name())
                    .push_str("&retro=")
                    .push_str(flag(retro));
            }
            Question::History { from, to } => {
                key.push_str("/api/v1/hilal/history?from=")
                    .push_str(from.iso().as_str())
                    .push_str("&to=")
                    .push_str(to.iso().as_str());
            }
            Question::Months => {
                key.push_str("/api/v1/months");
            }
            Question::Places => {
                key.push_str("/api/v1/places");
            }
            Question::Holidays { year, kinds } => {
                key.push_str("/api/v1/holidays?year=")
                    .signed(i64::from(year), 0)
                    .push_str("&kind=")
                    .push_str(kinds.name());
            }
            Question::Events {
                calendar,
                year,
                include,
                retro,
            } => {
                key.push_str("/api/v1/events?year=")
                    .signed(i64::from(year), 0)
                    .push_str("&calendar=")
                    .push_str(calendar.name());
                if include == Include::All {
                    key.push_str("&include=all");
                }
                key.push_str("&retro=").push_str(flag(retro));
            }
            Question::DaysCsv { year } => {
                key.push_str("/api/v1/days.csv");
                if let Some(year) = year {
                    key.push_str("?year=").signed(i64::from(year), 0);
                }
            }
        }
        key
    }

    /// The media type of its body.
    pub fn media(&self) -> Media {
        match self {
            Question::DaysCsv { .. } => Media::Csv,
            Question::Year { .. }
            | Question::Month { .. }
            | Question::History { .. }
            | Question::Months
            | Question::Places
            | Question::Holidays { .. }
            | Question::Events { .. } => Media::Json,
        }
    }

    /// The answer, built as the server builds it per request.
    pub fn answer(&self, state: &Scope) -> Result<Answer, Refusal> {
        Ok(match *self {
            Question::Year {
                calendar,
                year,
                retro,
            } => Answer {
                body: json(&days::year(state, calendar, year, retro)?),
                immutable: true,
            },
            Question::Month {
                calendar,
                year,
                month,
                retro,
            } => Answer {
                body: json(&days::month(state, calendar, year, month, retro)?),
                immutable: true,
            },
            Question::History { from, to } => Answer {
                body: json(&hilal::history(state, from, to, None)?),
                immutable: true,
            },
            Question::Months => Answer {
                body: json(&answers::months(state.lang)),
                immutable: true,
            },
            Question::Places => Answer {
                body: json(&places::all(state.dataset)),
                immutable: false,
            },
            Question::Holidays { year, kinds } => {
                let found = holidays::year_of(state.dataset, i64::from(year))?;
                Answer {
                    body: json(&holidays::holidays(state.dataset, found, kinds, state.lang)),
                    immutable: true,
                }
            }
            Question::Events {
                calendar,
                year,
                include,
                retro,
            } => {
                let include = match include {
                    Include::Default => events::include(None)?,
                    Include::All => events::include(Some("all"))?,
                };
                let body = events::events(events::select(state, calendar, year, include, retro)?);
                Answer {
                    body: json(&body),
                    immutable: body.immutable(),
                }
            }
            Question::DaysCsv { year } => Answer {
                body: days_csv::days_csv(state, year).into_bytes(),
                immutable: true,
            },
        })
    }

    /// Every question the archive stores an answer for (in the default calendar, `chain`): `/year` and `/month` of every year
    /// held whole in both calendars, with and without `retro`; `/hilal/history` for its
    /// default window and each Hijri year of it; `/months`; `/places`; `/events` of every year in both
    /// calendars, default and `all`, with and without `retro`; `/holidays` of every year
    /// with days off (`years`), each kind; `/days.csv` of every Gregorian year of the
    /// served span and of the whole span. Some of them are refused (a retro year without
    /// `retro`): those are not stored.
    pub fn stored(chain: &ArchivedChain, years: Option<(i32, i32)>) -> Vec<Question> {
        let (first, last) = chain.gregorian_years();
        let gregorian = (first..=last).map(|year| (Calendar::Gregorian, year));
        let (first, last) = chain.hijri_years();
        let hijri = (first..=last).map(|year| (Calendar::Hijri, i32::from(year)));
        let mut questions = vec![Question::Months, Question::Places];
        let (first_holiday, last_holiday) = years.unwrap_or((1, 0));
        for year in first_holiday..=last_holiday {
            questions.extend(Kinds::ALL.map(|kinds| Question::Holidays { year, kinds }));
        }
        let (first_day, last_day) = (span::FIRST.ymd().0, span::LAST.ymd().0);
        questions.push(Question::DaysCsv { year: None });
        questions.extend((first_day..=last_day).map(|year| Question::DaysCsv { year: Some(year) }));
        let (from, to) = hilal::HISTORY_BOUNDS;
        questions.push(Question::History { from, to });
        questions.extend((from.year..=to.year).map(|year| Question::History {
            from: HijriMonth { year, month: 1 },
            to: HijriMonth { year, month: 12 },
        }));
        for (calendar, year) in gregorian.chain(hijri) {
            for retro in [false, true] {
                questions.push(Question::Year {
                    calendar,
                    year,
                    retro,
                });
                questions.extend((1..=12).map(|month| Question::Month {
                    calendar,
                    year,
                    month,
                    retro,
                }));
                for include in [Include::Default, Include::All] {
                    questions.push(Question::Events {
                        calendar,
                        year,
                        include,
                        retro,
                    });
                }
            }
        }
        questions
    }
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key().as_str())
    }
}

/// The compact JSON text of a body, as the server writes it.
#[allow(
    clippy::expect_used,
    reason = "the views are plain data with string keys, written into memory: serde_json \
              refuses nothing there"
)]
fn json(value: &impl Serialize) -> Vec<u8> {
    serde_json::to_vec(value).expect("serialising into memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_fit_and_read_as_requests() {
        let longest = Question::Events {
            calendar: Calendar::Gregorian,
            year: -2_147_483_648,
            include: Include::All,
            retro: false,
        };
        let month = |year, month| HijriMonth { year, month };
        for (question, key) in [
            (
                longest,
                "/api/v1/events?year=-2147483648&calendar=gregorian&include=all&retro=false",
            ),
            (
                Question::Month {
                    calendar: Calendar::Hijri,
                    year: 1446,
                    month: 9,
                    retro: true,
                },
                "/api/v1/month?year=1446&month=9&calendar=hijri&retro=true",
            ),
            (
                Question::Year {
                    calendar: Calendar::Gregorian,
                    year: 2025,
                    retro: false,
                },
                "/api/v1/year?year=2025&calendar=gregorian&retro=false",
            ),
            (
                Question::History {
                    from: month(1444, 1),
                    to: month(1447, 12),
                },
                "/api/v1/hilal/history?from=1444-01&to=1447-12",
            ),
            (Question::Months, "/api/v1/months"),
            (Question::Places, "/api/v1/places"),
            (Question::DaysCsv { year: None }, "/api/v1/days.csv"),
            (
                Question::DaysCsv { year: Some(2027) },
                "/api/v1/days.csv?year=2027",
            ),
            (
                Question::Events {
                    calendar: Calendar::Hijri,
                    year: 1446,
                    include: Include::Default,
                    retro: true,
                },
                "/api/v1/events?year=1446&calendar=hijri&retro=true",
            ),
        ] {
            assert_eq!(question.key().as_str(), key);
            assert_eq!(question.to_string(), key);
        }
        assert!(longest.key().as_str().len() < KEY_CAPACITY);
    }
}
