//! The analysis panel: the kind's report card, the solutions, the traps
//! and the depth histogram.

use crate::engine::Phase;
use crate::gui::app::{AnalysisTab, EditorApp, Showing};
use crate::gui::commands::Command;
use crate::gui::editor_words::in_editor_words;
use crate::gui::kinds;
use crate::gui::views::effort_card::show_effort_card;
use crate::gui::views::histogram;
use crate::gui::views::move_lines::{move_line_button, move_line_text};
use crate::gui::views::partial_card::show_partial;
use crate::kinds::GraphWords;
use egui::{Color32, RichText, Ui};

impl EditorApp {
    pub(super) fn analysis_panel(&mut self, ui: &mut Ui) {
        ui.heading("Analysis");
        self.compare_section(ui);
        if let Some(progress) = self.worker.progress() {
            let phase = match progress.phase {
                Phase::Exploring => "exploring",
                Phase::Labelling => "labelling",
                _ => "finishing",
            };
            let unit = self.doc().level.kind().search_unit();
            if self.doc().level.kind().has_state_graph() {
                // Sokoban explores positions, against their own budget.
                let (words, budget) = match unit {
                    crate::kinds::SearchUnit::Positions => ("positions", self.prefs.max_positions),
                    _ => ("states", self.prefs.max_states),
                };
                ui.label(format!(
                    "Analysing ({phase}): {} {words}, {:.0} {words}/s",
                    progress.states, progress.states_per_second
                ));
                let fraction = (progress.states as f32 / budget as f32).min(1.0);
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .text(format!("{} of at most {budget} {words}", progress.states)),
                );
            } else {
                // Tangram's count reports the search nodes it has visited;
                // its budget is the same state budget, counted in nodes.
                let budget = self.prefs.max_states;
                ui.label(format!(
                    "Counting solutions: {} search nodes, {:.0} nodes/s",
                    progress.states, progress.states_per_second
                ));
                let fraction = (progress.states as f32 / budget as f32).min(1.0);
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .text(format!("{} of at most {budget} nodes", progress.states)),
                );
            }
            if ui.button("Cancel").clicked() {
                self.queue(Command::CancelAnalysis);
            }
            return;
        }
        let result = self.analysis.result.clone();
        match result {
            None => {
                ui.label("Waiting for the analysis…");
            }
            // A cancelled analysis is the designer's choice, no error.
            Some(Err(e)) if self.analysis.cancelled => {
                ui.label(e.to_string());
            }
            Some(Err(e)) => {
                // The message names the setting that can help, if any: the
                // state budget only where the state budget stopped it.
                ui.colored_label(
                    Color32::from_rgb(220, 60, 40),
                    in_editor_words(&e.to_string()),
                );
                // What the exploration knew of the part it explored.
                if let Some(partial) = e.partial() {
                    show_partial(ui, partial);
                }
                // Too big to explore whole: a kind with a solver past the
                // budget offers it.
                if e.is_too_big() {
                    self.solve_section(ui);
                }
            }
            Some(Ok(analysis)) => {
                let elapsed = self.analysis.elapsed;
                let commands = self.kinds.report_card(ui, &analysis, elapsed);
                self.queue_all(commands);
                let effort = self.effort();
                let share = effort
                    .as_ref()
                    .and_then(|e| self.pack_effort_share(e.score));
                // No win among the explored states: the level cannot be
                // won. A kind without a state graph (Tangram) goes
                // unscored only when its search found no cover.
                let cannot_be_won = analysis.summary().is_none_or(|s| s.won_states == 0);
                let share = share.as_ref().map(|(s, among)| (*s, among.as_str()));
                show_effort_card(ui, effort.as_deref(), share, cannot_be_won);
                ui.separator();
                let has_graph = analysis.kind().has_state_graph();
                let words = analysis.kind().graph_words();
                if has_graph {
                    // Wrapped: in a narrow panel no tab is cut off.
                    ui.horizontal_wrapped(|ui| {
                        ui.selectable_value(&mut self.tab, AnalysisTab::Solutions, "Solutions");
                        ui.selectable_value(
                            &mut self.tab,
                            AnalysisTab::Traps,
                            traps_tab_title(words),
                        );
                        ui.selectable_value(&mut self.tab, AnalysisTab::Histogram, "Histogram");
                    });
                } else {
                    // Without moves there are no traps and no depths: the
                    // solutions are the whole story.
                    ui.strong("Solutions");
                }
                ui.separator();
                let tab = if has_graph {
                    self.tab
                } else {
                    AnalysisTab::Solutions
                };
                match tab {
                    AnalysisTab::Solutions => match self.kinds.own_solutions_tab(ui, &analysis) {
                        Some(commands) => self.queue_all(commands),
                        None => self.solutions_tab(ui),
                    },
                    AnalysisTab::Traps => {
                        let traps = self.trap_list().unwrap_or_default();
                        let selected = match &self.showing {
                            Some(Showing::Trap { index, .. }) => Some(*index),
                            _ => None,
                        };
                        let commands = self.kinds.traps_tab(ui, &analysis, &traps, selected);
                        self.queue_all(commands);
                    }
                    AnalysisTab::Histogram => match analysis.summary() {
                        Some(summary) => histogram::show(ui, summary, words),
                        None => {
                            ui.label("A Tangram level has no moves, so no depths.");
                        }
                    },
                }
            }
        }
    }

    /// The solution lists of a kind with a state graph, by route.
    pub fn solutions_tab(&mut self, ui: &mut Ui) {
        let Some(lists) = self.solution_lists().cloned() else {
            return;
        };
        let analysis = self.analysis.ready().cloned();
        // A move string's moves, as its kind writes them (Sokoban's LURD
        // has no spaces).
        let length = |moves: &str| {
            analysis
                .as_ref()
                .and_then(|a| a.move_indices(moves))
                .map_or_else(|| moves.split_whitespace().count(), |m| m.len())
        };
        let mut chosen = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            let titles = kinds::solution_routes(self.doc().level.kind());
            for (route, list, cut) in &lists.lists {
                let title = titles
                    .iter()
                    .find(|(r, _)| r == route)
                    .map_or("Solutions", |(_, t)| t);
                egui::CollapsingHeader::new(list_heading(title, list, *cut, length))
                    .default_open(true)
                    .show(ui, |ui| {
                        if list.is_empty() {
                            ui.label(RichText::new("none").weak());
                        }
                        for (i, moves) in list.iter().enumerate() {
                            let n = length(moves);
                            // Whole and wrapped, the moves shared with the
                            // line above greyed: lines that begin alike are
                            // never cut to the same prefix.
                            let previous = i.checked_sub(1).map(|p| list[p].as_str());
                            let text =
                                move_line_text(ui, &format!("{n:>3}  "), moves, previous, "", None);
                            if ui
                                .add(move_line_button(text))
                                .on_hover_text(format!(
                                    "{moves}\n\nClick to replay it on the board"
                                ))
                                .clicked()
                            {
                                chosen =
                                    Some((moves.clone(), format!("{title} #{}: {moves}", i + 1)));
                            }
                        }
                        if *cut {
                            ui.label(RichText::new("more exist; the list is cut short").weak());
                        }
                    });
            }
        });
        if let Some((moves, title)) = chosen {
            self.queue(Command::Replay { moves, title });
        }
    }
}

