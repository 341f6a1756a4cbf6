//! The numbers of a level's latest analysis that a pack keeps beside it:
//! the verdict in words, and the kind's own figures (the engine's counts
//! where the kind has a state graph; stars, difficulty or solution count).
//!
//! The summary answers for its kind: its verdict in a word or two, in a
//! sentence, in the pack panel's columns and on a contact sheet's card, so
//! that no caller guesses the kind from which numbers are there.
//!
//! On disk a summary is one flat JSON object with the field names every
//! levelscope wrote (`stars`, `verdict`, `shortest`, `shortest_max_combo`,
//! `shortest_no_combo`, `states`, `dead_ends`, `traps`, `difficulty`,
//! `solutions`; Sokoban adds `min_pushes`), so older versions keep reading
//! it. Reading takes the kind
//! from the level stored beside the summary.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use super::{prism, skiddy, sokoban, tangram, Kind};
use crate::words::counted;

/// The numbers of a state graph's exploration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphFigures {
    /// Length of the shortest solution (none when the level cannot be
    /// solved).
    pub shortest: Option<u32>,
    /// Reachable states.
    pub states: u64,
    /// Dead ends.
    pub dead_ends: u64,
    /// Traps.
    pub traps: u64,
}

impl GraphFigures {
    /// The figures of the engine's summary.
    pub fn of(s: &crate::engine::Summary) -> GraphFigures {
        GraphFigures {
            shortest: s.any.shortest,
            states: s.states,
            dead_ends: s.dead_ends,
            traps: s.traps,
        }
    }

    /// "N states, N dead ends, N traps".
    pub fn counts_words(&self) -> String {
        format!(
            "{}, {}, {}",
            counted(self.states, "state", "states"),
            counted(self.dead_ends, "dead end", "dead ends"),
            counted(self.traps, "trap", "traps")
        )
    }
}

/// The figures of one kind's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KindFigures {
    /// Skiddy: the state graph, stars and the combo lengths.
    Skiddy {
        /// The state graph's numbers.
        graph: GraphFigures,
        /// Stars, 0 to 3.
        stars: u8,
        /// Length of the shortest max-combo solution (the Perfect's length
        /// when the level has three stars).
        shortest_max_combo: Option<u32>,
        /// Length of the shortest no-combo solution.
        shortest_no_combo: Option<u32>,
    },
    /// Prism: the state graph and the difficulty.
    Prism {
        /// The state graph's numbers.
        graph: GraphFigures,
        /// The difficulty score of the shortest solution (none when the
        /// level cannot be solved).
        difficulty: Option<u32>,
    },
    /// Tangram: the solution count (no state graph).
    Tangram {
        /// The exact number of solutions (none when the search stopped
        /// before it knew; the verdict says so).
        solutions: Option<u64>,
    },
    /// Sokoban: the state graph (its dead ends are the deadlocks, its
    /// traps the fatal pushes) and the fewest pushes; the level is
    /// solvable when the graph has a shortest solution.
    Sokoban {
        /// The state graph's numbers.
        graph: GraphFigures,
        /// The fewest pushes over all solutions (none when the level
        /// cannot be solved).
        min_pushes: Option<u32>,
    },
}

/// The verdict as the pack panel's verdict column shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerdictMark {
    /// Stars out of three.
    Stars(u8),
    /// A short word ("d 41", "unique", "none"), and whether it is good
    /// news (a solvable level, a known count).
    Word {
        /// The word.
        text: String,
        /// Whether it is good news.
        good: bool,
    },
}

/// The numbers of a level's latest analysis, kept in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSummary {
    /// The verdict in a designer's words (Skiddy: why stars were withheld,
    /// or that every rule holds).
    pub verdict: String,
    /// The kind's own figures.
    pub figures: KindFigures,
}

/// Why a stored summary cannot be read for its level's kind.
#[derive(Debug, thiserror::Error)]
pub enum SummaryError {
    /// The JSON is not a summary object.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A Skiddy summary without its stars.
    #[error("a Skiddy summary without \"stars\"")]
    NoStars,
}

