//! A Prism board as a [`Picture`]: one cell is one board unit. The editor
//! paints it with egui and the contact sheet renders it to PNG.
//!
//! The board is drawn under one background (docs/rules.md, Prism): the
//! floor is a single rectangle tinted lightly with the background's colour,
//! with faint grid lines over it, and only the cells that are not floor are
//! drawn on top, so that a 1000x1000 board stays a few shapes a cell.
//!
//! Every tile has a form of its own as well as a colour, and every coloured
//! tile carries its colour's letter, so that the board reads in black and
//! white and for a designer who cannot tell red from green:
//! - a block closed on the background is a solid square with a dark edge;
//! - a block the background opens (its own colour) is a faint rounded frame
//!   set into the floor: it can be walked through;
//! - a switch is a diamond;
//! - the start is a dark ring (the player stands inside it at the start);
//! - the exit is three concentric squares;
//! - the player is a white disc with a black edge and a black centre;
//! - an enemy is a dark spiked wheel with a white arrowhead pointing the way
//!   it is going (right or left for `h`, down or up for `v`);
//! - a caught player is crossed out with a red X.

use super::level::{Axis, Cell, Colour, Level};
use super::rules::{Dir, PlayState};
use crate::picture::{Align, Picture, Rgba, Stroke};

/// Floor before it is tinted with the background.
pub const FLOOR: Rgba = Rgba::rgb(236, 234, 226);
/// How much of the background's colour tints the floor (0 to 1).
pub const FLOOR_TINT: f32 = 0.22;
/// The grid lines between cells: black, faint.
pub const GRID_LINE: Rgba = Rgba([0, 0, 0, 30]);
/// A closed block's edge, a switch's edge, the start's ring and the exit's
/// dark squares.
pub const EDGE: Rgba = Rgba::rgb(28, 28, 32);
/// The light square of the exit.
pub const EXIT_LIGHT: Rgba = Rgba::rgb(250, 250, 246);
/// The player's body.
pub const PLAYER: Rgba = Rgba::WHITE;
/// The player's edge and centre.
pub const PLAYER_EDGE: Rgba = Rgba::BLACK;
/// An enemy's body.
pub const ENEMY: Rgba = Rgba::rgb(72, 24, 84);
/// The arrowhead on an enemy.
pub const ENEMY_ARROW: Rgba = Rgba::WHITE;
/// The X over a caught player.
pub const CAUGHT: Rgba = Rgba::rgb(235, 20, 20);
/// The fill of a value that is not a colour (above 7), in an invalid level.
pub const NOT_A_COLOUR: Rgba = Rgba::rgb(128, 128, 128);

/// Letters and dark marks on light tiles.
const DARK_INK: Rgba = Rgba::rgb(20, 20, 22);
/// Letters on dark tiles.
const LIGHT_INK: Rgba = Rgba::WHITE;
/// The em size of a tile's letter, in cells.
const LETTER_SIZE: f32 = 0.62;

/// The fill of one of the eight colours: saturated enough to tell apart,
/// black and white kept off pure so that both read on the floor with a dark
/// edge. A value above 7 (an invalid level) is [`NOT_A_COLOUR`].
pub fn colour_fill(colour: Colour) -> Rgba {
    match colour.0 {
        0 => Rgba::rgb(34, 34, 38),
        1 => Rgba::rgb(214, 48, 49),
        2 => Rgba::rgb(46, 160, 67),
        3 => Rgba::rgb(245, 205, 40),
        4 => Rgba::rgb(38, 94, 214),
        5 => Rgba::rgb(196, 56, 188),
        6 => Rgba::rgb(38, 196, 214),
        7 => Rgba::rgb(250, 250, 248),
        _ => NOT_A_COLOUR,
    }
}

/// A darker shade of the colour, for the frame and letter of an open block:
/// it shows on a floor tinted with that very colour (white's is grey).
pub fn colour_edge(colour: Colour) -> Rgba {
    let [r, g, b, _] = colour_fill(colour).0;
    let dark = |c: u8| (c as f32 * 0.55).round() as u8;
    Rgba::rgb(dark(r), dark(g), dark(b))
}

