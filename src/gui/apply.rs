//! The one place where commands change the editor. Menus, keys and panels
//! queue [`Command`]s while the frame is drawn ([`EditorApp::queue`]);
//! at the end of the frame [`EditorApp::apply_queued`] carries them out in
//! the order they came, each through [`EditorApp::apply`].

use super::app::{EditorApp, PackReplacement, Showing};
use super::central_view::CentralView;
use super::commands::Command;
use super::files::DialogPurpose;

impl EditorApp {
    /// Queues `command`, to be carried out at the end of the frame.
    pub fn queue(&mut self, command: Command) {
        self.queued.push(command);
    }

    /// Queues every command, in order.
    pub fn queue_all(&mut self, commands: impl IntoIterator<Item = Command>) {
        self.queued.extend(commands);
    }

    /// Carries out the queued commands in the order they came (and those
    /// they queue in turn); the end of every frame.
    pub fn apply_queued(&mut self) {
        if self.queued.is_empty() {
            return;
        }
        // A button held still over the board paints the same cell every
        // frame: that changes nothing, and must not keep the editor drawing.
        let held = self
            .queued
            .iter()
            .all(|c| matches!(c, Command::Paint { dragged: true, .. }));
        let before = held.then(|| self.doc().level.clone());
        while !self.queued.is_empty() {
            let queued = std::mem::take(&mut self.queued);
            for command in queued {
                self.apply(command);
            }
        }
        if before.is_some_and(|level| level == self.doc().level) {
            return;
        }
        // The frame drawn before them is stale: egui draws it again at
        // once (its input is not seen twice), and the next frame shows
        // what they changed should it decline.
        self.ctx
            .request_discard("the queued commands changed the editor");
        self.ctx.request_repaint();
    }

    /// Carries out every command, in order, now.
    pub fn apply_all(&mut self, commands: impl IntoIterator<Item = Command>) {
        for command in commands {
            self.apply(command);
        }
    }

