//! "Check pack" in the background: every level of a snapshot of the pack is
//! re-analysed on all cores (rayon) on a thread of its own; the thread that
//! draws reads how many are done through an atomic counter, takes each
//! level's verdict as soon as it is judged, and can cancel. Each verdict is
//! matched back to the pack as it is by then (the designer may have edited
//! it meanwhile, see [`place_in`]); the panel stores the fresh summaries,
//! like `levelscope pack check --update`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::engine::Job;
use crate::gui::worker::{spawn_job, BackgroundJob};
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

/// One level the check has judged: the level as it was when the check
/// started (the designer may have changed the pack since) and its verdict.
#[derive(Clone, Debug)]
pub struct CheckedLevel {
    /// The level the verdict is about.
    pub level: Level,
    /// The verdict; its `index` is the level's place when the check started.
    pub check: LevelCheck,
}

/// Where the verdict on `level` (at place `index` when the check started)
/// belongs in `pack` as it is now: the same place when the level is still
/// there, else the first identical level that has no verdict yet
/// (`is_judged(i)` is false), else nowhere (the level was changed or
/// removed).
pub fn place_in(
    pack: &Pack,
    index: usize,
    level: &Level,
    is_judged: impl Fn(usize) -> bool,
) -> Option<usize> {
    let free = |i: usize| !is_judged(i);
    if pack.levels.get(index).is_some_and(|e| e.level == *level) && free(index) {
        return Some(index);
    }
    (0..pack.levels.len()).find(|&i| free(i) && pack.levels[i].level == *level)
}

/// The time a check has still to run, in words: "under a second left",
/// "about 12 s left", "about 3 min 20 s left", "about 2 h 5 min left".
pub fn time_left_words(time: Duration) -> String {
    let seconds = time.as_secs();
    let about = match seconds {
        0 => return "under a second left".into(),
        1..=59 => format!("{seconds} s"),
        60..=3599 => format!("{} min {} s", seconds / 60, seconds % 60),
        _ => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
    };
    format!("about {about} left")
}

