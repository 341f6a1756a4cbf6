//! `levelscope generate skiddy` as a process.

use std::process::Command;

#[test]
fn generates_a_pack_of_levels_that_meet_the_parameters_deterministically() {
    let dir = std::env::temp_dir().join(format!("levelscope-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |out: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_levelscope"))
            .args([
                "generate",
                "skiddy",
                "--count",
                "3",
                "--seed",
                "5",
                "--width",
                "6",
                "--height",
                "5",
                "--red",
                "2",
                "--blue",
                "0",
                "--crates",
                "0",
                "--ice",
                "1",
                "--blocks",
                "0.1",
                "--min-perfect",
                "2",
                "--min-stars",
                "3",
                "--out",
                out,
            ])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains("candidates tried per level kept"),
            "{stdout}"
        );
        assert!(stdout.contains("\nrejected: "), "{stdout}");
        std::fs::read_to_string(dir.join(out)).unwrap()
    };
    let first = run("a.json");
    let pack: serde_json::Value = serde_json::from_str(&first).unwrap();
    let again: serde_json::Value = serde_json::from_str(&run("b.json")).unwrap();
    assert_eq!(
        pack["levels"], again["levels"],
        "the same seed gives the same levels"
    );
    let levels = pack["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 3);
    for entry in levels {
        let summary = &entry["summary"];
        assert_eq!(summary["stars"], 3);
        assert!(summary["shortest_max_combo"].as_u64().unwrap() >= 2);
        let rows: Vec<&str> = entry["level"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(rows.len(), 5);
        let text = rows.concat();
        assert_eq!(text.matches('R').count(), 2);
        assert_eq!(text.matches('i').count(), 1);
    }
    // The stored analyses are the levels' real ones: check agrees.
    let check = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["pack", "check", "a.json", "--min-stars", "3"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

/// The parameters (8x7, two red and two blue Skiddies, a crate, an
/// ice cube, a Perfect of at least 6 moves, three stars) on one thread and
/// on two: the same bytes, and every level's stored analysis is its own.
#[test]
fn the_pack_is_the_same_on_one_thread_and_on_two() {
    let dir = std::env::temp_dir().join(format!("levelscope-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |threads: &str| {
        let out = format!("{threads}/pack.json");
        std::fs::create_dir_all(dir.join(threads)).unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_levelscope"))
            .args(["generate", "skiddy", "--count", "2", "--seed", "7"])
            .args(["--width", "8", "--height", "7", "--red", "2", "--blue", "2"])
            .args(["--crates", "1", "--ice", "1", "--min-perfect", "6"])
            .args(["--min-stars", "3", "--out", &out])
            .env("RAYON_NUM_THREADS", threads)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read(dir.join(out)).unwrap()
    };
    let one = run("1");
    assert!(one == run("2"), "one thread and two give different packs");
    let pack: serde_json::Value = serde_json::from_slice(&one).unwrap();
    for entry in pack["levels"].as_array().unwrap() {
        assert_eq!(entry["summary"]["stars"], 3);
        assert!(entry["summary"]["shortest_max_combo"].as_u64().unwrap() >= 6);
    }
    let check = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["pack", "check", "1/pack.json", "--min-stars", "3"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn impossible_parameters_are_bad_usage() {
    let output = Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args([
            "generate",
            "skiddy",
            "--count",
            "1",
            "--width",
            "5",
            "--height",
            "5",
            "--red",
            "12",
            "--out",
            "/nonexistent/x.json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("do not fit"));
}
