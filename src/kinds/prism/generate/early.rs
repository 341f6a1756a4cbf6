//! The early (2016) generator (docs/rules.md, Prism, "Generating levels"):
//! guess, check, repeat, on the engine's guess-and-test stack
//! ([`crate::engine::stack`]).
//!
//! The level starts empty with a start and an exit on two random cells.
//! While it is solvable, the next decision adds a block: its guesses are
//! a few random (empty cell, colour) pairs, each accepted as it comes (a
//! block that leaves the level solvable, or one that makes it unsolvable;
//! the next decision then mends it), and last a *stop* guess that ends the
//! generation: "no block can be added". While the level is unsolvable, the
//! next decision adds a switch: its guesses are random (empty cell, switch
//! colour) pairs, and one passes only if the level is solvable again. When
//! no switch mends a block, the stack takes the block back and tries the
//! next one. Solvability is the engine's analysis.
//!
//! With a difficulty target `D`, an addition is kept only when the
//! difficulty score (the report card's, [`crate::kinds::prism::rating`])
//! is no farther from `D` than before it: a block that leaves the level
//! solvable is judged at once, a block that breaks it together with the
//! switch that mends it.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::{meets_options, GenerateError, GenerateOptions, Generated};
use crate::engine::stack::{GuessProblem, GuessStack, Status};
use crate::engine::Job;
use crate::kinds::prism::analyze;
use crate::kinds::prism::level::{Cell, Colour, Level};
use crate::words::counted;

/// Guesses tried for one decision (besides the stop guess).
const GUESSES: usize = 12;

/// Steps of the stack between two looks at the job.
const STEPS_PER_LOOK: u64 = 32;

/// One addition to the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Addition {
    /// A block of this colour on cell `(x, y)`.
    Block((usize, usize), Colour),
    /// A switch of this colour on cell `(x, y)`.
    Switch((usize, usize), Colour),
    /// No more blocks: the level is done.
    Stop,
}

/// Where the level stood before an addition.
#[derive(Clone, Copy, Debug)]
struct Before {
    score: Option<u32>,
    anchor: Option<u32>,
}

/// The level being built, as the guess-and-test stack sees it.
#[derive(Clone, Debug)]
pub struct EarlyLevel {
    level: Level,
    /// The difficulty score now, `None` while unsolvable.
    score: Option<u32>,
    /// The score before the block that made the level unsolvable.
    anchor: Option<u32>,
    history: Vec<Before>,
    block_colours: Vec<Colour>,
    switch_colours: Vec<Colour>,
    target: Option<u32>,
    done: bool,
    additions: u64,
    job: Job,
}

impl EarlyLevel {
    /// An empty `width x height` level with its start and exit on two
    /// random cells, to be filled with the switches of `options`.
    pub fn new(options: &GenerateOptions, job: &Job, rng: &mut StdRng) -> EarlyLevel {
        let (w, h) = (options.width, options.height);
        let mut level = Level::new(w, h);
        let start = rng.random_range(0..w * h);
        let mut exit = rng.random_range(0..w * h - 1);
        if exit >= start {
            exit += 1;
        }
        level.start = (start % w, start / w);
        level.exit = (exit % w, exit / w);
        let switch_colours = options.switches();
        let reachable = backgrounds(&switch_colours);
        let mut building = EarlyLevel {
            level,
            score: None,
            anchor: None,
            history: Vec::new(),
            block_colours: (1..8u8)
                .filter(|c| reachable & (1 << c) != 0)
                .map(Colour)
                .collect(),
            switch_colours,
            target: options.difficulty,
            done: false,
            additions: 0,
            job: job.clone(),
        };
        building.score = building.difficulty();
        building
    }

    /// The level as built so far.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The difficulty score now, `None` while the level is unsolvable.
    pub fn score(&self) -> Option<u32> {
        self.score
    }

    /// Additions tried so far.
    pub fn additions(&self) -> u64 {
        self.additions
    }

    /// The difficulty score of the level as it stands, `None` when it
    /// cannot be solved (or the analysis stopped).
    fn difficulty(&self) -> Option<u32> {
        analyze(&self.level, &Job::default())
            .ok()
            .and_then(|a| a.rating.difficulty)
    }

    /// Whether moving the score from `from` to `to` keeps it no farther
    /// from the target (always, without a target).
    fn steers(&self, from: Option<u32>, to: u32) -> bool {
        match (self.target, from) {
            (Some(d), Some(from)) => to.abs_diff(d) <= from.abs_diff(d),
            _ => true,
        }
    }

    /// The empty cells that are neither start nor exit.
    fn free_cells(&self) -> Vec<(usize, usize)> {
        let (w, h) = (self.level.width(), self.level.height());
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&p| p != self.level.start && p != self.level.exit)
            .filter(|&(x, y)| self.level.cell(x, y) == Cell::Empty)
            .collect()
    }
}

/// The backgrounds reachable from black with these switches, as a mask.
fn backgrounds(switches: &[Colour]) -> u8 {
    switches.iter().fold(1u8, |reached, s| {
        (0..8u8)
            .filter(|c| reached & (1 << c) != 0)
            .fold(reached, |r, c| r | 1 << (c ^ s.0))
    })
}

