//! The editor's command table as the designer meets it: menus, keys and
//! Help ▸ Keyboard shortcuts, driven by label with egui_kittest.

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis};
use levelscope::gui::app::CentralView;
use levelscope::gui::kinds::tool::Tool;
use levelscope::gui::EditorApp;
use levelscope::kinds::Kind;

/// Opens menu `menu` of the menu bar (the first widget of that label).
fn open_menu(harness: &mut Harness<'static, EditorApp>, menu: &str) {
    harness.get_all_by_label(menu).next().unwrap().click();
    harness.run_steps(2);
}

/// File ▸ New level of kind ▸ New `kind` level.
fn new_level_from_menu(harness: &mut Harness<'static, EditorApp>, kind: Kind) {
    open_menu(harness, "File");
    harness.get_by_label("New level of kind").hover();
    harness.run_steps(2);
    harness
        .get_by_label(&format!("New {} level", kind.title()))
        .click();
    harness.run_steps(2);
    wait_for_analysis(harness);
}

#[test]
fn a_tool_the_kind_lacks_becomes_the_nearest_it_has_on_its_tab() {
    let mut harness = editor();
    harness.get_by_label("Select").click();
    harness.run_steps(2);
    assert_eq!(harness.state().prefs().tool, Tool::Select);
    harness.key_press(Key::F3);
    harness.run_steps(2);
    assert_eq!(harness.state().view(), CentralView::Graph);
    new_level_from_menu(&mut harness, Kind::Tangram);
    assert_eq!(harness.state().doc().level.kind(), Kind::Tangram);
    assert_eq!(
        harness.state().prefs().tool,
        Tool::Paint,
        "Select has no meaning on triangles"
    );
    assert_eq!(
        harness.state().view(),
        CentralView::Edit,
        "a Tangram level has no state graph"
    );
    // F3 does nothing on a Tangram level, as its greyed button says.
    harness.key_press(Key::F3);
    harness.run_steps(2);
    assert_eq!(harness.state().view(), CentralView::Edit);
}

#[test]
fn f12_opens_the_shortcuts_window_that_lists_the_menus_keys() {
    let mut harness = editor();
    assert!(harness.query_by_label("Keyboard shortcuts").is_none());
    harness.key_press(Key::F12);
    harness.run_steps(2);
    assert!(harness.state().show_shortcuts());
    for row in [
        "Undo",
        "Ctrl+Shift+Z or Ctrl+Y",
        "State graph",
        "F3",
        "Move up",
    ] {
        assert!(
            harness.query_all_by_label(row).next().is_some(),
            "{row} is listed"
        );
    }
    // The palette's letters are the kind's: Skiddy's red Skiddy is 1.
    assert!(
        harness.get_all_by_label("Red Skiddy").count() >= 2,
        "in the palette and in the window"
    );
    harness.key_press(Key::F12);
    harness.run_steps(2);
    assert!(!harness.state().show_shortcuts());
    // The Help menu opens it too.
    open_menu(&mut harness, "Help");
    harness.get_by_label_contains("Keyboard shortcuts").click();
    harness.run_steps(2);
    assert!(harness.state().show_shortcuts());
}

#[test]
fn file_new_pack_asks_for_an_unsaved_pack_and_close_pack_closes_it() {
    let mut harness = editor();
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    // The level on screen is level 1 of the pack already.
    harness.get_by_label("Add a copy").click();
    harness.run_steps(2);
    assert!(harness.state().pack().as_ref().unwrap().dirty);
    open_menu(&mut harness, "File");
    harness.get_by_label("New pack").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Start a new pack instead?");
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().pack().as_ref().unwrap().pack.levels.len(),
        13
    );
    open_menu(&mut harness, "File");
    harness.get_by_label("New pack").click();
    harness.run_steps(2);
    harness.get_by_label("Discard").click();
    harness.run_steps(2);
    let open = harness.state().pack().as_ref().unwrap();
    assert!(open.pack.levels.is_empty(), "a new, empty pack");
    assert_eq!(open.pack.name, "New pack");
    assert_eq!(
        harness.state().doc().origin,
        levelscope::gui::document::Origin::New,
        "the tab of the old pack's level stays open as a loose level"
    );
    open_menu(&mut harness, "File");
    harness.get_by_label("Close pack").click();
    harness.run_steps(2);
    assert!(harness.state().pack().is_none());
    open_menu(&mut harness, "File");
    assert!(harness
        .get_by_label("Close pack")
        .accesskit_node()
        .is_disabled());
}

#[test]
fn two_new_levels_never_both_read_untitled() {
    let mut harness = editor();
    for _ in 0..2 {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::N);
        harness.run_steps(2);
    }
    wait_for_analysis(&mut harness);
    let app = harness.state();
    let names: Vec<String> = (0..app.docs().len())
        .map(|i| app.document_name(i))
        .collect();
    assert_eq!(names[1..], ["Untitled", "Untitled 2"]);
    harness.get_by_label("Untitled 2 *");
}
