//! The Rooms view's two pictures: the map with the rooms placed so far, and
//! the tree as a node-link diagram. Both number the rooms the same way and
//! colour them by depth, and both report a click on a room.

use egui::{
    pos2, Align2, Color32, FontId, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Ui, Vec2,
    WidgetInfo,
};

use crate::engine::stack::Entry;
use crate::gui::views::board::BoardGeometry;
use crate::kinds::rooms::{MapCell, RoomLayout, RoomTree};

/// Colours by depth, repeating after the last.
const DEPTH_COLOURS: [Color32; 8] = [
    Color32::from_rgb(52, 110, 214),
    Color32::from_rgb(46, 150, 72),
    Color32::from_rgb(214, 120, 0),
    Color32::from_rgb(150, 60, 170),
    Color32::from_rgb(0, 145, 160),
    Color32::from_rgb(200, 30, 90),
    Color32::from_rgb(110, 150, 40),
    Color32::from_rgb(120, 90, 75),
];

/// The colour of rooms at `depth`.
pub fn depth_colour(depth: usize) -> Color32 {
    DEPTH_COLOURS[depth % DEPTH_COLOURS.len()]
}

/// Red, for guesses that failed.
pub const FAILED: Color32 = Color32::from_rgb(215, 40, 40);

/// Amber, for guesses still to try.
pub const REMAINING: Color32 = Color32::from_rgb(230, 170, 0);

/// A room's number in a shape of side or diameter `size`, if it fits.
fn paint_number(painter: &egui::Painter, centre: Pos2, size: f32, room: usize) {
    if size >= 12.0 {
        let font = FontId::proportional((size * 0.45).clamp(8.0, 22.0));
        painter.text(centre, Align2::CENTER_CENTER, room, font, Color32::WHITE);
    }
}

/// Paints the map of `layout` in a `size` area: the grid, the guesses of
/// the top stack entry (amber outline still to try, red cross failed), the
/// placed rooms coloured by depth with a line from each child to its parent.
/// Returns the room clicked, if any.
pub fn paint_map(
    ui: &mut Ui,
    size: Vec2,
    layout: &RoomLayout,
    top: Option<&Entry<MapCell>>,
    depths: &[usize],
    selected: usize,
) -> Option<usize> {
    let (response, painter) = ui.allocate_painter(size, Sense::click());
    response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Map of rooms"));
    let (width, height) = layout.size();
    let geo = BoardGeometry::fit(response.rect.shrink(6.0), width, height);
    let visuals = ui.visuals();
    let grid = Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color);
    for y in 0..height {
        for x in 0..width {
            painter.rect(
                geo.cell_rect(x, y),
                0.0,
                visuals.extreme_bg_color,
                grid,
                StrokeKind::Inside,
            );
        }
    }
    let inset = geo.cell * 0.12;
    if let Some(entry) = top {
        for &(x, y) in &entry.remaining {
            painter.rect_stroke(
                geo.cell_rect(x, y).shrink(inset * 0.5),
                2.0,
                Stroke::new((geo.cell * 0.08).max(1.5), REMAINING),
                StrokeKind::Inside,
            );
        }
        let cross = Stroke::new((geo.cell * 0.08).max(1.5), FAILED);
        for &(x, y) in &entry.failed {
            let r = geo.cell_rect(x, y).shrink(geo.cell * 0.25);
            painter.line_segment([r.left_top(), r.right_bottom()], cross);
            painter.line_segment([r.right_top(), r.left_bottom()], cross);
        }
    }
    let cells = layout.cells();
    let centre = |(x, y): MapCell| geo.cell_rect(x, y).center();
    for (room, &cell) in cells.iter().enumerate().skip(1) {
        if let Some(parent) = layout.tree().parent(room) {
            painter.line_segment(
                [centre(cell), centre(cells[parent])],
                Stroke::new((geo.cell * 0.12).max(1.5), visuals.strong_text_color()),
            );
        }
    }
    for (room, &(x, y)) in cells.iter().enumerate() {
        let rect = geo.cell_rect(x, y).shrink(inset);
        painter.rect_filled(rect, geo.cell * 0.15, depth_colour(depths[room]));
        if room == selected {
            painter.rect_stroke(
                rect,
                geo.cell * 0.15,
                Stroke::new((geo.cell * 0.08).max(2.0), visuals.strong_text_color()),
                StrokeKind::Outside,
            );
        }
        paint_number(&painter, rect.center(), rect.width(), room);
    }
    let pos = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    layout.occupant(geo.cell_at(pos)?)
}

