//! Tabs tell their levels apart: the editor driven by label with
//! egui_kittest.

use egui_kittest::kittest::Queryable;

use crate::common::editor::{editor, wait_for_analysis};

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
    let titles: Vec<String> = (0..app.docs.len()).map(|i| app.document_title(i)).collect();
    assert!(
        !titles.iter().any(|t| t == "1"),
        "no bare \"1\" tab: {titles:?}"
    );
    // A name no other tab has stays as it is.
    let sample = harness.state().document_name(0);
    assert!(!sample.contains(" · "), "{sample}");
}
