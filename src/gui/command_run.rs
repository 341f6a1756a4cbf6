//! When each [`Command`] can be run, why not, and the menu entry that
//! queues it; [`super::apply`] carries it out.

use super::app::{CentralView, EditorApp};
use super::commands::Command;

impl EditorApp {
    /// Whether `command` can be run now (a menu greys it out otherwise,
    /// and its keys do nothing).
    pub fn can_run(&self, command: &Command) -> bool {
        let kind = self.doc().level.kind();
        match command {
            Command::Undo => self.doc().history.can_undo(),
            Command::Redo => self.doc().history.can_redo(),
            Command::UndoPack => self.next_pack_undo_name().is_some(),
            Command::RedoPack => self.next_pack_redo_name().is_some(),
            Command::ClosePack
            | Command::SavePack
            | Command::SavePackAs
            | Command::OrderPackByEffort => self.pack.is_some(),
            Command::View(CentralView::Graph) => kind.has_state_graph(),
            Command::View(CentralView::Floors) => kind.has_floors(),
            Command::CancelAnalysis => self.worker.is_running(),
            Command::ToggleReference | Command::StopComparing => self.comparison().is_some(),
            Command::NewLevel
            | Command::Open
            | Command::Save
            | Command::SaveAs
            | Command::DuplicateLevel
            | Command::CloseLevel
            | Command::NewPack
            | Command::View(CentralView::Edit | CentralView::Play | CentralView::Rooms)
            | Command::FocusLayout
            | Command::AnalyseAgain
            | Command::Pin
            | Command::KeyboardShortcuts
            | Command::Copy
            | Command::Cut
            | Command::Paste(_)
            | Command::CopyLevel
            | Command::ClearSelection
            | Command::TransformSelection(_)
            | Command::ReplayControl(_)
            | Command::Edit { .. }
            | Command::ShowReplay
            | Command::Replay { .. }
            | Command::ShowTrap { .. }
            | Command::SelectState { .. }
            | Command::BackToEditing
            | Command::SetTool(_)
            | Command::SetSpeed(_)
            | Command::SetSideBySide(_)
            | Command::OpenLevel { .. }
            | Command::OpenPackEntry(_)
            | Command::AddToPack
            | Command::EditPack(_)
            | Command::Paint { .. }
            | Command::EndStroke
            | Command::Rename(_)
            | Command::ActivateTab(_)
            | Command::CloseTab(_)
            | Command::EditEntryNotes { .. }
            | Command::EndNotesTyping
            | Command::NewLevelOf(_)
            | Command::OpenFile(_)
            | Command::ShowDialog(_)
            | Command::GoToHistory(_)
            | Command::GoToPackHistory(_)
            | Command::Deselect
            | Command::Solve { .. }
            | Command::CancelSolve
            | Command::CopyMoves(_)
            | Command::CompareWith { .. }
            | Command::Resize { .. }
            | Command::TakeGenerated(_)
            | Command::AnswerConfirm(_)
            | Command::OpenGenerate
            | Command::DialogAnswered(_)
            | Command::RestoreRecovered
            | Command::DiscardRecovered
            | Command::SettleUnreadable { .. }
            | Command::Say(_)
            | Command::Warn(_) => true,
        }
    }

    /// Why `command` cannot be run now, in a sentence, where the designer
    /// may wonder (a view the level's kind does not have; an undo of a
    /// level with no edits while the pack has one).
    pub fn why_not(&self, command: &Command) -> Option<String> {
        if self.can_run(command) {
            return None;
        }
        match command {
            Command::View(CentralView::Graph) => Some(
                "A Tangram level has no moves, so no state graph: its report card counts the solutions"
                    .to_string(),
            ),
            Command::View(CentralView::Floors) => Some(
                "Only a Prism level has floors: one board per background colour, joined by its switches"
                    .to_string(),
            ),
            Command::Undo => Some(match self.next_pack_undo_name() {
                Some(name) => format!(
                    "Nothing to undo in this level; the pack's last edit, \"{name}\", is taken back by Edit > Undo in the pack (Ctrl+Alt+Z)"
                ),
                None => "Nothing to undo in this level".to_string(),
            }),
            Command::Redo => Some("Nothing to redo in this level".to_string()),
            _ => None,
        }
    }

    /// Replaces a tool or a view that the level on screen lacks with the
    /// nearest one it has (Select and Line on a Tangram level become
    /// Paint; the state graph of a Tangram level and the floors of a level
    /// that is not Prism become the Edit view), so nothing is left chosen
    /// that cannot act.
    pub fn fit_tools_to_kind(&mut self) {
        let kind = self.doc().level.kind();
        if self.prefs.tool.needs_cells() && !super::kinds::has_cells(kind) {
            self.prefs.tool = super::kinds::tool::Tool::Paint;
        }
        if !self.can_run(&Command::View(self.view)) {
            self.view = CentralView::Edit;
        }
    }

    /// A menu entry for `command`: its label, its first key on the right,
    /// its description on hover, greyed out when it cannot be run. Queues
    /// it when clicked, and says whether it did.
    pub fn command_button(&mut self, ui: &mut egui::Ui, command: Command) -> bool {
        let label = match command {
            Command::Undo => self
                .next_undo_name()
                .map_or_else(|| "Undo".to_string(), |n| format!("Undo {n}")),
            Command::Redo => self
                .next_redo_name()
                .map_or_else(|| "Redo".to_string(), |n| format!("Redo {n}")),
            Command::UndoPack => self.next_pack_undo_name().map_or_else(
                || command.label().to_string(),
                |n| format!("Undo in the pack: {n}"),
            ),
            Command::RedoPack => self.next_pack_redo_name().map_or_else(
                || command.label().to_string(),
                |n| format!("Redo in the pack: {n}"),
            ),
            _ => command.label().to_string(),
        };
        let mut button = egui::Button::new(label);
        if let Some(key) = command.keys().first() {
            button = button.shortcut_text(ui.ctx().format_shortcut(key));
        }
        let mut response = ui
            .add_enabled(self.can_run(&command), button)
            .on_hover_text(command.description());
        if let Some(why) = self.why_not(&command) {
            response = response.on_disabled_hover_text(why);
        }
        let clicked = response.clicked();
        if clicked {
            self.queue(command);
        }
        clicked
    }
}
