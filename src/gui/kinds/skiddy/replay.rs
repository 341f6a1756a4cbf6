//! Replaying a move sequence tick by tick from the engine's own trace
//! ([`Rules::trace`]), so the animation shows exactly what the rules do:
//! every piece's cell at every tick, and the tick at which each one leaves.

use crate::gui::kinds::replay_clock::{Clocked, ReplayClock};
use crate::kinds::skiddy::{Dir, MoveTrace, Rules};

/// Ticks of stillness shown between two moves while playing.
const PAUSE_TICKS: f32 = 2.0;

/// A move sequence being replayed on the board.
#[derive(Clone, Debug)]
pub struct Replay {
    /// What is replayed, e.g. "Perfect: L D".
    pub title: String,
    /// The moves.
    pub moves: Vec<Dir>,
    /// The trace of each move, from the position before it.
    pub traces: Vec<MoveTrace>,
    /// Moves done, the one under way, playing or not.
    pub clock: ReplayClock,
}

impl Replay {
    /// Traces `moves` from `start` (positions in the order of
    /// [`Rules::pieces`]).
    pub fn new(rules: &Rules, start: &[u8], moves: &[Dir], title: impl Into<String>) -> Replay {
        let mut positions = start.to_vec();
        let mut traces = Vec::with_capacity(moves.len());
        for &dir in moves {
            let trace = rules.trace(&positions, dir);
            rules.apply(&mut positions, dir);
            traces.push(trace);
        }
        Replay {
            title: title.into(),
            moves: moves.to_vec(),
            traces,
            clock: ReplayClock::default(),
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The frame shown when no move is animating: the start, or the end of
    /// the last completed move.
    fn resting_frame(&self) -> &[Option<(usize, usize)>] {
        if self.clock.at == 0 {
            &self.traces[0].frames[0]
        } else {
            self.traces[self.clock.at - 1].last()
        }
    }

    /// Where to draw each piece now, in fractional cells (`None`: it left).
    pub fn places(&self) -> Vec<Option<(f32, f32)>> {
        if self.traces.is_empty() {
            return Vec::new();
        }
        let as_f32 = |p: &Option<(usize, usize)>| p.map(|(x, y)| (x as f32, y as f32));
        let Some(tick) = self.clock.tick.filter(|_| self.clock.at < self.len()) else {
            return self.resting_frame().iter().map(as_f32).collect();
        };
        let frames = &self.traces[self.clock.at].frames;
        let last = (frames.len() - 1) as f32;
        let t = tick.clamp(0.0, last);
        let i = t.floor() as usize;
        let j = (i + 1).min(frames.len() - 1);
        let f = t - i as f32;
        frames[i]
            .iter()
            .zip(&frames[j])
            .map(|(a, b)| match (a, b) {
                (Some((ax, ay)), Some((bx, by))) => Some((
                    *ax as f32 + (*bx as f32 - *ax as f32) * f,
                    *ay as f32 + (*by as f32 - *ay as f32) * f,
                )),
                // A piece leaving: it stays in its last cell until it is gone.
                (Some((ax, ay)), None) if f < 0.5 => Some((*ax as f32, *ay as f32)),
                _ => None,
            })
            .collect()
    }

    /// The positions (cell indices) after the moves completed so far.
    pub fn positions(&self, rules: &Rules) -> Vec<u8> {
        self.resting_frame()
            .iter()
            .map(|p| match p {
                Some((x, y)) => rules.cell_index(*x, *y),
                None => crate::kinds::skiddy::rules::GONE,
            })
            .collect()
    }

    /// Advances the animation by `ticks`; returns whether anything is still
    /// moving (the caller keeps repainting while it is).
    pub fn advance(&mut self, ticks: f32) -> bool {
        let traces = &self.traces;
        self.clock.advance(ticks, self.moves.len(), |at| {
            traces[at].frames.len() as f32 - 1.0 + PAUSE_TICKS
        })
    }

    /// The ticks of the current move that have been shown, and how many it
    /// has (for the status line).
    pub fn tick_of(&self) -> Option<(u32, u32)> {
        let tick = self.clock.tick?;
        let frames = self.traces.get(self.clock.at)?.frames.len();
        let total = frames.saturating_sub(1) as u32;
        Some(((tick.floor() as u32).min(total), total))
    }
}

/// The directions of a move string such as `"L D R"`; `None` if a letter is
/// not a move.
pub fn parse_moves(text: &str) -> Option<Vec<Dir>> {
    text.split_whitespace()
        .flat_map(|w| w.chars())
        .map(Dir::from_letter)
        .collect()
}

impl Clocked for Replay {
    fn clock(&self) -> &ReplayClock {
        &self.clock
    }

    fn clock_mut(&mut self) -> &mut ReplayClock {
        &mut self.clock
    }

    fn move_count(&self) -> usize {
        self.moves.len()
    }
}

impl crate::gui::kinds::move_views::MoveReplay for Replay {
    fn title(&self) -> &str {
        &self.title
    }

    fn move_names(&self) -> Vec<String> {
        self.moves.iter().map(|d| d.letter().to_string()).collect()
    }

    fn within_move(&self) -> Option<String> {
        self.tick_of()
            .map(|(tick, total)| format!("tick {tick} of {total}"))
    }

    fn advance(&mut self, dt: f32) -> bool {
        Replay::advance(self, dt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_gui::ReplayCursor;
    use crate::kinds::skiddy::parse_level;

    fn rules() -> Rules {
        // Level 1-1 of docs/rules.md.
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/1-1.txt"))
            .unwrap();
        Rules::compile(&parse_level(&text).unwrap()).unwrap()
    }

    #[test]
    fn replay_reaches_the_engine_end_position() {
        let rules = rules();
        let start = rules.start_positions().to_vec();
        let moves = parse_moves("L D").unwrap();
        let mut replay = Replay::new(&rules, &start, &moves, "Perfect");
        assert_eq!(replay.places().len(), rules.pieces().len());
        replay.step_forward();
        replay.step_forward();
        let mut expected = start.clone();
        for &d in &moves {
            rules.apply(&mut expected, d);
        }
        assert_eq!(replay.positions(&rules), expected);
        assert!(rules.is_won(&replay.positions(&rules)));
        replay.step_back();
        assert_eq!(replay.clock.at, 1);
        replay.restart();
        assert_eq!(replay.positions(&rules), start);
    }

    #[test]
    fn playing_walks_through_every_tick_and_stops_at_the_end() {
        let rules = rules();
        let start = rules.start_positions().to_vec();
        let moves = parse_moves("LD").unwrap();
        let mut replay = Replay::new(&rules, &start, &moves, "Perfect");
        replay.toggle_play();
        let mut frames = 0;
        let mut seen_between = false;
        while replay.advance(0.5) {
            frames += 1;
            let places = replay.places();
            seen_between |= places
                .iter()
                .flatten()
                .any(|(x, y)| x.fract() != 0.0 || y.fract() != 0.0);
            assert!(frames < 1000, "the replay must end");
        }
        assert!(seen_between, "pieces glide between cells");
        assert_eq!(replay.clock.at, 2);
        assert!(!replay.clock.playing);
        // Playing again from the end starts over.
        replay.toggle_play();
        assert_eq!(replay.clock.at, 0);
    }

    #[test]
    fn move_strings_parse_with_or_without_spaces() {
        assert_eq!(parse_moves("U R"), Some(vec![Dir::Up, Dir::Right]));
        assert_eq!(parse_moves("UR"), Some(vec![Dir::Up, Dir::Right]));
        assert_eq!(parse_moves("U X"), None);
        assert_eq!(parse_moves(""), Some(vec![]));
    }
}
