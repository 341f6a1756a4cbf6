//! Progress, cancellation and budgets shared between a running search and
//! whoever watches it (a GUI thread, a CLI progress bar).
//!
//! A search has two budgets: states ([`Job::max_states`]) and memory
//! ([`Job::max_memory`]). The state budget alone does not bound memory (a
//! state's size depends on the level), so the engine also checks, before
//! each growth of one of its big arrays, that what it holds plus the new
//! allocation stays within the memory budget, and stops with
//! [`Stopped::TooMuchMemory`] otherwise. Allocations are made with
//! `try_reserve`, so that memory the system refuses is the same clean stop,
//! never an abort.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

use super::table::{MAX_IDS, MAX_WIDE_IDS};

/// The default state budget: enough for every benchmark level, small enough
/// that an exploding level stops long before it exhausts memory.
pub const DEFAULT_MAX_STATES: u64 = 30_000_000;

/// The default class budget ([`Job::max_classes`]): for a kind that
/// explores classes of states that play alike (Sokoban's positions, each
/// standing for every player cell of its area) instead of the states
/// themselves. A class holds many states, so its budget is larger; the
/// memory budget is what stops the biggest levels.
pub const DEFAULT_MAX_CLASSES: u64 = 200_000_000;

/// The budgets of an analysis as a designer sets them: the states of
/// every kind, and the classes of a kind that explores classes of states
/// (Sokoban's positions: see [`Job::with_max_classes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StateBudgets {
    /// The most states a search explores.
    pub states: u64,
    /// The most classes of states a search explores.
    pub classes: u64,
}

impl Default for StateBudgets {
    /// [`DEFAULT_MAX_STATES`] and [`DEFAULT_MAX_CLASSES`].
    fn default() -> Self {
        StateBudgets {
            states: DEFAULT_MAX_STATES,
            classes: DEFAULT_MAX_CLASSES,
        }
    }
}

impl StateBudgets {
    /// One number for both budgets (a command line's `--max-states`), or
    /// the defaults without one.
    pub fn given(max_states: Option<u64>) -> StateBudgets {
        match max_states {
            Some(n) => StateBudgets {
                states: n,
                classes: n,
            },
            None => StateBudgets::default(),
        }
    }
}

/// The memory budget where the available memory cannot be read: 4 GiB.
pub const FALLBACK_MAX_MEMORY: u64 = 4 << 30;

/// The default memory budget: half of the memory available to this process
/// now (the `MemAvailable` of `/proc/meminfo`, and no more than a control
/// group's limit leaves), or [`FALLBACK_MAX_MEMORY`] where that cannot be
/// read. Always positive.
pub fn default_max_memory() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let available = meminfo.as_deref().and_then(mem_available);
    let available = match (available, cgroup_room()) {
        (Some(a), Some(c)) => Some(a.min(c)),
        (a, c) => a.or(c),
    };
    match available {
        Some(bytes) if bytes / 2 > 0 => bytes / 2,
        _ => FALLBACK_MAX_MEMORY,
    }
}

/// The `MemAvailable` line of `/proc/meminfo`, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// What this process's control group still allows: its limit less its
/// usage (cgroup v2 `memory.max` and `memory.current`, or v1
/// `memory.limit_in_bytes` and `memory.usage_in_bytes`); `None` without a
/// limit or where none can be read.
fn cgroup_room() -> Option<u64> {
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut candidates: Vec<(std::path::PathBuf, &str, &str)> = Vec::new();
    for line in membership.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let path = path.trim_start_matches('/');
        if controllers.is_empty() {
            let root = std::path::Path::new("/sys/fs/cgroup");
            for dir in [root.join(path), root.to_path_buf()] {
                candidates.push((dir, "memory.max", "memory.current"));
            }
        } else if controllers.split(',').any(|c| c == "memory") {
            let root = std::path::Path::new("/sys/fs/cgroup/memory");
            for dir in [root.join(path), root.to_path_buf()] {
                candidates.push((dir, "memory.limit_in_bytes", "memory.usage_in_bytes"));
            }
        }
    }
    candidates.into_iter().find_map(|(dir, limit, usage)| {
        let read = |file: &str| -> Option<u64> {
            std::fs::read_to_string(dir.join(file))
                .ok()?
                .trim()
                .parse()
                .ok()
        };
        // "max" (v2) does not parse; v1 says "no limit" with a huge number.
        let limit = read(limit).filter(|&l| l < 1 << 60)?;
        Some(limit.saturating_sub(read(usage).unwrap_or(0)))
    })
}

