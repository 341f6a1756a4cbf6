//! The editor's commands in one table: every menu entry that has a
//! shortcut, and every shortcut, is a [`Command`] with its label, its keys
//! and its tooltip. The menus draw from the table, the key handler reads
//! the keys from it ([`pressed`]), and Help ▸ Keyboard shortcuts lists it,
//! so a shortcut cannot be shown in one place and bound in another.
//!
//! The table also holds the keys that are read in one place only: copy,
//! cut and paste (which reach the editor as clipboard events), the keys
//! of a selection and those of a replay on the board; each command says
//! where its keys are read ([`Command::scope`]). The keys that belong to a
//! kind or a view (the palette's letters while editing, the arrows while
//! playing) are tables of their own in [`super::keys`], read the same
//! three ways.
//!
//! A [`Command`] is also what every panel returns: panels and kind views
//! read what they show and return commands; the editor queues them during
//! the frame and carries them all out at its end, in one place
//! ([`super::apply`]).

use egui::{Key, KeyboardShortcut, Modifiers};

use super::central_view::CentralView;
use super::keys::ReplayKey;
use super::kinds::region::Transform;
use super::kinds::tool::Tool;
use super::pack_edit::PackEdit;
use crate::kinds::Level;

/// Something the designer asks of the editor: from a menu or a shortcut
/// (the table's commands, [`Command::ALL`]), or from a panel (the commands
/// that carry what the panel worked out).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A new level of the kind on screen.
    NewLevel,
    /// Open a level or a pack file.
    Open,
    /// Save the level where it belongs.
    Save,
    /// Save the level to a file chosen now.
    SaveAs,
    /// A copy of the level in a new tab.
    DuplicateLevel,
    /// Close the level's tab.
    CloseLevel,
    /// A new, empty pack.
    NewPack,
    /// Close the open pack.
    ClosePack,
    /// Save the pack to its file.
    SavePack,
    /// Save the pack to a file chosen now.
    SavePackAs,
    /// Order the pack's levels by their effort, easiest first.
    OrderPackByEffort,
    /// Take back the last edit of the level on screen.
    Undo,
    /// Do again the edit of the level on screen undone last.
    Redo,
    /// Take back the pack's last edit.
    UndoPack,
    /// Do again the pack's edit undone last.
    RedoPack,
    /// Show one of the central views.
    View(CentralView),
    /// Fold the side panels so the board gets the room, or unfold them.
    FocusLayout,
    /// Analyse the level again.
    AnalyseAgain,
    /// Pin this version of the level: edits are compared with it.
    Pin,
    /// Show the comparison's reference on the board, or the level again.
    ToggleReference,
    /// Stop comparing the level with a reference.
    StopComparing,
    /// Stop the running analysis.
    CancelAnalysis,
    /// The window that lists every shortcut.
    KeyboardShortcuts,
    /// Copy the selection, or the level as text when nothing is selected.
    Copy,
    /// Cut the selection.
    Cut,
    /// Paste `text` (the clipboard's): the copied region when it is the
    /// region's text, else a level (empty in the table).
    Paste(String),
    /// Copy the level on screen as ASCII text.
    CopyLevel,
    /// Flip or rotate the selection.
    TransformSelection(Transform),
    /// Clear the selected cells.
    ClearSelection,
    /// Drive the replay on the board (or leave it).
    ReplayControl(ReplayKey),
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
    /// Leave a replay or a trap and show the level being edited.
    BackToEditing,
    /// Choose a tool.
    SetTool(Tool),
    /// Set the replay and animation speed (ticks a second).
    SetSpeed(f32),
    /// Show a trap's two positions side by side, or one at a time.
    SetSideBySide(bool),
    /// Open `level` as a new, unsaved document (as New level and the
    /// Generate dialog's Open do) and say `message`: Rush Hour's "Make it
    /// harder".
    OpenLevel {
        /// The level to open.
        level: Box<Level>,
        /// What the status line says once it is open.
        message: String,
    },
    /// Open entry `index` of the pack in the editor (the pack panel's
    /// row was clicked).
    OpenPackEntry(usize),
    /// Append the editor's level to the pack.
    AddToPack,
    /// Paint with the tool in hand at `cell` of the board, as part of the
    /// open stroke; `erase` is the right button. `dragged`: the pointer
    /// is held down over the cell (a fill paints once a stroke).
    Paint {
        /// The cell, `(x, y)`.
        cell: (usize, usize),
        /// Where in the cell, from its top left (0 to 1 each way).
        within: [f32; 2],
        /// The right button: erase.
        erase: bool,
        /// The button is held, rather than pressed this frame.
        dragged: bool,
    },
    /// Close the open paint stroke: it becomes one undo step.
    EndStroke,
    /// Give the level on screen this name, as an undo step.
    Rename(String),
    /// Bring the document of tab `index` on screen.
    ActivateTab(usize),
    /// Close the document of tab `index` (asking when it has unsaved
    /// changes).
    CloseTab(usize),
    /// Give pack entry `index` these tags and notes; the typing in the two
    /// fields is one undo step, open until [`Command::EndNotesTyping`].
    EditEntryNotes {
        /// The entry.
        index: usize,
        /// Its tags.
        tags: Vec<String>,
        /// Its notes.
        notes: String,
    },
    /// Neither field of the tags and notes has the keyboard any more: the
    /// typing's undo step closes.
    EndNotesTyping,
    /// A new empty level of this kind, in a new tab.
    NewLevelOf(crate::kinds::Kind),
    /// Open this file (File ▸ Open recent).
    OpenFile(std::path::PathBuf),
    /// Open a file dialog for this purpose (the exports).
    ShowDialog(super::dialog_request::DialogPurpose),
    /// Take the level on screen to the point of its history where `done`
    /// edits are done.
    GoToHistory(usize),
    /// Take the pack to the point of its history where `done` edits are
    /// done.
    GoToPackHistory(usize),
    /// Let go of the selection.
    Deselect,
    /// Change the pack as one undoable edit (remove, reorder, keep one of
    /// duplicates, store a check's fresh analyses).
    EditPack(PackEdit),
    /// Solve the level on screen past the budget (its analysis stopped
    /// too big) with its kind's solver, for at most `time_limit`.
    Solve {
        /// How long the solver may search.
        time_limit: std::time::Duration,
    },
    /// Stop the running solve; what it found until then is shown.
    CancelSolve,
    /// Copy moves (a solution's) to the clipboard.
    CopyMoves(String),
    /// Compare the level on screen with `level`, the version `source`
    /// names (Analysis ▸ Compare with).
    CompareWith {
        /// Where the reference comes from.
        source: super::reference_source::ReferenceSource,
        /// The reference version.
        level: Box<Level>,
    },
    /// Resize the level on screen to `width x height`, the old board kept
    /// at `anchor` (the Resize button of the Level section).
    Resize {
        /// The new width.
        width: usize,
        /// The new height.
        height: usize,
        /// Where the old board stays.
        anchor: crate::grid::Anchor,
    },
    /// Keep the levels the Generate dialog hands over, where the designer
    /// sends them.
    TakeGenerated(super::generated_levels::GeneratedLevels),
    /// The designer's answer to the question on screen (unsaved changes,
    /// a copy of a level already in the pack, what a file cannot hold).
    AnswerConfirm(ConfirmAnswer),
    /// Open the Generate window for the kind on screen (Level ▸
    /// Generate…).
    OpenGenerate,
    /// A file dialog closed with this answer: open or save what it chose.
    DialogAnswered(super::dialog_request::DialogAnswer),
    /// Restore the recovery copies an editor that did not close left.
    RestoreRecovered,
    /// Discard those recovery copies.
    DiscardRecovered,
    /// Settle the unreadable recovery copy `index`: keep it aside, or
    /// discard it.
    SettleUnreadable {
        /// Which unreadable copy.
        index: usize,
        /// Keep it aside (true) or discard it.
        keep: bool,
    },
    /// A message in the status line.
    Say(String),
    /// A warning in the status line.
    Warn(String),
}

