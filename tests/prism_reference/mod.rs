//! A deliberately simple reference for Prism levels, written separately from
//! `src/kinds/prism` so that the engine can be checked against it.
//!
//! It borrows only the crate's level types (`Level`, `Cell`, `Axis`) to read
//! a level; the rules are played here, straight from /work/shared/RULES.md
//! section 2 ("One turn"), on plain structs:
//!
//! - a [`State`] is the player's `(x, y)`, the background and the enemies
//!   as a set: every enemy as `(x, y, direction, alive)`, the list kept
//!   sorted, since two enemies at the same place going the same way are
//!   indistinguishable (which one started where no longer matters); a
//!   destroyed enemy is stored as [`Enemy::DESTROYED`], since where it died
//!   no longer matters;
//! - [`Reference::turn`] plays one turn in the order of the rules;
//! - a forward breadth-first search over a `HashMap` finds every reachable
//!   state from the start and numbers it; won states are terminal, a move
//!   that gets the player caught is a loss and leads to no state;
//! - a backward pass gives each state its distance to a win by naive
//!   fixpoint iteration (start at "none", relax over all edges until nothing
//!   changes), and from it the state's [`Verdict`].
//!
//! Speed does not matter here; obviousness does.

use std::collections::{HashMap, VecDeque};

use levelscope::kinds::prism::{Axis, Cell, Level};

/// A step `(dx, dy)`: `x` grows to the right, `y` downwards.
pub type Step = (i64, i64);

/// The player's four moves, in the crate's move order `U R D L`.
pub const MOVES: [Step; 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// One enemy of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Enemy {
    /// Column.
    pub x: i64,
    /// Row.
    pub y: i64,
    /// The way it is going.
    pub dir: Step,
    /// Not destroyed.
    pub alive: bool,
}

impl Enemy {
    /// Every destroyed enemy looks the same: states that differ only in
    /// where an enemy was destroyed are one state.
    pub const DESTROYED: Enemy = Enemy {
        x: -1,
        y: -1,
        dir: (0, 0),
        alive: false,
    };
}

/// A position of the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The player's `(x, y)`.
    pub player: (i64, i64),
    /// The background colour, 0 to 7.
    pub background: u8,
    /// The enemies of the level, sorted: a set of positions and
    /// directions, not a list in level order.
    pub enemies: Vec<Enemy>,
}

/// `enemies` as the set a state holds: sorted.
fn as_set(mut enemies: Vec<Enemy>) -> Vec<Enemy> {
    enemies.sort();
    enemies
}

/// How one turn ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Off the board or into a closed block: nothing happens.
    NoMove,
    /// The player and an enemy met: the player dies.
    Caught,
    /// The player reached the exit (the enemies did not move).
    Won(State),
    /// The game goes on from this state.
    Moved(State),
}

/// Where one move of a reachable state leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Nowhere: the move is no move.
    NoMove,
    /// The player dies.
    Caught,
    /// To the state of this number.
    To(usize),
}

/// What a reachable state is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player stands on the exit.
    Won,
    /// A win can still be reached.
    Winnable,
    /// No win can be reached any more.
    DeadEnd,
}

/// The reference analysis of one level.
pub struct Reference {
    level: Level,
    /// Every reachable state, the start first, in breadth-first order.
    pub states: Vec<State>,
    /// The number of each state in `states`.
    pub number: HashMap<State, usize>,
    /// For every state and move of [`MOVES`], where the move leads; won
    /// states are terminal, all their moves are [`Edge::NoMove`].
    pub edges: Vec<[Edge; 4]>,
    /// Whether each state is won.
    pub won: Vec<bool>,
    /// Each state's distance to a win in moves, `None` for a dead end.
    pub distance: Vec<Option<u32>>,
}

impl Reference {
    /// Plays the whole level from its start.
    pub fn new(level: &Level) -> Reference {
        let mut reference = Reference {
            level: level.clone(),
            states: Vec::new(),
            number: HashMap::new(),
            edges: Vec::new(),
            won: Vec::new(),
            distance: Vec::new(),
        };
        reference.explore();
        reference.distance = reference.distances();
        reference
    }

    /// The state the level starts in: every `h` enemy going right, every
    /// `v` enemy going down.
    pub fn start(&self) -> State {
        let (x, y) = self.level.start;
        State {
            player: (x as i64, y as i64),
            background: self.level.background.0,
            enemies: as_set(
                self.level
                    .enemies
                    .iter()
                    .map(|e| Enemy {
                        x: e.x as i64,
                        y: e.y as i64,
                        dir: match e.axis {
                            Axis::Horizontal => (1, 0),
                            Axis::Vertical => (0, 1),
                        },
                        alive: true,
                    })
                    .collect(),
            ),
        }
    }

    /// Whether `(x, y)` is on the board and can be entered on `background`:
    /// floor and switches always, a block only on exactly its colour.
    pub fn open(&self, (x, y): (i64, i64), background: u8) -> bool {
        if x < 0 || y < 0 {
            return false;
        }
        match self.level.get(x as usize, y as usize) {
            None => false,
            Some(Cell::Empty) | Some(Cell::Switch(_)) => true,
            Some(Cell::Block(colour)) => colour.0 == background,
        }
    }

