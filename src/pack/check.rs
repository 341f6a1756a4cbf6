//! Checking a pack: re-analyse every level on all cores and say which fail.

use rayon::prelude::*;

use super::{LevelSummary, Pack, PackEntry};
use crate::engine::{Job, StateBudgets};
use crate::kinds::{AnalysisError, Level};

/// What a check asks of every level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// The fewest stars a level may have.
    pub min_stars: u8,
    /// The state and position budgets of each analysis.
    pub budgets: StateBudgets,
}

/// The verdict on one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCheck {
    /// The level's index in the pack.
    pub index: usize,
    /// The fresh analysis, or why there is none.
    pub summary: Result<LevelSummary, AnalysisError>,
    /// Why the level fails; empty when it passes.
    pub failures: Vec<String>,
}

impl LevelCheck {
    /// Whether the level passes.
    pub fn passes(&self) -> bool {
        self.failures.is_empty()
    }
}

/// How a caller follows each level's check: `watch(level, job, search)`
/// runs `search` (the check of `level` under `job`) once, and may show
/// `job`'s progress meanwhile. [`unwatched`] only runs it.
pub type Watch<'a> = &'a (dyn Fn(&Level, &Job, &mut dyn FnMut()) + Sync);

/// A [`Watch`] that only runs the search.
pub fn unwatched(_: &Level, _: &Job, search: &mut dyn FnMut()) {
    search();
}

/// Re-analyses every level of `pack` in parallel and judges it (see
/// [`check_level`]), each under a job of `options.budgets` and
/// `max_memory`, followed by `watch`. `progress` is called once per
/// finished level, from any thread.
pub fn check_pack(
    pack: &Pack,
    options: CheckOptions,
    max_memory: u64,
    watch: Watch,
    progress: &(dyn Fn() + Sync),
) -> Vec<LevelCheck> {
    pack.levels
        .par_iter()
        .enumerate()
        .map(|(index, entry)| {
            let job = Job::with_state_budgets(options.budgets, max_memory);
            let mut check = None;
            watch(&entry.level, &job, &mut || {
                check = Some(check_level(index, entry, options, &job));
            });
            progress();
            check.expect("the watch runs the check")
        })
        .collect()
}

/// Re-analyses one level and judges it: it fails when it cannot be analysed,
/// breaks its kind's rule of a fair level (see
/// [`LevelSummary::check_failures`]: a reachable dead end, fewer stars than
/// wanted, no solution, a count over its budget), or its stored
/// summary no longer matches the fresh analysis. The analysis runs under
/// `job`: its budgets (`options.budgets` are what [`check_pack`] makes
/// its jobs with) and its cancel flag; clones of one job may analyse several
/// levels at once, which only mixes their progress counters. `index` is
/// copied into the verdict.
pub fn check_level(
    index: usize,
    entry: &PackEntry,
    options: CheckOptions,
    job: &Job,
) -> LevelCheck {
    let fresh = entry.level.analyze(job).map(|a| a.level_summary());
    let mut failures = Vec::new();
    match &fresh {
        Err(e) => failures.push(e.to_string()),
        Ok(s) => {
            failures.extend(s.check_failures(options.min_stars));
            if let Some(stored) = &entry.summary {
                if !stored.same_verdict_and_figures(s) {
                    failures.push(describe_change(stored, s));
                }
            }
        }
    }
    LevelCheck {
        index,
        summary: fresh,
        failures,
    }
}

