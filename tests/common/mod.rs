//! What the command-line tests share: running the binary and reading what
//! it says.

#![allow(dead_code)]

pub mod editor;
pub mod real_levels;
pub mod sokoban;
pub mod source;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs levelscope with `args` in the project's folder.
pub fn levelscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// What the run wrote to its error stream.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON rows the run printed, one a line.
pub fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// A path as an argument.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
}

/// A Tangram level as the reference solver (`tests/tangram_reference/`)
/// sees it: the board side and every shape's triangles.
pub fn tangram_puzzle(
    level: &levelscope::kinds::tangram::Level,
) -> crate::tangram_reference::Puzzle {
    crate::tangram_reference::Puzzle {
        n: level.size as i32,
        shapes: level
            .shapes
            .iter()
            .map(|s| {
                s.triangles
                    .iter()
                    .map(|t| (t.x as i32, t.y as i32, t.z as i32))
                    .collect()
            })
            .collect(),
    }
}

/// The command that generates the large Tangram level (before its
/// `--max-states` and `--out`).
pub const LARGE_TANGRAM: [&str; 8] = [
    "generate", "tangram", "--size", "16", "--shapes", "100", "--seed", "1",
];

/// A large Tangram level: 100 shapes on 16 x 16, whose count once ran for
/// more than 700 s with a budget nobody could lower. Made with a small
/// budget of its own, so that the generator ends at once.
pub fn large_tangram(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("t.txt");
    let mut args = LARGE_TANGRAM.to_vec();
    args.extend(["--max-states", "1000", "--out", path(&file)]);
    let out = levelscope(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    file
}
