//! The numbers of a level's latest analysis that a pack keeps beside it:
//! the verdict in words, and the kind's own figures (the engine's counts
//! where the kind has a state graph; stars, difficulty or solution count).
//!
//! The summary answers for its kind: its verdict in a word or two, in a
//! sentence, in the pack panel's columns and on a contact sheet's card, so
//! that no caller guesses the kind from which numbers are there. Each kind
//! says these in its own folder (its `figures.rs`, implementing
//! [`Figures`]); this file knows no kind.
//!
//! On disk a summary is one flat JSON object with the field names every
//! levelscope wrote (`stars`, `verdict`, `shortest`, `shortest_max_combo`,
//! `shortest_no_combo`, `states`, `dead_ends`, `traps`, `difficulty`,
//! `solutions`, `min_pushes`), so older versions keep reading it. Reading
//! takes the kind from the level stored beside the summary.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

use super::{Kind, KindFigures};
use crate::words::counted;

/// The numbers of a state graph's exploration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct GraphFigures {
    /// Length of the shortest solution (none when the level cannot be
    /// solved).
    #[serde(default)]
    pub shortest: Option<u32>,
    /// Reachable states.
    #[serde(default)]
    pub states: u64,
    /// Dead ends.
    #[serde(default)]
    pub dead_ends: u64,
    /// Traps.
    #[serde(default)]
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

    /// The graph's fields of a stored summary (absent ones are 0, or no
    /// solution).
    pub fn from_stored(value: &Value) -> Result<GraphFigures, SummaryError> {
        Ok(GraphFigures::deserialize(value)?)
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

    /// The shortest length's stored field, then the counts' (after a
    /// kind's own fields that sit between them, see
    /// [`Figures::fields_after_verdict`]).
    pub fn shortest_field(&self) -> (&'static str, Value) {
        ("shortest", serde_json::json!(self.shortest))
    }

    /// The stored fields of the counts: `states`, `dead_ends`, `traps`.
    pub fn count_fields(&self) -> [(&'static str, Value); 3] {
        [
            ("states", self.states.into()),
            ("dead_ends", self.dead_ends.into()),
            ("traps", self.traps.into()),
        ]
    }

    /// The counts by name, for saying what changed between two analyses.
    pub fn named_counts(&self) -> [(&'static str, String); 3] {
        [
            ("states", self.states.to_string()),
            ("dead ends", self.dead_ends.to_string()),
            ("traps", self.traps.to_string()),
        ]
    }
}

/// The failure of a level with a reachable dead end (the rule of a fair
/// level for Skiddy and Prism): `"2 dead ends, 1 trap: …"`.
pub fn dead_end_failure(graph: &GraphFigures, verdict: &str) -> Option<String> {
    (graph.dead_ends > 0).then(|| {
        format!(
            "{}, {}: {verdict}",
            counted(graph.dead_ends, "dead end", "dead ends"),
            counted(graph.traps, "trap", "traps")
        )
    })
}

/// A word and the designer's words after it (`"unique: one way"`), the
/// word said once where the words begin with it, and alone where there are
/// none.
pub fn word_and_words(word: &str, words: &str) -> String {
    if words.is_empty() {
        word.to_string()
    } else if words.starts_with(word) {
        words.to_string()
    } else {
        format!("{word}: {words}")
    }
}

/// A length in a figure's words: the number, or `"none"`.
pub fn length_words(n: Option<u32>) -> String {
    n.map_or("none".to_string(), |n| n.to_string())
}

/// What a kind's figures say, in the kind's own words. Implemented once
/// per kind, in the kind's folder.
pub trait Figures {
    /// The state graph's numbers; none for a kind without one (Tangram).
    fn graph(&self) -> Option<&GraphFigures>;

    /// Mutable access to the state graph's numbers, where the kind has one.
    fn graph_mut(&mut self) -> Option<&mut GraphFigures>;

    /// The verdict in a word or two (`"3 stars"`, `"unique"`); `verdict`
    /// is the verdict in words, for a kind whose word can be unknown.
    fn verdict_word(&self, verdict: &str) -> String;

    /// The verdict's headline, as the analysis it was made from says it
    /// ([`crate::kinds::Analysis::headline`]); `verdict` is the verdict in
    /// words, which is the headline of a kind that adds nothing to it.
    fn headline(&self, verdict: &str) -> String {
        verdict.to_string()
    }

    /// What the pack panel's verdict column shows.
    fn mark(&self) -> VerdictMark;

    /// The number the pack panel's verdict column sorts by, in the kind's
    /// terms (Skiddy's stars, Prism's difficulty, Tangram's solution count,
    /// Sokoban's fewest moves); `None` when there is none.
    fn verdict_order(&self) -> Option<u64>;

    /// The number in the pack panel's figure column, named by the kind's
    /// [`FigureColumn`] (Skiddy's Perfect length, Prism's fewest moves,
    /// Sokoban's fewest pushes); `None` when the level has none.
    fn column_figure(&self) -> Option<u32>;

    /// The solution lengths in words; none for a kind without moves.
    fn lengths_words(&self) -> Option<String>;

    /// The numbers in words for a screen reader, after the verdict word
    /// `word`.
    fn description(&self, word: &str) -> String;

    /// The verdict lines of a contact sheet's card.
    fn card_lines(&self, verdict: &str) -> Vec<String>;

    /// A generated level's verdict under its preview.
    fn preview_words(&self, verdict: &str) -> String;

    /// The verdict as a rank, higher is better (docs/rules.md, "Better and
    /// worse"); `None` when the answer is not known.
    fn verdict_rank(&self) -> Option<u32>;

    /// Whether the search stopped before it knew its answer, though it
    /// returned (Tangram's count over its budget).
    fn unfinished(&self) -> bool {
        false
    }

    /// Whether a reachable dead end is a fault of the level (the pack
    /// panel shows the count in red), not the puzzle itself (Sokoban's
    /// deadlocks, which nearly every level has).
    fn dead_ends_are_faults(&self) -> bool {
        true
    }

    /// The figures by name, in words, for saying what changed.
    fn named_figures(&self) -> Vec<(&'static str, String)>;

    /// Why `pack check` fails the level by the kind's own rule of a fair
    /// level (none: it passes); `verdict` is the verdict in words, and
    /// `min_stars` the stars wanted of a kind that gives stars.
    fn check_failures(&self, verdict: &str, min_stars: u8) -> Vec<String>;

    /// The stored fields written before the verdict (Skiddy's `stars`,
    /// where every version wrote it).
    fn fields_before_verdict(&self) -> Vec<(&'static str, Value)> {
        Vec::new()
    }

    /// The stored fields written after the verdict, in the order every
    /// version wrote them; a figure that is not known is left out.
    fn fields_after_verdict(&self) -> Vec<(&'static str, Value)>;

    /// What `pack stats` says of a pack's levels of this kind; `None`
    /// stands for a level that could not be analysed.
    fn pack_stats(levels: &[Option<&Self>]) -> KindStats
    where
        Self: Sized;
}

/// What a kind calls the pack panel's figure column (see
/// [`Figures::column_figure`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FigureColumn {
    /// The column's header: `"Perfect"`.
    pub title: &'static str,
    /// The figure in words, for "sorted by" and the header's tooltip:
    /// `"Perfect length"`.
    pub words: &'static str,
    /// What the figure counts, after the number where a column shows
    /// figures of several kinds: `"moves"`, `"pushes"`.
    pub unit: &'static str,
}

/// What a kind calls the state graph's dead ends and traps (Sokoban's
/// deadlocks and fatal pushes), wherever its levels are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphWords {
    /// One dead end: `"dead end"`.
    pub dead_end: &'static str,
    /// Several dead ends: `"dead ends"`.
    pub dead_ends: &'static str,
    /// A table header over dead ends: `"Dead ends"`.
    pub dead_ends_title: &'static str,
    /// One trap (a move into a dead end): `"trap"`.
    pub trap: &'static str,
    /// Several traps: `"traps"`.
    pub traps: &'static str,
    /// A table header over traps: `"Traps"`.
    pub traps_title: &'static str,
}

impl GraphWords {
    /// The engine's own words, for the kinds that have no others and for
    /// levels of kinds that name them differently.
    pub const GENERIC: GraphWords = GraphWords {
        dead_end: "dead end",
        dead_ends: "dead ends",
        dead_ends_title: "Dead ends",
        trap: "trap",
        traps: "traps",
        traps_title: "Traps",
    };

    /// "N states, N dead ends, N traps", in these words.
    pub fn counts(&self, graph: &GraphFigures) -> String {
        format!(
            "{}, {}, {}",
            counted(graph.states, "state", "states"),
            counted(graph.dead_ends, self.dead_end, self.dead_ends),
            counted(graph.traps, self.trap, self.traps)
        )
    }
}

/// What `pack stats` says of a pack's levels of one kind: fields of the
/// JSON row, and lines of the text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KindStats {
    /// Fields of `pack stats --json`'s row.
    pub json: Vec<(&'static str, Value)>,
    /// Lines of `pack stats`'s text, without their indent.
    pub lines: Vec<String>,
}

/// Min, median and max of some values, each `None` when there are none.
pub fn spread<T: Copy + Ord>(values: &[T]) -> (Option<T>, Option<T>, Option<T>) {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    (
        sorted.first().copied(),
        sorted.get(sorted.len() / 2).copied(),
        sorted.last().copied(),
    )
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

impl VerdictMark {
    /// A short word, good news or not.
    pub fn word(text: impl Into<String>, good: bool) -> VerdictMark {
        VerdictMark::Word {
            text: text.into(),
            good,
        }
    }
}

/// The numbers of a level's latest analysis, kept in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSummary {
    /// The verdict in a designer's words (Skiddy: why stars were withheld,
    /// or that every rule holds).
    pub verdict: String,
    /// The kind's own figures.
    pub figures: KindFigures,
    /// The level's effort (`docs/effort.md`); `None` when it cannot be
    /// scored or was stored before there was one.
    pub effort: Option<crate::effort::StoredEffort>,
}

/// Why a stored summary cannot be read for its level's kind.
#[derive(Debug, thiserror::Error)]
pub enum SummaryError {
    /// The JSON is not a summary object.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A field the kind's summary cannot be without.
    #[error("a {kind} summary without \"{field}\"")]
    Missing {
        /// The kind's title.
        kind: &'static str,
        /// The field's name.
        field: &'static str,
    },
}

/// The verdict (and effort) as every version stored it; packs written before there were
/// several kinds call it `star_reason`.
#[derive(Deserialize)]
struct StoredVerdict {
    #[serde(default, alias = "star_reason")]
    verdict: String,
    /// The effort, which packs written before there was one lack.
    #[serde(default)]
    effort: Option<crate::effort::StoredEffort>,
}

impl LevelSummary {
    /// Reads a stored summary of a level of `kind` (any version's fields;
    /// the fields of other kinds are ignored).
    pub fn from_json_value(kind: Kind, value: &Value) -> Result<LevelSummary, SummaryError> {
        let StoredVerdict { verdict, effort } = StoredVerdict::deserialize(value)?;
        Ok(LevelSummary {
            verdict,
            figures: kind.figures_from_json(value)?,
            effort,
        })
    }

    /// Whether `other` has the same verdict and figures. The effort is left
    /// out: it is an estimate whose model may be refitted, and packs stored
    /// before there was one lack it, so neither makes a stored analysis
    /// out of date (`pack check --update` refreshes it all the same).
    pub fn same_verdict_and_figures(&self, other: &LevelSummary) -> bool {
        self.verdict == other.verdict && self.figures == other.figures
    }

    /// The kind of the level summarised.
    pub fn kind(&self) -> Kind {
        self.figures.kind()
    }

    /// The state graph's numbers; none for a kind without one (Tangram).
    pub fn graph(&self) -> Option<&GraphFigures> {
        self.figures.of_kind().graph()
    }

    /// Mutable access to the state graph's numbers, where the kind has one.
    pub fn graph_mut(&mut self) -> Option<&mut GraphFigures> {
        self.figures.of_kind_mut().graph_mut()
    }

    /// Length of the shortest solution, for a kind with moves.
    pub fn shortest(&self) -> Option<u32> {
        self.graph().and_then(|g| g.shortest)
    }

    /// Stars, for a kind that gives stars (Skiddy).
    pub fn stars(&self) -> Option<u8> {
        self.figures.as_skiddy().map(|f| f.stars)
    }

    /// The difficulty, for a kind that scores one (Prism) and a level that
    /// can be solved.
    pub fn difficulty(&self) -> Option<u32> {
        self.figures.as_prism().and_then(|f| f.difficulty)
    }

    /// The solution count, for a kind whose question is how many solutions
    /// there are (Tangram): `Some(None)` when the search stopped before it
    /// knew.
    pub fn solution_count(&self) -> Option<Option<u64>> {
        self.figures.as_tangram().map(|f| f.solutions)
    }

    /// The length of the level's *Perfect* (Skiddy): a solution that is
    /// both max-combo and shortest.
    pub fn perfect_length(&self) -> Option<u32> {
        self.figures.as_skiddy().and_then(|f| f.perfect_length())
    }

    /// The verdict in a word or two: `"3 stars"`, `"difficulty 41"`,
    /// `"unique"`, `"12 solutions"`, `"no solution"`, Sokoban's
    /// `"solvable"` (or `"unsolvable"`, `"solved at the start"`); a Tangram
    /// count that is not known gives the verdict (which says why).
    pub fn verdict_word(&self) -> String {
        self.figures.of_kind().verdict_word(&self.verdict)
    }

    /// The verdict's headline, as the analysis it was made from says it
    /// ([`crate::kinds::Analysis::headline`]; see [`Figures::headline`]).
    pub fn headline(&self) -> String {
        self.figures.of_kind().headline(&self.verdict)
    }

    /// The verdict in a sentence: the word and the designer's words
    /// (`"3 stars: Perfect in 2 moves (L D)"`), the word said once where the
    /// words begin with it (`"unique: one way to place the shapes"`).
    pub fn verdict_sentence(&self) -> String {
        word_and_words(&self.verdict_word(), &self.verdict)
    }

    /// What the pack panel's verdict column shows: stars, or a short word.
    pub fn mark(&self) -> VerdictMark {
        self.figures.of_kind().mark()
    }

    /// The number the pack panel's verdict column sorts by: stars,
    /// difficulty, solution count or fewest moves, by kind.
    pub fn verdict_order(&self) -> Option<u64> {
        self.figures.of_kind().verdict_order()
    }

    /// The number in the pack panel's figure column, which the kind's
    /// [`Kind::figure_column`](crate::kinds::Kind::figure_column) names.
    pub fn column_figure(&self) -> Option<u32> {
        self.figures.of_kind().column_figure()
    }

    /// The solution lengths in words (`"Shortest 4, max-combo 4, no-combo
    /// 5"`); none for a kind without moves.
    pub fn lengths_words(&self) -> Option<String> {
        self.figures.of_kind().lengths_words()
    }

    /// The level's numbers in words for a screen reader, after its kind:
    /// `"3 stars, Perfect 2, 12 states, 0 dead ends, 0 traps"`,
    /// `"difficulty 9, 40 states, …"`, `"unique"`.
    pub fn description(&self) -> String {
        self.figures.of_kind().description(&self.verdict_word())
    }

    /// The verdict lines of a contact sheet's card: Skiddy's Perfect length
    /// when it has all three stars, else its shortest solution's; Prism's
    /// difficulty and shortest length, then the verdict in words; Tangram's
    /// solution count ("unique", "N solutions", or the verdict when the
    /// count is not known); Sokoban's fewest moves and pushes, then its
    /// fatal pushes.
    pub fn card_lines(&self) -> Vec<String> {
        self.figures.of_kind().card_lines(&self.verdict)
    }

    /// A generated level's verdict under its preview: `"3 stars, Perfect
    /// 9"`, `"difficulty 12, 8 moves"`, `"unique"`.
    pub fn preview_words(&self) -> String {
        self.figures.of_kind().preview_words(&self.verdict)
    }

    /// The verdict as a rank, higher is better, in the kind's own terms
    /// (docs/rules.md, "Better and worse"): Skiddy's stars; Prism 2 for
    /// solvable without a dead end, 1 with dead ends, 0 unsolvable; Tangram
    /// 2 for unique, 1 for several solutions, 0 for none; Sokoban 2 for
    /// solvable without a deadlock, 1 with deadlocks, 0 unsolvable. `None`
    /// when the answer is not known (a count the budget stopped).
    pub fn verdict_rank(&self) -> Option<u32> {
        self.figures.of_kind().verdict_rank()
    }

    /// Whether the kind's search stopped before it knew its answer, though
    /// it returned (Tangram's count over its budget).
    pub fn unfinished(&self) -> bool {
        self.figures.of_kind().unfinished()
    }

    /// Whether a reachable dead end is a fault of the level in its kind's
    /// terms (not of Sokoban, whose deadlocks are the puzzle).
    pub fn dead_ends_are_faults(&self) -> bool {
        self.figures.of_kind().dead_ends_are_faults()
    }

    /// The figures by name, in words, for saying what changed between two
    /// analyses of a level (`"stars"`, `"shortest"`, …).
    pub fn named_figures(&self) -> Vec<(&'static str, String)> {
        self.figures.of_kind().named_figures()
    }

    /// Why `pack check` fails the level by its kind's rule of a fair level
    /// (Skiddy and Prism: a reachable dead end, and for Skiddy fewer than
    /// `min_stars` stars; Tangram: no solution, or a count that did not
    /// finish; Sokoban: no solution, its deadlocks being the puzzle).
    pub fn check_failures(&self, min_stars: u8) -> Vec<String> {
        self.figures
            .of_kind()
            .check_failures(&self.verdict, min_stars)
    }
}

impl Serialize for LevelSummary {
    /// The flat object every version wrote, in its order: the kind's
    /// leading fields (Skiddy's `stars`), `verdict`, then the kind's other
    /// fields (the state graph's `shortest`, Skiddy's combo lengths, the
    /// state graph's counts, Prism's `difficulty`, Tangram's `solutions`,
    /// Sokoban's `min_pushes`), then `effort` when there is one.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let figures = self.figures.of_kind();
        let mut map = serializer.serialize_map(None)?;
        for (name, value) in figures.fields_before_verdict() {
            map.serialize_entry(name, &value)?;
        }
        map.serialize_entry("verdict", &self.verdict)?;
        for (name, value) in figures.fields_after_verdict() {
            map.serialize_entry(name, &value)?;
        }
        if let Some(effort) = &self.effort {
            map.serialize_entry("effort", effort)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::figures::PrismFigures;
    use crate::kinds::skiddy::figures::SkiddyFigures;
    use crate::kinds::tangram::figures::TangramFigures;

    fn skiddy() -> LevelSummary {
        LevelSummary {
            verdict: "Perfect in 2 moves (L D)".into(),
            figures: KindFigures::Skiddy(SkiddyFigures {
                graph: GraphFigures {
                    shortest: Some(2),
                    states: 12,
                    dead_ends: 0,
                    traps: 0,
                },
                stars: 3,
                shortest_max_combo: Some(2),
                shortest_no_combo: Some(3),
            }),
            effort: None,
        }
    }

    fn prism(difficulty: Option<u32>) -> LevelSummary {
        LevelSummary {
            verdict: "a fair climb".into(),
            figures: KindFigures::Prism(PrismFigures {
                graph: GraphFigures {
                    shortest: difficulty.map(|_| 7),
                    states: 40,
                    dead_ends: 2,
                    traps: 1,
                },
                difficulty,
            }),
            effort: None,
        }
    }

    fn tangram(solutions: Option<u64>, verdict: &str) -> LevelSummary {
        LevelSummary {
            verdict: verdict.into(),
            figures: KindFigures::Tangram(TangramFigures { solutions }),
            effort: None,
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
        ] {
            assert_eq!(round_trip(&s), s);
        }
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
            Err(SummaryError::Missing { field: "stars", .. })
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
        assert_eq!(prism(Some(41)).column_figure(), Some(7));
        assert!(skiddy().dead_ends_are_faults() && prism(None).dead_ends_are_faults());
        assert_eq!(tangram(Some(1), "").mark(), word("unique", true));
        assert_eq!(tangram(Some(5), "").mark(), word("5 sol.", true));
        assert_eq!(tangram(None, "").mark(), word("?", false));
        assert_eq!(tangram(Some(1), "").lengths_words(), None);
        assert_eq!(
            skiddy().lengths_words().unwrap(),
            "Shortest 2, max-combo 2, no-combo 3"
        );
    }

    #[test]
    fn the_headline_of_a_summary_is_the_headline_of_its_analysis() {
        let pack = crate::pack::parse_pack(include_str!("../../assets/sample-pack.json")).unwrap();
        let mut levels: Vec<crate::kinds::Level> =
            pack.pack.levels.into_iter().map(|e| e.level).collect();
        levels.extend(
            crate::kinds::read_levels("#####\n#@$.#\n#####\n", None, Some(Kind::Sokoban)).unwrap(),
        );
        let mut kinds = std::collections::HashSet::new();
        for level in &levels {
            let job = crate::engine::Job::new(crate::engine::DEFAULT_MAX_STATES);
            let analysis = level.analyze(&job).unwrap();
            assert_eq!(
                analysis.level_summary().headline(),
                analysis.headline(),
                "{}",
                level.name()
            );
            kinds.insert(level.kind());
        }
        assert_eq!(kinds.len(), Kind::ALL.len(), "every kind");
    }

    #[test]
    fn a_stored_summary_with_more_stars_than_three_is_said_without_a_panic() {
        let mut summary = skiddy();
        if let KindFigures::Skiddy(f) = &mut summary.figures {
            f.stars = 7;
        }
        assert_eq!(summary.headline(), "★★★ 7 stars — Perfect in 2 moves (L D)");
    }
}
