//! The figures a stopped exploration knew of the part it explored, on the
//! analysis panel's card of the stop, under the "too big" words: what was
//! explored before which budget, and the dead-end states and traps known
//! within it, each "at least" and the whole headed "partial", so that
//! nobody reads them as the level's totals (the command line's words, see
//! [`crate::kinds::PartialFigures::line`]).

use egui::Ui;

use crate::kinds::partial_figures::Phrases;
use crate::kinds::PartialFigures;

/// The heading of the partial figures.
pub const HEADING: &str = "Partial figures (the explored part only)";

/// Shows `partial` in `ui`.
pub fn show_partial(ui: &mut Ui, partial: &PartialFigures) {
    ui.separator();
    ui.strong(HEADING);
    ui.label(capitalised(&partial.explored_phrase()));
    match partial.figure_phrases() {
        Phrases::Figures(phrases) => {
            for phrase in phrases {
                ui.label(phrase);
            }
        }
        Phrases::Unavailable(why) => {
            ui.label(capitalised(why));
        }
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::{KnownFigures, PartialKnowledge, PartialStop};
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    fn figures(knowledge: PartialKnowledge) -> PartialFigures {
        PartialFigures {
            stopped: PartialStop::StateBudget,
            explored: 1_000,
            explored_unit: "positions",
            knowledge,
        }
    }

    #[test]
    fn the_card_says_partial_and_at_least_or_why_there_is_nothing() {
        let known = figures(PartialKnowledge::Known(KnownFigures {
            states: 12_345,
            dead_ends: 678,
            traps: 9,
        }));
        let harness = Harness::new_ui(move |ui| show_partial(ui, &known));
        harness.get_by_label(HEADING);
        harness.get_by_label("Explored 1,000 positions before the state budget");
        harness.get_by_label("at least 12,345 states");
        harness.get_by_label("at least 678 dead-end states");
        harness.get_by_label("at least 9 traps among them");

        let none = figures(PartialKnowledge::Unavailable(
            "partial figures are unavailable: no room".into(),
        ));
        let harness = Harness::new_ui(move |ui| show_partial(ui, &none));
        harness.get_by_label("Partial figures are unavailable: no room");
        assert!(harness.query_by_label_contains("at least").is_none());
    }
}
