//! The terms kinds build their effort models from: the two state-graph
//! metrics whose weights were fitted on people ([`SHORTEST`],
//! [`FARTHEST`]; [`super::fitted`]) and the trap term of kinds with dead
//! ends.

use super::fitted;
use super::model::{Term, Transform};

/// The shortest solution's length: the work a player cannot avoid.
pub const SHORTEST: Term = Term {
    metric: "shortest",
    transform: Transform::Log2,
    weight: fitted::SHORTEST_WEIGHT,
    words: ("1 move at the fewest", "{} moves at the fewest"),
};

/// The farthest distance from a win of a position that can still win: how
/// far a wandering player can stray.
pub const FARTHEST: Term = Term {
    metric: "farthest",
    transform: Transform::Log2,
    weight: fitted::FARTHEST_WEIGHT,
    words: (
        "positions up to 1 move from a win",
        "positions up to {} moves from a win",
    ),
};

/// The traps whose dead end is within 3 moves of the start: a player still
/// getting to know the level can spoil it. Its weight is chosen, not
/// fitted (no level of the human data has a trap): half a point per
/// doubling of `1 + traps`.
pub const TRAPS_NEAR_START: Term = Term {
    metric: "traps_within_first_k",
    transform: Transform::Log2OnePlus,
    weight: 0.5,
    words: (
        "1 trap within 3 moves of the start",
        "{} traps within 3 moves of the start",
    ),
};
