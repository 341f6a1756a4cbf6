//! Pack edits are undoable steps with names, like level edits: the editor
//! driven by label with egui_kittest, on the bundled sample pack.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, open_history_menu};
use levelscope::gui::document::Origin;
use levelscope::gui::EditorApp;

/// The open pack's level names, in order.
fn pack_names(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let open = harness.state().pack().as_ref().expect("a pack is open");
    open.pack
        .levels
        .iter()
        .map(|e| e.level.name().to_string())
        .collect()
}

/// Undo in the pack: Ctrl+Alt+Z.
fn undo(harness: &mut Harness<'static, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
}

/// Redo in the pack: Ctrl+Alt+Shift+Z.
fn redo(harness: &mut Harness<'static, EditorApp>) {
    harness.key_press_modifiers(
        Modifiers::COMMAND | Modifiers::ALT | Modifiers::SHIFT,
        Key::Z,
    );
    harness.run_steps(2);
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

#[test]
fn a_removed_pack_level_comes_back_with_undo_in_the_pack_and_goes_again_with_redo() {
    let mut harness = editor();
    let before = harness.state().pack().as_ref().unwrap().pack.clone();
    let third = pack_names(&harness)[2].clone();
    harness.get_all_by_label(&third).next().unwrap().click();
    harness.run_steps(3);
    assert_eq!(harness.state().doc().origin, Origin::PackEntry(2));
    harness.get_by_label("Remove").click();
    harness.run_steps(2);
    let removed = format!("Remove level 3 \"{third}\" from the pack");
    {
        let open = harness.state().pack().as_ref().unwrap();
        assert_eq!(open.pack.levels.len(), before.levels.len() - 1);
        assert!(open.dirty);
        assert_eq!(open.history.undo_names(), [removed.as_str()]);
    }
    assert_eq!(
        harness.state().doc().origin,
        Origin::New,
        "the open tab of the removed level is kept as a loose level"
    );

    undo(&mut harness);
    let open = harness.state().pack().as_ref().unwrap();
    assert_eq!(open.pack, before, "the level is back at its place");
    assert!(!open.dirty, "the pack is as bundled again");
    assert_eq!(
        harness.state().doc().origin,
        Origin::PackEntry(2),
        "the tab belongs to the pack entry again"
    );
    assert!(!harness.state().doc().is_dirty());
    assert_eq!(last_notice(&harness), format!("Undone: {removed} (pack)"));

    open_history_menu(&mut harness);
    harness.get_by_label(&format!("Pack 1. {removed} (undone)"));
    harness.key_press(Key::Escape);
    harness.run_steps(2);

    redo(&mut harness);
    assert_eq!(pack_names(&harness).len(), before.levels.len() - 1);
    assert!(!pack_names(&harness).contains(&third));
    assert_eq!(last_notice(&harness), format!("Redone: {removed} (pack)"));
}

#[test]
fn typing_tags_is_one_named_step_that_undo_takes_back() {
    let mut harness = editor();
    harness
        .get_by_label_contains("Tags and notes of level 1")
        .click();
    harness.run_steps(2);
    let tags_before = harness.state().pack().as_ref().unwrap().pack.levels[0]
        .tags
        .clone();
    harness.get_by_label("Tags").focus();
    harness.step();
    for text in [", tutorial", ", ", "easy"] {
        harness.get_by_label("Tags").type_text(text);
        harness.step();
    }
    // The field keeps the focus while typing: the step is still open.
    assert!(harness.state().pack().as_ref().unwrap().history.is_open());
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    let open = harness.state().pack().as_ref().unwrap();
    let mut typed = tags_before.clone();
    typed.extend(["tutorial".to_string(), "easy".to_string()]);
    assert_eq!(open.pack.levels[0].tags, typed);
    assert_eq!(
        open.history.undo_names(),
        ["Edit the tags and notes of level 1 \"1-1\""],
        "three keystrokes, one step"
    );
    assert!(open.dirty);
    undo(&mut harness);
    let open = harness.state().pack().as_ref().unwrap();
    assert_eq!(open.pack.levels[0].tags, tags_before);
    assert!(!open.dirty);
}

#[test]
fn removing_duplicates_asks_first_and_can_be_undone() {
    let mut harness = editor();
    let bundled = pack_names(&harness).len();
    // A second copy of level 1 makes one group of duplicates.
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    harness.get_by_label("Add a copy").click();
    harness.run_steps(2);
    harness.get_by_label("Duplicates").click();
    harness.run_steps(2);
    harness.get_by_label("Find duplicates").click();
    harness.run_steps(2);
    harness.get_by_label("Keep first of each group").click();
    harness.run_steps(2);
    harness.get_by_label_contains("removes 1 level from the pack");
    assert_eq!(pack_names(&harness).len(), bundled + 1, "nothing gone yet");
    harness.get_by_label("Remove 1 level").click();
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled);
    assert_eq!(
        harness
            .state()
            .pack()
            .as_ref()
            .unwrap()
            .history
            .undo_names()
            .last()
            .copied(),
        Some("Keep the first of each duplicate group (1 level removed)")
    );
    undo(&mut harness);
    assert_eq!(pack_names(&harness).len(), bundled + 1, "the copy is back");
}
