//! XSB files as they exist in the wild, on the command line as a process:
//! collections with one bad level, Latin-1 files, CR-only line ends,
//! names XSB would change, and titles far too long to echo whole.

use std::path::PathBuf;

use crate::common::{json_lines, levelscope, path, stderr};

/// A fresh folder for one test.
fn workdir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("levelscope-xsb-wild-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Three levels; the second ("Two", from line 9) has an `x` in its row at
/// line 10.
const ONE_BAD: &str = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n\n; Three\n\n#####\n#.$@#\n#####\n";

/// The names of the levels of the pack at `pack`.
fn pack_names(pack: &std::path::Path) -> Vec<String> {
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(pack).unwrap()).unwrap();
    value["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_bad_level_is_named_and_the_rest_of_the_collection_is_read() {
    let dir = workdir("one-bad");
    let file = dir.join("c.xsb");
    std::fs::write(&file, ONE_BAD).unwrap();

    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows = json_lines(&out);
    let files: Vec<&str> = rows.iter().filter_map(|r| r["file"].as_str()).collect();
    assert!(files.iter().any(|f| f.ends_with("c.xsb#0")), "{rows:?}");
    assert!(files.iter().any(|f| f.ends_with("c.xsb#2")), "{rows:?}");
    let damaged = rows
        .iter()
        .find(|r| r["file"].as_str().is_some_and(|f| f.ends_with("c.xsb#1")))
        .expect("a row for the bad level");
    let error = damaged["error"].as_str().unwrap();
    assert!(
        error.contains("\"Two\" starting at line 9: line 10, column 3: unknown character 'x'"),
        "{error}"
    );

    let pack = dir.join("p.json");
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&pack),
        path(&file),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("level #1 not added: the level \"Two\" starting at line 9"),
        "{}",
        stderr(&out)
    );
    assert_eq!(pack_names(&pack), ["One", "Three"]);

    // Converting it whole would lose the bad level: refused, nothing written.
    let again = dir.join("again.xsb");
    let out = levelscope(&["convert", path(&file), "--to", "xsb", "--out", path(&again)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("entry 1 (the level \"Two\""),
        "{}",
        stderr(&out)
    );
    assert!(!again.exists());
}

#[test]
fn a_latin1_collection_is_read_and_the_encoding_named() {
    let dir = workdir("latin1");
    let file = dir.join("caf.xsb");
    let mut bytes = b"; Caf".to_vec();
    bytes.push(0xe9);
    bytes.extend_from_slice(b"\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#.$@#\n#####\n");
    std::fs::write(&file, bytes).unwrap();
    let note = "it was read as Latin-1 (ISO 8859-1)";

    let out = levelscope(&["analyze", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(note), "{}", stderr(&out));

    let pack = dir.join("p.json");
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&pack),
        path(&file),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(note), "{}", stderr(&out));
    assert_eq!(pack_names(&pack), ["Caf\u{e9}", "Two"]);

    let json = dir.join("caf.json");
    let out = levelscope(&["convert", path(&file), "--to", "json", "--out", path(&json)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains(note), "{}", stderr(&out));
    assert_eq!(pack_names(&json), ["Caf\u{e9}", "Two"]);

    let out = levelscope(&["play", path(&file), "r"]);
    assert!(stderr(&out).contains(note), "{}", stderr(&out));

    // A JSON level that is not UTF-8 is still refused.
    let bad_json = dir.join("bad.json");
    let mut bytes =
        br#"{"format": "levelscope-level", "version": 1, "kind": "sokoban", "name": "Caf"#.to_vec();
    bytes.extend_from_slice(&[0xe9]);
    bytes.extend_from_slice(br####"", "width": 3, "height": 1, "rows": ["#@#"]}"####);
    std::fs::write(&bad_json, bytes).unwrap();
    let out = levelscope(&["analyze", path(&bad_json)]);
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("not UTF-8"), "{}", stderr(&out));
}

#[test]
fn cr_line_ends_and_a_cr_in_a_title_survive_xsb_json_xsb() {
    let dir = workdir("cr");
    let file = dir.join("mac.xsb");
    std::fs::write(&file, "; Corner\rby hand\r\r#####\r#@$.#\r#####\r").unwrap();
    let json = dir.join("mac.json");
    let out = levelscope(&["convert", path(&file), "--to", "json", "--out", path(&json)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let back = dir.join("back.xsb");
    let out = levelscope(&["convert", path(&json), "--to", "xsb", "--out", path(&back)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&back).unwrap(),
        "; Corner\n\n#####\n#@$.#\n#####\n"
    );
}

#[test]
fn a_name_xsb_would_change_is_refused_by_level_or_its_loss_said() {
    let dir = workdir("names");
    let json = dir.join("spaced.json");
    std::fs::write(
        &json,
        r######"{"format": "levelscope-level", "version": 1, "kind": "sokoban", "name": "  Level 1", "width": 5, "height": 3, "rows": ["#####", "#@$.#", "#####"]}"######,
    )
    .unwrap();
    let xsb = dir.join("spaced.xsb");
    let out = levelscope(&["convert", path(&json), "--to", "xsb", "--out", path(&xsb)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("level #0 \"  Level 1\": XSB cannot say this level: the name \"  Level 1\" begins or ends with white space"),
        "{}",
        stderr(&out)
    );
    assert!(!xsb.exists());

    let pack = dir.join("p.json");
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&pack),
        path(&json),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let folder = dir.join("out");
    let out = levelscope(&["pack", "export", path(&pack), "--ascii", path(&folder)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("note: written without the level's name: level #0 \"  Level 1\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_100_kb_title_is_shortened_in_every_message() {
    let dir = workdir("long-title");
    let title = "T".repeat(100_000);
    let file = dir.join("long.xsb");
    std::fs::write(
        &file,
        format!("; {title}\n\n#####\n#@$.#\n#####\n\n; {title}\n\n#####\n#.$@#\n#####\n"),
    )
    .unwrap();
    let pack = dir.join("p.json");
    let short = |out: &std::process::Output| {
        for line in stdout(out).lines().chain(stderr(out).lines()) {
            assert!(line.len() < 300, "a line of {} bytes", line.len());
        }
    };
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&pack),
        path(&file),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("(100000 characters)"),
        "{}",
        stdout(&out)
    );
    short(&out);
    for args in [
        vec!["pack", "check", path(&pack)],
        vec!["pack", "stats", path(&pack)],
        vec!["pack", "dedupe", path(&pack)],
    ] {
        let out = levelscope(&args);
        assert!(stdout(&out).contains("TTTT"), "{args:?}: {}", stdout(&out));
        short(&out);
    }
    let other = dir.join("other.json");
    let corner = dir.join("corner.xsb");
    std::fs::write(&corner, "; Corner\n\n#####\n#@$.#\n#####\n").unwrap();
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "1000",
        path(&other),
        path(&corner),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = levelscope(&["pack", "diff", path(&other), path(&pack)]);
    assert!(
        stdout(&out).contains("added:   #0 \"TTTT"),
        "{}",
        stdout(&out)
    );
    short(&out);
}
