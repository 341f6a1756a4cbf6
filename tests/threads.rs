//! One level on every core (issue 43): the reports are byte for byte the
//! same whatever the number of threads, from the command line (`--threads`)
//! and from the library (every level made to go parallel from its first
//! layer, so that small levels take the many-thread path too).

use levelscope::engine::Job;
use levelscope::kinds::{read_levels, Level};
use levelscope::pack::parse_pack;

use crate::common::real_levels::real_levels;
use crate::common::{levelscope, stderr};

/// The output with every `"elapsed_ms":N` taken out: the only figure that
/// may differ between two runs.
fn without_timings(text: &str) -> String {
    const FIELD: &str = "\"elapsed_ms\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(FIELD) {
        out.push_str(&rest[..at + FIELD.len()]);
        rest = rest[at + FIELD.len()..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

/// The level files the command-line comparison analyses: the sample pack,
/// the bundled levels, our own fixtures, and a Skiddy level of 100,000
/// states (past the point where one level goes on many threads).
const FILES: &[&str] = &[
    "assets/sample-pack.json",
    "assets/1-1.txt",
    "assets/crate-push.txt",
    "assets/dead-end.txt",
    "assets/four-colours.txt",
    "assets/ice-and-pits.txt",
    "assets/in-pit.json",
    "assets/prism-demo.txt",
    "tests/fixtures/prism/enemy-8x8.txt",
    "tests/fixtures/prism/patrol-5x5.txt",
    "tests/fixtures/prism/switch-trap-5x5.txt",
    "tests/fixtures/sokoban/own.xsb",
    "assets/bench/skiddy_100k.txt",
];

#[test]
fn analyze_json_is_the_same_on_one_two_and_three_threads() {
    let run = |threads: &str| {
        let mut args = vec![
            "analyze",
            "--json",
            "--solutions",
            "3",
            "--threads",
            threads,
        ];
        args.extend_from_slice(FILES);
        let out = levelscope(&args);
        (
            out.status.code(),
            without_timings(&String::from_utf8_lossy(&out.stdout)),
        )
    };
    let (code, one) = run("1");
    assert_eq!(code, Some(0), "{one}");
    for kind in ["skiddy", "prism", "sokoban", "rushhour"] {
        assert!(
            one.contains(&format!("\"kind\":\"{kind}\"")),
            "a {kind} level among the rows"
        );
    }
    assert!(one.contains("\"states\":1"), "the 100k level's row: {one}");
    for threads in ["2", "3"] {
        let (code, many) = run(threads);
        assert_eq!(code, Some(0));
        assert_eq!(one, many, "--threads {threads} against --threads 1");
    }
}

#[test]
fn a_thread_count_that_is_not_one_or_more_is_refused_clearly() {
    for bad in ["0", "two", "100000"] {
        let out = levelscope(&["analyze", "--threads", bad, "assets/1-1.txt"]);
        assert_eq!(out.status.code(), Some(2), "--threads {bad}");
        let err = stderr(&out);
        assert!(err.contains("--threads"), "--threads {bad}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn every_subcommand_that_analyses_or_generates_takes_threads() {
    let out = levelscope(&["pack", "check", "--threads", "2", "assets/sample-pack.json"]);
    assert_ne!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = levelscope(&["textconv", "--threads", "1", "assets/1-1.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Each level's `analyze --json` fields analysed on 1 thread and on 2 and
/// 3, going parallel from the first layer; `max_states` bounds the search.
fn assert_alike_on_any_thread_count(name: &str, level: &Level, max_states: u64) {
    let report = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("the pool starts");
        let job = Job::new(max_states).with_parallel_from(0);
        match pool.install(|| level.analyze(&job)) {
            Ok(a) => serde_json::Value::Object(a.report_fields(3)).to_string(),
            Err(e) => format!("error: {e}"),
        }
    };
    let one = report(1);
    for threads in [2, 3] {
        assert_eq!(one, report(threads), "{name} on {threads} threads");
    }
}

#[test]
fn every_sample_and_fixture_level_reports_alike_on_many_threads_from_its_first_layer() {
    let pack = parse_pack(include_str!("../assets/sample-pack.json")).unwrap();
    for (i, entry) in pack.pack.levels.iter().enumerate() {
        assert_alike_on_any_thread_count(&format!("sample {i}"), &entry.level, 1_000_000);
    }
    for file in FILES
        .iter()
        .filter(|f| !f.contains("pack") && !f.contains("bench"))
    {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, level) in read_levels(&text, None, None).unwrap().iter().enumerate() {
            assert_alike_on_any_thread_count(&format!("{file} #{i}"), level, 1_000_000);
        }
    }
}

#[test]
fn real_levels_report_alike_on_many_threads_from_their_first_layer() {
    let test = "real_levels_report_alike_on_many_threads_from_their_first_layer";
    if let Some(dir) = real_levels(test, "sokoban") {
        let text = std::fs::read_to_string(dir.join("microban_155.xsb")).unwrap();
        let levels = read_levels(&text, None, None).unwrap();
        // The first levels whole, and a budget that stops some later ones
        // (the stop is the same too).
        for (i, level) in levels.iter().enumerate().take(40) {
            assert_alike_on_any_thread_count(&format!("Microban {}", i + 1), level, 60_000);
        }
    }
    if let Some(dir) = real_levels(test, "prism") {
        let files = crate::common::real_levels::files_under(&dir.join("Tutorial"));
        assert!(!files.is_empty());
        for file in files.iter().take(20) {
            let text = std::fs::read_to_string(file).unwrap();
            if let Ok(levels) = read_levels(&text, None, None) {
                for level in &levels {
                    assert_alike_on_any_thread_count(&file.display().to_string(), level, 200_000);
                }
            }
        }
    }
}

/// Tangram's count goes on the pool's threads once its listing is done:
/// dense generated levels (thousands of solutions), whole and stopped by a
/// budget in the middle of the count, and the original game's levels.
#[test]
fn tangram_counts_report_alike_on_many_threads() {
    use levelscope::kinds::batch_seed::batch_seed;
    use levelscope::kinds::tangram;
    for seed in [0, 1, 5] {
        let options = tangram::GenerateOptions::new(4, 20, batch_seed(seed, 0));
        let level = Level::Tangram(tangram::generate(options).expect("generates").level);
        let name = format!("dense Tangram seed {seed}");
        assert_alike_on_any_thread_count(&name, &level, u64::MAX);
        assert_alike_on_any_thread_count(&format!("{name}, 5,000 nodes"), &level, 5_000);
    }
    let test = "tangram_counts_report_alike_on_many_threads";
    if let Some(dir) = real_levels(test, "tangram") {
        for file in crate::common::real_levels::files_under(&dir) {
            let text = std::fs::read_to_string(&file).unwrap();
            if let Ok(levels) = read_levels(&text, None, None) {
                for level in &levels {
                    assert_alike_on_any_thread_count(&file.display().to_string(), level, 1_000_000);
                }
            }
        }
    }
}
