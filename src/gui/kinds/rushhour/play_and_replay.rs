//! Rush Hour's board in the main area in each mode but plain editing:
//! Play (drag a vehicle along its line, or select one with Tab or its
//! letter and move it with the arrows; the live label says how many moves
//! the position is from a win), the replay of a move list, and the state
//! graph with a state shown on the board.

use std::sync::Arc;

use egui::{Color32, Key, RichText, Stroke, StrokeKind, Ui};

use super::editor::RushHourGui;
use super::play::{distance_words, Game};
use super::replay::Replay;
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::GraphPanel;
use crate::gui::kinds::move_views;
use crate::gui::views::canvas::{self, BoardMarks, BoardOutput};
use crate::gui::views::graph_paint::label_words_without_preference;
use crate::gui::views::state_graph::GraphSource;
use crate::kinds::rushhour::picture::level_picture;
use crate::kinds::rushhour::{Analysis, Level, Move};

/// The ring around the selected vehicle in Play.
const SELECTED: Color32 = Color32::from_rgb(30, 120, 255);
/// The live label's colour when the position is won.
const WON: Color32 = Color32::from_rgb(0, 150, 90);
/// The live label's colour when no win can be reached.
const NO_WIN: Color32 = Color32::from_rgb(220, 40, 40);
/// The live label's colour on the way.
const ON_THE_WAY: Color32 = Color32::from_rgb(40, 110, 220);

/// A word of a move string that is not a move of the level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a move of this level (as A+1, C-2)")]
pub struct NotAMove(pub String);

/// The moves of `text` (Fogleman's `A+1 C-2`, separated by white space)
/// as `analysis`'s level numbers them, or the first word that is not one
/// of its moves.
pub fn parse_moves(analysis: &Analysis, text: &str) -> Result<Vec<Move>, NotAMove> {
    let rules = analysis.rules();
    text.split_whitespace()
        .map(|word| {
            (0..rules.moves().len())
                .find(|&i| rules.move_name(i) == word)
                .map(|i| rules.moves()[i])
                .ok_or_else(|| NotAMove(word.to_string()))
        })
        .collect()
}

/// Draws a ring around vehicle `index` of `level` on the board drawn in
/// `out`.
fn ring_vehicle(ui: &Ui, out: &BoardOutput, level: &Level, index: usize) {
    let Some(v) = level.vehicles.get(index) else {
        return;
    };
    let (dx, dy) = v.orientation.step();
    let last = (v.x + dx * (v.length - 1), v.y + dy * (v.length - 1));
    let (w, h) = (out.geometry.width, out.geometry.height);
    if last.0 >= w || last.1 >= h {
        return;
    }
    let rect = out
        .geometry
        .cell_rect(v.x, v.y)
        .union(out.geometry.cell_rect(last.0, last.1))
        .shrink(out.geometry.cell * 0.04);
    let painter = ui.painter_at(out.viewport);
    painter.rect_stroke(rect, 6.0, Stroke::new(3.0, SELECTED), StrokeKind::Inside);
}

impl RushHourGui {
    /// The board replaying a move list, with its controls and the move
    /// list.
    pub(super) fn show_replay(&mut self, ui: &mut Ui, speed: f32) -> Vec<Command> {
        let Some(replay) = self.replay.as_mut() else {
            return vec![Command::BackToEditing];
        };
        let commands = move_views::replay_controls(ui, replay, speed, 0.25, "speed");
        if let Some(broken) = &replay.broken {
            ui.label(RichText::new(broken).color(move_views::LOST_RED));
        }
        let picture = level_picture(replay.shown());
        let size = ui.available_size();
        canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Replay board");
        commands
    }

    /// Replays a move list from the start on the board.
    pub(super) fn replay_moves(
        &mut self,
        analysis: &Analysis,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        let moves = match parse_moves(analysis, moves) {
            Ok(moves) => moves,
            Err(why) => return vec![Command::Warn(why.to_string())],
        };
        let mut replay = Replay::new(&analysis.level, &moves, title);
        // It plays at once; Space pauses it.
        crate::gui::kinds::kind_gui::ReplayCursor::toggle_play(&mut replay);
        self.replay = Some(replay);
        vec![Command::ShowReplay]
    }