/// The letter's colour on a solid fill of `colour`: dark on light colours,
/// white on dark ones.
pub fn ink_on(colour: Colour) -> Rgba {
    let [r, g, b, _] = colour_fill(colour).0;
    let luma = 0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32;
    if luma > 140.0 {
        DARK_INK
    } else {
        LIGHT_INK
    }
}

/// The floor under `background`: [`FLOOR`] mixed with a little of the
/// background's colour.
pub fn floor_colour(background: Colour) -> Rgba {
    let [fr, fg, fb, _] = FLOOR.0;
    let [br, bg, bb, _] = colour_fill(background).0;
    let mix = |f: u8, b: u8| (f as f32 * (1.0 - FLOOR_TINT) + b as f32 * FLOOR_TINT).round() as u8;
    Rgba::rgb(mix(fr, br), mix(fg, bg), mix(fb, bb))
}

/// The letter written on a tile of `colour`: its letter, upper case.
fn letter(colour: Colour) -> String {
    colour.letter().to_ascii_uppercase().to_string()
}

/// Adds the floor of a `width x height` board under `background`: one
/// rectangle and one faint line between every two rows and columns.
pub fn push_floor(picture: &mut Picture, width: usize, height: usize, background: Colour) {
    let (w, h) = (width as f32, height as f32);
    picture.rect([0.0, 0.0], [w, h], Some(floor_colour(background)), None);
    let line = Stroke::new(0.02, GRID_LINE);
    for x in 1..width {
        picture.line([x as f32, 0.0], [x as f32, h], line);
    }
    for y in 1..height {
        picture.line([0.0, y as f32], [w, y as f32], line);
    }
}

/// Adds the cell at `(x, y)` under `background` (nothing for floor): a
/// block is closed unless it has the background's colour.
pub fn push_cell(picture: &mut Picture, x: f32, y: f32, cell: Cell, background: Colour) {
    let centre = [x + 0.5, y + 0.5];
    match cell {
        Cell::Empty => {}
        Cell::Block(colour) if colour == background => {
            // Open: a faint frame set into the floor.
            let (a, b) = (0.12, 0.88);
            picture.rounded_rect(
                [x + a, y + a],
                [x + b, y + b],
                0.12,
                Some(colour_fill(colour).faded(0.3)),
                Some(Stroke::new(0.07, colour_edge(colour))),
            );
            picture.text(
                centre,
                LETTER_SIZE * 0.9,
                colour_edge(colour),
                letter(colour),
                Align::Centre,
            );
        }
        Cell::Block(colour) => {
            // Closed: a solid square, edge to edge.
            let (a, b) = (0.04, 0.96);
            picture.rect(
                [x + a, y + a],
                [x + b, y + b],
                Some(colour_fill(colour)),
                Some(Stroke::new(0.05, EDGE)),
            );
            picture.text(
                centre,
                LETTER_SIZE,
                ink_on(colour),
                letter(colour),
                Align::Centre,
            );
        }
        Cell::Switch(colour) => {
            let r = 0.46;
            let [cx, cy] = centre;
            picture.polygon(
                vec![[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]],
                Some(colour_fill(colour)),
                Some(Stroke::new(0.05, EDGE)),
            );
            picture.text(
                centre,
                LETTER_SIZE * 0.8,
                ink_on(colour),
                letter(colour),
                Align::Centre,
            );
        }
    }
}

/// Adds the start's mark, a dark ring, in the cell at `(x, y)`.
pub fn push_start(picture: &mut Picture, x: f32, y: f32) {
    picture.circle([x + 0.5, y + 0.5], 0.4, None, Some(Stroke::new(0.06, EDGE)));
}

/// Adds the exit, three concentric squares, in the cell at `(x, y)`.
pub fn push_exit(picture: &mut Picture, x: f32, y: f32) {
    for (inset, fill) in [(0.08, EDGE), (0.2, EXIT_LIGHT), (0.32, EDGE)] {
        picture.rect(
            [x + inset, y + inset],
            [x + 1.0 - inset, y + 1.0 - inset],
            Some(fill),
            None,
        );
    }
}