    /// Carries out one command now. A command of the table that cannot run
    /// now ([`EditorApp::can_run`]) does nothing, and says why where the
    /// designer may wonder.
    pub fn apply(&mut self, command: Command) {
        if !self.can_run(&command) {
            if let Some(why) = self.why_not(&command) {
                self.say(why);
            }
            return;
        }
        match command {
            Command::NewLevel => self.new_level(),
            Command::Open => self.show_dialog(DialogPurpose::Open),
            Command::Save => self.save(),
            Command::SaveAs => self.show_dialog(DialogPurpose::SaveLevelAs),
            Command::DuplicateLevel => self.duplicate_level(),
            Command::CloseLevel => self.request_close_document(self.active),
            Command::NewPack => self.request_pack_replacement(PackReplacement::New),
            Command::ClosePack => self.request_pack_replacement(PackReplacement::Close),
            Command::SavePack => self.save_pack(),
            Command::SavePackAs => self.show_dialog(DialogPurpose::SavePackAs),
            Command::OrderPackByEffort => self.order_pack_by_effort(),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::UndoPack => self.undo_pack(),
            Command::RedoPack => self.redo_pack(),
            Command::View(view) => self.view = view,
            Command::FocusLayout => self.toggle_focus_layout(),
            Command::AnalyseAgain => self.analysis.level = None,
            Command::CancelAnalysis => self.cancel_analysis(),
            Command::KeyboardShortcuts => self.show_shortcuts = !self.show_shortcuts,
            Command::Pin => self.pin(),
            Command::ToggleReference => {
                if let Some(c) = self.comparison_mut() {
                    c.showing_reference = !c.showing_reference;
                }
            }
            Command::StopComparing => self.compare = None,
            Command::Copy => self.copy_selection_or_level(),
            Command::Cut => {
                self.cut_selection();
            }
            Command::Paste(text) => self.paste_region_or_level(&text),
            Command::CopyLevel => self.copy_level(),
            Command::ClearSelection => self.clear_selection(),
            Command::TransformSelection(transform) => self.transform_selection(transform),
            Command::ReplayControl(key) => self.replay_control(key),
            Command::Edit {
                name,
                stroke,
                after,
            } => self.apply_edit(&name, stroke, *after),
            Command::ShowReplay => self.showing = Some(Showing::Replay),
            Command::Replay { moves, title } => self.replay(&moves, title),
            Command::ShowTrap {
                index,
                dead_end_shown,
            } => {
                self.showing = Some(Showing::Trap {
                    index,
                    dead_end_shown,
                });
            }
            Command::SelectState { id, along } => self.graph_selection = Some((id, along)),
            Command::BackToEditing => self.back_to_editing(),
            Command::SetTool(tool) => self.prefs.tool = tool,
            Command::SetSpeed(speed) => self.prefs.ticks_per_second = speed,
            Command::SetSideBySide(side) => self.prefs.side_by_side = side,
            Command::OpenLevel { level, message } => {
                self.add_document(super::document::Document::new(*level));
                self.view = CentralView::Edit;
                self.say(message);
            }
            Command::OpenPackEntry(index) => {
                self.view = CentralView::Edit;
                self.open_pack_entry(index);
            }
            Command::AddToPack => self.add_to_pack(),
            Command::EditPack(edit) => self.edit_pack(&edit),
            Command::Paint {
                cell: (x, y),
                within,
                erase,
                dragged,
            } => {
                // A fill paints once a stroke, not again under the held
                // button.
                let fill_once = self.prefs.tool == super::kinds::tool::Tool::Fill
                    && self.doc().history.is_open();
                if !(dragged && fill_once) {
                    self.paint_at(x, y, within, erase);
                }
                self.painting = true;
            }
            Command::EndStroke => self.end_stroke(),
            Command::Rename(name) => {
                let step = Command::Rename(String::new()).label();
                self.doc_mut().edit(step, |level| level.set_name(name));
            }
            Command::ActivateTab(index) => self.activate(index),
            Command::EditEntryNotes { index, tags, notes } => {
                self.edit_entry_notes(index, tags, notes)
            }
            Command::NewLevelOf(kind) => self.new_level_of(kind),
            Command::OpenFile(path) => self.open_path(&path),
            Command::ShowDialog(purpose) => self.show_dialog(purpose),
            Command::GoToHistory(done) => self.go_to_history(done),
            Command::GoToPackHistory(done) => self.go_to_pack_history(done),
            Command::Deselect => self.board_tools.selection = None,
            Command::EndNotesTyping => {
                if let Some(open) = self.pack.as_mut() {
                    if open.history.is_open() {
                        open.history.end(&open.pack);
                    }
                }
            }
            Command::CloseTab(index) => {
                if index < self.docs.len() {
                    self.request_close_document(index);
                }
            }
            Command::Solve { time_limit } => self.solve_past_budget(time_limit),
            Command::CancelSolve => self.past_budget.worker.cancel(),
            Command::CompareWith { source, level } => self.compare_with(source, *level),
            Command::Resize {
                width,
                height,
                anchor,
            } => {
                self.resize(width, height, anchor);
                self.resize_draft = None;
                self.resize_preview = None;
            }
            Command::TakeGenerated(generated) => self.take_generated(generated),
            Command::AnswerConfirm(answer) => self.answer_confirm(answer),
            Command::OpenGenerate => {
                self.generate.open_for(self.doc().level.kind());
                self.generate_open = true;
            }
            Command::DialogAnswered(answer) => self.dialog_answered(answer),
            Command::RestoreRecovered => self.restore_recovered(),
            Command::DiscardRecovered => self.discard_recovered(),
            Command::SettleUnreadable { index, keep } => self.settle_unreadable(index, keep),
            Command::CopyMoves(moves) => {
                self.ctx.copy_text(moves);
                self.say("Copied the moves".to_string());
            }
            Command::Say(message) => self.say(message),
            Command::Warn(message) => self.warn(message),
        }
    }

    /// Makes `after` the level on screen as the undo step `name` (part of
    /// the open stroke with `stroke`).
    fn apply_edit(&mut self, name: &str, stroke: bool, after: crate::kinds::Level) {
        let doc = &mut self.docs[self.active];
        if after == doc.level {
            return;
        }
        if stroke {
            doc.history.begin(&doc.level, name);
            doc.level = after;
        } else if !doc.edit(name, |level| *level = after) {
            return;
        }
        self.level_changed();
    }

