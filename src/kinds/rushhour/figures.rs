//! Rush Hour's figures in a level's summary: the state graph (never a dead
//! end: every move can be undone), the fewest moves and steps, and how far
//! from a win the hardest start of the same pieces lies.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::kinds::summary::{
    length_words, spread, FigureColumn, Figures, GraphFigures, KindStats, SummaryError, VerdictMark,
};
use crate::words::counted;

/// The figures of a Rush Hour level's verdict; the level is solvable when
/// the graph has a shortest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RushHourFigures {
    /// The state graph's numbers (`shortest` is the fewest moves).
    pub graph: GraphFigures,
    /// The fewest steps (cells slid) over all solutions.
    pub shortest_steps: Option<u32>,
    /// The most moves from a win over the states the start can reach: the
    /// hardest start these pieces allow.
    pub farthest: Option<u32>,
}

/// What Rush Hour calls the pack panel's figure column: the fewest moves.
pub const COLUMN: FigureColumn = FigureColumn {
    title: "Moves",
    words: "fewest moves",
    unit: "moves",
};

/// Rush Hour's own stored fields.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    shortest_steps: Option<u32>,
    #[serde(default)]
    farthest: Option<u32>,
}

impl RushHourFigures {
    /// Reads the figures of a stored summary.
    pub fn from_stored(value: &Value) -> Result<RushHourFigures, SummaryError> {
        let stored = Stored::deserialize(value)?;
        Ok(RushHourFigures {
            graph: GraphFigures::from_stored(value)?,
            shortest_steps: stored.shortest_steps,
            farthest: stored.farthest,
        })
    }

    /// The lengths on a card: `"49 moves, 93 steps"`, or `"no solution"`.
    fn lengths(&self) -> String {
        match (self.graph.shortest, self.shortest_steps) {
            (Some(m), Some(s)) => format!(
                "{}, {}",
                counted(m, "move", "moves"),
                counted(s, "step", "steps")
            ),
            (Some(m), None) => counted(m, "move", "moves"),
            _ => "no solution".to_string(),
        }
    }

    /// `"hardest start 51 moves"`, when it is known.
    fn farthest_words(&self) -> Option<String> {
        self.farthest
            .map(|f| format!("hardest start {}", counted(f, "move", "moves")))
    }
}

/// The verdict's headline from the fewest moves and steps and the
/// farthest position: `"49 moves (93 steps at the fewest), farthest
/// 51"`, `"solved at the start"` or `"unsolvable"` (the analysis and a
/// stored summary say it alike).
pub fn headline_words(
    moves: Option<usize>,
    steps: Option<usize>,
    farthest: Option<usize>,
) -> String {
    match (moves, steps, farthest) {
        (Some(0), _, _) => "solved at the start".to_string(),
        (Some(moves), Some(steps), Some(farthest)) => format!(
            "{} ({} at the fewest), farthest {farthest}",
            counted(moves as u64, "move", "moves"),
            counted(steps as u64, "step", "steps")
        ),
        _ => "unsolvable".to_string(),
    }
}

impl Figures for RushHourFigures {
    fn headline(&self, _verdict: &str) -> String {
        let wide = |n: Option<u32>| n.map(|n| n as usize);
        headline_words(
            wide(self.graph.shortest),
            wide(self.shortest_steps),
            wide(self.farthest),
        )
    }

    fn graph(&self) -> Option<&GraphFigures> {
        Some(&self.graph)
    }

    fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        Some(&mut self.graph)
    }

    fn verdict_word(&self, _verdict: &str) -> String {
        match self.graph.shortest {
            Some(0) => "won at the start".to_string(),
            Some(_) => "solvable".to_string(),
            None => "unsolvable".to_string(),
        }
    }

    /// The fewest moves (`"49m"`), which also has the figure column.
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
        self.graph.shortest
    }

    fn lengths_words(&self) -> Option<String> {
        Some(format!(
            "Shortest {}, fewest steps {}, hardest start {}",
            length_words(self.graph.shortest),
            length_words(self.shortest_steps),
            length_words(self.farthest)
        ))
    }

    /// `"solvable, 49 moves, 93 steps, 4,780 states, hardest start 51
    /// moves"`.
    fn description(&self, word: &str) -> String {
        let mut text = format!(
            "{word}, {}, {}",
            self.lengths(),
            counted(self.graph.states, "state", "states")
        );
        if let Some(farthest) = self.farthest_words() {
            text.push_str(&format!(", {farthest}"));
        }
        text
    }

    fn card_lines(&self, _verdict: &str) -> Vec<String> {
        let mut lines = vec![self.lengths()];
        lines.extend(self.farthest_words());
        lines
    }

    fn preview_words(&self, _verdict: &str) -> String {
        self.lengths()
    }

    /// Solvable is better than not; there are never dead ends.
    fn verdict_rank(&self) -> Option<u32> {
        Some(match self.graph.shortest {
            None => 0,
            Some(_) => 1,
        })
    }

    fn named_figures(&self) -> Vec<(&'static str, String)> {
        vec![
            ("shortest", length_words(self.graph.shortest)),
            ("fewest steps", length_words(self.shortest_steps)),
            ("hardest start", length_words(self.farthest)),
            ("states", self.graph.states.to_string()),
        ]
    }

    /// No solution fails; dead ends cannot happen.
    fn check_failures(&self, verdict: &str, _min_stars: u8) -> Vec<String> {
        match self.graph.shortest {
            Some(_) => Vec::new(),
            None => vec![crate::kinds::summary::word_and_words("unsolvable", verdict)],
        }
    }

    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)> {
        let mut fields = vec![self.graph.shortest_field()];
        fields.extend(self.graph.count_fields());
        if let Some(n) = self.shortest_steps {
            fields.push(("shortest_steps", n.into()));
        }
        if let Some(n) = self.farthest {
            fields.push(("farthest", n.into()));
        }
        fields
    }

    /// How many of the pack's analysed Rush Hour levels can be solved, and
    /// the spread of their fewest moves.
    fn pack_stats(levels: &[Option<&RushHourFigures>]) -> KindStats {
        let known: Vec<&RushHourFigures> = levels.iter().flatten().copied().collect();
        if known.is_empty() {
            return KindStats::default();
        }
        let moves: Vec<u32> = known.iter().filter_map(|f| f.graph.shortest).collect();
        let (lo, mid, hi) = spread(&moves);
        let range = match (lo, mid, hi) {
            (Some(lo), Some(mid), Some(hi)) => {
                format!("; fewest moves: {lo} to {hi}, median {mid}")
            }
            _ => String::new(),
        };
        KindStats {
            json: vec![(
                "rushhour",
                json!({
                    "levels": known.len(),
                    "solvable": moves.len(),
                    "shortest_moves": {"min": lo, "median": mid, "max": hi},
                }),
            )],
            lines: vec![format!(
                "analysed Rush Hour levels: {}, {} solvable{range}",
                known.len(),
                moves.len()
            )],
        }
    }
}
