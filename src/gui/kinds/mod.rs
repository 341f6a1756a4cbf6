//! The GUI's twin of [`crate::kinds`]: the one place in the editor that
//! matches over the kinds. The panels and views call these functions, never
//! a kind's module directly; each function has one arm per kind, which hands
//! the work to that kind's folder (`skiddy/`). A new kind is a new folder
//! and one more arm in each function here.

pub mod skiddy;

use std::ops::RangeInclusive;
use std::time::Duration;

use egui::Ui;

use crate::gui::app::EditorApp;
use crate::kinds::{Analysis, Kind, Level};

/// The kind of the active document's level.
fn active_kind(app: &EditorApp) -> Kind {
    app.doc().level.kind()
}

/// The tool panel's kind part: the tools and the palette of the active
/// level's kind.
pub fn palette(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::palette::show(app, ui),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// Applies the selected tool at cell `(x, y)` of the active level as part
/// of the open stroke; `erase` is the right button.
pub fn paint_at(app: &mut EditorApp, x: usize, y: usize, erase: bool) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::palette::paint_at(app, x, y, erase),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// `level` resized to `width` x `height`, cut or extended as its kind's
/// rules say.
pub fn resized(level: &Level, width: usize, height: usize) -> Level {
    match level {
        Level::Skiddy(l) => Level::Skiddy(skiddy::tools::resized(l, width, height)),
        Level::Prism(_) => level.clone(), // PRISM-GUI
    }
}

/// The sides a board of `kind` may have, in cells.
pub fn side_range(kind: Kind) -> RangeInclusive<usize> {
    match kind {
        Kind::Skiddy => {
            crate::kinds::skiddy::level::MIN_SIDE..=crate::kinds::skiddy::level::MAX_SIDE
        }
        Kind::Prism => crate::kinds::prism::MIN_SIDE..=crate::kinds::prism::MAX_SIDE, // PRISM-GUI
    }
}

/// How many pieces `level` has, for the status line.
pub fn piece_count(level: &Level) -> usize {
    match level {
        Level::Skiddy(l) => l.pieces().count(),
        Level::Prism(l) => l.enemies.len(), // PRISM-GUI
    }
}

/// What is at cell `(x, y)` of `level`, in a few words for the board's
/// tooltip.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    match level {
        Level::Skiddy(l) => skiddy::board::describe_cell(l, x, y),
        Level::Prism(_) => String::new(), // PRISM-GUI
    }
}

/// The report card at the top of the analysis panel: the kind's verdict
/// and numbers; `elapsed` is how long the analysis took.
pub fn report_card(ui: &mut Ui, analysis: &Analysis, elapsed: Option<Duration>) {
    match analysis {
        Analysis::Skiddy(a) => skiddy::report_card::rating_card(ui, a, elapsed),
        Analysis::Prism(_) => {} // PRISM-GUI
    }
}

/// The analysis panel's list of traps, a click showing one on the board.
pub fn traps_tab(app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    match analysis {
        Analysis::Skiddy(a) => skiddy::report_card::traps_tab(app, ui, a),
        Analysis::Prism(_) => {} // PRISM-GUI
    }
}

/// Replays the move string `moves` (as the solution lists show it) from
/// the start on the board, under `title`.
pub fn replay(app: &mut EditorApp, moves: &str, title: String) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::replay(app, moves, title),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// The board replaying a move sequence, with its controls.
pub fn replay_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::replay_view(app, ui),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// The board showing trap `index` of the analysis; `dead_end_shown` picks
/// the dead end over the last winnable state when they are not side by
/// side.
pub fn trap_view(app: &mut EditorApp, ui: &mut Ui, index: usize, dead_end_shown: bool) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::trap_view(app, ui, index, dead_end_shown),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// The main area in Play mode: the kind's play controller.
pub fn play_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::play_view(app, ui),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// The keys of Play mode.
pub fn play_keys(app: &mut EditorApp, ctx: &egui::Context) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::play_keys(app, ctx),
        Kind::Prism => {} // PRISM-GUI
    }
}

/// The main area showing the state graph.
pub fn state_graph_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::state_graph_view(app, ui),
        Kind::Prism => {} // PRISM-GUI
    }
}
