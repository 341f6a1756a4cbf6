//! The board tools a Tiled or LDtk user expects, driven through the real
//! editor with egui_kittest: zoom and pan, the line tool, rectangle
//! select with copy, cut and paste, flip and rotate.

use egui::{Event, Modifiers, MouseWheelSource, MouseWheelUnit, PointerButton, Pos2, TouchPhase};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor, open_file};
use levelscope::gui::EditorApp;
use levelscope::kinds::skiddy::Piece;

/// The centre of board cell `(x, y)` as the last frame drew it.
fn cell_centre(harness: &Harness<'static, EditorApp>, x: usize, y: usize) -> Pos2 {
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
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
    let before = harness.state().board_geometry().unwrap();
    let pointer = cell_centre(&harness, 2, 1);
    wheel_at(&mut harness, pointer, 2.0);
    let after = harness.state().board_geometry().unwrap();
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
    let origin = harness.state().board_geometry().unwrap().origin;
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
    let panned = harness.state().board_geometry().unwrap().origin;
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
    assert_eq!(harness.state().board_geometry().unwrap(), before);
    harness.get_by_label("Zoom: fit");
}

/// An 8x6 Skiddy level with room to select and paste.
const ROOMY: &str = "#r######\n#R..c..#\n#......#\n#..B...#\n#......#\n###b####\n";

