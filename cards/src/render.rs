//! SVG to PNG: usvg parses with the committed fonts only (system fonts never load), resvg
//! rasterises, and the `png` crate encodes at a high zlib level: RGB when opaque, losslessly,
//! or with a 256-colour palette ([`crate::palette`]) for a picture of flat fills (the maps).
//! The same SVG always gives the same bytes.

use std::sync::Arc;

use resvg::tiny_skia;
use usvg::fontdb;

use super::palette::paletted;
use super::svg::FONT_FAMILY;
use super::CardError;

/// DejaVu Sans (Bitstream Vera licence, see `data/fonts/LICENSE-DejaVu.txt`).
pub(super) const DEJAVU_SANS: &[u8] = include_bytes!("../../data/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub(super) const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../data/fonts/DejaVuSans-Bold.ttf");

/// zlib level of the PNG encoder (flate2 on its zlib-rs backend). 9 makes a sky chart
/// 7–11 % and a paletted map 4 % smaller than 6, but takes 4–5 times as long to encode (on
/// a bare sky chart 222 ms against 47 ms): with both calendars' 3,072 cards, 6 keeps the
/// whole generation inside its time budget (BENCHMARKS.md).
const ZLIB_LEVEL: u8 = 6;

/// How a card's pixels are written: the row filter that packs them smallest, and whether
/// through a 256-colour palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// The PNG row filter of every row.
    pub filter: png::Filter,
    /// A 256-colour palette instead of RGB (flat fills only: a gradient would band).
    pub palette: bool,
}

/// Parses and rasterises card SVGs with a font database loaded once from bytes.
#[derive(Clone, Debug)]
pub struct Renderer {
    fontdb: Arc<fontdb::Database>,
}

impl Renderer {
    /// A renderer with the committed DejaVu Sans regular and bold.
    pub fn new() -> Result<Self, CardError> {
        Renderer::from_fonts(vec![DEJAVU_SANS.to_vec(), DEJAVU_SANS_BOLD.to_vec()])
    }

    /// A renderer with exactly these font files (TrueType/OpenType bytes); no system fonts.
    pub fn from_fonts(fonts: Vec<Vec<u8>>) -> Result<Self, CardError> {
        let mut db = fontdb::Database::new();
        for font in fonts {
            db.load_font_data(font);
        }
        let has_family = db.faces().any(|face| {
            face.families
                .iter()
                .any(|(family, _)| family == FONT_FAMILY)
        });
        if !has_family {
            return Err(CardError::Font(format!(
                "no face of family {FONT_FAMILY:?} among {} loaded faces",
                db.len()
            )));
        }
        db.set_sans_serif_family(FONT_FAMILY);
        Ok(Renderer {
            fontdb: Arc::new(db),
        })
    }

    /// Parses `svg` into a usvg tree (text laid out with the loaded fonts).
    pub fn tree(&self, svg: &str) -> Result<usvg::Tree, CardError> {
        let options = usvg::Options {
            font_family: FONT_FAMILY.to_owned(),
            fontdb: Arc::clone(&self.fontdb),
            ..usvg::Options::default()
        };
        usvg::Tree::from_str(svg, &options).map_err(|e| CardError::Render(e.to_string()))
    }

    /// Renders `svg` scaled to `width` x `height` pixels and encodes it as PNG the way that
    /// suits its picture.
    pub fn png(
        &self,
        svg: &str,
        width: u32,
        height: u32,
        encoding: Encoding,
    ) -> Result<Vec<u8>, CardError> {
        let tree = self.tree(svg)?;
        let mut pixmap = tiny_skia::Pixmap::new(width, height)
            .ok_or_else(|| CardError::Render(format!("cannot allocate {width}x{height}")))?;
        let size = tree.size();
        let transform = tiny_skia::Transform::from_scale(
            width as f32 / size.width(),
            height as f32 / size.height(),
        );
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        encode(&pixmap, encoding)
    }
}

/// Encodes a rendered pixmap: with a palette when `encoding` asks for one and every pixel is
/// opaque, else losslessly, 8-bit RGB when every pixel is opaque, else straight RGBA; zlib
/// level [`ZLIB_LEVEL`], every row with the encoding's filter.
fn encode(pixmap: &tiny_skia::Pixmap, encoding: Encoding) -> Result<Vec<u8>, CardError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let mut palette = None;
    let (colour, data): (png::ColorType, Vec<u8>) = if opaque && encoding.palette {
        let rgb: Vec<u32> = pixmap
            .pixels()
            .iter()
            .map(|p| u32::from(p.red()) << 16 | u32::from(p.green()) << 8 | u32::from(p.blue()))
            .collect();
        let picture = paletted(&rgb);
        palette = Some(picture.palette);
        (png::ColorType::Indexed, picture.indices)
    } else if opaque {
        let rgb = pixmap
            .pixels()
            .iter()
            .flat_map(|p| [p.red(), p.green(), p.blue()])
            .collect();
        (png::ColorType::Rgb, rgb)
    } else {
        let rgba = pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        (png::ColorType::Rgba, rgba)
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(palette) = palette {
        encoder.set_palette(palette);
    }
    encoder.set_deflate_compression(png::DeflateCompression::Level(ZLIB_LEVEL));
    encoder.set_filter(encoding.filter);
    let png_error = |e: png::EncodingError| CardError::Render(format!("PNG encoding: {e}"));
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(&data).map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_without_dejavu_are_refused() {
        assert!(Renderer::from_fonts(Vec::new()).is_err());
        assert!(Renderer::from_fonts(vec![b"not a font".to_vec()]).is_err());
    }
}
