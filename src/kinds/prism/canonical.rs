//! Prism's canonical form, for finding duplicate levels.
//!
//! Two levels are the same puzzle when one becomes the other by
//!
//! - a symmetry of the board: for a non-square board the identity, the two
//!   mirrors and the half turn; for a square one also the quarter turns and
//!   the two diagonal mirrors (8 in all); and
//! - a renaming of the colour channels: any of the 6 permutations of the
//!   red, green and blue bits, applied to every block, switch and the
//!   starting background (black and white stay; yellow, magenta and cyan
//!   follow their channels).
//!
//! The name is not part of the puzzle.
//!
//! Enemies need care: an `h` enemy always starts moving right and a `v`
//! enemy down, so a mirror can turn an enemy round into one that starts
//! moving left or up, which no level can say. The key therefore keeps each
//! enemy's starting direction (`>` right, `<` left, `v` down, `^` up): two
//! valid levels get the same key exactly when a symmetry and a renaming
//! turn one into the other with every enemy still starting the way `h` and
//! `v` do. One equivalence is added: an enemy facing the edge of the board
//! plays exactly like one facing away from it (it tries the edge, which
//! never opens, turns and steps back — or stays, as the other would), so
//! the key turns such an enemy round. The two play alike move for move;
//! only the direction remembered while stuck differs, so their state
//! counts can differ slightly.
//!
//! The key is the smallest, as a string, of the level's encodings under
//! every symmetry and renaming: `"WxH/b/row/row/…"` with `b` the background
//! digit and one character a cell (`e`, blocks `r g y b m c w`, switches
//! `R G B`, `s` start, `f` exit, enemies by direction, `?` for a colour
//! out of range).

use super::level::{Axis, Cell, Colour, Enemy, Level};
use super::rules::Dir;

/// A symmetry of the board: an optional transpose (swap `x` and `y`), then
/// optional mirrors of the new `x` and `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Swap `x` and `y` first (only for square boards).
    pub transpose: bool,
    /// Then mirror left-right.
    pub mirror_x: bool,
    /// Then mirror top-bottom.
    pub mirror_y: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        transpose: false,
        mirror_x: false,
        mirror_y: false,
    };

    /// The size of a `width x height` board after the symmetry.
    pub fn size(self, width: usize, height: usize) -> (usize, usize) {
        if self.transpose {
            (height, width)
        } else {
            (width, height)
        }
    }

    /// Where cell `(x, y)` of a `width x height` board goes.
    pub fn map(self, (x, y): (usize, usize), width: usize, height: usize) -> (usize, usize) {
        let (w, h) = self.size(width, height);
        let (x, y) = if self.transpose { (y, x) } else { (x, y) };
        let x = if self.mirror_x {
            w.saturating_sub(1).saturating_sub(x)
        } else {
            x
        };
        let y = if self.mirror_y {
            h.saturating_sub(1).saturating_sub(y)
        } else {
            y
        };
        (x, y)
    }

    /// Where a direction goes.
    pub fn map_dir(self, dir: Dir) -> Dir {
        let (dx, dy) = dir.delta();
        let (dx, dy) = if self.transpose { (dy, dx) } else { (dx, dy) };
        let dx = if self.mirror_x { -dx } else { dx };
        let dy = if self.mirror_y { -dy } else { dy };
        match (dx, dy) {
            (0, -1) => Dir::Up,
            (1, 0) => Dir::Right,
            (0, 1) => Dir::Down,
            _ => Dir::Left,
        }
    }

    /// A designer's name for it, e.g. "quarter turn clockwise".
    pub fn name(self) -> &'static str {
        match (self.transpose, self.mirror_x, self.mirror_y) {
            (false, false, false) => "identity",
            (false, true, false) => "mirror left-right",
            (false, false, true) => "mirror top-bottom",
            (false, true, true) => "half turn",
            (true, false, false) => "mirror on the main diagonal",
            (true, true, false) => "quarter turn clockwise",
            (true, false, true) => "quarter turn anticlockwise",
            (true, true, true) => "mirror on the other diagonal",
        }
    }
}

/// The board's symmetries: 4 for a non-square board, 8 for a square one;
/// the identity first.
pub fn symmetries(width: usize, height: usize) -> Vec<Symmetry> {
    let transposes: &[bool] = if width == height {
        &[false, true]
    } else {
        &[false]
    };
    let mut all = Vec::with_capacity(8);
    for &transpose in transposes {
        for (mirror_x, mirror_y) in [(false, false), (true, false), (false, true), (true, true)] {
            all.push(Symmetry {
                transpose,
                mirror_x,
                mirror_y,
            });
        }
    }
    all
}

/// A renaming of the colour channels: channel `i` (0 red, 1 green, 2 blue)
/// becomes channel `self.0[i]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChannelMap(pub [u8; 3]);

impl ChannelMap {
    /// The renaming that changes nothing.
    pub const IDENTITY: ChannelMap = ChannelMap([0, 1, 2]);

