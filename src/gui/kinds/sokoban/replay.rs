//! Replaying Sokoban moves (LURD) on the board: each move slides the
//! player one cell, and the box it pushes with it, then pauses. A move
//! that changes nothing, or comes after the win, ends the replay.

use crate::gui::kinds::replay_clock::{Clocked, ReplayClock};
use crate::kinds::sokoban::picture::{board_picture, position_picture, push_box, push_player};
use crate::kinds::sokoban::{Dir, MoveKind, Position, Rules};
use crate::picture::Picture;

/// Ticks one move's slide takes.
const MOVE_TICKS: f32 = 1.0;
/// Ticks of stillness between two moves while playing.
const PAUSE_TICKS: f32 = 0.5;

/// The directions of a LURD string, any case, white space ignored;
/// `None` if a letter is not a move.
pub fn parse_lurd(text: &str) -> Option<Vec<Dir>> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(Dir::from_lurd)
        .collect()
}

/// A move sequence being replayed on the board.
#[derive(Clone, Debug)]
pub struct Replay {
    /// What is replayed, e.g. "Shortest: rU".
    pub title: String,
    /// The moves (cut at the first one that does nothing or follows the
    /// win), each with what it did.
    pub moves: Vec<(Dir, MoveKind)>,
    /// The positions: the start, then the one after each move.
    pub positions: Vec<Position>,
    /// Moves done, the one under way, playing or not.
    pub clock: ReplayClock,
}

impl Replay {
    /// Plays `moves` from the start of `rules`, stopping at a move that
    /// changes nothing or after the one that wins.
    pub fn new(rules: &Rules, moves: &[Dir], title: impl Into<String>) -> Replay {
        let mut positions = vec![rules.start().clone()];
        let mut done = Vec::new();
        for &dir in moves {
            let now = positions.last().expect("the start is there");
            if rules.is_won(now) {
                break;
            }
            let Some((next, kind)) = rules.step(now, dir) else {
                break;
            };
            positions.push(next);
            done.push((dir, kind));
        }
        Replay {
            title: title.into(),
            moves: done,
            positions,
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

    /// The position after the moves completed so far.
    pub fn resting(&self) -> &Position {
        &self.positions[self.clock.at.min(self.len())]
    }

    /// The pushes among the moves completed so far.
    pub fn pushes_done(&self) -> usize {
        self.moves[..self.clock.at.min(self.len())]
            .iter()
            .filter(|(_, k)| *k == MoveKind::Push)
            .count()
    }

    /// The board now: the resting position, or move `at` part way.
    pub fn picture(&self, rules: &Rules) -> Picture {
        match self.clock.tick.filter(|_| self.clock.at < self.len()) {
            Some(tick) => frame(
                rules,
                &self.positions[self.clock.at],
                self.moves[self.clock.at],
                (tick / MOVE_TICKS).clamp(0.0, 1.0),
            ),
            None => position_picture(rules, self.resting()),
        }
    }

    /// Advances the animation by `ticks`; whether anything is still moving.
    pub fn advance(&mut self, ticks: f32) -> bool {
        self.clock
            .advance(ticks, self.len(), |_| MOVE_TICKS + PAUSE_TICKS)
    }
}

/// The board a fraction `f` into the move `(dir, kind)` from `before`: the
/// player slides, and the box it pushes slides ahead of it.
pub fn frame(rules: &Rules, before: &Position, (dir, kind): (Dir, MoveKind), f: f32) -> Picture {
    let level = rules.level();
    let mut picture = board_picture(level);
    for &(x, y) in &level.boxes {
        if rules.cell_at(x, y).is_none() {
            push_box(&mut picture, x as f32, y as f32, true);
        }
    }
    let (dx, dy) = dir.delta();
    let (dx, dy) = (dx as f32 * f, dy as f32 * f);
    let ahead = rules.next(before.player, dir.index());
    for &b in &before.boxes {
        let (x, y) = rules.xy(b);
        if kind == MoveKind::Push && b == ahead {
            let beyond = rules.next(b, dir.index());
            let placed = f >= 1.0 && rules.is_goal(beyond);
            push_box(&mut picture, x as f32 + dx, y as f32 + dy, placed);
        } else {
            push_box(&mut picture, x as f32, y as f32, rules.is_goal(b));
        }
    }
    let (px, py) = rules.xy(before.player);
    push_player(&mut picture, px as f32 + dx, py as f32 + dy);
    picture
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
        self.moves
            .iter()
            .map(|(d, k)| d.lurd(*k == MoveKind::Push).to_string())
            .collect()
    }

    fn advance(&mut self, dt: f32) -> bool {
        Replay::advance(self, dt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_gui::ReplayCursor;
    use crate::kinds::sokoban::read_xsb_one;

    fn rules() -> Rules {
        Rules::compile(&read_xsb_one("#####\n# . #\n# $ #\n#@  #\n#####\n").unwrap()).unwrap()
    }

    #[test]
    fn the_replay_follows_the_rules_and_stops_at_the_win() {
        let rules = rules();
        let mut replay = Replay::new(&rules, &parse_lurd("r U d").unwrap(), "Shortest");
        assert_eq!(replay.len(), 2, "nothing is played after the win");
        replay.step_forward();
        replay.step_forward();
        assert!(rules.is_won(replay.resting()));
        assert_eq!(replay.pushes_done(), 1);
        replay.step_back();
        assert_eq!(replay.pushes_done(), 0);
        replay.restart();
        assert_eq!(replay.resting(), rules.start());
        // A move into a wall ends it.
        assert_eq!(Replay::new(&rules, &[Dir::Left, Dir::Right], "x").len(), 0);
        assert_eq!(parse_lurd("rUx"), None);
    }

    #[test]
    fn playing_slides_the_pushed_box_and_ends() {
        let rules = rules();
        let mut replay = Replay::new(&rules, &parse_lurd("rU").unwrap(), "Shortest");
        replay.toggle_play();
        let mut frames = 0;
        while replay.advance(0.25) {
            let _ = replay.picture(&rules);
            frames += 1;
            assert!(frames < 100, "the replay must end");
        }
        assert_eq!(replay.clock.at, 2);
        assert_eq!(
            replay.picture(&rules),
            position_picture(&rules, &replay.positions[2])
        );
    }
}
