//! A Sokoban board as a [`Picture`]: one cell is one board unit. The
//! editor paints it with egui and the contact sheet renders it to PNG.
//!
//! Every tile has a form of its own as well as a colour, so that the board
//! reads in black and white and for a designer who cannot tell red from
//! green:
//! - floor outside the walls is not drawn (the picture's background shows);
//! - floor is a light square with a faint grid line;
//! - a wall is a dark square with two brick lines across it;
//! - a goal is a hollow diamond;
//! - a box is a rounded square with a cross of planks; on a goal it is
//!   filled and carries a solid diamond in its centre instead of the cross;
//! - the player is a white disc with a black edge and a black centre;
//! - a dead cell (a box there can never reach a goal) is hatched with
//!   two thin diagonal lines, in red.

use super::dead::dead_cells;
use super::level::{Cell, Level};
use super::rules::{Position, Rules};
use crate::picture::{Picture, Rgba, Stroke};

/// Floor inside the walls.
pub const FLOOR: Rgba = Rgba::rgb(236, 234, 226);
/// The grid lines between floor cells: black, faint.
pub const GRID_LINE: Rgba = Rgba([0, 0, 0, 30]);
/// A wall.
pub const WALL: Rgba = Rgba::rgb(74, 62, 56);
/// The brick lines on a wall.
pub const BRICK_LINE: Rgba = Rgba::rgb(120, 104, 94);
/// A goal's diamond.
pub const GOAL: Rgba = Rgba::rgb(20, 110, 160);
/// A box off a goal.
pub const BOX: Rgba = Rgba::rgb(214, 150, 60);
/// A box on a goal.
pub const BOX_PLACED: Rgba = Rgba::rgb(60, 150, 90);
/// The edge and planks of a box.
pub const BOX_EDGE: Rgba = Rgba::rgb(60, 40, 20);
/// The player's body.
pub const PLAYER: Rgba = Rgba::WHITE;
/// The player's edge and centre.
pub const PLAYER_EDGE: Rgba = Rgba::BLACK;
/// The hatching of a dead cell.
pub const DEAD: Rgba = Rgba([200, 30, 30, 140]);

/// Adds the cell at `(x, y)`; `outside` leaves floor outside the walls
/// undrawn.
pub fn push_cell(picture: &mut Picture, x: f32, y: f32, cell: Cell, outside: bool) {
    match cell {
        Cell::Wall => {
            picture.rect([x, y], [x + 1.0, y + 1.0], Some(WALL), None);
            let line = Stroke::new(0.05, BRICK_LINE);
            picture.line([x, y + 0.5], [x + 1.0, y + 0.5], line);
            picture.line([x + 0.5, y], [x + 0.5, y + 0.5], line);
        }
        Cell::Floor | Cell::Goal if outside => {}
        Cell::Floor | Cell::Goal => {
            picture.rect(
                [x, y],
                [x + 1.0, y + 1.0],
                Some(FLOOR),
                Some(Stroke::new(0.02, GRID_LINE)),
            );
            if cell == Cell::Goal {
                picture.polygon(diamond(x, y, 0.3), None, Some(Stroke::new(0.07, GOAL)));
            }
        }
    }
}

/// The corners of a diamond of half-diagonal `r` centred in the cell at
/// `(x, y)`.
fn diamond(x: f32, y: f32, r: f32) -> Vec<[f32; 2]> {
    let (cx, cy) = (x + 0.5, y + 0.5);
    vec![[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]]
}

/// Adds a box in the cell whose top-left corner is `(x, y)` (fractional
/// while it moves); `placed` when it stands on a goal.
pub fn push_box(picture: &mut Picture, x: f32, y: f32, placed: bool) {
    let (a, b) = (0.1, 0.9);
    let fill = if placed { BOX_PLACED } else { BOX };
    picture.rounded_rect(
        [x + a, y + a],
        [x + b, y + b],
        0.08,
        Some(fill),
        Some(Stroke::new(0.06, BOX_EDGE)),
    );
    if placed {
        picture.polygon(diamond(x, y, 0.18), Some(BOX_EDGE), None);
    } else {
        let plank = Stroke::new(0.06, BOX_EDGE);
        picture.line([x + a, y + a], [x + b, y + b], plank);
        picture.line([x + b, y + a], [x + a, y + b], plank);
    }
}

/// Adds the player in the cell whose top-left corner is `(x, y)`.
pub fn push_player(picture: &mut Picture, x: f32, y: f32) {
    let centre = [x + 0.5, y + 0.5];
    picture.circle(
        centre,
        0.3,
        Some(PLAYER),
        Some(Stroke::new(0.08, PLAYER_EDGE)),
    );
    picture.circle(centre, 0.08, Some(PLAYER_EDGE), None);
}

/// Adds the hatching of a dead cell at `(x, y)`.
pub fn push_dead(picture: &mut Picture, x: f32, y: f32) {
    let stroke = Stroke::new(0.04, DEAD);
    picture.line([x + 0.15, y + 0.55], [x + 0.55, y + 0.15], stroke);
    picture.line([x + 0.45, y + 0.85], [x + 0.85, y + 0.45], stroke);
}

