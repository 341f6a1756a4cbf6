//! Bad input is answered with an error that says where and what.

use crate::common;

use common::{json_lines, levelscope, path, stderr};

use serde_json::Value;

fn sample_pack() -> Value {
    serde_json::from_str(include_str!("../assets/sample-pack.json")).unwrap()
}

#[test]
fn a_json_type_error_names_the_entry_and_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let mut pack = sample_pack();
    pack["levels"][3]["level"]["rows"][1] = Value::from(65536);
    std::fs::write(&file, pack.to_string()).unwrap();
    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out);
    let error = rows[3]["error"].as_str().unwrap();
    assert!(error.contains("levels[3]"), "{error}");
    assert!(error.contains("rows[1]"), "{error}");
    assert!(error.contains("65536"), "{error}");
}

#[test]
fn a_version_of_the_wrong_type_says_what_was_found() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let mut pack = sample_pack();
    pack["version"] = Value::from("1");
    std::fs::write(&file, pack.to_string()).unwrap();
    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let error = json_lines(&out)[0]["error"].as_str().unwrap().to_string();
    assert!(error.contains("the version is \"1\""), "{error}");
    assert!(!error.contains("missing"), "{error}");
}

#[test]
fn a_byte_order_mark_is_accepted_before_a_pack() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bom.json");
    let text = format!("\u{feff}{}", include_str!("../assets/sample-pack.json"));
    std::fs::write(&file, text).unwrap();
    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out).len(), 12);
}

#[test]
fn text_that_is_not_utf8_gives_the_byte_offset() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, b"#####\n#R\xff.R#\n").unwrap();
    let out = levelscope(&["analyze", path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("offset 8"), "{}", stderr(&out));
}

#[test]
fn zero_states_is_not_a_budget() {
    let out = levelscope(&["analyze", "--max-states", "0", "assets/1-1.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("0 is not allowed"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn export_ascii_into_a_file_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let sheet = dir.path().join("sheet.png");
    let out = levelscope(&[
        "pack",
        "export",
        "assets/sample-pack.json",
        "--ascii",
        path(&file),
        "--sheet",
        path(&sheet),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("needs a folder"), "{}", stderr(&out));
    assert!(!sheet.exists());
}

#[test]
fn an_empty_pack_says_it_holds_no_levels() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.json");
    let mut pack = sample_pack();
    pack["levels"] = Value::Array(vec![]);
    std::fs::write(&file, pack.to_string()).unwrap();
    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["error"], "the pack holds no levels");
}
