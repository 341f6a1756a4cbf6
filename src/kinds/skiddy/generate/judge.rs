//! The verdict on one candidate level: kept with its full analysis, or
//! rejected with the first requirement it fails.
//!
//! Most candidates fail the first star rule (a dead end is reachable), and
//! the full analysis explores every reachable state before it can say so.
//! When the parameters ask for at least one star, a depth-first search
//! that stops at the first dead end it proves
//! ([`crate::engine::DeadEndSearch`]) rules on those first, usually after
//! a few hundred states; its answer is exact, so it rejects exactly the
//! candidates the full analysis would. Only the candidates it clears get
//! the full analysis (traps, solutions, histogram and rating), which the
//! kept level carries. A judge keeps its buffers from one candidate to the
//! next.

use super::control::Rejection;
use super::GenerateParams;
use crate::engine::{DeadEndSearch, DeadEnds, Job, Summary};
use crate::kinds::skiddy::rating::Rating;
use crate::kinds::skiddy::{analyze, state_bits, Analysis, Level, Rules, SkiddyPuzzle};

/// Judges candidates, reusing its search buffers.
#[derive(Debug)]
pub struct Judge {
    job: Job,
    words64: DeadEndSearch<u64>,
    words128: DeadEndSearch<u128>,
    words256: DeadEndSearch<[u64; 4]>,
}

impl Judge {
    /// A judge whose analyses stop at `max_states` states.
    pub fn new(max_states: u64) -> Judge {
        Judge {
            job: Job::new(max_states),
            words64: DeadEndSearch::new(),
            words128: DeadEndSearch::new(),
            words256: DeadEndSearch::new(),
        }
    }

    /// Whether a dead end is reachable in the compiled level; `None` when
    /// the search stopped (too many states).
    fn dead_ends(&mut self, rules: &Rules) -> Option<DeadEnds> {
        let bits = state_bits(rules);
        let found = if bits <= 64 {
            self.words64
                .run(&SkiddyPuzzle::<u64>::new(rules), &self.job)
        } else if bits <= 128 {
            self.words128
                .run(&SkiddyPuzzle::<u128>::new(rules), &self.job)
        } else {
            self.words256
                .run(&SkiddyPuzzle::<[u64; 4]>::new(rules), &self.job)
        };
        found.ok()
    }

    /// The candidate's full analysis when it meets `params`, or the first
    /// requirement it fails.
    pub fn judge(&mut self, level: &Level, params: &GenerateParams) -> Result<Analysis, Rejection> {
        if params.min_stars >= 1 {
            let rules = Rules::compile(level).map_err(|_| Rejection::TooBig)?;
            match self.dead_ends(&rules) {
                None => return Err(Rejection::TooBig),
                Some(DeadEnds::Reachable { .. }) => return Err(Rejection::DeadEnd),
                Some(DeadEnds::None { .. }) => {}
            }
        }
        let analysis = analyze(level, &self.job).map_err(|_| Rejection::TooBig)?;
        if let Some(reason) = rejection(params, &analysis.summary, &analysis.rating) {
            return Err(reason);
        }
        // The effort last: it is worked out only for a candidate that meets
        // every other requirement, and only when a range is asked for.
        if params.effort.is_open() {
            return Ok(analysis);
        }
        let (analysis, score) =
            crate::kinds::effort_score_of(analysis, crate::kinds::Analysis::Skiddy);
        if params.effort.admits(score) {
            Ok(analysis)
        } else {
            Err(Rejection::EffortOutside)
        }
    }
}

