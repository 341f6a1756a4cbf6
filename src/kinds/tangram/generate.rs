//! The original game's generator (docs/rules.md, Tangram): every shape gets one
//! random seed triangle; then, while triangles are unowned, a random shape
//! that can still grow takes a random unowned neighbour of its own. Shapes
//! end edge-connected. Everything follows from the seed (a
//! [`StdRng`] seeded with [`SeedableRng::seed_from_u64`]).
//!
//! Our choices where the rules are silent: the seed triangles are drawn one
//! shape after another, uniformly among the unowned triangles; "a random
//! unowned neighbour" is uniform among the *distinct* unowned triangles that
//! share an edge with the shape. With `unique`, whole growths are retried
//! (the random stream goes on, so a seed still gives one level) until one
//! has exactly one solution; the result says how many growths it took.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::level::{neighbours, Level, Shape, Triangle, MAX_SIZE, MIN_SIZE};
use super::solve::is_unique;
use crate::effort::EffortRange;
use crate::engine::Job;
use crate::engine::DEFAULT_MAX_STATES;

/// The most growths a unique level may cost by default.
pub const DEFAULT_MAX_GROWTHS: u64 = 100_000;

/// The original game's difficulty presets: `N = d + 4`, shapes `= 3d + 6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// A 4x4 board, 6 shapes.
    Easy,
    /// A 5x5 board, 9 shapes.
    Medium,
    /// A 6x6 board, 12 shapes.
    Hard,
}

impl Preset {
    /// Every preset, easiest first.
    pub const ALL: [Preset; 3] = [Preset::Easy, Preset::Medium, Preset::Hard];

    /// The board side.
    pub fn size(self) -> usize {
        self as usize + 4
    }

    /// The number of shapes.
    pub fn shapes(self) -> usize {
        3 * self as usize + 6
    }

    /// The preset's name in lower case (`easy`, `medium`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Preset::Easy => "easy",
            Preset::Medium => "medium",
            Preset::Hard => "hard",
        }
    }

    /// The preset with this name (any case).
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The board side `N` (1 to 16).
    pub size: usize,
    /// The number of shapes (1 to `4·N²`).
    pub shapes: usize,
    /// Only a level with exactly one solution.
    pub unique: bool,
    /// The random seed: the same options give the same level.
    pub seed: u64,
    /// With `unique` or an effort range: the most growths to try before
    /// giving up.
    pub max_growths: u64,
    /// With `unique` or an effort range: the node budget of each solution
    /// count (a growth whose count runs out of budget is treated as not
    /// unique, and has no effort).
    pub budget: u64,
    /// Only a level whose effort score (`docs/effort.md`) lies in this
    /// range (open: any, and nothing is counted for it).
    pub effort: EffortRange,
}

impl Default for GenerateOptions {
    /// The Easy preset, seed 0, any number of solutions: so that
    /// `GenerateOptions { size, shapes, unique, seed, ..Default::default() }`
    /// takes the default limits.
    fn default() -> GenerateOptions {
        GenerateOptions::preset(Preset::Easy, 0)
    }
}

impl GenerateOptions {
    /// `size x size`, `shapes` shapes, any number of solutions.
    pub fn new(size: usize, shapes: usize, seed: u64) -> GenerateOptions {
        GenerateOptions {
            size,
            shapes,
            unique: false,
            seed,
            max_growths: DEFAULT_MAX_GROWTHS,
            budget: DEFAULT_MAX_STATES,
            effort: EffortRange::default(),
        }
    }

    /// The options of a preset.
    pub fn preset(preset: Preset, seed: u64) -> GenerateOptions {
        GenerateOptions::new(preset.size(), preset.shapes(), seed)
    }

    /// The same options, asking for a unique level or not.
    pub fn unique(self, unique: bool) -> GenerateOptions {
        GenerateOptions { unique, ..self }
    }

