//! Effort where designers see it (issue 41), through the whole editor with
//! egui_kittest, by label: the report card's effort lines (a prediction
//! for Rush Hour, "relative effort" for Skiddy), and File ▸ Order pack by
//! effort as an undoable pack edit, on the bundled sample pack.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;

use crate::common::editor::{editor, wait_for_analysis, wait_for_pack_check};
use levelscope::gui::EditorApp;

/// The words of a score that is not calibrated on players.
const RELATIVE: &str = "relative effort (not calibrated on players)";

/// The text of a node: a label's value, another widget's label.
fn text_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    let text = if node.role() == Role::Label {
        node.value()
    } else {
        node.label()
    };
    text.unwrap_or_default()
}

/// The report card's effort headline ("Effort 5.2: …"), if it is shown.
fn headline(harness: &Harness<'static, EditorApp>) -> Option<String> {
    harness
        .query_all_by_label_contains("Effort ")
        .map(|node| text_of(&node))
        .find(|text| text.starts_with("Effort ") && text.contains(':'))
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

/// Opens the pack level named `name` from the pack panel and waits for its
/// analysis.
fn open_pack_level(harness: &mut Harness<'static, EditorApp>, name: &str) {
    harness.get_all_by_label(name).next().unwrap().click();
    harness.run_steps(3);
    wait_for_analysis(harness);
}

#[test]
fn the_card_predicts_player_moves_for_rush_hour_and_calls_skiddy_relative() {
    let mut harness = editor();
    assert_eq!(harness.state().doc().level.kind().name(), "skiddy");
    let skiddy = headline(&harness).expect("the Skiddy level's effort headline");
    // The pack part is there exactly when another Skiddy level of the
    // bundled pack has a stored effort, and names the kind (the pack holds
    // several).
    let others_scored = harness.state().pack().as_ref().unwrap().pack.levels[1..]
        .iter()
        .filter(|e| e.level.kind().name() == "skiddy")
        .any(|e| e.summary.as_ref().is_some_and(|s| s.effort.is_some()));
    assert_eq!(
        skiddy.contains("% of this pack's Skiddy levels"),
        others_scored,
        "{skiddy}"
    );
    harness.get_by_label(RELATIVE);
    assert!(harness
        .query_by_label_contains("a typical player needs about")
        .is_none());
    // Its tooltip lists what each metric added.
    harness
        .get_all_by_label_contains("Effort ")
        .find(|n| text_of(n) == skiddy)
        .unwrap()
        .hover();
    // Past the tooltip delay.
    harness.run_steps(60);
    harness.get_by_label("What the score adds up");
    harness.get_by_label_contains("Base: ");

    open_pack_level(&mut harness, "rush-hour-jam");
    assert_eq!(harness.state().doc().level.kind().name(), "rushhour");
    assert!(headline(&harness).is_some());
    let prediction = text_of(&harness.get_by_label_contains("a typical player needs about"));
    assert!(prediction.contains("80 % interval"), "{prediction}");
    assert!(harness.query_by_label(RELATIVE).is_none());
}

#[test]
fn order_pack_by_effort_reorders_the_pack_and_undo_in_the_pack_restores_it() {
    let mut harness = editor();
    // The bundled pack's summaries predate the effort: the check stores
    // fresh ones, each with its effort.
    harness.get_by_label("Check pack").click();
    wait_for_pack_check(&mut harness);
    harness.run_steps(3);
    let (checked, scores) = {
        let pack = &harness.state().pack().as_ref().unwrap().pack;
        let scores: Vec<Option<f64>> = pack
            .levels
            .iter()
            .map(|e| e.summary.as_ref()?.effort.as_ref().map(|e| e.score))
            .collect();
        (pack.clone(), scores)
    };
    assert!(
        scores.iter().filter(|s| s.is_some()).count() >= 2,
        "{scores:?}"
    );
    // The level on screen now ranks among the pack's other Skiddy levels.
    let ranked = headline(&harness).unwrap();
    assert!(
        ranked.contains("% of this pack's Skiddy levels"),
        "{ranked}"
    );

    let names = pack_names(&harness);
    let mut expected: Vec<usize> = (0..scores.len()).collect();
    expected.sort_by(|&a, &b| match (scores[a], scores[b]) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap().then(a.cmp(&b)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.cmp(&b),
    });
    let expected: Vec<String> = expected.iter().map(|&i| names[i].clone()).collect();
    assert_ne!(expected, names, "the sample pack is not in effort order");

    harness.get_all_by_label("File").next().unwrap().click();
    harness.run_steps(2);
    harness.get_by_label("Order pack by effort").click();
    harness.run_steps(3);
    assert_eq!(pack_names(&harness), expected);
    let open = harness.state().pack().as_ref().unwrap();
    assert_eq!(
        open.history.undo_names().last().copied(),
        Some("Order the pack by effort")
    );
    let notice = harness.state().notices().latest().unwrap().text.clone();
    assert!(notice.starts_with("Ordered the pack by effort"), "{notice}");

    // Undo in the pack: Ctrl+Alt+Z.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::ALT, Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().pack().as_ref().unwrap().pack, checked);
}
