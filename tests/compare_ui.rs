//! Compare in the editor: pin a version, edit, and read what changed; the
//! version as saved as the reference; an old solution that breaks.

use std::time::Instant;

use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, open_file, paint_cell, wait_for_analysis, HANG};
use levelscope::gui::EditorApp;

/// Steps until the compare section shows `label` (the reference's
/// analysis runs on a worker of its own), each round waiting for the
/// editor's and the reference's workers to deliver.
fn wait_for_label(harness: &mut Harness<'static, EditorApp>, label: &str) {
    let deadline = Instant::now() + HANG;
    loop {
        if harness.query_all_by_label_contains(label).next().is_some() {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "{label:?} did not show within {HANG:?}");
        let app = harness.state_mut();
        let edited = app.worker_mut().wait_for_result(left);
        let reference = app
            .compare_mut()
            .as_mut()
            .is_none_or(|(_, comparison)| comparison.wait_for_reference(left));
        assert!(
            edited && reference,
            "the analyses behind {label:?} did not arrive within {HANG:?}"
        );
        harness.step();
    }
}

#[test]
fn pin_edit_and_see_the_figures_before_and_after_and_the_cell_outlined() {
    let mut harness = editor();
    // The sample's first level: three stars, Perfect L D.
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "Compared with the pinned version");
    wait_for_label(&mut harness, "same: 3 stars -> 3 stars");
    harness.get_by_label("No cell differs.");
    // A block where the right Skiddy slides: L is no longer a move.
    paint_cell(&mut harness, "Block", 2, 1);
    wait_for_analysis(&mut harness);
    wait_for_label(&mut harness, "1 cell differs (outlined on the board).");
    wait_for_label(&mut harness, "worse: 3 stars -> ");
    // Every figure before -> after.
    harness.get_by_label("stars");
    assert!(harness.get_all_by_label_contains("-> ").count() >= 7);
    // The outlined cell is the one painted.
    assert_eq!(harness.state_mut().compared_cells(), vec![(2, 1)]);
    // The reference on the board, and back.
    harness.key_press(Key::F8);
    harness.run_steps(2);
    harness.get_by_label_contains("Showing the pinned version (read only)");
    harness.key_press(Key::F8);
    harness.run_steps(2);
    assert!(harness
        .query_by_label_contains("Showing the pinned version")
        .is_none());
    harness.get_by_label("Stop comparing").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("Compared with").is_none());
}

#[test]
fn the_effort_of_the_reference_and_of_the_level_are_compared() {
    // The sample's first level scores 1.8; pinned, both sides are scored
    // (each on its own analysis worker).
    let mut harness = editor();
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "Compared with the pinned version");
    wait_for_label(&mut harness, "Effort 1.8 -> 1.8");
}

#[test]
fn an_old_solution_broken_at_a_move_shows_the_board_before_that_move() {
    let mut harness = editor();
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "same: 3 stars -> 3 stars");
    paint_cell(&mut harness, "Block", 2, 1);
    wait_for_analysis(&mut harness);
    wait_for_label(&mut harness, "L D — broken at move 1");
    harness.get_by_label("L D — broken at move 1").click();
    harness.run_steps(2);
    harness.get_by_label_contains("L D broken at move 1: the board before it");
    harness.get_by_label("Move 0 of 0:");
}

#[test]
fn compare_with_the_version_as_saved() {
    let mut harness = editor();
    open_file(&mut harness, "two-reds.txt", "#####\n#R.R#\n#...#\n#r###\n");
    wait_for_analysis(&mut harness);
    paint_cell(&mut harness, "Block", 2, 1);
    wait_for_analysis(&mut harness);
    harness.get_all_by_label("Analysis").next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("Compare with").click();
    harness.run_steps(2);
    harness.get_by_label("The version as saved").click();
    harness.run_steps(2);
    wait_for_label(&mut harness, "Compared with the version as saved");
    wait_for_label(&mut harness, "1 cell differs");
}

#[test]
fn a_prism_comparison_shows_the_parts_of_the_difficulty_side_by_side() {
    let mut harness = editor();
    open_file(
        &mut harness,
        "switch-trap.txt",
        include_str!("fixtures/prism/switch-trap-5x5.txt"),
    );
    wait_for_analysis(&mut harness);
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "same: difficulty 23 -> difficulty 23");
    for part in [
        "length",
        "switches pressed",
        "backgrounds",
        "enemies dodged",
    ] {
        harness.get_by_label(part);
    }
    // The blue block at (0, 1) gone: no more dead ends, better news.
    paint_cell(&mut harness, "Empty", 0, 1);
    wait_for_analysis(&mut harness);
    wait_for_label(&mut harness, "better: difficulty 23 -> difficulty 23");
    // Dead ends and traps both went to 0.
    assert!(harness.get_all_by_label("-> 0").count() >= 2);
}

#[test]
fn a_trap_the_edit_added_is_listed_and_replays_the_way_in() {
    let mut harness = editor();
    open_file(
        &mut harness,
        "clean.txt",
        "######\n#R.R.#\n#.#..#\n#oo..#\n##r###\n",
    );
    wait_for_analysis(&mut harness);
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "same: 3 stars -> 3 stars");
    // The pit at (2, 3) back to floor opens a dead end.
    paint_cell(&mut harness, "Floor", 2, 3);
    wait_for_analysis(&mut harness);
    wait_for_label(&mut harness, "Traps added: 1");
    harness.get_by_label("Traps added: 1").click();
    harness.run_steps(2);
    harness.get_by_label("D L U D").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Traps added: D L U D");
    harness.get_by_label("Move 0 of 4:");
}

/// F8 shows the reference in the board's place: the line that says so
/// moves neither the board nor its cells.
#[test]
fn f8_moves_the_board_not_a_point() {
    let mut harness = editor();
    harness.key_press(Key::F7);
    harness.step();
    wait_for_label(&mut harness, "same: 3 stars -> 3 stars");
    harness.run_steps(2);
    let board = |h: &Harness<'static, EditorApp>| {
        let geometry = h.state().board_geometry().expect("the board was drawn");
        (geometry.origin, geometry.cell)
    };
    let before = board(&harness);
    harness.key_press(Key::F8);
    harness.run_steps(2);
    harness.get_by_label_contains("Showing the pinned version (read only)");
    assert_eq!(board(&harness), before);
    harness.key_press(Key::F8);
    harness.run_steps(2);
    assert_eq!(board(&harness), before);
}
