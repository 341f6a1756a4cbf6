//! The Skiddy generator, with the parameters of the original game's
//! generator: board size; Skiddies and goals per colour and whether goals of
//! different colours may touch; crates, ice and pits; the share of static
//! blocks inside; the shortest and longest Perfect; the fewest stars; and
//! a target effort range (`docs/effort.md`).
//!
//! It uses the guess-and-test stack: every element (a goal, a block, a pit,
//! a piece) is one decision whose guesses are a few random free cells.
//! Cheap tests reject a partial level early (goals of different colours
//! touching, a block in front of a goal); the last decision's test is the
//! verdict on the complete level ([`judge`]): rejected with the first
//! requirement it fails, or kept with its full analysis. A failed candidate
//! makes the stack back up to the previous decision rather than start
//! over; a search that takes too long restarts from a fresh seed.
//! Everything follows from the seed.

mod control;
mod judge;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::level::{Cell, Colour, Floor, Level, Piece};
use super::rating::Rating;
use super::Analysis;
use crate::effort::EffortRange;
use crate::engine::stack::{GuessProblem, GuessStack, Status};
use crate::engine::Summary;
use crate::grid::Dir;

pub use control::{GenerateControl, Rejection, RejectionCounts, TimeLeft};
pub use judge::{rejection, Judge};

/// Guesses tried for each decision.
const GUESSES_PER_ELEMENT: usize = 6;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateParams {
    /// Board width, border included.
    pub width: usize,
    /// Board height, border included.
    pub height: usize,
    /// Skiddies of each colour (red, blue, green, yellow).
    pub skiddies: [usize; 4],
    /// Goals of each colour that has Skiddies.
    pub goals_per_colour: usize,
    /// Whether goals of different colours may be next to each other.
    pub goals_may_touch: bool,
    /// Crates.
    pub crates: usize,
    /// Ice cubes.
    pub ice: usize,
    /// Pits.
    pub pits: usize,
    /// The share of the inner cells that are static blocks (0 to 1).
    pub block_share: f64,
    /// The shortest Perfect allowed (the shortest max-combo solution; the
    /// shortest solution when the level has no max-combo solution).
    pub min_perfect: u32,
    /// The longest Perfect allowed.
    pub max_perfect: u32,
    /// The fewest stars allowed.
    pub min_stars: u8,
    /// The effort scores allowed (open: any, and no score is computed).
    pub effort: EffortRange,
    /// The state budget of each candidate's analysis.
    pub max_states: u64,
    /// Stack steps before the search restarts from a fresh seed.
    pub steps_per_restart: u64,
    /// Candidates (complete levels analysed) before giving up.
    pub max_candidates: u64,
}

impl Default for GenerateParams {
    /// 8x7 boards with two red and two blue Skiddies, a crate and an ice
    /// cube, aiming for three stars.
    fn default() -> Self {
        GenerateParams {
            width: 8,
            height: 7,
            skiddies: [2, 2, 0, 0],
            goals_per_colour: 1,
            goals_may_touch: false,
            crates: 1,
            ice: 1,
            pits: 0,
            block_share: 0.15,
            min_perfect: 3,
            max_perfect: 30,
            min_stars: 3,
            effort: EffortRange::default(),
            max_states: 50_000,
            steps_per_restart: 20_000,
            max_candidates: 100_000,
        }
    }
}

/// Why nothing was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The parameters cannot be met by any level.
    #[error("impossible parameters: {0}")]
    Parameters(String),
    /// The candidate budget ran out.
    #[error("no level found after {0} candidates")]
    GaveUp(u64),
    /// Somebody called [`GenerateControl::cancel`].
    #[error("cancelled after {0} candidates")]
    Cancelled(u64),
}

/// A generated level with its analysis.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The level.
    pub level: Level,
    /// Its analysis summary.
    pub summary: Summary,
    /// Its rating.
    pub rating: Rating,
    /// Its effort, as a pack stores it (`None`: not scored).
    pub effort: Option<crate::effort::StoredEffort>,
    /// Complete candidates analysed to find it.
    pub candidates: u64,
}

impl Generated {
    /// The summary a pack keeps of the level: verdict, figures and effort.
    pub fn pack_summary(&self) -> crate::kinds::LevelSummary {
        let mut summary = crate::kinds::skiddy::figures::SkiddyFigures::summary_of_parts(
            &self.summary,
            &self.rating,
        );
        summary.effort = self.effort.clone();
        summary
    }
}

