//! The pack panel follows the tab on screen, in the real editor.

use std::time::Instant;

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis, wait_for_pack_check, HANG};
use levelscope::gui::EditorApp;
use levelscope::kinds::Kind;

fn names(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let pack = &harness.state().pack().as_ref().unwrap().pack;
    pack.levels
        .iter()
        .map(|e| e.level.name().to_string())
        .collect()
}

#[test]
fn the_level_on_screen_is_the_selected_one_and_move_up_moves_it() {
    let mut harness = editor();
    let before = names(&harness);
    harness.get_all_by_label(&before[3]).next().unwrap().click();
    harness.run_steps(3);
    assert_eq!(harness.state().pack_panel().selected(), Some(3));
    // A level that is not in the pack: nothing is selected, nothing moves.
    harness.state_mut().new_level_of(Kind::Skiddy);
    harness.run_steps(2);
    wait_for_analysis(&mut harness);
    assert_eq!(harness.state().pack_panel().selected(), None);
    // Back to the tab of level 4: it is selected again, and Move up moves
    // it (not the level clicked last).
    let tab = harness
        .state()
        .docs()
        .iter()
        .position(|d| d.level.name() == before[3])
        .unwrap();
    harness.state_mut().activate(tab);
    harness.run_steps(2);
    assert_eq!(harness.state().pack_panel().selected(), Some(3));
    harness.get_by_label("Move up").click();
    harness.run_steps(2);
    let after = names(&harness);
    assert_eq!(after[2], before[3]);
    assert_eq!(after[3], before[2]);
    assert_eq!(harness.state().pack_panel().selected(), Some(2));
}

#[test]
fn the_check_line_goes_when_the_levels_it_counted_are_gone() {
    let mut harness = editor();
    harness.get_by_label("Check pack").click();
    wait_for_pack_check(&mut harness);
    harness.run_steps(2);
    harness.get_by_label_contains("Checked 12 levels");
    let first = names(&harness)[0].clone();
    harness.get_all_by_label(&first).next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("Remove").click();
    harness.run_steps(2);
    assert!(harness
        .query_by_label_contains("Checked 12 levels")
        .is_none());
}

#[test]
fn the_kind_filter_shows_the_levels_of_one_kind() {
    let mut harness = editor();
    let (prism, tangram): (Vec<String>, Vec<String>) = {
        let pack = &harness.state().pack().as_ref().unwrap().pack;
        let of = |kind: Kind| {
            pack.levels
                .iter()
                .filter(|e| e.level.kind() == kind)
                .map(|e| e.level.name().to_string())
                .collect::<Vec<_>>()
        };
        (of(Kind::Prism), of(Kind::Tangram))
    };
    assert!(!prism.is_empty() && !tangram.is_empty());
    harness.get_by_label("Kind").click();
    harness.run_steps(2);
    harness.get_by_label("Prism").click();
    harness.run_steps(2);
    for name in &prism {
        assert!(harness.query_all_by_label(name).next().is_some(), "{name}");
    }
    for name in &tangram {
        assert!(harness.query_by_label(name).is_none(), "{name} is hidden");
    }
}

/// Blocks on the editor's running pack check until it has a verdict not
/// shown yet (or will send no more), failing with a clear message after
/// `deadline`.
fn wait_for_verdict(harness: &mut Harness<'static, EditorApp>, deadline: Instant) {
    let left = deadline.saturating_duration_since(Instant::now());
    assert!(
        harness
            .state_mut()
            .pack_panel_mut()
            .wait_for_check_verdict(left)
            && !left.is_zero(),
        "the pack check sent no verdict within {HANG:?}"
    );
}

/// Steps the editor until its pack check has judged `done` levels, each
/// round waiting for the check's next verdict.
fn wait_for_judged(harness: &mut Harness<'static, EditorApp>, done: usize) {
    let deadline = Instant::now() + HANG;
    loop {
        // Step, not run: the check's thread keeps asking for repaints.
        harness.step();
        let judged = harness
            .state()
            .pack_panel()
            .check_progress()
            .map(|p| p.done);
        if judged.is_some_and(|d| d >= done) {
            harness.step();
            return;
        }
        assert!(judged.is_some(), "the check ended before {done} levels");
        wait_for_verdict(harness, deadline);
    }
}

