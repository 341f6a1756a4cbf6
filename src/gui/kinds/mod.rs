//! The GUI's twin of [`crate::kinds`]: the one place in the editor that
//! matches over the kinds. The panels and views call these functions, never
//! a kind's module directly; each function has one arm per kind, which hands
//! the work to that kind's folder (`skiddy/`, `prism/`). A new kind is a
//! new folder and one more arm in each function here.

pub mod play_keys;
pub mod prism;
pub mod region;
pub mod resize;
pub mod skiddy;
pub mod tangram;
pub mod tool;

use std::ops::RangeInclusive;
use std::time::Duration;

use egui::Ui;

use crate::gui::app::EditorApp;
use crate::kinds::{Analysis, Kind, Level};
use crate::words::counted;

/// The kind of the active document's level.
fn active_kind(app: &EditorApp) -> Kind {
    app.doc().level.kind()
}

/// The tool panel's kind part: the tools and the palette of the active
/// level's kind.
pub fn palette(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::palette::show(app, ui),
        Kind::Prism => prism::palette::show(app, ui),
        Kind::Tangram => tangram::palette::show(app, ui),
    }
}

/// Applies the selected tool at cell `(x, y)` of the active level as part
/// of the open stroke; `within` is the pointer's place inside the cell (0
/// to 1, y down: Tangram paints the triangle under it); `erase` is the
/// right button.
pub fn paint_at(app: &mut EditorApp, x: usize, y: usize, within: [f32; 2], erase: bool) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::palette::paint_at(app, x, y, erase),
        Kind::Prism => prism::palette::paint_at(app, x, y, erase),
        Kind::Tangram => tangram::palette::paint_at(app, x, y, within, erase),
    }
}

/// Selects the palette entry or tool whose shortcut is `ch`, in the
/// active level's kind; returns whether `ch` was one.
pub fn shortcut(app: &mut EditorApp, ch: char) -> bool {
    match active_kind(app) {
        Kind::Skiddy => {
            if let Some(tile) = skiddy::tools::Tile::from_shortcut(ch) {
                app.prefs.tile = tile;
                if app.prefs.tool == tool::Tool::Pick {
                    app.prefs.tool = tool::Tool::Paint;
                }
                return true;
            }
        }
        Kind::Prism => {
            if let Some(tile) = prism::tools::Tile::from_shortcut(ch) {
                prism::palette::select(app, tile);
                return true;
            }
        }
        Kind::Tangram => {}
    }
    let cells = has_cells(active_kind(app));
    match tool::Tool::ALL
        .into_iter()
        .find(|t| t.shortcut() == ch && (cells || !t.needs_cells()))
    {
        Some(t) => {
            app.prefs.tool = t;
            true
        }
        None => false,
    }
}

/// A move sequence replayed on the board, in the active level's kind.
#[derive(Clone, Debug)]
pub enum Replay {
    /// Skiddy's replay, tick by tick.
    Skiddy(skiddy::replay::Replay),
    /// Prism's replay, turn by turn.
    Prism(prism::replay::Replay),
    /// Tangram's solutions, one at a time.
    Tangram(tangram::board_views::Stepper),
}

impl Replay {
    /// Skiddy's replay, if it is one.
    pub fn as_skiddy(&self) -> Option<&skiddy::replay::Replay> {
        match self {
            Replay::Skiddy(r) => Some(r),
            _ => None,
        }
    }

    /// Prism's replay, if it is one.
    pub fn as_prism(&self) -> Option<&prism::replay::Replay> {
        match self {
            Replay::Prism(r) => Some(r),
            _ => None,
        }
    }

    /// Starts or pauses playing (Tangram: shows the next solution).
    pub fn toggle_play(&mut self) {
        match self {
            Replay::Skiddy(r) => r.toggle_play(),
            Replay::Prism(r) => r.toggle_play(),
            Replay::Tangram(r) => r.step_forward(),
        }
    }

