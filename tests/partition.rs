//! `--partition K/N` and `pack merge` (issue 43, part 2): the partitions
//! of a batch run as separate processes, with their index in the
//! schedulers' variables, and merged, give exactly the unpartitioned
//! result; parts that overlap, disagree or leave a gap, and bad
//! `--partition` values, are refused with a clear error and nothing
//! written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::stderr;

const KUBERNETES: &str = "JOB_COMPLETION_INDEX";
const SLURM: &str = "SLURM_ARRAY_TASK_ID";

/// Runs levelscope with `args` in `dir`, with the scheduler variables
/// cleared and then `env` set.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, String)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_levelscope"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove(KUBERNETES)
        .env_remove(SLURM);
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

/// Fails with what the run said unless it exited with `code`.
fn expect_code(out: &Output, code: i32, what: &str) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{what}: stdout {} stderr {}",
        String::from_utf8_lossy(&out.stdout),
        stderr(out)
    );
}

/// The sample pack with a pack field and an entry field levelscope does
/// not know, which must survive the partitioned run and the merge.
fn sample_with_unknown_fields() -> String {
    let text = include_str!("../assets/sample-pack.json");
    let text = text.replacen(
        "\"name\": \"levelscope samples\",",
        "\"name\": \"levelscope samples\",\n  \"author\": \"a studio\",",
        1,
    );
    let text = text.replacen("\"notes\": ", "\"rating\": 5, \"notes\": ", 1);
    assert!(text.contains("a studio") && text.contains("\"rating\": 5"));
    text
}

/// Writes `text` to `dir/name`; returns the path.
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn pack_check_update_in_partitions_merges_to_the_unpartitioned_pack() {
    let dir = tempfile::tempdir().unwrap();
    let text = sample_with_unknown_fields();
    let whole = write(dir.path(), "whole.json", &text);
    let source = write(dir.path(), "pack.json", &text);
    let out = run_in(
        dir.path(),
        &["pack", "check", "whole.json", "--update"],
        &[],
    );
    assert!(out.status.code().is_some(), "{}", stderr(&out));
    let unpartitioned = std::fs::read_to_string(&whole).unwrap();
    assert_ne!(unpartitioned, text, "the update stores fresh analyses");
    let n = 3;
    for k in 0..n {
        let part = format!("part{k}.json");
        let out = run_in(
            dir.path(),
            &[
                "pack",
                "check",
                "pack.json",
                "--update",
                "--partition",
                &format!("auto/{n}"),
                "--out",
                &part,
            ],
            &[(KUBERNETES, k.to_string())],
        );
        // 1 when one of the part's levels fails the check, as the whole
        // run does.
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
        let written: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join(&part)).unwrap())
                .unwrap();
        assert_eq!(written["partition"]["k"], k, "{}", stderr(&out));
        assert_eq!(written["partition"]["n"], n);
        assert_eq!(written["author"], "a studio");
    }
    assert_eq!(
        std::fs::read_to_string(&source).unwrap(),
        text,
        "a partition writes its part, not the pack"
    );
    // The parts in any order.
    let out = run_in(
        dir.path(),
        &[
            "pack",
            "merge",
            "merged.json",
            "part2.json",
            "part0.json",
            "part1.json",
        ],
        &[],
    );
    expect_code(&out, 0, "merge");
    assert!(String::from_utf8_lossy(&out.stdout).contains("merged 3 parts of 12 levels"));
    let merged = std::fs::read_to_string(dir.path().join("merged.json")).unwrap();
    assert_eq!(merged, unpartitioned);
}

#[test]
fn pack_check_partitions_report_each_level_once() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "pack.json",
        include_str!("../assets/sample-pack.json"),
    );
    let rows = |args: &[&str]| -> Vec<String> {
        let out = run_in(dir.path(), args, &[]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    };
    let mut whole = rows(&["pack", "check", "pack.json", "--json"]);
    let mut parts: Vec<String> = (0..2)
        .flat_map(|k| {
            rows(&[
                "pack",
                "check",
                "pack.json",
                "--json",
                "--partition",
                &format!("{k}/2"),
            ])
        })
        .collect();
    assert_eq!(whole.len(), 12);
    whole.sort();
    parts.sort();
    assert_eq!(parts, whole);
}

#[test]
fn pack_stats_parts_merge_to_the_pack_with_its_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let text = sample_with_unknown_fields();
    write(dir.path(), "pack.json", &text);
    for k in 0..2 {
        let out = run_in(
            dir.path(),
            &[
                "pack",
                "stats",
                "pack.json",
                "--partition",
                "auto/2",
                "--out",
                &format!("s{k}.json"),
            ],
            &[(SLURM, k.to_string())],
        );
        expect_code(&out, 0, "stats part");
        assert!(String::from_utf8_lossy(&out.stdout).contains("6 levels"));
    }
    let out = run_in(
        dir.path(),
        &["pack", "merge", "merged.json", "s0.json", "s1.json"],
        &[],
    );
    expect_code(&out, 0, "merge");
    // Every level of the sample carries its analysis: the stats parts keep
    // them, and the merge gives back the pack as levelscope writes it.
    let out = run_in(
        dir.path(),
        &["pack", "export", "pack.json", "--json", "rewritten.json"],
        &[],
    );
    expect_code(&out, 0, "export");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("merged.json")).unwrap(),
        std::fs::read_to_string(dir.path().join("rewritten.json")).unwrap()
    );
}

