//! Rush Hour's generator: random boards of N vehicles (and walls), each
//! analysed, kept when the hardest start of its cluster (Fogleman's
//! "unsolve": the position farthest from a win) needs a number of moves in
//! the asked range, and replaced by that hardest start; with a target
//! effort range, the hardest start's effort (`docs/effort.md`) must lie in
//! it too.
//!
//! Everything follows from the seed and the level's index in its batch
//! (a [`StdRng`] seeded from both), so a batch runner calls [`generate`]
//! once per index, in any order or in parallel, and always gets the same
//! levels.
//!
//! Our choices: the primary car A lies on the exit row `(height - 1) / 2`
//! (row 2 of the game's 6x6 board); the other vehicles are placed one
//! after another, the trucks first, each at a uniformly drawn free place
//! and direction; walls go on free cells. Nothing is placed that would
//! make the board hopeless at once: no horizontal vehicle and no wall on
//! the exit row right of A.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::effort::{EffortRange, EffortRangeError};
use crate::engine::packed::mix64;
use crate::engine::Job;

use super::analysis::analyze;
use super::level::{Level, Orientation, Vehicle, MAX_SIDE, MAX_VEHICLES, MIN_SIDE};

/// The most random boards one level may cost by default.
pub const DEFAULT_MAX_TRIES: u64 = 2000;

/// How many random places a vehicle or wall gets before its board is
/// given up.
const PLACE_ATTEMPTS: usize = 200;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateParams {
    /// Board width (4 to 10).
    pub width: usize,
    /// Board height (4 to 10).
    pub height: usize,
    /// Vehicles, the primary car included (2 to 26).
    pub vehicles: usize,
    /// How many of the other vehicles are trucks (3 cells); the rest are
    /// cars (2 cells).
    pub trucks: usize,
    /// Walls.
    pub walls: usize,
    /// The fewest moves a kept level may need.
    pub min_moves: usize,
    /// The most moves a kept level may need.
    pub max_moves: usize,
    /// The most random boards to try for one level.
    pub max_tries: u64,
    /// The effort scores allowed for the kept level (open: any, and no
    /// score is computed).
    pub effort: EffortRange,
}

impl Default for GenerateParams {
    /// The game's 6x6 board with 12 vehicles (3 of them trucks), no wall,
    /// levels of 10 to 30 moves.
    fn default() -> GenerateParams {
        GenerateParams {
            width: 6,
            height: 6,
            vehicles: 12,
            trucks: 3,
            walls: 0,
            min_moves: 10,
            max_moves: 30,
            max_tries: DEFAULT_MAX_TRIES,
            effort: EffortRange::default(),
        }
    }
}

/// Why parameters cannot give a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// A side outside 4 to 10.
    #[error("a {width}x{height} board: each side must be {MIN_SIDE} to {MAX_SIDE} cells")]
    BoardSize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Too few or too many vehicles.
    #[error(
        "{0} vehicles: a level has 2 to {MAX_VEHICLES} (the primary car A and at least one other)"
    )]
    Vehicles(usize),
    /// More trucks than vehicles besides A.
    #[error("{trucks} trucks among {others} vehicles besides A")]
    Trucks {
        /// The trucks asked for.
        trucks: usize,
        /// The vehicles besides A.
        others: usize,
    },
    /// More cells than the board has.
    #[error(
        "{vehicles} vehicles ({cells} cells) and {walls} walls do not fit a {width}x{height} board"
    )]
    Crowded {
        /// The vehicles asked for.
        vehicles: usize,
        /// The cells they cover.
        cells: usize,
        /// The walls asked for.
        walls: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// An empty range of moves.
    #[error("no level needs at least {min} and at most {max} moves")]
    Range {
        /// The fewest moves asked for.
        min: usize,
        /// The most moves asked for.
        max: usize,
    },
    /// No try allowed.
    #[error("a level needs at least one try")]
    NoTries,
    /// An effort range no score can meet.
    #[error("{0}")]
    Effort(#[from] EffortRangeError),
}

impl GenerateParams {
    /// Why these parameters cannot give a level, if they cannot.
    pub fn check(&self) -> Result<(), GenerateError> {
        let (width, height) = (self.width, self.height);
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(GenerateError::BoardSize { width, height });
        }
        if !(2..=MAX_VEHICLES).contains(&self.vehicles) {
            return Err(GenerateError::Vehicles(self.vehicles));
        }
        let others = self.vehicles - 1;
        if self.trucks > others {
            return Err(GenerateError::Trucks {
                trucks: self.trucks,
                others,
            });
        }
        let cells = 2 * self.vehicles + self.trucks;
        if cells.saturating_add(self.walls) > width * height {
            return Err(GenerateError::Crowded {
                vehicles: self.vehicles,
                cells,
                walls: self.walls,
                width,
                height,
            });
        }
        if self.min_moves > self.max_moves || self.max_moves == 0 {
            return Err(GenerateError::Range {
                min: self.min_moves,
                max: self.max_moves,
            });
        }
        if self.max_tries == 0 {
            return Err(GenerateError::NoTries);
        }
        self.effort.check()?;
        Ok(())
    }
}

