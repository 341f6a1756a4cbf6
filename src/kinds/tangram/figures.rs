//! Tangram's figures in a level's summary: the solution count (no state
//! graph), in Tangram's own words.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::kinds::summary::{
    word_and_words, Figures, GraphFigures, KindStats, LevelSummary, SummaryError, VerdictMark,
};
use crate::kinds::KindFigures;
use crate::words::counted;

use super::Analysis;

/// The figures of a Tangram level's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TangramFigures {
    /// The exact number of solutions (none when the search stopped before
    /// it knew; the verdict says so).
    pub solutions: Option<u64>,
}

/// Tangram's own stored field.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    solutions: Option<u64>,
}

impl TangramFigures {
    /// The summary a pack keeps of `analysis`, its effort included (for
    /// the generators, which hold the kind's own analysis).
    pub fn pack_summary(analysis: Analysis) -> LevelSummary {
        crate::kinds::pack_summary_of(analysis, crate::kinds::Analysis::Tangram)
    }

    /// The summary of a Tangram analysis: its solution count and verdict.
    pub fn summary(analysis: &Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.verdict.clone(),
            figures: KindFigures::Tangram(TangramFigures {
                solutions: analysis
                    .report
                    .solutions
                    .and_then(|n| u64::try_from(n).ok()),
            }),
            effort: None,
        }
    }

    /// Reads the figures of a stored summary (the state numbers a Tangram
    /// summary written before stored as 0 are not read).
    pub fn from_stored(value: &Value) -> Result<TangramFigures, SummaryError> {
        Ok(TangramFigures {
            solutions: Stored::deserialize(value)?.solutions,
        })
    }
}

impl Figures for TangramFigures {
    fn graph(&self) -> Option<&GraphFigures> {
        None
    }

    fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        None
    }

    fn verdict_word(&self, verdict: &str) -> String {
        match self.solutions {
            Some(0) => "no solution".to_string(),
            Some(1) => "unique".to_string(),
            Some(n) => format!("{n} solutions"),
            None => verdict.to_string(),
        }
    }

    fn mark(&self) -> VerdictMark {
        match self.solutions {
            Some(0) => VerdictMark::word("none", false),
            Some(1) => VerdictMark::word("unique", true),
            Some(n) => VerdictMark::word(format!("{n} sol."), true),
            None => VerdictMark::word("?", false),
        }
    }

    fn verdict_order(&self) -> Option<u64> {
        self.solutions
    }

    fn column_figure(&self) -> Option<u32> {
        None
    }

    fn lengths_words(&self) -> Option<String> {
        None
    }

    fn description(&self, word: &str) -> String {
        word.to_string()
    }

    fn card_lines(&self, verdict: &str) -> Vec<String> {
        vec![self.verdict_word(verdict)]
    }

    fn preview_words(&self, verdict: &str) -> String {
        self.verdict_word(verdict)
    }

    fn verdict_rank(&self) -> Option<u32> {
        self.solutions.map(|n| match n {
            0 => 0,
            1 => 2,
            _ => 1,
        })
    }

    fn unfinished(&self) -> bool {
        self.solutions.is_none()
    }

    fn named_figures(&self) -> Vec<(&'static str, String)> {
        vec![(
            "solutions",
            self.solutions
                .map_or("not known".to_string(), |n| n.to_string()),
        )]
    }

    /// No solution fails, and so does a count over its budget: known only
    /// as a lower bound, the level is not checked, as a state graph over
    /// its budget is not.
    fn check_failures(&self, verdict: &str, _min_stars: u8) -> Vec<String> {
        match self.solutions {
            None => vec![format!("the solution count did not finish: {verdict}")],
            Some(0) => vec![word_and_words("no solution", verdict)],
            Some(_) => Vec::new(),
        }
    }

    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)> {
        self.solutions
            .map(|n| ("solutions", n.into()))
            .into_iter()
            .collect()
    }

    /// How many of the pack's Tangram levels have exactly one solution,
    /// several, or a count not known (the search stopped, or the level
    /// cannot be analysed).
    fn pack_stats(levels: &[Option<&TangramFigures>]) -> KindStats {
        if levels.is_empty() {
            return KindStats::default();
        }
        let (mut unique, mut several, mut unknown) = (0, 0, 0);
        for level in levels {
            match level.and_then(|f| f.solutions) {
                Some(1) => unique += 1,
                Some(n) if n > 1 => several += 1,
                Some(_) => {}
                None => unknown += 1,
            }
        }
        KindStats {
            json: vec![(
                "tangram",
                json!({
                    "levels": levels.len(),
                    "unique": unique,
                    "several_solutions": several,
                    "unknown": unknown,
                }),
            )],
            lines: vec![format!(
                "Tangram: {}: {unique} unique, {several} with several solutions, {unknown} not known",
                counted(levels.len() as u64, "level", "levels")
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(solutions: Option<u64>, verdict: &str) -> LevelSummary {
        LevelSummary {
            verdict: verdict.into(),
            figures: KindFigures::Tangram(TangramFigures { solutions }),
            effort: None,
        }
    }

    #[test]
    fn a_check_fails_no_solution_and_an_unfinished_count() {
        assert!(summary(Some(1), "unique").check_failures(3).is_empty());
        assert!(summary(Some(4), "4 solutions").check_failures(3).is_empty());
        assert_eq!(
            summary(Some(0), "no solution: the shapes cannot cover the board").check_failures(3),
            ["no solution: the shapes cannot cover the board"]
        );
        assert_eq!(
            summary(None, "not known: the search stopped").check_failures(3),
            ["the solution count did not finish: not known: the search stopped"]
        );
    }
}
