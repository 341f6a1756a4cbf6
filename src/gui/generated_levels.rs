//! What the Generate dialog hands the editor: the levels the designer
//! ticked, their summaries, and where they go.

use crate::kinds::{Level, LevelSummary};

/// Where the designer sends the generated levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Each level opens as a new document.
    NewDocuments,
    /// The levels are appended to the current pack.
    CurrentPack,
}

/// Levels the designer ticked to keep, and where they go.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedLevels {
    /// The ticked levels, in batch order, named as
    /// [`super::kinds::kind_generator::generated_name`] says.
    pub levels: Vec<Level>,
    /// Each level's analysis summary, in the same order (for a pack entry).
    pub summaries: Vec<LevelSummary>,
    /// Where they go.
    pub destination: Destination,
}