/// The board of `level` without boxes or player: walls, floor inside the
/// walls and goals.
pub fn board_picture(level: &Level) -> Picture {
    let (width, height) = (level.width(), level.height());
    let mut picture = Picture::new(width as f32, height as f32);
    let outside = level.outside();
    for (i, &cell) in level.cells().iter().enumerate() {
        let (x, y) = (i % width, i / width);
        push_cell(&mut picture, x as f32, y as f32, cell, outside[i]);
    }
    picture
}

/// A level as the designer edits it: the board, the boxes and the player
/// where they start.
pub fn level_picture(level: &Level) -> Picture {
    let mut picture = board_picture(level);
    for &(x, y) in &level.boxes {
        if let Some(cell) = level.get(x, y) {
            push_box(&mut picture, x as f32, y as f32, cell == Cell::Goal);
        }
    }
    if let Some((x, y)) = level.player.filter(|&(x, y)| level.contains(x, y)) {
        push_player(&mut picture, x as f32, y as f32);
    }
    picture
}

/// The level with its dead cells hatched, under its boxes and player.
pub fn level_picture_with_dead_cells(level: &Level) -> Picture {
    let mut picture = board_picture(level);
    let dead = dead_cells(level);
    for (i, _) in dead.iter().enumerate().filter(|(_, &d)| d) {
        push_dead(
            &mut picture,
            (i % level.width()) as f32,
            (i / level.width()) as f32,
        );
    }
    let pieces = level_picture(level);
    let board_shapes = board_picture(level).shapes.len();
    picture
        .shapes
        .extend(pieces.shapes.into_iter().skip(board_shapes));
    picture
}

/// A position of play: the board, the boxes where they are (the boxes on
/// goals sealed off by walls where they always stand) and the player.
pub fn position_picture(rules: &Rules, pos: &Position) -> Picture {
    let level = rules.level();
    let mut picture = board_picture(level);
    for &(x, y) in &level.boxes {
        if rules.cell_at(x, y).is_none() {
            push_box(&mut picture, x as f32, y as f32, true);
        }
    }
    for &b in &pos.boxes {
        let (x, y) = rules.xy(b);
        push_box(&mut picture, x as f32, y as f32, rules.is_goal(b));
    }
    let (x, y) = rules.xy(pos.player);
    push_player(&mut picture, x as f32, y as f32);
    picture
}

/// A position of play with the level's dead cells hatched under the boxes
/// and the player, as the Edit view hatches them.
pub fn position_picture_with_dead_cells(rules: &Rules, pos: &Position) -> Picture {
    let level = rules.level();
    let mut picture = board_picture(level);
    let board_shapes = picture.shapes.len();
    let dead = dead_cells(level);
    for (i, _) in dead.iter().enumerate().filter(|(_, &d)| d) {
        push_dead(
            &mut picture,
            (i % level.width()) as f32,
            (i / level.width()) as f32,
        );
    }
    let pieces = position_picture(rules, pos);
    picture
        .shapes
        .extend(pieces.shapes.into_iter().skip(board_shapes));
    picture
}

/// The picture of one palette tile, a unit square.
pub fn cell_picture(cell: Cell) -> Picture {
    let mut picture = Picture::new(1.0, 1.0);
    push_cell(&mut picture, 0.0, 0.0, cell, false);
    picture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::picture::Shape;

    #[test]
    fn boxes_on_and_off_goals_differ_in_form_as_well_as_colour() {
        let mut off = Picture::new(1.0, 1.0);
        push_box(&mut off, 0.0, 0.0, false);
        let mut on = Picture::new(1.0, 1.0);
        push_box(&mut on, 0.0, 0.0, true);
        let lines = |p: &Picture| {
            p.shapes
                .iter()
                .filter(|s| matches!(s, Shape::Line { .. }))
                .count()
        };
        assert_eq!(lines(&off), 2, "the cross");
        assert_eq!(lines(&on), 0, "a diamond instead");
    }

    #[test]
    fn the_level_and_its_start_position_draw_alike() {
        let level = read_xsb_one("  #####\n###@$.#\n  #####\n").unwrap();
        let rules = Rules::compile(&level).unwrap();
        assert_eq!(
            level_picture(&level),
            position_picture(&rules, rules.start())
        );
        // Outside floor is not drawn: 2 + 2 cells fewer than the board.
        let floors = board_picture(&level)
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { fill: Some(f), .. } if *f == FLOOR))
            .count();
        assert_eq!(floors, 3);
        let dead = level_picture_with_dead_cells(&level);
        assert!(dead.shapes.len() > level_picture(&level).shapes.len());
    }

    #[test]
    fn a_position_of_play_hatches_the_dead_cells_under_its_pieces() {
        let level = read_xsb_one("#####\n#  .#\n# $@#\n#   #\n#####\n").unwrap();
        let rules = Rules::compile(&level).unwrap();
        let plain = position_picture(&rules, rules.start());
        let hatched = position_picture_with_dead_cells(&rules, rules.start());
        // The start position draws as the level does, hatching and all.
        assert_eq!(hatched, level_picture_with_dead_cells(&level));
        let dead = dead_cells(&level).iter().filter(|&&d| d).count();
        assert!(dead > 0);
        assert_eq!(hatched.shapes.len(), plain.shapes.len() + 2 * dead);
    }
}
