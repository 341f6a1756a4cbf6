//! The state graph's dead ends, its legend and its dead-ends view, and the
//! histogram's legend and tooltip, in the editor, driven by label with
//! egui_kittest. The big graph is the benchmark level skiddy_100k: about
//! 100k states, 154 of them dead ends.

use egui::PointerButton;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{click_at, editor, open_file};
use levelscope::engine::Label;
use levelscope::gui::app::CentralView;
use levelscope::gui::EditorApp;

/// The benchmark level with 154 dead ends among about 100k states.
const SKIDDY_100K: &str = include_str!("../assets/bench/skiddy_100k.txt");

/// The editor on skiddy_100k, showing its state graph.
fn graph_of_skiddy_100k() -> Harness<'static, EditorApp> {
    let mut harness = editor();
    open_file(&mut harness, "skiddy_100k.txt", SKIDDY_100K);
    harness.get_by_label("State graph").click();
    for _ in 0..3 {
        harness.step();
    }
    assert_eq!(harness.state().view(), CentralView::Graph);
    harness
}

#[test]
fn skiddy_100k_fitted_shows_every_dead_end_and_a_legend_in_words() {
    let harness = graph_of_skiddy_100k();
    for words in ["won", "max-combo still possible", "winnable", "dead end"] {
        let _ = harness.get_by_label(words);
    }
    let view = &harness.state().graph_view();
    let marks = view.dead_end_marks();
    assert_eq!(marks.iter().map(|m| m.dead_ends).sum::<u32>(), 154);
    let canvas = view.canvas().unwrap();
    for mark in marks {
        assert!(
            mark.rect.width() >= 4.0 && mark.rect.height() >= 6.0,
            "{mark:?}"
        );
        assert!(canvas.contains_rect(mark.rect), "{mark:?}");
    }
    // Fitted, the whole graph is on screen: no minimap.
    assert_eq!(view.minimap_rect(), None);
}

#[test]
fn the_dead_ends_view_is_a_toggle_and_a_click_in_it_selects_a_dead_end() {
    let mut harness = graph_of_skiddy_100k();
    harness
        .get_by_label("Only the dead ends and the traps into them")
        .click();
    harness.step();
    harness.step();
    let view = &harness.state().graph_view();
    assert!(view.shows_dead_ends_only());
    let part = view.dead_end_graph().unwrap();
    let layout = part.layout();
    let dead: Vec<u32> = (0..layout.len() as u32)
        .filter(|&local| layout.label(local) == Label::DeadEnd)
        .map(|local| part.graph_id(local))
        .collect();
    assert_eq!(dead.len(), 154);
    let _ = harness.get_by_label_contains("154 dead ends and");
    // Every dead end is drawn, alone or in a marked bin.
    let marks = view.dead_end_marks();
    assert_eq!(marks.iter().map(|m| m.dead_ends).sum::<u32>(), 154);
    let target = dead[dead.len() / 2];
    let pos = view.screen_pos(target).unwrap();
    click_at(&mut harness, pos, PointerButton::Primary);
    harness.step();
    let selected = harness
        .state()
        .graph_selection()
        .as_ref()
        .map(|(id, _)| *id);
    assert_eq!(selected, Some(target));
    // In the legend's words ("dead end", "winnable"), not the rules' names.
    let _ = harness.get_by_label_contains(&format!("Selected state {target}: dead end at depth"));
}

#[test]
fn the_histogram_legend_is_above_its_bars_and_a_bar_has_a_tooltip() {
    let mut harness = editor();
    open_file(&mut harness, "skiddy_100k.txt", SKIDDY_100K);
    harness.get_by_label("Histogram").click();
    harness.step();
    let legend = harness.get_by_label("winnable states").rect();
    let summary = harness.get_by_label_contains("states over").rect();
    assert!(summary.bottom() <= legend.top() + 1.0);
    // The plot starts below the legend: hover along a row under it until a
    // bar's tooltip shows (a tooltip waits for the pointer to rest).
    let y = legend.bottom() + 150.0;
    let mut found = false;
    for dx in (60..260).step_by(7) {
        harness.hover_at(egui::pos2(legend.left() + dx as f32, y));
        for _ in 0..40 {
            harness.step();
        }
        if harness.query_by_label_contains("Depth ").is_some() {
            found = true;
            break;
        }
    }
    assert!(found, "no tooltip under the legend");
}
