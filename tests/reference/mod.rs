//! A deliberately simple reference analyzer for Skiddy levels, written
//! separately from the engine so that the engine can be checked against it.
//!
//! It uses only the public rule step of the crate (`Rules::apply`,
//! `canonicalise`, `is_won`, `is_combo_intact`) and computes everything else
//! the plainest way there is:
//!
//! - a forward breadth-first search over a `HashMap<Vec<u8>, usize>` (state
//!   -> depth); won states are terminal and are not expanded;
//! - distances to a win by naive fixpoint iteration: start every distance at
//!   "none" and relax over all edges again and again until nothing changes
//!   (Bellman-Ford with unit weights), no reverse search, no tricks (the
//!   states are numbered first only so that the loops index vectors rather
//!   than hash position vectors);
//! - labels, stars, the depth histogram and the traps read straight off
//!   docs/rules.md, Skiddy.
//!
//! Speed does not matter here; obviousness does.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};

use levelscope::kinds::skiddy::{Dir, Level, Rules};

/// The position of a piece that has left the board (as in the crate).
pub const GONE: u8 = u8::MAX;

/// The label of a reachable state, named as the crate's `label_name` names
/// them.
pub const WON: &str = "Won";
pub const MAX_COMBO: &str = "MaxCombo";
pub const OK: &str = "Ok";
pub const DEAD_END: &str = "DeadEnd";

/// The reference analysis of one level.
pub struct Reference {
    /// The compiled level.
    pub rules: Rules,
    /// The canonical start positions.
    pub start: Vec<u8>,
    /// Every reachable state (canonical positions) with its BFS depth.
    pub depth: HashMap<Vec<u8>, usize>,
    /// For every reachable state that is not won: for each direction of
    /// `Dir::ALL`, the canonical successor, or `None` when the move changes
    /// nothing. Won states have no entry (they are terminal).
    pub moves: HashMap<Vec<u8>, [Option<Vec<u8>>; 4]>,
    /// The states numbered in any order, only so that the fixpoint loops
    /// below can use plain vectors instead of hashing position vectors.
    states: Vec<Vec<u8>>,
    number: HashMap<Vec<u8>, usize>,
    /// Distance to any win, by state number.
    any: Vec<Option<u32>>,
    /// Distance to a win through combo-intact states only (max-combo).
    max: Vec<Option<u32>>,
    /// Distance to a win by a path that passes at least one state that is
    /// not combo-intact (no-combo).
    no: Vec<Option<u32>>,
}

/// `Some(1 + d)` for the smallest `d` among `values`, or `None` when there
/// is none.
fn one_more_than_min(values: impl Iterator<Item = Option<u32>>) -> Option<u32> {
    values.flatten().min().map(|d| d + 1)
}

