//! Skiddy's canonical form for duplicates: two levels are the same when one
//! maps onto the other by a symmetry of the board (rotation or mirror; the
//! rules are the same in every direction, with the moves mapped
//! accordingly) together with a consistent renaming of colours.

use std::collections::HashMap;

use super::{Cell, Colour, Floor, Level, Piece};

/// A symmetry of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Nothing changes.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Left and right swap.
    MirrorX,
    /// Top and bottom swap.
    MirrorY,
    /// Mirror in the main diagonal.
    Transpose,
    /// Mirror in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// The symmetries of a `width x height` board: all 8 for a square, the 4
    /// that keep the size otherwise.
    pub fn of_board(width: usize, height: usize) -> &'static [Symmetry] {
        use Symmetry::*;
        if width == height {
            &[
                Identity,
                Rotate90,
                Rotate180,
                Rotate270,
                MirrorX,
                MirrorY,
                Transpose,
                AntiTranspose,
            ]
        } else {
            &[Identity, Rotate180, MirrorX, MirrorY]
        }
    }

    /// Whether the symmetry swaps width and height.
    fn swaps_sides(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// Where cell `(x, y)` of a `w x h` board goes.
    pub fn map(self, x: usize, y: usize, w: usize, h: usize) -> (usize, usize) {
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (h - 1 - y, x),
            Symmetry::Rotate180 => (w - 1 - x, h - 1 - y),
            Symmetry::Rotate270 => (y, w - 1 - x),
            Symmetry::MirrorX => (w - 1 - x, y),
            Symmetry::MirrorY => (x, h - 1 - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (h - 1 - y, w - 1 - x),
        }
    }

    /// The level seen through this symmetry.
    pub fn apply(self, level: &Level) -> Level {
        let (w, h) = (level.width(), level.height());
        let (nw, nh) = if self.swaps_sides() { (h, w) } else { (w, h) };
        let mut cells = vec![Cell::default(); nw * nh];
        for y in 0..h {
            for x in 0..w {
                let (nx, ny) = self.map(x, y, w, h);
                cells[ny * nw + nx] = level.cell(x, y);
            }
        }
        let mut out = Level::from_cells(nw, nh, cells);
        out.name = level.name.clone();
        out
    }
}

fn colour_of(cell: Cell) -> [Option<Colour>; 2] {
    let floor = match cell.floor {
        Floor::Goal(c) => Some(c),
        _ => None,
    };
    let piece = match cell.piece {
        Some(Piece::Skiddy(c)) => Some(c),
        _ => None,
    };
    [floor, piece]
}

/// The level's cells as text, with colours renamed in order of first
/// appearance (row by row), so that levels differing only by a consistent
/// renaming of colours give the same text.
fn key_with_renamed_colours(level: &Level) -> String {
    let mut rename: HashMap<Colour, usize> = HashMap::new();
    for &cell in level.cells() {
        for c in colour_of(cell).into_iter().flatten() {
            let next = rename.len();
            rename.entry(c).or_insert(next);
        }
    }
    let mut key = format!("{}x{}:", level.width(), level.height());
    for &cell in level.cells() {
        let floor = match cell.floor {
            Floor::Empty => '.',
            Floor::Block => '#',
            Floor::Pit => 'o',
            Floor::Goal(c) => (b'a' + rename[&c] as u8) as char,
        };
        let piece = match cell.piece {
            None => '_',
            Some(Piece::Crate) => 'c',
            Some(Piece::Ice) => 'i',
            Some(Piece::Skiddy(c)) => (b'A' + rename[&c] as u8) as char,
        };
        key.push(floor);
        key.push(piece);
    }
    key
}

/// A key equal for exactly the levels that are the same up to a symmetry of
/// the board and a renaming of colours.
pub fn canonical_key(level: &Level) -> String {
    Symmetry::of_board(level.width(), level.height())
        .iter()
        .map(|s| key_with_renamed_colours(&s.apply(level)))
        .min()
        .expect("every board has the identity")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;

    fn duplicate_groups(levels: &[Level]) -> Vec<Vec<usize>> {
        let kinds: Vec<crate::kinds::Level> = levels.iter().cloned().map(Into::into).collect();
        crate::pack::dedupe::duplicate_groups(&kinds)
    }

    const SQUARE: &str = "######\n#R..o#\n#.c..#\n#..B.#\n#i...#\n##r#b#\n";
    const WIDE: &str = "#######\n#R..o.#\n#.c..B#\n#i....#\n##r#b##\n";

    #[test]
    fn every_symmetry_of_a_square_board_is_a_duplicate() {
        let level = parse_ascii(SQUARE).unwrap();
        let images: Vec<Level> = Symmetry::of_board(6, 6)
            .iter()
            .map(|s| s.apply(&level))
            .collect();
        assert_eq!(images.len(), 8);
        let distinct: std::collections::HashSet<String> =
            images.iter().map(key_with_renamed_colours).collect();
        assert_eq!(
            distinct.len(),
            8,
            "the test level has no symmetry of its own"
        );
        assert_eq!(duplicate_groups(&images), vec![(0..8).collect::<Vec<_>>()]);
    }

    #[test]
    fn a_non_square_board_has_four() {
        let level = parse_ascii(WIDE).unwrap();
        let images: Vec<Level> = Symmetry::of_board(7, 5)
            .iter()
            .map(|s| s.apply(&level))
            .collect();
        assert_eq!(images.len(), 4);
        assert_eq!(duplicate_groups(&images), vec![vec![0, 1, 2, 3]]);
    }

    #[test]
    fn renaming_colours_is_a_duplicate() {
        let a = parse_ascii(SQUARE).unwrap();
        let b = parse_ascii(
            &SQUARE
                .replace('R', "X")
                .replace('B', "R")
                .replace('X', "B")
                .replace('r', "x")
                .replace('b', "r")
                .replace('x', "b"),
        )
        .unwrap();
        let c = parse_ascii(&SQUARE.replace('R', "G").replace('r', "g")).unwrap();
        assert_eq!(duplicate_groups(&[a, b, c]), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn levels_that_merely_look_alike_are_not_duplicates() {
        let a = parse_ascii(SQUARE).unwrap();
        // One piece moved by one cell.
        let b = parse_ascii(&SQUARE.replace("#..B.#", "#...B#")).unwrap();
        // A crate swapped for ice.
        let c = parse_ascii(&SQUARE.replace("#.c..#", "#.i..#")).unwrap();
        // Colours swapped on the goals only (not consistent).
        let d = parse_ascii(&SQUARE.replace("##r#b#", "##b#r#")).unwrap();
        assert!(duplicate_groups(&[a, b, c, d]).is_empty());
    }
}
