//! One rule for every generator (Skiddy, Prism, Tangram): `--count 0` and
//! a count that cannot fit in memory are refused before anything is made;
//! a run that generates nothing never replaces `--out`; a run that
//! generates some of what was asked writes those and says the shortfall.
//! And a lock name taken by something else than a lock file is refused,
//! never waited on, by every writer of a pack.

use crate::common;

use common::{levelscope, path, stderr};

/// A small pack to be kept, as `generate skiddy` would have written it.
fn keep_pack(dir: &std::path::Path) -> (std::path::PathBuf, String) {
    let pack = dir.join("keep.json");
    let level = dir.join("one.txt");
    std::fs::write(&level, "#####\n#R.R#\n#...#\n#r###\n").unwrap();
    let out = levelscope(&["pack", "add", path(&pack), path(&level)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&pack).unwrap();
    (pack, text)
}

const KINDS: [&str; 3] = ["skiddy", "prism", "tangram"];

#[test]
fn a_count_of_zero_or_beyond_memory_is_refused_by_every_generator() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, text) = keep_pack(dir.path());
    for kind in KINDS {
        let out = levelscope(&["generate", kind, "--count", "0", "--out", path(&pack)]);
        assert_eq!(out.status.code(), Some(2), "{kind}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("--count 0 asks for no level"),
            "{kind}: {}",
            stderr(&out)
        );
        let out = levelscope(&[
            "generate",
            kind,
            "--count",
            "4000000000",
            "--out",
            path(&pack),
        ]);
        assert_eq!(out.status.code(), Some(2), "{kind}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("--count 4000000000 asks for more levels than fit in memory"),
            "{kind}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&pack).unwrap(), text, "{kind}");
    }
}

#[test]
fn a_run_that_generates_nothing_keeps_the_out_file() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, text) = keep_pack(dir.path());
    // Every candidate is too big for a budget of one state.
    let out = levelscope(&[
        "generate",
        "skiddy",
        "--count",
        "1",
        "--seed",
        "2",
        "--max-states",
        "1",
        "--max-candidates",
        "5",
        "--out",
        path(&pack),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no level was generated; nothing was written"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), text);
}

#[test]
fn a_run_that_falls_short_writes_what_it_made_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, _) = keep_pack(dir.path());
    // On a 2 x 2 board with 3 shapes one growth is not always unique.
    let out = levelscope(&[
        "generate",
        "tangram",
        "--size",
        "2",
        "--shapes",
        "3",
        "--unique",
        "--max-growths",
        "1",
        "--count",
        "6",
        "--seed",
        "0",
        "--out",
        path(&pack),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("2 levels of 6 could not be generated; the 4 generated were written"),
        "{}",
        stderr(&out)
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    assert_eq!(written["levels"].as_array().unwrap().len(), 4);
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_link_at_the_lock_name_is_refused_not_waited_on() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, text) = keep_pack(dir.path());
    let lock = dir.path().join(".keep.json.lock");
    let _ = std::fs::remove_file(&lock);
    let made = match std::process::Command::new("mkfifo").arg(&lock).status() {
        Ok(made) => made,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("skipped: mkfifo is not installed");
            return;
        }
        Err(e) => panic!("mkfifo: {e}"),
    };
    assert!(made.success());
    let level = dir.path().join("one.txt");
    let other = dir.path().join("other.json");
    let runs: [Vec<&str>; 4] = [
        vec!["pack", "add", path(&pack), path(&level)],
        vec!["generate", "tangram", "--count", "2", "--out", path(&pack)],
        vec!["pack", "check", path(&pack), "--update"],
        vec!["pack", "dedupe", path(&other), "--write", path(&pack)],
    ];
    std::fs::write(&other, &text).unwrap();
    for args in &runs {
        let out = levelscope(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(".keep.json.lock is taken by a named pipe (FIFO)"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&pack).unwrap(), text, "{args:?}");
    }
    std::fs::remove_file(&lock).unwrap();
    std::os::unix::fs::symlink(&other, &lock).unwrap();
    let out = levelscope(&runs[0]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(".keep.json.lock is taken by a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert!(
        !stderr(&out).contains("Too many levels"),
        "{}",
        stderr(&out)
    );
}
