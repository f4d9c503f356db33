//! Scratch: times PNG encodings of a decoded card.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width, info.height);
    let rgb: Vec<u8> = match info.color_type {
        png::ColorType::Rgb => buf[..info.buffer_size()].to_vec(),
        png::ColorType::Indexed => {
            let pal = r.info().palette.clone().unwrap();
            buf[..info.buffer_size()].iter().flat_map(|&i| { let k = 3 * i as usize; [pal[k], pal[k+1], pal[k+2]] }).collect()
        }
        c => panic!("{c:?}"),
    };
    let pal = rgb.len() < 0 || std::env::var("PAL").is_ok(); for (level, filter, palette) in [5u8,6,7,8,9].into_iter().map(|l| (l, if pal { png::Filter::NoFilter } else { png::Filter::Sub }, pal)) {
        let t = Instant::now();
        let (ct, data, pal) = if palette {
            let px: Vec<u32> = rgb.chunks(3).map(|c| (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32).collect();
            let t2 = Instant::now();
            let mut counts = std::collections::HashMap::<u32,u32>::new();
            for p in &px { *counts.entry(*p).or_default() += 1; }
            if false { eprintln!("   count {:?} ({} colours)", t2.elapsed(), counts.len()); }
            let mut pal: Vec<u8> = Vec::new(); let mut idx = std::collections::HashMap::new();
            let mut cs: Vec<_> = counts.into_iter().collect(); cs.sort_by(|a,b| b.1.cmp(&a.1));
            for (k,(c,_)) in cs.iter().take(256).enumerate() { idx.insert(*c, k as u8); pal.extend([(c>>16) as u8, (c>>8) as u8, *c as u8]); }
            let data: Vec<u8> = px.iter().map(|p| *idx.get(p).unwrap_or(&0)).collect();
            (png::ColorType::Indexed, data, Some(pal))
        } else { (png::ColorType::Rgb, rgb.clone(), None) };
        let tq = t.elapsed();
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, w, h);
        e.set_color(ct); e.set_depth(png::BitDepth::Eight);
        if let Some(p) = pal { e.set_palette(p); }
        e.set_deflate_compression(png::DeflateCompression::Level(level)); e.set_filter(filter);
        let mut wr = e.write_header().unwrap(); wr.write_image_data(&data).unwrap(); wr.finish().unwrap();
        eprintln!("level {level} {filter:?} palette {palette}: prep {:?} total {:?} {} bytes", tq, t.elapsed(), out.len());
    }
}