/// A check running on a background thread, handing over each level's
/// verdict as soon as that level is judged.
pub struct PackCheck {
    job: Job,
    done: Arc<AtomicUsize>,
    total: usize,
    received: usize,
    /// Verdicts [`PackCheck::wait_for_verdict`] received and
    /// [`PackCheck::take_judged`] has not handed over yet.
    arrived: Vec<LevelCheck>,
    options: CheckOptions,
    started: Instant,
    levels: Vec<Level>,
    results: BackgroundJob<LevelCheck>,
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
        let job = Job::new(options.budgets.states).with_max_classes(options.budgets.classes);
        let done = Arc::new(AtomicUsize::new(0));
        let (thread_job, thread_done) = (job.clone(), Arc::clone(&done));
        let results = spawn_job("pack check", notify, move |reporter| {
            crate::gui::pool::on_own_pool(|| {
                entries.par_iter().enumerate().for_each_with(
                    reporter.clone(),
                    |reporter, (index, entry)| {
                        // Once cancelled, `check_level` returns at once
                        // with a "cancelled" verdict, which is never
                        // handed over.
                        let check = check_level(index, entry, options, &thread_job);
                        // Sent before it is counted: a level counted as
                        // done is in the channel. The receiver is gone
                        // when the check was dropped: nothing to do.
                        let _ = reporter.send(check);
                        thread_done.fetch_add(1, Ordering::Relaxed);
                        reporter.notify();
                    },
                );
            });
            reporter.notify();
        })
        .expect("the system can start a thread");
        PackCheck {
            job,
            done,
            total,
            received: 0,
            arrived: Vec::new(),
            options,
            started: Instant::now(),
            levels,
            results,
        }
    }

    /// How far the check has got (a verdict received is a level done,
    /// even before the thread has counted it).
    pub fn progress(&self) -> CheckProgress {
        let received = self.received + self.arrived.len();
        CheckProgress {
            done: self
                .done
                .load(Ordering::Relaxed)
                .max(received)
                .min(self.total),
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

    /// About how long the rest of the check will take, at the pace of the
    /// levels judged so far (`None` before the first level is judged).
    pub fn time_left(&self) -> Option<Duration> {
        let CheckProgress { done, total } = self.progress();
        if done == 0 {
            return None;
        }
        let per_level = self.elapsed().as_secs_f64() / done as f64;
        Some(Duration::from_secs_f64(per_level * (total - done) as f64))
    }

    /// Asks the check to stop: the levels under analysis stop at once and
    /// [`PackCheck::take_judged`] hands over nothing more. Levels judged
    /// before must be taken first to be kept. Dropping the check does the
    /// same.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Whether [`PackCheck::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.job.is_cancelled()
    }

    /// The levels judged since the last call, each handed over once (none
    /// once the check is cancelled: their verdicts may be "cancelled").
    pub fn take_judged(&mut self) -> Vec<CheckedLevel> {
        if self.is_cancelled() {
            return Vec::new();
        }
        let arrived = std::mem::take(&mut self.arrived);
        let judged: Vec<CheckedLevel> = arrived
            .into_iter()
            .chain(self.results.try_iter())
            .map(|check| CheckedLevel {
                level: self.levels[check.index].clone(),
                check,
            })
            .collect();
        self.received += judged.len();
        judged
    }

    /// Whether every level's verdict has been handed over.
    pub fn is_finished(&self) -> bool {
        self.received == self.total
    }

    /// Blocks until a verdict not yet handed over by
    /// [`PackCheck::take_judged`] is there, or no more will come (every
    /// level judged, or the check's thread gone), for at most `bound`.
    /// Returns `false` when `bound` passed first. For tests and scripted
    /// runs that must wait for the check's event rather than for a clock:
    /// the bound only turns a hang into a clear failure.
    pub fn wait_for_verdict(&mut self, bound: Duration) -> bool {
        if self.is_finished() || !self.arrived.is_empty() {
            return true;
        }
        match self.results.recv_timeout(bound) {
            Ok(check) => {
                self.arrived.push(check);
                true
            }
            Err(RecvTimeoutError::Disconnected) => true,
            Err(RecvTimeoutError::Timeout) => false,
        }
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
    use crate::engine::StateBudgets;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::pack::PackEntry;

    const GOOD: &str = "#####\n#R.R#\n#...#\n#r###\n";
    const DEAD: &str = "######\n#R.R.#\n#.#..#\n#o...#\n##r###\n";
    const BIG: &str = include_str!("../../../assets/bench/skiddy_1m.txt");

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
            budgets: StateBudgets::given(Some(100_000)),
        }
    }

    /// How long a test waits for the check before calling it a hang; the
    /// tests wait for its verdicts, this only bounds a hang.
    const HANG: Duration = Duration::from_secs(120);

    /// Takes verdicts until `enough` says stop; returns them all.
    fn take_until(
        check: &mut PackCheck,
        enough: impl Fn(&PackCheck, &[CheckedLevel]) -> bool,
    ) -> Vec<CheckedLevel> {
        let deadline = Instant::now() + HANG;
        let mut judged = Vec::new();
        loop {
            judged.extend(check.take_judged());
            if enough(check, &judged) {
                return judged;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                check.wait_for_verdict(left) && !left.is_zero(),
                "the check did not get there within {HANG:?}"
            );
        }
    }

    #[test]
    fn hands_over_every_level_once_reports_progress_and_notifies() {
        let (notify, notified) = std::sync::mpsc::channel();
        let p = pack(&[GOOD, DEAD, GOOD]);
        let mut check = PackCheck::start(&p, options(), move || {
            let _ = notify.send(());
        });
        assert_eq!(check.progress().total, 3);
        let mut judged = take_until(&mut check, |c, _| c.is_finished());
        assert_eq!(check.progress(), CheckProgress { done: 3, total: 3 });
        assert_eq!(check.progress().fraction(), 1.0);
        assert_eq!(check.time_left(), Some(Duration::ZERO));
        // Once a level, once at the end (waited for, not slept on).
        for n in 1..=4 {
            notified
                .recv_timeout(HANG)
                .unwrap_or_else(|_| panic!("notification {n} of 4 did not come"));
        }
        assert!(notified.try_recv().is_err(), "no fifth notification");
        judged.sort_by_key(|j| j.check.index);
        assert_eq!(judged.len(), 3);
        assert!(judged[0].check.passes() && judged[2].check.passes());
        assert!(judged[1]
            .check
            .failures
            .iter()
            .any(|f| f.contains("dead end")));
        assert_eq!(judged[1].level, p.levels[1].level);
        assert!(
            check.take_judged().is_empty(),
            "a verdict is handed over once"
        );
    }

    #[test]
    fn small_levels_are_handed_over_while_a_big_one_is_still_running() {
        let p = pack(&[GOOD, DEAD, BIG]);
        let mut check = PackCheck::start(
            &p,
            CheckOptions {
                min_stars: 3,
                budgets: StateBudgets::given(Some(10_000_000)),
            },
            || {},
        );
        let judged = take_until(&mut check, |_, judged| judged.len() == 2);
        assert!(!check.is_finished());
        let mut indices: Vec<usize> = judged.iter().map(|j| j.check.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, vec![0, 1]);
        assert!(check.time_left().is_some());
        check.cancel();
    }

    #[test]
    fn a_cancelled_check_hands_over_nothing_more() {
        let p = pack(&[BIG, BIG]);
        let mut check = PackCheck::start(
            &p,
            CheckOptions {
                min_stars: 3,
                budgets: StateBudgets::given(Some(10_000_000)),
            },
            || {},
        );
        check.cancel();
        assert!(check.is_cancelled());
        // The counter is the event here (verdicts of a cancelled check are
        // never handed over); the bound only reports a hang.
        let deadline = Instant::now() + HANG;
        while check.progress().done < 2 {
            assert!(
                Instant::now() < deadline,
                "cancel did not stop the analyses within {HANG:?}"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(check.take_judged().is_empty());
        assert!(!check.is_finished());
    }

    #[test]
    fn verdicts_find_their_levels_after_edits() {
        let before = pack(&[GOOD, DEAD, GOOD]);
        let good = &before.levels[0].level;
        let dead = &before.levels[1].level;
        // Meanwhile: level 0 was removed and a new level appended.
        let after = pack(&[GOOD, DEAD, "######\n#R...#\n#....#\n#r####\n"]);
        let none = |_: usize| false;
        assert_eq!(place_in(&after, 0, good, none), Some(0));
        assert_eq!(place_in(&after, 1, dead, none), Some(1));
        // The level at place 2 was changed: its verdict goes to the
        // identical level that has none yet, or nowhere.
        assert_eq!(place_in(&after, 2, good, none), Some(0));
        assert_eq!(place_in(&after, 2, good, |i: usize| i == 0), None);
        // Two identical levels each take one verdict.
        let twice = pack(&[DEAD, GOOD, GOOD]);
        assert_eq!(place_in(&twice, 0, good, none), Some(1));
        assert_eq!(place_in(&twice, 2, good, |i: usize| i == 1), Some(2));
        assert_eq!(place_in(&twice, 0, good, |i: usize| i > 0), None);
        // A place past the pack's end.
        assert_eq!(place_in(&pack(&[GOOD]), 5, dead, none), None);
    }

    #[test]
    fn time_left_in_words() {
        let words = |seconds: f64| time_left_words(Duration::from_secs_f64(seconds));
        assert_eq!(words(0.4), "under a second left");
        assert_eq!(words(12.0), "about 12 s left");
        assert_eq!(words(200.0), "about 3 min 20 s left");
        assert_eq!(words(7500.0), "about 2 h 5 min left");
    }
}
