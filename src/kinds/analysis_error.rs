//! Why a level could not be analysed, as every kind says it: one error type
//! for the model's [`crate::kinds::Level::analyze`], which the command line
//! and the editor match on (a level too big for the budget is told from a
//! cancelled search by its variant, not by its words), turning it into
//! words only when they show it.

use crate::engine::label::LabelError;
use crate::engine::Stopped;

use super::partial_figures::PartialFigures;

/// Why a level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The level cannot be analysed as it is: it breaks a rule of its kind,
    /// or is more than the solver can represent. The words say which.
    #[error("{0}")]
    Invalid(String),
    /// A state or memory budget stopped the search: `stop` says which, and
    /// `words` also what was known by then (a kind may add that a solution
    /// lies within the states explored).
    #[error("{words}")]
    TooBig {
        /// The budget that stopped the search.
        stop: Stopped,
        /// The kind's words for it.
        words: String,
        /// What the kind knows of the part it explored, labelled partial
        /// (a kind that keeps none: `None`).
        partial: Option<Box<PartialFigures>>,
    },
    /// Somebody cancelled the analysis.
    #[error("{0}")]
    Cancelled(String),
    /// A time limit stopped the analysis ([`crate::engine::Job::time_out`]):
    /// `words` as for a cancel, with what the kind knows of the part it
    /// explored.
    #[error("{words}")]
    TimedOut {
        /// The kind's words for it.
        words: String,
        /// What the kind knows of the part it explored, labelled partial.
        partial: Option<Box<PartialFigures>>,
    },
    /// A shortest route is longer than the labeller can store.
    #[error("{0}")]
    TooDeep(String),
}

impl AnalysisError {
    /// Whether a budget (of states, of memory, of search nodes) stopped
    /// the search: a bigger budget, or a smaller level, would help.
    pub fn is_too_big(&self) -> bool {
        matches!(self, AnalysisError::TooBig { .. })
    }

    /// Whether the analysis was cancelled.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, AnalysisError::Cancelled(_))
    }

    /// The error of a search stopped by `stop`, in `words`.
    pub fn stopped(stop: Stopped, words: String) -> AnalysisError {
        match stop {
            Stopped::Cancelled { .. } => AnalysisError::Cancelled(words),
            stop => AnalysisError::TooBig {
                stop,
                words,
                partial: None,
            },
        }
    }

    /// What the kind knew of the part it explored when a budget or a time
    /// limit stopped it, if it says.
    pub fn partial(&self) -> Option<&PartialFigures> {
        match self {
            AnalysisError::TooBig { partial, .. } | AnalysisError::TimedOut { partial, .. } => {
                partial.as_deref()
            }
            AnalysisError::Invalid(_) | AnalysisError::Cancelled(_) | AnalysisError::TooDeep(_) => {
                None
            }
        }
    }
}

impl From<LabelError> for AnalysisError {
    fn from(error: LabelError) -> AnalysisError {
        let words = error.to_string();
        match error {
            LabelError::Stopped(stop) => AnalysisError::stopped(stop, words),
            LabelError::TooDeep => AnalysisError::TooDeep(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_too_big_and_a_cancel_is_cancelled_whatever_the_words() {
        let budget = AnalysisError::from(LabelError::Stopped(Stopped::TooBig {
            states: 10,
            budget: 5,
        }));
        assert!(budget.is_too_big() && !budget.is_cancelled());
        assert!(budget.to_string().starts_with("too big"), "{budget}");
        let cancelled = AnalysisError::from(LabelError::Stopped(Stopped::Cancelled { states: 3 }));
        assert!(cancelled.is_cancelled() && !cancelled.is_too_big());
        assert_eq!(cancelled.to_string(), "cancelled after 3 states");
        let deep = AnalysisError::from(LabelError::TooDeep);
        assert!(!deep.is_too_big() && !deep.is_cancelled());
        assert!(matches!(deep, AnalysisError::TooDeep(_)));
    }
}