/// Reads a memory size: a number of bytes (`1500000000`), or a number
/// (decimals allowed) with a unit of `K`, `M`, `G` or `T`, optionally
/// followed by `B` or `iB` and in either case (`512M`, `2G`, `2GiB`,
/// `1.5g`). Units are powers of 1024. Zero is refused: a search needs some
/// memory.
pub fn parse_memory_size(text: &str) -> Result<u64, MemorySizeError> {
    let not_a_size = || MemorySizeError::NotASize(text.to_string());
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let unit = unit.trim().to_ascii_lowercase();
    let prefix = match unit.strip_suffix("ib") {
        Some("") => return Err(not_a_size()),
        Some(prefix) => prefix,
        None => unit.strip_suffix('b').unwrap_or(&unit),
    };
    let shift: u32 = match prefix {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => return Err(not_a_size()),
    };
    let bytes = if number.contains('.') {
        let value: f64 = number.parse().map_err(|_| not_a_size())?;
        let bytes = value * (1u64 << shift) as f64;
        (bytes < u64::MAX as f64).then_some(bytes as u64)
    } else {
        if number.is_empty() {
            return Err(not_a_size());
        }
        // Only digits are left, so the parse fails only on overflow.
        number
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(1 << shift))
    };
    match bytes {
        None => Err(MemorySizeError::TooLarge(text.to_string())),
        Some(0) => Err(MemorySizeError::Zero(text.to_string())),
        Some(bytes) => Ok(bytes),
    }
}

/// Why a text is not a memory size (each variant holds the text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemorySizeError {
    /// Not a number with a unit levelscope knows.
    #[error(
        "{0:?} is not a memory size: use a number of bytes, or a number with K, M, G or T \
         (e.g. 512M, 2G, 2GiB)"
    )]
    NotASize(String),
    /// More bytes than a 64-bit number holds.
    #[error("{0:?} is too large a memory size")]
    TooLarge(String),
    /// Zero bytes.
    #[error("{0:?}: a memory budget of 0 is not allowed; it must be at least one byte")]
    Zero(String),
}

/// A number of bytes for people: `512 bytes`, `1.5 KiB`, `2.0 GiB`.
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// The message of [`Stopped::TooBig`].
fn too_big(states: u64, budget: u64) -> String {
    // A budget at what the state table can number (either kind of table):
    // raising it would not help.
    if budget == MAX_IDS || budget >= MAX_WIDE_IDS {
        format!("too big: stopped after {states} states, the most one search can number")
    } else {
        format!("too big: stopped after {states} states (the budget is {budget}; raise it with --max-states)")
    }
}

/// The message of [`Stopped::TooMuchMemory`].
fn too_much_memory(bytes: u64, budget: u64, states: u64, refused: bool) -> String {
    let (bytes, budget, states) = (
        format_bytes(bytes),
        format_bytes(budget),
        with_commas(states),
    );
    if refused {
        format!(
            "too big: the search needs more than {bytes} of memory and the system refused it \
             (budget {budget}, at {states} states)"
        )
    } else {
        format!(
            "too big: the search needs more than {bytes} of memory (budget {budget}, at {states} \
             states); raise it with --max-memory"
        )
    }
}

/// A count with thousands separators: `41,200,000`.
pub fn with_commas(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The phase a search is in, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// Not started yet.
    Waiting = 0,
    /// Forward exploration from the start.
    Exploring = 1,
    /// Backward passes: distances and labels.
    Labelling = 2,
    /// Solutions, traps and the summary.
    Summarising = 3,
    /// Finished (successfully or not).
    Done = 4,
}

impl Phase {
    fn from_u8(v: u8) -> Phase {
        match v {
            1 => Phase::Exploring,
            2 => Phase::Labelling,
            3 => Phase::Summarising,
            4 => Phase::Done,
            _ => Phase::Waiting,
        }
    }

    /// A word for the phase, for progress displays.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Exploring => "exploring",
            Phase::Labelling => "labelling",
            Phase::Summarising => "summarising",
            Phase::Done => "done",
        }
    }
}

