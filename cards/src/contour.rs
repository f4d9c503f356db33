//! Marching squares on a row-major grid: iso-lines at a level (joined into polylines) and the
//! region at or above it (as polygons), both with linear interpolation along cell edges.
//!
//! Points are in grid index units: `(i, j)` is node `j·nx + i`, fractional between nodes.

use std::collections::HashMap;

/// A point in grid index units.
pub type GridPoint = (f64, f64);

/// An edge between two neighbouring nodes: `(i, j, vertical)`; horizontal edges join `(i, j)`
/// and `(i + 1, j)`, vertical ones `(i, j)` and `(i, j + 1)`.
type EdgeKey = (usize, usize, bool);

struct Field<'a> {
    values: &'a [f64],
    nx: usize,
    level: f64,
}

impl Field<'_> {
    #[allow(
        clippy::indexing_slicing,
        reason = "callers pass nodes i < nx, j < ny of a grid of nx·ny values"
    )]
    fn at(&self, i: usize, j: usize) -> f64 {
        self.values[j * self.nx + i]
    }

    fn inside(&self, i: usize, j: usize) -> bool {
        self.at(i, j) >= self.level
    }

    /// Where the level crosses an edge (linear interpolation between its two nodes).
    fn crossing(&self, (i, j, vertical): EdgeKey) -> GridPoint {
        let (i2, j2) = if vertical { (i, j + 1) } else { (i + 1, j) };
        let (a, b) = (self.at(i, j), self.at(i2, j2));
        let t = if a == b {
            0.5
        } else {
            ((self.level - a) / (b - a)).clamp(0.0, 1.0)
        };
        (
            i as f64 + t * (i2 as f64 - i as f64),
            j as f64 + t * (j2 as f64 - j as f64),
        )
    }

    /// Corners of cell `(i, j)` counter-clockwise from its lower-left node, and the edge that
    /// leaves each corner towards the next.
    fn cell(&self, i: usize, j: usize) -> ([(usize, usize); 4], [EdgeKey; 4]) {
        (
            [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)],
            [
                (i, j, false),
                (i + 1, j, true),
                (i, j + 1, false),
                (i, j, true),
            ],
        )
    }

    /// The segments of cell `(i, j)` as pairs of crossed edges.
    #[allow(
        clippy::indexing_slicing,
        reason = "a cell has 4 corners and 4 edges, indexed by k in 0..4 (mod 4)"
    )]
    fn segments(&self, i: usize, j: usize) -> Vec<(EdgeKey, EdgeKey)> {
        let (corners, edges) = self.cell(i, j);
        let inside = corners.map(|(ci, cj)| self.inside(ci, cj));
        let crossed: Vec<usize> = (0..4)
            .filter(|&k| inside[k] != inside[(k + 1) % 4])
            .collect();
        match crossed.len() {
            2 => vec![(edges[crossed[0]], edges[crossed[1]])],
            4 => {
                // Saddle: the corners that differ from the cell centre are cut off on their own.
                let centre = corners.iter().map(|&(ci, cj)| self.at(ci, cj)).sum::<f64>() / 4.0;
                let centre_inside = centre >= self.level;
                (0..4)
                    .filter(|&k| inside[k] != centre_inside)
                    .map(|k| (edges[(k + 3) % 4], edges[k]))
                    .collect()
            }
            _ => Vec::new(),
        }
    }
}

/// Iso-lines of `values` (`nx` x `ny`, row-major) at `level`, joined into polylines.
/// Closed loops repeat their first point at the end.
#[allow(
    clippy::indexing_slicing,
    reason = "used has one flag per segment, and every segment's edges are keys of by_edge"
)]
pub fn isolines(values: &[f64], nx: usize, ny: usize, level: f64) -> Vec<Vec<GridPoint>> {
    if nx < 2 || ny < 2 || values.len() != nx * ny {
        return Vec::new();
    }
    let field = Field { values, nx, level };
    let mut segments = Vec::new();
    for j in 0..ny - 1 {
        for i in 0..nx - 1 {
            segments.extend(field.segments(i, j));
        }
    }
    // Look-up only: the walk below goes through `segments` in order, so the output order
    // does not depend on the hash map.
    let mut by_edge: HashMap<EdgeKey, Vec<usize>> = HashMap::new();
    for (s, (a, b)) in segments.iter().enumerate() {
        by_edge.entry(*a).or_default().push(s);
        by_edge.entry(*b).or_default().push(s);
    }
    let mut used = vec![false; segments.len()];
    let mut lines = Vec::new();
    // Open lines first (from an edge used by one segment only), then the remaining loops.
    for open_pass in [true, false] {
        for start in 0..segments.len() {
            if used[start] {
                continue;
            }
            let (a, b) = segments[start];
            let begin = if !open_pass || by_edge[&a].len() == 1 {
                a
            } else if by_edge[&b].len() == 1 {
                b
            } else {
                continue;
            };
            let mut edge = begin;
            let mut points = vec![field.crossing(edge)];
            let mut current = start;
            loop {
                used[current] = true;
                let (a, b) = segments[current];
                edge = if a == edge { b } else { a };
                points.push(field.crossing(edge));
                match by_edge[&edge].iter().find(|&&s| !used[s]) {
                    Some(&next) => current = next,
                    None => break,
                }
            }
            lines.push(points);
        }
    }
    lines
}

