//! Sokoban's report in the analysis panel: the report card (the fewest
//! moves and pushes, the verdict, states, deadlocks, fatal pushes, the dead
//! cells, the solution with a Replay button) and the list of traps.

use egui::{RichText, Ui};

use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::TrapList;
use crate::gui::kinds::move_views::{self, length_or_none, trap_line, traps_and_first};
use crate::kinds::sokoban::{Analysis, Dir};
use crate::words::counted;

/// The report card: the headline (moves and pushes, or unsolvable), the
/// verdict, the numbers and the solution with a button that replays it.
pub fn report_card(
    ui: &mut Ui,
    analysis: &Analysis,
    elapsed: Option<std::time::Duration>,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let r = &analysis.report;
    let headline = match (r.shortest_moves, r.min_pushes) {
        (Some(m), Some(p)) => format!(
            "{}, {}",
            counted(m, "move", "moves"),
            counted(p, "push", "pushes")
        ),
        _ => "Unsolvable".to_string(),
    };
    ui.label(RichText::new(headline).strong().size(18.0));
    ui.label(&r.verdict);
    move_views::figures_grid(
        ui,
        "sokoban-numbers",
        &[
            ("Fewest moves", length_or_none(r.shortest_moves)),
            ("Fewest pushes", length_or_none(r.min_pushes)),
            ("States", r.states.to_string()),
            ("Won states", r.won_states.to_string()),
            ("Deadlocks", r.dead_ends.to_string()),
            ("Fatal pushes", traps_and_first(r.traps, r.first_trap_depth)),
            ("Dead cells", r.dead_cells.len().to_string()),
        ],
    );
    commands.extend(move_views::solution_and_timing(
        ui,
        r.solution.clone(),
        elapsed,
        analysis.state_bits(),
    ));
    commands
}

/// The traps tab: every fatal push, shallowest first, as the way in (in
/// LURD) and the push into the deadlock; a click shows it on the board.
pub fn traps_tab(
    ui: &mut Ui,
    analysis: &Analysis,
    traps: &TrapList,
    selected: Option<usize>,
) -> Vec<Command> {
    let heading = format!(
        "{}, {}. Shallowest first:",
        counted(traps.len() as u64, "fatal push", "fatal pushes"),
        counted(analysis.report.dead_ends, "deadlock", "deadlocks"),
    );
    move_views::traps_list(ui, heading, traps, selected, |trap, depth| {
        let path = analysis
            .graph
            .as_deref()
            .map_or_else(Vec::new, |graph| graph.path_to(trap.from));
        let way = analysis.lurd(&path);
        let mv = Dir::from_index(trap.mv as usize).map_or('?', |d| d.lurd(true));
        trap_line(depth, &way, &mv.to_string(), "deadlock")
    })
}
