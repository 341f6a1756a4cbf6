//! Skiddy as the kind list sees it ([`KindModel`]).

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};
use crate::kinds::model::{KindModel, KindWords, PlayText};
use crate::kinds::resize::{Anchor, ResizeError};
use crate::kinds::summary::{FigureColumn, Figures, KindStats, LevelSummary, SummaryError};
use crate::kinds::{PlayTextError, Problem, TextFormat};
use crate::picture::Picture;

use super::figures::SkiddyFigures;
use super::{Analysis, Level};

/// The Skiddy kind: every piece slides until it hits something.
#[derive(Clone, Copy, Debug)]
pub struct Model;

impl KindModel for Model {
    type Level = Level;
    type Analysis = Analysis;
    type Figures = SkiddyFigures;

    const NAME: &'static str = "skiddy";
    const TITLE: &'static str = "Skiddy";
    const FORMATS: &'static [TextFormat] = super::text_formats::TEXT_FORMATS;
    const WORDS: KindWords = KindWords {
        unfair: "dead ends or fewer stars than wanted",
        figures: "stars and Perfect lengths",
        same_puzzle: "a rotation, a mirror and a renaming of colours",
        moves: Some("U R D L"),
    };
    const PLAY_TEXT: Option<PlayText<Level>> = Some(play_text);
    const HAS_STATE_GRAPH: bool = true;
    const SEARCH_UNIT: crate::kinds::model::SearchUnit = crate::kinds::model::SearchUnit::States;
    const EFFORT_MODEL: crate::effort::EffortModel = super::effort::EFFORT_MODEL;
    const FIGURE_COLUMN: Option<FigureColumn> = Some(super::figures::COLUMN);
    const GIVES_STARS: bool = true;

    /// A Skiddy level may lack the `kind` field: files written before there
    /// were other kinds.
    fn level_from_json(value: &Value) -> Result<Level, crate::kinds::LevelError> {
        let mut value = value.clone();
        if value.get("kind").is_none() {
            if let Some(object) = value.as_object_mut() {
                object.insert("kind".into(), Value::String(Self::NAME.into()));
            }
        }
        super::format::from_json_value(&value).map_err(crate::kinds::LevelError::from)
    }

    fn level_to_json(level: &Level) -> Value {
        super::format::to_json_value(level)
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
        level.pieces().next().is_none()
    }

    fn canonical_key(level: &Level) -> String {
        super::canonical::canonical_key(level)
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
        Some(analysis.view())
    }

    fn verdict(analysis: &Analysis) -> &str {
        &analysis.rating.reason
    }

    fn level_summary(analysis: &Analysis) -> LevelSummary {
        SkiddyFigures::summary(analysis)
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

    fn figures_from_stored(value: &Value) -> Result<SkiddyFigures, SummaryError> {
        SkiddyFigures::from_stored(value)
    }

    fn pack_stats(levels: &[Option<&SkiddyFigures>]) -> KindStats {
        SkiddyFigures::pack_stats(levels)
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
