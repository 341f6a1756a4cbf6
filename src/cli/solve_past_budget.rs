//! `analyze --time-limit SECONDS` on a Sokoban level: the exploration gets
//! half the time (it is stopped there when it has not finished), and when
//! it stops short of the whole graph (its state or memory budget, or that
//! half) the push-level solver ([`crate::kinds::sokoban::solver`]) gets
//! the rest of the time and says what it found.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::engine::Job;
use crate::kinds::sokoban::solver::{solve, SolveOutcome, SolveReport};
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

/// The solver's report on a Sokoban level whose exploration stopped
/// short, run for what is left of `limit` since `started`, within the
/// memory budget `max_memory`; `None` for another kind or a level the
/// solver refuses (an invalid level: the exploration's error says why).
pub fn solve_rest(
    level: &Level,
    limit: Duration,
    started: Instant,
    max_memory: u64,
) -> Option<SolveReport> {
    let level = level.as_sokoban()?;
    let rest = limit.saturating_sub(started.elapsed());
    let job = Job::with_budgets(1, max_memory);
    solve(level, rest, &job).ok()
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
        row.insert("error".into(), json!(message));
        if let Some(partial) = partial {
            row.insert("partial".into(), partial.to_json());
        }
        row.insert("solver".into(), report.to_json());
        format!("{}\n", Value::Object(row))
    } else {
        let partial = partial.map_or(String::new(), |p| format!("  {}\n", p.line()));
        format!("{shown}: {message}\n{partial}{}", solver_text(report))
    };
    (text, unanswered)
}

#[cfg(test)]
mod tests {
    use super::*;

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
