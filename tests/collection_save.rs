//! A pack opened from an XSB collection saves back as XSB (issue 45, item
//! 1): its titles, comments and metadata lines stay where they were, and
//! when the pack holds what XSB cannot say the designer is asked — save as
//! a levelscope pack, leave it out, or cancel — never silently. Driven by
//! label with egui_kittest, on our own collection.

use std::path::{Path, PathBuf};

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis};
use levelscope::gui::EditorApp;

/// Our own small XSB collection, with a header comment, titles and an
/// `Author:` line.
const OWN: &str = include_str!("fixtures/sokoban/own.xsb");

/// The editor with levelscope's own file dialog, with `own.xsb` written
/// to `dir` and opened (as a pack, through File → Open's code path).
fn editor_with_own_collection(dir: &Path) -> (Harness<'static, EditorApp>, PathBuf) {
    let path = dir.join("own.xsb");
    std::fs::write(&path, OWN).unwrap();
    let mut harness = editor();
    harness.state_mut().prefs_mut().system_file_dialog = false;
    harness.state_mut().prefs_mut().recent = vec![dir.join("earlier.json")];
    harness.state_mut().open_path(&path);
    harness.run_steps(2);
    wait_for_analysis(&mut harness);
    (harness, path)
}

/// The open pack's level names, in order.
fn pack_names(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let open = harness.state().pack().as_ref().expect("a pack is open");
    open.pack
        .levels
        .iter()
        .map(|e| e.level.name().to_string())
        .collect()
}

/// The latest line of the status bar.
fn last_notice(harness: &Harness<'static, EditorApp>) -> String {
    harness
        .state()
        .notices()
        .latest()
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

/// Presses File ▸ Save pack.
fn save_pack(harness: &mut Harness<'static, EditorApp>) {
    harness.get_all_by_label("File").next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("Save pack").click();
    harness.run_steps(3);
}

/// Tags level 1 of the open pack, as the pack panel's tag field does.
fn tag_first_level(harness: &mut Harness<'static, EditorApp>) {
    let open = harness.state_mut().pack_mut().as_mut().unwrap();
    open.edit("Tag level 1", |pack| {
        pack.levels[0].tags.push("easy".into())
    });
    harness.run_steps(2);
}

#[test]
fn a_moved_level_saves_back_as_xsb_with_every_comment() {
    let dir = tempfile::tempdir().unwrap();
    let (mut harness, path) = editor_with_own_collection(dir.path());
    assert_eq!(pack_names(&harness), ["Corner", "Detour", "Sealed"]);
    harness.get_all_by_label("Corner").next().unwrap().click();
    harness.run_steps(3);
    harness.get_by_label("Move down").click();
    harness.run_steps(3);
    assert_eq!(pack_names(&harness), ["Detour", "Corner", "Sealed"]);
    save_pack(&mut harness);
    assert!(harness.state().confirm().is_none(), "nothing to ask");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with(
            "; levelscope's own small Sokoban levels, made by hand for its tests.\n\n; Detour\n#######\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("#######\nAuthor: levelscope\n\n; Corner\n#####\n#@  #\n"),
        "the author's line stays with its level: {text}"
    );
    assert!(!text.contains("levelscope-pack"), "not JSON: {text}");
    // Moved back: the file is the collection it was, byte for byte.
    harness.get_all_by_label("Corner").next().unwrap().click();
    harness.run_steps(3);
    harness.get_by_label("Move up").click();
    harness.run_steps(3);
    save_pack(&mut harness);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), OWN);
    assert!(!harness.state().pack().as_ref().unwrap().dirty);
    assert!(
        last_notice(&harness).contains("as xsb"),
        "{}",
        last_notice(&harness)
    );
}

