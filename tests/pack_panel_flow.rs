//! The pack panel follows the tab on screen, in the real editor.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis};
use levelscope::gui::EditorApp;
use levelscope::kinds::Kind;

fn names(harness: &Harness<'static, EditorApp>) -> Vec<String> {
    let pack = &harness.state().pack.as_ref().unwrap().pack;
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
    assert_eq!(harness.state().pack_panel.selected(), Some(3));
    // A level that is not in the pack: nothing is selected, nothing moves.
    harness.state_mut().new_level_of(Kind::Skiddy);
    harness.run_steps(2);
    wait_for_analysis(&mut harness);
    assert_eq!(harness.state().pack_panel.selected(), None);
    // Back to the tab of level 4: it is selected again, and Move up moves
    // it (not the level clicked last).
    let tab = harness
        .state()
        .docs
        .iter()
        .position(|d| d.level.name() == before[3])
        .unwrap();
    harness.state_mut().activate(tab);
    harness.run_steps(2);
    assert_eq!(harness.state().pack_panel.selected(), Some(3));
    harness.get_by_label("Move up").click();
    harness.run_steps(2);
    let after = names(&harness);
    assert_eq!(after[2], before[3]);
    assert_eq!(after[3], before[2]);
    assert_eq!(harness.state().pack_panel.selected(), Some(2));
}

#[test]
fn the_check_line_goes_when_the_levels_it_counted_are_gone() {
    let mut harness = editor();
    harness.get_by_label("Check pack").click();
    for _ in 0..6000 {
        harness.step();
        if !harness.state().pack_panel.is_checking() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.run_steps(2);
    harness.get_by_label_contains("Checked 11 levels");
    let first = names(&harness)[0].clone();
    harness.get_all_by_label(&first).next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("Remove").click();
    harness.run_steps(2);
    assert!(harness
        .query_by_label_contains("Checked 11 levels")
        .is_none());
}

#[test]
fn the_kind_filter_shows_the_levels_of_one_kind() {
    let mut harness = editor();
    let (prism, tangram): (Vec<String>, Vec<String>) = {
        let pack = &harness.state().pack.as_ref().unwrap().pack;
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
