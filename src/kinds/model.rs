//! [`KindModel`]: everything the rest of levelscope asks of one puzzle
//! kind's model, implemented once per kind in `kinds/<kind>/model.rs`.
//!
//! The kinds themselves are one list, in [`super::kind_list`]: the enums
//! [`super::Kind`], [`super::Level`], [`super::Analysis`] and
//! [`super::KindFigures`], their accessors and every dispatch are
//! generated from that list over this trait. A kind in the list that does
//! not implement a part of the trait does not compile.

use serde_json::Value;

use super::resize::{Anchor, ResizeError};
use super::summary::{FigureColumn, Figures, GraphWords, KindStats, SummaryError};
use super::{LevelSummary, PlayTextError, Problem, TextFormat};
use crate::engine::{GraphView, Job, Summary};
use crate::picture::Picture;

/// What a kind's search counts against its budget, as the progress shows
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchUnit {
    /// States of a state graph, against the state budget.
    States,
    /// Positions (a class of states that play alike: Sokoban's box set and
    /// player area), against the class budget.
    Positions,
    /// Nodes of a counting search (Tangram's), against the state budget.
    Nodes,
}

impl SearchUnit {
    /// The unit's word, plural: "states".
    pub fn words(self) -> &'static str {
        match self {
            SearchUnit::States => "states",
            SearchUnit::Positions => "positions",
            SearchUnit::Nodes => "nodes",
        }
    }

    /// The budget `job` gives a search in this unit.
    pub fn budget(self, job: &Job) -> u64 {
        match self {
            SearchUnit::States | SearchUnit::Nodes => job.max_states(),
            SearchUnit::Positions => job.max_classes(),
        }
    }
}

/// What `levelscope play` prints for `moves` played from the start of a
/// level: the board after each move and how the game ends.
pub type PlayText<L> = fn(&L, &str) -> Result<String, PlayTextError>;

/// One puzzle kind's model, as the rest of levelscope sees it: its level,
/// its analysis, its figures and words. Implemented by a unit type
/// `Model` in each kind's folder.
pub trait KindModel {
    /// The kind's level, as the designer edits it.
    type Level: Clone + std::fmt::Debug + PartialEq + Eq + std::hash::Hash + Send + Sync + 'static;
    /// The kind's complete analysis of a level.
    type Analysis: std::fmt::Debug + Send + Sync + 'static;
    /// The figures a pack keeps of an analysis.
    type Figures: Figures + Clone + std::fmt::Debug + PartialEq + Eq + Send + Sync + 'static;

    /// The name used in files and on the command line: `"skiddy"`.
    const NAME: &'static str;
    /// The name shown to designers: `"Skiddy"`.
    const TITLE: &'static str;
    /// The text formats that can hold a level of the kind, the complete one
    /// (JSON) first.
    const FORMATS: &'static [TextFormat];
    /// Whether its levels are explored as a state graph (Tangram's question
    /// is a solution count instead).
    const HAS_STATE_GRAPH: bool;
    /// What its search counts against its budget.
    const SEARCH_UNIT: SearchUnit;
    /// What the kind calls the pack panel's figure column, where its levels
    /// have a figure there.
    const FIGURE_COLUMN: Option<FigureColumn>;
    /// What the kind calls the state graph's dead ends and traps.
    const GRAPH_WORDS: GraphWords = GraphWords::GENERIC;
    /// Whether its verdict is a number of stars.
    const GIVES_STARS: bool = false;
    /// Whether its levels have floors (Prism's 3D model).
    const HAS_FLOORS: bool = false;
    /// What the command line's help says of the kind.
    const WORDS: KindWords;