#[derive(Debug, Default)]
struct Shared {
    cancelled: AtomicBool,
    timed_out: AtomicBool,
    states: AtomicU64,
    phase: AtomicU8,
}

/// A handle on one running search: a cancel flag, a progress counter, the
/// state budget and the memory budget. Clones share the same flag and
/// counters.
#[derive(Clone, Debug)]
pub struct Job {
    shared: Arc<Shared>,
    max_states: u64,
    max_classes: u64,
    max_memory: u64,
    parallel_from: u64,
}

/// The default of [`Job::parallel_from`]: never, so a job explores its
/// level on one thread unless its caller asks for more
/// ([`Job::with_parallel_from`] with [`LAYERED_FROM`]): `analyze` does for
/// a run of one level, and the editor for its analyses; the levels of a
/// batch share the pool's threads one level a thread instead.
pub const DEFAULT_PARALLEL_FROM: u64 = u64::MAX;

/// The graph size from which the layered explorer hands over when asked
/// to: below it, a graph's layers are too thin for threads to share.
pub const LAYERED_FROM: u64 = 1 << 15;

impl Default for Job {
    /// The default budgets: [`DEFAULT_MAX_STATES`] states,
    /// [`DEFAULT_MAX_CLASSES`] classes, [`default_max_memory`] bytes.
    fn default() -> Self {
        Job::new(DEFAULT_MAX_STATES).with_max_classes(DEFAULT_MAX_CLASSES)
    }
}

impl Job {
    /// A new job that stops exploring after `max_states` states (and as
    /// many classes: see [`Job::with_max_classes`]), with the default
    /// memory budget ([`default_max_memory`]).
    pub fn new(max_states: u64) -> Job {
        Job {
            shared: Arc::new(Shared::default()),
            max_states: max_states.max(1),
            max_classes: max_states.max(1),
            max_memory: default_max_memory(),
            parallel_from: DEFAULT_PARALLEL_FROM,
        }
    }

    /// A new job with a state budget (also its class budget) and a memory
    /// budget (at least one state and one byte), without reading how much memory the system has
    /// (a run of many levels works [`default_max_memory`] out once).
    pub fn with_budgets(max_states: u64, max_memory: u64) -> Job {
        Job {
            shared: Arc::new(Shared::default()),
            max_states: max_states.max(1),
            max_classes: max_states.max(1),
            max_memory: max_memory.max(1),
            parallel_from: DEFAULT_PARALLEL_FROM,
        }
    }

    /// A new job with these state and class budgets and a memory budget
    /// (see [`Job::with_budgets`]).
    pub fn with_state_budgets(budgets: StateBudgets, max_memory: u64) -> Job {
        Job::with_budgets(budgets.states, max_memory).with_max_classes(budgets.classes)
    }

    /// The same job with a memory budget of `bytes` (at least one byte).
    pub fn with_max_memory(self, bytes: u64) -> Job {
        Job {
            max_memory: bytes.max(1),
            ..self
        }
    }

    /// The same job with a class budget of `classes` (at least one): how
    /// many classes of states (Sokoban's positions) a kind that explores
    /// classes may explore.
    pub fn with_max_classes(self, classes: u64) -> Job {
        Job {
            max_classes: classes.max(1),
            ..self
        }
    }

    /// The same job, sharing its flag and counters, whose state budget is
    /// its class budget: what a kind that explores classes of states hands
    /// the engine, which counts whatever it explores as states.
    pub fn counting_classes(&self) -> Job {
        Job {
            max_states: self.max_classes,
            ..self.clone()
        }
    }

    /// The same job going on all of the current rayon pool's threads once
    /// it has `states` states (0: from the first layer). The results are
    /// the same whatever this number; only the time it takes changes.
    pub fn with_parallel_from(self, states: u64) -> Job {
        Job {
            parallel_from: states,
            ..self
        }
    }

    /// How many states a search has before it goes on the current rayon
    /// pool's threads (when the pool has more than one).
    pub fn parallel_from(&self) -> u64 {
        self.parallel_from
    }

    /// Whether a pass over `states` states should share its work among
    /// the current rayon pool's threads: the pool has more than one, and
    /// the search is past [`Job::parallel_from`].
    pub fn on_many_threads(&self, states: u64) -> bool {
        states >= self.parallel_from && rayon::current_num_threads() > 1
    }

    /// The state budget.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// The class budget (see [`Job::with_max_classes`]).
    pub fn max_classes(&self) -> u64 {
        self.max_classes
    }

