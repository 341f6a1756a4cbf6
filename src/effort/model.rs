//! The effort model: a base plus weighted, transformed metrics, and what it
//! says about one level.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// How a metric is turned into a model input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// `log2(x)`, with `x` below 1 taken as 1 (a length of 0 adds nothing).
    Log2,
    /// `log2(1 + x)`: a count where 0 is common.
    Log2OnePlus,
    /// `x` itself.
    Linear,
}

impl Transform {
    /// The model input for the metric's value `x`.
    pub fn apply(self, x: f64) -> f64 {
        match self {
            Transform::Log2 => x.max(1.0).log2(),
            Transform::Log2OnePlus => (1.0 + x.max(0.0)).log2(),
            Transform::Linear => x,
        }
    }

    /// The transform's name as `docs/effort.md` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Transform::Log2 => "log2",
            Transform::Log2OnePlus => "log2(1+x)",
            Transform::Linear => "x",
        }
    }
}

/// One term of a model: a metric, its transform and its weight, and the
/// words that explain it to a designer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Term {
    /// The metric's name in `effort.metrics`.
    pub metric: &'static str,
    /// How the metric is transformed before it is weighted.
    pub transform: Transform,
    /// The weight (score points per unit of the transformed metric).
    pub weight: f64,
    /// The metric in words for one (`"1 move at the fewest"`) and for
    /// several (`"{} moves at the fewest"`; `{}` is the value).
    pub words: (&'static str, &'static str),
}

impl Term {
    /// The term's words for the metric's value.
    pub fn words_for(&self, value: f64) -> String {
        let number = if value.fract() == 0.0 {
            format!("{value:.0}")
        } else {
            format!("{value:.2}")
        };
        let template = if value == 1.0 {
            self.words.0
        } else {
            self.words.1
        };
        template.replace("{}", &number)
    }
}

/// What makes a model calibrated on people: its fit's residual spread and
/// the inverse of its design's Gram matrix, from which the prediction
/// interval of any level follows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// What the model was fitted on, in a few words.
    pub data: &'static str,
    /// The residual standard deviation of the fit, in score points (log2).
    pub residual_sd: f64,
    /// `(XᵀX)⁻¹` of the fit, row by row, for the inputs `[1, term inputs…]`.
    pub inverse_gram: &'static [f64],
    /// The interval's coverage (0.8 for 80 %).
    pub coverage: f64,
    /// The normal quantile of that coverage, two-sided.
    pub z: f64,
}

/// A kind's effort model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EffortModel {
    /// The score of a level whose every term input is 0.
    pub base: f64,
    /// The weighted metrics.
    pub terms: &'static [Term],
    /// Present when the model was fitted on people: then the score is
    /// `log2` of the predicted player moves.
    pub calibration: Option<Calibration>,
}

/// How much one metric added to a level's score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contribution {
    /// The metric's name.
    pub metric: &'static str,
    /// The metric's value.
    pub value: f64,
    /// The score points it added (its weight times its transformed value).
    pub added: f64,
    /// The metric in a designer's words (`"15 moves at the fewest"`).
    pub words: String,
}

/// The moves a typical player is predicted to spend on a level, with an
/// interval, from a calibrated model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The predicted median over players.
    pub moves: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
    /// The interval's coverage (0.8 for 80 %).
    pub coverage: f64,
}

/// One level's effort: the score, the metrics it was computed from, what
/// each term added and, for a calibrated kind, the prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct Effort {
    /// The score: higher is harder; one point is about twice the effort.
    pub score: f64,
    /// The base every level starts from.
    pub base: f64,
    /// What each term added, in the model's order.
    pub contributions: Vec<Contribution>,
    /// Every effort metric of the level, by name (the model's and others).
    pub metrics: Map<String, Value>,
    /// The predicted player moves, where the model is calibrated.
    pub prediction: Option<Prediction>,
}

impl EffortModel {
    /// The model's inputs for `metrics` (`[1, transformed term metrics…]`)
    /// and the metrics' values; `None` when a term's metric is missing or
    /// not a number (an unsolvable level has no shortest solution).
    fn inputs(&self, metrics: &Map<String, Value>) -> Option<Vec<(f64, f64)>> {
        self.terms
            .iter()
            .map(|term| {
                let value = metrics.get(term.metric)?.as_f64()?;
                Some((value, term.transform.apply(value)))
            })
            .collect()
    }

