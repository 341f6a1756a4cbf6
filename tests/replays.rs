//! Replays play as soon as they are opened, and Space pauses them.

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common::editor::{click_at, editor};
use egui::PointerButton;
use levelscope::engine::Route;
use levelscope::gui::app::Showing;

#[test]
fn a_solution_clicked_in_the_list_plays_at_once_and_space_pauses_it() {
    let mut harness = editor();
    let analysis = harness.state().analysis().ready().cloned().unwrap();
    let (list, _) = analysis.solution_list(Route::Any, 1);
    let moves = list
        .first()
        .expect("the sample's first level is solvable")
        .clone();
    let row = format!("{:>3}  {moves}", moves.split_whitespace().count());
    harness.get_all_by_label(&row).next().unwrap().click();
    harness.run_steps(2);
    // A playing replay offers to pause, a paused one to play.
    let playing = |h: &egui_kittest::Harness<'static, levelscope::gui::EditorApp>| {
        assert!(matches!(h.state().showing(), Some(Showing::Replay)));
        match (
            h.query_by_label("Pause replay"),
            h.query_by_label("Play replay"),
        ) {
            (Some(_), None) => true,
            (None, Some(_)) => false,
            _ => panic!("the replay has one Play/Pause button"),
        }
    };
    assert!(playing(&harness), "it plays without a click on Play");
    harness.key_press(Key::Space);
    harness.run_steps(1);
    assert!(!playing(&harness), "Space pauses it");
    harness.key_press(Key::Space);
    harness.run_steps(1);
    assert!(playing(&harness), "and plays on");
}

#[test]
fn a_replay_jumps_to_a_clicked_move_and_the_slider_scrubs() {
    let mut harness = editor();
    let analysis = harness.state().analysis().ready().cloned().unwrap();
    let (list, _) = analysis.solution_list(Route::Any, 1);
    let moves = list[0].clone();
    let count = moves.split_whitespace().count();
    assert!(count >= 2, "{moves}");
    let row = format!("{count:>3}  {moves}");
    harness.get_all_by_label(&row).next().unwrap().click();
    harness.run_steps(2);
    // A click on the second move shows the board after it, paused.
    harness.get_by_label("Move 2: D").click();
    harness.run_steps(2);
    harness.get_by_label(&format!("Move 2 of {count}:"));
    harness.get_by_label("Play replay");
    harness.get_by_label("Move 1: L").click();
    harness.run_steps(2);
    harness.get_by_label(&format!("Move 1 of {count}:"));
    // The slider scrubs, pausing a replay that plays: its left end is the
    // start, its right end the end.
    harness.get_by_label("Play replay").click();
    harness.run_steps(2);
    harness.get_by_label("Pause replay");
    let slider = harness
        .get_all_by_label("Moves done")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Slider)
        .expect("the scrubbing slider")
        .rect();
    click_at(
        &mut harness,
        slider.left_center() + egui::vec2(2.0, 0.0),
        PointerButton::Primary,
    );
    harness.run_steps(2);
    harness.get_by_label(&format!("Move 0 of {count}:"));
    harness.get_by_label("Play replay");
    click_at(
        &mut harness,
        slider.right_center() - egui::vec2(2.0, 0.0),
        PointerButton::Primary,
    );
    harness.run_steps(2);
    harness.get_by_label(&format!("Move {count} of {count}:"));
    assert!(matches!(harness.state().showing(), Some(Showing::Replay)));
}
