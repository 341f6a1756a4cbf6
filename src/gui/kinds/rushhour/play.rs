//! A game of Rush Hour in Play mode: the position, the vehicle selected
//! (Tab or its letter), moves by key or by dragging a vehicle along its
//! line (snapping to cells, stopping at what blocks it: [`slide_range`]),
//! moves taken back ([`MoveHistory`]), and the win that ends play; and the
//! words of the live label, how far the position is from a win.

use crate::gui::kinds::move_history::MoveHistory;
use crate::kinds::rushhour::{apply, is_won, slide_range, Level, Move, Orientation};

/// A vehicle being dragged along its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drag {
    vehicle: usize,
    /// How far it may slide: back (zero or less) and forward.
    range: (i32, i32),
    /// Where it is dragged to now, in cells, within `range`.
    distance: i32,
}

/// A game of Play mode.
#[derive(Clone, Debug)]
pub struct Game {
    /// The level as it starts (it names the vehicles).
    start: Level,
    /// The vehicles where play has moved them.
    pub position: Level,
    history: MoveHistory<Level, Move>,
    /// The vehicle the keys move.
    pub selected: usize,
    /// What the last action did, or why it could not.
    pub message: String,
    drag: Option<Drag>,
}

impl Game {
    /// A game from `level`'s start, the primary car selected.
    pub fn new(level: &Level) -> Game {
        Game {
            start: level.clone(),
            position: level.clone(),
            history: MoveHistory::new(),
            selected: level.primary().unwrap_or(0),
            message: "Drag a vehicle along its line, or select one (Tab or its letter) and move it with the arrows".to_string(),
            drag: None,
        }
    }

    /// Whether the primary car has reached the exit: a win ends play.
    pub fn is_won(&self) -> bool {
        is_won(&self.position)
    }

    /// The letter of vehicle `index`.
    pub fn letter(&self, index: usize) -> char {
        self.start.letter(index)
    }