/// A summary as every version wrote it: one flat object, each kind's fields
/// absent for the others. Packs written before there were several kinds
/// call the verdict `star_reason`.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    stars: Option<u8>,
    #[serde(default, alias = "star_reason")]
    verdict: String,
    #[serde(default)]
    shortest: Option<u32>,
    #[serde(default)]
    shortest_max_combo: Option<u32>,
    #[serde(default)]
    shortest_no_combo: Option<u32>,
    #[serde(default)]
    states: u64,
    #[serde(default)]
    dead_ends: u64,
    #[serde(default)]
    traps: u64,
    #[serde(default)]
    difficulty: Option<u32>,
    #[serde(default)]
    solutions: Option<u64>,
    #[serde(default)]
    min_pushes: Option<u32>,
}

impl LevelSummary {
    /// The summary of a Skiddy analysis.
    pub fn of_skiddy(analysis: &skiddy::Analysis) -> LevelSummary {
        LevelSummary::from_skiddy_parts(&analysis.summary, &analysis.rating)
    }

    /// The summary of a Skiddy analysis, from its numbers and its rating.
    pub fn from_skiddy_parts(s: &crate::engine::Summary, rating: &skiddy::Rating) -> LevelSummary {
        LevelSummary {
            verdict: rating.reason.clone(),
            figures: KindFigures::Skiddy {
                graph: GraphFigures::of(s),
                stars: rating.stars,
                shortest_max_combo: s.preferred.shortest,
                shortest_no_combo: s.mixed.shortest,
            },
        }
    }