/// Where each room sits in the diagram: `(column, depth)`, the column a
/// fraction of the number of leaves. Leaves take consecutive columns in
/// depth-first order; a parent sits above the middle of its children, so
/// no two edges cross.
pub fn tree_positions(tree: &RoomTree) -> (Vec<(f32, usize)>, usize) {
    let n = tree.len();
    let mut children = vec![Vec::new(); n];
    for room in 1..n {
        if let Some(p) = tree.parent(room) {
            children[p].push(room);
        }
    }
    let mut column = vec![0.0f32; n];
    let mut leaves = 0usize;
    let mut pending = vec![0usize];
    while let Some(room) = pending.pop() {
        if children[room].is_empty() {
            column[room] = leaves as f32;
            leaves += 1;
        }
        pending.extend(children[room].iter().rev());
    }
    // Children have larger numbers than their parents: going down the
    // numbers places every child before its parent.
    for room in (0..n).rev() {
        if let (Some(&first), Some(&last)) = (children[room].first(), children[room].last()) {
            column[room] = (column[first] + column[last]) / 2.0;
        }
    }
    let depths = tree.depths();
    let positions = column.into_iter().zip(depths).collect();
    (positions, leaves.max(1))
}

/// Paints the tree as a node-link diagram in a `size` area: rooms numbered
/// and coloured by depth as on the map, the rooms not placed yet faded.
/// Returns the room clicked, if any.
pub fn paint_tree(
    ui: &mut Ui,
    size: Vec2,
    tree: &RoomTree,
    placed: usize,
    selected: usize,
) -> Option<usize> {
    let (response, painter) = ui.allocate_painter(size, Sense::click());
    response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Tree of rooms"));
    let (positions, columns) = tree_positions(tree);
    let levels = positions.iter().map(|&(_, d)| d).max().unwrap_or(0) + 1;
    let area: Rect = response.rect.shrink(4.0);
    let dx = area.width() / columns as f32;
    let dy = area.height() / levels as f32;
    let radius = (dx.min(dy) * 0.38).clamp(3.0, 16.0);
    let at = |(column, depth): (f32, usize)| {
        pos2(
            area.left() + (column + 0.5) * dx,
            area.top() + (depth as f32 + 0.5) * dy,
        )
    };
    let visuals = ui.visuals();
    let edge = Stroke::new(1.5, visuals.text_color());
    for (room, &position) in positions.iter().enumerate().skip(1) {
        if let Some(p) = tree.parent(room) {
            painter.line_segment([at(position), at(positions[p])], edge);
        }
    }
    for (room, &position) in positions.iter().enumerate() {
        let mut fill = depth_colour(position.1);
        if room >= placed {
            fill = fill.gamma_multiply(0.4);
        }
        let stroke = if room == selected {
            Stroke::new(3.0, visuals.strong_text_color())
        } else {
            Stroke::NONE
        };
        // A faded room is see-through: an opaque disc under it keeps the
        // edges that end at its centre from showing through.
        painter.circle_filled(at(position), radius, visuals.panel_fill);
        painter.circle(at(position), radius, fill, stroke);
        paint_number(&painter, at(position), radius * 2.0, room);
    }
    let pos = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    positions
        .iter()
        .enumerate()
        .map(|(room, &p)| (room, at(p).distance(pos)))
        .filter(|&(_, d)| d <= radius * 1.5)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(room, _)| room)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_sit_over_their_children_and_leaves_do_not_overlap() {
        // 0 ─ 1 ─ 3
        //   │   └ 4
        //   └ 2
        let tree = RoomTree::new(vec![None, Some(0), Some(0), Some(1), Some(1)]).unwrap();
        let (positions, columns) = tree_positions(&tree);
        assert_eq!(columns, 3);
        assert_eq!(positions[3], (0.0, 2));
        assert_eq!(positions[4], (1.0, 2));
        assert_eq!(positions[2], (2.0, 1));
        assert_eq!(positions[1], (0.5, 1));
        assert_eq!(positions[0], (1.25, 0));
    }
}