    /// Why these options cannot give a level, if they cannot.
    pub fn check(&self) -> Result<(), GenerateError> {
        let n = self.size;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(GenerateError::BoardSize(n));
        }
        if self.shapes == 0 {
            return Err(GenerateError::NoShape);
        }
        let triangles = 4 * n * n;
        if self.shapes > triangles {
            return Err(GenerateError::TooManyShapes {
                size: n,
                shapes: self.shapes,
            });
        }
        if self.unique && self.max_growths == 0 {
            return Err(GenerateError::UniqueWithoutGrowth);
        }
        if !self.effort.is_open() && self.max_growths == 0 {
            return Err(GenerateError::EffortWithoutGrowth);
        }
        Ok(self.effort.check()?)
    }

    /// Whether growths are judged (and may be retried): uniqueness or an
    /// effort range asked for.
    fn judges_growths(&self) -> bool {
        self.unique || !self.effort.is_open()
    }

    /// What a kept level must have, in words: `"exactly one solution"`,
    /// `"effort 3.0 to 5.0"`, or both.
    fn requirement_words(&self) -> String {
        let mut parts = Vec::new();
        if self.unique {
            parts.push("exactly one solution".to_string());
        }
        if !self.effort.is_open() {
            parts.push(self.effort.words());
        }
        parts.join(" and ")
    }
}

/// A generated level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The level.
    pub level: Level,
    /// How many growths it took (1 unless `unique` asked for retries).
    pub growths: u64,
}

/// Why no Tangram level was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The board size is outside the generator's range.
    #[error("the board size must be between {MIN_SIZE} and {MAX_SIZE}, not {0}")]
    BoardSize(usize),
    /// No shape asked for.
    #[error("a level needs at least one shape")]
    NoShape,
    /// More shapes than the board has triangles.
    #[error("a {size} x {size} board has {} triangles: it cannot be cut into {shapes} shapes", 4 * .size * .size)]
    TooManyShapes {
        /// The board's side.
        size: usize,
        /// The shapes asked for.
        shapes: usize,
    },
    /// A unique level asked for with no growth allowed.
    #[error("a unique level needs at least one growth")]
    UniqueWithoutGrowth,
    /// An effort range asked for with no growth allowed.
    #[error("an effort range needs at least one growth")]
    EffortWithoutGrowth,
    /// The effort range is not one.
    #[error(transparent)]
    Effort(#[from] crate::effort::EffortRangeError),
    /// The job was cancelled.
    #[error("cancelled after {}", crate::words::counted(*.0, "growth", "growths"))]
    Cancelled(u64),
    /// A growth gave a level the solver refused (a bug of the generator).
    #[error("the generator made an invalid level: {0}")]
    InvalidLevel(super::solve::SolveError),
    /// Every growth allowed was spent without a level that meets the
    /// options.
    #[error(
        "no {size} x {size} level of {shapes} shapes with {requirement} in {} (seed {seed}); allow more growths, or try other sizes",
        crate::words::counted(*.growths, "growth", "growths")
    )]
    GaveUp {
        /// The board's side.
        size: usize,
        /// The shapes asked for.
        shapes: usize,
        /// What a kept level must have, in words.
        requirement: String,
        /// The growths spent.
        growths: u64,
        /// The seed.
        seed: u64,
    },
}

/// Generates a level as `options` say.
pub fn generate(options: GenerateOptions) -> Result<Generated, GenerateError> {
    generate_with(options, &Job::default())
}

/// Generates a level as `options` say; the job can cancel it (between
/// growths and inside each solution count).
pub fn generate_with(options: GenerateOptions, job: &Job) -> Result<Generated, GenerateError> {
    options.check()?;
    let mut rng = StdRng::seed_from_u64(options.seed);
    let n = options.size;
    let mut growths = 0;
    loop {
        if job.is_cancelled() {
            return Err(GenerateError::Cancelled(growths));
        }
        growths += 1;
        let mut level = grow(n, options.shapes, &mut rng);
        level.name = format!(
            "Tangram {n}x{n}, {} shapes, seed {}{}",
            options.shapes,
            options.seed,
            if options.unique { ", unique" } else { "" }
        );
        if !options.judges_growths() {
            return Ok(Generated { level, growths });
        }
        let unique = !options.unique
            || match is_unique(&level, job, options.budget) {
                Ok(Some(true)) => true,
                Ok(_) => false,
                Err(e) => return Err(GenerateError::InvalidLevel(e)),
            };
        if unique && options.effort.admits(effort_score(&level, job, &options)) {
            return Ok(Generated { level, growths });
        }
        if growths >= options.max_growths {
            return Err(GenerateError::GaveUp {
                size: n,
                shapes: options.shapes,
                requirement: options.requirement_words(),
                growths,
                seed: options.seed,
            });
        }
    }
}

