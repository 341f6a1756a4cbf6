//! Sokoban past the exploration budget: a push-level solver for levels too
//! big to explore whole (docs/command-line.md, `analyze --time-limit`).
//!
//! It searches positions (the boxes and the player's reachable area) one
//! push at a time, pruning pushes onto dead cells, freeze deadlocks, local
//! deadlocks (the pushed box and its neighbours, taken alone, cannot all
//! reach goals: [`local_deadlock`]), corral deadlocks (a pocket the
//! player cannot reach whose fence never opens: [`corral_deadlock`]) and
//! positions whose boxes cannot all be assigned to goals, and searching
//! only a PI-corral's pushes where there is one, ordered by a lower bound
//! from the cheapest assignment of boxes to goals by push distance. It first runs A* (a share of the
//! time): finished, its solution has the fewest pushes. Then a greedier
//! best-first search (which takes every other position at random by
//! type, [`open_list`]) uses the rest of the time to find any solution,
//! first with goal-room macros ([`goal_room`]), then, if that search runs
//! dry, without. It answers with what is known: a solution (moves and
//! pushes in LURD, and whether it is proved to have the fewest pushes), a
//! proof that there is none (only when a search with sound pruning alone
//! ran dry: A* or the plain greedy one), or that none was found in the
//! time or memory given.
//!
//! The greedy search's priority also counts the regions the boxes cut the
//! floor into, and on more than one thread the solver runs one search a
//! thread, each greedy search with its own seed and weight of that count
//! ([`solve_on`]): the first answer ends them all.

mod board;
mod corral;
mod corral_deadlock;
mod deadlock;
mod goal_room;
mod local_deadlock;
mod lower_bound;
mod lurd;
mod open_list;
mod search;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::engine::Job;

use super::level::Level;
use super::rules::{CompileError, Rules};
use board::Board;
use goal_room::GoalRooms;
use lower_bound::PushDistances;
use search::{Counts, Ended, Lane, Push, Searcher};

/// The share of the time given to the optimal search (A*) before the
/// greedy one.
const OPTIMAL_SHARE: f64 = 0.2;

/// The weight of the bound in the greedy search (`g + w·h`).
const GREEDY_WEIGHT: u32 = 4;

/// Why a level could not be given to the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The level is invalid.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The player's region has more cells than the solver numbers.
    #[error("the player's region has {cells} cells; the solver numbers at most 65,534")]
    RegionTooBig {
        /// The region's cells.
        cells: usize,
    },
}

/// Why the solver stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveStop {
    /// The time limit ran out.
    TimeLimit,
    /// The memory budget would have been passed.
    MemoryLimit,
    /// The job was cancelled.
    Cancelled,
}

impl SolveStop {
    /// The reason in words, after "stopped by" ("the time limit").
    pub fn words(self) -> &'static str {
        match self {
            SolveStop::TimeLimit => "the time limit",
            SolveStop::MemoryLimit => "the memory budget",
            SolveStop::Cancelled => "a cancel",
        }
    }

    /// The reason's name in JSON: `"time_limit"`, `"memory_limit"`,
    /// `"cancelled"`.
    pub fn name(self) -> &'static str {
        match self {
            SolveStop::TimeLimit => "time_limit",
            SolveStop::MemoryLimit => "memory_limit",
            SolveStop::Cancelled => "cancelled",
        }
    }
}

/// A solution the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverSolution {
    /// The moves in LURD (lower case steps, upper case pushes).
    pub lurd: String,
    /// The number of moves.
    pub moves: usize,
    /// The number of pushes.
    pub pushes: usize,
    /// Whether no solution has fewer pushes (proved by a finished A*).
    pub optimal: bool,
}

/// What the solver knows at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveOutcome {
    /// A solution.
    Solved(SolverSolution),
    /// Proved: no solution exists.
    Unsolvable,
    /// No solution found before it stopped; nothing is proved.
    NotFound(SolveStop),
}

/// The solver's answer with its figures.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveReport {
    /// What it found.
    pub outcome: SolveOutcome,
    /// The seconds it ran.
    pub seconds: f64,
    /// The most positions it held at once (its searches' added up).
    pub positions: u64,
    /// The dead cells of the level (a box there never reaches a goal).
    pub dead_cells: usize,
    /// Pushes it found to end in a deadlock (freeze, local and corral
    /// deadlocks, boxes with no assignment to the goals), pushes onto dead
    /// cells not counted.
    pub deadlocks_found: u64,
}

