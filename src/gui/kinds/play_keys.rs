//! The keys of Play mode: the arrows or WASD move and Backspace takes a move
//! back (for the kinds that move by keys, see
//! [`super::moves_by_keys`]), R restarts, H asks for the hint (the kinds
//! that have one, see [`super::has_hint`]). Each kind reads the ones it
//! takes.

use egui::Key;

use crate::gui::keys::{HINT_KEY, MOVE_KEYS, RESTART_KEY, TAKE_BACK_KEY};

/// What the player asked for in one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayKeys {
    /// Moves, in the order up, right, down, left: each an index into the
    /// kind's own `Dir::ALL`.
    pub moves: Vec<usize>,
    /// Backspace: take the last move back.
    pub take_back: bool,
    /// R: back to the start.
    pub restart: bool,
    /// H: the honest hint (Tangram).
    pub hint: bool,
}

/// Reads this frame's Play keys.
pub fn read(ctx: &egui::Context) -> PlayKeys {
    let pressed = |keys: &[Key]| ctx.input(|i| keys.iter().any(|&k| i.key_pressed(k)));
    PlayKeys {
        moves: (0..MOVE_KEYS.len())
            .filter(|&d| pressed(&MOVE_KEYS[d]))
            .collect(),
        take_back: pressed(&[TAKE_BACK_KEY]),
        restart: pressed(&[RESTART_KEY]),
        hint: pressed(&[HINT_KEY]),
    }
}