/// One thing to place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    Goal(Colour),
    Block,
    Pit,
    Piece(Piece),
}

impl GenerateParams {
    /// Whether some level could meet the parameters at all (board size,
    /// counts that fit, ranges in order); [`generate`] refuses them with
    /// this error.
    pub fn check(&self) -> Result<(), GenerateError> {
        let bad = |m: String| Err(GenerateError::Parameters(m));
        if !(5..=16).contains(&self.width) || !(5..=16).contains(&self.height) {
            return bad(format!(
                "the board must be between 5x5 and 16x16, not {}x{}",
                self.width, self.height
            ));
        }
        if self.skiddies.iter().all(|&n| n == 0) {
            return bad("a level needs at least one Skiddy".into());
        }
        if self.goals_per_colour == 0 {
            return bad("every colour with Skiddies needs a goal".into());
        }
        if !(0.0..=0.8).contains(&self.block_share) {
            return bad("the share of blocks must be between 0 and 0.8".into());
        }
        if self.min_perfect > self.max_perfect {
            return bad("the shortest Perfect is longer than the longest".into());
        }
        if self.min_stars > 3 {
            return bad("at most 3 stars".into());
        }
        self.effort
            .check()
            .map_err(|e| GenerateError::Parameters(e.to_string()))?;
        let inner = (self.width - 2) * (self.height - 2);
        let pieces: usize = self.skiddies.iter().sum::<usize>() + self.crates + self.ice;
        if pieces + self.pits + self.blocks() > inner {
            return bad(format!(
                "{} pieces, pits and blocks do not fit in {inner} inner cells",
                pieces + self.pits + self.blocks()
            ));
        }
        if pieces > super::rules::MAX_PIECES {
            return bad(format!(
                "at most {} movable pieces",
                super::rules::MAX_PIECES
            ));
        }
        let colours = self.skiddies.iter().filter(|&&n| n > 0).count();
        let goal_cells = 2 * (self.width - 2) + 2 * (self.height - 2);
        if colours * self.goals_per_colour > goal_cells {
            return bad("too many goals for the border".into());
        }
        Ok(())
    }

    fn blocks(&self) -> usize {
        let inner = (self.width - 2) * (self.height - 2);
        (inner as f64 * self.block_share).round() as usize
    }

    fn elements(&self) -> Vec<Element> {
        let mut elements = Vec::new();
        for c in Colour::ALL {
            if self.skiddies[c.index()] > 0 {
                elements.extend(std::iter::repeat_n(Element::Goal(c), self.goals_per_colour));
            }
        }
        elements.extend(std::iter::repeat_n(Element::Block, self.blocks()));
        elements.extend(std::iter::repeat_n(Element::Pit, self.pits));
        for c in Colour::ALL {
            elements.extend(std::iter::repeat_n(
                Element::Piece(Piece::Skiddy(c)),
                self.skiddies[c.index()],
            ));
        }
        elements.extend(std::iter::repeat_n(
            Element::Piece(Piece::Crate),
            self.crates,
        ));
        elements.extend(std::iter::repeat_n(Element::Piece(Piece::Ice), self.ice));
        elements
    }

    /// Whether an analysed level meets the parameters.
    pub fn accepts(&self, summary: &Summary, rating: &Rating) -> bool {
        rejection(self, summary, rating).is_none()
    }
}

/// The level being built, one element at a time.
struct Builder<'a> {
    params: &'a GenerateParams,
    elements: Vec<Element>,
    level: Level,
    /// The cell each placed element took, and what was there before.
    placed: Vec<((usize, usize), Cell)>,
    candidates: u64,
    /// The most candidates this search may analyse (what is left of
    /// `--max-candidates`): past it every candidate fails unanalysed.
    limit: u64,
    accepted: Option<Analysis>,
    control: &'a GenerateControl,
    judge: &'a mut Judge,
}

impl Builder<'_> {
    fn is_corner(&self, x: usize, y: usize) -> bool {
        (x == 0 || x + 1 == self.level.width()) && (y == 0 || y + 1 == self.level.height())
    }

    /// The inner cell in front of a border cell.
    fn mouth(&self, x: usize, y: usize) -> (usize, usize) {
        let (w, h) = (self.level.width(), self.level.height());
        if x == 0 {
            (1, y)
        } else if x + 1 == w {
            (w - 2, y)
        } else if y == 0 {
            (x, 1)
        } else {
            debug_assert_eq!(y + 1, h);
            (x, h - 2)
        }
    }

    fn is_goal_mouth(&self, x: usize, y: usize) -> bool {
        let (w, h) = (self.level.width(), self.level.height());
        [(0, y), (w - 1, y), (x, 0), (x, h - 1)]
            .into_iter()
            .any(|(bx, by)| {
                matches!(self.level.cell(bx, by).floor, Floor::Goal(_))
                    && self.mouth(bx, by) == (x, y)
            })
    }
}

