//! The progress bars on a real terminal: the command must draw them from its
//! worker threads and end. The error stream once stayed locked by the main
//! thread for the whole run, so the first bar update from a worker waited
//! for it forever: `pack check` and `generate` hung on a terminal and only
//! ran when their error stream was a file or a pipe (issue 32).

use std::io::Read;
use std::os::fd::FromRawFd;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::path;

/// Runs levelscope with its error stream on a fresh pseudo-terminal (so
/// that indicatif draws); gives up after `limit`, ending it. Returns the
/// exit code (`None` when it had to be ended) and what the terminal showed.
fn on_a_terminal(args: &[&str], limit: Duration) -> (Option<i32>, String) {
    on_a_terminal_until(args, "\u{0}never shown", limit)
}

/// [`on_a_terminal`], ending the run as soon as the terminal shows `enough`.
fn on_a_terminal_until(args: &[&str], enough: &str, limit: Duration) -> (Option<i32>, String) {
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two descriptors into the integers given; the
    // name, termios and window size are optional and left null.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "a pseudo-terminal can be opened");
    // SAFETY: both descriptors were just opened and are owned here only.
    let (master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    let shown = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let reader = {
        let shown = std::sync::Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut master = master;
            let mut chunk = [0u8; 4096];
            // Reading ends with an error once the child's end is closed.
            while let Ok(n) = master.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                shown.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        })
    };
    let text = || String::from_utf8_lossy(&shown.lock().unwrap()).into_owned();
    let deadline = Instant::now() + limit;
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if Instant::now() > deadline || text().contains(enough) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    reader.join().unwrap();
    let shown = text();
    (code, shown)
}

#[test]
fn pack_check_draws_its_bar_on_a_terminal_and_ends() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    std::fs::write(&pack, include_str!("../assets/sample-pack.json")).unwrap();
    let (code, shown) = on_a_terminal(&["pack", "check", path(&pack)], Duration::from_secs(60));
    assert!(code.is_some(), "pack check hung on a terminal: {shown}");
    assert!(shown.contains("checking"), "{shown}");
}

#[test]
fn generate_skiddy_draws_its_bar_on_a_terminal_and_ends() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("g.json");
    let (code, shown) = on_a_terminal(
        &[
            "generate",
            "skiddy",
            "--count",
            "4",
            "--seed",
            "1",
            "--out",
            path(&pack),
        ],
        Duration::from_secs(120),
    );
    assert_eq!(code, Some(0), "generate hung on a terminal: {shown}");
    assert!(shown.contains("generating"), "{shown}");
}

/// A long Tangram count shows its nodes against the budget (it once ran
/// for minutes without a word). The run is ended as soon as the bar shows.
#[test]
fn a_long_tangram_count_shows_its_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::common::large_tangram(dir.path());
    let (_, shown) = on_a_terminal_until(
        &["analyze", "--max-states", "100000000", path(&file)],
        "/100,000,000 nodes",
        Duration::from_secs(120),
    );
    assert!(shown.contains("/100,000,000 nodes"), "{shown}");
}

/// `pack add` and `pack check` of a level whose Tangram count is long show
/// its nodes against the budget, as `analyze` does (they once counted only
/// levels). Each run is ended as soon as the bar shows.
#[test]
fn pack_commands_show_a_long_counts_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::common::large_tangram(dir.path());
    let pack = dir.path().join("p.json");
    // A quick add (a small budget) makes the pack; then the long ones.
    let out = crate::common::levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&pack),
        path(&file),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::common::stderr(&out)
    );
    for args in [
        [
            "pack",
            "add",
            "--max-states",
            "100000000",
            path(&pack),
            path(&file),
        ],
        [
            "pack",
            "check",
            "--max-states",
            "100000000",
            path(&pack),
            "--json",
        ],
    ] {
        let (_, shown) = on_a_terminal_until(&args, "/100,000,000 nodes", Duration::from_secs(120));
        assert!(shown.contains("/100,000,000 nodes"), "{args:?}: {shown}");
    }
}

/// `generate tangram` of one large level shows its count's nodes (it once
/// ran for more than 700 s without a word).
#[test]
fn generating_a_large_tangram_level_shows_its_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.txt");
    let mut args = crate::common::LARGE_TANGRAM.to_vec();
    args.extend(["--max-states", "100000000", "--out", path(&file)]);
    let (_, shown) = on_a_terminal_until(&args, "/100,000,000 nodes", Duration::from_secs(120));
    assert!(
        shown.contains("counting solutions") && shown.contains("/100,000,000 nodes"),
        "{shown}"
    );
}
