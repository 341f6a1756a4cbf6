//! The board in the middle of the window while editing: the level being
//! painted, or what the kind shows instead (a replay, a trap).

use crate::gui::app::{EditorApp, Showing};
use crate::gui::commands::Command;
use crate::gui::kinds;
use crate::gui::kinds::kind_gui::GraphPanel;
use crate::gui::views::canvas::{self, BoardMarks, BoardOutput};
use egui::Ui;

impl EditorApp {
    pub(super) fn edit_view(&mut self, ui: &mut Ui) {
        let Some(showing) = self.showing.clone() else {
            return self.paint_view(ui);
        };
        let Some(analysis) = self.analysis.ready().cloned() else {
            // No analysis (the level is too big to explore): only the
            // replay of its solver's solution can be shown.
            if let Showing::Replay = showing {
                let level = self.doc().level.clone();
                let speed = self.prefs.ticks_per_second;
                let commands = self.kinds.replay_view_of_level(ui, &level, speed);
                return self.queue_all(commands);
            }
            self.back_to_editing();
            return self.paint_view(ui);
        };
        let commands = match showing {
            Showing::Replay => {
                let level = self.doc().level.clone();
                let speed = self.prefs.ticks_per_second;
                self.kinds.replay_view(ui, &level, &analysis, speed)
            }
            Showing::Trap {
                index,
                dead_end_shown,
            } => match self.trap_list() {
                Some(traps) => self.kinds.trap_view(
                    ui,
                    &analysis,
                    &traps,
                    index,
                    dead_end_shown,
                    self.prefs.side_by_side,
                ),
                None => vec![Command::BackToEditing],
            },
        };
        self.queue_all(commands);
    }

    /// Play mode: the kind's game.
    pub(super) fn play_view(&mut self, ui: &mut Ui) {
        let level = self.doc().level.clone();
        let analysis = self.analysis.ready().cloned();
        let speed = self.prefs.ticks_per_second;
        let commands = self.kinds.play_view(ui, &level, analysis.as_ref(), speed);
        self.queue_all(commands);
    }

    /// The state graph of the finished analysis.
    pub(super) fn state_graph_panel(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.ready().cloned() else {
            ui.label("The state graph appears when the analysis is done.");
            return;
        };
        let graph = GraphPanel {
            view: &mut self.graph_view,
            selection: self.graph_selection.as_ref(),
        };
        let commands = self.kinds.state_graph_view(ui, &analysis, graph);
        self.queue_all(commands);
    }

    /// Prism's floors of the finished analysis.
    pub(super) fn floors_view(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.ready().cloned() else {
            ui.label("The floors appear when the analysis of a valid level is done.");
            return;
        };
        let commands = self.kinds.floors_view(ui, &analysis);
        self.queue_all(commands);
    }

    pub(super) fn paint_view(&mut self, ui: &mut Ui) {
        let doc_id = self.doc().id;
        let cells = self.doc().level.size();
        self.board_tools.follow(doc_id, cells);
        self.board_bar(ui);
        let problems: Vec<(usize, usize)> = self
            .doc()
            .level
            .problems()
            .iter()
            .filter_map(|p| p.cell)
            .collect();
        let shown_reference = self
            .comparison()
            .filter(|c| c.showing_reference)
            .map(|c| (c.reference.clone(), c.source.words()));
        // While comparing, the line that says the reference is shown has
        // its place whether F8 shows it or not: F8 never moves the board.
        if self.comparison().is_some() {
            let said = shown_reference.as_ref().map(|(_, words)| {
                egui::RichText::new(format!("Showing {words} (read only): F8 shows the level"))
                    .color(egui::Color32::from_rgb(150, 60, 220))
            });
            crate::gui::views::message_line::message_line(ui, said, None);
        }
        let level = match &shown_reference {
            Some((reference, _)) => reference.clone(),
            None => self.doc().level.clone(),
        };
        let changed = self.compared_cells();
        // The space in view: a row wider than the panel (its tabs) must
        // not stretch the board past the panel's edge.
        let size = ui
            .available_rect_before_wrap()
            .intersect(ui.clip_rect())
            .size();
        let marks = BoardMarks {
            problems: &problems,
            attention: &[],
            changed: &changed,
        };
        let cells = level.size();
        let key = if cells.0 * cells.1 > canvas::RASTER_CELLS {
            canvas::hash_of(&level)
        } else {
            0
        };
        let out = canvas::show_board_cached(
            ui,
            &mut self.board_raster,
            key,
            || level.picture(),
            cells,
            &marks,
            size,
            "Board",
            &self.board_tools.camera,
        );
        self.board_geometry = Some(out.geometry);
        self.zoom_and_pan(ui, &out);
        // The reference is shown, not edited.
        if shown_reference.is_none() {
            if self.prefs.tool.needs_cells() {
                self.drag_tool(ui, &out);
            } else {
                self.paint_strokes(ui, &out);
            }
            self.board_overlays(ui, &out);
        }
        if let Some((x, y)) = out.hovered {
            let what = kinds::describe_cell(&level, x, y);
            out.response
                .on_hover_text_at_pointer(format!("({x}, {y}) {what}"));
        }
    }

    /// The Paint, Fill and Pick tools: a press paints at once; a button
    /// held down keeps the stroke going; letting go closes it.
    fn paint_strokes(&mut self, ui: &mut Ui, out: &BoardOutput) {
        // A press paints at once, even when the button is let go before the
        // next frame (a quick click): each press on the board this frame is
        // one paint, then a button still down keeps the stroke going.
        let presses: Vec<(egui::Pos2, bool)> = ui.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::PointerButton {
                        pos,
                        button,
                        pressed: true,
                        ..
                    } if matches!(
                        button,
                        egui::PointerButton::Primary | egui::PointerButton::Secondary
                    ) =>
                    {
                        Some((*pos, *button == egui::PointerButton::Secondary))
                    }
                    _ => None,
                })
                .collect()
        });
        for (pos, erase) in presses {
            let on_board =
                ui.ctx().layer_id_at(pos) == Some(ui.layer_id()) && out.viewport.contains(pos);
            if let (true, Some((x, y))) = (on_board, out.geometry.cell_at(pos)) {
                let within = out.geometry.within_cell(pos, x, y);
                self.queue(Command::Paint {
                    cell: (x, y),
                    within,
                    erase,
                    dragged: false,
                });
            }
        }
        let (primary, secondary) =
            ui.input(|i| (i.pointer.primary_down(), i.pointer.secondary_down()));
        let pos = out.response.interact_pointer_pos();
        let pressed_here = out.response.is_pointer_button_down_on();
        if pressed_here && (primary || secondary) {
            if let Some(p) = pos.filter(|p| out.viewport.contains(*p)) {
                if let Some((x, y)) = out.geometry.cell_at(p) {
                    let within = out.geometry.within_cell(p, x, y);
                    self.queue(Command::Paint {
                        cell: (x, y),
                        within,
                        erase: secondary && !primary,
                        dragged: true,
                    });
                }
            }
        } else if self.painting
            || self.doc().history.is_open()
            || self
                .queued
                .iter()
                .any(|c| matches!(c, Command::Paint { .. }))
        {
            // Only a stroke under way is ended: an idle frame queues nothing.
            self.queue(Command::EndStroke);
        }
        if out.response.clicked() || out.response.secondary_clicked() {
            self.queue(Command::EndStroke);
        }
    }
}
