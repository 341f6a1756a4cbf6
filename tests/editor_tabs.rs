//! Tabs tell their levels apart: the editor driven by label with
//! egui_kittest.

use egui::Key;
use egui_kittest::kittest::Queryable;

use crate::common::editor::{editor, open_file, wait_for_analysis};
use levelscope::gui::kinds::tool::Tool;
use levelscope::kinds::Kind;

/// A collection of two Sokoban levels named "1" and "2".
const TWO_LEVELS: &str = "; 1\n\n#####\n#@$.#\n#####\n\n; 2\n\n######\n#@$ .#\n######\n";

#[test]
fn tabs_of_the_same_name_from_different_packs_say_their_pack() {
    let mut harness = editor();
    let dir = tempfile::tempdir().unwrap();
    for name in ["first.xsb", "second.xsb", "third.xsb"] {
        let path = dir.path().join(name);
        std::fs::write(&path, TWO_LEVELS).unwrap();
        harness.state_mut().open_path(&path);
        harness.run_steps(2);
        wait_for_analysis(&mut harness);
    }
    harness.run_steps(2);
    // Each pack opened on its first level, "1": three tabs of that name.
    for pack in ["first.xsb", "second.xsb", "third.xsb"] {
        harness.get_by_label(&format!("1 · {pack}"));
    }
    let app = harness.state();
    let titles: Vec<String> = (0..app.docs().len())
        .map(|i| app.document_title(i))
        .collect();
    assert!(
        !titles.iter().any(|t| t == "1"),
        "no bare \"1\" tab: {titles:?}"
    );
    // A name no other tab has stays as it is.
    let sample = harness.state().document_name(0);
    assert!(!sample.contains(" · "), "{sample}");
}

#[test]
fn each_tab_keeps_its_own_tool() {
    let mut harness = editor();
    harness.get_by_label("Select").click();
    harness.run_steps(2);
    assert_eq!(harness.state().prefs().tool, Tool::Select);
    // A Tangram level has no cells to select: its tab paints.
    harness.state_mut().new_level_of(Kind::Tangram);
    harness.run_steps(2);
    assert_eq!(harness.state().prefs().tool, Tool::Paint);
    harness.get_by_label("Fill").click();
    harness.run_steps(2);
    // Back on the first tab: Select, as it was left.
    harness.state_mut().activate(0);
    harness.run_steps(2);
    assert_eq!(harness.state().prefs().tool, Tool::Select);
    // And the Tangram tab kept its Fill.
    let tangram = harness.state().docs().len() - 1;
    harness.state_mut().activate(tangram);
    harness.run_steps(2);
    assert_eq!(harness.state().prefs().tool, Tool::Fill);
}

#[test]
fn each_tab_keeps_its_own_graph_settings() {
    let mut harness = editor();
    harness.key_press(Key::F3);
    harness.run_steps(2);
    harness
        .get_by_label("Only the dead ends and the traps into them")
        .click();
    harness.run_steps(2);
    assert!(harness.state().graph_view().shows_dead_ends_only());
    // A level opened in another tab shows its whole graph.
    let prism = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/prism-demo.txt"),
    )
    .unwrap();
    open_file(&mut harness, "prism-demo.txt", &prism);
    harness.run_steps(2);
    assert!(!harness.state().graph_view().shows_dead_ends_only());
    // The first tab still shows only its dead ends.
    harness.state_mut().activate(0);
    harness.run_steps(2);
    assert!(harness.state().graph_view().shows_dead_ends_only());
}
