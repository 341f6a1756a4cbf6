//! Times one editor frame painting a Prism level's picture on the board
//! canvas (build the picture, lay out the frame, tessellate), for boards
//! from 16x16 to 1000x1000 with a third of the cells blocks or switches:
//! shape by shape (`show_board`), and as the editor paints (
//! `show_board_cached`: a raster above 128x128 cells, the level hashed
//! every frame, the raster drawn in the first frame only).
//!
//! Run with `cargo run --release --example prism_paint_timing`.

use std::time::Instant;

use egui::{vec2, CentralPanel, Context, Pos2, RawInput, Rect};
use levelscope::gui::views::canvas::{self, BoardMarks};
use levelscope::kinds::prism::{Cell, Colour, Level};

fn level(side: usize) -> Level {
    let mut level = Level::new(side, side);
    let mut seed = 7u32;
    for y in 0..side {
        for x in 0..side {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let r = (seed >> 16) % 9;
            let cell = match r {
                0 | 1 => Cell::Block(Colour((r as u8) + 1)),
                2 => Cell::Switch(Colour::GREEN),
                _ => Cell::Empty,
            };
            if (x, y) != level.start && (x, y) != level.exit {
                level.set_cell(x, y, cell);
            }
        }
    }
    level
}

fn main() {
    let ctx = Context::default();
    for side in [16, 64, 256, 1000] {
        let level = level(side);
        let built = Instant::now();
        let shapes = levelscope::kinds::prism::picture::level_picture(&level)
            .shapes
            .len();
        println!(
            "{side}x{side}: the picture, {shapes} shapes, built in {:.1} ms",
            built.elapsed().as_secs_f64() * 1000.0
        );
        let start = Instant::now();
        let frames = 3;
        let mut vertices = 0;
        for _ in 0..frames {
            let input = RawInput {
                screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
                ..RawInput::default()
            };
            let output = ctx.run_ui(input, |ui| {
                CentralPanel::default().show(ui, |ui| {
                    let picture = levelscope::kinds::prism::picture::level_picture(&level);
                    let size = ui.available_size();
                    canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Board");
                });
            });
            let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
            vertices = primitives
                .iter()
                .map(|p| match &p.primitive {
                    egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
                    egui::epaint::Primitive::Callback(_) => 0,
                })
                .sum::<usize>();
        }
        let per_frame = start.elapsed().as_secs_f64() * 1000.0 / frames as f64;
        println!("{side}x{side}: shape by shape, {per_frame:.1} ms a frame, {vertices} vertices");
        let mut cache = None;
        let mut times = Vec::new();
        for _ in 0..frames {
            let started = Instant::now();
            let input = RawInput {
                screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 800.0))),
                ..RawInput::default()
            };
            let output = ctx.run_ui(input, |ui| {
                CentralPanel::default().show(ui, |ui| {
                    let size = ui.available_size();
                    let key = canvas::hash_of(&level);
                    canvas::show_board_cached(
                        ui,
                        &mut cache,
                        key,
                        || levelscope::kinds::prism::picture::level_picture(&level),
                        (side, side),
                        &BoardMarks::default(),
                        size,
                        "Board",
                        &levelscope::gui::views::camera::Camera::FIT,
                    );
                });
            });
            ctx.tessellate(output.shapes, output.pixels_per_point);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "{side}x{side}: as the editor paints, first frame {:.1} ms, then {:.1} ms a frame",
            times[0],
            times[1..].iter().sum::<f64>() / (times.len() - 1) as f64
        );
    }
}
