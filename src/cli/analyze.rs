//! `levelscope analyze FILE... [--json] [--kind K] [--max-states N]
//! [--max-memory SIZE] [--time-limit SECONDS]`: every level of every file, of any kind, one report
//! (or JSON row) each, in the order of the files and of the levels in them.
//! Levels are analysed in parallel on every core, each as soon as a core is
//! free, and their reports are written in order as soon as every earlier
//! one is: a long run shows its reports as it goes, and one big level does
//! not keep the other cores waiting.
//!
//! With `--partition K/N` only the levels whose number is K modulo N are
//! analysed: the levels are numbered from 0 in the order they are named,
//! every file's levels in order (a file that cannot be read at all counts
//! as one), so partition K always takes the same levels (see
//! [`super::partition`]).

use indicatif::MultiProgress;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::level_spec::{LevelSpec, LevelSpecError};
use super::solve_past_budget as past;
use crate::engine::{default_max_memory, parse_memory_size, Job, StateBudgets, LAYERED_FROM};
use crate::kinds::{Analysis, AnalysisError, Kind, Level, PartialFigures};

/// Arguments of `analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// Level files (any kind and format) or pack files (every level is
    /// analysed); `FILE#index` for one level of a file.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per level, one per line (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Read level files as this kind instead of telling it from their
    /// content.
    #[arg(long, value_parser = super::parse_kind)]
    pub kind: Option<Kind>,
    /// Stop exploring a level after this many states; for Sokoban, after
    /// this many positions (box set + player area); for Tangram, stop
    /// counting after this many search nodes (the count is then a lower
    /// bound: "at least N solutions") [default: 30000000; Sokoban:
    /// 200000000 positions]
    #[arg(long, value_parser = super::parse_max_states)]
    pub max_states: Option<u64>,
    /// Stop exploring a level when its search would need more memory than
    /// this (`512M`, `2G`; default: half the memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
    /// Also list up to this many solutions of each level: for a kind with
    /// moves, of each route, shortest first; for Tangram, the first this
    /// many found, each as every shape's offset `[dx, dy]` (`dy` upward).
    #[arg(long, default_value_t = 0)]
    pub solutions: usize,
    /// Analyse only partition K of N (K from 0): the levels whose number,
    /// counted from 0 over every file's levels in the order named, is K
    /// modulo N; `auto/N` reads K from JOB_COMPLETION_INDEX or
    /// SLURM_ARRAY_TASK_ID (see docs/cluster.md).
    #[arg(long, value_parser = super::partition::parse_partition)]
    pub partition: Option<super::partition::PartitionArg>,
    /// Sokoban: explore for at most half of SECONDS; when the exploration
    /// stops short of the whole graph, search for a solution push by push
    /// for the rest (see `solver` in docs/command-line.md).
    #[arg(long, value_name = "SECONDS", value_parser = super::solve_past_budget::parse_time_limit)]
    pub time_limit: Option<Duration>,
}

/// Where a level comes from: its file, and its index when the file holds
/// several (`FILE#index`).
#[derive(Clone, Debug)]
pub struct Source {
    /// The file.
    pub path: std::path::PathBuf,
    /// The level's index in it, when it holds several.
    pub index: Option<usize>,
}

impl Source {
    /// The name for a terminal, `FILE#index`, with control characters and
    /// bytes that are not UTF-8 escaped (see [`crate::file_names`]).
    pub fn shown(&self) -> String {
        let file = crate::file_names::shown(&self.path).to_string();
        match self.index {
            Some(i) => format!("{file}#{i}"),
            None => file,
        }
    }

    /// The JSON fields that name it: `"file"` (`FILE#index`), and
    /// `"file_bytes"` (the file's own name, without `#index`) when that is
    /// not UTF-8.
    pub fn json_fields(&self) -> serde_json::Map<String, Value> {
        let mut fields = crate::file_names::json_fields(&self.path);
        if let (Some(i), Some(Value::String(file))) = (self.index, fields.get_mut("file")) {
            file.push_str(&format!("#{i}"));
        }
        fields
    }
}

/// A level to analyse, named for the report, or why it cannot be read.
type NamedLevel = (Source, Result<Level, InputError>);

