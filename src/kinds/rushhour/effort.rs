//! Rush Hour's own effort metrics (issue 41, `docs/effort.md`): the
//! *counter-intuitive* moves of the solution `analyze` prints, as the Rush
//! Hour study (`scripts/effort_research.py`) defines them — a move that
//! slides the primary car away from the exit, or one that puts more
//! vehicles between the primary and the exit.

use serde_json::{json, Value};

use crate::effort::terms::{FARTHEST, SHORTEST};
use crate::effort::{fitted, Calibration, EffortModel};

/// What calibrates Rush Hour's model: the fit's spread and leverage
/// ([`fitted`]), for an 80 % interval of the moves players need.
pub const STUDY_CALIBRATION: Calibration = Calibration {
    data: "the median moves of the players of 34 Rush Hour puzzles (Olieslagers 2024)",
    residual_sd: fitted::RESIDUAL_SD,
    inverse_gram: &fitted::INVERSE_GRAM,
    coverage: 0.8,
    z: 1.281_551_565_544_600_4,
};

/// Rush Hour's effort model, the one calibrated on people: `log2` of the
/// median moves players need, from the shortest solution's length and the
/// farthest distance from a win (`scripts/effort_fit.py`,
/// `docs/effort.md`).
pub const EFFORT_MODEL: EffortModel = EffortModel {
    base: fitted::BASE,
    terms: &[SHORTEST, FARTHEST],
    calibration: Some(STUDY_CALIBRATION),
};

use super::analysis::Analysis;
use super::level::Level;
use super::rules::{apply, Move};

/// The counter-intuitive moves along one solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CounterMoves {
    /// The moves that slide the primary left (away from the exit on the
    /// right), whatever the distance.
    pub primary_backs: u32,
    /// The moves after which more vehicles stand between the primary and
    /// the exit than before: more vehicles (other than the primary; walls
    /// do not count) with a cell on the primary's row right of its right
    /// end ([`blockers`]).
    pub blocker_increases: u32,
}

/// The vehicles standing between the primary and the exit: those (the
/// primary itself and walls aside) with a cell on the primary's row right
/// of its right end. The study's `blockers(s)`. 0 when there is no primary.
pub fn blockers(level: &Level) -> usize {
    let Some(primary) = level.primary() else {
        return 0;
    };
    let car = level.vehicles[primary];
    let right = car.x + car.length;
    level
        .vehicles
        .iter()
        .enumerate()
        .filter(|&(i, v)| i != primary && v.cells().any(|(x, y)| y == car.y && x >= right))
        .count()
}

/// The counter-intuitive moves of `moves` played from `start`; the count
/// stops at the first move that cannot be played.
pub fn counter_moves(start: &Level, moves: &[Move]) -> CounterMoves {
    let mut counts = CounterMoves::default();
    let primary = start.primary();
    let mut position = start.clone();
    let mut before = blockers(&position);
    for &mv in moves {
        let Ok(next) = apply(&position, mv) else {
            break;
        };
        let after = blockers(&next);
        counts.primary_backs += u32::from(Some(mv.vehicle) == primary && mv.distance < 0);
        counts.blocker_increases += u32::from(after > before);
        position = next;
        before = after;
    }
    counts
}

