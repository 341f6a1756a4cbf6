//! Prism's report in the analysis panel: the report card (difficulty and
//! its parts, the verdict in words, the counts, the shortest solution with a
//! Replay button) and the list of traps.

use egui::{RichText, Ui};

use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::TrapList;
use crate::gui::kinds::move_views::{self, length_or_none, trap_line, traps_and_first};
use crate::kinds::prism::{Analysis, Dir};
use crate::words::counted;

/// The report card: the difficulty with what it is made of, the verdict,
/// the numbers and the shortest solution with a button that replays it.
pub fn report_card(
    ui: &mut Ui,
    analysis: &Analysis,
    elapsed: Option<std::time::Duration>,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let rating = &analysis.rating;
    let parts = &rating.parts;
    match rating.difficulty {
        Some(d) => {
            ui.label(RichText::new(format!("Difficulty {d}")).strong().size(18.0));
            ui.label(
                RichText::new(format!(
                    "length {} + 3 × {} + 2 × {} + 4 × {}",
                    parts.length,
                    counted(
                        u64::from(parts.switches_pressed),
                        "switch pressed",
                        "switches pressed"
                    ),
                    counted(
                        u64::from(parts.background_changes),
                        "background",
                        "backgrounds"
                    ),
                    counted(
                        u64::from(parts.enemies_dodged),
                        "enemy dodged",
                        "enemies dodged"
                    ),
                ))
                .weak(),
            );
        }
        None => {
            ui.label(RichText::new("Unsolvable").strong().size(18.0));
        }
    }
    ui.label(&rating.verdict);
    let s = &analysis.summary;
    let solution = s.any.solution.clone();
    move_views::figures_grid(
        ui,
        "prism-numbers",
        &[
            ("Shortest", length_or_none(s.any.shortest)),
            ("States", s.states.to_string()),
            ("Won states", s.won_states.to_string()),
            ("Dead ends", s.dead_ends.to_string()),
            ("Deadly moves", analysis.deaths.to_string()),
            ("Traps", traps_and_first(s.traps, s.first_trap_depth)),
        ],
    );
    commands.extend(move_views::solution_and_timing(
        ui,
        solution,
        elapsed,
        analysis.state_bits(),
    ));
    commands
}

/// The traps tab: every trap, shallowest first, as the way in and the
/// move into the dead end; a click shows the trap on the board.
pub fn traps_tab(
    ui: &mut Ui,
    analysis: &Analysis,
    traps: &TrapList,
    selected: Option<usize>,
) -> Vec<Command> {
    let heading = format!(
        "{}, {}, {}. Shallowest first:",
        counted(traps.len() as u64, "trap", "traps"),
        counted(analysis.summary.dead_ends, "dead end", "dead ends"),
        counted(analysis.deaths, "deadly move", "deadly moves")
    );
    move_views::traps_list(ui, heading, traps, selected, |trap, depth| {
        let way = analysis.move_string(&analysis.graph.path_to(trap.from));
        let mv = Dir::from_index(trap.mv as usize).map_or("?", Dir::name);
        trap_line(depth, &way, mv, "dead end")
    })
}