    /// All 6 renamings, the identity first.
    pub fn all() -> [ChannelMap; 6] {
        [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]
        .map(ChannelMap)
    }

    /// The colour with its channels renamed; a value above 7 stays as it
    /// is.
    pub fn apply(self, colour: Colour) -> Colour {
        if !colour.is_valid() {
            return colour;
        }
        let mut out = 0u8;
        for (i, &to) in self.0.iter().enumerate() {
            if colour.0 >> i & 1 != 0 {
                out |= 1 << to;
            }
        }
        Colour(out)
    }

    /// The cell with its colour renamed.
    pub fn apply_cell(self, cell: Cell) -> Cell {
        match cell {
            Cell::Empty => Cell::Empty,
            Cell::Block(c) => Cell::Block(self.apply(c)),
            Cell::Switch(c) => Cell::Switch(self.apply(c)),
        }
    }
}

/// An enemy after a symmetry: its cell, the direction it starts in, and
/// whether that direction faces the board's edge.
fn moved_enemy(
    e: &Enemy,
    sym: Symmetry,
    width: usize,
    height: usize,
) -> ((usize, usize), Dir, bool) {
    let (x, y) = sym.map((e.x, e.y), width, height);
    let (w, h) = sym.size(width, height);
    let dir = sym.map_dir(e.axis.heading(true));
    let facing_edge = match dir {
        Dir::Up => y == 0,
        Dir::Right => x + 1 >= w,
        Dir::Down => y + 1 >= h,
        Dir::Left => x == 0,
    };
    ((x, y), dir, facing_edge)
}

/// The level under a symmetry and a renaming, or `None` when an enemy
/// would start moving left or up (and not facing the board's edge, where
/// that is the same as moving away from it), which no level can say.
pub fn transformed(level: &Level, sym: Symmetry, channels: ChannelMap) -> Option<Level> {
    let (width, height) = (level.width(), level.height());
    let (w, h) = sym.size(width, height);
    let mut out = Level::new(w, h);
    out.name = level.name.clone();
    out.background = channels.apply(level.background);
    for y in 0..height {
        for x in 0..width {
            let (tx, ty) = sym.map((x, y), width, height);
            out.set_cell(tx, ty, channels.apply_cell(level.cell(x, y)));
        }
    }
    out.start = sym.map(level.start, width, height);
    out.exit = sym.map(level.exit, width, height);
    for e in &level.enemies {
        // One facing the edge plays like one facing away from it.
        let ((x, y), dir, facing_edge) = moved_enemy(e, sym, width, height);
        let axis = match (dir, facing_edge) {
            (Dir::Right, _) | (Dir::Left, true) => Axis::Horizontal,
            (Dir::Down, _) | (Dir::Up, true) => Axis::Vertical,
            (Dir::Up | Dir::Left, false) => return None,
        };
        out.enemies.push(Enemy { x, y, axis });
    }
    Some(out)
}

/// The key's character of a cell.
fn cell_char(cell: Cell) -> char {
    match cell {
        Cell::Empty => 'e',
        Cell::Block(c) if c.0 != 0 && c.is_valid() => c.letter(),
        Cell::Switch(c) if c.is_primary() => c.letter().to_ascii_uppercase(),
        _ => '?',
    }
}

/// The key's character of an enemy starting in `dir`.
fn enemy_char(dir: Dir) -> char {
    match dir {
        Dir::Up => '^',
        Dir::Right => '>',
        Dir::Down => 'v',
        Dir::Left => '<',
    }
}

/// The level's encoding under one symmetry and renaming.
fn encode(level: &Level, sym: Symmetry, channels: ChannelMap) -> String {
    let (width, height) = (level.width(), level.height());
    let (w, h) = sym.size(width, height);
    let mut grid = vec!['e'; w * h];
    for y in 0..height {
        for x in 0..width {
            let (tx, ty) = sym.map((x, y), width, height);
            grid[ty * w + tx] = cell_char(channels.apply_cell(level.cell(x, y)));
        }
    }
    let mut mark = |(x, y): (usize, usize), ch: char| {
        if x < width && y < height {
            let (tx, ty) = sym.map((x, y), width, height);
            grid[ty * w + tx] = ch;
        }
    };
    mark(level.start, 's');
    mark(level.exit, 'f');
    for e in &level.enemies {
        if e.x < width && e.y < height {
            // One facing the edge is written as facing away from it.
            let ((tx, ty), dir, facing_edge) = moved_enemy(e, sym, width, height);
            let dir = if facing_edge { dir.opposite() } else { dir };
            grid[ty * w + tx] = enemy_char(dir);
        }
    }
    let background = channels.apply(level.background);
    let mut key = format!(
        "{w}x{h}/{}",
        if background.is_valid() {
            char::from(b'0' + background.0)
        } else {
            '?'
        }
    );
    for row in grid.chunks(w.max(1)) {
        key.push('/');
        key.extend(row);
    }
    key
}

