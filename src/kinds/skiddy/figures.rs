//! Skiddy's figures in a level's summary: the state graph, the stars and
//! the combo lengths, in Skiddy's own words.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::kinds::summary::{
    dead_end_failure, length_words, spread, FigureColumn, Figures, GraphFigures, KindStats,
    LevelSummary, SummaryError, VerdictMark,
};
use crate::kinds::KindFigures;
use crate::words::counted;

use super::{Analysis, Rating};

/// What Skiddy calls the pack panel's figure column: the length of the
/// Perfect, the solution that is both shortest and max-combo.
pub const COLUMN: FigureColumn = FigureColumn {
    title: "Perfect",
    words: "Perfect length",
    unit: "moves",
};

/// The figures of a Skiddy level's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkiddyFigures {
    /// The state graph's numbers.
    pub graph: GraphFigures,
    /// Stars, 0 to 3.
    pub stars: u8,
    /// Length of the shortest max-combo solution (the Perfect's length
    /// when the level has three stars).
    pub shortest_max_combo: Option<u32>,
    /// Length of the shortest no-combo solution.
    pub shortest_no_combo: Option<u32>,
}

/// Skiddy's own stored fields.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    stars: Option<u8>,
    #[serde(default)]
    shortest_max_combo: Option<u32>,
    #[serde(default)]
    shortest_no_combo: Option<u32>,
}

impl SkiddyFigures {
    /// The summary of a Skiddy analysis.
    pub fn summary(analysis: &Analysis) -> LevelSummary {
        SkiddyFigures::summary_of_parts(&analysis.summary, &analysis.rating)
    }

    /// The summary of a Skiddy analysis, from its numbers and its rating.
    pub fn summary_of_parts(s: &crate::engine::Summary, rating: &Rating) -> LevelSummary {
        LevelSummary {
            verdict: rating.reason.clone(),
            figures: KindFigures::Skiddy(SkiddyFigures {
                graph: GraphFigures::of(s),
                stars: rating.stars,
                shortest_max_combo: s.preferred.shortest,
                shortest_no_combo: s.mixed.shortest,
            }),
            effort: None,
        }
    }

    /// Reads the figures of a stored summary; a Skiddy summary cannot be
    /// without its stars.
    pub fn from_stored(value: &Value) -> Result<SkiddyFigures, SummaryError> {
        let stored = Stored::deserialize(value)?;
        Ok(SkiddyFigures {
            graph: GraphFigures::from_stored(value)?,
            stars: stored.stars.ok_or(SummaryError::Missing {
                kind: "Skiddy",
                field: "stars",
            })?,
            shortest_max_combo: stored.shortest_max_combo,
            shortest_no_combo: stored.shortest_no_combo,
        })
    }

    /// The length of the level's *Perfect*: a solution that is both
    /// max-combo and shortest, which exists when the shortest max-combo
    /// solution is as short as the shortest solution.
    pub fn perfect_length(&self) -> Option<u32> {
        match (self.shortest_max_combo, self.graph.shortest) {
            (Some(combo), Some(any)) if combo == any => Some(combo),
            _ => None,
        }
    }
}

impl Figures for SkiddyFigures {
    fn graph(&self) -> Option<&GraphFigures> {
        Some(&self.graph)
    }

    fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        Some(&mut self.graph)
    }

    fn headline(&self, verdict: &str) -> String {
        super::report::stars_headline(self.stars, verdict)
    }

    fn verdict_word(&self, _verdict: &str) -> String {
        counted(self.stars, "star", "stars")
    }

    fn mark(&self) -> VerdictMark {
        VerdictMark::Stars(self.stars.min(3))
    }

    fn verdict_order(&self) -> Option<u64> {
        Some(u64::from(self.stars))
    }

    fn column_figure(&self) -> Option<u32> {
        self.perfect_length()
    }

    fn lengths_words(&self) -> Option<String> {
        Some(format!(
            "Shortest {}, max-combo {}, no-combo {}",
            length_words(self.graph.shortest),
            length_words(self.shortest_max_combo),
            length_words(self.shortest_no_combo)
        ))
    }

    fn description(&self, word: &str) -> String {
        let perfect = self
            .perfect_length()
            .map_or("no Perfect".into(), |n| format!("Perfect {n}"));
        format!("{word}, {perfect}, {}", self.graph.counts_words())
    }

    fn card_lines(&self, _verdict: &str) -> Vec<String> {
        match (self.stars, self.shortest_max_combo, self.graph.shortest) {
            (3, Some(n), _) => vec![format!("Perfect {n}")],
            (_, _, Some(n)) => vec![format!("best {n}")],
            (_, _, None) => vec!["no solution".to_string()],
        }
    }

    fn preview_words(&self, _verdict: &str) -> String {
        let perfect = self
            .shortest_max_combo
            .or(self.graph.shortest)
            .map_or_else(|| "no solution".to_owned(), |n| format!("Perfect {n}"));
        format!("{} stars, {perfect}", self.stars)
    }

    fn verdict_rank(&self) -> Option<u32> {
        Some(u32::from(self.stars))
    }

    fn named_figures(&self) -> Vec<(&'static str, String)> {
        let mut named = vec![
            ("stars", self.stars.to_string()),
            ("shortest", length_words(self.graph.shortest)),
            ("max-combo", length_words(self.shortest_max_combo)),
            ("no-combo", length_words(self.shortest_no_combo)),
        ];
        named.extend(self.graph.named_counts());
        named
    }

    /// A reachable dead end fails, and so do fewer stars than wanted.
    fn check_failures(&self, verdict: &str, min_stars: u8) -> Vec<String> {
        let mut failures: Vec<String> =
            dead_end_failure(&self.graph, verdict).into_iter().collect();
        if self.stars < min_stars {
            failures.push(format!(
                "{}, fewer than the wanted {min_stars}: {verdict}",
                counted(self.stars, "star", "stars")
            ));
        }
        failures
    }

    fn fields_before_verdict(&self) -> Vec<(&'static str, Value)> {
        vec![("stars", self.stars.into())]
    }

    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)> {
        let mut fields = vec![self.graph.shortest_field()];
        if let Some(n) = self.shortest_max_combo {
            fields.push(("shortest_max_combo", n.into()));
        }
        if let Some(n) = self.shortest_no_combo {
            fields.push(("shortest_no_combo", n.into()));
        }
        fields.extend(self.graph.count_fields());
        fields
    }

    /// The stars of the pack's Skiddy levels (always in the JSON row, as
    /// every version wrote them) and the Perfect lengths of its 3-star
    /// levels.
    fn pack_stats(levels: &[Option<&SkiddyFigures>]) -> KindStats {
        let known: Vec<&SkiddyFigures> = levels.iter().flatten().copied().collect();
        let mut stars = [0u64; 4];
        for f in &known {
            stars[usize::from(f.stars.min(3))] += 1;
        }
        let perfect: Vec<u32> = known
            .iter()
            .filter(|f| f.stars == 3)
            .filter_map(|f| f.perfect_length())
            .collect();
        let (lo, mid, hi) = spread(&perfect);
        let mut lines = Vec::new();
        if !known.is_empty() {
            lines.push(format!(
                "stars: 3★ {}  2★ {}  1★ {}  0★ {}",
                stars[3], stars[2], stars[1], stars[0]
            ));
            lines.push(match (lo, mid, hi) {
                (Some(lo), Some(mid), Some(hi)) => {
                    format!("Perfect length of 3-star levels: {lo} to {hi}, median {mid}")
                }
                _ => "no 3-star level".to_string(),
            });
        }
        KindStats {
            json: vec![
                ("stars", json!(stars)),
                (
                    "perfect_length",
                    json!({"min": lo, "median": mid, "max": hi}),
                ),
            ],
            lines,
        }
    }
}
