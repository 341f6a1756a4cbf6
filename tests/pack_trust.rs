//! The editor never loses or confuses a designer's pack work (issue 45):
//! crash recovery keeps a level's link to its pack entry and the pack
//! check's results; adding a level already in the pack says so; opening
//! another pack leaves untouched levels untouched; undo is per document;
//! the news of an opened pack waits for the answer to the question before
//! it. Driven by label with egui_kittest.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, paint_cell, wait_for_analysis};
use levelscope::gui::app::SAMPLE_PACK;
use levelscope::gui::document::Origin;
use levelscope::gui::EditorApp;

/// The bundled sample pack written to `dir/name`, as a designer's own pack
/// file.
fn pack_file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, SAMPLE_PACK).unwrap();
    path
}

/// The open pack's level names, in order.
fn pack_names(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let open = harness.state().pack.as_ref().expect("a pack is open");
    open.pack
        .levels
        .iter()
        .map(|e| e.level.name().to_string())
        .collect()
}

/// Opens `path` through File → Open's code path.
fn open(harness: &mut Harness<'static, EditorApp>, path: &Path) {
    harness.state_mut().open_path(path);
    harness.run_steps(2);
    wait_for_analysis(harness);
}

/// Clicks the pack panel's row of level `index`.
fn click_row(harness: &mut Harness<'static, EditorApp>, index: usize) {
    let name = pack_names(harness)[index].clone();
    harness.get_all_by_label(&name).next().unwrap().click();
    harness.run_steps(3);
}

/// Presses Check pack and steps until the check is done.
fn check_pack(harness: &mut Harness<'static, EditorApp>) {
    harness.get_by_label("Check pack").click();
    harness.run_steps(2);
    for _ in 0..6000 {
        harness.step();
        if !harness.state().pack_panel.is_checking() {
            harness.run_steps(2);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the pack check did not finish");
}

/// The latest line of the status bar.
fn last_notice(harness: &Harness<'static, EditorApp>) -> String {
    harness
        .state()
        .notices
        .latest()
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

/// Item 3: pack level 5 edited and checked, the editor killed, restarted
/// and the work restored: the tab is level 5 of the pack again (Save writes
/// the edit into entry 5 of the pack's file), and every level's check
/// result is as it was.
#[test]
fn a_restored_pack_level_keeps_its_entry_and_every_check_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack_file(dir.path(), "mine.json");
    let recovery = dir.path().join("recovery");
    let (edited, checks, pack_dirty) = {
        let mut harness = editor();
        harness.state_mut().keep_recovery_in(Some(recovery.clone()));
        harness.state_mut().recovery.delay = Duration::ZERO;
        open(&mut harness, &path);
        check_pack(&mut harness);
        click_row(&mut harness, 4);
        wait_for_analysis(&mut harness);
        assert_eq!(harness.state().doc().origin, Origin::PackEntry(4));
        let stored = harness.state().doc().level.clone();
        paint_cell(&mut harness, "Crate", 1, 1);
        harness.run_steps(2);
        let app = harness.state();
        assert_ne!(app.doc().level, stored, "the level was edited");
        let open = app.pack.as_ref().unwrap();
        let checks = app.pack_panel.check_results(&open.pack);
        assert!(
            checks.failures.iter().filter(|f| f.is_some()).count() >= 10,
            "the check judged the levels: {checks:?}"
        );
        let kept = (app.doc().level.clone(), checks, open.dirty);
        // The editor is killed: no quit, no save, the window just goes.
        drop(harness);
        kept
    };
    let mut harness = editor();
    harness.state_mut().keep_recovery_in(Some(recovery.clone()));
    harness.run_steps(4);
    harness.get_by_label_contains("level 5 of the pack");
    harness.get_by_label("Restore them").click();
    harness.run_steps(3);
    {
        let app = harness.state();
        assert_eq!(app.doc().level, edited, "the edit is back");
        assert_eq!(
            app.doc().origin,
            Origin::PackEntry(4),
            "the tab is level 5 of the pack again"
        );
        assert!(app.doc().is_dirty(), "and still unsaved");
        let open = app.pack.as_ref().unwrap();
        assert_eq!(open.path.as_deref(), Some(path.as_path()));
        assert_eq!(open.dirty, pack_dirty);
        assert_eq!(
            app.pack_panel.check_results(&open.pack),
            checks,
            "every level's check result is as it was"
        );
        let linked = app
            .docs
            .iter()
            .filter(|d| d.origin == Origin::PackEntry(4))
            .count();
        assert_eq!(linked, 1, "one tab for entry 5");
    }
    let bundled = pack_names(&harness).len();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(2);
    let saved = levelscope::pack::read_pack(&path).unwrap().pack;
    assert_eq!(saved.levels.len(), bundled, "no loose level was added");
    assert_eq!(saved.levels[4].level, edited, "entry 5 holds the edit");
    assert!(!harness.state().doc().is_dirty());
    assert!(last_notice(&harness).starts_with("Saved pack"));
}
