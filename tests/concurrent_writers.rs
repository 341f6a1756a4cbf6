//! Several `pack add` runs on one pack at once keep every level: each
//! holds the pack's lock from its read to its write.

use std::process::Command;

use levelscope::pack::read_pack;

#[test]
fn eight_simultaneous_adds_keep_all_eight_levels() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("shared.json");
    let files: Vec<_> = (0..8)
        .map(|i| {
            // Eight different boards: a corridor of length 3 + i.
            let width = 5 + i;
            let top = "#".repeat(width);
            let middle = format!("#R{}#", ".".repeat(width - 3));
            let bottom = format!("#r{}", "#".repeat(width - 2));
            let file = dir.path().join(format!("level{i}.txt"));
            std::fs::write(&file, format!("{top}\n{middle}\n{bottom}\n")).unwrap();
            file
        })
        .collect();
    // All eight at once.
    let children: Vec<_> = files
        .iter()
        .map(|file| {
            Command::new(env!("CARGO_BIN_EXE_levelscope"))
                .args(["pack", "add"])
                .arg(&pack)
                .arg(file)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let read = read_pack(&pack).unwrap();
    let mut names: Vec<String> = read
        .pack
        .levels
        .iter()
        .map(|e| e.level.name().to_string())
        .collect();
    names.sort();
    let expected: Vec<String> = (0..8).map(|i| format!("level{i}")).collect();
    assert_eq!(names, expected);
}
