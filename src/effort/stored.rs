//! The effort a pack keeps with each analysed level: enough for the pack's
//! Effort column, its ordering, its curve and stats, and for saying which
//! metric moved between two analyses, without analysing again.

use serde::{Deserialize, Serialize};

use super::model::{round, Effort, Prediction};

/// One term's part of a stored effort.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredContribution {
    /// The metric's name.
    pub metric: String,
    /// The metric's value.
    pub value: f64,
    /// The score points it added.
    pub added: f64,
    /// The metric in a designer's words.
    pub words: String,
}

/// A level's effort as a pack stores it (`"effort"` in the level's summary).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEffort {
    /// The score (higher is harder).
    pub score: f64,
    /// Whether the score is calibrated on players.
    pub calibrated: bool,
    /// The predicted player moves with their interval, where calibrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted_player_moves: Option<Prediction>,
    /// Each term's part, in the model's order.
    #[serde(default)]
    pub contributions: Vec<StoredContribution>,
}

// Every number of a stored effort is finite: it comes from a score of
// finite metrics, or from JSON, which has no NaN. So equality is reflexive
// and a summary holding one can be compared as a whole (packs are `Eq`).
impl Eq for StoredEffort {}

impl From<&Effort> for StoredEffort {
    fn from(effort: &Effort) -> StoredEffort {
        StoredEffort {
            score: round(effort.score),
            calibrated: effort.calibrated(),
            predicted_player_moves: effort.prediction.map(|p| Prediction {
                moves: round(p.moves),
                low: round(p.low),
                high: round(p.high),
                coverage: p.coverage,
            }),
            contributions: effort
                .contributions
                .iter()
                .map(|c| StoredContribution {
                    metric: c.metric.to_string(),
                    value: c.value,
                    added: round(c.added),
                    words: c.words.clone(),
                })
                .collect(),
        }
    }
}

impl StoredEffort {
    /// The score with one decimal, as every view shows it (`"5.2"`).
    pub fn score_words(&self) -> String {
        format!("{:.1}", self.score)
    }

    /// The effort in a few words: `"effort 3.5"`, and for a calibrated
    /// score the predicted player moves (`"effort 6.0, about 64 player
    /// moves (43–94)"`).
    pub fn words(&self) -> String {
        match self.predicted_player_moves {
            Some(p) => format!(
                "effort {}, about {:.0} player moves ({:.0}–{:.0})",
                self.score_words(),
                p.moves,
                p.low,
                p.high
            ),
            None => format!("effort {}", self.score_words()),
        }
    }

    /// The metrics whose contribution changed from `before` to `self`, each
    /// in words (`"shortest 12 → 15 (+0.4)"`), largest change first.
    pub fn moved_metrics(&self, before: &StoredEffort) -> Vec<String> {
        let mut moved: Vec<(f64, String)> = self
            .contributions
            .iter()
            .filter_map(|after| {
                let old = before
                    .contributions
                    .iter()
                    .find(|c| c.metric == after.metric)?;
                let change = after.added - old.added;
                (old.value != after.value).then(|| {
                    (
                        change,
                        format!(
                            "{} {} → {} ({change:+.1})",
                            after.metric,
                            number(old.value),
                            number(after.value)
                        ),
                    )
                })
            })
            .collect();
        moved.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
        moved.into_iter().map(|(_, words)| words).collect()
    }
}

/// What became of the effort between two analyses of a level, in words:
/// `"effort 3.5 -> 4.2: shortest 8 → 16 (+1.0)"`, `"effort 3.5,
/// unchanged"`, `"effort none -> 4.2"`; `None` when neither has one.
pub fn effort_change_words(
    before: Option<&StoredEffort>,
    after: Option<&StoredEffort>,
) -> Option<String> {
    let shown = |e: Option<&StoredEffort>| e.map_or("none".to_string(), StoredEffort::score_words);
    match (before, after) {
        (None, None) => None,
        (Some(b), Some(a)) => {
            let moved = a.moved_metrics(b);
            Some(if moved.is_empty() && b.score_words() == a.score_words() {
                format!("effort {}, unchanged", a.score_words())
            } else if moved.is_empty() {
                format!("effort {} -> {}", b.score_words(), a.score_words())
            } else {
                format!(
                    "effort {} -> {}: {}",
                    b.score_words(),
                    a.score_words(),
                    moved.join(", ")
                )
            })
        }
        _ => Some(format!("effort {} -> {}", shown(before), shown(after))),
    }
}

/// A metric's value as a short number (`"15"`, `"0.25"`).
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(score: f64, parts: &[(&str, f64, f64)]) -> StoredEffort {
        StoredEffort {
            score,
            calibrated: false,
            predicted_player_moves: None,
            contributions: parts
                .iter()
                .map(|&(metric, value, added)| StoredContribution {
                    metric: metric.into(),
                    value,
                    added,
                    words: String::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_stored_effort_round_trips_through_json() {
        let effort = StoredEffort {
            score: 5.25,
            calibrated: true,
            predicted_player_moves: Some(Prediction {
                moves: 38.0,
                low: 26.5,
                high: 54.5,
                coverage: 0.8,
            }),
            contributions: stored(0.0, &[("shortest", 15.0, 4.5)]).contributions,
        };
        let text = serde_json::to_string(&effort).unwrap();
        let back: StoredEffort = serde_json::from_str(&text).unwrap();
        assert_eq!(back, effort);
        assert_eq!(back.words(), "effort 5.2, about 38 player moves (26–54)");
        let old: StoredEffort =
            serde_json::from_str(r#"{"score":1.5,"calibrated":false}"#).unwrap();
        assert_eq!(old.score_words(), "1.5");
        assert_eq!(old.words(), "effort 1.5");
        assert!(old.contributions.is_empty());
        assert!(serde_json::from_str::<StoredEffort>(r#"{"score":"high"}"#).is_err());
    }

    #[test]
    fn moved_metrics_name_what_changed_largest_first() {
        let before = stored(3.0, &[("shortest", 8.0, 3.0), ("farthest", 10.0, 1.0)]);
        let after = stored(4.2, &[("shortest", 16.0, 4.0), ("farthest", 12.0, 1.2)]);
        assert_eq!(
            after.moved_metrics(&before),
            ["shortest 8 → 16 (+1.0)", "farthest 10 → 12 (+0.2)"]
        );
        assert!(after.moved_metrics(&after).is_empty());
        assert_eq!(
            effort_change_words(Some(&before), Some(&after)).unwrap(),
            "effort 3.0 -> 4.2: shortest 8 → 16 (+1.0), farthest 10 → 12 (+0.2)"
        );
        assert_eq!(
            effort_change_words(Some(&after), Some(&after)).unwrap(),
            "effort 4.2, unchanged"
        );
        assert_eq!(
            effort_change_words(None, Some(&after)).unwrap(),
            "effort none -> 4.2"
        );
        assert_eq!(effort_change_words(None, None), None);
    }
}
