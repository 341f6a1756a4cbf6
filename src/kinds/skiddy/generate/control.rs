//! The handle a running generation shares with whoever watches it: the
//! cancel flag, and what the generation counted (candidates, levels kept,
//! and why each rejected candidate was rejected).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Why a candidate level was thrown away: the first requirement it fails,
/// in the order the star rules, the Perfect and then the effort are
/// checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// The analysis stopped: more reachable states than the state budget.
    TooBig,
    /// A dead end is reachable (the start included: a level that cannot be
    /// won): the first star rule fails.
    DeadEnd,
    /// No max-combo solution: the second star rule fails.
    NoMaxCombo,
    /// No no-combo solution: the second star rule fails.
    NoNoCombo,
    /// The shortest max-combo solution is longer than the shortest
    /// no-combo solution: the third star rule fails.
    PerfectNotShortest,
    /// The Perfect is shorter than the shortest allowed.
    PerfectTooShort,
    /// The Perfect is longer than the longest allowed.
    PerfectTooLong,
    /// The effort is outside the range asked for (or cannot be scored).
    EffortOutside,
}

impl Rejection {
    /// Every reason, in the order they are checked.
    pub const ALL: [Rejection; 8] = [
        Rejection::TooBig,
        Rejection::DeadEnd,
        Rejection::NoMaxCombo,
        Rejection::NoNoCombo,
        Rejection::PerfectNotShortest,
        Rejection::PerfectTooShort,
        Rejection::PerfectTooLong,
        Rejection::EffortOutside,
    ];

    /// The reason in a designer's words, as in "rejected: 61% dead ends".
    pub fn words(self) -> &'static str {
        match self {
            Rejection::TooBig => "too big",
            Rejection::DeadEnd => "dead ends",
            Rejection::NoMaxCombo => "no max-combo solution",
            Rejection::NoNoCombo => "no no-combo solution",
            Rejection::PerfectNotShortest => "Perfect not a shortest solution",
            Rejection::PerfectTooShort => "Perfect too short",
            Rejection::PerfectTooLong => "Perfect too long",
            Rejection::EffortOutside => "effort outside the range",
        }
    }

    fn index(self) -> usize {
        Rejection::ALL
            .iter()
            .position(|&r| r == self)
            .expect("every reason is listed")
    }
}

/// How many candidates were rejected for each reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RejectionCounts {
    counts: [u64; Rejection::ALL.len()],
}

impl RejectionCounts {
    /// The candidates rejected for `reason`.
    pub fn get(&self, reason: Rejection) -> u64 {
        self.counts[reason.index()]
    }

    /// Counts one more candidate rejected for `reason`.
    pub fn add(&mut self, reason: Rejection) {
        self.counts[reason.index()] += 1;
    }

    /// All rejected candidates.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The breakdown in a designer's words, most frequent reason first,
    /// e.g. "rejected: 61% dead ends, 22% no max-combo solution, 17%
    /// Perfect too short"; reasons under half a percent are left out, and
    /// so is the whole line while nothing was rejected (`None`).
    pub fn line(&self) -> Option<String> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut reasons: Vec<(Rejection, u64)> = Rejection::ALL
            .iter()
            .map(|&r| (r, self.get(r)))
            .filter(|&(_, n)| n * 200 >= total)
            .collect();
        reasons.sort_by_key(|&(r, n)| (std::cmp::Reverse(n), r.index()));
        let parts: Vec<String> = reasons
            .iter()
            .map(|&(r, n)| {
                let percent = (n as f64 * 100.0 / total as f64).round();
                format!("{percent}% {}", r.words())
            })
            .collect();
        Some(format!("rejected: {}", parts.join(", ")))
    }
}

/// How long a generation watches its own pace before it estimates the time
/// left: the first candidates of each thread are not yet typical.
pub const FIRST_ESTIMATE: Duration = Duration::from_secs(2);

/// The time a generation still needs, as estimated from its pace so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeLeft {
    /// Levels were kept: the candidates a level has taken so far, times the
    /// levels still wanted, at the candidates per second seen so far.
    About(Duration),
    /// No level was kept yet: every level may take its whole candidate
    /// budget, at the candidates per second seen so far (a bound, not a
    /// guess).
    AtMost(Duration),
}

