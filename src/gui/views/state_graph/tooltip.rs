//! The tooltip of a state in the graph: its label in words, its depth and
//! distances, and the kind's picture of its board.

use super::*;
use crate::words::capitalised;

/// The tooltip of a state (`local` in the layout, `id` in the graph): its
/// board, id, depth, what its label means and its distance to a win, and
/// the label mix of its bin when its layer is drawn as bins.
pub(super) fn state_tooltip(
    ui: &mut Ui,
    source: &GraphSource<'_>,
    layout: &GraphLayout,
    camera: Camera,
    local: u32,
    id: u32,
) {
    let board = (source.board)(id);
    let (w, h) = (board.width.max(1.0), board.height.max(1.0));
    let cell = (160.0 / w.max(h)).min(20.0);
    let (rect, _) = ui.allocate_exact_size(vec2(cell * w, cell * h), Sense::hover());
    picture_painter::paint(ui.painter(), rect, &board);
    let layer = layout.depth(local);
    let label = layout.label(local);
    ui.label(format!("State {id} · depth {}", layout.layer_depth(layer)));
    ui.colored_label(
        label_colour(label),
        capitalised((source.label_words)(label)),
    );
    // A won state's label already says so.
    if label != Label::Won {
        ui.label(match source.graph.distance(Route::Any, id) {
            Some(0) => "Won".to_owned(),
            Some(1) => "1 move to a win".to_owned(),
            Some(n) => format!("{n} moves to a win"),
            None => "No win reachable".to_owned(),
        });
    }
    let width = BIN_PX / camera.scale.x;
    let x = layout.x(local);
    let cell_x0 = (x / width).floor() * width;
    let here = layout.visible(layer, cell_x0, cell_x0 + width);
    if here.len() > 1 {
        let counts = layout.label_counts(layer, here.clone());
        let mix: Vec<String> = LABELS
            .iter()
            .filter(|&&l| counts.get(l) > 0)
            .map(|&l| format!("{} {}", counts.get(l), (source.label_words)(l)))
            .collect();
        ui.weak(format!(
            "{} under the pointer: {}",
            counted(here.len() as u64, "state", "states"),
            mix.join(", ")
        ));
    }
}