#[test]
fn check_pack_fills_rows_in_as_it_goes_and_cancel_keeps_them() {
    let mut harness = editor();
    // The sample pack and, last, a level whose analysis takes long.
    let big = levelscope::kinds::skiddy::format::parse_ascii(include_str!(
        "../assets/bench/skiddy_1m.txt"
    ))
    .unwrap();
    {
        let pack = &mut harness.state_mut().pack_mut().as_mut().unwrap().pack;
        // Unanalysed, so that the check has analyses to store.
        for entry in &mut pack.levels {
            entry.summary = None;
        }
        pack.levels
            .push(levelscope::pack::PackEntry::new(big.into()));
    }
    let total = names(&harness).len();
    harness.run_steps(2);
    harness.get_by_label("Check pack").click();
    wait_for_judged(&mut harness, total - 1);
    assert!(harness.state().pack_panel().is_checking());
    // The judged levels are counted and shown while the big one runs.
    let progress = format!("{} / {total} levels, ", total - 1);
    let bar = harness.get_by_label_contains(&progress);
    let text = bar.accesskit_node().label().unwrap_or_default();
    assert!(text.ends_with(" left"), "the time left: {text}");
    harness.get_by_label_contains(", 1 not checked");
    let first = names(&harness)[0].clone();
    let row = harness.get_all_by_label(&first).next().unwrap();
    let description = row.accesskit_node().description().unwrap_or_default();
    assert!(!description.contains("not analysed"), "{description}");
    harness.get_by_label("Cancel check").click();
    harness.run_steps(3);
    assert!(!harness.state().pack_panel().is_checking());
    harness.get_by_label_contains(&format!("Cancelled after checking {} levels", total - 1));
    harness.get_by_label_contains("1 level is not checked");
    // The judged levels keep their fresh analyses; the big one has none.
    let open = harness.state().pack().as_ref().unwrap();
    let stored: Vec<bool> = open
        .pack
        .levels
        .iter()
        .map(|e| e.summary.is_some())
        .collect();
    assert!(stored[..total - 1].iter().all(|&s| s), "{stored:?}");
    assert!(!stored[total - 1]);
    assert_eq!(
        open.history.next_undo_name(),
        Some("Store the pack check's fresh analyses")
    );
}

#[test]
fn a_newly_opened_pack_is_not_filtered_by_the_last() {
    let mut harness = editor();
    harness.state_mut().pack_panel_mut().filter_mut().text = "no level is called this".into();
    harness.run_steps(2);
    harness.get_by_label("No level matches the filter.");
    // Another pack, opened through File → Open's code path.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.json");
    let mut other = harness.state().pack().as_ref().unwrap().pack.clone();
    other.name = "other".into();
    other.levels.truncate(3);
    std::fs::write(&path, levelscope::pack::pack_to_json(&other)).unwrap();
    harness.state_mut().open_path(&path);
    harness.run_steps(2);
    wait_for_analysis(&mut harness);
    assert_eq!(names(&harness).len(), 3);
    assert!(harness
        .query_by_label("No level matches the filter.")
        .is_none());
    let first = names(&harness)[0].clone();
    assert!(harness.query_all_by_label(&first).next().is_some());
}

#[test]
fn the_pack_buttons_stay_put_when_tags_and_notes_appear() {
    let mut harness = editor();
    // A pack level on screen: its tags and notes are above the buttons.
    harness.get_by_label_contains("Tags and notes of level 1");
    let with_notes = harness.get_by_label("Add current level").rect();
    // A level that is not in the pack: the buttons do not move.
    harness.state_mut().new_level_of(Kind::Skiddy);
    harness.run_steps(2);
    wait_for_analysis(&mut harness);
    assert!(harness
        .query_by_label_contains("Tags and notes of level")
        .is_none());
    let without_notes = harness.get_by_label("Add current level").rect();
    assert_eq!(with_notes, without_notes);
    for label in ["Remove", "Check pack"] {
        let before = harness.get_by_label(label).rect();
        harness.state_mut().activate(0);
        harness.run_steps(2);
        wait_for_analysis(&mut harness);
        assert_eq!(harness.get_by_label(label).rect(), before, "{label}");
        let tab = harness.state().docs().len() - 1;
        harness.state_mut().activate(tab);
        harness.run_steps(2);
        wait_for_analysis(&mut harness);
    }
}