/// The designer's answer to the [`super::app::Confirm`] question on screen: its
/// first button (save, add a copy …), its second (discard, leave them out
/// …), or Cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmAnswer {
    /// Cancel: nothing happens.
    Cancel,
    /// The first button.
    First,
    /// The second button.
    Second,
}

/// `Ctrl` (`Cmd` on a Mac) and a key.
const fn command(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

/// `Ctrl+Shift` (`Cmd+Shift` on a Mac) and a key.
const fn command_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(
        Modifiers {
            alt: false,
            ctrl: false,
            shift: true,
            mac_cmd: false,
            command: true,
        },
        key,
    )
}

/// `Ctrl+Alt` (`Cmd+Alt` on a Mac) and a key.
const fn command_alt(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(
        Modifiers {
            alt: true,
            ctrl: false,
            shift: false,
            mac_cmd: false,
            command: true,
        },
        key,
    )
}

/// `Ctrl+Alt+Shift` (`Cmd+Alt+Shift` on a Mac) and a key.
const fn command_alt_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(
        Modifiers {
            alt: true,
            ctrl: false,
            shift: true,
            mac_cmd: false,
            command: true,
        },
        key,
    )
}

/// A key alone.
const fn plain(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

/// Where the keys of a command are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyScope {
    /// Anywhere, while no text field has the keyboard: [`pressed`] reads
    /// them.
    Everywhere,
    /// Copy, cut and paste: the system turns these keys into clipboard
    /// events, which the editor reads.
    Clipboard,
    /// In the Edit view while cells are selected with the Select tool
    /// (letters in either case).
    Selection,
    /// While a replay runs on the board (Escape also leaves a trap).
    Replay,
}

