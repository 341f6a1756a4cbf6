//! Tangram in the editor, driven through real flows by label with
//! egui_kittest: paint a triangle into a new shape, drag shapes in Play
//! mode (the score drops by one a drop), finish in an arrangement other
//! than the level's own and see it accepted, ask for the honest hint, and
//! step through the solutions from the report card.

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor, open_file};
use levelscope::gui::app::{CentralView, Showing};
use levelscope::gui::kinds::kind_gui::KindGui;
use levelscope::gui::EditorApp;

/// A 2x2 board: shape 1 the bottom row (a domino), shapes 2 and 3 the top
/// squares (one form). Two solutions: the domino below the squares, or
/// above them.
const TWO_WAYS: &str = "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";

/// Presses the primary button at `from`, moves to `to` in a few steps and
/// lets go: a drag as a hand makes it.
fn drag(harness: &mut Harness<'static, EditorApp>, from: Pos2, to: Pos2) {
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    harness.event(Event::PointerMoved(from));
    harness.step();
    harness.event(button(from, true));
    harness.step();
    for k in 1..=4 {
        let t = k as f32 / 4.0;
        harness.event(Event::PointerMoved(from + (to - from) * t));
        harness.step();
    }
    harness.event(button(to, false));
    harness.step();
    // The score is drawn above the play area: one more frame shows it.
    harness.step();
}

/// Drags shape `s` (from 0) in Play mode so that it lands `by` squares
/// (screen directions, y down) from where the level has it.
fn drop_shape(harness: &mut Harness<'static, EditorApp>, s: usize, by: (i32, i32)) {
    let (from, to) = {
        let app = harness.state();
        let level = app.doc().level.as_tangram().unwrap();
        let game = app.kinds().tangram.game().expect("Play mode is showing");
        let here = game.point_on(level, s);
        let (dx, dy) = game.offsets[s];
        let there = [here[0] + (by.0 - dx) as f32, here[1] + (by.1 - dy) as f32];
        (
            game.screen_point(here).unwrap(),
            game.screen_point(there).unwrap(),
        )
    };
    drag(harness, from, to);
}

fn play(harness: &mut Harness<'static, EditorApp>) {
    harness.get_by_label("Play").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Play);
}

#[test]
fn drag_a_shape_onto_the_board_and_the_score_drops_by_one() {
    let mut harness = editor();
    open_file(
        &mut harness,
        "hard-1.txt",
        include_str!("fixtures/tangram/hard-1.txt"),
    );
    harness.get_by_label("Unique");
    play(&mut harness);
    harness.get_by_label("Score 24");
    drop_shape(&mut harness, 0, (0, 0));
    harness.get_by_label("Score 23");
    let game = harness.state().kinds().tangram.game().unwrap();
    assert!(game.on_board(0), "shape 1 is on the board");
    assert_eq!(game.offsets[0], (0, 0));
    assert_eq!(game.drops, 1);
    harness.get_by_label_contains("1 of 12 shapes on the board");
}

#[test]
fn an_arrangement_other_than_the_levels_own_is_accepted() {
    let mut harness = editor();
    open_file(&mut harness, "two-ways.txt", TWO_WAYS);
    harness.get_by_label("2 solutions");
    play(&mut harness);
    harness.get_by_label("Score 6");
    // The domino goes on top, the two squares below it.
    drop_shape(&mut harness, 0, (0, -1));
    drop_shape(&mut harness, 1, (0, 1));
    drop_shape(&mut harness, 2, (0, 1));
    let app = harness.state();
    let game = app.kinds().tangram.game().unwrap();
    let level = app.doc().level.as_tangram().unwrap();
    assert!(game.solved(level), "{:?}", game.offsets);
    assert!(!game.at_home());
    harness.get_by_label_contains("Solved with a score of 3");
    harness.get_by_label_contains("an arrangement of your own");
}

#[test]
fn the_hint_places_a_shape_that_fits_the_ones_already_placed() {
    let mut harness = editor();
    open_file(&mut harness, "two-ways.txt", TWO_WAYS);
    play(&mut harness);
    // The domino on top: only the second solution is left, and the hint
    // must follow it (the original would snap a square to its own place,
    // under the domino).
    drop_shape(&mut harness, 0, (0, -1));
    harness.get_by_label("Score 5");
    harness.get_by_label("Hint (costs 2)").click();
    harness.step();
    harness.step();
    harness.get_by_label("Score 3");
    harness.get_by_label("Hint used");
    let app = harness.state();
    let game = app.kinds().tangram.game().unwrap();
    let hinted: Vec<usize> = (0..3).filter(|&s| game.locked[s]).collect();
    assert_eq!(hinted.len(), 1);
    assert_eq!(
        game.offsets[hinted[0]].1, 1,
        "the square goes below the domino"
    );
    let cover = game.coverage(app.doc().level.as_tangram().unwrap());
    assert!(cover.iter().all(|&c| c <= 1), "nothing overlaps");
    harness.get_by_label_contains("it stays there");
}

#[test]
fn step_through_the_solutions_from_the_report_card() {
    let mut harness = editor();
    open_file(&mut harness, "two-ways.txt", TWO_WAYS);
    harness.get_by_label_contains("2 solutions:");
    harness.get_by_label("Step through the solutions").click();
    harness.step();
    harness.get_by_label("Solution 1 of 2");
    harness.get_by_label("Next solution").click();
    harness.step();
    harness.step();
    harness.get_by_label("Solution 2 of 2");
    assert!(matches!(harness.state().showing(), Some(Showing::Replay)));
    // Solution 2 has the domino (shape 1, the bottom row) on top: it
    // moves up, the squares down, in words that need no sign convention.
    harness.get_by_label_contains("Shape 1 one square up, shape 2 one square down");
}

