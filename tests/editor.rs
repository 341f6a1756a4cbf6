//! The editor driven through real flows, by label, with egui_kittest: the
//! window is the real `EditorApp` with the bundled sample pack, its first
//! level (1-1 of docs/rules.md) loaded and analysed on the worker thread.

use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor, open_file, open_history_menu, wait_for_analysis};
use levelscope::gui::app::{CentralView, Showing};
use levelscope::gui::notices::Severity;
use levelscope::gui::EditorApp;
use levelscope::kinds::skiddy::{Floor, Piece};

/// Clicks the board's cell `(x, y)` with `button`.
fn click_cell(
    harness: &mut Harness<'static, EditorApp>,
    x: usize,
    y: usize,
    button: PointerButton,
) {
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    click_at(harness, geometry.cell_rect(x, y).center(), button);
}

#[test]
fn starts_with_the_sample_pack_and_its_first_level() {
    let harness = editor();
    let app = harness.state();
    assert_eq!(app.doc().level.name(), "1-1");
    assert_eq!(app.pack().as_ref().unwrap().pack.levels.len(), 12);
    harness.get_by_label("3 of 3 stars");
    harness.get_by_label("Board");
}

#[test]
fn paint_a_cell_and_undo_it() {
    let mut harness = editor();
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_skiddy()
            .unwrap()
            .cell(2, 2)
            .piece,
        Some(Piece::Crate)
    );
    harness.get_by_label("Undo").click();
    harness.step();
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_skiddy()
            .unwrap()
            .cell(2, 2)
            .piece,
        None
    );
    harness.get_by_label("Redo").click();
    harness.step();
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_skiddy()
            .unwrap()
            .cell(2, 2)
            .piece,
        Some(Piece::Crate)
    );
    // The right button erases; Ctrl+Z undoes that too.
    click_cell(&mut harness, 2, 2, PointerButton::Secondary);
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_skiddy()
            .unwrap()
            .cell(2, 2)
            .piece,
        None
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(
        harness
            .state()
            .doc()
            .level
            .as_skiddy()
            .unwrap()
            .cell(2, 2)
            .piece,
        Some(Piece::Crate)
    );
}

#[test]
fn a_paint_on_the_border_is_refused_with_a_message() {
    let mut harness = editor();
    harness.get_by_label("Pit").click();
    harness.step();
    click_cell(&mut harness, 0, 1, PointerButton::Primary);
    let app = harness.state();
    assert_eq!(
        app.doc().level.as_skiddy().unwrap().cell(0, 1).floor,
        Floor::Block
    );
    let warning = app
        .notices()
        .latest_of(Severity::Warning)
        .expect("a warning");
    assert!(warning.text.contains("border"), "{}", warning.text);
    assert!(!app.doc().history.can_undo(), "a refused paint is no step");
}

#[test]
fn an_edit_changes_the_rating_once_the_worker_is_done() {
    let mut harness = editor();
    harness.get_by_label("3 of 3 stars");
    harness.get_by_label("Block").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    wait_for_analysis(&mut harness);
    harness.get_by_label("1 of 3 stars");
    assert!(harness.query_by_label("3 of 3 stars").is_none());
    harness.get_by_label_contains("no max-combo solution");
}

#[test]
fn pick_a_solution_and_step_through_it() {
    let mut harness = editor();
    // "L D" is both the shortest and the max-combo solution; take the first.
    harness.get_all_by_label("  2  L D").next().unwrap().click();
    harness.step();
    assert!(matches!(harness.state().showing(), Some(Showing::Replay)));
    harness.get_by_label("Pause replay").click();
    harness.step();
    harness.get_by_label("Start").click();
    harness.step();
    harness.get_by_label("Move 0 of 2:");
    harness.get_by_label("Replay board");
    harness.get_by_label("Step forward").click();
    harness.step();
    harness.get_by_label("Step forward").click();
    harness.step();
    harness.get_by_label("Move 2 of 2:");
    // The last move takes the last Skiddy out: the level is won.
    harness.get_by_label_contains("left at tick");
    harness.get_by_label("Step back").click();
    harness.step();
    harness.get_by_label("Move 1 of 2:");
    harness.get_by_label("Back to editing").click();
    harness.step();
    assert!(harness.state().showing().is_none());
}

