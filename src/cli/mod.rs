//! The headless command line: one file per subcommand.

pub mod analyze;
pub mod convert;
pub mod diff;
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
pub fn parse_max_states(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("0 is not allowed: a search needs at least the start state".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a whole number of states")),
    }
}

/// Parses a `--kind` value: a kind's name.
pub fn parse_kind(name: &str) -> Result<crate::kinds::Kind, String> {
    crate::kinds::Kind::from_name(name).ok_or_else(|| {
        format!(
            "unknown kind {name:?} (known: {})",
            crate::kinds::Kind::ALL.map(|k| k.name()).join(", ")
        )
    })
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
    let mut out = std::io::stdout().lock();
    // The error stream is locked per write, never for the whole run: the
    // progress bars draw on it from the worker threads, and a lock held
    // here while the main thread waits for them would block them forever
    // on a terminal.
    let mut err = std::io::stderr();
    let code = match cli.command {
        Some(Command::Analyze(args)) => analyze::run(&args, &mut out, &mut err),
        Some(Command::Convert(args)) => convert::run(&args, &mut out, &mut err),
        Some(Command::Play(args)) => play::run(&args, &mut out, &mut err),
        Some(Command::Diff(args)) => diff::run(&args, &mut out, &mut err),
        Some(Command::Textconv(args)) => textconv::run(&args, &mut out, &mut err),
        Some(Command::Pack(args)) => pack::run(&args, &mut out, &mut err),
        Some(Command::Rooms(args)) => rooms::run(&args, &mut out, &mut err),
        Some(Command::Generate(args)) => generate::run(&args, &mut out, &mut err),
        None => match cli.file {
            // A word that is neither a subcommand nor a file is a typo, not
            // a file to open: say so instead of opening an empty editor.
            Some(file) if !file.exists() => {
                let _ = writeln!(
                    err,
                    "error: '{}' is neither a subcommand nor a file; see levelscope --help",
                    crate::file_names::shown(&file)
                );
                EXIT_USAGE
            }
            file => return editor(file),
        },
    };
    ExitCode::from(code)
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
