//! Frame time of the state graph view on the 100k-state benchmark level
//! (`assets/bench/skiddy_100k.txt`), and the time to lay its graph out.
//!
//! One frame is what the editor pays each time it repaints the view: one
//! `egui::Context::run_ui` pass with the view in a `CentralPanel` on a
//! 1280x800 screen, and the tessellation of the shapes it output. It is
//! measured with the whole graph fitted (dense layers drawn as bins), zoomed
//! in on the widest layer (single states and edges), and at the density
//! where single states are just drawn (the most single states on screen).
//!
//! Run with `cargo bench --bench graph_view`.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use egui::{vec2, CentralPanel, Context, Pos2, RawInput, Rect};
use levelscope::engine::Job;
use levelscope::gui::kinds::skiddy::board::state_picture;
use levelscope::gui::views::graph_layout::GraphLayout;
use levelscope::gui::views::state_graph::{GraphSource, StateGraphView};
use levelscope::kinds::skiddy::{self, Analysis};

const LEVEL: &str = include_str!("../assets/bench/skiddy_100k.txt");

fn input() -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
        ..RawInput::default()
    }
}

/// One frame: the pass and its tessellation; returns the vertex count.
fn frame(ctx: &Context, view: &mut StateGraphView, analysis: &Arc<Analysis>, way: &[u32]) -> usize {
    let output = ctx.run_ui(input(), |ui| {
        CentralPanel::default().show(ui, |ui| {
            let shown = analysis.clone();
            let board = move |id| state_picture(&shown, id);
            let source = GraphSource::new(analysis, analysis.view(), &board);
            view.show(ui, &source, way);
        });
    });
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    primitives
        .iter()
        .map(|p| match &p.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
            egui::epaint::Primitive::Callback(_) => 0,
        })
        .sum()
}

fn graph_view(c: &mut Criterion) {
    let level = skiddy::parse_level(LEVEL).expect("the benchmark level parses");
    let analysis = Arc::new(skiddy::analyze(&level, &Job::default()).expect("it analyses"));
    let layout = GraphLayout::of(analysis.view());
    let widest = (0..layout.depth_count())
        .max_by_key(|&d| layout.layer_order(d).len())
        .expect("a layer");
    let middle = layout.layer_order(widest)[layout.layer_order(widest).len() / 2];
    let way = layout.path_from_start(middle);
    println!(
        "skiddy_100k: {} states in {} layers, widest layer {} ({} states), x from {:.0} to {:.0}",
        layout.len(),
        layout.depth_count(),
        widest,
        layout.layer_order(widest).len(),
        layout.x_range().0,
        layout.x_range().1,
    );

    let mut group = c.benchmark_group("graph_view");
    group.bench_function("layout_100k", |b| {
        b.iter(|| GraphLayout::of(analysis.view()))
    });

    let cases: [(&str, Option<egui::Vec2>); 3] = [
        ("frame_fit_100k", None),
        ("frame_zoomed_100k", Some(vec2(16.0, 100.0))),
        ("frame_densest_single_states_100k", Some(vec2(2.2, 40.0))),
    ];
    for (name, scale) in cases {
        let ctx = Context::default();
        let mut view = StateGraphView::new();
        if let Some(scale) = scale {
            view.look_at(middle, scale);
        }
        // The first passes build the font atlas and the layout.
        for _ in 0..3 {
            frame(&ctx, &mut view, &analysis, &way);
        }
        let vertices = frame(&ctx, &mut view, &analysis, &way);
        println!("{name}: {vertices} vertices per frame");
        group.bench_function(name, |b| b.iter(|| frame(&ctx, &mut view, &analysis, &way)));
    }
    group.finish();
}

criterion_group!(benches, graph_view);
criterion_main!(benches);
