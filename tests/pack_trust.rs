//! The editor never loses or confuses a designer's pack work (issue 45):
//! crash recovery keeps a level's link to its pack entry and the pack
//! check's results; adding a level already in the pack says so; opening
//! another pack leaves untouched levels untouched; undo is per document;
//! the news of an opened pack waits for the answer to the question before
//! it. Driven by label with egui_kittest.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
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
    let open = harness.state().pack().as_ref().expect("a pack is open");
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
    crate::common::editor::wait_for_pack_check(harness);
    harness.run_steps(2);
}

/// The latest line of the status bar.
fn last_notice(harness: &Harness<'static, EditorApp>) -> String {
    harness
        .state()
        .notices()
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
        harness.state_mut().recovery_mut().delay = Duration::ZERO;
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
        let open = app.pack().as_ref().unwrap();
        let checks = app.pack_panel().check_results(&open.pack);
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
        let open = app.pack().as_ref().unwrap();
        assert_eq!(open.path.as_deref(), Some(path.as_path()));
        assert_eq!(open.dirty, pack_dirty);
        assert_eq!(
            app.pack_panel().check_results(&open.pack),
            checks,
            "every level's check result is as it was"
        );
        let linked = app
            .docs()
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

/// Opens the menu bar's `menu` (the menu bar's Edit comes before the Edit
/// view's button).
fn open_menu(harness: &mut Harness<'static, EditorApp>, menu: &str) {
    harness.get_all_by_label(menu).next().unwrap().click();
    harness.run_steps(2);
}

/// A small Skiddy level, as a designer's own file.
const LEVEL: &str = "#####\n#R.R#\n#...#\n#r###\n";

/// Item 4: the level on screen is level 1 of the pack: Add current level
/// says so and adds nothing; Add a copy adds a copy under a name of its
/// own, and the tab stays level 1.
#[test]
fn adding_a_level_already_in_the_pack_says_so_and_offers_a_copy() {
    let mut harness = editor();
    let bundled = pack_names(&harness).len();
    assert_eq!(harness.state().doc().origin, Origin::PackEntry(0));
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    harness.get_by_label_contains("This level is already in the pack: it is level 1 \"1-1\"");
    assert_eq!(pack_names(&harness).len(), bundled, "nothing added");
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled, "nothing added");
    assert!(!harness.state().pack().as_ref().unwrap().dirty);

    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    harness.get_by_label("Add a copy").click();
    harness.run_steps(2);
    let names = pack_names(&harness);
    assert_eq!(names.len(), bundled + 1);
    assert_eq!(names[bundled], "1-1 (2)", "the copy is told apart");
    let app = harness.state();
    assert_eq!(
        app.doc().origin,
        Origin::PackEntry(0),
        "the tab stays level 1"
    );
    assert!(!app.doc().is_dirty());
    assert_eq!(
        last_notice(&harness),
        format!(
            "Added a copy \"1-1 (2)\" as level {} of the pack",
            bundled + 1
        )
    );
    // Undoing the copy's add leaves the tab where it was.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled);
    let app = harness.state();
    assert_eq!(app.doc().origin, Origin::PackEntry(0));
    assert!(!app.doc().is_dirty());
}

/// Item 4, the issue's own case: an edited level of the pack added as a
/// new level links the tab to the new entry; undoing the add links the tab
/// to its own entry again, its edit still unsaved there.
#[test]
fn undoing_the_add_of_an_edited_pack_level_links_the_tab_to_its_entry_again() {
    let mut harness = editor();
    let bundled = pack_names(&harness).len();
    let stored = harness.state().doc().level.clone();
    paint_cell(&mut harness, "Crate", 2, 2);
    harness.run_steps(2);
    let edited = harness.state().doc().level.clone();
    assert_ne!(edited, stored);
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    assert_eq!(harness.state().doc().origin, Origin::PackEntry(bundled));
    assert!(!harness.state().doc().is_dirty(), "saved in its new entry");

    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
    let app = harness.state();
    assert_eq!(pack_names(&harness).len(), bundled);
    assert_eq!(app.doc().origin, Origin::PackEntry(0), "not an orphan");
    assert_eq!(app.doc().level, edited);
    assert!(app.doc().is_dirty(), "the edit is not in entry 1");
    assert_eq!(app.pack().as_ref().unwrap().pack.levels[0].level, stored);
}

