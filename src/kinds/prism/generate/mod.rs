//! Prism's generators (docs/rules.md, Prism, "Generating levels"):
//!
//! - [`Method::Tree`] carves a random spanning tree in the level's 3D
//!   model ([`tree`]): `O(W·H)`, any size up to the largest board;
//! - [`Method::Early`] is the 2016 game's guess-and-test method ([`early`]):
//!   blocks until the level turns unsolvable, then switches until it is
//!   solvable again, on the engine's guess-and-test stack, optionally
//!   steered towards a difficulty score.
//!
//! Everything follows from the seed: the same [`GenerateOptions`] give the
//! same level, byte for byte.

pub mod early;
pub mod model;
pub mod tree;

use std::fmt;

use crate::effort::EffortRange;
use crate::engine::{format_bytes, Job};
use crate::kinds::prism::level::{Colour, Level, MAX_SIDE, MIN_SIDE};

/// How a level is generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// The spanning tree in 3D.
    #[default]
    Tree,
    /// The 2016 guess-and-test generator.
    Early,
}

impl Method {
    /// Both methods, the tree first.
    pub const ALL: [Method; 2] = [Method::Tree, Method::Early];

    /// The method's name on the command line: `tree` or `early`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Tree => "tree",
            Method::Early => "early",
        }
    }

    /// The method of a command-line name.
    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most memory the tree generator takes per cell of the board, all its
/// arrays together (the places' union-find, their floors, the frontier,
/// the distances of the 3D model and the level).
pub const TREE_BYTES_PER_CELL: u64 = 128;

/// The most cells the early generator takes: it analyses the level after
/// every addition, so boards beyond 24x24 would take minutes.
pub const EARLY_MAX_CELLS: usize = 24 * 24;

/// The most tries for one level by default (`--no-dead-ends` retries; the
/// early generator's restarts).
pub const DEFAULT_MAX_TRIES: u64 = 1000;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The random seed.
    pub seed: u64,
    /// The method.
    pub method: Method,
    /// The switch colours allowed, as a mask of red 1, green 2 and blue 4.
    pub switch_colours: u8,
    /// Only levels whose analysis finds no dead end (retried until one).
    pub no_dead_ends: bool,
    /// Only levels whose effort score (`docs/effort.md`) lies in this
    /// range (retried until one; open: any, and nothing is analysed for
    /// it).
    pub effort: EffortRange,
    /// The early generator keeps only additions that leave the difficulty
    /// score no farther from this one.
    pub difficulty: Option<u32>,
    /// The most tries for one level.
    pub max_tries: u64,
    /// The memory budget of the tree generator, in bytes.
    pub max_memory: u64,
}

impl GenerateOptions {
    /// A `width x height` level by the tree method from `seed`, any switch
    /// colour, dead ends allowed, half the available memory.
    pub fn new(width: usize, height: usize, seed: u64) -> GenerateOptions {
        GenerateOptions {
            width,
            height,
            seed,
            method: Method::Tree,
            switch_colours: 7,
            no_dead_ends: false,
            effort: EffortRange::default(),
            difficulty: None,
            max_tries: DEFAULT_MAX_TRIES,
            max_memory: crate::engine::default_max_memory(),
        }
    }

    /// The switch colours allowed, red first.
    pub fn switches(&self) -> Vec<Colour> {
        Colour::PRIMARIES
            .into_iter()
            .filter(|c| self.switch_colours & c.0 != 0)
            .collect()
    }

    /// The memory the tree generator needs for these options, in bytes.
    pub fn tree_memory(&self) -> u64 {
        (self.width as u64)
            .saturating_mul(self.height as u64)
            .saturating_mul(TREE_BYTES_PER_CELL)
    }

