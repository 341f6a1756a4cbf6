//! `levelscope generate skiddy --count N --seed S [...] --out FILE`:
//! generate levels on all cores and write them as a pack; `generate
//! tangram` is in [`super::generate_tangram`], `generate prism` in
//! [`super::generate_prism`].

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use rayon::prelude::*;

use super::generated_file::{
    batch_indices, bytes_per_level, check_count, generator_part, pack_text, report_shortfall,
    shortfall_code, write_locked, Refused,
};
use super::partition::{parse_partition, PartitionArg};
use crate::engine::default_max_memory;
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::skiddy::generate::Generated;
use crate::kinds::skiddy::generate::{generate_controlled, GenerateControl, GenerateParams};

/// Arguments of `generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The puzzle kind to generate.
    #[command(subcommand)]
    pub kind: GenerateKind,
}

/// The kinds that can be generated.
#[derive(Debug, clap::Subcommand)]
pub enum GenerateKind {
    /// Skiddy levels.
    Skiddy(SkiddyArgs),
    /// Tangram levels, by the original game's shape growth; with
    /// --unique, only levels with exactly one solution.
    Tangram(super::generate_tangram::TangramArgs),
    /// Prism levels, by the spanning tree in 3D (any size) or the 2016
    /// guess-and-test generator.
    Prism(super::generate_prism::PrismArgs),
}

/// The Skiddy generator's parameters.
#[derive(Clone, Debug, clap::Args)]
pub struct SkiddyArgs {
    /// How many levels to generate.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// The seed; the same seed gives the same levels.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Board width, border included.
    #[arg(long, default_value_t = 8)]
    pub width: usize,
    /// Board height, border included.
    #[arg(long, default_value_t = 7)]
    pub height: usize,
    /// Red Skiddies.
    #[arg(long, default_value_t = 2)]
    pub red: usize,
    /// Blue Skiddies.
    #[arg(long, default_value_t = 2)]
    pub blue: usize,
    /// Green Skiddies.
    #[arg(long, default_value_t = 0)]
    pub green: usize,
    /// Yellow Skiddies.
    #[arg(long, default_value_t = 0)]
    pub yellow: usize,
    /// Goals of each colour that has Skiddies.
    #[arg(long, default_value_t = 1)]
    pub goals: usize,
    /// Let goals of different colours touch.
    #[arg(long)]
    pub goals_touch: bool,
    /// Crates.
    #[arg(long, default_value_t = 1)]
    pub crates: usize,
    /// Ice cubes.
    #[arg(long, default_value_t = 1)]
    pub ice: usize,
    /// Pits.
    #[arg(long, default_value_t = 0)]
    pub pits: usize,
    /// The share of the inner cells that are static blocks (0 to 0.8).
    #[arg(long, default_value_t = 0.15)]
    pub blocks: f64,
    /// The shortest Perfect allowed.
    #[arg(long, default_value_t = 3)]
    pub min_perfect: u32,
    /// The longest Perfect allowed.
    #[arg(long, default_value_t = 30)]
    pub max_perfect: u32,
    /// The fewest stars allowed.
    #[arg(long, default_value_t = 3)]
    pub min_stars: u8,
    /// The target effort range.
    #[command(flatten)]
    pub effort: super::effort_args::EffortArgs,
    /// The state budget of each candidate's analysis (bigger candidates are
    /// rejected).
    #[arg(long, default_value_t = 50_000, value_parser = super::parse_max_states)]
    pub max_states: u64,
    /// Candidates to try for one level before giving up on it.
    #[arg(long, default_value_t = 100_000)]
    pub max_candidates: u64,
    /// Make only partition K of N (K from 0): the levels whose index is K
    /// modulo N, each as the whole run makes it, written as a part for
    /// `pack merge`; `auto/N` reads K from JOB_COMPLETION_INDEX or
    /// SLURM_ARRAY_TASK_ID (see docs/cluster.md).
    #[arg(long, value_parser = parse_partition)]
    pub partition: Option<PartitionArg>,
    /// The pack file to write.
    #[arg(long)]
    pub out: PathBuf,
}

impl SkiddyArgs {
    /// The parameters that decide the levels, as a part's source says
    /// them: every argument but the file and the partition.
    fn parameters(&self) -> String {
        let mut args = self.clone();
        args.out = PathBuf::new();
        args.partition = None;
        format!("{args:?}")
    }

