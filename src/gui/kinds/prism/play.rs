//! Prism's Play mode: the designer plays turns with the arrow keys
//! ([`Rules::turn`]), watches the background change and the enemies move,
//! sees a catch, takes moves back (a catch too) and reads at every position
//! whether it can still be won and how far the win is.

use super::replay::Replay;
use crate::engine::{Label, Route};
use crate::gui::kinds::kind_gui::ReplayCursor;
use crate::gui::kinds::move_history::MoveHistory;
use crate::kinds::prism::{Analysis, Dir, PlayState, Rules, TurnEnd};

/// How a game can stand after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    /// The player reached the exit.
    Won,
    /// An enemy caught the player on cell `(x, y)`.
    Caught {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The catching enemy's axis letter, `h` or `v`.
        axis: char,
    },
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    /// The current position.
    pub state: PlayState,
    /// Earlier positions and the moves played, for taking moves back.
    pub history: MoveHistory<PlayState, Dir>,
    /// Set when the last move won or got the player caught: no move is
    /// played until it is taken back.
    pub over: Option<Over>,
    /// The last move, animating.
    pub animation: Option<Replay>,
    /// What the last key did, e.g. "Up: not a move (a closed block)".
    pub message: String,
    /// The verdict on `state`, kept until the position changes (finding a
    /// state may be a scan over the graph).
    verdict_cache: Option<(PlayState, Option<PositionVerdict>)>,
}

/// What the analysis says about the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The state's label.
    pub label: Label,
    /// Moves to the nearest win, if it can be won.
    pub distance: Option<u32>,
    /// The sentence shown to the designer.
    pub sentence: String,
}

/// The hint shown before the first move.
const KEYS_HINT: &str = "Arrow keys (or W A S D) move; Backspace takes a move back; R restarts.";

impl Game {
    /// A new game from the start of `rules`.
    pub fn new(rules: &Rules) -> Game {
        Game {
            state: rules.start_state(),
            history: MoveHistory::new(),
            over: None,
            animation: None,
            message: KEYS_HINT.into(),
            verdict_cache: None,
        }
    }

    /// Plays `dir`; returns whether it was a move. Nothing is played once
    /// the game is over, nor when the player cannot step that way.
    pub fn play(&mut self, rules: &Rules, dir: Dir) -> bool {
        if let Some(over) = self.over {
            self.message = match over {
                Over::Won => "Won: Restart (R) or take the move back (Backspace)".into(),
                Over::Caught { .. } => {
                    "Caught: take the move back (Backspace) or Restart (R)".into()
                }
            };
            return false;
        }
        let trace = rules.turn(&self.state, dir);
        let name = dir_word(dir);
        match trace.end {
            TurnEnd::NoMove => {
                self.message = format!("{name}: not a move (the edge or a closed block)");
                return false;
            }
            TurnEnd::Moved => {
                self.message = match trace.toggled {
                    Some(c) => format!(
                        "{name}: the {c} switch turns the background {}",
                        trace.after.background
                    ),
                    None => name.to_string(),
                };
            }
            TurnEnd::Won => {
                self.over = Some(Over::Won);
                self.message = format!("{name}: won, the player is on the exit");
            }
            TurnEnd::Caught { x, y } => {
                let axis = trace
                    .after
                    .enemies
                    .iter()
                    .chain(&trace.before.enemies)
                    .find(|e| e.alive && (e.x, e.y) == (x, y))
                    .map_or('?', |e| e.axis.letter());
                self.over = Some(Over::Caught { x, y, axis });
                self.message = caught_sentence(x, y, axis);
            }
        }
        let mut animation = Replay::new(rules, &self.state, &[dir], name);
        animation.toggle_play();
        self.animation = Some(animation);
        self.history.record(&mut self.state, trace.after, dir);
        true
    }

    /// Takes the last move back (a catch or a win with it); returns whether
    /// there was one.
    pub fn undo(&mut self) -> bool {
        let taken = self.history.take_back(&mut self.state);
        if taken {
            self.over = None;
            self.animation = None;
            self.message = "Move taken back".into();
        }
        taken
    }

    /// Back to the start.
    pub fn restart(&mut self, rules: &Rules) {
        *self = Game::new(rules);
        self.message = "Restarted".into();
    }

    /// The moves played, as letters.
    pub fn move_letters(&self) -> String {
        self.history.letters(|d| d.name().to_string())
    }

