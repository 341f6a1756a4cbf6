//! Replaying Prism moves from the rules' own trace ([`Rules::turn`]): each
//! turn animates in two phases, the player sliding one cell (the background
//! switching the moment it lands on a switch), then the enemies stepping
//! (an enemy destroyed by the new background vanishing halfway). A catch
//! ends the replay with the player crossed out.

use crate::gui::kinds::replay_clock::{Clocked, ReplayClock};
use crate::kinds::prism::picture::{
    board_picture, position_picture, push_caught, push_enemy, push_player,
};
use crate::kinds::prism::{Dir, Level, PlayState, Rules, TurnEnd, TurnTrace};
use crate::picture::Picture;

/// Ticks the player's step takes; the enemies' step takes as many.
const PHASE_TICKS: f32 = 1.0;
/// Ticks of stillness shown between two moves while playing.
const PAUSE_TICKS: f32 = 1.0;

/// A move sequence being replayed on the board.
#[derive(Clone, Debug)]
pub struct Replay {
    /// What is replayed, e.g. "Shortest #1: R R D".
    pub title: String,
    /// The moves (cut at the first one that ends the game).
    pub moves: Vec<Dir>,
    /// What each move did, from the position before it.
    pub traces: Vec<TurnTrace>,
    /// Moves done, the one under way, playing or not.
    pub clock: ReplayClock,
    /// The position before the first move.
    start: PlayState,
}

impl Replay {
    /// Traces `moves` from `start`, stopping after a move that wins or gets
    /// the player caught (the game is over then).
    pub fn new(
        rules: &Rules,
        start: &PlayState,
        moves: &[Dir],
        title: impl Into<String>,
    ) -> Replay {
        let mut state = start.clone();
        let mut traces = Vec::with_capacity(moves.len());
        for &dir in moves {
            let trace = rules.turn(&state, dir);
            state = trace.after.clone();
            let over = matches!(trace.end, TurnEnd::Won | TurnEnd::Caught { .. });
            traces.push(trace);
            if over {
                break;
            }
        }
        Replay {
            title: title.into(),
            moves: moves[..traces.len()].to_vec(),
            traces,
            clock: ReplayClock::default(),
            start: start.clone(),
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

    /// The position after the moves completed so far, and how the last of
    /// them ended (`None` at the start).
    pub fn resting(&self) -> (&PlayState, Option<TurnEnd>) {
        match self.clock.at.checked_sub(1) {
            Some(i) => (&self.traces[i].after, Some(self.traces[i].end)),
            None => (&self.start, None),
        }
    }

    /// The board now: the resting position, or move `at` part way.
    pub fn picture(&self, level: &Level) -> Picture {
        match self.clock.tick.filter(|_| self.clock.at < self.len()) {
            Some(tick) => frame(level, &self.traces[self.clock.at], tick),
            None => {
                let (state, end) = self.resting();
                position_picture(level, state, matches!(end, Some(TurnEnd::Caught { .. })))
            }
        }
    }

    /// Advances the animation by `ticks`; returns whether anything is still
    /// moving (the caller keeps repainting while it is).
    pub fn advance(&mut self, ticks: f32) -> bool {
        self.clock
            .advance(ticks, self.moves.len(), |_| 2.0 * PHASE_TICKS + PAUSE_TICKS)
    }
}

/// `a` to `b` by the fraction `f`.
fn lerp(a: (usize, usize), b: (usize, usize), f: f32) -> (f32, f32) {
    (
        a.0 as f32 + (b.0 as f32 - a.0 as f32) * f,
        a.1 as f32 + (b.1 as f32 - a.1 as f32) * f,
    )
}

/// The board `tick` ticks into `trace`: the player slides in the first
/// phase, the enemies in the second; the background is the new one from
/// the player's landing on.
pub fn frame(level: &Level, trace: &TurnTrace, tick: f32) -> Picture {
    let player_f = (tick / PHASE_TICKS).clamp(0.0, 1.0);
    let enemy_f = ((tick - PHASE_TICKS) / PHASE_TICKS).clamp(0.0, 1.0);
    let (before, after) = (&trace.before, &trace.after);
    let background = if player_f >= 1.0 {
        after.background
    } else {
        before.background
    };
    let mut picture = board_picture(level, background);
    for (b, a) in before.enemies.iter().zip(&after.enemies) {
        if !b.alive {
            continue;
        }
        let (x, y, forward) = match (a.alive, enemy_f > 0.0) {
            (true, true) => {
                let (x, y) = lerp((b.x, b.y), (a.x, a.y), enemy_f);
                (x, y, a.forward)
            }
            // Destroyed: it stands until halfway through the enemies' step.
            (false, true) if enemy_f >= 0.5 => continue,
            _ => (b.x as f32, b.y as f32, b.forward),
        };
        push_enemy(&mut picture, x, y, b.axis.heading(forward));
    }
    let (px, py) = lerp(before.player, after.player, player_f);
    push_player(&mut picture, px, py);
    if let TurnEnd::Caught { x, y } = trace.end {
        let caught_now = match trace.enemy_steps.is_empty() {
            // The player walked into the enemy: caught on landing.
            true => player_f >= 1.0,
            // An enemy walked into the player: caught when it arrives.
            false => enemy_f >= 1.0,
        };
        if caught_now {
            push_caught(&mut picture, x as f32, y as f32);
        }
    }
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
        self.moves.len()
    }
}

impl crate::gui::kinds::move_views::MoveReplay for Replay {
    fn title(&self) -> &str {
        &self.title
    }

