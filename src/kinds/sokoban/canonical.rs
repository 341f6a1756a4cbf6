//! Sokoban's canonical form, for finding duplicate levels.
//!
//! Two levels are the same puzzle when one becomes the other by one of the
//! 8 symmetries of the board (the identity, the quarter and half turns,
//! and the four mirrors; a quarter turn swaps width and height, which a
//! Sokoban board may do freely), once both are reduced to what plays:
//!
//! - the board is cut to the walls and what they enclose: floor outside
//!   the walls, and rows and columns of nothing but it, do not count;
//! - the player counts by its *reach*: two placements from which the
//!   player can walk to each other without pushing a box are the same
//!   level for a designer (every program that plays it gives the same
//!   positions), so the player is put on the first cell of its reach in
//!   reading order of the transformed board.
//!
//! The name is not part of the puzzle. The key is the smallest, as a
//! string, of the level's encodings under every symmetry:
//! `"WxH/row/row/…"`, one character a cell: ` ` outside, `#` wall, `-`
//! floor, `.` goal, `$` box, `*` box on goal, `@` player, `+` player on
//! goal.

use super::level::{neighbours, Cell, Level};

/// The cells the player can walk to from its start without pushing a box,
/// one flag a board cell (all false without a player on an open cell).
pub fn player_reach(level: &Level) -> Vec<bool> {
    let (w, h) = (level.width(), level.height());
    let mut seen = vec![false; w * h];
    let Some((px, py)) = level.player else {
        return seen;
    };
    if !level.get(px, py).is_some_and(Cell::is_open) {
        return seen;
    }
    let mut blocked = vec![false; w * h];
    for &(x, y) in &level.boxes {
        if level.contains(x, y) {
            blocked[y * w + x] = true;
        }
    }
    let start = py * w + px;
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for j in neighbours(i, w, h).into_iter().flatten() {
            if !seen[j] && !blocked[j] && level.cells()[j].is_open() {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// A key equal for levels that are the same puzzle up to the board's 8
/// symmetries, floor outside the walls and where the player stands within
/// its reach (see the module's documentation); the name is ignored.
pub fn canonical_key(level: &Level) -> String {
    let (w, h) = (level.width(), level.height());
    if w == 0 || h == 0 {
        return format!("{w}x{h}/");
    }
    let outside = level.outside();
    let reach = player_reach(level);
    let mut has_box = vec![false; w * h];
    for &(x, y) in &level.boxes {
        if level.contains(x, y) {
            has_box[y * w + x] = true;
        }
    }
    let char_at = |i: usize| -> char {
        match (level.cells()[i], has_box[i]) {
            (Cell::Wall, _) => '#',
            _ if outside[i] && !has_box[i] => ' ',
            (Cell::Floor, false) => '-',
            (Cell::Goal, false) => '.',
            (Cell::Floor, true) => '$',
            (Cell::Goal, true) => '*',
        }
    };
    // The part that plays: every cell but floor outside the walls.
    let kept: Vec<usize> = (0..w * h).filter(|&i| char_at(i) != ' ').collect();
    if kept.is_empty() {
        return format!("{w}x{h}/");
    }
    let x0 = kept.iter().map(|&i| i % w).min().unwrap_or(0);
    let x1 = kept.iter().map(|&i| i % w).max().unwrap_or(0);
    let y0 = kept.iter().map(|&i| i / w).min().unwrap_or(0);
    let y1 = kept.iter().map(|&i| i / w).max().unwrap_or(0);
    let (cw, ch) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut best: Option<String> = None;
    for transpose in [false, true] {
        for mirror_x in [false, true] {
            for mirror_y in [false, true] {
                let (tw, th) = if transpose { (ch, cw) } else { (cw, ch) };
                let place = |x: usize, y: usize| {
                    let (x, y) = if transpose { (y, x) } else { (x, y) };
                    let x = if mirror_x { tw - 1 - x } else { x };
                    let y = if mirror_y { th - 1 - y } else { y };
                    y * tw + x
                };
                let mut grid = vec![' '; tw * th];
                let mut player: Option<usize> = None;
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        let i = y * w + x;
                        let t = place(x - x0, y - y0);
                        grid[t] = char_at(i);
                        if reach[i] && player.is_none_or(|p| t < p) {
                            player = Some(t);
                        }
                    }
                }
                if let Some(p) = player {
                    grid[p] = if grid[p] == '.' { '+' } else { '@' };
                }
                let rows: Vec<String> = grid.chunks(tw).map(|r| r.iter().collect()).collect();
                let key = format!("{tw}x{th}/{}", rows.join("/"));
                if best.as_ref().is_none_or(|b| key < *b) {
                    best = Some(key);
                }
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    fn key(text: &str) -> String {
        canonical_key(&read_xsb_one(text).unwrap())
    }

    #[test]
    fn turns_and_mirrors_give_one_key() {
        let a = key("######\n#@$ .#\n#    #\n######\n");
        // Mirrored left-right.
        assert_eq!(a, key("######\n#. $@#\n#    #\n######\n"));
        // A quarter turn (4 wide, 6 high).
        assert_eq!(a, key("####\n#@ #\n#$ #\n#  #\n#. #\n####\n"));
        assert_ne!(a, key("######\n#@ $.#\n#    #\n######\n"));
    }

    #[test]
    fn the_player_counts_by_its_reach_and_outside_floor_not_at_all() {
        let a = key("######\n#@$ .#\n#    #\n######\n");
        assert_eq!(a, key("######\n# $ .#\n#   @#\n######\n"));
        assert_eq!(
            a,
            key("          \n  ######\n  #@$ .#\n  #    #\n  ######\n")
        );
        // Behind the box, where the player cannot walk round: another level.
        let b = key("#######\n#@$ .##\n#######\n");
        assert_ne!(b, key("#######\n# $@.##\n#######\n"));
    }
}