    /// The memory budget, in bytes: the most the search's big arrays may
    /// hold at once.
    pub fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// Checks that a search which holds `held` bytes and has `states` states
    /// may allocate `more` bytes within the memory budget.
    pub fn check_memory(&self, held: u64, more: u64, states: u64) -> Result<(), Stopped> {
        let bytes = held.saturating_add(more);
        if bytes > self.max_memory {
            Err(self.out_of_memory(bytes, states, false))
        } else {
            Ok(())
        }
    }

    /// The stop for a search that needs `bytes` bytes, at `states` states
    /// (`refused`: the system did not give them).
    fn out_of_memory(&self, bytes: u64, states: u64, refused: bool) -> Stopped {
        Stopped::TooMuchMemory {
            bytes,
            budget: self.max_memory,
            states,
            refused,
        }
    }

    /// Makes room in `vec` for `additional` more elements, when it has not
    /// got it, for a search that holds `held` bytes (`vec`'s own buffer
    /// included) and has `states` states. The capacity doubles, or grows as
    /// far as the memory budget allows (but at least enough); the new
    /// buffer, allocated while the old one is still held, must fit the
    /// budget, and an allocation the system refuses is the same clean stop.
    pub fn reserve<T>(
        &self,
        vec: &mut Vec<T>,
        additional: usize,
        held: u64,
        states: u64,
    ) -> Result<(), Stopped> {
        if vec.capacity() - vec.len() >= additional {
            return Ok(());
        }
        let size = std::mem::size_of::<T>().max(1) as u64;
        let needed = (vec.len() as u64).saturating_add(additional as u64);
        let doubled = (vec.capacity() as u64)
            .saturating_mul(2)
            .max(needed)
            .max(16);
        let room = self.max_memory.saturating_sub(held) / size;
        let capacity = doubled.min(room).max(needed);
        let more = capacity.saturating_mul(size);
        self.check_memory(held, more, states)?;
        let extra = usize::try_from(capacity)
            .map_err(|_| self.out_of_memory(u64::MAX, states, true))?
            - vec.len();
        vec.try_reserve_exact(extra)
            .map_err(|_| self.out_of_memory(held.saturating_add(more), states, true))
    }

    /// A vector of `len` copies of `value`, allocated within the memory
    /// budget by a search that holds `held` bytes and has `states` states.
    pub fn filled_vec<T: Clone>(
        &self,
        len: usize,
        value: T,
        held: u64,
        states: u64,
    ) -> Result<Vec<T>, Stopped> {
        let mut vec = Vec::new();
        self.reserve(&mut vec, len, held, states)?;
        vec.resize(len, value);
        Ok(vec)
    }

    /// [`Job::filled_vec`], written by every thread of the current rayon
    /// pool (the pages are first touched, and zeroed by the system, on all
    /// of them).
    pub fn filled_vec_on_threads<T: Clone + Send + Sync>(
        &self,
        len: usize,
        value: T,
        held: u64,
        states: u64,
    ) -> Result<Vec<T>, Stopped> {
        use rayon::prelude::*;
        let mut vec = Vec::new();
        self.reserve(&mut vec, len, held, states)?;
        vec.par_extend(rayon::iter::repeat_n(value, len));
        Ok(vec)
    }

    /// Asks the search to stop as soon as it can.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Job::cancel`] (or [`Job::time_out`]) was called.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::Relaxed)
    }

    /// Cancels the search because its time is up: the search stops as on
    /// [`Job::cancel`] (with [`Stopped::Cancelled`]), and an exploration
    /// that keeps what it explored ([`super::analysis::analyze_or_partial`])
    /// labels it, as it does when the state budget stops it.
    pub fn time_out(&self) {
        self.shared.timed_out.store(true, Ordering::Relaxed);
        self.cancel();
    }

    /// Whether [`Job::time_out`] was called: the cancel is a time limit,
    /// not somebody's choice.
    pub fn is_timed_out(&self) -> bool {
        self.shared.timed_out.load(Ordering::Relaxed)
    }

    /// States explored so far.
    pub fn states(&self) -> u64 {
        self.shared.states.load(Ordering::Relaxed)
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        Phase::from_u8(self.shared.phase.load(Ordering::Relaxed))
    }

    /// Called by the search: records the number of states explored.
    pub fn report_states(&self, states: u64) {
        self.shared.states.store(states, Ordering::Relaxed);
    }

    /// Called by the search: records the phase it entered.
    pub fn enter(&self, phase: Phase) {
        self.shared.phase.store(phase as u8, Ordering::Relaxed);
    }
}