    /// The summary of a Prism analysis.
    pub fn of_prism(analysis: &prism::Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.rating.verdict.clone(),
            figures: KindFigures::Prism {
                graph: GraphFigures::of(&analysis.summary),
                difficulty: analysis.rating.difficulty,
            },
        }
    }

    /// The summary of a Tangram analysis: its solution count and verdict.
    pub fn of_tangram(analysis: &tangram::Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.verdict.clone(),
            figures: KindFigures::Tangram {
                solutions: analysis
                    .report
                    .solutions
                    .and_then(|n| u64::try_from(n).ok()),
            },
        }
    }

    /// The summary of a Sokoban analysis: its moves, pushes, deadlocks,
    /// fatal pushes and verdict.
    pub fn of_sokoban(analysis: &sokoban::Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.report.verdict.clone(),
            figures: KindFigures::Sokoban {
                graph: GraphFigures::of(&analysis.summary),
                min_pushes: analysis.report.min_pushes,
            },
        }
    }

    /// Reads a stored summary of a level of `kind` (any version's fields;
    /// the fields of other kinds are ignored).
    pub fn from_json_value(kind: Kind, value: &Value) -> Result<LevelSummary, SummaryError> {
        let s = Stored::deserialize(value)?;
        let graph = GraphFigures {
            shortest: s.shortest,
            states: s.states,
            dead_ends: s.dead_ends,
            traps: s.traps,
        };
        let figures = match kind {
            Kind::Skiddy => KindFigures::Skiddy {
                graph,
                stars: s.stars.ok_or(SummaryError::NoStars)?,
                shortest_max_combo: s.shortest_max_combo,
                shortest_no_combo: s.shortest_no_combo,
            },
            Kind::Prism => KindFigures::Prism {
                graph,
                difficulty: s.difficulty,
            },
            Kind::Tangram => KindFigures::Tangram {
                solutions: s.solutions,
            },
            Kind::Sokoban => KindFigures::Sokoban {
                graph,
                min_pushes: s.min_pushes,
            },
        };
        Ok(LevelSummary {
            verdict: s.verdict,
            figures,
        })
    }

    /// The kind of the level summarised.
    pub fn kind(&self) -> Kind {
        match self.figures {
            KindFigures::Skiddy { .. } => Kind::Skiddy,
            KindFigures::Prism { .. } => Kind::Prism,
            KindFigures::Tangram { .. } => Kind::Tangram,
            KindFigures::Sokoban { .. } => Kind::Sokoban,
        }
    }

    /// The state graph's numbers; none for a kind without one (Tangram).
    pub fn graph(&self) -> Option<&GraphFigures> {
        match &self.figures {
            KindFigures::Skiddy { graph, .. }
            | KindFigures::Prism { graph, .. }
            | KindFigures::Sokoban { graph, .. } => Some(graph),
            KindFigures::Tangram { .. } => None,
        }
    }

    /// Mutable access to the state graph's numbers, where the kind has one.
    pub fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        match &mut self.figures {
            KindFigures::Skiddy { graph, .. }
            | KindFigures::Prism { graph, .. }
            | KindFigures::Sokoban { graph, .. } => Some(graph),
            KindFigures::Tangram { .. } => None,
        }
    }

    /// Length of the shortest solution, for a kind with moves.
    pub fn shortest(&self) -> Option<u32> {
        self.graph().and_then(|g| g.shortest)
    }

    /// Stars, for a kind that gives stars (Skiddy).
    pub fn stars(&self) -> Option<u8> {
        match self.figures {
            KindFigures::Skiddy { stars, .. } => Some(stars),
            KindFigures::Prism { .. }
            | KindFigures::Tangram { .. }
            | KindFigures::Sokoban { .. } => None,
        }
    }

    /// The difficulty, for a kind that scores one (Prism) and a level that
    /// can be solved.
    pub fn difficulty(&self) -> Option<u32> {
        match self.figures {
            KindFigures::Prism { difficulty, .. } => difficulty,
            KindFigures::Skiddy { .. }
            | KindFigures::Tangram { .. }
            | KindFigures::Sokoban { .. } => None,
        }
    }

    /// The solution count, for a kind whose question is how many solutions
    /// there are (Tangram): `Some(None)` when the search stopped before it
    /// knew.
    pub fn solution_count(&self) -> Option<Option<u64>> {
        match self.figures {
            KindFigures::Tangram { solutions } => Some(solutions),
            KindFigures::Skiddy { .. }
            | KindFigures::Prism { .. }
            | KindFigures::Sokoban { .. } => None,
        }
    }

    /// The fewest pushes over all solutions, for a kind that pushes
    /// (Sokoban): `Some(None)` when the level cannot be solved.
    pub fn min_pushes(&self) -> Option<Option<u32>> {
        match self.figures {
            KindFigures::Sokoban { min_pushes, .. } => Some(min_pushes),
            KindFigures::Skiddy { .. }
            | KindFigures::Prism { .. }
            | KindFigures::Tangram { .. } => None,
        }
    }

    /// The lengths of the shortest max-combo and no-combo solutions, for a
    /// kind with combos (Skiddy).
    pub fn combo_lengths(&self) -> Option<(Option<u32>, Option<u32>)> {
        match self.figures {
            KindFigures::Skiddy {
                shortest_max_combo,
                shortest_no_combo,
                ..
            } => Some((shortest_max_combo, shortest_no_combo)),
            KindFigures::Prism { .. }
            | KindFigures::Tangram { .. }
            | KindFigures::Sokoban { .. } => None,
        }
    }

    /// The length of the level's *Perfect* (Skiddy): a solution that is
    /// both max-combo and shortest, which exists when the shortest
    /// max-combo solution is as short as the shortest solution.
    pub fn perfect_length(&self) -> Option<u32> {
        match self.figures {
            KindFigures::Skiddy {
                graph,
                shortest_max_combo,
                ..
            } => match (shortest_max_combo, graph.shortest) {
                (Some(combo), Some(any)) if combo == any => Some(combo),
                _ => None,
            },
            KindFigures::Prism { .. }
            | KindFigures::Tangram { .. }
            | KindFigures::Sokoban { .. } => None,
        }
    }

    /// The verdict in a word or two: `"3 stars"`, `"difficulty 41"`,
    /// `"unique"`, `"12 solutions"`, `"no solution"`, Sokoban's
    /// `"solvable"` (or `"unsolvable"`, `"solved at the start"`); a Tangram
    /// count that is not known gives the verdict (which says why).
    pub fn verdict_word(&self) -> String {
        match self.figures {
            KindFigures::Skiddy { stars, .. } => counted(stars, "star", "stars"),
            KindFigures::Prism {
                difficulty: Some(d),
                ..
            } => format!("difficulty {d}"),
            KindFigures::Prism {
                difficulty: None, ..
            } => "no solution".to_string(),
            KindFigures::Tangram { solutions } => match solutions {
                Some(0) => "no solution".to_string(),
                Some(1) => "unique".to_string(),
                Some(n) => format!("{n} solutions"),
                None => self.verdict.clone(),
            },
            KindFigures::Sokoban { graph, .. } => match graph.shortest {
                Some(0) => "solved at the start".to_string(),
                Some(_) => "solvable".to_string(),
                None => "unsolvable".to_string(),
            },
        }
    }

    /// The verdict in a sentence: the word and the designer's words
    /// (`"3 stars: Perfect in 2 moves (L D)"`), the word said once where the
    /// words begin with it (`"unique: one way to place the shapes"`).
    pub fn verdict_sentence(&self) -> String {
        let word = self.verdict_word();
        if self.verdict.is_empty() {
            word
        } else if self.verdict.starts_with(&word) {
            self.verdict.clone()
        } else {
            format!("{word}: {}", self.verdict)
        }
    }

    /// What the pack panel's verdict column shows: stars, or a short word.
    pub fn mark(&self) -> VerdictMark {
        let word = |text: String, good| VerdictMark::Word { text, good };
        match self.figures {
            KindFigures::Skiddy { stars, .. } => VerdictMark::Stars(stars.min(3)),
            KindFigures::Prism { difficulty, .. } => match difficulty {
                Some(d) => word(format!("d {d}"), true),
                None => word("none".into(), false),
            },
            KindFigures::Tangram { solutions } => match solutions {
                Some(0) => word("none".into(), false),
                Some(1) => word("unique".into(), true),
                Some(n) => word(format!("{n} sol."), true),
                None => word("?".into(), false),
            },
            KindFigures::Sokoban { graph, min_pushes } => match (graph.shortest, min_pushes) {
                (Some(m), Some(p)) => word(format!("{m}m {p}p"), true),
                _ => word("none".into(), false),
            },
        }
    }

    /// The solution lengths in words (`"Shortest 4, max-combo 4, no-combo
    /// 5"`); none for a kind without moves.
    pub fn lengths_words(&self) -> Option<String> {
        let len = |n: Option<u32>| n.map_or("none".to_string(), |n| n.to_string());
        match self.figures {
            KindFigures::Skiddy {
                graph,
                shortest_max_combo,
                shortest_no_combo,
                ..
            } => Some(format!(
                "Shortest {}, max-combo {}, no-combo {}",
                len(graph.shortest),
                len(shortest_max_combo),
                len(shortest_no_combo)
            )),
            KindFigures::Prism { graph, .. } => Some(format!("Shortest {}", len(graph.shortest))),
            KindFigures::Sokoban { graph, min_pushes } => Some(format!(
                "Shortest {}, fewest pushes {}",
                len(graph.shortest),
                len(min_pushes)
            )),
            KindFigures::Tangram { .. } => None,
        }
    }

    /// The level's numbers in words for a screen reader, after its kind:
    /// `"3 stars, Perfect 2, 12 states, 0 dead ends, 0 traps"`,
    /// `"difficulty 9, 40 states, …"`, `"unique"`.
    pub fn description(&self) -> String {
        let word = self.verdict_word();
        match &self.figures {
            KindFigures::Skiddy { graph, .. } => {
                let perfect = self
                    .perfect_length()
                    .map_or("no Perfect".into(), |n| format!("Perfect {n}"));
                format!("{word}, {perfect}, {}", graph.counts_words())
            }
            KindFigures::Prism { graph, .. } => format!("{word}, {}", graph.counts_words()),
            KindFigures::Sokoban { graph, min_pushes } => {
                let moves = match (graph.shortest, min_pushes) {
                    (Some(m), Some(p)) => format!(
                        ", {}, {}",
                        counted(m, "move", "moves"),
                        counted(*p, "push", "pushes")
                    ),
                    _ => String::new(),
                };
                format!("{word}{moves}, {}", sokoban_counts(graph))
            }
            KindFigures::Tangram { .. } => word,
        }
    }

    /// The verdict lines of a contact sheet's card: Skiddy's Perfect length
    /// when it has all three stars, else its shortest solution's; Prism's
    /// difficulty and shortest length, then the verdict in words; Tangram's
    /// solution count ("unique", "N solutions", or the verdict when the
    /// count is not known); Sokoban's fewest moves and pushes, then its
    /// fatal pushes.
    pub fn card_lines(&self) -> Vec<String> {
        let best = |n: Option<u32>| n.map_or("no solution".to_string(), |n| format!("best {n}"));
        match &self.figures {
            KindFigures::Skiddy {
                graph,
                stars,
                shortest_max_combo,
                ..
            } => match (stars, shortest_max_combo) {
                (3, Some(n)) => vec![format!("Perfect {n}")],
                _ => vec![best(graph.shortest)],
            },
            KindFigures::Prism {
                graph,
                difficulty: Some(d),
            } => vec![
                format!("difficulty {d}, {}", best(graph.shortest)),
                self.verdict.clone(),
            ],
            KindFigures::Prism {
                difficulty: None, ..
            } => vec![self.verdict.clone()],
            KindFigures::Tangram { .. } => vec![self.verdict_word()],
            KindFigures::Sokoban { graph, min_pushes } => {
                vec![
                    sokoban_lengths(graph.shortest, *min_pushes),
                    counted(graph.traps, "fatal push", "fatal pushes"),
                ]
            }
        }
    }

    /// A generated level's verdict under its preview: `"3 stars, Perfect
    /// 9"`, `"difficulty 12, 8 moves"`, `"unique"`.
    pub fn preview_words(&self) -> String {
        match &self.figures {
            KindFigures::Skiddy {
                graph,
                stars,
                shortest_max_combo,
                ..
            } => {
                let perfect = shortest_max_combo
                    .or(graph.shortest)
                    .map_or_else(|| "no solution".to_owned(), |n| format!("Perfect {n}"));
                format!("{} stars, {perfect}", stars)
            }
            KindFigures::Prism { graph, difficulty } => match (difficulty, graph.shortest) {
                (Some(d), Some(n)) => format!("difficulty {d}, {n} moves"),
                _ => "no solution".to_owned(),
            },
            KindFigures::Tangram { .. } => self.verdict_word(),
            KindFigures::Sokoban { graph, min_pushes } => {
                sokoban_lengths(graph.shortest, *min_pushes)
            }
        }
    }

    /// The verdict as a rank, higher is better, in the kind's own terms
    /// (docs/rules.md, "Better and worse"): Skiddy's stars; Prism 2 for
    /// solvable without a dead end, 1 with dead ends, 0 unsolvable; Tangram
    /// 2 for unique, 1 for several solutions, 0 for none; Sokoban 2 for
    /// solvable without a deadlock, 1 with deadlocks, 0 unsolvable. `None`
    /// when the
    /// answer is not known (a count the budget stopped).
    pub fn verdict_rank(&self) -> Option<u32> {
        match &self.figures {
            KindFigures::Skiddy { stars, .. } => Some(u32::from(*stars)),
            KindFigures::Prism { graph, difficulty } => Some(match (difficulty, graph.dead_ends) {
                (None, _) => 0,
                (Some(_), 0) => 2,
                (Some(_), _) => 1,
            }),
            KindFigures::Tangram { solutions } => solutions.map(|n| match n {
                0 => 0,
                1 => 2,
                _ => 1,
            }),
            KindFigures::Sokoban { graph, .. } => Some(match (graph.shortest, graph.dead_ends) {
                (None, _) => 0,
                (Some(_), 0) => 2,
                (Some(_), _) => 1,
            }),
        }
    }

    /// Whether the kind's search stopped before it knew its answer, though
    /// it returned (Tangram's count over its budget).
    pub fn unfinished(&self) -> bool {
        self.solution_count() == Some(None)
    }

    /// The figures by name, in words, for saying what changed between two
    /// analyses of a level (`"stars"`, `"shortest"`, …).
    pub fn named_figures(&self) -> Vec<(&'static str, String)> {
        let len = |v: Option<u32>| v.map_or("none".to_string(), |n| n.to_string());
        let counts = |g: &GraphFigures| {
            [
                ("states", g.states.to_string()),
                ("dead ends", g.dead_ends.to_string()),
                ("traps", g.traps.to_string()),
            ]
        };
        match &self.figures {
            KindFigures::Skiddy {
                graph,
                stars,
                shortest_max_combo,
                shortest_no_combo,
            } => {
                let mut named = vec![
                    ("stars", stars.to_string()),
                    ("shortest", len(graph.shortest)),
                    ("max-combo", len(*shortest_max_combo)),
                    ("no-combo", len(*shortest_no_combo)),
                ];
                named.extend(counts(graph));
                named
            }
            KindFigures::Prism { graph, difficulty } => {
                let mut named = vec![("shortest", len(graph.shortest))];
                named.extend(counts(graph));
                named.push(("difficulty", len(*difficulty)));
                named
            }
            KindFigures::Tangram { solutions } => vec![(
                "solutions",
                solutions.map_or("not known".to_string(), |n| n.to_string()),
            )],
            KindFigures::Sokoban { graph, min_pushes } => vec![
                ("shortest", len(graph.shortest)),
                ("fewest pushes", len(*min_pushes)),
                ("states", graph.states.to_string()),
                ("deadlocks", graph.dead_ends.to_string()),
                ("fatal pushes", graph.traps.to_string()),
            ],
        }
    }
}

