//! Prism, the colour-switch maze (docs/rules.md, Prism): a player walks to
//! the exit across blocks that open only on the background of their colour,
//! switches that toggle a channel of the background, and enemies that
//! patrol rows and columns.
//!
//! [`analyze`] compiles a level, explores its whole state graph with the
//! engine and rates it.

pub mod canonical;
pub mod effort;
pub mod figures;
pub mod floors;
pub mod format;
pub mod generate;
pub mod level;
pub mod model;
pub mod picture;
pub mod puzzle;
pub mod rating;
pub mod report;
pub mod resize;
pub mod rules;
pub mod text_formats;

use std::fmt;

use crate::engine::{analyze as analyze_puzzle, GraphView, Job, LabelError, PackedState, Summary};

pub use canonical::{canonical_key, symmetries, ChannelMap, Symmetry};
pub use format::{
    from_json_value, looks_like_2016, looks_like_2017, read_2016, read_2017, read_json,
    to_json_value, write_2016, write_2017, write_json, FormatError,
};
pub use level::{Axis, Cell, Colour, Enemy, Level, MAX_SIDE, MIN_SIDE};
pub use model::Model;
pub use puzzle::{PrismPuzzle, StateLayout};
pub use rating::{DifficultyParts, Rating};
pub use rules::{CompileError, Dir, EnemyState, EnemyStep, PlayState, Rules, TurnEnd, TurnTrace};

/// Why a Prism level could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The level is invalid, or its states do not fit 256 bits.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The search stopped (too big, cancelled, too deep).
    #[error(transparent)]
    Search(#[from] LabelError),
}

impl From<AnalyzeError> for crate::kinds::AnalysisError {
    fn from(error: AnalyzeError) -> crate::kinds::AnalysisError {
        match error {
            AnalyzeError::Compile(e) => crate::kinds::AnalysisError::Invalid(e.to_string()),
            AnalyzeError::Search(e) => e.into(),
        }
    }
}

/// A Prism level's complete analysis: the compiled rules, the explored and
/// labelled state graph, its summary, the number of deadly moves and the
/// rating.
pub struct Analysis {
    /// The compiled level.
    pub rules: Rules,
    /// The state graph with distances and traps, whatever its word.
    pub graph: Box<dyn GraphView>,
    /// The numbers. `summary.any.shortest` is the shortest solution's
    /// length in moves that move the player.
    pub summary: Summary,
    /// Moves from a live state that get the player caught, counted once per
    /// state and move.
    pub deaths: u64,
    /// The difficulty and the verdict.
    pub rating: Rating,
    layout: StateLayout,
}

impl fmt::Debug for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Analysis")
            .field("level", &self.rules.level().name)
            .field("states", &self.graph.len())
            .field("summary", &self.summary)
            .field("deaths", &self.deaths)
            .field("rating", &self.rating)
            .finish_non_exhaustive()
    }
}

/// Analyses a level: compile, explore, label, sum up and rate. A level
/// whose state needs more than 256 bits is refused with
/// [`CompileError::StateTooBig`].
pub fn analyze(level: &Level, job: &Job) -> Result<Analysis, AnalyzeError> {
    let rules = Rules::compile(level)?;
    let layout = StateLayout::of(&rules)?;
    let (graph, summary) = match layout.bits() {
        0..=64 => explore::<u64>(&rules, &layout, job)?,
        65..=128 => explore::<u128>(&rules, &layout, job)?,
        _ => explore::<[u64; 4]>(&rules, &layout, job)?,
    };
    let deaths = graph.loss_count();
    let mut analysis = Analysis {
        rules,
        graph,
        summary,
        deaths,
        rating: Rating::default(),
        layout,
    };
    analysis.rating = rating::rate(&analysis);
    Ok(analysis)
}

/// Explores the level in word `S`.
fn explore<S: PackedState>(
    rules: &Rules,
    layout: &StateLayout,
    job: &Job,
) -> Result<(Box<dyn GraphView>, Summary), LabelError> {
    let puzzle = PrismPuzzle::<S>::new(rules, layout);
    let explored = analyze_puzzle(&puzzle, job)?;
    let summary = explored.summary(&puzzle);
    Ok((Box::new(explored), summary))
}

impl Analysis {
    /// The position of state `id`.
    pub fn state(&self, id: u32) -> PlayState {
        let word = self.graph.word(id);
        let mut movers = vec![Default::default(); self.rules.enemy_lines().len()];
        let (player, background) = self.layout.unpack(&self.rules, &word, &mut movers);
        self.rules.play_state(player, background, &movers)
    }

    /// The id of a position, if it is reachable.
    pub fn find(&self, state: &PlayState) -> Option<u32> {
        let (player, background, movers) = self.rules.compact(state)?;
        let word: [u64; 4] = self.layout.pack(player, background, &movers);
        self.graph.find_word(word)
    }

    /// Move names separated by spaces, e.g. `"R R D L"`.
    pub fn move_string(&self, moves: &[u8]) -> String {
        moves
            .iter()
            .map(|&mv| Dir::from_index(mv as usize).map_or("?", Dir::name))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The number of bits one state takes.
    pub fn state_bits(&self) -> u32 {
        self.layout.bits()
    }
}