impl TimeLeft {
    /// Estimates the time left of a batch of `levels` levels, each allowed
    /// `max_candidates` candidates, that analysed `candidates` candidates
    /// and kept `kept` levels in `elapsed`. `None` before
    /// [`FIRST_ESTIMATE`] or before the first candidate.
    pub fn estimate(
        levels: u64,
        max_candidates: u64,
        candidates: u64,
        kept: u64,
        elapsed: Duration,
    ) -> Option<TimeLeft> {
        if elapsed < FIRST_ESTIMATE || candidates == 0 {
            return None;
        }
        let per_second = candidates as f64 / elapsed.as_secs_f64();
        let budget = levels as f64 * max_candidates as f64;
        let (total, bound) = if kept == 0 {
            (budget, true)
        } else {
            let per_level = candidates as f64 / kept as f64;
            ((levels as f64 * per_level).min(budget), false)
        };
        let left = Duration::from_secs_f64(((total - candidates as f64) / per_second).max(0.0));
        Some(if bound {
            TimeLeft::AtMost(left)
        } else {
            TimeLeft::About(left)
        })
    }

    /// In a designer's words: "about 54 min 10 s left", "at most 1 h 02 min
    /// left (no level kept yet)".
    pub fn words(self) -> String {
        match self {
            TimeLeft::About(left) => format!("about {} left", duration_words(left)),
            TimeLeft::AtMost(left) => {
                format!("at most {} left (no level kept yet)", duration_words(left))
            }
        }
    }
}

/// A duration as "45 s", "3 min 05 s" or "2 h 07 min".
pub fn duration_words(duration: Duration) -> String {
    let seconds = duration.as_secs();
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min {:02} s", seconds / 60, seconds % 60),
        _ => format!("{} h {:02} min", seconds / 3600, seconds % 3600 / 60),
    }
}

/// A handle on running generations, shared with whoever watches them (a GUI
/// dialog): a cancel flag checked before every candidate's analysis, and
/// counts of the candidates analysed, the levels kept and the reasons for
/// each rejection. One control may serve many generations running at once
/// (a batch); they share the flag and the counts.
#[derive(Debug, Default)]
pub struct GenerateControl {
    cancelled: AtomicBool,
    candidates: AtomicU64,
    kept: AtomicU64,
    rejections: [AtomicU64; Rejection::ALL.len()],
}

impl GenerateControl {
    /// A control that is not cancelled and has counted nothing.
    pub fn new() -> GenerateControl {
        GenerateControl::default()
    }

