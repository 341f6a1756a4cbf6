//! One numbering for every command that reads levels: `FILE#index` is the
//! entry's number in the file (a damaged entry keeps its number and is
//! named), an index that is no level's says so, and a file of several
//! levels named where one is meant is refused; `diff` and `pack diff` exit
//! non-zero for what they cannot vouch for.

use std::path::{Path, PathBuf};

use crate::common::{json_lines, levelscope, path, stderr};

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A Skiddy level in the pack format, `rows` its board.
fn entry(name: &str, rows: &[&str]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
    format!(
        "{{\"name\": {name:?}, \"level\": {{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"skiddy\", \"rows\": [{}]}}}}",
        rows.join(", ")
    )
}

const CLEAN: [&str; 5] = ["######", "#R.R.#", "#.#..#", "#oo..#", "##r###"];
const DEAD_END: [&str; 5] = ["######", "#R.R.#", "#.#..#", "#o...#", "##r###"];
/// A row of the wrong width with an unknown character: the entry cannot be
/// read.
const BROKEN: [&str; 3] = ["#####", "#RX.r#", "#####"];

/// A pack of five entries whose entry 1 cannot be read: 0 "clean", 1
/// broken, 2 "dead end", 3 "clean again", 4 "last".
fn damaged_pack(dir: &Path) -> PathBuf {
    let entries = [
        entry("clean", &CLEAN),
        entry("broken", &BROKEN),
        entry("dead end", &DEAD_END),
        entry("clean again", &CLEAN),
        entry("last", &DEAD_END),
    ];
    let file = dir.join("damaged.json");
    std::fs::write(
        &file,
        format!(
            "{{\"format\": \"levelscope-pack\", \"version\": 1, \"name\": \"d\", \"levels\": [\n{}\n]}}\n",
            entries.join(",\n")
        ),
    )
    .unwrap();
    file
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

fn collection() -> String {
    format!(
        "{}/tests/fixtures/sokoban/own.xsb",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn diff_names_entries_by_their_number_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let pack = damaged_pack(dir.path());
    let at = |i: &str| format!("{}#{i}", path(&pack));
    // #2 is the file's entry 2 ("dead end"), not the third readable one.
    let out = levelscope(&["diff", &at("0"), &at("2"), "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let diff = &json_lines(&out)[0];
    assert_eq!(diff["change"], "worse");
    assert_eq!(diff["after"]["file"], at("2"));
    // #4 exists: the count is of every entry of the file.
    let last = levelscope(&["diff", &at("3"), &at("4")]);
    assert_eq!(last.status.code(), Some(1), "{}", stderr(&last));
    assert!(
        stdout(&last).contains("verdict: worse"),
        "{}",
        stdout(&last)
    );
    let past = levelscope(&["diff", &at("0"), &at("5")]);
    assert_eq!(past.status.code(), Some(2));
    assert!(
        stderr(&past).contains("there is no level #5: the file holds 5 levels (0 to 4)"),
        "{}",
        stderr(&past)
    );
    // The damaged entry is named, with why.
    let damaged = levelscope(&["diff", &at("1"), &at("0")]);
    assert_eq!(damaged.status.code(), Some(2));
    let said = stderr(&damaged);
    assert!(said.contains("entry 1 cannot be read: level: "), "{said}");
    assert!(damaged.stdout.is_empty());
}

#[test]
fn an_index_that_is_no_level_number_says_so_when_the_file_exists() {
    let dir = tempfile::tempdir().unwrap();
    let pack = damaged_pack(dir.path());
    let level = write(dir.path(), "level.txt", &(CLEAN.join("\n") + "\n"));
    let huge = "99999999999999999999999999";
    for index in ["-1", "x", huge, ""] {
        let spec = format!("{}#{index}", path(&pack));
        let runs: [Vec<&str>; 5] = [
            vec!["diff", &spec, path(&level)],
            vec!["textconv", &spec],
            vec!["play", &spec, "D"],
            vec!["analyze", &spec],
            vec!["convert", &spec, "--to", "json", "--out", "out.json"],
        ];
        for args in runs {
            let out = levelscope(&args);
            let said = stderr(&out);
            assert!(
                said.contains("is not a level number (0 to 4)"),
                "{args:?}: {said}"
            );
            assert!(!said.contains("No such file"), "{args:?}: {said}");
            assert_ne!(out.status.code(), Some(0), "{args:?}");
        }
    }
    // A level file holds one level: its only number is 0.
    let out = levelscope(&["textconv", &format!("{}#1", path(&level))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("there is no level #1: the file holds 1 level (only 0)"),
        "{}",
        stderr(&out)
    );
    // A file whose own name holds a '#' is still that file.
    let hashed = write(dir.path(), "level#1.txt", &(CLEAN.join("\n") + "\n"));
    let out = levelscope(&["textconv", path(&hashed)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("#R.R.#"));
}

#[test]
fn textconv_names_damaged_entries_in_their_places_and_keeps_the_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let pack = damaged_pack(dir.path());
    let out = levelscope(&["textconv", path(&pack), "--max-states", "100000"]);
    // git shows nothing of a file whose textconv fails: the text is
    // printed and the exit code is 0.
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("pack \"d\", 5 levels (1 cannot be read)\n"),
        "{text}"
    );
    assert!(
        text.contains("\n#1 level: cannot be read: level: "),
        "{text}"
    );
    assert!(text.contains("\n#2 level \"dead end\""), "{text}");
    assert!(text.contains("\n#4 level \"last\""), "{text}");
    assert!(
        stderr(&out).contains("damaged.json: error: entry 1 cannot be read: level: "),
        "{}",
        stderr(&out)
    );
    // A pack cut short names the cut where the next entry should be.
    let whole = std::fs::read_to_string(&pack).unwrap();
    let cut = write(
        dir.path(),
        "cut.json",
        &whole[..whole.rfind("{\"name\": \"last\"").unwrap() + 12],
    );
    let out = levelscope(&["textconv", path(&cut)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("\n#3 level \"clean again\""), "{text}");
    assert!(
        text.contains("\n#4 level: cannot be read: the file is cut short"),
        "{text}"
    );
    assert!(stderr(&out).contains("entry 4 cannot be read: the file is cut short"));
    // One entry by its number.
    let one = levelscope(&["textconv", &format!("{}#2", path(&pack))]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert!(
        stdout(&one).starts_with("level \"dead end\""),
        "{}",
        stdout(&one)
    );
}

#[test]
fn play_analyze_and_convert_take_one_level_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let xsb = collection();
    // A bare collection is refused where one level is meant.
    let out = levelscope(&["play", &xsb, "R"]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert!(
        said.contains("the file holds 3 levels: name one as FILE#index (0 to 2), e.g. "),
        "{said}"
    );
    assert!(out.stdout.is_empty());
    // FILE#1 plays the collection's second level ("Detour").
    let out = levelscope(&["play", &format!("{xsb}#1"), "R"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("#@$   #"), "{}", stdout(&out));
    // analyze FILE#2 analyses that level alone.
    let out = levelscope(&["analyze", &format!("{xsb}#2"), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["file"], format!("{xsb}#2"));
    // convert FILE#0 writes that level alone, in a one-level format.
    let target = dir.path().join("corner.xsb");
    let out = levelscope(&[
        "convert",
        &format!("{xsb}#0"),
        "--to",
        "xsb",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.contains("#@  #"), "{written}");
    assert!(!written.contains("Detour"), "{written}");
    // A damaged entry of a pack is named, and nothing is written.
    let pack = damaged_pack(dir.path());
    let target = dir.path().join("one.txt");
    let out = levelscope(&[
        "convert",
        &format!("{}#1", path(&pack)),
        "--to",
        "skiddy-ascii",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("entry 1 cannot be read"),
        "{}",
        stderr(&out)
    );
    assert!(!target.exists());
    let out = levelscope(&["analyze", &format!("{}#1", path(&pack)), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let row = &json_lines(&out)[0];
    assert_eq!(row["file"], format!("{}#1", path(&pack)));
    assert!(
        row["error"]
            .as_str()
            .unwrap()
            .starts_with("levels[1] cannot be read"),
        "{row}"
    );
}

#[test]
fn diff_of_two_kinds_does_not_compare_cells_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let skiddy = write(dir.path(), "skiddy.txt", &(CLEAN.join("\n") + "\n"));
    let sokoban = format!("{}#0", collection());
    let out = levelscope(&["diff", path(&skiddy), &sokoban]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("cells: not compared: the kinds differ (a Skiddy level and a Sokoban level)"),
        "{text}"
    );
    assert!(!text.contains("cells: 0 changed"), "{text}");
    let out = levelscope(&["diff", path(&skiddy), &sokoban, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let diff = &json_lines(&out)[0];
    assert_eq!(diff["change"], "different");
    assert_eq!(diff["cells"], serde_json::Value::Null);
    assert!(
        diff["why"]
            .as_str()
            .unwrap()
            .starts_with("the kinds differ"),
        "{diff}"
    );
}

#[test]
fn diff_exits_1_when_an_analysis_stopped_and_the_versions_cannot_be_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.txt", &(CLEAN.join("\n") + "\n"));
    let b = write(dir.path(), "b.txt", &(DEAD_END.join("\n") + "\n"));
    let out = levelscope(&["diff", path(&a), path(&b), "--max-states", "2", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let diff = &json_lines(&out)[0];
    assert_eq!(diff["change"], "different");
    assert!(
        diff["why"].as_str().unwrap().contains("not comparable"),
        "{diff}"
    );
}

#[test]
fn pack_diff_exits_1_when_a_level_became_another_kind() {
    let dir = tempfile::tempdir().unwrap();
    let sample = format!("{}/assets/sample-pack.json", env!("CARGO_MANIFEST_DIR"));
    let mut pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sample).unwrap()).unwrap();
    let levels = pack["levels"].as_array_mut().unwrap();
    levels.truncate(2);
    let old = write(dir.path(), "old.json", &pack.to_string());
    // Level 1 keeps its name and becomes a Sokoban level.
    pack["levels"][1]["level"] = serde_json::json!({
        "format": "levelscope-level", "version": 1, "kind": "sokoban", "width": 5, "height": 3,
        "rows": ["#####", "#@$.#", "#####"]
    });
    let new = write(dir.path(), "new.json", &pack.to_string());
    let out = levelscope(&["pack", "diff", path(&old), path(&new)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("a Skiddy level became a Sokoban level, cells not compared: different"),
        "{text}"
    );
    assert!(
        text.contains("the pack has levels that cannot be ranked"),
        "{text}"
    );
    let out = levelscope(&["pack", "diff", path(&old), path(&new), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let diff = &json_lines(&out)[0];
    assert_eq!(diff["change"], "different");
    assert_eq!(diff["changed"][0]["cells"], serde_json::Value::Null);
}

#[test]
fn pack_diff_names_each_damaged_entry_and_the_command_that_saves_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let pack = damaged_pack(dir.path());
    let out = levelscope(&["pack", "diff", path(&pack), path(&pack)]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert!(said.contains("entry 1 (level: "), "{said}");
    let command = format!(
        "levelscope pack export {} --json {} --skip-damaged",
        path(&pack),
        path(&dir.path().join("damaged-readable.json"))
    );
    assert!(said.contains(&command), "{said}");
    assert!(out.stdout.is_empty());
}

#[test]
fn pack_add_that_adds_nothing_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.txt", "#####\n#RX.r#\n#####\n");
    let missing = dir.path().join("missing.txt");
    // No pack is made.
    let new_pack = dir.path().join("new.json");
    let out = levelscope(&["pack", "add", path(&new_pack), path(&bad), path(&missing)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!new_pack.exists(), "an empty pack was made");
    assert!(
        stderr(&out).contains("no level was added; nothing was written"),
        "{}",
        stderr(&out)
    );
    // An existing pack is not rewritten: its bytes stay as they are.
    let kept = "{\"format\": \"levelscope-pack\", \"version\": 1, \"name\": \"k\", \"levels\": []}";
    let old_pack = write(dir.path(), "old.json", kept);
    let out = levelscope(&["pack", "add", path(&old_pack), path(&bad)]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&old_pack).unwrap(), kept);
}
