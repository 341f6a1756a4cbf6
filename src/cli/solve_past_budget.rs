//! `analyze --time-limit SECONDS` on a Sokoban level: the push-level solver
//! ([`crate::kinds::sokoban::solver`]) runs on threads of its own (a search
//! a thread of the pool, [`solve_on`]) beside
//! the exploration for the whole time limit, with a quarter of the memory
//! budget. The exploration gets half the time (it is stopped there when it
//! has not finished). When it explores the whole graph, the solver is
//! stopped and the exact figures answer; when it stops short (its state
//! or memory budget, or that half), the solver's answer is waited for and
//! reported beside what the exploration knows.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::{json, Value};

use crate::engine::Job;
use crate::kinds::sokoban::solver::{solve_on, SolveOutcome, SolveReport};
use crate::kinds::{Level, PartialFigures};

/// Parses `--time-limit`: a number of seconds, zero or more (fractions
/// allowed).
pub fn parse_time_limit(text: &str) -> Result<Duration, super::arg_error::ArgError> {
    use super::arg_error::ArgError;
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| ArgError::NotSeconds(text.to_string()))?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(ArgError::NotATimeLimit(text.to_string()));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| ArgError::TooLong(text.to_string()))
}

/// Cancels a job when its time is up, unless dropped first.
pub struct Watchdog {
    _stop: mpsc::Sender<()>,
}

impl Watchdog {
    /// Cancels `job` after `after` unless the watchdog is dropped before.
    pub fn start(job: &Job, after: Duration) -> Watchdog {
        let (stop, stopped) = mpsc::channel::<()>();
        let job = job.clone();
        thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(after) {
                // A time limit, not somebody's cancel: the exploration
                // labels what it explored (partial figures).
                job.time_out();
            }
        });
        Watchdog { _stop: stop }
    }
}

/// Whether `level`'s kind has a solver past the budget (Sokoban's).
pub fn has_solver(level: &Level) -> bool {
    level.as_sokoban().is_some()
}

/// The share of the time limit the exploration gets.
pub fn exploration_share(limit: Duration) -> Duration {
    limit / 2
}

/// The share of the memory budget the solver gets while it runs beside
/// the exploration (which keeps the rest).
pub const SOLVER_MEMORY_SHARE: u64 = 4;

/// The solver running on its own thread beside a Sokoban level's
/// exploration, from the start of the level's time limit.
pub struct SolverBeside {
    job: Job,
    thread: thread::JoinHandle<Option<SolveReport>>,
}

impl SolverBeside {
    /// Starts the solver on `level` for `limit` within `max_memory`, with
    /// as many lanes as the current rayon pool has threads (`--threads`);
    /// `None` for another kind (it has no solver).
    pub fn start(level: &Level, limit: Duration, max_memory: u64) -> Option<SolverBeside> {
        let level = level.as_sokoban()?.clone();
        let threads = rayon::current_num_threads();
        let job = Job::with_budgets(1, max_memory);
        let worker_job = job.clone();
        let thread = thread::Builder::new()
            .name("levelscope-solver".into())
            .spawn(move || solve_on(&level, limit, &worker_job, threads).ok())
            .ok()?;
        Some(SolverBeside { job, thread })
    }

    /// Waits for the solver's answer; `None` when it refused the level
    /// (an invalid level: the exploration's error says why).
    pub fn answer(self) -> Option<SolveReport> {
        self.thread.join().ok().flatten()
    }

    /// Stops the solver (the exploration answered in full) and waits for
    /// its thread to end.
    pub fn stop(self) {
        self.job.cancel();
        let _ = self.thread.join();
    }
}

/// The report's lines for a terminal: the summary with the dead cells and
/// deadlocks, and the solution.
pub fn solver_text(report: &SolveReport) -> String {
    let mut text = format!(
        "  solver: {}; {} dead cells, {} pushes into a deadlock pruned, {} positions\n",
        report.summary(),
        report.dead_cells,
        report.deadlocks_found,
        report.positions
    );
    if let SolveOutcome::Solved(s) = &report.outcome {
        text += &format!("  solution: {}\n", s.lurd);
    }
    text
}