#[test]
fn play_a_move_in_play_mode() {
    let mut harness = editor();
    harness.get_by_label("Play").click();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Play);
    harness.key_press(Key::ArrowUp);
    harness.step();
    harness.get_by_label("No moves yet"); // Up is not a move in 1-1
    harness.key_press(Key::ArrowLeft);
    harness.step();
    harness.get_by_label("Moves: 1 (L)");
    harness.get_by_label("max-combo still possible; 1 move to the nearest win");
    harness.get_by_label("Down").click();
    harness.step();
    harness.step();
    harness.get_by_label(
        "won: every Skiddy is out. Perfect: Maximum Combo and Minimum Moves (2 moves) in one run",
    );
    harness.get_by_label("Take back").click();
    harness.run_steps(2);
    harness.get_by_label("Moves: 1 (L)");
}

#[test]
fn a_trap_shows_the_last_winnable_state_and_the_dead_end() {
    let mut harness = editor();
    let index = harness
        .state()
        .pack()
        .as_ref()
        .unwrap()
        .pack
        .levels
        .iter()
        .position(|e| e.level.name() == "dead-end")
        .unwrap();
    harness.state_mut().open_pack_entry(index);
    wait_for_analysis(&mut harness);
    harness.get_by_label("Traps and dead ends").click();
    harness.step();
    // One trap, counted in the singular.
    harness.get_by_label("1 trap, 4 dead ends. Shallowest first:");
    harness
        .get_all_by_label_contains("-> dead end")
        .next()
        .unwrap()
        .click();
    harness.step();
    assert!(matches!(
        harness.state().showing(),
        Some(Showing::Trap { .. })
    ));
    harness.get_by_role_and_label(egui::Role::Canvas, "Last winnable state");
    harness.get_by_role_and_label(egui::Role::Canvas, "Dead end");
    harness.get_by_label_contains("Ringed");
}

#[test]
fn the_state_graph_and_histogram_show() {
    let mut harness = editor();
    harness.get_by_label("Histogram").click();
    harness.step();
    harness.get_by_label_contains("states over");
    harness.get_by_label("State graph").click();
    harness.step();
    harness.step();
    harness.get_by_label("Fit");
}

#[test]
fn copy_gives_ascii_and_paste_opens_a_new_level() {
    let mut harness = editor();
    harness.event(Event::Copy);
    harness.step();
    let copied: Vec<String> = harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied, vec!["#####\n#R.R#\n#...#\n#r###\n".to_string()]);
    let docs = harness.state().docs().len();
    harness.event(Event::Paste("#b##\n#B.#\n####\n".into()));
    harness.step();
    let app = harness.state();
    assert_eq!(app.docs().len(), docs + 1);
    assert_eq!(app.doc().level.size().0, 4);
    // Text that is not a level is refused with a message and opens nothing.
    harness.event(Event::Paste("hello".into()));
    harness.step();
    assert_eq!(harness.state().docs().len(), docs + 1);
    assert!(harness
        .state()
        .notices()
        .latest_of(Severity::Error)
        .is_some_and(|n| n.text.contains("does not hold a level")));
}

#[test]
fn closing_a_changed_level_asks_first() {
    let mut harness = editor();
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    let docs = harness.state().docs().len();
    let active = harness.state().active();
    harness.state_mut().request_close_document(active);
    harness.step();
    harness.step();
    harness.get_by_label("Unsaved changes");
    harness.get_by_label("Cancel").click();
    harness.step();
    assert_eq!(harness.state().docs().len(), docs, "cancel keeps it");
    harness.state_mut().request_close_document(active);
    harness.step();
    harness.step();
    harness.get_by_label("Discard").click();
    harness.step();
    // The last level closed leaves one blank level to paint on.
    let app = harness.state();
    assert!(app.docs().iter().all(|d| d.level.name() != "1-1"));
    assert_eq!(app.docs().len(), docs.max(2) - 1);
}