    /// Why these options cannot give a level, if they cannot.
    pub fn check(&self) -> Result<(), GenerateError> {
        let (w, h) = (self.width, self.height);
        let bad = |message: String| Err(GenerateError::Options(message));
        if w == 0 || h == 0 {
            return bad(format!(
                "a {w}x{h} board has no cells; each side must be {MIN_SIDE} to {MAX_SIDE} cells"
            ));
        }
        if w < MIN_SIDE || h < MIN_SIDE {
            return bad(format!(
                "a {w}x{h} board is too small; each side must be {MIN_SIDE} to {MAX_SIDE} cells"
            ));
        }
        if self.method == Method::Tree && self.tree_memory() > self.max_memory {
            return Err(GenerateError::TooBig {
                width: w,
                height: h,
                bytes: self.tree_memory(),
                budget: self.max_memory,
            });
        }
        if w > MAX_SIDE || h > MAX_SIDE {
            return bad(format!(
                "a {w}x{h} board is too big; each side must be {MIN_SIDE} to {MAX_SIDE} cells"
            ));
        }
        if self.switch_colours & 7 == 0 || self.switch_colours & !7 != 0 {
            return bad(
                "no switch colour is allowed; allow at least one of red, green and blue"
                    .to_string(),
            );
        }
        if self.method == Method::Early && w * h > EARLY_MAX_CELLS {
            return bad(format!(
                "the early generator takes boards of at most {EARLY_MAX_CELLS} cells (e.g. 24x24), \
                 not {w}x{h}; use the tree method for bigger boards"
            ));
        }
        if self.method == Method::Tree && self.difficulty.is_some() {
            return bad("--difficulty steers the early generator; add --method early".to_string());
        }
        if self.max_tries == 0 {
            return bad("a level needs at least one try".to_string());
        }
        self.effort.check().or_else(|e| bad(e.to_string()))
    }

    /// Whether a try must be analysed before it is kept (no dead ends, or
    /// an effort range, asked for).
    pub fn judges_tries(&self) -> bool {
        self.no_dead_ends || !self.effort.is_open()
    }

    /// What a kept level must be, in words, for "no 10x10 level … in 1000
    /// tries": `"without dead ends"`, `"with effort 3.0 to 5.0"`, or both.
    pub fn requirement_words(&self) -> String {
        let mut parts = Vec::new();
        if self.no_dead_ends {
            parts.push("without dead ends".to_string());
        }
        if !self.effort.is_open() {
            parts.push(format!("with {}", self.effort.words()));
        }
        parts.join(" and ")
    }
}

/// Why no level was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The options cannot give a level.
    #[error("{0}")]
    Options(String),
    /// The tree generator would need more memory than the budget.
    #[error(
        "too big: generating a {width}x{height} level needs about {} of memory (budget {}); \
         raise it with --max-memory",
        format_bytes(*bytes),
        format_bytes(*budget)
    )]
    TooBig {
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
        /// The memory needed.
        bytes: u64,
        /// The budget.
        budget: u64,
    },
    /// Every try was spent without a level that meets the options.
    #[error("{0}")]
    GaveUp(String),
    /// The job was cancelled.
    #[error("cancelled after {} of the level", crate::words::counted(*.0, "try", "tries"))]
    Cancelled(u64),
    /// The analysis of a try stopped (too big) before it could be judged.
    #[error("the analysis stopped: {0}")]
    AnalysisStopped(super::AnalyzeError),
}

/// A generated level and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The level (named after the method, size and seed).
    pub level: Level,
    /// How many tries it took: 1, unless `--no-dead-ends` retried (tree)
    /// or the guess-and-test search restarted (early).
    pub tries: u64,
    /// The additions the early generator tried (0 for the tree).
    pub additions: u64,
}

/// Generates a level as `options` say; `job` cancels it between tries and
/// inside each analysis.
pub fn generate(options: &GenerateOptions, job: &Job) -> Result<Generated, GenerateError> {
    options.check()?;
    let mut generated = match options.method {
        Method::Tree => tree::generate(options, job)?,
        Method::Early => early::generate(options, job)?,
    };
    generated.level.name = format!(
        "Prism {} {}x{}, seed {}",
        options.method, options.width, options.height, options.seed
    );
    Ok(generated)
}

/// Whether the analysis of `level` finds it solvable without dead ends,
/// or why the analysis stopped (cancelled, or too big).
pub fn free_of_dead_ends(level: &Level, job: &Job) -> Result<bool, super::AnalyzeError> {
    let analysis = crate::kinds::prism::analyze(level, job)?;
    Ok(analysis.summary.any.shortest.is_some() && analysis.summary.dead_ends == 0)
}

