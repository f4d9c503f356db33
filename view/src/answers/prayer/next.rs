//! The next prayer (`/api/v1/prayer-times/next`): the prayer under way at an instant and the
//! one after it, from the published minutes.

use chrono::DateTime;
use hijri::date::Date;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table;
use hijri::schema::ArchivedDataset;
use hijri::zone::Zone;
use serde::Serialize;

use super::{local, zone};
use crate::answers::places::PlaceView;
use crate::dates::AnyDate;
use crate::{ErrorCode, Refusal};

/// The five prayers, in the order of the day (imsak, terbit and dhuha are times, not
/// prayers).
pub const PRAYERS: [Prayer; 5] = [
    Prayer::Subuh,
    Prayer::Dzuhur,
    Prayer::Ashar,
    Prayer::Maghrib,
    Prayer::Isya,
];

/// One prayer of `/prayer-times/next`: its name, its local day and minute, the instant.
#[derive(Serialize)]
pub struct PrayerAt {
    name: &'static str,
    date: AnyDate,
    time: String,
    instant: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds_until: Option<i64>,
}

/// `input` of `/prayer-times/next`.
#[derive(Serialize)]
struct NextInput<'a> {
    place: &'a str,
    method: &'static str,
    at: String,
}

/// The body of `/api/v1/prayer-times/next`.
#[derive(Serialize)]
pub struct NextBody<'a> {
    input: NextInput<'a>,
    place: PlaceView<'a>,
    method: &'static str,
    current: PrayerAt,
    next: PrayerAt,
    #[serde(skip)]
    seconds_until: i64,
    #[serde(skip)]
    upcoming: Moment,
}

impl NextBody<'_> {
    /// Seconds from the instant asked about to the next prayer (at least 1).
    pub fn seconds_until(&self) -> i64 {
        self.seconds_until
    }

    /// The next prayer.
    pub fn upcoming(&self) -> Moment {
        self.upcoming
    }
}

/// An instant as RFC 3339 in `zone`, to the second (`2026-02-19T18:05:00+07:00`).
fn rfc3339(zone: Zone, seconds: i64) -> Option<String> {
    local(zone, seconds, "%Y-%m-%dT%H:%M:%S%:z")
}

/// One of the five prayers on a local day: the day, the prayer and its published minute
/// (UTC seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// The place's local day.
    pub day: Date,
    /// The prayer.
    pub prayer: Prayer,
    /// Its published minute, UTC seconds.
    pub seconds: i64,
}

/// The prayer under way at `at` (UTC seconds) at `place` by `method` and the one after it,
/// from the published minutes of the local day before, the day and the day after (after
/// isya the next is tomorrow's subuh; before subuh the current is yesterday's isya);
/// `None` when a day on either side is outside the span or the table.
pub fn around(
    dataset: &ArchivedDataset,
    place: usize,
    method: &Method,
    at: i64,
) -> Option<(Moment, Moment)> {
    let zone = zone(dataset.places.get(place)?);
    let today = Date::from(zone.local_date(DateTime::from_timestamp(at, 0)?));
    let (first, last) = (today.add_days(-1), today.add_days(1));
    if !(hijri::span::contains(first) && hijri::span::contains(last)) {
        return None;
    }
    // Only the five prayers' series are decoded (the page asks on every request).
    let mut times = Vec::with_capacity(15);
    for prayer in PRAYERS {
        let exact = prayer_table::exact_times(dataset, place, (method, prayer), first, last)?;
        times.extend((first.0..).map(Date).zip(exact).filter_map(|(day, exact)| {
            Some(Moment {
                day,
                prayer,
                seconds: method.published(prayer, exact?),
            })
        }));
    }
    times.sort_by_key(|moment| moment.seconds);
    let split = times.partition_point(|moment| moment.seconds <= at);
    Some((*times.get(split.checked_sub(1)?)?, *times.get(split)?))
}

/// The body of `/prayer-times/next`: [`around`] `at` at `place` by `method`, with the
/// seconds until the next prayer. `distance_m` is the distance of a point asked about, for
/// `place`'s `distance_km`. A day the table does not hold is `out_of_coverage`, naming `at`.
pub fn next_prayer<'a>(
    dataset: &'a ArchivedDataset,
    place: usize,
    distance_m: Option<u64>,
    method: &Method,
    at: i64,
) -> Result<NextBody<'a>, Refusal> {
    let outside = || {
        Refusal::new(
            ErrorCode::OutOfCoverage,
            format!(
                "`at` must leave a day on each side within the days served, {} to {}",
                hijri::span::FIRST,
                hijri::span::LAST
            ),
        )
    };
    let archived = dataset.places.get(place).ok_or_else(outside)?;
    let zone = zone(archived);
    let (current, next) = around(dataset, place, method, at).ok_or_else(outside)?;
    let view = |moment: Moment, until: Option<i64>| {
        Some(PrayerAt {
            name: moment.prayer.name(),
            date: AnyDate::Gregorian(moment.day),
            time: local(zone, moment.seconds, "%H:%M")?,
            instant: rfc3339(zone, moment.seconds)?,
            seconds_until: until,
        })
    };
    let seconds_until = (next.seconds - at).max(1);
    Ok(NextBody {
        input: NextInput {
            place: &archived.id,
            method: method.id,
            at: rfc3339(zone, at).ok_or_else(outside)?,
        },
        place: PlaceView::of(archived).at_distance(distance_m),
        method: method.id,
        current: view(current, None).ok_or_else(outside)?,
        next: view(next, Some(seconds_until)).ok_or_else(outside)?,
        seconds_until,
        upcoming: next,
    })
}
