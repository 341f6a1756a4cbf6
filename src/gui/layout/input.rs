//! Input that is not a widget's: dropped files, the window's close request,
//! keyboard shortcuts, and the keys of Play and Replay.

use crate::gui::app::{CentralView, Confirm, EditorApp, Showing};
use crate::gui::files::DialogPurpose;
use crate::gui::kinds;
use egui::{Key, KeyboardShortcut, Modifiers};

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
        if ctx.egui_wants_keyboard_input() || self.confirm.is_some() || self.dialogs.built_in_open()
        {
            return;
        }
        let ctrl = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
        let ctrl_shift = |key| KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, key);
        // The most specific shortcut is taken first: a plain Ctrl+Z also
        // matches Ctrl+Shift+Z (egui ignores an extra Shift), so Ctrl+Shift+Z
        // must be consumed before Ctrl+Z is looked for. The tuple is
        // evaluated left to right.
        let (redo, undo, redo_y, save_as, save, open, new, dup) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&ctrl_shift(Key::Z)),
                i.consume_shortcut(&ctrl(Key::Z)),
                i.consume_shortcut(&ctrl(Key::Y)),
                i.consume_shortcut(&ctrl_shift(Key::S)),
                i.consume_shortcut(&ctrl(Key::S)),
                i.consume_shortcut(&ctrl(Key::O)),
                i.consume_shortcut(&ctrl(Key::N)),
                i.consume_shortcut(&ctrl(Key::D)),
            )
        });
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
                            kinds::shortcut(self, ch);
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
            (Key::F5, CentralView::Floors),
        ];
        for (key, view) in views {
            if ctx.input(|i| i.key_pressed(key)) {
                self.view = view;
            }
        }
        if self.view == CentralView::Edit
            && self.selection().is_some()
            && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Delete))
        {
            self.clear_selection();
        }
        match self.view {
            CentralView::Play => kinds::play_keys(self, ctx),
            CentralView::Edit => self.replay_keys(ctx),
            _ => {}
        }
    }

    pub(super) fn replay_keys(&mut self, ctx: &egui::Context) {
        let Some(Showing::Replay(replay)) = &mut self.showing else {
            if ctx.input(|i| i.key_pressed(Key::Escape)) {
                self.showing = None;
                self.board_tools.selection = None;
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
}