/// The first requirement of `params` an analysed level fails, if any: the
/// stars first (the rule that withheld the star), then the Perfect's
/// length.
pub fn rejection(params: &GenerateParams, summary: &Summary, rating: &Rating) -> Option<Rejection> {
    if rating.stars < params.min_stars {
        return Some(match rating.stars {
            0 => Rejection::DeadEnd,
            1 if summary.preferred.shortest.is_none() => Rejection::NoMaxCombo,
            1 => Rejection::NoNoCombo,
            _ => Rejection::PerfectNotShortest,
        });
    }
    match summary.preferred.shortest.or(summary.any.shortest) {
        None => Some(Rejection::DeadEnd),
        Some(p) if p < params.min_perfect => Some(Rejection::PerfectTooShort),
        Some(p) if p > params.max_perfect => Some(Rejection::PerfectTooLong),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    fn level(text: &str) -> Level {
        parse_level(text).unwrap()
    }

    fn params(min_stars: u8) -> GenerateParams {
        GenerateParams {
            min_stars,
            min_perfect: 1,
            max_perfect: 30,
            ..GenerateParams::default()
        }
    }

    /// Three stars with a Perfect of 10 moves and 5,372 states.
    const THREE_STARS: &str =
        "#r######\n#.B#.#.#\n#.R...##\nbB.i..R#\n#...#..#\n#c.#...#\n########";

    /// Levels with each verdict: the judge agrees with the full analysis.
    #[test]
    fn the_judge_rules_as_the_full_analysis_does() {
        let levels = [
            THREE_STARS,
            // One star: the only win takes the Skiddy out in one move.
            "#####\n#R..#\n#...#\n#...r\n#####",
            // The Skiddy can never stop in the goal's column: no solution.
            "##r##\n#...#\n#R..#\n#...#\n#####",
            // Winnable, but L D R reaches a dead end.
            "######\n#R.R.#\n#....r\n#.#..#\n######",
        ];
        let mut kept = 0;
        for text in levels {
            let level = level(text);
            for min_stars in 0..=3 {
                for (min_perfect, max_perfect) in [(1, 30), (11, 30), (1, 9)] {
                    let params = GenerateParams {
                        min_perfect,
                        max_perfect,
                        ..params(min_stars)
                    };
                    let full = analyze(&level, &Job::default()).unwrap();
                    let expected = rejection(&params, &full.summary, &full.rating);
                    let mut judge = Judge::new(params.max_states);
                    match judge.judge(&level, &params) {
                        Ok(analysis) => {
                            assert_eq!(expected, None, "{text}");
                            assert_eq!(analysis.summary, full.summary);
                            assert_eq!(analysis.rating, full.rating);
                            kept += 1;
                        }
                        Err(reason) => assert_eq!(Some(reason), expected, "{text}"),
                    }
                }
            }
        }
        assert!(kept >= 4, "some levels are kept: {kept}");
    }

    /// Random small levels: the dead-end search finds a dead end exactly
    /// when the full analysis labels one, and otherwise counts the same
    /// states.
    #[test]
    fn the_dead_end_search_agrees_with_the_full_analysis_on_random_levels() {
        use crate::kinds::skiddy::{Cell, Colour, Floor, Piece};
        use rand::seq::IndexedRandom;
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(19);
        let (w, h) = (7, 6);
        let border: Vec<(usize, usize)> = (1..w - 1)
            .flat_map(|x| [(x, 0), (x, h - 1)])
            .chain((1..h - 1).flat_map(|y| [(0, y), (w - 1, y)]))
            .collect();
        let inner: Vec<(usize, usize)> = (1..h - 1)
            .flat_map(|y| (1..w - 1).map(move |x| (x, y)))
            .collect();
        let mut seen = [0u32; 2];
        for _ in 0..100 {
            let mut level = Level::new(w, h);
            let goals: Vec<_> = border.choose_multiple(&mut rng, 2).collect();
            level.set_cell(
                goals[0].0,
                goals[0].1,
                Cell::floor(Floor::Goal(Colour::Red)),
            );
            level.set_cell(
                goals[1].0,
                goals[1].1,
                Cell::floor(Floor::Goal(Colour::Blue)),
            );
            let cells: Vec<_> = inner.choose_multiple(&mut rng, 9).collect();
            let things = [
                Cell::piece(Piece::Skiddy(Colour::Red)),
                Cell::piece(Piece::Skiddy(Colour::Red)),
                Cell::piece(Piece::Skiddy(Colour::Blue)),
                Cell::piece(Piece::Ice),
                Cell::piece(Piece::Crate),
                Cell::floor(Floor::Pit),
                Cell::floor(Floor::Block),
                Cell::floor(Floor::Block),
                Cell::floor(Floor::Block),
            ];
            for (&&(x, y), cell) in cells.iter().zip(things) {
                level.set_cell(x, y, cell);
            }
            let full = analyze(&level, &Job::default()).unwrap();
            let rules = Rules::compile(&level).unwrap();
            let quick =
                crate::engine::find_dead_end(&SkiddyPuzzle::<u64>::new(&rules), &Job::default())
                    .unwrap();
            match quick {
                DeadEnds::None { states } => {
                    assert_eq!(full.summary.dead_ends, 0);
                    assert_eq!(states, full.summary.states);
                }
                DeadEnds::Reachable {
                    states,
                    start_is_dead,
                } => {
                    assert!(full.summary.dead_ends > 0);
                    assert!(states <= full.summary.states);
                    if start_is_dead {
                        assert_eq!(full.summary.any.shortest, None);
                    }
                }
            }
            seen[(full.summary.dead_ends == 0) as usize] += 1;
        }
        assert!(
            seen[0] > 20 && seen[1] > 20,
            "both verdicts occur: {seen:?}"
        );
    }

    #[test]
    fn each_failed_requirement_has_its_reason() {
        let mut judge = Judge::new(50_000);
        let verdict = |judge: &mut Judge, text: &str, params: GenerateParams| {
            judge.judge(&level(text), &params).err()
        };
        assert_eq!(verdict(&mut judge, THREE_STARS, params(3)), None);
        let too_short = GenerateParams {
            min_perfect: 11,
            ..params(3)
        };
        assert_eq!(
            verdict(&mut judge, THREE_STARS, too_short),
            Some(Rejection::PerfectTooShort)
        );
        let too_long = GenerateParams {
            max_perfect: 9,
            ..params(3)
        };
        assert_eq!(
            verdict(&mut judge, THREE_STARS, too_long),
            Some(Rejection::PerfectTooLong)
        );
        let one_star = "#####\n#R..#\n#...#\n#...r\n#####";
        assert_eq!(
            verdict(&mut judge, one_star, params(2)),
            Some(Rejection::NoNoCombo)
        );
        let dead = "######\n#R.R.#\n#....r\n#.#..#\n######";
        assert_eq!(
            verdict(&mut judge, dead, params(1)),
            Some(Rejection::DeadEnd)
        );
        let small_budget = GenerateParams {
            max_states: 5_000,
            ..params(3)
        };
        let mut judge = Judge::new(small_budget.max_states);
        assert_eq!(
            verdict(&mut judge, THREE_STARS, small_budget.clone()),
            Some(Rejection::TooBig)
        );
        assert_eq!(
            verdict(
                &mut judge,
                THREE_STARS,
                GenerateParams {
                    min_stars: 0,
                    ..small_budget
                }
            ),
            Some(Rejection::TooBig)
        );
    }
}
