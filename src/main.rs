//! levelscope's entry point: with no arguments (or a file) it opens the
//! editor; with a subcommand it runs headless.

use std::process::ExitCode;

fn main() -> ExitCode {
    levelscope::cli::run_or_edit(std::env::args_os(), |file| {
        match levelscope::gui::run(file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("levelscope: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
