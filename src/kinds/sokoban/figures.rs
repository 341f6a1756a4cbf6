//! Sokoban's figures in a level's summary: the state graph (its dead ends
//! are the deadlocks, its traps the fatal pushes) and the fewest pushes,
//! in Sokoban's own words.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::kinds::summary::{
    length_words, spread, word_and_words, FigureColumn, Figures, GraphFigures, GraphWords,
    KindStats, LevelSummary, SummaryError, VerdictMark,
};
use crate::kinds::KindFigures;
use crate::words::counted;

use super::Analysis;

/// The figures of a Sokoban level's verdict; the level is solvable when
/// the graph has a shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SokobanFigures {
    /// The state graph's numbers.
    pub graph: GraphFigures,
    /// The fewest pushes over all solutions (none when the level cannot
    /// be solved).
    pub min_pushes: Option<u32>,
}

/// What Sokoban calls the pack panel's figure column: the fewest pushes.
pub const COLUMN: FigureColumn = FigureColumn {
    title: "Pushes",
    words: "fewest pushes",
    unit: "pushes",
};

/// Sokoban's words for the state graph's dead ends and traps.
pub const GRAPH_WORDS: GraphWords = GraphWords {
    dead_end: "deadlock",
    dead_ends: "deadlocks",
    dead_ends_title: "Deadlocks",
    trap: "fatal push",
    traps: "fatal pushes",
    traps_title: "Fatal pushes",
};

/// Sokoban's own stored field.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    min_pushes: Option<u32>,
}

impl SokobanFigures {
    /// The summary of a Sokoban analysis: its moves, pushes, deadlocks,
    /// fatal pushes and verdict.
    pub fn summary(analysis: &Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.report.verdict.clone(),
            figures: KindFigures::Sokoban(SokobanFigures {
                graph: GraphFigures::of(&analysis.summary),
                min_pushes: analysis.report.min_pushes,
            }),
            effort: None,
        }
    }

    /// Reads the figures of a stored summary.
    pub fn from_stored(value: &Value) -> Result<SokobanFigures, SummaryError> {
        Ok(SokobanFigures {
            graph: GraphFigures::from_stored(value)?,
            min_pushes: Stored::deserialize(value)?.min_pushes,
        })
    }

    /// The lengths on a card: `"33 moves, 8 pushes"`, or `"no solution"`.
    fn lengths(&self) -> String {
        match (self.graph.shortest, self.min_pushes) {
            (Some(m), Some(p)) => format!(
                "{}, {}",
                counted(m, "move", "moves"),
                counted(p, "push", "pushes")
            ),
            _ => "no solution".to_string(),
        }
    }
}

impl Figures for SokobanFigures {
    fn graph(&self) -> Option<&GraphFigures> {
        Some(&self.graph)
    }

    fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        Some(&mut self.graph)
    }

    fn verdict_word(&self, _verdict: &str) -> String {
        match self.graph.shortest {
            Some(0) => "solved at the start".to_string(),
            Some(_) => "solvable".to_string(),
            None => "unsolvable".to_string(),
        }
    }

    /// The fewest moves (`"33m"`); the fewest pushes have the figure
    /// column ([`COLUMN`]).
    fn mark(&self) -> VerdictMark {
        match self.graph.shortest {
            Some(m) => VerdictMark::word(format!("{m}m"), true),
            None => VerdictMark::word("none", false),
        }
    }

    fn verdict_order(&self) -> Option<u64> {
        self.graph.shortest.map(u64::from)
    }

    fn column_figure(&self) -> Option<u32> {
        self.min_pushes
    }

    /// Deadlocks are the puzzle: nearly every level has them.
    fn dead_ends_are_faults(&self) -> bool {
        false
    }

    fn lengths_words(&self) -> Option<String> {
        Some(format!(
            "Shortest {}, fewest pushes {}",
            length_words(self.graph.shortest),
            length_words(self.min_pushes)
        ))
    }

    /// `"solvable, 9 moves, 3 pushes, 60 states, 14 deadlocks, 2 fatal
    /// pushes"`: the counts in Sokoban's words.
    fn description(&self, word: &str) -> String {
        let moves = match (self.graph.shortest, self.min_pushes) {
            (Some(m), Some(p)) => format!(
                ", {}, {}",
                counted(m, "move", "moves"),
                counted(p, "push", "pushes")
            ),
            _ => String::new(),
        };
        format!(
            "{word}{moves}, {}, {}, {}",
            counted(self.graph.states, "state", "states"),
            counted(self.graph.dead_ends, "deadlock", "deadlocks"),
            counted(self.graph.traps, "fatal push", "fatal pushes")
        )
    }

    fn card_lines(&self, _verdict: &str) -> Vec<String> {
        vec![
            self.lengths(),
            counted(self.graph.traps, "fatal push", "fatal pushes"),
        ]
    }

    fn preview_words(&self, _verdict: &str) -> String {
        self.lengths()
    }

    fn verdict_rank(&self) -> Option<u32> {
        Some(match (self.graph.shortest, self.graph.dead_ends) {
            (None, _) => 0,
            (Some(_), 0) => 2,
            (Some(_), _) => 1,
        })
    }

    fn named_figures(&self) -> Vec<(&'static str, String)> {
        vec![
            ("shortest", length_words(self.graph.shortest)),
            ("fewest pushes", length_words(self.min_pushes)),
            ("states", self.graph.states.to_string()),
            ("deadlocks", self.graph.dead_ends.to_string()),
            ("fatal pushes", self.graph.traps.to_string()),
        ]
    }

    /// No solution fails. Deadlocks do not: nearly every Sokoban level has
    /// them (a box pushed into a corner), and finding them is what the
    /// analysis is for, not a flaw of the level.
    fn check_failures(&self, verdict: &str, _min_stars: u8) -> Vec<String> {
        match self.graph.shortest {
            Some(_) => Vec::new(),
            None => vec![word_and_words("unsolvable", verdict)],
        }
    }

    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)> {
        let mut fields = vec![self.graph.shortest_field()];
        fields.extend(self.graph.count_fields());
        if let Some(n) = self.min_pushes {
            fields.push(("min_pushes", n.into()));
        }
        fields
    }

    /// How many of the pack's analysed Sokoban levels can be solved, and
    /// their fewest pushes.
    fn pack_stats(levels: &[Option<&SokobanFigures>]) -> KindStats {
        let known: Vec<&SokobanFigures> = levels.iter().flatten().copied().collect();
        if known.is_empty() {
            return KindStats::default();
        }
        let pushes: Vec<u32> = known.iter().filter_map(|f| f.min_pushes).collect();
        let (lo, mid, hi) = spread(&pushes);
        let range = match (lo, mid, hi) {
            (Some(lo), Some(mid), Some(hi)) => {
                format!("; fewest pushes: {lo} to {hi}, median {mid}")
            }
            _ => String::new(),
        };
        KindStats {
            json: vec![(
                "pushes",
                json!({
                    "levels": known.len(),
                    "solvable": pushes.len(),
                    "min_pushes": {"min": lo, "median": mid, "max": hi},
                }),
            )],
            lines: vec![format!(
                "analysed levels that push boxes: {}, {} solvable{range}",
                known.len(),
                pushes.len()
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sokoban(shortest: Option<u32>, min_pushes: Option<u32>) -> LevelSummary {
        LevelSummary {
            verdict: "solvable in 9 moves and 3 pushes; 2 pushes lead into a deadlock".into(),
            figures: KindFigures::Sokoban(SokobanFigures {
                graph: GraphFigures {
                    shortest,
                    states: 60,
                    dead_ends: 14,
                    traps: 2,
                },
                min_pushes,
            }),
            effort: None,
        }
    }

    #[test]
    fn a_sokoban_summary_round_trips() {
        for s in [sokoban(Some(9), Some(3)), sokoban(None, None)] {
            let value = serde_json::to_value(&s).unwrap();
            let read = LevelSummary::from_json_value(crate::kinds::Kind::Sokoban, &value).unwrap();
            assert_eq!(read, s);
        }
    }

    #[test]
    fn a_sokoban_summary_says_moves_pushes_deadlocks_and_fatal_pushes() {
        let s = sokoban(Some(9), Some(3));
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"verdict":"solvable in 9 moves and 3 pushes; 2 pushes lead into a deadlock","shortest":9,"states":60,"dead_ends":14,"traps":2,"min_pushes":3}"#
        );
        assert_eq!(s.verdict_word(), "solvable");
        assert_eq!(s.verdict_sentence(), s.verdict, "the word is said once");
        assert_eq!(
            s.mark(),
            VerdictMark::Word {
                text: "9m".into(),
                good: true
            }
        );
        assert_eq!((s.verdict_order(), s.column_figure()), (Some(9), Some(3)));
        assert!(!s.dead_ends_are_faults(), "deadlocks are the puzzle");
        assert_eq!(s.card_lines(), ["9 moves, 3 pushes", "2 fatal pushes"]);
        assert_eq!(
            s.description(),
            "solvable, 9 moves, 3 pushes, 60 states, 14 deadlocks, 2 fatal pushes"
        );
        assert_eq!(s.lengths_words().unwrap(), "Shortest 9, fewest pushes 3");
        let none = sokoban(None, None);
        assert_eq!(none.verdict_word(), "unsolvable");
        assert_eq!(
            none.mark(),
            VerdictMark::Word {
                text: "none".into(),
                good: false
            }
        );
        assert_eq!(none.card_lines()[0], "no solution");
    }

    #[test]
    fn a_check_fails_an_unsolvable_level_and_not_a_level_with_deadlocks() {
        let solvable = sokoban(Some(9), Some(3));
        assert!(solvable.graph().unwrap().dead_ends > 0);
        assert_eq!(solvable.check_failures(3), Vec::<String>::new());
        let mut stuck = sokoban(None, None);
        stuck.verdict = "unsolvable: no sequence of moves puts every box on a goal".into();
        assert_eq!(stuck.check_failures(3), [stuck.verdict.clone()]);
    }
}
