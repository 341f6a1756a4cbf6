//! Packs written by hand: fields levelscope does not know are kept, in
//! order, through every rewrite; a key given twice and a known field of
//! the wrong type are refused, never resolved silently; the damage of a
//! pack is reported by every command that reads it, and the advice for
//! saving its readable levels works when followed.

use std::path::Path;

use crate::common;

use common::{levelscope, path, stderr};
use serde_json::Value;

/// A Skiddy JSON level with these rows.
fn level(rows: &[&str]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        "{{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"skiddy\", \"rows\": [{}]}}",
        rows.join(", ")
    )
}

const ONE: [&str; 4] = ["#####", "#R.R#", "#...#", "#r###"];
const TWO: [&str; 4] = ["#####", "#B..#", "#...#", "#b###"];
const THREE: [&str; 4] = ["######", "#R..R#", "#....#", "#r####"];

/// A pack as a designer (or another tool) writes it: an author and a
/// licence around the levels, a rating and a review in the entries.
fn hand_written() -> String {
    format!(
        r#"{{
  "format": "levelscope-pack",
  "version": 1,
  "author": "Ana",
  "name": "hand",
  "levels": [
    {{"name": "a", "rating": 5, "level": {}, "reviewed": {{"by": "Bo", "on": [2024, 5]}}}},
    {{"name": "b", "tags": ["easy"], "level": {}}}
  ],
  "licence": "CC-BY"
}}
"#,
        level(&ONE),
        level(&TWO)
    )
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

/// Asserts that the pack file at `file` kept every unknown field, in order.
fn assert_unknown_fields_kept(file: &Path, what: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let pack: Value = serde_json::from_str(&text).unwrap();
    let top: Vec<&str> = keys(&pack)
        .into_iter()
        .filter(|k| !["format", "version", "name", "levels"].contains(k))
        .collect();
    assert_eq!(top, ["author", "licence"], "{what}: {text}");
    assert_eq!(pack["author"], "Ana", "{what}");
    assert_eq!(pack["licence"], "CC-BY", "{what}");
    let first = &pack["levels"][0];
    let entry: Vec<&str> = keys(first)
        .into_iter()
        .filter(|k| !["name", "tags", "notes", "level", "summary", "summary_of"].contains(k))
        .collect();
    assert_eq!(entry, ["rating", "reviewed"], "{what}: {text}");
    assert_eq!(first["rating"], 5, "{what}");
    assert_eq!(
        first["reviewed"],
        serde_json::json!({"by": "Bo", "on": [2024, 5]}),
        "{what}"
    );
    assert_eq!(pack["levels"][1]["tags"], serde_json::json!(["easy"]));
}

