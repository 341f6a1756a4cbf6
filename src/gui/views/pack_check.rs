//! "Check pack" in the background: every level of a snapshot of the pack is
//! re-analysed on all cores (rayon) on a thread of its own, the thread that
//! draws reads how many are done through an atomic counter, can cancel, and
//! collects the verdicts when the check ends. The verdicts are then matched
//! back to the pack as it is by then (the designer may have edited it
//! meanwhile) and the matched levels get their fresh summaries, like
//! `levelscope pack check --update`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::engine::Job;
use crate::kinds::Level;
use crate::pack::check::{check_level, CheckOptions, LevelCheck};
use crate::pack::Pack;

/// How far a check has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckProgress {
    /// Levels judged so far.
    pub done: usize,
    /// Levels to judge.
    pub total: usize,
}

impl CheckProgress {
    /// The fraction done, 0 to 1 (1 for an empty pack).
    pub fn fraction(self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f32 / self.total as f32
        }
    }
}

/// A finished check.
#[derive(Clone, Debug)]
pub struct CheckResult {
    /// The verdicts, one per level of the snapshot, in its order.
    pub checks: Vec<LevelCheck>,
    /// The levels as they were when the check started.
    pub levels: Vec<Level>,
    /// What the check asked of every level.
    pub options: CheckOptions,
    /// How long it ran.
    pub elapsed: Duration,
}

impl CheckResult {
    /// Which verdict belongs to each level of `pack` (by index into
    /// [`CheckResult::checks`]): a level gets the verdict of an identical
    /// level of the snapshot, the one at the same place when there is one;
    /// levels added or changed since the check started get none.
    pub fn match_to(&self, pack: &Pack) -> Vec<Option<usize>> {
        let mut matched = vec![None; pack.levels.len()];
        let mut used = vec![false; self.levels.len()];
        for (i, entry) in pack.levels.iter().enumerate() {
            if self.levels.get(i) == Some(&entry.level) {
                matched[i] = Some(i);
                used[i] = true;
            }
        }
        let mut unused: HashMap<&Level, Vec<usize>> = HashMap::new();
        for (k, level) in self.levels.iter().enumerate().rev() {
            if !used[k] {
                unused.entry(level).or_default().push(k);
            }
        }
        for (i, entry) in pack.levels.iter().enumerate() {
            if matched[i].is_none() {
                matched[i] = unused.get_mut(&entry.level).and_then(Vec::pop);
            }
        }
        matched
    }

    /// Stores the fresh summaries in the levels of `pack` that have a
    /// verdict (a level that could not be analysed loses its summary) and
    /// returns each level's verdict.
    pub fn apply_to<'a>(&'a self, pack: &mut Pack) -> Vec<Option<&'a LevelCheck>> {
        self.match_to(pack)
            .into_iter()
            .zip(&mut pack.levels)
            .map(|(k, entry)| {
                let check = &self.checks[k?];
                entry.set_summary(check.summary.clone().ok());
                Some(check)
            })
            .collect()
    }
}

/// A check running on a background thread.
pub struct PackCheck {
    job: Job,
    done: Arc<AtomicUsize>,
    total: usize,
    options: CheckOptions,
    started: Instant,
    levels: Vec<Level>,
    results: Receiver<Vec<LevelCheck>>,
}

impl PackCheck {
    /// Starts checking a snapshot of `pack`; `notify` is called (from other
    /// threads) after every level and when the check ends — the panel
    /// passes a closure that calls `ctx.request_repaint()`.
    pub fn start(
        pack: &Pack,
        options: CheckOptions,
        notify: impl Fn() + Send + Sync + 'static,
    ) -> PackCheck {
        let entries = pack.levels.clone();
        let total = entries.len();
        let levels = entries.iter().map(|e| e.level.clone()).collect();
        let job = Job::new(options.max_states);
        let done = Arc::new(AtomicUsize::new(0));
        let (sender, results) = channel();
        let (thread_job, thread_done) = (job.clone(), Arc::clone(&done));
        std::thread::Builder::new()
            .name("pack check".into())
            .spawn(move || {
                let checks = crate::gui::pool::on_own_pool(|| {
                    entries
                        .par_iter()
                        .enumerate()
                        .map(|(index, entry)| {
                            // Once cancelled, `check_level` returns at once
                            // with a "cancelled" verdict, which is never shown.
                            let check = check_level(index, entry, options, &thread_job);
                            thread_done.fetch_add(1, Ordering::Relaxed);
                            notify();
                            check
                        })
                        .collect()
                });
                // The receiver is gone when the check was dropped: nothing to do.
                let _ = sender.send(checks);
                notify();
            })
            .expect("the system can start a thread");
        PackCheck {
            job,
            done,
            total,
            options,
            started: Instant::now(),
            levels,
            results,
        }
    }

