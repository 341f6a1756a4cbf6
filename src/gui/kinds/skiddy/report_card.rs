//! Skiddy's report in the analysis panel: the rating card (stars, each
//! rule with its verdict and reason, the medals' numbers and the counts) and
//! the list of traps.

use egui::{Color32, RichText, Ui};

use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::TrapList;
use crate::gui::kinds::move_views::{self, length_or_none, trap_line};
use crate::gui::views::board::mark;
use crate::gui::views::board::paint_star;
use crate::kinds::skiddy::{Analysis, Dir, Verdict};
use crate::words::counted;

/// The rating card: stars, each rule with a tick or a cross and its reason,
/// the medals' numbers and the counts.
pub fn rating_card(ui: &mut Ui, analysis: &Analysis, elapsed: Option<std::time::Duration>) {
    let rating = &analysis.rating;
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(96.0, 32.0), egui::Sense::hover());
        for i in 0..3u8 {
            let centre = rect.left_center() + egui::vec2(16.0 + 32.0 * i as f32, 0.0);
            paint_star(ui.painter(), centre, 14.0, i < rating.stars, Color32::GRAY);
        }
        ui.label(RichText::new(format!("{} of 3 stars", rating.stars)).strong());
    });
    for rule in &rating.rules {
        let verdict = match rule.verdict {
            Verdict::Pass => Some(true),
            Verdict::Fail => Some(false),
            Verdict::NotChecked => None,
        };
        ui.horizontal_wrapped(|ui| {
            mark(ui, verdict);
            ui.label(RichText::new(&rule.rule).strong());
        });
        ui.label(RichText::new(&rule.reason).weak());
    }
    let s = &analysis.summary;
    move_views::figures_grid(
        ui,
        "medals",
        &[
            ("Shortest", length_or_none(s.any.shortest)),
            ("Perfect (max-combo)", length_or_none(s.preferred.shortest)),
            ("No-combo", length_or_none(s.mixed.shortest)),
            ("States", s.states.to_string()),
            ("Dead ends", s.dead_ends.to_string()),
            ("Traps", s.traps.to_string()),
        ],
    );
    if let Some(t) = elapsed {
        ui.label(
            RichText::new(format!("analysed in {:.0} ms", t.as_secs_f64() * 1000.0))
                .weak()
                .small(),
        );
    }
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
        "{}, {}. Shallowest first:",
        counted(traps.len() as u64, "trap", "traps"),
        counted(analysis.summary.dead_ends, "dead end", "dead ends")
    );
    move_views::traps_list(ui, heading, traps, selected, |trap, depth| {
        let way = analysis.move_string(&analysis.path_to(trap.from));
        let mv = Dir::ALL[trap.mv as usize].letter();
        trap_line(depth, &way, &mv.to_string(), "dead end")
    })
}
