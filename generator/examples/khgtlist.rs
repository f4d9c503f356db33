//! Scratch.
fn main() {
    let built = hijri_generator::generate::build_calendar(std::path::Path::new("data"), false).unwrap();
    let chain = &built.dataset.chains[1];
    let (mut n, mut neither, mut none, mut noname) = (0, 0, 0, 0);
    for m in chain.months.iter().filter(|m| (1444..=1475).contains(&m.year)) {
        if let hijri::schema::Record::Khgt(e) = &m.record {
            n += 1;
            let d = hijri_generator::card_set::deciding_place(e);
            if e.applied == hijri::schema::Applied::Neither { neither += 1; if neither < 4 { println!("neither {}-{}", m.year, m.month); } }
            if d.is_none() { none += 1; println!("no place {}-{}", m.year, m.month); }
            if d.is_some_and(|p| p.name.is_empty()) { noname += 1; println!("no name {}-{} {:?}", m.year, m.month, d); }
            if let Some(p) = d { if m.year == 1447 { println!("{}-{} {:?} {}", m.year, m.month, e.applied, p.name); } }
        }
    }
    let lats: Vec<f64> = chain.months.iter().filter(|m| (1444..=1475).contains(&m.year)).filter_map(|m| if let hijri::schema::Record::Khgt(e) = &m.record { hijri_generator::card_set::deciding_place(e).map(|p| p.lat as f64 / 1e4) } else { None }).collect(); let mut l = lats.clone(); l.sort_by(f64::total_cmp); println!("lats {:?} .. {:?} below -60: {}", &l[..40], &l[l.len()-8..], l.iter().filter(|x| **x < -60.0).count()); println!("{n} khgt months, {neither} neither, {none} without place, {noname} unnamed");
}