    /// Jumps to the end of the next move.
    pub fn step_forward(&mut self) {
        match self {
            Replay::Skiddy(r) => r.step_forward(),
            Replay::Prism(r) => r.step_forward(),
            Replay::Tangram(r) => r.step_forward(),
        }
    }

    /// Jumps back to the start of the current or previous move.
    pub fn step_back(&mut self) {
        match self {
            Replay::Skiddy(r) => r.step_back(),
            Replay::Prism(r) => r.step_back(),
            Replay::Tangram(r) => r.step_back(),
        }
    }

    /// Back to the start.
    pub fn restart(&mut self) {
        match self {
            Replay::Skiddy(r) => r.restart(),
            Replay::Prism(r) => r.restart(),
            Replay::Tangram(r) => r.restart(),
        }
    }
}

/// The sides a board of `kind` may have, in cells.
pub fn side_range(kind: Kind) -> RangeInclusive<usize> {
    match kind {
        Kind::Skiddy => {
            crate::kinds::skiddy::level::MIN_SIDE..=crate::kinds::skiddy::level::MAX_SIDE
        }
        Kind::Prism => crate::kinds::prism::MIN_SIDE..=crate::kinds::prism::MAX_SIDE,
        Kind::Tangram => crate::kinds::tangram::MIN_SIZE..=crate::kinds::tangram::MAX_SIZE,
    }
}

/// What the status line counts on `level`, in the kind's words: Skiddy's
/// pieces (Skiddies and crates), Prism's switches and enemies, Tangram's
/// shapes.
pub fn piece_count(level: &Level) -> String {
    match level {
        Level::Skiddy(l) => counted(l.pieces().count() as u64, "piece", "pieces"),
        Level::Prism(l) => prism::tools::piece_count(l),
        Level::Tangram(l) => counted(l.shapes.len() as u64, "shape", "shapes"),
    }
}

/// The problems of `level` as the editor lists them (Tangram's triangles
/// named by their square on the rulers, see [`tangram::coords`]).
pub fn problems(level: &Level) -> Vec<crate::kinds::Problem> {
    match level {
        Level::Skiddy(_) | Level::Prism(_) => level.problems(),
        Level::Tangram(l) => tangram::coords::problems(l),
    }
}

/// How the rulers around the board count, in a caption and its hover
/// text, when the kind's messages need saying so (Tangram's files count y
/// upward; the editor counts as the rulers do).
pub fn ruler_caption(kind: Kind) -> Option<(&'static str, &'static str)> {
    match kind {
        Kind::Skiddy | Kind::Prism => None,
        Kind::Tangram => Some((
            tangram::coords::RULER_CAPTION,
            tangram::coords::RULER_DETAIL,
        )),
    }
}

/// What is at cell `(x, y)` of `level`, in a few words for the board's
/// tooltip.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    match level {
        Level::Skiddy(l) => skiddy::board::describe_cell(l, x, y),
        Level::Prism(l) => prism::tools::describe_cell(l, x, y),
        Level::Tangram(l) => tangram::tools::describe_cell(l, x, y),
    }
}

/// The report card at the top of the analysis panel: the kind's verdict
/// and numbers (Prism's with a button that replays the shortest solution).
pub fn report_card(app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    let elapsed: Option<Duration> = app.analysis.elapsed;
    match analysis {
        Analysis::Skiddy(a) => skiddy::report_card::rating_card(ui, a, elapsed),
        Analysis::Prism(a) => prism::report_card::report_card(app, ui, a, elapsed),
        Analysis::Tangram(a) => tangram::report_card::report_card(app, ui, a, elapsed),
    }
}

/// The analysis panel's list of traps, a click showing one on the board.
pub fn traps_tab(app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    match analysis {
        Analysis::Skiddy(a) => skiddy::report_card::traps_tab(app, ui, a),
        Analysis::Prism(a) => prism::report_card::traps_tab(app, ui, a),
        Analysis::Tangram(_) => {
            ui.label("A Tangram level has no moves, so no traps or dead ends.");
        }
    }
}

