//! A Rush Hour board as a [`Picture`]: one cell is one board unit. The
//! editor paints it with egui and the contact sheet renders it to PNG.
//!
//! Every vehicle carries its letter as well as a colour, so that the board
//! reads in black and white and for a designer who cannot tell red from
//! green:
//! - an open cell is a light square with a faint grid line;
//! - a wall is a dark square with a cross of two lines;
//! - a vehicle is a rounded block over its cells with its letter in the
//!   middle of its first cell; the primary (`A`) is red, the others take
//!   the colours of [`VEHICLE_COLOURS`] in turn, trucks darker than cars;
//! - the exit is a red bar on the right edge of the primary's row with an
//!   arrow pointing out, drawn over everything.

use super::level::{Level, Orientation, Vehicle};
use crate::picture::{Align, Picture, Rgba, Stroke};

/// An open cell.
pub const FLOOR: Rgba = Rgba::rgb(228, 226, 218);
/// The grid lines between cells: black, faint.
pub const GRID_LINE: Rgba = Rgba([0, 0, 0, 40]);
/// A wall.
pub const WALL: Rgba = Rgba::rgb(70, 66, 64);
/// The cross on a wall.
pub const WALL_LINE: Rgba = Rgba::rgb(120, 114, 110);
/// The primary vehicle, the red car.
pub const PRIMARY: Rgba = Rgba::rgb(210, 40, 40);
/// The other vehicles' colours, taken in turn.
pub const VEHICLE_COLOURS: [Rgba; 6] = [
    Rgba::rgb(70, 130, 200),
    Rgba::rgb(90, 170, 90),
    Rgba::rgb(230, 180, 50),
    Rgba::rgb(150, 100, 190),
    Rgba::rgb(60, 170, 170),
    Rgba::rgb(220, 130, 60),
];
/// A vehicle's edge.
pub const VEHICLE_EDGE: Rgba = Rgba::rgb(40, 30, 30);
/// A vehicle's letter.
pub const LETTER: Rgba = Rgba::WHITE;
/// The exit's bar and arrow.
pub const EXIT: Rgba = Rgba::rgb(170, 20, 20);

/// The gap between a vehicle and its cells' edges.
const MARGIN: f32 = 0.08;

/// The colour of vehicle `index` of `level`: red for the primary, else the
/// next of [`VEHICLE_COLOURS`] by its place among the others, darker for
/// a truck (3 cells or more).
pub fn vehicle_colour(level: &Level, index: usize) -> Rgba {
    if level.primary() == Some(index) {
        return PRIMARY;
    }
    let others = (0..index).filter(|&i| level.primary() != Some(i)).count();
    let colour = VEHICLE_COLOURS[others % VEHICLE_COLOURS.len()];
    if level.vehicles[index].length >= 3 {
        darker(colour)
    } else {
        colour
    }
}

/// A darker shade of `colour`, for trucks.
fn darker(colour: Rgba) -> Rgba {
    let [r, g, b, a] = colour.0;
    let shade = |c: u8| (c as u16 * 3 / 4) as u8;
    Rgba([shade(r), shade(g), shade(b), a])
}

/// Adds a cell at `(x, y)`: open or a wall.
pub fn push_cell(picture: &mut Picture, x: f32, y: f32, wall: bool) {
    if wall {
        picture.rect([x, y], [x + 1.0, y + 1.0], Some(WALL), None);
        let line = Stroke::new(0.05, WALL_LINE);
        picture.line([x + 0.2, y + 0.2], [x + 0.8, y + 0.8], line);
        picture.line([x + 0.8, y + 0.2], [x + 0.2, y + 0.8], line);
    } else {
        picture.rect(
            [x, y],
            [x + 1.0, y + 1.0],
            Some(FLOOR),
            Some(Stroke::new(0.02, GRID_LINE)),
        );
    }
}

/// Adds a vehicle of `length` cells lying `orientation` whose first cell's
/// top-left corner is `at` (fractional while it slides), in `colour`, with
/// `letter` in its first cell.
pub fn push_vehicle(
    picture: &mut Picture,
    at: [f32; 2],
    length: usize,
    orientation: Orientation,
    colour: Rgba,
    letter: char,
) {
    let (dx, dy) = match orientation {
        Orientation::Horizontal => (length as f32, 1.0),
        Orientation::Vertical => (1.0, length as f32),
    };
    let [x, y] = at;
    picture.rounded_rect(
        [x + MARGIN, y + MARGIN],
        [x + dx - MARGIN, y + dy - MARGIN],
        0.2,
        Some(colour),
        Some(Stroke::new(0.05, VEHICLE_EDGE)),
    );
    picture.text(
        [x + 0.5, y + 0.5],
        0.5,
        LETTER,
        letter.to_string(),
        Align::Centre,
    );
}

