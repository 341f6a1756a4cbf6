//! Sokoban as the kind list sees it ([`KindModel`]).

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};
use crate::kinds::model::{KindModel, KindWords, PlayText};
use crate::kinds::resize::{Anchor, ResizeError};
use crate::kinds::summary::{
    FigureColumn, Figures, GraphWords, KindStats, LevelSummary, SummaryError,
};
use crate::kinds::{PlayTextError, Problem, TextFormat};
use crate::picture::Picture;

use super::figures::SokobanFigures;
use super::{Analysis, Level};

/// The Sokoban kind: push every box onto a goal.
#[derive(Clone, Copy, Debug)]
pub struct Model;

impl KindModel for Model {
    type Level = Level;
    type Analysis = Analysis;
    type Figures = SokobanFigures;

    const NAME: &'static str = "sokoban";
    const TITLE: &'static str = "Sokoban";
    const FORMATS: &'static [TextFormat] = super::text_formats::TEXT_FORMATS;
    const WORDS: KindWords = KindWords {
        unfair: "no solution",
        figures: "moves and pushes, how many are solvable",
        same_puzzle: "a rotation and a mirror",
        moves: Some("LURD, a push or a step told by the board"),
    };
    const PLAY_TEXT: Option<PlayText<Level>> = Some(play_text);
    const HAS_STATE_GRAPH: bool = true;
    const SEARCH_UNIT: crate::kinds::model::SearchUnit = crate::kinds::model::SearchUnit::Positions;
    const EFFORT_MODEL: crate::effort::EffortModel = super::effort::EFFORT_MODEL;
    const FIGURE_COLUMN: Option<FigureColumn> = Some(super::figures::COLUMN);
    const GRAPH_WORDS: GraphWords = super::figures::GRAPH_WORDS;

    fn level_from_json(value: &Value) -> Result<Level, crate::kinds::LevelError> {
        super::from_json_value(value).map_err(crate::kinds::LevelError::from)
    }

    fn level_to_json(level: &Level) -> Value {
        super::to_json_value(level)
    }

    fn blank(width: usize, height: usize) -> Level {
        Level::new(width, height)
    }

    fn name(level: &Level) -> &str {
        &level.name
    }

    fn set_name(level: &mut Level, name: String) {
        level.name = name;
    }

    fn size(level: &Level) -> (usize, usize) {
        (level.width(), level.height())
    }

    fn problems(level: &Level) -> Vec<Problem> {
        level.problems()
    }

    fn describe_cell(level: &Level, x: usize, y: usize) -> String {
        super::level::describe_cell(level, x, y)
    }

    fn is_blank(level: &Level) -> bool {
        level.boxes.is_empty()
            && level.player.is_none()
            && level.cells() == Level::new(level.width(), level.height()).cells()
    }

    fn canonical_key(level: &Level) -> String {
        super::canonical_key(level)
    }

    fn picture(level: &Level) -> Picture {
        super::picture::level_picture_with_dead_cells(level)
    }

    fn resized(
        level: &Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> Result<(Level, Vec<String>), ResizeError> {
        super::resize::resized_at(level, width, height, anchor)
    }

    fn analyze(
        level: &Level,
        job: &Job,
        _solutions: usize,
    ) -> Result<Analysis, crate::kinds::AnalysisError> {
        super::analyze(level, job).map_err(crate::kinds::AnalysisError::from)
    }

    fn summary(analysis: &Analysis) -> Option<&Summary> {
        Some(&analysis.summary)
    }

    fn graph(analysis: &Analysis) -> Option<&dyn GraphView> {
        analysis.graph.as_deref()
    }

    fn verdict(analysis: &Analysis) -> &str {
        &analysis.report.verdict
    }

    fn level_summary(analysis: &Analysis) -> LevelSummary {
        SokobanFigures::summary(analysis)
    }

    fn move_string(analysis: &Analysis, moves: &[u8]) -> String {
        analysis.lurd(moves)
    }

    /// One LURD letter a move, in either case (the board tells a step
    /// from a push); white space is ignored.
    fn move_indices(_analysis: &Analysis, text: &str) -> Option<Vec<u8>> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| {
                (0..4u8).find(|&i| {
                    super::Dir::from_index(usize::from(i))
                        .is_some_and(|d| d.name().eq_ignore_ascii_case(&c.to_string()))
                })
            })
            .collect()
    }

    fn report_fields(analysis: &Analysis, solutions: usize) -> serde_json::Map<String, Value> {
        super::report::report_fields(analysis, solutions)
    }

    fn report_lines(analysis: &Analysis, solutions: usize) -> String {
        super::report::report_lines(analysis, solutions)
    }

    fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
        super::effort::effort_metrics(analysis)
    }

    fn figures_from_stored(value: &Value) -> Result<SokobanFigures, SummaryError> {
        SokobanFigures::from_stored(value)
    }

    fn pack_stats(levels: &[Option<&SokobanFigures>]) -> KindStats {
        SokobanFigures::pack_stats(levels)
    }
}

/// What `levelscope play` prints for `moves` played from the start of
/// `level`.
fn play_text(level: &Level, moves: &str) -> Result<String, PlayTextError> {
    super::transcript::parse_moves(moves)
        .and_then(|moves| super::transcript::play_text(level, &moves))
        .map(|(text, _)| text)
        .map_err(PlayTextError::from)
}
