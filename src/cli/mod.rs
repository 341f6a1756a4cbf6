//! The headless command line: one file per subcommand.

pub mod analyze;
pub mod arg_error;
pub mod convert;
pub mod diff;
pub mod effort_args;
pub mod generate;
pub mod generate_prism;
pub mod generate_tangram;
pub mod generated_file;
pub mod kind_help;
pub mod level_spec;
pub mod pack;
pub mod partition;
pub mod play;
pub mod progress;
pub mod rooms;
pub mod solve_past_budget;
pub mod textconv;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use arg_error::ArgError;

/// levelscope: explore a puzzle level's whole state graph and say why it
/// fails.
#[derive(Debug, Parser)]
#[command(
    name = "levelscope",
    version,
    about,
    long_about = "levelscope: explore a puzzle level's whole state graph and say why it fails.\n\n\
                  With no arguments it opens the editor with the bundled sample pack; with a FILE \
                  it opens that level or pack in the editor. The subcommands run headless.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A level or pack to open in the editor.
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// Threads for analysis and generation, on every subcommand (default:
    /// every core, or RAYON_NUM_THREADS when set; 1: one thread). The
    /// results are the same whatever the number.
    #[arg(long, global = true, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse levels: states, dead ends, traps, solutions and stars
    /// (Tangram: the exact number of solutions).
    Analyze(analyze::AnalyzeArgs),
    /// Convert a level file (or a pack) to another format.
    Convert(convert::ConvertArgs),
    /// Play a move string on a level and print the board after each move.
    Play(play::PlayArgs),
    /// What an edit changed between two versions of a level: figures,
    /// verdict, cells, and the old solutions on the new level. Exits 1 when
    /// the verdict got worse, the kind changed or the versions cannot be
    /// compared.
    Diff(diff::DiffArgs),
    /// A level or pack as stable text for `git diff` (set it as a diff
    /// driver's textconv): boards, verdicts and figures.
    Textconv(textconv::TextconvArgs),
    /// Curate packs: add, check, dedupe, stats, export, diff, merge.
    Pack(pack::PackArgs),
    /// Generate a random tree of rooms and lay it out on a map.
    Rooms(rooms::RoomsArgs),
    /// Generate levels on all cores: Skiddy as a pack, Tangram as a pack
    /// or one level in the original format.
    Generate(generate::GenerateArgs),
}

/// Parses a `--max-states` value: a whole number of states, at least 1 (a
/// search needs the start state).
pub fn parse_max_states(text: &str) -> Result<u64, ArgError> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(ArgError::ZeroStates),
        Ok(n) => Ok(n),
        Err(_) => Err(ArgError::NotStates(text.to_string())),
    }
}

/// Parses a `--threads` value: a whole number of threads, at least 1.
pub fn parse_threads(text: &str) -> Result<usize, ArgError> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err(ArgError::ZeroThreads),
        Ok(n) if n > MAX_THREADS => Err(ArgError::TooManyThreads(n)),
        Ok(n) => Ok(n),
        Err(_) => Err(ArgError::NotThreads(text.to_string())),
    }
}

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// The threads a run uses: `--threads`, else `RAYON_NUM_THREADS` when it
/// holds a positive number (as rayon's own default reads it), else one a
/// core.
pub fn thread_count(threads: Option<usize>) -> usize {
    let from_env = || {
        std::env::var("RAYON_NUM_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
    };
    threads
        .or_else(from_env)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Parses a `--kind` value: a kind's name.
pub fn parse_kind(name: &str) -> Result<crate::kinds::Kind, ArgError> {
    crate::kinds::Kind::from_name(name).ok_or_else(|| ArgError::UnknownKind(name.to_string()))
}

/// Exit code for a run in which some file failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code for bad usage.
pub const EXIT_USAGE: u8 = 2;

/// Parses the arguments and runs the subcommand. With no subcommand, prints
/// the help.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    run_or_edit(args, |_| {
        use clap::CommandFactory;
        let _ = Cli::command().print_help();
        ExitCode::SUCCESS
    })
}

/// Parses the arguments and runs the subcommand; with no subcommand, calls
/// `editor` with the file to open (if one was given).
pub fn run_or_edit<I, T>(
    args: I,
    editor: impl FnOnce(Option<std::path::PathBuf>) -> ExitCode,
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let Some(command) = cli.command else {
        return match cli.file {
            // A word that is neither a subcommand nor a file is a typo, not
            // a file to open: say so instead of opening an empty editor.
            Some(file) if !file.exists() => {
                let _ = writeln!(
                    std::io::stderr(),
                    "error: '{}' is neither a subcommand nor a file; see levelscope --help",
                    crate::file_names::shown(&file)
                );
                ExitCode::from(EXIT_USAGE)
            }
            file => editor(file),
        };
    };
    // One pool for the whole run: the batch's levels and each level's own
    // exploration share its threads.
    let threads = thread_count(cli.threads);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot start {threads} threads: {e}"
            );
            return ExitCode::from(EXIT_FAILED);
        }
    };
    ExitCode::from(pool.install(|| run_command(command)))
}

/// Runs one subcommand on the current rayon pool; answers the exit code.
fn run_command(command: Command) -> u8 {
    let mut out = std::io::stdout().lock();
    // The error stream is locked per write, never for the whole run: the
    // progress bars draw on it from the worker threads, and a lock held
    // here while the main thread waits for them would block them forever
    // on a terminal.
    let mut err = std::io::stderr();
    match command {
        Command::Analyze(args) => analyze::run(&args, &mut out, &mut err),
        Command::Convert(args) => convert::run(&args, &mut out, &mut err),
        Command::Play(args) => play::run(&args, &mut out, &mut err),
        Command::Diff(args) => diff::run(&args, &mut out, &mut err),
        Command::Textconv(args) => textconv::run(&args, &mut out, &mut err),
        Command::Pack(args) => pack::run(&args, &mut out, &mut err),
        Command::Rooms(args) => rooms::run(&args, &mut out, &mut err),
        Command::Generate(args) => generate::run(&args, &mut out, &mut err),
    }
}

/// The progress bar of a generator making `count` levels.
pub fn generating_bar(count: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(count as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "generating {bar:40} {pos}/{len} [{elapsed_precise}, {eta} left]",
        )
        .expect("the template is valid"),
    );
    bar
}
