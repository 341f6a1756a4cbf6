//! A press of the Paint tool held down on a Rush Hour board, from the
//! press to the release: with a vehicle entry selected, a press on a free
//! cell lays a vehicle that follows the drag (its direction from the
//! press's cell), and a press on a vehicle selects it and drags it
//! anywhere free; a wall or the eraser paints cell by cell. Every frame
//! of the drag answers with the level as the whole drag has made it so
//! far (one undo step when let go), or a refusal said once.

use super::tools::{self, vehicle_name, Tile};
use crate::gui::kinds::region::CellRect;
use crate::gui::kinds::tool::Refused;
use crate::kinds::rushhour::{Level, Vehicle};

/// What a frame of a gesture asks the editor to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Make `after` the level, as part of the open stroke named `name`.
    Edit {
        /// The undo step's name.
        name: String,
        /// The level after the edit.
        after: Level,
    },
    /// A message in the status line.
    Say(String),
    /// A warning in the status line: the edit was refused.
    Warn(String),
}

/// A vehicle held by the pointer: which, and where the press was on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Grab {
    vehicle: usize,
    /// The pressed cell less the vehicle's first cell.
    offset: (usize, usize),
}

/// The press under way.
#[derive(Clone, Debug)]
struct Gesture {
    /// The cell pressed.
    start: (usize, usize),
    /// The level when the press came.
    before: Level,
    /// The level as this gesture last made it.
    shown: Level,
    /// The vehicle dragged, when the press was on one.
    grab: Option<Grab>,
    /// The last refusal said, so that a drag says it once.
    warned: Option<String>,
}

/// The Paint tool's presses on a Rush Hour board, and the vehicle
/// selected.
#[derive(Clone, Debug, Default)]
pub struct Gestures {
    gesture: Option<Gesture>,
    /// The vehicle selected (pressed on, laid, moved or picked last): its
    /// index and where it was then.
    selected: Option<(usize, Vehicle)>,
}

/// Whether `a` and `b` cover the same cells.
fn same_place(a: &Vehicle, b: &Vehicle) -> bool {
    (a.x, a.y, a.length, a.orientation) == (b.x, b.y, b.length, b.orientation)
}

impl Gestures {
    /// The selected vehicle, if `level` still has it where it was selected
    /// (an undo or another edit that moved or removed it lets it go).
    pub fn selected_in(&self, level: &Level) -> Option<usize> {
        let (index, was) = self.selected?;
        let now = level.vehicles.get(index)?;
        same_place(now, &was).then_some(index)
    }

    /// The cells of the selected vehicle, if `level` still has it where
    /// it was selected and it lies on the board.
    pub fn selected_rect(&self, level: &Level) -> Option<CellRect> {
        let v = level.vehicles[self.selected_in(level)?];
        let (dx, dy) = v.orientation.step();
        let rect = CellRect {
            x: v.x,
            y: v.y,
            width: 1 + dx * (v.length - 1),
            height: 1 + dy * (v.length - 1),
        };
        rect.fits(level.width(), level.height()).then_some(rect)
    }

    /// Selects vehicle `index` of `level` (none: `None` or no such
    /// vehicle).
    pub fn select(&mut self, level: &Level, index: Option<usize>) {
        self.selected = index.and_then(|i| Some((i, *level.vehicles.get(i)?)));
    }

    /// The button was let go: the next press starts a new gesture.
    pub fn end(&mut self) {
        self.gesture = None;
    }

    /// The Paint tool with `tile` (or the eraser, `erase`) at `at` on
    /// `level`, the level on screen this frame.
    pub fn paint(
        &mut self,
        level: &Level,
        at: (usize, usize),
        tile: Tile,
        erase: bool,
    ) -> Vec<Step> {
        let continues = self.gesture.as_ref().is_some_and(|g| g.shown == *level);
        if !continues {
            self.gesture = Some(Gesture {
                start: at,
                before: level.clone(),
                shown: level.clone(),
                grab: None,
                warned: None,
            });
        }
        let tile = if erase { Tile::Empty } else { tile };
        let result = match tile {
            Tile::Empty => Ok(self.erase_cell(level, at)),
            Tile::Wall => self.wall_cell(level, at),
            _ if !continues => Ok(self.press(level, at, tile)),
            _ => self.drag(at, tile),
        };
        let gesture = self.gesture.as_mut().expect("a gesture is under way");
        match result {
            Ok(steps) => {
                for step in &steps {
                    if let Step::Edit { after, .. } = step {
                        gesture.shown = after.clone();
                    }
                }
                steps
            }
            Err((refused, back)) => {
                let mut steps = Vec::new();
                if let Some(back) = back {
                    if back != gesture.shown {
                        gesture.shown = back.clone();
                        steps.push(Step::Edit {
                            name: "Lay a vehicle".to_string(),
                            after: back,
                        });
                    }
                }
                if gesture.warned.as_ref() != Some(&refused.0) {
                    gesture.warned = Some(refused.0.clone());
                    steps.push(Step::Warn(refused.0));
                }
                steps
            }
        }
    }