/// Runs the generator `common` (without `--out`) whole, and in `n`
/// partitions as separate processes with their index in `variable`;
/// merges the parts (in reverse order) and checks the merged pack is the
/// whole run's, byte for byte. Returns the whole run's pack.
fn generator_partitions_merge(common: &[&str], n: usize, variable: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("whole")).unwrap();
    std::fs::create_dir(dir.path().join("merged")).unwrap();
    let out = run_in(
        dir.path(),
        &[common, &["--out", "whole/batch.json"]].concat(),
        &[],
    );
    expect_code(&out, 0, "unpartitioned");
    let mut parts = Vec::new();
    for k in 0..n {
        let part = format!("part{k}.json");
        let out = run_in(
            dir.path(),
            &[
                common,
                &["--partition", &format!("auto/{n}"), "--out", &part],
            ]
            .concat(),
            &[(variable, k.to_string())],
        );
        expect_code(&out, 0, "part");
        parts.push(part);
    }
    parts.reverse();
    let mut args = vec!["pack", "merge", "merged/batch.json"];
    args.extend(parts.iter().map(String::as_str));
    let out = run_in(dir.path(), &args, &[]);
    expect_code(&out, 0, "merge");
    let whole = std::fs::read_to_string(dir.path().join("whole/batch.json")).unwrap();
    let merged = std::fs::read_to_string(dir.path().join("merged/batch.json")).unwrap();
    assert_eq!(merged, whole);
    whole
}

#[test]
fn generate_tangram_in_partitions_merges_to_the_unpartitioned_pack() {
    let common = ["generate", "tangram", "--count", "7", "--seed", "11"];
    let whole = generator_partitions_merge(&common, 3, SLURM);
    assert!(whole.contains("gen-11-6"));
    // More partitions than levels: the empty parts merge too.
    let common = [
        "generate", "tangram", "--count", "2", "--seed", "3", "--unique",
    ];
    generator_partitions_merge(&common, 4, KUBERNETES);
}

#[test]
fn generate_prism_in_partitions_merges_to_the_unpartitioned_pack() {
    let common = [
        "generate", "prism", "--width", "6", "--height", "6", "--count", "5", "--seed", "2",
    ];
    let whole = generator_partitions_merge(&common, 2, KUBERNETES);
    assert!(whole.contains("gen-2-4"));
}

#[test]
fn analyze_partitions_take_every_level_once_in_the_order_named() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        "assets/sample-pack.json",
        "assets/1-1.txt",
        "assets/prism-demo.txt",
    ];
    let rows = |partition: Option<String>| -> Vec<String> {
        let mut args = vec!["analyze", "--json"];
        args.extend(files);
        if let Some(p) = &partition {
            args.extend(["--partition", p]);
        }
        let out = run_in(root, &args, &[]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let mut row: serde_json::Value = serde_json::from_str(l).unwrap();
                row.as_object_mut().unwrap().remove("elapsed_ms");
                row.to_string()
            })
            .collect()
    };
    let whole = rows(None);
    assert_eq!(whole.len(), 14);
    for n in [2, 5] {
        let parts: Vec<Vec<String>> = (0..n).map(|k| rows(Some(format!("{k}/{n}")))).collect();
        for (k, part) in parts.iter().enumerate() {
            let expected: Vec<String> = whole.iter().skip(k).step_by(n).cloned().collect();
            assert_eq!(part, &expected, "partition {k}/{n}");
        }
    }
}

/// Parts for the refusals: partitions 0 and 1 of 2 of one run, and
/// partition 1 of 2 of a run with another seed, and 1 of 3.
fn tangram_parts(dir: &Path) {
    for (name, seed, partition) in [
        ("a0.json", "1", "0/2"),
        ("a1.json", "1", "1/2"),
        ("b1.json", "2", "1/2"),
        ("c1.json", "1", "1/3"),
    ] {
        let out = run_in(
            dir,
            &[
                "generate",
                "tangram",
                "--count",
                "4",
                "--seed",
                seed,
                "--partition",
                partition,
                "--out",
                name,
            ],
            &[],
        );
        expect_code(&out, 0, name);
    }
}