impl GuessProblem for EarlyLevel {
    type Guess = Addition;

    fn is_complete(&self) -> bool {
        self.done
    }

    fn guesses(&mut self, rng: &mut StdRng) -> Vec<Addition> {
        let cells = self.free_cells();
        let solvable = self.score.is_some();
        let colours = if solvable {
            &self.block_colours
        } else {
            &self.switch_colours
        };
        let mut guesses: Vec<Addition> = cells
            .iter()
            .flat_map(|&p| {
                colours.iter().map(move |&c| {
                    if solvable {
                        Addition::Block(p, c)
                    } else {
                        Addition::Switch(p, c)
                    }
                })
            })
            .collect();
        guesses.shuffle(rng);
        guesses.truncate(GUESSES);
        if self.score.is_some() {
            guesses.push(Addition::Stop);
        }
        guesses
    }

    fn apply(&mut self, guess: &Addition) -> bool {
        self.history.push(Before {
            score: self.score,
            anchor: self.anchor,
        });
        let (p, cell) = match *guess {
            Addition::Stop => {
                self.done = true;
                return true;
            }
            Addition::Block(p, c) => (p, Cell::Block(c)),
            Addition::Switch(p, c) => (p, Cell::Switch(c)),
        };
        if self.job.is_cancelled() {
            return false;
        }
        self.additions += 1;
        self.level.set_cell(p.0, p.1, cell);
        let after = self.difficulty();
        self.score = after;
        match (*guess, after) {
            (Addition::Block(..), None) => {
                self.anchor = self.history.last().and_then(|b| b.score);
                true
            }
            (Addition::Block(..), Some(s)) => {
                let before = self.history.last().and_then(|b| b.score);
                self.steers(before, s)
            }
            (_, Some(s)) => self.steers(self.anchor, s),
            (_, None) => false,
        }
    }

    fn undo(&mut self, guess: &Addition) {
        let before = self.history.pop().expect("undo follows apply");
        self.score = before.score;
        self.anchor = before.anchor;
        match *guess {
            Addition::Stop => self.done = false,
            Addition::Block(p, _) | Addition::Switch(p, _) => {
                self.level.set_cell(p.0, p.1, Cell::Empty)
            }
        }
    }
}

/// Builds one level from `seed`; `None` when cancelled.
pub fn build(options: &GenerateOptions, seed: u64, job: &Job) -> Option<EarlyLevel> {
    let mut rng = StdRng::seed_from_u64(seed);
    let building = EarlyLevel::new(options, job, &mut rng);
    let mut stack = GuessStack::new(building, rng.random());
    loop {
        let status = stack.run(STEPS_PER_LOOK);
        if job.is_cancelled() {
            return None;
        }
        match status {
            Status::Solved => return Some(stack.problem().clone()),
            // The first decision always ends with the stop guess, which
            // passes, so only a cancelled job gets here.
            Status::Impossible => return None,
            Status::Searching => {}
        }
    }
}

/// Generates a level by the early method; with `no_dead_ends` or an
/// effort range, builds again (from the next seed of the stream) until the
/// analysis finds no dead end and an effort in the range.
pub fn generate(options: &GenerateOptions, job: &Job) -> Result<Generated, GenerateError> {
    let mut seeds = StdRng::seed_from_u64(options.seed);
    let mut additions = 0;
    for tries in 1..=options.max_tries {
        let Some(built) = build(options, seeds.random(), job) else {
            return Err(GenerateError::Cancelled(tries));
        };
        additions += built.additions;
        let level = built.level;
        let keep = !options.judges_tries()
            || match meets_options(&level, options, job) {
                Ok(free) => free,
                Err(_) if job.is_cancelled() => return Err(GenerateError::Cancelled(tries)),
                Err(e) => return Err(GenerateError::AnalysisStopped(e)),
            };
        if keep {
            return Ok(Generated {
                level,
                tries,
                additions,
            });
        }
    }
    Err(GenerateError::GaveUp(format!(
        "no {}x{} level {} in {} (seed {}); allow more with --max-tries",
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
    use crate::kinds::prism::generate::Method;

    fn early(width: usize, height: usize, seed: u64) -> GenerateOptions {
        GenerateOptions {
            method: Method::Early,
            ..GenerateOptions::new(width, height, seed)
        }
    }

    #[test]
    fn an_early_level_is_solvable_and_full() {
        let options = early(6, 5, 4);
        let built = build(&options, 4, &Job::default()).unwrap();
        assert!(built.score().is_some(), "solvable");
        let level = built.level();
        let blocks = level
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Block(_)))
            .count();
        assert!(blocks >= 4, "{blocks} blocks");
        assert!(built.additions() >= blocks as u64);
    }

    #[test]
    fn a_cancelled_job_stops_the_build() {
        let job = Job::default();
        job.cancel();
        assert!(build(&early(6, 5, 1), 1, &job).is_none());
    }
}
