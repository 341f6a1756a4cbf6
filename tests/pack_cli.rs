//! `levelscope pack ...` as a process: add, check, dedupe, stats, export,
//! and damaged packs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelscope(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levelscope-pack-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn asset(name: &str) -> String {
    format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn add_check_stats_and_export() {
    let dir = workdir("flow");
    let out = levelscope(
        &dir,
        &[
            "pack",
            "add",
            "p.json",
            &asset("1-1.txt"),
            &asset("ice-and-pits.txt"),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = levelscope(&dir, &["pack", "check", "p.json", "--min-stars", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("2 levels, 0 failing"));

    // A level with dead ends makes check fail, as a designer's CI wants.
    let out = levelscope(&dir, &["pack", "add", "p.json", &asset("dead-end.txt")]);
    assert_eq!(out.status.code(), Some(0));
    let out = levelscope(&dir, &["pack", "check", "p.json", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["name"], "dead-end");
    assert_eq!(lines[2]["passes"], false);

    let out = levelscope(&dir, &["pack", "stats", "p.json", "--json"]);
    let stats: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(stats["levels"], 3);
    assert_eq!(stats["stars"], serde_json::json!([1, 0, 0, 2]));
    // Each level's effort was stored by `pack add`; stats sums it up by
    // kind, as the levels' own scores say.
    let pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("p.json")).unwrap()).unwrap();
    let mut scores: Vec<f64> = pack["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["summary"]["effort"]["score"].as_f64().unwrap())
        .collect();
    scores.sort_by(f64::total_cmp);
    let effort = &stats["effort"]["skiddy"];
    assert_eq!(effort["scored"], 3);
    assert_eq!(effort["unscored"], 0);
    assert_eq!(effort["calibrated"], false);
    assert_eq!(effort["min"], scores[0]);
    assert_eq!(effort["median"], scores[1]);
    assert_eq!(effort["max"], scores[2]);
    let out = levelscope(&dir, &["pack", "stats", "p.json"]);
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "effort (Skiddy, relative, not calibrated on players): {:.1} to {:.1}, median {:.1}",
            scores[0], scores[2], scores[1]
        )),
        "{text}"
    );

    let out = levelscope(
        &dir,
        &[
            "pack",
            "export",
            "p.json",
            "--ascii",
            "levels",
            "--json",
            "copy.json",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let first = std::fs::read_to_string(dir.join("levels/000-1-1.txt")).unwrap();
    assert_eq!(first, "#####\n#R.R#\n#...#\n#r###\n");
    assert_eq!(std::fs::read_dir(dir.join("levels")).unwrap().count(), 3);
    assert_eq!(
        std::fs::read_to_string(dir.join("copy.json")).unwrap(),
        std::fs::read_to_string(dir.join("p.json")).unwrap()
    );
}

#[test]
fn a_stale_summary_fails_check_until_updated() {
    let dir = workdir("stale");
    levelscope(&dir, &["pack", "add", "p.json", &asset("1-1.txt")]);
    let text = std::fs::read_to_string(dir.join("p.json")).unwrap();
    std::fs::write(
        dir.join("p.json"),
        text.replace("\"states\": 10", "\"states\": 11"),
    )
    .unwrap();
    let out = levelscope(&dir, &["pack", "check", "p.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("out of date: states 11 → 10"),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        levelscope(&dir, &["pack", "check", "p.json", "--update"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        levelscope(&dir, &["pack", "check", "p.json"]).status.code(),
        Some(0)
    );
}

#[test]
fn dedupe_finds_rotations_and_keeps_the_first() {
    let dir = workdir("dedupe");
    std::fs::write(
        dir.join("a.txt"),
        "######\n#R..o#\n#.c..#\n#..B.#\n#i...#\n##r#b#\n",
    )
    .unwrap();
    // The same level turned a quarter and with red and blue swapped.
    std::fs::write(
        dir.join("b.txt"),
        "######\n#i..B#\nb..c.#\n#.R..#\nr...o#\n######\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("c.txt"),
        "######\n#R..o#\n#.c..#\n#...B#\n#i...#\n##r#b#\n",
    )
    .unwrap();
    levelscope(&dir, &["pack", "add", "p.json", "a.txt", "c.txt", "b.txt"]);
    let out = levelscope(
        &dir,
        &["pack", "dedupe", "p.json", "--json", "--write", "kept.json"],
    );
    assert_eq!(stdout(&out).trim(), r#"{"groups":[[0,2]]}"#);
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("kept.json")).unwrap()).unwrap();
    let names: Vec<&str> = kept["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "c"]);
}

#[test]
fn a_damaged_pack_keeps_its_readable_levels_and_is_not_overwritten() {
    let dir = workdir("damaged");
    levelscope(
        &dir,
        &[
            "pack",
            "add",
            "p.json",
            &asset("1-1.txt"),
            &asset("ice-and-pits.txt"),
        ],
    );
    let text = std::fs::read_to_string(dir.join("p.json")).unwrap();
    let broken = text.replace("\"#B.io#\"", "\"#B.iX#\"");
    std::fs::write(dir.join("p.json"), &broken).unwrap();
    let out = levelscope(&dir, &["pack", "stats", "p.json"]);
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("levels[1] cannot be read, skipped: level: cell (4, 1): unknown character 'X'"));
    assert_eq!(
        out.status.code(),
        Some(1),
        "damage is reported by the exit code"
    );
    assert!(stdout(&out).contains("1 level"));
    let out = levelscope(&dir, &["pack", "add", "p.json", &asset("dead-end.txt")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing was written"));
    assert_eq!(
        std::fs::read_to_string(dir.join("p.json")).unwrap(),
        broken,
        "the file is untouched"
    );

    // Cut short: the complete levels are still read.
    std::fs::write(dir.join("cut.json"), &text[..text.len() / 2 + 200]).unwrap();
    let out = levelscope(&dir, &["pack", "stats", "cut.json", "--json"]);
    let stats: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(stats["levels"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cut short"));

    // A newer version is refused with a clear message.
    std::fs::write(
        dir.join("new.json"),
        text.replace("\"version\": 1,\n  \"name\"", "\"version\": 5,\n  \"name\""),
    )
    .unwrap();
    let out = levelscope(&dir, &["pack", "check", "new.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("version 5, newer than this levelscope"));
}

#[test]
fn export_sheet_writes_a_png_contact_sheet() {
    let dir = workdir("sheet");
    levelscope(
        &dir,
        &[
            "pack",
            "add",
            "p.json",
            &asset("1-1.txt"),
            &asset("four-colours.txt"),
            &asset("in-pit.json"),
        ],
    );
    let out = levelscope(&dir, &["pack", "export", "p.json", "--sheet", "sheet.png"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("sheet.png")).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // Width and height from the IHDR chunk: two columns, two rows of cards
    // sized for the largest board (8x6 cells of 24 pixels).
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    // The 8x6 board is 192 pixels wide, wider than the cards' minimum of
    // 160 pixels for text; 6 pixels inside a card's edge, two lines of 18
    // pixels under the board, 12 pixels between cards.
    let card_w = 8 * 24 + 2 * 6;
    let card_h = 6 + 6 * 24 + 6 + 2 * 18 + 6;
    assert_eq!(
        (width, height),
        (12 + 2 * (card_w + 12), 12 + 2 * (card_h + 12))
    );
    assert!(stdout(&out).contains(&format!(
        "wrote a {width}x{height} contact sheet of 3 levels"
    )));
}

#[test]
fn analyze_reads_every_level_of_a_pack_in_place() {
    let dir = workdir("analyze");
    levelscope(
        &dir,
        &[
            "pack",
            "add",
            "p.json",
            &asset("1-1.txt"),
            &asset("ice-and-pits.txt"),
            &asset("dead-end.txt"),
        ],
    );
    let text = std::fs::read_to_string(dir.join("p.json")).unwrap();
    std::fs::write(dir.join("p.json"), text.replace("\"#B.io#\"", "\"#B.iX#\"")).unwrap();
    let out = levelscope(&dir, &["analyze", "--json", "p.json"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a damaged level counts as a failed file"
    );
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["file"], "p.json#0");
    assert_eq!(lines[0]["stars"], 3);
    assert_eq!(lines[1]["file"], "p.json#1");
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("unknown character 'X'"));
    assert_eq!(lines[2]["file"], "p.json#2");
    assert_eq!(lines[2]["stars"], 0);
}