impl SolveReport {
    /// One line in words: "solved in 97 moves and 33 pushes (the fewest
    /// pushes) in 0.2 s", "no solution found in 30 s (the time limit)",
    /// "unsolvable (proved by exhausting the search)".
    pub fn summary(&self) -> String {
        match &self.outcome {
            SolveOutcome::Solved(s) => format!(
                "solved in {} moves and {} pushes ({}) in {:.1} s",
                s.moves,
                s.pushes,
                if s.optimal {
                    "the fewest pushes"
                } else {
                    "not proved the fewest pushes"
                },
                self.seconds
            ),
            SolveOutcome::Unsolvable => format!(
                "unsolvable: proved by a search that ran dry in {:.1} s",
                self.seconds
            ),
            SolveOutcome::NotFound(stop) => format!(
                "no solution found in {:.1} s (stopped by {})",
                self.seconds,
                stop.words()
            ),
        }
    }

    /// The JSON object: `solved`, `unsolvable` (proved), `solution`
    /// (LURD or null), `moves`, `pushes`, `optimal`, `stopped` (null or
    /// `"time_limit"`, `"memory_limit"`, `"cancelled"`), `seconds`,
    /// `positions`, `dead_cells`, `deadlocks_found`.
    pub fn to_json(&self) -> Value {
        let (solution, stopped) = match &self.outcome {
            SolveOutcome::Solved(s) => (Some(s), None),
            SolveOutcome::Unsolvable => (None, None),
            SolveOutcome::NotFound(stop) => (None, Some(stop.name())),
        };
        json!({
            "solved": solution.is_some(),
            "unsolvable": self.outcome == SolveOutcome::Unsolvable,
            "solution": solution.map(|s| s.lurd.clone()),
            "moves": solution.map(|s| s.moves),
            "pushes": solution.map(|s| s.pushes),
            "optimal": solution.is_some_and(|s| s.optimal),
            "stopped": stopped,
            "seconds": (self.seconds * 1000.0).round() / 1000.0,
            "positions": self.positions,
            "dead_cells": self.dead_cells,
            "deadlocks_found": self.deadlocks_found,
        })
    }
}

/// Solves `level` within `time_limit` and the job's memory budget on the
/// current rayon pool's threads ([`solve_on`]); the job's cancel flag
/// stops it and its progress counter shows the positions held.
pub fn solve(level: &Level, time_limit: Duration, job: &Job) -> Result<SolveReport, SolveError> {
    solve_on(level, time_limit, job, rayon::current_num_threads())
}

/// Solves `level` within `time_limit` and the job's memory budget with
/// `threads` searches side by side, one a thread (*lanes*, [`lane`]).
///
/// The first lane is the one-thread solver: A* for [`OPTIMAL_SHARE`] of
/// the time, then the greedy search. Every other lane runs a greedy search
/// of its own from the start, with another seed and another weight of the
/// connectivity term, so that the lanes look in different places. A
/// solution from A* ends the solve with the fewest pushes proved; A* is
/// never cut short by another lane, so a level A* finishes in its share
/// gets that proof however many threads there are. Otherwise the first
/// solution any lane finds ends the solve, as does a proof that there is
/// none. With one thread the answer is the same on every run (given the
/// time); with more, the lanes race and the answer is the first found.
/// The memory budget is shared out evenly among the lanes.
pub fn solve_on(
    level: &Level,
    time_limit: Duration,
    job: &Job,
    threads: usize,
) -> Result<SolveReport, SolveError> {
    let started = Instant::now();
    let rules = Rules::compile(level)?;
    let board = Board::of(&rules).ok_or(SolveError::RegionTooBig {
        cells: rules.cell_count(),
    })?;
    let distances = PushDistances::of(&board);
    let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
    let player = rules.start().player as u16;
    let rooms = GoalRooms::of(&board, player);
    let lanes = threads.clamp(1, MAX_LANES);
    let plan = Plan {
        board: &board,
        distances: &distances,
        rooms: rooms.as_ref(),
        job,
        deadline: started + time_limit,
        optimal_until: started + time_limit.mul_f64(OPTIMAL_SHARE),
        max_bytes: (job.max_memory() / lanes as u64).max(1),
        answered: AtomicBool::new(false),
        first_win: Mutex::new(None),
    };
    let ends: Vec<LaneEnd> = if lanes == 1 {
        vec![plan.run_lane(0, &boxes, player)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..lanes)
                .map(|i| {
                    let (plan, boxes) = (&plan, &boxes);
                    scope.spawn(move || plan.run_lane(i, boxes, player))
                })
                .collect();
            let first = plan.run_lane(0, &boxes, player);
            std::iter::once(first)
                .chain(
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("a solver lane")),
                )
                .collect()
        })
    };
    let counts = Counts {
        positions: ends.iter().map(|e| e.counts.positions).sum(),
        expanded: ends.iter().map(|e| e.counts.expanded).sum(),
        deadlocks: ends.iter().map(|e| e.counts.deadlocks).sum(),
    };
    let first_win = plan
        .first_win
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let (ended, optimal) = if ends[0].optimal {
        (ends[0].ended.clone(), true)
    } else if let Some(pushes) = first_win {
        (Ended::Won(pushes), false)
    } else if ends.iter().any(|e| e.ended == Ended::Exhausted) {
        (Ended::Exhausted, false)
    } else {
        (ends[0].ended.clone(), false)
    };
    let outcome = outcome_of(&board, &boxes, player, ended, optimal);
    Ok(report(outcome, started, counts, &board))
}

