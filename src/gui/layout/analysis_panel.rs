//! The analysis panel: the rating card, the solutions and the traps.

use super::mark;
use crate::engine::{Phase, Route};
use crate::gui::app::{AnalysisTab, CentralView, EditorApp, Showing};
use crate::kinds::skiddy::{Dir, Verdict};
use crate::words::counted;
use egui::{Color32, RichText, Ui};

impl EditorApp {
    pub(super) fn analysis_panel(&mut self, ui: &mut Ui) {
        ui.heading("Analysis");
        if let Some(progress) = self.worker.progress() {
            let phase = match progress.phase {
                Phase::Exploring => "exploring",
                Phase::Labelling => "labelling",
                _ => "finishing",
            };
            ui.label(format!(
                "Analysing ({phase}): {} states, {:.0} states/s",
                progress.states, progress.states_per_second
            ));
            let fraction = (progress.states as f32 / self.prefs.max_states as f32).min(1.0);
            ui.add(egui::ProgressBar::new(fraction).text(format!(
                "{} of at most {} states",
                progress.states, self.prefs.max_states
            )));
            if ui.button("Cancel").clicked() {
                self.cancel_analysis();
            }
            return;
        }
        let result = self.analysis.result.clone();
        match result {
            None => {
                ui.label("Waiting for the analysis…");
            }
            Some(Err(e)) => {
                let too_big = e.contains("too big");
                let text = if too_big {
                    format!("{e}. Raise the state budget in Analysis > State budget, or make the level smaller.")
                } else {
                    e
                };
                ui.colored_label(Color32::from_rgb(220, 60, 40), text);
            }
            Some(Ok(analysis)) => {
                let Some(analysis) = analysis.as_skiddy().cloned() else {
                    return;
                };
                rating_card(ui, &analysis, self.analysis.elapsed);
                ui.separator();
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.tab, AnalysisTab::Solutions, "Solutions");
                    ui.selectable_value(&mut self.tab, AnalysisTab::Traps, "Traps and dead ends");
                    ui.selectable_value(&mut self.tab, AnalysisTab::Histogram, "Histogram");
                });
                ui.separator();
                match self.tab {
                    AnalysisTab::Solutions => self.solutions_tab(ui),
                    AnalysisTab::Traps => self.traps_tab(ui, &analysis),
                    AnalysisTab::Histogram => crate::gui::views::histogram::show(ui, &analysis),
                }
            }
        }
    }

    pub(super) fn solutions_tab(&mut self, ui: &mut Ui) {
        let Some(lists) = self.solution_lists().cloned() else {
            return;
        };
        let mut chosen = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (route, list, cut) in &lists.lists {
                let title = route_title(*route);
                egui::CollapsingHeader::new(format!(
                    "{title} ({}{})",
                    list.len(),
                    if *cut { "+" } else { "" }
                ))
                .default_open(true)
                .show(ui, |ui| {
                    if list.is_empty() {
                        ui.label(RichText::new("none").weak());
                    }
                    for (i, moves) in list.iter().enumerate() {
                        let n = moves.split_whitespace().count();
                        let text = format!("{n:>3}  {moves}");
                        if ui
                            .selectable_label(false, RichText::new(text).monospace())
                            .on_hover_text("Replay on the board")
                            .clicked()
                        {
                            chosen = Some((moves.clone(), format!("{title} #{}: {moves}", i + 1)));
                        }
                    }
                    if *cut {
                        ui.label(RichText::new("more exist; the list is cut short").weak());
                    }
                });
            }
        });
        if let Some((moves, title)) = chosen {
            self.replay(&moves, title);
        }
    }

    pub(super) fn traps_tab(&mut self, ui: &mut Ui, analysis: &crate::kinds::skiddy::Analysis) {
        let Some(traps) = self.trap_list() else {
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
        let selected = match &self.showing {
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
            self.showing = Some(Showing::Trap {
                index,
                dead_end_shown: true,
            });
            self.view = CentralView::Edit;
        }
    }
}

/// The rating card: stars, each rule with a tick or a cross and its reason,
/// the medals' numbers and the counts.
fn rating_card(
    ui: &mut Ui,
    analysis: &crate::kinds::skiddy::Analysis,
    elapsed: Option<std::time::Duration>,
) {
    let rating = &analysis.rating;
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(96.0, 32.0), egui::Sense::hover());
        for i in 0..3u8 {
            let centre = rect.left_center() + egui::vec2(16.0 + 32.0 * i as f32, 0.0);
            crate::gui::views::board::paint_star(
                ui.painter(),
                centre,
                14.0,
                i < rating.stars,
                Color32::GRAY,
            );
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

fn route_title(route: Route) -> &'static str {
    match route {
        Route::Any => "Shortest",
        Route::Preferred => "Max-combo",
        Route::Mixed => "No-combo",
    }
}
