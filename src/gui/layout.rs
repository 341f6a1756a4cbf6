//! Drawing the editor window: menu, document tabs, tool panel, analysis
//! panel, the main view and the status line, and routing input to
//! [`EditorApp`].

mod analysis_panel;
mod confirm;
mod editing_board;
pub mod fold_and_focus;
mod input;
mod left_side;
mod menu;
mod zoom_and_selection_bar;

use crate::gui::commands::Command;
use egui::{Color32, RichText, Ui};

use super::notices::Severity;

/// The most characters a document tab's title shows.
const TAB_TITLE_CHARS: usize = 28;

use super::app::{CentralView, EditorApp};
use super::document::Origin;
use super::kinds;

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.save_prefs(storage);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // The window closes only once every change was saved or the
        // designer chose to discard it: no copy is needed any more.
        self.recovery.remove_all();
    }
}

impl EditorApp {
    /// Writes the recovery copies that are due, and wakes up when the next
    /// one is.
    fn keep_recovery_copies(&mut self, ctx: &egui::Context) {
        let now = std::time::Instant::now();
        let due = self.recovery.update(&self.docs, now);
        let tabs_unsaved = self
            .docs
            .iter()
            .any(|d| matches!(d.origin, Origin::PackEntry(_)) && d.is_dirty());
        // Only worth gathering where copies are kept.
        let checks = self
            .pack
            .as_ref()
            .filter(|_| self.recovery.dir().is_some())
            .map(|open| self.pack_panel.check_results(&open.pack))
            .unwrap_or_default();
        let pack = self
            .pack
            .as_ref()
            .map(|open| super::recovery_copies::PackState {
                pack: &open.pack,
                unknown: &open.unknown,
                path: open.path.as_deref(),
                collection: open.collection,
                dirty: open.dirty,
                tabs_unsaved,
                checks: &checks,
            });
        let pack_due = self.recovery.update_pack(pack, now);
        if let Some(due) = [due, pack_due].into_iter().flatten().min() {
            ctx.request_repaint_after(due);
        }
        if let Some(error) = self.recovery.take_error() {
            self.fail(error);
        }
    }