/// Item 4: a level from a file added to the pack is linked to its new
/// entry; undoing the add gives the tab its file back (saved, as before),
/// and redoing it links the tab to the entry again.
#[test]
fn undoing_add_current_level_gives_the_tab_its_file_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.txt");
    std::fs::write(&path, LEVEL).unwrap();
    let mut harness = editor();
    open(&mut harness, &path);
    let bundled = pack_names(&harness).len();
    assert_eq!(harness.state().doc().origin, Origin::File(path.clone()));
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled + 1);
    assert_eq!(harness.state().doc().origin, Origin::PackEntry(bundled));

    open_menu(&mut harness, "Edit");
    harness
        .get_by_label_contains("Undo in the pack: Add level")
        .click();
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled);
    let doc = harness.state().doc();
    assert_eq!(
        doc.origin,
        Origin::File(path.clone()),
        "the tab is linked to its file again"
    );
    assert!(!doc.is_dirty(), "and holds what the file holds");

    harness.key_press_modifiers(
        Modifiers::COMMAND | Modifiers::ALT | Modifiers::SHIFT,
        Key::Z,
    );
    harness.run_steps(2);
    assert_eq!(pack_names(&harness).len(), bundled + 1);
    assert_eq!(harness.state().doc().origin, Origin::PackEntry(bundled));
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().doc().origin, Origin::File(path));
}

/// Item 5: opening another pack leaves the old pack's tabs open; those
/// never edited have no unsaved changes, so closing them asks nothing; an
/// edited one is still unsaved.
#[test]
fn opening_another_pack_marks_no_untouched_tab_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let other = pack_file(dir.path(), "other.json");
    let mut harness = editor();
    click_row(&mut harness, 1);
    click_row(&mut harness, 2);
    wait_for_analysis(&mut harness);
    paint_cell(&mut harness, "Crate", 1, 1);
    harness.run_steps(2);
    let edited = harness.state().doc().id;
    assert!(harness.state().doc().is_dirty());
    let old_tabs: Vec<u64> = harness.state().docs().iter().map(|d| d.id).collect();
    assert_eq!(old_tabs.len(), 3);

    open(&mut harness, &other);
    let app = harness.state();
    assert_eq!(
        app.pack().as_ref().unwrap().path.as_deref(),
        Some(other.as_path())
    );
    for doc in app.docs().iter().filter(|d| old_tabs.contains(&d.id)) {
        assert_eq!(doc.origin, Origin::New, "a loose level now");
        assert_eq!(
            doc.is_worth_saving(),
            doc.id == edited,
            "only the edited tab is unsaved: {}",
            doc.title()
        );
    }
    // Closing an untouched tab of the old pack asks nothing.
    let untouched = app
        .docs()
        .iter()
        .position(|d| old_tabs.contains(&d.id) && d.id != edited)
        .unwrap();
    let count = app.docs().len();
    harness.state_mut().activate(untouched);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::W);
    harness.run_steps(2);
    assert!(harness.state().confirm().is_none(), "no question");
    assert!(harness.query_by_label("Unsaved changes").is_none());
    assert_eq!(harness.state().docs().len(), count - 1);
    let unsaved: Vec<u64> = harness
        .state()
        .docs()
        .iter()
        .filter(|d| d.is_worth_saving())
        .map(|d| d.id)
        .collect();
    assert_eq!(
        unsaved,
        vec![edited],
        "quitting would ask about the edit only"
    );
}

/// Item 6: Ctrl+Z on a level with no history of its own never undoes a
/// pack step, even a pack step done a moment ago; Edit ▸ Undo says so by
/// being plain "Undo", greyed, and Edit ▸ Undo in the pack names the pack's
/// step and takes it back.
#[test]
fn ctrl_z_on_a_level_without_history_never_undoes_a_pack_step() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack_file(dir.path(), "mine.json");
    let mut harness = editor();
    open(&mut harness, &path);
    let names = pack_names(&harness);
    harness.get_by_label("Move down").click();
    harness.run_steps(2);
    let moved = pack_names(&harness);
    assert_eq!(moved[1], names[0], "level 1 moved down");
    open_menu(&mut harness, "File");
    harness.get_by_label("Save pack").click();
    harness.run_steps(2);
    assert!(!harness.state().pack().as_ref().unwrap().dirty);
    assert!(!harness.state().doc().history.can_undo());

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(pack_names(&harness), moved, "the pack's step stays done");
    assert!(!harness.state().pack().as_ref().unwrap().dirty);
    assert_eq!(
        last_notice(&harness),
        "Nothing to undo in this level; the pack's last edit, \"Move level 1 \"1-1\" down\", \
         is taken back by Edit > Undo in the pack (Ctrl+Alt+Z)"
    );

    open_menu(&mut harness, "Edit");
    let undo = harness.get_all_by_label("Undo").last().unwrap();
    assert!(
        undo.accesskit_node().is_disabled(),
        "the level has nothing to undo"
    );
    harness
        .get_by_label_contains("Undo in the pack: Move level 1 \"1-1\" down")
        .click();
    harness.run_steps(2);
    assert_eq!(
        pack_names(&harness),
        names,
        "the pack's own undo takes it back"
    );
    assert!(
        harness.state().pack().as_ref().unwrap().dirty,
        "unlike the saved file"
    );

    // A level's own edit is what its Ctrl+Z takes back, not the pack's.
    paint_cell(&mut harness, "Crate", 1, 1);
    harness.run_steps(2);
    let pack_before = harness.state().pack().as_ref().unwrap().pack.clone();
    open_menu(&mut harness, "Edit");
    harness.get_by_label_contains("Undo Paint");
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(!harness.state().doc().history.can_undo());
    assert_eq!(harness.state().pack().as_ref().unwrap().pack, pack_before);
}