/// The Rush Hour metrics of `analyze --json`'s `effort.metrics`, counted
/// along the solution `analyze` prints (the fewest steps among the fewest
/// moves): `primary_backs` and `blocker_increases` (see [`CounterMoves`]);
/// both `null` when the level is unsolvable.
pub fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
    let counts = analysis.solution_moves().map(|moves| {
        let moves: Vec<Move> = moves
            .iter()
            .map(|&mv| analysis.rules().moves()[mv as usize])
            .collect();
        counter_moves(&analysis.level, &moves)
    });
    vec![
        ("primary_backs", json!(counts.map(|c| c.primary_backs))),
        (
            "blocker_increases",
            json!(counts.map(|c| c.blocker_increases)),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::rushhour::analysis::analyze;
    use crate::kinds::rushhour::level::{Orientation, Vehicle};

    fn vehicle(x: usize, y: usize, length: usize, orientation: Orientation) -> Vehicle {
        Vehicle {
            x,
            y,
            length,
            orientation,
            primary: false,
        }
    }

    /// 6 x 6, the primary A at (2..=3, 2):
    ///
    /// ```text
    /// . . . . B .     B: a vertical truck at x 4, rows 0-2, in A's way;
    /// . . . . B .        it can only clear row 2 by going down 3.
    /// . . A A B .     C: a car on row 4 at x 4-5 under B; it can only
    /// . . . D . .        free x 4 by going left 2 (x 2-3).
    /// . . . D C C     D: a vertical car at x 3, rows 3-4, in C's way; it
    /// . . . . . .        can only leave row 4 by going up 3 (rows 0-1).
    /// ```
    ///
    /// D can only pass row 2 once A has left x 3, and A cannot go right
    /// (B is in the way): A must back up first. Every shortest solution is A-k D-3 C-2 B+3
    /// A+m (5 moves); the printed one, fewest steps, is A-1 D-3 C-2 B+3
    /// A+3. Blockers along it: 1 (B) at the start, still 1 after A-1 (A's
    /// right end moves left over cells A itself left), 1 after D-3 (D now
    /// in rows 0-1), 1 after C-2, 0 after B+3, 0 when won: no increase.
    fn backing_board() -> Level {
        let mut level = Level::new(6, 6);
        level.vehicles.push(Vehicle {
            primary: true,
            ..vehicle(2, 2, 2, Orientation::Horizontal)
        });
        level.vehicles.push(vehicle(4, 0, 3, Orientation::Vertical));
        level
            .vehicles
            .push(vehicle(4, 4, 2, Orientation::Horizontal));
        level.vehicles.push(vehicle(3, 3, 2, Orientation::Vertical));
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        level
    }

    #[test]
    fn a_board_whose_only_solutions_back_the_primary_up_once() {
        let level = backing_board();
        let a = analyze(&level, &Job::default()).unwrap();
        assert_eq!(a.report.shortest_moves, Some(5));
        assert_eq!(a.report.solution.as_deref(), Some("A-1 D-3 C-2 B+3 A+3"));
        let metrics = effort_metrics(&a);
        assert_eq!(
            metrics,
            vec![("primary_backs", json!(1)), ("blocker_increases", json!(0))]
        );
    }

    #[test]
    fn blockers_are_counted_on_the_primarys_row_right_of_it() {
        let mut level = backing_board();
        assert_eq!(blockers(&level), 1);
        // A backed up to x 1-2, B down (rows 3-5), C left (x 0-1), D up one
        // (rows 2-3): D stands in row 2 right of A's right end, B no longer.
        level.vehicles[0].x = 1;
        level.vehicles[1].y = 3;
        level.vehicles[2].x = 0;
        level.vehicles[3].y = 2;
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        assert_eq!(blockers(&level), 1);
        // A at the exit (x 4-5): D is left of it, not between it and the
        // exit.
        level.vehicles[0].x = 4;
        assert_eq!(blockers(&level), 0);
    }

    #[test]
    fn a_move_into_the_primarys_way_is_a_blocker_increase() {
        // Played by hand on the board above (not a shortest route): A-1
        // backs up (blockers 1 -> 1); D-1 moves D into rows 2-3, right of
        // A's right end (1 -> 2: an increase); D+1 takes it back (2 -> 1);
        // A+1 forward (1 -> 1); A-2 backs up again (1 -> 1); D-1 again
        // (1 -> 2: an increase). A move that cannot be played ends the
        // count: B-1 (B is at the top).
        let level = backing_board();
        let m = |vehicle, distance| Move { vehicle, distance };
        let moves = [
            m(0, -1),
            m(3, -1),
            m(3, 1),
            m(0, 1),
            m(0, -2),
            m(3, -1),
            m(1, -1),
            m(0, -1),
        ];
        assert_eq!(
            counter_moves(&level, &moves),
            CounterMoves {
                primary_backs: 2,
                blocker_increases: 2,
            }
        );
    }

    #[test]
    fn an_unsolvable_board_has_no_counts() {
        // A horizontal car right of the primary on its row never leaves.
        let mut level = Level::new(6, 6);
        level.vehicles.push(Vehicle {
            primary: true,
            ..vehicle(0, 2, 2, Orientation::Horizontal)
        });
        level
            .vehicles
            .push(vehicle(3, 2, 2, Orientation::Horizontal));
        let a = analyze(&level, &Job::default()).unwrap();
        assert_eq!(
            effort_metrics(&a),
            vec![
                ("primary_backs", Value::Null),
                ("blocker_increases", Value::Null)
            ]
        );
    }
}