/// Why a search stopped before it finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The level has more reachable states than the budget allows.
    #[error("{}", too_big(*.states, *.budget))]
    TooBig {
        /// States explored when the search stopped.
        states: u64,
        /// The budget that was hit.
        budget: u64,
    },
    /// The search would need more memory than the budget allows (or than
    /// the system could give).
    #[error("{}", too_much_memory(*.bytes, *.budget, *.states, *.refused))]
    TooMuchMemory {
        /// The bytes it would have held after the allocation that failed.
        bytes: u64,
        /// The memory budget, in bytes.
        budget: u64,
        /// States explored when the search stopped.
        states: u64,
        /// Whether the system refused the memory (within the budget).
        refused: bool,
    },
    /// Somebody called [`Job::cancel`].
    #[error("cancelled after {states} states")]
    Cancelled {
        /// States explored when the search stopped.
        states: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_cancel_and_progress() {
        let job = Job::new(10);
        let watcher = job.clone();
        job.report_states(7);
        job.enter(Phase::Labelling);
        assert_eq!(watcher.states(), 7);
        assert_eq!(watcher.phase(), Phase::Labelling);
        assert!(!job.is_cancelled());
        watcher.cancel();
        assert!(job.is_cancelled());
        assert!(!job.is_timed_out(), "a cancel is not a time limit");
        let timed = Job::new(10);
        timed.clone().time_out();
        assert!(timed.is_cancelled() && timed.is_timed_out());
    }

    #[test]
    fn budget_is_at_least_one() {
        assert_eq!(Job::new(0).max_states(), 1);
        assert_eq!(Job::new(5).with_max_memory(0).max_memory(), 1);
    }

    #[test]
    fn the_default_memory_budget_is_a_positive_share_of_what_is_available() {
        let default = default_max_memory();
        assert!(default > 0);
        // Each job reads the available memory when it is made, and the
        // tests beside this one allocate meanwhile: the jobs' budgets are
        // this share read a moment later, near it rather than equal.
        let near = |budget: u64| budget.abs_diff(default) <= default / 4;
        let made = Job::new(10).max_memory();
        assert!(near(made), "{made} against {default}");
        let made = Job::default().max_memory();
        assert!(near(made), "{made} against {default}");
        if let Some(available) = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .as_deref()
            .and_then(mem_available)
        {
            assert!(default <= available, "{default} of {available}");
        }
        let job = Job::new(10).with_max_memory(1 << 20);
        assert_eq!(job.max_memory(), 1 << 20);
        assert_eq!(job.clone().max_states(), 10);
    }

    #[test]
    fn mem_available_is_read_from_meminfo() {
        let meminfo = "MemTotal:       24589448 kB\nMemFree:         1016188 kB\n\
                       MemAvailable:   20971520 kB\nBuffers:          416828 kB\n";
        assert_eq!(mem_available(meminfo), Some(20 << 30));
        assert_eq!(mem_available("MemTotal: 1 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
    }

    #[test]
    fn memory_sizes_parse_with_or_without_units() {
        let ok = [
            ("1500000000", 1_500_000_000),
            ("512M", 512 << 20),
            ("512m", 512 << 20),
            ("2G", 2 << 30),
            ("2GiB", 2 << 30),
            ("2 GiB", 2 << 30),
            ("2gb", 2 << 30),
            ("64K", 64 << 10),
            ("1T", 1 << 40),
            ("1.5G", 3 << 29),
            (" 100 ", 100),
            ("100B", 100),
        ];
        for (text, bytes) in ok {
            assert_eq!(parse_memory_size(text), Ok(bytes), "{text}");
        }
        for text in ["0", "0G", "0.0M"] {
            let e = parse_memory_size(text).unwrap_err();
            assert_eq!(e, MemorySizeError::Zero(text.to_string()));
            let e = e.to_string();
            assert!(e.contains("0 is not allowed"), "{text}: {e}");
        }
        for text in [
            "",
            "G",
            "lots",
            "2X",
            "2 GB of RAM",
            "-1G",
            "1.2.3G",
            "iB",
            "5iB",
            ".",
            "1e9",
        ] {
            let e = parse_memory_size(text).unwrap_err();
            assert_eq!(e, MemorySizeError::NotASize(text.to_string()));
            let e = e.to_string();
            assert!(e.contains("is not a memory size"), "{text}: {e}");
            assert!(
                e.contains("512M"),
                "{text}: the message shows the form: {e}"
            );
        }
        let e = parse_memory_size("99999999999T").unwrap_err().to_string();
        assert!(e.contains("too large"), "{e}");
        assert!(parse_memory_size("18446744073709551615").is_ok());
        assert!(parse_memory_size("18446744073709551616").is_err());
    }

    #[test]
    fn sizes_and_counts_read_well() {
        assert_eq!(format_bytes(512), "512 bytes");
        assert_eq!(format_bytes(1536), "1.5 KiB");
        assert_eq!(format_bytes(2 << 30), "2.0 GiB");
        assert_eq!(with_commas(41_200_000), "41,200,000");
        assert_eq!(with_commas(999), "999");
        assert_eq!(with_commas(1_000), "1,000");
        let stop = Stopped::TooMuchMemory {
            bytes: (2 << 30) + 1,
            budget: 2 << 30,
            states: 41_200_000,
            refused: false,
        };
        assert_eq!(
            stop.to_string(),
            "too big: the search needs more than 2.0 GiB of memory (budget 2.0 GiB, \
             at 41,200,000 states); raise it with --max-memory"
        );
        let refused = Stopped::TooMuchMemory {
            bytes: 3 << 30,
            budget: 11 << 30,
            states: 67_000_000,
            refused: true,
        };
        assert_eq!(
            refused.to_string(),
            "too big: the search needs more than 3.0 GiB of memory and the system refused it \
             (budget 11.0 GiB, at 67,000,000 states)"
        );
        let stop = Stopped::TooBig {
            states: 5_000,
            budget: 5_000,
        };
        assert_eq!(
            stop.to_string(),
            "too big: stopped after 5000 states (the budget is 5000; raise it with --max-states)"
        );
        // The budget capped at what the state table can number: raising
        // it would not help.
        let stop = Stopped::TooBig {
            states: MAX_IDS,
            budget: MAX_IDS,
        };
        assert_eq!(
            stop.to_string(),
            "too big: stopped after 134217726 states, the most one search can number"
        );
        let stop = Stopped::TooBig {
            states: MAX_WIDE_IDS,
            budget: MAX_WIDE_IDS,
        };
        assert_eq!(
            stop.to_string(),
            "too big: stopped after 4294967293 states, the most one search can number"
        );
        // A budget between the two tables' limits is the user's own.
        let stop = Stopped::TooBig {
            states: 200_000_000,
            budget: 200_000_000,
        };
        assert!(stop.to_string().ends_with("raise it with --max-states)"));
    }

    #[test]
    fn growth_stays_within_the_budget() {
        let job = Job::new(10).with_max_memory(1000);
        let mut v: Vec<u32> = Vec::new();
        job.reserve(&mut v, 10, 0, 0).unwrap();
        assert!(v.capacity() >= 16);
        // 100 more u32 would bring 1,000 bytes held elsewhere over budget.
        let held = 700;
        let stop = job.reserve(&mut v, 100, held, 7).unwrap_err();
        assert!(matches!(
            stop,
            Stopped::TooMuchMemory {
                budget: 1000,
                states: 7,
                refused: false,
                ..
            }
        ));
        // Short of doubling, it grows as far as the budget allows.
        let mut w: Vec<u8> = vec![0; 400];
        job.reserve(&mut w, 100, 400, 0).unwrap();
        assert!(
            w.capacity() >= 500 && w.capacity() <= 600,
            "{}",
            w.capacity()
        );
        // An allocation the system refuses is the same clean stop.
        let huge = Job::new(10).with_max_memory(u64::MAX);
        let mut h: Vec<u64> = Vec::new();
        assert!(matches!(
            huge.reserve(&mut h, usize::MAX / 16, 0, 0),
            Err(Stopped::TooMuchMemory { refused: true, .. })
        ));
        assert!(matches!(
            huge.filled_vec(usize::MAX / 16, 0u64, 0, 0),
            Err(Stopped::TooMuchMemory { refused: true, .. })
        ));
    }
}
