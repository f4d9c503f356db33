//! The one content fingerprint of the project: a fast 64-bit hash that never changes between
//! builds or toolchains, used for every `ETag` (JSON bodies and PNG cards alike) and for the
//! short `data_version` of the official table.

use crate::ascii::Ascii;

/// A stable 64-bit hash: multiply-rotate over little-endian 8-byte words, then the
/// MurmurHash3 finaliser.
pub fn hash64(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let word = |chunk: &[u8]| {
        let mut buffer = [0u8; 8];
        for (to, from) in buffer.iter_mut().zip(chunk) {
            *to = *from;
        }
        u64::from_le_bytes(buffer)
    };
    let mut chunks = bytes.chunks_exact(8);
    let mut h = (bytes.len() as u64) ^ K;
    for chunk in &mut chunks {
        h = (h ^ word(chunk)).wrapping_mul(K).rotate_left(29);
    }
    h = (h ^ word(chunks.remainder())).wrapping_mul(K);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// One fingerprint of several byte strings, in order: the hash of their hashes.
pub fn hash64_of_parts(parts: &[&[u8]]) -> u64 {
    let hashes: Vec<u8> = parts
        .iter()
        .flat_map(|part| hash64(part).to_le_bytes())
        .collect();
    hash64(&hashes)
}

/// The strong entity tag of a body: its hash as 16 hex digits in quotes.
pub fn etag(body: &[u8]) -> String {
    representation_etag(body, "").to_string()
}

/// The strong entity tag of one representation of a body (a content coding of it): the
/// body's hash as 16 hex digits followed by the representation's `suffix` (at most 14
/// bytes), in quotes. Built without allocating: the server tags dynamic answers per request.
pub fn representation_etag(body: &[u8], suffix: &str) -> Ascii<32> {
    let mut tag = Ascii::new();
    tag.push(b'"')
        .hex(hash64(body), 16)
        .push_str(suffix)
        .push(b'"');
    tag
}

/// What a gzip representation adds to the body's entity tag, inside the quotes.
pub const GZIP_SUFFIX: &str = "-gz";
/// What a brotli representation adds to the body's entity tag, inside the quotes.
pub const BROTLI_SUFFIX: &str = "-br";

/// A short identity of some bytes: the top 48 bits of the hash as 12 hex digits.
pub fn short_id(bytes: &[u8]) -> String {
    Ascii::<12>::new().hex(hash64(bytes) >> 16, 12).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_values_never_change() {
        // Pinned: every ETag a client holds and every data_version depend on these values.
        let long: Vec<u8> = (0..100u8).collect();
        for (bytes, hash) in [
            (&b""[..], 0x3836_f068_1055_a942),
            (b"{}", 0xee5a_e999_6534_99c0),
            (b"hijri", 0xa7f8_9060_0707_af77),
            (b"abcdefgh", 0x262f_2e0a_7a14_6fdc),
            (&long, 0x34f7_3aaa_aa52_adf5),
        ] {
            assert_eq!(hash64(bytes), hash, "{bytes:?}");
        }
        assert_eq!(etag(b"hijri"), "\"a7f890600707af77\"");
        assert_eq!(
            representation_etag(b"hijri", "-gz").as_str(),
            "\"a7f890600707af77-gz\""
        );
        assert_eq!(short_id(b"hijri"), "a7f890600707");
        let parts: Vec<u8> = [hash64(b"hi"), hash64(b"jri")]
            .iter()
            .flat_map(|h| h.to_le_bytes())
            .collect();
        assert_eq!(hash64_of_parts(&[b"hi", b"jri"]), hash64(&parts));
    }

    #[test]
    fn every_byte_and_the_length_count() {
        assert_ne!(hash64(b"abcdefgh"), hash64(b"abcdefgh\0"));
        let long: Vec<u8> = (0..100u8).collect();
        let mut changed = long.clone();
        changed[5] ^= 1;
        assert_ne!(hash64(&long), hash64(&changed));
        assert_ne!(hash64(&long[..64]), hash64(&long[..65]));
    }
}
