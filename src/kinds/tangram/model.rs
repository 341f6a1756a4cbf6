//! Tangram as the kind list sees it ([`KindModel`]).

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};
use crate::kinds::model::{KindModel, KindWords};
use crate::kinds::resize::{Anchor, ResizeError};
use crate::kinds::summary::{FigureColumn, Figures, KindStats, LevelSummary, SummaryError};
use crate::kinds::{Problem, TextFormat};
use crate::picture::Picture;

use super::figures::TangramFigures;
use super::{Analysis, Level};

/// The Tangram kind: triangle tiling, counted (no state graph).
#[derive(Clone, Copy, Debug)]
pub struct Model;

impl KindModel for Model {
    type Level = Level;
    type Analysis = Analysis;
    type Figures = TangramFigures;

    const NAME: &'static str = "tangram";
    const TITLE: &'static str = "Tangram";
    const FORMATS: &'static [TextFormat] = super::text_formats::TEXT_FORMATS;
    const WORDS: KindWords = KindWords {
        unfair: "no solution",
        figures: "solution counts, how many are unique",
        same_puzzle: "a rotation, a mirror and an order of the shapes",
        moves: None,
    };
    const HAS_STATE_GRAPH: bool = false;
    const SEARCH_UNIT: crate::kinds::model::SearchUnit = crate::kinds::model::SearchUnit::Nodes;
    const EFFORT_MODEL: crate::effort::EffortModel = super::effort::EFFORT_MODEL;
    const FIGURE_COLUMN: Option<FigureColumn> = None;

    fn level_from_json(value: &Value) -> Result<Level, crate::kinds::LevelError> {
        super::from_json_value(value).map_err(crate::kinds::LevelError::from)
    }

    fn level_to_json(level: &Level) -> Value {
        super::to_json_value(level)
    }

    /// A Tangram board is square: `width` x `width`.
    fn blank(width: usize, _height: usize) -> Level {
        Level::new(width)
    }

    fn name(level: &Level) -> &str {
        &level.name
    }

    fn set_name(level: &mut Level, name: String) {
        level.name = name;
    }

    fn size(level: &Level) -> (usize, usize) {
        (level.size, level.size)
    }

    fn problems(level: &Level) -> Vec<Problem> {
        level.problems()
    }

    fn describe_cell(level: &Level, x: usize, y: usize) -> String {
        super::level::describe_cell(level, x, y)
    }

    fn is_blank(level: &Level) -> bool {
        level.shapes.is_empty()
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
        Ok(super::resize::resized_at(level, width, height, anchor))
    }

    /// Lists at least `solutions` solutions as it counts them; a
    /// cancelled count is an error, not an answer.
    fn analyze(
        level: &Level,
        job: &Job,
        solutions: usize,
    ) -> Result<Analysis, crate::kinds::AnalysisError> {
        let analysis = super::analyze(level, solutions, job)
            .map_err(|e| crate::kinds::AnalysisError::Invalid(e.to_string()))?;
        // A count over its budget is an answer (a lower bound, said in the
        // verdict); a cancelled one is not.
        if let Some(why @ crate::engine::exact_cover::CoverStop::Cancelled { .. }) =
            &analysis.report.stopped
        {
            return Err(crate::kinds::AnalysisError::Cancelled(why.to_string()));
        }
        Ok(analysis)
    }

    fn summary(_analysis: &Analysis) -> Option<&Summary> {
        None
    }

    fn graph(_analysis: &Analysis) -> Option<&dyn GraphView> {
        None
    }

    fn verdict(analysis: &Analysis) -> &str {
        &analysis.verdict
    }

    fn level_summary(analysis: &Analysis) -> LevelSummary {
        TangramFigures::summary(analysis)
    }

    fn move_string(_analysis: &Analysis, _moves: &[u8]) -> String {
        String::new()
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

    fn figures_from_stored(value: &Value) -> Result<TangramFigures, SummaryError> {
        TangramFigures::from_stored(value)
    }

    fn pack_stats(levels: &[Option<&TangramFigures>]) -> KindStats {
        TangramFigures::pack_stats(levels)
    }
}
