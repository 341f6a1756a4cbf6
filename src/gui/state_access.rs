//! What tests and scripted runs read of the editor's state, and the few
//! parts they drive by hand (the preferences, the pack, the workers, the
//! recovery folder). The editor's fields are private to the editor's
//! modules; these accessors are the one way in from outside.

use super::app::{AnalysisState, Confirm, EditorApp, OpenPack, Prefs, Showing};
use super::central_view::CentralView;
use super::compare_reference::Comparison;
use super::document::Document;
use super::files::FileDialogs;
use super::kinds::resize::Anchor;
use super::kinds::KindGuis;
use super::notices::Notices;
use super::worker::AnalysisWorker;

impl EditorApp {
    /// The open documents, in tab order.
    pub fn docs(&self) -> &Vec<Document> {
        &self.docs
    }

    /// The index of the active document in [`EditorApp::docs`].
    pub fn active(&self) -> usize {
        self.active
    }

    /// The open pack, if any.
    pub fn pack(&self) -> &Option<OpenPack> {
        &self.pack
    }

    /// The open pack, to change as a test's setup (the editor changes it
    /// through commands).
    pub fn pack_mut(&mut self) -> &mut Option<OpenPack> {
        &mut self.pack
    }

    /// The preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// The preferences, to set as a test's setup.
    pub fn prefs_mut(&mut self) -> &mut Prefs {
        &mut self.prefs
    }

    /// The worker analysing the active level.
    pub fn worker(&self) -> &AnalysisWorker {
        &self.worker
    }

    /// The worker analysing the active level, to wait on.
    pub fn worker_mut(&mut self) -> &mut AnalysisWorker {
        &mut self.worker
    }

    /// The active level's analysis.
    pub fn analysis(&self) -> &AnalysisState {
        &self.analysis
    }

    /// The main view on screen.
    pub fn view(&self) -> CentralView {
        self.view
    }

    /// What the board shows instead of the level being edited.
    pub fn showing(&self) -> &Option<Showing> {
        &self.showing
    }

    /// Every kind's editor state (the palette's choice, the game, the
    /// replay).
    pub fn kinds(&self) -> &KindGuis {
        &self.kinds
    }

    /// The comparison with a reference version, and the id of the
    /// document compared.
    pub fn compare(&self) -> &Option<(u64, Comparison)> {
        &self.compare
    }

    /// The comparison, to wait on the reference's analysis.
    pub fn compare_mut(&mut self) -> &mut Option<(u64, Comparison)> {
        &mut self.compare
    }

    /// The messages on screen.
    pub fn notices(&self) -> &Notices {
        &self.notices
    }

    /// The messages on screen, to age or dismiss by hand.
    pub fn notices_mut(&mut self) -> &mut Notices {
        &mut self.notices
    }

    /// The file dialogs.
    pub fn dialogs(&self) -> &FileDialogs {
        &self.dialogs
    }

    /// The question the editor is waiting on, if any.
    pub fn confirm(&self) -> &Option<Confirm> {
        &self.confirm
    }

    /// The size typed in the Level section but not applied yet.
    pub fn resize_draft(&self) -> Option<(usize, usize)> {
        self.resize_draft
    }

    /// Where the old board stays when the level is resized.
    pub fn resize_anchor(&self) -> Anchor {
        self.resize_anchor
    }

    /// The state graph view.
    pub fn graph_view(&self) -> &super::views::state_graph::StateGraphView {
        &self.graph_view
    }

    /// The state selected in the graph and the way to it.
    pub fn graph_selection(&self) -> &Option<(u32, Vec<u32>)> {
        &self.graph_selection
    }

    /// The pack panel.
    pub fn pack_panel(&self) -> &super::views::pack_panel::PackPanel {
        &self.pack_panel
    }

    /// The pack panel, to wait on its check.
    pub fn pack_panel_mut(&mut self) -> &mut super::views::pack_panel::PackPanel {
        &mut self.pack_panel
    }

    /// The Generate dialog, to wait on its batch.
    pub fn generate_mut(&mut self) -> &mut super::generate_dialog::GenerateDialog {
        &mut self.generate
    }

    /// Whether Help ▸ Keyboard shortcuts is open.
    pub fn show_shortcuts(&self) -> bool {
        self.show_shortcuts
    }

    /// Where the editing board's cells were drawn in the last frame.
    pub fn board_geometry(&self) -> Option<super::views::board::BoardGeometry> {
        self.board_geometry
    }

    /// The editing board's zoom, pan and selection.
    pub fn board_tools(&self) -> &super::board_state::BoardTools {
        &self.board_tools
    }

    /// The recovery copies of unsaved work, to point at a folder of a
    /// test's own.
    pub fn recovery_mut(&mut self) -> &mut super::recovery_copies::Recovery {
        &mut self.recovery
    }

    /// The levels an editor that did not close left, offered at start.
    pub fn recovered(&self) -> &Vec<super::recovery_copies::Recovered> {
        &self.recovered
    }

    /// The packs an editor that did not close left, offered at start.
    pub fn recovered_packs(&self) -> &Vec<super::recovery_copies::RecoveredPack> {
        &self.recovered_packs
    }

    /// Recovery copies found at start that could not be read.
    pub fn unreadable(&self) -> &Vec<super::recovery_copies::Unreadable> {
        &self.unreadable
    }

    /// The solve of the active level past the budget: its worker, its
    /// panel's settings and its answer.
    pub fn past_budget(&self) -> &super::solve_state::PastBudget {
        &self.past_budget
    }

    /// The solve past the budget, to drive its worker by hand.
    pub fn past_budget_mut(&mut self) -> &mut super::solve_state::PastBudget {
        &mut self.past_budget
    }
}