    /// The moves played so far in Fogleman's notation (`A+1 C-2`), if any.
    pub fn played(&self) -> Option<String> {
        let start = &self.start;
        let moves = self.history.letters(|m| m.on(start).to_string());
        (!moves.is_empty()).then(|| {
            format!(
                "{}: {moves}",
                crate::words::counted(self.history.moves().len() as u64, "move", "moves")
            )
        })
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// Selects vehicle `index`.
    pub fn select(&mut self, index: usize) {
        if index < self.position.vehicles.len() {
            self.selected = index;
            self.message = format!("Selected {}", self.named(index));
        }
    }

    /// Selects the vehicle lettered `ch` (either case); whether there is
    /// one.
    pub fn select_letter(&mut self, ch: char) -> bool {
        let ch = ch.to_ascii_uppercase();
        match (0..self.start.vehicles.len()).find(|&i| self.start.letter(i) == ch) {
            Some(i) => {
                self.select(i);
                true
            }
            None => false,
        }
    }

    /// Selects the next vehicle in letter order (Tab), or the one before
    /// (`back`, Shift+Tab), going round.
    pub fn select_next(&mut self, back: bool) {
        let count = self.start.vehicles.len();
        if count == 0 {
            return;
        }
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by_key(|&i| self.start.letter(i));
        let at = order.iter().position(|&i| i == self.selected).unwrap_or(0);
        let next = if back {
            (at + count - 1) % count
        } else {
            (at + 1) % count
        };
        self.select(order[next]);
    }

    /// "truck C": vehicle `index`'s noun and letter.
    fn named(&self, index: usize) -> String {
        super::tools::vehicle_name(&self.start, index)
    }

    /// Slides `vehicle` by `distance` cells; whether it moved (else the
    /// message says why not).
    pub fn slide(&mut self, vehicle: usize, distance: i32) -> bool {
        let mv = Move { vehicle, distance };
        match apply(&self.position, mv) {
            Ok(after) => {
                self.message = format!("Played {}", mv.on(&self.start));
                self.history.record(&mut self.position, after, mv);
                if self.is_won() {
                    self.message = "Won: the primary car drives out. A win ends play: take a move back or restart to play on".to_string();
                }
                true
            }
            Err(e) => {
                self.message = e.to_string();
                false
            }
        }
    }

    /// A move key on the selected vehicle: `dir` 0 up, 1 right, 2 down,
    /// 3 left (the order of [`crate::gui::kinds::play_keys::PlayKeys`]);
    /// one cell along its line.
    pub fn key(&mut self, dir: usize) {
        let Some(vehicle) = self.position.vehicles.get(self.selected).copied() else {
            return;
        };
        let (orientation, distance) = match dir {
            0 => (Orientation::Vertical, -1),
            1 => (Orientation::Horizontal, 1),
            2 => (Orientation::Vertical, 1),
            _ => (Orientation::Horizontal, -1),
        };
        if vehicle.orientation != orientation {
            self.message = format!(
                "{} lies {}: it slides {}",
                self.named(self.selected),
                vehicle.orientation.name(),
                match vehicle.orientation {
                    Orientation::Horizontal => "left and right",
                    Orientation::Vertical => "up and down",
                }
            );
            return;
        }
        self.slide(self.selected, distance);
    }

    /// Takes the last move back.
    pub fn take_back(&mut self) {
        self.drag = None;
        self.message = if self.history.take_back(&mut self.position) {
            "Took a move back".to_string()
        } else {
            "No move to take back".to_string()
        };
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        let selected = self.selected;
        *self = Game::new(&self.start);
        self.selected = selected;
        self.message = "Back to the start".to_string();
    }

    /// A press on cell `(x, y)`: the vehicle there is selected and picked
    /// up to drag; whether there was one.
    pub fn press(&mut self, (x, y): (usize, usize)) -> bool {
        let Some(vehicle) = self.position.vehicle_at(x, y) else {
            return false;
        };
        self.select(vehicle);
        self.drag = Some(Drag {
            vehicle,
            range: slide_range(&self.position, vehicle),
            distance: 0,
        });
        true
    }

    /// The vehicle picked up is dragged `dx`, `dy` cells (fractions too)
    /// from where it was pressed: it follows along its line to the nearest
    /// cell, never past what blocks it.
    pub fn drag_by(&mut self, dx: f32, dy: f32) {
        let Some(drag) = &mut self.drag else {
            return;
        };
        let along = match self.position.vehicles[drag.vehicle].orientation {
            Orientation::Horizontal => dx,
            Orientation::Vertical => dy,
        };
        let (back, forward) = drag.range;
        drag.distance = (along.round() as i32).clamp(back, forward);
    }

    /// The vehicle dragged is let go: where it was dragged is the move
    /// (none when it is back where it was).
    pub fn release(&mut self) {
        if let Some(drag) = self.drag.take() {
            if drag.distance != 0 {
                self.slide(drag.vehicle, drag.distance);
            }
        }
    }

    /// Whether a vehicle is being dragged.
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// The board to show: the position, with the vehicle being dragged
    /// where it is dragged to.
    pub fn shown(&self) -> Level {
        match self.drag {
            Some(d) if d.distance != 0 => apply(
                &self.position,
                Move {
                    vehicle: d.vehicle,
                    distance: d.distance,
                },
            )
            .unwrap_or_else(|_| self.position.clone()),
            _ => self.position.clone(),
        }
    }
}

/// The live label: how many moves `moves_to_win` (the analysis's answer
/// for the position) says the position is from a win, `None` when no win
/// can be reached from it; `analysed` false while there is no analysis.
pub fn distance_words(analysed: bool, moves_to_win: Option<usize>) -> String {
    match (analysed, moves_to_win) {
        (false, _) => "moves to a win: no analysis yet".to_string(),
        (true, Some(0)) => "won".to_string(),
        (true, Some(n)) => format!(
            "{} to a win",
            crate::words::counted(n as u64, "move", "moves")
        ),
        (true, None) => "no win from here".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::Vehicle;

    /// A 6x6 board: the primary at (1, 2), a vertical truck B at (3, 1)
    /// across its row, a car C at (4, 5).
    fn level() -> Level {
        let mut level = Level::new(6, 6);
        let vehicle = |x, y, length, orientation, primary| Vehicle {
            x,
            y,
            length,
            orientation,
            primary,
        };
        level.vehicles = vec![
            vehicle(1, 2, 2, Orientation::Horizontal, true),
            vehicle(3, 1, 3, Orientation::Vertical, false),
            vehicle(4, 5, 2, Orientation::Horizontal, false),
        ];
        level
    }

    #[test]
    fn keys_move_the_selected_vehicle_along_its_line_and_the_win_ends_play() {
        let mut game = Game::new(&level());
        assert_eq!(game.selected, 0, "the primary first");
        game.key(1);
        assert!(game.message.contains("blocked by"), "{}", game.message);
        game.key(0);
        assert!(
            game.message.contains("slides left and right"),
            "{}",
            game.message
        );
        assert!(game.select_letter('b'));
        game.key(2);
        assert!(game.message.contains("B+1"), "{}", game.message);
        game.key(2);
        game.key(2);
        assert!(
            game.message.contains("goes off the board"),
            "{}",
            game.message
        );
        assert_eq!(game.position.vehicles[1].y, 3);
        game.select_next(true);
        assert_eq!(game.letter(game.selected), 'A');
        assert!(game.slide(0, 3));
        assert!(game.is_won());
        assert!(!game.slide(0, -1), "a win ends play");
        assert!(game.message.contains("won"), "{}", game.message);
        assert_eq!(game.played().as_deref(), Some("3 moves: B+1 B+1 A+3"));
        game.take_back();
        assert!(!game.is_won());
        game.restart();
        assert_eq!(game.position, level());
        assert_eq!(game.played(), None);
        assert!(!game.select_letter('z'));
    }

    #[test]
    fn a_drag_snaps_to_cells_and_stops_at_what_blocks_it() {
        let mut game = Game::new(&level());
        assert!(!game.press((0, 0)), "no vehicle there");
        assert!(game.press((3, 2)), "truck B");
        assert_eq!(game.selected, 1);
        // Dragged 4.4 cells down: it stops after 2, where the board ends;
        // sideways movement is ignored.
        game.drag_by(3.0, 4.4);
        assert_eq!(game.shown().vehicles[1].y, 3);
        game.drag_by(0.0, 0.4);
        assert_eq!(game.shown().vehicles[1].y, 1, "back to its cell");
        game.drag_by(0.0, -0.6);
        assert_eq!(game.shown().vehicles[1].y, 0);
        game.release();
        assert_eq!(
            game.moves(),
            &[Move {
                vehicle: 1,
                distance: -1
            }]
        );
        // A drag let go where it started plays nothing.
        assert!(game.press((1, 2)));
        game.drag_by(-0.3, 0.0);
        game.release();
        assert_eq!(game.moves().len(), 1);
        assert!(!game.is_dragging());
    }

    #[test]
    fn the_label_counts_the_moves_to_a_win() {
        assert_eq!(distance_words(true, Some(7)), "7 moves to a win");
        assert_eq!(distance_words(true, Some(1)), "1 move to a win");
        assert_eq!(distance_words(true, Some(0)), "won");
        assert_eq!(distance_words(true, None), "no win from here");
        assert!(distance_words(false, None).contains("no analysis yet"));
    }
}
