//! The place a request chose (`place`, a kode wilayah of `/api/v1/places`).

use hijri::schema::ArchivedPrayerPlace;

/// A place chosen by a request: its index in the archive's places, and the place.
#[derive(Clone, Copy)]
pub struct Chosen<'r> {
    /// Its index in `Dataset.places` (what the prayer table is read by).
    pub index: usize,
    /// The place.
    pub place: &'r ArchivedPrayerPlace,
}
