//! Where a card's texts land once usvg lays them out with the committed fonts: each text's
//! content and ink box, and whether two boxes overlap.

/// Slack for boxes that only touch, pixels.
pub const TOUCH: f32 = 0.5;

/// One laid-out text: its content and absolute ink box (x0, y0, x1, y1).
pub struct Placed {
    /// The text.
    pub text: String,
    /// Its ink box.
    pub bbox: (f32, f32, f32, f32),
}

/// How far two boxes (x0, y0, x1, y1) overlap, across and down, if both by more than
/// [`TOUCH`].
pub fn overlap(a: (f32, f32, f32, f32), b: (f32, f32, f32, f32)) -> Option<(f32, f32)> {
    let dx = a.2.min(b.2) - a.0.max(b.0);
    let dy = a.3.min(b.3) - a.1.max(b.1);
    (dx > TOUCH && dy > TOUCH).then_some((dx, dy))
}

/// Every text under `group`, laid out, appended to `out`.
pub fn texts(group: &usvg::Group, out: &mut Vec<Placed>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => texts(g, out),
            usvg::Node::Text(t) => {
                let b = t.abs_bounding_box();
                out.push(Placed {
                    text: t.chunks().iter().map(|c| c.text()).collect(),
                    bbox: (b.left(), b.top(), b.right(), b.bottom()),
                });
            }
            _ => {}
        }
    }
}
