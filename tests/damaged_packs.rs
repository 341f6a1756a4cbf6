//! A damaged pack is never written back without its broken entries, its
//! damage is reported (a row per unreadable entry, exit code 1), and a
//! version this program does not understand is refused even when the file
//! is broken.

use crate::common;

use common::{levelscope, path, stderr};

use levelscope::kinds::skiddy::format::parse_ascii;
use levelscope::pack::{pack_to_json, parse_pack, Pack, PackEntry, PackError};
use serde_json::Value;

/// A pack of three small Skiddy levels, as text.
fn three_levels() -> String {
    let boards = [
        "#####\n#R.R#\n#...#\n#r###\n",
        "#####\n#B..#\n#...#\n#b###\n",
        "######\n#R..R#\n#....#\n#r####\n",
    ];
    let levels = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut e = PackEntry::new(parse_ascii(b).unwrap().into());
            e.level.set_name(format!("level {i}"));
            e
        })
        .collect();
    pack_to_json(&Pack {
        name: "three".into(),
        levels,
    })
}

/// The pack with its second entry's level made unreadable.
fn with_a_broken_entry() -> String {
    let mut value: Value = serde_json::from_str(&three_levels()).unwrap();
    value["levels"][1]["level"]["kind"] = Value::String("no such kind".into());
    serde_json::to_string_pretty(&value).unwrap()
}

/// The pack cut short right after its first complete entry.
fn cut_after_the_first_entry() -> String {
    let text = three_levels();
    let value: Value = serde_json::from_str(&text).unwrap();
    let first = serde_json::to_string_pretty(&value["levels"][0]).unwrap();
    // Find where the first entry ends in the pretty text: its last line.
    let end = text.find("\n    },").expect("entries are separated") + "\n    },".len();
    assert!(first.len() < end);
    text[..end].to_string()
}

#[test]
fn dedupe_and_export_refuse_to_drop_a_broken_entry() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    let text = with_a_broken_entry();
    std::fs::write(&pack, &text).unwrap();
    for args in [
        vec!["pack", "dedupe", path(&pack), "--write", path(&pack)],
        vec!["pack", "export", path(&pack), "--json", path(&pack)],
        vec!["convert", path(&pack), "--to", "json", "--out", path(&pack)],
    ] {
        let out = levelscope(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("entry 1"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&pack).unwrap(), text, "{args:?}");
    }
}

#[test]
fn a_pack_cut_short_after_a_complete_entry_says_so_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("cut.json");
    std::fs::write(&pack, cut_after_the_first_entry()).unwrap();
    let out = levelscope(&["analyze", "--json", path(&pack)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[0].get("states").is_some());
    assert_eq!(rows[1]["file"], format!("{}#1", path(&pack)));
    assert!(rows[1]["error"].as_str().unwrap().contains("cut short"));
    // Nor may it be written back over itself.
    let out = levelscope(&["pack", "dedupe", path(&pack), "--write", path(&pack)]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_broken_pack_of_an_unknown_version_is_refused() {
    let cut = cut_after_the_first_entry();
    let newer = cut.replacen("\"version\": 1", "\"version\": 99", 1);
    assert!(matches!(
        parse_pack(&newer),
        Err(PackError::NewerVersion(99))
    ));
    let missing = cut.replacen("\"version\": 1,", "", 1);
    let err = parse_pack(&missing).unwrap_err().to_string();
    assert!(err.contains("version is missing"), "{err}");
    let word = cut.replacen("\"version\": 1", "\"version\": \"one\"", 1);
    let err = parse_pack(&word).unwrap_err().to_string();
    assert!(err.contains("not a whole number"), "{err}");
    // The same pack with its known version reads what it can.
    let read = parse_pack(&cut).unwrap();
    assert_eq!(read.pack.levels.len(), 1);
    assert_eq!(read.damaged.len(), 1);
    assert!(read.check_writable(std::path::Path::new("p.json")).is_err());
}

/// A Tangram level with a field no reader knows (an author, written by
/// hand) is an unreadable entry like any other kind's: named, and never
/// written back without it.
#[test]
fn a_tangram_level_s_unknown_field_is_refused_by_name_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("p.json");
    let mut value: Value = serde_json::from_str(&three_levels()).unwrap();
    let tangram =
        levelscope::kinds::tangram::parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n")
            .unwrap();
    let mut level = levelscope::kinds::tangram::format::to_json_value(&tangram);
    level["author"] = Value::String("Ana".into());
    value["levels"][2]["level"] = level;
    let text = serde_json::to_string_pretty(&value).unwrap();
    std::fs::write(&pack, &text).unwrap();
    let out = levelscope(&["pack", "check", path(&pack), "--update"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains("entry 2") && said.contains("unknown field \"author\""),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&pack).unwrap(), text);
}

/// The fourth fault campaign's salvage: a pack broken in the middle by a
/// stray byte keeps every level after the break, for `analyze` (in the
/// file's numbering) and for `pack export --skip-damaged`, which names
/// what was skipped.
#[test]
fn a_pack_broken_in_the_middle_is_read_on_past_the_break() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("broken.json");
    let text = three_levels();
    let at = text.match_indices("\"rows\"").nth(1).unwrap().0;
    std::fs::write(&pack, format!("{}\u{7}{}", &text[..at], &text[at..])).unwrap();
    let out = levelscope(&["analyze", "--json", path(&pack)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows = common::json_lines(&out);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows[0].get("states").is_some());
    assert!(rows[1]["error"]
        .as_str()
        .unwrap()
        .contains("the file is broken here (line"));
    assert_eq!(rows[2]["file"], format!("{}#2", path(&pack)));
    assert!(rows[2].get("states").is_some(), "the level after the break");
    let readable = dir.path().join("readable.json");
    let out = levelscope(&[
        "pack",
        "export",
        path(&pack),
        "--json",
        path(&readable),
        "--skip-damaged",
    ]);
    assert!(stderr(&out).contains("was skipped"), "{}", stderr(&out));
    let read = parse_pack(&std::fs::read_to_string(&readable).unwrap()).unwrap();
    let names: Vec<&str> = read.pack.levels.iter().map(|e| e.level.name()).collect();
    assert_eq!(names, ["level 0", "level 2"]);
}