#[test]
fn a_level_over_the_state_budget_says_so() {
    let mut harness = editor();
    // The sample pack's four-colours has 2,222 states; the lowest budget
    // is 1,000.
    harness.state_mut().prefs_mut().max_states = 1_000;
    harness.state_mut().open_pack_entry(5);
    harness.step();
    wait_for_analysis(&mut harness);
    assert_eq!(harness.state().doc().level.name(), "four-colours");
    harness.get_by_label_contains("too big: stopped after");
    // The editor's own setting, never the command line's flag.
    harness.get_by_label_contains("raise it in Analysis > State budget");
    assert!(harness.query_by_label_contains("--max-states").is_none());
    // The pack panel's budget is the same one: raising it there analyses
    // the level on screen again, within the new budget.
    harness
        .get_by_label("State budget")
        .set_value_accesskit(100_000.0);
    harness.step();
    assert_eq!(harness.state().prefs().max_states, 100_000);
    wait_for_analysis(&mut harness);
    assert!(
        matches!(harness.state().analysis().result, Some(Ok(_))),
        "analysed again within the raised budget"
    );
}

/// A 4x2 Prism level in the 2016 format: the start top-left, an `h` enemy
/// at (2, 0) that runs to the right wall and back along the top row, and
/// the exit bottom-right. Going right twice walks into the enemy coming
/// back.
const PRISM_WITH_ENEMY: &str = "4 2\n0\ns e h e\ne e e f\n";

#[test]
fn prism_play_a_move_into_an_enemy_and_take_it_back() {
    let mut harness = editor();
    open_file(&mut harness, "enemy.txt", PRISM_WITH_ENEMY);
    assert!(harness.state().doc().level.as_prism().is_some());
    harness.get_by_label("Difficulty 4");
    harness.get_by_label("Play").click();
    harness.step();
    assert_eq!(harness.state().view(), CentralView::Play);
    harness.key_press(Key::ArrowRight);
    harness.step();
    harness.get_by_label_contains("can be won");
    harness.key_press(Key::ArrowRight);
    harness.step();
    harness.get_by_label_contains("Caught by the h enemy at (2, 0)");
    harness.key_press(Key::Backspace);
    harness.step();
    assert_eq!(
        harness.query_all_by_label_contains("Caught").count(),
        0,
        "the catch is taken back"
    );
    harness.get_by_label_contains("Moves: 1 ("); // the player is back after one move
    harness.get_by_label_contains("to the nearest win");
}

#[test]
fn prism_paint_a_red_block_from_the_palette() {
    let mut harness = editor();
    open_file(&mut harness, "enemy.txt", PRISM_WITH_ENEMY);
    harness.get_by_label("Red block").click();
    harness.step();
    click_cell(&mut harness, 1, 1, PointerButton::Primary);
    let level = harness.state().doc().level.as_prism().unwrap().clone();
    assert_eq!(
        level.cell(1, 1),
        levelscope::kinds::prism::Cell::Block(levelscope::kinds::prism::Colour::RED)
    );
    // The start refuses a block, with a word in the status line.
    click_cell(&mut harness, 0, 0, PointerButton::Primary);
    assert!(harness
        .state()
        .notices()
        .latest_of(Severity::Warning)
        .is_some());
    assert_eq!(
        harness.state().doc().level.as_prism().unwrap().cell(0, 0),
        levelscope::kinds::prism::Cell::Empty
    );
    // The shortcut picks the green switch.
    harness.event(Event::Text("G".into()));
    harness.step();
    click_cell(&mut harness, 2, 1, PointerButton::Primary);
    assert_eq!(
        harness.state().doc().level.as_prism().unwrap().cell(2, 1),
        levelscope::kinds::prism::Cell::Switch(levelscope::kinds::prism::Colour::GREEN)
    );
}