#[test]
fn unknown_fields_survive_every_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    std::fs::write(&pack, hand_written()).unwrap();
    let extra = dir.path().join("three.txt");
    std::fs::write(&extra, THREE.join("\n") + "\n").unwrap();

    let out = levelscope(&["pack", "add", path(&pack), path(&extra)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_unknown_fields_kept(&pack, "pack add");

    let out = levelscope(&["pack", "check", path(&pack), "--update"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_unknown_fields_kept(&pack, "check --update");

    let deduped = dir.path().join("d.json");
    let out = levelscope(&["pack", "dedupe", path(&pack), "--write", path(&deduped)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_unknown_fields_kept(&deduped, "dedupe --write");

    let exported = dir.path().join("e.json");
    let out = levelscope(&["pack", "export", path(&pack), "--json", path(&exported)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_unknown_fields_kept(&exported, "export --json");

    let converted = dir.path().join("c.json");
    let out = levelscope(&[
        "convert",
        path(&pack),
        "--to",
        "json",
        "--out",
        path(&converted),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_unknown_fields_kept(&converted, "convert --to json");
    let text = std::fs::read_to_string(&converted).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&exported).unwrap(),
        "a pack converted to JSON is the same pack"
    );
}

#[test]
fn the_editor_saves_a_pack_with_its_unknown_fields() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    std::fs::write(&pack, hand_written()).unwrap();
    let mut harness = common::editor::editor();
    harness.state_mut().open_path(&pack);
    harness.step();
    harness.state_mut().save_pack();
    assert_unknown_fields_kept(&pack, "the editor's save");
}

#[test]
fn a_key_given_twice_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    // Two "levels" lists: which one is meant cannot be known.
    let two_lists = hand_written().replacen(
        "\"licence\": \"CC-BY\"",
        &format!(
            "\"licence\": \"CC-BY\",\n  \"levels\": [{{\"name\": \"c\", \"level\": {}}}]",
            level(&THREE)
        ),
        1,
    );
    std::fs::write(&pack, &two_lists).unwrap();
    let extra = dir.path().join("three.txt");
    std::fs::write(&extra, THREE.join("\n") + "\n").unwrap();
    let out = levelscope(&["pack", "add", path(&pack), path(&extra)]);
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.contains("the key \"levels\" appears twice in the pack (line 11, column 3)"),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), two_lists);

    // Twice inside an entry: that entry cannot be read, the others can.
    let twice = hand_written().replacen("\"rating\": 5,", "\"rating\": 5, \"rating\": 1,", 1);
    std::fs::write(&pack, &twice).unwrap();
    let out = levelscope(&["pack", "stats", path(&pack), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.contains("levels[0] cannot be read, skipped: the key \"rating\" appears twice in levels[0] (line 7, column 32)"),
        "{said}"
    );
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["levels"], 1);
    assert_eq!(stats["damaged"], 1);
    let out = levelscope(&["pack", "add", path(&pack), path(&extra)]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), twice);
}

#[test]
fn a_known_field_of_the_wrong_type_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    let extra = dir.path().join("three.txt");
    std::fs::write(&extra, THREE.join("\n") + "\n").unwrap();
    let object_name =
        hand_written().replacen("\"name\": \"hand\"", "\"name\": {\"en\": \"hand\"}", 1);
    std::fs::write(&pack, &object_name).unwrap();
    let out = levelscope(&["pack", "add", path(&pack), path(&extra)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the pack's \"name\" is an object, not a string"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), object_name);

    let number_tags = hand_written().replacen("\"tags\": [\"easy\"]", "\"tags\": 3", 1);
    std::fs::write(&pack, &number_tags).unwrap();
    let out = levelscope(&["pack", "check", path(&pack), "--update"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "levels[1] cannot be read, skipped: \"tags\" is a number, not a list of strings"
        ),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), number_tags);
}

/// The hand-written pack with a third entry.
fn with_a_third_entry() -> String {
    hand_written().replacen(
        "\n  ],",
        &format!(
            ",\n    {{\"name\": \"c\", \"level\": {}}}\n  ],",
            level(&THREE)
        ),
        1,
    )
}

/// The pack of three entries, its second of a kind that does not exist.
fn damaged_pack() -> String {
    with_a_third_entry().replacen(&level(&TWO), &level(&TWO).replace("skiddy", "nonsense"), 1)
}

#[test]
fn the_advice_for_a_damaged_pack_works_when_followed() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    let text = damaged_pack();
    std::fs::write(&pack, &text).unwrap();
    let out = levelscope(&["pack", "dedupe", path(&pack), "--write", path(&pack)]);
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    let advice = said
        .split("save the readable levels under another name: levelscope ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no advice in {said}"));
    let other = dir.path().join("p-readable.json");
    assert_eq!(
        advice,
        format!(
            "pack export {} --json {} --skip-damaged",
            path(&pack),
            path(&other)
        )
    );
    let args: Vec<&str> = advice.split(' ').collect();
    let out = levelscope(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("left out entry 1 (level: the level's kind \"nonsense\""),
        "{said}"
    );
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&other).unwrap()).unwrap();
    let names: Vec<&str> = saved["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "c"]);
    assert_eq!(saved["author"], "Ana");
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), text, "untouched");

    // The readable levels never go over the damaged pack itself.
    let out = levelscope(&[
        "pack",
        "export",
        path(&pack),
        "--json",
        path(&pack),
        "--skip-damaged",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("is the pack itself"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), text);
}

#[test]
fn every_command_reports_damage_and_keeps_the_entries_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    std::fs::write(&pack, damaged_pack()).unwrap();
    let ascii = dir.path().join("ascii");
    let sheet = dir.path().join("sheet.png");
    for args in [
        vec!["pack", "stats", path(&pack)],
        vec!["pack", "stats", path(&pack), "--json"],
        vec!["pack", "dedupe", path(&pack), "--json"],
        vec!["pack", "export", path(&pack), "--ascii", path(&ascii)],
        vec!["pack", "export", path(&pack), "--sheet", path(&sheet)],
        vec!["pack", "check", path(&pack)],
        vec!["analyze", path(&pack)],
    ] {
        let out = levelscope(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("levels[1]") || stderr(&out).contains("#1"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let mut files: Vec<String> = std::fs::read_dir(&ascii)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files, ["000-a.txt", "002-c.txt"], "entry 2 stays 002");
    assert!(sheet.exists(), "the sheet of the readable levels is drawn");
    // Duplicates are named by the entries' own numbers (c made a copy of a).
    let same = damaged_pack().replacen(&level(&THREE), &level(&ONE), 1);
    std::fs::write(&pack, same).unwrap();
    let out = levelscope(&["pack", "dedupe", path(&pack), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let groups: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(groups["groups"], serde_json::json!([[0, 2]]));
    let out = levelscope(&["pack", "stats", path(&pack)]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("\n    2 c "), "{said}");
}

#[test]
fn an_entry_nested_too_deep_is_named_and_the_others_read() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let text = with_a_third_entry();
    let text = text.replacen(
        "\"tags\": [\"easy\"],",
        &format!("\"tags\": [\"easy\"], \"deep\": {deep},"),
        1,
    );
    std::fs::write(&pack, &text).unwrap();
    let out = levelscope(&["pack", "stats", path(&pack), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let said = stderr(&out);
    assert!(
        said.contains("levels[1] cannot be read, skipped: the entry is nested deeper than the 128 levels of lists and objects a JSON reader allows (line 8, column"),
        "{said}"
    );
    assert!(!said.contains("cut short"), "{said}");
    let stats: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["levels"], 2, "the entries after it are read too");
}