    /// How far the check has got.
    pub fn progress(&self) -> CheckProgress {
        CheckProgress {
            done: self.done.load(Ordering::Relaxed).min(self.total),
            total: self.total,
        }
    }

    /// What the check asks of every level.
    pub fn options(&self) -> CheckOptions {
        self.options
    }

    /// Time since the check started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Asks the check to stop: the levels under analysis stop at once and
    /// [`PackCheck::poll`] never returns a result. Dropping the check does
    /// the same.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Whether [`PackCheck::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.job.is_cancelled()
    }

    /// The result, once the check has finished (and was not cancelled).
    /// It is returned once.
    pub fn poll(&mut self) -> Option<CheckResult> {
        let checks = self.results.try_recv().ok()?;
        if self.is_cancelled() {
            return None;
        }
        Some(CheckResult {
            checks,
            levels: std::mem::take(&mut self.levels),
            options: self.options,
            elapsed: self.started.elapsed(),
        })
    }
}

impl Drop for PackCheck {
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::pack::PackEntry;

    const GOOD: &str = "#####\n#R.R#\n#...#\n#r###\n";
    const DEAD: &str = "######\n#R.R.#\n#.#..#\n#o...#\n##r###\n";

    fn pack(texts: &[&str]) -> Pack {
        Pack {
            name: "t".into(),
            levels: texts
                .iter()
                .map(|t| PackEntry::new(parse_ascii(t).unwrap().into()))
                .collect(),
        }
    }

    fn options() -> CheckOptions {
        CheckOptions {
            min_stars: 3,
            max_states: 100_000,
        }
    }

    fn wait(check: &mut PackCheck) -> CheckResult {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(result) = check.poll() {
                return result;
            }
            assert!(Instant::now() < deadline, "the check did not finish");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn checks_every_level_reports_progress_and_notifies() {
        let notified = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&notified);
        let p = pack(&[GOOD, DEAD, GOOD]);
        let mut check = PackCheck::start(&p, options(), move || {
            count.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(check.progress().total, 3);
        let result = wait(&mut check);
        assert_eq!(check.progress(), CheckProgress { done: 3, total: 3 });
        assert_eq!(check.progress().fraction(), 1.0);
        // Once a level, once at the end.
        assert_eq!(notified.load(Ordering::SeqCst), 4);
        assert_eq!(result.checks.len(), 3);
        assert!(result.checks[0].passes() && result.checks[2].passes());
        assert!(result.checks[1]
            .failures
            .iter()
            .any(|f| f.contains("dead end")));
        assert!(check.poll().is_none(), "a result is returned once");
    }

    #[test]
    fn a_cancelled_check_returns_nothing() {
        let big = include_str!("../../../assets/bench/skiddy_1m.txt");
        let p = pack(&[big, big]);
        let mut check = PackCheck::start(
            &p,
            CheckOptions {
                min_stars: 3,
                max_states: 10_000_000,
            },
            || {},
        );
        check.cancel();
        assert!(check.is_cancelled());
        let deadline = Instant::now() + Duration::from_secs(30);
        while check.progress().done < 2 {
            assert!(
                Instant::now() < deadline,
                "cancel did not stop the analyses"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(20));
        assert!(check.poll().is_none());
    }

    #[test]
    fn verdicts_follow_their_levels_after_edits() {
        let before = pack(&[GOOD, DEAD, GOOD]);
        let mut check = PackCheck::start(&before, options(), || {});
        let result = wait(&mut check);
        // Meanwhile: level 0 was removed, a new level appended, and the
        // second GOOD moved to the front.
        let mut after = pack(&[GOOD, DEAD, "######\n#R...#\n#....#\n#r####\n"]);
        assert_eq!(result.match_to(&after), vec![Some(0), Some(1), None]);
        after.levels.swap(0, 1);
        assert_eq!(result.match_to(&after), vec![Some(1), Some(0), None]);
        let verdicts = result.apply_to(&mut after);
        assert!(verdicts[0]
            .unwrap()
            .failures
            .iter()
            .any(|f| f.contains("dead end")));
        assert!(verdicts[1].unwrap().passes());
        assert!(verdicts[2].is_none());
        assert!(
            after.levels[0]
                .summary
                .as_ref()
                .unwrap()
                .graph()
                .unwrap()
                .dead_ends
                > 0
        );
        assert_eq!(
            after.levels[1]
                .summary
                .as_ref()
                .unwrap()
                .graph()
                .unwrap()
                .states,
            10
        );
        assert!(after.levels[2].summary.is_none());
        // Two identical levels each take one verdict.
        let twice = pack(&[DEAD, GOOD, GOOD]);
        assert_eq!(result.match_to(&twice), vec![Some(1), Some(0), Some(2)]);
    }
}
