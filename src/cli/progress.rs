//! The progress of one level's search on the terminal: a bar of the states
//! (Tangram: search nodes) visited against the budget, shown once the
//! search has run for [`SHOW_AFTER`], so that a long count or exploration
//! never runs silently and quick ones draw nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};

use crate::engine::Job;
use crate::kinds::SearchUnit;

/// How long a search runs before its bar shows.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// How often the bar follows the job.
const EVERY: Duration = Duration::from_millis(100);

/// Runs `search` (which reports to `job`) and, while it runs longer than
/// [`SHOW_AFTER`], shows a bar `what` of `job`'s states counted in `unit`
/// (states, positions, search nodes) out of its budget among `bars` (several levels
/// analysed at once each get a line). The bar is gone when `search` ends.
pub fn watched<T>(
    bars: &MultiProgress,
    job: &Job,
    what: &str,
    unit: SearchUnit,
    search: impl FnOnce() -> T,
) -> T {
    if bars.is_hidden() {
        // Nothing would be drawn (not a terminal): no one to follow.
        return search();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let follower = scope.spawn(|| follow(bars, job, what, unit, &done));
        let result = search();
        done.store(true, Ordering::Relaxed);
        // The follower is woken at once, not at its next look: a quick
        // search ends when it does.
        follower.thread().unpark();
        result
    })
}

/// Follows `job` on a bar until `done`.
fn follow(bars: &MultiProgress, job: &Job, what: &str, unit: SearchUnit, done: &AtomicBool) {
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        if bar.is_none() && started.elapsed() >= SHOW_AFTER {
            let shown = bars.add(ProgressBar::new(unit.budget(job)));
            shown.set_style(
                ProgressStyle::with_template(&format!(
                    "{{msg}} {{bar:30}} {{human_pos}}/{{human_len}} {} [{{elapsed_precise}}, {{eta}} at most]",
                    unit.words()
                ))
                .expect("the template is valid"),
            );
            shown.set_message(what.to_string());
            bar = Some(shown);
        }
        if let Some(bar) = &bar {
            bar.set_position(job.states());
        }
        std::thread::park_timeout(EVERY);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
        bars.remove(&bar);
    }
}
