//! The page's links into query strings: values percent-encoded, the imsakiyah of a place and
//! an eclipse's circumstances there.

use hijri::schema::ArchivedPrayerPlace;

/// `text` percent-encoded for a query value (letters, digits, `.`, `-` and `_` as they are).
pub fn escaped(out: &mut String, text: &str) {
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
}

/// A link to the imsakiyah of `place` for Hijri `year` in the calendar `authority`.
pub fn imsakiyah(place: &ArchivedPrayerPlace, year: u16, authority: &str) -> String {
    let mut link = String::from("imsakiyah?place=");
    escaped(&mut link, &place.id);
    link.push_str(&format!("&year={year}&authority="));
    escaped(&mut link, authority);
    link
}

/// A link to the local circumstances of the eclipse `id` at `place` (`/api/v1/eclipses/{id}`).
pub fn eclipse(id: &str, place: &ArchivedPrayerPlace) -> String {
    let mut link = String::from("api/v1/eclipses/");
    escaped(&mut link, id);
    link.push_str("?place=");
    escaped(&mut link, &place.id);
    link
}
