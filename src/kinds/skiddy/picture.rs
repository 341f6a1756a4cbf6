//! A Skiddy board as a [`Picture`]: one cell is one board unit. The editor
//! paints it with egui and the contact sheet renders it to PNG.
//!
//! Every tile has a form of its own as well as a colour, so that the board
//! reads in black and white and for a designer who cannot tell red from
//! green: blocks are solid squares with a brick seam, pits are dark rings,
//! goals are open frames tinted with their colour around their colour's
//! shape drawn hollow, crates are crossed boxes, ice is a hexagon with a
//! shine, and each Skiddy colour has its own shape (red a disc, blue a
//! square, green a triangle, yellow a diamond) with two eyes. A piece in a
//! pit is drawn smaller inside a dark ring, so that both the pit and the
//! piece read.

use super::rules::GONE;
use super::{Colour, Floor, Level, Piece, Rules};
use crate::picture::{rect_points, regular_polygon_points, Picture, Rgba, Shape, Stroke};

/// Free floor.
pub const FLOOR: Rgba = Rgba::rgb(226, 224, 216);
/// The line between floor cells.
pub const FLOOR_LINE: Rgba = Rgba::rgb(200, 197, 188);
/// A block.
pub const BLOCK: Rgba = Rgba::rgb(72, 74, 82);
/// A block's seam.
pub const BLOCK_EDGE: Rgba = Rgba::rgb(110, 113, 124);
/// The inside of a pit.
pub const PIT: Rgba = Rgba::rgb(40, 34, 30);
/// A pit's rim.
pub const PIT_RIM: Rgba = Rgba::rgb(120, 100, 80);
/// A crate.
pub const CRATE: Rgba = Rgba::rgb(170, 120, 60);
/// A crate's edges and cross.
pub const CRATE_EDGE: Rgba = Rgba::rgb(100, 65, 25);
/// An ice cube.
pub const ICE: Rgba = Rgba::rgb(190, 235, 250);
/// An ice cube's edge.
pub const ICE_EDGE: Rgba = Rgba::rgb(70, 150, 190);
/// The outline of a Skiddy and its pupils.
pub const OUTLINE: Rgba = Rgba::rgb(30, 30, 30);

/// The fill colour of a Skiddy colour (Okabe–Ito, safe for colour-blind
/// eyes).
pub fn colour_fill(colour: Colour) -> Rgba {
    match colour {
        Colour::Red => Rgba::rgb(213, 94, 0),
        Colour::Blue => Rgba::rgb(0, 114, 178),
        Colour::Green => Rgba::rgb(0, 158, 115),
        Colour::Yellow => Rgba::rgb(240, 200, 40),
    }
}

/// The colour's own shape centred on `c`, `r` from the centre to its
/// farthest edge: red a disc, blue a square, green a triangle, yellow a
/// diamond.
fn colour_shape(
    colour: Colour,
    c: [f32; 2],
    r: f32,
    fill: Option<Rgba>,
    stroke: Option<Stroke>,
) -> Shape {
    let at = |dx: f32, dy: f32| [c[0] + dx, c[1] + dy];
    let points = match colour {
        Colour::Red => {
            return Shape::Circle {
                centre: c,
                radius: r,
                fill,
                stroke,
            }
        }
        Colour::Blue => {
            let s = r * 0.86;
            rect_points(at(-s, -s), at(s, s))
        }
        Colour::Green => vec![at(0.0, -r), at(r * 0.95, r * 0.75), at(-r * 0.95, r * 0.75)],
        Colour::Yellow => vec![at(0.0, -r), at(r, 0.0), at(0.0, r), at(-r, 0.0)],
    };
    Shape::polygon(points, fill, stroke)
}

/// Adds the floor tile of cell `(x, y)`.
pub fn push_floor(picture: &mut Picture, x: f32, y: f32, floor: Floor) {
    let (min, max) = ([x, y], [x + 1.0, y + 1.0]);
    let centre = [x + 0.5, y + 0.5];
    match floor {
        Floor::Empty => {
            picture.rect_inside(min, max, 0.0, Some(FLOOR), Stroke::new(0.01, FLOOR_LINE));
        }
        Floor::Block => {
            picture.rect(min, max, Some(BLOCK), None);
            // A brick seam: blocks read as walls without their colour.
            let seam = Stroke::new(0.04, BLOCK_EDGE);
            let (a, b) = (0.04, 0.96);
            picture.rect_inside([x + a, y + a], [x + b, y + b], 0.08, None, seam);
            picture.line([x + a, y + 0.5], [x + b, y + 0.5], seam);
        }
        Floor::Pit => {
            picture.rect(min, max, Some(FLOOR), None);
            picture.circle(centre, 0.42, Some(PIT), Some(Stroke::new(0.06, PIT_RIM)));
        }
        Floor::Goal(colour) => {
            let fill = colour_fill(colour);
            picture.rect(min, max, Some(fill.faded(0.35)), None);
            let (a, b) = (0.04, 0.96);
            picture.rect_inside(
                [x + a, y + a],
                [x + b, y + b],
                0.1,
                None,
                Stroke::new(0.05, fill),
            );
            picture.push(colour_shape(
                colour,
                centre,
                0.25,
                None,
                Some(Stroke::new(0.07, fill.faded(0.9))),
            ));
        }
    }
}