impl Serialize for LevelSummary {
    /// The flat object every version wrote, in its order: `stars` (Skiddy),
    /// `verdict`, the state graph's `shortest`, Skiddy's combo lengths, the
    /// state graph's counts, Prism's `difficulty`, Tangram's `solutions`.
    /// A figure that is not known is left out, but the shortest length
    /// (written `null` by every version).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(stars) = self.stars() {
            map.serialize_entry("stars", &stars)?;
        }
        map.serialize_entry("verdict", &self.verdict)?;
        if let Some(g) = self.graph() {
            map.serialize_entry("shortest", &g.shortest)?;
        }
        if let Some((max_combo, no_combo)) = self.combo_lengths() {
            if let Some(n) = max_combo {
                map.serialize_entry("shortest_max_combo", &n)?;
            }
            if let Some(n) = no_combo {
                map.serialize_entry("shortest_no_combo", &n)?;
            }
        }
        if let Some(g) = self.graph() {
            map.serialize_entry("states", &g.states)?;
            map.serialize_entry("dead_ends", &g.dead_ends)?;
            map.serialize_entry("traps", &g.traps)?;
        }
        if let Some(d) = self.difficulty() {
            map.serialize_entry("difficulty", &d)?;
        }
        if let Some(Some(n)) = self.solution_count() {
            map.serialize_entry("solutions", &n)?;
        }
        if let Some(Some(n)) = self.min_pushes() {
            map.serialize_entry("min_pushes", &n)?;
        }
        map.end()
    }
}

