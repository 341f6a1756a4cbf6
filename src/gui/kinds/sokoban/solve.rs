//! Sokoban's solver past the budget in the editor: the push-level solver
//! ([`crate::kinds::sokoban::solver`]) handed to the worker for a level
//! too big to explore whole, and its report in the editor's words.

use crate::gui::past_budget::{
    FoundSolution, PastBudgetSolver, SolveAnswer, SolveEnd, SolveStop, SolverRefused,
};
use crate::kinds::sokoban::solver::{self, SolveOutcome, SolveReport};
use crate::kinds::sokoban::Level;
use crate::words::counted;

/// What the solver's progress counts: the positions it holds.
const SEARCHED: &str = "positions";

/// The solver for `level`, ready to run on the worker.
pub fn past_budget_solver(level: &Level) -> PastBudgetSolver {
    let level = level.clone();
    PastBudgetSolver::new(
        SEARCHED,
        // One search a thread on every core but one, as the analysis.
        Box::new(move |limit, job| {
            solver::solve_on(&level, limit, job, crate::gui::pool::analysis_threads())
                .map(|report| answer_of(&report))
                .map_err(SolverRefused::of)
        }),
    )
}

/// The solver's report in the editor's words: the solution in LURD with
/// its moves and pushes, whether it has the fewest pushes, and the dead
/// cells, deadlocks and positions it found on the way.
pub fn answer_of(report: &SolveReport) -> SolveAnswer {
    let end = match &report.outcome {
        SolveOutcome::Solved(s) => SolveEnd::Solved(FoundSolution {
            moves: s.lurd.clone(),
            length: format!(
                "{}, {}",
                counted(s.moves as u64, "move", "moves"),
                counted(s.pushes as u64, "push", "pushes")
            ),
            optimal: s.optimal,
            optimal_means: "no solution has fewer pushes".to_string(),
        }),
        SolveOutcome::Unsolvable => SolveEnd::Unsolvable,
        SolveOutcome::NotFound(stop) => SolveEnd::NotFound(match stop {
            solver::SolveStop::TimeLimit => SolveStop::TimeLimit,
            solver::SolveStop::MemoryLimit => SolveStop::MemoryLimit,
            solver::SolveStop::Cancelled => SolveStop::Cancelled,
        }),
    };
    SolveAnswer {
        end,
        seconds: report.seconds,
        findings: vec![
            format!(
                "{} (hatched on the board): a box there never reaches a goal",
                counted(report.dead_cells as u64, "dead cell", "dead cells")
            ),
            format!(
                "{} found and pruned (frozen or locked boxes, pockets that never open, boxes left without a goal)",
                counted(
                    report.deadlocks_found,
                    "push into a deadlock",
                    "pushes into a deadlock"
                )
            ),
            format!(
                "{} held at most",
                counted(report.positions, "position", "positions")
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::sokoban::read_xsb_one;
    use std::time::Duration;

    fn answer(text: &str, limit: Duration, job: &Job) -> SolveAnswer {
        past_budget_solver(&read_xsb_one(text).unwrap())
            .run(limit, job)
            .unwrap()
    }

    #[test]
    fn a_solved_level_gives_its_lurd_with_moves_and_pushes() {
        // The box goes round the wall: solved with the fewest pushes.
        let text = "#######\n#.    #\n# ##$ #\n#  @  #\n#######\n";
        let level = read_xsb_one(text).unwrap();
        let report = solver::solve(&level, Duration::from_secs(10), &Job::default()).unwrap();
        let SolveOutcome::Solved(s) = &report.outcome else {
            panic!("{report:?}");
        };
        let answer = answer_of(&report);
        let found = answer.solution().expect("solved");
        assert_eq!(found.moves, s.lurd);
        assert_eq!(
            found.length,
            format!("{} moves, {} pushes", s.moves, s.pushes)
        );
        assert!(found.optimal);
        assert_eq!(answer.findings.len(), 3);
        assert!(
            answer.findings[0]
                .ends_with("(hatched on the board): a box there never reaches a goal"),
            "{:?}",
            answer.findings
        );
        assert!(answer.findings[0].starts_with(&report.dead_cells.to_string()));
    }

    #[test]
    fn a_cancelled_solve_is_cancelled_and_a_proof_is_unsolvable() {
        let job = Job::default();
        job.cancel();
        let big_room = "##########\n#@       #\n# $ $ $  #\n#  $ $ $ #\n# $ $ $  #\n#  $ $ $ #\n#        #\n#........#\n#....    #\n#        #\n##########\n";
        let cancelled = answer(big_room, Duration::from_secs(60), &job);
        assert_eq!(cancelled.end, SolveEnd::NotFound(SolveStop::Cancelled));
        assert!(cancelled.headline().starts_with("Cancelled after"));
        let out_of_time = answer(big_room, Duration::ZERO, &Job::default());
        assert_eq!(out_of_time.end, SolveEnd::NotFound(SolveStop::TimeLimit));
        // The box can only move away from the goal behind the player.
        let stuck = answer(
            "######\n#.@$ #\n######\n",
            Duration::from_secs(10),
            &Job::default(),
        );
        assert_eq!(stuck.end, SolveEnd::Unsolvable);
    }

    #[test]
    fn a_level_the_solver_refuses_says_why() {
        let level = read_xsb_one("#####\n# $.#\n#####\n").unwrap();
        let why = past_budget_solver(&level)
            .run(Duration::from_secs(1), &Job::default())
            .unwrap_err();
        assert!(
            why.0.downcast_ref::<solver::SolveError>().is_some(),
            "the kind's own error, kept whole: {why:?}"
        );
        assert!(why.to_string().contains("no player"), "{why}");
    }
}
