//! The four directions of a move on a grid, shared by every kind that
//! moves something one cell at a time (Skiddy, Prism, Sokoban).
//!
//! Row 0 is the top row: `Up` is `y - 1`. The move order is `U R D L`,
//! the order the kinds' move numbers, solution strings and packed states
//! are written in; it must never change.

use serde::{Deserialize, Serialize};

/// A direction of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Towards row 0 (`y - 1`).
    Up,
    /// Towards the last column (`x + 1`).
    Right,
    /// Towards the last row (`y + 1`).
    Down,
    /// Towards column 0 (`x - 1`).
    Left,
}

impl Dir {
    /// The four directions in move order: `U R D L`.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The move number: its index in [`Dir::ALL`], 0 to 3.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction of move number `index`, if it is one.
    #[inline]
    pub fn from_index(index: usize) -> Option<Dir> {
        Dir::ALL.get(index).copied()
    }

    /// The move letter: `'U'`, `'R'`, `'D'` or `'L'`.
    #[inline]
    pub fn letter(self) -> char {
        ['U', 'R', 'D', 'L'][self.index()]
    }

    /// The direction of a move letter, either case.
    pub fn from_letter(ch: char) -> Option<Dir> {
        match ch.to_ascii_uppercase() {
            'U' => Some(Dir::Up),
            'R' => Some(Dir::Right),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            _ => None,
        }
    }

    /// The move's short name: `"U"`, `"R"`, `"D"` or `"L"`.
    #[inline]
    pub fn name(self) -> &'static str {
        ["U", "R", "D", "L"][self.index()]
    }

    /// The direction with this short name (`"U"`), if any; upper case
    /// only, as [`Dir::name`] writes it.
    pub fn from_name(name: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The word for it: "up", "right", "down", "left".
    pub fn word(self) -> &'static str {
        ["up", "right", "down", "left"][self.index()]
    }

    /// The LURD letter of a move this way (the Sokoban convention): lower
    /// case for a step, upper case for a push.
    pub fn lurd(self, push: bool) -> char {
        let ch = ['u', 'r', 'd', 'l'][self.index()];
        if push {
            ch.to_ascii_uppercase()
        } else {
            ch
        }
    }

    /// The direction of a LURD letter, any case.
    pub fn from_lurd(ch: char) -> Option<Dir> {
        Dir::from_letter(ch)
    }

    /// The step `(dx, dy)` one cell this way.
    #[inline]
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }

    /// The opposite direction.
    #[inline]
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 2) % 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_letters_and_names_agree() {
        for (i, dir) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(dir.index(), i);
            assert_eq!(Dir::from_index(i), Some(dir));
            assert_eq!(Dir::from_letter(dir.letter()), Some(dir));
            assert_eq!(
                Dir::from_letter(dir.letter().to_ascii_lowercase()),
                Some(dir)
            );
            assert_eq!(Dir::from_name(dir.name()), Some(dir));
            assert_eq!(dir.name(), dir.letter().to_string());
            assert_eq!(Dir::from_lurd(dir.lurd(false)), Some(dir));
            assert_eq!(Dir::from_lurd(dir.lurd(true)), Some(dir));
            assert!(dir.word().starts_with(dir.lurd(false)));
        }
        assert_eq!(Dir::from_index(4), None);
        assert_eq!(Dir::from_letter('x'), None);
        assert_eq!(Dir::from_name("u"), None);
        assert_eq!(Dir::Left.lurd(true), 'L');
    }

    #[test]
    fn opposites_undo_each_others_step() {
        for dir in Dir::ALL {
            let (dx, dy) = dir.delta();
            let (ox, oy) = dir.opposite().delta();
            assert_eq!((dx + ox, dy + oy), (0, 0));
            assert_eq!(dir.opposite().opposite(), dir);
            assert_ne!(dir.opposite(), dir);
        }
        assert_eq!(Dir::Up.delta(), (0, -1));
        assert_eq!(Dir::Right.delta(), (1, 0));
    }

    #[test]
    fn the_order_and_the_json_names_stay_as_they_were() {
        // Packed states, solution strings and saved replays depend on both.
        assert!(Dir::Up < Dir::Right && Dir::Right < Dir::Down && Dir::Down < Dir::Left);
        assert_eq!(
            serde_json::to_string(&Dir::ALL).unwrap(),
            r#"["Up","Right","Down","Left"]"#
        );
        assert_eq!(serde_json::from_str::<Dir>(r#""Left""#).unwrap(), Dir::Left);
    }
}