    /// The moves played.
    pub fn moves(&self) -> &[Dir] {
        self.history.moves()
    }

    /// The cell where the player was caught, if the last move got it
    /// caught.
    pub fn caught_at(&self) -> Option<(usize, usize)> {
        match self.over {
            Some(Over::Caught { x, y, .. }) => Some((x, y)),
            _ => None,
        }
    }

    /// What the analysis says about the current position; `None` after a
    /// catch (a lost game is no state of the graph).
    pub fn verdict(&mut self, analysis: &Analysis) -> Option<PositionVerdict> {
        if self.caught_at().is_some() {
            return None;
        }
        if let Some((state, verdict)) = &self.verdict_cache {
            if *state == self.state {
                return verdict.clone();
            }
        }
        let verdict = find_verdict(analysis, &self.state);
        self.verdict_cache = Some((self.state.clone(), verdict.clone()));
        verdict
    }
}

/// The status sentence of a catch, e.g. "Caught by the h enemy at (3, 2)
/// — Backspace takes the move back".
pub fn caught_sentence(x: usize, y: usize, axis: char) -> String {
    format!("Caught by the {axis} enemy at ({x}, {y}) — Backspace takes the move back")
}

/// The direction as a word, e.g. "Up".
pub fn dir_word(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "Up",
        Dir::Right => "Right",
        Dir::Down => "Down",
        Dir::Left => "Left",
    }
}

fn find_verdict(analysis: &Analysis, state: &PlayState) -> Option<PositionVerdict> {
    let id = analysis.find(state)?;
    let label = analysis.graph.label(id);
    let distance = analysis.graph.distance(Route::Any, id);
    let moves = |d: u32| crate::words::counted(u64::from(d), "move", "moves");
    let sentence = match (label, distance) {
        (Label::Won, _) => "won: the player is on the exit".to_string(),
        (Label::DeadEnd, _) => "dead end: the exit can no longer be reached".to_string(),
        (_, Some(d)) => format!("can be won; {} to the nearest win", moves(d)),
        (_, None) => "can be won".to_string(),
    };
    Some(PositionVerdict {
        label,
        distance,
        sentence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::prism::{analyze, read_2016};

    /// The h enemy at (2, 0) runs to the wall and back along the top row;
    /// the exit is bottom-right.
    const LEVEL: &str = "4 2\n0\ns e h e\ne e e f\n";

    #[test]
    fn a_catch_stops_the_game_until_it_is_taken_back() {
        let level = read_2016(LEVEL).unwrap();
        let analysis = analyze(&level, &Job::default()).unwrap();
        let rules = &analysis.rules;
        let mut game = Game::new(rules);
        let start = game.verdict(&analysis).unwrap();
        assert_eq!(start.distance, Some(4));
        assert!(!game.play(rules, Dir::Up), "the edge");
        assert!(game.message.contains("not a move"));
        assert!(game.play(rules, Dir::Right));
        assert!(game.play(rules, Dir::Right), "into the returning enemy");
        assert_eq!(game.caught_at(), Some((2, 0)));
        assert!(
            game.message.contains("Caught by the h enemy at (2, 0)"),
            "{}",
            game.message
        );
        assert_eq!(game.verdict(&analysis), None);
        assert!(!game.play(rules, Dir::Down), "no move after a catch");
        assert!(game.undo());
        assert_eq!(game.caught_at(), None);
        assert_eq!(game.state.player, (1, 0));
        assert_eq!(game.move_letters(), "R");
        assert!(game.verdict(&analysis).is_some());
    }

    #[test]
    fn winning_is_labelled_and_restart_goes_back_to_the_start() {
        let level = read_2016(LEVEL).unwrap();
        let analysis = analyze(&level, &Job::default()).unwrap();
        let rules = &analysis.rules;
        let mut game = Game::new(rules);
        for dir in [Dir::Down, Dir::Right, Dir::Right, Dir::Right] {
            assert!(game.play(rules, dir), "{dir:?}: {}", game.message);
        }
        assert_eq!(game.over, Some(Over::Won));
        assert_eq!(game.verdict(&analysis).unwrap().label, Label::Won);
        game.restart(rules);
        assert!(game.moves().is_empty());
        assert_eq!(game.state, rules.start_state());
    }
}
