//! Skiddy's report in the analysis panel: the rating card (stars, each
//! rule with its verdict and reason, the medals' numbers and the counts) and
//! the list of traps.

use egui::{Color32, RichText, Ui};

use crate::gui::app::{CentralView, EditorApp, Showing};
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
    let len = |n: Option<u32>| n.map_or("none".to_string(), |n| n.to_string());
    egui::Grid::new("medals").num_columns(2).show(ui, |ui| {
        ui.label("Shortest");
        ui.label(len(s.any.shortest));
        ui.end_row();
        ui.label("Perfect (max-combo)");
        ui.label(len(s.preferred.shortest));
        ui.end_row();
        ui.label("No-combo");
        ui.label(len(s.mixed.shortest));
        ui.end_row();
        ui.label("States");
        ui.label(s.states.to_string());
        ui.end_row();
        ui.label("Dead ends");
        ui.label(s.dead_ends.to_string());
        ui.end_row();
        ui.label("Traps");
        ui.label(s.traps.to_string());
        ui.end_row();
    });
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
pub fn traps_tab(app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    let Some(traps) = app.trap_list() else {
        return;
    };
    if traps.is_empty() {
        ui.label("No traps: every move keeps the level winnable.");
        return;
    }
    ui.label(format!(
        "{}, {}. Shallowest first:",
        counted(traps.len() as u64, "trap", "traps"),
        counted(analysis.summary.dead_ends, "dead end", "dead ends")
    ));
    let selected = match &app.showing {
        Some(Showing::Trap { index, .. }) => Some(*index),
        _ => None,
    };
    let mut chosen = None;
    egui::ScrollArea::vertical().show_rows(ui, 18.0, traps.len(), |ui, rows| {
        for i in rows {
            let (trap, depth) = traps[i];
            let way = analysis.move_string(&analysis.path_to(trap.from));
            let mv = Dir::ALL[trap.mv as usize].letter();
            let text = format!(
                "depth {:>2}: {}{mv} -> dead end",
                depth,
                if way.is_empty() {
                    String::new()
                } else {
                    format!("{way} ")
                }
            );
            if ui
                .selectable_label(selected == Some(i), RichText::new(text).monospace())
                .clicked()
            {
                chosen = Some(i);
            }
        }
    });
    if let Some(index) = chosen {
        app.showing = Some(Showing::Trap {
            index,
            dead_end_shown: true,
        });
        app.view = CentralView::Edit;
    }
}
