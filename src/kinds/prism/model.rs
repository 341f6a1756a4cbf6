//! Prism as the kind list sees it ([`KindModel`]).

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};
use crate::kinds::model::{KindModel, KindWords};
use crate::kinds::resize::{Anchor, ResizeError};
use crate::kinds::summary::{FigureColumn, Figures, KindStats, LevelSummary, SummaryError};
use crate::kinds::{Problem, TextFormat};
use crate::picture::Picture;

use super::figures::PrismFigures;
use super::{Analysis, Level};

/// The Prism kind: a colour-switch maze, some with enemies.
#[derive(Clone, Copy, Debug)]
pub struct Model;

impl KindModel for Model {
    type Level = Level;
    type Analysis = Analysis;
    type Figures = PrismFigures;

    const NAME: &'static str = "prism";
    const TITLE: &'static str = "Prism";
    const FORMATS: &'static [TextFormat] = super::text_formats::TEXT_FORMATS;
    const WORDS: KindWords = KindWords {
        unfair: "dead ends",
        figures: "difficulties",
        same_puzzle: "a rotation, a mirror and a renaming of colours",
        moves: None,
    };
    const HAS_STATE_GRAPH: bool = true;
    const SEARCH_UNIT: crate::kinds::model::SearchUnit = crate::kinds::model::SearchUnit::States;
    const EFFORT_MODEL: crate::effort::EffortModel = super::effort::EFFORT_MODEL;
    const FIGURE_COLUMN: Option<FigureColumn> = Some(super::figures::COLUMN);
    const HAS_FLOORS: bool = true;

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
        level.enemies.is_empty() && level.cells().iter().all(|&c| c == super::Cell::Empty)
    }

    fn canonical_key(level: &Level) -> String {
        super::canonical_key(level)
    }

    fn picture(level: &Level) -> Picture {
        super::picture::level_picture(level)
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
        Some(analysis.graph.as_ref())
    }

    fn verdict(analysis: &Analysis) -> &str {
        &analysis.rating.verdict
    }

    fn level_summary(analysis: &Analysis) -> LevelSummary {
        PrismFigures::summary(analysis)
    }

    fn move_string(analysis: &Analysis, moves: &[u8]) -> String {
        analysis.move_string(moves)
    }

    fn report_fields(analysis: &Analysis, solutions: usize) -> serde_json::Map<String, Value> {
        super::report::json_fields(analysis, solutions)
    }

    fn report_lines(analysis: &Analysis, solutions: usize) -> String {
        super::report::text_lines(analysis, solutions)
    }

    fn headline(analysis: &Analysis) -> String {
        super::report::headline(analysis)
    }

    fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
        super::effort::effort_metrics(analysis)
    }

    fn figures_from_stored(value: &Value) -> Result<PrismFigures, SummaryError> {
        PrismFigures::from_stored(value)
    }

    fn pack_stats(levels: &[Option<&PrismFigures>]) -> KindStats {
        PrismFigures::pack_stats(levels)
    }
}