/// The most lanes a solve runs, however many threads it is given (each
/// holds a search's table and open list).
const MAX_LANES: usize = 16;

/// The connectivity weights the lanes take in turn ([`lane`]): the first
/// lane's is the one-thread solver's.
const CONNECTIVITY: [u32; 4] = [4, 16, 32, 8];

/// Lane `i`'s settings: the connectivity weights of [`CONNECTIVITY`] in
/// turn, and a seed of its own.
fn lane(i: usize) -> Lane {
    Lane {
        seed: open_list::FIRST_SEED ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        connectivity: CONNECTIVITY[i % CONNECTIVITY.len()],
    }
}

/// What the lanes of one solve share.
struct Plan<'a> {
    board: &'a Board,
    distances: &'a PushDistances,
    rooms: Option<&'a GoalRooms>,
    job: &'a Job,
    deadline: Instant,
    /// When the first lane's A* gives way to its greedy search.
    optimal_until: Instant,
    /// Each lane's memory budget.
    max_bytes: u64,
    /// Set when a lane has answered (a solution or a proof): the others
    /// stop.
    answered: AtomicBool,
    /// The first solution a greedy search found.
    first_win: Mutex<Option<Vec<Push>>>,
}

/// How one lane ended.
struct LaneEnd {
    ended: Ended,
    counts: Counts,
    /// Whether `ended` is A*'s finished answer (a solution with the fewest
    /// pushes, or a proof that there is none).
    optimal: bool,
}

