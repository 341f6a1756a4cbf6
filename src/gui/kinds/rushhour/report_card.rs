//! Rush Hour's report in the analysis panel: the report card (the fewest
//! moves and steps, the verdict, the states, the farthest position from a
//! win, the solution with a Replay button, and "Make it harder", which
//! opens the cluster's hardest start as a new level) and the Traps tab,
//! which says why there are none.

use egui::{RichText, Ui};

use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::TrapList;
use crate::gui::kinds::move_views::{self, figures_grid};
use crate::kinds::rushhour::Analysis;
use crate::words::counted;

/// A count of moves, or "none".
fn moves_or_none(n: Option<usize>) -> String {
    n.map_or("none".to_string(), |n| n.to_string())
}

/// The figures of the report card beyond the summary's, by name, for the
/// card and the compare section.
pub fn extra_figures(analysis: &Analysis) -> Vec<(&'static str, String)> {
    let r = &analysis.report;
    vec![
        ("Fewest steps", moves_or_none(r.shortest_steps)),
        ("Shortest solutions", r.shortest_solutions.to_string()),
        ("Farthest from a win", moves_or_none(r.farthest)),
    ]
}

/// How far from a win "Make it harder"'s level would be: the report's
/// farthest, when it is farther than the start (read every frame, so it
/// builds no level).
fn harder_moves(analysis: &Analysis) -> Option<usize> {
    let r = &analysis.report;
    let farthest = r.farthest?;
    (Some(farthest) > r.shortest_moves).then_some(farthest)
}

/// What "Make it harder" offers: the cluster's hardest start as a new
/// level named after this one, with how far it is from a win; `None`
/// when the start is already as far from a win as any position of its
/// cluster (or no win is reachable).
pub fn harder_level(analysis: &Analysis) -> Option<(crate::kinds::rushhour::Level, usize)> {
    let farthest = harder_moves(analysis)?;
    let mut level = analysis.hardest_start();
    level.name = if analysis.level.name.is_empty() {
        "harder".to_string()
    } else {
        format!("{} (harder)", analysis.level.name)
    };
    Some((level, farthest))
}

/// The report card: the headline (moves and steps, or unsolvable), the
/// verdict, the figures, the solution with Replay, the time taken, and
/// "Make it harder".
pub fn report_card(
    ui: &mut Ui,
    analysis: &Analysis,
    elapsed: Option<std::time::Duration>,
) -> Vec<Command> {
    let r = &analysis.report;
    let headline = match (r.shortest_moves, r.solution_steps) {
        (Some(m), Some(s)) => format!(
            "{}, {}",
            counted(m as u64, "move", "moves"),
            counted(s as u64, "step", "steps")
        ),
        (Some(m), None) => counted(m as u64, "move", "moves"),
        _ => "Unsolvable".to_string(),
    };
    ui.label(RichText::new(headline).strong().size(18.0));
    ui.label(&r.verdict);
    let mut rows = vec![
        ("Fewest moves", moves_or_none(r.shortest_moves)),
        ("States", r.states.to_string()),
        ("Won states", r.won_states.to_string()),
        ("Dead ends", r.dead_ends.to_string()),
    ];
    rows.extend(extra_figures(analysis));
    figures_grid(ui, "rushhour-numbers", &rows);
    let mut commands =
        move_views::solution_and_timing(ui, r.solution.clone(), elapsed, analysis.rules().bits());
    commands.extend(make_it_harder(ui, analysis));
    commands
}

/// The "Make it harder" button: the hardest start of the cluster opens as
/// a new level (Fogleman's unsolve); greyed out, saying why, when the
/// start is already the hardest.
fn make_it_harder(ui: &mut Ui, analysis: &Analysis) -> Vec<Command> {
    let harder = harder_moves(analysis);
    let text = match harder {
        Some(moves) => format!("Make it harder: {}", counted(moves as u64, "move", "moves")),
        None => "Make it harder".to_string(),
    };
    let why_not = if analysis.report.solvable {
        "The start is already as far from a win as any position it can reach"
    } else {
        "No position of this cluster can be won"
    };
    let clicked = ui
        .add_enabled(harder.is_some(), egui::Button::new(text))
        .on_hover_text(
            "Open the position of this level's cluster farthest from a win as a new level",
        )
        .on_disabled_hover_text(why_not)
        .clicked();
    // The level is built only when the button is pressed.
    let opened = if clicked {
        harder_level(analysis)
    } else {
        None
    };
    match opened {
        Some((level, moves)) => vec![Command::OpenLevel {
            message: format!(
                "Opened \"{}\": the hardest start of the cluster, {} to a win",
                level.name,
                counted(moves as u64, "move", "moves")
            ),
            level: Box::new(level.into()),
        }],
        _ => Vec::new(),
    }
}

/// The Traps tab: Rush Hour has none, and says why.
pub fn traps_tab(ui: &mut Ui, _analysis: &Analysis, _traps: &TrapList) -> Vec<Command> {
    ui.label("No traps: every move can be undone by sliding the vehicle back, so no position is a dead end.");
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::rushhour::{analyze, Level, Orientation, Vehicle};

    /// The primary at (0, 2), a vertical truck B at (3, 1) across its row
    /// and a car C at `car_x` on the bottom row: with C under the truck
    /// (2 or 3) the level takes 3 moves, with C out of its way 2.
    fn level(car_x: usize) -> Level {
        let mut level = Level::new(6, 6);
        level.name = "flow".to_string();
        let v = |x, y, length, orientation, primary| Vehicle {
            x,
            y,
            length,
            orientation,
            primary,
        };
        level.vehicles = vec![
            v(0, 2, 2, Orientation::Horizontal, true),
            v(3, 1, 3, Orientation::Vertical, false),
            v(car_x, 5, 2, Orientation::Horizontal, false),
        ];
        level
    }

    #[test]
    fn make_it_harder_offers_the_hardest_start_only_when_it_is_harder() {
        let easy = analyze(&level(0), &Job::default()).unwrap();
        assert_eq!(easy.report.shortest_moves, Some(2));
        let (harder, moves) = harder_level(&easy).expect("a harder start");
        assert_eq!(moves, 3);
        assert_eq!(harder.name, "flow (harder)");
        let again = analyze(&harder, &Job::default()).unwrap();
        assert_eq!(again.report.shortest_moves, Some(3));
        assert_eq!(harder_level(&again), None, "already the hardest");
        let figures = extra_figures(&again);
        assert_eq!(figures[2], ("Farthest from a win", "3".to_string()));
    }
}