/// The random seed of level `index` of a batch generated from `seed`.
pub fn level_seed(seed: u64, index: u64) -> u64 {
    mix64(seed ^ mix64(index.wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

/// Level `index` of the batch generated from `seed`: the hardest start of
/// the cluster of the first random board whose hardest start needs
/// `min_moves` to `max_moves` moves, named after the parameters, seed and
/// index. `None` when the parameters are bad (see
/// [`GenerateParams::check`]), when `max_tries` boards gave none, or when
/// the job is cancelled. Each board is analysed within the job's budgets;
/// a board beyond them is passed over.
pub fn generate(params: &GenerateParams, seed: u64, index: u64, job: &Job) -> Option<Level> {
    params.check().ok()?;
    let mut rng = StdRng::seed_from_u64(level_seed(seed, index));
    for _ in 0..params.max_tries {
        if job.is_cancelled() {
            return None;
        }
        let Some(board) = random_board(params, &mut rng) else {
            continue;
        };
        let analysis = match analyze(&board, job) {
            Ok(analysis) => analysis,
            Err(_) if job.is_cancelled() => return None,
            Err(_) => continue,
        };
        let Some(farthest) = analysis.report.farthest else {
            continue;
        };
        if (params.min_moves..=params.max_moves).contains(&farthest) {
            let mut level = analysis.hardest_start();
            if !params.effort.is_open() && !params.effort.admits(effort_score(&level, job)) {
                if job.is_cancelled() {
                    return None;
                }
                continue;
            }
            level.name = format!(
                "Rush Hour {}x{}, {} vehicles, {farthest} moves, seed {seed} #{}",
                params.width,
                params.height,
                params.vehicles,
                index + 1
            );
            return Some(level);
        }
    }
    None
}

/// The effort score of `level` (`None`: it cannot be scored, or its
/// analysis stopped within the job's budgets).
fn effort_score(level: &Level, job: &Job) -> Option<f64> {
    let analysis = analyze(level, job).ok()?;
    crate::kinds::Analysis::RushHour(std::sync::Arc::new(analysis))
        .effort()
        .map(|e| e.score)
}

/// One random board as the module's documentation says, or `None` when a
/// vehicle or wall found no free place.
fn random_board(params: &GenerateParams, rng: &mut StdRng) -> Option<Level> {
    let (width, height) = (params.width, params.height);
    let mut level = Level::new(width, height);
    let exit_row = (height - 1) / 2;
    let primary_x = rng.random_range(0..=width - 3);
    level.vehicles.push(Vehicle {
        x: primary_x,
        y: exit_row,
        length: 2,
        orientation: Orientation::Horizontal,
        primary: true,
    });
    let hopeless = |x: usize, y: usize| y == exit_row && x > primary_x;
    for i in 0..params.vehicles - 1 {
        let length = if i < params.trucks { 3 } else { 2 };
        let placed = (0..PLACE_ATTEMPTS).find_map(|_| {
            let orientation = if rng.random_bool(0.5) {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            };
            let (max_x, max_y) = match orientation {
                Orientation::Horizontal => (width - length, height - 1),
                Orientation::Vertical => (width - 1, height - length),
            };
            let vehicle = Vehicle {
                x: rng.random_range(0..=max_x),
                y: rng.random_range(0..=max_y),
                length,
                orientation,
                primary: false,
            };
            let free = vehicle
                .cells()
                .all(|(x, y)| level.vehicle_at(x, y).is_none() && !level.is_wall(x, y));
            let blocks_for_ever =
                orientation == Orientation::Horizontal && hopeless(vehicle.x, vehicle.y);
            (free && !blocks_for_ever).then_some(vehicle)
        })?;
        level.vehicles.push(placed);
    }
    for _ in 0..params.walls {
        let (x, y) = (0..PLACE_ATTEMPTS).find_map(|_| {
            let (x, y) = (rng.random_range(0..width), rng.random_range(0..height));
            let free = level.vehicle_at(x, y).is_none() && !level.is_wall(x, y);
            (free && !hopeless(x, y)).then_some((x, y))
        })?;
        level.set_wall(x, y, true);
    }
    Some(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::analysis::analyze;

    fn small() -> GenerateParams {
        GenerateParams {
            width: 6,
            height: 6,
            vehicles: 9,
            trucks: 2,
            walls: 1,
            min_moves: 8,
            max_moves: 14,
            max_tries: 500,
            effort: EffortRange::default(),
        }
    }

    /// The effort score of a generated level.
    fn score(level: &Level) -> f64 {
        effort_score(level, &Job::default()).expect("a kept level is solvable")
    }

    #[test]
    fn with_an_effort_range_every_kept_level_scores_within_it() {
        let job = Job::default();
        let open: Vec<f64> = (0..4)
            .map(|i| score(&generate(&small(), 3, i, &job).unwrap()))
            .collect();
        // A bound some levels of the open batch fail and some meet.
        let mut sorted = open.clone();
        sorted.sort_by(f64::total_cmp);
        let min = sorted[2];
        assert!(sorted[0] < min, "{open:?}");
        let params = GenerateParams {
            effort: EffortRange::new(Some(min), None),
            ..small()
        };
        for index in 0..4 {
            let level = generate(&params, 3, index, &job).expect("a level in range");
            assert!(score(&level) >= min, "{} < {min}", score(&level));
            assert_eq!(
                generate(&params, 3, index, &job),
                Some(level),
                "deterministic"
            );
        }
    }

    #[test]
    fn an_effort_nobody_reaches_gives_no_level_after_the_tries() {
        let params = GenerateParams {
            effort: EffortRange::new(Some(1000.0), None),
            max_tries: 30,
            ..small()
        };
        assert_eq!(generate(&params, 1, 0, &Job::default()), None);
        let reversed = GenerateParams {
            effort: EffortRange::new(Some(6.0), Some(2.0)),
            ..small()
        };
        assert_eq!(
            reversed.check().unwrap_err().to_string(),
            "the least effort (6) is more than the most (2)"
        );
    }

    #[test]
    fn a_seed_and_index_give_one_level() {
        let params = small();
        let job = Job::default();
        let first = generate(&params, 7, 0, &job).unwrap();
        assert_eq!(generate(&params, 7, 0, &job), Some(first.clone()));
        let second = generate(&params, 7, 1, &job).unwrap();
        assert_ne!(first.vehicles, second.vehicles);
        assert_ne!(first.name, second.name, "names are unique in a batch");
        assert!(first.name.ends_with("seed 7 #1"), "{}", first.name);
    }

    #[test]
    fn every_level_kept_is_in_range_and_the_hardest_start_of_its_cluster() {
        let params = small();
        let job = Job::default();
        for index in 0..3 {
            let level = generate(&params, 11, index, &job).unwrap();
            assert!(level.problems().is_empty(), "{:?}", level.problems());
            assert_eq!(level.vehicles.len(), params.vehicles);
            let trucks = level.vehicles.iter().filter(|v| v.length == 3).count();
            assert_eq!(trucks, params.trucks);
            assert_eq!(level.walls().iter().filter(|&&w| w).count(), params.walls);
            let a = analyze(&level, &job).unwrap();
            let moves = a.report.shortest_moves.unwrap();
            assert!(
                (params.min_moves..=params.max_moves).contains(&moves),
                "{moves} moves"
            );
            assert_eq!(a.report.farthest, Some(moves), "no position is farther");
            assert_eq!(a.hardest_start(), level);
        }
    }

    #[test]
    fn bad_params_and_hopeless_ranges_give_no_level() {
        let job = Job::default();
        let bad = [
            (
                GenerateParams {
                    width: 3,
                    ..small()
                },
                "each side must be 4 to 10",
            ),
            (
                GenerateParams {
                    vehicles: 1,
                    ..small()
                },
                "2 to 26",
            ),
            (
                GenerateParams {
                    trucks: 9,
                    ..small()
                },
                "9 trucks among 8",
            ),
            (
                GenerateParams {
                    walls: 20,
                    ..small()
                },
                "do not fit a 6x6",
            ),
            (
                GenerateParams {
                    min_moves: 9,
                    max_moves: 8,
                    ..small()
                },
                "at least 9 and at most 8",
            ),
            (
                GenerateParams {
                    max_tries: 0,
                    ..small()
                },
                "at least one try",
            ),
        ];
        for (params, words) in bad {
            let e = params.check().unwrap_err();
            assert!(e.to_string().contains(words), "{e}");
            assert_eq!(generate(&params, 1, 0, &job), None);
        }
        // Two cars on a 4x4 board never need 50 moves.
        let hopeless = GenerateParams {
            width: 4,
            height: 4,
            vehicles: 2,
            trucks: 0,
            walls: 0,
            min_moves: 50,
            max_moves: 60,
            max_tries: 20,
            effort: EffortRange::default(),
        };
        assert!(hopeless.check().is_ok());
        assert_eq!(generate(&hopeless, 1, 0, &job), None);
        let cancelled = Job::default();
        cancelled.cancel();
        assert_eq!(generate(&small(), 7, 0, &cancelled), None);
    }
}
