//! Prism's floors view in the editor, driven by label with egui_kittest:
//! the tab beside the state graph shows the eight floors and the shortest
//! solution threaded through them; the moves played in Play and a replay
//! picked from the report card take its place; for a Tangram level the tab
//! is greyed out.

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use crate::common::editor::{editor, open_file};
use levelscope::gui::app::CentralView;
use levelscope::gui::EditorApp;

/// An 8x8 level of our own (the spanning-tree generator's, seed 3, with a
/// `v` enemy added) with four switches: its shortest solution takes 20
/// moves and changes floor 4 times (black, green, yellow, white, magenta).
const WITH_ENEMY: &str = include_str!("fixtures/prism/enemy-8x8.txt");

/// The colour names, black first.
const FLOORS: [&str; 8] = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
];

fn show_floors(harness: &mut Harness<'static, EditorApp>) {
    harness.get_by_label("Floors").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Floors);
}

#[test]
fn the_floors_tab_threads_the_shortest_solution_through_eight_floors() {
    let mut harness = editor();
    open_file(&mut harness, "enemy-8x8.txt", WITH_ENEMY);
    show_floors(&mut harness);
    for name in FLOORS {
        harness.get_by_label(&format!("{name} floor"));
    }
    harness.get_by_label_contains(
        "The shortest solution: 20 moves, 4 floor changes, on 5 of 8 floors",
    );
    harness.get_by_label_contains("The exit is reached on");
    // Each floor's note says what the route does there.
    harness.get_by_label_contains("route: moves 0–");
    // 8 floors, 5 on the route; of the other 3, one is reachable and two
    // are not reachable from the start at all.
    let count = |text: &str| harness.query_all_by_label_contains(text).count();
    assert_eq!(count("the route never comes here"), 1);
    assert_eq!(count("not reachable from the start"), 2);
}

#[test]
fn play_moves_and_a_picked_replay_become_the_route() {
    let mut harness = editor();
    open_file(&mut harness, "enemy-8x8.txt", WITH_ENEMY);
    harness.get_by_label("Play").click();
    harness.step();
    harness.key_press(Key::ArrowRight);
    harness.step();
    show_floors(&mut harness);
    harness.get_by_label_contains("The moves played so far: 1 move, ");
    // The shortest solution is one click away.
    harness.get_by_label("Shortest solution").click();
    harness.step();
    harness.step();
    harness.get_by_label_contains("The shortest solution: 20 moves");
    // The report card's Replay picks the solution and the view stays.
    harness.get_by_label("Replay").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Floors);
    harness.get_by_label_contains("The selected replay: 20 moves, 4 floor changes");
}

#[test]
fn the_floors_tab_is_greyed_out_for_a_tangram_level() {
    let mut harness = editor();
    let tangram = {
        let app = harness.state();
        let pack = &app.pack().as_ref().unwrap().pack;
        pack.levels
            .iter()
            .position(|entry| entry.level.kind() == levelscope::kinds::Kind::Tangram)
            .expect("the sample pack has a Tangram level")
    };
    harness.state_mut().open_pack_entry(tangram);
    harness.step();
    harness.step();
    let tab = harness.get_by_label("Floors");
    assert!(tab.accesskit_node().is_disabled(), "the tab is greyed out");
    // F5 gives a word, not a broken view.
    harness.key_press(Key::F5);
    harness.step();
    harness.get_by_label_contains("Only a Prism level has floors");
}
