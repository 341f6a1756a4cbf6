//! Resizing a level with an anchor, as Tiled does: the nine places where
//! the old board can sit on the new one, and a plan that says, before
//! anything changes, what the resize would remove, in words a designer can
//! check against the board ("the red Skiddy at (6, 2) falls off").

use crate::kinds::{prism, skiddy, tangram, Level};
use crate::words::counted;

/// Where the old board sits on the new one: which edge or corner keeps its
/// place while cells are added or taken away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    /// 0 left, 1 centre, 2 right.
    pub column: u8,
    /// 0 top, 1 middle, 2 bottom.
    pub row: u8,
}

impl Anchor {
    /// The top-left corner: cells are added or cut at the right and bottom.
    pub const TOP_LEFT: Anchor = Anchor { column: 0, row: 0 };

    /// The nine anchors in reading order.
    pub const ALL: [Anchor; 9] = [
        Anchor { column: 0, row: 0 },
        Anchor { column: 1, row: 0 },
        Anchor { column: 2, row: 0 },
        Anchor { column: 0, row: 1 },
        Anchor { column: 1, row: 1 },
        Anchor { column: 2, row: 1 },
        Anchor { column: 0, row: 2 },
        Anchor { column: 1, row: 2 },
        Anchor { column: 2, row: 2 },
    ];

    /// Its name: "top left", "centre", "bottom".
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 9] = [
            "top left",
            "top",
            "top right",
            "left",
            "centre",
            "right",
            "bottom left",
            "bottom",
            "bottom right",
        ];
        NAMES[usize::from(self.row.min(2)) * 3 + usize::from(self.column.min(2))]
    }

    /// Where old cell `(0, 0)` lands on the new board (y down): the shift
    /// of every old cell.
    pub fn offset(self, old: (usize, usize), new: (usize, usize)) -> (isize, isize) {
        (
            shift(self.column, old.0, new.0),
            shift(self.row, old.1, new.1),
        )
    }
}

/// The shift along one axis for anchor place `place` (0 start, 1 centre,
/// 2 end) when a side of `old` cells becomes `new`.
fn shift(place: u8, old: usize, new: usize) -> isize {
    let grow = new as isize - old as isize;
    match place {
        0 => 0,
        1 => grow.div_euclid(2),
        _ => grow,
    }
}

/// A resize worked out but not yet applied.
#[derive(Clone, Debug, PartialEq)]
pub struct ResizePlan {
    /// The level at its new size.
    pub level: Level,
    /// What the resize removes or spoils, in words, with the old board's
    /// coordinates; empty when nothing is lost.
    pub losses: Vec<String>,
}

/// The plan to resize `level` to `width x height` with the old board at
/// `anchor`, or why the kind refuses that size (a Prism start or exit would
/// be cut off). A Tangram board is square: its side is whichever of the two
/// changed.
pub fn plan(
    level: &Level,
    width: usize,
    height: usize,
    anchor: Anchor,
) -> Result<ResizePlan, String> {
    let old = level.size();
    match level {
        Level::Skiddy(l) => {
            let (dx, dy) = anchor.offset(old, (width, height));
            let (level, losses) = skiddy_resized(l, width, height, dx, dy);
            Ok(ResizePlan {
                level: Level::Skiddy(level),
                losses,
            })
        }
        Level::Prism(l) => {
            let (dx, dy) = anchor.offset(old, (width, height));
            let (level, losses) = prism_resized(l, width, height, dx, dy)?;
            Ok(ResizePlan {
                level: Level::Prism(level),
                losses,
            })
        }
        Level::Tangram(l) => {
            let side = if width != l.size { width } else { height };
            let (dx, dy_down) = anchor.offset(old, (side, side));
            // Tangram rows grow upward: a shift down is a shift to lower rows.
            let dy_up = (side as isize - l.size as isize) - dy_down;
            let (level, losses) = tangram_resized(l, side, dx, dy_up);
            Ok(ResizePlan {
                level: Level::Tangram(level),
                losses,
            })
        }
    }
}

