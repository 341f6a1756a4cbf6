//! Play mode: the designer plays the level with the arrow keys, sees at
//! every position whether it can still be won and how far the win is, and
//! can take moves back or start over.

use super::replay::Replay;
use crate::engine::{Label, Route};
use crate::gui::kinds::kind_gui::ReplayCursor;
use crate::gui::kinds::move_history::MoveHistory;
use crate::kinds::skiddy::{Analysis, Dir, Rules};

/// A game in progress.
#[derive(Clone, Debug)]
pub struct PlayState {
    /// The current position (one cell per piece of [`Rules::pieces`]).
    pub positions: Vec<u8>,
    /// Earlier positions and the moves played, for taking moves back.
    pub history: MoveHistory<Vec<u8>, Dir>,
    /// The last move, animating.
    pub animation: Option<Replay>,
    /// What the last key did, e.g. "Up changes nothing: not a move".
    pub message: String,
    /// The verdict on `positions`, kept until the position changes (finding
    /// a state is a scan over the graph).
    verdict_cache: Option<(Vec<u8>, Option<PositionVerdict>)>,
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

impl PlayState {
    /// A new game from the start of `rules`.
    pub fn new(rules: &Rules) -> PlayState {
        PlayState {
            positions: rules.start_positions().to_vec(),
            history: MoveHistory::new(),
            animation: None,
            message: "Arrow keys (or W A S D) move; Backspace takes a move back; R restarts."
                .into(),
            verdict_cache: None,
        }
    }

    /// Plays `dir`; returns whether it was a move (a move that changes
    /// nothing is not a move).
    pub fn play(&mut self, rules: &Rules, dir: Dir) -> bool {
        let mut next = self.positions.clone();
        if !rules.apply(&mut next, dir) {
            self.message = format!("{dir:?} changes nothing: not a move");
            return false;
        }
        let mut animation = Replay::new(rules, &self.positions, &[dir], format!("{dir:?}"));
        animation.toggle_play();
        let left = animation.traces[0].exits.len();
        self.animation = Some(animation);
        self.history.record(&mut self.positions, next, dir);
        self.message = match left {
            0 => format!("{dir:?}"),
            1 => format!("{dir:?}: one piece left the board"),
            n => format!("{dir:?}: {n} pieces left the board"),
        };
        true
    }

    /// Takes the last move back; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let taken = self.history.take_back(&mut self.positions);
        if taken {
            self.animation = None;
            self.message = "Move taken back".into();
        }
        taken
    }

    /// Back to the start.
    pub fn restart(&mut self, rules: &Rules) {
        *self = PlayState::new(rules);
        self.message = "Restarted".into();
    }

    /// The moves played, as letters.
    pub fn move_letters(&self) -> String {
        self.history.letters(|d| d.letter().to_string())
    }

    /// The moves played.
    pub fn moves(&self) -> &[Dir] {
        self.history.moves()
    }

    /// What the analysis says about the current position (`None` if the
    /// position is not in the graph, which cannot happen for a finished
    /// analysis of the same level).
    pub fn verdict(&mut self, analysis: &Analysis) -> Option<PositionVerdict> {
        if let Some((positions, verdict)) = &self.verdict_cache {
            if *positions == self.positions {
                return verdict.clone();
            }
        }
        let verdict = self.find_verdict(analysis);
        self.verdict_cache = Some((self.positions.clone(), verdict.clone()));
        verdict
    }

    /// The medals this run earned, in words: *Maximum Combo* when every
    /// position on the way kept each colour's Skiddies all in or all out,
    /// *Minimum Moves* when it took no more moves than the shortest
    /// solution, *Perfect* for both in one run.
    pub fn medals(&self, analysis: &Analysis) -> String {
        let rules = &analysis.rules;
        let combo = self
            .history
            .earlier()
            .iter()
            .chain(std::iter::once(&self.positions))
            .all(|p| rules.is_combo_intact(p));
        let shortest = analysis.summary.any.shortest;
        let minimum = shortest.is_some_and(|n| self.moves().len() <= n as usize);
        let moves = crate::kinds::skiddy::rating::moves_word(self.moves().len() as u32);
        match (combo, minimum) {
            (true, true) => format!("Perfect: Maximum Combo and Minimum Moves ({moves}) in one run"),
            (true, false) => format!(
                "Medal: Maximum Combo. Minimum Moves needs {}; this run took {moves}",
                shortest.map_or("a shortest solution".into(), crate::kinds::skiddy::rating::moves_word)
            ),
            (false, true) => format!("Medal: Minimum Moves ({moves}). Maximum Combo needs each colour's Skiddies to leave together"),
            (false, false) => format!(
                "No medal: {moves}, the shortest takes {}, and the combo broke",
                shortest.map_or("?".into(), crate::kinds::skiddy::rating::moves_word)
            ),
        }
    }

    fn find_verdict(&self, analysis: &Analysis) -> Option<PositionVerdict> {
        let id = analysis.find(&self.positions)?;
        let label = analysis.label(id);
        let distance = analysis.distance(Route::Any, id);
        let sentence = match (label, distance) {
            (Label::Won, _) => format!("won: every Skiddy is out. {}", self.medals(analysis)),
            (Label::DeadEnd, _) => "dead end: this can no longer be won".to_string(),
            (Label::Preferred, Some(d)) => {
                format!(
                    "max-combo still possible; {} to the nearest win",
                    crate::kinds::skiddy::rating::moves_word(d)
                )
            }
            (_, Some(d)) => format!(
                "can be won; {} to the nearest win",
                crate::kinds::skiddy::rating::moves_word(d)
            ),
            (_, None) => "can be won".to_string(),
        };
        Some(PositionVerdict {
            label,
            distance,
            sentence,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::{analyze, parse_level};

    #[test]
    fn playing_level_1_1_the_rules_way() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/1-1.txt"))
            .unwrap();
        let level = parse_level(&text).unwrap();
        let analysis = analyze(&level, &Job::new(1_000_000)).unwrap();
        let rules = &analysis.rules;
        let mut game = PlayState::new(rules);
        let start = game.verdict(&analysis).unwrap();
        assert_eq!(start.distance, Some(2));
        assert!(!game.play(rules, Dir::Up), "Up is not a move in 1-1");
        assert!(game.message.contains("not a move"));
        assert!(game.play(rules, Dir::Left));
        assert!(game.play(rules, Dir::Down));
        let end = game.verdict(&analysis).unwrap();
        assert_eq!(end.label, Label::Won);
        assert!(end.sentence.contains("Perfect"), "{}", end.sentence);
        assert_eq!(game.move_letters(), "L D");
        assert!(game.undo());
        assert_eq!(game.verdict(&analysis).unwrap().distance, Some(1));
        game.restart(rules);
        assert!(game.moves().is_empty());
        assert_eq!(game.verdict(&analysis).unwrap(), start);
    }
}