/// The triangle under `within` (0 to 1, y down) of the rulers' square
/// `(x, y)` on the editing board.
fn board_point(
    harness: &Harness<'static, EditorApp>,
    x: usize,
    y: usize,
    within: [f32; 2],
) -> Pos2 {
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    let rect = geometry.cell_rect(x, y);
    rect.min + egui::vec2(rect.width() * within[0], rect.height() * within[1])
}

#[test]
fn the_tooltip_the_problems_and_the_history_name_the_rulers_square() {
    let mut harness = editor();
    open_file(&mut harness, "two-ways.txt", TWO_WAYS);
    harness.step();
    harness.get_by_label("(x, y): x from the left, y down from the top");
    // Erase the left triangle of the rulers' top-left square (0, 0), the
    // file's square (0, 1).
    let left = board_point(&harness, 0, 0, [0.15, 0.5]);
    click_at(&mut harness, left, PointerButton::Secondary);
    harness.step();
    let level = harness.state().doc().level.as_tangram().unwrap().clone();
    assert!(level.shapes[1]
        .triangles
        .iter()
        .all(|t| *t != levelscope::kinds::tangram::Triangle::new(0, 1, 0)));
    harness.get_by_label_contains("triangle (0, 0) left is in no shape");
    assert!(
        harness.query_by_label_contains("(0,1,0)").is_none(),
        "no triangle in the file's words"
    );
    assert_eq!(
        harness.state().doc().history.next_undo_name(),
        Some("Erase at (0, 0)")
    );
    // The tooltip of the square the rulers call (0, 0).
    harness.event(Event::PointerMoved(board_point(&harness, 0, 0, [0.5, 0.5])));
    for _ in 0..8 {
        harness.step();
    }
    harness.get_by_label_contains("(0, 0) left no shape, bottom shape 2");
}

#[test]
fn paint_a_triangle_into_a_new_shape_and_undo_it() {
    let mut harness = editor();
    open_file(&mut harness, "two-ways.txt", TWO_WAYS);
    harness.get_by_label("New shape").click();
    harness.step();
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    // The left triangle of the top-left square.
    let rect = geometry.cell_rect(0, 0);
    let pos = rect.left_center() + egui::vec2(rect.width() * 0.15, 0.0);
    click_at(&mut harness, pos, PointerButton::Primary);
    let level = harness.state().doc().level.as_tangram().unwrap().clone();
    assert_eq!(level.shapes.len(), 4, "a fourth shape");
    assert_eq!(
        level.shapes[3].triangles,
        [levelscope::kinds::tangram::Triangle::new(0, 1, 0)]
    );
    assert_eq!(level.shapes[1].triangles.len(), 3, "shape 2 gave it up");
    harness.get_by_label_contains("Shape 4 · 1 triangle");
    harness.get_by_label("Undo").click();
    harness.step();
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_tangram()
            .unwrap()
            .shapes
            .len(),
        3
    );
}

/// At 1280x800 with every side panel open, Tangram Play draws the tray's
/// shapes smaller than the board so that the board gets its share (it was
/// 245 points), a shape dragged from the small tray lands on whole squares
/// of the board, and one dropped back over the tray goes home there.
#[test]
fn at_1280_the_board_gets_its_share_and_a_shape_from_the_small_tray_lands_on_it() {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(|cc| EditorApp::new(&cc.egui_ctx, cc.storage));
    crate::common::editor::wait_for_analysis(&mut harness);
    harness.get_by_label("Open the pack panel").click();
    harness.run_steps(3);
    let folded = harness.state().prefs().folded;
    assert!(!folded.pack && !folded.tools && !folded.analysis);
    open_file(
        &mut harness,
        "hard-1.txt",
        include_str!("fixtures/tangram/hard-1.txt"),
    );
    harness.get_by_label("Unique");
    play(&mut harness);
    let (board, ratio) = {
        let app = harness.state();
        let game = app.kinds().tangram.game().unwrap();
        let level = app.doc().level.as_tangram().unwrap();
        let (_, scale) = game.view.expect("the play area was drawn");
        (level.size as f32 * scale, game.drawing.ratio)
    };
    assert!(board >= 350.0, "the board is {board} points");
    assert!(ratio < 1.0, "the tray is drawn smaller: {ratio}");
    // Shape 1 from the tray to its own place.
    assert!(harness.state().kinds().tangram.game().unwrap().in_tray(0));
    drop_shape(&mut harness, 0, (0, 0));
    harness.get_by_label("Score 23");
    let game = harness.state().kinds().tangram.game().unwrap();
    assert_eq!(game.offsets[0], (0, 0));
    assert!(game.on_board(0) && !game.in_tray(0));
    // Back over the tray (shape 2's slot): home again, for a drop's point.
    let (from, to) = {
        let app = harness.state();
        let game = app.kinds().tangram.game().unwrap();
        let level = app.doc().level.as_tangram().unwrap();
        let here = game.point_on(level, 0);
        let over_tray = game.point_on(level, 1);
        (
            game.screen_point(here).unwrap(),
            game.screen_point(over_tray).unwrap(),
        )
    };
    drag(&mut harness, from, to);
    harness.get_by_label("Score 22");
    let game = harness.state().kinds().tangram.game().unwrap();
    assert!(game.in_tray(0), "{:?}", game.offsets[0]);
    assert_eq!(game.shapes_on_board(), 0);
}