/// A resize plan and the picture of its result, kept while the level, the
/// size and the anchor stay the same: the panel shows it every frame, and
/// working it out copies the whole board.
#[derive(Clone, Debug)]
pub struct Preview {
    level: Level,
    size: (usize, usize),
    anchor: Anchor,
    /// The plan, or why the kind refuses the size.
    pub plan: Result<ResizePlan, String>,
    /// The resized board as shapes, when there is a plan.
    pub picture: Option<crate::picture::Picture>,
}

impl Preview {
    /// The preview of resizing `level` to `width x height` at `anchor`:
    /// `kept` when it is of the same, else worked out anew (and kept).
    pub fn of<'a>(
        kept: &'a mut Option<Preview>,
        level: &Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> &'a Preview {
        let fresh = kept
            .as_ref()
            .is_some_and(|p| p.size == (width, height) && p.anchor == anchor && p.level == *level);
        if !fresh {
            let plan = plan(level, width, height, anchor);
            let picture = plan.as_ref().ok().map(|p| p.level.picture());
            *kept = Some(Preview {
                level: level.clone(),
                size: (width, height),
                anchor,
                plan,
                picture,
            });
        }
        kept.as_ref().expect("just made")
    }
}

/// Where old cell `(x, y)` lands on a `width x height` board shifted by
/// `(dx, dy)`, if it lands on it.
fn moved(
    x: usize,
    y: usize,
    dx: isize,
    dy: isize,
    width: usize,
    height: usize,
) -> Option<(usize, usize)> {
    let nx = x as isize + dx;
    let ny = y as isize + dy;
    (nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height)
        .then_some((nx as usize, ny as usize))
}

/// "3 blocks and 1 pit" for the plain cells lost, or `None`.
fn plain_losses(parts: &[(usize, &str, &str)], verb: &str) -> Option<String> {
    let named: Vec<String> = parts
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|&(n, one, many)| counted(n as u64, one, many))
        .collect();
    (!named.is_empty()).then(|| format!("{} {verb}", named.join(" and ")))
}