/// The effort score of a growth, its solutions counted within the
/// options' node budget (`None`: no range asked for, so nothing is
/// counted; or the count found no solution or ran out of budget).
fn effort_score(level: &Level, job: &Job, options: &GenerateOptions) -> Option<f64> {
    if options.effort.is_open() {
        return None;
    }
    let analysis = super::analysis::analyze_with_budget(level, 0, job, options.budget).ok()?;
    crate::kinds::Analysis::Tangram(std::sync::Arc::new(analysis))
        .effort()
        .map(|e| e.score)
}

/// One growth: `size x size` cut into `shapes` shapes by the original's
/// rule. With `shapes` more than the `4·size²` triangles, as many shapes as
/// triangles; with no shapes (or a board of size 0), a level without shapes.
/// `size` should be at most 16 (see [`GenerateOptions::check`]).
pub fn grow(size: usize, shapes: usize, rng: &mut StdRng) -> Level {
    const NONE: usize = usize::MAX;
    let n = size;
    let total = 4 * n * n;
    if shapes == 0 || total == 0 {
        return Level::new(n);
    }
    let mut owner = vec![NONE; total];
    let mut pieces: Vec<Vec<Triangle>> = Vec::with_capacity(shapes);
    // Unowned neighbours of each shape (may hold stale or repeated entries,
    // cleaned before each choice).
    let mut frontier: Vec<Vec<usize>> = Vec::with_capacity(shapes);
    let mut free: Vec<usize> = (0..total).collect();
    for s in 0..shapes.min(total) {
        let i = free.swap_remove(rng.random_range(0..free.len()));
        owner[i] = s;
        let t = Triangle::from_index(i, n);
        pieces.push(vec![t]);
        frontier.push(neighbours(t, n).map(|u| u.index(n)).collect());
    }
    let mut left = total - pieces.len();
    let mut growable = Vec::with_capacity(shapes);
    while left > 0 {
        growable.clear();
        for (s, f) in frontier.iter_mut().enumerate() {
            f.retain(|&i| owner[i] == NONE);
            if !f.is_empty() {
                growable.push(s);
            }
        }
        // The board's triangles are edge-connected, so while some are
        // unowned, some shape touches one.
        let s = growable[rng.random_range(0..growable.len())];
        let f = &mut frontier[s];
        f.sort_unstable();
        f.dedup();
        let i = f[rng.random_range(0..f.len())];
        owner[i] = s;
        let t = Triangle::from_index(i, n);
        pieces[s].push(t);
        frontier[s].extend(
            neighbours(t, n)
                .map(|u| u.index(n))
                .filter(|&u| owner[u] == NONE),
        );
        left -= 1;
    }
    Level {
        name: String::new(),
        size: n,
        shapes: pieces.into_iter().map(Shape::new).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::solve::solve;

    #[test]
    fn presets() {
        let sizes: Vec<(usize, usize)> =
            Preset::ALL.iter().map(|p| (p.size(), p.shapes())).collect();
        assert_eq!(sizes, vec![(4, 6), (5, 9), (6, 12)]);
        assert_eq!(Preset::from_name("Hard"), Some(Preset::Hard));
        assert_eq!(Preset::from_name("extreme"), None);
    }

    /// The effort score of a grown level.
    fn score(level: &Level) -> Option<f64> {
        let options = GenerateOptions {
            effort: EffortRange::new(None, Some(f64::MAX)),
            ..GenerateOptions::default()
        };
        effort_score(level, &Job::default(), &options)
    }

    #[test]
    fn with_a_least_effort_every_kept_growth_scores_at_least_it() {
        let open: Vec<f64> = (0..6)
            .map(|seed| {
                score(
                    &generate(GenerateOptions::preset(Preset::Easy, seed))
                        .unwrap()
                        .level,
                )
                .unwrap()
            })
            .collect();
        let mut sorted = open.clone();
        sorted.sort_by(f64::total_cmp);
        let min = sorted[4];
        assert!(sorted[0] < min, "some growths score lower: {open:?}");
        for seed in 0..6 {
            let options = GenerateOptions {
                effort: EffortRange::new(Some(min), None),
                ..GenerateOptions::preset(Preset::Easy, seed)
            };
            let g = generate(options).unwrap();
            assert!(score(&g.level).unwrap() >= min);
            assert_eq!(generate(options).unwrap(), g, "deterministic");
        }
    }

    #[test]
    fn an_effort_nobody_reaches_gives_up_after_the_growths() {
        let options = GenerateOptions {
            effort: EffortRange::new(Some(1000.0), None),
            max_growths: 5,
            ..GenerateOptions::preset(Preset::Easy, 3)
        };
        let e = generate(options).unwrap_err();
        assert!(
            matches!(e, GenerateError::GaveUp { growths: 5, .. }),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "no 4 x 4 level of 6 shapes with effort at least 1000.0 in 5 growths (seed 3); allow more growths, or try other sizes"
        );
        let reversed = GenerateOptions {
            effort: EffortRange::new(Some(6.0), Some(2.0)),
            ..GenerateOptions::default()
        };
        assert!(generate(reversed)
            .unwrap_err()
            .to_string()
            .contains("more than the most"));
    }

    #[test]
    fn growths_are_valid_and_deterministic() {
        for seed in 0..40 {
            for preset in Preset::ALL {
                let options = GenerateOptions::preset(preset, seed);
                let a = generate(options).unwrap();
                assert_eq!(a.growths, 1);
                assert_eq!(a.level.problems(), vec![], "{preset:?} seed {seed}");
                assert_eq!(a.level.shapes.len(), preset.shapes());
                assert_eq!(a, generate(options).unwrap());
            }
        }
        let a = generate(GenerateOptions::new(5, 9, 1)).unwrap();
        let b = generate(GenerateOptions::new(5, 9, 2)).unwrap();
        assert_ne!(a.level.shapes, b.level.shapes);
    }

    #[test]
    fn options_by_fields() {
        let options = GenerateOptions {
            size: 5,
            shapes: 9,
            unique: true,
            seed: 7,
            ..Default::default()
        };
        assert_eq!(
            options,
            GenerateOptions::preset(Preset::Medium, 7).unique(true)
        );
    }

    #[test]
    fn any_size_and_shape_count() {
        for (n, k) in [(1, 1), (1, 4), (2, 16), (3, 1), (7, 20), (16, 30)] {
            let g = generate(GenerateOptions::new(n, k, 9)).unwrap();
            assert!(g.level.is_valid(), "{n} {k}");
            assert_eq!(g.level.shapes.len(), k);
        }
    }

    #[test]
    fn a_growth_without_shapes_is_empty() {
        let mut rng = StdRng::seed_from_u64(1);
        assert_eq!(grow(3, 0, &mut rng).shapes.len(), 0);
        assert_eq!(grow(0, 3, &mut rng).shapes.len(), 0);
        assert_eq!(grow(1, 9, &mut rng).shapes.len(), 4);
    }

    #[test]
    fn impossible_options_are_refused_clearly() {
        assert_eq!(
            generate(GenerateOptions::new(0, 3, 1))
                .unwrap_err()
                .to_string(),
            "the board size must be between 1 and 16, not 0"
        );
        assert_eq!(
            generate(GenerateOptions::new(17, 3, 1))
                .unwrap_err()
                .to_string(),
            "the board size must be between 1 and 16, not 17"
        );
        assert_eq!(
            generate(GenerateOptions::new(2, 0, 1)).unwrap_err(),
            GenerateError::NoShape
        );
        assert_eq!(
            GenerateError::NoShape.to_string(),
            "a level needs at least one shape"
        );
        assert_eq!(
            generate(GenerateOptions::new(2, 17, 1))
                .unwrap_err()
                .to_string(),
            "a 2 x 2 board has 16 triangles: it cannot be cut into 17 shapes"
        );
    }

    #[test]
    fn unique_levels_have_one_solution() {
        for seed in 0..5 {
            let g = generate(GenerateOptions::preset(Preset::Easy, seed).unique(true)).unwrap();
            let report = solve(&g.level, 0, &Job::default(), u64::MAX).unwrap();
            assert_eq!(report.solutions, Some(1));
            assert!(g.growths >= 1);
            assert!(g.level.name.ends_with(", unique"));
        }
    }

    #[test]
    fn unique_can_give_up() {
        // Many small shapes on a 4x4 board are rarely unique: one growth
        // only, and either it is unique or the error says so.
        let mut options = GenerateOptions::new(4, 40, 3).unique(true);
        options.max_growths = 1;
        match generate(options) {
            Ok(g) => assert_eq!(g.growths, 1),
            Err(e) => assert!(e.to_string().contains("in 1 growth (seed 3)"), "{e}"),
        }
        let job = Job::default();
        job.cancel();
        assert_eq!(
            generate_with(GenerateOptions::new(4, 6, 1).unique(true), &job).unwrap_err(),
            GenerateError::Cancelled(0)
        );
        assert_eq!(
            GenerateError::Cancelled(0).to_string(),
            "cancelled after 0 growths"
        );
    }
}
