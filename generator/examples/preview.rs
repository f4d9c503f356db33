//! Scratch: renders the four cards of the given months of a calendar into /tmp/preview.
use hijri_cards::{display_points, month_cards, Renderer};
use hijri_generator::card_set::month_inputs;
use hijri_generator::generate::build_calendar;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let built = build_calendar(std::path::Path::new("data"), false).unwrap();
    let drawn = built.drawn(&args[1]).unwrap();
    let renderer = Renderer::new().unwrap();
    let points = display_points().unwrap();
    for m in &args[2..] {
        let (y, mo) = m.split_once('-').unwrap();
        let (y, mo): (u16, u8) = (y.parse().unwrap(), mo.parse().unwrap());
        let month = drawn.chain.months.iter().find(|x| x.year == y && x.month == mo).unwrap();
        let t = Instant::now();
        let inputs = month_inputs(&built.astro, drawn, points, month).unwrap();
        let t1 = t.elapsed();
        if let hijri_generator::card_set::MapData::World(w) = &inputs.map {
            std::fs::write(format!("/tmp/preview/{m}.svg"), hijri_cards::world_svg(&inputs.ctx(), w, true).unwrap()).unwrap();
        }
        let cards = month_cards(&renderer, &inputs.ctx(), inputs.map(), drawn.index, 0).unwrap();
        eprintln!("{m}: inputs {:?}, all {:?}", t1, t.elapsed());
        for c in cards {
            let kind = match c.kind { hijri::schema::CardKind::Viz => "viz", _ => "map" };
            let bare = if c.bare { "-bare" } else { "" };
            let path = format!("/tmp/preview/{}-{kind}{bare}-{m}.png", args[1]);
            eprintln!("  {path}: {} bytes", c.png.len());
            std::fs::write(path, &c.png).unwrap();
        }
    }
}
#[allow(dead_code)]
fn dump() {}