/// The active Skiddy level as ASCII rows.
fn rows(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let level = harness.state().doc().level.as_skiddy().unwrap().clone();
    levelscope::kinds::skiddy::format::to_ascii(&level)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Drags with `button` from cell `from` to cell `to`, a frame for each
/// step; `before_release` runs while the button is still down.
fn drag_cells(
    harness: &mut Harness<'static, EditorApp>,
    from: (usize, usize),
    to: (usize, usize),
    before_release: impl FnOnce(&mut Harness<'static, EditorApp>),
) {
    let a = cell_centre(harness, from.0, from.1);
    let b = cell_centre(harness, to.0, to.1);
    harness.event(Event::PointerMoved(a));
    harness.step();
    harness.event(Event::PointerButton {
        pos: a,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.step();
    for k in 1..=3 {
        harness.event(Event::PointerMoved(a + (b - a) * (k as f32 / 3.0)));
        harness.step();
    }
    before_release(harness);
    harness.event(Event::PointerButton {
        pos: b,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.step();
}

/// The text the last frame put on the clipboard.
fn copied_text(harness: &Harness<'static, EditorApp>) -> String {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("something was copied")
}

fn last_step(harness: &Harness<'static, EditorApp>) -> String {
    let names = harness.state().doc().history.undo_names();
    names.last().expect("an undo step").to_string()
}

fn roomy_editor() -> Harness<'static, EditorApp> {
    let mut harness = editor();
    open_file(&mut harness, "roomy.txt", ROOMY);
    harness
}

#[test]
fn select_a_region_by_drag_copy_it_paste_it_elsewhere_and_undo() {
    let mut harness = roomy_editor();
    harness.get_by_label("Select").click();
    harness.step();
    drag_cells(&mut harness, (1, 1), (4, 1), |_| {});
    let selection = harness
        .state()
        .board_tools()
        .selection
        .expect("a selection");
    assert_eq!(selection.describe(), "4x1 at (1, 1)");
    harness.get_by_label("Selection 4x1 at (1, 1)");
    harness.event(Event::Copy);
    harness.step();
    let text = copied_text(&harness);
    assert_eq!(text, "levelscope Skiddy region 4x1\nR..c\n");
    assert_eq!(rows(&harness)[1], "#R..c..#", "a copy changes nothing");
    // Paste with the pointer over (2, 3): the region lands there.
    let over = cell_centre(&harness, 2, 3);
    harness.event(Event::PointerMoved(over));
    harness.step();
    let docs = harness.state().docs().len();
    harness.event(Event::Paste(text));
    harness.step();
    assert_eq!(rows(&harness)[3], "#.R..c.#");
    assert_eq!(last_step(&harness), "Paste 4x1 at (2, 3)");
    assert_eq!(
        harness.state().board_tools().selection.unwrap().describe(),
        "4x1 at (2, 3)",
        "the pasted cells are selected"
    );
    assert_eq!(harness.state().docs().len(), docs, "no level was opened");
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    harness.step();
    assert_eq!(
        rows(&harness).join("\n") + "\n",
        ROOMY,
        "one undo takes it back"
    );
}

#[test]
fn cut_and_delete_clear_the_selection_and_text_that_is_not_the_region_opens_a_level() {
    let mut harness = roomy_editor();
    harness.get_by_label("Select").click();
    harness.step();
    drag_cells(&mut harness, (3, 3), (3, 3), |_| {});
    harness.event(Event::Cut);
    harness.step();
    assert_eq!(rows(&harness)[3], "#......#", "the blue Skiddy was cut");
    assert_eq!(last_step(&harness), "Cut 1x1 at (3, 3)");
    drag_cells(&mut harness, (1, 1), (2, 1), |_| {});
    harness.key_press(egui::Key::Delete);
    harness.step();
    assert_eq!(rows(&harness)[1], "#...c..#");
    assert_eq!(last_step(&harness), "Clear 2x1 at (1, 1)");
    // Another program's text on the clipboard is a level to open.
    let docs = harness.state().docs().len();
    harness.event(Event::Paste("#b##\n#B.#\n####\n".into()));
    harness.step();
    assert_eq!(harness.state().docs().len(), docs + 1);
}

#[test]
fn flip_and_rotate_the_selection_with_keys_and_buttons() {
    let mut harness = roomy_editor();
    harness.get_by_label("Select").click();
    harness.step();
    drag_cells(&mut harness, (1, 1), (4, 1), |_| {});
    harness.event(Event::Text("h".into()));
    harness.step();
    assert_eq!(rows(&harness)[1], "#c..R..#");
    assert_eq!(last_step(&harness), "Flip selection horizontally");
    // A quarter turn stands the row up as a column from its top-left.
    harness.get_by_label("Rotate").click();
    harness.step();
    let r = rows(&harness);
    assert_eq!(
        harness.state().board_tools().selection.unwrap().describe(),
        "1x4 at (1, 1)"
    );
    assert_eq!(&r[1][..3], "#c.");
    assert_eq!(&r[4][..2], "#R");
    assert_eq!(last_step(&harness), "Rotate selection clockwise");
    // Selecting the left column with its border and flipping it
    // horizontally would put border walls inside and the crate on the
    // border: the crate is left out, and the warning says so.
    drag_cells(&mut harness, (0, 1), (1, 1), |_| {});
    harness.get_by_label("Flip H").click();
    harness.step();
    assert_eq!(&rows(&harness)[1][..2], "##");
    let warning = harness
        .state()
        .notices()
        .latest_of(levelscope::gui::notices::Severity::Warning)
        .expect("a warning");
    assert!(
        warning
            .text
            .contains("crate would land on the border at (0, 1)"),
        "{}",
        warning.text
    );
}

#[test]
fn the_line_tool_previews_while_dragging_and_paints_one_undo_step() {
    let mut harness = roomy_editor();
    harness.get_by_label("Line").click();
    harness.get_by_label("Block").click();
    harness.step();
    drag_cells(&mut harness, (1, 2), (5, 2), |harness| {
        assert_eq!(
            rows(harness)[2],
            "#......#",
            "nothing painted before the release"
        );
        let drag = harness
            .state()
            .board_tools()
            .drag
            .expect("a line being dragged");
        assert_eq!((drag.from, drag.to), ((1, 2), (5, 2)));
    });
    assert_eq!(rows(&harness)[2], "######.#");
    assert_eq!(last_step(&harness), "Line of blocks from (1, 2) to (5, 2)");
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    harness.step();
    assert_eq!(rows(&harness)[2], "#......#", "one undo step");
}