    /// Whether a living enemy of `enemies` stands on `cell`.
    fn enemy_on(enemies: &[Enemy], cell: (i64, i64)) -> bool {
        enemies.iter().any(|e| e.alive && (e.x, e.y) == cell)
    }

    /// One enemy's act on `background` (rule 5).
    fn enemy_acts(&self, enemy: Enemy, background: u8) -> Enemy {
        if !enemy.alive {
            return enemy;
        }
        if !self.open((enemy.x, enemy.y), background) {
            return Enemy::DESTROYED;
        }
        let (dx, dy) = enemy.dir;
        let ahead = (enemy.x + dx, enemy.y + dy);
        let behind = (enemy.x - dx, enemy.y - dy);
        if self.open(ahead, background) {
            Enemy {
                x: ahead.0,
                y: ahead.1,
                ..enemy
            }
        } else if self.open(behind, background) {
            Enemy {
                x: behind.0,
                y: behind.1,
                dir: (-dx, -dy),
                alive: true,
            }
        } else {
            enemy
        }
    }

    /// Plays one turn of `state` with the player stepping `step`, rule by
    /// rule.
    pub fn turn(&self, state: &State, step: Step) -> Turn {
        // 1. Off the board or into a closed block is no move.
        let to = (state.player.0 + step.0, state.player.1 + step.1);
        if !self.open(to, state.background) {
            return Turn::NoMove;
        }
        // 2. One step; entering a switch toggles the background by XOR.
        let background = match self.level.cell(to.0 as usize, to.1 as usize) {
            Cell::Switch(colour) => state.background ^ colour.0,
            _ => state.background,
        };
        // 3. Walking into an enemy.
        if Self::enemy_on(&state.enemies, to) {
            return Turn::Caught;
        }
        // 4. The exit wins before the enemies move.
        if to == (self.level.exit.0 as i64, self.level.exit.1 as i64) {
            return Turn::Won(State {
                player: to,
                background,
                enemies: state.enemies.clone(),
            });
        }
        // 5. Every enemy acts on the new background.
        let enemies: Vec<Enemy> = as_set(
            state
                .enemies
                .iter()
                .map(|&e| self.enemy_acts(e, background))
                .collect(),
        );
        // 6. An enemy stepping onto the player.
        if Self::enemy_on(&enemies, to) {
            return Turn::Caught;
        }
        Turn::Moved(State {
            player: to,
            background,
            enemies,
        })
    }

    /// The number of `state`, numbering and queueing it if it is new.
    fn visit(&mut self, state: State, queue: &mut VecDeque<usize>) -> usize {
        if let Some(&n) = self.number.get(&state) {
            return n;
        }
        let n = self.states.len();
        self.number.insert(state.clone(), n);
        self.states.push(state);
        queue.push_back(n);
        n
    }

    /// Breadth-first search from the start; won states are not expanded.
    fn explore(&mut self) {
        let mut queue = VecDeque::new();
        self.visit(self.start(), &mut queue);
        while let Some(n) = queue.pop_front() {
            let state = self.states[n].clone();
            let won = state.player == (self.level.exit.0 as i64, self.level.exit.1 as i64);
            self.won.push(won);
            let mut edges = [Edge::NoMove; 4];
            if !won {
                for (edge, step) in edges.iter_mut().zip(MOVES) {
                    *edge = match self.turn(&state, step) {
                        Turn::NoMove => Edge::NoMove,
                        Turn::Caught => Edge::Caught,
                        Turn::Won(next) | Turn::Moved(next) => {
                            Edge::To(self.visit(next, &mut queue))
                        }
                    };
                }
            }
            self.edges.push(edges);
        }
    }

    /// Distances to a win: 0 for won states, else one more than the best
    /// successor, relaxed over all edges until nothing changes.
    fn distances(&self) -> Vec<Option<u32>> {
        let mut distance: Vec<Option<u32>> = self.won.iter().map(|&w| w.then_some(0)).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for n in 0..self.states.len() {
                if self.won[n] {
                    continue;
                }
                let best = self.edges[n]
                    .iter()
                    .filter_map(|edge| match *edge {
                        Edge::To(next) => distance[next],
                        Edge::NoMove | Edge::Caught => None,
                    })
                    .min()
                    .map(|d| d + 1);
                if best.is_some() && (distance[n].is_none() || best < distance[n]) {
                    distance[n] = best;
                    changed = true;
                }
            }
        }
        distance
    }

    /// The verdict of state number `n`.
    pub fn verdict(&self, n: usize) -> Verdict {
        if self.won[n] {
            Verdict::Won
        } else if self.distance[n].is_some() {
            Verdict::Winnable
        } else {
            Verdict::DeadEnd
        }
    }

    /// The number of moves, over all states, that get the player caught.
    pub fn deaths(&self) -> u64 {
        self.edges
            .iter()
            .flatten()
            .filter(|&&edge| edge == Edge::Caught)
            .count() as u64
    }
}