impl GuessProblem for Builder<'_> {
    type Guess = (usize, usize);

    fn is_complete(&self) -> bool {
        self.placed.len() == self.elements.len()
    }

    fn guesses(&mut self, rng: &mut StdRng) -> Vec<(usize, usize)> {
        let (w, h) = (self.level.width(), self.level.height());
        let element = self.elements[self.placed.len()];
        let mut cells: Vec<(usize, usize)> = match element {
            Element::Goal(_) => (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| self.level.is_border(x, y) && !self.is_corner(x, y))
                .filter(|&(x, y)| self.level.cell(x, y).floor == Floor::Block)
                .collect(),
            _ => (1..h - 1)
                .flat_map(|y| (1..w - 1).map(move |x| (x, y)))
                .filter(|&(x, y)| self.level.cell(x, y) == Cell::default())
                .filter(|&(x, y)| {
                    !matches!(element, Element::Block | Element::Pit) || !self.is_goal_mouth(x, y)
                })
                .collect(),
        };
        cells.shuffle(rng);
        cells.truncate(GUESSES_PER_ELEMENT);
        cells
    }

    fn apply(&mut self, &(x, y): &(usize, usize)) -> bool {
        let element = self.elements[self.placed.len()];
        let before = self.level.cell(x, y);
        self.placed.push(((x, y), before));
        let cell = match element {
            Element::Goal(c) => Cell::floor(Floor::Goal(c)),
            Element::Block => Cell::floor(Floor::Block),
            Element::Pit => Cell::floor(Floor::Pit),
            Element::Piece(p) => Cell::piece(p),
        };
        self.level.set_cell(x, y, cell);
        if let Element::Goal(c) = element {
            if !self.params.goals_may_touch {
                let grid = self.level.grid();
                let touching = Dir::ALL
                    .into_iter()
                    .filter_map(|dir| grid.neighbour(x, y, dir))
                    .any(|(nx, ny)| matches!(grid.cell(nx, ny).floor, Floor::Goal(o) if o != c));
                if touching {
                    return false;
                }
            }
        }
        if !self.is_complete() {
            return true;
        }
        // The last decision's test: analyse the complete level (unless the
        // generation was cancelled: then every candidate fails at once).
        if self.control.is_cancelled() || self.candidates >= self.limit {
            return false;
        }
        self.candidates += 1;
        self.control.count_candidate();
        match self.judge.judge(&self.level, self.params) {
            Ok(analysis) => {
                self.accepted = Some(analysis);
                true
            }
            Err(reason) => {
                self.control.count_rejection(reason);
                false
            }
        }
    }

    fn undo(&mut self, _: &(usize, usize)) {
        let ((x, y), before) = self.placed.pop().expect("undo follows apply");
        self.level.set_cell(x, y, before);
    }
}

/// A seed for restart `k` of a generation from `seed`.
fn restart_seed(seed: u64, k: u64) -> u64 {
    crate::engine::packed::mix64(
        seed ^ crate::engine::packed::mix64(k.wrapping_add(0x9e37_79b9_7f4a_7c15)),
    )
}

/// Generates one level meeting `params`, deterministically from `seed`.
pub fn generate(params: &GenerateParams, seed: u64) -> Result<Generated, GenerateError> {
    generate_controlled(params, seed, &GenerateControl::new())
}

