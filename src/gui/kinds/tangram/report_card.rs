//! Tangram's report in the analysis panel: the solution count as the
//! headline, the verdict that says how other solutions differ, the numbers
//! of the search, and the list of solutions, each shown on the board with a
//! click.

use egui::{Color32, RichText, Ui};

use super::coords::placement_words;
use super::play_and_replay::{show_solution, Stepper};
use crate::gui::commands::Command;
use crate::kinds::tangram::Analysis;
use crate::words::counted;

/// The headline's colour: green for a unique level, amber for several
/// solutions, red for none or an unknown count.
fn headline_colour(analysis: &Analysis) -> Color32 {
    match analysis.solutions() {
        Some(1) => Color32::from_rgb(40, 150, 60),
        Some(0) | None => Color32::from_rgb(200, 50, 40),
        Some(_) => Color32::from_rgb(200, 130, 0),
    }
}

/// The headline: "Unique", "3 solutions", "No solution" or "At least N
/// solutions".
pub fn headline(analysis: &Analysis) -> String {
    match analysis.solutions() {
        Some(0) => "No solution".into(),
        Some(1) => "Unique".into(),
        Some(n) => format!("{n} solutions"),
        None => format!("At least {} solutions", analysis.report.at_least),
    }
}

/// The report card: the count, the verdict, the search's numbers and a
/// button that steps through the solutions on the board.
pub fn report_card(
    ui: &mut Ui,
    analysis: &Analysis,
    elapsed: Option<std::time::Duration>,
    stepper: &mut Option<Stepper>,
) -> Vec<Command> {
    ui.label(
        RichText::new(headline(analysis))
            .strong()
            .size(18.0)
            .color(headline_colour(analysis)),
    );
    ui.label(crate::gui::editor_words::in_editor_words(&analysis.verdict));
    let mut searched = counted(analysis.report.nodes, "node", "nodes");
    if let Some(t) = elapsed {
        searched += &format!(" in {} ms", t.as_millis());
    }
    crate::gui::kinds::move_views::figures_grid(
        ui,
        "tangram-numbers",
        &[
            ("Board", format!("{n} x {n}", n = analysis.size)),
            ("Shapes", analysis.shapes.to_string()),
            ("Searched", searched),
        ],
    );
    if !analysis.listed().is_empty()
        && ui
            .button("Step through the solutions")
            .on_hover_text("Show each solution on the board, the shapes that move bright")
            .clicked()
    {
        return show_solution(stepper, analysis, 0);
    }
    Vec::new()
}

/// The analysis panel's list of solutions, each as the shapes that move
/// from the level's own arrangement; a click shows it on the board.
pub fn solutions_tab(
    ui: &mut Ui,
    analysis: &Analysis,
    stepper: &mut Option<Stepper>,
) -> Vec<Command> {
    let listed = analysis.listed();
    if listed.is_empty() {
        ui.label("No solution to list.");
        return Vec::new();
    }
    let mut chosen = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (i, placement) in listed.iter().enumerate() {
            let text = format!("Solution {}: {}", i + 1, placement_words(placement));
            if ui
                .add(egui::Button::new(text).wrap_mode(egui::TextWrapMode::Wrap))
                .on_hover_text("Show it on the board")
                .clicked()
            {
                chosen = Some(i);
            }
        }
        let more = analysis
            .solutions()
            .is_none_or(|n| n > listed.len() as u128);
        if more {
            ui.label(
                RichText::new(format!(
                    "The first {} are listed.",
                    counted(listed.len() as u64, "solution", "solutions")
                ))
                .weak(),
            );
        }
    });
    match chosen {
        Some(i) => show_solution(stepper, analysis, i),
        None => Vec::new(),
    }
}
