//! The questions whose answers the archive stores, each with its canonical key: the path and
//! query of one request that asks it (parameters in a fixed order and spelling). A request
//! maps to a question only through its parsed parameters, so every spelling of the same
//! question (`calendar=HIJRI`, a default left out) finds the one stored answer, and only
//! questions whose answer depends on nothing but these parameters are stored.

use std::fmt;
use std::io::Write;

use hijri::hijri::HijriMonth;
use hijri::schema::ArchivedCalendar;
use serde::Serialize;

use crate::answers::{self, days, events, hilal};
use crate::{Calendar, MonthText, Refusal, Scope};

/// Room for the longest key, in bytes (keys are written into a stack buffer of this size).
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
    /// The key written into `buffer`; `None` if it does not fit (no key of a checked question
    /// is that long).
    pub fn key<'b>(&self, buffer: &'b mut [u8; KEY_CAPACITY]) -> Option<&'b str> {
        let mut rest = buffer.as_mut_slice();
        write!(rest, "{self}").ok()?;
        let written = KEY_CAPACITY - rest.len();
        std::str::from_utf8(buffer.get(..written)?).ok()
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
                body: json(&answers::months()),
                immutable: true,
            },
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
        })
    }

    /// Every question the archive stores an answer for: `/year` and `/month` of every year
    /// held whole in both calendars, with and without `retro`; `/hilal/history` for its
    /// default window and each Hijri year of it; `/months`; `/events` of every year in both
    /// calendars, default and `all`, with and without `retro`. Some of them are refused (a
    /// retro year without `retro`): those are not stored.
    pub fn stored(calendar: &ArchivedCalendar) -> Vec<Question> {
        let (first, last) = calendar.gregorian_years();
        let gregorian = (first..=last).map(|year| (Calendar::Gregorian, year));
        let (first, last) = calendar.hijri_years();
        let hijri = (first..=last).map(|year| (Calendar::Hijri, i32::from(year)));
        let mut questions = vec![Question::Months];
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
        match *self {
            Question::Year {
                calendar,
                year,
                retro,
            } => write!(
                f,
                "/api/v1/year?year={year}&calendar={}&retro={retro}",
                calendar.name()
            ),
            Question::Month {
                calendar,
                year,
                month,
                retro,
            } => write!(
                f,
                "/api/v1/month?year={year}&month={month}&calendar={}&retro={retro}",
                calendar.name()
            ),
            Question::History { from, to } => write!(
                f,
                "/api/v1/hilal/history?from={}&to={}",
                MonthText(from),
                MonthText(to)
            ),
            Question::Months => write!(f, "/api/v1/months"),
            Question::Events {
                calendar,
                year,
                include,
                retro,
            } => {
                write!(f, "/api/v1/events?year={year}&calendar={}", calendar.name())?;
                if include == Include::All {
                    write!(f, "&include=all")?;
                }
                write!(f, "&retro={retro}")
            }
        }
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
        let mut buffer = [0; KEY_CAPACITY];
        let longest = Question::Events {
            calendar: Calendar::Gregorian,
            year: -2_147_483_648,
            include: Include::All,
            retro: false,
        };
        assert_eq!(
            longest.key(&mut buffer),
            Some("/api/v1/events?year=-2147483648&calendar=gregorian&include=all&retro=false")
        );
        let months = Question::Month {
            calendar: Calendar::Hijri,
            year: 1446,
            month: 9,
            retro: true,
        };
        assert_eq!(
            months.key(&mut buffer),
            Some("/api/v1/month?year=1446&month=9&calendar=hijri&retro=true")
        );
    }
}
