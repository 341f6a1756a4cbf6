//! Input that is not a widget's: dropped files, the window's close request,
//! keyboard shortcuts, and the keys of Play and Replay.

use crate::gui::app::{CentralView, Confirm, EditorApp, Showing};
use crate::gui::commands::{self, Command, KeyScope};
use crate::gui::keys::ReplayKey;
use crate::gui::kinds::play_keys;

impl EditorApp {
    pub(super) fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            self.queue(Command::OpenFile(file.path().to_path_buf()));
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
                egui::Event::Copy => self.queue(Command::Copy),
                egui::Event::Cut => self.queue(Command::Cut),
                egui::Event::Paste(text) => self.queue(Command::Paste(text)),
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
            && ctx.input_mut(|i| {
                Command::ClearSelection
                    .keys()
                    .iter()
                    .any(|k| i.consume_shortcut(k))
            })
        {
            self.queue(Command::ClearSelection);
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

    /// The keys of a replay on the board (rows of the command table):
    /// queued while a replay runs; without one, only the key that leaves
    /// (a trap view, the selection) counts.
    pub(super) fn replay_keys(&mut self, ctx: &egui::Context) {
        let kind = self.doc().level.kind();
        let replaying = matches!(self.showing, Some(Showing::Replay))
            && self.kinds.replay_cursor(kind).is_some();
        for command in Command::ALL {
            let Command::ReplayControl(key) = command else {
                continue;
            };
            debug_assert_eq!(command.scope(), KeyScope::Replay);
            let pressed = command
                .keys()
                .iter()
                .any(|k| ctx.input(|i| i.key_pressed(k.logical_key)));
            if pressed && (replaying || key == ReplayKey::Close) {
                self.queue(command);
            }
        }
    }
}