/// Adds `piece` in the cell whose top-left corner is `(x, y)` (fractional
/// while it slides); `in_pit` draws it sunk into a pit: smaller, inside a
/// dark ring.
pub fn push_piece(picture: &mut Picture, x: f32, y: f32, piece: Piece, in_pit: bool) {
    let c = [x + 0.5, y + 0.5];
    let half = if in_pit { 0.31 } else { 0.4 };
    let edge = 0.05;
    if in_pit {
        picture.circle(c, 0.38, None, Some(Stroke::new(0.06, Rgba::BLACK)));
    }
    match piece {
        Piece::Skiddy(colour) => {
            picture.push(colour_shape(
                colour,
                c,
                half,
                Some(colour_fill(colour)),
                Some(Stroke::new(edge, OUTLINE)),
            ));
            // Two eyes: a Skiddy is a creature, not a tile.
            let eye = 0.07;
            let lower = if colour == Colour::Green { 0.08 } else { 0.0 };
            for dx in [-1.0, 1.0] {
                let p = [c[0] + dx * 0.1, c[1] + lower - 0.03];
                picture.circle(p, eye, Some(Rgba::WHITE), None);
                picture.circle(p, eye * 0.5, Some(OUTLINE), None);
            }
        }
        Piece::Crate => {
            let h = half - 0.02;
            let (min, max) = ([c[0] - h, c[1] - h], [c[0] + h, c[1] + h]);
            let stroke = Stroke::new(edge, CRATE_EDGE);
            picture.rect_inside(min, max, 0.05, Some(CRATE), stroke);
            picture.line(min, max, stroke);
            picture.line([max[0], min[1]], [min[0], max[1]], stroke);
        }
        Piece::Ice => {
            // A hexagon with a shine: ice is neither a crate nor a Skiddy.
            picture.polygon(
                regular_polygon_points(c, half, 6, 0.0),
                Some(ICE),
                Some(Stroke::new(edge, ICE_EDGE)),
            );
            picture.line(
                [c[0] - half * 0.4, c[1] - half * 0.1],
                [c[0] - half * 0.05, c[1] - half * 0.45],
                Stroke::new(edge * 1.5, Rgba::WHITE),
            );
        }
    }
}

/// A one-cell picture of `floor` with `piece` on it (a piece on a pit floor
/// sunk into it), e.g. for a palette button.
pub fn cell_picture(floor: Option<Floor>, piece: Option<Piece>) -> Picture {
    let mut picture = Picture::new(1.0, 1.0);
    if let Some(floor) = floor {
        push_floor(&mut picture, 0.0, 0.0, floor);
    }
    if let Some(piece) = piece {
        push_piece(&mut picture, 0.0, 0.0, piece, floor == Some(Floor::Pit));
    }
    picture
}

/// A level as the designer edits it: floors, then pieces (a piece on a pit
/// floor starts inside the pit).
pub fn level_picture(level: &Level) -> Picture {
    let mut picture = Picture::new(level.width() as f32, level.height() as f32);
    for y in 0..level.height() {
        for x in 0..level.width() {
            push_floor(&mut picture, x as f32, y as f32, level.cell(x, y).floor);
        }
    }
    for ((x, y), piece) in level.pieces() {
        let in_pit = level.cell(x, y).floor == Floor::Pit;
        push_piece(&mut picture, x as f32, y as f32, piece, in_pit);
    }
    picture
}

/// The fixed floor of compiled rules, without pieces.
pub fn floor_picture(rules: &Rules) -> Picture {
    let mut picture = Picture::new(rules.width() as f32, rules.height() as f32);
    for y in 0..rules.height() {
        for x in 0..rules.width() {
            push_floor(&mut picture, x as f32, y as f32, rules.floor(x, y));
        }
    }
    picture
}

/// One position of a compiled level: the floor of `rules` and every piece
/// still on the board at `positions` (cell indices, one per piece of
/// [`Rules::pieces`]; [`GONE`] for a piece that left).
pub fn position_picture(rules: &Rules, positions: &[u8]) -> Picture {
    let mut picture = floor_picture(rules);
    for (&cell, &piece) in positions.iter().zip(rules.pieces()) {
        if cell == GONE {
            continue;
        }
        let (x, y) = (cell as usize % rules.width(), cell as usize / rules.width());
        let in_pit = rules.floor(x, y) == Floor::Pit;
        push_piece(&mut picture, x as f32, y as f32, piece, in_pit);
    }
    picture
}

