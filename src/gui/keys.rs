//! The keys that mean something in one place only, as tables the key
//! handlers read, and Help ▸ Keyboard shortcuts, which lists them with the
//! commands of [`super::commands`]: what the window says is what the
//! handlers bind, because both read the same tables.

use egui::Key;

use super::kinds::region::Transform;

/// What a key does to a running replay.
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

/// The keys of a replay on the board.
pub const REPLAY_KEYS: [(Key, ReplayKey, &str); 5] = [
    (Key::Space, ReplayKey::TogglePlay, "Pause, or play on"),
    (Key::ArrowRight, ReplayKey::StepForward, "One move on"),
    (Key::ArrowLeft, ReplayKey::StepBack, "One move back"),
    (Key::Home, ReplayKey::Restart, "Back to the first move"),
    (
        Key::Escape,
        ReplayKey::Close,
        "Leave the replay (or the trap view)",
    ),
];

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

/// The characters that turn a selected region (the Select tool), upper or
/// lower case.
pub const SELECTION_KEYS: [(char, Transform, &str); 3] = [
    (
        'h',
        Transform::FlipHorizontal,
        "Flip the selection left to right",
    ),
    (
        'v',
        Transform::FlipVertical,
        "Flip the selection top to bottom",
    ),
    (
        'r',
        Transform::RotateClockwise,
        "Turn the selection a quarter clockwise",
    ),
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
/// Edit: clear the selected region.
pub const CLEAR_SELECTION_KEY: Key = Key::Delete;
