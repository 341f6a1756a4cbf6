//! One effort score per level (issue 41, `docs/effort.md`): how hard a
//! level is for a person, as a small written-down model over the level's
//! effort metrics.
//!
//! A kind names its model ([`EffortModel`]): a base and a few weighted,
//! transformed metrics. The score is their sum, in *doublings*: one point
//! more means about twice the effort. Where the kind's model is calibrated
//! on people (Rush Hour, on the 34 puzzles of the Olieslagers 2024 study),
//! the score is `log2` of the moves a typical player is predicted to spend,
//! and [`Effort::prediction`] gives that number with an interval; elsewhere
//! the score is *relative* (comparable between levels of one kind only, not
//! calibrated on players) and says so.
//!
//! Nothing here knows a kind: the metrics come in by name.

pub mod fitted;
mod model;
mod range;
mod rank;
mod stored;
pub mod terms;

pub use model::{Calibration, Contribution, Effort, EffortModel, Prediction, Term, Transform};
pub use range::{EffortRange, EffortRangeError};
pub use rank::{harder_than_share, order_by_effort};
pub use stored::{effort_change_words, StoredContribution, StoredEffort};