fn describe_change(stored: &LevelSummary, fresh: &LevelSummary) -> String {
    let before = stored.named_figures();
    let mut changes: Vec<String> = fresh
        .named_figures()
        .into_iter()
        .filter_map(|(what, now)| {
            let was = before
                .iter()
                .find(|(name, _)| *name == what)
                .map_or("none", |(_, v)| v.as_str());
            (was != now).then(|| format!("{what} {was} → {now}"))
        })
        .collect();
    if changes.is_empty() {
        changes.push(format!(
            "reason \"{}\" → \"{}\"",
            stored.verdict, fresh.verdict
        ));
    }
    format!("the stored analysis is out of date: {}", changes.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Level;
    use crate::pack::refresh_summary;

    fn parse_ascii(text: &str) -> Result<Level, crate::kinds::skiddy::FormatError> {
        crate::kinds::skiddy::format::parse_ascii(text).map(Level::from)
    }

    #[test]
    fn a_stored_analysis_without_an_effort_or_with_an_older_one_is_not_out_of_date() {
        let mut old = PackEntry::new(parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap());
        refresh_summary(&mut old, 1000).unwrap();
        assert!(old.summary.as_ref().unwrap().effort.is_some());
        let mut refitted = old.clone();
        old.summary.as_mut().unwrap().effort = None;
        let stored = refitted.summary.as_mut().unwrap();
        stored.effort.as_mut().unwrap().score += 1.0;
        let pack = Pack {
            name: "t".into(),
            levels: vec![old, refitted],
        };
        let options = CheckOptions {
            min_stars: 3,
            budgets: StateBudgets::given(Some(100_000)),
        };
        let checks = check_pack(&pack, options, u64::MAX, &unwatched, &|| {});
        assert!(checks.iter().all(LevelCheck::passes), "{checks:?}");
        // The fresh analysis carries the effort, for --update to store.
        assert!(checks[0].summary.as_ref().unwrap().effort.is_some());
    }

    #[test]
    fn flags_dead_ends_missing_stars_and_stale_summaries() {
        let good = PackEntry::new(parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap());
        let dead = PackEntry::new(parse_ascii("######\n#R.R.#\n#.#..#\n#o...#\n##r###\n").unwrap());
        let mut stale = good.clone();
        refresh_summary(&mut stale, 1000).unwrap();
        stale.summary.as_mut().unwrap().graph_mut().unwrap().states = 99;
        let pack = Pack {
            name: "t".into(),
            levels: vec![good, dead, stale],
        };
        let counted = std::sync::atomic::AtomicUsize::new(0);
        let checks = check_pack(
            &pack,
            CheckOptions {
                min_stars: 3,
                budgets: StateBudgets::given(Some(100_000)),
            },
            u64::MAX,
            &unwatched,
            &|| {
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
        );
        assert_eq!(counted.into_inner(), 3);
        assert!(checks[0].passes(), "{:?}", checks[0].failures);
        assert!(checks[1].failures.iter().any(|f| f.contains("dead end")));
        assert!(checks[1]
            .failures
            .iter()
            .any(|f| f.contains("fewer than the wanted 3")));
        assert_eq!(checks[2].failures.len(), 1);
        assert!(
            checks[2].failures[0].contains("states 99 → 10"),
            "{}",
            checks[2].failures[0]
        );
    }

    #[test]
    fn a_cancelled_job_fails_the_level_with_the_reason() {
        let entry = PackEntry::new(parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap());
        let job = Job::new(1000);
        job.cancel();
        let options = CheckOptions {
            min_stars: 3,
            budgets: StateBudgets::given(Some(1000)),
        };
        let check = check_level(4, &entry, options, &job);
        assert_eq!(check.index, 4);
        assert!(check.summary.is_err());
        assert!(
            check.failures[0].starts_with("cancelled"),
            "{:?}",
            check.failures
        );
        assert!(check_level(4, &entry, options, &Job::new(1000)).passes());
    }

    #[test]
    fn a_stale_prism_difficulty_is_named() {
        let prism = crate::kinds::prism::read_2016("3 2\n0\ns R f\ne e e\n").unwrap();
        let mut entry = PackEntry::new(prism.into());
        refresh_summary(&mut entry, 10_000).unwrap();
        let fresh = entry.summary.as_ref().unwrap().difficulty().unwrap();
        if let Some(crate::kinds::KindFigures::Prism(
            crate::kinds::prism::figures::PrismFigures { difficulty, .. },
        )) = entry.summary.as_mut().map(|s| &mut s.figures)
        {
            *difficulty = Some(fresh + 5);
        }
        let options = CheckOptions {
            min_stars: 3,
            budgets: StateBudgets::given(Some(10_000)),
        };
        let check = check_level(0, &entry, options, &Job::new(10_000));
        assert_eq!(
            check.failures,
            [format!(
                "the stored analysis is out of date: difficulty {} → {fresh}",
                fresh + 5
            )]
        );
    }

    #[test]
    fn a_tangram_level_is_judged_by_its_stored_count() {
        // A 2x2 board: a bar in the left column and two squares on the
        // right; the bar may stand in either column: 2 solutions.
        let text = "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n\
                    shape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";
        let level = Level::from(crate::kinds::tangram::parse_text(text).unwrap());
        let mut entry = PackEntry::new(level);
        refresh_summary(&mut entry, 1000).unwrap();
        assert_eq!(
            entry.summary.as_ref().unwrap().solution_count(),
            Some(Some(2))
        );
        let options = CheckOptions {
            min_stars: 3,
            budgets: StateBudgets::given(Some(1000)),
        };
        // No stars and no state graph: a fresh, matching summary passes.
        let check = check_level(0, &entry, options, &Job::new(1000));
        assert!(check.passes(), "{:?}", check.failures);
        entry.summary.as_mut().unwrap().figures =
            crate::kinds::KindFigures::Tangram(crate::kinds::tangram::figures::TangramFigures {
                solutions: Some(1),
            });
        let check = check_level(0, &entry, options, &Job::new(1000));
        assert_eq!(
            check.failures,
            ["the stored analysis is out of date: solutions 1 → 2"]
        );
    }
}