/// Item 8: opening a pack over one with unsaved changes asks first, and
/// "Opened pack …" shows only once the designer chose to open it.
#[test]
fn opened_pack_is_said_only_once_the_question_is_answered() {
    let dir = tempfile::tempdir().unwrap();
    let other = pack_file(dir.path(), "other.json");
    let mut harness = editor();
    harness.get_by_label("Add current level").click();
    harness.run_steps(2);
    harness.get_by_label("Add a copy").click();
    harness.run_steps(2);
    assert!(harness.state().pack().as_ref().unwrap().dirty);
    for answer in ["Cancel", "Discard"] {
        harness.state_mut().open_path(&other);
        harness.run_steps(2);
        harness.get_by_label_contains("Open the other pack instead?");
        assert!(
            harness.query_by_label_contains("Opened pack").is_none(),
            "not while the question is open"
        );
        assert!(!last_notice(&harness).starts_with("Opened pack"));
        harness.get_by_label(answer).click();
        harness.run_steps(2);
    }
    let shown = format!("Opened pack {} with 12 levels", other.display());
    assert_eq!(last_notice(&harness), shown);
    harness.get_by_label(&shown);
    assert_eq!(
        harness.state().pack().as_ref().unwrap().path.as_deref(),
        Some(other.as_path())
    );
}

/// An editor with its recovery copies in `recovery` that opened the pack
/// file `path`, edited its level 5 and was killed; returns the edit.
fn edit_level_5_then_kill(path: &Path, recovery: &Path) -> levelscope::kinds::Level {
    let mut harness = editor();
    harness
        .state_mut()
        .keep_recovery_in(Some(recovery.to_path_buf()));
    harness.state_mut().recovery_mut().delay = Duration::ZERO;
    open(&mut harness, path);
    click_row(&mut harness, 4);
    wait_for_analysis(&mut harness);
    paint_cell(&mut harness, "Crate", 1, 1);
    harness.run_steps(2);
    assert!(harness.state().doc().is_dirty());
    harness.state().doc().level.clone()
}

/// Restarts the editor on `recovery` and presses Restore them.
fn restore(recovery: &Path) -> Harness<'static, EditorApp> {
    let mut harness = editor();
    harness
        .state_mut()
        .keep_recovery_in(Some(recovery.to_path_buf()));
    harness.run_steps(4);
    harness.get_by_label("Restore them").click();
    harness.run_steps(3);
    harness
}

/// Item 3, when the pack moved on: a pack file changed since the copy was
/// written gives the pack back as the copy has it, unsaved, and says why;
/// a level whose pack copy is gone comes back as a new level, and that is
/// said too. Nothing is lost either way.
#[test]
fn a_restored_pack_level_whose_pack_changed_or_went_is_kept_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let path = pack_file(dir.path(), "mine.json");
    let recovery = dir.path().join("recovery");
    let edited = edit_level_5_then_kill(&path, &recovery);
    let changed = SAMPLE_PACK.replacen("\"1-1\"", "\"1-1 renamed\"", 1);
    assert_ne!(changed, SAMPLE_PACK);
    std::fs::write(&path, &changed).unwrap();
    let harness = restore(&recovery);
    let app = harness.state();
    assert_eq!(app.doc().level, edited);
    assert_eq!(app.doc().origin, Origin::PackEntry(4));
    let open = app.pack().as_ref().unwrap();
    assert!(open.dirty, "the file does not hold this pack any more");
    assert_eq!(open.pack.levels[0].level.name(), "1-1", "the copy's pack");
    assert!(last_notice(&harness).contains("no longer holds the pack as it was"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        changed,
        "untouched"
    );
    drop(harness);

    let dir = tempfile::tempdir().unwrap();
    let path = pack_file(dir.path(), "mine.json");
    let recovery = dir.path().join("recovery");
    let edited = edit_level_5_then_kill(&path, &recovery);
    for copy in std::fs::read_dir(&recovery).unwrap() {
        let copy = copy.unwrap().path();
        if copy.to_string_lossy().ends_with("-pack.json") {
            std::fs::remove_file(copy).unwrap();
        }
    }
    let harness = restore(&recovery);
    let app = harness.state();
    assert_eq!(app.doc().level, edited, "the edit is kept");
    assert_eq!(app.doc().origin, Origin::New);
    assert!(app.doc().is_worth_saving());
    assert!(
        last_notice(&harness).contains("level 5 of its pack was restored as a new level"),
        "{}",
        last_notice(&harness)
    );
}