/// Why a file, or one of its levels, could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file, or the level it names, cannot be had.
    #[error(transparent)]
    Spec(#[from] LevelSpecError),
    /// The pack holds no entry.
    #[error("the pack holds no levels")]
    EmptyPack,
    /// The level file holds no level.
    #[error("the file holds no level")]
    EmptyFile,
    /// An entry that cannot be read, as `analyze` has always named it: by
    /// its place in the pack's list, `levels[3]`.
    #[error("levels[{index}] cannot be read: {why}")]
    Damaged {
        /// Its number in the file.
        index: usize,
        /// Why it cannot be read.
        why: String,
    },
    /// The level could not be analysed.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
}

impl InputError {
    /// What was known of the part explored before a budget or a time limit
    /// stopped the analysis, if the level's kind says.
    pub fn partial(&self) -> Option<&PartialFigures> {
        match self {
            InputError::Analysis(error) => error.partial(),
            InputError::Spec(_)
            | InputError::EmptyPack
            | InputError::EmptyFile
            | InputError::Damaged { .. } => None,
        }
    }
}

/// The levels of one input file as they are taken, each named for its
/// report when it is taken (not all at once: a file of a million tiny
/// levels holds its levels, not a million names besides): a level file
/// holds one (or several, named `FILE#index`, where its format holds
/// several), a pack file one per entry (named `FILE#index`, damaged
/// entries in their places, as are a collection's levels that cannot be
/// read); `FILE#index` names one of them. The file is refused first when
/// reading it would not fit `max_memory`. With the note of reading a file
/// that is not UTF-8.
fn levels_of(
    spec: &LevelSpec,
    kind: Option<Kind>,
    max_memory: u64,
) -> Result<(impl Iterator<Item = NamedLevel> + '_, Option<String>), InputError> {
    let entries = spec.read(kind, max_memory)?;
    let note = entries.note.clone();
    let (entries, first, numbered) = match spec.number(entries.len())? {
        Some(index) => {
            let one = entries
                .entries
                .into_iter()
                .nth(index)
                .expect("the index is below the count");
            (vec![one], index, true)
        }
        None if entries.is_empty() => {
            return Err(match entries.pack_name {
                Some(_) => InputError::EmptyPack,
                None => InputError::EmptyFile,
            })
        }
        None => {
            let numbered = entries.len() > 1 || entries.pack_name.is_some();
            (entries.entries, 0, numbered)
        }
    };
    let levels = entries.into_iter().enumerate().map(move |(offset, level)| {
        let i = first + offset;
        let source = spec.source(numbered.then_some(i));
        (
            source,
            level.map_err(|why| InputError::Damaged { index: i, why }),
        )
    });
    Ok((levels, note))
}

/// The JSON row of one analysed level: `file`, `kind`, the kind's fields,
/// `effort` ([`Analysis::effort_json`]: `score`, `calibrated`, `metrics`,
/// `contributions` and, for Rush Hour, `predicted_player_moves`; see
/// `docs/effort.md`),
/// `elapsed_ms`.
pub fn report_json(
    file: &Source,
    analysis: &Analysis,
    elapsed_ms: u128,
    solutions: usize,
) -> Value {
    let mut row = file.json_fields();
    row.insert("kind".into(), json!(analysis.kind().name()));
    row.extend(analysis.report_fields(solutions));
    if let Some(effort) = analysis.effort_json() {
        row.insert("effort".into(), effort);
    }
    row.insert("elapsed_ms".into(), json!(elapsed_ms));
    Value::Object(row)
}

/// The human summary of one analysed level.
pub fn report_text(
    file: &Source,
    analysis: &Analysis,
    elapsed_ms: u128,
    solutions: usize,
) -> String {
    format!(
        "{}: {}\n{}  analysed in {elapsed_ms} ms\n",
        file.shown(),
        analysis.headline(),
        analysis.report_lines(solutions)
    )
}

/// How many levels may be read and waiting (being analysed, or analysed
/// with an earlier report still to come) at once.
const WINDOW: usize = 256;

