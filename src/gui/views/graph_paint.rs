//! How the state graph view draws: the colour, shape and words of each
//! label, nodes, edges and bins as mesh parts, the red mark that keeps a
//! dead end visible at every zoom, and how often layers get a depth label.

use egui::{vec2, Color32, Mesh, Pos2, Rect, Vec2};

use super::graph_layout::{LabelCounts, LABELS};
use crate::engine::Label;

/// The least width of a dead end's mark, in points.
pub const DEAD_END_MARK_WIDTH: f32 = 4.0;
/// The least height of a dead end's mark, in points.
pub const DEAD_END_MARK_HEIGHT: f32 = 7.0;
/// The least radius a dead-end node is drawn with, in points.
pub const DEAD_END_MIN_RADIUS: f32 = 3.0;
/// The least gap between two depth labels, in points.
pub const DEPTH_LABEL_GAP: f32 = 15.0;

/// What a label means, in the words of the legend and the tooltip.
pub fn label_words(label: Label) -> &'static str {
    match label {
        Label::Won => "won",
        Label::Preferred => "max-combo still possible",
        Label::Ok => "winnable",
        Label::DeadEnd => "dead end",
    }
}

/// What a label means for a kind whose every state is preferred (no
/// combos, as in Prism): a state that can still win is "winnable".
pub fn label_words_without_preference(label: Label) -> &'static str {
    match label {
        Label::Preferred | Label::Ok => "winnable",
        other => label_words(other),
    }
}

/// The fill colour of a label.
pub fn label_colour(label: Label) -> Color32 {
    match label {
        Label::Won => Color32::from_rgb(0, 158, 115),
        Label::Preferred => Color32::from_rgb(0, 114, 178),
        Label::Ok => Color32::from_rgb(230, 159, 0),
        Label::DeadEnd => Color32::from_rgb(176, 48, 56),
    }
}

/// A unit outline per label, so that labels differ in shape as well as in
/// colour: Won a diamond, MaxCombo a circle, Ok a square, DeadEnd a
/// triangle pointing down.
fn label_outline(label: Label) -> &'static [Vec2] {
    const S: f32 = 0.86;
    const DIAMOND: [Vec2; 4] = [
        vec2(0.0, -1.3),
        vec2(1.3, 0.0),
        vec2(0.0, 1.3),
        vec2(-1.3, 0.0),
    ];
    const SQUARE: [Vec2; 4] = [vec2(-S, -S), vec2(S, -S), vec2(S, S), vec2(-S, S)];
    const TRIANGLE: [Vec2; 3] = [vec2(-1.15, -0.75), vec2(1.15, -0.75), vec2(0.0, 1.2)];
    const CIRCLE: [Vec2; 10] = [
        vec2(1.0, 0.0),
        vec2(0.809, 0.588),
        vec2(0.309, 0.951),
        vec2(-0.309, 0.951),
        vec2(-0.809, 0.588),
        vec2(-1.0, 0.0),
        vec2(-0.809, -0.588),
        vec2(-0.309, -0.951),
        vec2(0.309, -0.951),
        vec2(0.809, -0.588),
    ];
    match label {
        Label::Won => &DIAMOND,
        Label::Preferred => &CIRCLE,
        Label::Ok => &SQUARE,
        Label::DeadEnd => &TRIANGLE,
    }
}

/// Adds a line as a quad; lines thinner than a pixel are drawn a pixel
/// wide and fainter.
pub fn add_line(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, colour: Color32) {
    let d = b - a;
    let len = d.length();
    if len < 0.01 {
        return;
    }
    let (width, colour) = if width < 1.0 {
        (1.0, colour.gamma_multiply(width))
    } else {
        (width, colour)
    };
    let n = vec2(-d.y, d.x) * (width / 2.0 / len);
    let i = mesh.vertices.len() as u32;
    mesh.colored_vertex(a + n, colour);
    mesh.colored_vertex(a - n, colour);
    mesh.colored_vertex(b - n, colour);
    mesh.colored_vertex(b + n, colour);
    mesh.add_triangle(i, i + 1, i + 2);
    mesh.add_triangle(i, i + 2, i + 3);
}

/// Adds a convex polygon (a unit outline scaled by `r`) as a triangle fan.
pub fn add_polygon(mesh: &mut Mesh, centre: Pos2, outline: &[Vec2], r: f32, colour: Color32) {
    let i = mesh.vertices.len() as u32;
    for &p in outline {
        mesh.colored_vertex(centre + p * r, colour);
    }
    for k in 1..outline.len() as u32 - 1 {
        mesh.add_triangle(i, i + k, i + k + 1);
    }
}

