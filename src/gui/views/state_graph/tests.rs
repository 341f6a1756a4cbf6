//! kittest flows of the state graph view on real analyses.

use super::*;
use crate::engine::Job;
use crate::gui::kinds::skiddy::board::state_picture;
use crate::kinds::skiddy::{analyze, parse_level, Analysis};
use egui::pos2;
use egui_kittest::{kittest::Queryable, Harness};

fn analysis_of(name: &str) -> Arc<Analysis> {
    let path = format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("asset exists");
    let level = parse_level(&text).expect("asset parses");
    Arc::new(analyze(&level, &Job::default()).expect("asset analyses"))
}

struct State {
    view: StateGraphView,
    analysis: Arc<Analysis>,
    highlight: Vec<u32>,
    responses: Vec<GraphResponse>,
}

fn harness(name: &str) -> Harness<'static, State> {
    harness_sized(name, vec2(900.0, 600.0))
}

fn harness_sized(name: &str, size: Vec2) -> Harness<'static, State> {
    let state = State {
        view: StateGraphView::new(),
        analysis: analysis_of(name),
        highlight: Vec::new(),
        responses: Vec::new(),
    };
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, state: &mut State| {
            let analysis = state.analysis.clone();
            let board = move |id| state_picture(&analysis, id);
            let source = GraphSource::new(&state.analysis, state.analysis.view(), &board);
            let response = state.view.show(ui, &source, &state.highlight);
            if let Some(id) = response.clicked {
                state.highlight = state.view.layout().unwrap().path_from_start(id);
            }
            state.responses.push(response);
        },
        state,
    );
    harness.run();
    harness
}

fn click_at(harness: &mut Harness<'_, State>, pos: Pos2) {
    harness.hover_at(pos);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
}

#[test]
fn clicking_a_node_reports_its_id_and_the_app_can_highlight_its_way() {
    let mut harness = harness("crate-push.txt");
    let _ = harness.get_by_label("Fit");
    let _ = harness.get_by_label("Other parents");
    let _ = harness.get_by_label("State graph");
    let layout = harness.state().view.layout().unwrap().clone();
    // The deepest layer's first state, and one in the middle layer.
    let deep = layout.layer_order(layout.depth_count() - 1)[0];
    let mid_layer = layout.layer_order(layout.depth_count() / 2);
    let mid = mid_layer[mid_layer.len() / 2];
    for id in [deep, mid] {
        let pos = harness.state().view.screen_pos(id).unwrap();
        harness.state_mut().responses.clear();
        click_at(&mut harness, pos);
        let state = harness.state();
        assert!(
            state.responses.iter().any(|r| r.hovered == Some(id)),
            "hovering {id} at {pos:?}"
        );
        let clicked: Vec<u32> = state.responses.iter().filter_map(|r| r.clicked).collect();
        assert_eq!(clicked, vec![id]);
        assert_eq!(state.highlight, layout.path_from_start(id));
    }
}

#[test]
fn a_click_beside_every_node_picks_nothing() {
    let mut harness = harness("1-1.txt");
    let layout = harness.state().view.layout().unwrap().clone();
    let last = harness.state().view.last.unwrap();
    // Halfway between two layers no state is hit.
    let y = last.camera.to_screen(last.canvas, 0.0, 0.5).y;
    let x = harness.state().view.screen_pos(0).unwrap().x;
    harness.state_mut().responses.clear();
    click_at(&mut harness, pos2(x, y));
    assert!(layout.depth_count() >= 2);
    assert!(harness
        .state()
        .responses
        .iter()
        .all(|r| r.clicked.is_none()));
}