/// What every level's analysis and report need of the arguments; the
/// memory budget is worked out once for the run.
struct Settings {
    json: bool,
    budgets: StateBudgets,
    max_memory: u64,
    solutions: usize,
    /// The time limit of a Sokoban level's exploration and solver.
    time_limit: Option<Duration>,
    /// Where long searches show their progress.
    bars: MultiProgress,
}

/// The report of one level: its text (or JSON line) and whether it failed.
struct Report {
    text: String,
    failed: bool,
}

/// Reports `message` as the error of `file`: a JSON row, or a line for the
/// error stream; with what is known of the part explored before a budget
/// stopped it, labelled partial (`"partial"`; a second line).
fn error_report(
    file: &Source,
    message: &str,
    partial: Option<&PartialFigures>,
    as_json: bool,
) -> Report {
    let text = if as_json {
        let mut row = file.json_fields();
        past::add_stop(&mut row, message, partial);
        format!("{}\n", Value::Object(row))
    } else {
        let partial = past::partial_line(partial);
        format!("{}: error: {message}\n{partial}", file.shown())
    };
    Report { text, failed: true }
}

/// Analyses one level and reports it; a search that runs long shows its
/// progress among the run's bars.
/// A level `alone` in its run (one file of one level) is explored on
/// every thread of the pool; the levels of a batch run side by side, one
/// thread each.
fn report_level(
    args: &Settings,
    file: &Source,
    level: Result<Level, InputError>,
    alone: bool,
) -> Report {
    let started = Instant::now();
    let solvable = args
        .time_limit
        .zip(level.as_ref().ok().filter(|l| past::has_solver(l)));
    let solver_memory = args.max_memory / past::SOLVER_MEMORY_SHARE;
    let solver =
        solvable.and_then(|(limit, level)| past::SolverBeside::start(level, limit, solver_memory));
    let exploration_memory = match solver {
        Some(_) => args.max_memory - solver_memory,
        None => args.max_memory,
    };
    let mut job = Job::with_state_budgets(args.budgets, exploration_memory);
    if alone {
        job = job.with_parallel_from(LAYERED_FROM);
    }
    let watchdog =
        solvable.map(|(limit, _)| past::Watchdog::start(&job, past::exploration_share(limit)));
    let result = level.and_then(|l| {
        let unit = l.kind().search_unit();
        super::progress::watched(&args.bars, &job, &file.shown(), unit, || {
            l.analyze_listing(&job, args.solutions)
                .map_err(InputError::from)
        })
    });
    let elapsed_ms = started.elapsed().as_millis();
    match result {
        Ok(analysis) => {
            if let Some(solver) = solver {
                solver.stop();
            }
            Report {
                text: if args.json {
                    format!(
                        "{}\n",
                        report_json(file, &analysis, elapsed_ms, args.solutions)
                    )
                } else {
                    report_text(file, &analysis, elapsed_ms, args.solutions)
                },
                failed: false,
            }
        }
        Err(error) => {
            drop(watchdog);
            let message = error.to_string();
            let report = solver.and_then(past::SolverBeside::answer);
            match report {
                Some(report) => {
                    let message = match job.is_cancelled() {
                        true => format!("stopped exploring at half the time limit: {message}"),
                        false => message,
                    };
                    let (text, failed) = past::past_budget_report(
                        &file.shown(),
                        file.json_fields(),
                        (&message, error.partial()),
                        &report,
                        args.json,
                    );
                    Report { text, failed }
                }
                None => error_report(file, &message, error.partial(), args.json),
            }
        }
    }
}

/// The reports of a run, written in the order their levels were read
/// whatever order they are finished in.
struct InOrder<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    json: bool,
    /// The number of the next report to write.
    next: usize,
    /// Finished reports waiting for an earlier one.
    waiting: BTreeMap<usize, Report>,
    failed: bool,
}

impl InOrder<'_> {
    /// Takes report `number` and writes every report that is now due.
    fn take(&mut self, number: usize, report: Report) {
        self.waiting.insert(number, report);
        while let Some(report) = self.waiting.remove(&self.next) {
            self.failed |= report.failed;
            let sink: &mut dyn Write = if report.failed && !self.json {
                &mut *self.err
            } else {
                &mut *self.out
            };
            let _ = sink.write_all(report.text.as_bytes());
            let _ = sink.flush();
            self.next += 1;
        }
    }
}

