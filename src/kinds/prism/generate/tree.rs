//! The spanning-tree generator (docs/rules.md, Prism, "Generating levels").
//!
//! The level is carved in its 3D model ([`super::model`]). Every column
//! `(x, y)` starts closed. The start column is opened as an empty cell;
//! then a randomized Prim frontier grows the tree: an entry is a place of
//! the tree and a direction, and taking it turns the closed column there
//! into a block of the place's floor ("drill on this floor"), an empty cell
//! or a switch of an allowed colour, the first of these (in random order)
//! that keeps the model free of cycles on every floor. A union-find over
//! the places checks that in constant time, and the floors each component
//! spans say which backgrounds the start can reach.
//!
//! A column the tree never carved becomes a block of the *wall colour*: a
//! colour no switch combination reaches from black, or, when every
//! background is reachable, one the carving is never allowed to reach. The
//! exit goes on the empty or switch cell whose nearest floor is farthest
//! from the start place, and is made empty.
//!
//! Every entry of the frontier leaves from the floor the player stands on
//! after entering its column (a switch's far floor), so the way down the
//! carving tree to any column is a way the player can walk: the level is
//! always solvable.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::model::StartComponent;
use super::{meets_options, GenerateError, GenerateOptions, Generated};
use crate::engine::Job;
use crate::kinds::prism::level::{Cell, Colour, Level};
use crate::words::counted;

/// A column not carved yet.
const CLOSED: u8 = 0xFF;
/// An open column (empty or switch) is `OPEN | switch colour`; a block is
/// its colour (1 to 7).
const OPEN: u8 = 8;

/// What a column may be carved into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Carving {
    /// A block of this colour: open on that floor alone.
    Block(u8),
    /// Open on every floor, floor `f` linked to `f XOR s` (an empty cell
    /// for `s = 0`).
    Open(u8),
}

impl Carving {
    /// The column code of [`Carver::kind`].
    fn code(self) -> u8 {
        match self {
            Carving::Block(f) => f,
            Carving::Open(s) => OPEN | s,
        }
    }
}

/// The floors open in a column of code `kind`, as a mask.
fn floors(kind: u8) -> u8 {
    match kind {
        CLOSED => 0,
        k if k & OPEN != 0 => 0xFF,
        k => 1 << k,
    }
}

/// The generator's state while it carves.
struct Carver {
    width: usize,
    height: usize,
    /// Each column's code: [`CLOSED`], a block colour, or `OPEN | s`.
    kind: Vec<u8>,
    /// Union-find over places (`cell * 8 + floor`).
    parent: Vec<u32>,
    /// The floors of each component, kept at its root.
    span: Vec<u8>,
    /// Each root's rank (union by rank keeps the trees shallow).
    rank: Vec<u8>,
    /// Entries `place * 4 + direction`.
    frontier: Vec<u32>,
    /// The start place.
    start: u32,
    /// The colour the start component must never reach.
    wall: u8,
    /// The switch colours allowed.
    switches: Vec<u8>,
}

impl Carver {
    fn new(options: &GenerateOptions, start: usize, wall: u8) -> Carver {
        let cells = options.width * options.height;
        let mut carver = Carver {
            width: options.width,
            height: options.height,
            kind: vec![CLOSED; cells],
            parent: (0..cells as u32 * 8).collect(),
            span: (0..cells * 8).map(|p| 1 << (p % 8)).collect(),
            rank: vec![0; cells * 8],
            frontier: Vec::with_capacity(cells),
            start: start as u32 * 8,
            wall,
            switches: options.switches().into_iter().map(|c| c.0).collect(),
        };
        carver.carve(start, Carving::Open(0), carver.start);
        carver
    }

    /// The neighbour of `cell` in direction `dir` (0 left, 1 right, 2 up,
    /// 3 down), if it is on the board.
    fn neighbour(&self, cell: usize, dir: usize) -> Option<usize> {
        let (x, y) = (cell % self.width, cell / self.width);
        match dir {
            0 => (x > 0).then(|| cell - 1),
            1 => (x + 1 < self.width).then(|| cell + 1),
            2 => (y > 0).then(|| cell - self.width),
            _ => (y + 1 < self.height).then(|| cell + self.width),
        }
    }

    fn find(&mut self, mut place: u32) -> u32 {
        while self.parent[place as usize] != place {
            let grand = self.parent[self.parent[place as usize] as usize];
            self.parent[place as usize] = grand;
            place = grand;
        }
        place
    }

