//! Prism's figures in a level's summary: the state graph and the
//! difficulty, in Prism's own words.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::kinds::summary::{
    dead_end_failure, length_words, spread, FigureColumn, Figures, GraphFigures, KindStats,
    LevelSummary, SummaryError, VerdictMark,
};
use crate::kinds::KindFigures;

use super::Analysis;

/// What Prism calls the pack panel's figure column: the fewest moves.
pub const COLUMN: FigureColumn = FigureColumn {
    title: "Moves",
    words: "fewest moves",
    unit: "moves",
};

/// The figures of a Prism level's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrismFigures {
    /// The state graph's numbers.
    pub graph: GraphFigures,
    /// The difficulty score of the shortest solution (none when the level
    /// cannot be solved).
    pub difficulty: Option<u32>,
}

/// Prism's own stored field.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    difficulty: Option<u32>,
}

impl PrismFigures {
    /// The summary a pack keeps of `analysis`, its effort included (for
    /// the generators, which hold the kind's own analysis).
    pub fn pack_summary(analysis: Analysis) -> LevelSummary {
        crate::kinds::pack_summary_of(analysis, crate::kinds::Analysis::Prism)
    }

    /// The summary of a Prism analysis.
    pub fn summary(analysis: &Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.rating.verdict.clone(),
            figures: KindFigures::Prism(PrismFigures {
                graph: GraphFigures::of(&analysis.summary),
                difficulty: analysis.rating.difficulty,
            }),
            effort: None,
        }
    }

    /// Reads the figures of a stored summary.
    pub fn from_stored(value: &Value) -> Result<PrismFigures, SummaryError> {
        Ok(PrismFigures {
            graph: GraphFigures::from_stored(value)?,
            difficulty: Stored::deserialize(value)?.difficulty,
        })
    }
}

impl Figures for PrismFigures {
    fn graph(&self) -> Option<&GraphFigures> {
        Some(&self.graph)
    }

    fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        Some(&mut self.graph)
    }

    fn headline(&self, verdict: &str) -> String {
        super::report::difficulty_headline(self.difficulty, verdict)
    }

    fn verdict_word(&self, _verdict: &str) -> String {
        match self.difficulty {
            Some(d) => format!("difficulty {d}"),
            None => "no solution".to_string(),
        }
    }

    fn mark(&self) -> VerdictMark {
        match self.difficulty {
            Some(d) => VerdictMark::word(format!("d {d}"), true),
            None => VerdictMark::word("none", false),
        }
    }

    fn verdict_order(&self) -> Option<u64> {
        self.difficulty.map(u64::from)
    }

    fn column_figure(&self) -> Option<u32> {
        self.graph.shortest
    }

    fn lengths_words(&self) -> Option<String> {
        Some(format!("Shortest {}", length_words(self.graph.shortest)))
    }

    fn description(&self, word: &str) -> String {
        format!("{word}, {}", self.graph.counts_words())
    }

    fn card_lines(&self, verdict: &str) -> Vec<String> {
        let best = self
            .graph
            .shortest
            .map_or("no solution".to_string(), |n| format!("best {n}"));
        match self.difficulty {
            Some(d) => vec![format!("difficulty {d}, {best}"), verdict.to_string()],
            None => vec![verdict.to_string()],
        }
    }

    fn preview_words(&self, _verdict: &str) -> String {
        match (self.difficulty, self.graph.shortest) {
            (Some(d), Some(n)) => format!("difficulty {d}, {n} moves"),
            _ => "no solution".to_owned(),
        }
    }

    fn verdict_rank(&self) -> Option<u32> {
        Some(match (self.difficulty, self.graph.dead_ends) {
            (None, _) => 0,
            (Some(_), 0) => 2,
            (Some(_), _) => 1,
        })
    }

    fn named_figures(&self) -> Vec<(&'static str, String)> {
        let mut named = vec![("shortest", length_words(self.graph.shortest))];
        named.extend(self.graph.named_counts());
        named.push(("difficulty", length_words(self.difficulty)));
        named
    }

    /// A reachable dead end fails (an unsolvable level's start is one).
    fn check_failures(&self, verdict: &str, _min_stars: u8) -> Vec<String> {
        dead_end_failure(&self.graph, verdict).into_iter().collect()
    }

    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)> {
        let mut fields = vec![self.graph.shortest_field()];
        fields.extend(self.graph.count_fields());
        if let Some(d) = self.difficulty {
            fields.push(("difficulty", d.into()));
        }
        fields
    }

    /// The difficulties of the pack's solvable Prism levels (always in the
    /// JSON row, as every version wrote them).
    fn pack_stats(levels: &[Option<&PrismFigures>]) -> KindStats {
        let difficulty: Vec<u32> = levels
            .iter()
            .flatten()
            .filter_map(|f| f.difficulty)
            .collect();
        let (lo, mid, hi) = spread(&difficulty);
        let mut lines = Vec::new();
        if let (Some(lo), Some(mid), Some(hi)) = (lo, mid, hi) {
            lines.push(format!("difficulty: {lo} to {hi}, median {mid}"));
        }
        KindStats {
            json: vec![("difficulty", json!({"min": lo, "median": mid, "max": hi}))],
            lines,
        }
    }
}