    /// The eraser on one cell: the vehicle there is deleted (and no
    /// longer selected), or the wall cleared.
    fn erase_cell(&mut self, level: &Level, (x, y): (usize, usize)) -> Vec<Step> {
        let mut after = level.clone();
        let what = level
            .vehicle_at(x, y)
            .map_or("wall".to_string(), |i| vehicle_name(level, i));
        if level.vehicle_at(x, y).is_some() {
            self.selected = None;
        }
        if !tools::erase(&mut after, x, y) {
            return Vec::new();
        }
        vec![Step::Edit {
            name: format!("Erase {what} at ({x}, {y})"),
            after,
        }]
    }

    /// A wall on one cell.
    fn wall_cell(
        &mut self,
        level: &Level,
        (x, y): (usize, usize),
    ) -> Result<Vec<Step>, (Refused, Option<Level>)> {
        let mut after = level.clone();
        match tools::paint_wall(&mut after, x, y) {
            Ok(true) => Ok(vec![Step::Edit {
                name: format!("Paint wall at ({x}, {y})"),
                after,
            }]),
            Ok(false) => Ok(Vec::new()),
            Err(refused) => Err((refused, None)),
        }
    }

    /// The press of a vehicle entry: on a vehicle, selects it (to drag);
    /// on a free cell, lays a vehicle of `tile` there (a click lays it
    /// horizontally).
    fn press(&mut self, level: &Level, at: (usize, usize), tile: Tile) -> Vec<Step> {
        let gesture = self.gesture.as_mut().expect("a gesture is under way");
        if let Some(i) = level.vehicle_at(at.0, at.1) {
            let v = level.vehicles[i];
            gesture.grab = Some(Grab {
                vehicle: i,
                offset: (at.0 - v.x, at.1 - v.y),
            });
            self.selected = Some((i, v));
            return vec![Step::Say(format!(
                "Selected {} at ({}, {}), {}: drag it anywhere free, or delete it in the palette",
                vehicle_name(level, i),
                v.x,
                v.y,
                v.orientation.name()
            ))];
        }
        match self.drag(at, tile) {
            Ok(steps) => steps,
            Err((refused, _)) => {
                gesture_mut(&mut self.gesture).warned = Some(refused.0.clone());
                vec![Step::Warn(refused.0)]
            }
        }
    }

    /// The pointer at `at` while the button is held: the vehicle grabbed
    /// moves with it, or the vehicle laid follows the drag.
    fn drag(
        &mut self,
        at: (usize, usize),
        tile: Tile,
    ) -> Result<Vec<Step>, (Refused, Option<Level>)> {
        let gesture = gesture_mut(&mut self.gesture);
        let before = &gesture.before;
        if let Some(grab) = gesture.grab {
            let name = vehicle_name(before, grab.vehicle);
            let target =
                at.0.checked_sub(grab.offset.0)
                    .zip(at.1.checked_sub(grab.offset.1));
            let Some(target) = target else {
                return Err((
                    Refused(format!(
                        "cannot move {name} there: it would leave the board"
                    )),
                    None,
                ));
            };
            let v = before.vehicles[grab.vehicle];
            if target == (v.x, v.y) {
                self.selected = Some((grab.vehicle, v));
                return Ok(vec![Step::Edit {
                    name: format!("Move {name}"),
                    after: before.clone(),
                }]);
            }
            let after = tools::move_vehicle(before, grab.vehicle, target).map_err(|r| (r, None))?;
            self.selected = Some((grab.vehicle, after.vehicles[grab.vehicle]));
            return Ok(vec![Step::Edit {
                name: format!("Move {name} to ({}, {})", target.0, target.1),
                after,
            }]);
        }
        match tools::lay(before, tile, gesture.start, at) {
            Ok((after, i)) => {
                self.selected = Some((i, after.vehicles[i]));
                Ok(vec![Step::Edit {
                    name: format!("Lay {}", vehicle_name(&after, i)),
                    after,
                }])
            }
            Err(refused) => Err((refused, Some(before.clone()))),
        }
    }
}

