//! What the editor's kittest flows share: the editor with the bundled
//! sample pack, waiting for the worker's analysis, opening a file.

use std::time::{Duration, Instant};

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use levelscope::gui::EditorApp;

/// The editor in a 1600x960 window, its first level analysed.
pub fn editor() -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_size([1600.0, 960.0])
        .build_eframe(|cc| EditorApp::new(&cc.egui_ctx, cc.storage));
    wait_for_analysis(&mut harness);
    harness
}

/// How long a test waits for the worker before calling it a hang; the
/// tests wait for the worker's delivery, this only bounds a hang.
pub const HANG: Duration = Duration::from_secs(120);

/// Steps the window until the worker has delivered the analysis of the
/// level on screen: each round blocks on the worker's result (not on a
/// clock) and then steps, so the editor collects it.
pub fn wait_for_analysis(harness: &mut Harness<'static, EditorApp>) {
    let deadline = Instant::now() + HANG;
    loop {
        harness.step();
        let app = harness.state();
        let current = app.analysis().level.as_ref() == Some(&app.doc().level);
        if current && !app.worker().is_running() && app.analysis().result.is_some() {
            harness.step();
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            harness.state_mut().worker_mut().wait_for_result(left) && !left.is_zero(),
            "the analysis of the level on screen did not arrive within {HANG:?}"
        );
    }
}

/// Steps the window until the editor's pack check has ended, each round
/// blocking on the check's next verdict (not on a clock); a hang fails
/// after [`HANG`].
pub fn wait_for_pack_check(harness: &mut Harness<'static, EditorApp>) {
    let deadline = Instant::now() + HANG;
    loop {
        harness.step();
        if !harness.state().pack_panel().is_checking() {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            harness
                .state_mut()
                .pack_panel_mut()
                .wait_for_check_verdict(left)
                && !left.is_zero(),
            "the pack check did not end within {HANG:?}"
        );
    }
}

/// Opens `text` as a file named `name`, through File → Open's code path.
pub fn open_file(harness: &mut Harness<'static, EditorApp>, name: &str, text: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    harness.state_mut().open_path(&path);
    harness.step();
    wait_for_analysis(harness);
}

/// Moves the pointer to `pos` and clicks `button` there, a frame for each
/// of the move, the press and the release.
pub fn click_at(harness: &mut Harness<'static, EditorApp>, pos: Pos2, button: PointerButton) {
    harness.event(Event::PointerMoved(pos));
    harness.step();
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.step();
    }
}

/// Chooses the palette's `tile` (by its label) and paints it at cell
/// `(x, y)` of the board with a click.
pub fn paint_cell(harness: &mut Harness<'static, EditorApp>, tile: &str, x: usize, y: usize) {
    use egui_kittest::kittest::Queryable;
    harness.get_by_label(tile).click();
    harness.step();
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    click_at(
        harness,
        geometry.cell_rect(x, y).center(),
        PointerButton::Primary,
    );
}

/// Opens Edit ▸ History (the menu bar's Edit comes before the Edit view's
/// button).
pub fn open_history_menu(harness: &mut Harness<'static, EditorApp>) {
    use egui_kittest::kittest::Queryable;
    harness.get_all_by_label("Edit").next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("History").hover();
    harness.run_steps(2);
}