/// A key equal for levels that are the same puzzle up to the board's
/// symmetries and a renaming of the colour channels (see the module's
/// documentation); the name is ignored.
pub fn canonical_key(level: &Level) -> String {
    let mut best: Option<String> = None;
    for sym in symmetries(level.width(), level.height()) {
        for channels in ChannelMap::all() {
            let key = encode(level, sym, channels);
            if best.as_ref().is_none_or(|b| key < *b) {
                best = Some(key);
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::format::read_2016;

    #[test]
    fn symmetries_map_cells_and_directions_alike() {
        for sym in symmetries(4, 4) {
            for dir in Dir::ALL {
                let (dx, dy) = dir.delta();
                let a = sym.map((1, 1), 4, 4);
                let b = sym.map(((1 + dx) as usize, (1 + dy) as usize), 4, 4);
                let (mx, my) = sym.map_dir(dir).delta();
                assert_eq!(
                    (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize),
                    (mx, my),
                    "{} {dir:?}",
                    sym.name()
                );
            }
        }
        assert_eq!(symmetries(4, 3).len(), 4);
        assert_eq!(symmetries(3, 3).len(), 8);
    }

    #[test]
    fn channel_maps_rename_consistently() {
        let swap_rg = ChannelMap([1, 0, 2]);
        assert_eq!(swap_rg.apply(Colour::RED), Colour::GREEN);
        assert_eq!(swap_rg.apply(Colour::MAGENTA), Colour::CYAN);
        assert_eq!(swap_rg.apply(Colour::YELLOW), Colour::YELLOW);
        assert_eq!(swap_rg.apply(Colour::WHITE), Colour::WHITE);
    }

    #[test]
    fn a_rotated_recoloured_level_has_the_same_key() {
        let level = read_2016("4 4\n1\ns e r e\ne G e y\nh e b e\ne e c f\n").unwrap();
        let key = canonical_key(&level);
        let turned = transformed(
            &level,
            Symmetry {
                transpose: true,
                mirror_x: false,
                mirror_y: false,
            },
            ChannelMap([2, 0, 1]),
        )
        .expect("a transpose keeps h right-moving as v down-moving");
        assert_ne!(turned, level);
        assert_eq!(turned.enemies[0].axis, Axis::Vertical);
        assert_eq!(canonical_key(&turned), key);
        // A different puzzle has a different key.
        let mut other = level.clone();
        other.set_cell(1, 0, Cell::Block(Colour::WHITE));
        assert_ne!(canonical_key(&other), key);
    }

    #[test]
    fn a_mirror_that_turns_an_enemy_round_is_not_the_same_puzzle() {
        let level = read_2016("4 2\n0\ns h e e\ne e e f\n").unwrap();
        let mirror = Symmetry {
            transpose: false,
            mirror_x: true,
            mirror_y: false,
        };
        assert_eq!(transformed(&level, mirror, ChannelMap::IDENTITY), None);
        let mirrored = read_2016("4 2\n0\ne e h s\nf e e e\n").unwrap();
        assert_ne!(canonical_key(&mirrored), canonical_key(&level));
    }

    #[test]
    fn an_enemy_facing_the_edge_plays_like_one_facing_away() {
        // An h enemy at the right edge turns at once; mirrored, it is an h
        // enemy at the left edge.
        let level = read_2016("4 2\n0\ns e e h\ne e e f\n").unwrap();
        let mirror = Symmetry {
            transpose: false,
            mirror_x: true,
            mirror_y: false,
        };
        let mirrored = transformed(&level, mirror, ChannelMap::IDENTITY).unwrap();
        assert_eq!(
            mirrored.enemies[0],
            Enemy {
                x: 0,
                y: 0,
                axis: Axis::Horizontal
            }
        );
        assert_eq!(canonical_key(&mirrored), canonical_key(&level));
    }

    #[test]
    fn odd_levels_give_keys_without_panicking() {
        let mut empty = Level::new(0, 0);
        empty.enemies.push(Enemy {
            x: 4,
            y: 4,
            axis: Axis::Vertical,
        });
        assert_eq!(canonical_key(&empty), "0x0/0");
        for sym in symmetries(0, 0) {
            let _ = transformed(&empty, sym, ChannelMap::IDENTITY);
        }
        let mut odd = Level::new(3, 2);
        odd.set_cell(1, 1, Cell::Block(Colour(12)));
        odd.background = Colour(9);
        assert!(canonical_key(&odd).starts_with("3x2/?/"));
    }

    #[test]
    fn the_name_is_not_part_of_the_key() {
        let mut a = Level::new(3, 2);
        let b = a.clone();
        a.name = "other".into();
        assert_eq!(canonical_key(&a), canonical_key(&b));
        assert!(canonical_key(&a).starts_with("3x2/0/"));
    }
}