impl Command {
    /// Every command of the table (the menus' and the keys'; not the
    /// panels' commands, which carry data), in the order Help ▸ Keyboard
    /// shortcuts lists them.
    pub const ALL: [Command; 40] = [
        Command::NewLevel,
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::DuplicateLevel,
        Command::CloseLevel,
        Command::NewPack,
        Command::ClosePack,
        Command::SavePack,
        Command::SavePackAs,
        Command::OrderPackByEffort,
        Command::Undo,
        Command::Redo,
        Command::UndoPack,
        Command::RedoPack,
        Command::View(CentralView::Edit),
        Command::View(CentralView::Play),
        Command::View(CentralView::Graph),
        Command::View(CentralView::Rooms),
        Command::View(CentralView::Floors),
        Command::FocusLayout,
        Command::AnalyseAgain,
        Command::CancelAnalysis,
        Command::Pin,
        Command::ToggleReference,
        Command::StopComparing,
        Command::KeyboardShortcuts,
        Command::Copy,
        Command::Cut,
        Command::Paste(String::new()),
        Command::CopyLevel,
        Command::ClearSelection,
        Command::TransformSelection(Transform::FlipHorizontal),
        Command::TransformSelection(Transform::FlipVertical),
        Command::TransformSelection(Transform::RotateClockwise),
        Command::ReplayControl(ReplayKey::TogglePlay),
        Command::ReplayControl(ReplayKey::StepForward),
        Command::ReplayControl(ReplayKey::StepBack),
        Command::ReplayControl(ReplayKey::Restart),
        Command::ReplayControl(ReplayKey::Close),
    ];

    /// The command's keys in words, as menus and tooltips show them: with
    /// their modifiers as this system names them (Ctrl, or ⌘ on a Mac), a
    /// key alone by its name; several joined by "or".
    pub fn keys_text(&self, ctx: &egui::Context) -> String {
        let words: Vec<String> = self
            .keys()
            .iter()
            .map(|key| {
                if key.modifiers.is_none() {
                    key.logical_key.name().to_string()
                } else {
                    ctx.format_shortcut(key)
                }
            })
            .collect();
        words.join(" or ")
    }

    /// Where the command's keys are read.
    pub fn scope(&self) -> KeyScope {
        match self {
            Command::Copy | Command::Cut | Command::Paste(_) => KeyScope::Clipboard,
            Command::ClearSelection | Command::TransformSelection(_) => KeyScope::Selection,
            Command::ReplayControl(_) => KeyScope::Replay,
            _ => KeyScope::Everywhere,
        }
    }

