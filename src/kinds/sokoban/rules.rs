//! The compiled Sokoban level and its one move (docs/rules.md, Sokoban,
//! "One move"), shared by the solver ([`super::puzzle`]) and Play
//! ([`PlayState`]).
//!
//! Compiling numbers the player's region (the open cells the player can
//! reach ignoring boxes) in reading order; positions name cells by that
//! number. Boxes on goals sealed off by walls are not part of it: they
//! never move.

use crate::kinds::Problem;

use super::dead::dead_cells_in;
use super::level::{neighbours, Cell, Level};

/// No cell: off the region, or no neighbour that way.
pub const NONE: u32 = u32::MAX;

pub use crate::grid::Dir;

/// Why a level could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The level has problems (see [`Level::problems`]).
    #[error("the level is invalid: {}", list_problems(.0))]
    Invalid(Vec<Problem>),
    /// The level's positions (or, for the step-level analysis, its
    /// states) do not fit the solver's widest word.
    #[error(
        "the level is too big for the solver: a position needs {bits} bits (its boxes among the player's region of {cells} cells, and the player's place), at most 256 fit"
    )]
    StateTooBig {
        /// The bits one state needs.
        bits: u32,
        /// The cells of the player's region.
        cells: usize,
    },
}

fn list_problems(problems: &[Problem]) -> String {
    match problems {
        [] => "no problem given".to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (and {} more)", rest.len()),
    }
}

/// A position: the player's cell and the boxes' cells, as region numbers
/// (boxes in increasing order).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The player's cell.
    pub player: u32,
    /// The boxes' cells, increasing.
    pub boxes: Vec<u32>,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// The player stepped onto a free cell.
    Step,
    /// The player pushed the box in front of it one cell.
    Push,
}

/// A compiled level: the player's region numbered, its neighbours, goals
/// and dead cells, and the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    level: Level,
    /// Board index of each region cell.
    cells: Vec<u32>,
    /// Region number of each board cell, or [`NONE`].
    index: Vec<u32>,
    /// The neighbour of each region cell, by direction, or [`NONE`].
    next: Vec<[u32; 4]>,
    goal: Vec<bool>,
    dead: Vec<bool>,
    start: Position,
}

impl Rules {
    /// Compiles a valid level; a level with problems is refused with them.
    pub fn compile(level: &Level) -> Result<Rules, CompileError> {
        let problems = level.problems();
        if !problems.is_empty() {
            return Err(CompileError::Invalid(problems));
        }
        let (w, h) = (level.width(), level.height());
        let region = level.player_region();
        let mut index = vec![NONE; w * h];
        let mut cells = Vec::new();
        for (i, &inside) in region.iter().enumerate() {
            if inside {
                index[i] = cells.len() as u32;
                cells.push(i as u32);
            }
        }
        let next = cells
            .iter()
            .map(|&i| neighbours(i as usize, w, h).map(|n| n.map_or(NONE, |j| index[j])))
            .collect();
        let goal: Vec<bool> = cells
            .iter()
            .map(|&i| level.cells()[i as usize] == Cell::Goal)
            .collect();
        let at = |(x, y): (usize, usize)| index[y * w + x];
        let mut boxes: Vec<u32> = level
            .boxes
            .iter()
            .map(|&b| at(b))
            .filter(|&b| b != NONE)
            .collect();
        boxes.sort_unstable();
        let player = level.player.map_or(NONE, at);
        let mut rules = Rules {
            level: level.clone(),
            cells,
            index,
            next,
            goal,
            dead: Vec::new(),
            start: Position { player, boxes },
        };
        rules.dead = dead_cells_in(&rules);
        Ok(rules)
    }

    /// The level compiled.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The number of cells of the player's region.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The board cell `(x, y)` of region cell `c`.
    pub fn xy(&self, c: u32) -> (usize, usize) {
        let i = self.cells[c as usize] as usize;
        (i % self.level.width(), i / self.level.width())
    }

    /// The region cell at `(x, y)`, if it is one.
    pub fn cell_at(&self, x: usize, y: usize) -> Option<u32> {
        if !self.level.contains(x, y) {
            return None;
        }
        let c = self.index[y * self.level.width() + x];
        (c != NONE).then_some(c)
    }

    /// The neighbour of region cell `c` the way `dir` goes, or [`NONE`].
    #[inline(always)]
    pub fn next(&self, c: u32, dir: usize) -> u32 {
        self.next[c as usize][dir]
    }

    /// Whether region cell `c` is a goal.
    pub fn is_goal(&self, c: u32) -> bool {
        self.goal[c as usize]
    }

    /// Whether region cell `c` is dead: a box there can never reach a goal.
    pub fn is_dead(&self, c: u32) -> bool {
        self.dead[c as usize]
    }

