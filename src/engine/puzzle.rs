//! The `Puzzle` trait: what the engine needs to know of a puzzle kind.

use super::packed::PackedState;

/// What one move does to a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome<S> {
    /// The move changes nothing: it is not a move and not an edge.
    NoMove,
    /// The move leads to this state (which may be a won state).
    Next(S),
    /// The move ends the game in a loss (for example, the player is caught).
    /// A loss is not a state.
    Loss,
}

/// A puzzle compiled for the solver: a start state, a fixed list of moves,
/// a step function, a win test and a per-state *preferred* tag.
///
/// The preferred tag picks out the states of the kind's ideal route; the
/// engine computes distances to a win through preferred states only and
/// through at least one state that is not preferred. Skiddy tags the
/// *combo-intact* states, so that the two distances are the max-combo and
/// no-combo solution lengths.
pub trait Puzzle: Sync {
    /// One state, packed into a fixed-width word.
    type State: PackedState;

    /// Number of moves; moves are numbered `0..move_count()`.
    fn move_count(&self) -> usize;

    /// The short name of a move, as used in move strings (e.g. `"U"`).
    fn move_name(&self, mv: usize) -> &'static str;

    /// The state the level starts in.
    fn start(&self) -> Self::State;

    /// How many low bits of [`Puzzle::State`] a state uses at most (the
    /// rest are always zero). The default is the whole word; a kind whose
    /// states are narrower says so, and the explorer then keeps states of
    /// up to 37 bits in its index itself (one cache miss a lookup).
    fn state_bits(&self) -> u32 {
        <Self::State as PackedState>::BITS
    }

    /// Applies move `mv` to `state`.
    fn step(&self, state: &Self::State, mv: usize) -> Outcome<Self::State>;

    /// Applies every move to `state`, writing the outcome of move `mv` to
    /// `out[mv]` (`out` holds one entry per move). The default calls
    /// [`Puzzle::step`] for each move; kinds override it to share the work
    /// of decoding a state between its moves.
    fn step_all(&self, state: &Self::State, out: &mut [Outcome<Self::State>]) {
        for (mv, outcome) in out.iter_mut().enumerate() {
            *outcome = self.step(state, mv);
        }
    }

    /// Whether `state` is won. Won states end the game: the engine does not
    /// explore their moves.
    fn is_won(&self, state: &Self::State) -> bool;

    /// Whether `state` carries the preferred tag (Skiddy: combo-intact).
    fn is_preferred(&self, state: &Self::State) -> bool;

    /// Both [`Puzzle::is_won`] and [`Puzzle::is_preferred`]; kinds override
    /// it when one look at the state answers both.
    fn classify(&self, state: &Self::State) -> (bool, bool) {
        (self.is_won(state), self.is_preferred(state))
    }

    /// Whether most moves from most states change nothing (Sokoban's four
    /// pushes a box, of which a position makes a few): the graph then
    /// stores only the moves that go somewhere (a bit mask and their
    /// targets) instead of a target for every move. The same graph either
    /// way; only its memory and speed differ.
    fn sparse_moves(&self) -> bool {
        false
    }
}