    fn params(&self) -> GenerateParams {
        GenerateParams {
            width: self.width,
            height: self.height,
            skiddies: [self.red, self.blue, self.green, self.yellow],
            goals_per_colour: self.goals,
            goals_may_touch: self.goals_touch,
            crates: self.crates,
            ice: self.ice,
            pits: self.pits,
            block_share: self.blocks,
            min_perfect: self.min_perfect,
            max_perfect: self.max_perfect,
            min_stars: self.min_stars,
            effort: self.effort.range(),
            max_states: self.max_states,
            max_candidates: self.max_candidates,
            ..GenerateParams::default()
        }
    }
}

/// The progress bar of `generate skiddy`: levels done, and in its message
/// the time left as the candidates' pace says (see [`show_time_left`]).
fn skiddy_bar(count: usize) -> ProgressBar {
    let bar = ProgressBar::new(count as u64);
    bar.set_style(
        ProgressStyle::with_template("generating {bar:40} {pos}/{len} [{elapsed_precise}, {msg}]")
            .expect("the template is valid"),
    );
    bar.set_message("estimating the time left");
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// Keeps the bar's message on the time left until `done`: a level of hard
/// parameters may take its whole candidate budget (an hour at 37 ms a
/// candidate), so the estimate comes from the candidates analysed, not
/// from the levels done, and is shown from the first seconds on.
fn show_time_left(
    bar: &ProgressBar,
    control: &GenerateControl,
    (levels, max_candidates): (u64, u64),
    started: Instant,
    done: &AtomicBool,
) {
    while !done.load(Ordering::Relaxed) {
        if let Some(left) = control.time_left(levels, max_candidates, started.elapsed()) {
            bar.set_message(left.words());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Runs `generate`; returns the exit code.
pub fn run(args: &GenerateArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let args = match &args.kind {
        GenerateKind::Skiddy(args) => args,
        GenerateKind::Tangram(args) => return super::generate_tangram::run(args, out, err),
        GenerateKind::Prism(args) => return super::generate_prism::run(args, out, err),
    };
    let params = args.params();
    // The one rule of every generator (see `generated_file`): a count that
    // asks for something, that fits in memory, and good parameters, checked
    // before anything is made.
    let checked = check_count(
        args.count,
        bytes_per_level::<Generated>(args.width.saturating_mul(args.height)),
        default_max_memory(),
    )
    .map_err(Refused::from)
    .and_then(|()| params.check().map_err(Refused::Options))
    .and_then(|()| {
        Ok(generator_part(
            args.partition,
            &args.out,
            "skiddy",
            args.parameters(),
        )?)
    });
    let part = match checked {
        Ok(part) => part,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            return super::EXIT_USAGE;
        }
    };
    let indices = batch_indices(args.count, part.as_ref());
    let started = Instant::now();
    let bar = skiddy_bar(indices.len());
    let control = GenerateControl::new();
    let done = AtomicBool::new(false);
    let levels = (indices.len() as u64, args.max_candidates);
    let results: Vec<_> = std::thread::scope(|scope| {
        scope.spawn(|| show_time_left(&bar, &control, levels, started, &done));
        let results: Vec<_> = indices
            .par_iter()
            .map(|&i| {
                let r = generate_controlled(&params, batch_seed(args.seed, i), &control);
                bar.inc(1);
                r
            })
            .collect();
        done.store(true, Ordering::Relaxed);
        results
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let mut levels = Vec::new();
    let mut candidates = 0u64;
    let mut failed = Vec::new();
    for (&i, r) in indices.iter().zip(results) {
        let i = i as usize;
        match r {
            Ok(g) => {
                candidates += g.candidates;
                let summary = g.pack_summary();
                levels.push((i, g.level.into(), Some(summary)));
            }
            Err(e) => failed.push((i, e.to_string())),
        }
    }
    let kept = levels.len();
    if !report_shortfall(&failed, kept, part.is_some(), err) {
        // Why the candidates were rejected helps to loosen the parameters.
        if let Some(line) = control.rejections().line() {
            let _ = writeln!(out, "{line}");
        }
        return super::EXIT_FAILED;
    }
    let text = pack_text(
        &args.out,
        args.seed,
        levels,
        part.as_ref().map(|p| (p, args.count)),
    );
    if let Err(message) = write_locked(&args.out, &text) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_FAILED;
    }
    let _ = writeln!(
        out,
        "kept {} in {:.1} s ({:.2} per second on {} threads), {:.1} candidates tried per level kept; wrote {}",
        crate::words::counted(kept as u64, "level", "levels"),
        seconds,
        kept as f64 / seconds.max(1e-9),
        rayon::current_num_threads(),
        candidates as f64 / kept.max(1) as f64,
        crate::file_names::shown(&args.out)
    );
    if let Some(line) = control.rejections().line() {
        let _ = writeln!(out, "{line}");
    }
    shortfall_code(failed.len(), kept, err)
}
