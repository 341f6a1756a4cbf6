//! The board tools a Tiled or LDtk user expects, driven through the real
//! editor with egui_kittest: zoom and pan, the line tool, rectangle
//! select with copy, cut and paste, flip and rotate.

use egui::{Event, Modifiers, MouseWheelSource, MouseWheelUnit, PointerButton, Pos2, TouchPhase};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor};
use levelscope::gui::EditorApp;
use levelscope::kinds::skiddy::Piece;

/// The centre of board cell `(x, y)` as the last frame drew it.
fn cell_centre(harness: &Harness<'static, EditorApp>, x: usize, y: usize) -> Pos2 {
    let geometry = harness.state().board_geometry.expect("the board was drawn");
    geometry.cell_rect(x, y).center()
}

/// Turns the mouse wheel `lines` lines up (closer) at `pos`.
fn wheel_at(harness: &mut Harness<'static, EditorApp>, pos: Pos2, lines: f32) {
    harness.event(Event::PointerMoved(pos));
    harness.step();
    harness.event(Event::MouseWheel {
        unit: MouseWheelUnit::Line,
        delta: egui::vec2(0.0, lines),
        phase: TouchPhase::Move,
        source: MouseWheelSource::Wheel,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    harness.step();
}

fn piece_at(harness: &Harness<'static, EditorApp>, x: usize, y: usize) -> Option<Piece> {
    harness
        .state()
        .doc()
        .level
        .as_skiddy()
        .unwrap()
        .cell(x, y)
        .piece
}

#[test]
fn wheel_zoom_keeps_the_cell_under_the_pointer_and_painting_hits_the_right_cell() {
    let mut harness = editor();
    harness.get_by_label("Zoom: fit");
    let before = harness.state().board_geometry.unwrap();
    let pointer = cell_centre(&harness, 2, 1);
    wheel_at(&mut harness, pointer, 2.0);
    let after = harness.state().board_geometry.unwrap();
    assert!(
        after.cell > before.cell * 1.5,
        "{} -> {}",
        before.cell,
        after.cell
    );
    assert_eq!(after.cell_at(pointer), Some((2, 1)), "the cell stays put");
    harness.get_by_label("Zoom 156%");
    // Paint a crate at (3, 2) of the zoomed board: it lands there.
    harness.get_by_label("Crate").click();
    harness.step();
    let target = cell_centre(&harness, 3, 2);
    click_at(&mut harness, target, PointerButton::Primary);
    assert_eq!(piece_at(&harness, 3, 2), Some(Piece::Crate));
    // A middle drag pans: the board moves with the pointer.
    let start = cell_centre(&harness, 2, 2);
    let origin = harness.state().board_geometry.unwrap().origin;
    harness.event(Event::PointerButton {
        pos: start,
        button: PointerButton::Middle,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    for step in 1..=4 {
        harness.event(Event::PointerMoved(
            start + egui::vec2(10.0 * step as f32, 0.0),
        ));
        harness.step();
    }
    harness.event(Event::PointerButton {
        pos: start + egui::vec2(40.0, 0.0),
        button: PointerButton::Middle,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    harness.step();
    let panned = harness.state().board_geometry.unwrap().origin;
    assert!(
        (panned.x - origin.x - 40.0).abs() < 1.0,
        "{origin:?} -> {panned:?}"
    );
    assert_eq!(
        piece_at(&harness, 2, 2),
        None,
        "a middle drag paints nothing"
    );
    // Fit goes back to the whole board.
    harness.get_by_label("Fit").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().board_geometry.unwrap(), before);
    harness.get_by_label("Zoom: fit");
}