/// Pieces at fractional cells (one entry per piece of [`Rules::pieces`];
/// `None` for a piece that has left) over the floor of `rules`: a frame of
/// a sliding animation. A piece is in a pit only once it has settled on
/// one.
pub fn places_picture(rules: &Rules, places: &[Option<(f32, f32)>]) -> Picture {
    let mut picture = floor_picture(rules);
    for (place, &piece) in places.iter().zip(rules.pieces()) {
        let Some((x, y)) = *place else { continue };
        let (cx, cy) = (x.round(), y.round());
        let settled = (x - cx).abs() < 0.01 && (y - cy).abs() < 0.01;
        let on_board = cx >= 0.0
            && cy >= 0.0
            && (cx as usize) < rules.width()
            && (cy as usize) < rules.height();
        let in_pit = settled && on_board && rules.floor(cx as usize, cy as usize) == Floor::Pit;
        push_piece(&mut picture, x, y, piece, in_pit);
    }
    picture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;
    use crate::picture::png::render_pixmap;

    fn level() -> Level {
        parse_ascii("#####\n#R.c#\n#io.#\n#r###\n").unwrap()
    }

    fn pixel(pixmap: &tiny_skia::Pixmap, x: f32, y: f32, ppu: f32) -> Rgba {
        let c = pixmap
            .pixel((x * ppu) as u32, (y * ppu) as u32)
            .unwrap()
            .demultiply();
        Rgba([c.red(), c.green(), c.blue(), c.alpha()])
    }

    #[test]
    fn the_level_picture_is_the_board_size() {
        let p = level_picture(&level());
        assert_eq!((p.width, p.height), (5.0, 4.0));
        assert!(!p.shapes.is_empty());
    }

    #[test]
    fn tiles_are_drawn_in_their_cells() {
        let level = parse_ascii("#####\n#R..#\n#.o.#\n#c.i#\n#g###\n").unwrap();
        let ppu = 40.0;
        let pixmap = render_pixmap(&level_picture(&level), ppu, Rgba::WHITE);
        // A block's corner, inside its seam.
        assert_eq!(pixel(&pixmap, 0.02, 0.02, ppu), BLOCK);
        // The red Skiddy's body, left of its eyes.
        assert_eq!(pixel(&pixmap, 1.25, 1.6, ppu), colour_fill(Colour::Red));
        // Free floor.
        assert_eq!(pixel(&pixmap, 2.5, 1.5, ppu), FLOOR);
        // The pit's dark middle.
        assert_eq!(pixel(&pixmap, 2.5, 2.5, ppu), PIT);
        // The crate, between its cross's arms.
        assert_eq!(pixel(&pixmap, 1.5, 3.3, ppu), CRATE);
        // Ice, right of its shine.
        assert_eq!(pixel(&pixmap, 3.65, 3.5, ppu), ICE);
        // The green goal's frame is green; its middle is tinted over white.
        assert_eq!(pixel(&pixmap, 1.5, 4.065, ppu), colour_fill(Colour::Green));
        let middle = pixel(&pixmap, 1.5, 4.5, ppu);
        assert_ne!(middle, Rgba::WHITE);
        assert!(middle.0[1] > middle.0[0], "a green tint: {middle:?}");
    }

    #[test]
    fn a_piece_in_a_pit_leaves_the_pit_visible() {
        let level = parse_ascii("#####\n#R..#\n#...#\n#####\n").unwrap();
        let mut level = level;
        let mut cell = level.cell(1, 1);
        cell.floor = Floor::Pit;
        level.set_cell(1, 1, cell);
        let ppu = 50.0;
        let pixmap = render_pixmap(&level_picture(&level), ppu, Rgba::WHITE);
        // The pit's rim shows around the sunk Skiddy, which is still red.
        assert_eq!(pixel(&pixmap, 1.5, 1.5 + 0.43, ppu), PIT_RIM);
        assert_eq!(
            pixel(&pixmap, 1.5, 1.5 + 0.2, ppu),
            colour_fill(Colour::Red)
        );
    }

    #[test]
    fn positions_and_places_draw_the_pieces_where_they_are() {
        let level = level();
        let rules = Rules::compile(&level).unwrap();
        let start = rules.start_positions().to_vec();
        let at_start = position_picture(&rules, &start);
        assert_eq!(at_start.shapes.len(), level_picture(&level).shapes.len());
        let mut gone = start.clone();
        gone[0] = GONE;
        assert!(position_picture(&rules, &gone).shapes.len() < at_start.shapes.len());
        let places: Vec<_> = start
            .iter()
            .map(|&p| {
                let (x, y) = (p as usize % rules.width(), p as usize / rules.width());
                Some((x as f32, y as f32))
            })
            .collect();
        assert_eq!(places_picture(&rules, &places), at_start);
        // Half-way between cells, a piece is drawn between them.
        let mut sliding = places.clone();
        sliding[0] = Some((1.5, 1.0));
        assert_ne!(places_picture(&rules, &sliding), at_start);
    }

    #[test]
    fn a_cell_picture_shows_floor_and_piece() {
        let p = cell_picture(Some(Floor::Pit), Some(Piece::Ice));
        assert_eq!((p.width, p.height), (1.0, 1.0));
        let only_piece = cell_picture(None, Some(Piece::Ice));
        assert!(only_piece.shapes.len() < p.shapes.len());
    }
}
