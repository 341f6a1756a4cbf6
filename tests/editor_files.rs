//! The editor's files as a designer meets them: levelscope's own file
//! dialog (used when the system's cannot open), saving a level that was
//! never saved, a text file that cannot hold the name, errors that stay
//! until dismissed, and the window title.

use std::path::Path;

use egui::{Key, Modifiers, PointerButton};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor, wait_for_analysis};
use levelscope::gui::document::Origin;
use levelscope::gui::notices::Severity;
use levelscope::gui::EditorApp;
use levelscope::kinds::Kind;

/// The editor with levelscope's own file dialog, starting in `dir`.
fn editor_saving_into(dir: &Path) -> Harness<'static, EditorApp> {
    let mut harness = editor();
    let app = harness.state_mut();
    app.prefs_mut().system_file_dialog = false;
    app.prefs_mut().recent = vec![dir.join("earlier.json")];
    harness
}

/// A new Skiddy level with a block painted at (2, 2), unsaved.
fn new_changed_level(harness: &mut Harness<'static, EditorApp>) {
    harness.state_mut().new_level_of(Kind::Skiddy);
    harness.step();
    wait_for_analysis(harness);
    harness.get_by_label("Block").click();
    harness.step();
    let geometry = harness
        .state()
        .board_geometry()
        .expect("the board was drawn");
    click_at(
        harness,
        geometry.cell_rect(2, 2).center(),
        PointerButton::Primary,
    );
    assert!(harness.state().doc().is_dirty());
}

/// Types `name` over the file name the dialog suggests (`suggested`), and
/// presses its Save button.
fn save_in_dialog(harness: &mut Harness<'static, EditorApp>, suggested: &str, name: &str) {
    assert!(
        harness.state().dialogs().built_in_open(),
        "levelscope's own dialog is open"
    );
    harness.run_steps(4);
    let field = harness.get_by_label("File name");
    assert_eq!(field.value().as_deref(), Some(suggested));
    field.focus();
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("File name").type_text(name);
    harness.step();
    harness.get_by_label("Save").click();
    harness.step();
    harness.step();
}

#[test]
fn a_new_level_is_saved_through_levelscopes_own_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = editor_saving_into(dir.path());
    new_changed_level(&mut harness);
    assert!(harness.state().window_title().starts_with("● Untitled"));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.step();
    harness.step();
    // The name typed without an extension gets ".json".
    save_in_dialog(&mut harness, "level.json", "castle");
    let path = dir.path().join("castle.json");
    let text = std::fs::read_to_string(&path).expect("the level was written");
    assert!(text.contains("\"kind\""), "{text}");
    let app = harness.state();
    assert!(!app.dialogs().is_open());
    assert!(!app.doc().is_dirty());
    assert_eq!(app.doc().origin, Origin::File(path.clone()));
    let title = app.window_title();
    assert!(!title.starts_with('●'), "{title}");
    assert!(title.contains("castle.json"), "{title}");
}

/// Asks to close the active level and answers Save; returns how many
/// levels were open.
fn answer_save_to_the_close_question(harness: &mut Harness<'static, EditorApp>) -> usize {
    let docs = harness.state().docs().len();
    let active = harness.state().active();
    harness.state_mut().request_close_document(active);
    harness.step();
    harness.step();
    harness.get_by_label("Save").click();
    harness.step();
    harness.step();
    docs
}

#[test]
fn save_in_the_close_question_saves_then_closes() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = editor_saving_into(dir.path());
    new_changed_level(&mut harness);
    let docs = answer_save_to_the_close_question(&mut harness);
    assert_eq!(
        harness.state().docs().len(),
        docs,
        "not closed before it is saved"
    );
    save_in_dialog(&mut harness, "level.json", "kept.json");
    assert!(dir.path().join("kept.json").exists());
    assert_eq!(harness.state().docs().len(), docs - 1, "closed once saved");
}

#[test]
fn cancelling_the_dialog_closes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = editor_saving_into(dir.path());
    new_changed_level(&mut harness);
    let docs = answer_save_to_the_close_question(&mut harness);
    harness.run_steps(3);
    harness.get_by_label("Cancel").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().docs().len(), docs);
    assert!(harness.state().doc().is_dirty(), "the edit is still there");
    assert!(!harness.state().dialogs().is_open());
}

#[test]
fn a_text_file_that_cannot_hold_the_name_is_asked_about() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = editor_saving_into(dir.path());
    // The sample pack's first level is named "1-1".
    assert_eq!(harness.state().doc().level.name(), "1-1");
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.step();
    harness.step();
    save_in_dialog(&mut harness, "1-1.json", "one.txt");
    let path = dir.path().join("one.txt");
    assert!(
        !path.exists(),
        "nothing is written before the designer answers"
    );
    harness.get_by_label("The file cannot hold everything");
    harness.get_by_label_contains("has no place for the name \"1-1\"");
    harness.get_by_label("Save without it").click();
    harness.step();
    let text = std::fs::read_to_string(&path).expect("written once agreed");
    assert!(text.starts_with('#') && !text.contains("1-1"), "{text}");
    assert_eq!(harness.state().doc().origin, Origin::File(path));
}

#[test]
fn a_failed_open_stays_until_dismissed_and_news_fades() {
    let mut harness = editor();
    let dir = tempfile::tempdir().unwrap();
    harness
        .state_mut()
        .open_path(&dir.path().join("missing.json"));
    harness.step();
    let error = harness
        .state()
        .notices()
        .latest_of(Severity::Error)
        .expect("the failed open is an error")
        .text
        .clone();
    assert!(error.contains("missing.json"), "{error}");
    harness.step();
    harness.get_by_label_contains("missing.json");
    harness.state_mut().say("Saved somewhere");
    harness.step();
    // Much later, the news has faded and the error is still on screen.
    let later = std::time::Instant::now() + std::time::Duration::from_secs(60);
    harness.state_mut().notices_mut().expire(later);
    harness.step();
    assert!(harness.query_by_label("Saved somewhere").is_none());
    harness.run_steps(3);
    harness.get_by_label("Dismiss").click();
    harness.run_steps(4);
    assert!(harness
        .state()
        .notices()
        .latest_of(Severity::Error)
        .is_none());
    assert!(harness.query_by_label_contains("missing.json").is_none());
}

/// The last letter of a file name and Enter, typed so fast that they come
/// in one frame, end the dialog's text field and belong to it: the letter
/// does not reach the palette as a shortcut ("2" is Blue Skiddy's).
#[test]
fn letters_typed_into_the_dialog_never_reach_the_palette() {
    let dir = tempfile::tempdir().unwrap();
    let mut harness = editor_saving_into(dir.path());
    new_changed_level(&mut harness);
    let tile = harness.state().kinds().skiddy.tile;
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(4);
    let field = harness.get_by_label("File name");
    field.focus();
    harness.step();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("File name").type_text("mypack");
    harness.step();
    for event in [
        egui::Event::Text("2".into()),
        egui::Event::Key {
            key: Key::Enter,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        },
        egui::Event::Key {
            key: Key::Enter,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers: Modifiers::NONE,
        },
    ] {
        harness.event(event);
    }
    harness.run_steps(3);
    assert!(
        dir.path().join("mypack2.json").exists(),
        "the name got its last letter and Enter saved it"
    );
    assert_eq!(
        harness.state().kinds().skiddy.tile,
        tile,
        "the palette kept its tile"
    );
}