#[test]
fn prism_files_open_as_a_level_a_pack_and_json() {
    let mut harness = editor();
    let levels: Vec<_> = ["s e e\ne r f\n", "s g\ne f\n"]
        .iter()
        .map(|rows| {
            let rows: &str = rows;
            let w = rows.lines().next().unwrap().split_whitespace().count();
            let h = rows.lines().count();
            levelscope::kinds::prism::read_2016(&format!("{w} {h}\n0\n{rows}")).unwrap()
        })
        .collect();
    let text = levelscope::kinds::prism::write_2017(&levels).unwrap();
    open_file(&mut harness, "two.txt", &text);
    let pack = &harness.state().pack().as_ref().unwrap().pack;
    assert_eq!(pack.levels.len(), 2);
    // The state graph and the histogram show for a Prism level too.
    harness.get_by_label("State graph").click();
    harness.step();
    harness.step();
    harness.get_by_label("Fit");
    harness.get_by_label("Histogram").click();
    harness.step();
    harness.get_by_label_contains("states over");
    assert!(harness.state().doc().level.as_prism().is_some());
    let json = levelscope::kinds::prism::write_json(&levels[0]);
    open_file(&mut harness, "one.json", &json);
    assert_eq!(harness.state().doc().level.as_prism(), Some(&levels[0]));
    // File → New makes a Prism level when one is active.
    harness.state_mut().new_level();
    harness.step();
    assert!(harness.state().doc().level.as_prism().is_some());
}

/// The crate (if any) on cell `(x, y)` of the active Skiddy level.
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
fn a_quick_click_paints_even_when_released_before_the_next_frame() {
    let mut harness = editor();
    harness.get_by_label("Crate").click();
    harness.step();
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    let pos: Pos2 = geometry.cell_rect(2, 2).center();
    harness.event(Event::PointerMoved(pos));
    harness.step();
    // Press and release arrive between two frames, as a quick click does.
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.step();
    assert_eq!(piece_at(&harness, 2, 2), Some(Piece::Crate));
    // It was one stroke: one undo takes it back.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(piece_at(&harness, 2, 2), None);
}

#[test]
fn ctrl_shift_z_redoes_and_ctrl_z_undoes() {
    let mut harness = editor();
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    assert_eq!(piece_at(&harness, 2, 2), Some(Piece::Crate));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    assert_eq!(piece_at(&harness, 2, 2), None, "Ctrl+Z undoes");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.step();
    assert_eq!(
        piece_at(&harness, 2, 2),
        Some(Piece::Crate),
        "Ctrl+Shift+Z redoes, not undoes"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.step();
    assert_eq!(
        piece_at(&harness, 2, 2),
        Some(Piece::Crate),
        "Ctrl+Y redoes"
    );
}

#[test]
fn ctrl_shift_s_does_not_save_over_the_open_file() {
    let mut harness = editor();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.txt");
    let text = "#####\n#R.R#\n#...#\n#r###\n";
    std::fs::write(&path, text).unwrap();
    harness.state_mut().open_path(&path);
    harness.step();
    wait_for_analysis(&mut harness);
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    harness.state_mut().prefs_mut().system_file_dialog = false;
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.step();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "Save as asks for a file; it does not write the open one"
    );
    assert!(harness.state().dialogs().built_in_open(), "it asks");
    harness.run_steps(3);
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(!harness.state().dialogs().is_open());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.step();
    assert_ne!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "Ctrl+S saves the open file"
    );
}