/// Whether `new` is a strict improvement on `old` (`None` is infinity).
fn better(new: Option<u32>, old: Option<u32>) -> bool {
    match (new, old) {
        (Some(n), Some(o)) => n < o,
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// Relaxes `dist[i] = rule(i, dist)` over all states again and again until
/// nothing changes. Every distance starts at `None` (infinity) and only ever
/// goes down, so this ends at the shortest distances.
fn fixpoint(count: usize, rule: impl Fn(usize, &[Option<u32>]) -> Option<u32>) -> Vec<Option<u32>> {
    let mut dist: Vec<Option<u32>> = vec![None; count];
    loop {
        let mut changed = false;
        for i in 0..count {
            let new = rule(i, &dist);
            if better(new, dist[i]) {
                dist[i] = new;
                changed = true;
            }
        }
        if !changed {
            return dist;
        }
    }
}

impl Reference {
    /// Analyses a valid level.
    pub fn new(level: &Level) -> Reference {
        let rules = Rules::compile(level).expect("the reference only analyses valid levels");
        let mut start = rules.start_positions().to_vec();
        rules.canonicalise(&mut start);

        // Forward breadth-first search.
        let mut depth: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut moves: HashMap<Vec<u8>, [Option<Vec<u8>>; 4]> = HashMap::new();
        let mut queue: VecDeque<Vec<u8>> = VecDeque::new();
        depth.insert(start.clone(), 0);
        queue.push_back(start.clone());
        while let Some(state) = queue.pop_front() {
            if rules.is_won(&state) {
                continue;
            }
            let d = depth[&state];
            let mut out: [Option<Vec<u8>>; 4] = [None, None, None, None];
            for (i, dir) in Dir::ALL.into_iter().enumerate() {
                let mut next = state.clone();
                if rules.apply(&mut next, dir) {
                    rules.canonicalise(&mut next);
                    if !depth.contains_key(&next) {
                        depth.insert(next.clone(), d + 1);
                        queue.push_back(next.clone());
                    }
                    out[i] = Some(next);
                }
            }
            moves.insert(state, out);
        }

        let states: Vec<Vec<u8>> = depth.keys().cloned().collect();
        let number: HashMap<Vec<u8>, usize> = states
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i))
            .collect();
        let count = states.len();
        // Per state number: won, combo-intact, successor numbers (one per
        // move that changes something; none for won states).
        let won: Vec<bool> = states.iter().map(|s| rules.is_won(s)).collect();
        let intact: Vec<bool> = states.iter().map(|s| rules.is_combo_intact(s)).collect();
        let succ: Vec<Vec<usize>> = states
            .iter()
            .map(|s| match moves.get(s) {
                Some(out) => out.iter().flatten().map(|t| number[t]).collect(),
                None => Vec::new(),
            })
            .collect();

        // dist_any(s) = 0 if won, else 1 + min over successors.
        let any = fixpoint(count, |i, dist| {
            if won[i] {
                Some(0)
            } else {
                one_more_than_min(succ[i].iter().map(|&t| dist[t]))
            }
        });
        // dist_max(s): only for combo-intact s; 0 if won; else 1 + min over
        // combo-intact successors.
        let max = fixpoint(count, |i, dist| {
            if !intact[i] {
                None
            } else if won[i] {
                Some(0)
            } else {
                one_more_than_min(succ[i].iter().filter(|&&t| intact[t]).map(|&t| dist[t]))
            }
        });
        // dist_no(s): dist_any(s) if s is not combo-intact (any way on from
        // here has passed a broken state); none if won (won states are
        // combo-intact and end the game); else 1 + min over successors.
        let no = fixpoint(count, |i, dist| {
            if !intact[i] {
                any[i]
            } else if won[i] {
                None
            } else {
                one_more_than_min(succ[i].iter().map(|&t| dist[t]))
            }
        });

        Reference {
            rules,
            start,
            depth,
            moves,
            states,
            number,
            any,
            max,
            no,
        }
    }

    /// All reachable states.
    pub fn states(&self) -> impl Iterator<Item = &Vec<u8>> {
        self.states.iter()
    }

    /// Number of reachable states.
    pub fn state_count(&self) -> usize {
        self.states.len()
    }

    pub fn is_won(&self, s: &[u8]) -> bool {
        self.rules.is_won(s)
    }

    pub fn is_intact(&self, s: &[u8]) -> bool {
        self.rules.is_combo_intact(s)
    }

    /// The successors of `s` (empty for won states), one per move that
    /// changes something.
    pub fn successors(&self, s: &[u8]) -> Vec<&Vec<u8>> {
        match self.moves.get(s) {
            Some(out) => out.iter().flatten().collect(),
            None => Vec::new(),
        }
    }

    fn number_of(&self, s: &[u8]) -> usize {
        *self
            .number
            .get(s)
            .unwrap_or_else(|| panic!("{s:?} is not a reachable state"))
    }

    /// The distance to any win.
    pub fn dist_any(&self, s: &[u8]) -> Option<u32> {
        self.any[self.number_of(s)]
    }

    /// The distance to a win through combo-intact states only.
    pub fn dist_max(&self, s: &[u8]) -> Option<u32> {
        self.max[self.number_of(s)]
    }

    /// The distance to a win by a way that passes a state that is not
    /// combo-intact.
    pub fn dist_no(&self, s: &[u8]) -> Option<u32> {
        self.no[self.number_of(s)]
    }

    /// The label of a reachable state.
    pub fn label(&self, s: &[u8]) -> &'static str {
        if self.is_won(s) {
            WON
        } else if self.dist_max(s).is_some() {
            MAX_COMBO
        } else if self.dist_any(s).is_some() {
            OK
        } else {
            DEAD_END
        }
    }

    pub fn is_dead_end(&self, s: &[u8]) -> bool {
        self.dist_any(s).is_none()
    }

    pub fn won_count(&self) -> u64 {
        self.states().filter(|s| self.is_won(s)).count() as u64
    }

    pub fn dead_end_count(&self) -> u64 {
        self.states().filter(|s| self.is_dead_end(s)).count() as u64
    }

    /// Moves from a winnable state that is not won into a dead end, counted
    /// per move.
    pub fn trap_count(&self) -> u64 {
        let mut traps = 0;
        for s in self.states() {
            if self.is_won(s) || self.is_dead_end(s) {
                continue;
            }
            for t in self.successors(s) {
                if self.is_dead_end(t) {
                    traps += 1;
                }
            }
        }
        traps
    }

    /// Shortest solution lengths from the start: (any, max-combo, no-combo).
    pub fn shortest(&self) -> (Option<u32>, Option<u32>, Option<u32>) {
        (
            self.dist_any(&self.start),
            self.dist_max(&self.start),
            self.dist_no(&self.start),
        )
    }

    /// The star rating of docs/rules.md: each rule checked only if the previous
    /// one holds.
    pub fn stars(&self) -> u8 {
        if self.dead_end_count() > 0 {
            return 0;
        }
        let (_, max, no) = self.shortest();
        match (max, no) {
            (Some(m), Some(n)) if m > n => 2,
            (Some(_), Some(_)) => 3,
            _ => 1,
        }
    }

    /// For each depth from 0: [states at that depth, dead ends at that
    /// depth].
    pub fn depth_histogram(&self) -> Vec<[u64; 2]> {
        let deepest = self.depth.values().copied().max().unwrap_or(0);
        let mut histogram = vec![[0u64; 2]; deepest + 1];
        for (s, &d) in &self.depth {
            histogram[d][0] += 1;
            if self.is_dead_end(s) {
                histogram[d][1] += 1;
            }
        }
        histogram
    }
}

/// Parses a move string such as `"L D"`.
pub fn parse_moves(text: &str) -> Vec<Dir> {
    text.split_whitespace()
        .map(|word| {
            assert_eq!(
                word.chars().count(),
                1,
                "a move is one letter: {word:?} in {text:?}"
            );
            Dir::from_letter(word.chars().next().unwrap())
                .unwrap_or_else(|| panic!("unknown move {word:?} in {text:?}"))
        })
        .collect()
}

/// Replays moves from the canonical start with `Rules::apply`; returns every
/// state on the way (the start first). Panics if a move changes nothing (a
/// move that changes nothing is no move, so no solution may contain one).
pub fn replay(rules: &Rules, moves: &[Dir]) -> Vec<Vec<u8>> {
    let mut state = rules.start_positions().to_vec();
    rules.canonicalise(&mut state);
    let mut path = vec![state.clone()];
    for (i, &dir) in moves.iter().enumerate() {
        assert!(
            rules.apply(&mut state, dir),
            "move {} ({}) of the solution changes nothing",
            i + 1,
            dir.letter()
        );
        rules.canonicalise(&mut state);
        path.push(state.clone());
    }
    path
}