    /// Play mode: the live label (moves to a win), the game's message, the
    /// moves played with Take back and Restart, a button a direction for
    /// the selected vehicle, and the board, where a vehicle is dragged
    /// along its line.
    pub(super) fn show_play(
        &mut self,
        ui: &mut Ui,
        level: &Level,
        analysis: Option<&Arc<Analysis>>,
    ) -> Vec<Command> {
        if let Some(problem) = level.problems().first() {
            ui.label(format!("Play needs a valid level: {problem}"));
            return Vec::new();
        }
        let keys_free = std::mem::take(&mut self.keys_free);
        let game = self.game.get_or_insert_with(|| Game::new(level));
        if keys_free {
            read_selection_and_arrow_keys(ui, game);
        }
        let labelled = game.position.clone();
        let moves_to_win = analysis.and_then(|a| a.moves_to_win(&game.position));
        let words = distance_words(analysis.is_some(), moves_to_win);
        let colour = match (analysis.is_some(), moves_to_win) {
            (false, _) => ui.visuals().weak_text_color(),
            (true, Some(0)) => WON,
            (true, Some(_)) => ON_THE_WAY,
            (true, None) => NO_WIN,
        };
        let selected = game.selected;
        let message = format!(
            "Play · selected {} · {}",
            game.letter(selected),
            game.message
        );
        let buttons = [(0, "Up"), (3, "Left"), (1, "Right"), (2, "Down")];
        let pressed = move_views::play_controls(
            ui,
            message,
            Some(RichText::new(words).color(colour).size(18.0)),
            game.played(),
            &buttons,
        );
        if pressed.take_back {
            game.take_back();
        }
        if pressed.restart {
            game.restart();
        }
        if let Some(dir) = pressed.mv {
            game.key(dir);
        }
        let shown = game.shown();
        let picture = level_picture(&shown);
        let size = ui.available_size();
        let out = canvas::show_board(ui, &picture, &BoardMarks::default(), size, "Play board");
        drag_vehicles(ui, &out, game);
        ring_vehicle(ui, &out, &shown, game.selected);
        if game.position != labelled {
            // A move made after the label was drawn: say it next frame.
            ui.ctx().request_repaint();
        }
        Vec::new()
    }

    /// The Play keys read where every kind's are (they come only while no
    /// text field or dialog has the keyboard): Backspace takes a move back,
    /// R restarts (when no vehicle is lettered R: then R selects it). The
    /// keys that select and move a vehicle are read by [`Self::show_play`]
    /// in the same frame, only when these came.
    pub(super) fn read_play_keys(
        &mut self,
        keys: &crate::gui::kinds::play_keys::PlayKeys,
        level: &Level,
    ) {
        self.keys_free = true;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if keys.take_back {
            game.take_back();
        }
        let r_is_a_vehicle = (0..level.vehicles.len()).any(|i| level.letter(i) == 'R');
        if keys.restart && !r_is_a_vehicle {
            game.restart();
        }
    }

    /// State `id` of the analysis on the board: its way from the start as a
    /// replay stopped at the end, selected in the graph.
    fn show_state(&mut self, analysis: &Analysis, id: u32) -> Vec<Command> {
        let (path, title, commands) =
            move_views::state_shown(analysis.graph.as_ref(), id, |p| analysis.move_string(p));
        let rules = analysis.rules();
        let moves: Vec<Move> = path
            .iter()
            .filter_map(|&m| rules.moves().get(m as usize).copied())
            .collect();
        let mut replay = Replay::new(&analysis.level, &moves, title);
        replay.jump_to_end();
        self.replay = Some(replay);
        commands
    }

    /// The state graph in the main area, its tooltip showing a state's
    /// board, with the selected state and a button that shows it on the
    /// board.
    pub(super) fn show_graph(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        let shown = analysis.clone();
        let board = move |id| level_picture(&shown.state_level(id));
        let source = GraphSource::new(analysis, analysis.graph.as_ref(), &board)
            .with_label_words(label_words_without_preference);
        move_views::state_graph_panel(
            ui,
            graph,
            &source,
            |id| {
                let to_win = analysis
                    .graph
                    .distance(crate::engine::Route::Any, id)
                    .map_or("no win from here".to_string(), |d| {
                        distance_words(true, Some(d as usize))
                    });
                format!("{to_win}, depth {}", analysis.graph.depth(id))
            },
            |id| self.show_state(analysis, id),
        )
    }
}