/// The report of a level whose exploration stopped short (`stopped`: its
/// message, and what it knew of the part it explored) and the solver's
/// answer: for a terminal, the message, the partial figures' line and the
/// solver's lines; in JSON, the `"error"` field as before, a `"partial"`
/// object ([`PartialFigures::to_json`]) and a `"solver"` object
/// ([`SolveReport::to_json`]). With whether the level stays unanswered
/// (no solution found and none disproved).
pub fn past_budget_report(
    shown: &str,
    mut row: serde_json::Map<String, Value>,
    stopped: (&str, Option<&PartialFigures>),
    report: &SolveReport,
    as_json: bool,
) -> (String, bool) {
    let (message, partial) = stopped;
    let unanswered = matches!(report.outcome, SolveOutcome::NotFound(_));
    let text = if as_json {
        add_stop(&mut row, message, partial);
        row.insert("solver".into(), report.to_json());
        format!("{}\n", Value::Object(row))
    } else {
        let partial = partial_line(partial);
        format!("{shown}: {message}\n{partial}{}", solver_text(report))
    };
    (text, unanswered)
}

/// Adds why a level's analysis stopped (`error`) and, when they are known,
/// its partial figures (`partial`) to its JSON row.
pub fn add_stop(
    row: &mut serde_json::Map<String, Value>,
    message: &str,
    partial: Option<&PartialFigures>,
) {
    row.insert("error".into(), json!(message));
    if let Some(partial) = partial {
        row.insert("partial".into(), partial.to_json());
    }
}

/// The partial figures' line in the text report, indented, or nothing.
pub fn partial_line(partial: Option<&PartialFigures>) -> String {
    partial.map_or(String::new(), |p| format!("  {}\n", p.line()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn sokoban(text: &str) -> Level {
        Level::Sokoban(crate::kinds::sokoban::format::read_xsb_one(text).unwrap())
    }

    #[test]
    fn the_solver_beside_answers_with_its_solution() {
        let level = sokoban("#######\n#.    #\n# ##$ #\n#  @  #\n#######\n");
        let solver = SolverBeside::start(&level, Duration::from_secs(30), 1 << 28).unwrap();
        let report = solver.answer().unwrap();
        assert!(
            matches!(report.outcome, SolveOutcome::Solved(ref s) if s.optimal),
            "{report:?}"
        );
    }

    #[test]
    fn a_stopped_solver_beside_ends_long_before_its_time_limit() {
        // Twelve boxes in an open room: no answer for a long while.
        let level = sokoban("##########\n#@       #\n# $ $ $  #\n#  $ $ $ #\n# $ $ $  #\n#  $ $ $ #\n#        #\n#........#\n#....    #\n#        #\n##########\n");
        let solver = SolverBeside::start(&level, Duration::from_secs(3600), 1 << 28).unwrap();
        thread::sleep(Duration::from_millis(50));
        // Stopping waits for the thread, so without the cancel reaching
        // the solver this would wait out the hour.
        solver.stop();
    }

    #[test]
    fn only_sokoban_has_a_solver_beside() {
        let skiddy = crate::kinds::Level::Skiddy(crate::kinds::skiddy::Level::new(3, 3));
        assert!(SolverBeside::start(&skiddy, Duration::from_secs(1), 1 << 20).is_none());
    }

    #[test]
    fn a_time_limit_is_zero_or_more_seconds() {
        assert_eq!(parse_time_limit("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_time_limit("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_time_limit("0"), Ok(Duration::ZERO));
        for bad in ["-1", "abc", "NaN", "inf", "1e300"] {
            let e = parse_time_limit(bad).unwrap_err();
            assert!(e.to_string().contains(bad), "{e}");
        }
    }

    #[test]
    fn the_watchdog_cancels_only_when_its_time_is_up() {
        let job = Job::default();
        drop(Watchdog::start(&job, Duration::from_millis(20)));
        thread::sleep(Duration::from_millis(60));
        assert!(!job.is_cancelled());
        let _running = Watchdog::start(&job, Duration::from_millis(1));
        let until = Instant::now() + Duration::from_secs(5);
        while !job.is_cancelled() && Instant::now() < until {
            thread::sleep(Duration::from_millis(1));
        }
        assert!(job.is_cancelled());
    }
}