/// An editor keeping its recovery copies in `dir` at once (no delay), a
/// crate painted at (2, 2) and left unsaved, then dropped as a killed
/// editor is; returns the edited level.
fn edit_then_kill(dir: &std::path::Path) -> levelscope::kinds::Level {
    let mut harness = editor();
    harness
        .state_mut()
        .keep_recovery_in(Some(dir.to_path_buf()));
    harness.state_mut().recovery_mut().delay = std::time::Duration::ZERO;
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    harness.step();
    let edited = harness.state().doc().level.clone();
    assert_eq!(
        level_copies(dir).len(),
        1,
        "the unsaved level has a recovery copy"
    );
    // The editor is killed: no quit, no save, the window just goes.
    drop(harness);
    assert_eq!(level_copies(dir).len(), 1);
    edited
}

/// The recovery copies of levels in `dir` (not the pack's copy, which a
/// pack with an unsaved level has too).
fn level_copies(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && !p.to_string_lossy().ends_with("-pack.json"))
        .collect()
}

/// The editor started again with its recovery copies in `dir`.
fn restart(dir: &std::path::Path) -> Harness<'static, EditorApp> {
    let mut harness = editor();
    harness
        .state_mut()
        .keep_recovery_in(Some(dir.to_path_buf()));
    harness
}

#[test]
fn a_killed_editor_loses_nothing_its_recovery_copy_restores_the_level() {
    let dir = tempfile::tempdir().unwrap();
    let edited = edit_then_kill(dir.path());
    let mut harness = restart(dir.path());
    assert_eq!(harness.state().recovered().len(), 1, "the copy is offered");
    harness.run_steps(4);
    harness.get_by_label_contains("did not close normally");
    harness.get_by_label_contains("Skiddy level 1-1");
    harness.get_by_label("Restore them").click();
    harness.step();
    let app = harness.state();
    assert_eq!(
        app.doc().level,
        edited,
        "the restored level is the edited one"
    );
    assert!(app.doc().is_dirty(), "and it is still unsaved");
    assert_eq!(
        app.doc().origin,
        levelscope::gui::document::Origin::PackEntry(0),
        "level 1 of the pack, as it was"
    );
    assert!(
        !app.pack().as_ref().unwrap().dirty,
        "the pack itself had no unsaved changes"
    );
    harness.run_steps(4);
    assert!(harness
        .query_by_label_contains("did not close normally")
        .is_none());
}

/// An unsaved change to the pack survives a killed editor too: the pack's
/// copy (its levels, in order) is offered at the next start and restored as
/// the open pack, still unsaved.
#[test]
fn a_killed_editor_loses_no_pack_edit() {
    let dir = tempfile::tempdir().unwrap();
    let before = {
        let mut harness = editor();
        harness
            .state_mut()
            .keep_recovery_in(Some(dir.path().to_path_buf()));
        harness.state_mut().recovery_mut().delay = std::time::Duration::ZERO;
        let bundled = harness.state().pack().as_ref().unwrap().pack.levels.len();
        harness.get_by_label("Add current level").click();
        harness.run_steps(2);
        // The level on screen is level 1 of the pack already.
        harness.get_by_label("Add a copy").click();
        harness.run_steps(3);
        let open = harness.state().pack().as_ref().unwrap();
        assert!(open.dirty);
        assert_eq!(open.pack.levels.len(), bundled + 1);
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().any(|n| n.ends_with("-pack.json")),
            "the unsaved pack has a recovery copy: {names:?}"
        );
        let pack = open.pack.clone();
        // The editor is killed: no quit, no save, the window just goes.
        drop(harness);
        pack
    };
    let mut harness = restart(dir.path());
    assert_eq!(
        harness.state().recovered_packs().len(),
        1,
        "the copy is offered"
    );
    let copy = harness.state().recovered_packs()[0].path.clone();
    harness.run_steps(4);
    harness.get_by_label_contains("did not close normally");
    harness.get_by_label_contains(&format!(
        "the pack {} with {} levels — not saved to a file",
        before.name,
        before.levels.len()
    ));
    harness.get_by_label("Restore them").click();
    harness.run_steps(2);
    let open = harness.state().pack().as_ref().unwrap();
    assert_eq!(open.pack, before, "the restored pack is the edited one");
    assert!(open.dirty, "and it is still unsaved");
    let docs = &harness.state().docs();
    assert_eq!(
        docs.len(),
        1,
        "the untouched level of the pack open at start is not kept as a copy"
    );
    assert!(!docs[0].is_dirty());
    assert!(!copy.exists(), "the old copy is gone");
}

