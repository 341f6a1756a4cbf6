//! Rush Hour in the editor, through the whole editor with egui_kittest: a
//! new 6x6 level, the primary car laid with a click, a truck laid by a
//! drag down and a car with a click; then Play, where the live label
//! counts the moves to a win down to "won" as the car is dragged out of
//! the truck's way, the truck is moved by its letter and the arrows, and
//! the primary is dragged out. And "Make it harder", which opens the
//! cluster's hardest start as a new level.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis};
use levelscope::gui::app::CentralView;
use levelscope::gui::views::board::BoardGeometry;
use levelscope::gui::EditorApp;
use levelscope::kinds::rushhour::{Orientation, Vehicle};
use levelscope::kinds::Kind;

/// The centre of cell `(x, y)` of the editing board as the last frame
/// drew it.
fn edit_cell(harness: &Harness<'static, EditorApp>, x: usize, y: usize) -> Pos2 {
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    geometry.cell_rect(x, y).center()
}

/// The centre of cell `(x, y)` of the 6x6 Play board (drawn fitted, after
/// the rulers' margin).
fn play_cell(harness: &Harness<'static, EditorApp>, x: usize, y: usize) -> Pos2 {
    let rect = harness.get_by_label("Play board").rect();
    let inner = egui::Rect::from_min_max(rect.min + egui::vec2(14.0, 14.0), rect.max);
    BoardGeometry::fit(inner, 6, 6).cell_rect(x, y).center()
}

/// A press at `from`, the pointer moved to `to` in a few frames, and the
/// release there.
fn drag(harness: &mut Harness<'static, EditorApp>, from: Pos2, to: Pos2) {
    harness.event(Event::PointerMoved(from));
    harness.step();
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    for k in 1..=4 {
        harness.event(Event::PointerMoved(from + (to - from) * (k as f32 / 4.0)));
        harness.step();
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.step();
}

/// Chooses the palette's `entry` (by its name).
fn choose(harness: &mut Harness<'static, EditorApp>, entry: &str) {
    harness.get_by_label(entry).click();
    harness.step();
}

/// The vehicles of the Rush Hour level on screen.
fn vehicles(harness: &Harness<'static, EditorApp>) -> Vec<Vehicle> {
    let level = &harness.state().doc().level;
    level
        .as_rushhour()
        .expect("a Rush Hour level")
        .vehicles
        .clone()
}

fn vehicle(x: usize, y: usize, length: usize, orientation: Orientation, primary: bool) -> Vehicle {
    Vehicle {
        x,
        y,
        length,
        orientation,
        primary,
    }
}

/// Lays the level of the flow on a new board: the primary A at (0, 2), a
/// truck B down from (3, 1) across A's row, a car C at (2, 5) under the
/// truck. It is won in 3 moves: C out of column 3, B down, A out.
fn lay_the_level(harness: &mut Harness<'static, EditorApp>) {
    harness.state_mut().new_level_of(Kind::RushHour);
    harness.step();
    choose(harness, "Primary car");
    let at = edit_cell(harness, 0, 2);
    drag(harness, at, at);
    choose(harness, "Truck");
    let (from, to) = (edit_cell(harness, 3, 1), edit_cell(harness, 3, 3));
    drag(harness, from, to);
    choose(harness, "Car");
    let at = edit_cell(harness, 2, 5);
    drag(harness, at, at);
    assert_eq!(
        vehicles(harness),
        [
            vehicle(0, 2, 2, Orientation::Horizontal, true),
            vehicle(3, 1, 3, Orientation::Vertical, false),
            vehicle(2, 5, 2, Orientation::Horizontal, false),
        ]
    );
    // Each vehicle is one undo step.
    harness.state_mut().undo();
    assert_eq!(vehicles(harness).len(), 2);
    harness.state_mut().redo();
    wait_for_analysis(harness);
}

#[test]
fn lay_a_truck_and_a_car_play_the_primary_out_and_the_label_counts_down_to_the_win() {
    let mut harness = editor();
    lay_the_level(&mut harness);
    harness.get_by_label("3 moves, 7 steps");
    harness.get_by_label("Play").click();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Play);
    harness.get_by_label("3 moves to a win");
    // Drag the car C two cells left: out of the truck's way.
    let (from, to) = (play_cell(&harness, 2, 5), play_cell(&harness, 0, 5));
    drag(&mut harness, from, to);
    harness.run();
    harness.get_by_label("2 moves to a win");
    // The car dragged is selected; Tab goes round the vehicles in letter
    // order (after C comes A, then B), and the keyboard stays with Play.
    harness.get_by_label_contains("selected C");
    harness.key_press(Key::Tab);
    harness.step();
    harness.get_by_label_contains("selected A");
    harness.key_press(Key::Tab);
    harness.step();
    harness.get_by_label_contains("selected B");
    harness.event(Event::Text("c".to_string()));
    harness.step();
    harness.get_by_label_contains("selected C");
    // The truck by its letter and the arrows: two cells down.
    harness.event(Event::Text("b".to_string()));
    harness.step();
    harness.get_by_label_contains("selected B");
    harness.key_press(Key::ArrowDown);
    harness.step();
    harness.get_by_label("2 moves to a win");
    harness.key_press(Key::ArrowDown);
    harness.step();
    harness.get_by_label("1 move to a win");
    // A taken back and played again: Backspace.
    harness.key_press(Key::Backspace);
    harness.step();
    harness.get_by_label("2 moves to a win");
    harness.key_press(Key::ArrowDown);
    harness.step();
    harness.get_by_label("1 move to a win");
    // Drag the primary out: it stops at the board's edge, and wins.
    let (from, to) = (play_cell(&harness, 0, 2), play_cell(&harness, 5, 2));
    drag(&mut harness, from, to);
    harness.run();
    harness.get_by_label("won");
    harness.get_by_label_contains("Won: the primary car drives out");
    harness.get_by_label_contains("4 moves: C-2 B+1 B+1 A+4");
}