/// Adds one node: its label's shape, with a dark rim when there is room.
pub fn add_node(mesh: &mut Mesh, centre: Pos2, r: f32, label: Label, rim: Color32) {
    if r < 2.5 {
        mesh.add_colored_rect(
            Rect::from_center_size(centre, Vec2::splat(2.0 * r)),
            label_colour(label),
        );
        return;
    }
    let outline = label_outline(label);
    add_polygon(mesh, centre, outline, r + 1.2, rim);
    add_polygon(mesh, centre, outline, r, label_colour(label));
}

/// Adds a bin: a rectangle split top to bottom by its label mix (Won,
/// MaxCombo, Ok, DeadEnd), the more opaque the more of its width is filled
/// with states.
pub fn add_bin(mesh: &mut Mesh, rect: Rect, counts: LabelCounts, width: f32) {
    let total = counts.total();
    if total == 0 {
        return;
    }
    let fill = (total as f32 / width.max(1.0)).min(1.0);
    let alpha = 0.4 + 0.6 * fill;
    let mut top = rect.top();
    for label in LABELS {
        let n = counts.get(label);
        if n == 0 {
            continue;
        }
        let h = rect.height() * n as f32 / total as f32;
        let part = Rect::from_x_y_ranges(rect.x_range(), top..=top + h);
        mesh.add_colored_rect(part, label_colour(label).gamma_multiply(alpha));
        top += h;
    }
}

/// The mark drawn over a bin of `bin` (on screen) that holds a dead end: at
/// least [`DEAD_END_MARK_WIDTH`] by [`DEAD_END_MARK_HEIGHT`] points, centred
/// on the bin, so that a single dead end among thousands of states still
/// shows when the graph is fitted.
pub fn dead_end_mark(bin: Rect) -> Rect {
    let size = bin
        .size()
        .max(vec2(DEAD_END_MARK_WIDTH, DEAD_END_MARK_HEIGHT));
    Rect::from_center_size(bin.center(), size)
}

/// Adds the mark of a bin holding dead ends: the dead-end colour with a
/// thin rim, drawn after every bin so that no neighbour covers it.
pub fn add_dead_end_mark(mesh: &mut Mesh, mark: Rect, rim: Color32) {
    mesh.add_colored_rect(mark.expand(1.0), rim);
    mesh.add_colored_rect(mark, label_colour(Label::DeadEnd));
}

/// Every how many layers a depth label goes, for layers `px_per_layer`
/// points apart: 1, 2, 5, 10, 20, 50, ... whichever first leaves
/// [`DEPTH_LABEL_GAP`] points between labels.
pub fn depth_label_step(px_per_layer: f32) -> usize {
    let mut decade = 1usize;
    loop {
        for step in [decade, 2 * decade, 5 * decade] {
            if step as f32 * px_per_layer >= DEPTH_LABEL_GAP || step >= MAX_DEPTH_LABEL_STEP {
                return step;
            }
        }
        decade *= 10;
    }
}

/// The largest step [`depth_label_step`] gives (for layers on top of one
/// another).
const MAX_DEPTH_LABEL_STEP: usize = 1_000_000;

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn a_dead_end_mark_is_never_smaller_than_its_least_size() {
        let thin = Rect::from_min_size(pos2(10.0, 20.0), vec2(0.5, 3.0));
        let mark = dead_end_mark(thin);
        assert_eq!(mark.size(), vec2(DEAD_END_MARK_WIDTH, DEAD_END_MARK_HEIGHT));
        assert_eq!(mark.center(), thin.center());
        let wide = Rect::from_min_size(pos2(0.0, 0.0), vec2(12.0, 20.0));
        assert_eq!(dead_end_mark(wide), wide);
    }

    #[test]
    fn depth_labels_thin_out_one_two_five() {
        assert_eq!(depth_label_step(100.0), 1);
        assert_eq!(depth_label_step(15.0), 1);
        assert_eq!(depth_label_step(10.0), 2);
        assert_eq!(depth_label_step(4.0), 5);
        assert_eq!(depth_label_step(2.0), 10);
        assert_eq!(depth_label_step(0.5), 50);
        assert_eq!(depth_label_step(0.0), MAX_DEPTH_LABEL_STEP);
    }

    #[test]
    fn every_label_has_its_own_words_and_colour() {
        let words: Vec<&str> = LABELS.iter().map(|&l| label_words(l)).collect();
        assert_eq!(
            words,
            ["won", "max-combo still possible", "winnable", "dead end"]
        );
        for (i, &a) in LABELS.iter().enumerate() {
            for &b in &LABELS[i + 1..] {
                assert_ne!(label_colour(a), label_colour(b));
            }
        }
    }
}