/// Sokoban's lengths on a card: `"33 moves, 8 pushes"`, or `"no
/// solution"`.
fn sokoban_lengths(shortest: Option<u32>, min_pushes: Option<u32>) -> String {
    match (shortest, min_pushes) {
        (Some(m), Some(p)) => format!(
            "{}, {}",
            counted(m, "move", "moves"),
            counted(p, "push", "pushes")
        ),
        _ => "no solution".to_string(),
    }
}

/// Sokoban's counts in its own words: `"N states, N deadlocks, N fatal
/// pushes"`.
fn sokoban_counts(graph: &GraphFigures) -> String {
    format!(
        "{}, {}, {}",
        counted(graph.states, "state", "states"),
        counted(graph.dead_ends, "deadlock", "deadlocks"),
        counted(graph.traps, "fatal push", "fatal pushes")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skiddy() -> LevelSummary {
        LevelSummary {
            verdict: "Perfect in 2 moves (L D)".into(),
            figures: KindFigures::Skiddy {
                graph: GraphFigures {
                    shortest: Some(2),
                    states: 12,
                    dead_ends: 0,
                    traps: 0,
                },
                stars: 3,
                shortest_max_combo: Some(2),
                shortest_no_combo: Some(3),
            },
        }
    }

    fn prism(difficulty: Option<u32>) -> LevelSummary {
        LevelSummary {
            verdict: "a fair climb".into(),
            figures: KindFigures::Prism {
                graph: GraphFigures {
                    shortest: difficulty.map(|_| 7),
                    states: 40,
                    dead_ends: 2,
                    traps: 1,
                },
                difficulty,
            },
        }
    }

    fn tangram(solutions: Option<u64>, verdict: &str) -> LevelSummary {
        LevelSummary {
            verdict: verdict.into(),
            figures: KindFigures::Tangram { solutions },
        }
    }

    fn sokoban(shortest: Option<u32>, min_pushes: Option<u32>) -> LevelSummary {
        LevelSummary {
            verdict: "solvable in 9 moves and 3 pushes; 2 pushes lead into a deadlock".into(),
            figures: KindFigures::Sokoban {
                graph: GraphFigures {
                    shortest,
                    states: 60,
                    dead_ends: 14,
                    traps: 2,
                },
                min_pushes,
            },
        }
    }

    fn round_trip(s: &LevelSummary) -> LevelSummary {
        let value = serde_json::to_value(s).unwrap();
        LevelSummary::from_json_value(s.kind(), &value).unwrap()
    }

    #[test]
    fn every_kind_s_summary_round_trips() {
        for s in [
            skiddy(),
            prism(Some(41)),
            prism(None),
            tangram(Some(12), "12 solutions: shapes 1 and 2 trade places"),
            tangram(None, "not known: the search stopped"),
            sokoban(Some(9), Some(3)),
            sokoban(None, None),
        ] {
            assert_eq!(round_trip(&s), s);
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
                text: "9m 3p".into(),
                good: true
            }
        );
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
    fn a_summary_written_before_kinds_reads_unchanged() {
        let old = serde_json::json!({"stars": 3, "star_reason": "Perfect in 2 moves (L D)",
            "shortest": 2, "shortest_max_combo": 2, "shortest_no_combo": 3, "states": 12,
            "dead_ends": 0, "traps": 0});
        let s = LevelSummary::from_json_value(Kind::Skiddy, &old).unwrap();
        assert_eq!(s, skiddy());
    }

    #[test]
    fn the_json_keeps_the_field_names_and_order_older_versions_read() {
        assert_eq!(
            serde_json::to_string(&skiddy()).unwrap(),
            r#"{"stars":3,"verdict":"Perfect in 2 moves (L D)","shortest":2,"shortest_max_combo":2,"shortest_no_combo":3,"states":12,"dead_ends":0,"traps":0}"#
        );
        assert_eq!(
            serde_json::to_string(&prism(Some(41))).unwrap(),
            r#"{"verdict":"a fair climb","shortest":7,"states":40,"dead_ends":2,"traps":1,"difficulty":41}"#
        );
        assert_eq!(
            serde_json::to_string(&tangram(Some(1), "unique: one way")).unwrap(),
            r#"{"verdict":"unique: one way","solutions":1}"#
        );
    }

    #[test]
    fn the_fields_of_another_kind_are_not_read() {
        // A Tangram summary written before stored the state numbers as 0.
        let old = serde_json::json!({"verdict": "unique: one way", "shortest": null,
            "states": 0, "dead_ends": 0, "traps": 0, "solutions": 1});
        let s = LevelSummary::from_json_value(Kind::Tangram, &old).unwrap();
        assert_eq!(s, tangram(Some(1), "unique: one way"));
        assert_eq!(s.graph(), None);
        // A Skiddy level cannot hold a summary without stars.
        let prism_like = serde_json::json!({"verdict": "x", "difficulty": 3});
        assert!(matches!(
            LevelSummary::from_json_value(Kind::Skiddy, &prism_like),
            Err(SummaryError::NoStars)
        ));
    }

    #[test]
    fn the_verdict_reads_in_a_word_and_in_a_sentence() {
        assert_eq!(skiddy().verdict_word(), "3 stars");
        assert_eq!(
            skiddy().verdict_sentence(),
            "3 stars: Perfect in 2 moves (L D)"
        );
        assert_eq!(prism(Some(41)).verdict_word(), "difficulty 41");
        assert_eq!(prism(None).verdict_word(), "no solution");
        let unique = tangram(Some(1), "unique: one way to place the shapes");
        assert_eq!(unique.verdict_word(), "unique");
        assert_eq!(
            unique.verdict_sentence(),
            "unique: one way to place the shapes",
            "the word is said once"
        );
        assert_eq!(
            tangram(Some(6998), "6998 solutions").verdict_word(),
            "6998 solutions"
        );
        assert_eq!(
            tangram(Some(0), "no solution: the shapes cannot cover the board").verdict_word(),
            "no solution"
        );
        let unknown = tangram(None, "not known: the search stopped");
        assert_eq!(unknown.verdict_word(), "not known: the search stopped");
        assert_eq!(unknown.verdict_sentence(), "not known: the search stopped");
    }

    #[test]
    fn a_change_is_named_by_the_figures_of_the_kind() {
        let names = |s: &LevelSummary| -> Vec<&str> {
            s.named_figures().into_iter().map(|(n, _)| n).collect()
        };
        assert_eq!(
            names(&skiddy()),
            [
                "stars",
                "shortest",
                "max-combo",
                "no-combo",
                "states",
                "dead ends",
                "traps"
            ]
        );
        assert_eq!(
            names(&prism(Some(41))),
            ["shortest", "states", "dead ends", "traps", "difficulty"]
        );
        assert_eq!(names(&tangram(None, "")), ["solutions"]);
        assert_eq!(
            tangram(None, "").named_figures()[0].1,
            "not known",
            "a count not known is said so"
        );
    }

    #[test]
    fn each_kind_says_what_its_columns_show() {
        assert_eq!(skiddy().mark(), VerdictMark::Stars(3));
        assert_eq!(skiddy().perfect_length(), Some(2));
        let word = |text: &str, good| VerdictMark::Word {
            text: text.into(),
            good,
        };
        assert_eq!(prism(Some(41)).mark(), word("d 41", true));
        assert_eq!(prism(None).mark(), word("none", false));
        assert_eq!(prism(Some(41)).perfect_length(), None);
        assert_eq!(tangram(Some(1), "").mark(), word("unique", true));
        assert_eq!(tangram(Some(5), "").mark(), word("5 sol.", true));
        assert_eq!(tangram(None, "").mark(), word("?", false));
        assert_eq!(tangram(Some(1), "").lengths_words(), None);
        assert_eq!(
            skiddy().lengths_words().unwrap(),
            "Shortest 2, max-combo 2, no-combo 3"
        );
    }
}
