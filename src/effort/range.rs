//! A target effort range for generators (`--min-effort`/`--max-effort`,
//! the Generate dialog's "Effort from … to …"): each kept level's score
//! must lie in it; a candidate outside is rejected like one with too few
//! stars.

use serde::{Deserialize, Serialize};

/// Why an effort range cannot be asked for.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EffortRangeError {
    /// A bound is not a number (NaN or infinite).
    #[error("the {0} effort must be a number")]
    NotANumber(&'static str),
    /// The least effort is more than the most.
    #[error("the least effort ({min}) is more than the most ({max})")]
    Reversed {
        /// The least effort asked for.
        min: f64,
        /// The most effort asked for.
        max: f64,
    },
}

/// The effort scores a generator may keep: at least `min`, at most `max`
/// (each optional). With neither bound every level is kept, scored or not,
/// and nothing is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EffortRange {
    /// The least score kept.
    pub min: Option<f64>,
    /// The most score kept.
    pub max: Option<f64>,
}

// `Reversed` holds finite bounds only: a bound that is not a number is
// refused as `NotANumber` first. So equality is reflexive.
impl Eq for EffortRangeError {}

// A range that passed [`EffortRange::check`] holds finite numbers only, and
// the parameters holding one compare as a whole.
impl Eq for EffortRange {}

impl EffortRange {
    /// The range from `min` to `max`.
    pub fn new(min: Option<f64>, max: Option<f64>) -> EffortRange {
        EffortRange { min, max }
    }

    /// Whether neither bound is set (every level is kept).
    pub fn is_open(&self) -> bool {
        self.min.is_none() && self.max.is_none()
    }

    /// Whether some score could lie in the range: finite bounds, in order.
    pub fn check(&self) -> Result<(), EffortRangeError> {
        for (bound, name) in [(self.min, "least"), (self.max, "most")] {
            if bound.is_some_and(|b| !b.is_finite()) {
                return Err(EffortRangeError::NotANumber(name));
            }
        }
        match (self.min, self.max) {
            (Some(min), Some(max)) if min > max => Err(EffortRangeError::Reversed { min, max }),
            _ => Ok(()),
        }
    }

    /// Whether a level scoring `score` is kept: any level when the range is
    /// open; else a scored level within the bounds (a level that cannot be
    /// scored has no effort to meet them).
    pub fn admits(&self, score: Option<f64>) -> bool {
        if self.is_open() {
            return true;
        }
        score.is_some_and(|s| self.min.is_none_or(|m| s >= m) && self.max.is_none_or(|m| s <= m))
    }

    /// The range in words: `"effort 3.0 to 5.5"`, `"effort at least 3.0"`,
    /// `"effort at most 5.5"`, `"any effort"`.
    pub fn words(&self) -> String {
        match (self.min, self.max) {
            (Some(min), Some(max)) => format!("effort {min:.1} to {max:.1}"),
            (Some(min), None) => format!("effort at least {min:.1}"),
            (None, Some(max)) => format!("effort at most {max:.1}"),
            (None, None) => "any effort".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_admits_scores_within_its_bounds_and_no_unscored_level() {
        let open = EffortRange::default();
        assert!(open.is_open() && open.admits(None) && open.admits(Some(-3.0)));
        let range = EffortRange::new(Some(3.0), Some(5.0));
        assert!(range.admits(Some(3.0)) && range.admits(Some(5.0)) && range.admits(Some(4.2)));
        assert!(!range.admits(Some(2.99)) && !range.admits(Some(5.01)));
        assert!(!range.admits(None), "an unscored level meets no bound");
        assert!(EffortRange::new(Some(3.0), None).admits(Some(99.0)));
        assert!(EffortRange::new(None, Some(3.0)).admits(Some(-1.0)));
        assert_eq!(range.words(), "effort 3.0 to 5.0");
        assert_eq!(
            EffortRange::new(None, Some(2.5)).words(),
            "effort at most 2.5"
        );
    }

    #[test]
    fn a_reversed_or_not_a_number_range_is_refused_with_its_reason() {
        assert_eq!(
            EffortRange::new(Some(6.0), Some(2.0))
                .check()
                .unwrap_err()
                .to_string(),
            "the least effort (6) is more than the most (2)"
        );
        assert_eq!(
            EffortRange::new(Some(f64::NAN), None)
                .check()
                .unwrap_err()
                .to_string(),
            "the least effort must be a number"
        );
        assert!(EffortRange::new(None, Some(f64::INFINITY)).check().is_err());
        assert!(EffortRange::new(Some(2.0), Some(2.0)).check().is_ok());
    }
}