/// The region where `values >= level`, as polygons (all counter-clockwise in grid units):
/// runs of wholly inside cells as one rectangle each, cut cells as their clipped part.
/// Drawn as one path with the non-zero rule, they tile the region without seams.
pub fn region(values: &[f64], nx: usize, ny: usize, level: f64) -> Vec<Vec<GridPoint>> {
    if nx < 2 || ny < 2 || values.len() != nx * ny {
        return Vec::new();
    }
    let field = Field { values, nx, level };
    let mut polygons = Vec::new();
    for j in 0..ny - 1 {
        let mut run_start: Option<usize> = None;
        for i in 0..nx {
            let full = i < nx - 1 && {
                let (corners, _) = field.cell(i, j);
                corners.iter().all(|&(ci, cj)| field.inside(ci, cj))
            };
            match (full, run_start) {
                (true, None) => run_start = Some(i),
                (false, Some(i0)) => {
                    let (x0, x1, y0, y1) = (i0 as f64, i as f64, j as f64, j as f64 + 1.0);
                    polygons.push(vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)]);
                    run_start = None;
                }
                _ => {}
            }
            if !full && i < nx - 1 {
                polygons.extend(field.clipped_cell(i, j));
            }
        }
    }
    polygons
}

impl Field<'_> {
    /// The inside part of a cell that is neither wholly inside nor wholly outside.
    #[allow(
        clippy::indexing_slicing,
        reason = "a cell has 4 corners and 4 edges, indexed by k in 0..4 (mod 4)"
    )]
    fn clipped_cell(&self, i: usize, j: usize) -> Vec<Vec<GridPoint>> {
        let (corners, edges) = self.cell(i, j);
        let inside = corners.map(|(ci, cj)| self.inside(ci, cj));
        if !inside.iter().any(|&v| v) {
            return Vec::new();
        }
        let corner_point = |k: usize| (corners[k].0 as f64, corners[k].1 as f64);
        let crossings = (0..4).filter(|&k| inside[k] != inside[(k + 1) % 4]).count();
        let centre = corners.iter().map(|&(ci, cj)| self.at(ci, cj)).sum::<f64>() / 4.0;
        if crossings == 4 && centre < self.level {
            // Saddle with an outside centre: the two inside corners are separate triangles.
            return (0..4)
                .filter(|&k| inside[k])
                .map(|k| {
                    vec![
                        self.crossing(edges[(k + 3) % 4]),
                        corner_point(k),
                        self.crossing(edges[k]),
                    ]
                })
                .collect();
        }
        let mut polygon = Vec::with_capacity(8);
        for k in 0..4 {
            if inside[k] {
                polygon.push(corner_point(k));
            }
            if inside[k] != inside[(k + 1) % 4] {
                polygon.push(self.crossing(edges[k]));
            }
        }
        vec![polygon]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cone: values = 10 − distance from (5, 5) on an 11 x 11 grid.
    fn cone() -> Vec<f64> {
        (0..121)
            .map(|k| {
                let (i, j) = ((k % 11) as f64, (k / 11) as f64);
                10.0 - ((i - 5.0).powi(2) + (j - 5.0).powi(2)).sqrt()
            })
            .collect()
    }

    #[test]
    fn circle_is_one_closed_line() {
        let lines = isolines(&cone(), 11, 11, 7.0);
        assert_eq!(lines.len(), 1);
        let line = &lines[0];
        assert_eq!(line.first(), line.last());
        for (x, y) in line {
            let r = ((x - 5.0).powi(2) + (y - 5.0).powi(2)).sqrt();
            assert!((r - 3.0).abs() < 0.2, "radius {r}");
        }
    }

    #[test]
    fn line_across_is_open() {
        let ramp: Vec<f64> = (0..30).map(|k| (k % 6) as f64).collect();
        let lines = isolines(&ramp, 6, 5, 2.5);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].len(), 5);
        assert!(lines[0].iter().all(|&(x, _)| (x - 2.5).abs() < 1e-12));
    }

    #[test]
    fn region_area_matches_disc() {
        let polygons = region(&cone(), 11, 11, 7.0);
        let area: f64 = polygons
            .iter()
            .map(|p| {
                (0..p.len())
                    .map(|k| {
                        let (a, b) = (p[k], p[(k + 1) % p.len()]);
                        a.0 * b.1 - b.0 * a.1
                    })
                    .sum::<f64>()
                    / 2.0
            })
            .sum();
        let disc = std::f64::consts::PI * 9.0;
        assert!((area - disc).abs() < 0.05 * disc, "area {area}");
    }
}
