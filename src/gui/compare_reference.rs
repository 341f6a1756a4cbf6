//! Compare: the level on screen against a reference version of it (pinned,
//! as saved, its pack entry, before the last edit, or another tab). The
//! reference is analysed on a worker of its own under the same state
//! budget; what differs (the verdict, the figures, the cells, the old
//! solutions on the new level) is worked out once per pair of analyses.

use std::sync::Arc;

use crate::effort::{Effort, StoredEffort};
use crate::gui::worker::AnalysisWorker;
use crate::kinds::version_change::{
    changed_cells, move_changes, placements_gained_and_lost, replay_solutions, CellChange,
    MoveChanges, Replayed,
};
use crate::kinds::{Analysis, AnalysisError, Level};

/// How many shortest solutions of the reference are played on the level.
pub const SOLUTIONS_REPLAYED: usize = 8;

pub use super::reference_source::ReferenceSource;

/// The differences between the reference's analysis and the level's,
/// kept while both analyses stay the same.
#[derive(Clone, Debug)]
pub struct Differences {
    /// The cells that differ, in words.
    pub cells: Vec<CellChange>,
    /// The reference's shortest solutions played on the level.
    pub replayed: Vec<Replayed>,
    /// Tangram's listed solutions gained and lost, when both levels have
    /// the same shapes.
    pub placements: Option<(usize, usize)>,
    /// The solutions and traps the edit added or removed.
    pub moves: MoveChanges,
    /// The effort before and after (each `None` when its level cannot be
    /// scored), once both analyses are done.
    pub effort: Option<(Option<StoredEffort>, Option<StoredEffort>)>,
    keys: (usize, usize),
    level: Level,
}

/// A comparison under way.
pub struct Comparison {
    /// Where the reference comes from.
    pub source: ReferenceSource,
    /// The reference level.
    pub reference: Level,
    /// The reference's analysis, once done (or why there is none).
    pub result: Option<Result<Analysis, AnalysisError>>,
    /// Whether the board shows the reference instead of the level.
    pub showing_reference: bool,
    worker: AnalysisWorker,
    /// The reference's effort, worked out on its worker with its analysis.
    reference_effort: Option<Arc<Effort>>,
    differences: Option<Differences>,
}

/// The key of an analysis for the cache: its allocation.
fn key_of(analysis: &Analysis) -> usize {
    match analysis.graph() {
        Some(g) => g as *const dyn crate::engine::GraphView as *const () as usize,
        None => analysis as *const Analysis as usize,
    }
}

impl Comparison {
    /// Starts comparing against `reference`, analysing it under
    /// `budgets` on a worker that calls `notify` when it is done.
    pub fn start(
        source: ReferenceSource,
        reference: Level,
        budgets: crate::engine::StateBudgets,
        notify: impl Fn() + Send + Sync + 'static,
    ) -> Comparison {
        let mut worker = AnalysisWorker::new(notify);
        let result = if reference.is_valid() {
            worker.start(reference.clone(), budgets);
            None
        } else {
            Some(Err(AnalysisError::Invalid(
                "the reference is not valid".to_string(),
            )))
        };
        Comparison {
            source,
            reference,
            result,
            showing_reference: false,
            worker,
            reference_effort: None,
            differences: None,
        }
    }

    /// Collects the reference's analysis when it is done.
    pub fn poll(&mut self) {
        if let Some(done) = self.worker.poll() {
            self.result = Some(done.result);
            self.reference_effort = done.effort;
        }
    }

    /// Blocks until the reference's analysis has been delivered (the next
    /// [`Comparison::poll`] collects it), for at most `bound`; `false` when
    /// `bound` passed first. For tests and scripted runs that must wait for
    /// the worker's event rather than for a clock.
    pub fn wait_for_reference(&mut self, bound: std::time::Duration) -> bool {
        self.worker.wait_for_result(bound)
    }

    /// Whether the reference is still being analysed.
    pub fn is_running(&self) -> bool {
        self.worker.is_running()
    }

    /// The states the reference's analysis has explored so far.
    pub fn progress_states(&self) -> Option<u64> {
        self.worker.progress().map(|p| p.states)
    }

    /// The reference's analysis, if it is done.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.result.as_ref()?.as_ref().ok()
    }

    /// What differs between the reference and `level` (with its analysis
    /// `current`, when done, and that analysis's effort as its worker
    /// worked it out), worked out once per pair of analyses.
    pub fn differences(
        &mut self,
        level: &Level,
        current: Option<&Analysis>,
        current_effort: Option<&Effort>,
    ) -> Arc<Differences> {
        let keys = (self.analysis().map_or(0, key_of), current.map_or(0, key_of));
        let fresh = self
            .differences
            .as_ref()
            .is_some_and(|d| d.keys == keys && d.level == *level);
        if !fresh {
            let (replayed, placements, moves, effort) = match (self.analysis(), current) {
                (Some(r), Some(c)) => (
                    replay_solutions(r, c, SOLUTIONS_REPLAYED),
                    placements_gained_and_lost(r, c),
                    move_changes(r, c, SOLUTIONS_REPLAYED),
                    Some((
                        self.reference_effort.as_deref().map(StoredEffort::from),
                        current_effort.map(StoredEffort::from),
                    )),
                ),
                _ => (Vec::new(), None, MoveChanges::default(), None),
            };
            self.differences = Some(Differences {
                cells: changed_cells(&self.reference, level),
                replayed,
                placements,
                moves,
                effort,
                keys,
                level: level.clone(),
            });
        }
        Arc::new(self.differences.clone().expect("set above"))
    }
}

impl Drop for Comparison {
    fn drop(&mut self) {
        self.worker.cancel();
    }
}