impl Plan<'_> {
    /// A search of lane `i` until `deadline`, stopped by `stop`.
    fn searcher<'s>(
        &'s self,
        i: usize,
        rooms: Option<&'s GoalRooms>,
        deadline: Instant,
        stop: &'s AtomicBool,
    ) -> Searcher<'s> {
        Searcher {
            board: self.board,
            distances: self.distances,
            job: self.job,
            deadline,
            max_bytes: self.max_bytes,
            rooms,
            lane: lane(i),
            stop,
            reports: i == 0,
        }
    }

    /// Runs lane `i` from `boxes` and the player's cell: A* first on lane
    /// 0, then the greedy search (with the goal rooms' macros when there
    /// are any; when that runs dry, which proves nothing, the plain one
    /// has the time left).
    fn run_lane(&self, i: usize, boxes: &[u16], player: u16) -> LaneEnd {
        let mut counts = Counts::default();
        if i == 0 {
            // A* is not stopped by other lanes: its proof is worth the wait.
            let never = AtomicBool::new(false);
            let (ended, more) = self
                .searcher(0, None, self.optimal_until, &never)
                .run(boxes, player, 1);
            counts = more;
            if matches!(ended, Ended::Won(_) | Ended::Exhausted) {
                self.answered.store(true, Ordering::Relaxed);
                return LaneEnd {
                    ended,
                    counts,
                    optimal: true,
                };
            }
            if ended == Ended::Cancelled {
                return LaneEnd {
                    ended,
                    counts,
                    optimal: false,
                };
            }
        }
        let phases = match self.rooms {
            Some(rooms) => vec![Some(rooms), None],
            None => vec![None],
        };
        let mut ended = Ended::OutOfTime;
        for phase_rooms in phases {
            let greedy = self.searcher(i, phase_rooms, self.deadline, &self.answered);
            let (end, more) = greedy.run(boxes, player, GREEDY_WEIGHT);
            counts.positions = counts.positions.max(more.positions);
            counts.expanded += more.expanded;
            counts.deadlocks += more.deadlocks;
            ended = end;
            if ended != Ended::Exhausted || phase_rooms.is_none() {
                break;
            }
        }
        match &ended {
            Ended::Won(pushes) => {
                let mut first = self.first_win.lock().unwrap_or_else(|e| e.into_inner());
                first.get_or_insert_with(|| pushes.clone());
                self.answered.store(true, Ordering::Relaxed);
            }
            // The plain search ran dry: a proof.
            Ended::Exhausted => self.answered.store(true, Ordering::Relaxed),
            _ => {}
        }
        LaneEnd {
            ended,
            counts,
            optimal: false,
        }
    }
}

/// The outcome of a search's end.
fn outcome_of(
    board: &Board,
    boxes: &[u16],
    player: u16,
    ended: Ended,
    optimal: bool,
) -> SolveOutcome {
    match ended {
        Ended::Won(pushes) => {
            let lurd = lurd::write_lurd(board, boxes, player, &pushes)
                .expect("the search's pushes replay from its start");
            SolveOutcome::Solved(SolverSolution {
                moves: lurd.len(),
                pushes: pushes.len(),
                lurd,
                optimal,
            })
        }
        Ended::Exhausted => SolveOutcome::Unsolvable,
        Ended::OutOfTime => SolveOutcome::NotFound(SolveStop::TimeLimit),
        Ended::OutOfMemory => SolveOutcome::NotFound(SolveStop::MemoryLimit),
        Ended::Cancelled => SolveOutcome::NotFound(SolveStop::Cancelled),
        // Only a lane that another lane overtook ends so, and that lane's
        // answer is the one given.
        Ended::Overtaken => SolveOutcome::NotFound(SolveStop::TimeLimit),
    }
}