/// The analysis panel's solutions tab: the lists of the kinds with a state
/// graph, Tangram's solutions as shapes moved.
pub fn solutions_tab(app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    match analysis {
        Analysis::Tangram(a) => tangram::report_card::solutions_tab(app, ui, a),
        _ => app.solutions_tab(ui),
    }
}

/// Replays the move string `moves` (as the solution lists show it) from
/// the start on the board, under `title`.
pub fn replay(app: &mut EditorApp, moves: &str, title: String) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::replay(app, moves, title),
        Kind::Prism => prism::board_views::replay(app, moves, title),
        Kind::Tangram => tangram::board_views::replay(app, moves, title),
    }
}

/// The board replaying a move sequence, with its controls.
pub fn replay_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::replay_view(app, ui),
        Kind::Prism => prism::board_views::replay_view(app, ui),
        Kind::Tangram => tangram::board_views::replay_view(app, ui),
    }
}

/// The board showing trap `index` of the analysis; `dead_end_shown` picks
/// the dead end over the last winnable state when they are not side by
/// side.
pub fn trap_view(app: &mut EditorApp, ui: &mut Ui, index: usize, dead_end_shown: bool) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::trap_view(app, ui, index, dead_end_shown),
        Kind::Prism => prism::board_views::trap_view(app, ui, index, dead_end_shown),
        Kind::Tangram => app.showing = None,
    }
}

/// The main area in Play mode: the kind's play controller.
pub fn play_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::play_view(app, ui),
        Kind::Prism => prism::board_views::play_view(app, ui),
        Kind::Tangram => tangram::board_views::play_view(app, ui),
    }
}

/// The keys of Play mode.
pub fn play_keys(app: &mut EditorApp, ctx: &egui::Context) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::play_keys(app, ctx),
        Kind::Prism => prism::board_views::play_keys(app, ctx),
        Kind::Tangram => tangram::board_views::play_keys(app, ctx),
    }
}

/// The main area showing the state graph.
pub fn state_graph_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Skiddy => skiddy::board_views::state_graph_view(app, ui),
        Kind::Prism => prism::board_views::state_graph_view(app, ui),
        Kind::Tangram => {
            ui.label("A Tangram level has no state graph: its question is how many ways the shapes cover the board. See the report card.");
        }
    }
}

/// The main area showing the level's floors (Prism's 3D model); the other
/// kinds have none.
pub fn floors_view(app: &mut EditorApp, ui: &mut Ui) {
    match active_kind(app) {
        Kind::Prism => prism::floors_view::floors_view(app, ui),
        Kind::Skiddy | Kind::Tangram => {
            ui.label("Only a Prism level has floors: one board per background colour, joined by its switches.");
        }
    }
}

/// The solution lists a level of `kind` has, by route, with their titles:
/// Skiddy's all, max-combo and no-combo; Prism's one list (it has no
/// combos); none for Tangram (its report card lists the solutions).
pub fn solution_routes(kind: Kind) -> &'static [(crate::engine::Route, &'static str)] {
    use crate::engine::Route;
    match kind {
        Kind::Skiddy => &[
            (Route::Any, "All solutions"),
            (Route::Preferred, "Max-combo solutions"),
            (Route::Mixed, "No-combo solutions"),
        ],
        Kind::Prism => &[(Route::Any, "Solutions")],
        Kind::Tangram => &[],
    }
}

/// The palette's letters of `kind`: the character and the tile it
/// selects (what [`shortcut`] reads).
pub fn palette_shortcuts(kind: Kind) -> Vec<(char, String)> {
    match kind {
        Kind::Skiddy => skiddy::tools::Tile::palette()
            .iter()
            .map(|t| (t.shortcut(), t.name()))
            .collect(),
        Kind::Prism => prism::tools::Tile::ALL
            .iter()
            .map(|t| (t.shortcut(), t.name()))
            .collect(),
        Kind::Tangram => Vec::new(),
    }
}