    /// An edit making `after` the level, as one undo step of its own.
    pub fn edit(name: impl Into<String>, after: impl Into<Level>) -> Command {
        Command::Edit {
            name: name.into(),
            stroke: false,
            after: Box::new(after.into()),
        }
    }

    /// An edit making `after` the level, as part of the open paint stroke.
    pub fn stroke(name: impl Into<String>, after: impl Into<Level>) -> Command {
        Command::Edit {
            name: name.into(),
            stroke: true,
            after: Box::new(after.into()),
        }
    }

    /// The command's name in menus (for a panel's command, what it does
    /// in a few words).
    pub fn label(&self) -> &'static str {
        match self {
            Command::NewLevel => "New level",
            Command::Open => "Open…",
            Command::Save => "Save",
            Command::SaveAs => "Save as…",
            Command::DuplicateLevel => "Duplicate level",
            Command::CloseLevel => "Close level",
            Command::NewPack => "New pack",
            Command::ClosePack => "Close pack",
            Command::SavePack => "Save pack",
            Command::SavePackAs => "Save pack as…",
            Command::OrderPackByEffort => "Order pack by effort",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::UndoPack => "Undo in the pack",
            Command::RedoPack => "Redo in the pack",
            Command::View(view) => view.title(),
            Command::FocusLayout => "Focus on the board",
            Command::AnalyseAgain => "Analyse again",
            Command::CancelAnalysis => "Cancel analysis",
            Command::Pin => "Pin this version",
            Command::ToggleReference => "Show the reference",
            Command::StopComparing => "Stop comparing",
            Command::KeyboardShortcuts => "Keyboard shortcuts",
            Command::Copy => "Copy",
            Command::Cut => "Cut",
            Command::Paste(_) => "Paste",
            Command::CopyLevel => "Copy level as ASCII",
            Command::ClearSelection => "Clear selection",
            Command::TransformSelection(Transform::FlipHorizontal) => "Flip horizontally",
            Command::TransformSelection(Transform::FlipVertical) => "Flip vertically",
            Command::TransformSelection(Transform::RotateClockwise) => "Rotate clockwise",
            Command::ReplayControl(ReplayKey::TogglePlay) => "Pause, or play on",
            Command::ReplayControl(ReplayKey::StepForward) => "One move on",
            Command::ReplayControl(ReplayKey::StepBack) => "One move back",
            Command::ReplayControl(ReplayKey::Restart) => "Back to the first move",
            Command::ReplayControl(ReplayKey::Close) => "Leave the replay (or the trap view)",
            Command::Edit { .. } => "Edit the level",
            Command::ShowReplay => "Show the replay",
            Command::Replay { .. } => "Replay moves",
            Command::ShowTrap { .. } => "Show a trap",
            Command::SelectState { .. } => "Select a state",
            Command::BackToEditing => "Back to editing",
            Command::SetTool(_) => "Choose a tool",
            Command::SetSpeed(_) => "Set the replay speed",
            Command::SetSideBySide(_) => "Side by side",
            Command::OpenLevel { .. } => "Open a level",
            Command::OpenPackEntry(_) => "Open a level of the pack",
            Command::AddToPack => "Add to pack",
            Command::Paint { .. } => "Paint",
            Command::EndStroke => "End the stroke",
            Command::Rename(_) => "Rename",
            Command::ActivateTab(_) => "Show the tab",
            Command::CloseTab(_) => "Close the tab",
            Command::EditEntryNotes { .. } => "Edit the tags and notes",
            Command::EndNotesTyping => "End typing the tags and notes",
            Command::NewLevelOf(_) => "New level of kind",
            Command::OpenFile(_) => "Open recent",
            Command::ShowDialog(_) => "Open a file dialog",
            Command::GoToHistory(_) => "Go to a step of the level's history",
            Command::GoToPackHistory(_) => "Go to a step of the pack's history",
            Command::Deselect => "Deselect",
            Command::EditPack(_) => "Edit the pack",
            Command::Solve { .. } => "Solve",
            Command::CancelSolve => "Cancel the solve",
            Command::CopyMoves(_) => "Copy moves",
            Command::CompareWith { .. } => "Compare with",
            Command::Resize { .. } => "Resize",
            Command::TakeGenerated(_) => "Keep generated levels",
            Command::AnswerConfirm(_) => "Answer the question",
            Command::OpenGenerate => "Generate…",
            Command::DialogAnswered(_) => "Act on a file dialog's answer",
            Command::RestoreRecovered => "Restore them",
            Command::DiscardRecovered => "Discard them",
            Command::SettleUnreadable { .. } => "Settle an unreadable copy",
            Command::Say(_) | Command::Warn(_) => "Say",
        }
    }

    /// What the command does, for its tooltip and the shortcuts window.
    pub fn description(&self) -> &'static str {
        match self {
            Command::CopyMoves(_) => "Copy the moves to the clipboard",
            Command::NewLevel => "A new empty level of the kind on screen, in a new tab",
            Command::Open => "Open a level file, a pack or a Prism or Tangram file",
            Command::Save => "Save the level to its file or its pack entry",
            Command::SaveAs => "Save the level to a new file",
            Command::DuplicateLevel => "A copy of the level in a new tab",
            Command::CloseLevel => "Close the level's tab (asks when it has unsaved changes)",
            Command::NewPack => "Start a new, empty pack (asks when the open one is unsaved)",
            Command::ClosePack => "Close the open pack (asks when it is unsaved)",
            Command::SavePack => "Save the pack to its file",
            Command::SavePackAs => "Save the pack to a new file",
            Command::OrderPackByEffort => {
                "Reorder the pack by each level's stored effort, easiest first; levels without an effort (not analysed: Check pack) keep their order at the end. Undo in the pack takes it back"
            }
            Command::Undo => {
                "Take back the last edit of the level on screen (never a pack edit: each level and the pack have their own history)"
            }
            Command::Redo => "Do again the edit of the level on screen undone last",
            Command::UndoPack => {
                "Take back the pack's last edit (add, remove, move, sort, tags and notes)"
            }
            Command::RedoPack => "Do again the pack's edit undone last",
            Command::View(CentralView::Edit) => "Paint the level; replays play here",
            Command::View(CentralView::Play) => "Play the level with the keyboard",
            Command::View(CentralView::Graph) => {
                "Every reachable state, and the moves between them"
            }
            Command::View(CentralView::Rooms) => "The Rooms tree of guesses and tests",
            Command::View(CentralView::Floors) => {
                "A Prism level as its floors, one per background colour"
            }
            Command::FocusLayout => {
                "Fold the side panels to slim strips so the board gets the room; again to unfold them"
            }
            Command::AnalyseAgain => "Analyse the level again from the start",
            Command::CancelAnalysis => "Stop the running analysis",
            Command::Pin => {
                "Keep this version of the level and compare every edit with it: figures before and after, the cells that differ, the old solutions on the new level"
            }
            Command::ToggleReference => {
                "Show the version compared with on the board instead of the level, or the level again"
            }
            Command::StopComparing => "Stop comparing the level with another version",
            Command::KeyboardShortcuts => "This list",
            Command::Copy => "Copy the selection, or the level as text",
            Command::Cut => "Cut the selection",
            Command::Paste(_) => "Paste a region or a level",
            Command::CopyLevel => "Copy the level on screen as text",
            Command::ClearSelection => "Clear the selection",
            Command::TransformSelection(Transform::FlipHorizontal) => {
                "Flip the selection left to right"
            }
            Command::TransformSelection(Transform::FlipVertical) => {
                "Flip the selection top to bottom"
            }
            Command::TransformSelection(Transform::RotateClockwise) => {
                "Turn the selection a quarter clockwise"
            }
            Command::ReplayControl(_) => self.label(),
            Command::AddToPack => "Append the level on screen to the pack",
            Command::Edit { .. }
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
            | Command::Warn(_) => self.label(),
        }
    }

    /// The command's keys; the first is the one menus show.
    pub fn keys(&self) -> &'static [KeyboardShortcut] {
        const NEW: [KeyboardShortcut; 1] = [command(Key::N)];
        const OPEN: [KeyboardShortcut; 1] = [command(Key::O)];
        const SAVE: [KeyboardShortcut; 1] = [command(Key::S)];
        const SAVE_AS: [KeyboardShortcut; 1] = [command_shift(Key::S)];
        const DUPLICATE: [KeyboardShortcut; 1] = [command(Key::D)];
        const CLOSE: [KeyboardShortcut; 1] = [command(Key::W)];
        const UNDO: [KeyboardShortcut; 1] = [command(Key::Z)];
        const REDO: [KeyboardShortcut; 2] = [command_shift(Key::Z), command(Key::Y)];
        const UNDO_PACK: [KeyboardShortcut; 1] = [command_alt(Key::Z)];
        const REDO_PACK: [KeyboardShortcut; 1] = [command_alt_shift(Key::Z)];
        const F1: [KeyboardShortcut; 1] = [plain(Key::F1)];
        const F2: [KeyboardShortcut; 1] = [plain(Key::F2)];
        const F3: [KeyboardShortcut; 1] = [plain(Key::F3)];
        const F4: [KeyboardShortcut; 1] = [plain(Key::F4)];
        const F5: [KeyboardShortcut; 1] = [plain(Key::F5)];
        const F12: [KeyboardShortcut; 1] = [plain(Key::F12)];
        const F6: [KeyboardShortcut; 1] = [plain(Key::F6)];
        const F11: [KeyboardShortcut; 1] = [plain(Key::F11)];
        const F7: [KeyboardShortcut; 1] = [plain(Key::F7)];
        const F8: [KeyboardShortcut; 1] = [plain(Key::F8)];
        const COPY: [KeyboardShortcut; 1] = [command(Key::C)];
        const CUT: [KeyboardShortcut; 1] = [command(Key::X)];
        const PASTE: [KeyboardShortcut; 1] = [command(Key::V)];
        const DELETE: [KeyboardShortcut; 1] = [plain(Key::Delete)];
        const H: [KeyboardShortcut; 1] = [plain(Key::H)];
        const V: [KeyboardShortcut; 1] = [plain(Key::V)];
        const R: [KeyboardShortcut; 1] = [plain(Key::R)];
        const SPACE: [KeyboardShortcut; 1] = [plain(Key::Space)];
        const RIGHT: [KeyboardShortcut; 1] = [plain(Key::ArrowRight)];
        const LEFT: [KeyboardShortcut; 1] = [plain(Key::ArrowLeft)];
        const HOME: [KeyboardShortcut; 1] = [plain(Key::Home)];
        const ESCAPE: [KeyboardShortcut; 1] = [plain(Key::Escape)];
        match self {
            Command::NewLevel => &NEW,
            Command::Open => &OPEN,
            Command::Save => &SAVE,
            Command::SaveAs => &SAVE_AS,
            Command::DuplicateLevel => &DUPLICATE,
            Command::CloseLevel => &CLOSE,
            Command::Undo => &UNDO,
            Command::Redo => &REDO,
            Command::UndoPack => &UNDO_PACK,
            Command::RedoPack => &REDO_PACK,
            Command::View(CentralView::Edit) => &F1,
            Command::View(CentralView::Play) => &F2,
            Command::View(CentralView::Graph) => &F3,
            Command::View(CentralView::Rooms) => &F4,
            Command::View(CentralView::Floors) => &F5,
            Command::AnalyseAgain => &F6,
            Command::Pin => &F7,
            Command::ToggleReference => &F8,
            Command::FocusLayout => &F11,
            Command::KeyboardShortcuts => &F12,
            Command::Copy => &COPY,
            Command::Cut => &CUT,
            Command::Paste(_) => &PASTE,
            Command::ClearSelection => &DELETE,
            Command::TransformSelection(Transform::FlipHorizontal) => &H,
            Command::TransformSelection(Transform::FlipVertical) => &V,
            Command::TransformSelection(Transform::RotateClockwise) => &R,
            Command::ReplayControl(ReplayKey::TogglePlay) => &SPACE,
            Command::ReplayControl(ReplayKey::StepForward) => &RIGHT,
            Command::ReplayControl(ReplayKey::StepBack) => &LEFT,
            Command::ReplayControl(ReplayKey::Restart) => &HOME,
            Command::ReplayControl(ReplayKey::Close) => &ESCAPE,
            Command::NewPack
            | Command::ClosePack
            | Command::SavePack
            | Command::SavePackAs
            | Command::OrderPackByEffort
            | Command::CancelAnalysis
            | Command::StopComparing
            | Command::CopyLevel
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
            | Command::Warn(_) => &[],
        }
    }
}