/// The report of an outcome.
fn report(outcome: SolveOutcome, started: Instant, counts: Counts, board: &Board) -> SolveReport {
    SolveReport {
        outcome,
        seconds: started.elapsed().as_secs_f64(),
        positions: counts.positions,
        dead_cells: board.dead_count(),
        deadlocks_found: counts.deadlocks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::{Dir, PlayState};
    use search::Searcher;

    /// Twelve boxes in an open room: no solution in a handful of pushes.
    const BIG_ROOM: &str = "##########\n#@       #\n# $ $ $  #\n#  $ $ $ #\n# $ $ $  #\n#  $ $ $ #\n#        #\n#........#\n#....    #\n#        #\n##########\n";

    /// The one-thread solver's report on `text`, after checking that three
    /// lanes give the same kind of answer (a solution that replays, with
    /// the same proof of the fewest pushes; or the same proof or stop).
    fn solved(text: &str, seconds: u64) -> SolveReport {
        let level = read_xsb_one(text).unwrap();
        let limit = Duration::from_secs(seconds);
        let one = solve_on(&level, limit, &Job::default(), 1).unwrap();
        let three = solve_on(&level, limit, &Job::default(), 3).unwrap();
        match (&one.outcome, &three.outcome) {
            (SolveOutcome::Solved(a), SolveOutcome::Solved(b)) => {
                assert!(replays_to_a_win(text, &b.lurd), "{}", b.lurd);
                assert_eq!(a.optimal, b.optimal);
                if a.optimal {
                    assert_eq!(a.pushes, b.pushes);
                }
            }
            (a, b) => assert_eq!(a, b),
        }
        one
    }

    /// Plays `lurd` from the start of `text`; whether it wins with every
    /// letter a move of the case it says (step or push).
    fn replays_to_a_win(text: &str, lurd: &str) -> bool {
        let mut play = PlayState::new(Rules::compile(&read_xsb_one(text).unwrap()).unwrap());
        for ch in lurd.chars() {
            let Some(kind) = Dir::from_lurd(ch).and_then(|d| play.play(d)) else {
                return false;
            };
            let pushed = kind == crate::kinds::sokoban::rules::MoveKind::Push;
            if pushed != ch.is_ascii_uppercase() {
                return false;
            }
        }
        play.is_won()
    }

    fn solution(report: &SolveReport) -> &SolverSolution {
        match &report.outcome {
            SolveOutcome::Solved(s) => s,
            other => panic!("not solved: {other:?}"),
        }
    }

    #[test]
    fn a_small_level_is_solved_with_the_fewest_pushes() {
        // The box must go round: push it right, then up the far side.
        let text = "#######\n#.    #\n# ##$ #\n#  @  #\n#######\n";
        let report = solved(text, 10);
        let s = solution(&report);
        assert!(s.optimal);
        assert!(replays_to_a_win(text, &s.lurd), "{}", s.lurd);
        let full =
            crate::kinds::sokoban::analyze(&read_xsb_one(text).unwrap(), &Job::default()).unwrap();
        assert_eq!(Some(s.pushes as u32), full.report.min_pushes);
        assert_eq!(s.moves, s.lurd.len());
        assert!(
            report.summary().contains("the fewest pushes"),
            "{}",
            report.summary()
        );
    }

    #[test]
    fn a_won_start_is_solved_with_no_move() {
        let report = solved("#####\n#@* #\n#####\n", 1);
        let s = solution(&report);
        assert_eq!((s.moves, s.pushes, s.optimal), (0, 0, true));
    }

    #[test]
    fn a_level_with_only_frozen_ways_is_proved_unsolvable() {
        // Both boxes sit against the top wall side by side: frozen.
        let text = "#######\n#@$$. #\n#   . #\n#######\n";
        let report = solved(text, 10);
        assert_eq!(report.outcome, SolveOutcome::Unsolvable);
        assert!(report.summary().starts_with("unsolvable"));
        assert_eq!(report.to_json()["unsolvable"], true);
    }

    #[test]
    fn a_push_into_a_freeze_is_counted_as_a_deadlock() {
        // Pushing both boxes up against the top wall side by side (one
        // off its goal) freezes them; the solver sees it and still solves
        // the level.
        let text = "########\n#   .  #\n#  $ $ #\n#@  .  #\n########\n";
        let report = solved(text, 10);
        assert!(report.deadlocks_found > 0, "{report:?}");
        let s = solution(&report);
        assert!(replays_to_a_win(text, &s.lurd));
    }

    #[test]
    fn a_level_unsolvable_without_any_freeze_is_proved_by_exhausting() {
        // The box can only move along the corridor, away from the goal
        // behind the player.
        let text = "######\n#.@$ #\n######\n";
        let report = solved(text, 10);
        assert_eq!(report.outcome, SolveOutcome::Unsolvable);
    }

    #[test]
    fn no_time_answers_no_solution_found_at_once() {
        let text = BIG_ROOM;
        let level = read_xsb_one(text).unwrap();
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        for lanes in [3, 1] {
            let report = solve_on(&level, Duration::ZERO, &Job::default(), lanes).unwrap();
            // Stopped before searching: each lane looked at its start.
            assert!(report.positions <= lanes as u64, "{report:?}");
            assert_eq!(report.outcome, SolveOutcome::NotFound(SolveStop::TimeLimit));
        }
        let report = solve_on(&level, Duration::ZERO, &Job::default(), 1).unwrap();
        assert_eq!(report.outcome, SolveOutcome::NotFound(SolveStop::TimeLimit));
        assert!(
            report.summary().starts_with("no solution found in 0."),
            "{}",
            report.summary()
        );
        assert_eq!(report.to_json()["solved"], false);
        assert_eq!(report.to_json()["stopped"], "time_limit");
    }

    #[test]
    fn a_cancelled_job_stops_the_solver() {
        let level = read_xsb_one(BIG_ROOM).unwrap();
        for lanes in [1, 3] {
            let job = Job::default();
            job.cancel();
            let report = solve_on(&level, Duration::from_secs(60), &job, lanes).unwrap();
            assert_eq!(report.outcome, SolveOutcome::NotFound(SolveStop::Cancelled));
        }
    }

    #[test]
    fn a_cancel_while_the_lanes_search_stops_them_all() {
        // Without the cancel, A* alone would run for 12 s of the 60 and
        // the greedy lanes for all of it.
        let level = read_xsb_one(BIG_ROOM).unwrap();
        let job = Job::default();
        let canceller = job.clone();
        let started = Instant::now();
        let report = std::thread::scope(|scope| {
            scope.spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                canceller.cancel();
            });
            solve_on(&level, Duration::from_secs(60), &job, 3).unwrap()
        });
        assert!(started.elapsed() < Duration::from_secs(6), "{report:?}");
        match &report.outcome {
            SolveOutcome::NotFound(SolveStop::Cancelled) => {}
            // A greedy lane may solve the room before the cancel: its
            // solution is kept.
            SolveOutcome::Solved(s) => {
                assert!(!s.optimal);
                assert!(replays_to_a_win(BIG_ROOM, &s.lurd), "{}", s.lurd);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_tiny_memory_budget_stops_the_solver_cleanly() {
        let level = read_xsb_one(BIG_ROOM).unwrap();
        for lanes in [1, 3] {
            let job = Job::default().with_max_memory(10_000);
            let report = solve_on(&level, Duration::from_secs(60), &job, lanes).unwrap();
            assert_eq!(
                report.outcome,
                SolveOutcome::NotFound(SolveStop::MemoryLimit)
            );
        }
    }

    #[test]
    fn the_first_lane_is_the_one_thread_solver_and_the_others_differ() {
        assert_eq!(
            lane(0),
            Lane {
                seed: open_list::FIRST_SEED,
                connectivity: CONNECTIVITY[0]
            }
        );
        let mut seeds: Vec<u64> = (0..MAX_LANES).map(|i| lane(i).seed).collect();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), MAX_LANES, "every lane has a seed of its own");
        assert!(seeds.iter().all(|&s| s != 0));
        // Each connectivity weight is some lane's.
        for c in CONNECTIVITY {
            assert!((0..CONNECTIVITY.len()).any(|i| lane(i).connectivity == c));
        }
    }

    /// The greedy search of `text` with its goal rooms' macros (`rooms`)
    /// or without, for up to ten seconds.
    fn greedy(text: &str, with_rooms: bool) -> (Ended, Vec<u16>, u16, Board) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let distances = PushDistances::of(&board);
        let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
        let player = rules.start().player as u16;
        let rooms = GoalRooms::of(&board, player);
        assert_eq!(rooms.is_some(), with_rooms, "the level's rooms: {rooms:?}");
        let job = Job::default();
        let searcher = Searcher {
            board: &board,
            distances: &distances,
            job: &job,
            deadline: Instant::now() + Duration::from_secs(10),
            max_bytes: job.max_memory(),
            rooms: rooms.as_ref(),
            lane: lane(0),
            stop: &AtomicBool::new(false),
            reports: true,
        };
        let (ended, _) = searcher.run(&boxes, player, GREEDY_WEIGHT);
        (ended, boxes, player, board)
    }

    #[test]
    fn the_goal_room_macros_fill_a_room_and_the_solution_replays() {
        // Four goals side by side along the top wall, four boxes below.
        let text = "#########\n#....   #\n#       #\n#  $$$$ #\n#@      #\n#########\n";
        let (ended, boxes, player, board) = greedy(text, true);
        let Ended::Won(pushes) = ended else {
            panic!("not solved: {ended:?}");
        };
        let lurd = lurd::write_lurd(&board, &boxes, player, &pushes).unwrap();
        assert!(replays_to_a_win(text, &lurd), "{lurd}");
        // And through `solve`, whichever phase finds it.
        let report = solved(text, 10);
        assert!(replays_to_a_win(text, &solution(&report).lurd));
    }

    #[test]
    fn an_invalid_level_is_refused_with_its_problems() {
        let level = read_xsb_one("#####\n# $.#\n#####\n").unwrap();
        let e = solve(&level, Duration::from_secs(1), &Job::default()).unwrap_err();
        assert!(e.to_string().contains("no player"), "{e}");
    }
}