    /// The effort of a level with these metrics; `None` when the model
    /// cannot score it (a metric it needs is missing: the level cannot be
    /// won, or its search stopped).
    pub fn effort(&self, metrics: Map<String, Value>) -> Option<Effort> {
        let inputs = self.inputs(&metrics)?;
        let contributions: Vec<Contribution> = self
            .terms
            .iter()
            .zip(&inputs)
            .map(|(term, &(value, input))| Contribution {
                metric: term.metric,
                value,
                added: term.weight * input,
                words: term.words_for(value),
            })
            .collect();
        let score = self.base + contributions.iter().map(|c| c.added).sum::<f64>();
        let prediction = self.calibration.map(|calibration| {
            let x: Vec<f64> = std::iter::once(1.0)
                .chain(inputs.iter().map(|&(_, input)| input))
                .collect();
            let leverage = quadratic_form(calibration.inverse_gram, &x);
            let half = calibration.z * calibration.residual_sd * (1.0 + leverage).sqrt();
            Prediction {
                moves: score.exp2(),
                low: (score - half).exp2(),
                high: (score + half).exp2(),
                coverage: calibration.coverage,
            }
        });
        Some(Effort {
            score,
            base: self.base,
            contributions,
            metrics,
            prediction,
        })
    }
}

/// `xᵀ M x` for the square matrix `m` stored row by row.
fn quadratic_form(m: &[f64], x: &[f64]) -> f64 {
    let n = x.len();
    if m.len() != n * n {
        return 0.0;
    }
    (0..n)
        .map(|i| (0..n).map(|j| x[i] * m[i * n + j] * x[j]).sum::<f64>())
        .sum()
}

impl Effort {
    /// Whether the score is calibrated on players (a prediction exists).
    pub fn calibrated(&self) -> bool {
        self.prediction.is_some()
    }

    /// The contributions that added most, largest first, at most `count`,
    /// leaving out those that added nothing.
    pub fn main_reasons(&self, count: usize) -> Vec<&Contribution> {
        let mut reasons: Vec<&Contribution> = self
            .contributions
            .iter()
            .filter(|c| c.added.abs() >= 0.005)
            .collect();
        reasons.sort_by(|a, b| b.added.abs().total_cmp(&a.added.abs()));
        reasons.truncate(count);
        reasons
    }

    /// What the score means, in words: the prediction and its interval for
    /// a calibrated kind, else that the score is relative.
    pub fn scale_words(&self) -> String {
        match self.prediction {
            Some(p) => format!(
                "a typical player needs about {:.0} moves ({:.0} % interval {:.0}–{:.0})",
                p.moves,
                p.coverage * 100.0,
                p.low,
                p.high
            ),
            None => "relative effort (not calibrated on players)".to_string(),
        }
    }

    /// The `effort` object of `analyze --json`: `score`, `calibrated`,
    /// `metrics`, `contributions` (the base and each term's points, by
    /// name) and, for a calibrated kind, `predicted_player_moves`
    /// (`median`, `low`, `high`, `coverage`).
    pub fn to_json(&self) -> Value {
        let mut contributions = Map::new();
        contributions.insert("base".into(), json!(round(self.base)));
        for c in &self.contributions {
            contributions.insert(c.metric.into(), json!(round(c.added)));
        }
        let mut object = Map::new();
        object.insert("score".into(), json!(round(self.score)));
        object.insert("calibrated".into(), json!(self.calibrated()));
        object.insert("metrics".into(), Value::Object(self.metrics.clone()));
        object.insert("contributions".into(), Value::Object(contributions));
        if let Some(p) = self.prediction {
            object.insert(
                "predicted_player_moves".into(),
                json!({
                    "median": round(p.moves),
                    "low": round(p.low),
                    "high": round(p.high),
                    "coverage": p.coverage,
                }),
            );
        }
        Value::Object(object)
    }
}