    /// Whether the board cell `(x, y)` is a wall, or off the board.
    pub fn is_wall(&self, x: isize, y: isize) -> bool {
        x < 0
            || y < 0
            || self
                .level
                .get(x as usize, y as usize)
                .is_none_or(|c| !c.is_open())
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Whether every box of `pos` is on a goal.
    pub fn is_won(&self, pos: &Position) -> bool {
        pos.boxes.iter().all(|&b| self.goal[b as usize])
    }

    /// The position after the player moves `dir` from `pos`, and whether
    /// it stepped or pushed; `None` when the move changes nothing (a wall,
    /// or a box against a wall or a box).
    pub fn step(&self, pos: &Position, dir: Dir) -> Option<(Position, MoveKind)> {
        let q = self.next(pos.player, dir.index());
        if q == NONE {
            return None;
        }
        match pos.boxes.binary_search(&q) {
            Err(_) => Some((
                Position {
                    player: q,
                    boxes: pos.boxes.clone(),
                },
                MoveKind::Step,
            )),
            Ok(at) => {
                let r = self.next(q, dir.index());
                if r == NONE || pos.boxes.binary_search(&r).is_ok() {
                    return None;
                }
                let mut boxes = pos.boxes.clone();
                boxes[at] = r;
                boxes.sort_unstable();
                Some((Position { player: q, boxes }, MoveKind::Push))
            }
        }
    }
}

/// A level in play: the position, the moves made (with what each did),
/// undo and the win. A won position takes no more moves.
#[derive(Clone, Debug)]
pub struct PlayState {
    rules: Rules,
    now: Position,
    history: Vec<(Position, Dir, MoveKind)>,
}

impl PlayState {
    /// Play from the start of a compiled level.
    pub fn new(rules: Rules) -> PlayState {
        let now = rules.start().clone();
        PlayState {
            rules,
            now,
            history: Vec::new(),
        }
    }

    /// The compiled level.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.now
    }

    /// Moves the player `dir`; says whether it stepped or pushed, or
    /// `None` when nothing happened (no move, or the level is won).
    pub fn play(&mut self, dir: Dir) -> Option<MoveKind> {
        if self.is_won() {
            return None;
        }
        let (next, kind) = self.rules.step(&self.now, dir)?;
        let before = std::mem::replace(&mut self.now, next);
        self.history.push((before, dir, kind));
        Some(kind)
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some((before, _, _)) => {
                self.now = before;
                true
            }
            None => false,
        }
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        self.now = self.rules.start().clone();
        self.history.clear();
    }

    /// Whether every box is on a goal.
    pub fn is_won(&self) -> bool {
        self.rules.is_won(&self.now)
    }

    /// The moves made.
    pub fn moves(&self) -> usize {
        self.history.len()
    }

    /// The pushes among them.
    pub fn pushes(&self) -> usize {
        self.history
            .iter()
            .filter(|(_, _, k)| *k == MoveKind::Push)
            .count()
    }

    /// The moves made in LURD (lower case steps, upper case pushes).
    pub fn lurd(&self) -> String {
        self.history
            .iter()
            .map(|(_, dir, kind)| dir.lurd(*kind == MoveKind::Push))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    fn play(text: &str) -> PlayState {
        PlayState::new(Rules::compile(&read_xsb_one(text).unwrap()).unwrap())
    }

    #[test]
    fn a_push_into_a_wall_or_a_second_box_is_no_move() {
        let mut game = play("######\n#@$$.#\n#   .#\n######\n");
        assert_eq!(game.play(Dir::Right), None, "two boxes in a row");
        assert_eq!(game.play(Dir::Up), None, "a wall");
        assert_eq!(game.moves(), 0);
        assert_eq!(game.play(Dir::Down), Some(MoveKind::Step));
        assert_eq!(game.play(Dir::Right), Some(MoveKind::Step));
        assert_eq!(
            game.play(Dir::Up),
            None,
            "the box above is against the wall"
        );
        assert_eq!(game.lurd(), "dr");
    }

    #[test]
    fn a_win_ends_play_and_undo_takes_moves_back() {
        let mut game = play("######\n#@$ .#\n######\n");
        assert_eq!(game.play(Dir::Right), Some(MoveKind::Push));
        assert_eq!(game.play(Dir::Right), Some(MoveKind::Push));
        assert!(game.is_won());
        assert_eq!(game.play(Dir::Left), None, "a win ends play");
        assert_eq!((game.moves(), game.pushes()), (2, 2));
        assert_eq!(game.lurd(), "RR");
        assert!(game.undo());
        assert!(!game.is_won());
        assert_eq!(game.play(Dir::Left), Some(MoveKind::Step));
        assert_eq!(game.lurd(), "Rl");
        game.restart();
        assert_eq!(game.moves(), 0);
        assert!(!game.undo());
    }

    #[test]
    fn lurd_letters_read_any_case() {
        for dir in Dir::ALL {
            assert_eq!(Dir::from_lurd(dir.lurd(true)), Some(dir));
            assert_eq!(Dir::from_lurd(dir.lurd(false)), Some(dir));
            assert_eq!(Dir::from_index(dir.index()), Some(dir));
            assert_eq!(dir.opposite().opposite(), dir);
        }
        assert_eq!(Dir::from_lurd('x'), None);
    }

    #[test]
    fn an_invalid_level_is_refused_with_its_problems() {
        let level = read_xsb_one("#####\n# $.#\n#####\n").unwrap();
        let e = Rules::compile(&level).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the level is invalid: the level has no player"
        );
    }
}
