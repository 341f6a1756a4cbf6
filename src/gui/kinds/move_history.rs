//! What a game in Play keeps to take moves back: the positions it has left
//! and the moves that left them, written once for every kind whose Play
//! goes one move at a time.

/// The positions a game has left, and the moves that left them.
#[derive(Clone, Debug)]
pub struct MoveHistory<P, M> {
    /// Earlier positions, the latest last.
    earlier: Vec<P>,
    /// The moves played, one for each earlier position.
    moves: Vec<M>,
}

impl<P, M> Default for MoveHistory<P, M> {
    fn default() -> Self {
        MoveHistory {
            earlier: Vec::new(),
            moves: Vec::new(),
        }
    }
}

impl<P, M> MoveHistory<P, M> {
    /// No move played yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `mv`: `current` becomes `next`, and what it was is kept for
    /// taking the move back.
    pub fn record(&mut self, current: &mut P, next: P, mv: M) {
        self.earlier.push(std::mem::replace(current, next));
        self.moves.push(mv);
    }

    /// Takes the last move back: `current` becomes the position before it.
    /// Returns whether there was a move to take back.
    pub fn take_back(&mut self, current: &mut P) -> bool {
        match self.earlier.pop() {
            Some(previous) => {
                *current = previous;
                self.moves.pop();
                true
            }
            None => false,
        }
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[M] {
        &self.moves
    }

    /// The positions before each move, the start first.
    pub fn earlier(&self) -> &[P] {
        &self.earlier
    }

    /// The moves played in words, `letter` a move's, separated by spaces.
    pub fn letters(&self, letter: impl Fn(&M) -> String) -> String {
        self.moves.iter().map(letter).collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_taken_back_restores_the_position_before_it() {
        let mut history = MoveHistory::new();
        let mut at = 0;
        history.record(&mut at, 5, 'R');
        history.record(&mut at, 7, 'D');
        assert_eq!(
            (at, history.moves(), history.earlier()),
            (7, &['R', 'D'][..], &[0, 5][..])
        );
        assert_eq!(history.letters(|m| m.to_string()), "R D");
        assert!(history.take_back(&mut at));
        assert_eq!((at, history.moves()), (5, &['R'][..]));
        assert!(history.take_back(&mut at));
        assert_eq!(at, 0);
        assert!(!history.take_back(&mut at), "nothing left to take back");
        assert_eq!((at, history.letters(|m| m.to_string())), (0, String::new()));
    }
}
