//! The one place where what the panels ask for changes the editor:
//! [`EditorApp::apply`] carries out a [`PanelCommand`].

use super::app::{EditorApp, Showing};
use super::central_view::CentralView;
use super::panel_command::PanelCommand;

impl EditorApp {
    /// Carries out every command, in order.
    pub fn apply_all(&mut self, commands: Vec<PanelCommand>) {
        for command in commands {
            self.apply(command);
        }
    }

    /// Carries out one command of a panel.
    pub fn apply(&mut self, command: PanelCommand) {
        match command {
            PanelCommand::Edit {
                name,
                stroke,
                after,
            } => self.apply_edit(&name, stroke, *after),
            PanelCommand::ShowReplay => self.showing = Some(Showing::Replay),
            PanelCommand::Replay { moves, title } => self.replay(&moves, title),
            PanelCommand::ShowTrap {
                index,
                dead_end_shown,
            } => {
                self.showing = Some(Showing::Trap {
                    index,
                    dead_end_shown,
                });
            }
            PanelCommand::SelectState { id, along } => self.graph_selection = Some((id, along)),
            PanelCommand::SetView(view) => self.view = view,
            PanelCommand::BackToEditing => self.back_to_editing(),
            PanelCommand::SetTool(tool) => self.prefs.tool = tool,
            PanelCommand::SetSpeed(speed) => self.prefs.ticks_per_second = speed,
            PanelCommand::SetSideBySide(side) => self.prefs.side_by_side = side,
            PanelCommand::ToggleReference => {
                if let Some(c) = self.comparison_mut() {
                    c.showing_reference = !c.showing_reference;
                }
            }
            PanelCommand::StopComparing => self.compare = None,
            PanelCommand::OpenLevel { level, message } => {
                self.add_document(super::document::Document::new(*level));
                self.view = CentralView::Edit;
                self.say(message);
            }
            PanelCommand::Solve { time_limit } => self.solve_past_budget(time_limit),
            PanelCommand::CancelSolve => self.past_budget.worker.cancel(),
            PanelCommand::Say(message) => self.say(message),
            PanelCommand::Warn(message) => self.warn(message),
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

    /// Leaves a replay or a trap: the board shows the level being edited.
    pub fn back_to_editing(&mut self) {
        if matches!(self.showing, Some(Showing::Replay)) {
            let kind = self.doc().level.kind();
            self.kinds.close_replay(kind);
        }
        self.showing = None;
    }
}