#[test]
fn parts_that_overlap_disagree_or_leave_a_gap_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    tangram_parts(dir.path());
    let before = "not to be touched";
    write(dir.path(), "kept.json", before);
    let cases: [(&[&str], &str); 6] = [
        (
            &["a0.json", "a1.json", "a1.json"],
            "overlap: both are partition 1 of 2",
        ),
        (&["a0.json", "b1.json"], "their sources differ"),
        (
            &["a0.json", "c1.json"],
            "their numbers of partitions differ (2 and 3)",
        ),
        (&["a0.json"], "a gap: no part given for partition 1 of 2"),
        (&["a1.json"], "a gap: no part given for partition 0 of 2"),
        (&["a0.json", "whole.json"], "whole.json: "),
    ];
    for (parts, words) in cases {
        for out_name in ["new.json", "kept.json"] {
            let mut args = vec!["pack", "merge", out_name];
            args.extend(parts);
            let out = run_in(dir.path(), &args, &[]);
            expect_code(&out, 1, words);
            let said = stderr(&out);
            assert!(said.contains(words), "{parts:?}: {said}");
            assert!(said.contains("nothing was written"), "{parts:?}: {said}");
            assert!(!dir.path().join("new.json").exists(), "{parts:?}");
            assert_eq!(
                std::fs::read_to_string(dir.path().join("kept.json")).unwrap(),
                before
            );
        }
    }
    // A pack that is not a part.
    write(
        dir.path(),
        "plain.json",
        include_str!("../assets/sample-pack.json"),
    );
    let out = run_in(
        dir.path(),
        &["pack", "merge", "new.json", "plain.json"],
        &[],
    );
    expect_code(&out, 1, "plain");
    assert!(
        stderr(&out).contains("not a part of a partitioned run"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("new.json").exists());
    // A part whose field was edited to claim indices not its own.
    let edited = std::fs::read_to_string(dir.path().join("a1.json"))
        .unwrap()
        .replacen("\"k\": 1", "\"k\": 0", 1);
    write(dir.path(), "edited.json", &edited);
    let out = run_in(
        dir.path(),
        &["pack", "merge", "new.json", "a0.json", "edited.json"],
        &[],
    );
    expect_code(&out, 1, "edited");
    assert!(
        stderr(&out).contains("a damaged part: index 1 is not one of partition 0"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("new.json").exists());
}

#[test]
fn bad_partition_values_are_usage_errors_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "pack.json",
        include_str!("../assets/sample-pack.json"),
    );
    let commands: [&[&str]; 5] = [
        &["analyze", "pack.json"],
        &[
            "pack",
            "check",
            "pack.json",
            "--update",
            "--out",
            "part.json",
        ],
        &["pack", "stats", "pack.json", "--out", "part.json"],
        &["generate", "tangram", "--out", "part.json"],
        &["generate", "skiddy", "--out", "part.json"],
    ];
    let values = [
        ("0/0", "at least 1 partition"),
        ("3/2", "partition 3 does not exist"),
        ("x/4", "\"x\" is not a partition index"),
        ("2", "is not K/N"),
    ];
    for command in commands {
        for (value, words) in values {
            let args = [command, &["--partition", value]].concat();
            let out = run_in(dir.path(), &args, &[]);
            expect_code(&out, 2, value);
            assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
        }
        // auto/N with no index, and with one that is not below N.
        let args = [command, &["--partition", "auto/4"]].concat();
        let out = run_in(dir.path(), &args, &[]);
        expect_code(&out, 2, "auto without index");
        assert!(stderr(&out).contains("neither is set"), "{}", stderr(&out));
        for (variable, value) in [(KUBERNETES, "4"), (SLURM, "x")] {
            let out = run_in(dir.path(), &args, &[(variable, value.to_string())]);
            expect_code(&out, 2, "auto with a bad index");
            assert!(
                stderr(&out).contains(&format!(
                    "{variable}=\"{value}\" is not a partition index from 0 to 3"
                )),
                "{}",
                stderr(&out)
            );
        }
        assert!(!dir.path().join("part.json").exists(), "{command:?}");
    }
    // With --partition, --update writes a part: it needs --out.
    let out = run_in(
        dir.path(),
        &[
            "pack",
            "check",
            "pack.json",
            "--update",
            "--partition",
            "0/2",
        ],
        &[],
    );
    expect_code(&out, 2, "update without out");
    assert!(stderr(&out).contains("give --out PART"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("pack.json")).unwrap(),
        include_str!("../assets/sample-pack.json")
    );
    // A part never replaces the pack it is a part of.
    for command in ["check", "stats"] {
        let mut args = vec![
            "pack",
            command,
            "pack.json",
            "--partition",
            "0/2",
            "--out",
            "./pack.json",
        ];
        if command == "check" {
            args.push("--update");
        }
        let out = run_in(dir.path(), &args, &[]);
        expect_code(&out, 2, "out is the pack");
        assert!(
            stderr(&out).contains("--out is the pack itself"),
            "{}",
            stderr(&out)
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("pack.json")).unwrap(),
            include_str!("../assets/sample-pack.json")
        );
    }
    // A generator's part is a pack.
    let out = run_in(
        dir.path(),
        &[
            "generate",
            "tangram",
            "--partition",
            "0/2",
            "--out",
            "one.txt",
        ],
        &[],
    );
    expect_code(&out, 2, "txt part");
    assert!(
        stderr(&out).contains("--out must be a pack (.json)"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("one.txt").exists());
}
