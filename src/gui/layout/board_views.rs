//! The board in the middle of the window, in each of its modes: edit,
//! replay a solution, show a trap, and play.

use crate::engine::Label;
use crate::gui::app::{EditorApp, Showing};
use crate::gui::kinds::skiddy::tools::Tool;
use crate::gui::views::canvas::{self, BoardContent, BoardMarks};
use crate::kinds::skiddy::Dir;
use egui::{Color32, RichText, Ui};

impl EditorApp {
    pub(super) fn edit_view(&mut self, ui: &mut Ui) {
        match self.showing.clone() {
            Some(Showing::Replay(_)) => self.replay_view(ui),
            Some(Showing::Trap {
                index,
                dead_end_shown,
            }) => self.trap_view(ui, index, dead_end_shown),
            None => self.paint_view(ui),
        }
    }

    pub(super) fn paint_view(&mut self, ui: &mut Ui) {
        let problems: Vec<(usize, usize)> = self
            .doc()
            .level
            .problems()
            .iter()
            .filter_map(|p| p.cell)
            .collect();
        let Some(level) = self.doc().level.as_skiddy().cloned() else {
            return;
        };
        let size = ui.available_size();
        let marks = BoardMarks {
            problems: &problems,
            attention: &[],
        };
        let out = canvas::show_board(ui, BoardContent::Level(&level), &marks, size, "Board");
        self.board_geometry = Some(out.geometry);
        let (primary, secondary) =
            ui.input(|i| (i.pointer.primary_down(), i.pointer.secondary_down()));
        let pos = out.response.interact_pointer_pos();
        let pressed_here = out.response.is_pointer_button_down_on();
        if pressed_here && (primary || secondary) {
            if let Some((x, y)) = pos.and_then(|p| out.geometry.cell_at(p)) {
                let fill_once = self.prefs.tool == Tool::Fill && self.doc().history.is_open();
                if !fill_once {
                    self.paint_at(x, y, secondary && !primary);
                }
            }
        } else {
            self.end_stroke();
        }
        if out.response.clicked() || out.response.secondary_clicked() {
            self.end_stroke();
        }
        if let Some((x, y)) = out.hovered {
            let cell = level.cell(x, y);
            let what = match (cell.piece, cell.floor) {
                (Some(p), crate::kinds::skiddy::Floor::Pit) => format!("{} in a pit", p.describe()),
                (Some(p), _) => p.describe(),
                (None, f) => format!("{f:?}").to_lowercase(),
            };
            out.response
                .on_hover_text_at_pointer(format!("({x}, {y}) {what}"));
        }
    }