/// Adds the player in the cell whose top-left corner is `(x, y)`
/// (fractional while it moves).
pub fn push_player(picture: &mut Picture, x: f32, y: f32) {
    let centre = [x + 0.5, y + 0.5];
    picture.circle(
        centre,
        0.27,
        Some(PLAYER),
        Some(Stroke::new(0.08, PLAYER_EDGE)),
    );
    picture.circle(centre, 0.08, Some(PLAYER_EDGE), None);
}

/// Adds the red X of a caught player in the cell at `(x, y)`.
pub fn push_caught(picture: &mut Picture, x: f32, y: f32) {
    let (a, b) = (0.1, 0.9);
    let stroke = Stroke::new(0.14, CAUGHT);
    picture.line([x + a, y + a], [x + b, y + b], stroke);
    picture.line([x + b, y + a], [x + a, y + b], stroke);
}

/// Adds an enemy going `dir` in the cell whose top-left corner is `(x, y)`
/// (fractional while it moves): a spiked wheel with an arrowhead.
pub fn push_enemy(picture: &mut Picture, x: f32, y: f32, dir: Dir) {
    let centre = [x + 0.5, y + 0.5];
    const SPIKES: usize = 8;
    let body = (0..2 * SPIKES)
        .map(|k| {
            let a = std::f32::consts::PI * k as f32 / SPIKES as f32;
            let r = if k % 2 == 0 { 0.46 } else { 0.32 };
            [centre[0] + r * a.cos(), centre[1] + r * a.sin()]
        })
        .collect();
    picture.polygon(body, Some(ENEMY), Some(Stroke::new(0.03, EDGE)));
    // The arrowhead: its tip ahead of the centre, its base behind.
    let (dx, dy) = dir.delta();
    let (dx, dy) = (dx as f32, dy as f32);
    let along = |t: f32, side: f32| {
        [
            centre[0] + dx * t - dy * side,
            centre[1] + dy * t + dx * side,
        ]
    };
    picture.polygon(
        vec![along(0.26, 0.0), along(-0.1, 0.17), along(-0.1, -0.17)],
        Some(ENEMY_ARROW),
        None,
    );
}

/// The board of `level` under `background`, without player or enemies:
/// floor, cells, the start's ring and the exit.
pub fn board_picture(level: &Level, background: Colour) -> Picture {
    let (width, height) = (level.width(), level.height());
    let mut picture = Picture::new(width as f32, height as f32);
    push_floor(&mut picture, width, height, background);
    for (i, &cell) in level.cells().iter().enumerate() {
        if cell != Cell::Empty {
            let (x, y) = (i % width, i / width);
            push_cell(&mut picture, x as f32, y as f32, cell, background);
        }
    }
    if level.contains(level.start.0, level.start.1) {
        push_start(&mut picture, level.start.0 as f32, level.start.1 as f32);
    }
    if level.contains(level.exit.0, level.exit.1) {
        push_exit(&mut picture, level.exit.0 as f32, level.exit.1 as f32);
    }
    picture
}

/// A level as the designer edits it: the board under its starting
/// background, each enemy where it starts going forward, the player on the
/// start.
pub fn level_picture(level: &Level) -> Picture {
    let mut picture = board_picture(level, level.background);
    for enemy in &level.enemies {
        if level.contains(enemy.x, enemy.y) {
            let dir = enemy.axis.heading(true);
            push_enemy(&mut picture, enemy.x as f32, enemy.y as f32, dir);
        }
    }
    if level.contains(level.start.0, level.start.1) {
        push_player(&mut picture, level.start.0 as f32, level.start.1 as f32);
    }
    picture
}

/// A position of play on `level`: the board under the state's current
/// background, each living enemy where it is with an arrow the way it is
/// going, and the player where it is; `caught` crosses the player out (the
/// turn ended with [`super::TurnEnd::Caught`]). For compiled rules pass
/// [`super::Rules::level`].
pub fn position_picture(level: &Level, state: &PlayState, caught: bool) -> Picture {
    let mut picture = board_picture(level, state.background);
    for enemy in state.enemies.iter().filter(|e| e.alive) {
        if level.contains(enemy.x, enemy.y) {
            let dir = enemy.axis.heading(enemy.forward);
            push_enemy(&mut picture, enemy.x as f32, enemy.y as f32, dir);
        }
    }
    let (x, y) = state.player;
    push_player(&mut picture, x as f32, y as f32);
    if caught {
        push_caught(&mut picture, x as f32, y as f32);
    }
    picture
}

