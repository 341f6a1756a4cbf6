//! The numbers of a level's latest analysis that a pack keeps beside it,
//! for every kind: the engine's counts where the kind has a state graph,
//! the kind's verdict in words, and the kind's own numbers.

use serde::{Deserialize, Serialize};

use super::{prism, skiddy, tangram};

/// The numbers of a level's latest analysis, kept in the pack.
///
/// Fields that belong to one kind are absent for the others. Packs written
/// before there were several kinds hold Skiddy summaries whose verdict was
/// called `star_reason`; they read unchanged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelSummary {
    /// Skiddy: stars, 0 to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stars: Option<u8>,
    /// The verdict in a designer's words (Skiddy: why stars were withheld,
    /// or that every rule holds).
    #[serde(default, alias = "star_reason")]
    pub verdict: String,
    /// Length of the shortest solution.
    #[serde(default)]
    pub shortest: Option<u32>,
    /// Skiddy: length of the shortest max-combo solution (the Perfect's
    /// length when the level has three stars).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest_max_combo: Option<u32>,
    /// Skiddy: length of the shortest no-combo solution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest_no_combo: Option<u32>,
    /// Reachable states.
    #[serde(default)]
    pub states: u64,
    /// Dead ends.
    #[serde(default)]
    pub dead_ends: u64,
    /// Traps.
    #[serde(default)]
    pub traps: u64,
    /// Prism: the difficulty score of the shortest solution (absent when
    /// the level cannot be solved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u32>,
    /// Tangram: the exact number of solutions (absent when the search
    /// stopped before it knew; the verdict says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
}

impl LevelSummary {
    /// The summary of a Skiddy analysis.
    pub fn of_skiddy(analysis: &skiddy::Analysis) -> LevelSummary {
        LevelSummary::from_skiddy_parts(&analysis.summary, &analysis.rating)
    }

    /// The summary of a Skiddy analysis, from its numbers and its rating.
    pub fn from_skiddy_parts(s: &crate::engine::Summary, rating: &skiddy::Rating) -> LevelSummary {
        LevelSummary {
            stars: Some(rating.stars),
            verdict: rating.reason.clone(),
            shortest: s.any.shortest,
            shortest_max_combo: s.preferred.shortest,
            shortest_no_combo: s.mixed.shortest,
            states: s.states,
            dead_ends: s.dead_ends,
            traps: s.traps,
            difficulty: None,
            solutions: None,
        }
    }

    /// The summary of a Prism analysis.
    pub fn of_prism(analysis: &prism::Analysis) -> LevelSummary {
        let s = &analysis.summary;
        LevelSummary {
            stars: None,
            verdict: analysis.rating.verdict.clone(),
            shortest: s.any.shortest,
            shortest_max_combo: None,
            shortest_no_combo: None,
            states: s.states,
            dead_ends: s.dead_ends,
            traps: s.traps,
            difficulty: analysis.rating.difficulty,
            solutions: None,
        }
    }

    /// The summary of a Tangram analysis: its solution count and verdict.
    pub fn of_tangram(analysis: &tangram::Analysis) -> LevelSummary {
        LevelSummary {
            verdict: analysis.verdict.clone(),
            solutions: analysis
                .report
                .solutions
                .and_then(|n| u64::try_from(n).ok()),
            ..LevelSummary::default()
        }
    }

    /// Stars, 0 when the kind gives none.
    pub fn star_count(&self) -> u8 {
        self.stars.unwrap_or(0)
    }

    /// Tangram's solution count in words: `"unique"`, `"N solutions"` or
    /// `"no solution"`; the verdict when the summary holds no count (the
    /// search stopped before it knew, and the verdict says so).
    pub fn solution_count_words(&self) -> String {
        match self.solutions {
            Some(0) => "no solution".to_string(),
            Some(1) => "unique".to_string(),
            Some(n) => format!("{n} solutions"),
            None => self.verdict.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_written_before_kinds_reads_unchanged() {
        let old = r#"{"stars": 3, "star_reason": "Perfect in 2 moves (L D)", "shortest": 2,
            "shortest_max_combo": 2, "shortest_no_combo": 3, "states": 12, "dead_ends": 0, "traps": 0}"#;
        let s: LevelSummary = serde_json::from_str(old).unwrap();
        assert_eq!(s.stars, Some(3));
        assert_eq!(s.verdict, "Perfect in 2 moves (L D)");
        assert_eq!(s.shortest_no_combo, Some(3));
        let again: LevelSummary =
            serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(again, s);
    }

    #[test]
    fn a_tangram_count_reads_in_words() {
        let count = |solutions: Option<u64>| LevelSummary {
            verdict: "not known: the search stopped".into(),
            solutions,
            ..LevelSummary::default()
        };
        assert_eq!(count(Some(1)).solution_count_words(), "unique");
        assert_eq!(count(Some(6998)).solution_count_words(), "6998 solutions");
        assert_eq!(count(Some(0)).solution_count_words(), "no solution");
        assert_eq!(
            count(None).solution_count_words(),
            "not known: the search stopped"
        );
    }
}