    /// Carries out an edit the pack panel asked for, as one undoable pack
    /// edit, and follows the levels it moved.
    fn edit_pack(&mut self, edit: &super::pack_edit::PackEdit) {
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        let mut moved = None;
        open.edit(edit.name(), |pack| moved = edit.apply_to(pack));
        if let Some(map) = moved {
            self.pack_renumbered(&map);
        }
    }

    /// Gives pack entry `index` these tags and notes; the typing in the two
    /// fields is one undo step, opened by its first change.
    fn edit_entry_notes(&mut self, index: usize, tags: Vec<String>, notes: String) {
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        if index >= open.pack.levels.len() {
            return;
        }
        if !open.history.is_open() {
            let name = format!(
                "Edit the tags and notes of level {}",
                super::open_pack::level_words(&open.pack.levels[index].level, index)
            );
            open.history.begin(&open.pack, &name);
        }
        let entry = &mut open.pack.levels[index];
        entry.tags = tags;
        entry.notes = notes;
        open.dirty = true;
    }

    /// Replays `moves` from the start of the level on screen, in its kind.
    /// A level with no analysis (too big to explore; its moves are the
    /// solver's) is replayed on the level itself.
    pub fn replay(&mut self, moves: &str, title: String) {
        let commands = match self.analysis.ready().cloned() {
            Some(analysis) => self.kinds.start_replay(&analysis, moves, title),
            None => {
                let level = self.doc().level.clone();
                self.kinds.start_replay_of_level(&level, moves, title)
            }
        };
        self.apply_all(commands);
        // A view that threads the replay through itself keeps it; every
        // other view gives way to the board replaying it.
        let kind = self.doc().level.kind();
        if !super::kinds::replay_stays_in_view(kind, self.view) {
            self.view = CentralView::Edit;
        }
    }

    /// What a key of the replay does: drives the replay on the board; with
    /// none running, the key that leaves leaves the trap view and the
    /// selection.
    fn replay_control(&mut self, key: super::keys::ReplayKey) {
        use super::keys::ReplayKey;
        let kind = self.doc().level.kind();
        let replay = match self.showing {
            Some(Showing::Replay) => self.kinds.replay_cursor(kind),
            _ => None,
        };
        let Some(replay) = replay else {
            if key == ReplayKey::Close {
                self.back_to_editing();
                self.board_tools.selection = None;
            }
            return;
        };
        match key {
            ReplayKey::TogglePlay => replay.toggle_play(),
            ReplayKey::StepForward => replay.step_forward(),
            ReplayKey::StepBack => replay.step_back(),
            ReplayKey::Restart => replay.restart(),
            ReplayKey::Close => self.back_to_editing(),
        }
    }

    /// Leaves a replay or a trap: the board shows the level being edited.
    pub fn back_to_editing(&mut self) {
        if matches!(self.showing, Some(Showing::Replay)) {
            let kind = self.doc().level.kind();
            self.kinds.close_replay(kind);
        }
        self.showing = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queued_commands_wait_for_the_end_of_the_frame_and_run_in_order() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        app.queue(Command::SetSpeed(3.0));
        app.queue_all([Command::SetSpeed(5.0), Command::View(CentralView::Play)]);
        assert_eq!(app.view, CentralView::Edit, "nothing changes while queued");
        app.apply_queued();
        assert_eq!(app.prefs.ticks_per_second, 5.0, "the last one wins");
        assert_eq!(app.view, CentralView::Play);
        assert!(app.queued.is_empty());
    }