    fn move_names(&self) -> Vec<String> {
        self.moves.iter().map(|d| d.name().to_string()).collect()
    }

    fn advance(&mut self, dt: f32) -> bool {
        Replay::advance(self, dt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_gui::ReplayCursor;
    use crate::kinds::prism::read_2016;
    use crate::picture::Shape;

    /// A 4x2 board: start, a red switch, floor and the exit along the top
    /// row, floor below; red opens nothing here, so "R R R" wins.
    fn corridor() -> Rules {
        Rules::compile(&read_2016("4 2\n0\ns R e f\ne e e e\n").unwrap()).unwrap()
    }

    fn moves(names: &str) -> Vec<Dir> {
        names
            .split_whitespace()
            .map(|n| Dir::from_name(n).unwrap())
            .collect()
    }

    #[test]
    fn the_replay_ends_where_the_rules_end_and_stops_at_a_win() {
        let rules = corridor();
        let start = rules.start_state();
        let mut replay = Replay::new(&rules, &start, &moves("R R R R"), "Shortest");
        assert_eq!(replay.len(), 3, "the fourth move comes after the win");
        for _ in 0..3 {
            replay.step_forward();
        }
        let (state, end) = replay.resting();
        assert_eq!(end, Some(TurnEnd::Won));
        assert_eq!(state.player, (3, 0));
        assert_eq!(state.background.name(), "red");
        replay.step_back();
        assert_eq!(replay.resting().0.player, (2, 0));
        replay.restart();
        assert_eq!(replay.resting(), (&start, None));
    }

    #[test]
    fn playing_slides_the_player_and_switches_the_background_on_landing() {
        let rules = corridor();
        let level = rules.level().clone();
        let mut replay = Replay::new(&rules, &rules.start_state(), &moves("R R R"), "Shortest");
        replay.toggle_play();
        let floor_fills = |p: &Picture| match &p.shapes[0] {
            Shape::Polygon { fill, .. } => *fill,
            other => panic!("the floor comes first, not {other:?}"),
        };
        let black_floor = floor_fills(&position_picture(&level, &rules.start_state(), false));
        assert!(replay.advance(0.5));
        assert_eq!(
            floor_fills(&replay.picture(&level)),
            black_floor,
            "not landed yet"
        );
        assert!(replay.advance(0.6));
        assert_ne!(
            floor_fills(&replay.picture(&level)),
            black_floor,
            "landed on red"
        );
        let mut frames = 0;
        while replay.advance(0.25) {
            frames += 1;
            assert!(frames < 100, "the replay must end");
        }
        assert_eq!(replay.clock.at, 3);
        assert!(!replay.clock.playing);
    }

    #[test]
    fn a_catch_ends_the_replay_with_the_player_crossed_out() {
        // The h enemy at (2, 0) goes right to the wall while the player
        // steps right; on the second step it turns round onto the player.
        let rules = Rules::compile(&read_2016("4 2\n0\ns e h e\ne e e f\n").unwrap()).unwrap();
        let replay = Replay::new(
            &rules,
            &rules.start_state(),
            &moves("R R D"),
            "Into the enemy",
        );
        let last = replay.traces.last().unwrap();
        assert!(matches!(last.end, TurnEnd::Caught { .. }), "{:?}", last.end);
        assert_eq!(replay.len(), 2, "nothing is played after the catch");
        let mut done = replay.clone();
        done.clock.at = done.len();
        let caught_marks = |p: &Picture| {
            p.shapes
                .iter()
                .filter(|s| matches!(s, Shape::Line { stroke, .. } if stroke.colour == crate::kinds::prism::picture::CAUGHT))
                .count()
        };
        assert_eq!(
            caught_marks(&done.picture(rules.level())),
            2,
            "an X of two lines"
        );
        assert_eq!(caught_marks(&replay.picture(rules.level())), 0);
    }
}
