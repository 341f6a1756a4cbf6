//! Undoing a pack edit brings back what the latest pack check said of the
//! levels it brings back: the editor driven by label with egui_kittest, on
//! the bundled sample pack.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_pack_check};
use levelscope::gui::EditorApp;

/// Clicks "Check pack" and waits for the check's thread to finish.
fn check_pack(harness: &mut Harness<'static, EditorApp>) {
    harness.get_by_label("Check pack").click();
    wait_for_pack_check(harness);
    harness.run_steps(2);
    assert!(
        !harness.state().pack_panel().is_checking(),
        "the check ends"
    );
}

/// What the latest check says of each level of the open pack.
fn failures(harness: &Harness<'static, EditorApp>) -> Vec<Option<Vec<String>>> {
    let app = harness.state();
    let open = app.pack().as_ref().expect("a pack is open");
    app.pack_panel().check_results(&open.pack).failures
}

#[test]
fn undoing_a_remove_brings_back_the_level_s_check_status() {
    let mut harness = editor();
    check_pack(&mut harness);
    let checked = failures(&harness);
    assert!(checked.iter().all(Option::is_some), "{checked:?}");
    let third = harness.state().pack().as_ref().unwrap().pack.levels[2]
        .level
        .name()
        .to_string();
    harness.get_all_by_label(&third).next().unwrap().click();
    harness.run_steps(3);
    harness.get_by_label("Remove").click();
    harness.run_steps(2);
    assert_eq!(failures(&harness).len(), checked.len() - 1);

    // Undo in the pack: Ctrl+Alt+Z.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
    assert_eq!(failures(&harness), checked, "every level as checked");

    // Redo removes it again; a second undo brings its status back again.
    harness.key_press_modifiers(
        Modifiers::COMMAND | Modifiers::ALT | Modifiers::SHIFT,
        Key::Z,
    );
    harness.run_steps(2);
    assert_eq!(failures(&harness).len(), checked.len() - 1);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
    assert_eq!(failures(&harness), checked);
}
