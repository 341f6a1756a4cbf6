//! Rush Hour's canonical form, for finding duplicate levels.
//!
//! Two levels are the same puzzle when one becomes the other by the
//! top-bottom mirror (rows in reverse order; vehicles keep their
//! orientation, the primary's row moves with it and the exit stays on the
//! right), with the vehicles in any order. The left-right mirror is not a
//! symmetry: it would put the exit on the left. Which vehicle is the
//! primary counts; the other vehicles' order and letters do not, nor does
//! the name.
//!
//! The key is the smaller, as a string, of the level's encodings under the
//! identity and the mirror: `"WxH/rows/vehicles"`, where `rows` are the
//! board's rows joined by `/` (`x` wall, `o` open) and `vehicles` lists
//! every vehicle as `P` (the primary) or `v` (another), its left or top
//! cell `x,y`, `h` or `v` and its length, sorted, so their order does not
//! count. It is defined for every level, valid or not.

use super::level::{Level, Orientation};

/// One vehicle as the key says it: `(not the primary, y, x, orientation,
/// length)`; `y` may be negative for a vehicle running off the board.
type Encoded = (bool, i64, i64, Orientation, usize);

/// The encoding of `level`, mirrored top to bottom when `mirror`.
fn encoding(level: &Level, mirror: bool) -> String {
    let (w, h) = (level.width(), level.height());
    let rows: Vec<String> = (0..h)
        .map(|row| {
            let y = if mirror { h - 1 - row } else { row };
            (0..w)
                .map(|x| if level.is_wall(x, y) { 'x' } else { 'o' })
                .collect()
        })
        .collect();
    let primary = level.primary();
    let mut vehicles: Vec<Encoded> = level
        .vehicles
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let top = v.y as i64;
            let y = if !mirror {
                top
            } else {
                let bottom = match v.orientation {
                    Orientation::Horizontal => top,
                    Orientation::Vertical => top + v.length as i64 - 1,
                };
                h as i64 - 1 - bottom
            };
            (Some(i) != primary, y, v.x as i64, v.orientation, v.length)
        })
        .collect();
    vehicles.sort();
    let vehicles: Vec<String> = vehicles
        .into_iter()
        .map(|(other, y, x, orientation, length)| {
            let who = if other { 'v' } else { 'P' };
            let way = match orientation {
                Orientation::Horizontal => 'h',
                Orientation::Vertical => 'v',
            };
            format!("{who}{x},{y}{way}{length}")
        })
        .collect();
    format!("{w}x{h}/{}/{}", rows.join("/"), vehicles.join(";"))
}

/// A key equal for levels that are the same puzzle up to the top-bottom
/// mirror and the vehicles' order (see the module's documentation); the
/// name is ignored.
pub fn canonical_key(level: &Level) -> String {
    let plain = encoding(level, false);
    let mirrored = encoding(level, true);
    plain.min(mirrored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::format::read_line;

    /// Fogleman's example, with a wall in the top-left corner.
    const EXAMPLE: &str = "xBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM";

    /// The rows of a line in reverse order.
    fn upside_down(line: &str) -> String {
        let rows: Vec<&str> = (0..6).map(|r| &line[r * 6..r * 6 + 6]).collect();
        rows.into_iter().rev().collect()
    }

    /// Each row of a line reversed.
    fn left_right(line: &str) -> String {
        (0..6)
            .flat_map(|r| line[r * 6..r * 6 + 6].chars().rev())
            .collect()
    }

    #[test]
    fn the_top_bottom_mirror_and_a_reordering_are_the_same_puzzle() {
        let level = read_line(EXAMPLE).unwrap();
        let key = canonical_key(&level);
        let mirrored = read_line(&upside_down(EXAMPLE)).unwrap();
        assert_ne!(mirrored, level);
        assert_eq!(canonical_key(&mirrored), key);
        let mut reordered = level.clone();
        reordered.vehicles.reverse();
        reordered.name = "another name".into();
        assert_eq!(canonical_key(&reordered), key);
        // Letters do not count: swap two letters in the line.
        let swapped = EXAMPLE
            .replace('B', "b")
            .replace('C', "B")
            .replace('b', "C");
        assert_eq!(canonical_key(&read_line(&swapped).unwrap()), key);
    }

    #[test]
    fn the_left_right_mirror_and_another_primary_are_other_puzzles() {
        let level = read_line(EXAMPLE).unwrap();
        let key = canonical_key(&level);
        let flipped = left_right(EXAMPLE);
        assert_ne!(canonical_key(&read_line(&flipped).unwrap()), key);
        // The car H (row 3) as the primary instead of A: same cells.
        let mut other = level.clone();
        let h = (0..other.vehicles.len())
            .find(|&i| other.letter(i) == 'H')
            .unwrap();
        other.vehicles[0].primary = false;
        other.vehicles[h].primary = true;
        assert_ne!(canonical_key(&other), key);
        // Walls count.
        let mut walled = level.clone();
        walled.set_wall(0, 0, false);
        assert_ne!(canonical_key(&walled), key);
    }

    #[test]
    fn an_invalid_level_has_a_key_too() {
        let mut level = crate::kinds::rushhour::Level::new(4, 4);
        level.vehicles.push(crate::kinds::rushhour::Vehicle {
            x: 3,
            y: 2,
            length: 5,
            orientation: Orientation::Vertical,
            primary: false,
        });
        let key = canonical_key(&level);
        assert!(key.starts_with("4x4/oooo/"), "{key}");
        // Mirrored, it starts 3 rows above the board: "-3" sorts first.
        assert_eq!(key, "4x4/oooo/oooo/oooo/oooo/v3,-3v5");
    }
}