#[test]
fn a_drag_into_a_vehicle_is_refused_and_says_why() {
    let mut harness = editor();
    lay_the_level(&mut harness);
    choose(&mut harness, "Truck");
    // A truck laid left from (2, 2) would cover the primary at (0, 2).
    let (from, to) = (edit_cell(&harness, 2, 2), edit_cell(&harness, 1, 2));
    drag(&mut harness, from, to);
    assert_eq!(vehicles(&harness).len(), 3, "nothing laid");
    harness
        .get_by_label_contains("cannot lay a truck from (2, 2): it would overlap car A at (0, 2)");
    // A press on the car C selects it; a drag moves it anywhere free.
    let (from, to) = (edit_cell(&harness, 3, 5), edit_cell(&harness, 5, 0));
    drag(&mut harness, from, to);
    assert_eq!(
        vehicles(&harness)[2],
        vehicle(4, 0, 2, Orientation::Horizontal, false)
    );
    harness.get_by_label("Selected: car C at (4, 0), horizontal");
    harness.get_by_label("Delete C").click();
    harness.step();
    assert_eq!(vehicles(&harness).len(), 2);
}

#[test]
fn make_it_harder_opens_the_hardest_start_as_a_new_level() {
    let mut harness = editor();
    lay_the_level(&mut harness);
    // The car moved out of the truck's way before the analysis: the start
    // is 2 moves from a win, the cluster's hardest start 3.
    let (from, to) = (edit_cell(&harness, 2, 5), edit_cell(&harness, 0, 5));
    drag(&mut harness, from, to);
    wait_for_analysis(&mut harness);
    harness.get_by_label("2 moves, 6 steps");
    let docs = harness.state().docs().len();
    harness.get_by_label_contains("Make it harder").click();
    harness.step();
    assert_eq!(harness.state().docs().len(), docs + 1, "a new tab");
    wait_for_analysis(&mut harness);
    let analysis = harness
        .state()
        .analysis()
        .ready()
        .cloned()
        .expect("analysed");
    let report = &analysis.as_rushhour().expect("a Rush Hour analysis").report;
    assert_eq!(report.shortest_moves, Some(3), "harder than the 2 moves");
    harness.get_by_label_contains("the hardest start of the cluster, 3 moves to a win");
    // The hardest start is its cluster's hardest: no harder one to offer.
    assert!(harness
        .get_by_label("Make it harder")
        .accesskit_node()
        .is_disabled());
}

#[test]
fn the_shortest_solution_replays_in_fogleman_moves() {
    let mut harness = editor();
    lay_the_level(&mut harness);
    harness.get_by_label("Replay").click();
    harness.step();
    harness.get_by_label("Move 1: C-1");
    harness.get_by_label("Move 2: B+2");
    harness.get_by_label("Move 3: A+4").click();
    harness.run();
    harness.get_by_label("Move 3 of 3:");
    // The histogram of the states by depth, as every kind with a graph.
    harness.get_by_label("Histogram").click();
    harness.step();
    harness.get_by_label_contains("states over");
}

#[test]
fn a_state_of_the_graph_is_shown_on_the_board_with_its_way_from_the_start() {
    let mut harness = editor();
    lay_the_level(&mut harness);
    harness.key_press(Key::F3);
    harness.run();
    assert_eq!(harness.state().view(), CentralView::Graph);
    harness
        .state_mut()
        .apply(levelscope::gui::commands::Command::SelectState {
            id: 1,
            along: vec![0, 1],
        });
    harness.run();
    harness.get_by_label_contains("Selected state 1: ");
    harness.get_by_label("Show on the board").click();
    harness.run();
    assert_eq!(harness.state().view(), CentralView::Edit);
    harness.get_by_label_contains("State 1 (depth 1): ");
    harness.get_by_label("Move 1 of 1:");
}