/// The commands read everywhere ([`KeyScope::Everywhere`]) whose keys were
/// pressed this frame, consumed from `input`
/// (so no widget sees them too). The most specific shortcut is taken
/// first: egui lets a plain Ctrl+Z match Ctrl+Shift+Z as well, so the keys
/// with more modifiers are looked for before those with fewer.
pub fn pressed(input: &mut egui::InputState) -> Vec<Command> {
    let mut bindings: Vec<(KeyboardShortcut, Command)> = Command::ALL
        .iter()
        .filter(|c| c.scope() == KeyScope::Everywhere)
        .flat_map(|c| c.keys().iter().map(move |&k| (k, c.clone())))
        .collect();
    let modifiers = |k: &KeyboardShortcut| {
        let m = k.modifiers;
        [m.alt, m.shift, m.command || m.ctrl || m.mac_cmd]
            .into_iter()
            .filter(|&b| b)
            .count()
    };
    bindings.sort_by_key(|(k, _)| std::cmp::Reverse(modifiers(k)));
    let mut commands = Vec::new();
    for (key, command) in bindings {
        if input.consume_shortcut(&key) && !commands.contains(&command) {
            commands.push(command);
        }
    }
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one frame whose input is `shortcut` pressed, and returns the
    /// commands the handler found.
    fn press(shortcut: KeyboardShortcut) -> Vec<Command> {
        let ctx = egui::Context::default();
        let key_event = |pressed| egui::Event::Key {
            key: shortcut.logical_key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: shortcut.modifiers,
        };
        let input = egui::RawInput {
            events: vec![key_event(true), key_event(false)],
            ..Default::default()
        };
        let mut found = Vec::new();
        let mut output = ctx.run_ui(input, |ui| {
            found = ui.ctx().input_mut(pressed);
        });
        output.textures_delta.clear();
        found
    }

    #[test]
    fn every_key_of_the_table_runs_its_command_and_only_it() {
        for command in Command::ALL {
            for &key in command.keys() {
                // The keys of one place are read there, not by `pressed`.
                let wanted = match command.scope() {
                    KeyScope::Everywhere => vec![command.clone()],
                    _ => vec![],
                };
                assert_eq!(press(key), wanted, "{key:?}");
            }
        }
    }

    #[test]
    fn the_keys_of_one_place_are_in_the_table() {
        let scoped = |scope| {
            Command::ALL
                .iter()
                .filter(|c| c.scope() == scope)
                .map(|c| c.keys()[0].logical_key)
                .collect::<Vec<_>>()
        };
        assert_eq!(scoped(KeyScope::Clipboard), [Key::C, Key::X, Key::V]);
        assert_eq!(
            scoped(KeyScope::Selection),
            [Key::Delete, Key::H, Key::V, Key::R]
        );
        assert_eq!(
            scoped(KeyScope::Replay),
            [
                Key::Space,
                Key::ArrowRight,
                Key::ArrowLeft,
                Key::Home,
                Key::Escape
            ]
        );
    }

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen = Vec::new();
        for command in Command::ALL {
            for key in command.keys() {
                assert!(!seen.contains(key), "{key:?} of {command:?} is bound twice");
                seen.push(*key);
            }
        }
    }

    #[test]
    fn every_command_is_listed_once() {
        let listed = Command::ALL;
        for (i, command) in listed.iter().enumerate() {
            assert!(!listed[..i].contains(command), "{command:?} twice");
        }
        for view in CentralView::ALL {
            assert!(listed.contains(&Command::View(view)), "{view:?}");
        }
    }
}
