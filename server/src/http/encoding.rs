//! Content codings of text answers: `Accept-Encoding` negotiated with q-values (RFC 9110
//! §12.5.3: `*`, `identity;q=0`, `x-gzip`), the server's order on equal weights (br, gzip,
//! identity), and the compression itself. Bodies under [`MIN_COMPRESSED`] bytes are always
//! sent as they are; the contract has no 406, so identity is also the answer when a client
//! refuses every coding.

use std::io::Write;

use actix_web::http::header::{self, HeaderMap, HeaderValue};

pub use hijri_view::MIN_COMPRESSED;

/// gzip level of on-the-fly compression: the fastest. Measured with flate2 on this machine
/// (best of 30): `/year` (30.6 KB) 3.6 KB in ~60 µs at level 1, 2.5 KB in ~500 µs at level 6;
/// `/hilal/history` (327 KB) 43 KB in ~1 ms, 24 KB in ~26 ms. The higher levels are for
/// bodies compressed once, not per request.
const GZIP_LEVEL: u32 = 1;

/// brotli quality of on-the-fly compression, for the same reason. Measured with the brotli
/// crate: `/year` 2.3 KB in ~220 µs at quality 1 (quality 3: the same size, twice the time;
/// quality 5: 1.7 KB in ~430 µs), `/hilal/history` 29.5 KB in ~1.1 ms (quality 5: 21 KB in
/// 15–50 ms).
const BROTLI_QUALITY: u32 = 1;

/// brotli window (log2 of its size in bytes); 22, the encoder's default, covers every body.
const BROTLI_WINDOW: u32 = 22;

/// `Vary` of every answer whose coding was negotiated.
pub const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");

/// A content coding the service sends, in the server's order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    /// Brotli (`br`).
    Brotli,
    /// gzip.
    Gzip,
    /// The body as it is.
    Identity,
}

impl Coding {
    /// Every coding, preferred first (the order that breaks equal q-values).
    pub const PREFERENCE: [Coding; 3] = [Coding::Brotli, Coding::Gzip, Coding::Identity];

    /// The `Content-Encoding` value, `None` for identity (which is never sent).
    pub fn content_encoding(self) -> Option<HeaderValue> {
        match self {
            Coding::Brotli => Some(HeaderValue::from_static("br")),
            Coding::Gzip => Some(HeaderValue::from_static("gzip")),
            Coding::Identity => None,
        }
    }

    /// What this representation adds to the body's entity tag, inside the quotes, so that
    /// each representation has its own strong `ETag`.
    pub fn etag_suffix(self) -> &'static str {
        match self {
            Coding::Brotli => hijri::fingerprint::BROTLI_SUFFIX,
            Coding::Gzip => hijri::fingerprint::GZIP_SUFFIX,
            Coding::Identity => "",
        }
    }

    /// `body` in this coding.
    #[allow(
        clippy::expect_used,
        reason = "writing into a Vec cannot fail, so neither can the encoder over it"
    )]
    pub fn encode(self, body: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(body.len() / 4 + 64);
        match self {
            Coding::Brotli => {
                let mut writer =
                    brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
                writer
                    .write_all(body)
                    .expect("compressing into memory cannot fail");
                writer.into_inner();
            }
            Coding::Gzip => {
                let mut writer =
                    flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(GZIP_LEVEL));
                writer
                    .write_all(body)
                    .expect("compressing into memory cannot fail");
                writer
                    .finish()
                    .expect("compressing into memory cannot fail");
            }
            Coding::Identity => out.extend_from_slice(body),
        }
        out
    }

    /// This coding's name in `Accept-Encoding` (`x-gzip` is gzip, RFC 9110 §8.4.1.3).
    fn named(name: &str) -> Option<Coding> {
        [
            ("br", Coding::Brotli),
            ("gzip", Coding::Gzip),
            ("x-gzip", Coding::Gzip),
            ("identity", Coding::Identity),
        ]
        .into_iter()
        .find(|(known, _)| name.eq_ignore_ascii_case(known))
        .map(|(_, coding)| coding)
    }
}

/// A q-value in thousandths (0 = not acceptable, 1000 = most wanted).
type Weight = u16;

/// The weight of identity when `Accept-Encoding` names neither it nor `*`: acceptable, but
/// after every coding the client named.
const IMPLICIT_IDENTITY: Weight = 1;

/// The coding to send for a request's headers. Without `Accept-Encoding` the body is sent as
/// it is (what every client understands); otherwise the acceptable coding of highest weight,
/// ties broken by [`Coding::PREFERENCE`]; identity if none is acceptable.
pub fn negotiate(headers: &HeaderMap) -> Coding {
    let mut fields = headers
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|value| value.to_str().ok())
        .peekable();
    if fields.peek().is_none() {
        return Coding::Identity;
    }
    let mut named: [Option<Weight>; 3] = [None; 3];
    let mut star = None;
    for (name, weight) in fields
        .flat_map(|field| field.split(','))
        .filter_map(element)
    {
        let slot = if name == "*" {
            Some(&mut star)
        } else {
            Coding::named(name).and_then(|coding| named.get_mut(coding as usize))
        };
        let Some(slot) = slot else {
            continue;
        };
        // The first mention of a coding counts.
        slot.get_or_insert(weight);
    }
    let weight = |coding: Coding| {
        named
            .get(coding as usize)
            .copied()
            .flatten()
            .or(star)
            .unwrap_or(match coding {
                Coding::Identity => IMPLICIT_IDENTITY,
                _ => 0,
            })
    };
    Coding::PREFERENCE
        .into_iter()
        .filter(|&coding| weight(coding) > 0)
        .fold(None, |best: Option<Coding>, coding| match best {
            Some(best) if weight(best) >= weight(coding) => Some(best),
            _ => Some(coding),
        })
        .unwrap_or(Coding::Identity)
}