    fn union(&mut self, a: u32, b: u32) {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        if self.rank[ra as usize] < self.rank[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        if self.rank[ra as usize] == self.rank[rb as usize] {
            self.rank[ra as usize] += 1;
        }
        self.parent[rb as usize] = ra;
        self.span[ra as usize] |= self.span[rb as usize];
    }

    /// Whether carving `column` into `carving` keeps every floor free of
    /// cycles and the start component off the wall colour's floor.
    fn allows(&mut self, column: usize, carving: Carving) -> bool {
        // Local union-find: nodes 0..8 are the column's groups of linked
        // floors, nodes 8.. the components of the neighbours it touches.
        let mut outside = [0u32; 32];
        let mut outside_len = 0;
        let mut parent = [0u8; 40];
        let mut span = [0u8; 40];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        let group = |floor: u8| -> usize {
            match carving {
                Carving::Block(_) => 0,
                Carving::Open(s) => floor.min(floor ^ s) as usize,
            }
        };
        let open = floors(carving.code());
        for f in 0..8u8 {
            if open & (1 << f) != 0 {
                span[group(f)] |= 1 << f;
            }
        }
        fn root(parent: &mut [u8; 40], mut i: usize) -> usize {
            while parent[i] as usize != i {
                i = parent[i] as usize;
            }
            i
        }
        for dir in 0..4 {
            let Some(next) = self.neighbour(column, dir) else {
                continue;
            };
            let shared = open & floors(self.kind[next]);
            for f in 0..8u8 {
                if shared & (1 << f) == 0 {
                    continue;
                }
                let r = self.find(next as u32 * 8 + f as u32);
                let node = match outside[..outside_len].iter().position(|&o| o == r) {
                    Some(i) => 8 + i,
                    None => {
                        outside[outside_len] = r;
                        span[8 + outside_len] = self.span[r as usize];
                        outside_len += 1;
                        7 + outside_len
                    }
                };
                let (a, b) = (root(&mut parent, group(f)), root(&mut parent, node));
                if a == b {
                    return false;
                }
                parent[b] = a as u8;
                span[a] |= span[b];
            }
        }
        let start = self.find(self.start);
        match outside[..outside_len].iter().position(|&o| o == start) {
            Some(i) => span[root(&mut parent, 8 + i)] & (1 << self.wall) == 0,
            None => true,
        }
    }

    /// Carves `column` into `carving` (entered from a place on
    /// `entry_floor`'s floor) and adds the frontier entries of the place
    /// the player stands on after entering it.
    fn carve(&mut self, column: usize, carving: Carving, entry: u32) {
        self.kind[column] = carving.code();
        let base = column as u32 * 8;
        if let Carving::Open(s) = carving {
            for f in 0..8u32 {
                if f < f ^ s as u32 {
                    self.union(base + f, base + (f ^ s as u32));
                }
            }
        }
        let open = floors(carving.code());
        for dir in 0..4 {
            let Some(next) = self.neighbour(column, dir) else {
                continue;
            };
            let shared = open & floors(self.kind[next]);
            for f in 0..8u32 {
                if shared & (1 << f) != 0 {
                    self.union(base + f, next as u32 * 8 + f);
                }
            }
        }
        let floor = match carving {
            Carving::Block(f) => f as u32,
            Carving::Open(s) => (entry % 8) ^ s as u32,
        };
        let place = base + floor;
        for dir in 0..4 {
            if let Some(next) = self.neighbour(column, dir) {
                if self.kind[next] == CLOSED {
                    self.frontier.push(place * 4 + dir as u32);
                }
            }
        }
    }

    /// Grows the tree until the frontier is empty.
    fn grow(&mut self, rng: &mut StdRng) {
        let mut carvings = Vec::with_capacity(5);
        while !self.frontier.is_empty() {
            let entry = self
                .frontier
                .swap_remove(rng.random_range(0..self.frontier.len()));
            let (place, dir) = (entry / 4, (entry % 4) as usize);
            let Some(column) = self.neighbour(place as usize / 8, dir) else {
                continue;
            };
            if self.kind[column] != CLOSED {
                continue;
            }
            let floor = (place % 8) as u8;
            carvings.clear();
            if floor != 0 {
                carvings.push(Carving::Block(floor));
            }
            carvings.push(Carving::Open(0));
            carvings.extend(self.switches.iter().map(|&s| Carving::Open(s)));
            carvings.shuffle(rng);
            for &carving in &carvings {
                if self.allows(column, carving) {
                    self.carve(column, carving, place);
                    break;
                }
            }
        }
    }

    /// The level as carved, closed columns as blocks of the wall colour,
    /// with the start and no exit placed yet (it is where the start is).
    fn level(&self) -> Level {
        let mut level = Level::new(self.width, self.height);
        for (i, &kind) in self.kind.iter().enumerate() {
            let cell = match kind {
                CLOSED => Cell::Block(Colour(self.wall)),
                OPEN => Cell::Empty,
                k if k & OPEN != 0 => Cell::Switch(Colour(k & !OPEN)),
                k => Cell::Block(Colour(k)),
            };
            level.set_cell(i % self.width, i / self.width, cell);
        }
        let start = self.start as usize / 8;
        level.start = (start % self.width, start / self.width);
        level.exit = level.start;
        level
    }
}

/// The colours a background can take from black with the switches of
/// `mask`, as a mask of colours.
fn reachable_backgrounds(mask: u8) -> u8 {
    let mut reached = 1u8;
    for s in [1u8, 2, 4] {
        if mask & s != 0 {
            for c in 0..8u8 {
                if reached & (1 << c) != 0 {
                    reached |= 1 << (c ^ s);
                }
            }
        }
    }
    reached
}

/// Carves one level from `rng`.
pub fn carve(options: &GenerateOptions, rng: &mut StdRng) -> Level {
    let reachable = reachable_backgrounds(options.switch_colours);
    let unreachable: Vec<u8> = (1..8u8).filter(|c| reachable & (1 << c) == 0).collect();
    let wall = if unreachable.is_empty() {
        rng.random_range(1..8u8)
    } else {
        unreachable[rng.random_range(0..unreachable.len())]
    };
    let start = rng.random_range(0..options.width * options.height);
    let mut carver = Carver::new(options, start, wall);
    carver.grow(rng);
    let mut level = carver.level();
    drop(carver);
    place_exit(&mut level);
    level
}

/// Puts the exit on the empty or switch cell (not the start) whose
/// nearest floor is farthest from the start place, the first in reading
/// order among equals, and makes it empty.
fn place_exit(level: &mut Level) {
    let model = StartComponent::of(level);
    let mut best: Option<((usize, usize), u32)> = None;
    for y in 0..level.height() {
        for x in 0..level.width() {
            if (x, y) == level.start || matches!(level.cell(x, y), Cell::Block(_)) {
                continue;
            }
            if let Some(d) = model.cell_distance((x, y)) {
                if best.is_none_or(|(_, b)| d > b) {
                    best = Some(((x, y), d));
                }
            }
        }
    }
    // The start's first neighbour is always carved open (an empty cell
    // keeps the model a tree), so a board of two cells or more has one.
    let ((x, y), _) = best.expect("the tree holds an open cell besides the start");
    level.set_cell(x, y, Cell::Empty);
    level.exit = (x, y);
}

/// Generates a level by the tree method; with `no_dead_ends` or an effort
/// range, carves again until the analysis finds no dead end and an effort
/// in the range.
pub fn generate(options: &GenerateOptions, job: &Job) -> Result<Generated, GenerateError> {
    let mut rng = StdRng::seed_from_u64(options.seed);
    for tries in 1..=options.max_tries {
        if job.is_cancelled() {
            return Err(GenerateError::Cancelled(tries - 1));
        }
        let level = carve(options, &mut rng);
        if !options.judges_tries() {
            return Ok(Generated {
                level,
                tries,
                additions: 0,
            });
        }
        match meets_options(&level, options, job) {
            Ok(true) => {
                return Ok(Generated {
                    level,
                    tries,
                    additions: 0,
                })
            }
            Ok(false) => {}
            Err(_) if job.is_cancelled() => return Err(GenerateError::Cancelled(tries)),
            Err(e) => return Err(GenerateError::AnalysisStopped(e)),
        }
    }
    Err(GenerateError::GaveUp(format!(
        "no {}x{} level {} in {} (seed {}); allow more with --max-tries, or try a smaller board",
        options.width,
        options.height,
        options.requirement_words(),
        counted(options.max_tries, "try", "tries"),
        options.seed
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_reach_the_backgrounds_they_span() {
        assert_eq!(reachable_backgrounds(0), 0b1);
        assert_eq!(reachable_backgrounds(1), 0b11);
        assert_eq!(reachable_backgrounds(1 | 4), 0b11_0011);
        assert_eq!(reachable_backgrounds(7), 0xFF);
    }

    #[test]
    fn a_carved_level_is_a_tree_with_its_exit_farthest() {
        for seed in 0..40 {
            let options = GenerateOptions::new(4 + seed as usize % 9, 3 + seed as usize % 7, seed);
            let level = carve(&options, &mut StdRng::seed_from_u64(seed));
            assert!(level.is_valid(), "{:?}", level.problems());
            let model = StartComponent::of(&level);
            assert!(model.is_tree(), "seed {seed}");
            assert_eq!(level.cell(level.exit.0, level.exit.1), Cell::Empty);
            assert_ne!(level.exit, level.start);
        }
    }

    #[test]
    fn closed_columns_take_a_colour_the_switches_never_reach() {
        let options = GenerateOptions {
            switch_colours: 1,
            ..GenerateOptions::new(12, 12, 3)
        };
        let level = carve(&options, &mut StdRng::seed_from_u64(3));
        let blocks: Vec<u8> = level
            .cells()
            .iter()
            .filter_map(|c| match c {
                Cell::Block(c) => Some(c.0),
                _ => None,
            })
            .collect();
        assert!(blocks.iter().all(|&c| c != 0));
        let switches = level
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Switch(_)));
        assert!(switches.clone().all(|c| *c == Cell::Switch(Colour::RED)));
        assert!(switches.count() > 0);
        assert!(blocks.contains(&1), "the red floor is carved: {blocks:?}");
    }
}