#[test]
fn a_tag_xsb_cannot_say_is_asked_about_and_each_answer_does_what_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let (mut harness, path) = editor_with_own_collection(dir.path());
    tag_first_level(&mut harness);
    save_pack(&mut harness);
    // The question, naming what XSB has no place for.
    harness.get_by_label("The collection cannot hold everything");
    harness.get_by_label_contains("xsb has no place for: the tags of level 1.");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        OWN,
        "not yet written"
    );

    // Cancel: nothing written, the pack still unsaved.
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(harness.state().confirm().is_none());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), OWN);
    assert!(harness.state().pack().as_ref().unwrap().dirty);

    // Leave them out: the XSB file without the tag, which is said.
    save_pack(&mut harness);
    harness.get_by_label("Leave them out").click();
    harness.run_steps(2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), OWN);
    let said = last_notice(&harness);
    assert!(said.contains("left out: the tags of level 1"), "{said}");
    assert!(!harness.state().pack().as_ref().unwrap().dirty);

    // Save as a levelscope pack: Save pack as, with a .json name; the
    // XSB file is left as it is, the new pack keeps the tag and the text.
    tag_first_level(&mut harness);
    save_pack(&mut harness);
    harness.get_by_label("Save as a levelscope pack…").click();
    harness.run_steps(4);
    assert!(
        harness.state().dialogs().built_in_open(),
        "Save pack as opens"
    );
    let field = harness.get_by_label("File name");
    assert_eq!(field.value().as_deref(), Some("own.json"));
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    let json = std::fs::read_to_string(dir.path().join("own.json")).expect("the pack was written");
    let read = levelscope::pack::parse_pack(&json).unwrap();
    assert_eq!(read.pack.levels[0].tags, ["easy", "easy"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), OWN);
    let open = harness.state().pack().as_ref().unwrap();
    assert_eq!(
        open.path.as_deref(),
        Some(dir.path().join("own.json").as_path())
    );
    assert_eq!(open.collection, None, "it is a levelscope pack now");
    // Its kept text brings the collection back when written as XSB.
    let back = levelscope::pack::collection::collection_bytes(
        &read.pack,
        &read.unknown,
        levelscope::kinds::sokoban::text_formats::XSB,
    )
    .unwrap();
    assert_eq!(String::from_utf8(back.bytes).unwrap(), OWN);
    // Save pack now saves the JSON pack without a question.
    save_pack(&mut harness);
    assert!(harness.state().confirm().is_none());
    assert!(last_notice(&harness).starts_with("Saved pack"));
}

/// The command line reads the same model: an XSB collection converted to
/// a levelscope pack and back is the same file; `pack export --ascii`
/// writes each level with its title and metadata lines.
#[test]
fn convert_and_export_put_the_kept_text_back() {
    use crate::common::{levelscope, path, stderr};
    let dir = tempfile::tempdir().unwrap();
    let xsb = dir.path().join("own.xsb");
    std::fs::write(&xsb, OWN).unwrap();
    let json = dir.path().join("own.json");
    let out = levelscope(&["convert", path(&xsb), "--to", "json", "--out", path(&json)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let read = levelscope::pack::parse_pack(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(read.pack.levels.len(), 3);
    let back = dir.path().join("back.xsb");
    let out = levelscope(&["convert", path(&json), "--to", "xsb", "--out", path(&back)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&back).unwrap(), OWN);
    let folder = dir.path().join("levels");
    let out = levelscope(&["pack", "export", path(&json), "--ascii", path(&folder)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let detour = std::fs::read_to_string(&files[1]).unwrap();
    assert_eq!(
        detour,
        "; Detour\n#######\n##.   #\n#@$   #\n###   #\n#    ##\n#######\nAuthor: levelscope\n\n"
    );
    // A level of another kind in the pack: converting it to XSB is
    // refused, nothing written.
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let skiddy = levelscope::kinds::read_levels("#####\n#R.R#\n#...#\n#r###\n", None, None)
        .unwrap()
        .remove(0);
    value["levels"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "name": "", "tags": [], "notes": "", "level": skiddy.to_json_value()
        }));
    std::fs::write(&json, value.to_string()).unwrap();
    let refused = dir.path().join("refused.xsb");
    let out = levelscope(&[
        "convert",
        path(&json),
        "--to",
        "xsb",
        "--out",
        path(&refused),
    ]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("levels 4 cannot be said in it"),
        "{}",
        stderr(&out)
    );
    assert!(!refused.exists());
}
