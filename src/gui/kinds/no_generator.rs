//! The Generate dialog's tab of a kind that has no generator (Sokoban):
//! [`NoGenerator`] answers the generator seam by saying so. The tab stays
//! in the dialog's row, so that the dialog opened over such a level shows
//! why there is nothing to set, and its check keeps Generate greyed.

use egui::Ui;

use super::kind_generator::{Batch, BatchWatch, JobWatch, KindGenerator, OptionsError};
use crate::engine::Job;

pub use super::kind_generator::NO_GENERATOR;

/// The generator of a kind that has none: no parameters, a check that
/// always says why, and a batch that makes nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoGenerator;

impl KindGenerator for NoGenerator {
    type Watch = JobWatch;

    const TRIED: &'static str = "levels tried";

    fn check(&self) -> Result<(), OptionsError> {
        Err(OptionsError::NoGenerator)
    }

    /// Nothing to set: the dialog's line under Generate says why (the
    /// check's words), once.
    fn parameters(&mut self, ui: &mut Ui, _count: &mut usize, _seed: &mut u64) {
        ui.weak("Nothing to set.");
    }

    fn watch(&self, state_budget: u64) -> JobWatch {
        JobWatch::new(Job::new(state_budget), "Levels tried")
    }

    fn generate_batch(&self, _count: usize, _seed: u64, watch: &JobWatch) -> Batch {
        Batch {
            cancelled: watch.is_cancelled(),
            ..Batch::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_without_a_generator_says_so_and_makes_nothing() {
        let none = NoGenerator;
        assert!(matches!(none.check(), Err(OptionsError::NoGenerator)));
        assert_eq!(none.check().unwrap_err().to_string(), NO_GENERATOR);
        let watch = none.watch(10);
        let batch = none.generate_batch(5, 0, &watch);
        assert!(batch.levels.is_empty() && batch.failed == 0);
        assert!(!batch.cancelled);
    }
}
