//! What the kinds share in `levelscope play`'s transcript: the budget of
//! the analysis behind its labels, the move-string reader and why a move
//! string cannot be played. Each kind prints its own boards (its
//! `transcript.rs`).

/// The most states the analysis behind the labels explores; a bigger
/// level is played without them.
pub const LABEL_BUDGET: u64 = 2_000_000;

/// Why a move string cannot be played on a level whose compile error is
/// `C`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<C: std::error::Error> {
    /// A letter that is not a move of the kind.
    #[error("unknown move {letter:?}: use {letters}")]
    UnknownMove {
        /// The letter.
        letter: char,
        /// The kind's move letters, in words.
        letters: &'static str,
    },
    /// The level cannot be played.
    #[error(transparent)]
    Compile(C),
}

/// Reads a move string, one letter a move (`read` gives a letter's move);
/// spaces and commas are ignored. `letters` names the kind's move letters
/// in the error.
pub fn parse_moves<D, C: std::error::Error>(
    text: &str,
    letters: &'static str,
    read: impl Fn(char) -> Option<D>,
) -> Result<Vec<D>, PlayError<C>> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|letter| read(letter).ok_or(PlayError::UnknownMove { letter, letters }))
        .collect()
}