/// Whether a board of `kind` is whole cells, so that the Select and Line
/// tools work on it (Tangram's is triangles owned by shapes).
pub fn has_cells(kind: Kind) -> bool {
    match kind {
        Kind::Skiddy | Kind::Prism => true,
        Kind::Tangram => false,
    }
}

/// A region copied from a level of a kind with cells.
#[derive(Clone, Debug, PartialEq)]
pub enum Copied {
    /// Skiddy's cells.
    Skiddy(region::Region<crate::kinds::skiddy::Cell>),
    /// Prism's cells with their enemies, start and exit.
    Prism(region::Region<prism::region::RegionCell>),
}

/// The cells of `rect` of `level` and their text for the clipboard;
/// `None` for a board without cells.
pub fn copy_region(level: &Level, rect: region::CellRect) -> Option<(Copied, String)> {
    match level {
        Level::Skiddy(l) => {
            let r = region::copy(l, rect);
            let text = region::region_text::<crate::kinds::skiddy::Level>("Skiddy", &r);
            Some((Copied::Skiddy(r), text))
        }
        Level::Prism(l) => {
            let r = region::copy(l, rect);
            let text = region::region_text::<crate::kinds::prism::Level>("Prism", &r);
            Some((Copied::Prism(r), text))
        }
        Level::Tangram(_) => None,
    }
}

/// Clears the cells of `rect` as the eraser does.
pub fn clear_region(level: &mut Level, rect: region::CellRect) {
    match level {
        Level::Skiddy(l) => region::clear(l, rect),
        Level::Prism(l) => region::clear(l, rect),
        Level::Tangram(_) => {}
    }
}

/// Pastes `copied` with its top-left cell at `at`; `None` when it was
/// copied from a level of another kind.
pub fn paste_region(
    level: &mut Level,
    copied: &Copied,
    at: (usize, usize),
) -> Option<region::Placed> {
    match (level, copied) {
        (Level::Skiddy(l), Copied::Skiddy(r)) => Some(region::paste(l, r, at)),
        (Level::Prism(l), Copied::Prism(r)) => Some(region::paste(l, r, at)),
        _ => None,
    }
}

/// Flips or rotates the cells of `rect` in place, or says why not.
pub fn transform_region(
    level: &mut Level,
    rect: region::CellRect,
    transform: region::Transform,
) -> Result<region::Placed, String> {
    match level {
        Level::Skiddy(l) => region::transform(l, rect, transform),
        Level::Prism(l) => region::transform(l, rect, transform),
        Level::Tangram(_) => Err("a Tangram board has no cells to turn".to_string()),
    }
}

/// Paints the selected tile (or erases) on the straight line from `from`
/// to `to` as one undo step named after the tile and the ends; says why
/// when nothing could be painted.
pub fn line(app: &mut EditorApp, from: (usize, usize), to: (usize, usize), erase: bool) {
    let (skiddy_tile, prism_tile) = (app.prefs.tile, app.prefs.prism_tile);
    let what = match (active_kind(app), erase) {
        (_, true) => "Erase line".to_string(),
        (Kind::Skiddy, false) => format!("Line of {}", skiddy::region::plural(skiddy_tile)),
        (Kind::Prism, false) => format!("Line of {}", prism::region::plural(prism_tile)),
        (Kind::Tangram, false) => return,
    };
    let name = format!(
        "{what} from ({}, {}) to ({}, {})",
        from.0, from.1, to.0, to.1
    );
    let mut result = Ok(0);
    let changed = app.doc_mut().edit(&name, |level| {
        result = match level {
            Level::Skiddy(l) => skiddy::region::line(l, from, to, (!erase).then_some(skiddy_tile)),
            Level::Prism(l) => prism::region::line(l, from, to, (!erase).then_some(prism_tile)),
            Level::Tangram(_) => Ok(0),
        };
    });
    if changed {
        app.level_changed();
    }
    if let Err(refused) = result {
        app.warn(refused.0);
    }
}
