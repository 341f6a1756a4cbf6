//! Every original Prism level (the 2016 format; real levels that this
//! project does not ship, read from where `common::real_levels` finds them)
//! is read and analysed: the five empty files give the empty-file error,
//! all others analyse, and the figures agree with docs/rules.md. Prints the
//! figures and the time taken; run with
//! `cargo test --release --test prism_fixtures -- --nocapture` for the
//! release timing.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use levelscope::engine::Job;
use levelscope::kinds::prism::{analyze, canonical_key, read_2016, FormatError, Level};
use rayon::prelude::*;

use crate::common::real_levels::{files_under, real_levels};

/// Every real Prism file with its text, or `None` when the real levels
/// are not there (the test is then skipped).
fn fixtures(test: &str) -> Option<Vec<(PathBuf, String)>> {
    let root = real_levels(test, "prism")?;
    Some(
        files_under(&root)
            .into_iter()
            .map(|p| {
                let bytes = fs::read(&p).expect("a readable fixture");
                (p, String::from_utf8_lossy(&bytes).into_owned())
            })
            .collect(),
    )
}

#[derive(Default, Debug)]
struct Figures {
    files: usize,
    empty: usize,
    analysed: usize,
    solvable: usize,
    with_dead_end: usize,
    enemy_free: usize,
    enemy_free_with_dead_end: usize,
    with_deaths: usize,
    states: u64,
}

/// What one file gave.
enum Outcome {
    Empty,
    Analysed {
        level: Level,
        states: u64,
        solvable: bool,
        dead_end: bool,
        deaths: bool,
        seconds: f64,
        verdict: String,
    },
}

/// The kind of a verdict, for the census.
fn verdict_kind(verdict: &str) -> &'static str {
    if verdict.starts_with("no solution") {
        "no solution"
    } else if !verdict.starts_with("dead end") {
        "solvable, no dead end"
    } else if verdict.contains("stepping off the") {
        "dead end: a switch stepped off"
    } else if verdict.contains("turns the background") {
        "dead end: a switch pressed"
    } else if verdict.contains("meets an enemy") {
        "dead end: enemies"
    } else {
        "dead end: other"
    }
}

/// Reads and analyses one file; panics with the file's name on any error.
fn read_and_analyse(path: &Path, text: &str) -> Outcome {
    let level = match read_2016(text) {
        Ok(level) => level,
        Err(FormatError::EmptyFile) => {
            assert!(text.trim().is_empty(), "{}", path.display());
            return Outcome::Empty;
        }
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let started = Instant::now();
    let analysis =
        analyze(&level, &Job::default()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let seconds = started.elapsed().as_secs_f64();
    let solvable = analysis.summary.any.shortest.is_some();
    assert_eq!(
        analysis.rating.difficulty.is_some(),
        solvable,
        "{}",
        path.display()
    );
    assert!(!analysis.rating.verdict.is_empty());
    Outcome::Analysed {
        states: analysis.summary.states,
        solvable,
        dead_end: analysis.summary.dead_ends > 0,
        deaths: analysis.deaths > 0,
        seconds,
        verdict: analysis.rating.verdict,
        level,
    }
}

#[test]
fn every_fixture_reads_and_analyses() {
    let Some(files) = fixtures("prism_fixtures::every_fixture_reads_and_analyses") else {
        return;
    };
    let started = Instant::now();
    // Files are analysed in parallel, one per core.
    let outcomes: Vec<(&PathBuf, Outcome)> = files
        .par_iter()
        .map(|(path, text)| (path, read_and_analyse(path, text)))
        .collect();
    let wall = started.elapsed().as_secs_f64();
    let mut figures = Figures {
        files: files.len(),
        ..Figures::default()
    };
    let mut keys = HashSet::new();
    let mut analysing = 0.0;
    let mut verdicts = std::collections::BTreeMap::new();
    for (path, outcome) in &outcomes {
        let Outcome::Analysed {
            level,
            states,
            solvable,
            dead_end,
            deaths,
            seconds,
            verdict,
        } = outcome
        else {
            figures.empty += 1;
            continue;
        };
        figures.analysed += 1;
        figures.states += states;
        figures.solvable += *solvable as usize;
        figures.with_dead_end += *dead_end as usize;
        figures.with_deaths += *deaths as usize;
        if level.enemies.is_empty() {
            figures.enemy_free += 1;
            figures.enemy_free_with_dead_end += *dead_end as usize;
        }
        analysing += seconds;
        *verdicts.entry(verdict_kind(verdict)).or_insert(0usize) += 1;
        if !solvable {
            println!("{}: {verdict}", path.display());
        }
        keys.insert(canonical_key(level));
    }
    println!("Prism fixtures: {figures:#?}");
    println!("verdicts: {verdicts:#?}");
    println!(
        "distinct levels by canonical key: {} of {}",
        keys.len(),
        figures.analysed
    );
    println!(
        "{} build, {} threads: read and analysed {} files in {wall:.3} s; the analyses alone add up to {analysing:.3} s",
        if cfg!(debug_assertions) { "debug" } else { "release" },
        rayon::current_num_threads(),
        figures.files,
    );
    assert_eq!(figures.files, 3594);
    assert_eq!(figures.empty, 5);
    assert_eq!(figures.analysed, 3589);
    assert_eq!(figures.enemy_free, 1258);
    // docs/rules.md's figures, which these analyses reproduce.
    assert_eq!(figures.enemy_free_with_dead_end, 495);
    assert_eq!(figures.with_dead_end, 2467);
    assert_eq!(figures.solvable, 3588);
    assert_eq!(keys.len(), 795);
    assert_eq!(
        verdicts.get("dead end: other"),
        None,
        "every dead end is explained"
    );
}