#[test]
fn fit_undoes_zoom_and_other_parents_toggles() {
    let mut harness = harness("four-colours.txt");
    let before = harness.state().view.last.unwrap().camera;
    let centre = harness.state().view.last.unwrap().canvas.center();
    harness.hover_at(centre);
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: vec2(0.0, 300.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    let zoomed = harness.state().view.last.unwrap().camera;
    assert!(
        zoomed.scale.x > before.scale.x * 1.5,
        "{zoomed:?} vs {before:?}"
    );
    harness.get_by_label("Fit").click();
    harness.run();
    assert_eq!(harness.state().view.last.unwrap().camera, before);

    assert!(harness.state().view.shows_other_parents());
    harness.get_by_label("Other parents").click();
    harness.run();
    assert!(!harness.state().view.shows_other_parents());
}

fn wheel(harness: &mut Harness<'_, State>, at: Pos2, delta: f32) {
    harness.hover_at(at);
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: vec2(0.0, delta),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
}

#[test]
fn every_bin_with_a_dead_end_is_drawn_red_at_the_fitted_zoom_of_skiddy_100k() {
    for size in [vec2(1280.0, 800.0), vec2(700.0, 450.0)] {
        let harness = harness_sized("bench/skiddy_100k.txt", size);
        let view = &harness.state().view;
        let layout = view.layout().unwrap();
        let last = view.last.unwrap();
        let dead = (0..layout.len() as u32)
            .filter(|&id| layout.label(id) == Label::DeadEnd)
            .count() as u32;
        assert_eq!(dead, 154);
        let marks = view.dead_end_marks();
        // Each dead end is in exactly one mark, and some marks stand
        // for a bin of many states: the fitted graph is binned.
        assert_eq!(marks.iter().map(|m| m.dead_ends).sum::<u32>(), dead);
        // One mark per bin holding a dead end, and one per dead end
        // drawn on its own.
        let mut bins = Vec::new();
        let width = BIN_PX / last.camera.scale.x;
        let (mut want, mut dense_layers) = (0, 0);
        for plan in view.plans.iter().filter(|p| p.on_screen) {
            if plan.dense {
                dense_layers += 1;
                bins.clear();
                layout.bins(plan.depth, plan.x0, plan.x1, width, &mut bins);
                want += bins
                    .iter()
                    .filter(|b| b.counts.get(Label::DeadEnd) > 0)
                    .count();
            } else {
                let ids = &layout.layer_order(plan.depth)[plan.narrow.clone()];
                want += ids
                    .iter()
                    .filter(|&&id| layout.label(id) == Label::DeadEnd)
                    .count();
            }
        }
        assert!(dense_layers > 0, "{size:?}: the fitted graph is binned");
        assert_eq!(marks.len(), want, "{size:?}");
        assert!(marks.iter().any(|m| m.dead_ends > 1), "{size:?}");
        for mark in marks {
            assert!(
                mark.rect.width() >= 4.0 && mark.rect.height() >= 6.0,
                "{size:?}: {mark:?} is too small to see"
            );
            assert!(last.canvas.contains_rect(mark.rect), "{size:?}: {mark:?}");
        }
    }
}

#[test]
fn the_legend_says_what_each_label_means_and_won_is_said_once() {
    let mut harness = harness("1-1.txt");
    for words in ["won", "max-combo still possible", "winnable", "dead end"] {
        let _ = harness.get_by_label(words);
    }
    let layout = harness.state().view.layout().unwrap().clone();
    let won = (0..layout.len() as u32)
        .find(|&id| layout.label(id) == Label::Won)
        .expect("1-1 can be won");
    let pos = harness.state().view.screen_pos(won).unwrap();
    harness.hover_at(pos);
    harness.run();
    harness.run();
    assert!(harness.state().responses.last().unwrap().hovered == Some(won));
    let _ = harness.get_by_label(&format!("State {won} · depth {}", layout.depth(won)));
    assert_eq!(harness.query_all_by_label("Won").count(), 1);
    assert_eq!(harness.query_all_by_label_contains("to a win").count(), 0);
}

#[test]
fn the_dead_ends_view_shows_the_dead_ends_and_the_traps_and_picks_graph_ids() {
    let mut harness = harness("dead-end.txt");
    harness
        .get_by_label("Only the dead ends and the traps into them")
        .click();
    harness.run();
    assert!(harness.state().view.shows_dead_ends_only());
    let part = harness.state().view.dead_end_graph().unwrap().clone();
    let _ = harness.get_by_label_contains("with a move into one");
    let analysis = harness.state().analysis.clone();
    let dead = (0..analysis.state_count() as u32)
        .find(|&id| analysis.label(id) == Label::DeadEnd)
        .expect("the level has a dead end");
    assert!(part.local_id(dead).is_some());
    let pos = harness.state().view.screen_pos(dead).unwrap();
    harness.state_mut().responses.clear();
    click_at(&mut harness, pos);
    let clicked: Vec<u32> = harness
        .state()
        .responses
        .iter()
        .filter_map(|r| r.clicked)
        .collect();
    assert_eq!(clicked, vec![dead]);
    // The way to it is drawn where it runs through the part.
    assert_eq!(harness.state().highlight.last(), Some(&dead));
    // The whole graph comes back, fitted.
    harness
        .get_by_label("Only the dead ends and the traps into them")
        .click();
    harness.run();
    assert!(!harness.state().view.shows_dead_ends_only());
    let whole = harness.state().view.layout().unwrap().len();
    assert_eq!(whole, analysis.state_count());
}

#[test]
fn the_minimap_shows_when_zoomed_in_and_a_click_on_it_moves_the_view() {
    let mut harness = harness("four-colours.txt");
    assert!(harness.state().view.shows_minimap());
    assert_eq!(harness.state().view.last.unwrap().minimap, None, "fitted");
    let centre = harness.state().view.last.unwrap().canvas.center();
    wheel(&mut harness, centre, 600.0);
    let last = harness.state().view.last.unwrap();
    let map = last.minimap.expect("zoomed in: the minimap shows");
    assert!(last.canvas.contains_rect(map));
    // A click near the minimap's top left corner goes to the start.
    let target = map.min + vec2(map.width() * 0.1, 6.0);
    let layout = harness.state().view.layout().unwrap().clone();
    let want = MinimapMap::new(&layout, map).to_layout(target);
    click_at(&mut harness, target);
    let camera = harness.state().view.last.unwrap().camera;
    assert!(
        (camera.centre - want).length() < 0.5,
        "{camera:?} vs {want:?}"
    );
    assert!(camera.centre.y < 1.0);
    // Clicking on the minimap selects no state.
    assert!(harness.state().highlight.is_empty());
}

#[test]
fn a_new_analysis_gets_a_new_layout() {
    let mut harness = harness("1-1.txt");
    let small = harness.state().view.layout().unwrap().len();
    harness.state_mut().analysis = analysis_of("crate-push.txt");
    harness.run();
    let big = harness.state().view.layout().unwrap().len();
    assert_eq!(big, harness.state().analysis.state_count());
    assert_ne!(small, big);
}