/// Whether a try meets what `options` ask of a kept level (solvable
/// without dead ends, when asked; an effort in the range, when one is
/// set), analysing it once; or why the analysis stopped (cancelled, or too
/// big).
pub fn meets_options(
    level: &Level,
    options: &GenerateOptions,
    job: &Job,
) -> Result<bool, super::AnalyzeError> {
    let analysis = crate::kinds::prism::analyze(level, job)?;
    let summary = &analysis.summary;
    if options.no_dead_ends && (summary.any.shortest.is_none() || summary.dead_ends > 0) {
        return Ok(false);
    }
    if options.effort.is_open() {
        return Ok(true);
    }
    let (_, score) = crate::kinds::effort_score_of(analysis, crate::kinds::Analysis::Prism);
    Ok(options.effort.admits(score))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(options: GenerateOptions) -> String {
        options.check().unwrap_err().to_string()
    }

    /// The effort score of a generated Prism level.
    fn score(level: &Level) -> Option<f64> {
        let analysis = crate::kinds::prism::analyze(level, &Job::default()).unwrap();
        crate::kinds::effort_score_of(analysis, crate::kinds::Analysis::Prism).1
    }

    #[test]
    fn with_a_least_effort_every_kept_level_scores_at_least_it() {
        let job = Job::default();
        let open: Vec<f64> = (0..6)
            .filter_map(|seed| {
                score(
                    &generate(&GenerateOptions::new(6, 6, seed), &job)
                        .unwrap()
                        .level,
                )
            })
            .collect();
        let mut sorted = open.clone();
        sorted.sort_by(f64::total_cmp);
        assert!(sorted.len() >= 4, "{open:?}");
        let min = sorted[sorted.len() / 2];
        assert!(sorted[0] < min, "some levels score lower: {open:?}");
        for seed in 0..4 {
            let options = GenerateOptions {
                effort: EffortRange::new(Some(min), None),
                ..GenerateOptions::new(6, 6, seed)
            };
            let g = generate(&options, &job).unwrap();
            assert!(score(&g.level).unwrap() >= min);
            assert_eq!(generate(&options, &job).unwrap(), g, "deterministic");
        }
    }

    #[test]
    fn an_effort_nobody_reaches_gives_up_after_the_tries() {
        for method in Method::ALL {
            let options = GenerateOptions {
                method,
                effort: EffortRange::new(Some(1000.0), None),
                max_tries: 4,
                ..GenerateOptions::new(5, 5, 2)
            };
            let e = generate(&options, &Job::default()).unwrap_err().to_string();
            assert!(
                e.starts_with("no 5x5 level with effort at least 1000.0 in 4 tries (seed 2)"),
                "{e}"
            );
        }
        let reversed = GenerateOptions {
            effort: EffortRange::new(Some(6.0), Some(2.0)),
            ..GenerateOptions::new(5, 5, 2)
        };
        assert_eq!(
            message(reversed),
            "the least effort (6) is more than the most (2)"
        );
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let o = GenerateOptions::new(10, 10, 1);
        assert!(o.check().is_ok());
        assert!(message(GenerateOptions::new(0, 5, 1)).contains("no cells"));
        assert!(message(GenerateOptions::new(1, 1, 1)).contains("too small"));
        assert!(message(GenerateOptions::new(1001, 5, 1)).contains("too big"));
        let huge = GenerateOptions {
            max_memory: 1 << 30,
            ..GenerateOptions::new(5000, 5000, 1)
        };
        let text = message(huge);
        assert!(
            text.starts_with("too big: generating a 5000x5000 level needs about 3.0 GiB"),
            "{text}"
        );
        assert!(
            text.ends_with("(budget 1.0 GiB); raise it with --max-memory"),
            "{text}"
        );
        let no_colours = GenerateOptions {
            switch_colours: 0,
            ..o
        };
        assert!(message(no_colours).contains("no switch colour"));
        let early_big = GenerateOptions {
            method: Method::Early,
            ..GenerateOptions::new(30, 30, 1)
        };
        assert!(message(early_big).contains("at most 576 cells"));
        let steered_tree = GenerateOptions {
            difficulty: Some(20),
            ..o
        };
        assert!(message(steered_tree).contains("--method early"));
    }

    #[test]
    fn methods_have_names() {
        for m in Method::ALL {
            assert_eq!(Method::from_name(m.name()), Some(m));
        }
        assert_eq!(Method::from_name("spiral"), None);
    }

    #[test]
    fn a_try_whose_analysis_stops_says_why_in_its_variant() {
        let level = crate::kinds::prism::read_2016("4 3\n0\ns r e f\ne G h e\ne e e e\n").unwrap();
        let options = GenerateOptions {
            no_dead_ends: true,
            ..GenerateOptions::new(4, 3, 1)
        };
        let stopped = meets_options(&level, &options, &Job::new(1)).unwrap_err();
        let error = GenerateError::AnalysisStopped(stopped);
        let words = error.to_string();
        assert!(
            words.starts_with("the analysis stopped: too big"),
            "{words}"
        );
        assert!(!words.contains("AnalyzeError"), "{words}");
    }
}
