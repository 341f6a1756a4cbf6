//! Drawing the editor window: menu, document tabs, tool panel, analysis
//! panel, the main view and the status line, and routing input to
//! [`EditorApp`].

use egui::{Color32, Key, Modifiers, RichText, Ui};

use super::app::{AnalysisTab, CentralView, Confirm, EditorApp, Showing};
use super::canvas::{self, BoardContent, BoardMarks};
use super::files::DialogPurpose;
use super::tools::{Tile, Tool};
use crate::engine::{Label, Phase, Route};
use crate::kinds::skiddy::level::{MAX_SIDE, MIN_SIDE};
use crate::kinds::skiddy::{Dir, Verdict};

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_prefs(storage);
    }
}

impl EditorApp {
    /// Runs one frame of the editor in `ui` (the whole window).
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.drive_analysis();
        if let Some(answer) = self.dialogs.poll() {
            self.dialog_answered(answer);
        }
        self.handle_dropped_files(&ctx);
        self.handle_close_request(&ctx);
        self.handle_shortcuts(&ctx);

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menu(ui));
        });
        egui::Panel::top("documents").show(ui, |ui| self.document_tabs(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        if self.prefs.show_pack && self.pack.is_some() {
            egui::Panel::left("pack")
                .default_size(super::pack_panel::PREFERRED_WIDTH)
                .show(ui, |ui| self.pack_side(ui));
        }
        if matches!(self.view, CentralView::Edit | CentralView::Play) {
            egui::Panel::left("tools")
                .default_size(200.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| self.tool_panel(ui));
                });
        }
        if self.view != CentralView::Rooms {
            egui::Panel::right("analysis")
                .default_size(340.0)
                .show(ui, |ui| self.analysis_panel(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| self.central(ui));

        self.confirm_modal(&ctx);
        if self.generate_open {
            let mut open = self.generate_open;
            if let Some(generated) = self.generate.show(&ctx, &mut open) {
                self.take_generated(generated);
            }
            self.generate_open = open;
        }
        if self.worker.is_running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            let path = file.path().to_path_buf();
            self.open_path(&path);
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting && self.has_unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Confirm::Quit);
        }
    }

    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() || self.confirm.is_some() {
            return;
        }
        let ctrl = Modifiers::COMMAND;
        let ctrl_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        let (undo, redo, redo_y, save, save_as, open, new, dup) = ctx.input_mut(|i| {
            (
                i.consume_key(ctrl, Key::Z),
                i.consume_key(ctrl_shift, Key::Z),
                i.consume_key(ctrl, Key::Y),
                i.consume_key(ctrl, Key::S),
                i.consume_key(ctrl_shift, Key::S),
                i.consume_key(ctrl, Key::O),
                i.consume_key(ctrl, Key::N),
                i.consume_key(ctrl, Key::D),
            )
        });
        // Shift+Ctrl+Z is checked first: consume_key ignores extra shift.
        if redo || redo_y {
            self.redo();
        } else if undo {
            self.undo();
        }
        if save_as {
            self.show_dialog(DialogPurpose::SaveLevelAs);
        } else if save {
            self.save();
        }
        if open {
            self.show_dialog(DialogPurpose::Open);
        }
        if new {
            self.new_level();
        }
        if dup {
            self.duplicate_level();
        }
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                egui::Event::Copy => self.copy_level(),
                egui::Event::Paste(text) => self.paste_level(&text),
                egui::Event::Text(text) if self.view == CentralView::Edit => {
                    for ch in text.chars() {
                        if let Some(tile) = Tile::from_shortcut(ch) {
                            self.prefs.tile = tile;
                            if self.prefs.tool == Tool::Pick {
                                self.prefs.tool = Tool::Paint;
                            }
                        } else if let Some(tool) =
                            Tool::ALL.into_iter().find(|t| t.shortcut() == ch)
                        {
                            self.prefs.tool = tool;
                        }
                    }
                }
                _ => {}
            }
        }
        let views = [
            (Key::F1, CentralView::Edit),
            (Key::F2, CentralView::Play),
            (Key::F3, CentralView::Graph),
            (Key::F4, CentralView::Rooms),
        ];
        for (key, view) in views {
            if ctx.input(|i| i.key_pressed(key)) {
                self.view = view;
            }
        }
        match self.view {
            CentralView::Play => self.play_keys(ctx),
            CentralView::Edit => self.replay_keys(ctx),
            _ => {}
        }
    }

    fn play_keys(&mut self, ctx: &egui::Context) {
        let pressed = |keys: &[Key]| ctx.input(|i| keys.iter().any(|&k| i.key_pressed(k)));
        let moves = [
            (Dir::Up, [Key::ArrowUp, Key::W]),
            (Dir::Right, [Key::ArrowRight, Key::D]),
            (Dir::Down, [Key::ArrowDown, Key::S]),
            (Dir::Left, [Key::ArrowLeft, Key::A]),
        ];
        for (dir, keys) in moves {
            if pressed(&keys) {
                self.play_move(dir);
            }
        }
        if pressed(&[Key::Backspace]) {
            if let Some(game) = &mut self.play {
                game.undo();
            }
        }
        if pressed(&[Key::R]) {
            if let (Some(game), Some(a)) = (&mut self.play, self.analysis.ready()) {
                game.restart(&a.rules);
            }
        }
    }

    fn replay_keys(&mut self, ctx: &egui::Context) {
        let Some(Showing::Replay(replay)) = &mut self.showing else {
            if ctx.input(|i| i.key_pressed(Key::Escape)) {
                self.showing = None;
            }
            return;
        };
        ctx.input(|i| {
            if i.key_pressed(Key::Space) {
                replay.toggle_play();
            }
            if i.key_pressed(Key::ArrowRight) {
                replay.step_forward();
            }
            if i.key_pressed(Key::ArrowLeft) {
                replay.step_back();
            }
            if i.key_pressed(Key::Home) {
                replay.restart();
            }
        });
        if ctx.input(|i| i.key_pressed(Key::Escape)) {
            self.showing = None;
        }
    }

    fn menu(&mut self, ui: &mut Ui) {
        ui.menu_button("File", |ui| {
            if ui.button("New level\tCtrl+N").clicked() {
                self.new_level();
            }
            if ui.button("Open…\tCtrl+O").clicked() {
                self.show_dialog(DialogPurpose::Open);
            }
            ui.menu_button("Open recent", |ui| {
                if self.prefs.recent.is_empty() {
                    ui.label("No recent files");
                }
                for path in self.prefs.recent.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        self.open_path(&path);
                    }
                }
            });
            ui.separator();
            if ui.button("Save\tCtrl+S").clicked() {
                self.save();
            }
            if ui.button("Save as…\tCtrl+Shift+S").clicked() {
                self.show_dialog(DialogPurpose::SaveLevelAs);
            }
            if ui.button("Duplicate level\tCtrl+D").clicked() {
                self.duplicate_level();
            }
            if ui.button("Close level").clicked() {
                self.request_close_document(self.active);
            }
            ui.separator();
            let has_pack = self.pack.is_some();
            if ui
                .add_enabled(has_pack, egui::Button::new("Save pack"))
                .clicked()
            {
                self.save_pack();
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Save pack as…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::SavePackAs);
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Export pack as ASCII files…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::ExportAscii);
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Export contact sheet (PNG)…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::ExportSheet);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
        ui.menu_button("Edit", |ui| {
            let (can_undo, can_redo) =
                (self.doc().history.can_undo(), self.doc().history.can_redo());
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo\tCtrl+Z"))
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo\tCtrl+Shift+Z"))
                .clicked()
            {
                self.redo();
            }
            ui.menu_button("History", |ui| {
                let names: Vec<String> = self
                    .doc()
                    .history
                    .undo_names()
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                if names.is_empty() {
                    ui.label("No edits yet");
                }
                for (i, name) in names.iter().enumerate().rev() {
                    ui.label(format!("{}. {name}", i + 1));
                }
                for name in self.doc().history.redo_names() {
                    ui.label(RichText::new(format!("redo: {name}")).weak());
                }
            });
            ui.separator();
            if ui.button("Copy level as ASCII\tCtrl+C").clicked() {
                self.copy_level();
            }
            ui.label(RichText::new("Paste a level: Ctrl+V").weak());
        });
        ui.menu_button("View", |ui| {
            for (view, name) in [
                (CentralView::Edit, "Edit"),
                (CentralView::Play, "Play"),
                (CentralView::Graph, "State graph"),
                (CentralView::Rooms, "Rooms"),
            ] {
                ui.radio_value(&mut self.view, view, name);
            }
            ui.separator();
            ui.checkbox(&mut self.prefs.show_pack, "Pack panel");
            ui.checkbox(&mut self.prefs.side_by_side, "Trap positions side by side");
        });
        ui.menu_button("Level", |ui| {
            if ui.button("Add to pack").clicked() {
                self.add_to_pack();
            }
            if ui.button("Generate…").clicked() {
                self.generate_open = true;
            }
        });
        ui.menu_button("Analysis", |ui| {
            let label = ui.label("State budget");
            ui.add(
                egui::DragValue::new(&mut self.prefs.max_states)
                    .range(1_000..=200_000_000)
                    .speed(10_000.0),
            )
            .labelled_by(label.id);
            if ui.button("Analyse again").clicked() {
                self.analysis.level = None;
            }
            if ui
                .add_enabled(
                    self.worker.is_running(),
                    egui::Button::new("Cancel analysis"),
                )
                .clicked()
            {
                self.cancel_analysis();
            }
        });
    }

    fn cancel_analysis(&mut self) {
        self.worker.cancel();
        self.analysis.result = Some(Err(
            "cancelled; edit the level or choose Analysis > Analyse again".into(),
        ));
    }

    fn document_tabs(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let mut activate = None;
            let mut close = None;
            for (i, doc) in self.docs.iter().enumerate() {
                let title = doc.title();
                if ui.selectable_label(i == self.active, &title).clicked() {
                    activate = Some(i);
                }
                if ui
                    .small_button("×")
                    .on_hover_text(format!("Close {title}"))
                    .clicked()
                {
                    close = Some(i);
                }
                ui.separator();
            }
            if ui.button("+").on_hover_text("New level (Ctrl+N)").clicked() {
                self.new_level();
            }
            if let Some(i) = activate {
                self.activate(i);
            }
            if let Some(i) = close {
                self.request_close_document(i);
            }
        });
    }

    fn status_line(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let (text, warning) = &self.status;
            if *warning {
                ui.colored_label(Color32::from_rgb(230, 120, 0), text.as_str());
            } else {
                ui.label(text.as_str());
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let doc = self.doc();
                ui.label(format!(
                    "{}x{}  ·  {} pieces",
                    doc.level.width(),
                    doc.level.height(),
                    doc.level.pieces().count()
                ));
            });
        });
    }

    fn pack_side(&mut self, ui: &mut Ui) {
        let current = match self.doc().origin {
            super::document::Origin::PackEntry(i) => Some(i),
            _ => None,
        };
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        ui.horizontal(|ui| {
            ui.heading(&open.pack.name);
            if open.dirty {
                ui.label(RichText::new("unsaved").italics());
            }
        });
        let actions = self.pack_panel.show(ui, &mut open.pack, current);
        for action in actions {
            match action {
                super::pack_panel::PackAction::Open(i) => {
                    self.view = CentralView::Edit;
                    self.open_pack_entry(i);
                }
                super::pack_panel::PackAction::AddCurrent => self.add_to_pack(),
                super::pack_panel::PackAction::Edited => {
                    if let Some(open) = self.pack.as_mut() {
                        open.dirty = true;
                    }
                }
                super::pack_panel::PackAction::Renumbered(map) => self.pack_renumbered(&map),
            }
        }
    }

    fn take_generated(&mut self, generated: super::generate_dialog::GeneratedLevels) {
        let count = generated.levels.len();
        match generated.destination {
            super::generate_dialog::Destination::NewDocuments => {
                for level in generated.levels {
                    self.add_document(super::document::Document::new(level));
                }
                self.view = CentralView::Edit;
                self.say(format!("Opened {count} generated levels"));
            }
            super::generate_dialog::Destination::CurrentPack => {
                let open = self.pack.get_or_insert_with(|| super::app::OpenPack {
                    pack: crate::pack::Pack {
                        name: "Generated levels".into(),
                        levels: Vec::new(),
                    },
                    path: None,
                    dirty: true,
                });
                for (level, summary) in generated.levels.into_iter().zip(
                    generated
                        .summaries
                        .into_iter()
                        .map(Some)
                        .chain(std::iter::repeat(None)),
                ) {
                    let mut entry = crate::pack::PackEntry::new(level);
                    entry.summary = summary;
                    open.pack.levels.push(entry);
                }
                open.dirty = true;
                self.prefs.show_pack = true;
                self.say(format!("Added {count} generated levels to the pack"));
            }
        }
    }

    fn tool_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.doc().history.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.doc().history.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
        });
        ui.separator();
        ui.strong("Tool");
        ui.horizontal(|ui| {
            for tool in Tool::ALL {
                ui.selectable_value(&mut self.prefs.tool, tool, tool.name())
                    .on_hover_text(format!("shortcut {}", tool.shortcut()));
            }
        });
        ui.label(
            RichText::new("Left button: tool · right button: erase")
                .weak()
                .small(),
        );
        ui.separator();
        ui.strong("Palette");
        for &tile in Tile::palette() {
            let selected = self.prefs.tile == tile;
            let response = ui
                .horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                    paint_tile_icon(ui.painter(), rect, tile);
                    let response = ui.selectable_label(selected, tile.name());
                    ui.label(
                        RichText::new(tile.shortcut().to_string())
                            .monospace()
                            .weak(),
                    );
                    response
                })
                .inner;
            if response.clicked() {
                self.prefs.tile = tile;
                if self.prefs.tool == Tool::Pick {
                    self.prefs.tool = Tool::Paint;
                }
            }
        }
        ui.separator();
        ui.strong("Level");
        let mut name = self.doc().level.name.clone();
        ui.horizontal(|ui| {
            let label = ui.label("Name");
            if ui
                .text_edit_singleline(&mut name)
                .labelled_by(label.id)
                .changed()
            {
                self.doc_mut().edit("Rename", |l| l.name = name.clone());
            }
        });
        let (mut w, mut h) = (self.doc().level.width(), self.doc().level.height());
        ui.horizontal(|ui| {
            let label = ui.label("Width");
            ui.add(egui::DragValue::new(&mut w).range(MIN_SIDE..=MAX_SIDE))
                .labelled_by(label.id);
            let label = ui.label("Height");
            ui.add(egui::DragValue::new(&mut h).range(MIN_SIDE..=MAX_SIDE))
                .labelled_by(label.id);
        });
        if (w, h) != (self.doc().level.width(), self.doc().level.height()) {
            self.resize(w, h);
        }
        ui.horizontal(|ui| {
            if ui.button("New").clicked() {
                self.new_level();
            }
            if ui.button("Duplicate").clicked() {
                self.duplicate_level();
            }
            if ui.button("Add to pack").clicked() {
                self.add_to_pack();
            }
        });
        ui.separator();
        let problems = self.doc().level.problems();
        if problems.is_empty() {
            ui.horizontal(|ui| {
                mark(ui, Some(true));
                ui.label(RichText::new("No problems").color(PASS));
            });
        } else {
            ui.strong(format!("Problems ({})", problems.len()));
            for p in problems {
                ui.horizontal_wrapped(|ui| {
                    mark(ui, Some(false));
                    ui.label(RichText::new(p.to_string()).color(FAIL));
                });
            }
        }
    }

    fn analysis_panel(&mut self, ui: &mut Ui) {
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
                    AnalysisTab::Histogram => super::histogram::show(ui, &analysis),
                }
            }
        }
    }

    fn solutions_tab(&mut self, ui: &mut Ui) {
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

    fn traps_tab(&mut self, ui: &mut Ui, analysis: &crate::kinds::skiddy::Analysis) {
        let Some(traps) = self.trap_list() else {
            return;
        };
        if traps.is_empty() {
            ui.label("No traps: every move keeps the level winnable.");
            return;
        }
        ui.label(format!(
            "{} traps, {} dead ends. Shallowest first:",
            traps.len(),
            analysis.summary.dead_ends
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

    fn central(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for (view, name, key) in [
                (CentralView::Edit, "Edit", "F1"),
                (CentralView::Play, "Play", "F2"),
                (CentralView::Graph, "State graph", "F3"),
                (CentralView::Rooms, "Rooms", "F4"),
            ] {
                ui.selectable_value(&mut self.view, view, name)
                    .on_hover_text(key);
            }
        });
        ui.separator();
        match self.view {
            CentralView::Edit => self.edit_view(ui),
            CentralView::Play => self.play_view(ui),
            CentralView::Graph => self.graph_central(ui),
            CentralView::Rooms => self.rooms.show(ui),
        }
    }

    fn graph_central(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.ready().cloned() else {
            ui.label("The state graph appears when the analysis is done.");
            return;
        };
        let highlight = self
            .graph_selection
            .as_ref()
            .map(|(_, p)| p.clone())
            .unwrap_or_default();
        if let Some((id, _)) = &self.graph_selection {
            let id = *id;
            ui.horizontal(|ui| {
                ui.label(format!(
                    "Selected state {id}: {} at depth {}",
                    crate::kinds::skiddy::label_name(analysis.label(id)),
                    analysis.depth(id)
                ));
                if ui.button("Show on the board").clicked() {
                    self.show_state(id);
                    self.view = CentralView::Edit;
                }
            });
        }
        let response = self.graph_view.show(ui, &analysis, &highlight);
        if let Some(id) = response.clicked {
            self.show_state(id);
        }
    }

    fn edit_view(&mut self, ui: &mut Ui) {
        match self.showing.clone() {
            Some(Showing::Replay(_)) => self.replay_view(ui),
            Some(Showing::Trap {
                index,
                dead_end_shown,
            }) => self.trap_view(ui, index, dead_end_shown),
            None => self.paint_view(ui),
        }
    }

    fn paint_view(&mut self, ui: &mut Ui) {
        let problems: Vec<(usize, usize)> = self
            .doc()
            .level
            .problems()
            .iter()
            .filter_map(|p| p.cell)
            .collect();
        let level = self.doc().level.clone();
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

    fn replay_view(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.ready().cloned() else {
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
        let places = replay.places();
        let size = ui.available_size();
        canvas::show_board(
            ui,
            BoardContent::Places(&analysis.rules, &places),
            &BoardMarks::default(),
            size,
            "Replay board",
        );
    }

    fn trap_view(&mut self, ui: &mut Ui, index: usize, dead_end_shown: bool) {
        let Some(analysis) = self.analysis.ready().cloned() else {
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
                .map(|(&p, _)| super::board::cell_xy(p, width))
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

    fn play_view(&mut self, ui: &mut Ui) {
        let Some(analysis) = self.analysis.ready().cloned() else {
            ui.label("Play needs a valid level with a finished analysis.");
            return;
        };
        let dt = ui.input(|i| i.stable_dt).min(0.1);
        let speed = self.prefs.ticks_per_second * 2.0;
        let game = self
            .play
            .get_or_insert_with(|| super::play::PlayState::new(&analysis.rules));
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
            _ => game
                .positions
                .iter()
                .map(|&p| {
                    (p != crate::kinds::skiddy::rules::GONE).then(|| {
                        let (x, y) = super::board::cell_xy(p, analysis.rules.width());
                        (x as f32, y as f32)
                    })
                })
                .collect(),
        };
        let size = ui.available_size();
        canvas::show_board(
            ui,
            BoardContent::Places(&analysis.rules, &places),
            &BoardMarks::default(),
            size,
            "Play board",
        );
    }

    fn confirm_modal(&mut self, ctx: &egui::Context) {
        let Some(confirm) = self.confirm.clone() else {
            return;
        };
        let question = match &confirm {
            Confirm::Quit => "There are unsaved changes. Quit anyway?".to_string(),
            Confirm::CloseDocument(i) => format!(
                "\"{}\" has unsaved changes. Close it?",
                self.docs[*i].title()
            ),
            Confirm::ReplacePack(_) => {
                "The open pack has unsaved changes. Open the other pack instead?".to_string()
            }
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("levelscope confirm")).show(ctx, |ui| {
            ui.set_width(360.0);
            ui.heading("Unsaved changes");
            ui.label(question);
            if matches!(confirm, Confirm::Quit) {
                for doc in self.docs.iter().filter(|d| d.is_worth_saving()) {
                    ui.label(format!("• {}", doc.title()));
                }
                if self.pack.as_ref().is_some_and(|p| p.dirty) {
                    ui.label("• the pack");
                }
            }
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(1);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(2);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(0);
                }
            });
        });
        let Some(answer) = answer else { return };
        self.confirm = None;
        match (confirm, answer) {
            (_, 0) => {}
            (Confirm::Quit, 1) => {
                if self.save_all() {
                    self.quitting = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                } else {
                    self.warn("Some levels have no file yet: save them with Save as…, then quit");
                }
            }
            (Confirm::Quit, _) => {
                self.quitting = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            (Confirm::CloseDocument(i), 1) => {
                self.activate(i);
                self.save();
                if !self.docs[self.active].is_dirty() {
                    self.close_document(self.active);
                }
            }
            (Confirm::CloseDocument(i), _) => self.close_document(i),
            (Confirm::ReplacePack(open), 1) => {
                self.save_pack();
                if !self.pack.as_ref().is_some_and(|p| p.dirty) {
                    self.replace_pack(*open);
                }
            }
            (Confirm::ReplacePack(open), _) => self.replace_pack(*open),
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
            super::board::paint_star(ui.painter(), centre, 14.0, i < rating.stars, Color32::GRAY);
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

/// The palette's small picture of a tile.
fn paint_tile_icon(painter: &egui::Painter, rect: egui::Rect, tile: Tile) {
    use crate::kinds::skiddy::Floor;
    let floor = match tile {
        Tile::Block => Floor::Block,
        Tile::Pit => Floor::Pit,
        Tile::Goal(c) => Floor::Goal(c),
        _ => Floor::Empty,
    };
    super::board::paint_floor(painter, rect, floor);
    if let Some(piece) = tile.piece() {
        super::board::paint_piece(painter, rect, piece, false, 1.0);
    }
}

const PASS: Color32 = Color32::from_rgb(0, 150, 90);
const FAIL: Color32 = Color32::from_rgb(220, 40, 40);

/// A tick, cross or dash the size of a line of text.
fn mark(ui: &mut Ui, verdict: Option<bool>) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    let colour = match verdict {
        Some(true) => PASS,
        Some(false) => FAIL,
        None => Color32::GRAY,
    };
    super::board::paint_mark(ui.painter(), rect, verdict, colour);
}