/// One list element, `coding[;q=weight]`, as its name and weight; `None` when empty or
/// malformed (such an element is ignored).
fn element(text: &str) -> Option<(&str, Weight)> {
    let mut parts = text.split(';').map(str::trim);
    let name = parts.next().filter(|name| !name.is_empty())?;
    let mut weight = 1000;
    for parameter in parts {
        let (key, value) = parameter.split_once('=')?;
        if key.trim().eq_ignore_ascii_case("q") {
            weight = qvalue(value.trim())?;
        }
    }
    Some((name, weight))
}

/// A q-value (`0`, `0.5`, `1.000`: at most three decimals, at most 1) in thousandths.
fn qvalue(text: &str) -> Option<Weight> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<Weight>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read;

    fn chosen(values: &[&str]) -> Coding {
        let req = values
            .iter()
            .fold(TestRequest::default(), |req, value| {
                req.append_header((header::ACCEPT_ENCODING, *value))
            })
            .to_http_request();
        negotiate(req.headers())
    }

    #[test]
    fn without_the_header_the_body_goes_as_it_is() {
        assert_eq!(chosen(&[]), Coding::Identity);
        assert_eq!(chosen(&[""]), Coding::Identity);
    }

    #[test]
    fn equal_weights_follow_the_server_order() {
        assert_eq!(chosen(&["gzip, deflate, br, zstd"]), Coding::Brotli);
        assert_eq!(chosen(&["gzip, deflate"]), Coding::Gzip);
        assert_eq!(chosen(&["identity, gzip"]), Coding::Gzip);
        assert_eq!(chosen(&["*"]), Coding::Brotli);
        assert_eq!(chosen(&["deflate"]), Coding::Identity);
        assert_eq!(chosen(&["gzip", "br"]), Coding::Brotli);
        assert_eq!(chosen(&["GZIP"]), Coding::Gzip);
        assert_eq!(chosen(&["x-gzip"]), Coding::Gzip);
    }

    #[test]
    fn q_values_are_honoured() {
        assert_eq!(chosen(&["gzip, br;q=0"]), Coding::Gzip);
        assert_eq!(chosen(&["br;q=0.5, gzip;q=0.8"]), Coding::Gzip);
        assert_eq!(chosen(&["br;q=0.8, gzip;q=0.8"]), Coding::Brotli);
        assert_eq!(chosen(&["gzip;q=0.001"]), Coding::Gzip);
        assert_eq!(chosen(&["identity;q=1, gzip;q=0.5"]), Coding::Identity);
        assert_eq!(chosen(&["*;q=0.5, gzip;q=0.9"]), Coding::Gzip);
        assert_eq!(chosen(&["*, br;q=0"]), Coding::Gzip);
        assert_eq!(chosen(&["*;q=0, gzip"]), Coding::Gzip);
        assert_eq!(chosen(&["gzip ; Q=1.000"]), Coding::Gzip);
        assert_eq!(chosen(&["br;q=0, gzip;q=0"]), Coding::Identity);
    }

    #[test]
    fn refusing_everything_still_gets_identity() {
        // The contract has no 406: identity is sent rather than an error.
        assert_eq!(chosen(&["identity;q=0"]), Coding::Identity);
        assert_eq!(chosen(&["*;q=0"]), Coding::Identity);
        assert_eq!(chosen(&["identity;q=0, gzip"]), Coding::Gzip);
    }

    #[test]
    fn malformed_elements_are_ignored() {
        for bad in ["q=2", "q=1.5", "q=0.1234", "q=-1", "q=", "q=x", "q"] {
            assert_eq!(chosen(&[&format!("br;{bad}, gzip")]), Coding::Gzip, "{bad}");
        }
        assert_eq!(chosen(&[",, ;q=1, gzip"]), Coding::Gzip);
        assert_eq!(chosen(&["gzip;q=0, gzip"]), Coding::Identity);
    }

    #[test]
    fn codings_round_trip() {
        let body = br#"{"months":[1,2,3,4,5,6,7,8,9,10,11,12]}"#.repeat(100);
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&Coding::Gzip.encode(&body)[..])
            .read_to_end(&mut unzipped)
            .unwrap();
        assert_eq!(unzipped, body);
        let mut unbrotli = Vec::new();
        brotli::Decompressor::new(&Coding::Brotli.encode(&body)[..], 4096)
            .read_to_end(&mut unbrotli)
            .unwrap();
        assert_eq!(unbrotli, body);
        assert_eq!(Coding::Identity.encode(&body), body);
        assert!(Coding::Brotli.encode(&body).len() < body.len() / 10);
    }
}