/// [`generate`], counting candidates in `control` and stopping with
/// [`GenerateError::Cancelled`] once it is cancelled. Cancelling does not
/// change which level an uncancelled run finds.
pub fn generate_controlled(
    params: &GenerateParams,
    seed: u64,
    control: &GenerateControl,
) -> Result<Generated, GenerateError> {
    params.check()?;
    let mut judge = Judge::new(params.max_states);
    let mut candidates = 0u64;
    for restart in 0.. {
        if control.is_cancelled() {
            return Err(GenerateError::Cancelled(candidates));
        }
        if candidates >= params.max_candidates {
            break;
        }
        let builder = Builder {
            params,
            elements: params.elements(),
            level: Level::new(params.width, params.height),
            placed: Vec::new(),
            candidates: 0,
            limit: params.max_candidates - candidates,
            accepted: None,
            control,
            judge: &mut judge,
        };
        let mut stack = GuessStack::new(builder, restart_seed(seed, restart));
        let mut status = Status::Searching;
        while status == Status::Searching
            && !control.is_cancelled()
            && stack.steps() < params.steps_per_restart
            && candidates + stack.problem().candidates < params.max_candidates
        {
            status = stack.run(256);
        }
        candidates += stack.problem().candidates;
        if status == Status::Solved {
            let builder = stack.problem();
            let analysis = builder
                .accepted
                .clone()
                .expect("a solved search accepted its last candidate");
            control.count_kept();
            let (summary, rating) = (analysis.summary.clone(), analysis.rating.clone());
            let effort =
                crate::kinds::pack_summary_of(analysis, crate::kinds::Analysis::Skiddy).effort;
            return Ok(Generated {
                level: builder.level.clone(),
                summary,
                rating,
                effort,
                candidates,
            });
        }
    }
    Err(GenerateError::GaveUp(candidates))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::analyze;

    fn small() -> GenerateParams {
        GenerateParams {
            width: 6,
            height: 5,
            skiddies: [2, 0, 0, 0],
            crates: 0,
            ice: 1,
            block_share: 0.1,
            min_perfect: 2,
            max_perfect: 20,
            min_stars: 3,
            ..GenerateParams::default()
        }
    }

    /// The effort score of a generated Skiddy level.
    fn score(level: &Level) -> f64 {
        let analysis = analyze(level, &Job::default()).unwrap();
        crate::kinds::effort_score_of(analysis, crate::kinds::Analysis::Skiddy)
            .1
            .expect("a kept level is solvable")
    }

    #[test]
    fn with_a_least_effort_every_kept_level_scores_at_least_it() {
        let open: Vec<f64> = (0..4)
            .map(|seed| score(&generate(&small(), seed).unwrap().level))
            .collect();
        let mut sorted = open.clone();
        sorted.sort_by(f64::total_cmp);
        let min = sorted[2];
        assert!(sorted[0] < min, "some levels score lower: {open:?}");
        let params = GenerateParams {
            effort: EffortRange::new(Some(min), None),
            ..small()
        };
        let control = GenerateControl::new();
        for seed in 0..4 {
            let g = generate_controlled(&params, seed, &control).unwrap();
            assert!(score(&g.level) >= min, "{} < {min}", score(&g.level));
            assert_eq!(
                generate(&params, seed).unwrap().level,
                g.level,
                "deterministic"
            );
        }
        assert!(control.rejections().get(Rejection::EffortOutside) > 0);
    }

    #[test]
    fn an_effort_nobody_reaches_gives_up_after_the_candidates() {
        let params = GenerateParams {
            effort: EffortRange::new(Some(1000.0), None),
            max_candidates: 40,
            ..small()
        };
        let control = GenerateControl::new();
        let e = generate_controlled(&params, 1, &control).unwrap_err();
        assert_eq!(e, GenerateError::GaveUp(40));
        assert_eq!(e.to_string(), "no level found after 40 candidates");
        let line = control.rejections().line().unwrap();
        assert!(line.contains("effort outside the range"), "{line}");
        let reversed = GenerateParams {
            effort: EffortRange::new(Some(6.0), Some(2.0)),
            ..small()
        };
        assert_eq!(
            generate(&reversed, 1).unwrap_err().to_string(),
            "impossible parameters: the least effort (6) is more than the most (2)"
        );
    }

    #[test]
    fn generated_levels_meet_their_parameters_and_claims() {
        let params = small();
        for seed in 0..4 {
            let g = generate(&params, seed).unwrap();
            let level = &g.level;
            assert!(level.is_valid(), "{:?}", level.problems());
            let pieces: Vec<Piece> = level.pieces().map(|(_, p)| p).collect();
            assert_eq!(
                pieces
                    .iter()
                    .filter(|p| **p == Piece::Skiddy(Colour::Red))
                    .count(),
                2
            );
            assert_eq!(pieces.iter().filter(|p| **p == Piece::Ice).count(), 1);
            assert_eq!(pieces.len(), 3);
            // The claimed analysis is the level's analysis.
            let fresh = analyze(level, &Job::default()).unwrap();
            assert_eq!(fresh.summary, g.summary);
            assert_eq!(fresh.rating, g.rating);
            assert!(g.rating.stars >= 3);
            let perfect = g.summary.preferred.shortest.unwrap();
            assert!((2..=20).contains(&perfect));
            assert!(g.candidates >= 1);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_level() {
        let params = small();
        assert_eq!(
            generate(&params, 42).unwrap().level,
            generate(&params, 42).unwrap().level
        );
    }

    #[test]
    fn goals_of_different_colours_do_not_touch_unless_allowed() {
        let params = GenerateParams {
            width: 5,
            height: 5,
            skiddies: [1, 1, 1, 1],
            goals_per_colour: 2,
            crates: 0,
            ice: 0,
            block_share: 0.0,
            min_perfect: 1,
            max_perfect: 50,
            min_stars: 0,
            ..GenerateParams::default()
        };
        let g = generate(&params, 3).unwrap();
        let level = &g.level;
        for y in 0..5 {
            for x in 0..5 {
                if let Floor::Goal(c) = level.cell(x, y).floor {
                    for (nx, ny) in [
                        (x.wrapping_sub(1), y),
                        (x + 1, y),
                        (x, y.wrapping_sub(1)),
                        (x, y + 1),
                    ] {
                        if nx < 5 && ny < 5 {
                            if let Floor::Goal(o) = level.cell(nx, ny).floor {
                                assert_eq!(o, c, "goals of two colours touch at ({x}, {y})");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_control_counts_candidates_and_does_not_change_the_level() {
        let params = small();
        let control = GenerateControl::new();
        let watched = generate_controlled(&params, 5, &control).unwrap();
        assert_eq!(control.candidates(), watched.candidates);
        assert_eq!(watched.level, generate(&params, 5).unwrap().level);
    }

    #[test]
    fn no_more_candidates_than_allowed_are_analysed() {
        // No 6x5 level with one Skiddy has a Perfect of 200 moves: every
        // candidate allowed is tried, and not one more.
        for max_candidates in [1, 7, 50, 300] {
            let params = GenerateParams {
                min_perfect: 200,
                max_perfect: 300,
                max_candidates,
                ..small()
            };
            let control = GenerateControl::new();
            assert_eq!(
                generate_controlled(&params, 2, &control).unwrap_err(),
                GenerateError::GaveUp(max_candidates)
            );
            assert_eq!(control.candidates(), max_candidates);
        }
    }

    #[test]
    fn a_cancelled_generation_stops() {
        // No 6x5 level with one Skiddy has a Perfect of 200 moves: without a
        // cancel this would try all 100 000 candidates.
        let params = GenerateParams {
            min_perfect: 200,
            max_perfect: 300,
            ..small()
        };
        let control = GenerateControl::new();
        control.cancel();
        assert_eq!(
            generate_controlled(&params, 0, &control).unwrap_err(),
            GenerateError::Cancelled(0)
        );

        // Cancelled mid-run: the run returns `Cancelled` with what it
        // tried, stopped by the cancel rather than by its candidate budget,
        // and nothing is counted beyond what it reported. (How fast it
        // stops is a speed target for a bench, not a test.)
        let budget = params.max_candidates;
        let control = std::sync::Arc::new(GenerateControl::new());
        let watcher = std::sync::Arc::clone(&control);
        let run = std::thread::spawn(move || generate_controlled(&params, 0, &watcher));
        while control.candidates() < 10 {
            std::thread::yield_now();
        }
        control.cancel();
        let result = run.join().unwrap();
        let Err(GenerateError::Cancelled(tried)) = result else {
            panic!("a cancelled run answers Cancelled, not {result:?}");
        };
        assert!(tried >= 10, "{tried}");
        assert!(tried < budget, "the cancel, not the budget, stopped it");
        assert_eq!(
            control.candidates(),
            tried,
            "no candidate after it returned"
        );
    }

    #[test]
    fn impossible_parameters_are_refused() {
        let too_many = GenerateParams {
            width: 5,
            height: 5,
            skiddies: [9, 0, 0, 0],
            ..GenerateParams::default()
        };
        assert!(matches!(
            generate(&too_many, 0),
            Err(GenerateError::Parameters(_))
        ));
        let none = GenerateParams {
            skiddies: [0; 4],
            ..GenerateParams::default()
        };
        assert!(generate(&none, 0)
            .unwrap_err()
            .to_string()
            .contains("at least one Skiddy"));
    }
}
