//! Replays play as soon as they are opened, and Space pauses them.

use egui::Key;
use egui_kittest::kittest::Queryable;

use crate::common::editor::editor;
use levelscope::engine::Route;
use levelscope::gui::app::Showing;

#[test]
fn a_solution_clicked_in_the_list_plays_at_once_and_space_pauses_it() {
    let mut harness = editor();
    let analysis = harness.state().analysis.ready().cloned().unwrap();
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
        assert!(matches!(h.state().showing, Some(Showing::Replay)));
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