#[test]
fn recovered_work_can_be_discarded() {
    let dir = tempfile::tempdir().unwrap();
    edit_then_kill(dir.path());
    let mut harness = restart(dir.path());
    harness.run_steps(4);
    harness.get_by_label("Discard them").click();
    harness.step();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    assert_eq!(harness.state().docs().len(), 1, "nothing was opened");
}

/// A copy cut short (a disk that filled) is not passed over: the editor
/// names it with what it could read, says why the rest could not be read,
/// and keeps it aside or discards it as the designer says.
#[test]
fn a_recovery_copy_cut_short_is_named_and_kept_or_discarded() {
    for keep in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        edit_then_kill(dir.path());
        let copy = level_copies(dir.path()).remove(0);
        let text = std::fs::read_to_string(&copy).unwrap();
        // The disk filled in the middle of the board's rows.
        let cut = text.find("\"rows\"").unwrap() + 20;
        std::fs::write(&copy, &text[..cut]).unwrap();
        let mut harness = restart(dir.path());
        assert!(harness.state().recovered().is_empty(), "nothing to restore");
        harness.run_steps(4);
        harness.get_by_label_contains("A recovery copy of 1-1 written");
        harness.get_by_label_contains("could not be read: it is cut short");
        harness.get_by_label_contains(&copy.display().to_string());
        if keep {
            harness.get_by_label("Keep the file").click();
        } else {
            harness.get_by_label("Discard the file").click();
        }
        harness.run_steps(4);
        assert!(harness
            .query_by_label_contains("could not be read")
            .is_none());
        assert!(!copy.exists());
        let kept = dir
            .path()
            .join("unreadable")
            .join(copy.file_name().unwrap());
        assert_eq!(kept.exists(), keep);
        if keep {
            assert_eq!(std::fs::read_to_string(&kept).unwrap(), text[..cut]);
            harness.get_by_label_contains("Kept the unreadable recovery copy at");
        }
        // The next start neither offers nor mentions it.
        let harness = restart(dir.path());
        assert!(harness.state().unreadable().is_empty());
        assert!(harness.state().recovered().is_empty());
    }
}

#[test]
fn a_resize_shows_what_it_removes_before_it_does_and_keeps_the_anchored_side() {
    let mut harness = editor();
    // The level: a red goal on the top border at (5, 0), a blue
    // Skiddy at (3, 2), a red Skiddy at (6, 2), a blue goal at (7, 3).
    let text = "#####r##\n#......#\n#..B..R#\n#......b\n#......#\n#......#\n########\n";
    open_file(&mut harness, "wide.txt", text);
    let before = harness.state().doc().level.clone();
    harness.get_by_label("Width").set_value_accesskit(6.0);
    harness.run_steps(2);
    // Nothing changed yet; the losses are listed.
    assert_eq!(harness.state().doc().level, before);
    harness.get_by_label_contains("the red Skiddy at (6, 2) falls off");
    harness.get_by_label_contains("the blue goal at (7, 3) falls off");
    harness.get_by_label_contains("ends up in a corner");
    // Keeping the right side in place loses nothing.
    harness.get_by_label("right").scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label("right").click_accesskit();
    harness.run_steps(2);
    assert_eq!(harness.state().resize_anchor().name(), "right");
    harness.get_by_label_contains("nothing is lost");
    assert!(harness.query_by_label_contains("falls off").is_none());
    harness.get_by_label("Resize").scroll_to_me();
    harness.run_steps(2);
    harness.get_by_label("Resize").click();
    harness.run_steps(2);
    let app = harness.state();
    let level = app.doc().level.as_skiddy().unwrap();
    assert_eq!((level.width(), level.height()), (6, 7));
    assert_eq!(
        level.cell(5, 3).floor,
        Floor::Goal(levelscope::kinds::skiddy::Colour::Blue)
    );
    assert_eq!(
        level.cell(4, 2).piece,
        Some(Piece::Skiddy(levelscope::kinds::skiddy::Colour::Red))
    );
    assert!(level.problems().is_empty(), "{:?}", level.problems());
    assert_eq!(app.doc().history.undo_names(), ["Resize 8x7 to 6x7"]);
    assert!(app.resize_draft().is_none());
}

