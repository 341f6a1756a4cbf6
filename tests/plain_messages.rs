//! Errors as a designer reads them: a long line or token quoted by its
//! beginning with where it is, JSON problems in words with the real
//! bounds (never a Rust type), one message for every bad Tangram `z`, and
//! file names escaped for the terminal and faithful in JSON.

use crate::common;

use common::{json_lines, levelscope, path, stderr};

/// Analyses a file holding `text` and returns what it said on stderr.
fn analyze_error(name: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let out = levelscope(&["analyze", path(&file)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    stderr(&out)
}

#[test]
fn a_long_line_or_token_is_quoted_by_its_beginning() {
    let said = analyze_error("wide.txt", &format!("{}\n", "X".repeat(3_000_000)));
    assert!(said.len() < 1000, "{} bytes", said.len());
    assert!(
        said.contains("line 1: expected the board size `W H`, found \"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\"… (3000000 characters)"),
        "{said}"
    );
    let token = format!("0 0 1 1 2 2\n{}\n", "Q".repeat(1_000_000));
    let said = analyze_error("token.txt", &token);
    assert!(said.len() < 1000, "{} bytes", said.len());
    assert!(
        said.contains("line 2, token 1, cell (0, 0): unknown token \"QQQQ"),
        "{said}"
    );
    assert!(said.contains("… (1000000 characters)"), "{said}");
}

#[test]
fn json_errors_are_in_a_designers_words() {
    let prism = |field: &str| {
        format!(
            "{{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"prism\", \"width\": 2, \"height\": 2, \"rows\": [\"e e\", \"e e\"], {field}}}"
        )
    };
    let said = analyze_error("colour.json", &prism("\"background\": [1]"));
    assert!(
        said.contains("\"background\" is [1]; it must be a colour's name (black, red, green, yellow, blue, magenta, cyan, white) or its number from 0 to 7"),
        "{said}"
    );
    assert!(!said.contains("untagged"), "{said}");
    let said = analyze_error(
        "width.json",
        &prism("\"name\": \"w\"").replace("\"width\": 2", "\"width\": -1"),
    );
    assert!(
        said.contains("\"width\" is -1; it must be a whole number from 2 to 1000"),
        "{said}"
    );
    assert!(!said.contains("usize"), "{said}");
    let skiddy = "{\"format\": \"levelscope-level\", \"version\": \"1\", \"kind\": \"skiddy\", \"rows\": [\"#####\", \"#R.r#\", \"#####\"]}";
    let said = analyze_error("version.json", skiddy);
    assert!(
        said.contains("\"version\" is \"1\"; it must be a whole number"),
        "{said}"
    );
    assert!(!said.contains("u32"), "{said}");
    let pit = skiddy
        .replace("\"1\"", "1")
        .replace("]}", "], \"in_pit\": [[-1, 1]]}");
    let said = analyze_error("pit.json", &pit);
    assert!(
        said.contains("in_pit[0][0] is -1, not a whole number of 0 or more"),
        "{said}"
    );
}

#[test]
fn a_level_file_with_a_key_twice_or_nested_too_deep_says_so() {
    let level = "{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"skiddy\",\n \"rows\": [\"#####\", \"#R.r#\", \"#####\"], \"rows\": [\"###\"]}";
    let said = analyze_error("twice.json", level);
    assert!(
        said.contains("the key \"rows\" appears twice in the level (line 2, column 39)"),
        "{said}"
    );
    let deep = level.replace(
        ", \"rows\": [\"###\"]",
        &format!(", \"x\": {}{}", "[".repeat(200), "]".repeat(200)),
    );
    let said = analyze_error("deep.json", &deep);
    assert!(
        said.contains("nested deeper than the 128 levels of lists and objects a JSON reader allows (line 2, column"),
        "{said}"
    );
}

#[test]
fn every_bad_tangram_z_gets_the_same_message() {
    for z in ["4", "255", "65536", "99999999999999999999999"] {
        let said = analyze_error("z.txt", &format!("2\n1\nshape\n0,0,{z}\n"));
        assert!(
            said.contains(&format!(
                "z = {z} is not a side of a square (0 to 3: 0 left, 1 bottom, 2 right, 3 top)"
            )),
            "{z}: {said}"
        );
    }
}

#[cfg(unix)]
#[test]
fn file_names_are_escaped_for_the_terminal_and_faithful_in_json() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let level = "#####\n#R.R#\n#...#\n#r###\n";
    let odd = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"lev\xffel\x1b[31m.txt"));
    std::fs::write(&odd, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .arg("analyze")
        .arg(&odd)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\u{1b}'),
        "no raw escape reaches the terminal"
    );
    assert!(text.contains("lev\\xffel\\u{1b}[31m.txt: "), "{text}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(["analyze", "--json"])
        .arg(&odd)
        .output()
        .unwrap();
    let rows = json_lines(&out);
    let file = rows[0]["file"].as_str().unwrap();
    assert!(file.ends_with("lev\\xffel\\u{1b}[31m.txt"), "{file}");
    let bytes: Vec<u8> = rows[0]["file_bytes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect();
    assert_eq!(bytes, odd.as_os_str().as_bytes(), "the exact name");

    // A UTF-8 name keeps its control characters in JSON (escaped by JSON
    // itself), and has no file_bytes.
    let bell = dir.path().join("bell\u{7}.txt");
    std::fs::write(&bell, level).unwrap();
    let out = levelscope(&["analyze", "--json", path(&bell)]);
    let rows = json_lines(&out);
    assert_eq!(rows[0]["file"], path(&bell));
    assert!(rows[0].get("file_bytes").is_none());
}