    /// Asks every generation using this control to stop as soon as it can
    /// (at the latest after the candidate being analysed).
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`GenerateControl::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Candidates analysed so far by every generation using this control.
    pub fn candidates(&self) -> u64 {
        self.candidates.load(Ordering::Relaxed)
    }

    /// Levels found so far by every generation using this control.
    pub fn kept(&self) -> u64 {
        self.kept.load(Ordering::Relaxed)
    }

    /// Candidates analysed per level kept so far (`None` before the first
    /// level).
    pub fn candidates_per_level(&self) -> Option<f64> {
        let kept = self.kept();
        (kept > 0).then(|| self.candidates() as f64 / kept as f64)
    }

    /// What a progress display shows of the generations after `elapsed`:
    /// levels kept per second, candidates analysed per level kept, and
    /// (once a candidate was rejected) the rejection breakdown of
    /// [`RejectionCounts::line`].
    pub fn progress_lines(&self, elapsed: std::time::Duration) -> Vec<String> {
        let seconds = elapsed.as_secs_f64().max(1e-3);
        let mut lines = vec![
            format!("Levels per second: {:.2}", self.kept() as f64 / seconds),
            match self.candidates_per_level() {
                Some(per_level) => format!("Candidates per level kept: {per_level:.0}"),
                None => "Candidates per level kept: none kept yet".to_string(),
            },
        ];
        lines.extend(self.rejections().line());
        lines
    }

    /// The time a batch of `levels` levels with `max_candidates` each still
    /// needs after `elapsed`, from what this control counted; see
    /// [`TimeLeft::estimate`].
    pub fn time_left(
        &self,
        levels: u64,
        max_candidates: u64,
        elapsed: Duration,
    ) -> Option<TimeLeft> {
        TimeLeft::estimate(
            levels,
            max_candidates,
            self.candidates(),
            self.kept(),
            elapsed,
        )
    }

    /// The rejections counted so far, by reason.
    pub fn rejections(&self) -> RejectionCounts {
        let mut counts = RejectionCounts::default();
        for (count, atomic) in counts.counts.iter_mut().zip(&self.rejections) {
            *count = atomic.load(Ordering::Relaxed);
        }
        counts
    }

    pub(super) fn count_candidate(&self) {
        self.candidates.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn count_kept(&self) {
        self.kept.fetch_add(1, Ordering::Relaxed);
    }

    pub(super) fn count_rejection(&self, reason: Rejection) {
        self.rejections[reason.index()].fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_waits_for_the_first_seconds() {
        assert_eq!(
            TimeLeft::estimate(1, 100_000, 50, 0, Duration::from_secs(1)),
            None
        );
        assert_eq!(
            TimeLeft::estimate(1, 100_000, 0, 0, Duration::from_secs(5)),
            None
        );
    }

    #[test]
    fn hard_parameters_show_their_hour_after_the_first_seconds() {
        // The campaign's case: 37 ms a candidate, 100,000 candidates, one
        // level, none kept after 3.7 s (100 candidates).
        let left = TimeLeft::estimate(1, 100_000, 100, 0, Duration::from_millis(3700)).unwrap();
        let TimeLeft::AtMost(left) = left else {
            panic!("{left:?}")
        };
        assert_eq!(left.as_secs(), 3696);
        assert_eq!(
            TimeLeft::AtMost(left).words(),
            "at most 1 h 01 min left (no level kept yet)"
        );
    }

    #[test]
    fn kept_levels_give_the_pace_of_the_rest() {
        // 10 levels wanted; 2 kept after 400 candidates in 4 s: 200 a level,
        // 1600 more at 100 a second.
        let left = TimeLeft::estimate(10, 100_000, 400, 2, Duration::from_secs(4)).unwrap();
        assert_eq!(left, TimeLeft::About(Duration::from_secs(16)));
        assert_eq!(left.words(), "about 16 s left");
        // Never beyond the candidate budget.
        let left = TimeLeft::estimate(10, 100, 400, 1, Duration::from_secs(4)).unwrap();
        assert_eq!(left, TimeLeft::About(Duration::from_secs(6)));
        assert_eq!(duration_words(Duration::from_secs(185)), "3 min 05 s");
    }

    fn counts(pairs: &[(Rejection, u64)]) -> RejectionCounts {
        let mut counts = RejectionCounts::default();
        for &(reason, n) in pairs {
            for _ in 0..n {
                counts.add(reason);
            }
        }
        counts
    }

    #[test]
    fn the_line_lists_reasons_most_frequent_first_in_whole_percents() {
        let line = counts(&[
            (Rejection::PerfectTooShort, 17),
            (Rejection::DeadEnd, 61),
            (Rejection::NoMaxCombo, 22),
        ])
        .line();
        assert_eq!(
            line.as_deref(),
            Some("rejected: 61% dead ends, 22% no max-combo solution, 17% Perfect too short")
        );
    }

    #[test]
    fn rare_reasons_are_left_out_and_nothing_says_nothing() {
        assert_eq!(RejectionCounts::default().line(), None);
        let line = counts(&[(Rejection::TooBig, 999), (Rejection::PerfectTooLong, 1)])
            .line()
            .unwrap();
        assert_eq!(line, "rejected: 100% too big");
        let tie = counts(&[(Rejection::NoNoCombo, 1), (Rejection::DeadEnd, 1)])
            .line()
            .unwrap();
        assert_eq!(tie, "rejected: 50% dead ends, 50% no no-combo solution");
    }

    #[test]
    fn the_control_adds_up_what_generations_report() {
        let control = GenerateControl::new();
        assert_eq!(control.candidates_per_level(), None);
        for _ in 0..6 {
            control.count_candidate();
        }
        control.count_rejection(Rejection::DeadEnd);
        control.count_rejection(Rejection::DeadEnd);
        control.count_rejection(Rejection::TooBig);
        control.count_kept();
        control.count_kept();
        assert_eq!(control.candidates_per_level(), Some(3.0));
        let rejections = control.rejections();
        assert_eq!(rejections.get(Rejection::DeadEnd), 2);
        assert_eq!(rejections.total(), 3);
        assert_eq!(
            control.progress_lines(std::time::Duration::from_millis(1_600)),
            [
                "Levels per second: 1.25",
                "Candidates per level kept: 3",
                "rejected: 67% dead ends, 33% too big"
            ]
        );
    }

    #[test]
    fn progress_before_anything_was_counted() {
        assert_eq!(
            GenerateControl::new().progress_lines(std::time::Duration::ZERO),
            [
                "Levels per second: 0.00",
                "Candidates per level kept: none kept yet"
            ]
        );
    }
}
