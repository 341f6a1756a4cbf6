//! The clock of a move-by-move replay, the same for every kind that has
//! moves: how many moves are done, how far the one under way has got, and
//! whether it plays on by itself. The kind says how long each move lasts.

use super::kind_gui::ReplayCursor;

/// Where a replay is: moves done, progress into the next, playing or not.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReplayClock {
    /// Moves completed.
    pub at: usize,
    /// Progress into move `at`, in ticks, while it is animating.
    pub tick: Option<f32>,
    /// Whether it plays on by itself.
    pub playing: bool,
}

impl ReplayClock {
    /// Jumps to the end of the next of `len` moves.
    pub fn step_forward(&mut self, len: usize) {
        self.tick = None;
        self.at = (self.at + 1).min(len);
    }

    /// Jumps back to the start of the current or previous move.
    pub fn step_back(&mut self) {
        if self.tick.take().is_none() {
            self.at = self.at.saturating_sub(1);
        }
    }

    /// Jumps to the end of move `at` of `len` (0: the start, `len`: the
    /// end), pausing: a click on a move or the scrubbing slider.
    pub fn jump_to(&mut self, at: usize, len: usize) {
        self.at = at.min(len);
        self.tick = None;
        self.playing = false;
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        self.at = 0;
        self.tick = None;
    }

    /// Starts or pauses playing; playing at the end of `len` moves starts
    /// over.
    pub fn toggle_play(&mut self, len: usize) {
        if self.playing {
            self.playing = false;
        } else {
            if self.at >= len {
                self.restart();
            }
            self.playing = true;
        }
    }

    /// Advances by `ticks` through `len` moves, move `i` lasting
    /// `lasts(i)` ticks (its pause after included); returns whether
    /// anything is still moving (the caller keeps repainting while it is).
    pub fn advance(&mut self, ticks: f32, len: usize, lasts: impl Fn(usize) -> f32) -> bool {
        if !self.playing || self.at >= len {
            self.playing = false;
            self.tick = None;
            return false;
        }
        let tick = self.tick.unwrap_or(0.0) + ticks;
        if tick >= lasts(self.at) {
            self.at += 1;
            self.tick = None;
            if self.at >= len {
                self.playing = false;
                return false;
            }
        } else {
            self.tick = Some(tick);
        }
        true
    }
}

/// A replay that keeps its place on a [`ReplayClock`]: the replay keys
/// and buttons drive every such replay the same way.
pub trait Clocked {
    /// Where the replay is.
    fn clock(&self) -> &ReplayClock;
    /// Where the replay is, to move.
    fn clock_mut(&mut self) -> &mut ReplayClock;
    /// How many moves it replays.
    fn move_count(&self) -> usize;
}

impl<T: Clocked> ReplayCursor for T {
    fn toggle_play(&mut self) {
        let len = self.move_count();
        self.clock_mut().toggle_play(len);
    }

    fn step_forward(&mut self) {
        let len = self.move_count();
        self.clock_mut().step_forward(len);
    }

    fn step_back(&mut self) {
        self.clock_mut().step_back();
    }

    fn restart(&mut self) {
        self.clock_mut().restart();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_plays_move_by_move_and_stops_at_the_end() {
        let mut clock = ReplayClock::default();
        clock.toggle_play(2);
        assert!(clock.advance(1.0, 2, |_| 2.0));
        assert_eq!((clock.at, clock.tick), (0, Some(1.0)));
        assert!(clock.advance(1.0, 2, |_| 2.0));
        assert_eq!((clock.at, clock.tick), (1, None));
        assert!(!clock.advance(2.0, 2, |_| 2.0));
        assert_eq!(clock.at, 2);
        assert!(!clock.playing);
        // Playing at the end starts over.
        clock.toggle_play(2);
        assert_eq!(clock.at, 0);
    }

    #[test]
    fn stepping_back_first_leaves_the_move_under_way() {
        let mut clock = ReplayClock {
            at: 1,
            tick: Some(0.5),
            playing: false,
        };
        clock.step_back();
        assert_eq!((clock.at, clock.tick), (1, None));
        clock.step_back();
        assert_eq!(clock.at, 0);
        clock.step_forward(1);
        clock.step_forward(1);
        assert_eq!(clock.at, 1);
    }

    #[test]
    fn jumping_to_a_move_pauses_there_and_stays_inside_the_replay() {
        let mut clock = ReplayClock::default();
        clock.toggle_play(5);
        assert!(clock.advance(0.5, 5, |_| 2.0));
        clock.jump_to(3, 5);
        assert_eq!(
            clock,
            ReplayClock {
                at: 3,
                tick: None,
                playing: false
            }
        );
        clock.jump_to(9, 5);
        assert_eq!(clock.at, 5);
        clock.jump_to(0, 5);
        assert_eq!(clock.at, 0);
        // Playing on from a jump goes on from there.
        clock.toggle_play(5);
        clock.jump_to(2, 5);
        clock.toggle_play(5);
        assert!(clock.advance(2.0, 5, |_| 2.0));
        assert_eq!(clock.at, 3);
    }
}
