//! Each kind in its own words: the editor on a Prism and a Skiddy level of
//! the bundled sample pack, driven by label with egui_kittest.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, paint_cell, wait_for_analysis};
use levelscope::gui::EditorApp;
use levelscope::kinds::Kind;

/// Clicks the pack row of the sample pack's first level of `kind`.
fn open_first_of_kind(harness: &mut Harness<'static, EditorApp>, kind: Kind) {
    let name = {
        let pack = &harness.state().pack().as_ref().unwrap().pack;
        pack.levels
            .iter()
            .find(|e| e.level.kind() == kind)
            .expect("the sample pack has one")
            .level
            .name()
            .to_string()
    };
    harness.get_all_by_label(&name).next().unwrap().click();
    harness.run_steps(2);
    wait_for_analysis(harness);
    assert_eq!(harness.state().doc().level.kind(), kind);
}

#[test]
fn a_prism_level_counts_switches_and_enemies_and_lists_solutions_not_combos() {
    let mut harness = editor();
    open_first_of_kind(&mut harness, Kind::Prism);
    harness.run_steps(2);
    // The status line counts the kind's own things.
    let level = harness.state().doc().level.clone();
    let counts = levelscope::gui::kinds::piece_count(&level);
    assert!(
        counts.contains("switch") && counts.contains("enem"),
        "{counts}"
    );
    assert!(harness.query_by_label_contains("Max-combo").is_none());
    assert!(harness.query_by_label_contains("No-combo").is_none());
    harness.get_by_label_contains("Solutions: ");
}

#[test]
fn a_skiddy_level_keeps_its_three_lists_and_names_its_pieces_in_the_history() {
    let mut harness = editor();
    harness.get_by_label_contains("Max-combo solutions");
    harness.get_by_label_contains("No-combo solutions");
    paint_cell(&mut harness, "Red Skiddy", 2, 2);
    assert_eq!(
        harness.state().doc().history.undo_names(),
        ["Paint red Skiddy at (2, 2)"]
    );
}
