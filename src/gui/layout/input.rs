//! Input that is not a widget's: dropped files, the window's close request,
//! keyboard shortcuts, and the keys of Play and Replay.

use crate::gui::app::{CentralView, Confirm, EditorApp, Showing};
use crate::gui::commands;
use crate::gui::keys::{self, ReplayKey};
use crate::gui::kinds::play_keys;
use egui::Modifiers;

impl EditorApp {
    pub(super) fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            let path = file.path().to_path_buf();
            self.open_path(&path);
        }
    }

    pub(super) fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting && self.has_unsaved() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Confirm::Quit);
        }
    }

    pub(super) fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        if !self.keys_free
            || ctx.egui_wants_keyboard_input()
            || self.confirm.is_some()
            || self.dialogs.built_in_open()
        {
            return;
        }
        for command in ctx.input_mut(commands::pressed) {
            self.queue(command);
        }
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                // With a selection, Ctrl+C and Ctrl+X act on it, and a paste
                // of the region's own text pastes the region.
                egui::Event::Copy => self.copy_selection_or_level(),
                egui::Event::Cut => {
                    self.cut_selection();
                }
                egui::Event::Paste(text) => self.paste_region_or_level(&text),
                egui::Event::Text(text) if self.view == CentralView::Edit => {
                    for ch in text.chars() {
                        if !self.board_view_key(ch) && !self.selection_key(ch) {
                            let kind = self.doc().level.kind();
                            let tool = self.prefs.tool;
                            if let Some(commands) = self.kinds.shortcut(kind, ch, tool) {
                                self.queue_all(commands);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if self.view == CentralView::Edit
            && self.selection().is_some()
            && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, keys::CLEAR_SELECTION_KEY))
        {
            self.clear_selection();
        }
        match self.view {
            CentralView::Play => {
                let keys = play_keys::read(ctx);
                let level = self.doc().level.clone();
                let analysis = self.analysis.ready().cloned();
                let commands = self.kinds.play_keys(&keys, &level, analysis.as_ref());
                self.queue_all(commands);
            }
            CentralView::Edit => self.replay_keys(ctx),
            _ => {}
        }
    }

    pub(super) fn replay_keys(&mut self, ctx: &egui::Context) {
        let kind = self.doc().level.kind();
        let replay = match self.showing {
            Some(Showing::Replay) => self.kinds.replay_cursor(kind),
            _ => None,
        };
        let Some(replay) = replay else {
            let leave = keys::REPLAY_KEYS
                .iter()
                .filter(|(_, action, _)| *action == ReplayKey::Close)
                .any(|(key, _, _)| ctx.input(|i| i.key_pressed(*key)));
            if leave {
                self.back_to_editing();
                self.board_tools.selection = None;
            }
            return;
        };
        let mut close = false;
        for (key, action, _) in keys::REPLAY_KEYS {
            if !ctx.input(|i| i.key_pressed(key)) {
                continue;
            }
            match action {
                ReplayKey::TogglePlay => replay.toggle_play(),
                ReplayKey::StepForward => replay.step_forward(),
                ReplayKey::StepBack => replay.step_back(),
                ReplayKey::Restart => replay.restart(),
                ReplayKey::Close => close = true,
            }
        }
        if close {
            self.back_to_editing();
        }
    }
}
