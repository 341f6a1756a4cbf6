//! What a panel asks the editor to do. Panels and kind views take what
//! they show read-only and return these; only `EditorApp::apply` changes
//! the app, so a panel can be tested alone on a harness that collects
//! what it returns.

use crate::gui::central_view::CentralView;
use crate::gui::kinds::tool::Tool;
use crate::kinds::Level;

/// One thing a panel asks the editor to do.
#[derive(Clone, Debug, PartialEq)]
pub enum PanelCommand {
    /// Make `after` the level on screen, as one undo step named `name`;
    /// with `stroke` the step is part of the paint stroke under way (the
    /// stroke closes when the button is let go). Nothing is recorded when
    /// `after` equals the level.
    Edit {
        /// The undo step's name ("Paint block at (3, 4)").
        name: String,
        /// Part of the open paint stroke.
        stroke: bool,
        /// The level after the edit.
        after: Box<Level>,
    },
    /// The kind's replay is ready: the board shows it (in the Edit view;
    /// the view does not change).
    ShowReplay,
    /// Replay a move string (as the solution lists show it) from the start.
    Replay {
        /// The moves.
        moves: String,
        /// The replay's title.
        title: String,
    },
    /// Show trap `index` of the analysis's trap list on the board.
    ShowTrap {
        /// Index in the trap list.
        index: usize,
        /// Show the dead end rather than the last winnable state (when the
        /// two are not side by side).
        dead_end_shown: bool,
    },
    /// Select state `id` in the state graph, with the states on its way
    /// from the start highlighted.
    SelectState {
        /// The state.
        id: u32,
        /// The states from the start to it.
        along: Vec<u32>,
    },
    /// Switch the main area to a view.
    SetView(CentralView),
    /// Leave a replay or a trap and show the level being edited.
    BackToEditing,
    /// Choose a tool.
    SetTool(Tool),
    /// Set the replay and animation speed (ticks a second).
    SetSpeed(f32),
    /// Show a trap's two positions side by side, or one at a time.
    SetSideBySide(bool),
    /// Show the comparison's reference on the board instead of the level,
    /// or the level again.
    ToggleReference,
    /// Stop comparing the level with a reference.
    StopComparing,
    /// Open `level` as a new, unsaved document (as New level and the
    /// Generate dialog's Open do) and say `message`: Rush Hour's "Make it
    /// harder".
    OpenLevel {
        /// The level to open.
        level: Box<Level>,
        /// What the status line says once it is open.
        message: String,
    },
    /// Solve the level on screen past the budget (its analysis stopped
    /// too big) with its kind's solver, for at most `time_limit`.
    Solve {
        /// How long the solver may search.
        time_limit: std::time::Duration,
    },
    /// Stop the running solve; what it found until then is shown.
    CancelSolve,
    /// A message in the status line.
    Say(String),
    /// A warning in the status line.
    Warn(String),
}

impl PanelCommand {
    /// An edit making `after` the level, as one undo step of its own.
    pub fn edit(name: impl Into<String>, after: impl Into<Level>) -> PanelCommand {
        PanelCommand::Edit {
            name: name.into(),
            stroke: false,
            after: Box::new(after.into()),
        }
    }

    /// An edit making `after` the level, as part of the open paint stroke.
    pub fn stroke(name: impl Into<String>, after: impl Into<Level>) -> PanelCommand {
        PanelCommand::Edit {
            name: name.into(),
            stroke: true,
            after: Box::new(after.into()),
        }
    }
}
