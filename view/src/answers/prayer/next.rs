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
    upcoming: (Date, Prayer, i64),
}

impl NextBody<'_> {
    /// Seconds from the instant asked about to the next prayer (at least 1).
    pub fn seconds_until(&self) -> i64 {
        self.seconds_until
    }

    /// The next prayer: its local day, the prayer and its published minute (UTC seconds).
    pub fn upcoming(&self) -> (Date, Prayer, i64) {
        self.upcoming
    }
}

/// An instant as RFC 3339 in `zone`, to the second (`2026-02-19T18:05:00+07:00`).
fn rfc3339(zone: Zone, seconds: i64) -> Option<String> {
    local(zone, seconds, "%Y-%m-%dT%H:%M:%S%:z")
}

/// The prayer under way at `at` (UTC seconds) at `place` by `method`, the one after it
/// and the seconds until it: from the published minutes of the local day before, the day
/// and the day after (after isya the next is tomorrow's subuh; before subuh the current is
/// yesterday's isya). `distance_m` is the distance of a point asked about, for `place`'s
/// `distance_km`. A day the table does not hold is `out_of_coverage`, naming `at`.
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
    let instant = DateTime::from_timestamp(at, 0).ok_or_else(outside)?;
    let today = Date::from(zone.local_date(instant));
    let (first, last) = (today.add_days(-1), today.add_days(1));
    if !(hijri::span::contains(first) && hijri::span::contains(last)) {
        return Err(outside());
    }
    let exact =
        prayer_table::exact_days(dataset, place, method, first, last).ok_or_else(outside)?;
    let times: Vec<(Date, Prayer, i64)> = (first.0..)
        .map(Date)
        .zip(&exact)
        .flat_map(|(day, exact)| {
            let published = prayer_table::published(method, exact);
            PRAYERS.into_iter().filter_map(move |prayer| {
                Some((
                    day,
                    prayer,
                    published.get(prayer.index()).copied().flatten()?,
                ))
            })
        })
        .collect();
    let split = times.partition_point(|(_, _, s)| *s <= at);
    let (Some(current), Some(next)) = (
        split.checked_sub(1).and_then(|i| times.get(i)),
        times.get(split),
    ) else {
        return Err(outside());
    };
    let view = |(day, prayer, seconds): (Date, Prayer, i64), until: Option<i64>| {
        Some(PrayerAt {
            name: prayer.name(),
            date: AnyDate::Gregorian(day),
            time: local(zone, seconds, "%H:%M")?,
            instant: rfc3339(zone, seconds)?,
            seconds_until: until,
        })
    };
    let seconds_until = (next.2 - at).max(1);
    Ok(NextBody {
        input: NextInput {
            place: &archived.id,
            method: method.id,
            at: rfc3339(zone, at).ok_or_else(outside)?,
        },
        place: PlaceView::of(archived).at_distance(distance_m),
        method: method.id,
        current: view(*current, None).ok_or_else(outside)?,
        next: view(*next, Some(seconds_until)).ok_or_else(outside)?,
        seconds_until,
        upcoming: *next,
    })
}