/// The gesture under way (there is one while a press is handled).
fn gesture_mut(gesture: &mut Option<Gesture>) -> &mut Gesture {
    gesture.as_mut().expect("a gesture is under way")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::Orientation;

    /// Plays `cells` as one press dragged through them, each frame's edit
    /// made the level on screen (as the editor does); the level after, and
    /// every warning.
    fn drag(
        g: &mut Gestures,
        level: &Level,
        cells: &[(usize, usize)],
        tile: Tile,
    ) -> (Level, Vec<String>) {
        let mut level = level.clone();
        let mut warnings = Vec::new();
        for &at in cells {
            for step in g.paint(&level, at, tile, false) {
                match step {
                    Step::Edit { after, .. } => level = after,
                    Step::Warn(w) => warnings.push(w),
                    Step::Say(_) => {}
                }
            }
        }
        g.end();
        (level, warnings)
    }

    #[test]
    fn a_drag_lays_the_vehicle_along_it_and_a_new_press_starts_afresh() {
        let mut g = Gestures::default();
        let level = Level::new(6, 6);
        // Sideways first, then down: the truck follows the drag and ends
        // vertical.
        let (l, warnings) = drag(
            &mut g,
            &level,
            &[(2, 1), (3, 1), (3, 2), (2, 3)],
            Tile::Truck,
        );
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(l.vehicles.len(), 1);
        assert_eq!(
            (l.vehicles[0].x, l.vehicles[0].y, l.vehicles[0].orientation),
            (2, 1, Orientation::Vertical)
        );
        assert_eq!(g.selected_in(&l), Some(0));
        // A click right beside it lays a car; the same level, a new press.
        let (l, _) = drag(&mut g, &l, &[(3, 4)], Tile::Car);
        assert_eq!(l.vehicles.len(), 2);
        assert_eq!(l.vehicles[1].orientation, Orientation::Horizontal);
    }

    #[test]
    fn a_refused_drag_says_why_once_and_leaves_the_level_as_it_was() {
        let mut g = Gestures::default();
        let (l, _) = drag(&mut g, &Level::new(6, 6), &[(0, 0)], Tile::Car);
        // From (0, 2) upward would cover the car at (0, 0): refused, said
        // once however long the pointer stays.
        let (after, warnings) = drag(&mut g, &l, &[(0, 2), (0, 1), (0, 0), (0, 0)], Tile::Truck);
        assert_eq!(after, l);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("overlap car B"), "{warnings:?}");
        // A click in the last column: a car reaching right leaves the board.
        let (after, warnings) = drag(&mut g, &l, &[(5, 3)], Tile::Car);
        assert_eq!(after, l);
        assert!(warnings[0].contains("leave the 6x6 board"), "{warnings:?}");
        // Laid, then dragged back over the car: the laid car goes away.
        let (after, warnings) = drag(&mut g, &l, &[(2, 0), (3, 0), (1, 0)], Tile::Car);
        assert_eq!(after, l);
        assert!(warnings[0].contains("overlap car B"), "{warnings:?}");
    }

    #[test]
    fn a_press_on_a_vehicle_selects_it_and_a_drag_moves_it_anywhere_free() {
        let mut g = Gestures::default();
        let (l, _) = drag(&mut g, &Level::new(6, 6), &[(0, 2)], Tile::Primary);
        let (l, _) = drag(&mut g, &l, &[(4, 0), (4, 1)], Tile::Truck);
        // Grab the primary by its right cell and drag it across, down two
        // rows: it keeps its shape and where it was held.
        let (moved, warnings) = drag(&mut g, &l, &[(1, 2), (2, 3), (2, 4)], Tile::Car);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(g.selected_in(&moved), Some(0));
        assert_eq!(
            g.selected_rect(&moved),
            Some(CellRect {
                x: 1,
                y: 4,
                width: 2,
                height: 1
            })
        );
        // The move undone: the vehicle is no longer where it was selected.
        assert_eq!(g.selected_in(&l), None);
        assert_eq!(g.selected_rect(&l), None);
        assert_eq!((moved.vehicles[0].x, moved.vehicles[0].y), (1, 4));
        assert!(moved.vehicles[0].primary);
        assert_eq!(moved.vehicles.len(), 2, "no vehicle laid");
        // Onto the truck: refused, it stays at its last free place.
        let (stuck, warnings) = drag(&mut g, &moved, &[(1, 4), (2, 4), (4, 2)], Tile::Car);
        assert_eq!((stuck.vehicles[0].x, stuck.vehicles[0].y), (2, 4));
        assert!(
            warnings.iter().any(|w| w.contains("overlap truck B")),
            "{warnings:?}"
        );
    }

    #[test]
    fn walls_and_the_eraser_go_cell_by_cell_and_a_deleted_vehicle_is_unselected() {
        let mut g = Gestures::default();
        let (l, _) = drag(&mut g, &Level::new(6, 6), &[(0, 0)], Tile::Car);
        let (l, warnings) = drag(&mut g, &l, &[(0, 1), (1, 1), (1, 0), (2, 0)], Tile::Wall);
        assert_eq!(l.walls().iter().filter(|&&w| w).count(), 3);
        assert!(
            warnings[0].contains("car B stands at (1, 0)"),
            "{warnings:?}"
        );
        assert_eq!(g.selected_in(&l), Some(0));
        let mut level = l;
        for step in g.paint(&level, (1, 0), Tile::Wall, true) {
            if let Step::Edit { after, .. } = step {
                level = after;
            }
        }
        assert!(level.vehicles.is_empty());
        assert_eq!(g.selected_in(&level), None);
    }
}
