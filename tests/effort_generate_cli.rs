//! `--min-effort`/`--max-effort` on every `generate` subcommand (issue
//! 41): each kept level's effort score lies in the range, the same seed
//! gives the same levels, a range nobody reaches ends with a clear "no
//! level" after the kind's caps, and a reversed range is refused.

use crate::common::{levelscope, path, stderr};
use levelscope::engine::Job;
use levelscope::kinds::Level;

/// The small parameters of each subcommand, and its cap option with a
/// small value.
const KINDS: [(&[&str], [&str; 2]); 3] = [
    (
        &[
            "skiddy",
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
            "--min-perfect",
            "2",
        ],
        ["--max-candidates", "30"],
    ),
    (
        &["prism", "--width", "6", "--height", "6"],
        ["--max-tries", "3"],
    ),
    (&["tangram", "--preset", "easy"], ["--max-growths", "3"]),
];

/// Runs `generate` with `args` and `extra` writing `out`; the levels of
/// the pack written, or the run's error stream and exit code.
fn generate(
    args: &[&str],
    extra: &[&str],
    out: &std::path::Path,
) -> Result<Vec<Level>, (String, i32)> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    all.extend_from_slice(extra);
    all.extend_from_slice(&["--count", "4", "--seed", "3", "--out", path(out)]);
    let run = levelscope(&all);
    if run.status.code() != Some(0) {
        return Err((stderr(&run), run.status.code().unwrap_or(-1)));
    }
    let pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    Ok(pack["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| Level::from_json_value(&entry["level"]).unwrap())
        .collect())
}

/// A level's effort score, analysed afresh.
fn score(level: &Level) -> f64 {
    let analysis = level.analyze(&Job::default()).unwrap();
    analysis.effort().expect("a kept level is scored").score
}

#[test]
fn every_generate_subcommand_keeps_only_levels_within_the_effort_range() {
    let dir = tempfile::tempdir().unwrap();
    for (args, _) in KINDS {
        let open = generate(args, &[], &dir.path().join("open.json")).unwrap();
        let mut scores: Vec<f64> = open.iter().map(score).collect();
        scores.sort_by(f64::total_cmp);
        // A bound the open run's easiest level fails.
        let min = scores[scores.len() - 1];
        assert!(scores[0] < min, "{args:?}: {scores:?}");
        let bound = format!("{min}");
        let extra = ["--min-effort", bound.as_str()];
        let kept = generate(args, &extra, &dir.path().join("a.json")).unwrap();
        assert_eq!(kept.len(), 4, "{args:?}");
        for level in &kept {
            assert!(score(level) >= min, "{args:?}: {} < {min}", score(level));
        }
        let again = generate(args, &extra, &dir.path().join("b.json")).unwrap();
        assert_eq!(again, kept, "{args:?}: the same seed gives the same levels");
    }
}

#[test]
fn an_effort_nobody_reaches_ends_with_no_level_and_a_reversed_range_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("none.json");
    for (args, cap) in KINDS {
        let mut extra = vec!["--min-effort", "1000"];
        extra.extend_from_slice(&cap);
        let (said, code) = generate(args, &extra, &out).unwrap_err();
        assert_eq!(code, 1, "{args:?}: {said}");
        assert!(
            said.contains("no level was generated; nothing was written"),
            "{said}"
        );
        assert!(
            said.contains("no level found after 30 candidates")
                || said.contains("with effort at least 1000.0 in 3 "),
            "{args:?}: {said}"
        );
        assert!(!out.exists());
        let (said, code) =
            generate(args, &["--min-effort", "5", "--max-effort", "2"], &out).unwrap_err();
        assert_eq!(code, 2, "{args:?}: {said}");
        assert!(
            said.contains("the least effort (5) is more than the most (2)"),
            "{said}"
        );
    }
}

#[test]
fn every_generated_level_is_stored_with_its_effort() {
    let dir = tempfile::tempdir().unwrap();
    for (args, _) in KINDS {
        let out = dir.path().join("stored.json");
        let levels = generate(args, &[], &out).unwrap();
        let pack: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        for (entry, level) in pack["levels"].as_array().unwrap().iter().zip(&levels) {
            let stored = entry["summary"]["effort"]["score"].as_f64();
            let fresh = (score(level) * 10_000.0).round() / 10_000.0;
            assert_eq!(stored, Some(fresh), "{args:?}: {entry}");
        }
    }
}