/// This frame's keys that pick and move a vehicle: Tab (Shift+Tab back)
/// and a vehicle's letter select, the arrows move the selected vehicle a
/// cell along its line. A Tab is kept from moving the keyboard focus to a
/// button (which would take the keys away from Play).
fn read_selection_and_arrow_keys(ui: &mut Ui, game: &mut Game) {
    let (tab, shift, letters, arrows) = ui.input(|i| {
        let letters: Vec<char> = i
            .events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Text(text) => Some(text.chars().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .filter(char::is_ascii_alphabetic)
            .collect();
        let arrows: Vec<usize> = [
            Key::ArrowUp,
            Key::ArrowRight,
            Key::ArrowDown,
            Key::ArrowLeft,
        ]
        .iter()
        .enumerate()
        .filter(|(_, &k)| i.key_pressed(k))
        .map(|(d, _)| d)
        .collect();
        (i.key_pressed(Key::Tab), i.modifiers.shift, letters, arrows)
    });
    if tab {
        game.select_next(shift);
        ui.memory_mut(|m| m.stop_text_input());
    }
    for ch in letters {
        game.select_letter(ch);
    }
    for dir in arrows {
        game.key(dir);
    }
}

/// The pointer on the Play board: a press on a vehicle selects it and a
/// drag slides it along its line, snapping to cells and stopping at what
/// blocks it; letting go plays the move. A click selects.
fn drag_vehicles(ui: &Ui, out: &BoardOutput, game: &mut Game) {
    let response = &out.response;
    // Where the press was, while the button is down.
    let origin = ui.input(|i| i.pointer.press_origin());
    if response.drag_started() {
        if let Some(cell) = origin.and_then(|p| out.geometry.cell_at(p)) {
            game.press(cell);
        }
    }
    let over_vehicle = response
        .hover_pos()
        .and_then(|p| out.geometry.cell_at(p))
        .is_some_and(|(x, y)| game.position.vehicle_at(x, y).is_some());
    if over_vehicle && !game.is_dragging() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
    }
    if game.is_dragging() {
        if let (Some(from), Some(now)) = (origin, response.interact_pointer_pos()) {
            let moved = (now - from) / out.geometry.cell;
            game.drag_by(moved.x, moved.y);
        }
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    }
    if response.drag_stopped() {
        game.release();
    }
    if response.clicked() {
        let at = response.interact_pointer_pos();
        if let Some(cell) = at.and_then(|p| out.geometry.cell_at(p)) {
            game.press(cell);
            game.release();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::rushhour::{analyze, Orientation, Vehicle};

    #[test]
    fn a_move_list_is_read_as_the_level_numbers_its_moves() {
        let mut level = Level::new(6, 6);
        level.vehicles = vec![
            Vehicle {
                x: 0,
                y: 2,
                length: 2,
                orientation: Orientation::Horizontal,
                primary: true,
            },
            Vehicle {
                x: 3,
                y: 1,
                length: 3,
                orientation: Orientation::Vertical,
                primary: false,
            },
        ];
        let analysis = analyze(&level, &Job::default()).unwrap();
        let moves = parse_moves(&analysis, " B+2  A+4 ").unwrap();
        assert_eq!(
            moves,
            [
                Move {
                    vehicle: 1,
                    distance: 2
                },
                Move {
                    vehicle: 0,
                    distance: 4
                }
            ]
        );
        let bad = parse_moves(&analysis, "B+2 C-1").unwrap_err();
        assert_eq!(bad, NotAMove("C-1".into()));
        let bad = bad.to_string();
        assert!(bad.contains("\"C-1\" is not a move of this level"), "{bad}");
        assert_eq!(parse_moves(&analysis, ""), Ok(Vec::new()));
    }
}