    pub(super) fn replay_view(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.skiddy() else {
            self.showing = None;
            return;
        };
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        let speed = self.prefs.ticks_per_second;
        let Some(Showing::Replay(replay)) = &mut self.showing else {
            return;
        };
        if replay.advance(dt * speed) {
            ui.ctx().request_repaint();
        }
        let mut back = false;
        ui.horizontal(|ui| {
            ui.strong(&replay.title);
            back = ui.button("Back to editing").on_hover_text("Esc").clicked();
        });
        if back {
            self.showing = None;
            return;
        }
        let Some(Showing::Replay(replay)) = &mut self.showing else {
            return;
        };
        ui.horizontal(|ui| {
            if ui.button("Start").clicked() {
                replay.restart();
            }
            if ui.button("Step back").clicked() {
                replay.step_back();
            }
            let play_text = if replay.playing {
                "Pause replay"
            } else {
                "Play replay"
            };
            if ui.button(play_text).on_hover_text("Space").clicked() {
                replay.toggle_play();
                ui.ctx().request_repaint();
            }
            if ui.button("Step forward").clicked() {
                replay.step_forward();
            }
            ui.add(egui::Slider::new(&mut self.prefs.ticks_per_second, 1.0..=60.0).text("ticks/s"));
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Move {} of {}:", replay.at, replay.len()));
            for (i, d) in replay.moves.iter().enumerate() {
                let text = RichText::new(d.letter().to_string()).monospace();
                let text = if i < replay.at {
                    text.strong()
                } else if i == replay.at && replay.tick.is_some() {
                    text.color(Color32::from_rgb(230, 140, 0)).strong()
                } else {
                    text.weak()
                };
                ui.label(text);
            }
            if let Some((tick, total)) = replay.tick_of() {
                ui.label(format!("· tick {tick} of {total}"));
            }
        });
        let exits: Vec<String> = if replay.at > 0 {
            replay.traces[replay.at - 1]
                .exits
                .iter()
                .map(|e| {
                    format!(
                        "{} left at tick {}",
                        analysis.rules.pieces()[e.piece].describe(),
                        e.tick
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        if !exits.is_empty() {
            ui.label(RichText::new(exits.join(", ")).weak());
        }
        canvas::show_places(ui, &analysis.rules, &replay.places(), "Replay board");
    }

    pub(super) fn trap_view(&mut self, ui: &mut Ui, index: usize, dead_end_shown: bool) {
        let Some(analysis) = self.analysis.skiddy() else {
            self.showing = None;
            return;
        };
        let Some(traps) = self.trap_list() else {
            return;
        };
        let Some(&(trap, depth)) = traps.get(index) else {
            self.showing = None;
            return;
        };
        let way = analysis.path_to(trap.from);
        let mut full = way.clone();
        full.push(trap.mv);
        let way_text = analysis.move_string(&way);
        let mv = Dir::ALL[trap.mv as usize];
        ui.horizontal(|ui| {
            ui.strong(format!("Trap {} of {}", index + 1, traps.len()));
            if ui.button("Back to editing").on_hover_text("Esc").clicked() {
                self.showing = None;
            }
            if ui.button("Replay the way in").clicked() {
                let moves = analysis.move_string(&full);
                self.replay(&moves, format!("Into dead end: {moves}"));
            }
        });
        ui.label(format!(
            "After {} ({} moves) the level can still be won; {:?} falls into a dead end at depth {}.",
            if way_text.is_empty() { "the start".to_string() } else { way_text.clone() },
            way.len(),
            mv,
            depth
        ));
        let from_pos = analysis.positions(trap.from);
        let to_pos = analysis.positions(trap.to);
        let trapped = self.trapped_in(index, &to_pos);
        let width = analysis.rules.width();
        let marked: Vec<(usize, usize)> = match &trapped {
            Some(flags) => to_pos
                .iter()
                .zip(flags)
                .filter(|(_, t)| **t)
                .map(|(&p, _)| crate::gui::views::board::cell_xy(p, width))
                .collect(),
            None => Vec::new(),
        };
        let note = match &trapped {
            Some(_) if marked.is_empty() => "Each Skiddy could still leave on its own, but never all of them: the ringed pieces block each other.".to_string(),
            Some(_) if marked.len() == 1 => "Ringed: the Skiddy that can never leave from here, whatever is played.".to_string(),
            Some(_) => format!("Ringed: the {} Skiddies that can never leave from here, whatever is played.", marked.len()),
            None => "Too many positions follow this dead end to tell which Skiddies are stuck.".to_string(),
        };
        ui.label(RichText::new(note).color(Color32::from_rgb(230, 120, 0)));
        ui.checkbox(&mut self.prefs.side_by_side, "Side by side");
        let avail = ui.available_size();
        if self.prefs.side_by_side {
            let half = egui::vec2((avail.x - 16.0) / 2.0, avail.y - 24.0);
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.label("Last winnable state");
                    canvas::show_position(
                        ui,
                        &analysis.rules,
                        &from_pos,
                        &[],
                        half,
                        "Last winnable state",
                    );
                });
                ui.vertical(|ui| {
                    ui.label(format!("Dead end after {mv:?}"));
                    canvas::show_position(ui, &analysis.rules, &to_pos, &marked, half, "Dead end");
                });
            });
        } else {
            let mut shown = dead_end_shown;
            ui.horizontal(|ui| {
                ui.selectable_value(&mut shown, false, "Last winnable state");
                ui.selectable_value(&mut shown, true, "Dead end");
            });
            self.showing = Some(Showing::Trap {
                index,
                dead_end_shown: shown,
            });
            let size = ui.available_size();
            if shown {
                canvas::show_position(ui, &analysis.rules, &to_pos, &marked, size, "Dead end");
            } else {
                canvas::show_position(
                    ui,
                    &analysis.rules,
                    &from_pos,
                    &[],
                    size,
                    "Last winnable state",
                );
            }
        }
    }

    pub(super) fn play_view(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.skiddy() else {
            ui.label("Play needs a valid level with a finished analysis.");
            return;
        };
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        let speed = self.prefs.ticks_per_second * 2.0;
        let game = self.play.get_or_insert_with(|| {
            crate::gui::kinds::skiddy::play::PlayState::new(&analysis.rules)
        });
        if let Some(anim) = &mut game.animation {
            if anim.advance(dt * speed) {
                ui.ctx().request_repaint();
            } else {
                game.animation = None;
            }
        }
        let verdict = game.verdict(&analysis);
        ui.horizontal(|ui| {
            ui.strong("Play");
            ui.label(RichText::new(&game.message).weak());
        });
        if let Some(v) = &verdict {
            let colour = match v.label {
                Label::Won => Color32::from_rgb(0, 150, 90),
                Label::DeadEnd => Color32::from_rgb(220, 40, 40),
                Label::Preferred => Color32::from_rgb(40, 110, 220),
                Label::Ok => Color32::from_rgb(120, 120, 120),
            };
            ui.label(RichText::new(&v.sentence).color(colour).size(18.0));
        }
        ui.horizontal(|ui| {
            ui.label(format!(
                "Moves: {} ({})",
                game.moves.len(),
                game.move_letters()
            ));
            if ui.button("Take back").on_hover_text("Backspace").clicked() {
                game.undo();
            }
            if ui.button("Restart").on_hover_text("R").clicked() {
                game.restart(&analysis.rules);
            }
        });
        ui.horizontal(|ui| {
            for (dir, text) in [
                (Dir::Left, "Left"),
                (Dir::Up, "Up"),
                (Dir::Down, "Down"),
                (Dir::Right, "Right"),
            ] {
                if ui.button(text).clicked() {
                    game.play(&analysis.rules, dir);
                }
            }
        });
        let places: Vec<Option<(f32, f32)>> = match &game.animation {
            Some(anim) if anim.playing => anim.places(),
            _ => canvas::places_of(&analysis.rules, &game.positions),
        };
        canvas::show_places(ui, &analysis.rules, &places, "Play board");
    }
}
