//! Skiddy's star rating (docs/rules.md, "Star rating"): each rule is checked only
//! if the previous one holds, and the rating says why it stopped.

use serde::{Deserialize, Serialize};

use crate::engine::Summary;

/// The verdict on one star rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The rule holds: the star is earned.
    Pass,
    /// The rule fails: this and later stars are withheld.
    Fail,
    /// An earlier rule failed, so this one was not checked.
    NotChecked,
}

/// One star rule with its verdict and a one-line reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleCheck {
    /// What the rule asks, e.g. "no reachable dead end".
    pub rule: String,
    /// Whether it holds.
    pub verdict: Verdict,
    /// Why, in a designer's words.
    pub reason: String,
}

/// The star rating: 0 to 3 stars, every rule's verdict, and the reason for
/// the first failed rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    /// Stars earned, 0 to 3.
    pub stars: u8,
    /// The three rules in order.
    pub rules: Vec<RuleCheck>,
    /// The reason for the first failed rule, or a line saying all hold.
    pub reason: String,
}

/// The shallowest dead end: how many moves reach it and those moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadEndPath {
    /// Moves from the start.
    pub depth: usize,
    /// The moves, as a move string.
    pub moves: String,
}

const RULES: [&str; 3] = [
    "no reachable dead end",
    "a max-combo and a no-combo solution both exist",
    "the shortest max-combo solution is no longer than the shortest no-combo solution",
];

/// "1 move" or "N moves".
pub fn moves_word(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

fn with_moves(n: u32, solution: &Option<String>) -> String {
    match solution.as_deref() {
        Some(s) if !s.is_empty() => format!("{} ({s})", moves_word(n)),
        _ => moves_word(n),
    }
}

/// Rates a level from its analysis summary and its shallowest dead end.
pub fn rate(summary: &Summary, shallowest_dead_end: Option<&DeadEndPath>) -> Rating {
    let mut checks: Vec<(Verdict, String)> = Vec::new();
    // Rule 1: no reachable dead end.
    let rule1 = match shallowest_dead_end {
        Some(d) if summary.any.shortest.is_none() => (
            Verdict::Fail,
            if d.depth == 0 {
                "no solution: the level cannot be won from the start".to_string()
            } else {
                "no solution: the level cannot be won".to_string()
            },
        ),
        Some(d) => (
            Verdict::Fail,
            format!(
                "dead end reachable in {}: {}",
                moves_word(d.depth as u32),
                d.moves
            ),
        ),
        None => (Verdict::Pass, "no dead end is reachable".to_string()),
    };
    checks.push(rule1);
    // Rule 2: both a max-combo and a no-combo solution.
    if checks[0].0 == Verdict::Pass {
        let max = &summary.preferred;
        let no = &summary.mixed;
        let rule2 = match (max.shortest, no.shortest) {
            (Some(m), Some(n)) => (
                Verdict::Pass,
                format!("max-combo in {}, no-combo in {}", moves_word(m), moves_word(n)),
            ),
            (None, _) => (
                Verdict::Fail,
                "no max-combo solution: every win splits some colour's Skiddies across moves"
                    .to_string(),
            ),
            (Some(_), None) => (
                Verdict::Fail,
                "no no-combo solution: every win clears each colour in a single move, so the combo is never a choice"
                    .to_string(),
            ),
        };
        checks.push(rule2);
    }
    // Rule 3: the Perfect is a shortest solution.
    if checks.len() == 2 && checks[1].0 == Verdict::Pass {
        let (m, n) = (
            summary.preferred.shortest.unwrap_or(0),
            summary.mixed.shortest.unwrap_or(0),
        );
        let rule3 = if m <= n {
            (
                Verdict::Pass,
                format!("Perfect in {}", with_moves(m, &summary.preferred.solution)),
            )
        } else {
            (
                Verdict::Fail,
                format!(
                    "the shortest max-combo solution takes {} but breaking the combo wins in {}: no Perfect",
                    with_moves(m, &summary.preferred.solution),
                    with_moves(n, &summary.mixed.solution)
                ),
            )
        };
        checks.push(rule3);
    }
    let stars = checks
        .iter()
        .take_while(|(v, _)| *v == Verdict::Pass)
        .count() as u8;
    let reason = match checks.iter().find(|(v, _)| *v == Verdict::Fail) {
        Some((_, r)) => r.clone(),
        None => format!("every rule holds: {}", checks[2].1),
    };
    let rules = RULES
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let (verdict, reason) = checks.get(i).cloned().unwrap_or((
                Verdict::NotChecked,
                "not checked: an earlier rule fails".to_string(),
            ));
            RuleCheck {
                rule: rule.to_string(),
                verdict,
                reason,
            }
        })
        .collect();
    Rating {
        stars,
        rules,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::RouteSummary;

    fn route(shortest: Option<u32>, solution: &str) -> RouteSummary {
        RouteSummary {
            shortest,
            solution: shortest.map(|_| solution.to_string()),
            count: shortest.map_or(0, |_| 1),
        }
    }

    fn summary(max: Option<u32>, no: Option<u32>) -> Summary {
        Summary {
            any: route(max.into_iter().chain(no).min(), "L D"),
            preferred: route(max, "L D"),
            mixed: route(no, "D L D"),
            ..Summary::default()
        }
    }

    #[test]
    fn three_stars_say_the_perfect() {
        let r = rate(&summary(Some(2), Some(3)), None);
        assert_eq!(r.stars, 3);
        assert_eq!(r.reason, "every rule holds: Perfect in 2 moves (L D)");
        assert!(r.rules.iter().all(|c| c.verdict == Verdict::Pass));
    }

    #[test]
    fn dead_end_withholds_every_star() {
        let dead = DeadEndPath {
            depth: 3,
            moves: "R D L".into(),
        };
        let r = rate(&summary(Some(2), Some(3)), Some(&dead));
        assert_eq!(r.stars, 0);
        assert_eq!(r.reason, "dead end reachable in 3 moves: R D L");
        assert_eq!(r.rules[1].verdict, Verdict::NotChecked);
        assert_eq!(r.rules[2].verdict, Verdict::NotChecked);
    }

    #[test]
    fn unwinnable_level_says_so() {
        let dead = DeadEndPath {
            depth: 0,
            moves: String::new(),
        };
        let r = rate(&summary(None, None), Some(&dead));
        assert_eq!(r.stars, 0);
        assert!(r.reason.contains("cannot be won from the start"));
    }

    #[test]
    fn missing_classes_stop_at_one_star() {
        assert!(rate(&summary(None, Some(3)), None)
            .reason
            .starts_with("no max-combo"));
        assert!(rate(&summary(Some(3), None), None)
            .reason
            .starts_with("no no-combo"));
        assert_eq!(rate(&summary(Some(3), None), None).stars, 1);
    }

    #[test]
    fn longer_max_combo_stops_at_two_stars() {
        let r = rate(&summary(Some(5), Some(4)), None);
        assert_eq!(r.stars, 2);
        assert!(
            r.reason.contains("5 moves") && r.reason.contains("4 moves"),
            "{}",
            r.reason
        );
    }
}
