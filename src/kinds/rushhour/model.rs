//! Rush Hour as the kind list sees it ([`KindModel`]).

use serde_json::Value;

use crate::engine::{GraphView, Job, Summary};
use crate::kinds::model::{KindModel, KindWords, PlayText};
use crate::kinds::resize::{Anchor, ResizeError};
use crate::kinds::summary::{
    FigureColumn, Figures, GraphFigures, KindStats, LevelSummary, SummaryError,
};
use crate::kinds::{KindFigures, PlayTextError, Problem, TextFormat};
use crate::picture::Picture;

use super::figures::RushHourFigures;
use super::{Analysis, Level};

/// The Rush Hour kind: slide the cars until the red one drives out.
#[derive(Clone, Copy, Debug)]
pub struct Model;

impl KindModel for Model {
    type Level = Level;
    type Analysis = Analysis;
    type Figures = RushHourFigures;

    const NAME: &'static str = "rushhour";
    const TITLE: &'static str = "Rush Hour";
    const FORMATS: &'static [TextFormat] = super::text_formats::TEXT_FORMATS;
    const WORDS: KindWords = KindWords {
        unfair: "no solution",
        figures: "fewest moves and steps, the hardest start",
        same_puzzle: "the top-bottom mirror and an order of the vehicles",
        moves: Some("A+2 C-1, a vehicle's letter and how far it slides, + right or down"),
    };
    const PLAY_TEXT: Option<PlayText<Level>> = Some(play_text);
    const HAS_STATE_GRAPH: bool = true;
    const SEARCH_UNIT: crate::kinds::model::SearchUnit = crate::kinds::model::SearchUnit::States;
    const EFFORT_MODEL: crate::effort::EffortModel = super::effort::EFFORT_MODEL;
    const FIGURE_COLUMN: Option<FigureColumn> = Some(super::figures::COLUMN);

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
        super::describe_cell(level, x, y)
    }

    fn is_blank(level: &Level) -> bool {
        level.vehicles.is_empty() && level.walls().iter().all(|&w| !w)
    }

    fn canonical_key(level: &Level) -> String {
        super::canonical_key(level)
    }

    fn picture(level: &Level) -> Picture {
        super::level_picture(level)
    }

    fn resized(
        level: &Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> Result<(Level, Vec<String>), ResizeError> {
        super::resized_at(level, width, height, anchor)
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
        &analysis.report.verdict
    }

    fn level_summary(analysis: &Analysis) -> LevelSummary {
        let figure = |n: Option<usize>| n.and_then(|n| u32::try_from(n).ok());
        LevelSummary {
            verdict: analysis.report.verdict.clone(),
            figures: KindFigures::RushHour(RushHourFigures {
                graph: GraphFigures::of(&analysis.summary),
                shortest_steps: figure(analysis.report.shortest_steps),
                farthest: figure(analysis.report.farthest),
            }),
            effort: None,
        }
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

    fn figures_from_stored(value: &Value) -> Result<RushHourFigures, SummaryError> {
        RushHourFigures::from_stored(value)
    }

    fn pack_stats(levels: &[Option<&RushHourFigures>]) -> KindStats {
        RushHourFigures::pack_stats(levels)
    }
}

/// What `levelscope play` prints for `moves` played from the start of
/// `level`.
fn play_text(level: &Level, moves: &str) -> Result<String, PlayTextError> {
    super::transcript::parse_moves(moves)
        .map_err(|e| PlayTextError::Moves(e.to_string()))
        .and_then(|moves| {
            super::transcript::play_text(level, &moves).map_err(|e| match e {
                super::transcript::PlayError::Compile(_) => PlayTextError::Level(e.to_string()),
                super::transcript::PlayError::NoSuchVehicle { .. } => {
                    PlayTextError::Moves(e.to_string())
                }
            })
        })
        .map(|(text, _)| text)
}
