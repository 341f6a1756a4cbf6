//! levelscope's entry point: with a subcommand it runs headless.

fn main() -> std::process::ExitCode {
    levelscope::cli::run(std::env::args_os())
}
