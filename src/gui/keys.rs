//! The keys of a view or a kind (the board's view while editing, Play),
//! as tables the key handlers read, and Help ▸ Keyboard shortcuts, which
//! lists them with the commands of [`super::commands`]: what the window
//! says is what the handlers bind, because both read the same tables. The
//! keys of a selection, of a replay and of the clipboard are rows of the
//! command table.

use egui::Key;

/// What a key does to a running replay (its keys are rows of the command
/// table: [`super::commands::Command::ReplayControl`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayKey {
    /// Pause, or play on.
    TogglePlay,
    /// One move on.
    StepForward,
    /// One move back.
    StepBack,
    /// Back to the first move.
    Restart,
    /// Leave the replay.
    Close,
}

/// What a key does to the board's view while editing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardViewKey {
    /// The whole board in view.
    Fit,
    /// Closer.
    ZoomIn,
    /// Farther.
    ZoomOut,
}

/// The characters that move the board's view while editing.
pub const BOARD_VIEW_KEYS: [(char, BoardViewKey, &str); 4] = [
    ('0', BoardViewKey::Fit, "Fit the board in view"),
    ('+', BoardViewKey::ZoomIn, "Zoom in"),
    ('=', BoardViewKey::ZoomIn, "Zoom in"),
    ('-', BoardViewKey::ZoomOut, "Zoom out"),
];

/// The keys of each direction in Play, up, right, down, left.
pub const MOVE_KEYS: [[Key; 2]; 4] = [
    [Key::ArrowUp, Key::W],
    [Key::ArrowRight, Key::D],
    [Key::ArrowDown, Key::S],
    [Key::ArrowLeft, Key::A],
];

/// Play: take the last move back.
pub const TAKE_BACK_KEY: Key = Key::Backspace;
/// Play: back to the start.
pub const RESTART_KEY: Key = Key::R;
/// Tangram's Play: the honest hint.
pub const HINT_KEY: Key = Key::H;