    /// Reads a level from its JSON form (its `kind` field, when there is
    /// one, already names this kind).
    fn level_from_json(value: &Value) -> Result<Self::Level, super::LevelError>;
    /// The level's JSON form (`{"format": "levelscope-level", "kind": …}`).
    fn level_to_json(level: &Self::Level) -> Value;
    /// A new, blank level, `width` x `height`.
    fn blank(width: usize, height: usize) -> Self::Level;
    /// The level's name (may be empty).
    fn name(level: &Self::Level) -> &str;
    /// Renames the level.
    fn set_name(level: &mut Self::Level, name: String);
    /// The board's size in cells, `(width, height)`.
    fn size(level: &Self::Level) -> (usize, usize);
    /// What makes the level invalid; empty when it is valid.
    fn problems(level: &Self::Level) -> Vec<Problem>;
    /// What is at cell `(x, y)` (on the board), in a few words.
    fn describe_cell(level: &Self::Level, x: usize, y: usize) -> String;
    /// Whether it holds nothing a designer placed.
    fn is_blank(level: &Self::Level) -> bool;
    /// The key equal for exactly the same puzzle up to the kind's
    /// symmetries (without the kind's name, which the caller adds).
    fn canonical_key(level: &Self::Level) -> String;
    /// The board as simple shapes, in board units.
    fn picture(level: &Self::Level) -> Picture;
    /// The level resized to `width x height` with the old board at
    /// `anchor`, and what that loses in words; or why the kind refuses.
    fn resized(
        level: &Self::Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> Result<(Self::Level, Vec<String>), ResizeError>;
    /// What `levelscope play` prints for moves played from the start, for
    /// a kind played from a move string; `None` for a kind that is not
    /// (whether a kind plays text is read off it without playing).
    const PLAY_TEXT: Option<PlayText<Self::Level>> = None;
    /// Analyses the level, keeping at least `solutions` listed solutions
    /// where the kind lists them during the search; cancellable by `job`.
    fn analyze(
        level: &Self::Level,
        job: &Job,
        solutions: usize,
    ) -> Result<Self::Analysis, crate::kinds::AnalysisError>;

    /// The engine's numbers; `None` for a kind without a state graph.
    fn summary(analysis: &Self::Analysis) -> Option<&Summary>;
    /// The explored state graph; `None` for a kind without one.
    fn graph(analysis: &Self::Analysis) -> Option<&dyn GraphView>;
    /// The verdict in a designer's words.
    fn verdict(analysis: &Self::Analysis) -> &str;
    /// The verdict and figures a pack keeps of the analysis.
    fn level_summary(analysis: &Self::Analysis) -> LevelSummary;
    /// Move names of a move sequence (empty for a kind without moves).
    fn move_string(analysis: &Self::Analysis, moves: &[u8]) -> String;
    /// The moves of a move string as [`KindModel::move_string`] writes
    /// them, in any case; `None` when a word is not a move. The default
    /// reads the move names between spaces.
    fn move_indices(analysis: &Self::Analysis, text: &str) -> Option<Vec<u8>> {
        let graph = Self::graph(analysis)?;
        let names: Vec<String> = (0..graph.move_count())
            .map(|m| Self::move_string(analysis, &[m as u8]).to_uppercase())
            .collect();
        text.split_whitespace()
            .map(|word| {
                let upper = word.to_uppercase();
                names.iter().position(|n| *n == upper).map(|i| i as u8)
            })
            .collect()
    }
    /// The `analyze --json` fields of the kind (everything but `file`,
    /// `kind` and `elapsed_ms`), with up to `solutions` listed solutions.
    fn report_fields(analysis: &Self::Analysis, solutions: usize)
        -> serde_json::Map<String, Value>;
    /// The human report's lines after its first, each ending in a newline.
    fn report_lines(analysis: &Self::Analysis, solutions: usize) -> String;
    /// The verdict's headline for the human report.
    fn headline(analysis: &Self::Analysis) -> String {
        Self::verdict(analysis).to_string()
    }
    /// The kind's effort model: a base and weighted metrics
    /// (`docs/effort.md`), calibrated on people where the kind has data.
    const EFFORT_MODEL: crate::effort::EffortModel;

    /// The kind's own effort metrics (issue 41, `docs/effort.md`): each a
    /// name and its JSON value, in the order `analyze --json` lists them
    /// in `effort.metrics` after the engine's kind-neutral ones. A kind
    /// with a state graph measures them along its first shortest solution
    /// (the one `analyze` prints); the default is none.
    fn effort_metrics(_analysis: &Self::Analysis) -> Vec<(&'static str, Value)> {
        Vec::new()
    }

    /// Reads the figures of a stored summary.
    fn figures_from_stored(value: &Value) -> Result<Self::Figures, SummaryError>;
    /// What `pack stats` says of a pack's levels of the kind.
    fn pack_stats(levels: &[Option<&Self::Figures>]) -> KindStats;
}

/// What the command line's help says of one kind, each in a few words
/// that follow the kind's title ("Skiddy: U R D L").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindWords {
    /// What makes a level unfair in `pack check`: "dead ends or fewer
    /// stars than wanted".
    pub unfair: &'static str,
    /// Its own figures in `pack stats` and on the contact sheet: "stars
    /// and Perfect lengths".
    pub figures: &'static str,
    /// What two levels may differ by and still be one puzzle in `pack
    /// dedupe`: "a rotation, a mirror and a renaming of colours".
    pub same_puzzle: &'static str,
    /// Its moves as `play` reads them, where `play` plays it: "U R D L".
    pub moves: Option<&'static str>,
}