/// A Skiddy level resized: old cells move by `(dx, dy)`; the new outer
/// ring is wall (a goal that lands on it stays a goal); old border cells
/// that land inside become empty floor; new inner cells are empty floor.
pub fn skiddy_resized(
    level: &skiddy::Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> (skiddy::Level, Vec<String>) {
    use skiddy::{Cell, Floor};
    let mut out = skiddy::Level::new(width, height);
    out.name = level.name.clone();
    let mut losses = Vec::new();
    let (mut blocks, mut pits) = (0, 0);
    for y in 0..level.height() {
        for x in 0..level.width() {
            let old = level.cell(x, y);
            let was_border = level.is_border(x, y);
            let Some((nx, ny)) = moved(x, y, dx, dy, width, height) else {
                if let Some(piece) = old.piece {
                    losses.push(format!("the {} at ({x}, {y}) falls off", piece.describe()));
                }
                match old.floor {
                    Floor::Goal(c) => {
                        losses.push(format!("the {} goal at ({x}, {y}) falls off", c.name()))
                    }
                    Floor::Block if !was_border => blocks += 1,
                    Floor::Pit => pits += 1,
                    _ => {}
                }
                continue;
            };
            let on_border = out.is_border(nx, ny);
            let cell = if on_border {
                if let Some(piece) = old.piece {
                    losses.push(format!(
                        "the {} at ({x}, {y}) would stand on the border, so it is removed",
                        piece.describe()
                    ));
                }
                match old.floor {
                    Floor::Goal(c) => {
                        let corner = (nx == 0 || nx == width - 1) && (ny == 0 || ny == height - 1);
                        if corner {
                            losses.push(format!(
                                "the {} goal at ({x}, {y}) ends up in a corner, where no Skiddy can reach it",
                                c.name()
                            ));
                        }
                        Cell::floor(old.floor)
                    }
                    Floor::Pit => {
                        pits += 1;
                        Cell::floor(Floor::Block)
                    }
                    _ => Cell::floor(Floor::Block),
                }
            } else if was_border {
                if let Floor::Goal(c) = old.floor {
                    losses.push(format!(
                        "the {} goal at ({x}, {y}) ends up inside the board and becomes floor",
                        c.name()
                    ));
                }
                Cell::floor(Floor::Empty)
            } else {
                old
            };
            out.set_cell(nx, ny, cell);
        }
    }
    losses.extend(plain_losses(
        &[(blocks, "block", "blocks"), (pits, "pit", "pits")],
        "inside the board go",
    ));
    (out, losses)
}

/// A Prism level resized: cells, the start, the exit and the enemies move
/// by `(dx, dy)`; new cells are floor; enemies that fall off are dropped.
/// Refused when the start or the exit would fall off: the designer moves
/// them first.
pub fn prism_resized(
    level: &prism::Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> Result<(prism::Level, Vec<String>), String> {
    let mut places = [(0, 0); 2];
    for (i, (what, (x, y))) in [("start", level.start), ("exit", level.exit)]
        .into_iter()
        .enumerate()
    {
        places[i] = moved(x, y, dx, dy, width, height).ok_or_else(|| {
            format!(
                "a {width}x{height} board would cut off the {what} at ({x}, {y}): move it first"
            )
        })?;
    }
    let mut out = prism::Level::new(width, height);
    out.name = level.name.clone();
    out.start = places[0];
    out.exit = places[1];
    out.background = level.background;
    let mut losses = Vec::new();
    let mut blocks = 0;
    for y in 0..level.height() {
        for x in 0..level.width() {
            let cell = level.cell(x, y);
            match moved(x, y, dx, dy, width, height) {
                Some((nx, ny)) => out.set_cell(nx, ny, cell),
                None => match cell {
                    prism::Cell::Switch(_) => {
                        losses.push(format!("the {} at ({x}, {y}) falls off", cell.describe()))
                    }
                    prism::Cell::Block(_) => blocks += 1,
                    prism::Cell::Empty => {}
                },
            }
        }
    }
    for enemy in &level.enemies {
        match moved(enemy.x, enemy.y, dx, dy, width, height) {
            Some((x, y)) => out.enemies.push(prism::Enemy { x, y, ..*enemy }),
            None => losses.push(format!("the enemy at ({}, {}) falls off", enemy.x, enemy.y)),
        }
    }
    losses.extend(plain_losses(&[(blocks, "block", "blocks")], "fall off"));
    Ok((out, losses))
}

/// A Tangram level on a `side x side` board, its triangles moved by
/// `(dx, dy_up)` (rows grow upward): triangles that fall off leave their
/// shapes, and shapes left empty go.
pub fn tangram_resized(
    level: &tangram::Level,
    side: usize,
    dx: isize,
    dy_up: isize,
) -> (tangram::Level, Vec<String>) {
    let mut out = level.clone();
    out.size = side;
    let mut losses = Vec::new();
    let mut gone = 0;
    for (number, shape) in out.shapes.iter_mut().enumerate() {
        let before = shape.triangles.len();
        shape.triangles = shape
            .triangles
            .iter()
            .filter_map(|t| {
                let (x, y) = moved(t.x.into(), t.y.into(), dx, dy_up, side, side)?;
                Some(tangram::Triangle::new(x as u8, y as u8, t.z))
            })
            .collect();
        let lost = before - shape.triangles.len();
        if shape.triangles.is_empty() {
            gone += 1;
            losses.push(format!("shape {} falls off", number + 1));
        } else if lost > 0 {
            losses.push(format!(
                "shape {} loses {} of its {before}",
                number + 1,
                counted(lost as u64, "triangle", "triangles")
            ));
        }
    }
    out.shapes.retain(|s| !s.triangles.is_empty());
    if gone > 0 {
        losses.push(format!(
            "{} left, renumbered",
            counted(out.shapes.len() as u64, "shape is", "shapes are")
        ));
    }
    (out, losses)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    /// 8x7: a red Skiddy at (6, 2), a blue goal on the right border at
    /// (7, 3), a red goal on the top border at (5, 0).
    fn eight_by_seven() -> Level {
        Level::Skiddy(
            parse_level("#####r##\n#......#\n#..B..R#\n#......b\n#......#\n#......#\n########\n")
                .unwrap(),
        )
    }

    #[test]
    fn anchors_shift_the_old_board() {
        assert_eq!(Anchor::TOP_LEFT.offset((8, 7), (6, 7)), (0, 0));
        let right = Anchor { column: 2, row: 1 };
        assert_eq!(right.offset((8, 7), (6, 7)), (-2, 0));
        let centre = Anchor { column: 1, row: 1 };
        assert_eq!(centre.offset((8, 7), (10, 9)), (1, 1));
        assert_eq!(centre.offset((8, 7), (5, 6)), (-2, -1));
        assert_eq!(Anchor::ALL.map(Anchor::name).len(), 9);
        assert_eq!(Anchor { column: 2, row: 2 }.name(), "bottom right");
    }

    #[test]
    fn a_preview_is_kept_until_the_level_size_or_anchor_changes() {
        let mut kept = None;
        let level = eight_by_seven();
        let first = Preview::of(&mut kept, &level, 6, 7, Anchor::TOP_LEFT)
            .plan
            .clone();
        assert_eq!(first, plan(&level, 6, 7, Anchor::TOP_LEFT));
        let right = Anchor { column: 2, row: 0 };
        let moved = Preview::of(&mut kept, &level, 6, 7, right).plan.clone();
        assert_eq!(moved, plan(&level, 6, 7, right));
        assert_ne!(moved, first);
        assert!(Preview::of(&mut kept, &level, 6, 7, right)
            .picture
            .is_some());
    }

    #[test]
    fn the_issues_resize_says_what_it_removes() {
        // Width 8 -> 6 from the top left: the red Skiddy at (6, 2) and the
        // blue goal at (7, 3) fall off, and the red goal at (5, 0) ends in
        // the top right corner (the three losses the issue found unsaid).
        let plan = plan(&eight_by_seven(), 6, 7, Anchor::TOP_LEFT).unwrap();
        let text = plan.losses.join("; ");
        assert!(
            text.contains("the red Skiddy at (6, 2) falls off"),
            "{text}"
        );
        assert!(text.contains("the blue goal at (7, 3) falls off"), "{text}");
        assert!(
            text.contains("the red goal at (5, 0) ends up in a corner"),
            "{text}"
        );
        assert_eq!(plan.level.size(), (6, 7));
    }

    #[test]
    fn anchored_right_the_same_resize_keeps_the_right_side() {
        let plan = plan(&eight_by_seven(), 6, 7, Anchor { column: 2, row: 0 }).unwrap();
        let level = plan.level.as_skiddy().unwrap();
        // The blue goal and the red Skiddy keep their places relative to
        // the right edge; the blue Skiddy at (3, 2) lands on (1, 2).
        assert_eq!(
            level.cell(5, 3).floor,
            skiddy::Floor::Goal(skiddy::Colour::Blue)
        );
        assert_eq!(
            level.cell(4, 2).piece,
            Some(skiddy::Piece::Skiddy(skiddy::Colour::Red))
        );
        assert_eq!(
            level.cell(1, 2).piece,
            Some(skiddy::Piece::Skiddy(skiddy::Colour::Blue))
        );
        let text = plan.losses.join("; ");
        assert!(!text.contains("Skiddy"), "{text}");
        assert!(level.problems().is_empty(), "{:?}", level.problems());
    }

    #[test]
    fn growing_loses_nothing_but_a_goal_that_ends_inside() {
        let plan = plan(&eight_by_seven(), 10, 9, Anchor { column: 1, row: 1 }).unwrap();
        let text = plan.losses.join("; ");
        assert_eq!(plan.losses.len(), 2, "{text}");
        assert!(
            text.contains("the red goal at (5, 0) ends up inside"),
            "{text}"
        );
        assert!(
            text.contains("the blue goal at (7, 3) ends up inside"),
            "{text}"
        );
        let same = super::plan(&eight_by_seven(), 8, 7, Anchor { column: 1, row: 1 }).unwrap();
        assert!(same.losses.is_empty());
        assert_eq!(same.level, eight_by_seven());
    }

    #[test]
    fn prism_refuses_to_cut_off_the_start_and_counts_what_falls_off() {
        let level = Level::Prism(prism::read_2016("4 3\n0\ns r e f\ne G h e\ne e e e\n").unwrap());
        let err = plan(&level, 3, 3, Anchor { column: 2, row: 0 }).unwrap_err();
        assert!(err.contains("cut off the start at (0, 0)"), "{err}");
        let cut = plan(&level, 4, 1, Anchor::TOP_LEFT).unwrap();
        let text = cut.losses.join("; ");
        assert!(
            text.contains("the green switch at (1, 1) falls off"),
            "{text}"
        );
        assert!(text.contains("the enemy at (2, 1) falls off"), "{text}");
        let grown = plan(&level, 6, 5, Anchor { column: 2, row: 2 }).unwrap();
        let grown = grown.level.as_prism().unwrap();
        assert_eq!(grown.start, (2, 2));
        assert_eq!(grown.enemies[0].x, 4);
    }

    #[test]
    fn tangram_anchors_follow_the_picture_not_the_row_numbers() {
        // A 2x2 board: shape 1 is the top row, shape 2 the bottom row.
        let mut level = tangram::Level::new(2);
        level.shapes = vec![
            tangram::Shape::new(
                (0..2)
                    .flat_map(|x| (0..4).map(move |z| tangram::Triangle::new(x, 1, z)))
                    .collect(),
            ),
            tangram::Shape::new(
                (0..2)
                    .flat_map(|x| (0..4).map(move |z| tangram::Triangle::new(x, 0, z)))
                    .collect(),
            ),
        ];
        let level = Level::Tangram(level);
        // Cut to 1x1 keeping the top left: the top row's left square stays.
        let top = plan(&level, 1, 1, Anchor::TOP_LEFT).unwrap();
        let kept = top.level.as_tangram().unwrap();
        assert_eq!(kept.shapes.len(), 1);
        assert_eq!(kept.shapes[0].triangles.len(), 4);
        let text = top.losses.join("; ");
        assert!(
            text.contains("shape 1 loses 4 triangles of its 8"),
            "{text}"
        );
        assert!(text.contains("shape 2 falls off"), "{text}");
    }

    #[test]
    fn skiddy_cells_keep_their_place_and_the_border_is_rebuilt() {
        let l = parse_level("#r###\n#...#\n#.R.#\n#####\n").unwrap();
        let (bigger, losses) = skiddy_resized(&l, 7, 5, 0, 0);
        assert!(losses.is_empty(), "{losses:?}");
        assert_eq!(bigger.cell(2, 2), l.cell(2, 2));
        assert_eq!(bigger.cell(1, 0), l.cell(1, 0), "goal on the top stays");
        assert_eq!(
            bigger.cell(4, 1),
            skiddy::Cell::default(),
            "old right wall opens"
        );
        assert_eq!(bigger.cell(6, 1).floor, skiddy::Floor::Block);
        let (smaller, losses) = skiddy_resized(&l, 4, 3, 0, 0);
        assert!(smaller.is_border(3, 1));
        assert_eq!(smaller.cell(3, 1).floor, skiddy::Floor::Block);
        assert_eq!(
            smaller.cell(2, 2).floor,
            skiddy::Floor::Block,
            "Skiddy cut off"
        );
        assert_eq!(
            losses,
            ["the red Skiddy at (2, 2) would stand on the border, so it is removed"]
        );
    }

    #[test]
    fn tangram_cuts_say_which_shapes_lose_what() {
        let level = tangram::parse_text("2\n2\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\nshape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n").unwrap();
        let level = Level::Tangram(level);
        let small = plan(&level, 1, 1, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(small.level.as_tangram().unwrap().shapes.len(), 1);
        assert_eq!(
            small.losses,
            ["shape 2 falls off", "1 shape is left, renumbered"]
        );
        let big = plan(&level, 3, 3, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(
            big.level.as_tangram().unwrap().shapes,
            level.as_tangram().unwrap().shapes
        );
        assert!(big.losses.is_empty());
    }
}