/// Runs `analyze`; returns the exit code.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let partition = match super::partition::resolve_from_env(args.partition) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let settings = Arc::new(Settings {
        json: args.json,
        budgets: StateBudgets::given(args.max_states),
        max_memory: args.max_memory.unwrap_or_else(default_max_memory),
        solutions: args.solutions,
        time_limit: args.time_limit,
        bars: MultiProgress::new(),
    });
    let mut reports = InOrder {
        out,
        err,
        json: args.json,
        next: 0,
        waiting: BTreeMap::new(),
        failed: false,
    };
    let (done, finished) = mpsc::channel::<(usize, Report)>();
    let mut issued = 0usize;
    // The number of every level named, taken or not: what the partition
    // goes by.
    let mut item = 0usize;
    for path in &args.files {
        let spec = LevelSpec::parse(path);
        let levels = levels_of(&spec, args.kind, settings.max_memory);
        match levels {
            Ok((levels, note)) => {
                if let Some(note) = note {
                    let _ = writeln!(
                        reports.err,
                        "{}: note: {note}",
                        crate::file_names::shown(path)
                    );
                }
                let mut levels = levels.peekable();
                while let Some((file, level)) = levels.next() {
                    // The run's only level: the first, of one file, with
                    // none after it.
                    let alone = args.files.len() == 1 && item == 0 && levels.peek().is_none();
                    item += 1;
                    if !super::partition::takes(partition, item - 1) {
                        continue;
                    }
                    // Keep at most WINDOW levels in hand: wait for the
                    // oldest report when that many are out.
                    while issued - reports.next >= WINDOW {
                        let (number, report) = next_report(&finished);
                        reports.take(number, report);
                    }
                    let (done, settings, number) = (done.clone(), Arc::clone(&settings), issued);
                    issued += 1;
                    rayon::spawn(move || {
                        let report = report_level(&settings, &file, level, alone);
                        let _ = done.send((number, report));
                    });
                }
            }
            Err(_) if !super::partition::takes(partition, item) => item += 1,
            Err(message) => {
                item += 1;
                // In its place among the reports.
                let source = Source {
                    path: path.clone(),
                    index: None,
                };
                reports.take(
                    issued,
                    error_report(&source, &message.to_string(), None, args.json),
                );
                issued += 1;
            }
        }
    }
    drop(done);
    while reports.next < issued {
        let (number, report) = next_report(&finished);
        reports.take(number, report);
    }
    let failed = reports.failed;
    if failed {
        super::EXIT_FAILED
    } else {
        0
    }
}

/// The next level's report. Until one comes, this thread runs the pool's
/// pending work: the run is installed in a pool of `--threads` threads and
/// this may be one of them (the only one, with `--threads 1`), which
/// would otherwise wait for work that only it could do.
fn next_report<R>(finished: &mpsc::Receiver<R>) -> R {
    loop {
        match finished.try_recv() {
            Ok(report) => return report,
            Err(mpsc::TryRecvError::Disconnected) => panic!("a worker reports"),
            Err(mpsc::TryRecvError::Empty) => {
                if rayon::yield_now() != Some(rayon::Yield::Executed) {
                    match finished.recv_timeout(std::time::Duration::from_millis(1)) {
                        Ok(report) => return report,
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("a worker reports"),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_that_cannot_be_analysed_is_its_variant_in_plain_words() {
        let damaged = InputError::Damaged {
            index: 3,
            why: "the entry has no \"level\"".into(),
        };
        assert_eq!(
            damaged.to_string(),
            "levels[3] cannot be read: the entry has no \"level\""
        );
        assert_eq!(
            InputError::EmptyPack.to_string(),
            "the pack holds no levels"
        );
        let dir = tempfile::tempdir().unwrap();
        let spec = LevelSpec::parse(&dir.path().join("missing.txt"));
        let missing = spec.read(None, u64::MAX).map_err(InputError::from);
        assert!(
            matches!(
                missing,
                Err(InputError::Spec(LevelSpecError::Unreadable(_)))
            ),
            "{missing:?}"
        );
    }
}