/// `x` rounded to 4 decimals, for reports that do not change with the last
/// bits of a float.
pub(crate) fn round(x: f64) -> f64 {
    // Adding 0.0 turns a rounded -0.0 into 0.0.
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERMS: &[Term] = &[
        Term {
            metric: "shortest",
            transform: Transform::Log2,
            weight: 1.0,
            words: ("1 move at the fewest", "{} moves at the fewest"),
        },
        Term {
            metric: "traps",
            transform: Transform::Log2OnePlus,
            weight: 0.5,
            words: ("1 trap", "{} traps"),
        },
    ];

    fn metrics(shortest: Value, traps: Value) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("shortest".into(), shortest);
        m.insert("traps".into(), traps);
        m
    }

    #[test]
    fn the_score_is_the_base_plus_what_each_term_added() {
        let model = EffortModel {
            base: 0.25,
            terms: TERMS,
            calibration: None,
        };
        let effort = model.effort(metrics(json!(8), json!(3))).unwrap();
        // 0.25 + log2(8) + 0.5 * log2(1 + 3) = 0.25 + 3 + 1
        assert!((effort.score - 4.25).abs() < 1e-12);
        assert_eq!(effort.contributions[0].added, 3.0);
        assert_eq!(effort.contributions[1].added, 1.0);
        assert_eq!(effort.contributions[0].words, "8 moves at the fewest");
        assert_eq!(effort.contributions[1].words, "3 traps");
        assert!(effort.prediction.is_none());
        assert_eq!(
            effort.scale_words(),
            "relative effort (not calibrated on players)"
        );
        let json = effort.to_json();
        assert_eq!(json["score"], json!(4.25));
        assert_eq!(json["calibrated"], json!(false));
        assert_eq!(json["contributions"]["base"], json!(0.25));
        assert_eq!(json["contributions"]["shortest"], json!(3.0));
        assert!(json.get("predicted_player_moves").is_none());
    }

    #[test]
    fn a_missing_or_null_metric_gives_no_score() {
        let model = EffortModel {
            base: 0.0,
            terms: TERMS,
            calibration: None,
        };
        assert!(model.effort(metrics(Value::Null, json!(0))).is_none());
        let mut only_shortest = Map::new();
        only_shortest.insert("shortest".into(), json!(4));
        assert!(model.effort(only_shortest).is_none());
    }

    #[test]
    fn a_calibrated_model_predicts_two_to_the_score_with_a_wider_interval_far_from_the_data() {
        // One input: [1, log2 shortest]; (XᵀX)⁻¹ of the two points x = 1, 3.
        let inverse_gram: &'static [f64] = &[1.25, -0.5, -0.5, 0.25];
        let model = EffortModel {
            base: 1.0,
            terms: &TERMS[..1],
            calibration: Some(Calibration {
                data: "two made-up points",
                residual_sd: 0.5,
                inverse_gram,
                coverage: 0.8,
                z: 1.2816,
            }),
        };
        let mut near = Map::new();
        near.insert("shortest".into(), json!(4)); // input 2: leverage 0.25
        let near = model.effort(near).unwrap();
        let p = near.prediction.unwrap();
        assert!((p.moves - 8.0).abs() < 1e-9);
        let half = 1.2816 * 0.5 * 1.25f64.sqrt();
        assert!((p.low - (3.0 - half).exp2()).abs() < 1e-9);
        assert!((p.high - (3.0 + half).exp2()).abs() < 1e-9);
        let mut far = Map::new();
        far.insert("shortest".into(), json!(64)); // input 6: leverage 3.25
        let far = model.effort(far).unwrap().prediction.unwrap();
        assert!(far.high / far.moves > p.high / p.moves);
        assert!(near
            .scale_words()
            .starts_with("a typical player needs about 8 moves"));
    }

    #[test]
    fn the_main_reasons_are_the_largest_contributions_first() {
        let model = EffortModel {
            base: 0.0,
            terms: TERMS,
            calibration: None,
        };
        let effort = model.effort(metrics(json!(2), json!(15))).unwrap();
        // shortest adds 1, traps 0.5 * 4 = 2.
        let reasons: Vec<&str> = effort.main_reasons(2).iter().map(|c| c.metric).collect();
        assert_eq!(reasons, ["traps", "shortest"]);
        let none = model.effort(metrics(json!(1), json!(0))).unwrap();
        assert!(none.main_reasons(3).is_empty());
    }
}