/// Adds the exit on the right edge of row `row` of a board `width` wide:
/// a bar on the edge and an arrow pointing out.
pub fn push_exit(picture: &mut Picture, width: usize, row: usize) {
    let (x, y) = (width as f32, row as f32);
    picture.line(
        [x - 0.05, y + 0.08],
        [x - 0.05, y + 0.92],
        Stroke::new(0.1, EXIT),
    );
    picture.polygon(
        vec![
            [x - 0.22, y + 0.3],
            [x - 0.22, y + 0.7],
            [x - 0.02, y + 0.5],
        ],
        Some(EXIT),
        None,
    );
}

/// Whether every cell of a vehicle is on the board.
fn on_board(level: &Level, vehicle: &Vehicle) -> bool {
    vehicle
        .cells()
        .all(|(x, y)| x < level.width() && y < level.height())
}

/// The board of `level` without vehicles: open cells and walls, and the
/// exit on the primary's row when there is a primary on the board.
pub fn board_picture(level: &Level) -> Picture {
    let (width, height) = (level.width(), level.height());
    let mut picture = Picture::new(width as f32, height as f32);
    for (i, &wall) in level.walls().iter().enumerate() {
        push_cell(&mut picture, (i % width) as f32, (i / width) as f32, wall);
    }
    picture
}

/// A level as the designer edits it: the board, every vehicle that lies
/// whole on the board (one that runs off is left out: the level's
/// problems name it), and the exit on the primary's row.
pub fn level_picture(level: &Level) -> Picture {
    let mut picture = board_picture(level);
    for (i, vehicle) in level.vehicles.iter().enumerate() {
        if on_board(level, vehicle) {
            push_vehicle(
                &mut picture,
                [vehicle.x as f32, vehicle.y as f32],
                vehicle.length,
                vehicle.orientation,
                vehicle_colour(level, i),
                level.letter(i),
            );
        }
    }
    if let Some(primary) = level.primary() {
        let row = level.vehicles[primary].y;
        if row < level.height() {
            push_exit(&mut picture, level.width(), row);
        }
    }
    picture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::format::read_line;
    use crate::picture::Shape;

    /// A wall, the primary, a truck B down the right, a car C, a truck D.
    const LINE: &str = "xooooBooooCBoAAoCBooooooooDDDooooooo";

    fn level() -> Level {
        read_line(LINE).unwrap()
    }

    fn fills(picture: &Picture, colour: Rgba) -> usize {
        picture
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Polygon { fill: Some(f), .. } if *f == colour))
            .count()
    }

    fn letters(picture: &Picture) -> Vec<String> {
        picture
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn vehicles_carry_their_letters_and_the_primary_is_red() {
        let level = level();
        let picture = level_picture(&level);
        assert_eq!((picture.width, picture.height), (6.0, 6.0));
        assert_eq!(letters(&picture), ["A", "B", "C", "D"]);
        assert_eq!(fills(&picture, PRIMARY), 1);
        assert_eq!(fills(&picture, WALL), 1);
        assert_eq!(fills(&picture, FLOOR), 35);
        // The truck B and the truck D are darker than their base colours;
        // the car C is not.
        assert_ne!(vehicle_colour(&level, 1), VEHICLE_COLOURS[0]);
        assert_eq!(vehicle_colour(&level, 2), VEHICLE_COLOURS[1]);
        assert_eq!(vehicle_colour(&level, 0), PRIMARY);
    }

    #[test]
    fn the_exit_is_marked_on_the_right_edge_of_the_primarys_row() {
        let picture = level_picture(&level());
        let bar = picture.shapes.iter().find_map(|s| match s {
            Shape::Line { from, to, stroke } if stroke.colour == EXIT => Some((*from, *to)),
            _ => None,
        });
        let (from, to) = bar.expect("an exit bar");
        assert!(from[0] > 5.9 && from[0] <= 6.0, "{from:?}");
        assert!(from[1] > 2.0 && to[1] < 3.0, "{from:?} {to:?}");
        assert_eq!(fills(&picture, EXIT), 1, "the arrow");
        // Without a primary there is no exit.
        let mut none = level();
        none.vehicles.remove(0);
        assert_eq!(fills(&level_picture(&none), EXIT), 0);
    }

    #[test]
    fn a_vehicle_off_the_board_is_left_out() {
        let mut level = level();
        level.vehicles[3].x = 5;
        let picture = level_picture(&level);
        assert_eq!(letters(&picture), ["A", "B", "C"]);
        assert!(picture.shapes.iter().all(|s| match s {
            Shape::Polygon { points, .. } => points.iter().all(|p| p[0] <= 6.0),
            _ => true,
        }));
    }
}
