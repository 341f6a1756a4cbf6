//! The effort lines of the report card (issue 41, `docs/effort.md`): the
//! score with its main reasons and, for a level of the open pack, how many
//! of the pack's other levels it is harder than; then what the score means
//! (a calibrated kind's prediction with its interval, or that it is only
//! relative); every metric's part in the tooltip. Kind-agnostic: it shows
//! any kind's [`Effort`].

use egui::{RichText, Ui};

use crate::effort::Effort;

/// How many of the score's main reasons the headline names.
pub const HEADLINE_REASONS: usize = 2;

/// The headline: `"Effort 5.2 — harder than 80 % of this pack: 15 moves at
/// the fewest, positions up to 16 moves from a win"`. `share` is the part
/// (0 to 1) of the levels it is compared with that score lower, and what
/// those are called (`"this pack"`); `None` leaves the pack out
/// (`"Effort 5.2: 15 moves at the fewest, …"`).
pub fn effort_headline(effort: &Effort, share: Option<(f64, &str)>) -> String {
    let mut text = format!("Effort {:.1}", effort.score);
    if let Some((share, among)) = share {
        text += &format!(" — harder than {:.0} % of {among}", share * 100.0);
    }
    let reasons: Vec<&str> = effort
        .main_reasons(HEADLINE_REASONS)
        .into_iter()
        .map(|c| c.words.as_str())
        .collect();
    if !reasons.is_empty() {
        text += ": ";
        text += &reasons.join(", ");
    }
    text
}

/// The tooltip's lines: the base, then every metric with the points it
/// added (`"15 moves at the fewest: +3.9"`), in the model's order, then
/// the total.
pub fn contribution_lines(effort: &Effort) -> Vec<String> {
    let mut lines = vec![format!("Base: {:+.1}", effort.base)];
    lines.extend(
        effort
            .contributions
            .iter()
            .map(|c| format!("{}: {:+.1}", c.words, c.added)),
    );
    lines.push(format!("Score: {:.1}", effort.score));
    lines
}

/// What the card says of a level its kind's model cannot score:
/// `cannot_be_won` when no win is reachable, else a metric the score
/// needs is not measured for it (a search that stopped, a Sokoban level
/// too big to keep its step graph).
pub fn unscored_words(cannot_be_won: bool) -> &'static str {
    if cannot_be_won {
        "Effort: none (the level cannot be won)"
    } else {
        "Effort: none (not every metric the score needs is measured for this level)"
    }
}

/// Draws the effort lines: the headline (its tooltip lists every
/// contribution) and what the score means; or that there is no score.
pub fn show_effort_card(
    ui: &mut Ui,
    effort: Option<&Effort>,
    share: Option<(f64, &str)>,
    cannot_be_won: bool,
) {
    let Some(effort) = effort else {
        ui.label(RichText::new(unscored_words(cannot_be_won)).weak());
        return;
    };
    let lines = contribution_lines(effort);
    ui.label(RichText::new(effort_headline(effort, share)).strong())
        .on_hover_ui(|ui| {
            ui.strong("What the score adds up");
            for line in &lines {
                ui.label(line);
            }
        });
    ui.label(RichText::new(effort.scale_words()).weak());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effort::Contribution;

    fn effort(parts: &[(&'static str, f64, &str)], calibrated: bool) -> Effort {
        let contributions: Vec<Contribution> = parts
            .iter()
            .map(|&(metric, added, words)| Contribution {
                metric,
                value: 1.0,
                added,
                words: words.into(),
            })
            .collect();
        let score = 1.0 + contributions.iter().map(|c| c.added).sum::<f64>();
        Effort {
            score,
            base: 1.0,
            contributions,
            metrics: serde_json::Map::new(),
            prediction: calibrated.then_some(crate::effort::Prediction {
                moves: score.exp2(),
                low: 24.0,
                high: 52.0,
                coverage: 0.8,
            }),
        }
    }

    #[test]
    fn the_headline_names_the_share_and_the_two_largest_reasons() {
        let e = effort(
            &[
                ("shortest", 3.0, "15 moves at the fewest"),
                ("traps", 0.2, "2 traps"),
                ("farthest", 1.2, "positions up to 16 moves from a win"),
            ],
            false,
        );
        assert_eq!(
            effort_headline(&e, Some((0.8, "this pack"))),
            "Effort 5.4 — harder than 80 % of this pack: 15 moves at the fewest, positions up to 16 moves from a win"
        );
        assert_eq!(
            effort_headline(&e, None),
            "Effort 5.4: 15 moves at the fewest, positions up to 16 moves from a win"
        );
        let bare = effort(&[("traps", 0.0, "no traps")], false);
        assert_eq!(
            effort_headline(&bare, Some((0.0, "this pack's Skiddy levels"))),
            "Effort 1.0 — harder than 0 % of this pack's Skiddy levels"
        );
    }

    #[test]
    fn the_tooltip_lists_every_contribution_and_the_total() {
        let e = effort(
            &[
                ("shortest", 3.0, "15 moves at the fewest"),
                ("traps", 0.0, "no traps"),
            ],
            true,
        );
        assert_eq!(
            contribution_lines(&e),
            [
                "Base: +1.0",
                "15 moves at the fewest: +3.0",
                "no traps: +0.0",
                "Score: 4.0"
            ]
        );
    }

    #[test]
    fn an_unscored_level_says_why() {
        assert_eq!(
            unscored_words(true),
            "Effort: none (the level cannot be won)"
        );
        assert!(unscored_words(false).starts_with("Effort: none"));
    }
}