#[test]
fn the_history_names_each_step_and_a_click_goes_back_to_it() {
    let mut harness = editor();
    let before = harness.state().doc().level.clone();
    harness.get_by_label("Crate").click();
    harness.step();
    click_cell(&mut harness, 2, 2, PointerButton::Primary);
    let after_first = harness.state().doc().level.clone();
    click_cell(&mut harness, 3, 2, PointerButton::Primary);
    assert_eq!(
        harness.state().doc().history.undo_names(),
        ["Paint crate at (2, 2)", "Paint crate at (3, 2)"]
    );
    open_history_menu(&mut harness);
    harness.get_by_label("1. Paint crate at (2, 2)").click();
    harness.run_steps(2);
    assert_eq!(harness.state().doc().level, after_first);
    // The undone step stays listed and a click brings it back.
    open_history_menu(&mut harness);
    harness.get_by_label("0. Before the first edit").click();
    harness.run_steps(2);
    assert_eq!(harness.state().doc().level, before);
    assert_eq!(harness.state().doc().history.redo_names().len(), 2);
}

#[test]
fn tags_and_notes_of_a_pack_level_are_edited_beside_the_pack() {
    let mut harness = editor();
    harness
        .get_by_label_contains("Tags and notes of level 1")
        .click();
    harness.run_steps(2);
    let tags = harness.get_by_label("Tags");
    tags.focus();
    harness.step();
    // The sample levels carry the tag "sample"; typing adds to it, and a
    // trailing ", " stays while the next tag is typed.
    harness.get_by_label("Tags").type_text(", tutorial, ");
    harness.step();
    harness.get_by_label("Tags").type_text("first");
    harness.step();
    harness.get_by_label("Notes").focus();
    harness.step();
    harness
        .get_by_label("Notes")
        .type_text(" Teaches the slide.");
    harness.step();
    let open = harness.state().pack().as_ref().unwrap();
    let entry = &open.pack.levels[0];
    assert_eq!(entry.tags, ["sample", "tutorial", "first"]);
    assert!(
        entry.notes.ends_with("is the Perfect. Teaches the slide."),
        "{}",
        entry.notes
    );
    assert!(open.dirty, "the pack has unsaved changes");
}

/// A cancelled analysis is no error: its line says how to analyse again,
/// F6 included, in the panel's usual colour.
#[test]
fn a_cancelled_analysis_names_f6_and_is_no_error() {
    use levelscope::gui::commands::Command;
    let mut harness = editor();
    // Analysed again from the start, and cancelled before the result is
    // collected.
    harness.state_mut().apply(Command::AnalyseAgain);
    harness.state_mut().drive_analysis();
    assert!(harness.state().worker().is_running());
    harness.state_mut().apply(Command::CancelAnalysis);
    harness.run_steps(2);
    assert!(harness.state().analysis().cancelled);
    harness.get_by_label("Cancelled: edit the level, or press F6 (Analysis > Analyse again)");
    harness.key_press(egui::Key::F6);
    wait_for_analysis(&mut harness);
    assert!(!harness.state().analysis().cancelled);
    assert!(matches!(harness.state().analysis().result, Some(Ok(_))));
}
