//! Room for the board: the focus layout folds the side panels to strips,
//! a strip opens its panel again, and a narrow window starts with the pack
//! panel folded.

use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis};
use levelscope::gui::EditorApp;

/// The side of a cell of the board on screen, in points.
fn cell_side(harness: &Harness<'static, EditorApp>) -> f32 {
    harness
        .state()
        .board_geometry()
        .expect("the board was drawn")
        .cell
}

#[test]
fn f11_folds_every_side_panel_and_the_board_grows() {
    let mut harness = editor();
    let before = cell_side(&harness);
    harness.key_press(Key::F11);
    harness.run_steps(3);
    let folded = harness.state().prefs().folded;
    assert!(folded.pack && folded.tools && folded.analysis);
    let after = cell_side(&harness);
    assert!(after > before, "cells of {before} grew to {after} points");
    // A strip opens its panel again, the others stay folded.
    harness.get_by_label("Open the analysis panel").click();
    harness.run_steps(3);
    let folded = harness.state().prefs().folded;
    assert!(folded.pack && folded.tools && !folded.analysis);
    harness.get_by_label_contains("of 3 stars");
    // F11 again folds what is open; once all are folded it unfolds all.
    harness.key_press(Key::F11);
    harness.run_steps(2);
    harness.key_press(Key::F11);
    harness.run_steps(3);
    let folded = harness.state().prefs().folded;
    assert!(!folded.pack && !folded.tools && !folded.analysis);
    assert_eq!(cell_side(&harness), before);
}

#[test]
fn a_narrow_window_starts_with_the_pack_panel_folded() {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(|cc| EditorApp::new(&cc.egui_ctx, cc.storage));
    wait_for_analysis(&mut harness);
    let folded = harness.state().prefs().folded;
    assert!(folded.pack && !folded.tools && !folded.analysis);
    assert!(harness.state().prefs().layout_chosen, "and it is kept");
    harness.get_by_label("Open the pack panel");
}

/// At 1280x800 with every side panel open, the board still gets half the
/// window: the panels share the other half.
#[test]
fn at_1280_with_every_panel_open_the_board_gets_half_the_window() {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(|cc| EditorApp::new(&cc.egui_ctx, cc.storage));
    wait_for_analysis(&mut harness);
    harness.get_by_label("Open the pack panel").click();
    harness.run_steps(3);
    let folded = harness.state().prefs().folded;
    assert!(!folded.pack && !folded.tools && !folded.analysis);
    let viewport = harness
        .state()
        .board_tools()
        .viewport
        .expect("the board was drawn");
    // The board's column, less its rulers and margins.
    assert!(
        viewport.width() >= 1280.0 / 2.0 - 60.0,
        "the board's column is {} points wide",
        viewport.width()
    );
}

/// In the focus layout the board reaches the window's bottom-right
/// corner: a message goes beside the board, never over a cell.
#[test]
fn in_the_focus_layout_messages_cover_no_cell() {
    let mut harness = editor();
    harness.key_press(Key::F11);
    harness.run_steps(3);
    let said = "Focus on the board: the side panels are folded; click a strip to open one, F11 to unfold all";
    harness.run_steps(2);
    let notice = harness.get_by_label(said).rect();
    let board = harness
        .state()
        .board_geometry()
        .expect("the board was drawn")
        .rect();
    assert!(
        !notice.intersects(board.shrink(0.5)),
        "the message {notice:?} covers the board {board:?}"
    );
}