/// A one-cell picture of `cell` on the floor of a black background, a
/// block drawn closed: e.g. for a palette button.
pub fn cell_picture(cell: Cell) -> Picture {
    let mut picture = Picture::new(1.0, 1.0);
    picture.rect(
        [0.0, 0.0],
        [1.0, 1.0],
        Some(floor_colour(Colour::BLACK)),
        None,
    );
    push_cell(&mut picture, 0.0, 0.0, cell, Colour::BLACK);
    picture
}

/// A one-cell picture of the start with the player on it, for a palette
/// button.
pub fn start_picture() -> Picture {
    let mut picture = cell_picture(Cell::Empty);
    push_start(&mut picture, 0.0, 0.0);
    push_player(&mut picture, 0.0, 0.0);
    picture
}

/// A one-cell picture of the exit, for a palette button.
pub fn exit_picture() -> Picture {
    let mut picture = cell_picture(Cell::Empty);
    push_exit(&mut picture, 0.0, 0.0);
    picture
}

/// A one-cell picture of an enemy patrolling `axis`, going forward (right
/// for `h`, down for `v`), for a palette button.
pub fn enemy_picture(axis: Axis) -> Picture {
    let mut picture = cell_picture(Cell::Empty);
    push_enemy(&mut picture, 0.0, 0.0, axis.heading(true));
    picture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::level::Enemy;
    use crate::kinds::prism::rules::EnemyState;
    use crate::picture::png::render_pixmap;
    use crate::picture::Shape;

    const PPU: f32 = 40.0;

    fn pixel(pixmap: &tiny_skia::Pixmap, x: f32, y: f32) -> Rgba {
        let c = pixmap
            .pixel((x * PPU) as u32, (y * PPU) as u32)
            .unwrap()
            .demultiply();
        Rgba([c.red(), c.green(), c.blue(), c.alpha()])
    }

    fn render(picture: &Picture) -> tiny_skia::Pixmap {
        render_pixmap(picture, PPU, Rgba([255, 0, 255, 255]))
    }

    /// A 5x3 level: a red block at (1, 0), a blue block at (2, 0), a green
    /// switch at (3, 0), the start at (0, 1), the exit at (4, 2) and an `h`
    /// enemy at (2, 2).
    fn level() -> Level {
        let mut level = Level::new(5, 3);
        level.set_cell(1, 0, Cell::Block(Colour::RED));
        level.set_cell(2, 0, Cell::Block(Colour::BLUE));
        level.set_cell(3, 0, Cell::Switch(Colour::GREEN));
        level.start = (0, 1);
        level.exit = (4, 2);
        level.enemies = vec![Enemy {
            x: 2,
            y: 2,
            axis: Axis::Horizontal,
        }];
        assert!(level.is_valid(), "{:?}", level.problems());
        level
    }

    fn state(level: &Level) -> PlayState {
        PlayState {
            player: level.start,
            background: level.background,
            enemies: level
                .enemies
                .iter()
                .map(|e| EnemyState {
                    x: e.x,
                    y: e.y,
                    axis: e.axis,
                    forward: true,
                    alive: true,
                })
                .collect(),
        }
    }

    #[test]
    fn the_picture_is_the_board_size() {
        let p = level_picture(&level());
        assert_eq!((p.width, p.height), (5.0, 3.0));
        let pixmap = render(&p);
        assert_eq!((pixmap.width(), pixmap.height()), (200, 120));
        // The floor covers the whole board: no pixel of the render's magenta
        // background shows at the corners.
        assert_eq!(pixel(&pixmap, 0.01, 2.99), floor_colour(Colour::BLACK));
    }

    #[test]
    fn the_eight_colours_are_distinct_and_the_floor_is_tinted() {
        let fills: std::collections::HashSet<_> = Colour::all().map(colour_fill).into();
        assert_eq!(fills.len(), 8);
        let floors: std::collections::HashSet<_> = Colour::all().map(floor_colour).into();
        assert_eq!(floors.len(), 8);
        let green = floor_colour(Colour::GREEN).0;
        assert!(green[1] > green[0] && green[1] > green[2], "{green:?}");
        assert!(floor_colour(Colour::BLACK).0[0] < floor_colour(Colour::WHITE).0[0]);
        let level = level();
        let mut on_blue = state(&level);
        on_blue.background = Colour::BLUE;
        let pixmap = render(&position_picture(&level, &on_blue, false));
        assert_eq!(pixel(&pixmap, 1.5, 1.5), floor_colour(Colour::BLUE));
    }

    #[test]
    fn a_closed_block_is_solid_in_its_colour() {
        let pixmap = render(&level_picture(&level()));
        // Corners of the blocks, clear of their letters.
        for (x, colour) in [(1.0, Colour::RED), (2.0, Colour::BLUE)] {
            for (dx, dy) in [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)] {
                assert_eq!(pixel(&pixmap, x + dx, dy), colour_fill(colour));
            }
        }
        // The dark edge between the block and the floor.
        assert_eq!(pixel(&pixmap, 1.04, 0.5), EDGE);
    }

    #[test]
    fn an_open_block_is_not_solid() {
        let level = level();
        let mut on_red = state(&level);
        on_red.background = Colour::RED;
        let pixmap = render(&position_picture(&level, &on_red, false));
        let floor = floor_colour(Colour::RED);
        let inside = pixel(&pixmap, 1.25, 0.25);
        assert_ne!(inside, colour_fill(Colour::RED));
        assert_ne!(inside, floor);
        // A faint red over the floor: between the two, far nearer the
        // floor than the block.
        let fill = colour_fill(Colour::RED);
        for i in 0..3 {
            let (lo, hi) = (fill.0[i].min(floor.0[i]), fill.0[i].max(floor.0[i]));
            assert!((lo..=hi).contains(&inside.0[i]), "{inside:?}");
            assert!(inside.0[i].abs_diff(floor.0[i]) < inside.0[i].abs_diff(fill.0[i]));
        }
        // Floor shows between its frame and the cell's edge.
        assert_eq!(pixel(&pixmap, 1.03, 0.5), floor);
        // The blue block is still closed on red.
        assert_eq!(pixel(&pixmap, 2.2, 0.2), colour_fill(Colour::BLUE));
    }

    /// The largest difference between two colours over their channels.
    fn difference(p: Rgba, q: Rgba) -> u8 {
        (0..3).map(|i| p.0[i].abs_diff(q.0[i])).max().unwrap_or(0)
    }

    #[test]
    fn letters_stand_out_of_their_tiles() {
        for colour in Colour::all() {
            let solid = difference(ink_on(colour), colour_fill(colour));
            assert!(solid > 120, "{colour}: {solid}");
            let open = difference(colour_edge(colour), floor_colour(colour));
            assert!(open > 90, "open {colour}: {open}");
        }
    }

    #[test]
    fn every_block_and_switch_carries_its_letter() {
        let mut level = Level::new(8, 2);
        for c in 1..8u8 {
            level.set_cell(c as usize, 0, Cell::Block(Colour(c)));
        }
        for (x, c) in [(1, Colour::RED), (2, Colour::GREEN), (4, Colour::BLUE)] {
            level.set_cell(x, 1, Cell::Switch(c));
        }
        level.start = (0, 0);
        level.exit = (0, 1);
        for background in [Colour::BLACK, Colour::WHITE, Colour::YELLOW] {
            let with = board_picture(&level, background);
            let mut without = with.clone();
            without.shapes.retain(|s| !matches!(s, Shape::Text { .. }));
            assert_eq!(with.shapes.len() - without.shapes.len(), 10);
            let (with, without) = (render(&with), render(&without));
            let tiles = (1..8)
                .map(|x| (x as f32, 0.0, level.cell(x, 0)))
                .chain([1, 2, 4].map(|x| (x as f32, 1.0, level.cell(x, 1))));
            for (x, y, cell) in tiles {
                let (Cell::Block(colour) | Cell::Switch(colour)) = cell else {
                    unreachable!("only blocks and switches were placed")
                };
                let ink = match cell {
                    Cell::Block(c) if c == background => colour_edge(colour),
                    _ => ink_on(colour),
                };
                // The letter stands out of the tile's middle in its ink...
                let changed = |p: Rgba, q: Rgba| difference(p, q) > 60;
                let mut strong = 0;
                for i in 0..PPU as usize {
                    for j in 0..PPU as usize {
                        let (px, py) = (x + i as f32 / PPU, y + j as f32 / PPU);
                        let (p, q) = (pixel(&with, px, py), pixel(&without, px, py));
                        if changed(p, q) {
                            let (dx, dy) = (px - x - 0.5, py - y - 0.5);
                            assert!(
                                dx.abs() < 0.3 && dy.abs() < 0.3,
                                "{cell:?}: ink at {dx}, {dy}"
                            );
                            strong += (difference(p, ink) < 40) as usize;
                        }
                    }
                }
                assert!(
                    strong >= 12,
                    "{cell:?} on {background}: {strong} ink pixels"
                );
            }
        }
    }

    #[test]
    fn tiles_differ_in_form() {
        let mut pictures = vec![start_picture(), exit_picture()];
        pictures.extend([Axis::Horizontal, Axis::Vertical].map(enemy_picture));
        pictures.extend(
            Colour::all()[1..]
                .iter()
                .map(|&c| cell_picture(Cell::Block(c))),
        );
        pictures.extend(Colour::PRIMARIES.map(|c| cell_picture(Cell::Switch(c))));
        pictures.push(cell_picture(Cell::Empty));
        for (i, p) in pictures.iter().enumerate() {
            assert_eq!((p.width, p.height), (1.0, 1.0));
            assert!(pictures[..i].iter().all(|q| q != p), "picture {i} repeats");
        }
        // A switch is a diamond: its corner is floor, where a closed block
        // is solid.
        let switch = render(&cell_picture(Cell::Switch(Colour::RED)));
        let block = render(&cell_picture(Cell::Block(Colour::RED)));
        assert_eq!(pixel(&switch, 0.15, 0.15), floor_colour(Colour::BLACK));
        assert_eq!(pixel(&block, 0.15, 0.15), colour_fill(Colour::RED));
        // The start, the exit and the empty floor differ at the same spot.
        let spot = |p: &Picture| pixel(&render(p), 0.5, 0.1);
        assert_eq!(spot(&exit_picture()), EDGE);
        assert_eq!(spot(&start_picture()), EDGE);
        assert_eq!(
            spot(&cell_picture(Cell::Empty)),
            floor_colour(Colour::BLACK)
        );
        assert_ne!(pixel(&render(&exit_picture()), 0.5, 0.25), EDGE);
    }

    #[test]
    fn the_player_and_the_enemies_are_where_they_are() {
        let level = level();
        let start = render(&level_picture(&level));
        // The player on the start: white body, black centre, the start's
        // ring around it.
        assert_eq!(pixel(&start, 0.5 + 0.15, 1.5), PLAYER);
        assert_eq!(pixel(&start, 0.5, 1.5), PLAYER_EDGE);
        assert_eq!(pixel(&start, 0.5, 1.5 - 0.39), EDGE);
        // The enemy at (2, 2) going right: the arrow ahead, the body behind.
        assert_eq!(pixel(&start, 2.5 + 0.15, 2.5), ENEMY_ARROW);
        assert_eq!(pixel(&start, 2.5 - 0.2, 2.5), ENEMY);
        let mut moved = state(&level);
        moved.player = (1, 1);
        moved.enemies[0].x = 3;
        moved.enemies[0].forward = false;
        let pixmap = render(&position_picture(&level, &moved, false));
        assert_eq!(pixel(&pixmap, 1.5 + 0.15, 1.5), PLAYER);
        assert_eq!(pixel(&pixmap, 0.5 + 0.15, 1.5), floor_colour(Colour::BLACK));
        // Going left now: the arrow points left.
        assert_eq!(pixel(&pixmap, 3.5 - 0.15, 2.5), ENEMY_ARROW);
        assert_eq!(pixel(&pixmap, 3.5 + 0.2, 2.5), ENEMY);
        assert_eq!(pixel(&pixmap, 2.5, 2.5), floor_colour(Colour::BLACK));
        // A `v` enemy going down points down.
        let mut vertical = moved.clone();
        vertical.enemies[0].axis = Axis::Vertical;
        vertical.enemies[0].forward = true;
        let pixmap = render(&position_picture(&level, &vertical, false));
        assert_eq!(pixel(&pixmap, 3.5, 2.5 + 0.15), ENEMY_ARROW);
        assert_eq!(pixel(&pixmap, 3.5, 2.5 - 0.2), ENEMY);
        // A destroyed enemy is not drawn.
        let mut destroyed = moved.clone();
        destroyed.enemies[0].alive = false;
        let pixmap = render(&position_picture(&level, &destroyed, false));
        assert_eq!(pixel(&pixmap, 3.5 + 0.2, 2.5), floor_colour(Colour::BLACK));
        assert_eq!(pixel(&pixmap, 2.5 - 0.2, 2.5), floor_colour(Colour::BLACK));
    }

    #[test]
    fn a_caught_player_is_crossed_out() {
        let level = level();
        let mut met = state(&level);
        met.player = (2, 2);
        let on_diagonal = (2.0 + 0.25, 2.0 + 0.25);
        let alive = render(&position_picture(&level, &met, false));
        assert_ne!(pixel(&alive, on_diagonal.0, on_diagonal.1), CAUGHT);
        let caught = render(&position_picture(&level, &met, true));
        assert_eq!(pixel(&caught, on_diagonal.0, on_diagonal.1), CAUGHT);
        assert_eq!(pixel(&caught, 2.75, 2.25), CAUGHT);
        assert_eq!(pixel(&caught, 2.5, 2.5), CAUGHT);
    }

    #[test]
    fn an_invalid_level_still_has_a_picture() {
        let mut level = Level::new(3, 3);
        level.start = (7, 0);
        level.exit = (0, 9);
        level.set_cell(1, 1, Cell::Block(Colour(9)));
        level.set_cell(2, 1, Cell::Switch(Colour::YELLOW));
        level.enemies.push(Enemy {
            x: 5,
            y: 5,
            axis: Axis::Vertical,
        });
        let pixmap = render(&level_picture(&level));
        assert_eq!(pixel(&pixmap, 1.2, 1.2), NOT_A_COLOUR);
        let empty = level_picture(&Level::new(0, 4));
        assert_eq!((empty.width, empty.height), (0.0, 4.0));
        assert_eq!(pixel(&pixmap, 2.5, 1.2), colour_fill(Colour::YELLOW));
    }

    fn shape_count(picture: &Picture) -> usize {
        picture.shapes.len()
    }

    #[test]
    fn a_thousand_square_board_stays_a_few_shapes_a_cell() {
        let side = 1000;
        let cells = side * side;
        let empty = Level::new(side, side);
        // The floor is one rectangle and one line between rows and columns.
        assert!(shape_count(&level_picture(&empty)) < 2 * side + 10);
        let mut full = Level::new(side, side);
        for y in 0..side {
            for x in 0..side {
                let cell = match (x + y) % 4 {
                    0 => Cell::Switch(Colour::BLUE),
                    1 => Cell::Block(Colour::RED),
                    2 => Cell::Block(Colour::CYAN),
                    _ => Cell::Empty,
                };
                full.set_cell(x, y, cell);
            }
        }
        full.enemies = (0..side)
            .map(|y| Enemy {
                x: (3 + 3 * y) % side,
                y,
                axis: Axis::Vertical,
            })
            .collect();
        let picture = level_picture(&full);
        assert!(
            shape_count(&picture) < 3 * cells,
            "{} shapes for {cells} cells",
            shape_count(&picture)
        );
        let polygons_points: usize = picture
            .shapes
            .iter()
            .map(|s| match s {
                Shape::Polygon { points, .. } => points.len(),
                _ => 1,
            })
            .sum();
        assert!(polygons_points < 8 * cells, "{polygons_points} points");
    }

    #[test]
    fn position_and_level_pictures_agree_at_the_start() {
        let level = level();
        assert_eq!(
            position_picture(&level, &state(&level), false),
            level_picture(&level)
        );
        let rules = crate::kinds::prism::Rules::compile(&level).unwrap();
        assert_eq!(rules.start_state(), state(&level));
    }
}