/// The heading of a solution list, shortest first: how many it shows and
/// how many of them are shortest ("All solutions: 8, 2 shortest (3
/// moves)"); `length` counts a move string's moves.
pub fn list_heading(
    title: &str,
    list: &[String],
    cut: bool,
    length: impl Fn(&str) -> usize,
) -> String {
    let lengths: Vec<usize> = list.iter().map(|m| length(m)).collect();
    let Some(&shortest) = lengths.iter().min() else {
        return format!("{title}: none");
    };
    let at_shortest = lengths.iter().filter(|&&n| n == shortest).count();
    let shown = if cut {
        format!("{} shown, more exist", list.len())
    } else {
        list.len().to_string()
    };
    let moves = crate::words::counted(shortest as u64, "move", "moves");
    if at_shortest == list.len() {
        format!("{title}: {shown}, all shortest ({moves})")
    } else {
        format!("{title}: {shown}, {at_shortest} shortest ({moves})")
    }
}

/// The title of the analysis panel's traps tab, in the kind's words:
/// "Traps and dead ends", Sokoban's "Fatal pushes and deadlocks".
pub fn traps_tab_title(words: GraphWords) -> String {
    format!("{} and {}", words.traps_title, words.dead_ends)
}

#[cfg(test)]
mod tests {
    use super::{list_heading, traps_tab_title};
    use crate::kinds::Kind;

    fn words(moves: &str) -> usize {
        moves.split_whitespace().count()
    }

    #[test]
    fn the_heading_says_how_many_are_shortest() {
        let list: Vec<String> = ["R U L", "U R L", "R U L D", "R U L D R"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            list_heading("All solutions", &list, false, words),
            "All solutions: 4, 2 shortest (3 moves)"
        );
        assert_eq!(
            list_heading("All solutions", &list[..2], true, words),
            "All solutions: 2 shown, more exist, all shortest (3 moves)"
        );
        assert_eq!(
            list_heading("No-combo solutions", &list[..1], false, words),
            "No-combo solutions: 1, all shortest (3 moves)"
        );
        assert_eq!(
            list_heading("Max-combo solutions", &[], false, words),
            "Max-combo solutions: none"
        );
    }

    #[test]
    fn the_traps_tab_is_titled_in_the_kinds_words() {
        assert_eq!(
            traps_tab_title(Kind::Skiddy.graph_words()),
            "Traps and dead ends"
        );
        assert_eq!(
            traps_tab_title(Kind::Sokoban.graph_words()),
            "Fatal pushes and deadlocks"
        );
    }
}