    /// Whether carrying out `command` in a pass of `app`'s context asks
    /// egui to draw the pass again.
    fn redraws_after(app: &mut EditorApp, command: &Command) -> bool {
        let ctx = app.ctx.clone();
        let mut redrawn = None;
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            // egui may run the pass twice: the command is carried out once.
            if redrawn.is_none() {
                app.queue(command.clone());
                app.apply_queued();
                redrawn = Some(ui.ctx().will_discard());
            }
        });
        output.textures_delta.clear();
        redrawn.expect("the pass ran")
    }

    #[test]
    fn a_frame_that_changed_the_editor_is_drawn_again_and_a_held_button_is_not() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        let paint = Command::Paint {
            cell: (1, 1),
            within: [0.5, 0.5],
            erase: false,
            dragged: true,
        };
        let level = app.doc().level.clone();
        assert!(redraws_after(&mut app, &paint), "the cell was painted");
        assert_ne!(app.doc().level, level);
        assert!(
            !redraws_after(&mut app, &paint),
            "the same cell again changes nothing"
        );
        assert!(redraws_after(&mut app, &Command::EndStroke));
        assert!(redraws_after(&mut app, &Command::SetSpeed(4.0)));
    }

    #[test]
    fn a_rename_is_one_undo_step_and_tabs_out_of_range_are_left_alone() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        app.queue_all([
            Command::Rename("Fresh name".into()),
            Command::ActivateTab(99),
            Command::CloseTab(99),
            Command::EditEntryNotes {
                index: 10_000,
                tags: vec!["hard".into()],
                notes: String::new(),
            },
        ]);
        app.apply_queued();
        assert_eq!(app.doc().level.name(), "Fresh name");
        assert_eq!(app.next_undo_name().as_deref(), Some("Rename"));
        assert_eq!(app.docs.len(), 1);
        assert_eq!(app.next_pack_undo_name(), None, "no entry 10000");
    }

    #[test]
    fn typing_tags_and_notes_is_one_pack_step_until_the_typing_ends() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        let original = app.pack.as_ref().unwrap().pack.levels[0].clone();
        let typed = |notes: &str| Command::EditEntryNotes {
            index: 0,
            tags: vec!["tutorial".into()],
            notes: notes.into(),
        };
        app.queue_all([typed("S"), typed("Sh"), typed("Short")]);
        app.apply_queued();
        let open = app.pack.as_ref().unwrap();
        assert!(open.history.is_open(), "still typing");
        assert_eq!(open.pack.levels[0].notes, "Short");
        app.queue(Command::EndNotesTyping);
        app.apply_queued();
        assert!(!app.pack.as_ref().unwrap().history.is_open());
        app.undo_pack();
        let entry = &app.pack.as_ref().unwrap().pack.levels[0];
        assert_eq!(*entry, original, "one step takes it all back");
    }

    #[test]
    fn the_menus_commands_open_a_level_of_a_kind_and_a_missing_file_says_so() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        let missing = std::env::temp_dir().join("levelscope-no-such-dir/none.txt");
        app.queue_all([
            Command::NewLevelOf(crate::kinds::Kind::Sokoban),
            Command::OpenFile(missing),
        ]);
        app.apply_queued();
        assert_eq!(app.docs.len(), 2, "the missing file opened nothing");
        assert_eq!(app.doc().level.kind(), crate::kinds::Kind::Sokoban);
        let error = app
            .notices
            .latest_of(crate::gui::notices::Severity::Error)
            .expect("the missing file is an error");
        assert!(error.text.contains("none.txt"), "{}", error.text);
    }

    #[test]
    fn a_pack_edit_from_the_panel_is_one_undoable_step_and_the_tab_follows_its_level() {
        let ctx = egui::Context::default();
        let mut app = EditorApp::new(&ctx, None);
        let len = app
            .pack
            .as_ref()
            .expect("the sample pack")
            .pack
            .levels
            .len();
        assert!(len >= 2);
        assert_eq!(app.doc().origin, crate::gui::document::Origin::PackEntry(0));
        // Level 0 goes last.
        let order: Vec<usize> = (1..len).chain([0]).collect();
        app.queue(Command::EditPack(
            crate::gui::pack_edit::PackEdit::Rearrange(crate::gui::pack_edit::Rearrangement {
                order,
                name: "Move the first level last".into(),
            }),
        ));
        app.apply_queued();
        assert_eq!(
            app.doc().origin,
            crate::gui::document::Origin::PackEntry(len - 1)
        );
        assert_eq!(
            app.next_pack_undo_name().as_deref(),
            Some("Move the first level last")
        );
    }
}
