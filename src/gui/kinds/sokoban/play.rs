//! Sokoban's Play mode: the game (the rules' [`PlayState`] with undo) and
//! what the analysis says of the position on the board — won, a dead end
//! the moment a push dooms the level, or how far the nearest win is.

use super::lost_boxes::ringed_boxes;
use crate::engine::Label;
use crate::kinds::sokoban::{Analysis, Dir, MoveKind, PlayState};

/// What the analysis says of a position of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionVerdict {
    /// The position's label.
    pub label: Label,
    /// The sentence Play shows.
    pub sentence: String,
}

/// A game of Play: the position, the moves made, the last word.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rules' game, with its history.
    pub state: PlayState,
    /// What the last key did, in words.
    pub message: String,
}

impl Game {
    /// A game from the start of the analysed level.
    pub fn new(analysis: &Analysis) -> Game {
        Game {
            state: PlayState::new(analysis.rules.clone()),
            message: "arrows or WASD move, Backspace takes back, R restarts".to_string(),
        }
    }

    /// Moves the player `dir`.
    pub fn play(&mut self, dir: Dir) {
        self.message = match self.state.play(dir) {
            Some(MoveKind::Step) => format!("stepped {}", dir.word()),
            Some(MoveKind::Push) => format!("pushed a box {}", dir.word()),
            None if self.state.is_won() => "the level is won: take back or restart".to_string(),
            None => format!("cannot move {}: a wall or a blocked box", dir.word()),
        };
    }

    /// Takes the last move back.
    pub fn undo(&mut self) {
        self.message = if self.state.undo() {
            "took the last move back".to_string()
        } else {
            "nothing to take back".to_string()
        };
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        self.state.restart();
        self.message = "back at the start".to_string();
    }

    /// "Moves: 5, pushes 2 (rrUll)", or `None` before the first move.
    pub fn played(&self) -> Option<String> {
        (self.state.moves() > 0).then(|| {
            format!(
                "Moves: {}, pushes {} ({})",
                self.state.moves(),
                self.state.pushes(),
                self.state.lurd()
            )
        })
    }

    /// The boxes to ring on the board and the note that says why, when the
    /// position is a deadlock (see [`ringed_boxes`]): the boxes on dead
    /// cells, else the box the last push moved. `None` while the level can
    /// still be won.
    pub fn deadlocked_boxes(&self, analysis: &Analysis) -> Option<(Vec<(usize, usize)>, String)> {
        let (label, _, _) = analysis.standing(self.state.position())?;
        if label != Label::DeadEnd {
            return None;
        }
        let rules = &analysis.rules;
        let position = self.state.position();
        // The last push, from the move string: its letter is a capital.
        let pushed = self
            .state
            .lurd()
            .chars()
            .last()
            .filter(char::is_ascii_uppercase)
            .and_then(Dir::from_lurd)
            .map(|dir| rules.next(position.player, dir.index()))
            .filter(|b| position.boxes.binary_search(b).is_ok());
        Some(ringed_boxes(rules, position, pushed))
    }

    /// What the analysis says of the position now; `None` when it is not
    /// one of the analysis's states (never, for a game of its level).
    pub fn verdict(&self, analysis: &Analysis) -> Option<PositionVerdict> {
        let (label, distance, in_moves) = analysis.standing(self.state.position())?;
        let moves = |d: u32| {
            if in_moves {
                crate::words::counted(u64::from(d), "move", "moves")
            } else {
                crate::words::counted(u64::from(d), "push", "pushes")
            }
        };
        let sentence = match (label, distance) {
            (Label::Won, _) => "won: every box is on a goal".to_string(),
            (Label::DeadEnd, _) => {
                "deadlock: the boxes can no longer all be brought onto goals — Backspace takes the fatal push back"
                    .to_string()
            }
            (_, Some(d)) => format!("can be won; {} to the nearest win", moves(d)),
            (_, None) => "can be won".to_string(),
        };
        Some(PositionVerdict { label, sentence })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::sokoban::{analyze, read_xsb_one};

    #[test]
    fn a_push_into_a_corner_is_a_dead_end_and_undo_takes_it_back() {
        // Pushing the box left from (2, 2) puts it against the left wall,
        // where no goal is.
        let a = analyze(
            &read_xsb_one("#####\n#  .#\n# $@#\n#   #\n#####\n").unwrap(),
            &Job::default(),
        )
        .unwrap();
        let mut game = Game::new(&a);
        let winnable = |l: Label| matches!(l, Label::Ok | Label::Preferred);
        assert!(winnable(game.verdict(&a).unwrap().label));
        game.play(Dir::Left);
        assert_eq!(game.message, "pushed a box left");
        let v = game.verdict(&a).unwrap();
        assert_eq!(v.label, Label::DeadEnd);
        assert!(v.sentence.starts_with("deadlock"), "{}", v.sentence);
        game.undo();
        assert!(winnable(game.verdict(&a).unwrap().label));
        assert_eq!(game.played(), None);
    }

    #[test]
    fn a_deadlock_in_play_rings_the_box_on_a_dead_cell() {
        let a = analyze(
            &read_xsb_one("#####\n#  .#\n# $@#\n#   #\n#####\n").unwrap(),
            &Job::default(),
        )
        .unwrap();
        let mut game = Game::new(&a);
        assert_eq!(game.deadlocked_boxes(&a), None, "winnable at the start");
        game.play(Dir::Left);
        let (ringed, note) = game.deadlocked_boxes(&a).expect("a deadlock");
        assert_eq!(ringed, [(1, 2)]);
        assert!(note.contains("dead cell"), "{note}");
        game.undo();
        assert_eq!(game.deadlocked_boxes(&a), None);
    }
}
