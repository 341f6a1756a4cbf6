//! The replay of a Rush Hour move list (Fogleman's `A+1 C-2`, as the
//! solution lists show it) on the board: the positions after each move,
//! kept on a [`ReplayClock`] so that the replay keys and buttons drive it
//! as every other kind's.

use crate::gui::kinds::replay_clock::{Clocked, ReplayClock};
use crate::kinds::rushhour::{apply, Level, Move};

/// How many ticks a move lasts on the board, its pause included.
const MOVE_TICKS: f32 = 1.0;

/// A move list being replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The replay's title ("Shortest: A+1 C-2").
    pub title: String,
    /// Where it is.
    pub clock: ReplayClock,
    /// The start and the position after each move played.
    positions: Vec<Level>,
    /// Each move in Fogleman's notation.
    names: Vec<String>,
    /// Why the list stopped early, if a move could not be played.
    pub broken: Option<String>,
}

impl Replay {
    /// The replay of `moves` from `start`, stopped at the first move that
    /// cannot be played (a win ends play), which [`Replay::broken`] names.
    pub fn new(start: &Level, moves: &[Move], title: impl Into<String>) -> Replay {
        let mut positions = vec![start.clone()];
        let mut names = Vec::new();
        let mut broken = None;
        for (i, &mv) in moves.iter().enumerate() {
            let at = positions.last().expect("the start is there");
            match apply(at, mv) {
                Ok(after) => {
                    names.push(mv.on(start).to_string());
                    positions.push(after);
                }
                Err(e) => {
                    broken = Some(format!("broken at move {}: {e}", i + 1));
                    break;
                }
            }
        }
        Replay {
            title: title.into(),
            clock: ReplayClock::default(),
            positions,
            names,
            broken,
        }
    }

    /// How many moves it replays.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether it replays no move.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The position on the board: after the moves done.
    pub fn shown(&self) -> &Level {
        &self.positions[self.clock.at.min(self.len())]
    }

    /// Jumps to the end (the state shown from the graph).
    pub fn jump_to_end(&mut self) {
        let len = self.len();
        self.clock.jump_to(len, len);
    }
}

impl Clocked for Replay {
    fn clock(&self) -> &ReplayClock {
        &self.clock
    }

    fn clock_mut(&mut self) -> &mut ReplayClock {
        &mut self.clock
    }

    fn move_count(&self) -> usize {
        self.len()
    }
}

impl crate::gui::kinds::move_views::MoveReplay for Replay {
    fn title(&self) -> &str {
        &self.title
    }

    fn move_names(&self) -> Vec<String> {
        self.names.clone()
    }

    fn advance(&mut self, dt: f32) -> bool {
        let len = self.len();
        self.clock.advance(dt, len, |_| MOVE_TICKS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_gui::ReplayCursor;
    use crate::gui::kinds::move_views::MoveReplay;
    use crate::kinds::rushhour::{is_won, Orientation, Vehicle};

    fn level() -> Level {
        let mut level = Level::new(6, 6);
        level.vehicles = vec![
            Vehicle {
                x: 0,
                y: 2,
                length: 2,
                orientation: Orientation::Horizontal,
                primary: true,
            },
            Vehicle {
                x: 3,
                y: 2,
                length: 2,
                orientation: Orientation::Vertical,
                primary: false,
            },
        ];
        level
    }

    #[test]
    fn the_replay_plays_move_by_move_and_stops_at_a_move_it_cannot_play() {
        let moves = [
            Move {
                vehicle: 1,
                distance: 2,
            },
            Move {
                vehicle: 0,
                distance: 4,
            },
            Move {
                vehicle: 1,
                distance: -1,
            },
        ];
        let mut replay = Replay::new(&level(), &moves, "Shortest");
        assert_eq!(replay.move_names(), ["B+2", "A+4"]);
        assert!(
            replay
                .broken
                .as_deref()
                .unwrap()
                .contains("broken at move 3"),
            "a win ends play: {:?}",
            replay.broken
        );
        assert_eq!(replay.shown(), &level());
        replay.toggle_play();
        let mut frames = 0;
        while replay.advance(0.25) {
            frames += 1;
            assert!(frames < 100, "the replay must end");
        }
        assert!(is_won(replay.shown()));
        replay.step_back();
        assert_eq!(replay.shown().vehicles[1].y, 4);
        replay.restart();
        assert_eq!(replay.shown(), &level());
        replay.jump_to_end();
        assert_eq!(replay.clock.at, 2);
        assert!(Replay::new(&level(), &[], "none").broken.is_none());
    }
}