    /// The question at start when an editor that did not close left
    /// unsaved levels: restore them or discard them; and, for each copy
    /// that could not be read, what could be read of it and why not, to
    /// keep (moved aside) or discard.
    fn recovery_window(&mut self, ctx: &egui::Context) {
        let mut restore = false;
        let mut discard = false;
        let mut settle: Option<(usize, bool)> = None;
        let now = std::time::SystemTime::now();
        egui::Window::new("Unsaved work was found")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                if !self.recovered.is_empty() || !self.recovered_packs.is_empty() {
                    ui.label(
                        "levelscope did not close normally last time. This work had changes that were not saved:",
                    );
                    if let Some(newest) = self.recovered_packs.last() {
                        let from = newest.file.as_ref().map_or_else(
                            || "not saved to a file".to_string(),
                            |f| f.display().to_string(),
                        );
                        let levels = crate::words::counted(
                            newest.pack.levels.len() as u64,
                            "level",
                            "levels",
                        );
                        let name = &newest.pack.name;
                        if newest.dirty {
                            ui.label(format!("• the pack {name} with {levels} — {from}"));
                        } else {
                            ui.label(format!(
                                "• the pack {name} with {levels} — {from} (no changes of its own: \
                                 opened again for its levels below, with its check results)"
                            ));
                        }
                    }
                    for r in &self.recovered {
                        let name = match r.level.name() {
                            "" => "(no name)",
                            n => n,
                        };
                        let from = match (&r.file, r.entry) {
                            (Some(f), _) => f.display().to_string(),
                            (None, Some(i)) => format!("level {} of the pack", i + 1),
                            (None, None) => "not saved to a file".to_string(),
                        };
                        ui.label(format!("• {} level {name} — {from}", r.level.kind().title()));
                    }
                    ui.horizontal(|ui| {
                        restore = ui.button("Restore them").clicked();
                        discard = ui.button("Discard them").clicked();
                    });
                }
                for (i, copy) in self.unreadable.iter().enumerate() {
                    ui.separator();
                    ui.push_id(("unreadable", i), |ui| {
                        ui.label(copy.words(now));
                        if let Some(file) = &copy.file {
                            ui.label(format!(
                                "The level was edited from {}; that file holds its last saved version.",
                                file.display()
                            ));
                        }
                        ui.label(format!("The copy is {}.", copy.path.display()));
                        ui.horizontal(|ui| {
                            if ui
                                .button("Keep the file")
                                .on_hover_text(
                                    "Move it aside to the recovery folder's \"unreadable\" folder, where it is not offered again",
                                )
                                .clicked()
                            {
                                settle = Some((i, true));
                            }
                            if ui.button("Discard the file").clicked() {
                                settle = Some((i, false));
                            }
                        });
                    });
                }
            });
        if restore {
            self.queue(Command::RestoreRecovered);
        } else if discard {
            self.queue(Command::DiscardRecovered);
        }
        if let Some((index, keep)) = settle {
            self.queue(Command::SettleUnreadable { index, keep });
        }
    }

    /// Runs one frame of the editor in `ui` (the whole window).
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        // Decided before any dialog draws: a dialog's text field that loses
        // the focus this frame (Enter) still owns the letters of this frame.
        self.keys_free = !ctx.egui_wants_keyboard_input()
            && self.confirm.is_none()
            && !self.dialogs.built_in_open();
        self.follow_tab_settings();
        self.fit_tools_to_kind();
        self.drive_analysis();
        self.drive_solve();
        self.drive_comparison();
        if let Some(event) = self.dialogs.poll() {
            self.dialog_event(event);
        }
        if let Some(answer) = self.dialogs.show_built_in(&ctx) {
            self.queue(Command::DialogAnswered(answer));
        }
        self.handle_dropped_files(&ctx);
        self.handle_close_request(&ctx);
        self.handle_shortcuts(&ctx);
        self.keep_recovery_copies(&ctx);
        if !self.recovered.is_empty()
            || !self.recovered_packs.is_empty()
            || !self.unreadable.is_empty()
        {
            self.recovery_window(&ctx);
        }

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menu(ui));
        });
        egui::Panel::top("documents").show(ui, |ui| self.document_tabs(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        use fold_and_focus::SidePanel;
        self.choose_first_layout(&ctx);
        let present = [
            self.prefs.show_pack && self.pack.is_some(),
            self.prefs.show_tools && matches!(self.view, CentralView::Edit | CentralView::Play),
            self.prefs.show_analysis && self.view != CentralView::Rooms,
        ];
        let shown =
            std::array::from_fn(
                |i| match (present[i], self.prefs.folded.get(SidePanel::ALL[i])) {
                    (false, _) => fold_and_focus::PanelShown::Hidden,
                    (true, true) => fold_and_focus::PanelShown::Strip,
                    (true, false) => fold_and_focus::PanelShown::Open,
                },
            );
        let widest = fold_and_focus::widest_panels(shown, ui.max_rect().width());
        if present[0] {
            self.side_panel(ui, SidePanel::Pack, widest[0], |app, ui| app.pack_side(ui));
        }
        if present[1] {
            self.side_panel(ui, SidePanel::Tools, widest[1], |app, ui| {
                egui::ScrollArea::vertical().show(ui, |ui| app.tool_panel(ui));
            });
        }
        if present[2] {
            self.side_panel(ui, SidePanel::Analysis, widest[2], |app, ui| {
                app.analysis_panel(ui)
            });
        }
        egui::CentralPanel::default().show(ui, |ui| self.central(ui));

        self.confirm_modal(&ctx);
        if self.show_shortcuts {
            self.shortcuts_window(&ctx);
        }
        self.notices_area(&ctx);
        let title = self.window_title();
        if title != self.shown_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
        if self.generate_open {
            let mut open = self.generate_open;
            if let Some(generated) = self.generate.show(&ctx, &mut open, self.prefs.max_states) {
                self.queue(Command::TakeGenerated(generated));
            }
            self.generate_open = open;
        }
        if self.worker.is_running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.apply_queued();
    }

    fn document_tabs(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            let mut activate = None;
            let mut close = None;
            for i in 0..self.docs.len() {
                let title = self.document_title(i);
                // Long names are cut after a word, the whole name and the
                // level's place on hover.
                let shown = crate::words::elide(&title, |t| t.chars().count() <= TAB_TITLE_CHARS);
                if ui
                    .selectable_label(i == self.active, &shown)
                    .on_hover_text(format!("{title}\n{}", self.document_place(i)))
                    .clicked()
                {
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
            let new = Command::NewLevel;
            let key = ui.ctx().format_shortcut(&new.keys()[0]);
            if ui
                .button("+")
                .on_hover_text(format!("{} ({key})", new.label()))
                .clicked()
            {
                self.queue(new);
            }
            if let Some(i) = activate {
                self.queue(Command::ActivateTab(i));
            }
            if let Some(i) = close {
                self.queue(Command::CloseTab(i));
            }
        });
    }

    /// The status line: where the active level lives and whether it has
    /// unsaved changes, and its size. Messages are drawn by
    /// [`EditorApp::notices_area`].
    fn status_line(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let doc = self.doc();
            let place = self.document_place(self.active);
            let state = if doc.is_dirty() {
                "unsaved changes"
            } else {
                "saved"
            };
            ui.add(egui::Label::new(format!("{place} · {state}")).truncate());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let level = &self.doc().level;
                let (w, h) = level.size();
                let pieces = kinds::piece_count(level);
                ui.label(format!("{w}x{h}  ·  {pieces}"));
            });
        });
    }

    /// The name of document `index` as its tab shows it: the level's name,
    /// else its file's, else "Untitled", numbered when several levels have
    /// neither ("Untitled 2"), so that no two tabs read the same. A level
    /// of a pack whose name another tab has too says its pack
    /// ("1 · microban.xsb").
    pub fn document_name(&self, index: usize) -> String {
        let untitled = |d: &crate::gui::document::Document| {
            d.level.name().is_empty() && !matches!(d.origin, crate::gui::document::Origin::File(_))
        };
        if !untitled(&self.docs[index]) {
            let name = self.docs[index].name();
            let clashes = self
                .docs
                .iter()
                .enumerate()
                .any(|(k, d)| k != index && !untitled(d) && d.name() == name);
            return match self.document_pack(index).filter(|_| clashes) {
                Some(pack) => format!("{name} · {pack}"),
                None => name,
            };
        }
        match self.docs[..index].iter().filter(|d| untitled(d)).count() {
            0 => "Untitled".to_string(),
            n => format!("Untitled {}", n + 1),
        }
    }

    /// The pack document `index` belongs to, by name: the open pack for a
    /// level linked to one of its entries, else the pack it was opened
    /// from before that pack closed.
    fn document_pack(&self, index: usize) -> Option<String> {
        let doc = &self.docs[index];
        match doc.origin {
            crate::gui::document::Origin::PackEntry(_) => self
                .pack
                .as_ref()
                .map(crate::gui::pack_name::pack_display_name),
            _ => doc.former_pack.clone(),
        }
    }

    /// The title of document `index`'s tab: its name, with a `*` when it
    /// has unsaved changes.
    pub fn document_title(&self, index: usize) -> String {
        let name = self.document_name(index);
        if self.docs[index].is_dirty() {
            format!("{name} *")
        } else {
            name
        }
    }

    /// Where document `index` lives, in words: its file, its place in the
    /// pack, or "not saved to a file yet".
    pub fn document_place(&self, index: usize) -> String {
        match &self.docs[index].origin {
            crate::gui::document::Origin::File(path) => path.display().to_string(),
            crate::gui::document::Origin::PackEntry(i) => {
                let pack = self.pack.as_ref().map_or("", |p| p.pack.name.as_str());
                format!("level {} of the pack {pack}", i + 1)
            }
            crate::gui::document::Origin::New => "not saved to a file yet".to_string(),
        }
    }

    /// The window's title: the active level, a dot when it has unsaved
    /// changes, and where it lives.
    pub fn window_title(&self) -> String {
        let doc = self.doc();
        let name = self.document_name(self.active);
        let marker = if doc.is_dirty() { "● " } else { "" };
        format!(
            "{marker}{name} — {} — levelscope",
            self.document_place(self.active)
        )
    }

    /// The messages in the bottom right corner, newest at the bottom: news
    /// and warnings fade; errors stay, each with a button to dismiss it.
    fn notices_area(&mut self, ctx: &egui::Context) {
        if let Some(next) = self.notices.expire(std::time::Instant::now()) {
            ctx.request_repaint_after(next);
        }
        if self.notices.all().is_empty() {
            return;
        }
        let mut dismissed = None;
        let place = self.notices_place(ctx);
        egui::Area::new(egui::Id::unique("levelscope notices"))
            .order(egui::Order::Foreground)
            .pivot(egui::Align2::RIGHT_BOTTOM)
            .fixed_pos(place.corner)
            .show(ctx, |ui| {
                ui.set_max_width(place.width);
                for notice in self.notices.all() {
                    let (fill, text) = match notice.severity {
                        Severity::News => {
                            (ui.visuals().extreme_bg_color, ui.visuals().text_color())
                        }
                        Severity::Warning => (Color32::from_rgb(90, 60, 10), Color32::WHITE),
                        Severity::Error => (Color32::from_rgb(120, 25, 25), Color32::WHITE),
                    };
                    egui::Frame::popup(ui.style()).fill(fill).show(ui, |ui| {
                        ui.horizontal(|ui| {
                            if notice.severity == Severity::Error
                                && ui
                                    .button(RichText::new("Dismiss").color(text))
                                    .on_hover_text("This error stays until you dismiss it")
                                    .clicked()
                            {
                                dismissed = Some(notice.id);
                            }
                            ui.add(
                                egui::Label::new(RichText::new(&notice.text).color(text)).wrap(),
                            );
                        });
                    });
                }
            });
        if let Some(id) = dismissed {
            self.notices.dismiss(id);
        }
    }

    /// Where the messages go: the window's bottom-right corner, over the
    /// analysis panel; when the board reaches that corner (the analysis
    /// panel folded), beside the board or under it, where it leaves room,
    /// so that no message covers a cell.
    fn notices_place(&self, ctx: &egui::Context) -> NoticesPlace {
        let window = ctx.content_rect();
        let usual = NoticesPlace {
            corner: window.right_bottom() + egui::vec2(-12.0, -34.0),
            width: NOTICE_WIDTH,
        };
        let board = self.board_geometry.map(|g| g.rect());
        let (Some(board), Some(viewport), CentralView::Edit) =
            (board, self.board_tools.viewport, self.view)
        else {
            return usual;
        };
        let covered = egui::Rect::from_min_max(
            usual.corner - egui::vec2(NOTICE_WIDTH, NOTICE_ROOM),
            usual.corner,
        );
        if !covered.intersects(board) {
            return usual;
        }
        let right_gap = viewport.right() - board.right();
        if right_gap >= NOTICE_MIN_WIDTH + 8.0 {
            return NoticesPlace {
                corner: egui::pos2(viewport.right() - 4.0, viewport.bottom() - 4.0),
                width: (right_gap - 8.0).min(NOTICE_WIDTH),
            };
        }
        if viewport.bottom() - board.bottom() >= NOTICE_ROOM / 2.0 {
            return NoticesPlace {
                corner: egui::pos2(viewport.right() - 4.0, viewport.bottom() - 4.0),
                width: NOTICE_WIDTH.min(viewport.width() - 8.0),
            };
        }
        usual
    }

    fn central(&mut self, ui: &mut Ui) {
        // One row that never wraps (a wrap would push the board down and
        // shrink it); what does not fit is clipped, and the focus layout
        // gives the centre its room.
        ui.horizontal(|ui| {
            for view in CentralView::ALL {
                let command = Command::View(view);
                let key = command
                    .keys()
                    .first()
                    .map(|k| ui.ctx().format_shortcut(k))
                    .unwrap_or_default();
                if !self.can_run(&command) {
                    ui.add_enabled(false, egui::Button::selectable(false, view.title()))
                        .on_disabled_hover_text(self.why_not(&command).unwrap_or_default());
                    continue;
                }
                if ui
                    .add(egui::Button::selectable(self.view == view, view.title()))
                    .on_hover_text(format!("{} ({key})", command.description()))
                    .clicked()
                {
                    self.queue(command);
                }
            }
        });
        ui.separator();
        match self.view {
            CentralView::Edit => self.edit_view(ui),
            CentralView::Play => self.play_view(ui),
            CentralView::Graph => self.state_graph_panel(ui),
            CentralView::Floors => self.floors_view(ui),
            CentralView::Rooms => self.rooms.show(ui),
        }
    }

    /// Gives the tab on screen its own settings when it has just come on
    /// screen, keeping those of the tab that left. A tab never shown before
    /// keeps the tool in hand and starts with the whole graph shown.
    pub fn follow_tab_settings(&mut self) {
        let active = self.doc().id;
        if self.settings_tab == Some(active) {
            return;
        }
        let current = crate::gui::tab_settings::TabSettings {
            tool: self.prefs.tool,
            graph: self.graph_view.settings(),
        };
        let left = self.settings_tab;
        if let Some(doc) = self.docs.iter_mut().find(|d| Some(d.id) == left) {
            doc.settings = Some(current);
        }
        let arriving = self
            .doc()
            .settings
            .unwrap_or(crate::gui::tab_settings::TabSettings {
                tool: current.tool,
                graph: crate::gui::views::state_graph::GraphSettings::default(),
            });
        self.prefs.tool = arriving.tool;
        self.graph_view.set_settings(arriving.graph);
        self.settings_tab = Some(active);
    }
}

/// Runs `add` in the space `ui` has (text wraps at word boundaries where
/// egui wraps it: in vertical layouts) and takes exactly that space: what does not fit is clipped instead of
/// widening the panel, so the board beside it never jumps when the
/// content changes (a level turning valid, a long solution).
fn keep_width(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    let rect = ui.available_rect_before_wrap();
    let mut inner = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    inner.set_clip_rect(rect.intersect(ui.clip_rect()));
    add(&mut inner);
    ui.allocate_rect(rect, egui::Sense::hover());
}

/// The widest a message gets.
const NOTICE_WIDTH: f32 = 420.0;
/// The narrowest room beside the board that messages are put in.
const NOTICE_MIN_WIDTH: f32 = 180.0;
/// The height a message or two take, for deciding where they go.
const NOTICE_ROOM: f32 = 80.0;

/// Where the messages go: the corner their bottom right is at, and how wide
/// they may be.
struct NoticesPlace {
    corner: egui::Pos2,
    width: f32,
}
